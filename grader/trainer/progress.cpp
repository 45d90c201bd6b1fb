// The trainer's progress file (see progress.h).
#include "trainer/progress.h"

#include <ctime>

#include "core/escape.h"
#include "core/toolchain.h"
#include "core/yaml_reader.h"

namespace grader {

std::filesystem::path defaultProgressPath(const Course& course, const Lesson& lesson) {
    return course.root / "starter" / lesson.folder / kTrainerProgressFile;
}

const SetRecord* TrainerProgress::find(const std::string& set, uint32_t seed) const {
    for (const auto& r : records)
        if (r.set == set && r.seed == seed) return &r;
    return nullptr;
}

SetRecord& TrainerProgress::at(const std::string& set, uint32_t seed) {
    for (auto& r : records)
        if (r.set == set && r.seed == seed) return r;
    records.push_back({set, seed, {}});
    return records.back();
}

namespace {

LoadedProgress corrupt(const std::string& where, const std::string& message) {
    LoadedProgress loaded;
    loaded.problem = ProgressProblem::Corrupt;
    loaded.error = {where, message, ""};
    return loaded;
}

}  // namespace

LoadedProgress parseProgress(const std::string& text, const std::string& displayName, const std::string& courseVersion) {
    auto doc = parseYaml(text, displayName);
    if (!doc) return corrupt(doc.error().where, doc.error().message);
    YamlReader in(displayName);
    LoadedProgress loaded;
    if (!doc->IsMap()) return corrupt(displayName, "not a trainer progress file (expected course_version and records)");
    if (!in.keys(*doc, "the progress file", {"course_version", "records"}, {"course_version", "records"}))
        return corrupt(in.error->where, in.error->message);
    loaded.progress.courseVersion = in.string((*doc)["course_version"], "course_version");
    const YAML::Node records = (*doc)["records"];
    if (!in.error && !records.IsSequence() && !records.IsNull()) in.fail(records, "records must be a list");
    for (size_t i = 0; !in.error && records.IsSequence() && i < records.size(); ++i) {
        const YAML::Node r = records[i];
        if (!in.keys(r, "a record", {"set", "seed", "exercises"}, {"set", "seed", "exercises"})) break;
        SetRecord record;
        record.set = in.string(r["set"], "set");
        const long seed = in.integer(r["seed"], "seed");
        if (!in.error && (seed < 0 || seed > 0xFFFFFFFFL)) in.fail(r["seed"], "seed must be 0..4294967295");
        record.seed = static_cast<uint32_t>(seed);
        const YAML::Node exercises = r["exercises"];
        if (!in.error && !exercises.IsSequence()) in.fail(exercises, "exercises must be a list");
        for (size_t k = 0; !in.error && k < exercises.size(); ++k) {
            const YAML::Node x = exercises[k];
            if (!in.keys(x, "an exercise", {"kind", "answers"}, {"kind", "answers"})) break;
            RecordedExercise recorded;
            recorded.kind = in.string(x["kind"], "kind");
            const YAML::Node answers = x["answers"];
            if (!in.error && !answers.IsMap()) in.fail(answers, "answers must be a mapping of part: answer");
            for (auto it = answers.begin(); !in.error && it != answers.end(); ++it) {
                const std::string part = in.string(it->first, "a part's name");
                if (!in.error && (part.empty() || part.size() > 16 || part.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != std::string::npos))
                    in.fail(it->first, "a part's name must be a word, like tA");
                recorded.answers[part] = in.string(it->second, "an answer");
            }
            record.exercises.push_back(recorded);
        }
        loaded.progress.records.push_back(record);
    }
    if (in.error) return corrupt(in.error->where, in.error->message);
    if (loaded.progress.courseVersion != courseVersion) {
        loaded.problem = ProgressProblem::OtherVersion;
        loaded.error = {displayName, "written for another version of the course (" + loaded.progress.courseVersion + ", now " + courseVersion + ")",
                        ""};
    }
    return loaded;
}

LoadedProgress loadProgress(const std::filesystem::path& path, const std::string& displayName, const std::string& courseVersion) {
    LoadedProgress loaded;
    loaded.progress.courseVersion = courseVersion;
    if (!std::filesystem::exists(path)) return loaded;
    std::string text;
    if (!readFile(path, text)) return corrupt(displayName, "cannot be read");
    return parseProgress(text, displayName, courseVersion);
}


std::string formatProgress(const TrainerProgress& progress) {
    std::string text =
        "# Written by `grader trainer`: the last answers you typed to each exercise of the\n"
        "# tile-map trainer, per set and seed. The trainer and the `trainer` check draw the\n"
        "# exercises again and check these answers. Delete this file to start over.\n"
        "course_version: " + yamlScalar(progress.courseVersion) + "\nrecords:\n";
    for (const auto& r : progress.records) {
        text += "  - set: " + yamlScalar(r.set) + "\n    seed: " + std::to_string(r.seed) + "\n    exercises:\n";
        for (const auto& x : r.exercises) {
            std::string answers;
            for (const auto& [part, answer] : x.answers) answers += (answers.empty() ? "" : ", ") + part + ": " + yamlQuoted(answer);
            text += "      - kind: " + yamlScalar(x.kind) + "\n        answers: {" + answers + "}\n";
        }
    }
    return text;
}

Expected<std::filesystem::path> setProgressAside(const std::filesystem::path& path, ProgressProblem problem) {
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    const std::string base = path.string() + (problem == ProgressProblem::OtherVersion ? ".other-version-" : ".corrupt-") + stamp;
    std::filesystem::path aside = base;
    for (int i = 2; std::filesystem::exists(aside); ++i) aside = base + "-" + std::to_string(i);
    std::error_code ec;
    std::filesystem::rename(path, aside, ec);
    if (ec) return Error{path.string(), "cannot be set aside: " + ec.message(), "move it away by hand"};
    return aside;
}

std::vector<PartResult> checkRecorded(const Exercise& exercise, const RecordedExercise* recorded) {
    std::vector<PartResult> results;
    for (const auto& part : exercise.parts) {
        const auto it = recorded ? recorded->answers.find(part.name) : std::map<std::string, std::string>::const_iterator{};
        if (!recorded || it == recorded->answers.end()) {
            results.push_back(unansweredPart(part));
            continue;
        }
        const ReadAnswer read = readAnswer(exercise, part, it->second, Language::English);
        results.push_back(read.problem.empty() ? checkPart(exercise, part, read, it->second) : unansweredPart(part));
    }
    return results;
}

bool allRight(const std::vector<PartResult>& results) {
    for (const auto& r : results)
        if (r.verdict != PartVerdict::Right) return false;
    return true;
}

const RecordedExercise* recordedFor(const SetRecord* record, size_t index, const Exercise& exercise) {
    if (!record || index >= record->exercises.size() || record->exercises[index].kind != kindName(exercise.kind)) return nullptr;
    return &record->exercises[index];
}

}  // namespace grader
