// The batch flow with a fake backend (no compiler, no sandbox): each
// submission graded once, reruns skip what is up to date, a changed
// submission or course.yaml is regraded, an interrupted run loses nothing
// finished, shards split the class and the merge sees what is missing, and
// trouble while one entry is taken in stays that entry's row.
#include <doctest/doctest.h>

#include <condition_variable>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <stdexcept>

#include "batch/batch.h"
#include "batch/results.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

std::atomic<int> builds{0};
std::atomic<bool> failNextBuild{false};
std::atomic<bool> failDeviceOnce{false};  ///< the next run of a file containing "DEVICE" meets a failed device

/// Builds anything; a file containing "WRONG" computes C off by one; "THROW" makes the grader fail once.
/// What a build saw travels in its BuildResult (the executable names the source), as the Backend
/// contract asks: lessons of one submission build and run at once.
class FakeBackend : public Backend {
public:
    std::string name() const override { return "cpu"; }
    std::string unavailableReason() const override { return ""; }
    BuildResult build(const Lesson&, const fs::path& source, const std::string&) override {
        ++builds;
        if (readText(source).find("THROW") != std::string::npos && failNextBuild.exchange(false))
            throw std::runtime_error("simulated trouble");
        BuildResult b;
        b.ok = true;
        b.summary = "built";
        b.executable = source;
        return b;
    }
    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        const std::string text = readText(build.executable);
        RunRecord r = fakeMatmulRun(request, text.find("WRONG") != std::string::npos ? 1 : -1);
        if (text.find("DEVICE") != std::string::npos && failDeviceOnce.exchange(false))
            r.deviceError = "cudaErrorECCUncorrectable after the synchronize";
        return r;
    }
};

/// A fake whose builds take a while and count how many overlap.
class SlowBuildBackend : public FakeBackend {
public:
    static inline std::atomic<int> inFlight{0}, mostInFlight{0};
    BuildResult build(const Lesson& lesson, const fs::path& source, const std::string& name) override {
        const int now = ++inFlight;
        for (int seen = mostInFlight; now > seen && !mostInFlight.compare_exchange_weak(seen, now);) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        --inFlight;
        return FakeBackend::build(lesson, source, name);
    }
};

const std::string kCourse =
    fixtures::courseYaml("Fake class", {{1, "Naive", "{name: compile, points: 1}, {name: correctness, points: 4, cpu_sizes: [16]}"}, {2, "Tiles"}});

/// A class folder, a results folder and the options that grade one into the other.
struct FakeClass {
    TempFolder tmp{"batch"};
    fs::path subs = tmp.path / "class", out = tmp.path / "results", coursePath = tmp.path / "course.yaml";
    Course course;

    explicit FakeClass(int students) {
        writeText(coursePath, kCourse);
        course = *loadCourse(coursePath);
        for (int i = 0; i < students; ++i)
            writeText(subs / ("s" + std::to_string(i)) / "work" / "matmul_naive.cu", "// student " + std::to_string(i));
    }
    BatchOptions options() const {
        BatchOptions o;
        o.submissions = subs;
        o.out = out;
        o.coursePath = coursePath;
        o.jobs = 2;
        o.makeBackend = [] { return std::make_unique<FakeBackend>(); };
        return o;
    }
    /// One `grader batch` run: it reads course.yaml afresh, as the command does.
    BatchSummary grade(std::optional<ShardSpec> shard = std::nullopt) const {
        BatchOptions o = options();
        o.shard = shard;
        auto current = loadCourse(coursePath);
        REQUIRE(current.ok());
        auto summary = gradeBatch(*current, o);
        REQUIRE_MESSAGE(summary.ok(), (summary.ok() ? "" : summary.error().format()));
        return *summary;
    }
};

}  // namespace

