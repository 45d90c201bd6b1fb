// The quiz report and the quiz check's message (see quiz_text.h).
#include "quiz/quiz_text.h"

#include <algorithm>
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
    const char* unusable;
    const char* yourAnswer;
    const char* hint;
    const char* fromLesson;
    const char* unusableNote;      ///< before the form an answer takes
    const char* wantNumber;        ///< followed by an example number and "."
    const char* wantChoice;        ///< followed by the letters and "."
    const char* wantOrder[3];      ///< around the letters and an example order
    const char* tries[3];          ///< around the tries and the limit: "Wrong tries: 1 of 3 before ..."
    const char* total;             ///< after "N/M"
    const char* unusableTotal[2];  ///< around their count: ", 1 not in a usable form"
    const char* explainLine;       ///< followed by the command that adds the worked answers
};

const Words kEnglish = {" quiz: ", "RIGHT", "WRONG", "NOT ANSWERED", "NOT USABLE", "Your answer: ", "Hint: ",
                        "From the lesson: ", "This answer is not in a usable form, so it is not counted as a try.",
                        "Answer with one number, like ", "Answer with one letter among ",
                        {"Give the letters ", " in order, each once, e.g. ", " (the form, not the answer)."},
                        {"Wrong tries: ", " of ", " before the lesson's worked answer is shown."},
                        "answers right", {", ", " not in a usable form"},
                        "The lesson's worked answers to your right answers: "};
const Words kRussian = {", контрольные вопросы: ", "ВЕРНО", "НЕВЕРНО", "НЕТ ОТВЕТА", "НЕ РАЗОБРАН", "Ваш ответ: ",
                        "Подсказка: ", "Из урока: ", "Ответ записан в неподходящем виде, попыткой он не считается.",
                        "Ответьте одним числом, например ", "Ответьте одной буквой из ",
                        {"Перечислите буквы ", " в нужном порядке, каждую по разу, например ", " (это образец записи, а не ответ)."},
                        {"Неверных попыток: ", " из ", ", после которых будет показан разбор из урока."},
                        "ответов верны", {", не разобрано: ", ""},
                        "Разбор из урока для верных ответов: "};

const Words& wordsFor(Language language) { return language == Language::Russian ? kRussian : kEnglish; }

std::string padded(const std::string& text, size_t width) {
    const size_t have = textColumns(text);
    return have >= width ? text + " " : text + std::string(width - have, ' ');
}

const QuizOption* option(const Question& q, const std::string& key) { return findBy(q.options, &QuizOption::key, key); }

const char* colourOf(Verdict v) {
    switch (v) {
        case Verdict::Right: return "\033[32m";
        case Verdict::Wrong: return "\033[31m";
        case Verdict::Unanswered: return "\033[33m";
        case Verdict::Unusable: return "\033[33m";
    }
    return "";
}

const char* verdictWord(Verdict v, const Words& words) {
    switch (v) {
        case Verdict::Right: return words.right;
        case Verdict::Wrong: return words.wrong;
        case Verdict::Unanswered: return words.unanswered;
        case Verdict::Unusable: return words.unusable;
    }
    return "";
}

/// One paragraph of the report, indented under its question.
std::string paragraph(const std::string& text) { return std::string(kIndent, ' ') + wrapText(text, kWidth, kIndent) + "\n"; }

/// The answer as written, with a choice's text after its letter.
std::string givenAnswer(const QuestionResult& r, Language language) {
    std::string given = r.given;
    if (r.question->kind == QuestionKind::Choice) {
        if (const QuizOption* o = option(*r.question, choiceKey(given))) given += " (" + o->text.in(language) + ")";
    }
    return given;
}

/// What the report says under a question that is not answered rightly.
std::string notRightLines(const QuestionResult& r, const ReportOptions& options) {
    const Question& q = *r.question;
    const Words& words = wordsFor(options.language);
    std::string out = paragraph(q.text.in(options.language));
    if (q.kind != QuestionKind::Numeric) {
        for (const auto& o : q.options)
            out += std::string(kIndent + 2, ' ') + o.key + ") " + wrapText(o.text.in(options.language), kWidth, kIndent + 5) + "\n";
    }
    if (r.verdict == Verdict::Unanswered) return out + paragraph(answerForm(q, options.language));
    out += paragraph(words.yourAnswer + givenAnswer(r, options.language));
    if (r.verdict == Verdict::Unusable) return out + paragraph(std::string(words.unusableNote) + " " + answerForm(q, options.language));
    if (r.revealed) return out + paragraph(words.fromLesson + r.explanation->in(options.language));
    out += paragraph(words.hint + q.hint.in(options.language));
    if (options.revealAfter > 0)
        out += paragraph(words.tries[0] + std::to_string(r.tries) + words.tries[1] + std::to_string(options.revealAfter) + words.tries[2]);
    return out;
}

