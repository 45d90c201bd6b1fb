// The batch run: plan (discover, hash, skip up-to-date), grade with a pool of
// worker threads (each submission taken in by intake.h), record each result
// atomically, then merge.
#include "batch/batch.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "backend/backend_choice.h"
#include "batch/class_similarity.h"
#include "batch/feedback.h"
#include "batch/intake.h"
#include "batch/lms_export.h"
#include "batch/nested_archives.h"
#include "batch/prebuild.h"
#include "batch/progress.h"
#include "batch/results.h"
#include "batch/upload_check.h"
#include "checks/check.h"
#include "core/escape.h"
#include "core/interrupt.h"
#include "core/parallel.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// A submission with the key its result is filed under.
struct Planned {
    Submission submission;
    std::string key;
    std::string contentKey;  ///< the submission's content alone (a new one is a new submission)
};

/// What a result's messages are written for, part of its key: a result of an earlier grader whose
/// commands named the file inside the submission is graded again, not reused.
constexpr const char* kResultMessages = "commands for the student's kit";

/// The key a result is filed under: the submission's content, course.yaml, the grader's version and --seed.
std::string resultKey(const std::string& contentHashText, const std::string& courseHash, std::optional<uint64_t> seed) {
    return contentHash(contentHashText + "\n" + courseHash + "\n" + graderVersion() + "\n" +
                       (seed ? std::to_string(*seed) : "seed per id") + "\n" + kResultMessages);
}

std::string verdictLine(const StudentResult& r) {
    if (r.status != "graded") return r.status + ": " + r.message;
    std::string problems;
    for (const auto& problem : r.problems) problems += "; " + problem;
    std::string text = std::to_string(r.score()) + "/" + std::to_string(r.maxScore());
    int missing = 0;
    for (const auto& l : r.lessons) missing += !l.submitted;
    if (missing) text += " (" + std::to_string(missing) + " lesson" + (missing > 1 ? "s" : "") + " not submitted)";
    if (r.hasGraderError()) text += " [grader error]";
    return text + problems;
}

/// Takes course.yaml's near_miss_penalty off a lesson graded from a file named differently, and says so.
void applyNearMissPenalty(const Course& course, const Lesson& lesson, LessonReport& report) {
    const int off = std::min(course.nearMissPenalty, report.score);
    report.score -= off;
    const std::string why = std::to_string(off) + " point" + (off == 1 ? "" : "s") + " off: the file is not named " + lesson.studentFile +
                            " (course.yaml near_miss_penalty " + std::to_string(course.nearMissPenalty) + ")";
    report.note = report.note.empty() ? why : report.note + "; " + why;
}

/// Seconds since `started`.
double elapsedSeconds(std::chrono::steady_clock::time_point started) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

/// A submission's result before grading: who handed it in, how and when it is graded.
StudentResult startedResult(const Course& course, const Planned& planned, const BatchOptions& options, const std::string& backendName) {
    const Submission& sub = planned.submission;
    StudentResult result;
    result.id = sub.id;
    result.name = cleanUtf8(sub.displayName());
    result.source = cleanUtf8(sub.sourceName());
    result.late = sub.late;
    for (const auto& note : sub.notes) result.notes.push_back(cleanUtf8(note));
    result.submissionKey = planned.key;
    result.contentKey = planned.contentKey;
    result.courseHash = course.sourceHash;
    result.backend = backendName;
    result.sandboxed = activeSandbox() != nullptr;
    result.seed = options.seed ? *options.seed : studentSeed(sub.id);
    if (options.shard) result.shard = options.shard->text();
    result.gradedAt = utcNow();
    return result;
}

/// `result` closed without grading: its status and why, every lesson not submitted, the seconds it took.
StudentResult ungradedResult(StudentResult result, const Course& course, const std::string& backendName, const Ungraded& why,
                             std::chrono::steady_clock::time_point started) {
    result.status = why.status;
    result.message = why.message;
    for (const auto& lesson : course.lessons) result.lessons.push_back(notSubmitted(lesson, backendName));
    result.seconds = elapsedSeconds(started);
    return result;
}

/// The lessons whose file is not source text, each with why (not built: its compile check says what it
/// is); those and a file in another code page are problems of `result`.
std::map<std::string, std::string> unbuildableLessons(const LessonFiles& files, const ArchiveLimits& limits, StudentResult& result) {
    std::map<std::string, std::string> unbuildable;  // lesson id -> why
    for (const auto& [lessonId, file] : files.byLesson) {
        const std::string name = cleanUtf8(file.filename().string());
        if (auto why = notSourceText(file, name, static_cast<uintmax_t>(limits.maxEntryBytes))) {
            unbuildable[lessonId] = *why;
            result.problems.push_back(lessonId + ": " + *why);
        } else if (auto note = encodingNote(file, name)) {
            result.problems.push_back(lessonId + ": " + *note);
        }
    }
    return unbuildable;
}

