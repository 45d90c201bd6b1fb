// The quiz report and the quiz check's message (see quiz_text.h).
#include "quiz/quiz_text.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace grader {

namespace {

constexpr size_t kWidth = 80;
constexpr size_t kIndent = 6;

/// The words of the report in one language.
struct Words {
    const char* header;  ///< between the lesson id and the file: "lesson3 quiz: FILE"
    const char* right;
    const char* wrong;
    const char* unanswered;
    const char* yourAnswer;
    const char* fromLesson;
    const char* wantNumber;
    const char* wantChoice;  ///< followed by the letters
    const char* wantOrder;   ///< followed by the letters
    const char* total;       ///< "N of M answers right"
};

const Words kEnglish = {" quiz: ", "RIGHT", "WRONG", "NOT ANSWERED", "Your answer: ", "From the lesson: ",
                        "Answer with a number.", "Answer with one of the letters ",
                        "Answer with a list of all the letters, each once, in the right order: ", "answers right"};
const Words kRussian = {", контрольные вопросы: ", "ВЕРНО", "НЕВЕРНО", "НЕТ ОТВЕТА", "Ваш ответ: ", "Из урока: ",
                        "Ответ - число.", "Ответ - одна из букв ",
                        "Ответ - список из всех букв, каждой по разу, в правильном порядке: ", "ответов верны"};

const Words& wordsFor(Language language) { return language == Language::Russian ? kRussian : kEnglish; }

size_t columns(const std::string& text) {
    size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
}

std::string padded(const std::string& text, size_t width) {
    const size_t have = columns(text);
    return have >= width ? text + " " : text + std::string(width - have, ' ');
}

const QuizOption* option(const Question& q, const std::string& key) {
    for (const auto& o : q.options)
        if (o.key == key) return &o;
    return nullptr;
}

/// How to answer a question of this kind, in `words`.
std::string howToAnswer(const Question& q, const Words& words) {
    switch (q.kind) {
        case QuestionKind::Numeric: return words.wantNumber;
        case QuestionKind::Choice: return std::string(words.wantChoice) + optionKeys(q.options) + ".";
        case QuestionKind::Order: return std::string(words.wantOrder) + optionKeys(q.options) + ".";
    }
    return "";
}

const char* colourOf(Verdict v) {
    switch (v) {
        case Verdict::Right: return "\033[32m";
        case Verdict::Wrong: return "\033[31m";
        case Verdict::Unanswered: return "\033[33m";
    }
    return "";
}

}  // namespace

std::string wrapText(const std::string& text, size_t width, size_t indent) {
    std::string out, line;
    size_t lineColumns = 0;
    std::stringstream words(text);
    for (std::string word; words >> word;) {
        const size_t w = columns(word);
        if (lineColumns > 0 && lineColumns + 1 + w + indent > width) {
            out += line + "\n" + std::string(indent, ' ');
            line.clear();
            lineColumns = 0;
        }
        if (lineColumns > 0) {
            line += " ";
            ++lineColumns;
        }
        line += word;
        lineColumns += w;
    }
    return out + line;
}

std::string formatQuizReport(const Quiz& quiz, const QuizResult& result, const std::string& answersFile, Language language,
                             bool colour) {
    const Words& words = wordsFor(language);
    std::string out = quiz.lesson + words.header + answersFile + "\n";
    size_t idWidth = 0;
    for (const auto& r : result.results) idWidth = std::max(idWidth, r.question->id.size());
    const std::string indent(kIndent, ' ');
    int number = 0;
    for (const auto& r : result.results) {
        const Question& q = *r.question;
        const char* word = r.verdict == Verdict::Right ? words.right : r.verdict == Verdict::Wrong ? words.wrong : words.unanswered;
        std::string label = std::to_string(++number) + ".";
        out += std::string(label.size() < 4 ? 4 - label.size() : 1, ' ') + label + " " + padded(q.id, idWidth + 2);
        out += colour ? std::string(colourOf(r.verdict)) + word + "\033[0m" : std::string(word);
        out += "\n";
        if (r.verdict == Verdict::Right) continue;
        out += indent + wrapText(q.text.in(language), kWidth, kIndent) + "\n";
        const bool showOptions = r.verdict == Verdict::Unanswered || r.problem != AnswerProblem::None;
        if (showOptions && q.kind != QuestionKind::Numeric) {
            for (const auto& o : q.options)
                out += indent + "  " + o.key + ") " + wrapText(o.text.in(language), kWidth, kIndent + 5) + "\n";
        }
        if (r.verdict == Verdict::Unanswered) {
            out += indent + wrapText(howToAnswer(q, words), kWidth, kIndent) + "\n";
            continue;
        }
        std::string given = r.given;
        if (q.kind == QuestionKind::Choice) {
            if (const QuizOption* o = option(q, choiceKey(given))) given += " (" + o->text.in(language) + ")";
        }
        out += indent + wrapText(words.yourAnswer + given, kWidth, kIndent) + "\n";
        if (r.problem != AnswerProblem::None) out += indent + wrapText(howToAnswer(q, words), kWidth, kIndent) + "\n";
        out += indent + wrapText(words.fromLesson + q.explanation.in(language), kWidth, kIndent) + "\n";
    }
    out += std::to_string(result.right()) + "/" + std::to_string(result.total()) + " " + words.total + "\n";
    return out;
}

std::string quizCheckMessage(const QuizResult& result, const std::string& answersFile, const std::string& detailsCommand) {
    const int total = result.total(), right = result.right();
    if (right == total) return "all " + std::to_string(total) + " answers are right";
    std::vector<const QuestionResult*> wrong, unanswered;
    for (const auto& r : result.results) {
        if (r.verdict == Verdict::Wrong) wrong.push_back(&r);
        if (r.verdict == Verdict::Unanswered) unanswered.push_back(&r);
    }
    if (static_cast<int>(unanswered.size()) == total)
        return "none of the " + std::to_string(total) + " questions is answered yet: write your answers in " + answersFile +
               ".\nThe questions: " + detailsCommand;
    auto ids = [](const std::vector<const QuestionResult*>& list, size_t from) {
        std::string text;
        for (size_t i = from; i < list.size(); ++i) text += (text.empty() ? "" : ", ") + list[i]->question->id;
        return text;
    };
    std::string message = std::to_string(right) + " of " + std::to_string(total) + " answers right.";
    if (!wrong.empty()) {
        const QuestionResult& first = *wrong.front();
        message += " '" + first.question->id + "': your answer " + first.given + " is wrong. " + first.question->explanation.en;
        if (wrong.size() > 1) message += "\nAlso wrong: " + ids(wrong, 1) + ".";
    }
    if (!unanswered.empty()) message += std::string(wrong.size() > 1 ? " " : "\n") + "Not answered: " + ids(unanswered, 0) + ".";
    return message + "\nEvery question with its explanation: " + detailsCommand;
}

}  // namespace grader
