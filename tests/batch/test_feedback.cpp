// The feedback sent back to a student: the text twin word for word against
// a golden file (it is student-facing text), the HTML page self-contained,
// escaped and in UTF-8, a refused submission and a row without a result yet,
// and the writer giving every student of the class both files.
#include <doctest/doctest.h>

#include <cstdlib>

#include "batch/feedback.h"
#include "core/escape.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = fs::path(KIT_SOURCE_DIR) / "tests" / "golden" / "feedback_text.txt";

Course feedbackCourse() {
    return fixtures::parsedCourse(fixtures::courseYaml(
        "Matmul <course>", {{1, "Naive kernel", "{name: compile, points: 1}, {name: correctness, points: 4}, {name: quiz, points: 2}"},
                            {3, "Phase loop", "{name: compile, points: 1}, {name: barriers, points: 3}, {name: speedup, points: 2}"}}));
}

LessonOutcome graded(const std::string& lesson, const std::string& file, std::vector<CheckResult> checks) {
    LessonOutcome l;
    l.submitted = true;
    l.report.lesson = lesson;
    l.report.file = file;
    l.report.backend = "cpu";
    l.report.seed = 4242;
    for (const auto& c : checks) {
        l.report.score += c.points;
        l.report.maxScore += c.status == Status::Skip ? 0 : c.maxPoints;
    }
    l.report.checks = std::move(checks);
    return l;
}

/// Zoë, who handed in lesson 1 under a near-miss name and without quiz answers, and lesson 3 with a race.
StudentResult zoe() {
    StudentResult r;
    r.id = "Zo___Smith";
    r.source = "Zo\xc3\xab Smith";
    r.backend = "cpu";
    r.seed = 4242;
    r.gradedAt = "2025-01-31T12:00:00Z";
    r.notes = {"lesson1: no file named matmul_naive.cu; graded lesson1/Matmul_Naive.cu (the same name but for case)"};
    r.lessons.push_back(graded(
        "lesson1", "Zo\xc3\xab Smith/lesson1/Matmul_Naive.cu",
        {{"compile", Status::Pass, "compiled", 1, 1},
         {"correctness", Status::Fail,
          "n=16: C[0][1] = 3, expected 4 <script>alert(1)</script> & \"quotes\". 1 of 256 elements are wrong. Rerun: "
          "build/grader/grader check lesson1 starter/01-naive-kernel/matmul_naive.cu --check correctness --n 16 --seed 4242",
          0, 4},
         coded({"quiz", Status::Fail,
                "no quiz answers: starter/01-naive-kernel/quiz_answers.yaml is missing.\nWrite a blank one: build/grader/grader quiz "
                "lesson1 --blank starter/01-naive-kernel/quiz_answers.yaml",
                0, 2},
               "quiz.no-answers")}));
    r.lessons.push_back(graded(
        "lesson3", "Zo\xc3\xab Smith/matmul_tiled.cu",
        {{"compile", Status::Pass, "compiled", 1, 1},
         {"barriers", Status::Fail,
          "tA[0][0] is written by thread (0,0) at matmul_tiled.cu:16 and read by thread (1,0) at matmul_tiled.cu:21 with no "
          "__syncthreads() between them (block (0,0), phase 1); 1 such access in all.\nRerun: build/grader/grader check lesson3 "
          "starter/03-phase-loop/matmul_tiled.cu --check barriers --n 64 --seed 4242",
          0, 3},
         {"speedup", Status::Skip, "needs a CUDA device (no CUDA device on this machine)", 0, 2}}));
    r.lessons.back().report.programOutput = {"debug: phase 0"};
    r.lessons.back().report.programOutputRun = "barriers, n=64";
    return r;
}

}  // namespace

TEST_CASE("feedback text: one student's text twin equals its golden file (GOLDEN_UPDATE=1 rewrites it)") {
    const Course course = feedbackCourse();
    const std::string text = feedbackText(course, zoe());
    if (const char* update = std::getenv("GOLDEN_UPDATE"); update && update[0]) {
        writeText(kGolden, text);
        return;
    }
    const std::string expected = readText(kGolden);
    if (text != expected) writeText(kGolden.string() + ".actual", text);
    CHECK_MESSAGE(text == expected, "differs from " << kGolden.string() << " (diff it with " << kGolden.string()
                                                    << ".actual; if right: GOLDEN_UPDATE=1 ctest --test-dir build -R golden)");
}

