// The course model read from course.yaml: lessons, their files, and the
// checks with their points and parameters. Validation is strict and every
// problem is reported as "course.yaml:LINE:COL: message": the file's shape
// (keys, types), and what its values mean (a size the lesson's kernel cannot
// run, a tolerance that accepts anything, a file that is not in the kit), so
// that a mistake in it is refused at load instead of failing every student.
// Which checks there are, their parameters, defaults and validation belong to
// the checks (checks/check_table.h): the loader receives them as a
// CheckCatalog, so core names no check.
// Non-goal: writing course.yaml back.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/error.h"

namespace grader {

/// How long each run of a check may take when course.yaml does not say (time_limit_s).
constexpr double kDefaultTimeLimitS = 20.0;

/// A check parameter's value as written in course.yaml.
using ParamValue = std::variant<long, double, std::string, std::vector<long>>;

/// One check of one lesson: its name, points and parameters.
struct CheckSpec {
    std::string name;
    int points = 0;
    double timeLimitS = kDefaultTimeLimitS;
    std::map<std::string, ParamValue> params;

    /// An integer parameter, or `fallback` when the file does not set it.
    long intParam(const std::string& key, long fallback) const;
    /// A number parameter (an integer is accepted), or `fallback`.
    double numberParam(const std::string& key, double fallback) const;
    /// A string parameter, or `fallback`.
    std::string stringParam(const std::string& key, const std::string& fallback) const;
    /// A list of integers, or `fallback`.
    std::vector<long> listParam(const std::string& key, const std::vector<long>& fallback) const;
};

/// What a lesson's kernel does, which decides how its checks judge it (the contract fixes one per lesson).
enum class LessonKind {
    Naive,           ///< lesson 1: one thread per element of C, no shared memory
    TileLoading,     ///< lesson 2: one phase's tiles loaded into shared memory (the launch names the phase)
    TiledPhaseLoop,  ///< lesson 3: the tiled kernel, every phase in its phase loop
    Timing,          ///< lesson 4: timing the kernel and computing GFLOP/s
};

/// The kind of lesson `number` (1 .. 4; any other number is treated as lesson 1's).
constexpr LessonKind lessonKind(int number) {
    return number == 2 ? LessonKind::TileLoading : number == 3 ? LessonKind::TiledPhaseLoop
                                                  : number == 4 ? LessonKind::Timing : LessonKind::Naive;
}

/// True for the lessons whose kernel loads __shared__ tiles (tile loading, tiled phase loop).
constexpr bool loadsTiles(LessonKind kind) { return kind == LessonKind::TileLoading || kind == LessonKind::TiledPhaseLoop; }

/// One lesson: where its files are and what is checked.
struct Lesson {
    std::string id;            ///< lesson1 .. lesson4 (fixed by the contract)
    int number = 0;            ///< 1 .. 4
    std::string title;
    std::string folder;        ///< e.g. 03-phase-loop
    std::string studentFile;   ///< file name inside starter/<folder>/
    std::string solutionFile;  ///< file name inside solutions/<folder>/
    std::string label;         ///< CTest label
    std::vector<CheckSpec> checks;
    /// "course.yaml:LINE:COL" of the folder and file names, for the checks made after parsing.
    std::map<std::string, std::string> locations;

    /// The check named `name`, or nullptr.
    const CheckSpec* findCheck(const std::string& name) const;
    /// What the lesson's kernel does (from its number).
    LessonKind kind() const { return lessonKind(number); }
    /// Where the student's file sits in a kit, from its root: "starter/<folder>/<student_file>".
    std::string starterFile() const;
};

/// The tile width every file of the kit is written for (TILE in the starters,
/// solutions, lesson texts, quizzes and the reference kernels).
constexpr int kKitTile = 16;

/// The whole course, with the folder course.yaml lives in.
struct Course {
    std::filesystem::path root;  ///< folder holding course.yaml
    std::string title;
    int tile = kKitTile;
    int nearMissPenalty = 0;  ///< points off a lesson graded from a file the student named differently (course: near_miss_penalty)
    int latePenalty = 0;      ///< percent off the score of a submission the LMS marked late (course: late_penalty); 0: none
    /// Pairs of files of a lesson whose similarity score (0 to 1) is at least this are listed in the
    /// report, their fragments side by side (similarity: threshold); it never changes a score.
    double similarityThreshold = 0.6;
    bool leaderboard = false;  ///< the report's speed board of the GPU's GFLOP/s (leaderboard: true)
    std::vector<Lesson> lessons;
    std::string sourceHash;  ///< content hash of the course.yaml text (part of every batch result's key)