/// What the lessons of one submission are graded with; lessons share nothing but the (stateless) backends.
struct LessonGrading {
    const Course& course;
    const Submission& sub;
    const std::string& backendName;
    Backend& backend;
    Backend& cpu;
    const Intake& intake;
    const LessonFiles& files;
    const std::map<std::string, std::string>& unbuildable;  ///< lesson id -> why its file is not built
    const CheckOptions& checkOptions;
};

/// The graded file as the instructor finds it: its path in the submission as handed in (the LMS's file name, and what lies in it).
std::string handedInName(const LessonGrading& g, const fs::path& file) {
    const fs::path inside = handedInPath(file.lexically_relative(g.intake.root), g.intake.opened);
    std::string handedIn = g.sub.kind == SubmissionKind::File ? g.sub.sourceName() : g.sub.sourceName() + "/" + inside.string();
    if (auto as = g.intake.handedAs.find(inside.begin()->string()); as != g.intake.handedAs.end())
        handedIn = (fs::path(as->second) / inside.lexically_relative(*inside.begin())).lexically_normal().string();
    if (!handedIn.empty() && handedIn.back() == '/') handedIn.pop_back();
    return cleanUtf8(handedIn);
}

/// The report of `lesson` graded from `file`; an exception of the grader's becomes its "grader" error check.
LessonReport lessonReport(const LessonGrading& g, const Lesson& lesson, const fs::path& file) {
    try {
        if (auto why = g.unbuildable.find(lesson.id); why != g.unbuildable.end()) {
            UnbuildableBackend notBuilt(g.backend, why->second), cpuNotBuilt(g.cpu, why->second);
            return gradeLesson(g.course, lesson, file, lesson.starterFile(), notBuilt, &cpuNotBuilt, g.checkOptions);
        }
        return gradeLesson(g.course, lesson, file, lesson.starterFile(), g.backend, &g.cpu, g.checkOptions);
    } catch (const std::exception& e) {
        LessonReport report;
        report.lesson = lesson.id;
        report.backend = g.backendName;
        report.checks.push_back({"grader", Status::Error, std::string("the grader failed: ") + e.what(), 0, 0, false,
                                 {{"grader.error", std::string("the grader failed: ") + e.what(), {}, {}, "", ""}}, {}});
        return report;
    }
}

/// One lesson's outcome: not submitted, or graded once its background build is done.
LessonOutcome gradeSubmittedLesson(const LessonGrading& g, LessonPrebuild& prebuild, const Lesson& lesson) {
    auto found = g.files.byLesson.find(lesson.id);
    if (found == g.files.byLesson.end()) return notSubmitted(lesson, g.backendName);
    const std::string handedIn = handedInName(g, found->second);
    LessonOutcome outcome;
    outcome.submitted = true;
    prebuild.waitFor(lesson.id);
    outcome.report = lessonReport(g, lesson, found->second);
    outcome.report.file = handedIn;  // the instructor's: which file of the submission was graded
    if (g.files.nearMisses.count(lesson.id) && g.course.nearMissPenalty > 0) applyNearMissPenalty(g.course, lesson, outcome.report);
    return outcome;
}

/// Takes course.yaml's late_penalty (a percentage of the score) off a late submission, and says so.
void applyLatePenalty(const Course& course, StudentResult& result) {
    result.latePenalty = (result.score() * course.latePenalty + 50) / 100;
    result.notes.push_back("late: " + std::to_string(result.latePenalty) + " point" + (result.latePenalty == 1 ? "" : "s") +
                           " off (course.yaml late_penalty " + std::to_string(course.latePenalty) + "%)");
}

/// A submission taken in: unpacked, its lesson files found and building in the background, or closed
/// already (refused at intake, or the grader failed on it). Its unpacked folder goes with it.
struct TakenIn {
    const Planned& planned;
    StudentResult result;
    std::chrono::steady_clock::time_point started;  ///< when its grading began (its intake, unless taken in ahead)
    fs::path unpacked;
    Intake intake;
    LessonFiles files;
    std::map<std::string, std::string> unbuildable;  ///< lesson id -> why its file is not built
    std::unique_ptr<LessonPrebuild> prebuild;
    CheckOptions checkOptions;  ///< how its lessons are graded (batchCheckOptions), set once it is taken in
    std::optional<StudentResult> closed;  ///< set: its row, without grading

