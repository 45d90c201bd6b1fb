// The trainer's progress file: written and read back, recorded answers
// checked by drawing the set again, and a corrupt file or one from another
// course version recognised and set aside, never overwritten; the browser
// edition's JSON form read back to the same progress.
#include <doctest/doctest.h>

#include <fstream>

#include "test_support.h"
#include "trainer/progress.h"
#include "trainer/progress_json.h"

using namespace grader;

namespace {

TrainerProgress sampleProgress() {
    TrainerProgress progress;
    progress.courseVersion = trainerCourseVersion(16);
    SetRecord& record = progress.at("lesson2", 1);
    // seed 1: thread_load n=48 bx=0 by=2 p=2 tx=11 ty=0 -> A 32,43; B 32,11; slots 0,11
    record.exercises.push_back({"thread_load", {{"A", "32,43"}, {"B", "32,11"}, {"tA", "0,11"}, {"tB", "0,11"}}});
    record.exercises.push_back({"block_tiles", {{"A", "0..15,16..31"}, {"B", "16..31,0..14"}}});
    return progress;
}

}  // namespace

TEST_CASE("progress is written and read back the same") {
    const TrainerProgress progress = sampleProgress();
    const LoadedProgress loaded = parseProgress(formatProgress(progress), "p.yaml", trainerCourseVersion(16));
    REQUIRE(loaded.problem == ProgressProblem::None);
    REQUIRE(loaded.progress.records.size() == 1);
    CHECK(loaded.progress.find("lesson2", 1)->exercises[1].answers.at("B") == "16..31,0..14");
    CHECK(formatProgress(loaded.progress) == formatProgress(progress));
}

TEST_CASE("recorded answers are checked against the set drawn again") {
    const TrainerProgress progress = sampleProgress();
    const ExerciseSet set = *generateSet("lesson2", 1, 16);
    const SetRecord* record = progress.find("lesson2", 1);
    CHECK(allRight(checkRecorded(set.exercises[0], recordedFor(record, 0, set.exercises[0]))));
    const auto tiles = checkRecorded(set.exercises[1], recordedFor(record, 1, set.exercises[1]));
    CHECK(tiles[0].verdict == PartVerdict::Right);
    CHECK(tiles[1].verdict == PartVerdict::Partly);
    CHECK(!allRight(checkRecorded(set.exercises[2], recordedFor(record, 2, set.exercises[2]))));  // never answered
    CHECK(recordedFor(record, 0, set.exercises[1]) == nullptr);  // a record of another kind is not this exercise's
}

TEST_CASE("a corrupt file and one from another course version are told apart") {
    CHECK(parseProgress("records: [", "p.yaml", "v").problem == ProgressProblem::Corrupt);
    CHECK(parseProgress("- 1\n- 2\n", "p.yaml", "v").problem == ProgressProblem::Corrupt);
    CHECK(parseProgress("course_version: v\nrecords:\n  - set: lesson2\n    seed: -4\n    exercises: []\n", "p.yaml", "v").problem ==
          ProgressProblem::Corrupt);
    const LoadedProgress other = parseProgress("course_version: old\nrecords: []\n", "p.yaml", "new");
    CHECK(other.problem == ProgressProblem::OtherVersion);
    CHECK(other.error.format() == "p.yaml: written for another version of the course (old, now new)");
    CHECK(parseProgress("course_version: v\nrecords: []\n", "p.yaml", "v").problem == ProgressProblem::None);
}

TEST_CASE("answers with tabs, line breaks or control characters read back the same; a part named oddly is corrupt (found by "
          "fuzz_trainer_progress)") {
    TrainerProgress progress = sampleProgress();
    progress.at("lesson2", 1).exercises[0].answers["A"] = "32,\t43\n\x01\"\\";
    const LoadedProgress loaded = parseProgress(formatProgress(progress), "p.yaml", trainerCourseVersion(16));
    REQUIRE(loaded.problem == ProgressProblem::None);
    CHECK(loaded.progress.find("lesson2", 1)->exercises[0].answers.at("A") == "32,\t43\n\x01\"\\");
    const std::string odd = std::string("course_version: v\nrecords:\n  - set: lesson2\n    seed: 1\n    exercises:\n      - kind: thread_load\n"
                                        "        answers: {A: \"1,2\", \"\\0 tA\": \"0,11\"}\n");
    const LoadedProgress oddPart = parseProgress(odd, "p.yaml", "v");
    CHECK(oddPart.problem == ProgressProblem::Corrupt);
    CHECK(oddPart.error.format() == "p.yaml:7:29: a part's name must be a word, like tA");
    CHECK(parseProgress("course_version: v\nrecords:\n  - set: lesson2\n    seed: 1\n    exercises:\n      - kind: thread_load\n"
                        "        answers: {[A]: \"1,2\"}\n", "p.yaml", "v").problem == ProgressProblem::Corrupt);
}

TEST_CASE("an unusable file is set aside under a new name, its text kept") {
    TempFolder folder("trainer-progress");
    const auto path = folder.path / "trainer_progress.yaml";
    std::ofstream(path) << "records: [";
    auto aside = setProgressAside(path, ProgressProblem::Corrupt);
    REQUIRE(aside);
    CHECK(!std::filesystem::exists(path));
    CHECK(aside->filename().string().rfind("trainer_progress.yaml.corrupt-", 0) == 0);
    std::ifstream in(*aside);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "records: [");
}

TEST_CASE("the JSON form reads back to the progress the YAML file holds") {
    const TrainerProgress progress = sampleProgress();
    const LoadedProgress loaded = progressFromJson(progressJson(progress), "trainer_progress.yaml", trainerCourseVersion(16));
    REQUIRE(loaded.problem == ProgressProblem::None);
    CHECK(formatProgress(loaded.progress) == formatProgress(progress));
    CHECK(progressJson(loaded.progress) == progressJson(progress));
}

TEST_CASE("JSON progress of the wrong shape is corrupt, another course version's is told apart") {
    const auto problem = [](const std::string& text) { return progressFromJson(text, "p.yaml", "v").problem; };
    CHECK(problem("{") == ProgressProblem::Corrupt);
    CHECK(problem("[]") == ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v"})") == ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[],"extra":1})") == ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[{"set":"lesson2","seed":-1,"exercises":[]}]})") == ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[{"set":"lesson2","seed":4294967296,"exercises":[]}]})") == ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[{"set":"lesson2","seed":1,"exercises":[{"kind":"thread_load","answers":{"t A":"1,2"}}]}]})") ==
          ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[{"set":"lesson2","seed":1,"exercises":[{"kind":"thread_load","answers":{"A":3}}]}]})") ==
          ProgressProblem::Corrupt);
    CHECK(problem(R"({"course_version":"v","records":[]})") == ProgressProblem::None);
    const LoadedProgress other = progressFromJson(R"({"course_version":"old","records":[]})", "p.yaml", "new");
    CHECK(other.problem == ProgressProblem::OtherVersion);
    CHECK(other.error.format() == "p.yaml: written for another version of the course (old, now new)");
}
