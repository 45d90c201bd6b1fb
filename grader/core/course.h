// The course model read from course.yaml: lessons, their files, and the
// checks with their points and parameters. Validation is strict and every
// problem is reported as "course.yaml:LINE:COL: message".
// Non-goal: writing course.yaml back; defaults live here, not in the file.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/error.h"

namespace grader {

/// A check parameter's value as written in course.yaml.
using ParamValue = std::variant<long, double, std::string, std::vector<long>>;

/// One check of one lesson: its name, points and parameters.
struct CheckSpec {
    std::string name;
    int points = 0;
    double timeLimitS = 20.0;
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

    /// The check named `name`, or nullptr.
    const CheckSpec* findCheck(const std::string& name) const;
};

/// The whole course, with the folder course.yaml lives in.
struct Course {
    std::filesystem::path root;  ///< folder holding course.yaml
    std::string title;
    int tile = 16;
    std::vector<Lesson> lessons;
    std::string sourceHash;  ///< content hash of the course.yaml text (part of every batch result's key)

    /// The lesson with this id, or nullptr.
    const Lesson* findLesson(const std::string& id) const;
    /// The lesson with this id, or an "unknown lesson" error with a suggestion.
    Expected<const Lesson*> lessonOrError(const std::string& id) const;
    /// Every lesson id, for listings and suggestions.
    std::vector<std::string> lessonIds() const;
};

/// The parameter names and types each check accepts (the schema's table).
struct CheckSchema {
    const char* name;
    const char* summary;
    std::vector<std::pair<const char*, const char*>> params;  ///< key, type: int|count|number|string|int-list (count: an int, 0 or more)
};

/// Every check course.yaml may name, in the order they run.
const std::vector<CheckSchema>& checkSchemas();

/// Parses course.yaml text; `displayName` is used in error locations.
Expected<Course> parseCourse(const std::string& text, const std::string& displayName,
                             const std::filesystem::path& root);

/// Reads and parses a course.yaml file.
Expected<Course> loadCourse(const std::filesystem::path& path);

}  // namespace grader