    TakenIn(const Planned& p, StudentResult started) : planned(p), result(std::move(started)), started(std::chrono::steady_clock::now()) {}
    ~TakenIn() {
        prebuild.reset();  // its builds end before their files go
        std::error_code ec;
        if (!unpacked.empty() && intake.root != planned.submission.path) fs::remove_all(unpacked, ec);
    }
};

/// How a submission's lessons are graded in a batch: its seed; messages and the commands in them name the file as the
/// student's kit has it, and the grader as typed from the kit's root (the student reruns them there: the feedback,
/// Gradescope); racecheck's analysis takes at most `sanitizerThreads` threads.
CheckOptions batchCheckOptions(uint64_t seed, int sanitizerThreads) {
    CheckOptions checkOptions;
    checkOptions.seed = seed;
    checkOptions.grader = kitGraderCommand();
    checkOptions.sanitizerThreads = sanitizerThreads;
    return checkOptions;
}

/// Takes `planned` in (the first half of grading a submission) and starts its builds with `priority`; one taken in
/// ahead of its turn also starts each lesson's first emulator run once built (checks/early_run.h).
void takeInLessons(const Course& course, const BatchOptions& options, Backend& backend, Backend& cpu, const fs::path& work,
                   LessonPrebuild::Priority priority, int sanitizerThreads, TakenIn& t) {
    const Submission& sub = t.planned.submission;
    t.unpacked = work / sub.id;
    if (options.intakeHook) options.intakeHook(sub.id);
    t.intake = takeInSubmission(course, sub, options.archiveLimits, options.unpacker, t.unpacked, t.result);
    if (t.intake.stopped) {
        t.closed = ungradedResult(t.result, course, t.result.backend, *t.intake.stopped, t.started);
        return;
    }
    t.files = findLessonFiles(course, t.intake.root);
    for (const auto& note : t.files.notes) t.result.notes.push_back(note);
    t.unbuildable = unbuildableLessons(t.files, options.archiveLimits, t.result);
    std::map<std::string, fs::path> buildable = t.files.byLesson;
    for (const auto& [lessonId, why] : t.unbuildable) buildable.erase(lessonId);
    t.checkOptions = batchCheckOptions(t.result.seed, sanitizerThreads);
    std::map<std::string, RunRequest> earlyRuns;
    if (priority == LessonPrebuild::Priority::Ahead)
        for (const Lesson& lesson : course.lessons)
            if (buildable.count(lesson.id))
                if (auto request = firstEmulatorRun(course, lesson, backend, cpu, t.checkOptions)) earlyRuns.emplace(lesson.id, *request);
    t.prebuild = std::make_unique<LessonPrebuild>(course, buildable, backend, &cpu, priority, BuildSlots::machine(), earlyRuns);
    t.checkOptions.earlyRuns = &t.prebuild->earlyRuns();
}

/// Every lesson of a submission taken in, graded (the second half) with the options it was taken in with: all at
/// once on the gpu backend, one at a time on the cpu (unless options.lessonsAtOnce says), while their files build
/// in the background.
void gradeLessons(const Course& course, const BatchOptions& options, Backend& backend, Backend& cpu, TakenIn& t) {
    t.prebuild->promote();
    // For the merge's similarity of submissions: kept once grading begins, so a submission taken in ahead of a run
    // that is then interrupted leaves no source without a result.
    keepSources(course, t.planned.submission.id, t.files.byLesson, options.out);
    const LessonGrading grading{course, t.planned.submission, t.result.backend, backend, cpu, t.intake, t.files, t.unbuildable, t.checkOptions};
    const int atOnce = options.lessonsAtOnce > 0 ? options.lessonsAtOnce : backend.name() == "gpu" ? int(course.lessons.size()) : 1;
    t.result.lessons = forEachAtOnce(course.lessons, atOnce, [&](const Lesson& lesson) { return gradeSubmittedLesson(grading, *t.prebuild, lesson); });
    if (t.planned.submission.late && course.latePenalty > 0) applyLatePenalty(course, t.result);
    t.result.seconds = elapsedSeconds(t.started);
}

