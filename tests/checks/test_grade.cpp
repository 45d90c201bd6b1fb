// Grading flow with fake backends: compile gates the other checks, GPU-only
// checks are skipped off the GPU, points and statuses add up; on the gpu
// backend the emulator's rules come first, and a file the emulator cannot
// run is graded by the GPU alone. A run started early (a batch's lookahead)
// is taken as the grading's own when it is the run asked for.
#include <doctest/doctest.h>

#include <functional>
#include <future>

#include "checks/check.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;

namespace {

/// A backend whose build and runs are scripted by the test.
class FakeBackend : public Backend {
public:
    std::string backendName = "cpu";
    bool compiles = true;
    bool rightAnswer = true;
    std::string unsupported;     ///< the build fails for a construct the emulator lacks
    std::string faultKind;       ///< every run ends with this fault
    bool race = false;           ///< every run records a read-write race on shared memory
    bool raceReachesC = true;    ///< with race: a run in the other thread order gives a wrong element
    bool hangs = false;          ///< every run times out
    std::string deviceError;     ///< every run meets a failed device
    bool together = false;       ///< runs "matmul" cases in one child (as the gpu backend does)
    int wrongFromN = 0;          ///< runs at this n or larger give a wrong element (0: none)
    int runs = 0;                ///< runs asked for, each case of a child counted
    int children = 0;            ///< children started

    std::string name() const override { return backendName; }
    std::string unavailableReason() const override { return ""; }
    BuildResult build(const Lesson&, const std::filesystem::path&, const std::string&) override {
        BuildResult b;
        b.ok = compiles && unsupported.empty();
        b.summary = b.ok ? "built" : "k.cu:3:1: expected ';'";
        b.unsupported = unsupported;
        return b;
    }
    bool runsCasesTogether() const override { return together; }
    std::vector<RunRecord> runCases(const BuildResult& build, const std::vector<RunRequest>& cases) override {
        ++children;
        std::vector<RunRecord> records;
        for (const auto& request : cases) {  // a case that does not complete ends the child
            records.push_back(runOne(request));
            if (!records.back().complete || !records.back().process.succeeded()) break;
        }
        (void)build;
        return records;
    }
    RunRecord run(const BuildResult&, const RunRequest& request) override {
        ++children;
        return runOne(request);
    }

private:
    RunRecord runOne(const RunRequest& request) {
        ++runs;
        const bool racedWrong = race && raceReachesC && request.otherThreadOrder;
        RunRecord r = fakeMatmulRun(request, rightAnswer && !racedWrong && (wrongFromN == 0 || request.n < wrongFromN) ? -1 : 3);
        if (hangs) {
            r = RunRecord{};
            r.process.started = true;
            r.process.timedOut = true;
        }
        r.deviceError = deviceError;
        if (!faultKind.empty()) {
            r.fault = FaultRecord{parseFaultKind(faultKind), {{"feature", "__nanosleep"}}, 0, SourceLocation{"k.cu", 9, ""}};
            r.complete = false;
        }
        if (race) {
            HazardRecord h;
            h.element = "tA[0][1]";
            h.writerAt = SourceLocation{"k.cu", 19, ""};
            h.otherAt = SourceLocation{"k.cu", 23, ""};
            r.hazards.push_back(h);
        }
        return r;
    }
};

/// A course of one lesson, lesson3, in folder f with the file k.cu, and these checks.
Course lesson3Course(const std::string& checks) {
    return fixtures::parsedCourse(fixtures::courseYaml("t", {{3, "t", checks, "f", "k.cu"}}));
}

Course makeCourse() { return lesson3Course("{name: compile, points: 1}, {name: correctness, points: 4, cpu_sizes: [16, 32]}, {name: speedup, points: 2}"); }

/// A lesson-3 course: correctness, then traffic (the emulator's count).
Course makeTrafficCourse() {
    return lesson3Course("{name: compile, points: 1}, {name: correctness, points: 3, cpu_sizes: [32], gpu_sizes: [64]}, "
                         "{name: traffic, points: 2}");
}

}  // namespace

TEST_CASE("a right kernel passes and scores; the GPU-only check is skipped and not counted") {
    Course course = makeCourse();
    FakeBackend fake;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    REQUIRE(report.checks.size() == 3);
    CHECK(report.checks[1].status == Status::Pass);
    CHECK(report.checks[2].status == Status::Skip);
    CHECK(report.score == 5);
    CHECK(report.maxScore == 5);
    CHECK(fake.runs == 2);
}

