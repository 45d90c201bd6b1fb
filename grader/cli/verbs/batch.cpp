// The batch command: grade (or write Slurm scripts, or merge), then say what
// happened and where the report is.
#include "cli/verbs/batch.h"

#include "cli/verbs/table.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <cstdio>
#include <fstream>

#include "batch/download.h"
#include "batch/layouts.h"
#include "batch/lms_export.h"
#include "batch/progress.h"
#include "batch/roster.h"
#include "batch/time_report.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {


ExitCode fail(std::ostream& err, const Error& error) { return printCliError(err, error); }

fs::path absolutePath(const fs::path& p) {
    std::error_code ec;
    fs::path a = fs::absolute(p, ec);
    return ec ? p : a.lexically_normal();
}

/// The options that say how SUBMISSIONS reads (--layout, --assignment-prefix), shell-quoted, or "".
std::string layoutOptions(const BatchOptions& o) {
    std::string words = o.layout ? std::string("--layout ") + layoutInfo(*o.layout).name : "";
    if (!o.assignmentPrefix.empty()) words += (words.empty() ? "" : " ") + std::string("--assignment-prefix ") + shellQuote(o.assignmentPrefix);
    return words;
}

/// What only grading reads (--seed, --lessons-at-once, --lookahead, --gpu-turns, --timing-gather, --profile), for each shard, or "". Each shard
/// writes its own profile: PROFILE's stem + "-shard-K" + its extension.
std::string gradeOptions(const BatchCommand& command) {
    const BatchOptions& o = command.options;
    std::string words;
    if (o.seed) words += " --seed " + std::to_string(*o.seed);
    if (o.lessonsAtOnce > 0) words += " --lessons-at-once " + std::to_string(o.lessonsAtOnce);
    if (o.lookahead > 0) words += " --lookahead " + std::to_string(o.lookahead);
    if (o.gpuTurns == GpuTurns::Work) words += " --gpu-turns work";
    if (o.timingGather > 0) {
        std::ostringstream seconds;
        seconds << o.timingGather;
        words += " --timing-gather " + seconds.str();
    }
    if (command.profile) {
        const fs::path profile = absolutePath(*command.profile);
        words += " --profile " + shellQuote((profile.parent_path() / profile.stem()).string() + "-shard-") + "\"${SLURM_ARRAY_TASK_ID}\"" +
                 shellQuote(profile.extension().string());
    }
    return words.empty() ? "" : words.substr(1);
}

/// The merge's options beyond --feedback (--roster, --export, ...), shell-quoted, with absolute paths.
std::string mergeOptions(const BatchOptions& o) {
    std::string words;
    const auto add = [&words](const std::string& option, const std::string& value) { words += (words.empty() ? "" : " ") + option + " " + shellQuote(value); };
    if (o.roster) add("--roster", absolutePath(*o.roster).string());
    std::string columns;
    for (const auto& [field, header] : o.rosterColumns) columns += (columns.empty() ? "" : ",") + field + "=" + header;
    if (!columns.empty()) add("--roster-columns", columns);
    for (const auto& format : o.exports) add("--export", format);
    if (!o.assignment.empty()) add("--assignment", o.assignment);
    if (!o.assignmentId.empty()) add("--assignment-id", o.assignmentId);
    if (o.missingAsZero) words += (words.empty() ? "" : " ") + std::string("--missing-as-zero");
    if (o.names) words += (words.empty() ? "" : " ") + std::string("--names");
    return words;
}

