// Grading a student's answers (see answers.h); reading the answers file is
// answers_reader.cpp's.
#include "quiz/answers.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>

#include "quiz/normal_form.h"
#include "quiz/sealed.h"

namespace grader {

namespace {

std::string lowercase(std::string text) {
    for (auto& c : text)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return text;
}

}  // namespace

std::string choiceKey(const std::string& written) {
    std::string key;
    for (char c : lowercase(written))
        if (c != ' ' && c != '(' && c != ')' && c != '.') key += c;
    return key;
}

namespace {

QuestionResult grade(const Question& q, const Answer* answer) {
    QuestionResult r;
    r.question = &q;
    if (!answer || !answer->given) return r;
    r.given = answer->text;
    r.key = normalForm(q, *answer);
    if (r.key.empty()) {
        r.verdict = Verdict::Unusable;
        return r;
    }
    r.explanation = explanationFor(q, r.key);
    r.verdict = r.explanation ? Verdict::Right : Verdict::Wrong;
    return r;
}

}  // namespace

const Answer* Answers::find(const std::string& id) const {
    for (const auto& a : answers)
        if (a.id == id) return &a;
    return nullptr;
}

int QuizResult::right() const { return count(Verdict::Right); }

int QuizResult::count(Verdict verdict) const {
    int n = 0;
    for (const auto& r : results) n += r.verdict == verdict;
    return n;
}

std::optional<double> readNumber(const std::string& written) {
    std::string text;
    for (size_t i = 0; i < written.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(written[i]);
        if (c == ' ' || c == '_' || c == '\'') continue;
        if (c == 0xC2 && i + 1 < written.size() && static_cast<unsigned char>(written[i + 1]) == 0xA0) {  // no-break space
            ++i;
            continue;
        }
        text += static_cast<char>(c);
    }
    // No number a quiz asks for is this long; std::regex recurses once per character and a long
    // answer ("1,000,000,..." for 100 KB) would overflow the stack.
    if (text.size() > 64) return std::nullopt;
    static const std::regex thousands(R"([+-]?\d{1,3}(,\d{3})+(\.\d+)?)");
    if (std::regex_match(text, thousands)) {
        text.erase(std::remove(text.begin(), text.end(), ','), text.end());
    } else if (std::count(text.begin(), text.end(), ',') == 1 && text.find('.') == std::string::npos) {
        text[text.find(',')] = '.';  // a decimal comma, as Russian writes it
    }
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

QuizResult gradeQuiz(const Quiz& quiz, const Answers& answers) {
    QuizResult result;
    for (const auto& q : quiz.questions) result.results.push_back(grade(q, answers.find(q.id)));
    return result;
}

}  // namespace grader
