// Strict reading of course.yaml with yaml-cpp (through core/yaml_reader.h):
// unknown, missing and mistyped keys, unknown checks and duplicate ids are
// located errors, and so is every value the kit cannot grade with (a check
// in a lesson that cannot run it, a time limit out of bounds, a file that is
// not in the kit). The checks come from the caller (a CheckCatalog): their
// parameters, and the validation of their values (a size the lesson's kernel
// cannot run, a threshold that accepts anything or nothing), are theirs.
// Built for wasm32 (the browser's judge, web/judge/), only the model's
// accessors are: parseCourse and loadCourse are not there.
#include "core/course.h"

#ifndef __wasm__  // the browser's judge gets the course as JSON (web/judge/course_json.cpp): no yaml-cpp there
#include <yaml-cpp/yaml.h>
#endif

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/spelling.h"
#include "core/toolchain.h"
#ifndef __wasm__
#include "core/yaml_reader.h"
#endif

namespace grader {

#ifndef __wasm__  // reading course.yaml
namespace {

constexpr double kMinTimeLimitS = 1, kMaxTimeLimitS = 600;

const std::vector<std::string> kLessonIds = {"lesson1", "lesson2", "lesson3", "lesson4"};

const CheckSchema* findSchema(const CheckCatalog& checks, const std::string& name) {
    for (const CheckSchema* schema : checks)
        if (name == schema->name) return schema;
    return nullptr;
}

std::vector<std::string> schemaNames(const CheckCatalog& checks) {
    std::vector<std::string> names;
    for (const CheckSchema* schema : checks) names.push_back(schema->name);
    return names;
}


/// time_limit_s: between kMinTimeLimitS and kMaxTimeLimitS.
void checkTimeLimit(YamlReader& in, const YAML::Node& node, const std::string& what, const CheckSpec& check) {
    if (const YAML::Node limit = node["time_limit_s"]; limit && (check.timeLimitS < kMinTimeLimitS || check.timeLimitS > kMaxTimeLimitS))
        in.fail(limit, what + "time_limit_s must be between 1 and 600 seconds, got " + formatNumber(check.timeLimitS),
                "it limits each run of the student's program: under a second a right kernel may be killed on a busy machine, "
                "and a run of more than ten minutes is a hang, waited for once per student in a batch");
}

/// A check's mapping in course.yaml, as its validation (CheckSchema::validate) sees it.
class YamlCheckValues final : public CheckValues {
public:
    YamlCheckValues(YamlReader& in, const YAML::Node& node, const Lesson& lesson, const CheckSpec& check, int tile)
        : in_(in), node_(node), lesson_(lesson), check_(check), tile_(tile) {}
    const Lesson& lesson() const override { return lesson_; }
    const CheckSpec& check() const override { return check_; }
    int tile() const override { return tile_; }
    bool given(const std::string& key) const override { return static_cast<bool>(node_[key]); }
    void fail(const std::string& key, const std::string& message, const std::string& hint) override { in_.fail(node_[key], message, hint); }
    void fail(const std::string& key, size_t index, const std::string& message, const std::string& hint) override {
        in_.fail(node_[key][index], message, hint);
    }
    bool failed() const override { return in_.error.has_value(); }

private:
    YamlReader& in_;
    const YAML::Node& node_;
    const Lesson& lesson_;
    const CheckSpec& check_;
    int tile_;
};

/// The meaning of a check's values, once their types are right: time_limit_s here, the
/// rest by the check's own validation, each one located at the value (or, for a default
/// that conflicts with a value, at the value given).
void checkValues(YamlReader& in, const YAML::Node& node, const Lesson& lesson, const CheckSpec& check, int tile, const CheckSchema& schema) {
    checkTimeLimit(in, node, "lesson '" + lesson.id + "': check '" + check.name + "': ", check);
    if (in.error || !schema.validate) return;
    YamlCheckValues values(in, node, lesson, check, tile);
    schema.validate(values);
}

void readCheck(YamlReader& in, const YAML::Node& node, Lesson& lesson, int tile, const CheckCatalog& checks) {
    const std::string& lessonId = lesson.id;
    const std::string what = "lesson '" + lessonId + "': check";
    if (!node.IsMap() || !node["name"]) {
        in.fail(node, what + " must be a mapping with a 'name'");
        return;
    }
    CheckSpec check;
    check.name = in.string(node["name"], what + " name");
    const CheckSchema* schema = findSchema(checks, check.name);
    if (!schema) {
        in.fail(node["name"], "lesson '" + lessonId + "': unknown check '" + check.name + "'",
                didYouMean(check.name, schemaNames(checks)));
        return;
    }
    if (std::find(schema->lessons.begin(), schema->lessons.end(), lesson.number) == schema->lessons.end()) {
        std::vector<std::string> ids;
        for (int number : schema->lessons) ids.push_back(kLessonIds[number - 1]);
        in.fail(node["name"], "lesson '" + lessonId + "': check '" + check.name + "' runs in " + joinNames(ids) + " only",
                schema->otherLessonsWhy);
        return;
    }
    std::vector<std::string> allowed = {"name", "points", "time_limit_s"};
    for (const CheckParam& param : schema->params) allowed.push_back(param.key);
    const std::string checkWhat = "lesson '" + lessonId + "': check '" + check.name + "'";
    if (!in.keys(node, checkWhat, allowed, {"name", "points"})) return;
    check.points = static_cast<int>(in.integer(node["points"], checkWhat + ": points"));
    if (!in.error && check.points < 0) in.fail(node["points"], checkWhat + ": points must be 0 or more");
    if (node["time_limit_s"]) check.timeLimitS = in.number(node["time_limit_s"], checkWhat + ": time_limit_s");
    for (const CheckParam& param : schema->params) {
        const char* key = param.key;
        const YAML::Node value = node[key];
        if (!value) continue;
        const std::string keyWhat = checkWhat + ": " + key;
        const std::string kind = param.type;
        if (kind == "int" || kind == "count") check.params[key] = in.integer(value, keyWhat);
        else if (kind == "number") check.params[key] = in.number(value, keyWhat);
        else if (kind == "string") check.params[key] = in.string(value, keyWhat);
        else check.params[key] = in.intList(value, keyWhat);
        if (kind == "count" && !in.error && check.intParam(key, 0) < 0) in.fail(value, keyWhat + " must be 0 or more");
    }
    if (in.error) return;
    checkValues(in, node, lesson, check, tile, *schema);
    if (in.error) return;
    if (lesson.findCheck(check.name)) {
        in.fail(node["name"], checkWhat + " is listed twice");
        return;
    }
    lesson.checks.push_back(std::move(check));
}

void readLesson(YamlReader& in, const YAML::Node& node, Course& course, std::set<std::string>& labels, const CheckCatalog& checkCatalog) {
    static const std::vector<std::string> kKeys = {"id", "title", "folder", "student_file",
                                                    "solution_file", "label", "checks"};
    if (!in.keys(node, "lesson", kKeys, kKeys)) return;
    Lesson lesson;
    lesson.id = in.string(node["id"], "lesson id");
    auto known = std::find(kLessonIds.begin(), kLessonIds.end(), lesson.id);
    if (!in.error && known == kLessonIds.end()) {
        std::string hint = didYouMean(lesson.id, kLessonIds);
        if (hint.empty())
            hint = "the ids are fixed: each names its lesson's harness, functions and tests; the title, folder and label may change";
        in.fail(node["id"], "unknown lesson id '" + lesson.id + "': the contract defines lesson1 .. lesson4", hint);
        return;
    }
    if (!in.error && course.findLesson(lesson.id)) {
        in.fail(node["id"], "duplicate lesson id '" + lesson.id + "'");
        return;
    }
    lesson.number = static_cast<int>(known - kLessonIds.begin()) + 1;
    const std::string what = "lesson '" + lesson.id + "'";
    lesson.title = in.string(node["title"], what + ": title");
    lesson.folder = in.string(node["folder"], what + ": folder");
    lesson.studentFile = in.string(node["student_file"], what + ": student_file");
    lesson.solutionFile = in.string(node["solution_file"], what + ": solution_file");
    lesson.label = in.string(node["label"], what + ": label");
    for (const char* key : {"folder", "student_file", "solution_file"}) lesson.locations[key] = in.at(node[key]);
    if (!in.error && !labels.insert(lesson.label).second)
        in.fail(node["label"], what + ": label '" + lesson.label + "' is used by another lesson");
    const YAML::Node checks = node["checks"];
    if (!in.error && (!checks.IsSequence() || checks.size() == 0))
        in.fail(checks, what + ": checks must be a non-empty list");
    if (in.error) return;
    for (const auto& check : checks) {
        readCheck(in, check, lesson, course.tile, checkCatalog);
        if (in.error) return;
    }
    for (const CheckSchema* schema : checkCatalog)
        if (*schema->requiredWhy && !lesson.findCheck(schema->name)) {
            in.fail(checks, what + ": the '" + schema->name + "' check is required (" + schema->requiredWhy + ")");
            return;
        }
    course.lessons.push_back(std::move(lesson));
}

}  // namespace
#endif  // __wasm__

long CheckSpec::intParam(const std::string& key, long fallback) const {
    auto it = params.find(key);
    if (it == params.end()) return fallback;
    if (auto* v = std::get_if<long>(&it->second)) return *v;
    return fallback;
}

double CheckSpec::numberParam(const std::string& key, double fallback) const {
    auto it = params.find(key);
    if (it == params.end()) return fallback;
    if (auto* v = std::get_if<double>(&it->second)) return *v;
    if (auto* v = std::get_if<long>(&it->second)) return static_cast<double>(*v);
    return fallback;
}

std::string CheckSpec::stringParam(const std::string& key, const std::string& fallback) const {
    auto it = params.find(key);
    if (it == params.end()) return fallback;
    if (auto* v = std::get_if<std::string>(&it->second)) return *v;
    return fallback;
}

std::vector<long> CheckSpec::listParam(const std::string& key, const std::vector<long>& fallback) const {
    auto it = params.find(key);
    if (it == params.end()) return fallback;
    if (auto* v = std::get_if<std::vector<long>>(&it->second)) return *v;
    return fallback;
}

const CheckSpec* Lesson::findCheck(const std::string& name) const {
    for (const auto& check : checks)
        if (check.name == name) return &check;
    return nullptr;
}

std::string Lesson::starterFile() const { return "starter/" + folder + "/" + studentFile; }

const Lesson* Course::findLesson(const std::string& id) const {
    for (const auto& lesson : lessons)
        if (lesson.id == id) return &lesson;
    return nullptr;
}

Expected<const Lesson*> Course::lessonOrError(const std::string& id) const {
    if (const Lesson* lesson = findLesson(id)) return lesson;
    return Error{"", "unknown lesson '" + id + "'", didYouMean(id, lessonIds())};
}

std::vector<std::string> Course::lessonIds() const {
    std::vector<std::string> ids;
    for (const auto& lesson : lessons) ids.push_back(lesson.id);
    return ids;
}

std::string formatNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::string joinNames(const std::vector<std::string>& names, const std::string& last) {
    std::string text;
    for (size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " " + last + " " : ", ") + names[i];
    return text;
}

#ifndef __wasm__  // reading course.yaml
namespace {

/// The report's insight keys: similarity (threshold) and leaderboard.
void readInsightKeys(YamlReader& in, const YAML::Node& doc, Course& course) {
    if (const YAML::Node similarity = doc["similarity"]; similarity && !in.error) {
        if (!similarity.IsMap()) return in.fail(similarity, "similarity must be a mapping, e.g. similarity: {threshold: 0.6}");
        if (!in.keys(similarity, "similarity", {"threshold"}, {})) return;
        if (similarity["threshold"]) course.similarityThreshold = in.number(similarity["threshold"], "similarity threshold");
        if (!in.error && !(course.similarityThreshold > 0 && course.similarityThreshold <= 1))
            in.fail(similarity["threshold"], "similarity threshold must be more than 0 and at most 1, got " + YAML::Dump(similarity["threshold"]),
                    "the score of a pair of students (the mean of their lessons' scores, 1: the same code) from which the report lists them");
    }
    if (const YAML::Node board = doc["leaderboard"]; board && !in.error) {
        const std::string value = board.IsScalar() ? board.Scalar() : "";
        if (value != "true" && value != "false")
            return in.fail(board, "leaderboard must be true or false, got " + (value.empty() ? std::string("a ") + (board.IsMap() ? "mapping" : "list") : value),
                           "true adds the speed board of the GPU's GFLOP/s to report.html");
        course.leaderboard = value == "true";
    }
}

}  // namespace

Expected<Course> parseCourse(const std::string& text, const std::string& displayName,
                             const std::filesystem::path& root, const CheckCatalog& checks) {
    auto parsed = parseYaml(text, displayName);
    if (!parsed) return parsed.error();
    const YAML::Node doc = *parsed;
    YamlReader in(displayName);
    Course course;
    course.root = root;
    course.sourceHash = contentHash(text);
    if (!doc.IsMap()) return Error{displayName, "expected a mapping with 'course' and 'lessons'", ""};
    if (!in.keys(doc, "course.yaml", {"course", "lessons", "similarity", "leaderboard"}, {"course", "lessons"})) return *in.error;
    readInsightKeys(in, doc, course);
    const YAML::Node header = doc["course"];
    if (!in.keys(header, "course", {"title", "tile", "near_miss_penalty", "late_penalty"}, {"title"})) return *in.error;
    course.title = in.string(header["title"], "course title");
    if (header["tile"]) {
        course.tile = static_cast<int>(in.integer(header["tile"], "course tile"));
        if (!in.error && course.tile != kKitTile)
            in.fail(header["tile"], "course tile must be " + std::to_string(kKitTile) + ", got " + std::to_string(course.tile),
                    "the starters, solutions, lesson texts, quizzes and the grader's reference kernels are all written for "
                    "TILE = 16; another tile would grade against files that say otherwise");
    }
    if (header["near_miss_penalty"] && !in.error) {
        course.nearMissPenalty = static_cast<int>(in.integer(header["near_miss_penalty"], "course near_miss_penalty"));
        if (!in.error && (course.nearMissPenalty < 0 || course.nearMissPenalty > 100))
            in.fail(header["near_miss_penalty"], "course near_miss_penalty must be 0 to 100 points, got " + std::to_string(course.nearMissPenalty),
                    "the points taken off a lesson whose file the student named differently (matmul_tiled (1).cu); 0 takes none");
    }
    if (header["late_penalty"] && !in.error) {
        course.latePenalty = static_cast<int>(in.integer(header["late_penalty"], "course late_penalty"));
        if (!in.error && (course.latePenalty < 0 || course.latePenalty > 100))
            in.fail(header["late_penalty"], "course late_penalty must be 0 to 100 percent, got " + std::to_string(course.latePenalty),
                    "the percent of the score taken off a submission the LMS marked late; 0 takes none");
    }
    const YAML::Node lessons = doc["lessons"];
    if (!in.error && (!lessons.IsSequence() || lessons.size() == 0))
        in.fail(lessons, "lessons must be a non-empty list");
    if (in.error) return *in.error;
    std::set<std::string> labels;
    for (const auto& lesson : lessons) {
        readLesson(in, lesson, course, labels, checks);
        if (in.error) return *in.error;
    }
    return course;
}

namespace {

namespace fs = std::filesystem;

/// The sorted names of the entries of `dir` that are folders (or files), none when it is missing.
std::vector<std::string> entryNames(const fs::path& dir, bool folders) {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (folders ? it->is_directory(ec) : it->is_regular_file(ec)) names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

/// "did you mean 'x'?" among `names`, else the names themselves.
std::string suggestion(const std::string& name, const std::vector<std::string>& names, const std::string& what) {
    if (std::string hint = didYouMean(name, names); !hint.empty()) return hint;
    return names.empty() ? "" : what + ": " + joinNames(names);
}

/// A lesson's file named in course.yaml must be in one of its folders `dirs`
/// (shown as `shown`); the hint names the .cu files that are there.
std::optional<Error> checkLessonFile(const Lesson& lesson, const char* key, const std::string& name,
                                     const std::vector<fs::path>& dirs, const std::vector<std::string>& shown) {
    std::error_code ec;
    std::set<std::string> present, sources;
    for (const auto& dir : dirs) {
        if (fs::is_regular_file(dir / name, ec)) return std::nullopt;
        for (const auto& file : entryNames(dir, false)) {
            present.insert(file);
            if (fs::path(file).extension() == ".cu") sources.insert(file);
        }
    }
    const std::set<std::string>& candidates = sources.empty() ? present : sources;
    const std::string where = shown.size() == 1 ? "is not in " + shown[0] : "is in neither " + shown[0] + " nor " + shown[1];
    return Error{lesson.locations.at(key), "lesson '" + lesson.id + "': " + key + " '" + name + "' " + where,
                 suggestion(name, {candidates.begin(), candidates.end()}, "the files there are")};
}

/// Each lesson's folder, student file and solution file are in the kit beside
/// course.yaml: a name there that is not a file would fail every student's build.
/// Checked in the instructor's kit (solutions/ beside it); in the student kit a
/// file the student removed fails that lesson's checks alone, not every command.
std::optional<Error> checkLessonFiles(const Course& course) {
    std::error_code ec;
    const std::vector<fs::path> tops = {course.root / "starter", course.root / "solutions"};
    std::set<std::string> lessonFolders;
    for (const auto& top : tops)
        for (const auto& folder : entryNames(top, true)) lessonFolders.insert(folder);
    if (!fs::is_directory(tops[1], ec)) return std::nullopt;  // a course kept apart from a kit, or the student kit
    for (const auto& lesson : course.lessons) {
        std::vector<fs::path> dirs;
        std::vector<std::string> shown;
        for (const auto& top : tops) {
            if (!fs::is_directory(top / lesson.folder, ec)) continue;
            dirs.push_back(top / lesson.folder);
            shown.push_back(top.filename().string() + "/" + lesson.folder + "/");
        }
        if (dirs.empty()) {
            const bool both = fs::is_directory(tops[0], ec) && fs::is_directory(tops[1], ec);
            return Error{lesson.locations.at("folder"),
                         "lesson '" + lesson.id + "': folder '" + lesson.folder + "' " +
                             (both ? "is in neither starter/ nor solutions/" : fs::is_directory(tops[0], ec) ? "is not in starter/" : "is not in solutions/"),
                         suggestion(lesson.folder, {lessonFolders.begin(), lessonFolders.end()}, "the lesson folders are")};
        }
        if (auto error = checkLessonFile(lesson, "student_file", lesson.studentFile, dirs, shown)) return error;
        const fs::path solutions = tops[1] / lesson.folder;
        if (fs::is_directory(solutions, ec))
            if (auto error = checkLessonFile(lesson, "solution_file", lesson.solutionFile, {solutions}, {"solutions/" + lesson.folder + "/"}))
                return error;
    }
    return std::nullopt;
}

}  // namespace

Expected<Course> loadCourse(const std::filesystem::path& path, const CheckCatalog& checks) {
    std::string text;
    if (!readFile(path, text)) return Error{path.string(), "cannot read the course file", "pass --course PATH"};
    auto course = parseCourse(text, path.filename().string(), std::filesystem::absolute(path).parent_path(), checks);
    if (!course) return course;
    if (auto error = checkLessonFiles(*course)) return *error;
    return course;
}

#endif  // __wasm__

}  // namespace grader
