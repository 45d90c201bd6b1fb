// Sealing the instructor's quizzes for the student kit (see sealed_quizzes.h).
#include "export/sealed_quizzes.h"

#include <filesystem>

#include "core/crypto.h"
#include "quiz/quiz.h"
#include "quiz/sealed.h"
#include "quiz/tries.h"

namespace grader {

Expected<std::string> studentQuizYaml(const Course& course, const std::string& relative, const std::string& text) {
    auto quiz = parseQuiz(text, relative);
    if (!quiz) return quiz.error();
    const std::string folder = std::filesystem::path(relative).parent_path().filename().string();
    bool revealable = false;
    for (const auto& lesson : course.lessons)
        if (lesson.folder == folder && lesson.findCheck("quiz")) revealable = revealAfterTries(lesson) > 0;
    auto sealed = sealQuiz(*quiz, sha256(text), revealable);
    if (!sealed) return Error{relative, sealed.error().message, sealed.error().hint};
    return sealedQuizYaml(*sealed);
}

}  // namespace grader
