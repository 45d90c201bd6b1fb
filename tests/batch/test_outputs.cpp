// The outputs' shape: a result survives its JSON file, gradebook.csv has
// its header and one row per student, junit.xml and the Gradescope file
// count what they should, and nothing a student wrote reaches a page or a
// spreadsheet unescaped.
#include <doctest/doctest.h>

#include "batch/class_outputs.h"
#include "core/escape.h"
#include "batch/html_report.h"
#include "batch/mistakes.h"
#include "batch/results.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course twoLessons() {
    return fixtures::parsedCourse(fixtures::courseYaml(
        "Test <course>", {{1, "Naive", "{name: compile, points: 1}, {name: correctness, points: 4}"},
                          {3, "Tiled", "{name: compile, points: 1}, {name: correctness, points: 4}, {name: speedup, points: 2}"}}));
}

CheckResult check(const std::string& name, Status status, int points, int max, const std::string& message = "ok") {
    return {name, status, message, points, max};
}

StudentResult ada(const Course& course) {
    StudentResult r;
    r.id = "ada";
    r.source = "ada.zip";
    r.submissionKey = "k1";
    r.backend = "cpu";
    r.seed = 42;
    r.gradedAt = "2025-01-31T12:00:00Z";
    LessonOutcome l1;
    l1.submitted = true;
    l1.report.lesson = "lesson1";
    l1.report.file = "ada.zip/matmul_naive.cu";
    l1.report.backend = "cpu";
    l1.report.checks = {check("compile", Status::Pass, 1, 1),
                        check("correctness", Status::Fail, 0, 4, "n=16: C[0][1] wrong <script>alert(1)</script> & \"quotes\"")};
    l1.report.score = 1;
    l1.report.maxScore = 5;
    r.lessons.push_back(l1);
    r.lessons.push_back(notSubmitted(*course.findLesson("lesson3"), "cpu"));
    return r;
}

StudentResult eve(const Course& course) {
    StudentResult r;
    r.id = "eve";
    r.source = "eve.zip";
    r.status = "refused";
    r.message = "entry '../x' has a '..' component";
    r.backend = "cpu";
    for (const auto& lesson : course.lessons) r.lessons.push_back(notSubmitted(lesson, "cpu"));
    return r;
}

}  // namespace

TEST_CASE("a result round-trips through its JSON file with lessons in the check --json shape") {
    const Course course = twoLessons();
    const StudentResult original = ada(course);
    const nlohmann::json j = studentResultJson(original);
    CHECK(j["id"] == "ada");
    CHECK(j["score"] == 1);
    CHECK(j["max_score"] == 10);  // 5 + lesson3 without the GPU-only speedup
    REQUIRE(j["lessons"].size() == 2);
    for (const char* key : {"lesson", "file", "backend", "seed", "checks", "score", "max_score", "status"})
        CHECK_MESSAGE(j["lessons"][0].contains(key), key);
    CHECK(j["lessons"][0]["status"] == "graded");
    CHECK(j["lessons"][1]["status"] == "not submitted");
    CHECK(j["lessons"][1]["file"].is_null());
    CHECK(j["lessons"][0]["checks"][1]["status"] == "fail");

    auto back = studentResultFromJson(j, "ada.json");
    REQUIRE(back.ok());
    CHECK(studentResultJson(*back) == j);
    CHECK_FALSE(studentResultFromJson(nlohmann::json::object(), "x.json").ok());
}

TEST_CASE("a result whose whole numbers are fractions or out of range is refused with the field, never converted (found by fuzz_results)") {
    const Course course = twoLessons();
    const nlohmann::json good = studentResultJson(ada(course));
    for (const auto& field : std::vector<std::pair<nlohmann::json::json_pointer, nlohmann::json>>{
             {nlohmann::json::json_pointer("/seed"), 9.4e99},
             {nlohmann::json::json_pointer("/lessons/0/seed"), -1},
             {nlohmann::json::json_pointer("/lessons/0/score"), 2.5},
             {nlohmann::json::json_pointer("/lessons/0/checks/0/points"), 1e300},
             {nlohmann::json::json_pointer("/late_penalty"), 4294967296LL}}) {
        const nlohmann::json::json_pointer& path = field.first;  // clang 14 cannot capture a structured binding in doctest's lambdas
        nlohmann::json damaged = good;
        damaged[path] = field.second;
        auto read = studentResultFromJson(damaged, "ada.json");
        INFO(path.to_string());
        REQUIRE_FALSE(read.ok());
        CHECK(read.error().message.find("is not a whole number in range") != std::string::npos);
        CHECK(read.error().message.find("\"" + path.back() + "\"") != std::string::npos);
    }
}

