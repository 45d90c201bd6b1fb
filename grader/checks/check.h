// What a check is: a function from a context (the lesson, its spec, the
// backend, the built child) to a result with a status, a message and points.
// Checks judge run records; they never format output (reporters do).
// Non-goal: running student code themselves (backends do).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "checks/finding.h"
#include "checks/check_table.h"
#include "checks/early_run.h"
#include "core/course.h"

namespace grader {

/// pass; fail for anything the student's code causes; skip for a reason of
/// the machine; error for the grader's own trouble; todo for a check worth 0
/// points that is not met: a reminder, never a failure (CONTRACT.md).
enum class Status { Pass, Fail, Skip, Error, Todo };

/// "pass", "fail", "skip", "error", "todo".
const char* statusWord(Status status);

/// The code of a finding no check site coded, by its check's status: check.skipped, grader.error or check.failed.
const char* uncodedFindingCode(Status status);

/// A figure a check measured, with its spread over the runs it took; the unit ends the name
/// ("kernel_ms", "kernel_gflops", "speedup_x", "matrix_n").
struct Measurement {
    std::string name;
    double median = 0;
    double min = 0;
    double max = 0;
    int runs = 0;  ///< how many runs the spread is over (0: one figure, no spread)
};

/// The verdict of one check.
struct CheckResult {
    std::string name;
    Status status = Status::Skip;
    std::string message;  ///< what the student reads; its lines include each finding's
    int points = 0;
    int maxPoints = 0;
    bool emulatorCannotRun = false;  ///< the error is the emulator's (a construct it does not support), not the student's
    std::vector<Finding> findings;   ///< what a failing, erroring or skipped check found, as data
    std::vector<Measurement> measurements;  ///< what a timed check measured (timing, speedup), as data
};

/// One graded lesson: every check's result and the score.
struct LessonReport {
    std::string lesson;
    std::string file;
    std::string backend;
    std::string device;  ///< the GPU that ran it ("GPU 0 (NVIDIA H200)"), "" on the emulator
    uint64_t seed = 0;
    std::vector<CheckResult> checks;
    int score = 0;
    int maxScore = 0;
    std::string note;  ///< e.g. why the gpu backend was not used
    /// What the student's program printed in its first run that printed anything (the first lines).
    std::vector<std::string> programOutput;
    std::string programOutputRun;  ///< which run that was, e.g. "correctness, n=16"
    bool showOutput = false;       ///< print programOutput (else only say that there is some)
    std::string compilerLog;       ///< the full compiler log of a failed build, when asked for (--compiler-output)
};

/// Options a person passes to `grader check`.
struct CheckOptions {
    std::optional<uint64_t> seed;
    std::optional<int> n;
    std::vector<std::string> only;  ///< run just these checks (empty: all)
    bool gpuAlone = false;          ///< gpu backend: skip the emulator's part of each check (a measurement, never a grade)
    bool showOutput = false;        ///< print the first lines the student's program printed
    bool compilerOutput = false;    ///< keep the compiler's full log of a failed build in the report
    /// How printed commands name the grader: "" for graderCommand() (as typed here); the batch
    /// gives kitGraderCommand(), for commands a student pastes in their own kit.
    std::string grader;
    /// The CPU threads compute-sanitizer racecheck's analysis may take: the batch gives each of its parallel
    /// graders a share of the cores; 0 leaves the tool its default (one per core).
    int sanitizerThreads = 0;
    /// Lesson id -> its first emulator run, started before the grading began (a batch's submission taken in ahead):
    /// the grading takes its record when it asks for the same run. nullptr or no entry: every run starts when asked.
    const std::map<std::string, EarlyRun>* earlyRuns = nullptr;
};

/// A `grader check` command as printed for a person to paste where they stand.
struct CheckCommandLine {
    std::string grader;            ///< the grader as typed there (graderCommand(), kitGraderCommand())
    std::string lesson;
    std::string file;              ///< the student's file as typed there
    std::string check;             ///< one check, or "" for all of the lesson's
    std::optional<int> n;          ///< one size, or all of the check's
    uint64_t seed = 0;
    std::string backend = "cpu";   ///< named with --backend unless it is cpu

    /// "GRADER check LESSON FILE [--check CHECK] [--n N] --seed SEED [--backend B]", each word shell-quoted.
    std::string text() const;
};

/// Everything a check may read; runs are memoized so checks share them.
struct CheckContext {
    const Course& course;
    const Lesson& lesson;
    const CheckSpec& spec;
    Backend& backend;
    const BuildResult& build;
    std::string displayFile;
    uint64_t seed;
    std::optional<int> onlyN;
    std::function<const RunRecord&(const RunRequest&)> run;
    std::filesystem::path file;  ///< the student's file as the grader reads it (the quiz answers sit beside it)
    std::string grader;          ///< the grader as printed commands name it (CheckOptions::grader, resolved)
    int sanitizerThreads = 0;    ///< CheckOptions::sanitizerThreads

