// The check registry and the flow of grading one lesson: build, then each
// check in course.yaml order, sharing runs between checks.
#include <map>
#include <set>
#include <optional>
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "checks/check.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace {

CheckResult checkCompile(CheckContext& ctx) {
    if (ctx.build.ok) return makeResult(ctx, Status::Pass, ctx.build.summary);
    if (!ctx.build.unsupported.empty()) {  // nvcc may well build it: the emulator's limit, not the student's error
        CheckResult result = makeResult(ctx, Status::Error, ctx.build.unsupported);
        result.emulatorCannotRun = true;
        return result;
    }
    return makeResult(ctx, Status::Fail, ctx.build.summary);
}

const std::vector<CheckEntry> kRegistry = {
    {"compile", checkCompile, Runs::Anywhere, "The file compiles and links against the lesson's contract."},
    // the emulator sees out-of-bounds accesses a GPU hides
    {"correctness", checkCorrectness, Runs::EmulatorThenGpu,
     "Every element of C is right at each size, and no thread reads or writes outside a matrix."},
    // one rule on every backend, then what only the sanitizer sees
    {"barriers", checkBarriers, Runs::EmulatorThenGpu,
     "No shared-memory hazard (a word one thread writes and another touches with no barrier between) and no divergent barrier."},
    // global loads are counted by the emulator
    {"traffic", checkTraffic, Runs::EmulatorOnly, "The kernel reads from global memory as few floats per element of C as the lesson's method needs."},
    // the virtual clock's rules (warm-up, sync, mean), then the real clock
    {"timing", checkTiming, Runs::EmulatorThenGpu, "timeLaunchMs warms up, waits for the stop event and returns the mean time of a launch."},
    {"speedup", checkSpeedup, Runs::GpuOnly, "The kernel is fast enough against the grader's reference kernels on a GPU."},
    // reads the answers file; never builds or runs student code
    {"quiz", checkQuiz, Runs::WithoutCode, "Every answer of the lesson's quiz is right."},
    // reads the trainer's progress file; never builds or runs student code
    {"trainer", checkTrainer, Runs::WithoutCode, "A set of the tile-map trainer's exercises is answered right."},
};

std::string triple(const int v[3]) {
    std::string text = std::to_string(v[0]) + "x" + std::to_string(v[1]);
    if (v[2] != 1) text += "x" + std::to_string(v[2]);
    return text;
}

/// Keeps the first lines a run of the student's program printed, for --show-output.
void keepProgramOutput(LessonReport& report, const std::string& output, const std::string& run) {
    constexpr size_t kLines = 20, kLineChars = 200;
    std::stringstream lines(output);
    for (std::string line; std::getline(lines, line) && report.programOutput.size() < kLines;)
        report.programOutput.push_back(line.size() > kLineChars ? line.substr(0, kLineChars) + "..." : line);
    if (!report.programOutput.empty()) report.programOutputRun = run;
}

std::string describeLaunchError(const LaunchRecord& l) {
    // CUDA 13 names nearly every bad shape cudaErrorInvalidValue, so the shape says why.
    const long threads = long(l.block[0]) * l.block[1] * l.block[2];
    const std::string shape = "grid " + triple(l.grid) + ", block " + triple(l.block);
    std::string why;
    if (threads == 0 || l.grid[0] == 0 || l.grid[1] == 0 || l.grid[2] == 0)
        why = ": " + shape + " has a zero dimension";
    else if (threads > 1024)
        why = ": a block of " + triple(l.block) + " = " + std::to_string(threads) + " threads; at most 1024";
    else if (l.block[0] > 1024 || l.block[1] > 1024 || l.block[2] > 64)
        why = ": block " + triple(l.block) + " exceeds the per-dimension limit 1024x1024x64";
    else if (l.grid[1] > 65535 || l.grid[2] > 65535)
        why = ": grid " + triple(l.grid) + " exceeds 65535 in y or z";
    else if (l.sharedBytes > 49152)
        why = ": " + std::to_string(l.sharedBytes) +
              " bytes of dynamic shared memory; at most 49152 unless cudaFuncSetAttribute raises the limit";
    else
        why = ": " + shape;
    return "the kernel launch failed with " + l.error + why;
}

