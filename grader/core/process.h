// Runs a command in a child process with limits: wall time (the whole process
// group is killed), CPU time, memory, processes and output size; stdout and
// stderr go to a file. This is how student code runs, never in-process.
// A child never gets a CI runner's variables (GITHUB_*, ACTIONS_*, RUNNER_*,
// INPUT_*, STATE_*): on GitHub Classroom's runner they name the files that
// decide a step's result and hold tokens that write elsewhere.
// Non-goal: isolation from the file system or network (the batch sandbox's job).
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace grader {

/// Limits applied to one child process and its descendants.
struct ProcessLimits {
    double wallSeconds = 20;
    long cpuSeconds = 0;                 ///< 0: wall limit + 1
    long long memoryBytes = 4LL << 30;   ///< data segment (RLIMIT_DATA)
    long long outputBytes = 8LL << 20;   ///< largest file the child may write
    long processes = 0;                  ///< 0: no limit
    /// Asked every few milliseconds while the child runs: true ends it as timed out before wallSeconds
    /// (a child running several runs, each with its own limit). Empty: wallSeconds alone.
    std::function<bool()> overdue;
};

/// How a child ended, and what it printed.
struct ProcessResult {
    bool started = false;
    bool timedOut = false;
    int exitCode = -1;        ///< when it exited
    int signal = 0;           ///< when a signal ended it
    double seconds = 0;
    std::string output;       ///< stdout and stderr, cut to the last 64 KB
    std::string startError;   ///< why it could not start

    bool succeeded() const { return started && !timedOut && signal == 0 && exitCode == 0; }
    /// "exited with status 3", "killed by SIGSEGV (segmentation fault)", "timed out after 20 s".
    std::string describe() const;
    /// The first line of the output (at most 200 characters), else describe(): for one-line errors.
    std::string brief() const;
};

/// Runs argv[0] with arguments; `workDir` may be empty; `env` adds NAME=VALUE entries.
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessLimits& limits,
                         const std::filesystem::path& workDir = {},
                         const std::vector<std::string>& env = {});

/// The name of a signal with its plain meaning: "SIGSEGV (segmentation fault)".
std::string signalName(int signal);

}  // namespace grader
