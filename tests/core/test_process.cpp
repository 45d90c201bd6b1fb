// Child processes (core/process.h): a child never gets a CI runner's
// variables (GitHub Actions hands its steps GITHUB_OUTPUT, GITHUB_ENV and
// tokens), while the rest of the environment and the variables the caller
// sets reach it.
#include <doctest/doctest.h>

#include <cstdlib>

#include "core/process.h"

using namespace grader;

TEST_CASE("a child never sees a CI runner's variables; the others and the caller's reach it") {
    setenv("GITHUB_OUTPUT", "/tmp/runner/set_output_1", 1);
    setenv("ACTIONS_RUNTIME_TOKEN", "secret", 1);
    setenv("RUNNER_TEMP", "/tmp/runner", 1);
    setenv("GRADER_TEST_KEPT", "kept", 1);
    ProcessLimits limits;
    ProcessResult shown = runProcess({"/usr/bin/env"}, limits, {}, {"GRADER_TEST_SET=set", "GRADER_TEST_KEPT=over"});
    unsetenv("GITHUB_OUTPUT");
    unsetenv("ACTIONS_RUNTIME_TOKEN");
    unsetenv("RUNNER_TEMP");
    unsetenv("GRADER_TEST_KEPT");
    REQUIRE(shown.succeeded());
    CHECK(shown.output.find("GITHUB_OUTPUT") == std::string::npos);
    CHECK(shown.output.find("ACTIONS_RUNTIME_TOKEN") == std::string::npos);
    CHECK(shown.output.find("RUNNER_TEMP") == std::string::npos);
    CHECK(shown.output.find("GRADER_TEST_SET=set\n") != std::string::npos);
    CHECK(shown.output.find("GRADER_TEST_KEPT=over\n") != std::string::npos);  // the caller's value over the grader's
    CHECK(shown.output.find("GRADER_TEST_KEPT=kept") == std::string::npos);
    CHECK(shown.output.find("PATH=") != std::string::npos);
}
