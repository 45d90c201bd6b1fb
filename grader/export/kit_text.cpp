// README.md and CMakePresets.json for the student kit (see kit_text.h).
#include "export/kit_text.h"

#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

namespace grader {

namespace {

constexpr const char* kInstructorOpen = "<!-- instructor-only -->";
constexpr const char* kInstructorClose = "<!-- /instructor-only -->";
constexpr const char* kStudentOpen = "<!-- student-kit";
constexpr const char* kCommentClose = "-->";

std::string trimmedLine(const std::string& line) {
    const size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) return "";
    return line.substr(start, line.find_last_not_of(" \t\r") - start + 1);
}

}  // namespace

Expected<std::string> studentReadme(const std::string& text, const std::string& displayName) {
    enum class In { Both, Instructor, Student } in = In::Both;
    int openedAt = 0, number = 0;
    std::string out;
    std::stringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        ++number;
        const std::string bare = trimmedLine(line);
        const std::string where = displayName + ":" + std::to_string(number);
        if (bare == kInstructorOpen || bare == kStudentOpen) {
            if (in != In::Both) return Error{where, "a marker inside the block opened at line " + std::to_string(openedAt), ""};
            in = bare == kInstructorOpen ? In::Instructor : In::Student;
            openedAt = number;
            continue;
        }
        if ((in == In::Instructor && bare == kInstructorClose) || (in == In::Student && bare == kCommentClose)) {
            in = In::Both;
            continue;
        }
        if (bare == kInstructorClose) return Error{where, "'" + bare + "' closes no instructor-only block", ""};
        if (in != In::Instructor) out += line + "\n";
    }
    if (in != In::Both)
        return Error{displayName + ":" + std::to_string(openedAt), "this block is never closed",
                     in == In::Instructor ? std::string("end it with ") + kInstructorClose : std::string("end it with ") + kCommentClose};
    for (size_t at; (at = out.find("\n\n\n")) != std::string::npos;) out.erase(at, 1);  // where a block was left out
    return out;
}

Expected<std::string> studentPresets(const std::string& text, const std::string& displayName) {
    nlohmann::ordered_json presets;
    try {
        presets = nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return Error{displayName, std::string("not valid JSON: ") + e.what(), ""};
    }
    std::set<std::string> dropped;  // configure presets that check the solutions, and whatever uses them
    auto drop = [&](const char* list, auto&& needsSolutions) {
        if (!presets.contains(list)) return;
        nlohmann::ordered_json kept = nlohmann::ordered_json::array();
        for (const auto& preset : presets[list]) {
            if (needsSolutions(preset)) dropped.insert(preset.value("name", ""));
            else kept.push_back(preset);
        }
        if (kept.empty()) presets.erase(list);
        else presets[list] = kept;
    };
    drop("configurePresets", [&](const nlohmann::ordered_json& p) {
        const auto vars = p.value("cacheVariables", nlohmann::ordered_json::object());
        return (vars.contains("COURSE_SUBMISSION_DIR") && vars["COURSE_SUBMISSION_DIR"] == "solutions") ||
               dropped.count(p.value("inherits", ""));
    });
    for (const char* list : {"buildPresets", "testPresets"})
        drop(list, [&](const nlohmann::ordered_json& p) { return dropped.count(p.value("configurePreset", "")) > 0; });
    drop("workflowPresets", [&](const nlohmann::ordered_json& p) {
        for (const auto& step : p.value("steps", nlohmann::ordered_json::array()))
            if (dropped.count(step.value("name", ""))) return true;
        return false;
    });
    return presets.dump(2) + "\n";
}

}  // namespace grader