TEST_CASE("results are written atomically and a damaged one is reported and not trusted") {
    TempFolder tmp("results-atomic");
    const fs::path file = tmp.path / "ada.json";
    REQUIRE_FALSE(writeFileAtomically(file, "{\"id\": \"ada\", \"lessons\": []}\n").has_value());
    CHECK(loadStudentResult(file).ok());
    size_t entries = 0;
    for (const auto& e : fs::directory_iterator(tmp.path)) entries += e.path().filename() != "ada.json";
    CHECK(entries == 0);  // no temporary file left behind
    writeText(file, "{\"id\": \"ada\", \"less");  // what a write cut short would leave
    auto damaged = loadStudentResult(file);
    REQUIRE_FALSE(damaged.ok());
    CHECK(damaged.error().hint.find("grades that student again") != std::string::npos);
}

TEST_CASE("gradebook.csv has a column per lesson and a row per student with safe cells") {
    const Course course = twoLessons();
    StudentResult mallory = ada(course);
    mallory.id = "=1+1";
    ClassView view{course, {ada(course), eve(course), mallory}, {"zed"}, {}, "2025-01-31T12:00:00Z"};
    const std::string csv = gradebookCsv(view);
    std::vector<std::string> lines;
    std::stringstream stream(csv);
    for (std::string line; std::getline(stream, line);) lines.push_back(line.substr(0, line.find('\r')));
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == "id,name,source,lesson1,lesson3,total,max_total,late,status,notes");
    CHECK(lines[1] == "'=1+1,ada.zip,ada.zip,1,0,1,10,,graded,lesson3 not submitted");
    CHECK(lines[2] == "ada,ada.zip,ada.zip,1,0,1,10,,graded,lesson3 not submitted");
    CHECK(lines[3] == "eve,eve.zip,eve.zip,0,0,0,10,,refused,entry '../x' has a '..' component");
    CHECK(lines[4] == "zed,zed,,,,,,,not graded yet,");
    CHECK(csvField("a,\"b\"") == "\"a,\"\"b\"\"\"");
}

TEST_CASE("junit.xml counts tests and failures and the Gradescope file has one test per check") {
    const Course course = twoLessons();
    ClassView view{course, {ada(course), eve(course)}, {}, {}, "2025-01-31T12:00:00Z"};
    const std::string xml = junitXml(view);
    CHECK(xml.find("<testsuites name=\"Test &lt;course&gt;\" tests=\"4\" failures=\"3\" errors=\"0\" skipped=\"0\">") != std::string::npos);
    CHECK(xml.find("<testsuite name=\"ada\" tests=\"3\" failures=\"2\"") != std::string::npos);
    CHECK(xml.find("&lt;script&gt;") != std::string::npos);
    CHECK(xml.find("<script>") == std::string::npos);
    CHECK(xml.find("type=\"refused\"") != std::string::npos);

    const nlohmann::json gs = gradescopeJson(ada(course));
    CHECK(gs["score"] == 1);
    REQUIRE(gs["tests"].size() == 3);
    CHECK(gs["tests"][1]["name"] == "lesson1: correctness");
    CHECK(gs["tests"][1]["status"] == "failed");
    CHECK(gs["tests"][1]["max_score"] == 4);
    CHECK(gs["tests"][2]["name"] == "lesson3: not submitted");
    CHECK(gs["tests"][2]["max_score"] == 5);
}

