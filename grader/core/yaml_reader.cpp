// Located reading of YAML nodes (see yaml_reader.h).
#include "core/yaml_reader.h"

#include <algorithm>
#include <set>

#include "core/spelling.h"

namespace grader {

Expected<YAML::Node> parseYaml(const std::string& text, const std::string& displayName) {
    try {
        return YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        return Error{displayName + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1),
                     "not valid YAML: " + e.msg, ""};
    }
}

std::string YamlReader::at(const YAML::Node& node) const {
    const YAML::Mark mark = node.Mark();
    if (mark.line < 0) return name_;
    return name_ + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

void YamlReader::fail(const YAML::Node& node, std::string message, std::string hint) {
    if (!error) error = Error{at(node), std::move(message), std::move(hint)};
}

bool YamlReader::keys(const YAML::Node& map, const std::string& what, const std::vector<std::string>& allowed,
                      const std::vector<std::string>& required) {
    if (!map.IsMap()) {
        fail(map, what + " must be a mapping of keys to values");
        return false;
    }
    std::set<std::string> seen;
    for (const auto& entry : map) {
        const std::string key = entry.first.as<std::string>();
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            fail(entry.first, what + ": unknown key '" + key + "'", didYouMean(key, allowed));
            return false;
        }
        if (!seen.insert(key).second) {
            fail(entry.first, what + ": key '" + key + "' is given twice");
            return false;
        }
    }
    for (const auto& key : required) {
        if (!seen.count(key)) {
            fail(map, what + ": missing key '" + key + "'");
            return false;
        }
    }
    return true;
}

std::string YamlReader::string(const YAML::Node& node, const std::string& what) {
    if (!node.IsScalar()) {
        fail(node, what + " must be a string");
        return "";
    }
    return node.as<std::string>();
}

long YamlReader::integer(const YAML::Node& node, const std::string& what) {
    long value = 0;
    if (!node.IsScalar() || !YAML::convert<long>::decode(node, value)) {
        fail(node, what + " must be an integer, got '" + describe(node) + "'");
    }
    return value;
}

double YamlReader::number(const YAML::Node& node, const std::string& what) {
    double value = 0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, value)) {
        fail(node, what + " must be a number, got '" + describe(node) + "'");
    }
    return value;
}

std::vector<long> YamlReader::intList(const YAML::Node& node, const std::string& what) {
    std::vector<long> values;
    if (!node.IsSequence() || node.size() == 0) {
        fail(node, what + " must be a non-empty list of integers, e.g. [16, 64]");
        return values;
    }
    for (const auto& item : node) values.push_back(integer(item, what + " entries"));
    return values;
}

std::vector<std::string> YamlReader::stringList(const YAML::Node& node, const std::string& what) {
    std::vector<std::string> values;
    if (!node.IsSequence() || node.size() == 0) {
        fail(node, what + " must be a non-empty list, e.g. [a, b, c]");
        return values;
    }
    for (const auto& item : node) values.push_back(string(item, what + " entries"));
    return values;
}

std::string YamlReader::describe(const YAML::Node& node) {
    if (node.IsScalar()) return node.Scalar();
    if (node.IsSequence()) return "a list";
    if (node.IsMap()) return "a mapping";
    return "nothing";
}

}  // namespace grader
