// Strict reading of course.yaml with yaml-cpp (through core/yaml_reader.h):
// unknown, missing and mistyped keys, unknown checks and duplicate ids are
// located errors.
#include "core/course.h"

#include <yaml-cpp/yaml.h>

#include <set>

#include "core/spelling.h"
#include "core/toolchain.h"
#include "core/yaml_reader.h"

namespace grader {

namespace {

const std::vector<CheckSchema> kCheckSchemas = {
    {"compile", "the file compiles and links against the contract's declarations", {}},
    {"correctness", "every element of C is right at several sizes (and phases)",
     {{"cpu_sizes", "int-list"}, {"gpu_sizes", "int-list"}, {"phases", "int-list"}, {"tolerance", "number"}}},
    {"barriers", "no shared-memory races, no divergent barriers; extra barriers named",
     {{"cpu_size", "int"}, {"redundant_barrier_penalty", "int"}}},
    {"traffic", "floats read from global memory per element of C",
     {{"cpu_size", "int"}, {"expect", "string"}}},
    {"timing", "timeLaunchMs measures the mean ms per launch correctly",
     {{"cpu_size", "int"}, {"gpu_size", "int"}, {"reps", "int"}, {"tolerance", "number"}}},
    {"speedup", "the tiled kernel beats the naive reference by enough (GPU only)",
     {{"gpu_size", "int"}, {"floor", "number"}, {"fraction", "number"}, {"min_runs", "int"},
      {"max_runs", "int"}, {"target_rel_error", "number"}, {"time_cap_s", "number"}}},
    {"quiz", "the lesson's control questions (lessons/NN-name/quiz.yaml), answered next to the student's file",
     {{"answers_file", "string"}, {"reveal_after_tries", "count"}}},
};

const std::vector<std::string> kLessonIds = {"lesson1", "lesson2", "lesson3", "lesson4"};

const CheckSchema* findSchema(const std::string& name) {
    for (const auto& schema : kCheckSchemas)
        if (name == schema.name) return &schema;
    return nullptr;
}

std::vector<std::string> schemaNames() {
    std::vector<std::string> names;
    for (const auto& schema : kCheckSchemas) names.push_back(schema.name);
    return names;
}

void readCheck(YamlReader& in, const YAML::Node& node, const std::string& lessonId, Lesson& lesson) {
    const std::string what = "lesson '" + lessonId + "': check";
    if (!node.IsMap() || !node["name"]) {
        in.fail(node, what + " must be a mapping with a 'name'");
        return;
    }
    CheckSpec check;
    check.name = in.string(node["name"], what + " name");
    const CheckSchema* schema = findSchema(check.name);
    if (!schema) {
        in.fail(node["name"], "lesson '" + lessonId + "': unknown check '" + check.name + "'",
                didYouMean(check.name, schemaNames()));
        return;
    }
    std::vector<std::string> allowed = {"name", "points", "time_limit_s"};
    for (const auto& [key, type] : schema->params) allowed.push_back(key);
    const std::string checkWhat = "lesson '" + lessonId + "': check '" + check.name + "'";
    if (!in.keys(node, checkWhat, allowed, {"name", "points"})) return;
    check.points = static_cast<int>(in.integer(node["points"], checkWhat + ": points"));
    if (!in.error && check.points < 0) in.fail(node["points"], checkWhat + ": points must be 0 or more");
    if (node["time_limit_s"]) check.timeLimitS = in.number(node["time_limit_s"], checkWhat + ": time_limit_s");
    for (const auto& [key, type] : schema->params) {
        const YAML::Node value = node[key];
        if (!value) continue;
        const std::string keyWhat = checkWhat + ": " + key;
        const std::string kind = type;
        if (kind == "int" || kind == "count") check.params[key] = in.integer(value, keyWhat);
        else if (kind == "number") check.params[key] = in.number(value, keyWhat);
        else if (kind == "string") check.params[key] = in.string(value, keyWhat);
        else check.params[key] = in.intList(value, keyWhat);
        if (kind == "count" && !in.error && check.intParam(key, 0) < 0) in.fail(value, keyWhat + " must be 0 or more");
    }
    if (lesson.findCheck(check.name)) {
        in.fail(node["name"], checkWhat + " is listed twice");
        return;
    }
    lesson.checks.push_back(std::move(check));
}

void readLesson(YamlReader& in, const YAML::Node& node, Course& course, std::set<std::string>& labels) {
    static const std::vector<std::string> kKeys = {"id", "title", "folder", "student_file",
                                                    "solution_file", "label", "checks"};
    if (!in.keys(node, "lesson", kKeys, kKeys)) return;
    Lesson lesson;
    lesson.id = in.string(node["id"], "lesson id");
    auto known = std::find(kLessonIds.begin(), kLessonIds.end(), lesson.id);
    if (!in.error && known == kLessonIds.end()) {
        in.fail(node["id"], "unknown lesson id '" + lesson.id + "': the contract defines lesson1 .. lesson4",
                didYouMean(lesson.id, kLessonIds));
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
    if (!in.error && !labels.insert(lesson.label).second)
        in.fail(node["label"], what + ": label '" + lesson.label + "' is used by another lesson");
    const YAML::Node checks = node["checks"];
    if (!in.error && (!checks.IsSequence() || checks.size() == 0))
        in.fail(checks, what + ": checks must be a non-empty list");
    if (in.error) return;
    for (const auto& check : checks) {
        readCheck(in, check, lesson.id, lesson);
        if (in.error) return;
    }
    if (!lesson.findCheck("compile")) {
        in.fail(checks, what + ": the 'compile' check is required (every other check needs the build)");
        return;
    }
    course.lessons.push_back(std::move(lesson));
}

}  // namespace

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

const std::vector<CheckSchema>& checkSchemas() { return kCheckSchemas; }

Expected<Course> parseCourse(const std::string& text, const std::string& displayName,
                             const std::filesystem::path& root) {
    auto parsed = parseYaml(text, displayName);
    if (!parsed) return parsed.error();
    const YAML::Node doc = *parsed;
    YamlReader in(displayName);
    Course course;
    course.root = root;
    course.sourceHash = contentHash(text);
    if (!doc.IsMap()) return Error{displayName, "expected a mapping with 'course' and 'lessons'", ""};
    if (!in.keys(doc, "course.yaml", {"course", "lessons"}, {"course", "lessons"})) return *in.error;
    const YAML::Node header = doc["course"];
    if (!in.keys(header, "course", {"title", "tile"}, {"title"})) return *in.error;
    course.title = in.string(header["title"], "course title");
    if (header["tile"]) {
        course.tile = static_cast<int>(in.integer(header["tile"], "course tile"));
        if (!in.error && (course.tile <= 0 || course.tile > 32))
            in.fail(header["tile"], "course tile must be between 1 and 32");
    }
    const YAML::Node lessons = doc["lessons"];
    if (!in.error && (!lessons.IsSequence() || lessons.size() == 0))
        in.fail(lessons, "lessons must be a non-empty list");
    if (in.error) return *in.error;
    std::set<std::string> labels;
    for (const auto& lesson : lessons) {
        readLesson(in, lesson, course, labels);
        if (in.error) return *in.error;
    }
    return course;
}

Expected<Course> loadCourse(const std::filesystem::path& path) {
    std::string text;
    if (!readFile(path, text)) return Error{path.string(), "cannot read the course file", "pass --course PATH"};
    return parseCourse(text, path.filename().string(), std::filesystem::absolute(path).parent_path());
}

}  // namespace grader