    /// The lesson with this id, or nullptr.
    const Lesson* findLesson(const std::string& id) const;
    /// The lesson with this id, or an "unknown lesson" error with a suggestion.
    Expected<const Lesson*> lessonOrError(const std::string& id) const;
    /// Every lesson id, for listings and suggestions.
    std::vector<std::string> lessonIds() const;
};

/// One parameter a check takes in course.yaml, as the check's table describes it.
struct CheckParam {
    const char* key;
    const char* type;         ///< int|count|number|string|int-list (count: an int, 0 or more)
    const char* defaultText;  ///< the default, in words (CONTRACT.md's parameters table)
    const char* doc;          ///< its bounds and meaning, in words (the same table)
};

/// One check's entry in course.yaml as its validation sees it, once every
/// value has the right type: the values read, and where to report a bad one
/// ("course.yaml:LINE:COL" of the value). The first problem wins.
class CheckValues {
public:
    virtual ~CheckValues() = default;
    virtual const Lesson& lesson() const = 0;
    virtual const CheckSpec& check() const = 0;
    /// The course's tile.
    virtual int tile() const = 0;
    /// True when course.yaml sets `key` (false: the check's default applies).
    virtual bool given(const std::string& key) const = 0;
    /// Records a problem at the value of `key`, unless one is recorded.
    virtual void fail(const std::string& key, const std::string& message, const std::string& hint = "") = 0;
    /// Records a problem at entry `index` of the list `key`, unless one is recorded.
    virtual void fail(const std::string& key, size_t index, const std::string& message, const std::string& hint = "") = 0;
    /// True once a problem is recorded.
    virtual bool failed() const = 0;
    /// "lesson 'ID': check 'NAME': ", the start of every message.
    std::string what() const { return "lesson '" + lesson().id + "': check '" + check().name + "': "; }
};

/// Checks the meaning of a check's values (a size the lesson's kernel cannot run, a
/// threshold that accepts anything); it reports through `values.fail`.
using CheckValidation = void (*)(CheckValues& values);

/// What course.yaml's reader knows of one check: its name, the lessons whose
/// harness runs it, its parameters and their validation. The checks own these
/// (checks/check_table.h); core knows none of them by name.
struct CheckSchema {
    const char* name;
    const char* summary;       ///< what it checks, in one sentence (`grader list --checks`, SARIF's rule description)
    std::vector<int> lessons;  ///< the lessons whose harness runs this check
    const char* otherLessonsWhy;  ///< why it runs in those lessons only ("" when it runs in every lesson)
    const char* requiredWhy;      ///< why every lesson must list it ("": a lesson may leave it out)
    std::vector<CheckParam> params;
    CheckValidation validate;  ///< nullptr: any value of the right type will do
};

/// The checks course.yaml may name, in the order they run: given by whoever
/// loads a course (checks/check_table.h has the grader's).
using CheckCatalog = std::vector<const CheckSchema*>;

/// "a, b and c" (or "a, b or c").
std::string joinNames(const std::vector<std::string>& names, const std::string& last = "and");

/// A number as course.yaml's messages print it ("%g").
std::string formatNumber(double value);

/// Parses course.yaml text; `displayName` is used in error locations.
/// `checks`: the checks it may name.
Expected<Course> parseCourse(const std::string& text, const std::string& displayName,
                             const std::filesystem::path& root, const CheckCatalog& checks);

/// Reads and parses a course.yaml file, and checks that each lesson's folder
/// and files are in the kit beside it (starter/NN-name/, solutions/NN-name/);
/// a course file with neither starter/ nor solutions/ beside it is not checked for them.
Expected<Course> loadCourse(const std::filesystem::path& path, const CheckCatalog& checks);

}  // namespace grader
