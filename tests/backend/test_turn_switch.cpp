// A GPU child's turn switch: a child that says its timed launches begin
// waits until the grader has switched to the exclusive turn, and its saying
// they have ended switches back; it holds a shared turn around its GPU work
// and gives it back outside it; its waits are not its running time; a child
// that says nothing costs nothing.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "backend/backend.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

/// A child that follows the harness's side of the protocol (harness.cu's timedSection) with `body`.
BuildResult scriptChild(const fs::path& folder, const std::string& body) {
    fs::create_directories(folder);
    const fs::path script = folder / "child";
    std::ofstream(script) << "#!/bin/sh\nrecord=$1\necho 'record 1 mode=timing n=16 phase=0 seed=1' > \"$record\"\n" << body;
    fs::permissions(script, fs::perms::owner_all);
    BuildResult build;
    build.ok = true;
    build.executable = script;
    return build;
}

}  // namespace

TEST_CASE("the child's timed section runs in the exclusive turn, and its end gives the shared turn back") {
    TempFolder tmp("turn-switch");
    std::vector<std::string> calls;
    const TurnSwitch turns{[&] { calls.push_back("exclusive"); }, [&] { calls.push_back("shared"); }};
    // It asks, waits for the grant (exit 3 without one), and says it has ended.
    const BuildResult build = scriptChild(tmp.path, R"(
printf R > "$GRADER_TURN_FIFOS/ready"
granted=$(dd if="$GRADER_TURN_FIFOS/go" bs=1 count=1 2>/dev/null)
[ "$granted" = G ] || exit 3
printf D > "$GRADER_TURN_FIFOS/ready"
sleep 0.2
)");
    RunRequest request;
    request.mode = RunMode::Timing;
    request.timeLimitS = 20;
    const RunRecord record = runChild(build, request, {}, &turns);
    INFO(record.process.output);
    CHECK(record.process.exitCode == 0);
    CHECK(calls == std::vector<std::string>{"exclusive", "shared"});
}

TEST_CASE("a child that never asks runs in the turn it started in") {
    TempFolder tmp("turn-switch-silent");
    int switched = 0;
    const TurnSwitch turns{[&] { ++switched; }, [&] { ++switched; }};
    const BuildResult build = scriptChild(tmp.path, "[ -p \"$GRADER_TURN_FIFOS/ready\" ] || exit 4\n");
    RunRequest request;
    request.timeLimitS = 20;
    const RunRecord record = runChild(build, request, {}, &turns);
    CHECK(record.process.exitCode == 0);  // the fifos were there for it
    CHECK(switched == 0);
    const RunRecord plain = runChild(build, request);  // without a switch, no fifos are named
    CHECK(plain.process.exitCode != 0);
}

TEST_CASE("a child holds a shared turn around its GPU work and gives it back outside it") {
    TempFolder tmp("turn-switch-work");
    std::vector<std::string> calls;
    const TurnSwitch turns{[&] { calls.push_back("exclusive"); }, [&] { calls.push_back("shared"); }, [&] { calls.push_back("none"); }};
    // As the harness does: no turn at main's start, a shared one for its GPU work (waiting for the grant), none after.
    const BuildResult build = scriptChild(tmp.path, R"sh(
printf E > "$GRADER_TURN_FIFOS/ready"
sleep 0.1
printf S > "$GRADER_TURN_FIFOS/ready"
[ "$(dd if="$GRADER_TURN_FIFOS/go" bs=1 count=1 2>/dev/null)" = G ] || exit 3
printf E > "$GRADER_TURN_FIFOS/ready"
sleep 0.2
)sh");
    RunRequest request;
    request.timeLimitS = 20;
    const RunRecord record = runChild(build, request, {}, &turns);
    INFO(record.process.output);
    CHECK(record.process.exitCode == 0);
    CHECK(calls == std::vector<std::string>{"none", "shared", "none"});
}

TEST_CASE("a child's waits for its turns do not count towards its time limit, its running does") {
    TempFolder tmp("turn-switch-wait");
    // Each turn takes 1.5 s to come, longer than the child's limit of 1 s.
    auto slowly = [] { std::this_thread::sleep_for(std::chrono::milliseconds(1500)); };
    const TurnSwitch turns{slowly, slowly, [] {}};
    RunRequest request;
    request.timeLimitS = 1;
    const BuildResult waits = scriptChild(tmp.path / "waits", R"sh(
printf S > "$GRADER_TURN_FIFOS/ready"
[ "$(dd if="$GRADER_TURN_FIFOS/go" bs=1 count=1 2>/dev/null)" = G ] || exit 3
sleep 0.3
)sh");
    const RunRecord waited = runChild(waits, request, {}, &turns);
    INFO(waited.process.output);
    CHECK_FALSE(waited.process.timedOut);
    CHECK(waited.process.exitCode == 0);

    const BuildResult runs = scriptChild(tmp.path / "runs", "sleep 3\n");
    const RunRecord ran = runChild(runs, request, {}, &turns);
    CHECK(ran.process.timedOut);
    CHECK(ran.process.seconds < 2.5);  // its own limit, not the allowance for waits

    // The same in one process of several runs: each run's own limit leaves its waits out.
    const BuildResult cases = scriptChild(tmp.path / "cases", R"sh(
echo 'record 1 mode=matmul n=16 phase=0 seed=1' > "$1.0"
printf S > "$GRADER_TURN_FIFOS/ready"
[ "$(dd if="$GRADER_TURN_FIFOS/go" bs=1 count=1 2>/dev/null)" = G ] || exit 3
sleep 0.3
echo end >> "$1.0"
echo 'record 1 mode=matmul n=16 phase=0 seed=1' > "$1.1"
printf S > "$GRADER_TURN_FIFOS/ready"
[ "$(dd if="$GRADER_TURN_FIFOS/go" bs=1 count=1 2>/dev/null)" = G ] || exit 3
echo end >> "$1.1"
)sh");
    const std::vector<RunRecord> records = runChildCases(cases, {request, request}, {}, &turns);
    REQUIRE(records.size() == 2);
    CHECK_FALSE(records.back().process.timedOut);
    CHECK(records.back().process.exitCode == 0);
}
