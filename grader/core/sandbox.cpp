// Building the bubblewrap command line, probing that it works, and the
// process-wide active sandbox the backends consult.
#include "core/sandbox.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>

#include "core/process.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr uid_t kDefaultSandboxUid = 61537;
const char* const kSetpriv = "/usr/bin/setpriv";
const char* const kPrlimit = "/usr/bin/prlimit";
const char* const kEnv = "/usr/bin/env";

std::mutex activeMutex;
std::shared_ptr<const Sandbox> active;

/// User-only confinement: how many sandboxed commands are running; the last to end kills the leftovers,
/// holding the mutex so that no command starts meanwhile.
std::mutex flightMutex;
int inFlight = 0;

/// The environment every sandboxed command starts with.
const std::vector<std::string> kCleanEnv = {"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8"};

fs::path normal(const fs::path& p) {
    std::error_code ec;
    fs::path n = fs::weakly_canonical(p, ec);
    return ec ? p.lexically_normal() : n;
}

/// True when `inner` is `outer` or lies below it.
bool within(const fs::path& inner, const fs::path& outer) {
    auto o = outer.begin(), i = inner.begin();
    for (; o != outer.end(); ++o, ++i) {
        if (o->empty()) continue;  // a trailing separator
        if (i == inner.end() || *i != *o) return false;
    }
    return true;
}

std::optional<uid_t> throwawayUid() {
    if (geteuid() != 0) return std::nullopt;
    if (const char* env = std::getenv("GRADER_SANDBOX_UID"); env && *env) return static_cast<uid_t>(std::atol(env));
    return kDefaultSandboxUid;
}

/// The policy with its folders made absolute and canonical.
SandboxPolicy normalPolicy(SandboxPolicy policy) {
    for (auto& p : policy.readOnly) p = normal(p);
    for (auto& p : policy.hidden) p = normal(p);
    for (auto& p : policy.reachable) p = normal(p);
    return policy;
}

/// The processes whose real, effective or saved uid is `uid`, zombies left out.
std::vector<pid_t> livingProcessesOf(uid_t uid) {
    std::vector<pid_t> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream status(entry.path() / "status");
        std::string line, state;
        bool ours = false;
        while (std::getline(status, line)) {
            if (line.rfind("State:", 0) == 0) state = line.substr(6);
            if (line.rfind("Uid:", 0) == 0) {
                std::istringstream ids(line.substr(4));
                long real = -1, effective = -1, saved = -1;
                ids >> real >> effective >> saved;
                ours = real == long(uid) || effective == long(uid) || saved == long(uid);
            }
        }
        if (ours && state.find('Z') == std::string::npos && state.find('X') == std::string::npos)
            found.push_back(static_cast<pid_t>(std::atol(name.c_str())));
    }
    return found;
}

}  // namespace

fs::path defaultBubblewrap() {
    const char* env = std::getenv("GRADER_BWRAP");
    return env && *env ? fs::path(env) : fs::path("/usr/bin/bwrap");
}

