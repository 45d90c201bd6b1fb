// Running a built child with the record protocol, and turning the code
// addresses in its record into source lines.
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include "backend/backend.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace {

std::string hex(uintptr_t pc) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%lx", static_cast<unsigned long>(pc));
    return text;
}

}  // namespace

namespace {

/// A private folder for one child's records ("" when none can be made).
std::filesystem::path makeRunFolder() {
    char dirTemplate[] = "/tmp/grader-run-XXXXXX";
    return mkdtemp(dirTemplate) ? std::filesystem::path(dirTemplate) : std::filesystem::path();
}

/// The child's argv up to and including MODE N PHASE SEED.
std::vector<std::string> childArgv(const BuildResult& build, const RunRequest& request, const std::filesystem::path& recordPath,
                                   const std::string& mode) {
    std::vector<std::string> argv = request.wrapper;
    argv.push_back(build.executable.string());
    argv.push_back(recordPath.string());
    argv.push_back(mode);
    argv.push_back(std::to_string(request.n));
    argv.push_back(std::to_string(request.phase));
    argv.push_back(std::to_string(request.seed));
    return argv;
}

/// The limits of a child that runs `request` and writes records of C up to `largestN`.
ProcessLimits childLimits(const RunRequest& request, int largestN) {
    ProcessLimits limits;
    limits.wallSeconds = request.timeLimitS;
    limits.memoryBytes = request.memoryBytes;
    // RLIMIT_FSIZE caps every file the child writes, the record of C included.
    limits.outputBytes = (16LL << 20) + 2LL * largestN * largestN * static_cast<long long>(sizeof(float));
    return limits;
}

/// Parses the record file at `path` into `record`; false when the child never wrote it.
bool readRecord(const std::filesystem::path& path, RunRecord& record) {
    std::string bytes;
    if (!readFile(path, bytes)) return false;
    parseRunRecord(bytes, record);
    return true;
}

/// Turns the record's code addresses and reported lines into source places.
void locateRecord(const BuildResult& build, RunRecord& record) {
    resolveLocations(build.executable, record);
    if (record.fault && record.fault->at.line <= 0) {  // faults the child locates by line (index checks, asserts, ...)
        const auto& fields = record.fault->fields;
        if (auto line = fields.find("line"); line != fields.end()) {
            record.fault->at.line = std::atoi(line->second.c_str());
            auto file = fields.find("file");
            record.fault->at.file = file != fields.end() ? std::filesystem::path(file->second).filename().string() : build.sourceName;
        }
    }
}

/// Serves a running child's turn requests (TurnSwitch) from two fifos in its run folder, a byte each on
/// `ready`: 'S' (its GPU work begins) gets toShared and 'R' (its timed launches begin) toExclusive, each
/// answered by 'G' on `go`, which the child waits for; 'D' (the timed launches have ended) gets toShared
/// and 'E' (no GPU work now) release, unanswered. The grader holds both fifos open for reading and
/// writing, so the child's opens never block and a child that never asks costs nothing. The time the
/// child waits for an answer is counted apart (waitedSeconds): it is not the child's running time.
class TurnServer {
public:
    TurnServer(const std::filesystem::path& dir, const TurnSwitch& turns) : turns_(turns) {
        const std::string ready = (dir / "ready").string(), go = (dir / "go").string();
        if (mkfifo(ready.c_str(), 0600) != 0 || mkfifo(go.c_str(), 0600) != 0) return;
        chmod(ready.c_str(), 0666);  // the sandbox's own uid writes one and reads the other
        chmod(go.c_str(), 0666);
        ready_ = open(ready.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
        go_ = open(go.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (ready_ >= 0 && go_ >= 0) thread_ = std::thread([this] { serve(); });
    }
    ~TurnServer() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
        if (ready_ >= 0) close(ready_);
        if (go_ >= 0) close(go_);
    }
    TurnServer(const TurnServer&) = delete;
    TurnServer& operator=(const TurnServer&) = delete;

    /// "GRADER_TURN_FIFOS=DIR" for the child's environment, or "" when the fifos could not be made.
    std::string environment(const std::filesystem::path& dir) const { return thread_.joinable() ? "GRADER_TURN_FIFOS=" + dir.string() : ""; }

    /// Seconds the child has waited for the turns it asked for, a wait in progress included.
    double waitedSeconds() const {
        const long long since = waitingSince_.load();
        return (waitedNs_.load() + (since ? nowNs() - since : 0)) / 1e9;
    }

private:
    static long long nowNs() {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }

    /// Takes a turn with `take` while the child waits for it, then tells the child to go.
    void grant(const std::function<void()>& take) {
        const long long start = nowNs();
        waitingSince_ = start;
        if (take) take();
        waitedNs_ += nowNs() - start;
        waitingSince_ = 0;
        if (write(go_, "G", 1) != 1) { /* the child then waits until its time limit */ }
    }

    void serve() {
        while (!stop_) {
            pollfd wait{ready_, POLLIN, 0};
            if (poll(&wait, 1, 20) <= 0 || !(wait.revents & POLLIN)) continue;
            char asked[16];
            const ssize_t got = read(ready_, asked, sizeof asked);
            for (ssize_t i = 0; i < got; ++i) {
                if (asked[i] == 'R') grant(turns_.toExclusive);
                else if (asked[i] == 'S') grant(turns_.toShared);
                else if (asked[i] == 'D' && turns_.toShared) turns_.toShared();
                else if (asked[i] == 'E' && turns_.release) turns_.release();
            }
        }
    }

    const TurnSwitch& turns_;
    int ready_ = -1, go_ = -1;
    std::atomic<bool> stop_{false};
    std::atomic<long long> waitedNs_{0};
    std::atomic<long long> waitingSince_{0};  ///< when the wait in progress began (steady ns), 0: none
    std::thread thread_;
};

/// Seconds since `from`.
double secondsSince(std::chrono::steady_clock::time_point from) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
}

/// `limits` for a child held to `ownLimitS` of running time that may wait for device turns besides: the waits are
/// not its running time (a turn alone can wait for queued timed runs), but no wait lasts for ever (900 s more at most).
void allowTurnWaits(ProcessLimits& limits, double ownLimitS) {
    limits.cpuSeconds = static_cast<long>(ownLimitS) + 1;
    limits.wallSeconds = ownLimitS + 900;
}

}  // namespace

