// The time profile: a span's seconds go to its lesson and use, less what its
// sandboxed starts cost; the batch's text and JSON sum the lessons.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <thread>

#include "backend/time_profile.h"
#include "batch/time_report.h"
#include "core/sandbox.h"

using namespace grader;

TEST_CASE("a span's seconds go to its lesson and use, and without a sandbox none is sandbox start") {
    setSandboxStartCost(0.25);
    const double before = timeProfile()["profile-test-a"][TimeUse::Emulator];
    {
        const TimedSpan span("profile-test-a", TimeUse::Emulator);
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    const LessonTime after = timeProfile()["profile-test-a"];
    CHECK(after[TimeUse::Emulator] - before >= 0.03);
    CHECK(after[TimeUse::Emulator] - before < 5);
    CHECK(after[TimeUse::SandboxStart] == 0);  // no confined command ran in it
    CHECK(after[TimeUse::Compile] == 0);
    CHECK(measureSandboxStartSeconds() == 0);  // no sandbox is active
    setSandboxStartCost(0);
}

TEST_CASE("an empty lesson id is not counted") {
    addTime("", TimeUse::Compile, 5);
    CHECK(timeProfile().count("") == 0);
}

TEST_CASE("the batch's split sums the lessons, as text and as JSON") {
    std::map<std::string, LessonTime> lessons;
    lessons["lesson1"][TimeUse::Compile] = 10;
    lessons["lesson1"][TimeUse::GpuShared] = 4;
    lessons["lesson1"].gpuProcesses = 6;
    lessons["lesson1"].gpuBuilds = 3;
    lessons["lesson1"].sharedTurns = 7;
    lessons["lesson2"].sharedTurns = 1;
    lessons["lesson2"].exclusiveTurns = 2;
    lessons["lesson2"][TimeUse::Compile] = 2.5;
    lessons["lesson2"][TimeUse::Waiting] = 1;
    lessons["lesson2"][TimeUse::SandboxStart] = 0.5;
    lessons["lesson2"][TimeUse::GpuNoTurn] = 0.75;
    const std::string text = timeSplitText(lessons);
    CHECK(text.find("time by lesson, summed over the class (seconds):") == 0);
    CHECK(text.find("  lesson       compile   emulator GPU shared  GPU alone    no turn    waiting sandbox start\n") != std::string::npos);
    CHECK(text.find("  lesson1         10.0        0.0        4.0        0.0        0.0        0.0           0.0   2.0 GPU processes per file\n") !=
          std::string::npos);
    CHECK(text.find("  total           12.5        0.0        4.0        0.0        0.8        1.0           0.5") != std::string::npos);
    CHECK(timeSplitText({}).empty());

    RunShape shape{"gpu", 8, 42.5, false, 0.012};
    const auto json = nlohmann::json::parse(timeProfileJson(lessons, shape));
    CHECK(json["backend"] == "gpu");
    CHECK(json["jobs"] == 8);
    CHECK(json["complete"] == false);
    CHECK(json["wall_s"] == 42.5);
    CHECK(json["sandbox_start_each_s"] == 0.012);
    CHECK(json["lessons"]["lesson2"]["waiting_s"] == 1.0);
    CHECK(json["total"]["compile_s"] == 12.5);
    CHECK(json["total"]["gpu_processes"] == 6);
    CHECK(json["total"]["gpu_files"] == 3);
    CHECK(json["total"]["gpu_shared_turns"] == 8);
    CHECK(json["lessons"]["lesson2"]["gpu_exclusive_turns"] == 2);
    CHECK(json["lessons"]["lesson2"]["gpu_no_turn_s"] == 0.75);
    CHECK(gpuTurnsText(lessons) == "GPU turns: 8 shared (4 s running), 2 alone (0 s running); 1 s waiting for them; 1 s of children holding none\n");
    for (const char* key : {"compile_s", "emulator_s", "gpu_shared_s", "gpu_exclusive_s", "gpu_no_turn_s", "waiting_s", "sandbox_start_s"})
        CHECK_MESSAGE(json["total"].contains(key), key);
}

TEST_CASE("the time covered by spans counts overlaps once and leaves out gaps and backward spans") {
    CHECK(coveredSeconds({}) == 0);
    CHECK(coveredSeconds({{1, 3}}) == 2);
    CHECK(coveredSeconds({{1, 3}, {2, 5}}) == 4);             // overlapping: [1, 5]
    CHECK(coveredSeconds({{4, 6}, {1, 2}}) == 3);             // apart, out of order
    CHECK(coveredSeconds({{1, 10}, {2, 3}, {4, 5}}) == 9);    // nested
    CHECK(coveredSeconds({{1, 2}, {2, 3}}) == 2);             // touching
    CHECK(coveredSeconds({{5, 1}, {1, 2}}) == 1);             // an end before its begin counts nothing
}

TEST_CASE("the device's serial work: children's starts and turns alone, each covered and together") {
    using Clock = std::chrono::steady_clock;
    const DeviceSpans before = deviceSpans();
    const Clock::time_point t = Clock::now() - std::chrono::seconds(100);
    addContextStart(t, t + std::chrono::seconds(2));
    addContextStart(t + std::chrono::seconds(1), t + std::chrono::seconds(3));  // started while the first was starting
    addAloneSpan(t + std::chrono::seconds(5), t + std::chrono::seconds(6));
    addContextStart(t + std::chrono::seconds(4), t + std::chrono::seconds(3));   // ready before spawned: not trusted
    addContextStart(t, Clock::now() + std::chrono::hours(1));                    // ready in the future: not trusted
    const DeviceSpans after = deviceSpans();
    CHECK(after.contextStarts - before.contextStarts == 2);
    CHECK(after.contextSeconds - before.contextSeconds == doctest::Approx(4));
    CHECK(after.startingSeconds - before.startingSeconds == doctest::Approx(3));
    CHECK(after.aloneSeconds - before.aloneSeconds == doctest::Approx(1));
    CHECK(after.eitherSeconds - before.eitherSeconds == doctest::Approx(4));
}

TEST_CASE("the device's serial work as the summary's line and in the profile") {
    DeviceSpans device{735, 110.25, 118.4, 64.2, 170.6};
    CHECK(deviceSpansText(device, 182) ==
          "GPU device, serial work: children starting their CUDA contexts 118 s (735 starts, 0.15 s each from spawn to a ready "
          "context), a child alone 64 s; one or the other 171 s of the 182 s run\n");
    CHECK(deviceSpansText(DeviceSpans{}, 10).empty());  // the cpu backend: no line
    RunShape shape{"gpu", 16, 182, true, 0.006, device};
    const auto json = nlohmann::json::parse(timeProfileJson({}, shape));
    CHECK(json["device"]["context_starts"] == 735);
    CHECK(json["device"]["context_start_s"] == 110.25);
    CHECK(json["device"]["starting_s"] == 118.4);
    CHECK(json["device"]["alone_s"] == 64.2);
    CHECK(json["device"]["starting_or_alone_s"] == 170.6);
}
