// The gpu backend: nvcc compiles the student's file with -lineinfo and links
// it with the lesson's harness object (compiled once per lesson into the
// build cache from its source, or in the student kit the object compiled at
// export); the child runs pinned to one CUDA device, in turns of that
// device's lock: correctness and sanitizer runs share the card, a timing or
// speedup run has it alone for its timed launches (builds never wait); a
// child holds them for its whole life, or with GpuTurns::Work only around
// its GPU work.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <mutex>

#include "backend/backend.h"
#include "backend/build_cache.h"
#include "backend/gpu_devices.h"
#include "backend/compiler_output.h"
#include "backend/student_source.h"
#include "backend/time_profile.h"
#include "core/error.h"
#include "core/process.h"
#include "core/sandbox.h"
#include "core/toolchain.h"
#include "backend/stream_use.h"
#include "core/turn_lock.h"

namespace grader {

namespace {

bool deviceFilesPresent() {
    return std::filesystem::exists("/dev/nvidiactl") && std::filesystem::exists("/dev/nvidia0");
}

/// The lesson's harness: its source in the instructor's kit, or the object
/// `grader export-student` compiled for the student kit; "" when neither is there.
std::filesystem::path harnessFor(int lesson) {
    const std::filesystem::path dir = runtimeDir() / "harness";
    if (std::filesystem::exists(dir / "harness.cu")) return dir / "harness.cu";
    const auto object = dir / "gpu" / ("harness_lesson" + std::to_string(lesson) + ".o");
    return std::filesystem::exists(object) ? object : std::filesystem::path();
}

/// The harness's own files: a change to any of them is a new harness object.
std::string harnessSourceHash() {
    const std::filesystem::path dir = runtimeDir() / "harness";
    std::string hashes;
    for (const char* name : {"harness.cu", "contract.h", "inputs.h", "reference_kernels.h", "device_turns.h"}) hashes += fileHash(dir / name);
    return hashes;
}

/// The object nvcc made of the lesson's harness source with `flags`, compiled
/// once into the build cache; one thread compiles it while the others asking
/// for it wait, and the lessons' harnesses compile at the same time.
Expected<std::filesystem::path> compiledHarness(const Lesson& lesson, const std::filesystem::path& source,
                                                std::vector<std::string> flags) {
    const std::string key = buildKey("gpu-harness-" + lesson.id, harnessSourceHash(), flags);
    std::lock_guard<std::mutex> lock(buildLock(key));
    if (auto cached = loadCachedBuild(key, "harness.o"); cached && cached->ok) return cached->executable;
    const auto folder = newBuildFolder(key);
    if (folder.empty()) return Error{cacheDir().string(), "cannot create a build folder", ""};
    flags.insert(flags.end(), {"-x", "cu", "-c", source.string(), "-o", (folder / "harness.o").string()});
    ProcessLimits limits;
    limits.wallSeconds = 300;
    limits.memoryBytes = 0;
    const ProcessResult compiled = runProcess(flags, limits);  // the grader's own code: no sandbox needed
    BuildResult result;
    result.ok = compiled.succeeded();
    result.log = compiled.output;
    result.summary = result.ok ? "the lesson's harness" : "nvcc " + compiled.describe();
    result = publishBuild(key, folder, result, "harness.o");
    if (!result.ok) return Error{source.string(), "could not compile the harness of " + lesson.id + ": " + compiled.brief(),
                                 "the grader's runtime folder is damaged or nvcc is broken; rebuild the grader"};
    return result.executable;
}

double seconds(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

/// The device turn one child holds, moved between shared, exclusive and none as its run asks: each
/// segment's wait counts as waiting, its hold as GPU shared or exclusive time of the lesson, the child's time
/// between turns as GPU without a turn; the first segment holds the child's sandboxed start, counted as
/// sandbox start.
class DeviceTurn {
public:
    DeviceTurn(const GpuDevice& device, std::string lesson, TurnTiming timing)
        : lockFile_(device.lockFile()), device_(device.label()), lesson_(std::move(lesson)), timing_(timing) {}
    ~DeviceTurn() { end(); }
    DeviceTurn(const DeviceTurn&) = delete;
    DeviceTurn& operator=(const DeviceTurn&) = delete;

    /// Gives up the turn held, if any, and waits for one in `mode` (a switch between turns is no time without one).
    void take(TurnLock::Mode mode) {
        giveUp();
        const auto asked = std::chrono::steady_clock::now();
        countTimeWithout(asked);
        lock_.emplace(TurnLock::take(lockFile_, mode, timing_));
        granted_ = std::chrono::steady_clock::now();
        mode_ = mode;
        addTime(lesson_, TimeUse::Waiting, seconds(asked, granted_));
        if (mode == TurnLock::Mode::Exclusive) addDrainSpan(device_, asked, granted_);
    }
    /// The child has ended: counts its last turn, or its time since giving its turn back (again: nothing more).
    void end() {
        if (!giveUp()) countTimeWithout(std::chrono::steady_clock::now());
    }
    /// Gives up the turn held, if any: the child runs without one from now on.
    void release() {
        if (giveUp()) withoutSince_ = std::chrono::steady_clock::now();
    }
    /// The spans in which the child held a shared turn, so far (a turn still held is not among them).
    const std::vector<std::pair<std::chrono::steady_clock::time_point, std::chrono::steady_clock::time_point>>& sharedHolds() const {
        return sharedHolds_;
    }

private:
    /// Gives up the turn held and counts it; false when none was held.
    bool giveUp() {
        if (!lock_) return false;
        lock_.reset();
        const auto now = std::chrono::steady_clock::now();
        const bool alone = mode_ == TurnLock::Mode::Exclusive;
        double held = seconds(granted_, now);
        countFor(lesson_, alone ? +[](LessonTime& t) { ++t.exclusiveTurns; } : +[](LessonTime& t) { ++t.sharedTurns; });
        if (first_) {
            const double start = std::min(held, sandboxStartCost());
            addTime(lesson_, TimeUse::SandboxStart, start);
            held -= start;
            first_ = false;
        }
        addTime(lesson_, alone ? TimeUse::GpuExclusive : TimeUse::GpuShared, held);
        if (alone) addAloneSpan(device_, granted_, now);
        else sharedHolds_.emplace_back(granted_, now);
        return true;
    }

    /// Counts the time since the last release, up to `now`, as the child's time without a turn.
    void countTimeWithout(std::chrono::steady_clock::time_point now) {
        if (!withoutSince_) return;
        addTime(lesson_, TimeUse::GpuNoTurn, seconds(*withoutSince_, now));
        withoutSince_.reset();
    }

    std::filesystem::path lockFile_;
    std::string device_;  ///< the device's label, for its serial work in the profile
    std::string lesson_;
    TurnTiming timing_;
    std::optional<TurnLock> lock_;
    TurnLock::Mode mode_ = TurnLock::Mode::Shared;
    std::chrono::steady_clock::time_point granted_;
    std::optional<std::chrono::steady_clock::time_point> withoutSince_;  ///< since when no turn has been held, if so
    std::vector<std::pair<std::chrono::steady_clock::time_point, std::chrono::steady_clock::time_point>> sharedHolds_;
    bool first_ = true;
};

class GpuBackend : public Backend {
public:
    GpuBackend(std::optional<GpuDevice> device, GpuTurns turns, std::chrono::milliseconds timingGather) : turns_(turns) {
        timing_.gather = timingGather;
        if (device) {
            device_ = std::move(*device);
            std::call_once(chosen_, [] {});
        }
    }

    std::string name() const override { return "gpu"; }
    std::string device() const override { return noDevice().empty() ? device_.label() : ""; }

    std::string unavailableReason() const override {
        if (!deviceFilesPresent()) return "no CUDA device on this machine";
        if (!noDevice().empty()) return noDevice();
        if (nvccPath().empty()) return "no nvcc found (set GRADER_NVCC or put the CUDA toolkit on PATH)";
        if (harnessFor(1).empty()) return "this kit has no gpu harness (nvcc was not found where it was exported)";
        return "";
    }

    bool cachesBuilds() const override { return true; }

    BuildResult build(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName) override {
        return buildStudentFile(lesson, source, displayName, [&](const std::string& text) { return compile(lesson, text, displayName); });
    }

    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        RunRequest unlimited = request;
        unlimited.memoryBytes = 0;
        std::vector<RunRecord> records = inTurn(build, {unlimited}, [&](const std::vector<std::string>& env, const TurnSwitch* switches) {
            return std::vector<RunRecord>{runChild(build, unlimited, env, switches)};
        });
        return std::move(records.front());
    }

    bool runsCasesTogether() const override { return true; }

    std::vector<RunRecord> runCases(const BuildResult& build, const std::vector<RunRequest>& cases) override {
        std::vector<RunRequest> unlimited = cases;
        for (auto& request : unlimited) request.memoryBytes = 0;
        return inTurn(build, unlimited, [&](const std::vector<std::string>& env, const TurnSwitch* switches) {
            return runChildCases(build, unlimited, env, switches);
        });
    }

private:
    /// Why no device could be chosen, else "". The first visible device is
    /// looked up on first use: a check on the cpu backend never runs nvidia-smi.
    const std::string& noDevice() const {
        std::call_once(chosen_, [this] {
            auto visible = visibleGpus();
            if (!visible) noDevice_ = visible.error().format();
            else if (visible->empty()) noDevice_ = "nvidia-smi lists no CUDA device";
            else device_ = visible->front();
        });
        return noDevice_;
    }
    /// The device the children run on (its label is empty when none was found).
    const GpuDevice& chosenDevice() const {
        noDevice();
        return device_;
    }

    /// The environment of a child of `build` on the chosen device: one hardware work queue, as a context with one queue
    /// starts faster (bench/gpu_start_variants.sh), unless the child times launches and the file may put work on
    /// streams that one queue would run in turn (backend/stream_use.h).
    std::vector<std::string> environmentFor(const BuildResult& build, bool timesLaunches) const {
        return chosenDevice().childEnvironment(workQueuesFor(timesLaunches, build.defaultStreamOnly));
    }

    mutable std::once_flag chosen_;
    mutable GpuDevice device_;
    mutable std::string noDevice_;
    GpuTurns turns_;
    TurnTiming timing_;  ///< how this backend's turns are ordered (its gathering time)

    /// Runs `children(environment, switches)` of `build` for `requests`, started in a shared turn of the device, counts
    /// it, marks the device's failures. A timed run (timing, speedup) has the device alone only while its timed launches
    /// run, and with GpuTurns::Work a child holds a turn only around its GPU work: the harness asks through `switches`
    /// (TurnSwitch), and queued exclusive turns still drain back to back (core/turn_lock.h).
    template <class Children>
    std::vector<RunRecord> inTurn(const BuildResult& build, const std::vector<RunRequest>& requests, Children children) {
        const bool timed = std::any_of(requests.begin(), requests.end(),
                                       [](const RunRequest& r) { return r.mode == RunMode::Timing || r.mode == RunMode::Speedup; });
        std::vector<RunRecord> records;
        std::chrono::steady_clock::time_point spawned;
        {
            DeviceTurn turn(chosenDevice(), build.lesson, timing_);
            turn.take(TurnLock::Mode::Shared);
            const TurnSwitch switches{[&] { turn.take(TurnLock::Mode::Exclusive); }, [&] { turn.take(TurnLock::Mode::Shared); },
                                      [&] { turn.release(); }};
            const bool aroundWork = turns_ == GpuTurns::Work;
            std::vector<std::string> environment = environmentFor(build, timed);
            if (aroundWork) environment.push_back("GRADER_TURNS=work");
            spawned = std::chrono::steady_clock::now();
            records = children(environment, timed || aroundWork ? &switches : nullptr);
            turn.end();
            addSharedHolds(chosenDevice().label(), turn.sharedHolds(), workEnd(spawned, records));
        }
        countGpuRun(build.lesson, build.executable.string());
        noteContextStart(chosenDevice().label(), spawned, records);
        for (auto& record : records) record.deviceError = deviceFailure(record);
        return records;
    }

    /// When the GPU work of the child spawned at `spawned` ended, by its last record (its runs go in order), if that
    /// told and the time lies between its spawn and now (the child's clock readings are not trusted further); none
    /// otherwise, as when its last run hung or was killed, so that all its turns count as work.
    static std::optional<std::chrono::steady_clock::time_point> workEnd(std::chrono::steady_clock::time_point spawned,
                                                                         const std::vector<RunRecord>& records) {
        if (records.empty() || records.back().workEndNs == 0) return std::nullopt;
        const std::chrono::steady_clock::time_point at{std::chrono::nanoseconds(records.back().workEndNs)};
        if (at < spawned || at > std::chrono::steady_clock::now()) return std::nullopt;
        return at;
    }

    /// Notes for `device`'s profile how long it took to start the child spawned at `spawned`: the CUDA context
    /// its first record tells of (none when the child made none or did not say).
    static void noteContextStart(const std::string& device, std::chrono::steady_clock::time_point spawned,
                                 const std::vector<RunRecord>& records) {
        using TimePoint = std::chrono::steady_clock::time_point;
        for (const auto& record : records) {
            if (record.contextReadyNs == 0) continue;
            addContextStart(device, spawned, TimePoint(std::chrono::nanoseconds(record.contextBeginNs)),
                            TimePoint(std::chrono::nanoseconds(record.contextReadyNs)));
            return;
        }
    }

    /// Builds the student's file's `text` (read by buildStudentFile).
    BuildResult compile(const Lesson& lesson, const std::string& text, const std::string& displayName) {
        BuildResult result;
        const std::filesystem::path rt = runtimeDir();
        std::filesystem::path harnessPath = harnessFor(lesson.number);
        const std::string base = std::filesystem::path(displayName).filename().string();
        std::vector<std::string> compile = {nvccPath(), "-O3", "-lineinfo", "-std=c++17", "-arch=native",
                                            "-DLESSON=" + std::to_string(lesson.number), "-w",
                                            "-I", (rt / "harness").string(),
                                            "-include", (rt / "harness" / "contract.h").string()};
        const std::string key = buildKey("gpu-" + lesson.id, text + displayName + fileHash(harnessPath) + harnessSourceHash(), compile);
        result.defaultStreamOnly = !mayUseOtherStreams(text);
        if (auto cached = loadCachedBuild(key)) {
            cached->defaultStreamOnly = result.defaultStreamOnly;
            return *cached;
        }
        if (harnessPath.extension() == ".cu") {  // the instructor's kit: compile the harness once, not with every file
            auto object = compiledHarness(lesson, harnessPath, compile);
            if (!object) {
                result.summary = object.error().format();
                return result;
            }
            harnessPath = *object;
        }
        const auto folder = newBuildFolder(key);
        if (folder.empty()) {
            result.summary = "cannot create a build folder in " + cacheDir().string();
            return result;
        }
        std::filesystem::create_directories(folder / "src");
        std::ofstream(folder / "src" / base) << lineDirective(displayName) << text;
        compile.insert(compile.end(), {(folder / "src" / base).string(), harnessPath.string(), "-o", (folder / "child").string()});
        ProcessLimits limits;
        limits.wallSeconds = 300;
        limits.memoryBytes = 0;
        // Batch mode: nvcc sees only its build folder, and the harness object it links (read-only).
        const SandboxMounts buildMounts{{harnessPath.parent_path()}, {folder}};
        ProcessResult compiled = runSandboxed(compile, buildMounts, limits);
        result.log = compiled.output;
        if (!compiled.succeeded()) {
            result.summary = summarizeCompilerLog(compiled.output);
            if (result.summary.empty()) result.summary = "nvcc " + compiled.describe();
            return publishBuild(key, folder, result);
        }
        result.ok = true;
        result.summary = "compiled by nvcc for the CUDA device";
        return publishBuild(key, folder, result);
    }
};

}  // namespace

std::unique_ptr<Backend> makeGpuBackend(std::optional<GpuDevice> device, GpuTurns turns, std::chrono::milliseconds timingGather) {
    return std::make_unique<GpuBackend>(std::move(device), turns, timingGather);
}

}  // namespace grader
