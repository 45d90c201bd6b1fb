// The student kit's quizzes and lesson texts (see student_quizzes.h).
#include "export/student_quizzes.h"

#include <filesystem>
#include <sstream>
#include <vector>

#include "core/toolchain.h"
#include "quiz/quiz.h"
#include "quiz/quiz_text.h"
#include "quiz/sealed.h"
#include "quiz/tries.h"

namespace grader {

namespace {

/// The lesson texts' line width.
constexpr size_t kLineWidth = 78;

/// The lesson of the folder `relative` lies in, when course.yaml grades its quiz; else nullptr.
const Lesson* quizLessonOf(const Course& course, const std::string& relative) {
    const std::string folder = std::filesystem::path(relative).parent_path().filename().string();
    for (const auto& lesson : course.lessons)
        if (lesson.folder == folder && lesson.findCheck("quiz")) return &lesson;
    return nullptr;
}

/// The paragraph that takes the answer blocks' place: where to answer, and how the quiz shows the worked answers.
std::string quizParagraph(const Lesson& lesson, Language language) {
    const CheckSpec* quiz = lesson.findCheck("quiz");
    const std::string answers = "starter/" + lesson.folder + "/" + quiz->stringParam("answers_file", "quiz_answers.yaml");
    const std::string command = kitGraderCommand() + " quiz " + lesson.id + " " + answers + (language == Language::Russian ? " --lang ru" : "");
    const int tries = revealAfterTries(lesson);
    const std::string after = tries > 0 ? say(language, " or after " + std::to_string(tries) + " wrong tries",
                                              " или после " + std::to_string(tries) + " неверных попыток")
                                        : "";
    return say(language,
               "Answer them in `" + answers + "`: the lesson's quiz asks them, and a few more. `" + command +
                   "` checks your answers, gives a hint for a wrong one, and shows the lesson's worked answer once yours is right" + after + ".",
               "Ответьте на них в `" + answers + "`: их и ещё несколько задаёт тест урока. `" + command +
                   "` проверит ответы, к неверному даст подсказку, а разбор из урока покажет, когда ваш ответ верен" + after + ".");
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

Expected<std::string> studentQuizYaml(const Course& course, const std::string& relative, const std::string& text) {
    auto quiz = parseQuiz(text, relative);
    if (!quiz) return quiz.error();
    const Lesson* lesson = quizLessonOf(course, relative);
    auto sealed = studentKitQuiz(*quiz, text, lesson && revealAfterTries(*lesson) > 0);
    if (!sealed) return Error{relative, sealed.error().message, sealed.error().hint};
    return sealedQuizYaml(*sealed);
}

Expected<std::string> studentLessonText(const Course& course, const std::string& relative, const std::string& text) {
    const Lesson* lesson = quizLessonOf(course, relative);
    if (!lesson) return text;
    const Language language = relative.size() >= 6 && relative.compare(relative.size() - 6, 6, ".ru.md") == 0 ? Language::Russian : Language::English;
    const std::vector<std::string> lines = linesOf(text);
    std::vector<std::string> kept;
    bool announced = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("<details><summary>", 0) != 0) {
            kept.push_back(lines[i]);
            continue;
        }
        const std::string where = relative + ":" + std::to_string(i + 1);
        while (i < lines.size() && lines[i] != "</details>") ++i;
        if (i == lines.size()) return Error{where, "this answer block is never closed", "end it with </details>"};
        while (!kept.empty() && kept.back().empty()) kept.pop_back();  // the blank line after the block separates the questions
        if (announced) continue;
        size_t heading = kept.size();
        while (heading > 0 && kept[heading - 1].rfind("## ", 0) != 0) --heading;
        if (heading == 0) return Error{where, "an answer block outside a section", "put the control questions under a '## ' heading"};
        kept.insert(kept.begin() + static_cast<long>(heading), {"", wrapText(quizParagraph(*lesson, language), kLineWidth, 0)});
        announced = true;
    }
    std::string out;
    for (const auto& line : kept) out += line + "\n";
    return out;
}

}  // namespace grader