TEST_CASE("feedback text: the name as handed in, the notes and each lesson's commands for the student's own kit") {
    const Course course = feedbackCourse();
    const std::string text = feedbackText(course, zoe());
    auto reloaded = studentResultFromJson(studentResultJson(zoe()), "Zo___Smith.json");  // what --merge reads
    REQUIRE(reloaded.ok());
    CHECK(feedbackText(course, *reloaded) == text);
    CHECK(text.find("note: your program printed output (barriers, n=64); add --show-output to see it") != std::string::npos);
    CHECK(text.rfind("Feedback for Zo\xc3\xab Smith (filed as Zo___Smith)\n", 0) == 0);
    CHECK(text.find("Rerun this lesson: build/grader/grader check lesson1 starter/01-naive-kernel/matmul_naive.cu --seed 4242\n") !=
          std::string::npos);
    CHECK(text.find("lesson1  starter/01-naive-kernel/matmul_naive.cu  (cpu backend, seed 4242)\n") != std::string::npos);
    CHECK(text.find("lesson1: quiz answers missing") != std::string::npos);
    CHECK(text.find("graded lesson1/Matmul_Naive.cu") != std::string::npos);
    CHECK(text.find("Zo___Smith/") == std::string::npos);  // the id names files, never a path in a command
}

TEST_CASE("feedback text: the trainer not done is a note naming the command and the file to hand in, with its points") {
    const Course course = feedbackCourse();
    StudentResult result = zoe();
    result.lessons.back().report.checks.push_back(coded({"trainer", Status::Fail,
                                                         "no trainer progress: starter/03-phase-loop/trainer_progress.yaml is missing.\n"
                                                         "Do the exercises: build/grader/grader trainer lesson3",
                                                         0, 0},
                                                        "trainer.no-progress"));
    const std::string text = feedbackText(course, result);
    CHECK(text.find("  - lesson3: trainer not done (0 points): do its exercises with build/grader/grader trainer lesson3 and hand in the "
                    "progress file it writes beside the lesson's file (in your kit: starter/03-phase-loop/trainer_progress.yaml)\n") !=
          std::string::npos);
    CHECK(text.find("lesson1: trainer not done") == std::string::npos);  // lesson 1 has no trainer check
    result.lessons.back().report.checks.back() =
        coded({"trainer", Status::Fail, "2/3 trainer exercises right (seed 1); not yet right: barrier_order.", 0, 0}, "trainer.exercises-wrong");
    CHECK(feedbackText(course, result).find("trainer not done") == std::string::npos);  // done, not all right: the check says so
}

TEST_CASE("feedback page: self-contained, in UTF-8, every message whole and escaped, no script needed") {
    const Course course = feedbackCourse();
    const StudentResult result = zoe();
    const std::string html = feedbackHtml(course, result);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("<meta charset=\"utf-8\">") != std::string::npos);
    CHECK(html.find("<h1>Feedback for Zo\xc3\xab Smith</h1>") != std::string::npos);
    CHECK(html.find("Matmul &lt;course&gt;") != std::string::npos);
    for (const char* absent : {"<script", "<link", "src=", "href=", "<details"}) CHECK_MESSAGE(html.find(absent) == std::string::npos, absent);
    for (const auto& lesson : result.lessons)
        for (const auto& c : lesson.report.checks) CHECK_MESSAGE(html.find(htmlEscape(c.message)) != std::string::npos, c.message);
    CHECK(html.find("build/grader/grader check lesson3 starter/03-phase-loop/matmul_tiled.cu --seed 4242") != std::string::npos);
    CHECK(html.find("1 skipped check not counted") != std::string::npos);
}

TEST_CASE("feedback for a refused submission says why, and a row without a result says it is not graded yet") {
    const Course course = feedbackCourse();
    StudentResult eve;
    eve.id = "eve";
    eve.source = "eve.zip";
    eve.status = "refused";
    eve.message = "entry '../x' has a '..' component <b>";
    for (const auto& lesson : course.lessons) eve.lessons.push_back(notSubmitted(lesson, "cpu"));
    const std::string text = feedbackText(course, eve);
    CHECK(text.find("Score: 0/") != std::string::npos);
    CHECK(text.find("Your submission was refused: entry '../x' has a '..' component <b>") != std::string::npos);
    CHECK(text.find("== lesson1: Naive kernel, not graded ==") != std::string::npos);
    CHECK(text.find("Rerun") == std::string::npos);
    CHECK(feedbackHtml(course, eve).find("component &lt;b&gt;") != std::string::npos);

    TempFolder tmp("feedback");
    ClassView view{course, {zoe(), eve}, {"zed"}, {}, "2025-01-31T12:00:00Z", {{"zed", "Zed.tar.gz"}}};
    REQUIRE_FALSE(writeFeedback(view, tmp.path / "feedback").has_value());
    for (const char* id : {"Zo___Smith", "eve", "zed"})
        for (const char* ext : {".txt", ".html"}) CHECK_MESSAGE(fs::is_regular_file(tmp.path / "feedback" / (std::string(id) + ext)), id << ext);
    const std::string zed = readText(tmp.path / "feedback" / "zed.txt");
    CHECK(zed.rfind("Feedback for Zed.tar.gz (filed as zed)\n", 0) == 0);
    CHECK(zed.find("has no result yet") != std::string::npos);
}
