// The quiz check and the Quiz panel's grading in the browser's judge (see
// browser_quiz.h). The page keeps no files: the answers file is named as
// the native check names it beside the student's file (course.yaml's
// answers_file, default quiz_answers.yaml), and its record of tries beside
// that, so the messages are `grader check`'s and `grader quiz`'s.
// Non-goal: the native check's other places for the answers file
// (quiz_answers_lessonK.yaml in a folder of several lessons).
#include "browser_quiz.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "checks/check.h"
#include "checks/quiz_check.h"
#include "core/escape.h"
#include "core/toolchain.h"
#include "course_json.h"
#include "quiz/blank_answers.h"
#include "quiz/quiz_json.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

/// The file's text, or nullopt when the page gave none.
std::optional<std::string> inputFile(const std::string& path) {
    std::string text;
    if (!std::filesystem::exists(path) || !readFile(path, text)) return std::nullopt;
    return text;
}

/// The page's record of tries; a missing or broken one is empty, as the native check takes it.
TriesRecord pageTries() {
    const auto text = inputFile("/in/quiz_tries.json");
    auto record = text ? triesFromJson(*text) : Expected<TriesRecord>(TriesRecord{});
    return record ? *record : TriesRecord{};
}

bool writeOutput(const std::string& name, const std::string& text) {
    std::ofstream out("/out/" + name, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

int fail(const std::string& why) {
    std::fprintf(stderr, "judge quiz: %s\n", why.c_str());
    return 3;
}

}  // namespace

CheckResult checkQuiz(CheckContext& ctx) {
    const auto quizText = inputFile("/in/quiz.json");
    auto quiz = quizText ? quizFromJson(*quizText) : Expected<Quiz>(Error{"lessons/" + ctx.lesson.folder + "/quiz.yaml", "cannot read the quiz of " + ctx.lesson.id,
                                                                          "the page holds no quiz for this lesson"});
    if (!quiz) return makeResult(ctx, Status::Error, quiz.error().format());
    const std::string display = quizAnswersDisplay(ctx, ctx.spec.stringParam("answers_file", "quiz_answers.yaml"));
    const auto answersText = inputFile("/in/quiz_answers.json");
    if (!answersText) return missingQuizAnswers(ctx, display);
    auto answers = answersFromJson(*answersText, *quiz);
    if (!answers) return makeResult(ctx, Status::Fail, "quiz.unreadable-answers", answers.error().format());
    return quizCheckResult(ctx, *quiz, *answers, pageTries(), display);
}

int judgeQuiz(int argc, char** argv) {
    if (argc < 4) return fail("usage: judge quiz LESSON ANSWERS_FILE [en|ru]");
    const std::string lessonId = argv[2], answersFile = argv[3];
    const Language language = argc > 4 && std::string(argv[4]) == "ru" ? Language::Russian : Language::English;
    const auto courseText = inputFile("/in/course.json");
    const Expected<Course> course = courseFromJson(courseText ? *courseText : "");
    if (!course) return fail(course.error().format());
    const Lesson* lesson = course->findLesson(lessonId);
    if (!lesson) return fail("no lesson '" + lessonId + "' in the course");
    const auto quizText = inputFile("/in/quiz.json"), answersText = inputFile("/in/quiz_answers.json");
    if (!quizText || !answersText) return fail("/in/quiz.json and /in/quiz_answers.json are needed");
    auto quiz = quizFromJson(*quizText);
    if (!quiz) return fail(quiz.error().format());
    auto answers = answersFromJson(*answersText, *quiz);
    if (!answers) return fail(answers.error().format());
    QuizResult graded = gradeQuiz(*quiz, *answers);
    TriesRecord tries = pageTries();
    recordWrongAnswers(tries, graded);  // as `grader quiz` records them beside the answers file
    applyTries(graded, tries, revealAfterTries(*lesson));
    ReportOptions options;
    options.language = language;
    options.revealAfter = revealAfterTries(*lesson);
    options.explainCommand = "grader quiz " + lessonId + " " + shellQuote(answersFile) + (language == Language::Russian ? " --lang ru" : "") + " --explain";
    const bool written = writeOutput("quiz_report.txt", formatQuizReport(*quiz, graded, answersFile, options)) &&
                         writeOutput("quiz_tries.json", triesJson(tries)) && writeOutput("quiz_answers.yaml", answersFileText(*quiz, *lesson, *answers)) &&
                         writeOutput("quiz_answers.tries.yaml", formatTries(tries));
    if (!written) return fail("cannot write /out");
    return graded.right() == graded.total() ? 0 : 1;
}

}  // namespace grader
