// `grader trainer` (see trainer_command.h).
#include "trainer/trainer_command.h"

#include <algorithm>

#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/quiz_text.h"
#include "trainer/answer_check.h"
#include "trainer/progress.h"
#include "trainer/trainer_text.h"

namespace grader {

namespace {

constexpr int kTrainerNotYet = 1;
constexpr int kTrainerUsage = 2;
constexpr uint64_t kMaxSeed = 0xFFFFFFFFull;

nlohmann::ordered_json partJson(const Exercise& e, const AnswerPart& part) {
    switch (part.form) {
        case PartForm::Cells: {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& r : part.cells) {
                if (part.asRanges) list.push_back({r.r0, r.r1, r.c0, r.c1});
                else list.push_back({r.r0, r.c0});
            }
            return list;
        }
        case PartForm::Blocks: {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& [by, bx] : rightCells(part)) list.push_back({bx, by});
            return list;
        }
        case PartForm::Slot: return {part.y, part.x};
        case PartForm::Number: return part.number;
        case PartForm::Order: return part.order;
    }
    (void)e;
    return nullptr;
}

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

nlohmann::ordered_json exerciseSetJson(const ExerciseSet& set) {
    nlohmann::ordered_json exercises = nlohmann::ordered_json::array();
    for (const auto& e : set.exercises) {
        nlohmann::ordered_json params = nlohmann::ordered_json::object();
        for (const auto& [key, value] : e.params) params[key] = value;
        if (e.kind == ExerciseKind::BarrierOrder) params["shown"] = e.shown;
        nlohmann::ordered_json answer = nlohmann::ordered_json::object();
        for (const auto& part : e.parts) answer[part.name] = partJson(e, part);
        exercises.push_back({{"kind", kindName(e.kind)}, {"n", e.n}, {"params", params}, {"answer", answer}});
    }
    return {{"set", set.name}, {"seed", set.seed}, {"tile", set.tile}, {"exercises", exercises}};
}

std::filesystem::path defaultProgressPath(const Course& course, const Lesson& lesson) {
    return course.root / "starter" / lesson.folder / kTrainerProgressFile;
}

int runTrainerCommand(const Course& course, const TrainerCommand& command, std::istream& in, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.set);
    if (!found) return printError(err, found.error(), kTrainerUsage);
    const Lesson& lesson = **found;
    const auto& sets = trainerSets();
    if (std::find(sets.begin(), sets.end(), lesson.id) == sets.end())
        return printError(err, {"", lesson.id + " has no trainer exercises", "the tile-map trainer has sets lesson2 and lesson3"}, kTrainerUsage);
    auto language = parseLanguage(command.language);
    if (!language) return printError(err, language.error(), kTrainerUsage);
    const uint64_t seed64 = command.seed ? *command.seed : kDefaultTrainerSeed;
    if (seed64 > kMaxSeed)
        return printError(err, {"", "--seed " + std::to_string(seed64) + " is out of range", "a seed is 0..4294967295"}, kTrainerUsage);
    const uint32_t seed = static_cast<uint32_t>(seed64);
    const ExerciseSet set = *generateSet(lesson.id, seed, course.tile);
    if (command.json) {
        out << exerciseSetJson(set).dump() << "\n";
        return 0;
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
            if (!aside) return printError(err, aside.error(), kTrainerNotYet);
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
        return 0;
    }
    out << words.notYet << rerunCommand(command, seed, *language) << "\n";
    return kTrainerNotYet;
}

}  // namespace grader