TEST_CASE("every submission is graded once and a rerun grades only what changed") {
    FakeClass fake(3);
    writeText(fake.subs / "s1" / "matmul_naive.cu", "// WRONG");  // a second copy, nearer the top: this one is graded
    builds = 0;
    BatchSummary first = fake.grade();
    CHECK(first.submissions == 3);
    CHECK(first.graded == 3);
    CHECK(builds == 3);
    auto s1 = loadStudentResult(fake.out / "s1.json");
    REQUIRE(s1.ok());
    CHECK(s1->lessons[0].report.checks[1].status == Status::Fail);
    CHECK(s1->lessons[1].submitted == false);
    CHECK(s1->notes.size() == 1);

    BatchSummary second = fake.grade();
    CHECK(second.graded == 0);
    CHECK(second.upToDate == 3);
    CHECK(builds == 3);

    writeText(fake.subs / "s1" / "matmul_naive.cu", "// fixed");
    BatchSummary third = fake.grade();
    CHECK(third.graded == 1);
    CHECK(third.upToDate == 2);
    CHECK(loadStudentResult(fake.out / "s1.json")->score() == 5);

    writeText(fake.coursePath, kCourse + "# a changed course.yaml regrades everyone\n");
    CHECK(fake.grade().graded == 3);
}

namespace {

/// Every check's verdict of `result`, as "lesson.check=verdict " words in the course's order.
std::string verdictsOf(const StudentResult& result) {
    std::string verdicts;
    for (const auto& l : result.lessons)
        for (const auto& c : l.report.checks) verdicts += l.report.lesson + "." + c.name + "=" + statusWord(c.status) + " ";
    return verdicts;
}

}  // namespace

TEST_CASE("a submission's lessons graded at once give the same result, in the course's order, as one at a time") {
    FakeClass fake(2);
    for (int i = 0; i < 2; ++i) writeText(fake.subs / ("s" + std::to_string(i)) / "work" / "tile_loading.cu", "// lesson 2");
    writeText(fake.subs / "s1" / "work" / "matmul_naive.cu", "// WRONG");
    std::map<std::string, std::string> oneAtATime;
    for (int atOnce : {1, 2}) {
        CAPTURE(atOnce);
        fs::remove_all(fake.out);
        SlowBuildBackend::mostInFlight = 0;
        BatchOptions o = fake.options();
        o.jobs = 1;
        o.lessonsAtOnce = atOnce;
        o.makeBackend = [] { return std::make_unique<SlowBuildBackend>(); };
        auto summary = gradeBatch(fake.course, o);
        REQUIRE(summary.ok());
        CHECK(summary->graded == 2);
        CHECK(SlowBuildBackend::mostInFlight == atOnce);
        for (const char* id : {"s0", "s1"}) {
            auto result = loadStudentResult(fake.out / (std::string(id) + ".json"));
            REQUIRE(result.ok());
            REQUIRE(result->lessons.size() == 2);
            CHECK(result->lessons[0].report.lesson == "lesson1");
            CHECK(result->lessons[1].report.lesson == "lesson2");
            const std::string verdicts = verdictsOf(*result);
            if (atOnce == 1) oneAtATime[id] = verdicts;
            else CHECK(verdicts == oneAtATime[id]);
        }
    }
    CHECK(oneAtATime["s1"].find("lesson1.correctness=fail") != std::string::npos);
    CHECK(oneAtATime["s0"].find("lesson1.correctness=pass") != std::string::npos);
}

namespace {

/// A fake that caches its builds and notes, at each run's end, which sources had been built by then.
class AheadRecordingBackend : public FakeBackend {
public:
    static inline std::mutex mutex;
    static inline std::set<std::string> built;                      ///< sources built so far
    static inline std::map<std::string, std::set<std::string>> builtByEndOf;  ///< source run -> sources built when its run ended
    static inline std::map<std::string, std::set<std::string>> ranByEndOf;    ///< source run -> sources whose runs had started when its run ended
    static inline std::map<std::string, int> runs;                            ///< source -> its runs
    static inline std::set<std::string> started;                              ///< sources whose runs have started
    static inline std::condition_variable runStarted;
    bool cachesBuilds() const override { return true; }
    BuildResult build(const Lesson& lesson, const fs::path& source, const std::string& name) override {
        {
            std::lock_guard<std::mutex> lock(mutex);
            built.insert(source.parent_path().parent_path().filename().string());
        }
        return FakeBackend::build(lesson, source, name);
    }
    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        const std::string source = build.executable.parent_path().parent_path().filename().string();
        {
            std::unique_lock<std::mutex> lock(mutex);
            started.insert(source);
            runStarted.notify_all();
            if (source == "s0")  // s1 is taken in ahead before s0's grading begins: its early run may start meanwhile
                runStarted.wait_for(lock, std::chrono::seconds(5), [] { return started.count("s1") > 0; });
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::lock_guard<std::mutex> lock(mutex);
        builtByEndOf[source] = built;
        ++runs[source];
        ranByEndOf[source] = started;
        return FakeBackend::run(build, request);
    }
};

}  // namespace

