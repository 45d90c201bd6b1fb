// Subcommand parsing with CLI11 and dispatch to the core library.
#include "cli/cli.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>

#include "backend/backend.h"
#include "batch/batch_command.h"
#include "batch/layouts.h"
#include "batch/roster.h"
#include "batch/unpack_child.h"
#include "checks/check.h"
#include "core/course.h"
#include "core/escape.h"
#include "core/spelling.h"
#include "core/toolchain.h"
#include "export/gradescope.h"
#include "export/student_kit.h"
#include "quiz/quiz_command.h"
#include "tilemap/tilemap_command.h"
#include "trainer/trainer_command.h"
#include "trainer/trainer_page.h"
#include "report/reporter.h"

namespace grader {

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int printError(const Error& error) { return printError(std::cerr, error, kExitUsage); }

/// The course.yaml to use: --course, else one from the current folder upward, else the kit's.
std::filesystem::path findCoursePath(const std::string& option) {
    if (!option.empty()) return option;
    for (auto dir = std::filesystem::current_path();; dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / "course.yaml")) return dir / "course.yaml";
        if (dir == dir.root_path()) break;
    }
    return builtInCoursePath();
}

Expected<Course> findCourse(const std::string& option) { return loadCourse(findCoursePath(option)); }

struct CheckCommand {
    std::string lesson, file, backend = "auto", course;
    std::string format = "text";  ///< text, json, gcc or sarif (--json is json)
    bool gpuAlone = false;
    bool showOutput = false;
    bool compilerOutput = false;
    std::optional<uint64_t> seed;
    std::optional<int> n;
    std::vector<std::string> only;
    int skipExitCode = 0;
};

int runCheck(const CheckCommand& cmd) {
    auto course = findCourse(cmd.course);
    if (!course) return printError(course.error());
    auto lesson = course->lessonOrError(cmd.lesson);
    if (!lesson) return printError(lesson.error());
    for (const auto& name : cmd.only) {
        if (!(*lesson)->findCheck(name)) {
            std::vector<std::string> names;
            for (const auto& c : (*lesson)->checks) names.push_back(c.name);
            return printError({"", "lesson '" + cmd.lesson + "' has no check '" + name + "'", didYouMean(name, names)});
        }
    }
    if (!std::filesystem::exists(cmd.file))
        return printError({cmd.file, "no such file", "the lesson's file is " + (*lesson)->starterFile()});
    if (std::filesystem::is_directory(cmd.file))
        return printError({cmd.file, "is a folder, not a .cu file",
                           "give the lesson's file: " + shellQuote((std::filesystem::path(cmd.file) / (*lesson)->studentFile).string())});
    auto cpu = makeCpuBackend();
    auto gpu = makeGpuBackend();
    Backend* backend = cpu.get();
    if (cmd.backend == "gpu" || (cmd.backend == "auto" && gpu->unavailableReason().empty())) backend = gpu.get();
    if (backend == cpu.get() && !cpu->unavailableReason().empty())
        return printError({"", "the cpu backend cannot run: " + cpu->unavailableReason(), ""});
    CheckOptions options;
    // Without --seed, the same lesson and file name give the same inputs (and
    // the same figures in every message) on every run; an edit keeps them too.
    options.seed = cmd.seed ? *cmd.seed : stableSeed(cmd.lesson + "/" + std::filesystem::path(cmd.file).filename().string());
    options.n = cmd.n;
    options.only = cmd.only;
    options.gpuAlone = cmd.gpuAlone;
    options.showOutput = cmd.showOutput;
    options.compilerOutput = cmd.compilerOutput;
    LessonReport report = gradeLesson(*course, **lesson, cmd.file, cmd.file, *backend, cpu.get(), options);
    if (cmd.format == "json") JsonReporter().write(report, std::cout);
    else if (cmd.format == "gcc") GccReporter().write(report, std::cout);
    else if (cmd.format == "sarif") SarifReporter(sarifArtifactOf(cmd.file)).write(report, std::cout);
    else ConsoleReporter(colourWanted()).write(report, std::cout);
    bool failed = false, error = false, allSkipped = !report.checks.empty();
    for (const auto& c : report.checks) {
        failed |= c.status == Status::Fail;
        error |= c.status == Status::Error;
        allSkipped &= c.status == Status::Skip || c.status == Status::Todo;  // CTest shows a reminder as skipped
    }
    if (error) return kExitUsage;
    if (failed) return kExitFailed;
    if (allSkipped && cmd.skipExitCode) return cmd.skipExitCode;
    return 0;
}

