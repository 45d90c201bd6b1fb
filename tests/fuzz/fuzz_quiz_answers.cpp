// Fuzz target: a student's quiz answers (grader/quiz/answers.h) and the
// record of their wrong tries (quiz/tries.h), both read from what the student
// hands in. The input's first byte picks the lesson whose quiz (the reference
// course's) the answers are for; the rest is quiz_answers.yaml, then a line
// "===" and quiz_answers.tries.yaml. Answers read without error are graded,
// the tries applied and recorded, and both reports written, as `grader quiz`
// and the quiz check do. Beyond "no crash": the record of tries as the
// grader writes it reads back the same.
// Non-goal: the quizzes themselves (the instructor's quiz.yaml).
#include <cstdint>

#include "fuzz_support.h"
#include "quiz/answers.h"
#include "quiz/quiz_text.h"
#include "quiz/tries.h"

using namespace grader;

namespace {

/// The reference course's quizzes, one per lesson that has one.
const std::vector<Quiz>& quizzes() {
    static const std::vector<Quiz> all = [] {
        std::vector<Quiz> found;
        for (const auto& lesson : fuzz::referenceCourse().lessons)
            if (auto quiz = loadLessonQuiz(fuzz::referenceCourse(), lesson)) found.push_back(*quiz);
        fuzz::require(!found.empty(), "the reference course has no quiz");
        return found;
    }();
    return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const Quiz& quiz = quizzes()[data[0] % quizzes().size()];
    const auto parts = fuzz::splitParts(fuzz::text(data + 1, size - 1), "===", 2);
    auto answers = parseAnswers(parts[0], "quiz_answers.yaml", quiz);
    auto tries = parseTries(parts[1], "quiz_answers.tries.yaml");
    if (!answers) {
        fuzz::require(answers.error().where.rfind("quiz_answers.yaml", 0) == 0, "an error without its place: " + answers.error().format());
        return 0;
    }
    QuizResult result = gradeQuiz(quiz, *answers);
    fuzz::require(result.total() == static_cast<int>(quiz.questions.size()), "a question without a verdict");
    TriesRecord record = tries ? *tries : TriesRecord{};
    recordWrongAnswers(record, result);
    applyTries(result, record, kDefaultRevealAfterTries);
    for (Language language : {Language::English, Language::Russian}) {
        ReportOptions options;
        options.language = language;
        options.colour = language == Language::Russian;
        options.explain = language == Language::English;
        (void)formatQuizReport(quiz, result, "quiz_answers.yaml", options);
    }
    (void)quizCheckMessage(result, "quiz_answers.yaml", "grader quiz lesson1 quiz_answers.yaml");

    const std::string written = formatTries(record);
    auto again = parseTries(written, "quiz_answers.tries.yaml");
    fuzz::require(again.ok(), "the tries the grader writes do not read back: " + (again ? std::string() : again.error().format()) + "\n" + written);
    fuzz::require(again->wrong == record.wrong, "the tries the grader writes read back otherwise:\n" + written);
    return 0;
}