TEST_CASE("submissions taken in ahead build and start their first runs while the one before is graded, and grade as they would in turn") {
    FakeClass fake(4);
    writeText(fake.subs / "s2" / "work" / "matmul_naive.cu", "// WRONG");
    std::map<std::string, std::string> inTurn;
    std::map<std::string, int> runsInTurn;
    for (int lookahead : {0, 2}) {
        CAPTURE(lookahead);
        fs::remove_all(fake.out);
        AheadRecordingBackend::built.clear();
        AheadRecordingBackend::builtByEndOf.clear();
        AheadRecordingBackend::ranByEndOf.clear();
        AheadRecordingBackend::runs.clear();
        AheadRecordingBackend::started.clear();
        BatchOptions o = fake.options();
        o.jobs = 1;
        o.lookahead = lookahead;
        o.makeBackend = [] { return std::make_unique<AheadRecordingBackend>(); };
        auto summary = gradeBatch(fake.course, o);
        REQUIRE(summary.ok());
        CHECK(summary->graded == 4);
        for (const char* id : {"s0", "s1", "s2", "s3"}) {
            auto result = loadStudentResult(fake.out / (std::string(id) + ".json"));
            REQUIRE(result.ok());
            const std::string verdicts = verdictsOf(*result);
            if (lookahead == 0) inTurn[id] = verdicts;
            else CHECK(verdicts == inTurn[id]);
        }
        // One worker grades s0 first; with lookahead, s1's file was built before s0's last run ended.
        const auto& builtThen = AheadRecordingBackend::builtByEndOf["s0"];
        CHECK(builtThen.count("s1") == (lookahead > 0 ? 1u : 0u));
        // ... and s1's first run had started: a kernel that never ends would spend its time limit meanwhile.
        CHECK(AheadRecordingBackend::ranByEndOf["s0"].count("s1") == (lookahead > 0 ? 1u : 0u));
        if (lookahead == 0) runsInTurn = AheadRecordingBackend::runs;
        else CHECK(AheadRecordingBackend::runs == runsInTurn);  // the run started early is not started again
    }
    CHECK(inTurn["s2"].find("lesson1.correctness=fail") != std::string::npos);
    CHECK(inTurn["s3"].find("lesson1.correctness=pass") != std::string::npos);
}

TEST_CASE("an interrupted run loses nothing finished: only missing or damaged results are graded again") {
    FakeClass fake(4);
    fake.grade();
    const auto kept = fs::last_write_time(fake.out / "s0.json");
    fs::remove(fake.out / "s2.json");                                 // killed before s2 was written
    writeText(fake.out / "s3.json", "{\"id\": \"s3\", \"lesso");      // a torn write (never happens with rename; still handled)
    writeText(fake.out / ".s1.json.999.0.tmp", "{\"id\": \"s1\"");   // a temporary file a kill -9 left behind
    builds = 0;
    BatchSummary rerun = fake.grade();
    CHECK(rerun.graded == 2);
    CHECK(rerun.upToDate == 2);
    CHECK(builds == 2);
    CHECK(fs::last_write_time(fake.out / "s0.json") == kept);
    CHECK(loadStudentResult(fake.out / "s3.json").ok());
}

TEST_CASE("a result holding the grader's own error is graded again on the next run") {
    FakeClass fake(2);
    writeText(fake.subs / "s0" / "work" / "matmul_naive.cu", "// THROW once");
    failNextBuild = true;
    BatchSummary first = fake.grade();
    CHECK(first.graderErrors == 1);
    auto broken = loadStudentResult(fake.out / "s0.json");
    REQUIRE(broken.ok());
    CHECK(broken->hasGraderError());
    CHECK(broken->lessons[0].report.checks[0].message == "the grader failed: simulated trouble");
    BatchSummary second = fake.grade();
    CHECK(second.graded == 1);
    CHECK(second.graderErrors == 0);
}

