// The student's verbs: check, list, ctest-tests, quiz, tilemap and trainer
// (see verbs.h). Each parses its options with CLI11 and calls the core library.
// Non-goal: the instructor's verbs (instructor_verbs.cpp).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "backend/backend.h"
#include "checks/check.h"
#include "cli/verbs.h"
#include "core/course.h"
#include "core/escape.h"
#include "core/spelling.h"
#include "core/toolchain.h"
#include "quiz/quiz_command.h"
#include "report/reporter.h"
#include "tilemap/tilemap_command.h"
#include "trainer/trainer_command.h"
#include "trainer/trainer_page.h"

namespace grader {

namespace {

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
    if (!course) return printCliError(course.error());
    auto lesson = course->lessonOrError(cmd.lesson);
    if (!lesson) return printCliError(lesson.error());
    for (const auto& name : cmd.only) {
        if (!(*lesson)->findCheck(name)) {
            std::vector<std::string> names;
            for (const auto& c : (*lesson)->checks) names.push_back(c.name);
            return printCliError({"", "lesson '" + cmd.lesson + "' has no check '" + name + "'", didYouMean(name, names)});
        }
    }
    if (!std::filesystem::exists(cmd.file))
        return printCliError({cmd.file, "no such file", "the lesson's file is " + (*lesson)->starterFile()});
    if (std::filesystem::is_directory(cmd.file))
        return printCliError({cmd.file, "is a folder, not a .cu file",
                           "give the lesson's file: " + shellQuote((std::filesystem::path(cmd.file) / (*lesson)->studentFile).string())});
    auto cpu = makeCpuBackend();
    auto gpu = makeGpuBackend();
    Backend* backend = cpu.get();
    if (cmd.backend == "gpu" || (cmd.backend == "auto" && gpu->unavailableReason().empty())) backend = gpu.get();
    if (backend == cpu.get() && !cpu->unavailableReason().empty())
        return printCliError({"", "the cpu backend cannot run: " + cpu->unavailableReason(), ""});
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
    if (!course) return printCliError(course.error());
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
    if (!course) return printCliError(course.error());
    std::ofstream out(output);
    if (!out) return printCliError({output, "cannot write the CTest script", ""});
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


/// Adds --html and --tilemap-json to the `trainer` subcommand; returns --html.
CLI::Option* addTrainerPageOptions(CLI::App& trainer, TrainerPageCommand& command) {
    auto* html = trainer.add_option("--html", command.out, "write the trainer as one self-contained HTML page (no network; opens from file://)")
                     ->type_name("OUT.html");
    trainer.add_option("--tilemap-json", command.tilemapJson,
                       "with --html: embed the JSON of `grader tilemap LESSON FILE --json` for the page's panel of your kernel")
        ->type_name("FILE")->needs(html);
    return html;
}

}  // namespace

void addStudentVerbs(CLI::App& app, const std::string& courseOption, std::vector<Verb>& verbs) {
    const std::string* global = &courseOption;
    auto pick = [global](const std::string& local) { return local.empty() ? *global : local; };

    auto check = std::make_shared<CheckCommand>();
    auto* checkCmd = app.add_subcommand("check", "check one student file for a lesson");
    checkCmd->add_option("lesson", check->lesson, "lesson1 .. lesson4")->required();
    checkCmd->add_option("file", check->file, "the student's .cu file")->required();
    auto* formatOpt = checkCmd->add_option("--format", check->format,
                                           "text (default), json (as --json), gcc (FILE:LINE:COL: error: ... lines for an editor) "
                                           "or sarif (SARIF 2.1.0 for code scanning)")
                          ->check(CLI::IsMember({"text", "json", "gcc", "sarif"}));
    checkCmd->add_flag_callback("--json", [check] { check->format = "json"; }, "print one JSON object instead of text")
        ->excludes(formatOpt);
    checkCmd->add_option("--backend", check->backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    checkCmd->add_option("--seed", check->seed, "the inputs' seed (default: fixed for the lesson and file name; printed with every failure)");
    checkCmd->add_option("--n", check->n, "check at this matrix size only")->check(CLI::Range(1, 16384));
    checkCmd->add_option("--check", check->only, "run only this check (repeatable)");
    checkCmd->add_flag("--gpu-alone", check->gpuAlone,
                       "on the gpu backend, leave out the emulator's rules that every backend applies (to see what the GPU alone shows; "
                       "never for grading)");
    checkCmd->add_flag("--show-output", check->showOutput, "print the first lines your program printed (printf debugging)");
    checkCmd->add_flag("--compiler-output", check->compilerOutput, "when the file does not compile, print the compiler's full log");
    checkCmd->add_option("--skip-exit-code", check->skipExitCode, "exit with this code when every check run was skipped (CTest)");
    checkCmd->add_option("--course", check->course, "course.yaml to use");
    verbs.push_back({checkCmd, [check, pick] {
                         check->course = pick(check->course);
                         return runCheck(*check);
                     }});

    struct ListOptions {
        std::string course;
        bool json = false;
    };
    auto list = std::make_shared<ListOptions>();
    auto* listCmd = app.add_subcommand("list", "list the lessons and their checks from course.yaml");
    listCmd->add_option("--course", list->course, "course.yaml to use");
    listCmd->add_flag("--json", list->json, "print the course as JSON: lessons, files, checks, points and parameters");
    verbs.push_back({listCmd, [list, pick] { return runList(pick(list->course), list->json); }});

    struct CtestOptions {
        std::string course, submissions = "starter", output;
    };
    auto ctest = std::make_shared<CtestOptions>();
    auto* ctestCmd = app.add_subcommand("ctest-tests", "write the CTest script of the lesson tests (used by the build)");
    ctestCmd->add_option("--course", ctest->course, "course.yaml to use");
    ctestCmd->add_option("--submissions", ctest->submissions, "folder holding NN-name/<file> (starter or solutions)");
    ctestCmd->add_option("--output", ctest->output, "the script to write")->required();
    verbs.push_back({ctestCmd, [ctest, pick] { return runCtestTests(pick(ctest->course), ctest->submissions, ctest->output); }});

    struct QuizOptions {
        QuizCommand command;
        std::string course;
    };
    auto quiz = std::make_shared<QuizOptions>();
    auto* quizCmd = app.add_subcommand("quiz", "check a lesson's quiz answers, with a hint for each wrong one; or write a blank answers file");
    quizCmd->add_option("lesson", quiz->command.lesson, "lesson1 .. lesson4")->required();
    quizCmd->add_option("answers", quiz->command.answers, "the answers file, e.g. starter/03-phase-loop/quiz_answers.yaml")->type_name("ANSWERS");
    quizCmd->add_option("--blank", quiz->command.blank, "write a blank answers file, the same as the starter's, instead (never over a file)")
        ->type_name("FILE");
    quizCmd->add_option("--lang", quiz->command.language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
    quizCmd->add_flag("--explain", quiz->command.explain, "also show the lesson's worked answer under each right answer");
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
    quizCmd->add_option("--course", quiz->course, "course.yaml to use");
    verbs.push_back({quizCmd, [quiz, pick] {
                         auto course = findCourse(pick(quiz->course));
                         if (!course) return printCliError(course.error());
                         quiz->command.colour = colourWanted();
                         return runQuizCommand(*course, quiz->command, std::cout, std::cerr);
                     }});

    struct TilemapOptions {
        TilemapCommand command;
        std::string course;
    };
    auto tilemap = std::make_shared<TilemapOptions>();
    auto* tilemapCmd = app.add_subcommand("tilemap", "draw which elements of A and B one block loads in one phase (lessons 2 and 3)");
    tilemapCmd->add_option("lesson", tilemap->command.lesson, "lesson2 or lesson3")->required();
    tilemapCmd->add_option("file", tilemap->command.file, "the student's .cu file")->required();
    tilemapCmd->add_option("--block", tilemap->command.block, "the block X,Y (blockIdx.x, blockIdx.y); default 0,0");
    tilemapCmd->add_option("--phase", tilemap->command.phase,
                           "the phase to draw: lesson 2's launch argument, lesson 3's loop iteration; default 0 (with --json: every phase)");
    tilemapCmd->add_option("--n", tilemap->command.n, "the matrix size (default 2 x TILE)");
    tilemapCmd->add_option("--svg", tilemap->command.svg, "also write the picture as an SVG file");
    tilemapCmd->add_flag("--json", tilemap->command.json, "print the maps as JSON instead: every phase of the block, or --phase's only");
    tilemapCmd->add_option("--course", tilemap->course, "course.yaml to use");
    verbs.push_back({tilemapCmd, [tilemap, pick] {
                         auto course = findCourse(pick(tilemap->course));
                         if (!course) return printCliError(course.error());
                         tilemap->command.colour = colourWanted();
                         return runTilemapCommand(*course, tilemap->command, std::cout, std::cerr);
                     }});

    struct TrainerOptions {
        TrainerCommand command;
        TrainerPageCommand page;
        std::string course;
    };
    auto trainer = std::make_shared<TrainerOptions>();
    auto* trainerCmd = app.add_subcommand("trainer", "the tile-map trainer of lessons 2 and 3: exercises on tiles, answered and checked in the terminal");
    trainerCmd->add_option("set", trainer->command.set, "lesson2 or lesson3 (with --html: the set the page opens at)");
    trainerCmd->add_option("--seed", trainer->command.seed, "draw the exercises from this seed, 0..4294967295 (default 1)");
    trainerCmd->add_option("--lang", trainer->command.language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
    auto* trainerJson = trainerCmd->add_flag("--json", trainer->command.json, "print the set's exercises and answers as JSON and ask nothing");
    auto* progressOpt = trainerCmd->add_option("--progress", trainer->command.progress,
                                               "the progress file (default: trainer_progress.yaml beside the lesson's quiz_answers.yaml)")
                            ->type_name("FILE");
    trainerCmd->add_flag("--no-progress", trainer->command.noProgress, "neither read nor write a progress file")->excludes(progressOpt);
    trainerCmd->footer("Answers: cells row,col; ranges r0..r1,c0..c1; blocks bx,by; slots y,x; numbers; orders 3 1 5 2 4.\n"
                       "Read from stdin, one line per part (scriptable when stdin is not a terminal).\n"
                       "Exit 0: every exercise of the set right; 1: not yet; 2: a usage problem.\n"
                       "With --html OUT.html it writes the trainer as one HTML page instead (no network; opens from file://).");
    addTrainerPageOptions(*trainerCmd, trainer->page)->excludes(trainerJson)->excludes(progressOpt);
    trainerCmd->add_option("--course", trainer->course, "course.yaml to use");
    verbs.push_back({trainerCmd, [trainer, pick] {
                         auto course = findCourse(pick(trainer->course));
                         if (!course) return printCliError(course.error());
                         if (!trainer->page.out.empty()) return runTrainerPage(*course, trainer->page, trainer->command, std::cout, std::cerr);
                         if (trainer->command.set.empty())
                             return printCliError({"", "give the set, lesson2 or lesson3 (or --html OUT.html for the page)", ""});
                         trainer->command.colour = colourWanted();
                         trainer->command.echo = !isatty(STDIN_FILENO);
                         return runTrainerCommand(*course, trainer->command, std::cin, std::cout, std::cerr);
                     }});
}

}  // namespace grader
