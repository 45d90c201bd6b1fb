// `grader trainer` (see trainer.h).
#include "cli/verbs/trainer.h"

#include "cli/verbs/table.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>

#include "core/escape.h"
#include "core/toolchain.h"
#include "core/language.h"
#include "core/text_wrap.h"
#include "trainer/answer_check.h"
#include "trainer/exercise_json.h"
#include "trainer/progress.h"
#include "trainer/trainer_page.h"
#include "trainer/trainer_text.h"

namespace grader {

namespace {

constexpr uint64_t kMaxSeed = 0xFFFFFFFFull;

/// The answers of one exercise asked on `in`: each part's line, asked again while unusable.
/// Returns false at the end of input (the parts not given are left out of `typed`).
bool askExercise(const Exercise& e, const TrainerCommand& command, Language language, std::istream& in, std::ostream& out,
                 std::map<std::string, std::string>& typed, std::vector<ReadAnswer>& read) {
    for (const auto& part : e.parts) {
        for (;;) {
            out << "  " << partPrompt(e, part, language) << "> " << std::flush;
            std::string line;
            if (!std::getline(in, line)) {
                out << "\n";
                return false;
            }
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (command.echo) out << line << "\n";
            ReadAnswer answer = readAnswer(e, part, line, language);
            if (answer.problem.empty()) {
                typed[part.name] = line;
                read.push_back(std::move(answer));
                break;
            }
            out << "    " << answer.problem << "\n";
        }
    }
    return true;
}

/// "grader trainer lesson2 --seed 1 [--lang ru]": reruns the set.
std::string rerunCommand(const TrainerCommand& command, uint32_t seed, Language language) {
    return graderCommand() + " trainer " + command.set + " --seed " + std::to_string(seed) + (language == Language::Russian ? " --lang ru" : "") +
           (command.progress.empty() ? "" : " --progress " + shellQuote(command.progress)) + (command.noProgress ? " --no-progress" : "");
}

}  // namespace

ExitCode runTrainerCommand(const Course& course, const TrainerCommand& command, std::istream& in, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.set);
    if (!found) return printCliError(err, found.error(), ExitCode::CannotRun);
    const Lesson& lesson = **found;
    const auto& sets = trainerSets();
    if (std::find(sets.begin(), sets.end(), lesson.id) == sets.end())
        return printCliError(err, {"", lesson.id + " has no trainer exercises", "the tile-map trainer has sets lesson2 and lesson3"}, ExitCode::CannotRun);
    auto language = parseLanguage(command.language);
    if (!language) return printCliError(err, language.error(), ExitCode::CannotRun);
    const uint64_t seed64 = command.seed ? *command.seed : kDefaultTrainerSeed;
    if (seed64 > kMaxSeed)
        return printCliError(err, {"", "--seed " + std::to_string(seed64) + " is out of range", "a seed is 0..4294967295"}, ExitCode::CannotRun);
    const uint32_t seed = static_cast<uint32_t>(seed64);
    const ExerciseSet set = *generateSet(lesson.id, seed, course.tile);
    if (command.json) {
        out << exerciseSetJson(set).dump() << "\n";
        return ExitCode::Done;
    }

    const std::string version = trainerCourseVersion(course.tile);
    const std::filesystem::path path = command.progress.empty() ? defaultProgressPath(course, lesson) : std::filesystem::path(command.progress);
    const std::string display = command.progress.empty() ? (std::filesystem::path("starter") / lesson.folder / kTrainerProgressFile).string() : command.progress;
    TrainerProgress progress;
    progress.courseVersion = version;
    if (!command.noProgress) {
        LoadedProgress loaded = loadProgress(path, display, version);
        if (loaded.problem != ProgressProblem::None) {
            auto aside = setProgressAside(path, loaded.problem);
            if (!aside) return printCliError(err, aside.error(), ExitCode::Failed);
            err << "grader: " << loaded.error.format() << "; set aside as " << aside->filename().string() << ", starting afresh\n";
        } else {
            progress = loaded.progress;
        }
    }

    const TrainerWords& words = trainerWords(*language);
    out << words.title << ": " << lesson.id << ", seed " << seed << ", TILE = " << course.tile << "\n\n";
    SetRecord& record = progress.at(lesson.id, seed);
    int right = 0;
    bool inputEnded = false;
    const int total = static_cast<int>(set.exercises.size());
    for (int i = 0; i < total; ++i) {
        const Exercise& e = set.exercises[i];
        out << words.exercise << " " << i + 1 << " " << words.of << " " << total << ": " << kindName(e.kind);
        if (allRight(checkRecorded(e, recordedFor(&record, i, e)))) {
            out << "  " << words.done << "\n\n";
            ++right;
            continue;
        }
        out << "\n";
        if (inputEnded) {
            out << "    " << words.noAnswer << "\n\n";
            continue;
        }
        const std::string question = questionText(e, *language);
        for (size_t at = 0; at <= question.size();) {  // each line wrapped on its own: the steps of barrier_order stay one per line
            const size_t end = std::min(question.find('\n', at), question.size());
            out << "  " << wrapText(question.substr(at, end - at), 80, 2) << "\n";
            at = end + 1;
        }
        out << questionMap(e, *language, command.colour);
        std::map<std::string, std::string> typed;
        std::vector<ReadAnswer> read;
        if (!askExercise(e, command, *language, in, out, typed, read)) {
            inputEnded = true;
            out << "    " << words.noAnswer << "\n\n";
            continue;
        }
        std::vector<PartResult> results;
        for (size_t k = 0; k < e.parts.size(); ++k) results.push_back(checkPart(e, e.parts[k], read[k], typed[e.parts[k].name]));
        for (const auto& result : results) out << partResultText(e, result, *language, command.colour);
        out << "\n";
        right += allRight(results);
        if (record.exercises.size() <= static_cast<size_t>(i)) record.exercises.resize(i + 1);
        record.exercises[i] = {kindName(e.kind), typed};
        for (size_t k = 0; k < record.exercises.size(); ++k)  // an unasked exercise before this one: its kind, no answers
            if (record.exercises[k].kind.empty()) record.exercises[k].kind = kindName(set.exercises[k].kind);
        if (!command.noProgress) {
            if (auto error = writeFileAtomically(path, formatProgress(progress)))
                err << "grader: note: " << display << ": cannot record your progress (" << error->message << ")\n";
        }
    }
    out << right << "/" << total << " " << words.summary << ".\n";
    if (right == total) {
        out << words.allRight << "\n";
        return ExitCode::Done;
    }
    out << words.notYet << rerunCommand(command, seed, *language) << "\n";
    return ExitCode::Failed;
}

