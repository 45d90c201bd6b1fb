// Strict reading of a YAML document with located errors, shared by the files
// the grader reads (course.yaml, quiz.yaml, quiz answers): every problem is
// "file:LINE:COL: message", with a did-you-mean hint for misspelled keys.
// The first error wins; later calls keep it, so callers may read on and
// check `error` once.
// Non-goal: a schema language; each reader says what it expects in code.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// Parses YAML text; a syntax error is located in `displayName`.
Expected<YAML::Node> parseYaml(const std::string& text, const std::string& displayName);

/// Reads the nodes of one YAML document, recording the first located error.
class YamlReader {
public:
    explicit YamlReader(std::string displayName) : name_(std::move(displayName)) {}

    /// The first problem found, if any.
    std::optional<Error> error;

    /// "file:LINE:COL" of `node` (just the file when the node has no mark).
    std::string at(const YAML::Node& node) const;
    /// Records a problem at `node` unless one is already recorded.
    void fail(const YAML::Node& node, std::string message, std::string hint = "");
    /// Checks a mapping's keys: each known and listed once, each required one present.
    bool keys(const YAML::Node& map, const std::string& what, const std::vector<std::string>& allowed,
              const std::vector<std::string>& required);
    /// A scalar's text.
    std::string string(const YAML::Node& node, const std::string& what);
    /// An integer scalar.
    long integer(const YAML::Node& node, const std::string& what);
    /// A number scalar (an integer is accepted).
    double number(const YAML::Node& node, const std::string& what);
    /// A non-empty list of integers.
    std::vector<long> intList(const YAML::Node& node, const std::string& what);
    /// A non-empty list of scalars.
    std::vector<std::string> stringList(const YAML::Node& node, const std::string& what);

private:
    /// How a node reads in a message: its text, "a list", "a mapping" or "nothing".
    static std::string describe(const YAML::Node& node);

    std::string name_;
};

}  // namespace grader