ExitCode writeSlurm(const BatchCommand& command, std::ostream& out, std::ostream& err) {
    const BatchOptions& o = command.options;
    auto found = readLayout(o.submissions, o.out, o.layout, o.assignmentPrefix);
    if (!found) return fail(err, found.error());
    const int count = static_cast<int>(found->submissions.size());
    SlurmJob job;
    std::error_code ec;
    job.grader = fs::read_symlink("/proc/self/exe", ec);
    job.course = absolutePath(o.coursePath);
    job.submissions = absolutePath(o.submissions);
    job.out = absolutePath(o.out);
    job.shards = command.shards > 0 ? command.shards : std::max(1, (count + 24) / 25);
    job.cpusPerTask = command.cpusPerTask > 0 ? command.cpusPerTask : o.jobs > 0 ? o.jobs : 4;
    job.partition = command.partition;
    job.account = command.account;
    if (!command.time.empty()) job.time = command.time;
    job.backend = o.backend;
    job.sandbox = o.sandbox;
    if (o.feedback) job.feedback = absolutePath(*o.feedback);
    job.layoutOptions = layoutOptions(o);
    job.gradeOptions = gradeOptions(command);
    job.mergeOptions = mergeOptions(o);
    const fs::path arrayScript = absolutePath(*command.slurmScript);
    fs::path mergeScript = arrayScript.parent_path() / (arrayScript.stem().string() + "-merge" + arrayScript.extension().string());
    fs::create_directories(job.out / "slurm", ec);
    if (ec) return fail(err, {(job.out / "slurm").string(), "cannot create the log folder: " + ec.message(), ""});
    for (const auto& [path, text] : {std::pair{arrayScript, slurmArrayScript(job, arrayScript, mergeScript)},
                                     std::pair{mergeScript, slurmMergeScript(job)}}) {
        std::ofstream file(path);
        file << text;
        if (!file) return fail(err, {path.string(), "cannot write the script", ""});
        fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add, ec);
    }
    out << "wrote " << arrayScript.string() << " (a job array of " << job.shards << " shard" << (job.shards > 1 ? "s" : "")
        << " for " << count << " submissions" << (job.backend == "gpu" ? ", one GPU per task" : "") << ")\n"
        << "  and " << mergeScript.string() << " (builds the gradebook and report after the array)\n"
        << "submit both from the login node: bash " << arrayScript.string() << "\n";
    return ExitCode::Done;
}

ExitCode merge(const Course& course, const BatchOptions& o, std::ostream& out, std::ostream& err) {
    auto merged = mergeResults(course, o);
    if (!merged) return fail(err, merged.error());
    for (const auto& note : merged->notes) err << "note: " << note << "\n";
    out << "class outputs from " << merged->students << " result" << (merged->students == 1 ? "" : "s") << ": "
        << (o.out / "gradebook.csv").string() << ", " << (o.out / "junit.xml").string() << ", "
        << (o.out / "gradescope").string() << "/\n";
    out << "report: " << (o.out / "report.html").string() << "\n";
    if (fs::exists(o.out / "similarity.csv")) out << "similar submissions: " << (o.out / "similarity.csv").string() << "\n";
    if (merged->notSubmitted)
        out << "roster: " << merged->notSubmitted << " student" << (merged->notSubmitted == 1 ? "" : "s")
            << " handed in nothing (not submitted; " << (o.missingAsZero ? "0" : "an empty grade") << " in the import files)\n";
    if (!merged->exports.empty()) {
        out << "LMS import files:";
        for (size_t i = 0; i < merged->exports.size(); ++i) out << (i ? ", " : " ") << merged->exports[i].string();
        out << "\n";
    }
    if (o.feedback) {
        const size_t students = merged->students + merged->missing.size();
        out << "feedback: " << (*o.feedback / "").string() << " (<id>.html and <id>.txt for each of " << students << " student"
            << (students == 1 ? "" : "s") << ")\n";
    }
    if (merged->missing.empty()) return ExitCode::Done;
    err << "grader: " << merged->missing.size() << " submission" << (merged->missing.size() == 1 ? " has" : "s have")
        << " no result yet:";
    for (size_t i = 0; i < merged->missing.size() && i < 10; ++i) err << " " << merged->missing[i];
    err << (merged->missing.size() > 10 ? " ..." : "") << " (grade them, then --merge again)\n";
    return ExitCode::Failed;
}

/// Why the --feedback folder cannot be used, or nullopt: it must be named, and neither be the results folder
/// (an id "report" would overwrite report.html) nor lie in SUBMISSIONS (the next run would grade it).
std::optional<Error> feedbackFolderProblem(const BatchOptions& o) {
    if (!o.feedback) return std::nullopt;
    if (o.feedback->empty()) return Error{"--feedback", "needs a folder", "e.g. --feedback " + (o.out / "feedback").string()};
    const auto folderOf = [](const fs::path& p) {  // absolute, without a trailing slash
        const fs::path a = absolutePath(p);
        return a.has_filename() ? a : a.parent_path();
    };
    const fs::path folder = folderOf(*o.feedback), results = folderOf(o.out), submissions = folderOf(o.submissions);
    if (folder == results)
        return Error{"--feedback", "cannot be the results folder", "give it a folder of its own, e.g. " + (o.out / "feedback").string()};
    const auto under = [&folder](const fs::path& top) {
        const fs::path inside = folder.lexically_relative(top);
        return !inside.empty() && *inside.begin() != "..";
    };
    if (under(submissions) && !under(results))  // the results folder is never taken for a submission
        return Error{"--feedback", "cannot lie in the submissions folder " + o.submissions.string() + " (the next run would grade it)",
                     "e.g. --feedback " + (o.out / "feedback").string()};
    return std::nullopt;
}

}  // namespace

