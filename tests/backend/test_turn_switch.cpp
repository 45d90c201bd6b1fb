// A timed run's turn switch: a child that says its timed launches begin
// waits until the grader has switched to the exclusive turn, and its saying
// they have ended switches back; a child that says nothing costs nothing.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <fstream>
#include <string>
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