TEST_CASE("a check worth 0 points that is not met is a reminder (todo), one with points a failure") {
    const Course course =
        lesson3Course("{name: compile, points: 1}, {name: correctness, points: 0, cpu_sizes: [16]}, {name: traffic, points: 0}");
    FakeBackend fake;
    fake.rightAnswer = false;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    REQUIRE(report.checks.size() == 3);
    CHECK(report.checks[0].status == Status::Pass);
    CHECK(report.checks[1].status == Status::Todo);  // the wrong element, worth nothing
    CHECK(report.checks[1].message.find("expected") != std::string::npos);
    CHECK(statusWord(report.checks[1].status) == std::string("todo"));
    CHECK(report.score == 1);
    CHECK(report.maxScore == 1);
    fake.compiles = false;  // a compile failure with points stays a failure; the 0-point checks after it are reminders
    report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(report.checks[0].status == Status::Fail);
    CHECK(report.checks[1].status == Status::Todo);
    CHECK(report.checks[2].status == Status::Todo);
}

TEST_CASE("a compile failure fails the other checks with 'not run'") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.compiles = false;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(report.checks[0].status == Status::Fail);
    CHECK(report.checks[0].message == "k.cu:3:1: expected ';'");
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message == "not run: the file does not compile");
    CHECK(fake.runs == 0);
}

TEST_CASE("a wrong element fails correctness with a rerun command") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.rightAnswer = false;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message.find("C[0][3]") != std::string::npos);
    CHECK(report.checks[1].message.find(" check lesson3 k.cu --check correctness --n 16 --seed 4") != std::string::npos);  // after the grader's path
}

TEST_CASE("a child that crashed is a failure with the signal named") {
    RunRecord r;
    r.process.started = true;
    r.process.signal = 11;
    RunRequest request;
    request.n = 16;
    CHECK(describeFailedRun(r, request).find("SIGSEGV") != std::string::npos);
    r.process.signal = 0;
    r.process.timedOut = true;
    CHECK(describeFailedRun(r, request).find("did not finish") != std::string::npos);
}

TEST_CASE("a construct the emulator lacks is the grader's error on the cpu backend, never the student's failure") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.unsupported = "not supported by the emulator: cudaLaunchCooperativeKernel at k.cu:40";
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(report.checks[0].status == Status::Error);
    CHECK(report.checks[0].message == fake.unsupported);
    CHECK(report.checks[1].status == Status::Error);
    CHECK(report.checks[1].message == "not run: " + fake.unsupported);
}

TEST_CASE("on the gpu backend, a file the emulator cannot build is graded by the GPU alone") {
    Course course = makeTrafficCourse();
    FakeBackend gpu, emulator;
    gpu.backendName = "gpu";
    emulator.unsupported = "not supported by the emulator: cudaLaunchCooperativeKernel at k.cu:40";
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpu, &emulator, {});
    CHECK(report.checks[0].status == Status::Pass);
    CHECK(report.checks[1].status == Status::Pass);  // the GPU's own correctness run
    CHECK(report.checks[2].status == Status::Skip);  // traffic is counted by the emulator only
    CHECK(report.checks[2].message.find("cannot run this file") != std::string::npos);
    CHECK(report.note.find("The checks ran on the GPU alone") != std::string::npos);
    CHECK(emulator.runs == 0);
    CHECK(gpu.runs == 1);
}

TEST_CASE("on the gpu backend, an emulator run that meets an unsupported construct hands the check to the GPU") {
    Course course = makeTrafficCourse();
    FakeBackend gpu, emulator;
    gpu.backendName = "gpu";
    emulator.faultKind = "unsupported";
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpu, &emulator, {});
    CHECK(report.checks[1].status == Status::Pass);
    CHECK(report.checks[2].status == Status::Skip);
    CHECK(report.note.find("not supported by the emulator: __nanosleep at k.cu:9") != std::string::npos);
}

TEST_CASE("on the gpu backend the emulator's verdict comes first: a failure there is the verdict") {
    Course course = makeTrafficCourse();
    FakeBackend gpu, emulator;
    gpu.backendName = "gpu";
    emulator.rightAnswer = false;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpu, &emulator, options);
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message.rfind("on the cpu emulator: ", 0) == 0);
    CHECK(gpu.runs == 0);
}