/// The first run of a lesson that did not finish within its time limit. Later runs of the same code
/// are not started: a hang costs one time limit per submission, not one per check. A hang on the
/// emulator stops the GPU runs too (the same code never ends there either); one on the GPU stops
/// only the GPU's runs, so the emulator's checks still give the verdicts they give on the cpu backend.
struct HangMemo {
    std::string runner;  ///< "cpu" or "gpu"; "" while no run hung
    std::string what;    ///< "the kernel did not finish in the correctness check (n=16, 30 s)"

    void remember(const std::string& on, const Lesson& lesson, const std::string& check, const RunRequest& request, bool gpuBackend) {
        if (!runner.empty()) return;
        runner = on;
        const std::string where = !gpuBackend ? "" : on == "gpu" ? " on the GPU" : " on the cpu emulator";
        what = std::string(lesson.number == 4 ? "your code" : "the kernel") + " did not finish in the " + check + " check" +
               (request.wrapper.empty() ? "" : " under compute-sanitizer") + where + " (n=" + std::to_string(request.n) + ", " +
               std::to_string(int(request.timeLimitS)) + " s)";
    }
    /// Why a run on `on` is not started, or "" when it may run.
    std::string blocks(const std::string& on) const { return runner == "cpu" || runner == on ? what : ""; }
};

/// The memo's key of a run: the same key, the same run.
std::string runKey(const std::string& runner, const RunRequest& request) {
    std::string key = runner + "/" + request.mode + "/" + std::to_string(request.n) + "/" + std::to_string(request.phase);
    for (const auto& e : request.extra) key += "/" + e;
    for (const auto& w : request.wrapper) key += "|" + w;
    if (request.otherThreadOrder) key += "|other thread order";
    return key;
}

}  // namespace

const char* statusWord(Status status) {
    switch (status) {
        case Status::Pass: return "pass";
        case Status::Fail: return "fail";
        case Status::Skip: return "skip";
        case Status::Error: return "error";
        case Status::Todo: return "todo";
    }
    return "error";
}

const CheckEntry* findCheck(const std::string& name) {
    for (const auto& e : kRegistry)
        if (name == e.name) return &e;
    return nullptr;
}

RunRequest singleCaseRequest(const CheckContext& ctx, const char* sizeKey, int fallbackSize) {
    RunRequest request;
    request.n = ctx.onlyN ? *ctx.onlyN : static_cast<int>(ctx.spec.intParam(sizeKey, fallbackSize));
    request.phase = (ctx.lesson.number == 2 && request.n / ctx.course.tile > 1) ? 1 : 0;
    request.seed = ctx.seed;
    request.timeLimitS = ctx.spec.timeLimitS;
    return request;
}

std::string sentence(const std::string& text) {
    if (text.empty() || text.back() == '.' || text.back() == '?' || text.back() == '!') return text;
    return text + ".";
}

std::string CheckCommandLine::text() const {
    std::string command = grader + " check " + shellQuote(lesson) + " " + shellQuote(file);
    if (!check.empty()) command += " --check " + shellQuote(check);
    if (n) command += " --n " + std::to_string(*n);
    command += " --seed " + std::to_string(seed);
    if (backend != "cpu") command += " --backend " + shellQuote(backend);
    return command;
}

std::string CheckContext::rerunCommand(std::optional<int> n) const {
    return CheckCommandLine{grader, lesson.id, displayFile, spec.name, n, seed, backend.name()}.text();
}

CheckResult makeResult(const CheckContext& ctx, Status status, std::string message) {
    CheckResult r;
    r.name = ctx.spec.name;
    r.status = status;
    r.message = std::move(message);
    r.maxPoints = ctx.spec.points;
    r.points = status == Status::Pass ? ctx.spec.points : 0;
    return r;
}

