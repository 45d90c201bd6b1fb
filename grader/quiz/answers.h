// A student's quiz answers (quiz_answers.yaml next to their lesson file) and
// how they are graded against the lesson's quiz. The file lists each
// question id with the answer after it; an empty answer is "not answered",
// so the starter's file, with every answer empty, fails the quiz.
//     lesson: lesson3
//     answers:
//       a-numeric-question: 42
//       a-choice-question: b
//       an-order-question: [c, a, b]
// A file that cannot be read as that shape (not YAML, an unknown question
// id, answers for another lesson) is an Error located in the file. An answer
// of the wrong form ("two thousand" or [5, 5] where one number is asked, "e"
// among the choices a-d, an order that is not one of the steps each once) is
// not a wrong answer but an unusable one: it counts as no try, is reported
// with the form expected, and keeps the quiz from passing.
// Non-goal: partial credit inside one question.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "quiz/quiz.h"

namespace grader {

/// One answer as the student wrote it.
struct Answer {
    std::string id;
    bool given = false;              ///< false: left empty
    std::string text;                ///< as written; a list joined with ", "
    std::vector<std::string> items;  ///< a list's entries
};

/// A student's answers file.
struct Answers {
    std::string lesson;
    std::vector<Answer> answers;
    /// The answer to question `id`, or nullptr.
    const Answer* find(const std::string& id) const;
};

/// Parses an answers file for `quiz`; an unknown question id is an Error with a suggestion.
Expected<Answers> parseAnswers(const std::string& text, const std::string& displayName, const Quiz& quiz);

/// Reads and parses an answers file.
Expected<Answers> loadAnswers(const std::filesystem::path& path, const std::string& displayName, const Quiz& quiz);

/// How one question was answered. Unusable: given, but not in the form its kind of question takes.
enum class Verdict { Right, Wrong, Unanswered, Unusable };

/// The verdict on one question.
struct QuestionResult {
    const Question* question = nullptr;
    Verdict verdict = Verdict::Unanswered;
    std::string given;  ///< the answer as written
    std::string key;    ///< a right or wrong answer in one form however written (normal_form.h): "64", "b", "cdab"
    int tries = 0;          ///< different wrong answers tried so far, this one included (tries.h)
    bool revealed = false;  ///< wrong, but tried often enough that the worked answer is shown
    std::optional<Bilingual> explanation;  ///< the worked answer, once it may be shown: right, or revealed
};

/// The verdicts on every question, in the quiz's order.
struct QuizResult {
    std::vector<QuestionResult> results;
    /// Questions answered rightly.
    int right() const;
    /// Questions with this verdict.
    int count(Verdict verdict) const;
    /// Questions in the quiz.
    int total() const { return static_cast<int>(results.size()); }
};

/// Grades `answers` against `quiz`.
QuizResult gradeQuiz(const Quiz& quiz, const Answers& answers);

/// A choice as its option key: "b", "B", "b)", "(b)" -> "b".
std::string choiceKey(const std::string& written);

/// A numeric answer as people write it: "2048", "2,147,483,648", "2 147 483 648", "8119.5", "8119,5".
std::optional<double> readNumber(const std::string& text);

}  // namespace grader
