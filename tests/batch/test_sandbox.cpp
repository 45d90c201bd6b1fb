// The sandbox (core/sandbox.h): the bubblewrap command line it builds, and
// what a sandboxed command can and cannot do. The behavioural cases run the
// real bubblewrap and are skipped where it does not work.
#include <doctest/doctest.h>

#include <algorithm>

#include "test_support.h"
#include "core/sandbox.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

bool has(const std::vector<std::string>& argv, const std::vector<std::string>& run) {
    return std::search(argv.begin(), argv.end(), run.begin(), run.end()) != argv.end();
}

/// A sandbox whose policy shows `runtime` and hides `hidden`, or nullopt where bubblewrap does not work.
std::optional<Sandbox> openSandbox(const fs::path& runtime, const fs::path& hidden) {
    SandboxPolicy policy;
    policy.readOnly = {runtime};
    policy.hidden = {hidden};
    auto sandbox = Sandbox::open(policy);
    if (!sandbox) {
        MESSAGE("bubblewrap does not work here, skipping: " << sandbox.error().format());
        return std::nullopt;
    }
    return *sandbox;
}

}  // namespace

TEST_CASE("a sandboxed command line: no network, dies with the grader, its own folders and a task cap") {
    TempFolder tmp("sandbox-argv");
    fs::create_directories(tmp.path / "runtime");
    fs::create_directories(tmp.path / "runtime" / "solutions");
    auto sandbox = openSandbox(tmp.path / "runtime", tmp.path / "runtime" / "solutions");
    if (!sandbox) return;
    const auto argv = sandbox->wrap({"/bin/true"}, {{tmp.path / "build"}, {tmp.path / "run"}});
    CHECK(has(argv, {"--unshare-all"}));
    CHECK(has(argv, {"--die-with-parent"}));
    CHECK(has(argv, {"--clearenv"}));
    CHECK(has(argv, {"--ro-bind", (tmp.path / "build").string(), (tmp.path / "build").string()}));
    CHECK(has(argv, {"--bind", (tmp.path / "run").string(), (tmp.path / "run").string()}));
    CHECK(has(argv, {"--tmpfs", fs::weakly_canonical(tmp.path / "runtime" / "solutions").string()}));  // masked under a bound folder
    CHECK(has(argv, {"--remount-ro", "/"}));
    CHECK(has(argv, {"--nproc=64:64"}));
    CHECK(argv.back() == "/bin/true");
}

TEST_CASE("inside the sandbox: a crash keeps its signal and hidden or unbound folders are not there") {
    TempFolder tmp("sandbox-run");
    fs::create_directories(tmp.path / "runtime" / "solutions");
    writeText(tmp.path / "runtime" / "solutions" / "answer.cu", "secret");
    writeText(tmp.path / "elsewhere" / "other.cu", "a classmate's");
    fs::create_directories(tmp.path / "run");
    auto sandbox = openSandbox(tmp.path / "runtime", tmp.path / "runtime" / "solutions");
    if (!sandbox) return;
    activateSandbox(std::make_shared<const Sandbox>(*sandbox));
    ProcessLimits limits;
    limits.wallSeconds = 20;
    const SandboxMounts mounts{{}, {tmp.path / "run"}};

    ProcessResult crashed = runSandboxed({"/bin/sh", "-c", "kill -SEGV $$"}, mounts, limits);
    CHECK(crashed.signal == 11);
    CHECK(crashed.describe().find("SIGSEGV") != std::string::npos);

    const std::string look = "test -e '" + (tmp.path / "runtime" / "solutions" / "answer.cu").string() + "' && echo SOLUTION; " +
                             "test -e '" + (tmp.path / "elsewhere" / "other.cu").string() + "' && echo CLASSMATE; " +
                             "touch /escape 2>/dev/null && echo ROOT_WRITABLE; touch written && echo RUN_WRITABLE; true";
    ProcessResult looked = runSandboxed({"/bin/sh", "-c", look}, mounts, limits);
    activateSandbox(nullptr);
    CHECK(looked.succeeded());
    CHECK(looked.output.find("SOLUTION") == std::string::npos);
    CHECK(looked.output.find("CLASSMATE") == std::string::npos);
    CHECK(looked.output.find("ROOT_WRITABLE") == std::string::npos);
    CHECK(looked.output.find("RUN_WRITABLE") != std::string::npos);
    CHECK(fs::exists(tmp.path / "run" / "written"));
}

TEST_CASE("no sandbox is active by default: grader check runs its children as before") {
    CHECK(activeSandbox() == nullptr);
    ProcessLimits limits;
    ProcessResult plain = runSandboxed({"/bin/sh", "-c", "exit 139"}, {}, limits);
    CHECK(plain.exitCode == 139);  // unsandboxed, an exit status stays an exit status
    CHECK(plain.signal == 0);
}