TEST_CASE("a device that fails mid-batch fails only its submission, as the grader's error, and the next run grades it again") {
    FakeClass fake(3);
    writeText(fake.subs / "s1" / "work" / "matmul_naive.cu", "// DEVICE trouble");
    failDeviceOnce = true;
    BatchSummary first = fake.grade();
    CHECK(first.graderErrors == 1);
    auto hit = loadStudentResult(fake.out / "s1.json");
    REQUIRE(hit.ok());
    CHECK(hit->hasGraderError());
    CHECK(hit->lessons[0].report.checks[1].message.find("grader error: device: cudaErrorECCUncorrectable") == 0);
    CHECK(loadStudentResult(fake.out / "s0.json")->score() == 5);
    BatchSummary second = fake.grade();
    CHECK(second.graded == 1);
    CHECK(second.upToDate == 2);
    CHECK(loadStudentResult(fake.out / "s1.json")->score() == 5);
}

TEST_CASE("a near-miss file name costs the points course.yaml's near_miss_penalty sets, with a note; none by default") {
    FakeClass fake(2);
    writeText(fake.subs / "s1" / "work" / "matmul_naive.cu", "");
    fs::remove(fake.subs / "s1" / "work" / "matmul_naive.cu");
    writeText(fake.subs / "s1" / "work" / "Matmul_Naive (1).cu", "// student 1");
    fake.grade();
    CHECK(loadStudentResult(fake.out / "s1.json")->lessons[0].report.score == 5);
    writeText(fake.coursePath, fixtures::edited(kCourse, "course: {title: Fake class}", "course: {title: Fake class, near_miss_penalty: 2}"));
    fake.grade();
    auto s1 = loadStudentResult(fake.out / "s1.json"), s0 = loadStudentResult(fake.out / "s0.json");
    REQUIRE(s1.ok());
    CHECK(s1->lessons[0].report.score == 3);
    CHECK(s1->lessons[0].report.note == "2 points off: the file is not named matmul_naive.cu (course.yaml near_miss_penalty 2)");
    CHECK(s0->lessons[0].report.score == 5);  // named right: nothing off
}

TEST_CASE("shards split the class and the merge names who is missing") {
    FakeClass fake(9);
    BatchSummary one = fake.grade(ShardSpec{1, 2});
    BatchOptions withFeedback = fake.options();
    withFeedback.feedback = fake.tmp.path / "feedback";
    auto partial = mergeResults(fake.course, withFeedback);
    REQUIRE(partial.ok());
    CHECK(partial->students == one.submissions);
    CHECK(static_cast<int>(partial->missing.size()) == one.otherShards);
    CHECK(fs::exists(fake.out / "gradebook.csv"));
    for (const auto& id : partial->missing) {  // a row without a result yet gets feedback that says so
        CHECK(readText(fake.tmp.path / "feedback" / (id + ".txt")).find("has no result yet") != std::string::npos);
        CHECK(readText(fake.out / "gradebook.csv").find("\n" + id + "," + id + ",") != std::string::npos);  // its name too
    }

    BatchSummary two = fake.grade(ShardSpec{2, 2});
    CHECK(one.submissions + two.submissions == 9);
    CHECK(one.otherShards == two.submissions);
    CHECK(two.upToDate == 0);
    auto full = mergeResults(fake.course, fake.options());
    REQUIRE(full.ok());
    CHECK(full->students == 9);
    CHECK(full->missing.empty());
    for (int i = 0; i < 9; ++i) {
        auto r = loadStudentResult(fake.out / ("s" + std::to_string(i) + ".json"));
        REQUIRE(r.ok());
        CHECK(r->shard == std::to_string(shardOf(r->id, 2)) + "/2");
    }
    for (const char* output : {"gradebook.csv", "junit.xml", "report.html", "gradescope/s0.json"})
        CHECK_MESSAGE(fs::exists(fake.out / output), output);
}

