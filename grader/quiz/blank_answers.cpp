// The blank answers file (see blank_answers.h).
#include "quiz/blank_answers.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

constexpr size_t kCommentWidth = 80;

/// `text` as comment lines of at most kCommentWidth columns, each starting with `prefix`.
std::string commentLines(const std::string& text, const std::string& prefix) {
    std::string out;
    const std::string wrapped = wrapText(text, kCommentWidth - prefix.size(), 0) + "\n";
    for (size_t start = 0, end; (end = wrapped.find('\n', start)) != std::string::npos; start = end + 1)
        out += prefix + wrapped.substr(start, end - start) + "\n";
    return out;
}

/// The form an answer takes, in the words of a comment: "(one number, like 256)".
std::string formComment(const Question& q) {
    switch (q.kind) {
        case QuestionKind::Numeric: return "(one number, like " + exampleNumber(q) + ")";
        case QuestionKind::Choice: return "(one letter among " + keyRange(q.options) + ")";
        case QuestionKind::Order: return "(the letters " + keyRange(q.options) + " in order, each once, e.g. " + exampleOrder(q) + ")";
    }
    return "";
}

/// `text` as YAML reads it back as that text: plain where it can be, quoted where YAML would
/// take it for something else ("two thousand", "-1", "null").
std::string answerScalar(const std::string& text) {
    return text == "null" || text == "Null" || text == "NULL" ? yamlQuoted(text) : yamlScalar(text);
}

/// An answer as the file writes it after its id: " 42", " \"two thousand\"", " [c, a, b]"; "" when not given.
std::string writtenAnswer(const Answer* answer) {
    if (!answer || !answer->given) return "";
    if (answer->items.empty()) return " " + answerScalar(answer->text);
    std::string list;
    for (const auto& item : answer->items) list += (list.empty() ? "" : ", ") + answerScalar(item);
    return " [" + list + "]";
}

}  // namespace

std::string blankAnswers(const Quiz& quiz, const Lesson& lesson) { return answersFileText(quiz, lesson, Answers{}); }

std::string answersFileText(const Quiz& quiz, const Lesson& lesson, const Answers& given) {
    const std::string answers = "starter/" + lesson.folder + "/quiz_answers.yaml";
    const std::string intro = "Lesson " + std::to_string(lesson.number) +
                              " quiz: your answers to the control questions of the lesson (lessons/" + lesson.folder +
                              "/quiz.yaml). After each question id write your answer in the form its comment gives. "
                              "See the questions, their choices and hints for wrong answers:";
    std::string text = commentLines(intro, "# ");
    text += "#   " + kitGraderCommand() + " quiz " + lesson.id + " " + answers + "\n";
    text += commentLines("(add --lang ru for Russian). Checked by: ctest --test-dir build -L " + lesson.label, "# ");
    text += "lesson: " + quiz.lesson + "\nanswers:\n";
    for (const auto& q : quiz.questions) text += commentLines(q.text.en + " " + formComment(q), "  # ") + "  " + q.id + ":" + writtenAnswer(given.find(q.id)) + "\n";
    return text;
}

std::optional<Error> writeBlankAnswers(const Quiz& quiz, const Lesson& lesson, const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST)
        return Error{path.string(), "already exists", "--blank writes a new file only: to start over, rename or delete yours first"};
    if (fd < 0) return Error{path.string(), std::string("cannot write: ") + std::strerror(errno), ""};
    const std::string text = blankAnswers(quiz, lesson);
    if (const auto error = writeAll(fd, text)) {
        ::close(fd);
        return Error{path.string(), std::string("cannot write: ") + std::strerror(*error), "is the disk full?"};
    }
    ::close(fd);
    return std::nullopt;
}

}  // namespace grader
