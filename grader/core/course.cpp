// Strict reading of course.yaml with yaml-cpp (through core/yaml_reader.h):
// unknown, missing and mistyped keys, unknown checks and duplicate ids are
// located errors, and so is every value the kit cannot grade with (a check
// in a lesson that cannot run it, a size the lesson's kernel cannot run, a
// threshold that accepts anything or nothing, a file that is not in the kit).
#include "core/course.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/spelling.h"
#include "core/toolchain.h"
#include "core/yaml_reader.h"

namespace grader {

namespace {

const std::vector<CheckSchema> kCheckSchemas = {
    {"compile", "the file compiles and links against the contract's declarations", {}, {1, 2, 3, 4}},
    {"correctness", "every element of C is right at several sizes (and phases)",
     {{"cpu_sizes", "int-list"}, {"gpu_sizes", "int-list"}, {"phases", "int-list"}, {"tolerance", "number"}}, {1, 2, 3, 4}},
    {"barriers", "no shared-memory races, no divergent barriers; extra barriers named",
     {{"cpu_size", "int"}, {"redundant_barrier_penalty", "int"}}, {1, 2, 3}},
    {"traffic", "floats read from global memory per element of C",
     {{"cpu_size", "int"}, {"expect", "string"}}, {1, 2, 3}},
    {"timing", "timeLaunchMs measures the mean ms per launch correctly",
     {{"cpu_size", "int"}, {"gpu_size", "int"}, {"reps", "int"}, {"tolerance", "number"}}, {4}},
    {"speedup", "the tiled kernel beats the naive reference by enough (GPU only)",
     {{"gpu_size", "int"}, {"floor", "number"}, {"fraction", "number"}, {"min_runs", "int"},
      {"max_runs", "int"}, {"target_rel_error", "number"}, {"time_cap_s", "number"}}, {3, 4}},
    {"quiz", "the lesson's control questions (lessons/NN-name/quiz.yaml), answered next to the student's file",
     {{"answers_file", "string"}, {"reveal_after_tries", "count"}}, {1, 2, 3, 4}},
    {"trainer", "a set of the tile-map trainer's exercises (grader trainer) answered right, recorded next to the student's file",
     {}, {2, 3}},
};

/// Why a check runs in its lessons only (the harness of the others has nothing for it to run).
const std::map<std::string, std::string> kOtherLessonsWhy = {
    {"barriers", "it runs the student's kernel, and lesson 4's file has none"},
    {"traffic", "it counts the student's kernel's loads, and lesson 4's file has no kernel"},
    {"timing", "it times the student's timeLaunchMs, which only lesson 4's file has"},
    {"trainer", "the tile-map trainer has exercises for lessons 2 and 3 only (the tiled kernels)"},
    {"speedup", "it times lesson 3's tiled kernel or lesson 4's timer; lessons 1 and 2 have neither, so every student would fail"},
};

const std::vector<std::string> kTrafficKinds = {"naive", "tile_phase", "tiled"};

constexpr long kMaxSize = 16384;  // the largest `check --n`
constexpr double kMinTimeLimitS = 1, kMaxTimeLimitS = 600;

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

std::string formatNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

/// "a, b and c" (or "a, b or c").
std::string joinNames(const std::vector<std::string>& names, const std::string& last = "and") {
    std::string text;
    for (size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " " + last + " " : ", ") + names[i];
    return text;
}

/// Why the sizes of `check` in `lesson` must be whole tiles, or "" when any size runs: lesson 1's
/// kernel has a bounds guard (72 on purpose), lesson 4's correctness sizes are gflops arguments.
std::string wholeTilesWhy(const Lesson& lesson, const std::string& check) {
    if (check == "timing" || check == "speedup")
        return "the check runs the grader's reference tiled kernel, written for n a multiple of TILE";
    if (loadsTiles(lesson.kind()))
        return lesson.id + "'s kernel is written for n a multiple of TILE, one block per tile with no bounds guard";
    return "";
}

/// One matrix size (`what`, or an entry of the list `what`): positive, at most
/// kMaxSize, and whole tiles where the kernel needs them.
void checkSize(YamlReader& in, const YAML::Node& node, long n, std::string what, bool listEntry, const std::string& tilesWhy, int tile) {
    if (listEntry) what += " entries";
    if (n <= 0) {
        in.fail(node, what + " must be positive, got " + std::to_string(n), "a size n is the side of the n x n matrices");
    } else if (n > kMaxSize) {
        in.fail(node, what + " must be at most " + std::to_string(kMaxSize) + ", got " + std::to_string(n),
                "the largest size `grader check --n` takes");
    } else if (!tilesWhy.empty() && n % tile != 0) {
        const long below = n / tile * tile, above = below + tile;
        in.fail(node, what + (listEntry ? " must be multiples" : " must be a multiple") + " of the tile (" + std::to_string(tile) + "), got " +
                          std::to_string(n),
                tilesWhy + ": use " + (below > 0 ? std::to_string(below) + " or " : "") + std::to_string(above));
    }
}

/// What a tolerance is relative to, and what its extremes would do, for the hint.
std::string toleranceWhy(const Lesson& lesson, const std::string& check) {
    if (check == "timing")
        return "the relative agreement of the student's timer with the grader's own timing is 0.15 in the kit: at 0 every "
               "real timer fails, at 1 or more a timer that returns 0 passes";
    if (lesson.kind() == LessonKind::Timing)
        return "the relative error allowed in gflops is 1.0e-6 in the kit: at 0 a right formula written in another order "
               "may fail, at 1 or more a gflops that returns 0 passes";
    return "the error allowed in C, relative to n * max|A| * max|B|, is 1.0e-6 in the kit: at 1 or more a C of zeros passes";
}

/// time_limit_s: between kMinTimeLimitS and kMaxTimeLimitS.
void checkTimeLimit(YamlReader& in, const YAML::Node& node, const std::string& what, const CheckSpec& check) {
    if (const YAML::Node limit = node["time_limit_s"]; limit && (check.timeLimitS < kMinTimeLimitS || check.timeLimitS > kMaxTimeLimitS))
        in.fail(limit, what + "time_limit_s must be between 1 and 600 seconds, got " + formatNumber(check.timeLimitS),
                "it limits each run of the student's program: under a second a right kernel may be killed on a busy machine, "
                "and a run of more than ten minutes is a hang, waited for once per student in a batch");
}

/// The sizes (cpu_sizes, gpu_sizes, cpu_size, gpu_size): each one a size the lesson's kernel can run.
void checkSizes(YamlReader& in, const YAML::Node& node, const std::string& what, const Lesson& lesson, const CheckSpec& check, int tile) {
    const std::string tilesWhy = wholeTilesWhy(lesson, check.name);
    for (const char* key : {"cpu_sizes", "gpu_sizes"}) {
        const YAML::Node list = node[key];
        if (!list) continue;
        const std::vector<long> sizes = check.listParam(key, {});
        for (size_t i = 0; i < sizes.size(); ++i) checkSize(in, list[i], sizes[i], what + key, true, tilesWhy, tile);
    }
    for (const char* key : {"cpu_size", "gpu_size"})
        if (const YAML::Node value = node[key]) checkSize(in, value, check.intParam(key, 0), what + key, false, tilesWhy, tile);
}

/// The smallest size the correctness check runs at, and the key it comes from ("cpu_sizes", "the default gpu_sizes").
std::pair<long, std::string> smallestCheckedSize(const YAML::Node& node, const Lesson& lesson, const CheckSpec& check) {
    long smallest = 0;
    std::string from;
    for (bool gpu : {false, true}) {
        const char* key = gpu ? "gpu_sizes" : "cpu_sizes";
        for (long n : correctnessSizes(lesson, check, gpu)) {
            if (smallest && n >= smallest) continue;
            smallest = n;
            from = std::string(node[key] ? "" : "the default ") + key;
        }
    }
    return {smallest, from};
}

/// phases: lesson 2's only, and each one a phase of the smallest size. A phase that a size lacks is
/// skipped at that size (correctness.cpp), so the course would check fewer cases than it lists, or
/// none: every phase must exist at the smallest size, counted from the end when negative. False when
/// a phase is wrong (the other values are not checked then).
bool checkPhases(YamlReader& in, const YAML::Node& node, const std::string& what, const Lesson& lesson, const CheckSpec& check, int tile) {
    const YAML::Node phases = node["phases"];
    if (!phases) return true;
    if (lesson.kind() != LessonKind::TileLoading) {
        in.fail(phases, what + "phases applies to lesson2 only",
                "lesson2's kernel computes one phase of the product; " + lesson.id + "'s computes all of it, so phases would be ignored");
        return false;
    }
    const auto [smallest, from] = smallestCheckedSize(node, lesson, check);
    const long count = smallest / tile;
    const std::vector<long> list = check.listParam("phases", {});
    for (size_t i = 0; i < list.size(); ++i) {
        const long p = list[i];
        if (p >= 0 ? p < count : -p <= count) continue;
        in.fail(phases[i], what + "phase " + std::to_string(p) + " does not exist at n = " + std::to_string(smallest) + " (" + from +
                               "), which has " + std::to_string(count) + " phase" + (count == 1 ? "" : "s") + ": 0 .. " +
                               std::to_string(count - 1) + ", or -1 .. -" + std::to_string(count) + " from the end",
                "every size is checked at every phase, and one a size lacks is skipped there: pick a phase that "
                "every size has, or raise the smallest size");
        return false;
    }
    return true;
}

/// What decides a verdict: tolerance in (0, 1), redundant_barrier_penalty within the check's points, and
/// an expect that names the lesson's own kind of kernel.
void checkVerdictValues(YamlReader& in, const YAML::Node& node, const std::string& what, const Lesson& lesson, const CheckSpec& check) {
    if (const YAML::Node value = node["tolerance"]) {
        const double tolerance = check.numberParam("tolerance", 0);
        if (!(tolerance > 0 && tolerance < 1))
            in.fail(value, what + "tolerance must be more than 0 and less than 1, got " + formatNumber(tolerance),
                    toleranceWhy(lesson, check.name));
    }
    if (const YAML::Node value = node["redundant_barrier_penalty"]) {
        const long penalty = check.intParam("redundant_barrier_penalty", 0);
        if (penalty < 0 || penalty > check.points)
            in.fail(value, what + "redundant_barrier_penalty must be between 0 and the check's " + std::to_string(check.points) +
                               " point" + (check.points == 1 ? "" : "s") + ", got " + std::to_string(penalty),
                    "the points a passing kernel loses for more barriers per phase than it needs");
    }
    if (const YAML::Node value = node["expect"]) {
        const std::string kind = check.stringParam("expect", "");
        if (std::find(kTrafficKinds.begin(), kTrafficKinds.end(), kind) == kTrafficKinds.end())
            in.fail(value, what + "expect must be one of " + joinNames(kTrafficKinds, "or") + ", got '" + kind + "'",
                    didYouMean(kind, kTrafficKinds));
        else if (kind != trafficKind(lesson))
            in.fail(value, what + "expect '" + kind + "' does not fit " + lesson.id + ", whose kernel reads like '" +
                               trafficKind(lesson) + "'",
                    "naive is lesson 1's kernel, tile_phase lesson 2's one phase, tiled lesson 3's loop; a right " + lesson.id +
                        " kernel would fail '" + kind + "'");
    }
}

/// The timing's repetitions: reps, min_runs and max_runs at least 1, and min_runs at most max_runs.
void checkRunCounts(YamlReader& in, const YAML::Node& node, const std::string& what, const CheckSpec& check) {
    if (const YAML::Node value = node["reps"]; value && check.intParam("reps", 0) < 1)
        in.fail(value, what + "reps must be at least 1, got " + std::to_string(check.intParam("reps", 0)),
                "timeLaunchMs launches the kernel reps times and returns the mean");
    for (const char* key : {"min_runs", "max_runs"})
        if (const YAML::Node value = node[key]; value && check.intParam(key, 0) < 1)
            in.fail(value, what + key + " must be at least 1, got " + std::to_string(check.intParam(key, 0)),
                    "the speedup is the median of timed runs: at least min_runs, at most max_runs");
    const long minRuns = check.intParam("min_runs", param_defaults::kMinRuns), maxRuns = check.intParam("max_runs", param_defaults::kMaxRuns);
    if (!in.error && minRuns > maxRuns)
        in.fail(node["min_runs"] ? node["min_runs"] : node["max_runs"],
                what + "min_runs (" + std::to_string(minRuns) + (node["min_runs"] ? "" : ", the default") + ") is more than max_runs (" +
                    std::to_string(maxRuns) + (node["max_runs"] ? "" : ", the default") + ")",
                "the timing stops after max_runs runs, so min_runs can never be reached");
}

/// The speedup's thresholds and stopping rules: floor at least 0, fraction in (0, 1], target_rel_error
/// in (0, 1), and time_cap_s that leaves time within time_limit_s.
void checkSpeedupValues(YamlReader& in, const YAML::Node& node, const std::string& what, const CheckSpec& check) {
    if (const YAML::Node value = node["floor"]; value && check.numberParam("floor", 0) < 0)
        in.fail(value, what + "floor must be 0 or more, got " + formatNumber(check.numberParam("floor", 0)),
                "the least speedup over the naive reference that passes, 1.1 in the kit; the threshold is the larger of "
                "floor and fraction x the reference tiled kernel's speedup");
    if (const YAML::Node value = node["fraction"]) {
        const double fraction = check.numberParam("fraction", 0);
        if (!(fraction > 0 && fraction <= 1))
            in.fail(value, what + "fraction must be more than 0 and at most 1, got " + formatNumber(fraction),
                    "the share of the reference tiled kernel's own speedup to reach, 0.8 in the kit: above 1 a kernel "
                    "as fast as the reference fails");
    }
    checkRunCounts(in, node, what, check);
    if (const YAML::Node value = node["target_rel_error"]) {
        const double target = check.numberParam("target_rel_error", 0);
        if (!(target > 0 && target < 1))
            in.fail(value, what + "target_rel_error must be more than 0 and less than 1, got " + formatNumber(target),
                    "the relative standard error of the mean at which the timing stops early, 0.01 in the kit");
    }
    if (const YAML::Node value = node["time_cap_s"]; value && !in.error) {
        const double cap = speedupTimeCapS(check);
        if (!(cap > 0) || cap >= check.timeLimitS)
            in.fail(value, what + "time_cap_s must be more than 0 and less than time_limit_s (" + formatNumber(check.timeLimitS) +
                               (node["time_limit_s"] ? "" : ", the default") + "), got " + formatNumber(cap),
                    "time_cap_s ends the timing loop, and the run also needs its start and warm-up: at time_limit_s it is killed as a hang");
    }
}

/// The meaning of a check's values, once their types are right: each one a
/// value the kit can grade with, located at the value (or, for a default
/// that conflicts with a value, at the value given).
void checkValues(YamlReader& in, const YAML::Node& node, const Lesson& lesson, const CheckSpec& check, int tile) {
    const std::string what = "lesson '" + lesson.id + "': check '" + check.name + "': ";
    checkTimeLimit(in, node, what, check);
    checkSizes(in, node, what, lesson, check, tile);
    if (in.error) return;
    if (!checkPhases(in, node, what, lesson, check, tile)) return;
    checkVerdictValues(in, node, what, lesson, check);
    checkSpeedupValues(in, node, what, check);
}

void readCheck(YamlReader& in, const YAML::Node& node, const std::string& lessonId, Lesson& lesson, int tile) {
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
    if (std::find(schema->lessons.begin(), schema->lessons.end(), lesson.number) == schema->lessons.end()) {
        std::vector<std::string> ids;
        for (int number : schema->lessons) ids.push_back(kLessonIds[number - 1]);
        in.fail(node["name"], "lesson '" + lessonId + "': check '" + check.name + "' runs in " + joinNames(ids) + " only",
                kOtherLessonsWhy.at(check.name));
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
    if (in.error) return;
    checkValues(in, node, lesson, check, tile);
    if (in.error) return;
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
        readCheck(in, check, lesson.id, lesson, course.tile);
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

const std::vector<CheckSchema>& checkSchemas() { return kCheckSchemas; }

std::string trafficKind(const Lesson& lesson) {
    switch (lesson.kind()) {
        case LessonKind::Naive: return "naive";
        case LessonKind::TileLoading: return "tile_phase";
        default: return "tiled";
    }
}

double speedupTimeCapS(const CheckSpec& check) {
    return check.numberParam("time_cap_s", std::min(param_defaults::kTimeCapS, check.timeLimitS / 2));
}

std::vector<long> correctnessSizes(const Lesson& lesson, const CheckSpec& check, bool gpu) {
    const char* key = gpu ? "gpu_sizes" : "cpu_sizes";
    if (lesson.kind() == LessonKind::Timing) return check.listParam(key, {16, 1291, 2048, 4096});
    return check.listParam(key, gpu ? std::vector<long>{1024} : std::vector<long>{16, 64});
}

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
                             const std::filesystem::path& root) {
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
        readLesson(in, lesson, course, labels);
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

Expected<Course> loadCourse(const std::filesystem::path& path) {
    std::string text;
    if (!readFile(path, text)) return Error{path.string(), "cannot read the course file", "pass --course PATH"};
    auto course = parseCourse(text, path.filename().string(), std::filesystem::absolute(path).parent_path());
    if (!course) return course;
    if (auto error = checkLessonFiles(*course)) return *error;
    return course;
}

}  // namespace grader
