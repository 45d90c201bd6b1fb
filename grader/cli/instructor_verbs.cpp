// The instructor's verbs: batch, export-student, export-gradescope and
// gradescope-results (see verbs.h), and batch's unpacking child. Built only
// where GRADER_INSTRUCTOR_VERBS is on; student_edition.cpp stands in for this
// file in the student kit's build.
// Non-goal: the student's verbs (student_verbs.cpp).
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>
#include <memory>
#include <optional>

#include "batch/batch_command.h"
#include "batch/layouts.h"
#include "batch/roster.h"
#include "batch/unpack_child.h"
#include "cli/verbs.h"
#include "export/gradescope.h"
#include "export/student_kit.h"

namespace grader {

std::optional<int> runInternalChild(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == kUnpackCommand) return runUnpackChild(argc, argv);  // batch's unpacking child, never typed
    return std::nullopt;
}

void addInstructorVerbs(CLI::App& app, const std::string& courseOption, std::vector<Verb>& verbs) {
    const std::string* global = &courseOption;
    auto pick = [global](const std::string& local) { return local.empty() ? *global : local; };

    struct BatchOptions {
        BatchCommand command;
        std::string course, submissions, out;
        bool noSandbox = false;
        std::optional<std::string> feedback, layout, rosterColumns, roster;
    };
    auto options = std::make_shared<BatchOptions>();
    BatchCommand& batch = options->command;
    auto* batchCmd = app.add_subcommand("batch", "grade a folder of submissions (folders, .zip, .tar.gz) into a gradebook and a report");
    batchCmd->add_option("submissions", options->submissions,
                         "folder with one folder or archive per student, named by student id, or an LMS's download (folder or zip)")->required();
    batchCmd->add_option("--out", options->out, "results folder: <id>.json, gradebook.csv, junit.xml, gradescope/, report.html")->required();
    batchCmd->add_option("-j,--jobs", batch.options.jobs, "submissions graded in parallel (default: one per core)")->check(CLI::Range(1, 1024));
    batchCmd->add_option("--lessons-at-once", batch.options.lessonsAtOnce,
                         "lessons of one submission graded at once (default: all on the gpu backend, 1 on the cpu backend)")
        ->check(CLI::Range(1, 64));
    batchCmd->add_option("--backend", batch.options.backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    batchCmd->add_option("--gpus", batch.options.gpus, "the GPUs to grade on, e.g. 0,1 or UUIDs (default: CUDA_VISIBLE_DEVICES, else every GPU nvidia-smi lists)");
    batchCmd->add_flag("--no-sandbox", options->noSandbox, "run student code without the bubblewrap sandbox (only for trusted submissions)");
    batchCmd->add_option("--shard", batch.shard, "grade only shard K of N (K/N), into the shared results folder");
    auto* slurmOpt = batchCmd->add_option("--slurm-script", batch.slurmScript, "write a Slurm job-array script (one task per shard) and its merge job");
    batchCmd->add_option("--shards", batch.shards, "shards for --slurm-script (default: one per 25 submissions)")
        ->check(CLI::Range(1, 10000))->needs(slurmOpt);
    batchCmd->add_option("--partition", batch.partition, "Slurm partition for --slurm-script's jobs")->needs(slurmOpt);
    batchCmd->add_option("--account", batch.account, "Slurm account for --slurm-script's jobs")->needs(slurmOpt);
    batchCmd->add_option("--time", batch.time, "time limit of each --slurm-script task, e.g. 02:00:00 (the default)")->needs(slurmOpt);
    batchCmd->add_option("--cpus-per-task", batch.cpusPerTask, "CPUs of each --slurm-script task, also its -j (default: -j, else 4)")
        ->check(CLI::Range(1, 1024))->needs(slurmOpt);
    batchCmd->add_flag("--merge", batch.merge, "only build gradebook, junit, Gradescope files and report from the results present");
    batchCmd->add_option("--seed", batch.options.seed, "one seed for every student (default: a stable seed per student id)");
    batchCmd->add_option("--feedback", options->feedback, "also write each student's feedback to send back: FOLDER/<id>.html and <id>.txt")
        ->type_name("FOLDER");
    batchCmd->add_option("--course", options->course, "course.yaml to use");
    batchCmd->add_option("--layout", options->layout, "how SUBMISSIONS is laid out: folders, canvas, moodle, blackboard, github, gradescope "
                                                      "(default: recognized from the names)")->type_name("NAME");
    batchCmd->add_option("--roster", options->roster, "CSV of the class (id, name; email, sis_id, login, section; Canvas's gradebook export, "
                                                      "Moodle's grading worksheet or participants): names, and a row for who handed in nothing")
        ->type_name("FILE");
    batchCmd->add_option("--roster-columns", options->rosterColumns, "the roster's header names, e.g. 'id=Student Number,name=Full name'")
        ->type_name("FIELD=HEADER,...");
    batchCmd->add_option("--export", batch.options.exports, "also write an LMS's grade import file: canvas, moodle (and feedback zip), csv")
        ->type_name("FORMAT")->delimiter(',')->check(CLI::IsMember({"canvas", "moodle", "csv"}));
    batchCmd->add_option("--assignment", batch.options.assignment, "the assignment's name in the LMS (default: the course title)");
    batchCmd->add_option("--assignment-id", batch.options.assignmentId, "Canvas's number of the assignment (its address ends /assignments/ID)");
    batchCmd->add_flag("--missing-as-zero", batch.options.missingAsZero,
                       "import files give 0, not an empty cell, to a student with nothing gradable (by default the LMS keeps what it has)");
    batchCmd->add_option("--assignment-prefix", batch.options.assignmentPrefix,
                         "GitHub Classroom: the assignment's name before each clone's username (default: from a SLUG-submissions folder, "
                         "else the clones' common start)")->type_name("NAME");
    verbs.push_back({batchCmd, [options, pick] {
                         BatchCommand& batch = options->command;
                         batch.options.coursePath = findCoursePath(pick(options->course));
                         auto course = loadCourse(batch.options.coursePath);
                         if (!course) return printCliError(course.error());
                         batch.options.submissions = options->submissions;
                         batch.options.out = options->out;
                         batch.options.sandbox = !options->noSandbox;
                         if (options->feedback) batch.options.feedback = *options->feedback;
                         if (options->layout) {
                             auto named = layoutByName(*options->layout);
                             if (!named) return printCliError(named.error());
                             batch.options.layout = *named;
                         }
                         if (options->roster) batch.options.roster = *options->roster;
                         if (options->rosterColumns) {
                             auto columns = parseRosterColumns(*options->rosterColumns);
                             if (!columns) return printCliError(columns.error());
                             batch.options.rosterColumns = *columns;
                         }
                         batch.options.progress = &std::cerr;
                         batch.options.progressOnTerminal = isatty(STDERR_FILENO);
                         return runBatchCommand(*course, batch, std::cout, std::cerr);
                     }});

    struct ExportOptions {
        ExportCommand command;
        std::string course;
        bool noGpuHarness = false;
    };
    auto exportKit = std::make_shared<ExportOptions>();
    auto* exportCmd = app.add_subcommand("export-student", "write the kit a student receives: no solutions, the harness compiled");
    exportCmd->add_option("out", exportKit->command.out, "the folder to write (new, empty, or an earlier export, which is replaced)")->required();
    exportCmd->add_option("--cuda-archs", exportKit->command.cudaArchs, "GPU architectures of the compiled gpu harness (default 75,80,90,100,120)")
        ->delimiter(',');
    exportCmd->add_flag("--no-gpu", exportKit->noGpuHarness, "leave the gpu harness out even where nvcc is found");
    exportCmd->add_option("--course", exportKit->course, "course.yaml of the instructor's kit");
    verbs.push_back({exportCmd, [exportKit, pick] {
                         auto course = findCourse(pick(exportKit->course));
                         if (!course) return printCliError(course.error());
                         exportKit->command.gpu = !exportKit->noGpuHarness;
                         return runExportCommand(*course, exportKit->command, std::cout, std::cerr);
                     }});

    struct GradescopeZipOptions {
        GradescopeExportCommand command;
        std::string course;
    };
    auto gradescopeZip = std::make_shared<GradescopeZipOptions>();
    auto* gradescopeZipCmd =
        app.add_subcommand("export-gradescope", "write the Gradescope autograder zip: setup.sh, run_autograder and the student kit");
    gradescopeZipCmd->add_option("out", gradescopeZip->command.out, "the zip to write, e.g. build/gradescope-autograder.zip")->required();
    gradescopeZipCmd->add_option("--course", gradescopeZip->course, "course.yaml of the instructor's kit");
    verbs.push_back({gradescopeZipCmd, [gradescopeZip, pick] {
                         auto course = findCourse(pick(gradescopeZip->course));
                         if (!course) return printCliError(course.error());
                         return runGradescopeExport(*course, gradescopeZip->command, std::cout, std::cerr);
                     }});

    auto gradescopeResults = std::make_shared<GradescopeResultsCommand>();
    auto* gradescopeResultsCmd = app.add_subcommand(
        "gradescope-results", "grade one submission folder on the cpu backend into Gradescope's results.json (run_autograder runs it)");
    gradescopeResultsCmd->add_option("submission", gradescopeResults->submission, "the student's folder, /autograder/submission on Gradescope")
        ->required();
    gradescopeResultsCmd->add_option("--out", gradescopeResults->out, "results.json to write (written even when grading fails)")->required();
    gradescopeResultsCmd->add_option("--course", gradescopeResults->coursePath, "course.yaml to use");
    verbs.push_back({gradescopeResultsCmd, [gradescopeResults, pick] {  // the course is loaded inside: results.json is written even when it is broken
                         gradescopeResults->coursePath = findCoursePath(pick(gradescopeResults->coursePath)).string();
                         return runGradescopeResults(*gradescopeResults, std::cout, std::cerr);
                     }});
}

}  // namespace grader
