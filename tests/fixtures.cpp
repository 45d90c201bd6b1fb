// The shared fixtures' texts (fixtures.h): the sample quiz's questions, the
// course.yaml writer and the reporters' lesson reports. Non-goal: checking
// what the grader makes of them.
#include "fixtures.h"

#include <doctest/doctest.h>

#include <cctype>
#include <map>
#include <stdexcept>

#include "checks/check_table.h"
#include "test_support.h"

namespace fixtures {

namespace {

/// Each sample question as the quiz.yaml of lesson 3 writes it.
const std::map<std::string, std::string>& sampleQuestions() {
    static const std::map<std::string, std::string> questions = {
        {"phases", R"(  - id: phases
    kind: numeric
    text: {en: 'How many phases?', ru: 'Сколько фаз?'}
    answer: 64
    hint: {en: 'How many tiles fit across n?', ru: 'Сколько тайлов укладывается в n?'}
    explanation: {en: '1024 / 16 = 64 phases.', ru: '1024 / 16 = 64 фазы.'}
)"},
        {"flops", R"(  - id: flops
    kind: numeric
    text: {en: 'How many flops?', ru: 'Сколько операций?'}
    answer: 2147483648
    tolerance: 1.0e7
    precision: 1.0e6
    hint: {en: 'n multiplies and n adds per element.', ru: 'n умножений и n сложений на элемент.'}
    explanation: {en: '2n^3.', ru: '2n^3.'}
)"},
        {"ratio", R"(  - id: ratio
    kind: numeric
    text: {en: 'Which share?', ru: 'Какая доля?'}
    answer: 0.25
    tolerance: 0.01
    hint: {en: 'One of four.', ru: 'Одна из четырёх.'}
    explanation: {en: 'A quarter of the loads remain.', ru: 'Остаётся четверть загрузок.'}
)"},
        {"barrier", R"(  - id: barrier
    kind: choice
    text: {en: 'Which barrier?', ru: 'Какой барьер?'}
    choices:
      a: {en: 'after the loads', ru: 'после загрузки'}
      b: {en: 'after the compute', ru: 'после вычислений'}
    answer: b
    hint: {en: 'Which one protects the overwrite?', ru: 'Какой охраняет перезапись?'}
    explanation: {en: 'The second protects the overwrite.', ru: 'Второй охраняет перезапись.'}
)"},
        {"steps", R"(  - id: steps
    kind: order
    text: {en: 'Order one phase.', ru: 'Расставьте фазу по порядку.'}
    steps:
      a: {en: 'compute', ru: 'вычислить'}
      b: {en: 'sync', ru: 'барьер'}
      c: {en: 'load', ru: 'загрузить'}
    answer: [c, b, a]
    hint: {en: 'What must the compute wait for?', ru: 'Чего должно дождаться вычисление?'}
    explanation: {en: 'Load, sync, compute.', ru: 'Загрузка, барьер, вычисление.'}
)"},
    };
    return questions;
}

/// The kit's folder and student file of lesson `number`.
std::pair<std::string, std::string> kitLesson(int number) {
    switch (number) {
        case 1: return {"01-naive-kernel", "matmul_naive.cu"};
        case 2: return {"02-tile-loading", "tile_loading.cu"};
        case 3: return {"03-phase-loop", "matmul_tiled.cu"};
        case 4: return {"04-measuring-speedup", "speedup.cu"};
        default: throw std::invalid_argument("no kit lesson " + std::to_string(number));
    }
}

/// `text` as a flow scalar: bare where it is letters, digits and spaces, else double-quoted.
std::string yamlScalar(const std::string& text) {
    for (char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != ' ') return "\"" + text + "\"";
    return text;
}

}  // namespace

grader::Lesson quizLesson3() {
    grader::Lesson lesson;
    lesson.id = lesson.label = "lesson3";
    lesson.number = 3;
    lesson.folder = "03-phase-loop";
    return lesson;
}

const std::vector<std::string> kAllSampleQuestions = {"phases", "flops", "ratio", "barrier", "steps"};

std::string sampleQuizYaml(const std::vector<std::string>& questions) {
    std::string text = "lesson: lesson3\nquestions:\n";
    for (const auto& id : questions) text += sampleQuestions().at(id);
    return text;
}

std::string edited(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::invalid_argument("the fixture has no '" + from + "' to edit");
    if (text.find(from, at + 1) != std::string::npos) throw std::invalid_argument("the fixture has '" + from + "' more than once");
    return text.replace(at, from.size(), to);
}

grader::Quiz parsedQuiz(const std::string& yaml) {
    auto quiz = grader::parseQuiz(yaml, "quiz.yaml");
    REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
    return *quiz;
}

std::string courseYaml(const std::string& title, const std::vector<CourseLesson>& lessons) {
    std::string text = "course: {title: " + yamlScalar(title) + "}\nlessons:\n";
    for (const auto& lesson : lessons) {
        const auto [kitFolder, kitFile] = kitLesson(lesson.number);
        const std::string& folder = lesson.folder.empty() ? kitFolder : lesson.folder;
        const std::string& file = lesson.file.empty() ? kitFile : lesson.file;
        const std::string id = "lesson" + std::to_string(lesson.number);
        text += "  - {id: " + id + ", title: " + yamlScalar(lesson.title) + ", folder: " + folder + ", student_file: " + file +
                ", solution_file: " + file + ",\n     label: " + id + ", checks: [" + lesson.checks + "]}\n";
    }
    return text;
}

grader::Course parsedCourse(const std::string& yaml) {
    auto course = grader::parseCourse(yaml, "course.yaml", "/kit");
    REQUIRE_MESSAGE(course.ok(), (course.ok() ? "" : course.error().format()));
    return *course;
}

grader::LessonReport hazardReport() {
    using grader::Status;
    const std::string hazard = "tA[0][0] is written by thread (0,0) at k.cu:16 and read by thread (1,0) at k.cu:21 with no barrier.";
    grader::LessonReport report;
    report.lesson = "lesson3";
    report.file = "work/k.cu";
    report.checks = {checkResult("compile", Status::Pass, "", 1, 1),
                     withFindings(checkResult("barriers", Status::Fail, hazard + "\nRerun: grader check lesson3 work/k.cu --check barriers", 0, 3),
                                  {{"barrier.missing-after-compute", hazard, {16, 1}, {{{21, 1}, "read by thread (1,0) at k.cu:21"}}, ""}})};
    report.score = 1;
    report.maxScore = 4;
    return report;
}

grader::LessonReport compileErrorReport() {
    using grader::Status;
    grader::LessonReport report;
    report.lesson = "lesson1";
    report.file = "k.cu";
    report.note = "the gpu backend was not used";
    report.checks = {withFindings(checkResult("compile", Status::Fail, "k.cu:11:16: 'x' was not declared in this scope", 0, 1),
                                  {{"compile.error", "'x' was not declared in this scope", {11, 16}, {}, "k.cu:11:16: "}}),
                     checkResult("correctness", Status::Fail, "not run: the file does not compile", 0, 4),
                     checkResult("timing", Status::Skip, "needs a GPU", 0, 0)};
    report.maxScore = 5;
    return report;
}

}  // namespace fixtures
