// The check table: CONTRACT.md's parameters table is generated from it row for
// row, course.yaml's reader takes its checks from it, and core's reader takes
// whatever checks it is given (it names none).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checks/check_table.h"

using namespace grader;

namespace {

/// `text` with each '|' escaped, as a cell of a Markdown table.
std::string cell(const std::string& text) {
    std::string escaped;
    for (char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
    return escaped;
}

/// The rows of CONTRACT.md's table of the checks' course.yaml parameters, as the check table gives them.
std::vector<std::string> parameterRows() {
    std::vector<std::string> rows;
    for (const CheckEntry& check : checkTable())
        for (size_t i = 0; i < check.params.size(); ++i) {
            const CheckParam& param = check.params[i];
            rows.push_back((i == 0 ? "| `" + std::string(check.name) + "` |" : std::string("| |")) + " `" + param.key + "` | " +
                           cell(param.defaultText) + " | " + cell(param.doc) + " |");
        }
    return rows;
}

/// The rows of the table under `header` in CONTRACT.md (its separator line left out).
std::vector<std::string> contractTable(const std::string& header) {
    std::ifstream in(std::string(KIT_SOURCE_DIR) + "/CONTRACT.md");
    std::vector<std::string> rows;
    bool inTable = false;
    for (std::string line; std::getline(in, line);) {
        if (line == header) {
            inTable = true;
            std::getline(in, line);  // |---|---|
        } else if (inTable && line.rfind("|", 0) == 0) {
            rows.push_back(line);
        } else if (inTable) {
            break;
        }
    }
    return rows;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

}  // namespace

TEST_CASE("CONTRACT.md's parameters table is the check table's") {
    const std::vector<std::string> documented = contractTable("| check | parameter | default | bounds |");
    REQUIRE_MESSAGE(!documented.empty(), "CONTRACT.md has no table headed | check | parameter | default | bounds |");
    INFO("the check table gives (checks/check_table.cpp; copy it into CONTRACT.md):\n" << joined(parameterRows()));
    CHECK(joined(documented) == joined(parameterRows()));
}

TEST_CASE("course.yaml's reader takes the check table's checks, in its order") {
    const CheckCatalog& catalog = checkCatalog();
    REQUIRE(catalog.size() == checkTable().size());
    for (size_t i = 0; i < catalog.size(); ++i) {
        CHECK(catalog[i] == &checkTable()[i]);
        CHECK(findCheck(catalog[i]->name) == &checkTable()[i]);
        CHECK_FALSE(catalog[i]->lessons.empty());
    }
    CHECK(findCheck("lint") == nullptr);
}

TEST_CASE("core's course.yaml reader knows only the checks it is given") {
    const CheckSchema lint{"lint", "The file is tidy.", {1}, "", "", {{"level", "count", "1", "0 or more"}}, nullptr};
    const std::string yaml =
        "course: {title: T}\nlessons:\n"
        "  - {id: lesson1, title: L, folder: f, student_file: s.cu, solution_file: s.cu, label: l,\n"
        "     checks: [{name: lint, points: 1, level: 2}]}\n";
    auto course = parseCourse(yaml, "course.yaml", "/kit", CheckCatalog{&lint});
    REQUIRE_MESSAGE(course.ok(), (course.ok() ? "" : course.error().format()));
    CHECK(course->lessons[0].checks[0].intParam("level", 0) == 2);  // no compile check: nothing requires it here
    auto unknown = parseCourse(yaml, "course.yaml", "/kit", CheckCatalog{});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().message == "lesson 'lesson1': unknown check 'lint'");
    auto graders = parseCourse(yaml, "course.yaml", "/kit");  // the grader's checks: no lint
    REQUIRE_FALSE(graders.ok());
    CHECK(graders.error().message == "lesson 'lesson1': unknown check 'lint'");
}
