// The student kit's README.md and CMakePresets.json, edited from the instructor's.
#include <doctest/doctest.h>

#include <fstream>

#include "export/kit_text.h"

using namespace grader;

TEST_CASE("instructor-only blocks are left out and student-kit comments shown") {
    const std::string readme =
        "# Kit\n\nintro\n\n<!-- instructor-only -->\nbatch grading\n<!-- /instructor-only -->\n"
        "<!-- student-kit\nbuild it once\n-->\n\n## Next\n";
    auto student = studentReadme(readme, "README.md");
    REQUIRE(student.ok());
    CHECK(*student == "# Kit\n\nintro\n\nbuild it once\n\n## Next\n");
}

TEST_CASE("an unbalanced marker is a located error") {
    auto unclosed = studentReadme("a\n<!-- instructor-only -->\nb\n", "README.md");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(unclosed.error().format() == "README.md:2: this block is never closed (end it with <!-- /instructor-only -->)");
    auto stray = studentReadme("a\n<!-- /instructor-only -->\n", "README.md");
    REQUIRE_FALSE(stray.ok());
    CHECK(stray.error().format() == "README.md:2: '<!-- /instructor-only -->' closes no instructor-only block");
    auto nested = studentReadme("<!-- instructor-only -->\n<!-- student-kit\n", "README.md");
    REQUIRE_FALSE(nested.ok());
    CHECK(nested.error().format() == "README.md:2: a marker inside the block opened at line 1");
}

TEST_CASE("presets that check the solutions are left out with what uses them") {
    const std::string presets = R"({"version": 6,
      "configurePresets": [{"name": "default", "binaryDir": "b"},
                           {"name": "kit", "inherits": "default", "cacheVariables": {"COURSE_SUBMISSION_DIR": "solutions"}}],
      "buildPresets": [{"name": "default", "configurePreset": "default"}, {"name": "kit", "configurePreset": "kit"}],
      "testPresets": [{"name": "kit", "configurePreset": "kit"}],
      "workflowPresets": [{"name": "kit", "steps": [{"type": "configure", "name": "kit"}]}]})";
    auto student = studentPresets(presets, "CMakePresets.json");
    REQUIRE(student.ok());
    CHECK(student->find("\"kit\"") == std::string::npos);
    CHECK(student->find("\"testPresets\"") == std::string::npos);
    CHECK(student->find("\"binaryDir\": \"b\"") != std::string::npos);
    CHECK(student->find("\"version\": 6") < student->find("\"configurePresets\""));  // the order is kept
    CHECK_FALSE(studentPresets("{", "CMakePresets.json").ok());
}

TEST_CASE("the kit's own README and presets edit cleanly") {
    std::string text;
    REQUIRE(std::getline(std::ifstream(std::string(KIT_SOURCE_DIR) + "/README.md"), text, '\0'));
    auto readme = studentReadme(text, "README.md");
    REQUIRE_MESSAGE(readme.ok(), (readme.ok() ? "" : readme.error().format()));
    CHECK(readme->find("grader batch") == std::string::npos);
    CHECK(readme->find("Publishing the student kit") == std::string::npos);
    CHECK(readme->find("## The student's path") != std::string::npos);
    CHECK(readme->find("<!--") == std::string::npos);
}
