// Reading the trainer's progress file (see progress.h): YAML through
// yaml-cpp, and setting an unusable file aside. The browser's judge, which
// has no yaml-cpp, reads the page's JSON form instead (progress_json.h).
// Non-goal: writing the file (progress.cpp's formatProgress).
#include <ctime>

#include "core/toolchain.h"
#include "core/yaml_reader.h"
#include "trainer/progress.h"

namespace grader {

LoadedProgress parseProgress(const std::string& text, const std::string& displayName, const std::string& courseVersion) {
    auto doc = parseYaml(text, displayName);
    if (!doc) return corruptProgress(doc.error().where, doc.error().message);
    YamlReader in(displayName);
    LoadedProgress loaded;
    if (!doc->IsMap()) return corruptProgress(displayName, "not a trainer progress file (expected course_version and records)");
    if (!in.keys(*doc, "the progress file", {"course_version", "records"}, {"course_version", "records"}))
        return corruptProgress(in.error->where, in.error->message);
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
    if (in.error) return corruptProgress(in.error->where, in.error->message);
    return versionChecked(std::move(loaded), displayName, courseVersion);
}

LoadedProgress loadProgress(const std::filesystem::path& path, const std::string& displayName, const std::string& courseVersion) {
    LoadedProgress loaded;
    loaded.progress.courseVersion = courseVersion;
    if (!std::filesystem::exists(path)) return loaded;
    std::string text;
    if (!readFile(path, text)) return corruptProgress(displayName, "cannot be read");
    return parseProgress(text, displayName, courseVersion);
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

}  // namespace grader