/// "  (cpu_sizes [16, 48], time_limit_s 20)": the parameters course.yaml sets for a check, or "".
std::string parameterText(const CheckSpec& check) {
    std::string text;
    const auto add = [&text](const std::string& item) { text += (text.empty() ? "  (" : ", ") + item; };
    const auto number = [](double v) {
        std::ostringstream out;
        out << v;
        return out.str();
    };
    for (const auto& [key, value] : check.params) {
        if (const auto* i = std::get_if<long>(&value)) add(key + " " + std::to_string(*i));
        else if (const auto* d = std::get_if<double>(&value)) add(key + " " + number(*d));
        else if (const auto* s = std::get_if<std::string>(&value)) add(key + " " + *s);
        else {
            std::string list;
            for (long v : std::get<std::vector<long>>(value)) list += (list.empty() ? "" : ", ") + std::to_string(v);
            add(key + " [" + list + "]");
        }
    }
    if (check.timeLimitS != param_defaults::kTimeLimitS) add("time_limit_s " + number(check.timeLimitS));
    return text.empty() ? "" : text + ")";
}

/// The course as `grader list --json` prints it: every lesson's files and checks with the
/// parameters course.yaml sets (the kit's self-test registers its tests from it).
nlohmann::ordered_json courseJson(const Course& course) {
    nlohmann::ordered_json lessons = nlohmann::ordered_json::array();
    for (const auto& lesson : course.lessons) {
        nlohmann::ordered_json checks = nlohmann::ordered_json::array();
        for (const auto& check : lesson.checks) {
            nlohmann::ordered_json params = nlohmann::ordered_json::object();
            for (const auto& param : check.params) std::visit([&](const auto& v) { params[param.first] = v; }, param.second);
            checks.push_back({{"name", check.name}, {"points", check.points}, {"time_limit_s", check.timeLimitS}, {"params", params}});
        }
        lessons.push_back({{"id", lesson.id}, {"title", lesson.title}, {"folder", lesson.folder}, {"student_file", lesson.studentFile},
                           {"solution_file", lesson.solutionFile}, {"label", lesson.label}, {"checks", checks}});
    }
    return {{"title", course.title}, {"tile", course.tile}, {"lessons", lessons}};
}

int runList(const std::string& coursePath, bool json) {
    auto course = findCourse(coursePath);
    if (!course) return printError(course.error());
    if (json) {
        std::cout << courseJson(*course).dump(2) << "\n";
        return 0;
    }
    std::cout << course->title << "\n";
    for (const auto& lesson : course->lessons) {
        std::cout << "  " << lesson.id << "  " << lesson.title << "  (starter/" << lesson.folder << "/" << lesson.studentFile << ")\n";
        for (const auto& check : lesson.checks)
            std::cout << "      " << check.name << std::string(check.name.size() < 13 ? 13 - check.name.size() : 1, ' ')
                      << check.points << " point" << (check.points == 1 ? "" : "s") << parameterText(check) << "\n";
    }
    return 0;
}