TEST_CASE("messages name the file and the grader as the student's kit has them; the result keeps the file as handed in") {
    FakeClass fake(1);
    writeText(fake.subs / "s0" / "work" / "matmul_naive.cu", "// WRONG");
    fake.grade();
    auto result = loadStudentResult(fake.out / "s0.json");
    REQUIRE(result.ok());
    const LessonReport& lesson1 = result->lessons[0].report;
    CHECK(lesson1.file == "s0/work/matmul_naive.cu");
    REQUIRE(lesson1.checks.size() == 2);
    const std::string rerun = CheckCommandLine{"build/grader/grader", "lesson1", "starter/01-naive-kernel/matmul_naive.cu",
                                               "correctness", 16, result->seed, "cpu"}.text();
    CHECK(rerun == "build/grader/grader check lesson1 starter/01-naive-kernel/matmul_naive.cu --check correctness --n 16 --seed " +
                       std::to_string(result->seed));
    CHECK_MESSAGE(lesson1.checks[1].message.find("Rerun: " + rerun) != std::string::npos, lesson1.checks[1].message);
    CHECK(lesson1.checks[1].message.find("s0/") == std::string::npos);
}

TEST_CASE("a Canvas download: students by user id, the newest upload graded, late work flagged and, when course.yaml asks, penalized") {
    FakeClass fake(0);
    fs::create_directories(fake.subs);
    writeText(fake.subs / "lovelaceada_1001_5001_matmul_naive.cu", "// ada");
    writeText(fake.subs / "obriensean_LATE_1002_5002_matmul_naive.cu", "// WRONG first upload");
    writeText(fake.subs / "obriensean_LATE_1002_5002_matmul_naive-1.cu", "// fixed re-upload");
    writeText(fake.subs / "obriensean_LATE_1002_5002_tile_loading.cu", "// tiles");
    BatchSummary first = fake.grade();
    CHECK(first.layout == "Canvas flat");
    CHECK(first.students == 2);
    CHECK(first.graded == 2);
    auto sean = loadStudentResult(fake.out / "1002.json");
    REQUIRE(sean.ok());
    CHECK(sean->name == "obriensean");
    CHECK(sean->source == "obriensean_1002");
    CHECK(sean->late);
    CHECK(sean->latePenalty == 0);  // course.yaml asks for none
    CHECK(sean->score() == 6);
    CHECK(sean->lessons[0].report.file == "obriensean_LATE_1002_5002_matmul_naive-1.cu");
    CHECK(sean->lessons[1].report.file == "obriensean_LATE_1002_5002_tile_loading.cu");
    bool noted = false;
    for (const auto& note : sean->notes) noted = noted || note.find("matmul_naive.cu: uploaded 2 times; graded the newest") == 0;
    CHECK(noted);
    // Both uploads are still in the download, untouched.
    CHECK(readText(fake.subs / "obriensean_LATE_1002_5002_matmul_naive.cu") == "// WRONG first upload");
    CHECK(fake.grade().upToDate == 2);

    writeText(fake.coursePath, fixtures::edited(kCourse, "title: Fake class", "title: Fake class, late_penalty: 50"));
    fake.grade();
    sean = loadStudentResult(fake.out / "1002.json");
    CHECK(sean->latePenalty == 3);
    CHECK(sean->score() == 3);
    CHECK(loadStudentResult(fake.out / "1001.json")->latePenalty == 0);

    // The roster names everyone and adds who handed in nothing; Canvas's import carries the batch's scores.
    writeText(fake.tmp.path / "roster.csv", "name,id,sis_id\n\"Lovelace, Ada\",1001,S1\nSe\xc3\xa1n O'Brien,1002,S2\nGrace Hopper,1005,S5\n");
    BatchOptions o = fake.options();
    o.roster = fake.tmp.path / "roster.csv";
    o.exports = {"canvas", "csv"};
    o.assignmentId = "77";
    auto merged = mergeResults(*loadCourse(fake.coursePath), o);
    REQUIRE_MESSAGE(merged.ok(), (merged.ok() ? "" : merged.error().format()));
    CHECK(merged->notSubmitted == 1);
    const std::string gradebook = readText(fake.out / "gradebook.csv");
    CHECK(gradebook.find("\r\n1001,\"Lovelace, Ada\",lovelaceada_1001,5,0,5,6,,graded,lesson2 not submitted\r\n") != std::string::npos);
    CHECK(gradebook.find("\r\n1002,Se\xc3\xa1n O'Brien,obriensean_1002,5,1,3,6,late,graded,late: 3 off\r\n") != std::string::npos);
    CHECK(gradebook.find("\r\n1005,Grace Hopper,,0,0,0,6,,not submitted,not submitted\r\n") != std::string::npos);
    const std::string canvas = readText(fake.out / "canvas_import.csv");
    CHECK(canvas.find("Student,ID,SIS User ID,SIS Login ID,Section,Fake class (77)\r\n") != std::string::npos);
    CHECK(canvas.find("\r\nSe\xc3\xa1n O'Brien,1002,S2,,,3\r\n") != std::string::npos);
    CHECK(canvas.find("\r\nGrace Hopper,1005,S5,,,\r\n") != std::string::npos);  // nothing handed in: Canvas keeps what it has
}