/// What to do about a global out-of-bounds access by `thread` of `block` in blocks of `blockDim` (each
/// "x,y" or "x,y,z"): the bounds guard only when the thread lies outside the n x n matrix (2-D blocks, x for
/// columns as the lessons write it), else the index itself.
std::string outOfBoundsAdvice(const std::string& thread, const std::string& block, const std::string& blockDim, int n) {
    int t[3] = {0, 0, 0}, b[3] = {0, 0, 0}, d[3] = {1, 1, 1};
    const bool known = std::sscanf(thread.c_str(), "%d,%d,%d", &t[0], &t[1], &t[2]) >= 2 &&
                       std::sscanf(block.c_str(), "%d,%d,%d", &b[0], &b[1], &b[2]) >= 2 &&
                       std::sscanf(blockDim.c_str(), "%d,%d,%d", &d[0], &d[1], &d[2]) >= 2;
    if (known && d[1] > 1) {
        const long col = long(b[0]) * d[0] + t[0], row = long(b[1]) * d[1] + t[1];
        if (row < n && col < n)
            return ". This thread computes C[" + std::to_string(row) + "][" + std::to_string(col) +
                   "], inside the matrix, so a bounds guard is not the fix: an index on that line is wrong. Check the loop "
                   "bounds (k < n, not k <= n) and any + 1 or - 1 in the index.";
    }
    return ". A thread outside the matrix must not touch memory: guard it with if (row < n && col < n).";
}

