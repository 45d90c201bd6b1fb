// Similar submissions without a child: the fingerprints of token streams
// (a copy scores 1 whatever its names, the starter's code and what many
// files share count for nothing, the shared runs come back as line ranges),
// the lexer's JSON read as untrusted input, and the speed board's rows read
// from the GPU speedup check's measurements (anonymous by rank unless names are asked for).
#include <doctest/doctest.h>

#include <sstream>

#include "batch/insights_report.h"
#include "fixtures.h"
#include "similarity/fingerprints.h"
#include "similarity/tokens.h"

using namespace grader;

namespace {

/// A stream of whitespace-separated tokens, `perLine` to a line.
TokenStream stream(const std::string& text, int perLine = 5) {
    TokenStream s;
    std::istringstream in(text);
    for (std::string token; in >> token;) {
        s.lines.push_back(static_cast<int>(s.tokens.size()) / perLine + 1);
        s.tokens.push_back(token);
    }
    return s;
}

/// `count` tokens of their own, numbered from `from`, written "t<from>" ...
std::string own(int from, int count) {
    std::string text;
    for (int i = from; i < from + count; ++i) text += "t" + std::to_string(i) + " ";
    return text;
}

}  // namespace

TEST_CASE("a copy scores 1 and an unrelated file shares nothing") {
    const auto a = stream(own(0, 60)), copy = stream(own(0, 60)), other = stream(own(1000, 60));
    const auto found = compareFiles({a, copy, other}, TokenStream{});
    REQUIRE(found.pairs.size() == 1);
    CHECK(found.pairs[0].a == 0);
    CHECK(found.pairs[0].b == 1);
    CHECK(found.pairs[0].score == doctest::Approx(1.0));
    const auto fragments = sharedFragments(found, {a, copy, other}, found.pairs[0]);
    REQUIRE(fragments.size() == 1);
    CHECK(fragments[0].firstA == 1);
    CHECK(fragments[0].lastA == 12);  // 60 tokens, 5 a line
    CHECK(fragments[0].firstB == 1);
}

TEST_CASE("the starter's code counts for nothing") {
    const std::string starter = own(5000, 60);
    const auto found = compareFiles({stream(starter + own(0, 40)), stream(starter + own(100, 40))}, stream(starter));
    CHECK(found.pairs.empty());
    CHECK(found.files[0].own > 0);
}

TEST_CASE("what many files share is common code, dropped") {
    std::vector<TokenStream> files;
    const std::string everyone = own(7000, 40);
    for (int i = 0; i < 10; ++i) files.push_back(stream(everyone + own(100 * (i + 1), 40)));
    const auto found = compareFiles(files, TokenStream{});
    CHECK(found.commonDropped > 0);
    CHECK(found.pairs.empty());
}

TEST_CASE("a file with too little of its own is not paired") {
    const auto found = compareFiles({stream(own(0, 14)), stream(own(0, 14))}, TokenStream{});
    CHECK(found.pairs.empty());
}

TEST_CASE("the lexer's JSON is read as untrusted input") {
    CHECK_FALSE(parseTokenJson("not json", 1));
    CHECK_FALSE(parseTokenJson(R"({"files": []})", 1));
    auto read = parseTokenJson(R"({"files": [{"tokens": ["ID", "+"], "lines": [1, 2]}, {"tokens": ["ID"], "lines": []}, {"error": "x"}]})", 3);
    REQUIRE(read);
    REQUIRE((*read)[0]);
    CHECK((*read)[0]->tokens == std::vector<std::string>{"ID", "+"});
    CHECK((*read)[0]->lines == std::vector<int>{1, 2});
    CHECK_FALSE((*read)[1]);
    CHECK_FALSE((*read)[2]);
}

TEST_CASE("the speed board reads the GPU's speedup measurements, right results only") {
    const Course course = fixtures::parsedCourse(fixtures::courseYaml(
        "Speed", {{3, "Tiled", "{name: compile, points: 1}, {name: speedup, points: 2}"}}));
    const double flops = 2.0 * 2048 * 2048 * 2048;
    // A speedup check's result as checks/speedup.cpp makes it: its message is prose, its figures are measurements.
    const auto student = [&](const std::string& id, double kernelMs, const std::string& code) {
        StudentResult r;
        r.id = r.name = id;
        LessonOutcome l;
        l.submitted = true;
        l.report.lesson = "lesson3";
        l.report.backend = "gpu";
        l.report.device = "GPU 0 (NVIDIA H200)";
        CheckResult check{"speedup", code.empty() ? Status::Pass : Status::Fail, "words the board does not read", 2, 2};
        if (!code.empty()) check.findings.push_back({code, check.message, {}, {}, "", ""});
        check.measurements = {{"kernel_gflops", flops / (kernelMs * 1e6), 0, 0, 0},
                              {"reference_tiled_gflops", flops / 4e6, 0, 0, 0},
                              {"matrix_n", 2048, 0, 0, 0}};
        l.report.checks.push_back(check);
        r.lessons.push_back(l);
        return r;
    };
    ClassView view{course, {student("slow", 8, "speedup.too-slow"), student("fast", 2, ""), student("wrong", 2, "speedup.wrong-results")}, {}, {}, "", {}};
    const auto rows = speedEntries(view, "lesson3");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].student == "fast");
    CHECK(rows[0].n == 2048);
    CHECK(rows[0].gflops == doctest::Approx(2.0 * 2048 * 2048 * 2048 / 2e6));
    CHECK(rows[0].gflops / rows[0].referenceGflops == doctest::Approx(2.0));
    CHECK(rows[1].student == "slow");
    CHECK(rows[0].device == "GPU 0 (NVIDIA H200)");
    CHECK(insightSections(view).find("speed-board") == std::string::npos);  // off unless course.yaml asks
    Course withBoard = course;
    withBoard.leaderboard = true;
    ClassView board{withBoard, view.students, {}, {}, "", {}};
    const std::string anonymous = insightSections(board);
    CHECK(anonymous.find("id=\"speed-board\"") != std::string::npos);
    CHECK(anonymous.find("student 1") != std::string::npos);
    CHECK(anonymous.find(">fast<") == std::string::npos);
    board.showNames = true;
    CHECK(insightSections(board).find(">fast<") != std::string::npos);
}