/// The report's last lines: the count, and where the worked answers of the right ones are.
std::string reportSummary(const QuizResult& result, const ReportOptions& options) {
    const Words& words = wordsFor(options.language);
    std::string out = std::to_string(result.right()) + "/" + std::to_string(result.total()) + " " + words.total;
    if (const int unusable = result.count(Verdict::Unusable))
        out += words.unusableTotal[0] + std::to_string(unusable) + words.unusableTotal[1];
    out += "\n";
    if (!options.explain && !options.explainCommand.empty() && result.right() > 0) out += words.explainLine + options.explainCommand + "\n";
    return out;
}

/// "a, b, c" of the question ids in `list` from `from` on.
std::string idList(const std::vector<const QuestionResult*>& list, size_t from) {
    std::string text;
    for (size_t i = from; i < list.size(); ++i) text += (text.empty() ? "" : ", ") + list[i]->question->id;
    return text;
}

/// The check message's sentence about one answer that is wrong or unusable.
std::string answerDetail(const QuestionResult& r) {
    const Question& q = *r.question;
    const std::string head = "'" + q.id + "': your answer " + r.given;
    if (r.verdict == Verdict::Unusable) return head + " is not in a usable form. " + answerForm(q, Language::English);
    if (r.revealed) return head + " is wrong. From the lesson: " + r.explanation->en;
    return head + " is wrong. Hint: " + q.hint.en;
}

}  // namespace

std::string answerForm(const Question& q, Language language) {
    const Words& words = wordsFor(language);
    switch (q.kind) {
        case QuestionKind::Numeric: return words.wantNumber + exampleNumber(q) + ".";
        case QuestionKind::Choice: return words.wantChoice + keyRange(q.options) + ".";
        case QuestionKind::Order: return words.wantOrder[0] + keyRange(q.options) + words.wantOrder[1] + exampleOrder(q) + words.wantOrder[2];
    }
    return "";
}

std::string formatQuizReport(const Quiz& quiz, const QuizResult& result, const std::string& answersFile,
                             const ReportOptions& options) {
    const Words& words = wordsFor(options.language);
    std::string out = quiz.lesson + words.header + answersFile + "\n";
    size_t idWidth = 0;
    for (const auto& r : result.results) idWidth = std::max(idWidth, r.question->id.size());
    int number = 0;
    for (const auto& r : result.results) {
        const char* word = verdictWord(r.verdict, words);
        const std::string label = std::to_string(++number) + ".";
        out += std::string(label.size() < 4 ? 4 - label.size() : 1, ' ') + label + " " + padded(r.question->id, idWidth + 2);
        out += options.colour ? std::string(colourOf(r.verdict)) + word + "\033[0m" : std::string(word);
        out += "\n";
        if (r.verdict != Verdict::Right) out += notRightLines(r, options);
        else if (options.explain) out += paragraph(words.fromLesson + r.explanation->in(options.language));
    }
    return out + reportSummary(result, options);
}

std::string quizCheckMessage(const QuizResult& result, const std::string& answersFile, const std::string& detailsCommand) {
    const int total = result.total(), right = result.right();
    if (right == total) return "all " + std::to_string(total) + " answers are right";
    std::vector<const QuestionResult*> wrong, unusable, unanswered;
    for (const auto& r : result.results) {
        if (r.verdict == Verdict::Wrong) wrong.push_back(&r);
        if (r.verdict == Verdict::Unusable) unusable.push_back(&r);
        if (r.verdict == Verdict::Unanswered) unanswered.push_back(&r);
    }
    if (static_cast<int>(unanswered.size()) == total)
        return "none of the " + std::to_string(total) + " questions is answered yet: write your answers in " + answersFile +
               ".\nThe questions: " + detailsCommand;
    std::string message = std::to_string(right) + " of " + std::to_string(total) + " answers right.";
    const QuestionResult* first = !wrong.empty() ? wrong.front() : !unusable.empty() ? unusable.front() : nullptr;
    if (first) message += " " + answerDetail(*first);
    std::vector<std::string> others;
    if (wrong.size() > 1) others.push_back("Also wrong: " + idList(wrong, 1) + ".");
    const size_t unusableFrom = first && first->verdict == Verdict::Unusable ? 1 : 0;
    if (unusable.size() > unusableFrom) others.push_back("Not in a usable form: " + idList(unusable, unusableFrom) + ".");
    if (!unanswered.empty()) others.push_back("Not answered: " + idList(unanswered, 0) + ".");
    std::string joined;
    for (const auto& line : others) joined += (joined.empty() ? "" : " ") + line;
    if (!joined.empty()) message += "\n" + joined;
    return message + "\nEvery question with its hint: " + detailsCommand;
}

}  // namespace grader