Expected<Sandbox> Sandbox::open(SandboxPolicy policy) {
    const std::string noSandbox = "or pass --no-sandbox to grade without isolation (only for submissions you trust)";
    if (access(policy.bwrap.c_str(), X_OK) != 0)
        return Error{policy.bwrap.string(), "bubblewrap is not installed",
                     "install it (apt-get install bubblewrap, or scripts/install-deps.sh), " + noSandbox};
    if (access(kPrlimit, X_OK) != 0)
        return Error{kPrlimit, "prlimit is missing (it caps processes inside the sandbox)", "install util-linux, " + noSandbox};
    Sandbox sandbox;
    sandbox.runAs_ = throwawayUid();
    if (sandbox.runAs_ && access(kSetpriv, X_OK) != 0)
        return Error{kSetpriv, "setpriv is missing (the sandbox drops root with it)", "install util-linux, " + noSandbox};
    sandbox.policy_ = normalPolicy(std::move(policy));

    ProcessLimits limits;
    limits.wallSeconds = 20;
    ProcessResult version = runProcess({sandbox.policy_.bwrap.string(), "--version"}, limits);
    sandbox.version_ = version.succeeded() ? version.brief() : "bubblewrap";

    if (auto problem = sandbox.probe()) {
        std::string hint = "check that user namespaces are enabled (sysctl user.max_user_namespaces > 0), " + noSandbox;
        if (problem->find("cannot read") != std::string::npos && sandbox.runAs_)
            hint = "the sandbox runs as uid " + std::to_string(*sandbox.runAs_) +
                   ": make that folder readable by other users (chmod o+rx on it and its parents; GRADER_CACHE_DIR moves the build cache), " + noSandbox;
        return Error{"sandbox", "bubblewrap does not work here: " + *problem, hint};
    }
    return sandbox;
}

Expected<Sandbox> Sandbox::openUserOnly(SandboxPolicy policy) {
    const std::string noSandbox = "or pass --no-sandbox to grade without isolation (only for submissions you trust)";
    if (geteuid() != 0)
        return Error{"sandbox", "confining student code by user needs root, and the grader runs as uid " + std::to_string(geteuid()),
                     "run it as root (as Gradescope does), or install bubblewrap where user namespaces work, " + noSandbox};
    for (const char* tool : {kSetpriv, kPrlimit, kEnv})
        if (access(tool, X_OK) != 0) return Error{tool, "is missing (confining by user needs it)", "install util-linux and coreutils, " + noSandbox};
    Sandbox sandbox;
    sandbox.runAs_ = throwawayUid();
    sandbox.userOnly_ = true;
    sandbox.version_ = "user-only confinement";
    sandbox.policy_ = normalPolicy(std::move(policy));
    if (auto problem = sandbox.probe())
        return Error{"sandbox", "confining by user does not work here: " + *problem,
                     "the uid " + std::to_string(*sandbox.runAs_) + " (GRADER_SANDBOX_UID) must read the runtime and cache folders "
                     "(chmod o+rx) and must not read the hidden ones (chmod o-rx), " + noSandbox};
    return sandbox;
}

std::optional<std::string> Sandbox::probe() const {
    ProcessLimits limits;
    limits.wallSeconds = 20;
    // Every always-visible folder must be readable inside; under user-only confinement no hidden one may be.
    std::vector<std::string> probe = {"/bin/sh", "-c",
                                      "for p; do case $p in hidden:*) ! ls \"${p#hidden:}\" > /dev/null 2>&1 || "
                                      "{ echo \"can read ${p#hidden:}, which it must not\"; exit 4; } ;; *) test -r \"$p\" || "
                                      "{ echo \"cannot read $p inside the sandbox\"; exit 3; } ;; esac; done",
                                      "probe"};
    for (const auto& p : policy_.readOnly) probe.push_back(p.string());
    SandboxMounts reach;
    for (const auto& p : policy_.reachable) {
        std::error_code ec;
        fs::create_directories(p, ec);
        reach.readOnly.push_back(p);
        probe.push_back(p.string());
    }
    std::error_code ec;
    if (userOnly_)
        for (const auto& p : policy_.hidden)
            if (fs::exists(p, ec)) probe.push_back("hidden:" + p.string());
    ProcessResult probed = runProcess(wrap(probe, reach), limits);
    if (userOnly_) {
        reclaim(reach);
        killLeftovers();
    }
    if (probed.succeeded()) return std::nullopt;
    return probed.brief();
}

