// Reads `grader list --json`'s course back (see course_json.h). nlohmann's
// exceptions are off in the judge: every access checks the type first.
#include "course_json.h"

#include <nlohmann/json.hpp>

namespace grader {

namespace {

using nlohmann::json;

/// The string at `key` of `object`, or "" when absent or not a string.
std::string text(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

/// A parameter's value as course.yaml's reader types it: whole numbers as long, others as double.
bool readParam(const json& value, ParamValue& out) {
    if (value.is_number_integer()) out = static_cast<long>(value.get<long long>());
    else if (value.is_number_float()) out = value.get<double>();
    else if (value.is_string()) out = value.get<std::string>();
    else if (value.is_array()) {
        std::vector<long> list;
        for (const auto& v : value) {
            if (!v.is_number_integer()) return false;
            list.push_back(static_cast<long>(v.get<long long>()));
        }
        out = list;
    } else return false;
    return true;
}

bool readCheck(const json& node, CheckSpec& check) {
    if (!node.is_object() || !node.contains("points") || !node["points"].is_number_integer()) return false;
    check.name = text(node, "name");
    check.points = node["points"].get<int>();
    if (auto limit = node.find("time_limit_s"); limit != node.end() && limit->is_number()) check.timeLimitS = limit->get<double>();
    if (auto params = node.find("params"); params != node.end() && params->is_object())
        for (const auto& [key, value] : params->items())
            if (!readParam(value, check.params[key])) return false;
    return !check.name.empty();
}

}  // namespace

Expected<Course> courseFromJson(const std::string& input) {
    const json doc = json::parse(input, nullptr, /*allow_exceptions=*/false);
    const Error bad{"course.json", "not the course as `grader list --json` prints it", "rebuild the page (web/build.mjs)"};
    if (!doc.is_object() || !doc.contains("lessons") || !doc["lessons"].is_array()) return bad;
    Course course;
    course.title = text(doc, "title");
    if (auto tile = doc.find("tile"); tile != doc.end() && tile->is_number_integer()) course.tile = tile->get<int>();
    for (const auto& node : doc["lessons"]) {
        if (!node.is_object()) return bad;
        Lesson lesson;
        lesson.id = text(node, "id");
        lesson.title = text(node, "title");
        lesson.folder = text(node, "folder");
        lesson.studentFile = text(node, "student_file");
        lesson.solutionFile = text(node, "solution_file");
        lesson.label = text(node, "label");
        if (lesson.id.rfind("lesson", 0) != 0) return bad;
        lesson.number = std::atoi(lesson.id.c_str() + 6);
        if (auto checks = node.find("checks"); checks != node.end() && checks->is_array())
            for (const auto& c : *checks) {
                CheckSpec check;
                if (!readCheck(c, check)) return bad;
                lesson.checks.push_back(std::move(check));
            }
        course.lessons.push_back(std::move(lesson));
    }
    return course;
}

}  // namespace grader
