// Background builds of a submission's lessons, gated by build slots.
#include "batch/prebuild.h"

namespace grader {

namespace {

void buildInSlot(BuildSlots& slots, const std::atomic<bool>& now, Backend& backend, const Lesson& lesson, const std::filesystem::path& file) {
    slots.acquire(now);
    try {
        backend.build(lesson, file, lesson.starterFile());  // the name gradeLesson builds it under in a batch
    } catch (...) {  // the check builds it again and reports what went wrong
    }
    slots.release();
}

}  // namespace

LessonPrebuild::LessonPrebuild(const Course& course, const std::map<std::string, std::filesystem::path>& files, Backend& primary,
                               Backend* emulator, Priority priority, BuildSlots& slots)
    : slots_(slots), now_(priority == Priority::Now) {
    const bool primaryUsable = primary.cachesBuilds() && primary.unavailableReason().empty();
    if (emulator && !emulator->cachesBuilds()) emulator = nullptr;
    for (const auto& lesson : course.lessons) {
        const auto found = files.find(lesson.id);
        if (found == files.end()) continue;
        auto& futures = builds_[lesson.id];
        for (Backend* backend : {primaryUsable ? &primary : nullptr, emulator != &primary ? emulator : nullptr})
            if (backend)
                futures.push_back(std::async(std::launch::async, buildInSlot, std::ref(slots_), std::cref(now_), std::ref(*backend),
                                             std::cref(lesson), found->second));
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