std::vector<std::string> Sandbox::wrap(const std::vector<std::string>& command, const SandboxMounts& mounts,
                                      const std::vector<std::string>& env) const {
    std::vector<std::string> argv;
    if (runAs_) {
        const std::string id = std::to_string(*runAs_);
        argv = {kSetpriv, "--reuid=" + id, "--regid=" + id, "--clear-groups"};
        std::error_code ec;
        for (const auto& w : mounts.writable)
            if (chown(w.c_str(), *runAs_, *runAs_) != 0) { /* the command then fails to write, with a message */ }
        for (const auto& r : mounts.readOnly)  // e.g. a cache entry that an unsandboxed `grader check` made
            fs::permissions(r, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add, ec);
    }
    auto add = [&](std::initializer_list<std::string> args) { argv.insert(argv.end(), args); };
    if (userOnly_) {  // no namespaces: the uid, no capabilities or new privileges, a clean environment, the task cap
        add({"--inh-caps=-all", "--no-new-privs", "--", kEnv, "-i"});
        argv.insert(argv.end(), kCleanEnv.begin(), kCleanEnv.end());
        argv.insert(argv.end(), env.begin(), env.end());
        add({kPrlimit, "--nproc=" + std::to_string(policy_.maxTasks) + ":" + std::to_string(policy_.maxTasks), "--"});
        argv.insert(argv.end(), command.begin(), command.end());
        return argv;
    }
    add({policy_.bwrap.string(), "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
         "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp",
         "--setenv", "LANG", "C.UTF-8", "--ro-bind", "/usr", "/usr"});
    for (const auto& entry : env)
        if (const size_t eq = entry.find('='); eq != std::string::npos) add({"--setenv", entry.substr(0, eq), entry.substr(eq + 1)});
    std::error_code ec;
    for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
        if (fs::is_symlink(top, ec)) add({"--symlink", fs::read_symlink(top, ec).string(), top});
        else if (fs::is_directory(top, ec)) add({"--ro-bind", top, top});
    }
    add({"--ro-bind-try", "/etc/alternatives", "/etc/alternatives", "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
         "--proc", "/proc", "--dev", "/dev", "--size", std::to_string(policy_.tmpBytes), "--tmpfs", "/tmp"});
    if (policy_.gpuDevices) {
        for (const auto& entry : fs::directory_iterator("/dev", ec))
            if (entry.path().filename().string().rfind("nvidia", 0) == 0) add({"--dev-bind", entry.path().string(), entry.path().string()});
        add({"--ro-bind-try", "/sys", "/sys"});
    }
    std::vector<fs::path> bound = {"/usr"};
    for (const auto& p : policy_.readOnly) add({"--ro-bind", p.string(), p.string()}), bound.push_back(p);
    for (const auto& p : mounts.readOnly) add({"--ro-bind", p.string(), p.string()}), bound.push_back(normal(p));
    for (const auto& p : mounts.writable) add({"--bind", p.string(), p.string()}), bound.push_back(normal(p));
    for (const auto& h : policy_.hidden) {  // mask a hidden folder that a bound one would show
        bool underBound = false, aboveBound = false;
        for (const auto& b : bound) {
            underBound |= within(h, b);
            aboveBound |= within(b, h) && b != h;
        }
        if (underBound && !aboveBound && fs::is_directory(h, ec)) add({"--tmpfs", h.string()});
    }
    const fs::path workDir = mounts.writable.empty() ? fs::path("/tmp") : mounts.writable.front();
    // The root holding the mount points is bwrap's own tmpfs: read-only too, so
    // only the writable folders and the private /tmp take writes.
    add({"--remount-ro", "/", "--chdir", workDir.string(), "--", kPrlimit,
         "--nproc=" + std::to_string(policy_.maxTasks) + ":" + std::to_string(policy_.maxTasks), "--"});
    argv.insert(argv.end(), command.begin(), command.end());
    return argv;
}