    /// "grader check lesson3 FILE --check NAME --n N --seed S": reruns one case.
    std::string rerunCommand(std::optional<int> n) const;
};

/// A result with the check's name and maximum points filled in.
CheckResult makeResult(const CheckContext& ctx, Status status, std::string message);

/// A result whose message is `message` and whose one finding is its first line,
/// with `code`, placed `at` (unknown: it names no place) and its `related` places.
CheckResult makeResult(const CheckContext& ctx, Status status, const std::string& code, std::string message, Place at = {},
                       std::vector<RelatedPlace> related = {});

/// `result` with `hint` as its first finding's hint (a failing result's advice, also the end of its text).
CheckResult withHint(CheckResult result, const std::string& hint);

/// A result whose findings are `findings` (each a line of the message, the first few
/// as joinProblems lists them) followed by `closing` (the rerun command and such).
CheckResult makeResult(const CheckContext& ctx, Status status, std::vector<Finding> findings, const std::string& closing);

/// Grades one lesson file with a backend (compile first, then every check).
LessonReport gradeLesson(const Course& course, const Lesson& lesson, const std::filesystem::path& file,
                         const std::string& displayFile, Backend& backend, Backend* cpuFallback,
                         const CheckOptions& options);

// The checks (checks/*.cpp), each a row of the check table (check_table.h).
/// The build itself (checks/grade.cpp).
CheckResult checkCompile(CheckContext& ctx);
CheckResult checkCorrectness(CheckContext& ctx);
CheckResult checkBarriers(CheckContext& ctx);
/// The barriers check on a GPU: compute-sanitizer's racecheck and synccheck.
CheckResult checkBarriersWithSanitizer(CheckContext& ctx);
/// The words that run a child under `sanitizer` with `tool` ("synccheck" or "racecheck"); racecheck reports
/// one entry per hazard, and its analysis takes at most `sanitizerThreads` threads (0: its default, one per core).
std::vector<std::string> sanitizerCommand(const std::string& sanitizer, const std::string& tool, int sanitizerThreads);
CheckResult checkTraffic(CheckContext& ctx);
CheckResult checkTiming(CheckContext& ctx);
CheckResult checkSpeedup(CheckContext& ctx);

// The runs a check asks its backend for, in order, known before it runs (the check table's RunPlan).
/// The correctness check's: each size (and lesson 2's phases), or lesson 4's one gflops run.
std::vector<RunRequest> correctnessRuns(const CheckContext& ctx);
/// The timing check's one run.
std::vector<RunRequest> timingRuns(const CheckContext& ctx);
/// The speedup check's one run.
std::vector<RunRequest> speedupRuns(const CheckContext& ctx);
/// The lesson's quiz: the answers file beside the student's file, against lessons/NN-name/quiz.yaml.
CheckResult checkQuiz(CheckContext& ctx);
/// The tile-map trainer: its progress file beside the student's file records a set answered right.
CheckResult checkTrainer(CheckContext& ctx);

/// A file kept beside the student's file (quiz answers, trainer progress), relative to its folder.
/// A folder holding every lesson's file (a flat submission) names it by lesson:
/// "quiz_answers_lesson2.yaml" or "lesson2/quiz_answers.yaml"; otherwise `name`.
std::string fileBesideStudentFile(const CheckContext& ctx, const std::string& name);

/// The one matmul case a barriers or traffic check looks at: the size from
/// `sizeKey` (or --n), phase 1 for lesson 2 when there is one.
RunRequest singleCaseRequest(const CheckContext& ctx, const char* sizeKey, int fallbackSize);

/// `text` ending with a period (added when missing).
std::string sentence(const std::string& text);

/// Why a run did not complete: its diagnosis code, what it means for a student, and where (a fault's line).
struct RunFailure {
    std::string code;  ///< run.timeout, memory.out-of-bounds, ...; "" when the run completed
    std::string text;  ///< "" when the run completed
    SourceLocation at;
    std::string hint;  ///< what to change, where the cause says (the end of `text`), else ""
};

/// Why a run did not complete (an empty RunFailure when it did); `barriers` as describeFailedRun's.
RunFailure diagnoseFailedRun(const RunRecord& record, const RunRequest& request, bool barriers = true);

/// `at` as a place in the student's file, or an unknown place when it is in another file or at no line.
Place placeIn(const CheckContext& ctx, const SourceLocation& at);

/// A run that did not complete, described for a student ("" when it completed); `barriers`:
/// the lesson uses __syncthreads(), so a hang may be a barrier some threads never reach.
std::string describeFailedRun(const RunRecord& record, const RunRequest& request, bool barriers = true);

/// The result of a check whose run did not complete: fail with the cause and
/// the rerun command, or error when the emulator cannot run the file (a
/// construct it does not support); nullopt when the run completed.
std::optional<CheckResult> failedRun(const CheckContext& ctx, const RunRecord& record, const RunRequest& request);

}  // namespace grader