TEST_CASE("one bad entry never takes the class: a crash, an abort or a hang while unpacking, or an exception while taking an entry in, "
          "is that entry's row, and the rerun does the same") {
    FakeClass fake(2);
    const fs::path seed = fs::path(KIT_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "archive" / "ada.zip";
    for (const char* name : {"good.zip", "crash.zip", "abort.zip", "hang.zip"}) fs::copy_file(seed, fake.subs / name);
    writeText(fake.subs / "throws" / "matmul_naive.cu", "// taken in with trouble");
    BatchOptions options = fake.options();
    options.unpacker = UNPACK_CRASH_HELPER;  // dies on crash.zip, abort.zip and hang.zip; unpacks the rest
    options.archiveLimits.maxSeconds = 2;
    options.intakeHook = [](const std::string& id) {
        if (id == "throws") throw std::runtime_error("simulated trouble taking it in");
    };
    const std::map<std::string, std::string> expected = {
        {"crash", "the grader could not unpack crash.zip: the process unpacking it was killed by SIGSEGV (segmentation fault: an invalid memory "
                  "access) (the file is probably damaged: ask for it again; a rerun tries it again)"},
        {"abort", "the grader could not unpack abort.zip: the process unpacking it was killed by SIGABRT (abort: an assertion or a failed "
                  "allocation) (the file is probably damaged: ask for it again; a rerun tries it again)"},
        {"hang", "the grader could not unpack hang.zip: unpacking it took longer than 2 s (the file is probably damaged: ask for it again; a "
                 "rerun tries it again)"},
        {"throws", "the grader failed on this entry: simulated trouble taking it in (graded again on the next run)"},
    };
    for (int run = 0; run < 2; ++run) {
        CAPTURE(run);
        auto summary = gradeBatch(fake.course, options);
        REQUIRE(summary.ok());
        CHECK(summary->submissions == 7);
        CHECK(summary->graded == (run == 0 ? 7 : 4));  // the rerun grades again exactly the grader's failures
        CHECK(summary->graderErrors == 4);
        for (const auto& entry : expected) {  // no structured binding: clang 14 cannot capture one in doctest's lambdas
            const std::string& id = entry.first;
            auto result = loadStudentResult(fake.out / (id + ".json"));
            REQUIRE_MESSAGE(result.ok(), id);
            CHECK(result->status == "not graded");
            CHECK(result->message == entry.second);
            CHECK(result->hasGraderError());
            CHECK(result->lessons.size() == fake.course.lessons.size());
        }
        for (const char* id : {"good", "s0", "s1"}) {
            auto result = loadStudentResult(fake.out / (std::string(id) + ".json"));
            REQUIRE(result.ok());
            CHECK(result->status == "graded");
            CHECK(result->score() == 5);
        }
        auto merged = mergeResults(fake.course, options);
        REQUIRE(merged.ok());
        CHECK(merged->students == 7);
        const std::string gradebook = readText(fake.out / "gradebook.csv");
        CHECK(std::count(gradebook.begin(), gradebook.end(), '\n') == 8);
        CHECK_MESSAGE(gradebook.find("crash,crash,crash.zip,0,0,0,6,,not graded,the grader could not unpack crash.zip: the process unpacking "
                                     "it was killed by SIGSEGV") != std::string::npos,
                      gradebook);
        CHECK(fs::is_regular_file(fake.out / "report.html"));
    }
}
