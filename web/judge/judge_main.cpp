// judge.wasm's entry: grades one lesson file as `grader check LESSON FILE
// --backend cpu` does, from what the Worker put in its in-memory file system,
// and writes the report as text (the console reporter, no colour) and JSON.
// Usage (WASI argv): judge LESSON DISPLAY_FILE [SEED], or judge quiz ... (browser_quiz.h: the Quiz panel),
// judge tilemap ... (browser_tilemap.h: the tile map), judge trainer-progress (browser_trainer.h: its file)
//   /in/course.json   the course as `grader list --json` prints it
//   /in/build.json    the Worker's build: {ok, stage, log, unsupported, unsupported_line, rewritten, sites}
//   /in/source/NAME   the student's file (NAME: DISPLAY_FILE's base name)
//   /in/quiz.json, /in/quiz_answers.json, /in/quiz_tries.json: the quiz check's (browser_quiz.h)
//   /in/trainer_progress.json: the trainer check's (browser_trainer.h; absent: no progress kept)
//   /out/report.txt, /out/report.json: the report; exit status as grader check's (0, 1 fail, 2 error)
// Non-goals: the other report formats (gcc, SARIF), options other than the seed.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "browser_backend.h"
#include "browser_quiz.h"
#include "browser_tilemap.h"
#include "browser_trainer.h"
#include "checks/check.h"
#include "core/toolchain.h"
#include "course_json.h"
#include "report/reporter.h"

namespace {

using namespace grader;

/// The whole file at `path`, or "" when it cannot be read.
std::string slurp(const std::string& path) {
    std::string text;
    readFile(path, text);
    return text;
}

/// grader check's exit status: an error over a failure over a pass.
int reportStatus(const LessonReport& report) {
    bool failed = false, error = false;
    for (const auto& c : report.checks) {
        failed |= c.status == Status::Fail;
        error |= c.status == Status::Error;
    }
    return error ? 2 : failed ? 1 : 0;
}

int fail(const std::string& why) {
    std::fprintf(stderr, "judge: %s\n", why.c_str());
    return 3;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "quiz") return judgeQuiz(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "tilemap") return judgeTilemap(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "trainer-progress") return judgeTrainerProgress();
    if (argc < 3) return fail("usage: judge LESSON DISPLAY_FILE [SEED]");
    const std::string lessonId = argv[1], displayFile = argv[2];
    const std::string base = std::filesystem::path(displayFile).filename().string();
    const Expected<Course> course = courseFromJson(slurp("/in/course.json"));
    if (!course) return fail(course.error().format());
    const Lesson* lesson = course->findLesson(lessonId);
    if (!lesson) return fail("no lesson '" + lessonId + "' in the course");
    const std::optional<BrowserBuild> built = browserBuildFromJson(slurp("/in/build.json"));
    if (!built) return fail("/in/build.json is not the Worker's build");
    CheckOptions options;
    options.seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : stableSeed(lessonId + "/" + base);
    options.grader = "grader";  // the kit's command, as a student types it there
    auto backend = makeBrowserBackend(browserBuildResult(*built, *lesson, displayFile), *built);
    const LessonReport report = gradeLesson(*course, *lesson, "/in/source/" + base, displayFile, *backend, backend.get(), options);
    std::ofstream text("/out/report.txt"), json("/out/report.json");
    ConsoleReporter(false).write(report, text);
    JsonReporter().write(report, json);
    return reportStatus(report);
}
