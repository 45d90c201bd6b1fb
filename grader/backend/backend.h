// The boundary between the checks and the machine that runs student code: a
// Backend builds a student's file into a child program and runs it for one
// request, returning the child's run record. Implementations: cpu (the
// emulator), gpu (nvcc and a CUDA device), and a fake in the tests.
// Non-goal: judging; checks read the records and decide.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/gpu_devices.h"
#include "backend/run_record.h"
#include "core/course.h"

namespace grader {

/// The outcome of building a student's file for a backend.
struct BuildResult {
    bool ok = false;
    std::string summary;  ///< the first compiler error, concise; or what was built
    std::string log;      ///< the full compiler output
    std::filesystem::path executable;
    bool cached = false;
    std::string sourceName;   ///< the student's file name, for locations the child reports by line
    std::string unsupported;  ///< "not supported by the emulator: X at file:line" when that is why the build failed
    int unsupportedLine = 0;  ///< the line of the student's file `unsupported` names (0: none)
    std::string lesson;       ///< the lesson it was built for (the time profile's key)
    bool defaultStreamOnly = false;  ///< the file names no CUDA stream but the legacy default one (backend/stream_use.h)
};

/// The machine a backend runs student code on.
enum class BackendKind { Cpu, Gpu };

/// "cpu" or "gpu": how the command line and the reports name a backend.
inline const char* backendKindName(BackendKind kind) { return kind == BackendKind::Gpu ? "gpu" : "cpu"; }

/// The backend named `name` ("cpu" or "gpu"), or nullopt for any other word (such as "auto").
inline std::optional<BackendKind> parseBackendKind(const std::string& name) {
    if (name == "cpu") return BackendKind::Cpu;
    if (name == "gpu") return BackendKind::Gpu;
    return std::nullopt;
}

/// What the child does in one run; the child reads it as its mode argument.
enum class RunMode {
    Matmul,   ///< one matrix product at n (lesson 2: one phase of it)
    Gflops,   ///< lesson 4's gflops() at each size in `extra`
    Timing,   ///< lesson 4's timeLaunchMs under the harness's clock
    Speedup,  ///< the student's kernel timed against the reference kernels
};

/// The word for `mode` on the child's command line: "matmul", "gflops", "timing" or "speedup".
inline const char* runModeName(RunMode mode) {
    switch (mode) {
        case RunMode::Matmul: return "matmul";
        case RunMode::Gflops: return "gflops";
        case RunMode::Timing: return "timing";
        case RunMode::Speedup: return "speedup";
    }
    return "matmul";
}

/// One run of the child: what to do, at which size, with which inputs.
struct RunRequest {
    RunMode mode = RunMode::Matmul;
    int n = 16;
    int phase = 0;
    uint64_t seed = 1;
    std::vector<std::string> extra;  ///< mode-specific arguments
    double timeLimitS = 20;
    long long memoryBytes = 4LL << 30;  ///< 0: no memory limit (CUDA maps much virtual memory)
    std::vector<std::string> wrapper;   ///< a command the child runs under, e.g. compute-sanitizer --tool racecheck
    /// cpu backend: run each block one warp at a time, the last warp first, to see whether a result depends on the order
    bool otherThreadOrder = false;
    /// cpu backend: arms the tile map's recording in the child, "X,Y,P,PHASES,PER_PHASE" as CUEMU_TILEMAP takes it
    /// (grader/emu/tilemap.h); "" records nothing
    std::string tilemap;
};

/// The NAME=VALUE entries the emulator's child of `request` runs with: its thread order and its tile map's recording
/// (the native cpu backend and the browser's give the same).
inline std::vector<std::string> emulatorEnvironment(const RunRequest& request) {
    std::vector<std::string> env;
    if (request.otherThreadOrder) env.push_back("CUEMU_THREAD_ORDER=warps-reversed");
    if (!request.tilemap.empty()) env.push_back("CUEMU_TILEMAP=" + request.tilemap);
    return env;
}

/// Builds and runs student code on one kind of machine. build() and run() may be called from
/// several threads at once (the batch grades a submission's lessons in parallel): a backend keeps
/// what a build made in the BuildResult, not in itself.
class Backend {
public:
    virtual ~Backend() = default;
    /// "cpu" or "gpu".
    virtual std::string name() const = 0;
    /// The machine it runs on, from its name (a name that is not "gpu" runs on the cpu).
    BackendKind kind() const { return parseBackendKind(name()).value_or(BackendKind::Cpu); }
    /// The device the runs go to, as reports name it ("GPU 0 (NVIDIA H200)"); "" for the emulator.
    virtual std::string device() const { return ""; }
    /// Empty when usable here; otherwise why not ("no CUDA device found").
    virtual std::string unavailableReason() const = 0;
    /// Compiles and links `source` against the lesson's harness.
    virtual BuildResult build(const Lesson& lesson, const std::filesystem::path& source,
                              const std::string& displayName) = 0;
    /// True when building the same file again is a cache hit: only then is building ahead worth it.
    virtual bool cachesBuilds() const { return false; }
    /// Runs the built child once.
    virtual RunRecord run(const BuildResult& build, const RunRequest& request) = 0;
    /// Runs several requests without a wrapper in one child, in order, and returns a record for each one the
    /// child reached: those after one that did not complete, or in which a CUDA call failed, have none.
    /// Only where runsCasesTogether(); there, starting a process is what costs (a CUDA context).
    virtual std::vector<RunRecord> runCases(const BuildResult& build, const std::vector<RunRequest>& cases) {
        std::vector<RunRecord> records;
        for (const auto& request : cases) {
            records.push_back(run(build, request));
            if (!records.back().complete || !records.back().process.succeeded()) break;
        }
        return records;
    }
    /// True when runCases() is cheaper than one run() per case.
    virtual bool runsCasesTogether() const { return false; }
};

/// How long a GPU child holds its turns of the device: Process, from its start to its end (leaving the shared turn
/// only for its timed launches); Work, only around its GPU work (GRADER_TURNS=work: not while it makes its context,
/// writes its records or exits, nor during a sanitizer's start-up and report).
enum class GpuTurns { Process, Work };

/// The emulator backend (always available where a C++ compiler is).
std::unique_ptr<Backend> makeCpuBackend();
/// The CUDA backend (needs nvcc and a device at run time), on `device` (default: the first visible one); after a
/// timed run asks for the device alone, other runs still start on it for `timingGather` (core/turn_lock.h's gather).
std::unique_ptr<Backend> makeGpuBackend(std::optional<GpuDevice> device = std::nullopt, GpuTurns turns = GpuTurns::Process,
                                        std::chrono::milliseconds timingGather = {});

/// How a GPU child moves between device turns, through two fifos in its run folder that the environment
/// variable GRADER_TURN_FIFOS names: the harness says when its GPU work begins (it waits until toShared has
/// returned), when its timed launches begin (it waits until toExclusive has returned), when they have ended
/// (toShared) and when it has no GPU work (release). A child starts in the turn its parent took for it.
struct TurnSwitch {
    std::function<void()> toExclusive;
    std::function<void()> toShared;
    std::function<void()> release;  ///< may be empty: the turn is then kept
};

/// Runs a built child (under request.wrapper) with the record protocol shared by both backends; `env` adds NAME=VALUE
/// entries; with `turns`, the child may ask for them while it runs (TurnSwitch), and its waits for them do
/// not count towards its time limit.
RunRecord runChild(const BuildResult& build, const RunRequest& request, const std::vector<std::string>& env = {},
                   const TurnSwitch* turns = nullptr);
/// Runs the built child once for several runs without a wrapper (mode "cases"), each writing its own record; see
/// Backend::runCases. Each run is held to its own time limit; with `turns`, its runs may ask for them (TurnSwitch),
/// their waits not counted.
std::vector<RunRecord> runChildCases(const BuildResult& build, const std::vector<RunRequest>& cases, const std::vector<std::string>& env = {},
                                     const TurnSwitch* turns = nullptr);

/// Resolves code addresses in `record` to source lines with addr2line.
void resolveLocations(const std::filesystem::path& executable, RunRecord& record);

}  // namespace grader
