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

/// Builds in a slot, then runs `request` on the build when it succeeded and hands its record to `ran`; nullopt when
/// it did not run (the grading then runs it itself and reports what went wrong).
void buildThenRun(BuildSlots& slots, const std::atomic<bool>& now, Backend& backend, const Lesson& lesson, const std::filesystem::path& file,
                  const RunRequest& request, std::promise<std::optional<RunRecord>>& ran) {
    const BuildResult build = buildInSlot(slots, now, backend, lesson, file);
    std::optional<RunRecord> record;
    if (build.ok) {
        try {
            record = backend.run(build, request);
        } catch (...) {
            record.reset();
        }
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
        auto& futures = builds_[lesson.id];
        const auto early = earlyRuns.find(lesson.id);
        for (Backend* backend : {primaryUsable ? &primary : nullptr, emulator != &primary ? emulator : nullptr}) {
            if (!backend) continue;
            if (backend != emulator || early == earlyRuns.end()) {
                futures.push_back(std::async(std::launch::async, [this, backend, &lesson, file = found->second] {
                    buildInSlot(slots_, now_, *backend, lesson, file);
                }));
                continue;
            }
            auto ran = std::make_shared<std::promise<std::optional<RunRecord>>>();
            earlyRuns_[lesson.id] = {emulatorRunKey(*backend, early->second), ran->get_future().share()};
            futures.push_back(std::async(std::launch::async, [this, backend, &lesson, file = found->second, request = early->second, ran] {
                buildThenRun(slots_, now_, *backend, lesson, file, request, *ran);
            }));
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
    for (auto& [lesson, futures] : builds_)
        for (auto& build : futures) build.wait();
}

}  // namespace grader
