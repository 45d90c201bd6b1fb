// `judge tilemap` (see browser_tilemap.h).
#include "browser_tilemap.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "browser_backend.h"
#include "core/toolchain.h"
#include "course_json.h"
#include "checks/tilemap_run.h"

namespace grader {

namespace {

int fail(const std::string& why) {
    std::fprintf(stderr, "judge tilemap: %s\n", why.c_str());
    return 3;
}

/// The whole file at `path`, or "" when it cannot be read.
std::string inputText(const std::string& path) {
    std::string text;
    readFile(path, text);
    return text;
}

/// Writes `text` to /out/NAME; `status` when it was written, else 3.
int written(const std::string& name, const std::string& text, int status) {
    std::ofstream out("/out/" + name, std::ios::binary);
    out << text;
    return out ? status : fail("cannot write /out/" + name);
}

/// The error as `grader tilemap` prints it on stderr, with its exit status.
int tilemapError(const Error& error, int status) {
    std::ostringstream text;
    printError(text, error, status);
    return written("tilemap_error.txt", text.str(), status);
}

}  // namespace

int judgeTilemap(int argc, char** argv) {
    if (argc < 4) return fail("usage: judge tilemap LESSON DISPLAY_FILE");
    const std::string lessonId = argv[2], displayFile = argv[3];
    const Expected<Course> course = courseFromJson(inputText("/in/course.json"));
    if (!course) return fail(course.error().format());
    auto found = course->lessonOrError(lessonId);
    if (!found) return tilemapError(found.error(), 2);
    const Lesson& lesson = **found;
    if (!loadsTiles(lesson.kind()))  // as the native verb refuses it
        return tilemapError({"", "the tile map draws the tiled kernels of lessons 2 and 3; " + lesson.id + " has no tiles", ""}, 2);
    const std::optional<BrowserBuild> built = browserBuildFromJson(inputText("/in/build.json"));
    if (!built) return fail("/in/build.json is not the Worker's build");
    auto backend = makeBrowserBackend(browserBuildResult(*built, lesson, displayFile), *built);
    const BuildResult build = backend->build(lesson, displayFile, displayFile);
    const int n = defaultTilemapSize(course->tile);
    const Expected<std::string> json = tilemapJson(*backend, build, lesson, displayFile, {n, course->tile, 0, 0, std::nullopt});
    if (!json) return tilemapError(json.error(), 1);
    return written("tilemap.json", *json + "\n", 0);
}

}  // namespace grader
