// `grader trainer` end to end in one process under the reference course:
// answers read line by line, the progress file written after each exercise
// and read back (right exercises are not asked again), the end of input, and
// a corrupt progress file or one from another course version set aside with
// one line, never overwritten.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "test_support.h"
#include "trainer/progress.h"
#include "cli/verbs/trainer.h"

using namespace grader;

namespace {

CommandRun trainer(const std::string& input, const std::filesystem::path& progress) {
    TrainerCommand command;
    command.set = "lesson2";
    command.progress = progress.string();
    std::istringstream in(input);
    std::ostringstream out, err;
    CommandRun run;
    run.exit = static_cast<int>(runTrainerCommand(loadedReferenceCourse(), command, in, out, err));
    run.out = out.str();
    run.err = err.str();
    return run;
}

// lesson2, seed 1: thread_load (A 32,43; B 32,11; tA, tB 0,11), block_tiles (A 0..15,16..31; B 16..31,0..15),
// element_readers (blocks 0,0 1,0; phase 1; readers 32).
const std::string kFirstRight = "32,43\n32,11\n0,11\n0,11\n";
const std::string kAllRight = kFirstRight + "0..15,16..31\n16..31,0..15\n0,0 1,0\n1\n32\n";

std::string fileText(const std::filesystem::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a set answered right exits 0 and is not asked again") {
    TempFolder folder("trainer-command");
    const auto progress = folder.path / kTrainerProgressFile;
    const CommandRun first = trainer(kAllRight, progress);
    CHECK(first.exit == 0);
    CHECK(first.err.empty());
    CHECK(first.out.find("3/3 exercises right.") != std::string::npos);
    const CommandRun again = trainer("", progress);
    CHECK(again.exit == 0);
    CHECK(again.out.find("Exercise 3 of 3: element_readers  (answered right before)") != std::string::npos);
}

TEST_CASE("the end of input leaves the rest unanswered, and what was answered is kept") {
    TempFolder folder("trainer-command");
    const auto progress = folder.path / kTrainerProgressFile;
    const CommandRun partial = trainer(kFirstRight + "0..15,16..31\n", progress);
    CHECK(partial.exit == 1);
    CHECK(partial.out.find("1/3 exercises right.") != std::string::npos);
    CHECK(partial.out.find("no answer (end of input)") != std::string::npos);
    const CommandRun rest = trainer("0..15,16..31\n16..31,0..15\n0,0 1,0\n1\n32\n", progress);
    CHECK(rest.exit == 0);
    CHECK(rest.out.find("Exercise 1 of 3: thread_load  (answered right before)") != std::string::npos);
}

TEST_CASE("a corrupt progress file is set aside with one line, never overwritten") {
    TempFolder folder("trainer-command");
    const auto progress = folder.path / kTrainerProgressFile;
    std::ofstream(progress) << "course_version: [unclosed\n";
    const CommandRun run = trainer(kAllRight, progress);
    CHECK(run.exit == 0);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
    CHECK(run.err.find("set aside as trainer_progress.yaml.corrupt-") != std::string::npos);
    int aside = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path)) {
        if (entry.path().filename().string().rfind("trainer_progress.yaml.corrupt-", 0) != 0) continue;
        ++aside;
        CHECK(fileText(entry.path()) == "course_version: [unclosed\n");
    }
    CHECK(aside == 1);
    CHECK(loadProgress(progress, "p", trainerCourseVersion(16)).problem == ProgressProblem::None);
}

TEST_CASE("a progress file from another course version is set aside too") {
    TempFolder folder("trainer-command");
    const auto progress = folder.path / kTrainerProgressFile;
    std::ofstream(progress) << "course_version: 000000000000\nrecords: []\n";
    const CommandRun run = trainer("", progress);
    CHECK(run.exit == 1);
    CHECK(run.err.find("written for another version of the course") != std::string::npos);
    CHECK(run.err.find("set aside as trainer_progress.yaml.other-version-") != std::string::npos);
}
