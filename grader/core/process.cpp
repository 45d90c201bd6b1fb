// fork/exec with rlimits, a process group per child, and a wall-clock kill.
// Built for wasm32 (the browser's judge, web/judge/), only signalName and
// ProcessResult's texts are: runProcess is not there.
#include "core/process.h"

#ifndef __wasm__  // the browser's judge starts no process: it has signalName and ProcessResult's texts only
#include "core/interrupt.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#else
#include <csignal>  // the signal numbers (wasi-libc defines them for signalName's table)
#endif

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace grader {

#ifndef __wasm__
namespace {

void setLimit(int resource, rlim_t value) {
    struct rlimit limit = {value, value};
    setrlimit(resource, &limit);
}

/// True for the variables a CI runner hands its steps (GitHub Actions: GITHUB_OUTPUT, GITHUB_ENV,
/// ACTIONS_RUNTIME_TOKEN, ...): the files that decide a step's result and the tokens that write elsewhere.
bool ciRunnerVariable(const char* entry) {
    for (const char* prefix : {"GITHUB_", "ACTIONS_", "RUNNER_", "INPUT_", "STATE_"})
        if (std::strncmp(entry, prefix, std::strlen(prefix)) == 0) return true;
    return false;
}

/// The child's environment, made before fork (no allocation after it): the grader's, without a CI runner's
/// variables, with `env` (NAME=VALUE) set over it.
std::vector<std::string> childEnvironment(const std::vector<std::string>& env) {
    std::vector<std::string> entries;
    for (char** e = environ; *e; ++e) {
        if (ciRunnerVariable(*e)) continue;
        const char* eq = std::strchr(*e, '=');
        const size_t nameLength = eq ? size_t(eq - *e) + 1 : std::strlen(*e);
        bool overridden = false;
        for (const auto& set : env) overridden = overridden || set.compare(0, nameLength, *e, nameLength) == 0;
        if (!overridden) entries.emplace_back(*e);
    }
    entries.insert(entries.end(), env.begin(), env.end());
    return entries;
}

std::string readTail(const std::filesystem::path& path, size_t maxBytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    in.seekg(0, std::ios::end);
    const auto size = static_cast<size_t>(in.tellg());
    const size_t start = size > maxBytes ? size - maxBytes : 0;
    in.seekg(static_cast<std::streamoff>(start));
    std::string text(size - start, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    return text;
}

/// What the child execs, made before fork (no allocation after it): argv and its environment as C arrays.
struct ExecPlan {
    std::vector<char*> args;
    std::vector<std::string> environment;
    std::vector<char*> envp;
};

/// The exec plan for `argv` with the child's environment (childEnvironment).
ExecPlan execPlan(const std::vector<std::string>& argv, const std::vector<std::string>& env) {
    ExecPlan plan;
    for (const auto& a : argv) plan.args.push_back(const_cast<char*>(a.c_str()));
    plan.args.push_back(nullptr);
    plan.environment = childEnvironment(env);
    for (const auto& e : plan.environment) plan.envp.push_back(const_cast<char*>(e.c_str()));
    plan.envp.push_back(nullptr);
    return plan;
}

/// In the forked child: a process group of its own, /dev/null as input, `outputFd` as output, the limits,
/// then exec; when exec fails, its errno goes to `errorPipe` for the parent.
[[noreturn]] void execChild(const ExecPlan& plan, const ProcessLimits& limits, const std::filesystem::path& workDir, int outputFd,
                            const int errorPipe[2]) {
    setpgid(0, 0);
    close(errorPipe[0]);
    const int devNull = open("/dev/null", O_RDONLY);
    dup2(devNull, 0);
    dup2(outputFd, 1);
    dup2(outputFd, 2);
    // Descriptors other threads opened (their output files, results being
    // written) must not leak into this child: close them at exec.
    syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */);
    const long cpu = limits.cpuSeconds > 0 ? limits.cpuSeconds : static_cast<long>(limits.wallSeconds) + 1;
    setLimit(RLIMIT_CPU, static_cast<rlim_t>(cpu));
    if (limits.memoryBytes > 0) setLimit(RLIMIT_DATA, static_cast<rlim_t>(limits.memoryBytes));
    if (limits.outputBytes > 0) setLimit(RLIMIT_FSIZE, static_cast<rlim_t>(limits.outputBytes));
    if (limits.processes > 0) setLimit(RLIMIT_NPROC, static_cast<rlim_t>(limits.processes));
    setLimit(RLIMIT_CORE, 0);
    if (!workDir.empty() && chdir(workDir.c_str()) != 0) _exit(127);
    execvpe(plan.args[0], plan.args.data(), plan.envp.data());
    const int error = errno;
    ssize_t ignored = write(errorPipe[1], &error, sizeof error);
    (void)ignored;
    _exit(127);
}

/// Waits for the child `pid` and returns its wait status; its group is killed when the grader is
/// interrupted, or past `wallSeconds` since `start` or when `overdue` says so (then `timedOut` is set).
int waitWithDeadline(pid_t pid, const ProcessLimits& limits, std::chrono::steady_clock::time_point start, bool& timedOut) {
    int status = 0;
    while (true) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) return status;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const bool stopped = interrupted();  // the person asked the grader to stop: so does the child (its result is discarded)
        if (stopped || elapsed > limits.wallSeconds || (limits.overdue && limits.overdue())) {
            timedOut = !stopped;
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            return status;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(elapsed < 1 ? 2 : 20));
    }
}

}  // namespace
#endif  // __wasm__

