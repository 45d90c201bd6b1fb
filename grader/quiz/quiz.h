// A lesson's quiz: its control questions, read strictly from
// lessons/NN-name/quiz.yaml. Three kinds of question: numeric (an answer
// and a tolerance), choice (lettered choices, one right) and order (lettered
// steps to put in order, e.g. load, sync, compute, sync). Every text, hint
// and explanation is given in English and Russian: the hint is the lesson's
// reasoning without the final value, shown while an answer is wrong; the
// explanation is the lesson's worked answer, shown once the answer is right
// or after enough wrong tries (tries.h). A numeric answer may say the
// `precision` answers are rounded to (a power of ten; default: whole numbers
// for a whole answer) before they are compared (normal_form.h). The student
// kit's quiz.yaml has, in place of each answer, tolerance and explanation, a
// `sealed:` entry (sealed.h); the instructor's has them in plain text. A
// mistake in the file is an Error located as "quiz.yaml:LINE:COL: message".
// Non-goals: free-text answers; several right choices; writing the file
// (sealed.h writes the student kit's).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"
#include "core/language.h"

namespace grader {

/// A text given in both languages.
struct Bilingual {
    std::string en, ru;
    /// The text in `language`.
    const std::string& in(Language language) const { return language == Language::Russian ? ru : en; }
};

/// The kinds of question a quiz may ask.
enum class QuestionKind { Numeric, Choice, Order };

/// A lettered choice (choice questions) or step (order questions).
struct QuizOption {
    std::string key;  ///< "a", "b", ...
    Bilingual text;
};

/// One right answer of a sealed question: the hash that recognizes it, and the explanation's key
/// locked with it (sealed.h).
struct AnswerLock {
    std::string check;  ///< 32 bytes derived from the answer's normal form
    std::string key;    ///< the explanation's key, XORed with 32 other bytes derived from it
};

/// A question's answer and explanation as the student kit holds them (sealed.h): hashed and
/// encrypted, never in plain text.
struct SealedAnswer {
    std::string salt;               ///< this question's, 16 bytes
    unsigned iterations = 0;        ///< PBKDF2's, for each answer checked
    std::vector<AnswerLock> locks;  ///< one per right answer's normal form
    std::string explanation;        ///< the worked answer, English and Russian, sealed with AES-256-GCM
    std::string reveal;             ///< the explanation's key for `grader quiz` after enough wrong tries; "": never
};

/// One question with its right answer and the lesson's explanation.
struct Question {
    std::string id;  ///< e.g. "phases-1024"; also the key in the answers file
    QuestionKind kind = QuestionKind::Numeric;
    Bilingual text;
    Bilingual hint;         ///< the way to the answer, without the answer
    Bilingual explanation;  ///< the worked answer (empty when sealed)
    double number = 0;                ///< numeric: the answer
    double tolerance = 0;             ///< numeric: accepted absolute difference
    int precision = 0;                ///< numeric: answers are rounded to 10^precision before they are compared (normal_form.h)
    std::vector<QuizOption> options;  ///< choice: the choices; order: the steps (as listed, shuffled by the author)
    std::string choice;               ///< choice: the right key
    std::vector<std::string> order;   ///< order: the keys of the steps in the right order
    std::optional<SealedAnswer> sealed;  ///< the student kit's form: answer, tolerance and explanation hidden in it
};

/// The first of `items` whose `field` is `value` (a question by id, an option by key), or nullptr.
template <class Item>
const Item* findBy(const std::vector<Item>& items, std::string Item::*field, const std::string& value) {
    for (const auto& item : items)
        if (item.*field == value) return &item;
    return nullptr;
}

/// A lesson's quiz.
struct Quiz {
    std::string lesson;  ///< lesson1 .. lesson4, as the file says
    std::vector<Question> questions;

    /// The question with this id, or nullptr.
    const Question* find(const std::string& id) const;
    /// Every question id, for suggestions.
    std::vector<std::string> ids() const;
};

/// The option keys, "a, b, c", for messages.
std::string optionKeys(const std::vector<QuizOption>& options);

/// The option keys as a range when they run on from 'a' ("a-d"), else listed ("a, c, e").
std::string keyRange(const std::vector<QuizOption>& options);

/// A number that shows the form of a numeric answer and is never a right one: "256".
std::string exampleNumber(const Question& q);

/// An order that shows the form of an order answer: never the right one and, where the steps allow,
/// no step in its listed place (so never "a, b, c, d"): "[b, a, d, c]".
std::string exampleOrder(const Question& q);

/// Parses quiz.yaml text; `displayName` is used in error locations.
Expected<Quiz> parseQuiz(const std::string& text, const std::string& displayName);

/// Reads the quiz of `lesson` (lessons/<folder>/quiz.yaml) and checks that it is that lesson's.
Expected<Quiz> loadLessonQuiz(const Course& course, const Lesson& lesson);

/// Where the quiz of `lesson` lives: <kit>/lessons/<folder>/quiz.yaml.
std::filesystem::path quizPath(const Course& course, const Lesson& lesson);

/// "numeric", "choice" or "order".
const char* kindWord(QuestionKind kind);

}  // namespace grader
