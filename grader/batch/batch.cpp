// The batch run: plan (discover, hash, skip up-to-date), grade with a pool of
// worker threads, record each result atomically, then merge.
#include "batch/batch.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "batch/feedback.h"
#include "batch/lms_export.h"
#include "batch/nested_archives.h"
#include "batch/prebuild.h"
#include "batch/progress.h"
#include "batch/results.h"
#include "batch/unpack_child.h"
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

/// Grades one submission (a lesson's trouble becomes that lesson's "error" check).
StudentResult gradeSubmission(const Course& course, const Planned& planned, const BatchOptions& options,
                              const std::string& backendName, Backend& backend, Backend& cpu, const fs::path& work) {
    const auto started = std::chrono::steady_clock::now();
    const Submission& sub = planned.submission;
    StudentResult result;
    result.id = sub.id;
    result.name = cleanUtf8(sub.displayName());
    result.source = cleanUtf8(sub.sourceName());
    result.late = sub.late;
    for (const auto& note : sub.notes) result.notes.push_back(cleanUtf8(note));
    result.submissionKey = planned.key;
    result.courseHash = course.sourceHash;
    result.backend = backendName;
    result.sandboxed = activeSandbox() != nullptr;
    result.seed = options.seed ? *options.seed : studentSeed(sub.id);
    if (options.shard) result.shard = options.shard->text();
    result.gradedAt = utcNow();

    fs::path root = sub.path;
    const fs::path unpacked = work / sub.id;
    const auto notGraded = [&](const std::string& why) {
        result.status = "not graded";
        result.message = why;
        for (const auto& lesson : course.lessons) result.lessons.push_back(notSubmitted(lesson, backendName));
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return result;
    };
    if (options.intakeHook) options.intakeHook(sub.id);
    if (sub.kind == SubmissionKind::Unusable) return notGraded(sub.reason);
    if (sub.kind == SubmissionKind::File) {
        if (auto big = tooLarge(sub.path, sub.sourceName(), options.archiveLimits.maxEntryBytes)) return notGraded(*big);
        const Lesson* lesson = lessonOfLooseFile(course, sub.sourceName());
        if (!lesson)
            return notGraded("a loose .cu file whose name names no single lesson; hand in a folder, or name the file after its lesson's "
                             "file (e.g. " + sub.id + "_" + course.lessons.back().studentFile + ")");
        std::error_code ec;
        fs::remove_all(unpacked, ec);
        fs::create_directories(unpacked / lesson->folder, ec);
        fs::copy_file(sub.path, unpacked / lesson->folder / lesson->studentFile, ec);
        if (ec) return notGraded("cannot copy the file: " + ec.message());
        result.notes.push_back("a loose file: " + sub.sourceName() + " graded as " + lesson->id + "'s " + lesson->studentFile);
        root = unpacked;
    }
    if (sub.kind == SubmissionKind::Archive) {
        std::error_code ec;
        fs::remove_all(unpacked, ec);
        fs::create_directories(unpacked, ec);
        const Unpacked extracted = unpackInChild(sub.path, unpacked, options.archiveLimits, options.unpacker);
        if (!extracted.summary) {
            fs::remove_all(unpacked, ec);
            if (extracted.unpackerFailed) {  // the grader's trouble, not the student's: graded again on the next run
                result.graderError = true;
                return notGraded("the grader could not unpack " + sub.sourceName() + ": " + extracted.refusal.message + " (" +
                                 extracted.refusal.hint + ")");
            }
            result.status = "refused";
            result.message = extracted.refusal.message;
            for (const auto& lesson : course.lessons) result.lessons.push_back(notSubmitted(lesson, backendName));
            result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            return result;
        }
        for (const auto& skipped : extracted.summary->skipped) result.notes.push_back(skipped);
        for (const auto& note : extracted.summary->notes) result.problems.push_back(sub.sourceName() + ": " + note);
        root = unpacked;
    }
    std::map<std::string, std::string> handedAs;  // Files: the name in `unpacked` -> the file as the LMS named it
    if (sub.kind == SubmissionKind::Files) {
        std::error_code ec;
        fs::remove_all(unpacked, ec);
        fs::create_directories(unpacked, ec);
        if (ec) return notGraded("cannot create a work folder: " + ec.message());
        const FlatChoice choice = chooseFlatFiles(course, sub);
        for (const auto& note : choice.notes) result.notes.push_back(cleanUtf8(note));
        for (const auto& file : choice.files) {
            std::string name = file.name;
            if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos) name = safeStudentId(name);
            if (isArchiveName(name)) {
                name = stripArchiveExtension(name);
                fs::create_directories(unpacked / name, ec);
                const Unpacked extracted = unpackInChild(file.path, unpacked / name, options.archiveLimits, options.unpacker);
                if (!extracted.summary) {
                    result.graderError = result.graderError || extracted.unpackerFailed;
                    result.problems.push_back(cleanUtf8(file.path.filename().string()) + " refused, not unpacked: " + extracted.refusal.message);
                    fs::remove_all(unpacked / name, ec);
                    continue;
                }
                result.notes.push_back(file.path.filename().string() + ": an archive, unpacked (" + std::to_string(extracted.summary->files) + " file" +
                                       (extracted.summary->files == 1 ? "" : "s") + "); the lesson files in it are graded");
                for (const auto& skipped : extracted.summary->skipped) result.notes.push_back(skipped);
                for (const auto& note : extracted.summary->notes) result.problems.push_back(cleanUtf8(file.path.filename().string()) + ": " + note);
            } else if (auto big = tooLarge(file.path, cleanUtf8(file.path.filename().string()), options.archiveLimits.maxEntryBytes)) {
                result.problems.push_back(*big + "; not graded");
                continue;
            } else {
                fs::copy_file(file.path, unpacked / name, fs::copy_options::overwrite_existing, ec);
                if (ec) return notGraded("cannot copy " + file.path.filename().string() + ": " + ec.message());
            }
            handedAs[name] = file.path.filename().string();
        }
        root = unpacked;
    }
    std::vector<OpenedArchive> opened;  // archives inside the submission (a Moodle student's lab.zip), unpacked beside themselves
    if (!archivesInside(root).empty()) {
        if (root == sub.path) {  // a folder handed in is never written: the grader's copy is
            std::error_code ec;
            fs::remove_all(unpacked, ec);
            if (auto error = copySubmissionFolder(sub.path, unpacked, options.archiveLimits)) return notGraded("cannot copy the folder: " + error->message);
            root = unpacked;
        }
        NestedArchives nested = openNestedArchives(root, options.archiveLimits, options.unpacker);
        result.graderError = result.graderError || nested.unpackerFailed;
        for (const auto& note : nested.notes) result.notes.push_back(cleanUtf8(note));
        opened = nested.opened;
    }
    const LessonFiles files = findLessonFiles(course, root);
    for (const auto& note : files.notes) result.notes.push_back(note);
    // A lesson file that is not source text is not built (its compile check says what it is); one in another code page is, with a note.
    std::map<std::string, std::string> unbuildable;  // lesson id -> why
    for (const auto& [lessonId, file] : files.byLesson) {
        const std::string name = cleanUtf8(file.filename().string());
        if (auto why = notSourceText(file, name, static_cast<uintmax_t>(options.archiveLimits.maxEntryBytes))) {
            unbuildable[lessonId] = *why;
            result.problems.push_back(lessonId + ": " + *why);
        } else if (auto note = encodingNote(file, name)) {
            result.problems.push_back(lessonId + ": " + *note);
        }
    }
    // Messages and the commands in them name the file as the student's kit has it, and the grader
    // as typed from the kit's root: the student reruns them there (the feedback, Gradescope).
    CheckOptions checkOptions;
    checkOptions.seed = result.seed;
    checkOptions.grader = kitGraderCommand();
    std::map<std::string, fs::path> buildable = files.byLesson;
    for (const auto& [lessonId, why] : unbuildable) buildable.erase(lessonId);
    LessonPrebuild prebuild(course, buildable, backend, &cpu);
    // One lesson's outcome; lessons share nothing but the (stateless) backends.
    auto gradeOne = [&](const Lesson& lesson) {
        auto found = files.byLesson.find(lesson.id);
        if (found == files.byLesson.end()) return notSubmitted(lesson, backendName);
        const fs::path inside = handedInPath(found->second.lexically_relative(root), opened);
        std::string handedIn = sub.kind == SubmissionKind::File ? sub.sourceName() : sub.sourceName() + "/" + inside.string();
        if (auto as = handedAs.find(inside.begin()->string()); as != handedAs.end())  // the LMS's file, and what lies in it
            handedIn = (fs::path(as->second) / inside.lexically_relative(*inside.begin())).lexically_normal().string();
        if (!handedIn.empty() && handedIn.back() == '/') handedIn.pop_back();
        handedIn = cleanUtf8(handedIn);
        LessonOutcome outcome;
        outcome.submitted = true;
        prebuild.waitFor(lesson.id);
        try {
            if (auto why = unbuildable.find(lesson.id); why != unbuildable.end()) {
                UnbuildableBackend notBuilt(backend, why->second), cpuNotBuilt(cpu, why->second);
                outcome.report = gradeLesson(course, lesson, found->second, lesson.starterFile(), notBuilt, &cpuNotBuilt, checkOptions);
            } else {
                outcome.report = gradeLesson(course, lesson, found->second, lesson.starterFile(), backend, &cpu, checkOptions);
            }
        } catch (const std::exception& e) {
            outcome.report.lesson = lesson.id;
            outcome.report.backend = backendName;
            outcome.report.checks.push_back({"grader", Status::Error, std::string("the grader failed: ") + e.what(), 0, 0});
        }
        outcome.report.file = handedIn;  // the instructor's: which file of the submission was graded
        if (files.nearMisses.count(lesson.id) && course.nearMissPenalty > 0) applyNearMissPenalty(course, lesson, outcome.report);
        return outcome;
    };
    const int atOnce = options.lessonsAtOnce > 0 ? options.lessonsAtOnce : backend.name() == "gpu" ? int(course.lessons.size()) : 1;
    result.lessons = forEachAtOnce(course.lessons, atOnce, gradeOne);
    if (sub.late && course.latePenalty > 0) {
        result.latePenalty = (result.score() * course.latePenalty + 50) / 100;
        result.notes.push_back("late: " + std::to_string(result.latePenalty) + " point" + (result.latePenalty == 1 ? "" : "s") +
                               " off (course.yaml late_penalty " + std::to_string(course.latePenalty) + "%)");
    }
    std::error_code ec;
    if (root != sub.path) fs::remove_all(unpacked, ec);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
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