void Sandbox::killLeftovers() const {
    if (!userOnly_ || !runAs_) return;
    for (int pass = 0; pass < 400; ++pass) {  // a process forking meanwhile is caught on the next pass
        const std::vector<pid_t> left = livingProcessesOf(*runAs_);
        if (left.empty()) return;
        for (pid_t pid : left) kill(pid, SIGKILL);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void Sandbox::reclaim(const SandboxMounts& mounts) const {
    if (!userOnly_) return;
    constexpr long kMaxEntries = 100000;
    for (const auto& folder : mounts.writable) {
        std::error_code ec;
        if (lchown(folder.c_str(), geteuid(), getegid()) != 0) continue;
        long seen = 0;
        for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator() && ++seen < kMaxEntries;
             it.increment(ec))
            if (lchown(it->path().c_str(), geteuid(), getegid()) != 0) { /* gone meanwhile */ }
    }
}

std::string Sandbox::describe() const {
    if (userOnly_)
        return "user-only confinement (bubblewrap cannot run here) as uid " + std::to_string(runAs_ ? *runAs_ : 0) +
               ": no capabilities, no new privileges, at most " + std::to_string(policy_.maxTasks) + " tasks, leftovers killed";
    std::string text = version_;
    text += runAs_ ? " as uid " + std::to_string(*runAs_) : " as the current user";
    text += ": no network, private /tmp, at most " + std::to_string(policy_.maxTasks) + " tasks";
    if (policy_.gpuDevices) text += ", the GPU device files";
    return text;
}

void activateSandbox(std::shared_ptr<const Sandbox> sandbox) {
    std::shared_ptr<const Sandbox> previous;
    {
        std::lock_guard<std::mutex> lock(activeMutex);
        previous = std::exchange(active, std::move(sandbox));
    }
    if (previous && previous->userOnly()) {
        std::lock_guard<std::mutex> flight(flightMutex);
        previous->killLeftovers();
    }
}

std::shared_ptr<const Sandbox> activeSandbox() {
    std::lock_guard<std::mutex> lock(activeMutex);
    return active;
}

namespace {
thread_local long confinedStarts = 0;
}  // namespace

long sandboxedStartsOnThisThread() { return confinedStarts; }

double measureSandboxStartSeconds() {
    const auto sandbox = activeSandbox();
    if (!sandbox) return 0;
    ProcessLimits limits;
    limits.wallSeconds = 10;
    auto medianSeconds = [&](const std::vector<std::string>& command) {
        std::vector<double> times;
        for (int i = 0; i < 3; ++i) {
            const auto start = std::chrono::steady_clock::now();
            runProcess(command, limits);
            times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        std::sort(times.begin(), times.end());
        return times[1];
    };
    const std::vector<std::string> command = {"/usr/bin/true"};
    return std::max(0.0, medianSeconds(sandbox->wrap(command, {})) - medianSeconds(command));
}

ProcessResult runSandboxed(const std::vector<std::string>& command, const SandboxMounts& mounts, const ProcessLimits& limits,
                           const std::vector<std::string>& env) {
    const fs::path workDir = mounts.writable.empty() ? fs::path() : mounts.writable.front();
    const auto sandbox = activeSandbox();
    if (!sandbox) return runProcess(command, limits, workDir, env);
    ++confinedStarts;
    if (sandbox->userOnly()) {  // the command is the process itself (no bwrap in between): its signals are its own
        {
            std::lock_guard<std::mutex> flight(flightMutex);
            ++inFlight;
        }
        ProcessResult result = runProcess(sandbox->wrap(command, mounts, env), limits, workDir);
        sandbox->reclaim(mounts);
        std::lock_guard<std::mutex> flight(flightMutex);
        if (--inFlight == 0) sandbox->killLeftovers();
        return result;
    }
    ProcessResult result = runProcess(sandbox->wrap(command, mounts, env), limits, workDir);
    constexpr int kSignalBase = 128;
    if (result.started && !result.timedOut && result.signal == 0 && result.exitCode > kSignalBase &&
        result.exitCode < kSignalBase + 65) {
        result.signal = result.exitCode - kSignalBase;
        result.exitCode = -1;
    }
    return result;
}

}  // namespace grader
