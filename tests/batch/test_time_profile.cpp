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

TEST_CASE("the time within waits covered by tails and by no work") {
    CHECK(tailsOnlySeconds({}, {{0, 5}}, {}) == 0);                       // no wait
    CHECK(tailsOnlySeconds({{0, 10}}, {}, {}) == 0);                      // a wait behind nothing it can name
    CHECK(tailsOnlySeconds({{0, 10}}, {{2, 6}}, {}) == 4);                // a tail inside the wait
    CHECK(tailsOnlySeconds({{0, 10}}, {{2, 6}}, {{0, 4}}) == 2);          // work goes on until 4
    CHECK(tailsOnlySeconds({{0, 10}, {3, 8}}, {{2, 6}, {5, 12}}, {}) == 8);  // overlaps count once: [2, 10]
    CHECK(tailsOnlySeconds({{0, 10}}, {{2, 6}}, {{7, 9}, {6, 3}}) == 4);  // work after the tails, and a backward span
    CHECK(tailsOnlySeconds({{4, 2}}, {{0, 10}}, {}) == 0);                // a backward wait counts nothing
}

TEST_CASE("each device's serial work: children making their contexts, turns alone, timed runs waiting, each covered and together") {
    using Clock = std::chrono::steady_clock;
    using std::chrono::milliseconds;
    using std::chrono::seconds;
    const std::string gpu = "GPU 7 (profile test)";
    const DeviceSpans before = deviceSpans()[gpu];
    const Clock::time_point t = Clock::now() - seconds(100);
    addContextStart(gpu, t, t + milliseconds(500), t + seconds(2));
    addContextStart(gpu, t + seconds(1), t + seconds(1), t + seconds(3));  // made while the first was being made
    addAloneSpan(gpu, t + seconds(5), t + seconds(6));
    addDrainSpan(gpu, t + seconds(4), t + seconds(5));                    // the timed run waited, then had it alone
    addDrainSpan(gpu, t + seconds(4) + milliseconds(500), t + seconds(5));  // a second one queued behind it
    addContextStart(gpu, t + seconds(4), t + seconds(4), t + seconds(3));     // ready before begun: not trusted
    addContextStart(gpu, t + seconds(4), t + seconds(3), t + seconds(5));     // begun before spawned: not trusted
    addContextStart(gpu, t, t, Clock::now() + std::chrono::hours(1));        // ready in the future: not trusted
    addAloneSpan("GPU 8 (profile test)", t + seconds(5), t + seconds(9));     // another device's turn: not this one's
    // Two children in shared turns while the timed run waited (from 4 s to 5 s): one's GPU work ended at 4.2 s, the
    // other's at 4.6 s, in its second turn; a third told no end, so all its turn is work, but it ended at 4.1 s.
    addSharedHolds(gpu, {{t + seconds(3), t + milliseconds(4800)}}, t + milliseconds(4200));
    addSharedHolds(gpu, {{t, t + seconds(1)}, {t + seconds(2), t + milliseconds(4900)}}, t + milliseconds(4600));
    addSharedHolds(gpu, {{t + seconds(3), t + milliseconds(4100)}}, std::nullopt);
    const auto all = deviceSpans();
    const DeviceSpans after = all.at(gpu);
    CHECK(after.contextStarts - before.contextStarts == 2);
    CHECK(after.spawnToContextSeconds - before.spawnToContextSeconds == doctest::Approx(4));
    CHECK(after.contextSeconds - before.contextSeconds == doctest::Approx(3.5));
    CHECK(after.contextCoveredSeconds - before.contextCoveredSeconds == doctest::Approx(2.5));
    CHECK(after.aloneSeconds - before.aloneSeconds == doctest::Approx(1));
    CHECK(after.contextOrAloneSeconds - before.contextOrAloneSeconds == doctest::Approx(3.5));
    CHECK(after.drainingSeconds - before.drainingSeconds == doctest::Approx(1));
    CHECK(after.drainingOrAloneSeconds - before.drainingOrAloneSeconds == doctest::Approx(2));
    CHECK(after.drainingBehindTailsSeconds - before.drainingBehindTailsSeconds == doctest::Approx(0.3));  // 4.6 s to 4.9 s
    CHECK(all.at("GPU 8 (profile test)").aloneSeconds == doctest::Approx(4));
    CHECK(all.at("GPU 8 (profile test)").contextStarts == 0);
}

TEST_CASE("each device's serial work as the summary's lines and in the profile") {
    //                   starts spawn->ready made  covered alone either draining draining|alone behind tails
    DeviceSpans device{735, 117.6, 95.5, 90.2, 64.2, 150.4, 80.5, 140.1, 21.4};
    const std::map<std::string, DeviceSpans> work = {{"GPU 0 (NVIDIA H100 80GB HBM3)", device}, {"GPU 1 (idle)", DeviceSpans{}}};
    CHECK(deviceWorkText(work, 182) ==
          "GPU 0 (NVIDIA H100 80GB HBM3), serial work: children making their CUDA contexts 90 s (735 children, 0.13 s each; 0.16 s "
          "each from spawn to a ready context), a child alone 64 s; one or the other 150 s of the 182 s run\n"
          "GPU 0 (NVIDIA H100 80GB HBM3), timed runs: waiting for a turn alone 80 s (76 s of it while none had the device alone, "
          "21 s while only children past their GPU work held shared turns), alone 64 s; one or the other 140 s of the 182 s "
          "run\n");  // the idle device: no lines
    CHECK(deviceWorkText({}, 10).empty());  // the cpu backend: no line
    RunShape shape{"gpu", 16, 182, true, 0.006, work};
    const auto json = nlohmann::json::parse(timeProfileJson({}, shape));
    REQUIRE(json["devices"].size() == 2);
    const auto& first = json["devices"][0];
    CHECK(first["device"] == "GPU 0 (NVIDIA H100 80GB HBM3)");
    CHECK(first["context_starts"] == 735);
    CHECK(first["spawn_to_context_s"] == 117.6);
    CHECK(first["context_s"] == 95.5);
    CHECK(first["context_covered_s"] == 90.2);
    CHECK(first["alone_s"] == 64.2);
    CHECK(first["context_or_alone_s"] == 150.4);
    CHECK(first["draining_s"] == 80.5);
    CHECK(first["draining_or_alone_s"] == 140.1);
    CHECK(first["draining_behind_tails_s"] == 21.4);
    CHECK(json["devices"][1]["context_starts"] == 0);
}