std::string describeFailedRun(const RunRecord& record, const RunRequest& request, bool barriers) {
    const std::string at = "n=" + std::to_string(request.n) + (request.mode == "matmul" && request.phase ? " phase " + std::to_string(request.phase) : "");
    const ProcessResult& p = record.process;
    if (!record.notStarted.empty()) return "not run: " + record.notStarted;
    if (!p.started) return "the grader could not start the program: " + p.startError;
    if (record.fault) {
        const FaultRecord& f = *record.fault;
        auto get = [&](const char* key) {
            auto it = f.fields.find(key);
            std::string value = it == f.fields.end() ? std::string() : it->second;
            if ((std::string(key) == "thread" || std::string(key) == "block") && value.size() > 2 &&
                value.compare(value.size() - 2, 2, ",0") == 0)
                value.resize(value.size() - 2);  // 2-D coordinates, as the lessons write them
            return value;
        };
        const std::string by = get("thread").empty() ? "" : " by thread (" + get("thread") + ") of block (" + get("block") + ")";
        if ((f.kind == "out-of-bounds" || f.kind == "use-after-free") && get("space") == "shared") {
            const long index = std::atol(get("index").c_str()), size = std::atol(get("size").c_str());
            std::string shape = get("shape");
            std::replace(shape.begin(), shape.end(), 'x', ' ');
            std::string extents;
            for (std::stringstream words(shape); words >> shape;) extents += (extents.empty() ? "" : " x ") + shape;
            std::string text = "out-of-bounds " + get("access") + " of shared memory: " + get("element");
            if (size > 0)
                text += " lies " + std::to_string(index - size + 1) + " element" + (index - size + 1 == 1 ? "" : "s") +
                        " past the end of the __shared__ array " + get("buffer") + " (" + extents + " elements)";
            else
                text += ", outside every __shared__ array";
            text += " (" + at + ")" + by + " at " + f.at.text() + ". On a GPU this reads another array's data or faults "
                    "with an illegal address; check the loop bounds (k < TILE) and the tile indices.";
            return text;
        }
        if (f.kind == "out-of-bounds" || f.kind == "use-after-free") {
            const long index = std::atol(get("index").c_str()), size = std::atol(get("size").c_str());
            std::string where = index == -1 ? "one before the start" : index < 0 ? std::to_string(-index) + " before the start"
                                          : std::to_string(index - size + 1) + " past the end";
            std::string text = std::string(f.kind == "use-after-free" ? "use after cudaFree: " : "out-of-bounds ") +
                               get("access") + " of " + get("buffer") + "[" + get("index") + "] (" + at +
                               ": the buffer has " + get("size") + " elements, index " + where + ")";
            text += by + " at " + f.at.text();
            return text + outOfBoundsAdvice(get("thread"), get("block"), get("block_dim"), request.n);
        }
        if (f.kind == "array-index") {
            const std::string type = get("type");
            const size_t open = type.find('['), close = type.find(']');
            const std::string bound = open == std::string::npos ? "?" : type.substr(open + 1, close - open - 1);
            static const char* const ordinals[] = {"", "first ", "second ", "third ", "fourth "};
            const int dimension = std::atoi(get("dimension").c_str());
            std::string text = "out-of-bounds index into " +
                               (get("array").empty() ? std::string("an array")
                                                     : (get("shared") == "1" ? "the __shared__ array " : "the array ") + get("array"));
            text += ": ";
            if (!get("expression").empty()) text += "in " + get("expression") + ", ";
            text += std::string("the ") + (dimension >= 1 && dimension <= 4 ? ordinals[dimension] : "") + "index" +
                    (get("subscript").empty() ? "" : ", " + get("subscript") + ",") + " is " + get("index") +
                    " and must stay below " + bound + " (" + at + ")";
            return text + by + " at " + f.at.text() + ". On a GPU this reads or overwrites other data, or faults with an illegal address.";
        }
        if (f.kind == "misaligned")
            return "misaligned " + get("bytes") + "-byte " + get("access") + " of " + get("buffer") + ", " + get("offset") + " bytes from its start" +
                   " (" + at + ")" + by + " at " + f.at.text() + ": a vector access such as a float4 needs an address that is a "
                   "multiple of its size; a GPU stops the kernel with cudaErrorMisalignedAddress.";
        if (f.kind == "illegal-address")
            // The raw address differs from run to run, so the message leaves it out.
            return "the kernel touched memory that belongs to no buffer (" + at + ")" + by + " at " +
                   f.at.text() + ": on a GPU, cudaErrorIllegalAddress (a null or dangling pointer, or an index far out of range?).";
        if (f.kind == "device-assert")
            return "a device-side assert failed: assert(" + get("message") + ")" + by + " at " + f.at.text() + " (" + at +
                   "); on a GPU the kernel stops with cudaErrorAssert.";
        if (f.kind == "device-trap")
            return "the kernel called " + get("message") + by + " at " + f.at.text() + " (" + at + "); on a GPU it stops with an error.";
        if (f.kind == "unsupported") return "not supported by the emulator: " + get("feature") + " at " + f.at.text();
        if (f.kind == "stack-overflow" || f.kind == "shared-too-large") return get("message");
        return "the run stopped: " + f.kind + " " + get("message");
    }
    if (p.timedOut)
        return "did not finish within " + std::to_string(int(request.timeLimitS)) + " s at " + at +
               (barriers ? ": an endless loop, or a __syncthreads() some threads never reach?" : ": an endless loop?");
    auto lastLine = [&] {
        std::string out = p.output;
        while (!out.empty() && out.back() == '\n') out.pop_back();
        size_t nl = out.rfind('\n');
        std::string line = nl == std::string::npos ? out : out.substr(nl + 1);
        return line.size() > 160 ? line.substr(0, 160) + "..." : line;
    };
    if (p.signal) {
        std::string text = "the program crashed at " + at + ": killed by " + signalName(p.signal);
        if (!lastLine().empty()) text += "; its last output: \"" + lastLine() + "\"";
        return text;
    }
    if (!record.complete) {
        if (!record.parseError.empty()) return "the run record is damaged (" + record.parseError + "): did your code write to files it does not own?";
        if (!record.started) return "the program ended with status " + std::to_string(p.exitCode) + " before the grader could call your code (at " + at + ")";
        return "the program ended with status " + std::to_string(p.exitCode) + " while your code was running (" + at +
               "): does it call exit()? The grader judges only what the harness records, never what your code prints";
    }
    for (const auto& l : record.launches)
        if (!l.error.empty() && l.error != "cudaSuccess") return describeLaunchError(l) + " (" + at + ")";
    for (const auto& [when, name] : record.cudaErrors)
        if (when != "timing") return "CUDA reported " + name + " after the " + when + " (" + at + ")";
    return "";
}

