// The batch sandbox: every compile and every run of a student's code in
// `grader batch` goes through bubblewrap (/usr/bin/bwrap, Debian package
// bubblewrap). What one sandboxed command gets, when Sandbox::open succeeded:
//   - no network: a network namespace of its own with no interfaces up;
//   - its own pid, ipc, uts and user namespaces; when the grader is root it
//     runs as a throwaway unprivileged uid (GRADER_SANDBOX_UID, default
//     61537) with no capabilities;
//   - a file system made of read-only /usr (and the /bin, /lib* links),
//     /etc/alternatives and /etc/ld.so.cache, the grader's runtime folder, the
//     folders the call names read-only (the build being run), the one folder
//     it may write (its build or run folder), a fresh /proc and /dev, and a
//     private size-limited tmpfs /tmp; never solutions/, never the
//     submissions or results folders (masked even where they sit under a
//     bound folder);
//   - an empty environment but PATH, HOME=/tmp, TMPDIR=/tmp, LANG=C.UTF-8;
//   - a cap on tasks (processes and threads, RLIMIT_NPROC counted inside its
//     own user namespace) on top of the CPU, memory and output-size rlimits
//     and the process-group wall-clock kill of runProcess;
//   - death of everything it started when it ends: its first process is pid
//     1 of its pid namespace, so a daemon that called setsid dies with it,
//     and --die-with-parent kills the sandbox when the grader dies (kill -9).
// Where bubblewrap cannot run but the grader is root (Gradescope's Docker
// container forbids the namespaces), Sandbox::openUserOnly confines by user
// alone: every command runs as the throwaway uid with no capabilities, an
// empty environment but the four variables above and the task cap; the folders
// it may write are the uid's while it runs and the grader's again after; and
// whatever it left running (a daemon that called setsid) is killed as soon as
// no sandboxed command is in flight, and when the sandbox is put away. So a
// student's code can neither signal nor trace the grader, nor write where the
// grader keeps its results (root's, mode 0755 or tighter); it still sees the
// file system as other users do, and the network.
// Non-goals: a syscall filter (seccomp), a disk quota on the writable folder
// (each file is capped by RLIMIT_FSIZE, the tmpfs by size), protection from
// kernel bugs. `grader check` (students running their own code) uses none.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/process.h"

namespace grader {

/// $GRADER_BWRAP, else /usr/bin/bwrap.
std::filesystem::path defaultBubblewrap();

/// How every sandboxed command is confined; fixed for a whole batch.
struct SandboxPolicy {
    std::filesystem::path bwrap = defaultBubblewrap();
    std::vector<std::filesystem::path> readOnly;  ///< always visible, read-only (the grader runtime folder)
    std::vector<std::filesystem::path> reachable; ///< must be reachable by the sandbox uid (the build cache)
    std::vector<std::filesystem::path> hidden;    ///< never visible, even under a bound folder (solutions, submissions)
    long maxTasks = 64;                           ///< processes and threads per sandboxed command
    long long tmpBytes = 64LL << 20;              ///< size of the private /tmp
    bool gpuDevices = false;                      ///< expose /dev/nvidia* for the gpu backend
};

/// What one sandboxed command may see beyond the policy's folders.
struct SandboxMounts {
    std::vector<std::filesystem::path> readOnly;  ///< e.g. the build folder whose child runs
    std::vector<std::filesystem::path> writable;  ///< e.g. the run folder (made writable for the sandbox uid); the first is the command's folder
};

/// A working bubblewrap sandbox, checked when opened.
class Sandbox {
public:
    /// Checks that bubblewrap runs here with `policy` and reaches its folders (a probe); the Error says why not.
    static Expected<Sandbox> open(SandboxPolicy policy);
    /// Confinement by user alone, where bubblewrap cannot run: the grader must be root, the throwaway uid must
    /// reach the policy's folders and must not reach its hidden ones (a probe); the Error says why not.
    static Expected<Sandbox> openUserOnly(SandboxPolicy policy);
    /// The argv that runs `command` confined, seeing `mounts`, with `env` (NAME=VALUE) set; prepares the writable folders' ownership.
    std::vector<std::string> wrap(const std::vector<std::string>& command, const SandboxMounts& mounts,
                                  const std::vector<std::string>& env = {}) const;
    /// One line for people: "bubblewrap 0.8.0, uid 61537, no network, 64 tasks".
    std::string describe() const;
    /// True for openUserOnly's confinement (no namespaces: what a command leaves running outlives it).
    bool userOnly() const { return userOnly_; }
    /// Kills every process the throwaway uid still runs (user-only confinement; nothing otherwise).
    void killLeftovers() const;
    /// Gives the writable folders back to the grader after a command (user-only confinement; nothing otherwise).
    void reclaim(const SandboxMounts& mounts) const;

private:
    /// Runs a confined command that checks the policy's folders; why it failed, or nullopt.
    std::optional<std::string> probe() const;

    SandboxPolicy policy_;
    std::optional<uid_t> runAs_;  ///< the throwaway uid when the grader is root
    std::string version_;
    bool userOnly_ = false;
};

/// Makes `sandbox` the one every compile and child run goes through (nullptr: none, as in `grader check`);
/// a user-only sandbox put away has its leftover processes killed first.
void activateSandbox(std::shared_ptr<const Sandbox> sandbox);
/// The active sandbox, or nullptr.
std::shared_ptr<const Sandbox> activeSandbox();

/// runProcess through the active sandbox (plainly when none is active), in the first writable folder
/// (else /tmp in the sandbox, the current folder without). bubblewrap reports a command killed by
/// signal S as exit status 128 + S; the result names the signal again. `env` adds NAME=VALUE entries.
/// Under user-only confinement the last command in flight to end kills what the uid left running.
ProcessResult runSandboxed(const std::vector<std::string>& command, const SandboxMounts& mounts, const ProcessLimits& limits,
                           const std::vector<std::string>& env = {});

/// How many commands runSandboxed has started confined on the calling thread so far (none without a sandbox).
long sandboxedStartsOnThisThread();
/// What starting one confined command costs beyond starting it plainly, in seconds: the median of three
/// runs of /usr/bin/true each way through the active sandbox; 0 when none is active.
double measureSandboxStartSeconds();

}  // namespace grader
