// README.md, scripts/install-deps.sh and CMakePresets.json for the student kit (see kit_text.h).
#include "export/kit_text.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace grader {

namespace {

/// Which kit a line is in.
enum class In { Both, Student, Instructor };

/// A block of lines between two marker lines, and the kit its lines are in.
struct BlockMarker {
    const char* open;
    const char* close;
    In in;
    bool strayCloseIsError;  ///< false where the close is any HTML comment's end
};

/// How one kind of file marks its parts.
struct MarkerRules {
    In outside;  ///< the kit of a line outside every block
    std::vector<BlockMarker> blocks;
    const char* emptyHint;  ///< non-empty: a student text with nothing in it is an Error with this hint
    bool paragraphs;        ///< each block kept is a paragraph of its own (Markdown): a blank line before it
};

const MarkerRules kReadmeRules = {In::Instructor,
                                  {{"<!-- student-kit -->", "<!-- /student-kit -->", In::Both, true},
                                   {"<!-- student-kit-only", "-->", In::Student, false}},
                                  "put what the student reads between <!-- student-kit --> and <!-- /student-kit -->", true};
const MarkerRules kScriptRules = {In::Both, {{"# instructor-only", "# /instructor-only", In::Instructor, true}}, "", false};

std::string trimmedLine(const std::string& line) {
    const size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) return "";
    return line.substr(start, line.find_last_not_of(" \t\r") - start + 1);
}

/// The lines of `text` that are in the student kit by `rules`, marker lines left out.
Expected<std::string> studentLines(const std::string& text, const std::string& displayName, const MarkerRules& rules) {
    const BlockMarker* open = nullptr;
    int openedAt = 0, number = 0;
    std::string out;
    std::stringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        ++number;
        const std::string bare = trimmedLine(line);
        const std::string where = displayName + ":" + std::to_string(number);
        if (open && bare == open->close) {
            open = nullptr;
            continue;
        }
        bool marker = false;
        for (const auto& block : rules.blocks) {
            if (bare == block.open) {
                if (open) return Error{where, "a marker inside the block opened at line " + std::to_string(openedAt), ""};
                open = &block;
                openedAt = number;
                marker = true;
                const bool blankBefore = out.empty() || (out.size() >= 2 && out.compare(out.size() - 2, 2, "\n\n") == 0);
                if (rules.paragraphs && block.in != In::Instructor && !blankBefore) out += "\n";
            } else if (!open && block.strayCloseIsError && bare == block.close) {
                return Error{where, "'" + bare + "' closes no block", std::string("open it with ") + block.open};
            }
        }
        if (marker) continue;
        if ((open ? open->in : rules.outside) != In::Instructor) out += line + "\n";
    }
    if (open) return Error{displayName + ":" + std::to_string(openedAt), "this block is never closed", std::string("end it with ") + open->close};
    for (size_t at; (at = out.find("\n\n\n")) != std::string::npos;) out.erase(at, 1);  // where a block was left out
    const size_t first = out.find_first_not_of('\n');
    if (first == std::string::npos) {
        if (*rules.emptyHint) return Error{displayName, "has nothing marked for the student kit", rules.emptyHint};
        return out;
    }
    out.erase(0, first);
    if (rules.paragraphs) out.erase(out.find_last_not_of('\n') + 1).append("\n");
    return out;
}

}  // namespace

Expected<std::string> studentReadme(const std::string& text, const std::string& displayName) {
    return studentLines(text, displayName, kReadmeRules);
}

Expected<std::string> studentInstallScript(const std::string& text, const std::string& displayName) {
    return studentLines(text, displayName, kScriptRules);
}

Expected<std::string> studentPresets(const std::string& text, const std::string& displayName) {
    nlohmann::ordered_json presets;
    try {
        presets = nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return Error{displayName, std::string("not valid JSON: ") + e.what(), ""};
    }
    // The names left out, per list: configure presets that check the
    // solutions, and every preset that uses or inherits a name left out.
    std::map<std::string, std::set<std::string>> dropped;
    auto inheritsDropped = [&](const nlohmann::ordered_json& p, const std::string& list) {
        const auto inherits = p.value("inherits", nlohmann::ordered_json());
        for (const auto& parent : inherits.is_array() ? inherits : nlohmann::ordered_json::array({inherits}))
            if (parent.is_string() && dropped[list].count(parent.get<std::string>())) return true;
        return false;
    };
    auto needsSolutions = [&](const nlohmann::ordered_json& p, const std::string& list) {
        if (inheritsDropped(p, list)) return true;
        if (list == "configurePresets") {
            const auto vars = p.value("cacheVariables", nlohmann::ordered_json::object());
            return vars.contains("COURSE_SUBMISSION_DIR") && vars["COURSE_SUBMISSION_DIR"] == "solutions";
        }
        if (list == "workflowPresets") {
            for (const auto& step : p.value("steps", nlohmann::ordered_json::array()))
                if (dropped[step.value("type", "") + "Presets"].count(step.value("name", ""))) return true;
            return false;
        }
        return dropped["configurePresets"].count(p.value("configurePreset", "")) > 0;
    };
    for (const char* list : {"configurePresets", "buildPresets", "testPresets", "packagePresets", "workflowPresets"}) {
        if (!presets.contains(list) || !presets[list].is_array()) continue;
        for (size_t before = SIZE_MAX; before != dropped[list].size();) {  // a preset may inherit one listed after it
            before = dropped[list].size();
            for (const auto& preset : presets[list])
                if (needsSolutions(preset, list)) dropped[list].insert(preset.value("name", ""));
        }
        nlohmann::ordered_json kept = nlohmann::ordered_json::array();
        for (const auto& preset : presets[list])
            if (!dropped[list].count(preset.value("name", ""))) kept.push_back(preset);
        if (kept.empty()) presets.erase(list);
        else presets[list] = kept;
    }
    return presets.dump(2) + "\n";
}

}  // namespace grader