Expected<std::string> resolveBackend(const std::string& requested) {
    if (requested == "cpu") return std::string("cpu");
    const std::string gpuMissing = makeGpuBackend()->unavailableReason();
    if (requested == "gpu") {
        if (!gpuMissing.empty())
            return Error{"--backend gpu", "the gpu backend cannot run here: " + gpuMissing, "use --backend cpu, or auto"};
        return std::string("gpu");
    }
    return std::string(gpuMissing.empty() ? "gpu" : "cpu");
}

uint64_t studentSeed(const std::string& id) { return stableSeed(id); }

std::vector<GpuDevice> devicesForWorkers(const std::vector<GpuDevice>& devices, int jobs) {
    std::vector<GpuDevice> assigned;
    for (int j = 0; j < jobs && !devices.empty(); ++j) assigned.push_back(devices[size_t(j) % devices.size()]);
    return assigned;
}

Expected<BatchSummary> gradeBatch(const Course& course, const BatchOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    BatchSummary summary;
    auto backendName = options.makeBackend ? Expected<std::string>(options.makeBackend()->name()) : resolveBackend(options.backend);
    if (!backendName) return backendName.error();
    summary.backend = *backendName;
    std::vector<GpuDevice> devices;
    if (!options.makeBackend && summary.backend == "gpu") {
        auto visible = visibleGpus(options.gpus);
        if (!visible) return visible.error();
        if (visible->empty()) return Error{"--gpus", "names no device", "give indices as nvidia-smi lists them, e.g. --gpus 0,1"};
        devices = *visible;
        for (const auto& d : devices) summary.devices.push_back(d.label());
    } else if (!options.makeBackend && !options.gpus.empty()) {
        return Error{"--gpus", "needs the gpu backend, and this batch grades on the cpu emulator", "leave --gpus out, or use --backend gpu on a GPU machine"};
    } else if (!options.makeBackend && options.backend == "auto" && fs::exists("/dev/nvidiactl")) {
        summary.notes.push_back("this machine has NVIDIA device files, but the gpu backend cannot run (" + makeGpuBackend()->unavailableReason() +
                                "): graded on the cpu emulator, GPU-only checks skipped");
    }
    std::error_code ec;
    fs::create_directories(options.out, ec);
    if (ec) return Error{options.out.string(), "cannot create the results folder: " + ec.message(), ""};
    auto found = readLayout(options.submissions, options.out, options.layout, options.assignmentPrefix);
    if (!found) return found.error();
    summary.notes = found->notes;
    summary.layout = found->layout;
    summary.students = static_cast<int>(found->submissions.size());

    // Plan: this shard's submissions whose result is missing or stale.
    std::vector<Planned> toGrade;
    for (const auto& sub : found->submissions) {
        if (options.shard && shardOf(sub.id, options.shard->count) != options.shard->index) {
            ++summary.otherShards;
            continue;
        }
        ++summary.submissions;
        Expected<std::string> content = Error{};
        try {  // a submission that cannot even be hashed is still graded: its row says why
            content = submissionContentHash(course, sub);
        } catch (const std::exception& e) {
            content = Error{sub.path.string(), e.what(), ""};
        }
        const std::string key = resultKey(content ? *content : "unreadable-" + sub.id, course.sourceHash, options.seed);
        if (const std::string kept = upToDateStatus(options.out / (sub.id + ".json"), key, summary.backend); !kept.empty()) {
            ++summary.upToDate;
            summary.refused += kept == "refused";
            summary.notGraded += kept == "not graded";
        } else {
            toGrade.push_back({sub, key});
        }
    }
    if (toGrade.empty()) {
        summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return summary;
    }

    if (options.sandbox && !options.makeBackend) {
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
    }
    const fs::path work = makeWorkFolder();
    if (work.empty()) return Error{fs::temp_directory_path().string(), "cannot create a private work folder", "is /tmp writable?"};

    int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs = std::min<int>(jobs, static_cast<int>(toGrade.size()));
    std::ostringstream discard;
    Progress progress(options.progress ? *options.progress : discard, options.progressOnTerminal, static_cast<int>(toGrade.size()));
    std::atomic<size_t> next{0};
    std::mutex summaryMutex;
    const std::vector<GpuDevice> workerDevices = devicesForWorkers(devices, jobs);
    auto worker = [&](int index) {
        std::unique_ptr<Backend> cpu = options.makeBackend ? options.makeBackend() : makeCpuBackend();
        std::unique_ptr<Backend> gpu;
        if (!workerDevices.empty()) gpu = makeGpuBackend(workerDevices[size_t(index)]);
        Backend& backend = gpu ? *gpu : *cpu;
        for (size_t i = next++; i < toGrade.size() && !interrupted(); i = next++) {
            StudentResult result;
            try {
                result = gradeSubmission(course, toGrade[i], options, summary.backend, backend, *cpu, work);
            } catch (const std::exception& e) {
                result = graderFailure(course, toGrade[i], summary.backend, e.what());
            } catch (...) {
                result = graderFailure(course, toGrade[i], summary.backend, "an exception of an unknown kind");
            }
            if (interrupted()) {  // cut short: its verdicts may be the interruption's, not the student's
                std::lock_guard<std::mutex> lock(summaryMutex);
                ++summary.discarded;
                break;
            }
            const auto error = writeFileAtomically(options.out / (result.id + ".json"),
                                                   studentResultJson(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
            {
                std::lock_guard<std::mutex> lock(summaryMutex);
                ++summary.graded;
                summary.refused += result.status == "refused";
                summary.notGraded += result.status == "not graded";
                summary.graderErrors += result.hasGraderError() || error.has_value();
                if (options.onResult) options.onResult(result);
            }
            progress.finished(result.id, error ? "not saved: " + error->format() : verdictLine(result), result.seconds);
        }
    };
    std::vector<std::thread> workers;
    {
        InterruptGuard guard;
        for (int j = 0; j < jobs; ++j) workers.emplace_back(worker, j);
        for (auto& w : workers) w.join();
        summary.interrupted = interrupted();
    }
    progress.close();
    activateSandbox(nullptr);
    fs::remove_all(work, ec);
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary;
}

Expected<MergeSummary> mergeResults(const Course& course, const BatchOptions& options) {
    auto found = readLayout(options.submissions, options.out, options.layout, options.assignmentPrefix);
    if (!found) return found.error();
    std::optional<Roster> roster;
    if (options.roster) {
        auto loaded = loadRoster(*options.roster, options.rosterColumns);
        if (!loaded) return loaded.error();
        roster = std::move(*loaded);
    }
    ClassView view{course, {}, {}, found->notes, utcNow(), {}, {}, found->layout};
    MergeSummary summary;
    std::vector<std::string> otherCourse, notRostered;
    std::set<const RosterStudent*> handedIn;
    for (const auto& sub : found->submissions) {
        view.sources[sub.id] = cleanUtf8(sub.sourceName());
        StudentIdentity who{sub.id, cleanUtf8(sub.displayName()), "", "", "", "", false};
        if (roster) {
            const RosterStudent* r = roster->find(sub.id);
            if (!r && !roster->hasIds) r = roster->findByName(sub.displayName());  // Moodle's participants export: names alone
            if (r && handedIn.count(r)) r = nullptr;  // one roster row, one submission
            if (r) {
                who = {r->idGiven ? r->id : sub.id, r->name, r->email, r->sisId, r->login, r->section, true};
                handedIn.insert(r);
            } else {
                notRostered.push_back(sub.id + " (" + cleanUtf8(sub.displayName()) + ")");
            }
        }
        view.identities[sub.id] = who;
        auto result = loadStudentResult(options.out / (sub.id + ".json"));
        if (result && result->courseHash != course.sourceHash) otherCourse.push_back(sub.id);
        if (result && who.rostered) result->name = who.name;  // every output names the student as the roster does
        if (result) view.students.push_back(std::move(*result));
        else view.missing.push_back(sub.id);
    }
    if (!otherCourse.empty()) {
        std::string ids;
        for (size_t i = 0; i < otherCourse.size() && i < 5; ++i) ids += (i ? ", " : "") + otherCourse[i];
        if (otherCourse.size() > 5) ids += " and " + std::to_string(otherCourse.size() - 5) + " more";
        return Error{options.out.string(), std::to_string(otherCourse.size()) + " result" + (otherCourse.size() == 1 ? " was" : "s were") +
                                       " graded under another course.yaml (" + ids + "): one gradebook cannot mix course versions",
                     "grade them again under this course.yaml (grader batch without --merge regrades exactly those), "
                     "or merge with the course.yaml they were graded under (--course)"};
    }
    summary.students = static_cast<int>(view.students.size());
    summary.missing = view.missing;
    if (roster) {  // the rostered students who handed in nothing: 0, "not submitted"
        const std::string backend = view.students.empty() ? "cpu" : view.students.front().backend;
        for (const auto& r : roster->students) {
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
            ++summary.notSubmitted;
        }
        std::sort(view.students.begin(), view.students.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
        if (!notRostered.empty()) {
            std::string list;
            for (size_t i = 0; i < notRostered.size() && i < 10; ++i) list += (i ? ", " : "") + notRostered[i];
            summary.notes.push_back(std::to_string(notRostered.size()) + " submission" + (notRostered.size() == 1 ? " is" : "s are") +
                                    " not on the roster " + options.roster->string() + ": " + list + (notRostered.size() > 10 ? ", ..." : ""));
        }
    }
    if (auto error = writeClassOutputs(view, options.out)) return *error;
    if (options.feedback)
        if (auto error = writeFeedback(view, *options.feedback)) return *error;
    if (roster) summary.notes.insert(summary.notes.end(), roster->notes.begin(), roster->notes.end());
    AssignmentRef assignment;
    assignment.name = options.assignment.empty() ? course.title : options.assignment;
    assignment.id = options.assignmentId;
    assignment.missingAsZero = options.missingAsZero;
    if (roster && roster->format == RosterFormat::MoodleWorksheet) assignment.moodleWorksheet = *options.roster;
    auto exported = writeLmsExports(view, options.exports, assignment, options.out);
    if (!exported) return exported.error();
    summary.exports = exported->files;
    summary.notes.insert(summary.notes.end(), exported->notes.begin(), exported->notes.end());
    return summary;
}

}  // namespace grader
