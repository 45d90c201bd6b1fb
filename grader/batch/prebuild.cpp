// Background builds of a submission's lessons, gated by build slots.
#include "batch/prebuild.h"

#include <memory>

namespace grader {

namespace {

BuildResult buildInSlot(BuildSlots& slots, const std::atomic<bool>& now, Backend& backend, const Lesson& lesson, const std::filesystem::path& file) {
    slots.acquire(now);
    BuildResult build;
    try {
        build = backend.build(lesson, file, lesson.starterFile());  // the name gradeLesson builds it under in a batch
    } catch (...) {  // the check builds it again and reports what went wrong
        build.ok = false;
    }
    slots.release();
    return build;
}

/// Builds in a slot and says so through `built`; then, when the build succeeded, runs `request` on it in a slot too
/// (an early run is background work, as a build is) and hands its record to `ran`: nullopt when it did not run (the
/// grading then runs it itself and reports what went wrong).
void buildThenRun(BuildSlots& slots, const std::atomic<bool>& now, Backend& backend, const Lesson& lesson, const std::filesystem::path& file,
                  const RunRequest& request, std::promise<void>& built, std::promise<std::optional<RunRecord>>& ran) {
    const BuildResult build = buildInSlot(slots, now, backend, lesson, file);
    built.set_value();
    std::optional<RunRecord> record;
    if (build.ok) {
        slots.acquire(now);
        try {
            record = backend.run(build, request);
        } catch (...) {
            record.reset();
        }
        slots.release();
    }
    ran.set_value(std::move(record));
}

}  // namespace

LessonPrebuild::LessonPrebuild(const Course& course, const std::map<std::string, std::filesystem::path>& files, Backend& primary,
                               Backend* emulator, Priority priority, BuildSlots& slots, const std::map<std::string, RunRequest>& earlyRuns)
    : slots_(slots), now_(priority == Priority::Now) {
    const bool primaryUsable = primary.cachesBuilds() && primary.unavailableReason().empty();
    if (emulator && !emulator->cachesBuilds()) emulator = nullptr;
    for (const auto& lesson : course.lessons) {
        const auto found = files.find(lesson.id);
        if (found == files.end()) continue;
        auto& builds = builds_[lesson.id];
        const auto early = earlyRuns.find(lesson.id);
        for (Backend* backend : {primaryUsable ? &primary : nullptr, emulator != &primary ? emulator : nullptr}) {
            if (!backend) continue;
            if (backend != emulator || early == earlyRuns.end()) {
                tasks_.push_back(std::async(std::launch::async, [this, backend, &lesson, file = found->second] {
                    buildInSlot(slots_, now_, *backend, lesson, file);
                }).share());
                builds.push_back(tasks_.back());
                continue;
            }
            auto built = std::make_shared<std::promise<void>>();
            auto ran = std::make_shared<std::promise<std::optional<RunRecord>>>();
            builds.push_back(built->get_future().share());
            earlyRuns_[lesson.id] = {early->second, ran->get_future().share()};
            tasks_.push_back(std::async(std::launch::async, [this, backend, &lesson, file = found->second, request = early->second, built, ran] {
                buildThenRun(slots_, now_, *backend, lesson, file, request, *built, *ran);
            }).share());
        }
    }
}

void LessonPrebuild::promote() {
    now_ = true;
    slots_.priorityRaised();
}

void LessonPrebuild::waitFor(const std::string& lessonId) {
    const auto found = builds_.find(lessonId);
    if (found == builds_.end()) return;
    for (auto& build : found->second) build.wait();
}

LessonPrebuild::~LessonPrebuild() {
    for (auto& task : tasks_) task.wait();
}

}  // namespace grader
