// A quiz's helpers that read no YAML: option keys, example answers, kinds
// (see quiz.h). Reading quiz.yaml is quiz_reader.cpp's.
#include "quiz/quiz.h"

#include <algorithm>

#include "quiz/normal_form.h"
#include "quiz/sealed.h"

namespace grader {

std::string optionKeys(const std::vector<QuizOption>& options) {
    std::string text;
    for (const auto& o : options) text += (text.empty() ? "" : ", ") + o.key;
    return text;
}

std::string keyRange(const std::vector<QuizOption>& options) {
    bool run = !options.empty();
    for (size_t i = 0; i < options.size(); ++i) run &= options[i].key == std::string(1, static_cast<char>('a' + i));
    if (!run || options.size() < 3) return optionKeys(options);
    return options.front().key + "-" + options.back().key;
}

std::string exampleNumber(const Question& q) {
    // Small round numbers first; then powers of ten, one of which lies beyond any tolerance a quiz may have (normal_form.h).
    std::vector<double> candidates = {256, 100, 42, 1000};
    for (double power = 1e4; power <= 1e18; power *= 10) candidates.push_back(power);
    for (double candidate : candidates) {
        const std::string text = numberNormalForm(candidate, q.precision);
        if (!isRightAnswer(q, text)) return numberNormalForm(candidate, 0);
    }
    return "-1";  // unreachable: at most kMaxAcceptedNumbers values are right, all within 1e15 of the answer
}

std::string exampleOrder(const Question& q) {
    const size_t n = q.options.size();
    // Candidates with no step in its place: neighbours swapped ([b, a, d, c], the last three
    // rotated when n is odd), then every rotation; the listed order only when nothing else is left.
    std::vector<std::vector<size_t>> candidates(1, std::vector<size_t>(n));
    for (size_t i = 0; i < n; ++i) candidates[0][i] = std::min(i ^ 1, n - 1);
    if (n % 2 == 1 && n >= 3) {
        candidates[0][n - 3] = n - 2;
        candidates[0][n - 2] = n - 1;
        candidates[0][n - 1] = n - 3;
    }
    for (size_t shift = 1; shift <= n; ++shift) {
        candidates.emplace_back(n);
        for (size_t i = 0; i < n; ++i) candidates.back()[i] = (i + shift) % n;
    }
    for (const auto& candidate : candidates) {
        std::vector<std::string> keys;
        std::string joined;
        for (size_t i : candidate) {
            keys.push_back(q.options[i].key);
            joined += q.options[i].key;
        }
        if (isRightAnswer(q, joined)) continue;
        std::string text;
        for (const auto& key : keys) text += (text.empty() ? "" : ", ") + key;
        return "[" + text + "]";
    }
    return "[]";  // unreachable: two different candidates are never both the answer
}

const Question* Quiz::find(const std::string& id) const { return findBy(questions, &Question::id, id); }

std::vector<std::string> Quiz::ids() const {
    std::vector<std::string> result;
    for (const auto& q : questions) result.push_back(q.id);
    return result;
}

const char* kindWord(QuestionKind kind) {
    switch (kind) {
        case QuestionKind::Numeric: return "numeric";
        case QuestionKind::Choice: return "choice";
        case QuestionKind::Order: return "order";
    }
    return "numeric";
}

std::filesystem::path quizPath(const Course& course, const Lesson& lesson) {
    return course.root / "lessons" / lesson.folder / "quiz.yaml";
}

}  // namespace grader
