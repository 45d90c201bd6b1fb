// The command that runs compute-sanitizer, and reading its reports: a
// capture from an H200 (CUDA 13, compute-sanitizer 2025.3) of a kernel
// missing its second barrier and of one with __syncthreads() under
// if (tx == 0).
#include <doctest/doctest.h>


#include "checks/check.h"
#include "checks/sanitizer_report.h"
#include "test_support.h"

using namespace grader;

namespace {

std::string capture(const char* section) {
    const std::string text = readText(std::string(KIT_SOURCE_DIR) + "/tests/gpu/fixtures/sanitizer_h200.txt");
    const size_t sync = text.find("== synccheck");
    REQUIRE(sync != std::string::npos);
    return std::string(section) == "racecheck" ? text.substr(0, sync) : text.substr(sync);
}

}  // namespace

TEST_CASE("racecheck hazards are grouped by their pair of source lines") {
    const SanitizerReport r = parseRacecheck(capture("racecheck"));
    CHECK(r.summaryFound);
    CHECK(r.errors == 53632 + 50304);
    REQUIRE(r.findings.size() == 1);
    const SanitizerFinding& f = r.findings[0];
    CHECK(f.kind == "WAR");
    CHECK(f.firstAccess == "Read");
    CHECK(f.firstFile == "missing_second_barrier.cu");
    CHECK(f.firstLine == 24);
    CHECK(f.secondAccess == "Write");
    CHECK(f.secondLine == 19);
    CHECK(f.firstThread == "(15,4)");
    CHECK(f.block == "(0,2)");
    CHECK(f.count == 5);
}

TEST_CASE("synccheck's divergent barriers name the line") {
    const SanitizerReport r = parseSynccheck(capture("synccheck"));
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == "divergent");
    CHECK(r.findings[0].firstFile == "barrier_in_if.cu");
    CHECK(r.findings[0].firstLine == 21);
    CHECK(r.findings[0].detail == "Divergent thread(s) in warp.");
}

TEST_CASE("a run without a summary is not a clean run") {
    CHECK_FALSE(parseRacecheck("========= COMPUTE-SANITIZER\nSegmentation fault\n").summaryFound);
    const SanitizerReport clean = parseSynccheck("========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: 0 errors\n");
    CHECK(clean.summaryFound);
    CHECK(clean.errors == 0);
}

TEST_CASE("the analysis report style is read too") {
    const SanitizerReport r = parseRacecheck(
        "========= Error: Race reported between Write access at matMulTiled(const float *, const float *, float *, int)+0x300 in k.cu:20\n"
        "=========     and Read access at matMulTiled(const float *, const float *, float *, int)+0x340 in k.cu:22 [16 hazards]\n"
        "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n");
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].firstLine == 20);
    CHECK(r.findings[0].secondLine == 22);
    CHECK(r.errors == 1);
}

TEST_CASE("the sanitizer's command: racecheck's analysis threads are capped only when a share of the cores is given") {
    using Words = std::vector<std::string>;
    CHECK(sanitizerCommand("cs", "synccheck", 2) == Words{"cs", "--tool", "synccheck", "--print-limit", "100"});
    CHECK(sanitizerCommand("cs", "racecheck", 0) == Words{"cs", "--tool", "racecheck", "--print-limit", "100", "--racecheck-report", "hazard"});
    CHECK(sanitizerCommand("cs", "racecheck", 3) ==
          Words{"cs", "--tool", "racecheck", "--print-limit", "100", "--racecheck-report", "hazard", "--racecheck-num-workers", "3"});
}
