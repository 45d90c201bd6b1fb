// The compile check and the flow of grading one lesson: build, then each
// check in course.yaml order, sharing runs between checks.
#include <future>
#include <map>
#include <set>
#include <optional>
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "backend/compiler_output.h"
#include "checks/barrier_advice.h"
#include "checks/check.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// The compile check's finding: the summary of the first error, at the place the compiler's log gives it when that is
/// the student's file (the summary then starts "FILE:LINE[:COL]: ", as the compiler writes it).
Finding compileFinding(const CheckContext& ctx) {
    const std::string base = ctx.displayFile.substr(ctx.displayFile.find_last_of('/') + 1);
    const std::string& summary = ctx.build.summary;
    Finding finding{"compile.error", summary.substr(0, summary.find('\n')), {}, {}, "", ""};
    const CompilerErrorPlace place = firstCompilerErrorPlace(ctx.build.log);
    if (place.file != base || place.line <= 0) return finding;
    finding.at = {place.line, std::max(1, place.column)};
    const std::string lead = base + ":" + std::to_string(place.line) + (place.column ? ":" + std::to_string(place.column) : "") + ": ";
    if (finding.text.rfind(lead, 0) == 0) {
        finding.lead = lead;
        finding.text.erase(0, lead.size());
    }
    return finding;
}

}  // namespace

CheckResult checkCompile(CheckContext& ctx) {
    if (ctx.build.ok) return makeResult(ctx, Status::Pass, ctx.build.summary);
    if (!ctx.build.unsupported.empty()) {  // nvcc may well build it: the emulator's limit, not the student's error
        CheckResult result = makeResult(ctx, Status::Error, "emulator.unsupported", ctx.build.unsupported,
                                        Place{ctx.build.unsupportedLine, 1});
        result.emulatorCannotRun = true;
        return result;
    }
    return makeResult(ctx, Status::Fail, {compileFinding(ctx)}, ctx.build.summary.substr(std::min(ctx.build.summary.size(), ctx.build.summary.find('\n'))));
}

namespace {

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
    std::optional<BackendKind> runner;  ///< where the run hung; nullopt while no run hung
    std::string what;                   ///< "the kernel did not finish in the correctness check (n=16, 30 s)"

    void remember(BackendKind on, const Lesson& lesson, const std::string& check, const RunRequest& request, bool gpuBackend) {
        if (runner) return;
        runner = on;
        const std::string where = !gpuBackend ? "" : on == BackendKind::Gpu ? " on the GPU" : " on the cpu emulator";
        what = std::string(lesson.kind() == LessonKind::Timing ? "your code" : "the kernel") + " did not finish in the " + check +
               " check" + (request.wrapper.empty() ? "" : " under compute-sanitizer") + where + " (n=" + std::to_string(request.n) +
               ", " + std::to_string(int(request.timeLimitS)) + " s)";
    }
    /// Why a run on `on` is not started, or "" when it may run.
    std::string blocks(BackendKind on) const { return runner && (*runner == BackendKind::Cpu || *runner == on) ? what : ""; }
};

/// Whether `options` ask for `spec` (--check).
bool selectedBy(const CheckOptions& options, const CheckSpec& spec) {
    return options.only.empty() || std::find(options.only.begin(), options.only.end(), spec.name) != options.only.end();
}

/// Whether two runs of one memo key are also held to the same limits with the same seed and tile map: a run started
/// early stands for the grading's own only then (checks with one key may ask with other limits).
bool sameLimitsAndSeed(const RunRequest& a, const RunRequest& b) {
    return a.seed == b.seed && a.timeLimitS == b.timeLimitS && a.memoryBytes == b.memoryBytes && a.tilemap == b.tilemap;
}