TEST_CASE("a right result that rests on a race is not a pass") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.race = true;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message.find("only because of the order the emulator ran the threads in: run one warp at a time") != std::string::npos);
    CHECK(report.checks[1].message.find("tA[0][1] is written by thread") != std::string::npos);
    REQUIRE(report.checks[1].findings.size() == 1);
    CHECK(report.checks[1].findings[0].code == "shared.race-changes-result");
    CHECK(report.checks[1].findings[0].at == Place{19, 1});  // the run record's lines, never read back from the message
    REQUIRE(report.checks[1].findings[0].related.size() == 1);
    CHECK(report.checks[1].findings[0].related[0].at == Place{23, 1});
}

TEST_CASE("a race whose values never reach C is the barriers check's alone: correctness passes") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.race = true;
    fake.raceReachesC = false;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    CHECK(report.checks[1].status == Status::Pass);
}

/// A lesson-3 course whose checks all run the kernel: a hang in the first must not cost one limit each.
Course makeHangCourse() {
    return lesson3Course("{name: compile, points: 1}, {name: correctness, points: 4, cpu_sizes: [16, 32], gpu_sizes: [64], time_limit_s: 30}, "
                         "{name: barriers, points: 3, cpu_size: 16}, {name: traffic, points: 2, cpu_size: 16}, {name: speedup, points: 2}");
}

TEST_CASE("a kernel that never finishes is run once: every later check fails at once, citing the first") {
    Course course = makeHangCourse();
    FakeBackend fake;
    fake.hangs = true;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(fake.runs == 1);
    REQUIRE(report.checks.size() == 5);
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message.find("did not finish within 30 s at n=16") != std::string::npos);
    REQUIRE_FALSE(report.checks[1].findings.empty());
    CHECK(report.checks[1].findings[0].code == "run.timeout");
    for (size_t i : {2u, 3u}) {
        CHECK(report.checks[i].status == Status::Fail);
        REQUIRE_FALSE(report.checks[i].findings.empty());
        CHECK(report.checks[i].findings[0].code == "run.not-run");
        CHECK_MESSAGE(report.checks[i].message.find("not run: the kernel did not finish in the correctness check (n=16, 30 s)") == 0, report.checks[i].message);
    }
    CHECK(report.checks[4].status == Status::Skip);  // GPU-only, on the cpu backend
}

TEST_CASE("on the gpu backend a hang on the emulator stops the GPU's runs too; one on the GPU stops only the GPU's") {
    Course course = makeHangCourse();
    FakeBackend gpu, emulator;
    gpu.backendName = "gpu";
    emulator.hangs = true;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpu, &emulator, {});
    CHECK(emulator.runs == 1);
    CHECK(gpu.runs == 0);
    CHECK(report.checks[4].status == Status::Fail);
    CHECK(report.checks[4].message.find("not run: the kernel did not finish in the correctness check on the cpu emulator") == 0);

    FakeBackend gpuHangs, fine;
    gpuHangs.backendName = "gpu";
    gpuHangs.hangs = true;
    report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpuHangs, &fine, {});
    CHECK(gpuHangs.runs == 1);  // correctness on the GPU; barriers' sanitizer part and speedup are not started
    CHECK(report.checks[1].status == Status::Fail);
    MESSAGE(report.checks[3].message);
    CHECK(report.checks[3].message.find("not run") == std::string::npos);  // traffic is the emulator's count, as on the cpu backend
    CHECK(report.checks[4].message.find("not run: the kernel did not finish in the correctness check on the GPU (n=64, 30 s)") == 0);
}

namespace {

/// `record` as `request`'s run started early, already ended.
std::map<std::string, EarlyRun> endedEarly(const std::string& lessonId, std::optional<RunRecord> record, const RunRequest& request) {
    std::promise<std::optional<RunRecord>> ran;
    ran.set_value(std::move(record));
    return {{lessonId, EarlyRun{request, ran.get_future().share()}}};
}

/// Every check's status and message, in order.
std::vector<std::string> verdicts(const LessonReport& report) {
    std::vector<std::string> all;
    for (const auto& c : report.checks) all.push_back(c.name + " " + statusWord(c.status) + ": " + c.message);
    return all;
}

}  // namespace