/// Why the --export options cannot be used, or nullopt.
std::optional<Error> exportProblem(const BatchOptions& o) {
    for (const auto& format : o.exports) {
        if (std::find(exportNames().begin(), exportNames().end(), format) == exportNames().end())
            return Error{"--export", "unknown format '" + format + "'", "one of canvas, moodle, csv"};
        if (format == "canvas" && o.assignmentId.empty())
            return Error{"--export canvas", "needs --assignment-id, the number in the assignment's Canvas address (.../assignments/ID)",
                         "Canvas matches the grade column by \"<assignment> (<id>)\""};
    }
    if (o.roster) {  // read before grading: a roster problem should not wait for the whole class
        auto roster = loadRoster(*o.roster, o.rosterColumns);
        if (!roster) return roster.error();
    }
    return std::nullopt;
}

namespace {

/// Writes the run's time profile to `path` (a failure to write is a warning: the grades are kept).
void writeProfile(const std::string& path, const BatchSummary& graded, std::ostream& err) {
    RunShape shape;
    shape.backend = graded.backend;
    shape.jobs = graded.jobs;
    shape.wallSeconds = graded.seconds;
    shape.complete = !graded.interrupted;
    shape.sandboxStartEach = graded.sandboxStartEach;
    shape.deviceWork = graded.deviceWork;
    if (auto error = writeFileAtomically(path, timeProfileJson(graded.time, shape)))
        err << "warning: the profile was not written: " << error->format() << "\n";
}

}  // namespace

ExitCode runBatchCommand(const Course& course, BatchCommand command, std::ostream& out, std::ostream& err) {
    BatchOptions& o = command.options;
    if (auto problem = feedbackFolderProblem(o)) return fail(err, *problem);
    if (auto problem = exportProblem(o)) return fail(err, *problem);
    if (isDownloadArchive(o.submissions)) {  // the LMS's zip as it came: unpacked once into RESULTS/download/
        auto unpacked = unpackDownload(o.submissions, o.out);
        if (!unpacked) return fail(err, unpacked.error());
        out << "SUBMISSIONS: " << o.submissions.string() << (unpacked->reused ? " (unpacked before) in " : " unpacked into ")
            << unpacked->folder.string() << (unpacked->reused ? "" : " (" + std::to_string(unpacked->files) + " files)") << "\n";
        o.submissions = unpacked->folder;
    }
    if (command.slurmScript) {
        if (command.shard || command.merge)
            return fail(err, {"--slurm-script", "cannot be combined with --shard or --merge", "the script runs both itself"});
        if (!o.gpus.empty())  // Slurm gives each task its own GPUs (CUDA_VISIBLE_DEVICES); indices differ node to node
            return fail(err, {"--gpus", "cannot reach the Slurm tasks: Slurm gives each task its GPUs (--backend gpu asks for one per task)",
                              "leave --gpus out; edit the script's #SBATCH --gres line for more or typed GPUs"});
        return writeSlurm(command, out, err);
    }
    if (command.merge) {
        if (command.shard) return fail(err, {"--merge", "cannot be combined with --shard", "merge once every shard is done"});
        return merge(course, o, out, err);
    }
    if (command.shard) {
        auto shard = parseShard(*command.shard);
        if (!shard) return fail(err, shard.error());
        o.shard = *shard;
    }
    if (!o.sandbox)
        err << "warning: --no-sandbox: student code runs with your permissions, your files and the network\n";
    auto graded = gradeBatch(course, o);
    if (!graded) return fail(err, graded.error());
    if (command.profile) writeProfile(*command.profile, *graded, err);
    if (graded->interrupted) {
        const int kept = graded->upToDate + graded->graded;
        err << "interrupted: " << kept << " of " << graded->submissions << " results kept";
        if (graded->discarded) err << " (" << graded->discarded << " in progress discarded)";
        err << "; rerun the same command to continue\n";
        return ExitCode::Interrupted;
    }
    for (const auto& note : graded->notes) err << "note: " << note << "\n";
    out << "layout: " << graded->layout << ", " << graded->students << " student" << (graded->students == 1 ? "" : "s") << "\n";
    if (graded->students == 0)
        err << "warning: " << o.submissions.string() << " holds no submission (it is empty, or holds only hidden files): nothing was graded"
            << " (exit 1); is it the right folder?\n";
    out << graded->submissions << " entr" << (graded->submissions == 1 ? "y" : "ies");
    if (o.shard) out << " in shard " << o.shard->text() << " (" << graded->otherShards << " in other shards)";
    out << ": " << graded->submissions - graded->refused - graded->notGraded << " graded, " << graded->refused << " refused, "
        << graded->notGraded << " not graded (this run: " << graded->graded << " done now, " << graded->upToDate
        << " up to date; " << graded->backend << " backend, " << Progress::duration(graded->seconds) << ")\n";
    if (!graded->sandbox.empty()) out << "sandbox: " << graded->sandbox << "\n";
    if (!graded->devices.empty()) {
        out << "devices:";
        for (size_t i = 0; i < graded->devices.size(); ++i) out << (i ? ", " : " ") << graded->devices[i];
        out << " (each worker on one; a timing run has its device alone)\n";
        out << gpuTurnsText(graded->time) << deviceWorkText(graded->deviceWork, graded->seconds);
    }
    out << timeSplitText(graded->time);
    if (graded->graderErrors)
        err << "grader: " << graded->graderErrors << " result" << (graded->graderErrors == 1 ? "" : "s")
            << " hold the grader's own errors; they are graded again on the next run\n";
    if (o.shard) {
        out << "when every shard is done: " << graderCommand() << " batch " << shellQuote(o.submissions.string()) << " --out "
            << shellQuote(o.out.string()) << " --course " << shellQuote(absolutePath(o.coursePath).string()) << " --merge"
            << (o.feedback ? " --feedback " + shellQuote(o.feedback->string()) : "") << (o.layout ? " " + layoutOptions(o) : "")
            << (mergeOptions(o).empty() ? "" : " " + mergeOptions(o)) << "\n";
        return graded->graderErrors ? ExitCode::Failed : ExitCode::Done;
    }
    const ExitCode merged = merge(course, o, out, err);
    if (merged != ExitCode::Done) return merged;
    return graded->graderErrors || graded->students == 0 ? ExitCode::Failed : ExitCode::Done;
}

