// A child that runs several runs (mode "cases"): each run gets its own
// arguments and its own time limit, the records of the runs it reached come
// back in order, and the run that did not end carries the time-out.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

/// A child speaking the harness's cases protocol: RECORD cases N PHASE SEED CASE...; it writes
/// RECORD.i for case i and runs `body` with $i and the case's argument $c set.
BuildResult casesChild(const fs::path& folder, const std::string& body) {
    fs::create_directories(folder);
    const fs::path script = folder / "child";
    std::ofstream(script) << "#!/bin/sh\nrecord=$1\nshift 5\ni=0\nfor c in \"$@\"; do\n"
                             "  echo \"record 1 mode=matmul n=16 phase=0 seed=1\" > \"$record.$i\"\n"
                          << body << "\n  echo end >> \"$record.$i\"\n  i=$((i+1))\ndone\n";
    fs::permissions(script, fs::perms::owner_all);
    BuildResult build;
    build.ok = true;
    build.executable = script;
    return build;
}

RunRequest request(RunMode mode, int n, double limit, std::vector<std::string> extra = {}) {
    RunRequest r;
    r.mode = mode;
    r.n = n;
    r.timeLimitS = limit;
    r.extra = std::move(extra);
    return r;
}

}  // namespace

TEST_CASE("a cases child gets each run's mode, size, phase and arguments, and returns a record for each") {
    TempFolder tmp("child-cases");
    const BuildResult build = casesChild(tmp.path, "  echo \"$c\" >&2");
    const std::vector<RunRequest> cases = {request(RunMode::Matmul, 1024, 30), request(RunMode::Speedup, 2048, 120, {"10", "200", "0.01", "20"})};
    const std::vector<RunRecord> records = runChildCases(build, cases);
    REQUIRE(records.size() == 2);
    for (const auto& r : records) CHECK(r.complete);
    CHECK(records[1].process.succeeded());
    INFO(records[1].process.output);
    CHECK(records[1].process.output.find("matmul:1024:0\nspeedup:2048:0:10:200:0.01:20") != std::string::npos);
}

TEST_CASE("each run of a cases child is held to its own time limit, not to the sum of them") {
    TempFolder tmp("child-cases-limit");
    // Run 0 ends at once; run 1 never ends: its own limit (1 s) ends the child, not the sum (21 s).
    const BuildResult build = casesChild(tmp.path, "  [ $i = 1 ] && sleep 60");
    const std::vector<RunRequest> cases = {request(RunMode::Matmul, 64, 20), request(RunMode::Speedup, 64, 1)};
    const auto start = std::chrono::steady_clock::now();
    const std::vector<RunRecord> records = runChildCases(build, cases);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(records.size() == 2);
    CHECK(records[0].complete);
    CHECK(records[0].process.succeeded());
    CHECK(!records[1].complete);
    CHECK(records[1].process.timedOut);
    CHECK(records[1].process.seconds < 5);  // the run's own time, as a run of its own reports it
    CHECK(took < 10);
}

TEST_CASE("a cases child that stops after a run returns only the records it wrote") {
    TempFolder tmp("child-cases-stop");
    const BuildResult build = casesChild(tmp.path, "  [ $i = 0 ] && { echo end >> \"$record.$i\"; exit 0; }");
    const std::vector<RunRecord> records = runChildCases(build, {request(RunMode::Matmul, 64, 20), request(RunMode::Timing, 64, 20)});
    REQUIRE(records.size() == 1);
    CHECK(records[0].complete);
}