/// Writes the CTest script that registers one test per lesson check.
int runCtestTests(const std::string& coursePath, const std::string& submissions, const std::string& output) {
    const std::filesystem::path path = findCoursePath(coursePath);
    auto course = loadCourse(path);
    if (!course) return printError(course.error());
    std::ofstream out(output);
    if (!out) return printError({output, "cannot write the CTest script", ""});
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    std::filesystem::path dir = submissions;
    if (dir.is_relative()) dir = course->root / dir;
    const std::string coursePathAbs = std::filesystem::absolute(path).string();  // as given, whatever its name
    out << "# Generated by `grader ctest-tests` from " << coursePathAbs << "; do not edit.\n";
    for (const auto& lesson : course->lessons) {
        const auto file = dir / lesson.folder / lesson.studentFile;
        for (const auto& check : lesson.checks) {
            const std::string name = lesson.id + "." + check.name;
            out << "add_test(" << name << " \"" << self.string() << "\" check " << lesson.id << " \"" << file.string()
                << "\" --check " << check.name << " --skip-exit-code 77 --course \"" << coursePathAbs << "\")\n";
            out << "set_tests_properties(" << name << " PROPERTIES LABELS \"" << lesson.label
                << "\" SKIP_RETURN_CODE 77 TIMEOUT " << static_cast<int>(check.timeLimitS * 4 + 60)
                << " ENVIRONMENT \"NO_COLOR=1\" WORKING_DIRECTORY \"" << course->root.string() << "\")\n";
        }
    }
    return 0;
}

}  // namespace

