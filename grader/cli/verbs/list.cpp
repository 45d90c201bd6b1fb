// `grader list [--json]`: the course's lessons, their files and checks,
// with the points and parameters course.yaml sets (the kit's self-test
// registers its tests from the JSON). `grader list --checks [--json]`: every
// check the grader has, from the check table (checks/check_table.h): its
// summary, where it runs, its lessons and its parameters with their defaults
// and bounds (CONTRACT.md's tests compare it with the contract).
// Non-goal: validating course.yaml (core/course.cpp does, on loading).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "checks/check_table.h"
#include "cli/verb.h"
#include "cli/verbs/table.h"

namespace grader {

namespace {

/// "  (cpu_sizes [16, 48], time_limit_s 20)": the parameters course.yaml sets for a check, or "".
std::string parameterText(const CheckSpec& check) {
    std::string text;
    const auto add = [&text](const std::string& item) { text += (text.empty() ? "  (" : ", ") + item; };
    const auto number = [](double v) {
        std::ostringstream out;
        out << v;
        return out.str();
    };
    for (const auto& [key, value] : check.params) {
        if (const auto* i = std::get_if<long>(&value)) add(key + " " + std::to_string(*i));
        else if (const auto* d = std::get_if<double>(&value)) add(key + " " + number(*d));
        else if (const auto* s = std::get_if<std::string>(&value)) add(key + " " + *s);
        else {
            std::string list;
            for (long v : std::get<std::vector<long>>(value)) list += (list.empty() ? "" : ", ") + std::to_string(v);
            add(key + " [" + list + "]");
        }
    }
    if (check.timeLimitS != kDefaultTimeLimitS) add("time_limit_s " + number(check.timeLimitS));
    return text.empty() ? "" : text + ")";
}

/// The course as `grader list --json` prints it: every lesson's files and checks with the
/// parameters course.yaml sets (the kit's self-test registers its tests from it).
nlohmann::ordered_json courseJson(const Course& course) {
    nlohmann::ordered_json lessons = nlohmann::ordered_json::array();
    for (const auto& lesson : course.lessons) {
        nlohmann::ordered_json checks = nlohmann::ordered_json::array();
        for (const auto& check : lesson.checks) {
            nlohmann::ordered_json params = nlohmann::ordered_json::object();
            for (const auto& param : check.params) std::visit([&](const auto& v) { params[param.first] = v; }, param.second);
            checks.push_back({{"name", check.name}, {"points", check.points}, {"time_limit_s", check.timeLimitS}, {"params", params}});
        }
        lessons.push_back({{"id", lesson.id}, {"title", lesson.title}, {"folder", lesson.folder}, {"student_file", lesson.studentFile},
                           {"solution_file", lesson.solutionFile}, {"label", lesson.label}, {"checks", checks}});
    }
    return {{"title", course.title}, {"tile", course.tile}, {"lessons", lessons}};
}

/// Prints the course: as JSON, or a line per lesson and per check.
void printCourse(const Course& course, bool json) {
    if (json) {
        std::cout << courseJson(course).dump(2) << "\n";
        return;
    }
    std::cout << course.title << "\n";
    for (const auto& lesson : course.lessons) {
        std::cout << "  " << lesson.id << "  " << lesson.title << "  (starter/" << lesson.folder << "/" << lesson.studentFile << ")\n";
        for (const auto& check : lesson.checks)
            std::cout << "      " << check.name << std::string(check.name.size() < 13 ? 13 - check.name.size() : 1, ' ')
                      << check.points << " point" << (check.points == 1 ? "" : "s") << parameterText(check) << "\n";
    }
}

/// The check table as `grader list --checks --json` prints it.
nlohmann::ordered_json checksJson() {
    nlohmann::ordered_json checks = nlohmann::ordered_json::array();
    for (const CheckEntry& check : checkTable()) {
        nlohmann::ordered_json params = nlohmann::ordered_json::array();
        for (const CheckParam& param : check.params)
            params.push_back({{"key", param.key}, {"type", param.type}, {"default", param.defaultText}, {"bounds", param.doc}});
        checks.push_back({{"name", check.name}, {"summary", check.summary}, {"runs", runsName(check.where)}, {"lessons", check.lessons},
                          {"required", *check.requiredWhy != 0}, {"params", params}});
    }
    return checks;
}

/// Prints the check table: as JSON, or each check with its summary, where it runs, its lessons and parameters.
void printChecks(bool json) {
    if (json) {
        std::cout << checksJson().dump(2) << "\n";
        return;
    }
    for (const CheckEntry& check : checkTable()) {
        std::string lessons;
        for (int number : check.lessons) lessons += (lessons.empty() ? "" : ", ") + std::string("lesson") + std::to_string(number);
        std::cout << check.name << "  " << check.summary << "\n    runs " << runsName(check.where) << "; lessons " << lessons
                  << (*check.requiredWhy ? "; required" : "") << "\n";
        for (const CheckParam& param : check.params)
            std::cout << "    " << param.key << " (" << param.type << ", default " << param.defaultText << "): " << param.doc << "\n";
    }
}

}  // namespace

/// The `list` verb.
VerbEntry listVerb() {
    return {"list", "list the lessons and their checks from course.yaml", Needs::Course, [](CLI::App& command) -> VerbRun {
                auto json = std::make_shared<bool>(false), checks = std::make_shared<bool>(false);
                command.add_flag("--json", *json, "print the course as JSON: lessons, files, checks, points and parameters");
                command.add_flag("--checks", *checks,
                                 "list every check the grader has instead: summary, where it runs, lessons, parameters with defaults and bounds");
                return [json, checks](const VerbInput& input) {
                    if (*checks) printChecks(*json);
                    else printCourse(*input.course, *json);
                    return ExitCode::Done;
                };
            }};
}

}  // namespace grader
