// The student kit's README.md, install script and CMakePresets.json, edited from the instructor's.
#include <doctest/doctest.h>

#include <fstream>

#include "export/kit_text.h"

using namespace grader;

namespace {

std::string kitFile(const std::string& relative) {
    std::string text;
    std::getline(std::ifstream(std::string(KIT_SOURCE_DIR) + "/" + relative), text, '\0');
    return text;
}

}  // namespace

TEST_CASE("the README keeps only what is marked for the student kit") {
    const std::string readme =
        "# Kit\n\n<!-- student-kit -->\nintro\n<!-- /student-kit -->\n\nbatch grading\n\n"
        "<!-- student-kit-only\nbuild it once\n-->\n\n## Later, unmarked\nbench/ figures\n";
    auto student = studentReadme(readme, "README.md");
    REQUIRE(student.ok());
    CHECK(*student == "intro\n\nbuild it once\n");
}

TEST_CASE("an unbalanced README marker, or nothing marked, is a located error") {
    auto unclosed = studentReadme("a\n<!-- student-kit -->\nb\n", "README.md");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(unclosed.error().format() == "README.md:2: this block is never closed (end it with <!-- /student-kit -->)");
    auto stray = studentReadme("a\n<!-- /student-kit -->\n", "README.md");
    REQUIRE_FALSE(stray.ok());
    CHECK(stray.error().format() == "README.md:2: '<!-- /student-kit -->' closes no block (open it with <!-- student-kit -->)");
    auto nested = studentReadme("<!-- student-kit -->\n<!-- student-kit-only\n", "README.md");
    REQUIRE_FALSE(nested.ok());
    CHECK(nested.error().format() == "README.md:2: a marker inside the block opened at line 1");
    auto empty = studentReadme("# Kit\n\nall the instructor's\n", "README.md");
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.error().format().rfind("README.md: has nothing marked for the student kit", 0) == 0);
}

TEST_CASE("the install script leaves out its instructor-only lines") {
    const std::string script =
        "#!/bin/sh\n# instructor-only\n# about CI\n# /instructor-only\npackages=(\n  cmake g++\n"
        "  # instructor-only\n  chromium\n  # /instructor-only\n)\n";
    auto student = studentInstallScript(script, "install-deps.sh");
    REQUIRE(student.ok());
    CHECK(*student == "#!/bin/sh\npackages=(\n  cmake g++\n)\n");
    auto stray = studentInstallScript("# /instructor-only\n", "install-deps.sh");
    REQUIRE_FALSE(stray.ok());
    CHECK(stray.error().format() == "install-deps.sh:1: '# /instructor-only' closes no block (open it with # instructor-only)");
    CHECK(studentInstallScript("echo hi\n", "install-deps.sh").ok());  // nothing marked: all of it travels
}

TEST_CASE("presets that check the solutions are left out with what uses or inherits them") {
    const std::string presets = R"({"version": 6,
      "configurePresets": [{"name": "default", "binaryDir": "b"},
                           {"name": "kit", "inherits": "default", "cacheVariables": {"COURSE_SUBMISSION_DIR": "solutions"}},
                           {"name": "kit-debug", "inherits": ["kit"]}],
      "buildPresets": [{"name": "default", "configurePreset": "default"}, {"name": "kit", "configurePreset": "kit"}],
      "testPresets": [{"name": "kit-lesson1", "inherits": "kit"},
                      {"name": "kit", "configurePreset": "kit"},
                      {"name": "default", "configurePreset": "default"},
                      {"name": "lesson1", "inherits": "default", "filter": {"include": {"label": "^lesson1$"}}}],
      "workflowPresets": [{"name": "kit", "steps": [{"type": "configure", "name": "kit"}]}]})";
    auto student = studentPresets(presets, "CMakePresets.json");
    REQUIRE(student.ok());
    CHECK(student->find("\"kit") == std::string::npos);
    CHECK(student->find("\"workflowPresets\"") == std::string::npos);
    CHECK(student->find("\"lesson1\"") != std::string::npos);
    CHECK(student->find("\"binaryDir\": \"b\"") != std::string::npos);
    CHECK(student->find("\"version\": 6") < student->find("\"configurePresets\""));  // the order is kept
    CHECK_FALSE(studentPresets("{", "CMakePresets.json").ok());
}

TEST_CASE("the kit's own README, install script and presets edit cleanly") {
    const std::string text = kitFile("README.md");
    REQUIRE_FALSE(text.empty());
    auto readme = studentReadme(text, "README.md");
    REQUIRE_MESSAGE(readme.ok(), (readme.ok() ? "" : readme.error().format()));
    CHECK(readme->find("## The student's path") != std::string::npos);
    CHECK(readme->find("ctest --preset lesson1") != std::string::npos);
    CHECK(readme->find("bash scripts/install-deps.sh") != std::string::npos);
    CHECK(readme->find("<!--") == std::string::npos);
    CHECK(readme->find("](docs/student-guide.md)") != std::string::npos);  // the guide travels with it
    CHECK(readme->find("instructor-guide") == std::string::npos);
    // Instructor-only matters, which the student kit does not have (kit.export_student checks every path on the real export).
    for (const char* word : {"bench/", ".ci/", "batch", "export", "solutions", "examples/", "Publishing", "--preset kit", "--workflow"})
        CHECK_MESSAGE(readme->find(word) == std::string::npos, "the student's README mentions " << word);

    auto script = studentInstallScript(kitFile("scripts/install-deps.sh"), "scripts/install-deps.sh");
    REQUIRE_MESSAGE(script.ok(), (script.ok() ? "" : script.error().format()));
    CHECK(script->find("libyaml-cpp-dev") != std::string::npos);
    for (const char* package : {"chromium", "doctest", "bubblewrap", ".ci/"})
        CHECK_MESSAGE(script->find(package) == std::string::npos, "the student's install script names " << package);

    auto presets = studentPresets(kitFile("CMakePresets.json"), "CMakePresets.json");
    REQUIRE(presets.ok());
    CHECK(presets->find("\"kit\"") == std::string::npos);
    for (const char* lesson : {"\"lesson1\"", "\"lesson2\"", "\"lesson3\"", "\"lesson4\""}) CHECK(presets->find(lesson) != std::string::npos);
}

TEST_CASE("the student guide travels whole, with what is in the student kit and how GitHub and VS Code run its checks") {
    const std::string text = kitFile("docs/student-guide.md");
    REQUIRE_FALSE(text.empty());
    auto guide = studentReadme(text, "docs/student-guide.md");
    REQUIRE_MESSAGE(guide.ok(), (guide.ok() ? "" : guide.error().format()));
    for (const char* part : {"## Checking a lesson", "## The whole report", "## The quiz", "## The tile map and the trainer",
                             "## What is in the kit", "## On GitHub and in VS Code"})
        CHECK_MESSAGE(guide->find(part) != std::string::npos, "the student's guide lacks " << part);
    CHECK(guide->find("<!--") == std::string::npos);
    for (const char* word : {"bench/", ".ci/", "batch", "export", "solutions", "examples/", "instructor", "--preset kit", "--workflow"})
        CHECK_MESSAGE(guide->find(word) == std::string::npos, "the student's guide mentions " << word);
}
