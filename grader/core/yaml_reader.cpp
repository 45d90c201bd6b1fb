// Located reading of YAML nodes (see yaml_reader.h).
#include "core/yaml_reader.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "core/spelling.h"

namespace grader {

namespace {

/// A place in a text: 0-based line and byte column, as yaml-cpp marks them.
struct Place {
    int line = 0, column = 0;
};

/// Finds the flow collections ('[' and '{') still open at a byte of a YAML text. Brackets count
/// only where YAML reads them as brackets: not in comments, quoted strings, block scalars (|, >),
/// or in the middle of a plain string such as A[row][k].
class BracketScanner {
public:
    explicit BracketScanner(const std::string& text) : text_(text) {}

    /// The innermost bracket still open before byte `end`, with its place; nullopt when none is.
    std::optional<std::pair<char, Place>> openAt(size_t end) {
        end = std::min(end, text_.size());
        while (i_ < end) step();
        if (open_.empty()) return std::nullopt;
        return open_.back();
    }

private:
    char at(size_t i) const { return i < text_.size() ? text_[i] : '\n'; }
    bool blank(size_t i) const { return at(i) == ' ' || at(i) == '\t' || at(i) == '\n' || at(i) == '\r'; }

    void advance() {
        if (text_[i_] == '\n') {
            ++place_.line;
            place_.column = 0;
            lineStart_ = true;
            if (open_.empty()) nodeStart_ = true;
        } else {
            ++place_.column;
        }
        ++i_;
    }

    void skipLine() {
        while (i_ < text_.size() && text_[i_] != '\n') advance();
    }

    void skipQuoted(char quote) {
        advance();
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (quote == '"' && c == '\\') {
                advance();
                if (i_ < text_.size()) advance();
                continue;
            }
            advance();
            if (c != quote) continue;
            if (quote == '\'' && at(i_) == '\'') {  // '' inside '...' is a quote mark
                advance();
                continue;
            }
            break;
        }
        nodeStart_ = false;
    }

    /// At a line's start: skips the line when it belongs to a block scalar, else notes the column
    /// its node starts at (past any "- " of sequence entries), which a block scalar's lines exceed.
    void startLine() {
        lineStart_ = false;
        size_t j = i_;
        while (at(j) == ' ') ++j;
        const int indent = static_cast<int>(j - i_);
        if (blockIndent_ && (at(j) == '\n' || indent > *blockIndent_)) return skipLine();
        blockIndent_.reset();
        while (at(j) == '-' && blank(j + 1) && at(j + 1) != '\n') {
            ++j;
            while (at(j) == ' ') ++j;
        }
        nodeIndent_ = static_cast<int>(j - i_);
    }

    void step() {
        if (lineStart_) {
            startLine();
            if (i_ >= text_.size() || text_[i_] == '\n') {  // an empty line, or one of a block scalar
                if (i_ < text_.size()) advance();
                return;
            }
        }
        const char c = text_[i_];
        if (c == '#' && (place_.column == 0 || blank(i_ - 1))) return skipLine();
        if (c == '[' || c == '{') {
            if (!open_.empty() || nodeStart_) {
                open_.push_back({c, place_});
                nodeStart_ = true;
            }
            return advance();
        }
        if ((c == ']' || c == '}') && !open_.empty()) {
            open_.pop_back();
            nodeStart_ = false;
            return advance();
        }
        if ((c == '\'' || c == '"') && nodeStart_) return skipQuoted(c);
        if ((c == '|' || c == '>') && nodeStart_ && open_.empty()) {
            blockIndent_ = nodeIndent_;
            return skipLine();
        }
        if (c == ':' && (blank(i_ + 1) || !open_.empty())) nodeStart_ = true;
        else if (c == ',' && !open_.empty()) nodeStart_ = true;
        else if ((c == '-' || c == '?') && nodeStart_ && blank(i_ + 1)) nodeStart_ = true;
        else if (!blank(i_)) nodeStart_ = false;
        advance();
    }

    const std::string& text_;
    size_t i_ = 0;
    Place place_;
    bool lineStart_ = true, nodeStart_ = true;
    int nodeIndent_ = 0;
    std::optional<int> blockIndent_;  ///< inside a block scalar: the column of the node that began it
    std::vector<std::pair<char, Place>> open_;
};

/// The place of `mark` moved into the text: past the last line, the end of the last line with text
/// (yaml-cpp marks a missing end on the line after the file's last); past a line's end, its last character.
Place clampedPlace(const std::string& text, const YAML::Mark& mark) {
    std::vector<std::string> lines;
    for (size_t start = 0; start <= text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    while (lines.size() > 1 && lines.back().find_first_not_of(" \t\r") == std::string::npos) lines.pop_back();
    Place place{std::max(mark.line, 0), std::max(mark.column, 0)};
    if (place.line >= static_cast<int>(lines.size())) {
        place.line = static_cast<int>(lines.size()) - 1;
        place.column = static_cast<int>(lines.back().size());
    }
    const int length = static_cast<int>(lines[place.line].size());
    place.column = std::min(place.column, std::max(length - 1, 0));
    return place;
}

std::string located(const std::string& displayName, Place place) {
    return displayName + ":" + std::to_string(place.line + 1) + ":" + std::to_string(place.column + 1);
}

}  // namespace

Expected<YAML::Node> parseYaml(const std::string& text, const std::string& displayName) {
    try {
        return YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        const bool unclosed = e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW || e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW;
        if (unclosed) {
            if (auto open = BracketScanner(text).openAt(e.mark.pos < 0 ? text.size() : static_cast<size_t>(e.mark.pos))) {
                const bool list = open->first == '[';
                return Error{located(displayName, open->second),
                             std::string("not valid YAML: this '") + open->first + "' is never closed",
                             list ? "close the list with ']'" : "close the mapping with '}'"};
            }
        }
        return Error{located(displayName, clampedPlace(text, e.mark)), "not valid YAML: " + e.msg, ""};
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
        if (!entry.first.IsScalar()) {  // `[a]: 1`, `? {a: 1}`, or an empty `?`: no name to compare
            fail(entry.first, what + ": a key must be a name, not " + describe(entry.first));
            return false;
        }
        const std::string key = entry.first.Scalar();
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