ExitCode runTrainerPage(const Course& course, const TrainerPageCommand& command, const TrainerCommand& trainer, std::ostream& out,
                   std::ostream& err) {
    TrainerPageOptions options;
    options.language = trainer.language;
    options.set = trainer.set;
    if (trainer.seed) {
        if (*trainer.seed > 0xFFFFFFFFull)
            return printCliError(err, {"", "--seed " + std::to_string(*trainer.seed) + " is out of range", "a seed is 0..4294967295"});
        options.seed = static_cast<uint32_t>(*trainer.seed);
    }
    if (!command.tilemapJson.empty() && !readFile(command.tilemapJson, options.tilemapJson))
        return printCliError(err, {command.tilemapJson, "cannot read the file", "write it with: grader tilemap lesson3 FILE --json > tilemap.json"});
    auto page = trainerPageHtml(course, options);
    if (!page) {
        Error e = page.error();
        if (e.where.empty()) e.where = command.tilemapJson;
        return printCliError(err, e);
    }
    std::ofstream file(command.out, std::ios::binary);
    if (!(file << *page) || !file.flush()) return printCliError(err, {command.out, "cannot write the page", ""});
    out << "trainer page: " << command.out << " (" << page->size() / 1024 << " KB; open it in a browser, no network needed)\n";
    return ExitCode::Done;
}

namespace {

/// What `grader trainer` was asked: the terminal trainer's options and the page's.
struct TrainerOptions {
    TrainerCommand command;
    TrainerPageCommand page;
};

/// Adds the trainer's options to `command`.
void addTrainerOptions(CLI::App& command, TrainerOptions& trainer) {
    command.add_option("set", trainer.command.set, "lesson2 or lesson3 (with --html: the set the page opens at)");
    command.add_option("--seed", trainer.command.seed, "draw the exercises from this seed, 0..4294967295 (default 1)");
    command.add_option("--lang", trainer.command.language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
    auto* json = command.add_flag("--json", trainer.command.json, "print the set's exercises and answers as JSON and ask nothing");
    auto* progress = command.add_option("--progress", trainer.command.progress,
                                        "the progress file (default: trainer_progress.yaml beside the lesson's quiz_answers.yaml)")
                         ->type_name("FILE");
    command.add_flag("--no-progress", trainer.command.noProgress, "neither read nor write a progress file")->excludes(progress);
    command.footer("Answers: cells row,col; ranges r0..r1,c0..c1; blocks bx,by; slots y,x; numbers; orders 3 1 5 2 4.\n"
                   "Read from stdin, one line per part (scriptable when stdin is not a terminal).\n"
                   "Exit 0: every exercise of the set right; 1: not yet; 2: a usage problem.\n"
                   "With --html OUT.html it writes the trainer as one HTML page instead (no network; opens from file://).");
    auto* html = command.add_option("--html", trainer.page.out, "write the trainer as one self-contained HTML page (no network; opens from file://)")
                     ->type_name("OUT.html");
    command.add_option("--tilemap-json", trainer.page.tilemapJson,
                       "with --html: embed the JSON of `grader tilemap LESSON FILE --json` for the page's panel of your kernel")
        ->type_name("FILE")->needs(html);
    html->excludes(json)->excludes(progress);
}

/// Writes the page (--html), or runs the trainer in the terminal.
ExitCode runTrainerVerb(const VerbInput& input, TrainerOptions& trainer) {
    if (!trainer.page.out.empty()) return runTrainerPage(*input.course, trainer.page, trainer.command, std::cout, std::cerr);
    if (trainer.command.set.empty()) return printCliError({"", "give the set, lesson2 or lesson3 (or --html OUT.html for the page)", ""});
    trainer.command.colour = colourWanted();
    trainer.command.echo = !isatty(STDIN_FILENO);
    return runTrainerCommand(*input.course, trainer.command, std::cin, std::cout, std::cerr);
}

}  // namespace

/// The `trainer` verb.
VerbEntry trainerVerb() {
    return makeVerb("trainer", "the tile-map trainer of lessons 2 and 3: exercises on tiles, answered and checked in the terminal", Needs::Course,
                    addTrainerOptions, runTrainerVerb);
}

}  // namespace grader