RunRecord runChild(const BuildResult& build, const RunRequest& request, const std::vector<std::string>& env, const TurnSwitch* turns) {
    RunRecord record;
    const std::filesystem::path dir = makeRunFolder();
    if (dir.empty()) {
        record.parseError = "cannot create a temporary folder for the run";
        return record;
    }
    const std::filesystem::path recordPath = dir / "record";
    std::vector<std::string> argv = childArgv(build, request, recordPath, runModeName(request.mode));
    for (const auto& e : request.extra) argv.push_back(e);
    std::optional<TurnServer> server;
    std::vector<std::string> childEnv = env;
    ProcessLimits limits = childLimits(request, request.n);
    const auto started = std::chrono::steady_clock::now();
    auto running = [&] { return secondsSince(started) - (server ? server->waitedSeconds() : 0.0); };
    if (turns) {
        server.emplace(dir, *turns);
        if (const std::string variable = server->environment(dir); !variable.empty()) childEnv.push_back(variable);
        allowTurnWaits(limits, request.timeLimitS);
        limits.overdue = [&] { return running() > request.timeLimitS; };
    }
    // Batch mode: the child sees its own build read-only and its run folder.
    record.process = runSandboxed(argv, {{build.executable.parent_path()}, {dir}}, limits, childEnv);
    if (server && record.process.timedOut) record.process.seconds = running();
    server.reset();  // no request is served once the child has ended
    readRecord(recordPath, record);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    locateRecord(build, record);
    return record;
}

namespace {

/// Follows which of a cases child's runs is running (case i has begun once its record file RECORD.i
/// exists) and says when the one running is past its own time limit.
class CaseClock {
public:
    /// `waited` says how long the child has waited for device turns so far (not counted as running).
    CaseClock(std::filesystem::path recordPath, const std::vector<RunRequest>& cases, std::function<double()> waited)
        : recordPath_(std::move(recordPath)), cases_(cases), waited_(std::move(waited)), begun_(std::chrono::steady_clock::now()) {}

    /// True once the run in progress has taken longer than its request's timeLimitS.
    bool overdue() {
        while (current_ + 1 < cases_.size() && std::filesystem::exists(recordPath_.string() + "." + std::to_string(current_ + 1))) {
            ++current_;
            begun_ = std::chrono::steady_clock::now();
            waitedBefore_ = waited_();
        }
        return secondsInCase() > cases_[current_].timeLimitS;
    }
    /// How long the run in progress has run so far, its waits for turns left out.
    double secondsInCase() const { return secondsSince(begun_) - (waited_() - waitedBefore_); }

private:
    std::filesystem::path recordPath_;
    const std::vector<RunRequest>& cases_;
    std::function<double()> waited_;
    size_t current_ = 0;
    std::chrono::steady_clock::time_point begun_;
    double waitedBefore_ = 0;  ///< waited_() when the run in progress began
};

/// "MODE:N:PHASE[:ARG...]": one run of a cases child, as the harness reads it.
std::string caseArgument(const RunRequest& request) {
    std::string text = std::string(runModeName(request.mode)) + ":" + std::to_string(request.n) + ":" + std::to_string(request.phase);
    for (const auto& e : request.extra) text += ":" + e;
    return text;
}

}  // namespace