std::string signalName(int signal) {
    switch (signal) {
        case SIGSEGV: return "SIGSEGV (segmentation fault: an invalid memory access)";
        case SIGBUS: return "SIGBUS (bus error: an invalid memory access)";
        case SIGFPE: return "SIGFPE (arithmetic error, e.g. an integer division by zero)";
        case SIGABRT: return "SIGABRT (abort: an assertion or a failed allocation)";
        case SIGILL: return "SIGILL (illegal instruction)";
        case SIGKILL: return "SIGKILL (killed: a limit was exceeded)";
        case SIGXCPU: return "SIGXCPU (CPU time limit exceeded)";
        case SIGXFSZ: return "SIGXFSZ (output size limit exceeded)";
        case SIGTERM: return "SIGTERM";
        default: return "signal " + std::to_string(signal);
    }
}

std::string ProcessResult::brief() const {
    if (output.empty()) return describe();
    std::string line = output.substr(0, output.find('\n'));
    return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

std::string ProcessResult::describe() const {
    std::ostringstream out;
    if (!started) out << "could not start: " << startError;
    else if (timedOut) out << "timed out after " << static_cast<int>(seconds + 0.5) << " s";
    else if (signal) out << "killed by " << signalName(signal);
    else out << "exited with status " << exitCode;
    return out.str();
}

#ifndef __wasm__
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessLimits& limits,
                         const std::filesystem::path& workDir, const std::vector<std::string>& env) {
    ProcessResult result;
    char outputTemplate[] = "/tmp/grader-output-XXXXXX";
    const int outputFd = mkstemp(outputTemplate);
    if (outputFd < 0) {
        result.startError = std::strerror(errno);
        return result;
    }
    const std::filesystem::path outputPath = outputTemplate;
    int errorPipe[2];
    if (pipe2(errorPipe, O_CLOEXEC) != 0) {
        result.startError = std::strerror(errno);
        close(outputFd);
        return result;
    }
    const ExecPlan plan = execPlan(argv, env);
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) execChild(plan, limits, workDir, outputFd, errorPipe);
    close(errorPipe[1]);
    close(outputFd);
    if (pid < 0) {
        result.startError = std::strerror(errno);
        close(errorPipe[0]);
        std::filesystem::remove(outputPath);
        return result;
    }
    int execError = 0;
    const bool execFailed = read(errorPipe[0], &execError, sizeof execError) == sizeof execError;
    close(errorPipe[0]);
    const int status = waitWithDeadline(pid, limits, start, result.timedOut);
    kill(-pid, SIGKILL);  // anything the child left behind in its group
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.started = !execFailed;
    if (execFailed) result.startError = argv[0] + ": " + std::strerror(execError);
    if (!result.timedOut) {
        if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
        if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    }
    result.output = readTail(outputPath, 64 * 1024);
    std::filesystem::remove(outputPath);
    return result;
}

#endif  // __wasm__

}  // namespace grader
