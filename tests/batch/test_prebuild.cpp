// Building a submission's lessons ahead: every lesson file is built by the
// primary backend and by the emulator beside it, waitFor returns only once a
// lesson's builds are done, backends that do not cache builds (or cannot
// run here) are not built ahead, and a build slot goes to a submission being
// graded before one taken in ahead of its turn. An early run starts on the
// emulator's build of a lesson, once, and not where the build failed.
#include <doctest/doctest.h>

#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch/prebuild.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

/// Records what it built; each build takes a little while, so waiting is observable.
class RecordingBackend : public Backend {
public:
    RecordingBackend(std::string name, bool caches, std::string unavailable = "")
        : name_(std::move(name)), caches_(caches), unavailable_(std::move(unavailable)) {}
    std::string name() const override { return name_; }
    std::string unavailableReason() const override { return unavailable_; }
    bool cachesBuilds() const override { return caches_; }
    BuildResult build(const Lesson& lesson, const fs::path& source, const std::string& displayName) override {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::lock_guard<std::mutex> lock(mutex_);
        built_.insert(lesson.id + ":" + source.filename().string() + ":" + displayName);
        BuildResult build;
        build.ok = source.filename() != "broken.cu";
        build.summary = lesson.id;
        return build;
    }
    /// Notes the run, with the lesson its build was for; its record's output says which run it was.
    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        std::lock_guard<std::mutex> lock(mutex_);
        ran_.push_back(build.summary + ":n=" + std::to_string(request.n));
        RunRecord record;
        record.process.output = ran_.back();
        return record;
    }
    std::vector<std::string> ran() {
        std::lock_guard<std::mutex> lock(mutex_);
        return ran_;
    }
    std::set<std::string> built() {
        std::lock_guard<std::mutex> lock(mutex_);
        return built_;
    }

private:
    std::string name_;
    bool caches_;
    std::string unavailable_;
    std::mutex mutex_;
    std::set<std::string> built_;
    std::vector<std::string> ran_;
};

const std::string kCourse = fixtures::courseYaml("Prebuild", {{1, "Naive"}, {2, "Tiles"}});

Course prebuildCourse(const TempFolder& tmp) {
    writeText(tmp.path / "course.yaml", kCourse);
    auto course = loadCourse(tmp.path / "course.yaml");
    REQUIRE(course.ok());
    return *course;
}

}  // namespace

TEST_CASE("every submitted lesson is built ahead by the primary backend and by the emulator, under the kit's file name") {
    TempFolder tmp("prebuild");
    const Course course = prebuildCourse(tmp);
    RecordingBackend gpu("gpu", true), cpu("cpu", true);
    const std::map<std::string, fs::path> files = {{"lesson1", tmp.path / "a.cu"}, {"lesson2", tmp.path / "b.cu"}};
    {
        LessonPrebuild prebuild(course, files, gpu, &cpu);
        prebuild.waitFor("lesson1");
        const std::string lesson1 = "lesson1:a.cu:starter/01-naive-kernel/matmul_naive.cu";
        CHECK(gpu.built().count(lesson1) == 1);  // waitFor returned only after the build finished
        CHECK(cpu.built().count(lesson1) == 1);
    }
    const std::set<std::string> expected = {"lesson1:a.cu:starter/01-naive-kernel/matmul_naive.cu", "lesson2:b.cu:starter/02-tile-loading/tile_loading.cu"};
    CHECK(gpu.built() == expected);  // the destructor waited for the rest
    CHECK(cpu.built() == expected);
}

TEST_CASE("a lesson not handed in is not built, and waiting for it returns at once") {
    TempFolder tmp("prebuild");
    const Course course = prebuildCourse(tmp);
    RecordingBackend cpu("cpu", true);
    LessonPrebuild prebuild(course, {{"lesson2", tmp.path / "b.cu"}}, cpu, &cpu);
    prebuild.waitFor("lesson1");
    prebuild.waitFor("lesson2");
    CHECK(cpu.built() == std::set<std::string>{"lesson2:b.cu:starter/02-tile-loading/tile_loading.cu"});  // once: primary and emulator are one
}

TEST_CASE("a backend that does not cache its builds, or cannot run here, is not built ahead") {
    TempFolder tmp("prebuild");
    const Course course = prebuildCourse(tmp);
    RecordingBackend uncached("cpu", false), missingGpu("gpu", true, "no CUDA device on this machine"), cpu("cpu", true);
    { LessonPrebuild prebuild(course, {{"lesson1", tmp.path / "a.cu"}}, uncached, &uncached); }
    CHECK(uncached.built().empty());
    { LessonPrebuild prebuild(course, {{"lesson1", tmp.path / "a.cu"}}, missingGpu, &cpu); }
    CHECK(missingGpu.built().empty());
    CHECK(cpu.built().size() == 1);  // the emulator, which grades in its place
}