namespace {

/// What `grader batch` was asked, as parsed, before it is checked.
struct BatchVerbOptions {
    BatchCommand command;
    std::string submissions, out;
    bool noSandbox = false;
    std::optional<std::string> feedback, layout, rosterColumns, roster;
};

/// Adds batch's options to `command`.
void addBatchOptions(CLI::App& command, BatchVerbOptions& options) {
    BatchCommand& batch = options.command;
        command.add_option("submissions", options.submissions,
                         "folder with one folder or archive per student, named by student id, or an LMS's download (folder or zip)")->required();
    command.add_option("--out", options.out, "results folder: <id>.json, gradebook.csv, junit.xml, gradescope/, report.html")->required();
    command.add_option("-j,--jobs", batch.options.jobs, "submissions graded in parallel (default: one per core)")->check(CLI::Range(1, 1024));
    command.add_option("--lessons-at-once", batch.options.lessonsAtOnce,
                         "lessons of one submission graded at once (default: all on the gpu backend, 1 on the cpu backend)")
        ->check(CLI::Range(1, 64));
    command.add_option("--lookahead", batch.options.lookahead,
                       "submissions taken in ahead of their turn, their files building while others wait for the GPU "
                       "(default 0: each is taken in when its turn comes)")
        ->check(CLI::Range(0, 1024));
    command.add_option("--gpu-turns", batch.options.gpuTurns,
                       "how long a GPU child holds the device's turns: process (its whole life, the default) or work "
                       "(only around its GPU work)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, GpuTurns>{{"process", GpuTurns::Process}, {"work", GpuTurns::Work}}));
    command.add_option("--timing-gather", batch.options.timingGather,
                       "seconds other runs still start on the GPU after a timing run asks for it alone, so that the timing "
                       "runs asked for meanwhile wait for its runs to end once together (default 0)")
        ->check(CLI::Range(0.0, 60.0));
    command.add_option("--backend", batch.options.backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    command.add_option("--gpus", batch.options.gpus, "the GPUs to grade on, e.g. 0,1 or UUIDs (default: CUDA_VISIBLE_DEVICES, else every GPU nvidia-smi lists)");
    command.add_flag("--no-sandbox", options.noSandbox, "run student code without the bubblewrap sandbox (only for trusted submissions)");
    command.add_option("--shard", batch.shard, "grade only shard K of N (K/N), into the shared results folder");
    command.add_option("--profile", batch.profile, "write where the time went (compile, emulator, GPU shared and alone, waiting, sandbox start; per lesson) to this JSON file");
    auto* slurmOpt = command.add_option("--slurm-script", batch.slurmScript, "write a Slurm job-array script (one task per shard) and its merge job");
    command.add_option("--shards", batch.shards, "shards for --slurm-script (default: one per 25 submissions)")
        ->check(CLI::Range(1, 10000))->needs(slurmOpt);
    command.add_option("--partition", batch.partition, "Slurm partition for --slurm-script's jobs")->needs(slurmOpt);
    command.add_option("--account", batch.account, "Slurm account for --slurm-script's jobs")->needs(slurmOpt);
    command.add_option("--time", batch.time, "time limit of each --slurm-script task, e.g. 02:00:00 (the default)")->needs(slurmOpt);
    command.add_option("--cpus-per-task", batch.cpusPerTask, "CPUs of each --slurm-script task, also its -j (default: -j, else 4)")
        ->check(CLI::Range(1, 1024))->needs(slurmOpt);
    command.add_flag("--merge", batch.merge, "only build gradebook, junit, Gradescope files and report from the results present");
    command.add_option("--seed", batch.options.seed, "one seed for every student (default: a stable seed per student id)");
    command.add_option("--feedback", options.feedback, "also write each student's feedback to send back: FOLDER/<id>.html and <id>.txt")
        ->type_name("FOLDER");
    command.add_option("--layout", options.layout, "how SUBMISSIONS is laid out: folders, canvas, moodle, blackboard, github, gradescope "
                                                      "(default: recognized from the names)")->type_name("NAME");
    command.add_option("--roster", options.roster, "CSV of the class (id, name; email, sis_id, login, section; Canvas's gradebook export, "
                                                      "Moodle's grading worksheet or participants): names, and a row for who handed in nothing")
        ->type_name("FILE");
    command.add_option("--roster-columns", options.rosterColumns, "the roster's header names, e.g. 'id=Student Number,name=Full name'")
        ->type_name("FIELD=HEADER,...");
    command.add_option("--export", batch.options.exports, "also write an LMS's grade import file: canvas, moodle (and feedback zip), csv")
        ->type_name("FORMAT")->delimiter(',')->check(CLI::IsMember({"canvas", "moodle", "csv"}));
    command.add_option("--assignment", batch.options.assignment, "the assignment's name in the LMS (default: the course title)");
    command.add_option("--assignment-id", batch.options.assignmentId, "Canvas's number of the assignment (its address ends /assignments/ID)");
    command.add_flag("--names", batch.options.names, "the report's speed board (course.yaml leaderboard: true) names each student (default: anonymous ranks)");
    command.add_flag("--missing-as-zero", batch.options.missingAsZero,
                       "import files give 0, not an empty cell, to a student with nothing gradable (by default the LMS keeps what it has)");
    command.add_option("--assignment-prefix", batch.options.assignmentPrefix,
                         "GitHub Classroom: the assignment's name before each clone's username (default: from a SLUG-submissions folder, "
                         "else the clones' common start)")->type_name("NAME");
}

/// Checks the options that name things (--layout, --roster-columns) and runs the command.
ExitCode runBatchVerb(const VerbInput& input, BatchVerbOptions& options) {
    BatchCommand& batch = options.command;
    batch.options.coursePath = input.coursePath;
    batch.options.submissions = options.submissions;
    batch.options.out = options.out;
    batch.options.sandbox = !options.noSandbox;
    if (options.feedback) batch.options.feedback = *options.feedback;
    if (options.layout) {
        auto named = layoutByName(*options.layout);
        if (!named) return printCliError(named.error());
        batch.options.layout = *named;
    }
    if (options.roster) batch.options.roster = *options.roster;
    if (options.rosterColumns) {
        auto columns = parseRosterColumns(*options.rosterColumns);
        if (!columns) return printCliError(columns.error());
        batch.options.rosterColumns = *columns;
    }
    batch.options.progress = &std::cerr;
    batch.options.progressOnTerminal = isatty(STDERR_FILENO);
    return runBatchCommand(*input.course, batch, std::cout, std::cerr);
}

}  // namespace

/// The `batch` verb.
VerbEntry batchVerb() {
    return makeVerb("batch", "grade a folder of submissions (folders, .zip, .tar.gz) into a gradebook and a report", Needs::Course, addBatchOptions,
                    runBatchVerb);
}

}  // namespace grader