/// The memo's key of a run: the same key, the same run.
std::string runKey(const std::string& runner, const RunRequest& request) {
    std::string key = runner + "/" + runModeName(request.mode) + "/" + std::to_string(request.n) + "/" + std::to_string(request.phase);
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

const char* uncodedFindingCode(Status status) {
    switch (status) {
        case Status::Skip: return "check.skipped";
        case Status::Error: return "grader.error";
        default: return "check.failed";
    }
}

RunRequest singleCaseRequest(const CheckContext& ctx, const char* sizeKey, int fallbackSize) {
    RunRequest request;
    request.n = ctx.onlyN ? *ctx.onlyN : static_cast<int>(ctx.spec.intParam(sizeKey, fallbackSize));
    request.phase = (ctx.lesson.kind() == LessonKind::TileLoading && request.n / kKitTile > 1) ? 1 : 0;
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
    if (parseBackendKind(backend) != BackendKind::Cpu) command += " --backend " + shellQuote(backend);
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

CheckResult makeResult(const CheckContext& ctx, Status status, const std::string& code, std::string message, Place at,
                       std::vector<RelatedPlace> related) {
    CheckResult r = makeResult(ctx, status, std::move(message));
    if (status == Status::Pass) return r;  // nothing to point at
    r.findings.push_back({code, r.message.substr(0, r.message.find('\n')), at, distinctPlaces(at, std::move(related)), "", ""});
    return r;
}

CheckResult withHint(CheckResult result, const std::string& hint) {
    if (!result.findings.empty()) result.findings.front().hint = hint;
    return result;
}

CheckResult makeResult(const CheckContext& ctx, Status status, std::vector<Finding> findings, const std::string& closing) {
    CheckResult r = makeResult(ctx, status, joinProblems(findings) + closing);
    r.findings = std::move(findings);
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

namespace {

/// A fault line's fields, read for a student's message.
struct FaultText {
    const FaultRecord& fault;
    std::string at;  ///< the case, "n=32" or "n=32 phase 1"

    /// A field's text ("" when absent); thread and block coordinates lose a z of 0 (2-D, as the lessons write them).
    std::string get(const char* key) const {
        std::string value = fieldText(fault.fields, key);
        if ((std::string(key) == "thread" || std::string(key) == "block") && value.size() > 2 && value.compare(value.size() - 2, 2, ",0") == 0)
            value.resize(value.size() - 2);
        return value;
    }
    /// " by thread (x,y) of block (x,y)", or "" for a fault outside a CUDA thread.
    std::string by() const { return get("thread").empty() ? "" : " by thread (" + get("thread") + ") of block (" + get("block") + ")"; }
};

/// An access past a __shared__ array (or outside every one), and how far past.
std::string sharedOutOfBounds(const FaultText& f) {
    const long index = std::atol(f.get("index").c_str()), size = std::atol(f.get("size").c_str());
    std::string shape = f.get("shape");
    std::replace(shape.begin(), shape.end(), 'x', ' ');
    std::string extents;
    for (std::stringstream words(shape); words >> shape;) extents += (extents.empty() ? "" : " x ") + shape;
    std::string text = "out-of-bounds " + f.get("access") + " of shared memory: " + f.get("element");
    if (size > 0)
        text += " lies " + std::to_string(index - size + 1) + " element" + (index - size + 1 == 1 ? "" : "s") +
                " past the end of the __shared__ array " + f.get("buffer") + " (" + extents + " elements)";
    else
        text += ", outside every __shared__ array";
    return text + " (" + f.at + ")" + f.by() + " at " + f.fault.at.text() + ". On a GPU this reads another array's data or faults "
                  "with an illegal address; check the loop bounds (k < TILE) and the tile indices.";
}

/// An access before or past a global buffer, or to one already freed, and what to change.
std::string globalOutOfBounds(const FaultText& f, int n) {
    const long index = std::atol(f.get("index").c_str()), size = std::atol(f.get("size").c_str());
    const std::string where = index == -1 ? "one before the start" : index < 0 ? std::to_string(-index) + " before the start"
                                                                               : std::to_string(index - size + 1) + " past the end";
    std::string text = std::string(f.fault.kind == FaultKind::UseAfterFree ? "use after cudaFree: " : "out-of-bounds ") +
                       f.get("access") + " of " + f.get("buffer") + "[" + f.get("index") + "] (" + f.at + ": the buffer has " +
                       f.get("size") + " elements, index " + where + ")";
    text += f.by() + " at " + f.fault.at.text();
    return text + outOfBoundsAdvice(f.get("thread"), f.get("block"), f.get("block_dim"), n);
}

/// An index past a fixed-size array's bound, named with the expression and the dimension.
std::string arrayIndexOutOfBounds(const FaultText& f) {
    const std::string type = f.get("type");
    const size_t open = type.find('['), close = type.find(']');
    const std::string bound = open == std::string::npos ? "?" : type.substr(open + 1, close - open - 1);
    static const char* const ordinals[] = {"", "first ", "second ", "third ", "fourth "};
    const int dimension = std::atoi(f.get("dimension").c_str());
    std::string text = "out-of-bounds index into " +
                       (f.get("array").empty() ? std::string("an array")
                                               : (f.get("shared") == "1" ? "the __shared__ array " : "the array ") + f.get("array"));
    text += ": ";
    if (!f.get("expression").empty()) text += "in " + f.get("expression") + ", ";
    text += std::string("the ") + (dimension >= 1 && dimension <= 4 ? ordinals[dimension] : "") + "index" +
            (f.get("subscript").empty() ? "" : ", " + f.get("subscript") + ",") + " is " + f.get("index") + " and must stay below " +
            bound + " (" + f.at + ")";
    return text + f.by() + " at " + f.fault.at.text() + ". On a GPU this reads or overwrites other data, or faults with an illegal address.";
}

/// The diagnosis code of a fault that stopped a run.
std::string faultCode(const FaultText& f) {
    switch (f.fault.kind) {
        case FaultKind::OutOfBounds: return f.get("space") == "shared" ? "memory.shared-out-of-bounds" : "memory.out-of-bounds";
        case FaultKind::UseAfterFree: return "memory.use-after-free";
        case FaultKind::ArrayIndex: return "memory.array-index-out-of-bounds";
        case FaultKind::Misaligned: return "memory.misaligned";
        case FaultKind::IllegalAddress: return "memory.illegal-address";
        case FaultKind::DeviceAssert: return "kernel.assert";
        case FaultKind::DeviceTrap: return "kernel.trap";
        case FaultKind::Unsupported: return "emulator.unsupported";
        case FaultKind::StackOverflow: return "kernel.stack-overflow";
        case FaultKind::SharedTooLarge: return "shared.too-large";
        case FaultKind::Resources:
        case FaultKind::Other: break;
    }
    return "run.stopped";
}

/// What to change about a fault, where its message says: the bounds guard or the index, the tile loop's bounds, alignment.
std::string faultHint(const FaultText& f, int n) {
    switch (f.fault.kind) {
        case FaultKind::OutOfBounds:
        case FaultKind::UseAfterFree:
            if (f.get("space") == "shared") return "check the loop bounds (k < TILE) and the tile indices.";
            return outOfBoundsAdvice(f.get("thread"), f.get("block"), f.get("block_dim"), n).substr(2);
        case FaultKind::Misaligned: return "a vector access such as a float4 needs an address that is a multiple of its size";
        default: return "";
    }
}

/// What the fault that stopped a run means for a student; `n` is the run's size.
std::string describeFault(const FaultText& f, int n) {
    const std::string where = f.by() + " at " + f.fault.at.text();
    switch (f.fault.kind) {
        case FaultKind::OutOfBounds:
        case FaultKind::UseAfterFree: return f.get("space") == "shared" ? sharedOutOfBounds(f) : globalOutOfBounds(f, n);
        case FaultKind::ArrayIndex: return arrayIndexOutOfBounds(f);
        case FaultKind::Misaligned:
            return "misaligned " + f.get("bytes") + "-byte " + f.get("access") + " of " + f.get("buffer") + ", " + f.get("offset") +
                   " bytes from its start (" + f.at + ")" + where + ": a vector access such as a float4 needs an address that is a "
                   "multiple of its size; a GPU stops the kernel with cudaErrorMisalignedAddress.";
        case FaultKind::IllegalAddress:  // the raw address differs from run to run, so the message leaves it out
            return "the kernel touched memory that belongs to no buffer (" + f.at + ")" + where +
                   ": on a GPU, cudaErrorIllegalAddress (a null or dangling pointer, or an index far out of range?).";
        case FaultKind::DeviceAssert:
            return "a device-side assert failed: assert(" + f.get("message") + ")" + where + " (" + f.at +
                   "); on a GPU the kernel stops with cudaErrorAssert.";
        case FaultKind::DeviceTrap: return "the kernel called " + f.get("message") + where + " (" + f.at + "); on a GPU it stops with an error.";
        case FaultKind::Unsupported: {
            const std::string feature = f.get("feature"), browser = "in the browser: ";  // the browser's build
            if (feature.starts_with(browser))
                return "not supported in the browser: " + feature.substr(browser.size()) + (f.fault.at.line > 0 ? " at " + f.fault.at.text() : "");
            return "not supported by the emulator: " + feature + " at " + f.fault.at.text();
        }
        case FaultKind::StackOverflow:
        case FaultKind::SharedTooLarge: return f.get("message");
        case FaultKind::Resources:
        case FaultKind::Other: break;
    }
    return "the run stopped: " + f.get("kind") + " " + f.get("message");
}

/// The last line the program printed, cut to 160 characters.
std::string lastOutputLine(std::string out) {
    while (!out.empty() && out.back() == '\n') out.pop_back();
    const size_t nl = out.rfind('\n');
    std::string line = nl == std::string::npos ? out : out.substr(nl + 1);
    return line.size() > 160 ? line.substr(0, 160) + "..." : line;
}

/// How a run that raised no fault ended early: a time-out, a signal, or an exit before the record's end (no text when none).
RunFailure describeEarlyEnd(const RunRecord& record, const RunRequest& request, const std::string& at, bool barriers) {
    const ProcessResult& p = record.process;
    if (p.timedOut)
        return {"run.timeout",
                "did not finish within " + std::to_string(int(request.timeLimitS)) + " s at " + at +
                    (barriers ? ": an endless loop, or a __syncthreads() some threads never reach?" : ": an endless loop?"),
                {}, barriers ? "an endless loop, or a __syncthreads() some threads never reach?" : "an endless loop?"};
    if (p.signal) {
        std::string text = "the program crashed at " + at + ": killed by " + signalName(p.signal);
        if (const std::string last = lastOutputLine(p.output); !last.empty()) text += "; its last output: \"" + last + "\"";
        return {"run.crash", text, {}, ""};
    }
    if (record.complete) return {};
    if (!record.parseError.empty())
        return {"run.record-damaged", "the run record is damaged (" + record.parseError + "): did your code write to files it does not own?", {}, ""};
    if (!record.started)
        return {"run.exit-before-start",
                "the program ended with status " + std::to_string(p.exitCode) + " before the grader could call your code (at " + at + ")", {}, ""};
    return {"run.exit", "the program ended with status " + std::to_string(p.exitCode) + " while your code was running (" + at +
                            "): does it call exit()? The grader judges only what the harness records, never what your code prints", {}, ""};
}

}  // namespace

RunFailure diagnoseFailedRun(const RunRecord& record, const RunRequest& request, bool barriers) {
    const std::string at = "n=" + std::to_string(request.n) +
                           (request.mode == RunMode::Matmul && request.phase ? " phase " + std::to_string(request.phase) : "");
    if (!record.notStarted.empty()) return {"run.not-run", "not run: " + record.notStarted, {}, ""};
    if (!record.process.started) return {"run.cannot-start", "the grader could not start the program: " + record.process.startError, {}, ""};
    if (record.fault) {
        const FaultText fault{*record.fault, at};
        return {faultCode(fault), describeFault(fault, request.n), record.fault->at, faultHint(fault, request.n)};
    }
    if (RunFailure ended = describeEarlyEnd(record, request, at, barriers); !ended.text.empty()) return ended;
    for (const auto& l : record.launches)
        if (!l.error.empty() && l.error != "cudaSuccess") return {"launch.failed", describeLaunchError(l) + " (" + at + ")", {}, ""};
    for (const auto& [when, name] : record.cudaErrors)
        if (when != "timing") return {"cuda.error", "CUDA reported " + name + " after the " + when + " (" + at + ")", {}, ""};
    return {};
}

std::string describeFailedRun(const RunRecord& record, const RunRequest& request, bool barriers) {
    return diagnoseFailedRun(record, request, barriers).text;
}

Place placeIn(const CheckContext& ctx, const SourceLocation& at) {
    const std::string base = ctx.displayFile.substr(ctx.displayFile.find_last_of('/') + 1);
    return at.line > 0 && at.file == base ? Place{at.line, 1} : Place{};
}

std::optional<CheckResult> failedRun(const CheckContext& ctx, const RunRecord& record, const RunRequest& request) {
    if (!record.deviceError.empty())  // the machine's fault: an error of the grader, graded again on the next run
        return makeResult(ctx, Status::Error, "grader.device-error",
                          "grader error: device: " + record.deviceError + " on " + ctx.backend.device() +
                              ". The device failed, not your code; this check is graded again on the next run.");
    const RunFailure failure = diagnoseFailedRun(record, request, ctx.lesson.kind() != LessonKind::Naive);
    if (failure.text.empty()) return std::nullopt;
    if (record.fault && record.fault->kind == FaultKind::Unsupported) {
        CheckResult result = makeResult(ctx, Status::Error, failure.code, sentence(failure.text), placeIn(ctx, failure.at));
        result.emulatorCannotRun = true;
        return result;
    }
    const std::optional<int> rerunSize = request.mode == RunMode::Gflops ? ctx.onlyN : std::optional<int>(request.n);
    return withHint(makeResult(ctx, Status::Fail, failure.code, sentence(failure.text) + " Rerun: " + ctx.rerunCommand(rerunSize),
                               placeIn(ctx, failure.at)),
                    failure.hint);
}

namespace {

/// Grades one lesson's checks in course.yaml order, building once and sharing runs between the checks.
class LessonGrading {
public:
    LessonGrading(const Course& course, const Lesson& lesson, const std::filesystem::path& file, const std::string& displayFile,
                  Backend& requested, Backend* cpuFallback, const CheckOptions& options)
        : course_(course), lesson_(lesson), file_(file), displayFile_(displayFile), cpuFallback_(cpuFallback), options_(options) {
        startReport(requested);
    }

    /// Runs every check the options ask for and returns the report.
    LessonReport run() {
        for (current_ = 0; current_ < lesson_.checks.size(); ++current_) {
            const CheckSpec& spec = lesson_.checks[current_];
            if (!selected(spec)) continue;
            CheckResult result = gradeCheck(spec);
            if (result.status != Status::Pass && result.findings.empty())  // a skip or the grader's error: one finding, at no place
                result.findings.push_back({uncodedFindingCode(result.status), result.message.substr(0, result.message.find('\n')), {}, {}, "", ""});
            if (result.status == Status::Fail && result.maxPoints == 0) result.status = Status::Todo;  // nothing to lose: a reminder
            report_.checks.push_back(result);
            if (result.status != Status::Skip) report_.maxScore += result.maxPoints;
            report_.score += result.points;
        }
        return std::move(report_);
    }

private:
    /// Whether the options ask for `spec` (--check).
    bool selected(const CheckSpec& spec) const { return selectedBy(options_, spec); }

    /// The report's header, and the backend that runs: the cpu emulator when the requested one is not available here.
    void startReport(Backend& requested) {
        report_.lesson = lesson_.id;
        report_.file = displayFile_;
        report_.seed = options_.seed ? *options_.seed : 0;
        backend_ = &requested;
        const std::string unavailable = requested.unavailableReason();
        if (!unavailable.empty() && cpuFallback_ && cpuFallback_ != &requested) {
            report_.note = "the " + requested.name() + " backend is not available (" + unavailable +
                           "): checks ran on the cpu emulator, GPU-only checks are skipped";
            backend_ = cpuFallback_;
        }
        report_.backend = backend_->name();
        report_.device = backend_->device();
        report_.showOutput = options_.showOutput;
        printedGrader_ = options_.grader.empty() ? graderCommand() : options_.grader;
        onGpu_ = backend_->kind() == BackendKind::Gpu;
    }

    /// The build a check runs: the backend's, built when a check first needs code (the quiz alone needs none).
    const BuildResult& primaryBuild(bool needsCode) {
        if (!needsCode) return noBuild_;
        if (!primaryBuild_) {
            primaryBuild_ = backend_->build(lesson_, file_, displayFile_);
            if (options_.compilerOutput && !primaryBuild_->ok) report_.compilerLog = primaryBuild_->log;
        }
        return *primaryBuild_;
    }

    /// The emulator's build for its part of a check on the gpu backend; when nvcc builds the file, whatever stops the
    /// emulator's build is the emulator's limit, kept as why it cannot run the file.
    void buildForEmulator(const BuildResult& build) {
        if (emulatorBuild_) return;
        emulatorBuild_ = cpuFallback_->build(lesson_, file_, displayFile_);
        if (!emulatorBuild_->ok && build.ok)
            emulatorCannotRun_ = emulatorBuild_->unsupported.empty() ? "the cpu emulator cannot build it: " + emulatorBuild_->summary
                                                                     : emulatorBuild_->unsupported;
    }

    /// Keeps a run's record as the runs that follow see it: a hang stops them, and output is shown once.
    const RunRecord& keep(const CheckSpec& spec, Backend* runner, const std::string& key, const RunRequest& request, RunRecord record) {
        auto it = runs_.emplace(key, std::move(record)).first;
        if (report_.programOutput.empty() && request.wrapper.empty())  // not the sanitizer's banner
            keepProgramOutput(report_, it->second.process.output, spec.name + ", n=" + std::to_string(request.n));
        if (it->second.process.timedOut) hang_.remember(runner->kind(), lesson_, spec.name, request, onGpu_);
        return it->second;
    }

    /// One run for a check: the memo's record when there is one, a "not started" record after a hang, else a new run.
    const RunRecord& runOnce(const CheckSpec& spec, Backend* runner, const BuildResult* built, const RunRequest& request) {
        if (runner == backend_) runPlanned(runner, built);
        const std::string key = runKey(runner->name(), request);
        if (together_.count(key)) return runs_.at(key);
        if (const std::string why = hang_.blocks(runner->kind()); !why.empty()) {
            RunRecord skipped;  // even the same run: the check that asks again cites the first
            skipped.notStarted = why;
            return runs_.insert_or_assign("not started/" + key, std::move(skipped)).first->second;
        }
        if (auto it = runs_.find(key); it != runs_.end()) return it->second;
        if (std::optional<RunRecord> early = takeEarlyRun(*runner, key, request)) return keep(spec, runner, key, request, std::move(*early));
        return keep(spec, runner, key, request, runner->run(*built, request));
    }

    /// The record of `request`'s run on `runner` (memo key `key`) when it was started early on the emulator for this
    /// lesson (CheckOptions::earlyRuns), once it has ended; nullopt when none was, it was another run, or it did not run.
    std::optional<RunRecord> takeEarlyRun(const Backend& runner, const std::string& key, const RunRequest& request) const {
        if (!options_.earlyRuns || runner.kind() != BackendKind::Cpu) return std::nullopt;
        const auto found = options_.earlyRuns->find(lesson_.id);
        if (found == options_.earlyRuns->end() || !found->second.record.valid()) return std::nullopt;
        const EarlyRun& early = found->second;
        if (runKey(runner.name(), early.request) != key || !sameLimitsAndSeed(early.request, request)) return std::nullopt;
        return early.record.get();
    }

    /// Before the first run on a backend that runs several in one child (Backend::runsCasesTogether): the runs
    /// the current check and the checks after it plan (the check table's RunPlan), but a sanitizer's, run now in
    /// one child, and the checks then find them. It changes no verdict: a check still asks for each run, and a
    /// run the child did not reach (after one that failed) runs alone when asked.
    void runPlanned(Backend* runner, const BuildResult* built) {
        if (planned_ || !runner->runsCasesTogether()) return;
        planned_ = true;
        if (!hang_.blocks(runner->kind()).empty()) return;
        std::vector<RunRequest> planned;
        std::vector<std::pair<const CheckSpec*, std::string>> owners;  // each run's check, and its memo key
        for (size_t i = current_; i < lesson_.checks.size(); ++i) {
            const CheckSpec& spec = lesson_.checks[i];
            const CheckEntry* entry = findCheck(spec.name);
            if (!selected(spec) || !entry || !entry->plan || entry->where == Runs::EmulatorOnly) continue;
            for (const RunRequest& request : entry->plan(contextFor(spec, runner, built))) {
                std::string key = runKey(runner->name(), request);
                const bool known = runs_.count(key) || std::any_of(owners.begin(), owners.end(), [&](const auto& o) { return o.second == key; });
                if (!request.wrapper.empty() || known) continue;
                planned.push_back(request);
                owners.emplace_back(&spec, std::move(key));
            }
        }
        if (planned.size() < 2) return;  // one run is one child either way
        std::vector<RunRecord> records = runner->runCases(*built, planned);
        for (size_t i = 0; i < records.size() && i < planned.size(); ++i) {
            keep(*owners[i].first, runner, owners[i].second, planned[i], std::move(records[i]));
            together_.insert(owners[i].second);
        }
    }

    /// The context a check runs in on `runner` with `built`.
    CheckContext contextFor(const CheckSpec& spec, Backend* runner, const BuildResult* built) {
        return CheckContext{course_, lesson_, spec, *runner, *built, displayFile_, report_.seed, options_.n,
                            [this, &spec, runner, built](const RunRequest& request) -> const RunRecord& {
                                return runOnce(spec, runner, built, request);
                            },
                            file_, printedGrader_, options_.sanitizerThreads};
    }

    /// A check that runs on the emulator first (gpu backend): its verdict there, then the GPU's where both run it;
    /// the GPU alone grades what it can when the emulator cannot run the file.
    CheckResult emulatorThenGpu(const CheckEntry& entry, CheckContext& ctx) {
        CheckResult result;
        if (emulatorCannotRun_.empty()) {
            CheckContext emulated = contextFor(ctx.spec, cpuFallback_, &*emulatorBuild_);
            result = entry.run(emulated);
            if (result.emulatorCannotRun) emulatorCannotRun_ = result.message;
        }
        if (!emulatorCannotRun_.empty()) {
            if (report_.note.empty()) report_.note = sentence(emulatorCannotRun_) + " The checks ran on the GPU alone.";
            return entry.where == Runs::EmulatorThenGpu
                       ? entry.run(ctx)
                       : makeResult(ctx, Status::Skip, "the cpu emulator counts global loads, and it cannot run this file (" +
                                                           emulatorCannotRun_ + ")");
        }
        if (result.status == Status::Fail) {
            result.message = "on the cpu emulator: " + result.message;
        } else if (entry.where == Runs::EmulatorThenGpu && result.status == Status::Pass) {
            const std::string emulatorMessage = result.message;
            result = entry.run(ctx);
            if (result.status == Status::Pass) result.message += "; on the cpu emulator too: " + emulatorMessage;
        }
        return result;
    }

    /// One check's result: run where its check table entry says, or skipped (or failed) with the reason.
    CheckResult gradeCheck(const CheckSpec& spec) {
        const CheckEntry* entry = findCheck(spec.name);
        const bool needsCode = !entry || entry->where != Runs::WithoutCode;
        const BuildResult& build = primaryBuild(needsCode);
        const bool emulatorFirst = needsCode && entry && onGpu_ && cpuFallback_ && !options_.gpuAlone &&
                                   (entry->where == Runs::EmulatorOnly || entry->where == Runs::EmulatorThenGpu);
        if (emulatorFirst) buildForEmulator(build);
        CheckContext ctx = contextFor(spec, backend_, &build);
        if (!entry) return makeResult(ctx, Status::Error, "the grader has no check named '" + spec.name + "'");
        if (entry->where == Runs::GpuOnly && !onGpu_) {
            std::string why = makeGpuBackend()->unavailableReason();
            if (why.empty()) why = "the cpu backend was chosen";
            return makeResult(ctx, Status::Skip, "needs a CUDA device (" + why + "); run it with --backend gpu on a machine with an NVIDIA GPU");
        }
        if (entry->where == Runs::EmulatorOnly && onGpu_ && options_.gpuAlone)
            return makeResult(ctx, Status::Skip, "counted by the cpu emulator only (--gpu-alone)");
        if (needsCode && spec.name != "compile" && !build.ok)
            return build.unsupported.empty()
                       ? makeResult(ctx, Status::Fail, "compile.error", "not run: the file does not compile")
                       : makeResult(ctx, Status::Error, "emulator.unsupported", "not run: " + build.unsupported, Place{build.unsupportedLine, 1});
        return emulatorFirst ? emulatorThenGpu(*entry, ctx) : entry->run(ctx);
    }

    const Course& course_;
    const Lesson& lesson_;
    const std::filesystem::path file_;
    const std::string displayFile_;
    Backend* cpuFallback_;
    const CheckOptions& options_;
    LessonReport report_;
    Backend* backend_ = nullptr;
    std::string printedGrader_;
    bool onGpu_ = false;
    std::optional<BuildResult> primaryBuild_;
    const BuildResult noBuild_;
    std::optional<BuildResult> emulatorBuild_;  ///< for the emulator's part of checks when the gpu backend is primary
    std::string emulatorCannotRun_;             ///< why the emulator cannot run this file, once found (gpu backend)
    std::map<std::string, RunRecord> runs_;
    HangMemo hang_;
    size_t current_ = 0;               ///< the check being graded, in lesson_.checks
    bool planned_ = false;             ///< the planned runs have run together (runPlanned), or cannot
    std::set<std::string> together_;   ///< the memo keys of the runs that ran together
};

}  // namespace

std::optional<RunRequest> firstEmulatorRun(const Course& course, const Lesson& lesson, const Backend& primary, Backend& emulator,
                                           const CheckOptions& options) {
    const bool onGpu = primary.kind() == BackendKind::Gpu;
    if (onGpu && options.gpuAlone) return std::nullopt;
    static const BuildResult notBuilt;  // a plan names runs; it reads no build and runs nothing
    static const RunRecord kNoRun;
    for (const CheckSpec& spec : lesson.checks) {
        if (!selectedBy(options, spec)) continue;
        const CheckEntry* entry = findCheck(spec.name);
        if (!entry) continue;
        const bool onEmulator = onGpu ? entry->where == Runs::EmulatorOnly || entry->where == Runs::EmulatorThenGpu
                                      : entry->where != Runs::GpuOnly && entry->where != Runs::WithoutCode;
        if (!onEmulator) continue;
        if (!entry->plan) return std::nullopt;  // its runs come first, and are not known ahead
        const CheckContext ctx{course, lesson, spec, emulator, notBuilt, lesson.starterFile(), options.seed.value_or(0), options.n,
                               [](const RunRequest&) -> const RunRecord& { return kNoRun; },
                               {}, "", options.sanitizerThreads};
        for (const RunRequest& request : entry->plan(ctx))
            if (request.wrapper.empty()) return request;
    }
    return std::nullopt;
}

LessonReport gradeLesson(const Course& course, const Lesson& lesson, const std::filesystem::path& file,
                         const std::string& displayFile, Backend& requested, Backend* cpuFallback,
                         const CheckOptions& options) {
    return LessonGrading(course, lesson, file, displayFile, requested, cpuFallback, options).run();
}

}  // namespace grader