/// The row of a submission the grader itself failed on while taking it in or grading it (an exception,
/// a helper that died): not graded, with the reason; it is graded again on the next run.
StudentResult graderFailure(const Course& course, const Planned& planned, const std::string& backendName, const std::string& what) {
    StudentResult result;
    result.courseHash = course.sourceHash;
    result.id = planned.submission.id;
    result.name = cleanUtf8(planned.submission.displayName());
    result.source = cleanUtf8(planned.submission.sourceName());
    result.late = planned.submission.late;
    result.submissionKey = planned.key;
    result.contentKey = planned.contentKey;
    result.backend = backendName;
    result.gradedAt = utcNow();
    result.status = "not graded";
    result.message = "the grader failed on this entry: " + cleanUtf8(what) + " (graded again on the next run)";
    result.graderError = true;
    for (const auto& lesson : course.lessons) result.lessons.push_back(notSubmitted(lesson, backendName));
    return result;
}

/// A private folder for unpacking, on local disk; named by pid, so the folders of a grader that
/// was killed (kill -9 leaves them) are removed by the next one.
fs::path makeWorkFolder() {
    std::error_code ec;
    const fs::path tmp = fs::temp_directory_path();
    for (const auto& entry : fs::directory_iterator(tmp, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("grader-batch-", 0) != 0) continue;
        const long pid = std::atol(name.c_str() + std::strlen("grader-batch-"));
        if (pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) fs::remove_all(entry.path(), ec);
    }
    std::string pattern = (tmp / ("grader-batch-" + std::to_string(getpid()) + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) return {};
    return pattern;
}

/// The status of the up-to-date result in `file` ("graded", "refused", "not graded"), or "" when it must be graded again.
std::string upToDateStatus(const fs::path& file, const std::string& key, const std::string& backend) {
    auto existing = loadStudentResult(file);
    if (existing && existing->submissionKey == key && existing->backend == backend && !existing->hasGraderError()) return existing->status;
    return "";
}

}  // namespace

uint64_t studentSeed(const std::string& id) { return stableSeed(id); }

std::vector<GpuDevice> devicesForWorkers(const std::vector<GpuDevice>& devices, int jobs) {
    std::vector<GpuDevice> assigned;
    for (int j = 0; j < jobs && !devices.empty(); ++j) assigned.push_back(devices[size_t(j) % devices.size()]);
    return assigned;
}

