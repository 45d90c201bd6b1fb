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

namespace {

/// The set the command asks for: its lesson, language and seed, checked.
struct TrainerStart {
    const Lesson* lesson = nullptr;
    Language language = Language::English;
    uint32_t seed = 0;
};

/// Checks the set, language and seed of `command`.
Expected<TrainerStart> trainerStart(const Course& course, const TrainerCommand& command) {
    auto found = course.lessonOrError(command.set);
    if (!found) return found.error();
    const auto& sets = trainerSets();
    if (std::find(sets.begin(), sets.end(), (*found)->id) == sets.end())
        return Error{"", (*found)->id + " has no trainer exercises", "the tile-map trainer has sets lesson2 and lesson3"};
    auto language = parseLanguage(command.language);
    if (!language) return language.error();
    const uint64_t seed = command.seed ? *command.seed : kDefaultTrainerSeed;
    if (seed > kMaxSeed) return Error{"", "--seed " + std::to_string(seed) + " is out of range", "a seed is 0..4294967295"};
    return TrainerStart{*found, *language, static_cast<uint32_t>(seed)};
}

/// Where the progress is kept, and the name it is shown by.
struct ProgressFile {
    std::filesystem::path path;
    std::string display;
};

/// The recorded progress (empty for --no-progress); an unusable file is set aside with a note on `err`.
Expected<TrainerProgress> readProgress(const ProgressFile& file, const std::string& version, bool noProgress, std::ostream& err) {
    TrainerProgress progress;
    progress.courseVersion = version;
    if (noProgress) return progress;
    LoadedProgress loaded = loadProgress(file.path, file.display, version);
    if (loaded.problem == ProgressProblem::None) return loaded.progress;
    auto aside = setProgressAside(file.path, loaded.problem);
    if (!aside) return aside.error();
    err << "grader: " << loaded.error.format() << "; set aside as " << aside->filename().string() << ", starting afresh\n";
    return progress;
}

/// Prints exercise `e`'s question, line by line (the steps of barrier_order stay one per line), and its map.
void printQuestion(const Exercise& e, Language language, bool colour, std::ostream& out) {
    const std::string question = questionText(e, language);
    for (size_t at = 0; at <= question.size();) {
        const size_t end = std::min(question.find('\n', at), question.size());
        out << "  " << wrapText(question.substr(at, end - at), 80, 2) << "\n";
        at = end + 1;
    }
    out << questionMap(e, language, colour);
}

/// Records the answers typed to exercise `index` of `set` (and the kind of each unasked one before it).
void recordAnswers(SetRecord& record, const ExerciseSet& set, size_t index, const std::map<std::string, std::string>& typed) {
    if (record.exercises.size() <= index) record.exercises.resize(index + 1);
    record.exercises[index] = {kindName(set.exercises[index].kind), typed};
    for (size_t k = 0; k < record.exercises.size(); ++k)
        if (record.exercises[k].kind.empty()) record.exercises[k].kind = kindName(set.exercises[k].kind);
}

/// What one exercise came to.
enum class Asked { Right, NotRight, InputEnded };

/// Asks exercise `index` on `in` and prints the verdict of each part; records the answers in `record`.
Asked askAndCheck(const ExerciseSet& set, size_t index, const TrainerCommand& command, Language language, SetRecord& record, std::istream& in,
                  std::ostream& out) {
    const Exercise& e = set.exercises[index];
    printQuestion(e, language, command.colour, out);
    std::map<std::string, std::string> typed;
    std::vector<ReadAnswer> read;
    if (!askExercise(e, command, language, in, out, typed, read)) return Asked::InputEnded;
    std::vector<PartResult> results;
    for (size_t k = 0; k < e.parts.size(); ++k) results.push_back(checkPart(e, e.parts[k], read[k], typed[e.parts[k].name]));
    for (const auto& result : results) out << partResultText(e, result, language, command.colour);
    out << "\n";
    recordAnswers(record, set, index, typed);
    return allRight(results) ? Asked::Right : Asked::NotRight;
}

}  // namespace

ExitCode runTrainerCommand(const Course& course, const TrainerCommand& command, std::istream& in, std::ostream& out, std::ostream& err) {
    auto start = trainerStart(course, command);
    if (!start) return printCliError(err, start.error());
    const Lesson& lesson = *start->lesson;
    const ExerciseSet set = *generateSet(lesson.id, start->seed, course.tile);
    if (command.json) {
        out << exerciseSetJson(set).dump() << "\n";
        return ExitCode::Done;
    }
    const ProgressFile file = command.progress.empty()
                                  ? ProgressFile{defaultProgressPath(course, lesson), (std::filesystem::path("starter") / lesson.folder / kTrainerProgressFile).string()}
                                  : ProgressFile{command.progress, command.progress};
    auto progress = readProgress(file, trainerCourseVersion(course.tile), command.noProgress, err);
    if (!progress) return printCliError(err, progress.error(), ExitCode::Failed);
    const TrainerWords& words = trainerWords(start->language);
    out << words.title << ": " << lesson.id << ", seed " << start->seed << ", TILE = " << course.tile << "\n\n";
    SetRecord& record = progress->at(lesson.id, start->seed);
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
        const Asked asked = inputEnded ? Asked::InputEnded : askAndCheck(set, i, command, start->language, record, in, out);
        if (asked == Asked::InputEnded) {
            inputEnded = true;
            out << "    " << words.noAnswer << "\n\n";
            continue;
        }
        right += asked == Asked::Right;
        if (command.noProgress) continue;
        if (auto error = writeFileAtomically(file.path, formatProgress(*progress)))
            err << "grader: note: " << file.display << ": cannot record your progress (" << error->message << ")\n";
    }
    out << right << "/" << total << " " << words.summary << ".\n";
    if (right == total) {
        out << words.allRight << "\n";
        return ExitCode::Done;
    }
    out << words.notYet << rerunCommand(command, start->seed, start->language) << "\n";
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