std::vector<RunRecord> runChildCases(const BuildResult& build, const std::vector<RunRequest>& cases, const std::vector<std::string>& env,
                                     const TurnSwitch* turns) {
    std::vector<RunRecord> records;
    if (cases.empty()) return records;
    const std::filesystem::path dir = makeRunFolder();
    if (dir.empty()) {
        records.emplace_back().parseError = "cannot create a temporary folder for the run";
        return records;
    }
    const std::filesystem::path recordPath = dir / "record";  // case i writes record.i
    std::vector<std::string> argv = childArgv(build, cases.front(), recordPath, "cases");
    int largest = 0;
    double allLimits = 0;
    for (const auto& c : cases) {
        argv.push_back(caseArgument(c));
        largest = std::max(largest, c.n);
        allLimits += c.timeLimitS;
    }
    std::optional<TurnServer> server;
    ProcessLimits limits = childLimits(cases.front(), largest);
    limits.wallSeconds = allLimits;  // each run is held to its own limit (CaseClock); together, to their sum
    CaseClock clock(recordPath, cases, [&server] { return server ? server->waitedSeconds() : 0.0; });
    limits.overdue = [&clock] { return clock.overdue(); };
    std::vector<std::string> childEnv = env;
    if (turns) {
        server.emplace(dir, *turns);
        if (const std::string variable = server->environment(dir); !variable.empty()) childEnv.push_back(variable);
        allowTurnWaits(limits, allLimits);  // each run's own limit leaves its waits out (CaseClock)
    }
    ProcessResult process = runSandboxed(argv, {{build.executable.parent_path()}, {dir}}, limits, childEnv);
    if (process.timedOut) process.seconds = clock.secondsInCase();  // the run that did not end, as a run of its own reports it
    server.reset();
    for (size_t i = 0; i < cases.size(); ++i) {
        RunRecord record;
        if (!readRecord(recordPath.string() + "." + std::to_string(i), record)) break;
        records.push_back(std::move(record));
    }
    if (records.empty()) records.emplace_back();  // the child stopped before the first case: that case carries why
    // Every case but the last one reached ended as a run of its own would have; the last carries the process's end.
    ProcessResult finished;
    finished.started = true;
    finished.exitCode = 0;
    for (size_t i = 0; i + 1 < records.size(); ++i) records[i].process = finished;
    records.back().process = process;
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    for (auto& record : records) locateRecord(build, record);
    return records;
}

void resolveLocations(const std::filesystem::path& executable, RunRecord& record) {
    std::set<uintptr_t> pcs;  // return addresses: look up the call instruction (pc - 1)
    for (const auto& h : record.hazards) {
        pcs.insert(h.writerPc);
        pcs.insert(h.otherPc);
    }
    for (const auto& u : record.uninitialized) pcs.insert(u.pc);
    if (record.fault && record.fault->pc) pcs.insert(record.fault->pc);
    if (pcs.empty()) return;
    std::vector<uintptr_t> order;
    std::vector<std::string> argv = {"addr2line", "-f", "-C", "-e", executable.string()};
    for (uintptr_t pc : pcs) {
        order.push_back(pc);
        argv.push_back(hex(pc - 1));
    }
    ProcessLimits limits;
    limits.wallSeconds = 20;
    ProcessResult result = runSandboxed(argv, {{executable.parent_path()}, {}}, limits);
    if (!result.succeeded()) return;
    std::map<uintptr_t, SourceLocation> found;
    std::stringstream lines(result.output);
    for (size_t i = 0; i < order.size(); ++i) {
        std::string function, place;
        if (!std::getline(lines, function) || !std::getline(lines, place)) break;
        SourceLocation loc;
        loc.function = function.substr(0, function.find('('));
        const size_t colon = place.rfind(':');
        if (colon != std::string::npos) {
            loc.file = std::filesystem::path(place.substr(0, colon)).filename().string();
            loc.line = std::atoi(place.c_str() + colon + 1);
        }
        found[order[i]] = loc;
    }
    for (auto& h : record.hazards) {
        h.writerAt = found[h.writerPc];
        h.otherAt = found[h.otherPc];
    }
    for (auto& u : record.uninitialized) u.at = found[u.pc];
    if (record.fault && record.fault->pc) record.fault->at = found[record.fault->pc];
}

}  // namespace grader