TEST_CASE("a lesson's first emulator run is its first check's first planned run there, as the options select it") {
    Course course = makeHangCourse();
    FakeBackend cpu, gpu;
    gpu.backendName = "gpu";
    CheckOptions options;
    options.seed = 7;
    auto request = firstEmulatorRun(course, course.lessons[0], cpu, cpu, options);
    REQUIRE(request);
    CHECK(request->n == 16);  // the emulator's sizes, on either backend
    CHECK(request->seed == 7);
    CHECK(request->timeLimitS == 30);
    CHECK(request->wrapper.empty());
    request = firstEmulatorRun(course, course.lessons[0], gpu, cpu, options);
    REQUIRE(request);
    CHECK(request->n == 16);
    options.n = 24;
    CHECK(firstEmulatorRun(course, course.lessons[0], gpu, cpu, options)->n == 24);
    options.n.reset();
    options.only = {"speedup"};  // on the GPU alone
    CHECK_FALSE(firstEmulatorRun(course, course.lessons[0], gpu, cpu, options));
    options.only = {"barriers"};  // its runs are not known ahead
    CHECK_FALSE(firstEmulatorRun(course, course.lessons[0], cpu, cpu, options));
    options.only.clear();
    options.gpuAlone = true;
    CHECK_FALSE(firstEmulatorRun(course, course.lessons[0], gpu, cpu, options));
    CHECK(firstEmulatorRun(course, course.lessons[0], cpu, cpu, options));  // --gpu-alone means nothing on the emulator

    // Barriers' runs are not known ahead: where it comes first, its run is the first, and none starts early.
    const Course barriersFirst = lesson3Course("{name: compile, points: 1}, {name: barriers, points: 3, cpu_size: 16}, "
                                               "{name: correctness, points: 4, cpu_sizes: [16]}");
    CHECK_FALSE(firstEmulatorRun(barriersFirst, barriersFirst.lessons[0], cpu, cpu, {}));
    CHECK_FALSE(firstEmulatorRun(barriersFirst, barriersFirst.lessons[0], gpu, cpu, {}));
}

TEST_CASE("a run started early is taken as the grading's own: the same report, and the run is not started again") {
    Course course = makeHangCourse();
    const Lesson& lesson = course.lessons[0];
    CheckOptions options;
    options.seed = 3;
    for (const bool hangs : {true, false}) {
        CAPTURE(hangs);
        FakeBackend gpu, emulator, earlyGpu, earlyEmulator;
        gpu.backendName = earlyGpu.backendName = "gpu";
        emulator.hangs = earlyEmulator.hangs = hangs;
        const LessonReport asked = gradeLesson(course, lesson, "k.cu", "k.cu", gpu, &emulator, options);

        const auto request = firstEmulatorRun(course, lesson, earlyGpu, earlyEmulator, options);
        REQUIRE(request);
        const auto early = endedEarly(lesson.id, earlyEmulator.run({}, *request), *request);
        CheckOptions withEarly = options;
        withEarly.earlyRuns = &early;
        const LessonReport taken = gradeLesson(course, lesson, "k.cu", "k.cu", earlyGpu, &earlyEmulator, withEarly);
        CHECK(verdicts(taken) == verdicts(asked));
        CHECK(taken.score == asked.score);
        CHECK(earlyEmulator.runs == emulator.runs);  // the early run counted once, where the grading asked for it
        CHECK(earlyGpu.runs == gpu.runs);
    }
}

TEST_CASE("a run started early that the grading does not ask for, or that did not run, changes nothing") {
    Course course = makeCourse();
    const Lesson& lesson = course.lessons[0];
    FakeBackend plain;
    const LessonReport asked = gradeLesson(course, lesson, "k.cu", "k.cu", plain, &plain, {});
    RunRequest other;
    other.n = 99;
    FakeBackend hanging;
    hanging.hangs = true;
    const auto notAsked = endedEarly(lesson.id, hanging.run({}, other), other);  // a hang, but not this run's
    const RunRequest first = *firstEmulatorRun(course, lesson, plain, plain, {});
    const auto notRun = endedEarly(lesson.id, std::nullopt, first);
    const auto otherLesson = endedEarly("lesson9", hanging.run({}, first), first);
    RunRequest longer = first;  // the same memo key, held to another time limit: a check that asks so gets its own run
    longer.timeLimitS = first.timeLimitS + 30;
    const auto otherLimit = endedEarly(lesson.id, hanging.run({}, longer), longer);
    RunRequest otherSeed = first;
    otherSeed.seed = first.seed + 1;
    const auto seedDiffers = endedEarly(lesson.id, hanging.run({}, otherSeed), otherSeed);
    for (const auto* early : {&notAsked, &notRun, &otherLesson, &otherLimit, &seedDiffers}) {
        FakeBackend fake;
        CheckOptions options;
        options.earlyRuns = early;
        const LessonReport report = gradeLesson(course, lesson, "k.cu", "k.cu", fake, &fake, options);
        CHECK(verdicts(report) == verdicts(asked));
        CHECK(fake.runs == plain.runs);  // every run started when asked
    }
}