int runCli(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == kUnpackCommand) return runUnpackChild(argc, argv);  // batch's unpacking child, never typed
    CLI::App app{"grader: checks CUDA matrix-multiply lessons on a GPU or on the cpu emulator", "grader"};
    app.set_version_flag("--version", "grader " + graderVersion());
    app.require_subcommand(1);
    std::string coursePath;
    app.add_option("--course", coursePath, "course.yaml to use (default: found from the current folder upward)");

    CheckCommand check;
    auto* checkCmd = app.add_subcommand("check", "check one student file for a lesson");
    checkCmd->add_option("lesson", check.lesson, "lesson1 .. lesson4")->required();
    checkCmd->add_option("file", check.file, "the student's .cu file")->required();
    auto* formatOpt = checkCmd->add_option("--format", check.format,
                                           "text (default), json (as --json), gcc (FILE:LINE:COL: error: ... lines for an editor) "
                                           "or sarif (SARIF 2.1.0 for code scanning)")
                          ->check(CLI::IsMember({"text", "json", "gcc", "sarif"}));
    checkCmd->add_flag_callback("--json", [&check] { check.format = "json"; }, "print one JSON object instead of text")
        ->excludes(formatOpt);
    checkCmd->add_option("--backend", check.backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    checkCmd->add_option("--seed", check.seed, "the inputs' seed (default: fixed for the lesson and file name; printed with every failure)");
    checkCmd->add_option("--n", check.n, "check at this matrix size only")->check(CLI::Range(1, 16384));
    checkCmd->add_option("--check", check.only, "run only this check (repeatable)");
    checkCmd->add_flag("--gpu-alone", check.gpuAlone,
                       "on the gpu backend, leave out the emulator's rules that every backend applies (to see what the GPU alone shows; "
                       "never for grading)");
    checkCmd->add_flag("--show-output", check.showOutput, "print the first lines your program printed (printf debugging)");
    checkCmd->add_flag("--compiler-output", check.compilerOutput, "when the file does not compile, print the compiler's full log");
    checkCmd->add_option("--skip-exit-code", check.skipExitCode, "exit with this code when every check run was skipped (CTest)");
    checkCmd->add_option("--course", check.course, "course.yaml to use");

    auto* listCmd = app.add_subcommand("list", "list the lessons and their checks from course.yaml");
    std::string listCourse;
    bool listJson = false;
    listCmd->add_option("--course", listCourse, "course.yaml to use");
    listCmd->add_flag("--json", listJson, "print the course as JSON: lessons, files, checks, points and parameters");

    std::string submissions = "starter", output;
    auto* ctestCmd = app.add_subcommand("ctest-tests", "write the CTest script of the lesson tests (used by the build)");
    std::string ctestCourse;
    ctestCmd->add_option("--course", ctestCourse, "course.yaml to use");
    ctestCmd->add_option("--submissions", submissions, "folder holding NN-name/<file> (starter or solutions)");
    ctestCmd->add_option("--output", output, "the script to write")->required();

    BatchCommand batch;
    std::string batchCourse, batchSubmissions, batchOut;
    bool noSandbox = false;
    auto* batchCmd = app.add_subcommand("batch", "grade a folder of submissions (folders, .zip, .tar.gz) into a gradebook and a report");
    batchCmd->add_option("submissions", batchSubmissions,
                         "folder with one folder or archive per student, named by student id, or an LMS's download (folder or zip)")->required();
    batchCmd->add_option("--out", batchOut, "results folder: <id>.json, gradebook.csv, junit.xml, gradescope/, report.html")->required();
    batchCmd->add_option("-j,--jobs", batch.options.jobs, "submissions graded in parallel (default: one per core)")->check(CLI::Range(1, 1024));
    batchCmd->add_option("--lessons-at-once", batch.options.lessonsAtOnce,
                         "lessons of one submission graded at once (default: all on the gpu backend, 1 on the cpu backend)")
        ->check(CLI::Range(1, 64));
    batchCmd->add_option("--backend", batch.options.backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    batchCmd->add_option("--gpus", batch.options.gpus, "the GPUs to grade on, e.g. 0,1 or UUIDs (default: CUDA_VISIBLE_DEVICES, else every GPU nvidia-smi lists)");
    batchCmd->add_flag("--no-sandbox", noSandbox, "run student code without the bubblewrap sandbox (only for trusted submissions)");
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
    std::optional<std::string> feedback;
    batchCmd->add_option("--feedback", feedback, "also write each student's feedback to send back: FOLDER/<id>.html and <id>.txt")
        ->type_name("FOLDER");
    batchCmd->add_option("--course", batchCourse, "course.yaml to use");
    std::optional<std::string> layout, rosterColumns;
    std::optional<std::string> roster;
    batchCmd->add_option("--layout", layout, "how SUBMISSIONS is laid out: folders, canvas, moodle, blackboard, github, gradescope "
                                             "(default: recognized from the names)")->type_name("NAME");
    batchCmd->add_option("--roster", roster, "CSV of the class (id, name; email, sis_id, login, section; Canvas's gradebook export, "
                                             "Moodle's grading worksheet or participants): names, and a row for who handed in nothing")
        ->type_name("FILE");
    batchCmd->add_option("--roster-columns", rosterColumns, "the roster's header names, e.g. 'id=Student Number,name=Full name'")
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

    QuizCommand quiz;
    std::string quizCourse;
    auto* quizCmd = app.add_subcommand("quiz", "check a lesson's quiz answers, with a hint for each wrong one; or write a blank answers file");
    quizCmd->add_option("lesson", quiz.lesson, "lesson1 .. lesson4")->required();
    quizCmd->add_option("answers", quiz.answers, "the answers file, e.g. starter/03-phase-loop/quiz_answers.yaml")->type_name("ANSWERS");
    quizCmd->add_option("--blank", quiz.blank, "write a blank answers file, the same as the starter's, instead (never over a file)")
        ->type_name("FILE");
    quizCmd->add_option("--lang", quiz.language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
    quizCmd->add_flag("--explain", quiz.explain, "also show the lesson's worked answer under each right answer");
    quizCmd->footer(
        "Two forms:\n"
        "  grader quiz LESSON ANSWERS [--lang en|ru] [--explain]\n"
        "      Checks the answers: a hint for each wrong one; the lesson's worked answer once it is\n"
        "      right (--explain) or after reveal_after_tries different wrong answers (course.yaml,\n"
        "      default 3), which are recorded beside ANSWERS (quiz_answers.tries.yaml for\n"
        "      quiz_answers.yaml; delete it to start over). An answer not in the form its question\n"
        "      takes (a word for a number, a letter that is not a choice) is no try: the report\n"
        "      names the form to use.\n"
        "  grader quiz LESSON --blank FILE\n"
        "      Writes a blank answers file, the same as the starter's; never over an existing file.\n"
        "Exit 0: every answer right, or the file written; 1: not yet; 2: a usage or file problem.");
    quizCmd->add_option("--course", quizCourse, "course.yaml to use");

    ExportCommand exportKit;
    std::string exportCourse;
    bool noGpuHarness = false;
    auto* exportCmd = app.add_subcommand("export-student", "write the kit a student receives: no solutions, the harness compiled");
    exportCmd->add_option("out", exportKit.out, "the folder to write (new, empty, or an earlier export, which is replaced)")->required();
    exportCmd->add_option("--cuda-archs", exportKit.cudaArchs, "GPU architectures of the compiled gpu harness (default 75,80,90,100,120)")
        ->delimiter(',');
    exportCmd->add_flag("--no-gpu", noGpuHarness, "leave the gpu harness out even where nvcc is found");
    exportCmd->add_option("--course", exportCourse, "course.yaml of the instructor's kit");

    GradescopeExportCommand gradescopeZip;
    std::string gradescopeZipCourse;
    auto* gradescopeZipCmd = app.add_subcommand("export-gradescope", "write the Gradescope autograder zip: setup.sh, run_autograder and the student kit");
    gradescopeZipCmd->add_option("out", gradescopeZip.out, "the zip to write, e.g. build/gradescope-autograder.zip")->required();
    gradescopeZipCmd->add_option("--course", gradescopeZipCourse, "course.yaml of the instructor's kit");

    GradescopeResultsCommand gradescopeResults;
    auto* gradescopeResultsCmd = app.add_subcommand(
        "gradescope-results", "grade one submission folder on the cpu backend into Gradescope's results.json (run_autograder runs it)");
    gradescopeResultsCmd->add_option("submission", gradescopeResults.submission, "the student's folder, /autograder/submission on Gradescope")
        ->required();
    gradescopeResultsCmd->add_option("--out", gradescopeResults.out, "results.json to write (written even when grading fails)")->required();
    gradescopeResultsCmd->add_option("--course", gradescopeResults.coursePath, "course.yaml to use");

    TilemapCommand tilemap;
    std::string tilemapCourse;
    auto* tilemapCmd = app.add_subcommand("tilemap", "draw which elements of A and B one block loads in one phase (lessons 2 and 3)");
    tilemapCmd->add_option("lesson", tilemap.lesson, "lesson2 or lesson3")->required();
    tilemapCmd->add_option("file", tilemap.file, "the student's .cu file")->required();
    tilemapCmd->add_option("--block", tilemap.block, "the block X,Y (blockIdx.x, blockIdx.y); default 0,0");
    tilemapCmd->add_option("--phase", tilemap.phase, "the phase to draw: lesson 2's launch argument, lesson 3's loop iteration; default 0 (with --json: every phase)");
    tilemapCmd->add_option("--n", tilemap.n, "the matrix size (default 2 x TILE)");
    tilemapCmd->add_option("--svg", tilemap.svg, "also write the picture as an SVG file");
    tilemapCmd->add_flag("--json", tilemap.json, "print the maps as JSON instead: every phase of the block, or --phase's only");
    tilemapCmd->add_option("--course", tilemapCourse, "course.yaml to use");

    TrainerCommand trainer;
    std::string trainerCourse;
    auto* trainerCmd = app.add_subcommand("trainer", "the tile-map trainer of lessons 2 and 3: exercises on tiles, answered and checked in the terminal");
    trainerCmd->add_option("set", trainer.set, "lesson2 or lesson3 (with --html: the set the page opens at)");
    trainerCmd->add_option("--seed", trainer.seed, "draw the exercises from this seed, 0..4294967295 (default 1)");
    trainerCmd->add_option("--lang", trainer.language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
    auto* trainerJson = trainerCmd->add_flag("--json", trainer.json, "print the set's exercises and answers as JSON and ask nothing");
    auto* progressOpt = trainerCmd->add_option("--progress", trainer.progress,
                                               "the progress file (default: trainer_progress.yaml beside the lesson's quiz_answers.yaml)")
                            ->type_name("FILE");
    trainerCmd->add_flag("--no-progress", trainer.noProgress, "neither read nor write a progress file")->excludes(progressOpt);
    trainerCmd->footer("Answers: cells row,col; ranges r0..r1,c0..c1; blocks bx,by; slots y,x; numbers; orders 3 1 5 2 4.\n"
                       "Read from stdin, one line per part (scriptable when stdin is not a terminal).\n"
                       "Exit 0: every exercise of the set right; 1: not yet; 2: a usage problem.\n"
                       "With --html OUT.html it writes the trainer as one HTML page instead (no network; opens from file://).");
    TrainerPageCommand trainerPage;
    addTrainerPageOptions(*trainerCmd, trainerPage)->excludes(trainerJson)->excludes(progressOpt);
    trainerCmd->add_option("--course", trainerCourse, "course.yaml to use");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitUsage;
    }
    auto pick = [&](const std::string& local) { return local.empty() ? coursePath : local; };
    if (*checkCmd) {
        check.course = pick(check.course);
        return runCheck(check);
    }
    if (*listCmd) return runList(pick(listCourse), listJson);
    if (*ctestCmd) return runCtestTests(pick(ctestCourse), submissions, output);
    if (*exportCmd) {
        auto course = findCourse(pick(exportCourse));
        if (!course) return printError(course.error());
        exportKit.gpu = !noGpuHarness;
        return runExportCommand(*course, exportKit, std::cout, std::cerr);
    }
    if (*gradescopeZipCmd) {
        auto course = findCourse(pick(gradescopeZipCourse));
        if (!course) return printError(course.error());
        return runGradescopeExport(*course, gradescopeZip, std::cout, std::cerr);
    }
    if (*gradescopeResultsCmd) {  // the course is loaded inside: results.json is written even when it is broken
        gradescopeResults.coursePath = findCoursePath(pick(gradescopeResults.coursePath)).string();
        return runGradescopeResults(gradescopeResults, std::cout, std::cerr);
    }
    if (*tilemapCmd) {
        auto course = findCourse(pick(tilemapCourse));
        if (!course) return printError(course.error());
        tilemap.colour = colourWanted();
        return runTilemapCommand(*course, tilemap, std::cout, std::cerr);
    }
    if (*trainerCmd) {
        auto course = findCourse(pick(trainerCourse));
        if (!course) return printError(course.error());
        if (!trainerPage.out.empty()) return runTrainerPage(*course, trainerPage, trainer, std::cout, std::cerr);
        if (trainer.set.empty()) return printError({"", "give the set, lesson2 or lesson3 (or --html OUT.html for the page)", ""});
        trainer.colour = colourWanted();
        trainer.echo = !isatty(STDIN_FILENO);
        return runTrainerCommand(*course, trainer, std::cin, std::cout, std::cerr);
    }
    if (*quizCmd) {
        auto course = findCourse(pick(quizCourse));
        if (!course) return printError(course.error());
        quiz.colour = colourWanted();
        return runQuizCommand(*course, quiz, std::cout, std::cerr);
    }
    if (*batchCmd) {
        batch.options.coursePath = findCoursePath(pick(batchCourse));
        auto course = loadCourse(batch.options.coursePath);
        if (!course) return printError(course.error());
        batch.options.submissions = batchSubmissions;
        batch.options.out = batchOut;
        batch.options.sandbox = !noSandbox;
        if (feedback) batch.options.feedback = *feedback;
        if (layout) {
            auto named = layoutByName(*layout);
            if (!named) return printError(named.error());
            batch.options.layout = *named;
        }
        if (roster) batch.options.roster = *roster;
        if (rosterColumns) {
            auto columns = parseRosterColumns(*rosterColumns);
            if (!columns) return printError(columns.error());
            batch.options.rosterColumns = *columns;
        }
        batch.options.progress = &std::cerr;
        batch.options.progressOnTerminal = isatty(STDERR_FILENO);
        return runBatchCommand(*course, batch, std::cout, std::cerr);
    }
    return kExitUsage;
}

}  // namespace grader
