// The sandbox (core/sandbox.h): the bubblewrap command line it builds, and
// what a sandboxed command can and cannot do. The behavioural cases run the
// real bubblewrap and are skipped where it does not work.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "test_support.h"
#include "backend/backend.h"
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

TEST_CASE("confined by user where bubblewrap cannot run: another uid, no way to write root's folders, nothing left running") {
    if (geteuid() != 0) {
        MESSAGE("not root: confining by user needs root, skipping");
        return;
    }
    // A uid of this test's own: killing what a uid left running must not touch another grader's sandbox (61537).
    const std::string uid = std::to_string(62000 + getpid() % 1000);
    setenv("GRADER_SANDBOX_UID", uid.c_str(), 1);
    TempFolder tmp("sandbox-user");
    fs::create_directories(tmp.path / "runtime");
    fs::create_directories(tmp.path / "results");  // root's, as Gradescope's /autograder/results
    fs::permissions(tmp.path, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
    fs::create_directories(tmp.path / "hidden");
    fs::permissions(tmp.path / "hidden", fs::perms::owner_all, fs::perm_options::replace);
    SandboxPolicy policy;
    policy.readOnly = {tmp.path / "runtime"};
    policy.hidden = {tmp.path / "hidden"};
    auto sandbox = Sandbox::openUserOnly(policy);
    unsetenv("GRADER_SANDBOX_UID");
    REQUIRE_MESSAGE(sandbox.ok(), (sandbox.ok() ? "" : sandbox.error().format()));
    CHECK(sandbox->userOnly());
    CHECK(sandbox->describe().find("as uid " + uid) != std::string::npos);
    const auto argv = sandbox->wrap({"/bin/true"}, {{}, {tmp.path / "run"}});
    CHECK(has(argv, {"/usr/bin/setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--inh-caps=-all", "--no-new-privs"}));
    CHECK(has(argv, {"/usr/bin/env", "-i", "PATH=/usr/bin:/bin"}));
    CHECK(has(argv, {"--nproc=64:64"}));

    fs::create_directories(tmp.path / "run");
    activateSandbox(std::make_shared<const Sandbox>(*sandbox));
    ProcessLimits limits;
    limits.wallSeconds = 20;
    const std::string try_ = "id -u; touch '" + (tmp.path / "results" / "forged.json").string() + "' 2>/dev/null && echo RESULTS_WRITABLE; " +
                             "ls '" + (tmp.path / "hidden").string() + "' >/dev/null 2>&1 && echo HIDDEN_READABLE; " +
                             "kill -9 " + std::to_string(getpid()) + " 2>/dev/null && echo GRADER_KILLED; " +
                             "touch written && echo RUN_WRITABLE; setsid sleep 300 > /dev/null 2>&1 < /dev/null & echo LEFT_A_DAEMON";
    ProcessResult tried = runSandboxed({"/bin/sh", "-c", try_}, {{}, {tmp.path / "run"}}, limits);
    CHECK(tried.succeeded());
    CHECK(tried.output.rfind(uid + "\n", 0) == 0);
    CHECK(tried.output.find("RESULTS_WRITABLE") == std::string::npos);
    CHECK(tried.output.find("HIDDEN_READABLE") == std::string::npos);
    CHECK(tried.output.find("GRADER_KILLED") == std::string::npos);
    CHECK(tried.output.find("RUN_WRITABLE") != std::string::npos);
    CHECK(tried.output.find("LEFT_A_DAEMON") != std::string::npos);
    CHECK_FALSE(fs::exists(tmp.path / "results" / "forged.json"));
    struct stat info {};
    REQUIRE(stat((tmp.path / "run" / "written").c_str(), &info) == 0);
    CHECK(info.st_uid == geteuid());  // given back to the grader once the command ended
    // The daemon went with the last command in flight: no process of the uid is left (a zombie not yet reaped aside).
    ProcessResult left = runProcess({"/bin/sh", "-c", "ps -U " + uid + " -o pid=,stat=,args= | grep -v ' Z'"}, limits);
    CHECK_MESSAGE(left.exitCode == 1, "left running as uid " << uid << ": " << left.output);
    activateSandbox(nullptr);
}

TEST_CASE("confining by user refuses where the uid could read a hidden folder") {
    if (geteuid() != 0) return;
    const std::string uid = std::to_string(62000 + getpid() % 1000);
    setenv("GRADER_SANDBOX_UID", uid.c_str(), 1);
    TempFolder tmp("sandbox-user-hidden");
    fs::create_directories(tmp.path / "solutions");
    fs::permissions(tmp.path, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
    fs::permissions(tmp.path / "solutions", fs::perms::all, fs::perm_options::replace);
    SandboxPolicy policy;
    policy.hidden = {tmp.path / "solutions"};
    auto sandbox = Sandbox::openUserOnly(policy);
    unsetenv("GRADER_SANDBOX_UID");
    REQUIRE_FALSE(sandbox.ok());
    CHECK(sandbox.error().message.find("can read " + fs::weakly_canonical(tmp.path / "solutions").string() + ", which it must not") !=
          std::string::npos);
}

TEST_CASE("inside the sandbox a timed run's child still reaches the grader's turn switch") {
    TempFolder tmp("sandbox-turns");
    fs::create_directories(tmp.path / "runtime");
    fs::create_directories(tmp.path / "build");
    auto sandbox = openSandbox(tmp.path / "runtime", tmp.path / "runtime" / "solutions");
    if (!sandbox) return;
    // The harness's side of the protocol (harness.cu's timedSection), as the sandbox's uid.
    writeText(tmp.path / "build" / "child", "#!/bin/sh\necho 'record 1 mode=timing n=16 phase=0 seed=1' > \"$1\"\n"
                                            "printf R > \"$GRADER_TURN_FIFOS/ready\"\n"
                                            "[ \"$(dd if=\"$GRADER_TURN_FIFOS/go\" bs=1 count=1 2>/dev/null)\" = G ] || exit 3\n"
                                            "printf D > \"$GRADER_TURN_FIFOS/ready\"\nsleep 0.2\n");
    fs::permissions(tmp.path / "build" / "child", fs::perms::all & ~fs::perms::group_write & ~fs::perms::others_write);
    fs::permissions(tmp.path / "build", fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
    BuildResult build;
    build.ok = true;
    build.executable = tmp.path / "build" / "child";
    std::vector<std::string> calls;
    const TurnSwitch turns{[&] { calls.push_back("exclusive"); }, [&] { calls.push_back("shared"); }};
    RunRequest request;
    request.mode = RunMode::Timing;
    request.timeLimitS = 20;
    activateSandbox(std::make_shared<const Sandbox>(*sandbox));
    const RunRecord record = runChild(build, request, {}, &turns);
    activateSandbox(nullptr);
    INFO(record.process.output);
    CHECK(record.process.exitCode == 0);
    CHECK(calls == std::vector<std::string>{"exclusive", "shared"});
}