namespace {

/// Resolves the backend into `summary`, with the GPUs its workers use (none on the cpu backend),
/// or why the options cannot run here.
Expected<std::vector<GpuDevice>> batchDevices(const BatchOptions& options, BatchSummary& summary) {
    auto choice = options.makeBackend ? Expected<BackendChoice>(BackendChoice{options.makeBackend()->name(), ""}) : chooseBackend(options.backend);
    if (!choice) return choice.error();
    summary.backend = choice->name;
    std::vector<GpuDevice> devices;
    if (!options.makeBackend && summary.backend == "gpu") {
        auto visible = visibleGpus(options.gpus);
        if (!visible) return visible.error();
        if (visible->empty()) return Error{"--gpus", "names no device", "give indices as nvidia-smi lists them, e.g. --gpus 0,1"};
        devices = *visible;
        for (const auto& d : devices) summary.devices.push_back(d.label());
    } else if (!options.makeBackend && !options.gpus.empty()) {
        return Error{"--gpus", "needs the gpu backend, and this batch grades on the cpu emulator", "leave --gpus out, or use --backend gpu on a GPU machine"};
    } else if (!choice->note.empty()) {
        summary.notes.push_back(choice->note);
    }
    return devices;
}

/// `sub` with the key its result is filed under and the hash of its content; a submission that cannot
/// even be hashed gets them too (it is still graded: its row says why).
Planned planned(const Course& course, const Submission& sub, std::optional<uint64_t> seed) {
    Expected<std::string> content = Error{};
    try {
        content = submissionContentHash(course, sub);
    } catch (const std::exception& e) {
        content = Error{sub.path.string(), e.what(), ""};
    }
    const std::string hashed = content ? *content : "unreadable-" + sub.id;
    return {sub, resultKey(hashed, course.sourceHash, seed), contentHash(hashed)};
}

/// This shard's submissions whose result is missing or stale; the others, and the kept results, are counted in `summary`.
std::vector<Planned> planShard(const Course& course, const BatchOptions& options, const std::vector<Submission>& submissions,
                               BatchSummary& summary) {
    std::vector<Planned> toGrade;
    for (const auto& sub : submissions) {
        if (options.shard && shardOf(sub.id, options.shard->count) != options.shard->index) {
            ++summary.otherShards;
            continue;
        }
        ++summary.submissions;
        Planned plan = planned(course, sub, options.seed);
        if (const std::string kept = upToDateStatus(options.out / (sub.id + ".json"), plan.key, summary.backend); !kept.empty()) {
            ++summary.upToDate;
            summary.refused += kept == "refused";
            summary.notGraded += kept == "not graded";
        } else {
            toGrade.push_back(std::move(plan));
        }
    }
    return toGrade;
}

/// Opens the sandbox student code runs in and describes it in `summary`; where bubblewrap cannot run and
/// options.sandboxWhereAvailable allows, confinement by user or none, with a note. Else why grading must not start.
std::optional<Error> openBatchSandbox(const Course& course, const BatchOptions& options, BatchSummary& summary) {
    SandboxPolicy policy;
    policy.readOnly = {runtimeDir()};
    policy.reachable = {cacheDir()};
    policy.hidden = {course.root / "solutions", options.submissions, options.out};
    policy.gpuDevices = summary.backend == "gpu";
    auto sandbox = Sandbox::open(policy);
    if (!sandbox && options.sandboxWhereAvailable) {  // Gradescope's container: confined by user where the grader is root
        auto byUser = Sandbox::openUserOnly(policy);
        if (!byUser && geteuid() == 0)  // student code as root, unconfined, could write or kill anything: refused
            return Error{"sandbox", "refusing to run student code as root without confinement: bubblewrap cannot run here, and "
                                        "confining by user does not work either (" + byUser.error().where + ": " + byUser.error().message + ")",
                         "setup.sh installs what confinement needs (util-linux's setpriv and prlimit) and creates its user; rerun it"};
        summary.notes.push_back(byUser ? "bubblewrap cannot run here (" + sandbox.error().message + "): student code runs as an unprivileged user"
                                       : "graded without the sandbox: " + sandbox.error().format() + "; " + byUser.error().format());
        if (byUser) {
            summary.sandbox = byUser->describe();
            activateSandbox(std::make_shared<const Sandbox>(std::move(*byUser)));
        }
    } else if (!sandbox) {
        Error refusal = sandbox.error();
        refusal.message = "refusing to run student code without a sandbox: " + refusal.message;
        return refusal;
    } else {
        summary.sandbox = sandbox->describe();
        activateSandbox(std::make_shared<const Sandbox>(std::move(*sandbox)));
    }
    return std::nullopt;
}

/// What the workers of a batch share: the queue of submissions, the ones taken in ahead of their turn, the
/// backends, the summary and the progress line.
struct BatchQueue {
    const Course& course;
    const BatchOptions& options;
    const std::vector<Planned>& toGrade;
    const fs::path& work;  ///< the private folder submissions are unpacked in
    BatchSummary& summary;
    Progress& progress;
    size_t lookahead;  ///< how many submissions may wait taken in, their builds under way
    int sanitizerThreads;  ///< each worker's share of the cores for racecheck's analysis (coresPerWorker)
    std::vector<std::unique_ptr<Backend>> cpus{};  ///< one per worker; they outlive every build started with them
    std::vector<std::unique_ptr<Backend>> gpus{};  ///< one per worker, or none (cpu backend)
    std::atomic<size_t> next{0};
    std::mutex aheadMutex{};
    std::deque<std::unique_ptr<TakenIn>> ahead{};  ///< oldest first; guarded by aheadMutex
    std::mutex summaryMutex{};  ///< guards summary and options.onResult
};

/// `planned` taken in, whatever happens: an exception of the grader's closes it with a row that says so.
std::unique_ptr<TakenIn> takeInGuarded(BatchQueue& q, const Planned& planned, Backend& backend, Backend& cpu, LessonPrebuild::Priority priority) {
    auto t = std::make_unique<TakenIn>(planned, startedResult(q.course, planned, q.options, q.summary.backend));
    try {
        takeInLessons(q.course, q.options, backend, cpu, q.work, priority, q.sanitizerThreads, *t);
    } catch (const std::exception& e) {
        t->closed = graderFailure(q.course, planned, q.summary.backend, e.what());
    } catch (...) {
        t->closed = graderFailure(q.course, planned, q.summary.backend, "an exception of an unknown kind");
    }
    return t;
}

/// A submission taken in, graded whatever happens: an exception of the grader's becomes a row that says so.
StudentResult gradeGuarded(BatchQueue& q, TakenIn& t, Backend& backend, Backend& cpu) {
    if (t.closed) return *t.closed;
    try {
        gradeLessons(q.course, q.options, backend, cpu, t);
        return t.result;
    } catch (const std::exception& e) {
        return graderFailure(q.course, t.planned, q.summary.backend, e.what());
    } catch (...) {
        return graderFailure(q.course, t.planned, q.summary.backend, "an exception of an unknown kind");
    }
}

/// The next submission to grade: the oldest taken in ahead, else the queue's next taken in now; null when none is left.
std::unique_ptr<TakenIn> nextToGrade(BatchQueue& q, Backend& backend, Backend& cpu) {
    {
        std::lock_guard<std::mutex> lock(q.aheadMutex);
        if (!q.ahead.empty()) {
            std::unique_ptr<TakenIn> t = std::move(q.ahead.front());
            q.ahead.pop_front();
            t->started = std::chrono::steady_clock::now();  // its seconds count from here, as a submission taken in now
            return t;
        }
    }
    const size_t i = q.next++;
    if (i >= q.toGrade.size()) return nullptr;
    return takeInGuarded(q, q.toGrade[i], backend, cpu, LessonPrebuild::Priority::Now);
}

/// Takes one more submission in ahead of its turn, if fewer than q.lookahead wait so: its builds use
/// the build slots no graded submission is waiting for (batch/build_slots.h).
void takeOneAhead(BatchQueue& q, Backend& backend, Backend& cpu) {
    {
        std::lock_guard<std::mutex> lock(q.aheadMutex);
        if (q.ahead.size() >= q.lookahead) return;
    }
    const size_t i = q.next++;
    if (i >= q.toGrade.size()) return;
    std::unique_ptr<TakenIn> t = takeInGuarded(q, q.toGrade[i], backend, cpu, LessonPrebuild::Priority::Ahead);
    std::lock_guard<std::mutex> lock(q.aheadMutex);
    q.ahead.push_back(std::move(t));
}

/// Writes `result` into options.out atomically, counts it in the summary, passes it to options.onResult and shows it.
/// The result of an earlier submission of the student's (other content) moves to history/ first.
void recordResult(BatchQueue& q, const StudentResult& result) {
    keepEarlierSubmission(q.options.out, result);
    const auto error = writeFileAtomically(q.options.out / (result.id + ".json"),
                                           studentResultJson(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    {
        std::lock_guard<std::mutex> lock(q.summaryMutex);
        ++q.summary.graded;
        q.summary.refused += result.status == "refused";
        q.summary.notGraded += result.status == "not graded";
        q.summary.graderErrors += result.hasGraderError() || error.has_value();
        if (q.options.onResult) q.options.onResult(result);
    }
    q.progress.finished(result.id, error ? "not saved: " + error->format() : verdictLine(result), result.seconds);
}

/// Worker `index`: grades the next submission, on its own backends, until none is left or the run is
/// interrupted; before each, it takes one more in ahead, so its files build while this one waits for the GPU.
void runBatchWorker(BatchQueue& q, int index) {
    Backend& cpu = *q.cpus[size_t(index)];
    Backend& backend = q.gpus.empty() ? cpu : *q.gpus[size_t(index)];
    while (!interrupted()) {
        std::unique_ptr<TakenIn> current = nextToGrade(q, backend, cpu);
        if (!current) break;
        if (!interrupted()) takeOneAhead(q, backend, cpu);
        StudentResult result = gradeGuarded(q, *current, backend, cpu);
        if (interrupted()) {  // cut short: its verdicts may be the interruption's, not the student's
            std::lock_guard<std::mutex> lock(q.summaryMutex);
            ++q.summary.discarded;
            break;
        }
        recordResult(q, result);
    }
}

/// Grades `toGrade` with -j workers (at most one per submission), stopping at Ctrl-C or SIGTERM.
void gradeQueued(const Course& course, const BatchOptions& options, const std::vector<Planned>& toGrade,
                 const std::vector<GpuDevice>& devices, const fs::path& work, BatchSummary& summary) {
    int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs = std::min<int>(jobs, static_cast<int>(toGrade.size()));
    std::ostringstream discard;
    Progress progress(options.progress ? *options.progress : discard, options.progressOnTerminal, static_cast<int>(toGrade.size()));
    summary.jobs = jobs;
    const std::vector<GpuDevice> workerDevices = devicesForWorkers(devices, jobs);
    BatchQueue queue{course, options, toGrade, work, summary, progress, size_t(std::max(0, options.lookahead)), coresPerWorker(jobs)};
    for (int j = 0; j < jobs; ++j) {
        queue.cpus.push_back(options.makeBackend ? options.makeBackend() : makeCpuBackend());
        if (!workerDevices.empty()) queue.gpus.push_back(makeGpuBackend(workerDevices[size_t(j)], options.gpuTurns,
                                                                         std::chrono::milliseconds(std::lround(options.timingGather * 1000))));
    }
    std::vector<std::thread> workers;
    {
        InterruptGuard guard;
        for (int j = 0; j < jobs; ++j) workers.emplace_back(runBatchWorker, std::ref(queue), j);
        for (auto& w : workers) w.join();
        summary.interrupted = interrupted();
    }
    progress.close();
}

}  // namespace

Expected<BatchSummary> gradeBatch(const Course& course, const BatchOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    BatchSummary summary;
    auto devices = batchDevices(options, summary);
    if (!devices) return devices.error();
    std::error_code ec;
    fs::create_directories(options.out, ec);
    if (ec) return Error{options.out.string(), "cannot create the results folder: " + ec.message(), ""};
    auto found = readLayout(options.submissions, options.out, options.layout, options.assignmentPrefix);
    if (!found) return found.error();
    summary.notes = found->notes;
    summary.layout = found->layout;
    summary.students = static_cast<int>(found->submissions.size());
    const std::vector<Planned> toGrade = planShard(course, options, found->submissions, summary);
    if (toGrade.empty()) {
        summary.seconds = elapsedSeconds(started);
        return summary;
    }
    if (options.sandbox && !options.makeBackend) {
        if (auto refusal = openBatchSandbox(course, options, summary)) return *refusal;
        summary.sandboxStartEach = measureSandboxStartSeconds();
        setSandboxStartCost(summary.sandboxStartEach);
    }
    const fs::path work = makeWorkFolder();
    if (work.empty()) return Error{fs::temp_directory_path().string(), "cannot create a private work folder", "is /tmp writable?"};
    gradeQueued(course, options, toGrade, *devices, work, summary);
    activateSandbox(nullptr);
    fs::remove_all(work, ec);
    summary.seconds = elapsedSeconds(started);
    summary.time = timeProfile();
    summary.deviceWork = deviceSpans();
    return summary;
}

namespace {

/// Who handed in `sub`: its roster row when there is one not taken yet (added to `handedIn`), else the
/// layout's identity; a submission a roster does not list is added to `notRostered`.
StudentIdentity identify(const Submission& sub, const std::optional<Roster>& roster, std::set<const RosterStudent*>& handedIn,
                         std::vector<std::string>& notRostered) {
    StudentIdentity who{sub.id, cleanUtf8(sub.displayName()), "", "", "", "", false};
    if (!roster) return who;
    const RosterStudent* r = roster->find(sub.id);
    if (!r && !roster->hasIds) r = roster->findByName(sub.displayName());  // Moodle's participants export: names alone
    if (r && handedIn.count(r)) r = nullptr;  // one roster row, one submission
    if (!r) {
        notRostered.push_back(sub.id + " (" + cleanUtf8(sub.displayName()) + ")");
        return who;
    }
    handedIn.insert(r);
    return {r->idGiven ? r->id : sub.id, r->name, r->email, r->sisId, r->login, r->section, true};
}

/// Why results graded under another course.yaml (their ids) cannot be merged.
Error otherCourseError(const std::vector<std::string>& otherCourse, const fs::path& out) {
    std::string ids;
    for (size_t i = 0; i < otherCourse.size() && i < 5; ++i) ids += (i ? ", " : "") + otherCourse[i];
    if (otherCourse.size() > 5) ids += " and " + std::to_string(otherCourse.size() - 5) + " more";
    return Error{out.string(), std::to_string(otherCourse.size()) + " result" + (otherCourse.size() == 1 ? " was" : "s were") +
                                   " graded under another course.yaml (" + ids + "): one gradebook cannot mix course versions",
                 "grade them again under this course.yaml (grader batch without --merge regrades exactly those), "
                 "or merge with the course.yaml they were graded under (--course)"};
}

/// Adds a row (0, "not submitted") for every rostered student not in `handedIn`; returns how many.
int addAbsentStudents(const Course& course, const Roster& roster, const std::set<const RosterStudent*>& handedIn, ClassView& view) {
    const std::string backend = view.students.empty() ? "cpu" : view.students.front().backend;
    int added = 0;
    for (const auto& r : roster.students) {
        if (handedIn.count(&r)) continue;
        StudentResult absent;
        absent.id = safeStudentId(r.id);
        while (view.identities.count(absent.id)) absent.id += "-roster";
        absent.name = r.name;
        absent.status = "not submitted";
        absent.message = "not submitted";
        absent.courseHash = course.sourceHash;
        absent.backend = backend;
        for (const auto& lesson : course.lessons) absent.lessons.push_back(notSubmitted(lesson, backend));
        view.identities[absent.id] = {r.id, r.name, r.email, r.sisId, r.login, r.section, true};
        view.students.push_back(std::move(absent));
        ++added;
    }
    return added;
}

/// The note that lists (the first ten of) the submissions not on the roster at `rosterPath`.
std::string notRosteredNote(const std::vector<std::string>& notRostered, const fs::path& rosterPath) {
    std::string list;
    for (size_t i = 0; i < notRostered.size() && i < 10; ++i) list += (i ? ", " : "") + notRostered[i];
    return std::to_string(notRostered.size()) + " submission" + (notRostered.size() == 1 ? " is" : "s are") + " not on the roster " +
           rosterPath.string() + ": " + list + (notRostered.size() > 10 ? ", ..." : "");
}

/// Writes the LMS import files options.exports asks for; their files and notes go to `summary`.
std::optional<Error> exportToLms(const ClassView& view, const BatchOptions& options, const std::optional<Roster>& roster, MergeSummary& summary) {
    AssignmentRef assignment;
    assignment.name = options.assignment.empty() ? view.course.title : options.assignment;
    assignment.id = options.assignmentId;
    assignment.missingAsZero = options.missingAsZero;
    if (roster && roster->format == RosterFormat::MoodleWorksheet) assignment.moodleWorksheet = *options.roster;
    auto exported = writeLmsExports(view, options.exports, assignment, options.out);
    if (!exported) return exported.error();
    summary.exports = exported->files;
    summary.notes.insert(summary.notes.end(), exported->notes.begin(), exported->notes.end());
    return std::nullopt;
}

}  // namespace

Expected<MergeSummary> mergeResults(const Course& course, const BatchOptions& options) {
    auto found = readLayout(options.submissions, options.out, options.layout, options.assignmentPrefix);
    if (!found) return found.error();
    std::optional<Roster> roster;
    if (options.roster) {
        auto loaded = loadRoster(*options.roster, options.rosterColumns);
        if (!loaded) return loaded.error();
        roster = std::move(*loaded);
    }
    ClassView view{course, {}, {}, found->notes, utcNow(), {}, {}, found->layout, {}, nullptr, false};
    MergeSummary summary;
    std::vector<std::string> otherCourse, notRostered;
    std::set<const RosterStudent*> handedIn;
    for (const auto& sub : found->submissions) {
        view.sources[sub.id] = cleanUtf8(sub.sourceName());
        const StudentIdentity who = identify(sub, roster, handedIn, notRostered);
        view.identities[sub.id] = who;
        auto result = loadStudentResult(options.out / (sub.id + ".json"));
        if (result) view.earlier[sub.id] = loadEarlierSubmissions(options.out, sub.id);
        if (result && result->courseHash != course.sourceHash) otherCourse.push_back(sub.id);
        if (result && who.rostered) result->name = who.name;  // every output names the student as the roster does
        if (result) view.students.push_back(std::move(*result));
        else view.missing.push_back(sub.id);
    }
    if (!otherCourse.empty()) return otherCourseError(otherCourse, options.out);
    summary.students = static_cast<int>(view.students.size());
    summary.missing = view.missing;
    if (roster) {  // the rostered students who handed in nothing: 0, "not submitted"
        summary.notSubmitted = addAbsentStudents(course, *roster, handedIn, view);
        std::sort(view.students.begin(), view.students.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
        if (!notRostered.empty()) summary.notes.push_back(notRosteredNote(notRostered, *options.roster));
    }
    view.showNames = options.names;
    int notKept = 0;
    auto similarity = compareClass(course, keptSources(course, view.students, options.out, notKept), options.out / ".similarity-work");
    if (similarity) view.similarity = &*similarity;
    else view.notes.push_back("similar submissions not compared: " + similarity.error().message);
    if (notKept)
        view.notes.push_back(std::to_string(notKept) + " graded lesson file" + (notKept == 1 ? " is" : "s are") + " not in " +
                             (options.out / "sources").string() + " (graded by an earlier grader): left out of the similar submissions");
    if (auto error = writeClassOutputs(view, options.out)) return *error;
    if (options.feedback)
        if (auto error = writeFeedback(view, *options.feedback)) return *error;
    if (roster) summary.notes.insert(summary.notes.end(), roster->notes.begin(), roster->notes.end());
    if (auto error = exportToLms(view, options, roster, summary)) return *error;
    return summary;
}

}  // namespace grader