TEST_CASE("report.html is one self-contained page with its table and plots and every message escaped") {
    const Course course = twoLessons();
    ClassView view{course, {ada(course), eve(course)}, {"zed"}, {"notes.txt: not a folder, .zip or .tar.gz; ignored"},
                   "2025-01-31T12:00:00Z"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("<svg") != std::string::npos);
    CHECK(html.find("Score distribution") != std::string::npos);
    CHECK(html.find("Failures per check") != std::string::npos);
    CHECK(html.find("no GPU results") != std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(1)") != std::string::npos);
    CHECK(html.find("<script>alert") == std::string::npos);
    CHECK(html.find("1 submission has no result yet") != std::string::npos);
    CHECK(html.find("src=\"http") == std::string::npos);  // no external assets
    CHECK(html.find("href=\"http") == std::string::npos);
    CHECK(html.find("<link") == std::string::npos);
}

TEST_CASE("the report tells quiz answers missing from quiz answers wrong, and names a row that is not graded") {
    const Course course = twoLessons();
    StudentResult missing = ada(course), wrong = ada(course), link = eve(course);
    missing.id = "mia";
    missing.lessons[0].report.checks.push_back(coded(check("quiz", Status::Fail, 0, 2, "no quiz answers: mia/quiz_answers.yaml is missing."), "quiz.no-answers"));
    wrong.id = "will";
    wrong.lessons[0].report.checks.push_back(check("quiz", Status::Fail, 1, 2, "3/6 answers right"));
    link.id = "alias";
    link.status = "not graded";
    link.message = "a link; links are never followed";
    ClassView view{course, {missing, wrong, link}, {}, {}, "2025-01-31T12:00:00Z"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.find(">lesson1 quiz answers missing<") != std::string::npos);
    CHECK(html.find(">lesson1 quiz: 3/6 answers right<") != std::string::npos);
    CHECK(html.find(">lesson1 correctness: n=16: C[0][1] wrong &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;<") !=
          std::string::npos);
    CHECK(html.find("Not graded: a link; links are never followed") != std::string::npos);
}

TEST_CASE("a check worth no points not done (todo) is a grey chip, and the trainer not done is named so") {
    const Course course = twoLessons();
    StudentResult notDone = ada(course), partly = ada(course);
    notDone.id = "nia";
    notDone.lessons[0].report.checks.push_back(coded(check("trainer", Status::Todo, 0, 0,
                                                           "no trainer progress: nia/trainer_progress.yaml is missing.\nDo the exercises: grader trainer lesson1"),
                                                     "trainer.no-progress"));
    partly.id = "pat";
    partly.lessons[0].report.checks.push_back(check("trainer", Status::Todo, 0, 0, "2/3 trainer exercises right (seed 1). Continue"));
    ClassView view{course, {notDone, partly}, {}, {}, "2025-01-31T12:00:00Z"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.find("<span class=\"chip reason grey\" title=\"no trainer progress: nia/trainer_progress.yaml is missing.\">lesson1 trainer not "
                    "done</span>") != std::string::npos);
    CHECK(html.find("<span class=\"chip reason grey\" title=\"2/3 trainer exercises right (seed 1). Continue\">lesson1 trainer: 2/3 trainer "
                    "exercises right (seed 1)</span>") != std::string::npos);
    CHECK(html.find("<span class=\"chip reason\" title=\"n=16: C[0][1] wrong") != std::string::npos);  // 4 points lost: not grey
    CHECK(html.find("title=\"failed: correctness; not done (0 points): trainer\"") != std::string::npos);

    ClassView one{course, {notDone}, {}, {}, "2025-01-31T12:00:00Z"};  // a reminder is a skipped test, no failure, of no points
    CHECK(junitXml(one).find("<testsuite name=\"nia\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"1\"") != std::string::npos);
    CHECK(junitXml(one).find("<skipped message=\"not done (0 points): no trainer progress") != std::string::npos);
    const nlohmann::json gs = gradescopeJson(notDone);
    CHECK(gs["tests"][2]["name"] == "lesson1: trainer");
    CHECK(gs["tests"][2]["max_score"] == 0);
    CHECK_FALSE(gs["tests"][2].contains("status"));
    CHECK(gs["tests"][2]["output"].get<std::string>().rfind("Not done (0 points): no trainer progress", 0) == 0);
}

TEST_CASE("a full-marks student with the 0-point trainer not done keeps full marks, and its failures bar is grey, not red") {
    const Course course =
        fixtures::parsedCourse(fixtures::courseYaml("t", {{2, "Tiles", "{name: compile, points: 1}, {name: trainer, points: 0}"}}));
    StudentResult full;
    full.id = "ada";
    full.backend = "cpu";
    LessonOutcome lesson;
    lesson.submitted = true;
    lesson.report.lesson = "lesson2";
    lesson.report.checks = {check("compile", Status::Pass, 1, 1), coded(check("trainer", Status::Fail, 0, 0, "no trainer progress: it is missing."), "trainer.no-progress")};
    lesson.report.score = 1;
    lesson.report.maxScore = 1;
    full.lessons.push_back(lesson);
    ClassView view{course, {full}, {}, {}, "2025-01-31T12:00:00Z"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.find("<span class=\"chip ok\">full marks</span><span class=\"chip reason grey\"") != std::string::npos);
    CHECK(html.find("title=\"every check worth points passed; not done (0 points): trainer\">1/1</td>") != std::string::npos);
    CHECK(html.find("lesson2 trainer: 1 of 1 not done (worth 0 points)") != std::string::npos);  // the bar's tooltip
    const size_t figure = html.find("aria-label=\"failures per check\"");
    const std::string failures = html.substr(figure, html.find("</svg>", figure) - figure);
    CHECK(failures.find("#cf222e") == std::string::npos);  // no red bar: nobody failed a check worth points
    CHECK(failures.find("#afb8c1") != std::string::npos);
    CHECK(html.find("1 of 1, 0 pts") != std::string::npos);
}

TEST_CASE("the class table flags late work, and rostered students who handed in nothing count in no median") {
    const Course course = twoLessons();
    StudentResult late = ada(course), absent;
    late.late = true;
    absent.id = "zed";
    absent.status = "not submitted";
    absent.message = "not submitted";
    for (const auto& l : course.lessons) absent.lessons.push_back(notSubmitted(l, "cpu"));
    ClassView view{course, {late, absent}, {}, {}, "2025-01-31T12:00:00Z"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.find("<span class=\"chip late\" title=\"the LMS marked it late\">late</span>") != std::string::npos);
    // ada's 1 of 10 is 10%: the median of those who handed in work, not (10% + 0%) / 2
    CHECK(html.find("<div class=\"label\">Median score</div><div class=\"value\">10%</div>") != std::string::npos);
    CHECK(html.find("1 on the roster handed in nothing") != std::string::npos);
}

TEST_CASE("the Issues column gives a failure's reason: its first sentence or clause, cut at a word") {
    CHECK(shortReason("n=48: C[0][0] = -2.4375, expected -118.75. 2304 of 2304 elements are wrong. The tile of A lands transposed") ==
          "n=48: C[0][0] = -2.4375, expected -118.75");
    CHECK(shortReason("gflops(16, 1) = 0, expected 0.008192 (2 n^3 / (ms * 1e6)). It returns 0: fill in TODO 5. Rerun: x") ==
          "gflops(16, 1) = 0, expected 0.008192 (2 n^3 / (ms * 1e6))");
    CHECK(shortReason("your kernel reads 136 floats per element of C at n=64; a tiled kernel reads 8: 17x less.") ==
          "your kernel reads 136 floats per element of C at n=64");
    CHECK(shortReason("no quiz answers: a/quiz_answers.yaml is missing.\nWrite a blank one: grader quiz") ==
          "no quiz answers: a/quiz_answers.yaml is missing");
    CHECK(shortReason("a sentence, e.g. this one, goes on. Next") == "a sentence, e.g. this one, goes on");
    const std::string race = shortReason("tA[0][0] is written by thread (0,0) at matmul_tiled.cu:16 and read by thread (1,0) at "
                                         "matmul_tiled.cu:21 with no __syncthreads() between them (block (0,0), phase 1); 9 in all.");
    CHECK(race == "tA[0][0] is written by thread (0,0) at matmul_tiled.cu:16 and read by thread\u2026");
    CHECK(shortReason(std::string(100, 'x') + "\xc3\xa9", 99) == std::string(99, 'x') + "\u2026");
    CHECK(shortReason(std::string(99, 'x') + "\xc3\xa9 y", 100) == std::string(99, 'x') + "\u2026");  // never half a character
}

TEST_CASE("a GPU result's speedup is plotted") {
    const Course course = twoLessons();
    StudentResult r = ada(course);
    r.backend = "gpu";
    LessonOutcome l3;
    l3.submitted = true;
    l3.report.lesson = "lesson3";
    l3.report.checks = {check("speedup", Status::Pass, 2, 2, "speedup 1.48x, needed 1.2x (0.8 x the reference's 1.5x, floor 1.1x)")};
    r.lessons[1] = l3;
    ClassView view{course, {r}, {}, {}, "now"};
    const std::string html = htmlReport(view, mistakesByCause(view));
    CHECK(html.find("aria-label=\"speedups\"") != std::string::npos);
    CHECK(html.find("ada: 1.48x") != std::string::npos);
}

TEST_CASE("text cleaning: invalid UTF-8 and control characters never reach a page") {
    CHECK(cleanUtf8("ok \xC3\xA9") == "ok \xC3\xA9");
    CHECK(cleanUtf8("bad \xFF\xFE end") == "bad \xEF\xBF\xBD\xEF\xBF\xBD end");
    CHECK(cleanUtf8("bell\x07 esc\x1b[31m") == "bell esc[31m");
    CHECK(htmlEscape("<a href='x'>&") == "&lt;a href=&#39;x&#39;&gt;&amp;");
}