std::optional<CheckResult> failedRun(const CheckContext& ctx, const RunRecord& record, const RunRequest& request) {
    if (!record.deviceError.empty())  // the machine's fault: an error of the grader, graded again on the next run
        return makeResult(ctx, Status::Error, "grader error: device: " + record.deviceError + " on " + ctx.backend.device() +
                                                  ". The device failed, not your code; this check is graded again on the next run.");
    const std::string failure = describeFailedRun(record, request, ctx.lesson.number != 1);
    if (failure.empty()) return std::nullopt;
    if (record.fault && record.fault->kind == "unsupported") {
        CheckResult result = makeResult(ctx, Status::Error, sentence(failure));
        result.emulatorCannotRun = true;
        return result;
    }
    const std::optional<int> rerunSize = request.mode == "gflops" ? ctx.onlyN : std::optional<int>(request.n);
    return makeResult(ctx, Status::Fail, sentence(failure) + " Rerun: " + ctx.rerunCommand(rerunSize));
}

LessonReport gradeLesson(const Course& course, const Lesson& lesson, const std::filesystem::path& file,
                         const std::string& displayFile, Backend& requested, Backend* cpuFallback,
                         const CheckOptions& options) {
    LessonReport report;
    report.lesson = lesson.id;
    report.file = displayFile;
    report.seed = options.seed ? *options.seed : 0;
    Backend* backend = &requested;
    const std::string unavailable = requested.unavailableReason();
    if (!unavailable.empty() && cpuFallback && cpuFallback != &requested) {
        report.note = "the " + requested.name() + " backend is not available (" + unavailable +
                      "): checks ran on the cpu emulator, GPU-only checks are skipped";
        backend = cpuFallback;
    }
    report.backend = backend->name();
    report.device = backend->device();
    report.showOutput = options.showOutput;
    const std::string printedGrader = options.grader.empty() ? graderCommand() : options.grader;
    const bool onGpu = backend->name() == "gpu";
    std::optional<BuildResult> primaryBuild;  // built when a check first needs it: the quiz alone needs none
    const BuildResult noBuild;
    std::optional<BuildResult> emulatorBuild;  // for emulator-only checks when the gpu backend is primary
    std::string emulatorCannotRun;  // why the emulator cannot run this file, once found (gpu backend)
    std::map<std::string, RunRecord> runs;
    HangMemo hang;
    for (const auto& spec : lesson.checks) {
        if (!options.only.empty() && std::find(options.only.begin(), options.only.end(), spec.name) == options.only.end())
            continue;
        const CheckEntry* entry = findCheck(spec.name);
        const bool needsCode = !entry || entry->where != Runs::WithoutCode;
        if (needsCode && !primaryBuild) {
            primaryBuild = backend->build(lesson, file, displayFile);
            if (options.compilerOutput && !primaryBuild->ok) report.compilerLog = primaryBuild->log;
        }
        const BuildResult& build = needsCode ? *primaryBuild : noBuild;
        const bool emulatorFirst = needsCode && entry && onGpu && cpuFallback && !options.gpuAlone &&
                                   (entry->where == Runs::EmulatorOnly || entry->where == Runs::EmulatorThenGpu);
        if (emulatorFirst && !emulatorBuild) {
            emulatorBuild = cpuFallback->build(lesson, file, displayFile);
            // nvcc builds the file: whatever stops the emulator's build is the emulator's limit.
            if (!emulatorBuild->ok && build.ok)
                emulatorCannotRun = emulatorBuild->unsupported.empty() ? "the cpu emulator cannot build it: " + emulatorBuild->summary
                                                                         : emulatorBuild->unsupported;
        }
        std::set<std::string> ranTogether;  // runs this check announced and got in one child: its own, even the one that hung
        auto contextFor = [&](Backend* runner, const BuildResult* built) {
            // Keeps a run's record, as the runs that follow see it (a hang stops them, output is shown once).
            auto keep = [&runs, &report, &hang, &lesson, onGpu, runner, &spec](const std::string& key, const RunRequest& request,
                                                                              RunRecord record) -> const RunRecord& {
                auto it = runs.emplace(key, std::move(record)).first;
                if (report.programOutput.empty() && request.wrapper.empty())  // not the sanitizer's banner
                    keepProgramOutput(report, it->second.process.output, spec.name + ", n=" + std::to_string(request.n));
                if (it->second.process.timedOut) hang.remember(runner->name(), lesson, spec.name, request, onGpu);
                return it->second;
            };
            CheckContext context{course, lesson, spec, *runner, *built, displayFile, report.seed, options.n,
                                 [&runs, &hang, &ranTogether, runner, built, keep](const RunRequest& request) -> const RunRecord& {
                                     const std::string key = runKey(runner->name(), request);
                                     if (ranTogether.count(key)) return runs.at(key);
                                     if (const std::string why = hang.blocks(runner->name()); !why.empty()) {
                                         RunRecord skipped;  // even the same run: the check that asks again cites the first
                                         skipped.notStarted = why;
                                         return runs.insert_or_assign("not started/" + key, std::move(skipped)).first->second;
                                     }
                                     if (auto it = runs.find(key); it != runs.end()) return it->second;
                                     return keep(key, request, runner->run(*built, request));
                                 },
                                 file, printedGrader};
            context.runTogether = [&runs, &hang, &ranTogether, runner, built, keep](const std::vector<RunRequest>& cases) {
                if (!runner->runsCasesTogether() || !hang.blocks(runner->name()).empty()) return;
                std::vector<RunRequest> missing;
                std::vector<std::string> keys;
                for (const auto& request : cases) {
                    if (request.mode != "matmul" || !request.wrapper.empty() || !request.extra.empty()) return;
                    std::string key = runKey(runner->name(), request);
                    if (runs.count(key)) continue;
                    missing.push_back(request);
                    keys.push_back(std::move(key));
                }
                if (missing.size() < 2) return;  // one run is one child either way
                std::vector<RunRecord> records = runner->runCases(*built, missing);
                for (size_t i = 0; i < records.size() && i < missing.size(); ++i) {
                    keep(keys[i], missing[i], std::move(records[i]));
                    ranTogether.insert(keys[i]);
                }
            };
            return context;
        };
        CheckContext ctx = contextFor(backend, &build);
        CheckResult result;
        if (!entry) {
            result = makeResult(ctx, Status::Error, "the grader has no check named '" + spec.name + "'");
        } else if (entry->where == Runs::GpuOnly && !onGpu) {
            std::string why = makeGpuBackend()->unavailableReason();
            if (why.empty()) why = "the cpu backend was chosen";
            result = makeResult(ctx, Status::Skip, "needs a CUDA device (" + why + "); run it with --backend gpu on a machine with an NVIDIA GPU");
        } else if (entry->where == Runs::EmulatorOnly && onGpu && options.gpuAlone) {
            result = makeResult(ctx, Status::Skip, "counted by the cpu emulator only (--gpu-alone)");
        } else if (needsCode && spec.name != "compile" && !build.ok) {
            result = build.unsupported.empty() ? makeResult(ctx, Status::Fail, "not run: the file does not compile")
                                               : makeResult(ctx, Status::Error, "not run: " + build.unsupported);
        } else if (emulatorFirst) {
            if (emulatorCannotRun.empty()) {
                CheckContext emulated = contextFor(cpuFallback, &*emulatorBuild);
                result = entry->run(emulated);
                if (result.emulatorCannotRun) emulatorCannotRun = result.message;
            }
            if (!emulatorCannotRun.empty()) {  // the GPU alone grades what it can
                if (report.note.empty()) report.note = sentence(emulatorCannotRun) + " The checks ran on the GPU alone.";
                result = entry->where == Runs::EmulatorThenGpu
                             ? entry->run(ctx)
                             : makeResult(ctx, Status::Skip, "the cpu emulator counts global loads, and it cannot run this file (" +
                                                                 emulatorCannotRun + ")");
            } else if (result.status == Status::Fail) {
                result.message = "on the cpu emulator: " + result.message;
            } else if (entry->where == Runs::EmulatorThenGpu && result.status == Status::Pass) {
                const std::string emulatorMessage = result.message;
                result = entry->run(ctx);
                if (result.status == Status::Pass) result.message += "; on the cpu emulator too: " + emulatorMessage;
            }
        } else {
            result = entry->run(ctx);
        }
        if (result.status == Status::Fail && result.maxPoints == 0) result.status = Status::Todo;  // nothing to lose: a reminder
        report.checks.push_back(result);
        if (result.status != Status::Skip) report.maxScore += result.maxPoints;
        report.score += result.points;
    }
    return report;
}

}  // namespace grader