TEST_CASE("a failed device is the grader's error, never the student's failure") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.deviceError = "cudaErrorECCUncorrectable after the synchronize";
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(report.checks[1].status == Status::Error);
    CHECK(report.checks[1].message.find("grader error: device: cudaErrorECCUncorrectable") == 0);
    REQUIRE_FALSE(report.checks[1].findings.empty());
    CHECK(report.checks[1].findings[0].code == "grader.device-error");
    CHECK(report.checks[1].points == 0);
}

TEST_CASE("deviceFailure tells the machine's errors from the student's") {
    RunRecord r;
    r.cudaErrors = {{"synchronize", "cudaErrorIllegalAddress"}};
    CHECK(deviceFailure(r).empty());
    r.cudaErrors = {{"synchronize", "cudaErrorECCUncorrectable"}};
    CHECK(deviceFailure(r) == "cudaErrorECCUncorrectable after the synchronize");
    r.cudaErrors = {{"setup", "cudaErrorMemoryAllocation"}};
    CHECK(deviceFailure(r).find("before your code ran") != std::string::npos);
}

/// makeHangCourse's lesson with two GPU sizes, so correctness has cases to run together.
Course makeTwoSizeCourse() {
    return lesson3Course("{name: compile, points: 1}, {name: correctness, points: 4, cpu_sizes: [16, 32], gpu_sizes: [64, 128], time_limit_s: 30}, "
                         "{name: barriers, points: 3, cpu_size: 16}, {name: traffic, points: 2, cpu_size: 16}, {name: speedup, points: 2}");
}

/// Grades `checks` of makeTwoSizeCourse on a gpu fake that runs one child per run and on one that runs several
/// together, each set up by `setUp`; checks they give the same verdicts and messages, and returns the children
/// each started (one run at a time, together).
std::pair<int, int> childrenApartAndTogether(const std::vector<std::string>& checks, const std::function<void(FakeBackend&)>& setUp) {
    Course course = makeTwoSizeCourse();
    FakeBackend apart, together, emulator;
    apart.backendName = together.backendName = "gpu";
    together.together = true;
    setUp(apart);
    setUp(together);
    CheckOptions options;
    options.seed = 4;
    options.only = checks;
    const LessonReport one = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", apart, &emulator, options);
    const LessonReport both = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", together, &emulator, options);
    REQUIRE(one.checks.size() == both.checks.size());
    for (size_t i = 0; i < one.checks.size(); ++i) {
        CHECK(one.checks[i].status == both.checks[i].status);
        CHECK(one.checks[i].message == both.checks[i].message);
    }
    return {apart.children, together.children};
}

TEST_CASE("where the backend runs cases together, correctness starts one child for all its cases and gives the same verdicts") {
    for (int wrongFromN : {0, 64, 128}) {  // correctness at gpu sizes 64 and 128
        CAPTURE(wrongFromN);
        const std::pair<int, int> children = childrenApartAndTogether({"correctness"}, [&](FakeBackend& b) { b.wrongFromN = wrongFromN; });
        CHECK(children.second == 1);
        CHECK(children.first == 2);  // one at a time: both sizes (after a wrong 64, 128 to describe the mistake)
    }
}

TEST_CASE("a case that hangs in a child of several ends it: the hang is remembered with that case's size") {
    Course course = makeTwoSizeCourse();
    FakeBackend gpu, emulator;
    gpu.backendName = "gpu";
    gpu.together = true;
    gpu.hangs = true;
    const LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", gpu, &emulator, {});
    CHECK(gpu.children == 1);
    MESSAGE(report.checks[1].message);
    CHECK(report.checks[1].message.find("did not finish within 30 s at n=64") != std::string::npos);
    CHECK(report.checks[4].message.find("not run: the kernel did not finish in the correctness check on the GPU (n=64, 30 s)") == 0);
}

TEST_CASE("where the backend runs cases together, the lesson's planned runs (correctness, then speedup) share one child, same verdicts") {
    for (bool hangs : {false, true}) {
        CAPTURE(hangs);
        const std::pair<int, int> children = childrenApartAndTogether({"correctness", "speedup"}, [&](FakeBackend& b) { b.hangs = hangs; });
        CHECK(children.second == 1);                // 64, 128 and the speedup run; or the hang at 64 ends it
        CHECK(children.first == (hangs ? 1 : 3));   // after a hang nothing more starts
    }
}