TEST_CASE("an early run starts on the emulator once it has built the file, and only where the build succeeded") {
    TempFolder tmp("prebuild");
    const Course course = prebuildCourse(tmp);
    RecordingBackend gpu("gpu", true), cpu("cpu", true);
    RunRequest first, second;
    first.n = 16;
    second.n = 32;
    const std::map<std::string, fs::path> files = {{"lesson1", tmp.path / "a.cu"}, {"lesson2", tmp.path / "broken.cu"}};
    LessonPrebuild prebuild(course, files, gpu, &cpu, LessonPrebuild::Priority::Ahead, BuildSlots::machine(),
                            {{"lesson1", first}, {"lesson2", second}});
    const auto& early = prebuild.earlyRuns();
    REQUIRE(early.size() == 2);
    CHECK(early.at("lesson1").request.n == 16);
    const std::optional<RunRecord> record = early.at("lesson1").record.get();
    REQUIRE(record);
    CHECK(record->process.output == "lesson1:n=16");  // run on the emulator's own build of the lesson's file
    CHECK_FALSE(early.at("lesson2").record.get());  // not built: the grading runs it and says why
    CHECK(cpu.ran() == std::vector<std::string>{"lesson1:n=16"});
    CHECK(gpu.ran().empty());
}

TEST_CASE("on the emulator's own backend an early run follows the one build, and a lesson without one runs nothing early") {
    TempFolder tmp("prebuild");
    const Course course = prebuildCourse(tmp);
    RecordingBackend cpu("cpu", true), uncached("cpu", false);
    RunRequest first;
    {
        LessonPrebuild prebuild(course, {{"lesson1", tmp.path / "a.cu"}, {"lesson2", tmp.path / "b.cu"}}, cpu, &cpu,
                                LessonPrebuild::Priority::Ahead, BuildSlots::machine(), {{"lesson2", first}});
        CHECK(prebuild.earlyRuns().count("lesson1") == 0);
    }  // the destructor waits for the early run too
    CHECK(cpu.ran() == std::vector<std::string>{"lesson2:n=16"});
    {
        LessonPrebuild prebuild(course, {{"lesson2", tmp.path / "b.cu"}}, uncached, &uncached, LessonPrebuild::Priority::Ahead,
                                BuildSlots::machine(), {{"lesson2", first}});
        CHECK(prebuild.earlyRuns().empty());  // nothing built ahead, nothing run ahead
    }
    CHECK(uncached.ran().empty());
}

namespace {

/// Threads that each take a slot of `slots` with their own priority flag and note the order they got one in.
struct SlotTakers {
    BuildSlots& slots;
    std::mutex mutex;
    std::vector<std::string> order;
    std::vector<std::thread> threads;

    void start(const std::string& name, const std::atomic<bool>& now) {
        const int before = slots.waiting();
        threads.emplace_back([this, name, &now] {
            slots.acquire(now);
            {
                std::lock_guard<std::mutex> lock(mutex);
                order.push_back(name);
            }
            slots.release();
        });
        while (slots.waiting() == before) std::this_thread::yield();  // it waits: the order is the slots' choice
    }
    std::vector<std::string> joined() {
        for (auto& t : threads) t.join();
        return order;
    }
};

}  // namespace

TEST_CASE("a freed build slot goes to a submission being graded before one taken in ahead, and a promoted one counts as graded") {
    BuildSlots slots(1);
    std::atomic<bool> graded{true}, ahead{false}, promoted{false};
    slots.acquire(graded);  // the only slot is busy
    SlotTakers takers{slots};
    takers.start("ahead", ahead);
    takers.start("promoted", promoted);
    takers.start("graded", graded);
    promoted = true;
    slots.priorityRaised();
    slots.release();
    const std::vector<std::string> order = takers.joined();
    REQUIRE(order.size() == 3);
    CHECK(order.back() == "ahead");  // the two graded ones first, in either order
}

TEST_CASE("a build taken in ahead takes a free slot when no graded build waits") {
    BuildSlots slots(2);
    std::atomic<bool> graded{true}, ahead{false};
    slots.acquire(graded);
    slots.acquire(ahead);  // the second slot is free and no graded build waits: it goes at once
    slots.release();
    slots.release();
    CHECK(slots.waiting() == 0);
}
