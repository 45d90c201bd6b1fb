// The trainer's progress as JSON (see progress_json.h). Written for a judge
// built without exceptions: every value's type is tested before it is read.
#include "trainer/progress_json.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>

namespace grader {

namespace {

using Json = nlohmann::ordered_json;

/// Reads the JSON form, keeping the first mistake.
class ProgressJsonReader {
public:
    /// Whether `node` is an object with exactly the keys `keys`.
    bool object(const Json& node, const std::string& what, const std::set<std::string>& keys) {
        if (!node.is_object()) return fail(what + " must be an object");
        for (const auto& [key, value] : node.items())
            if (!keys.count(key)) return fail("unknown key '" + key + "' in " + what);
        for (const auto& key : keys)
            if (!node.contains(key)) return fail(what + " needs '" + key + "'");
        return true;
    }
    std::string text(const Json& node, const std::string& what) {
        if (node.is_string()) return node.get<std::string>();
        fail(what + " must be a string");
        return "";
    }
    bool fail(const std::string& message) {
        if (!error) error = message;
        return false;
    }

    std::optional<std::string> error;
};

/// A part's name as parseProgress takes it: a word of at most 16 letters.
bool partName(const std::string& part) {
    return !part.empty() && part.size() <= 16 &&
           part.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") == std::string::npos;
}

}  // namespace

LoadedProgress progressFromJson(const std::string& text, const std::string& displayName, const std::string& courseVersion) {
    const Json doc = Json::parse(text, nullptr, false);
    if (doc.is_discarded()) return corruptProgress(displayName, "not JSON");
    ProgressJsonReader in;
    LoadedProgress loaded;
    if (!in.object(doc, "the progress", {"course_version", "records"})) return corruptProgress(displayName, *in.error);
    loaded.progress.courseVersion = in.text(doc["course_version"], "course_version");
    const Json& records = doc["records"];
    if (!records.is_array()) in.fail("records must be a list");
    for (size_t i = 0; !in.error && records.is_array() && i < records.size(); ++i) {
        const Json& r = records[i];
        if (!in.object(r, "a record", {"set", "seed", "exercises"})) break;
        SetRecord record;
        record.set = in.text(r["set"], "set");
        if (!r["seed"].is_number_unsigned() || r["seed"].get<uint64_t>() > 0xFFFFFFFFull) in.fail("seed must be 0..4294967295");
        else record.seed = static_cast<uint32_t>(r["seed"].get<uint64_t>());
        const Json& exercises = r["exercises"];
        if (!in.error && !exercises.is_array()) in.fail("exercises must be a list");
        for (size_t k = 0; !in.error && exercises.is_array() && k < exercises.size(); ++k) {
            const Json& x = exercises[k];
            if (!in.object(x, "an exercise", {"kind", "answers"})) break;
            RecordedExercise recorded;
            recorded.kind = in.text(x["kind"], "kind");
            if (!in.error && !x["answers"].is_object()) in.fail("answers must be an object of part: answer");
            for (const auto& [part, answer] : x["answers"].items()) {
                if (in.error) break;
                if (!partName(part)) in.fail("a part's name must be a word, like tA");
                recorded.answers[part] = in.text(answer, "an answer");
            }
            record.exercises.push_back(recorded);
        }
        loaded.progress.records.push_back(record);
    }
    if (in.error) return corruptProgress(displayName, *in.error);
    return versionChecked(std::move(loaded), displayName, courseVersion);
}

std::string progressJson(const TrainerProgress& progress) {
    Json records = Json::array();
    for (const auto& r : progress.records) {
        Json exercises = Json::array();
        for (const auto& x : r.exercises) {
            Json answers = Json::object();
            for (const auto& [part, answer] : x.answers) answers[part] = answer;
            exercises.push_back({{"kind", x.kind}, {"answers", answers}});
        }
        records.push_back({{"set", r.set}, {"seed", r.seed}, {"exercises", exercises}});
    }
    return Json{{"course_version", progress.courseVersion}, {"records", records}}.dump();
}

}  // namespace grader
