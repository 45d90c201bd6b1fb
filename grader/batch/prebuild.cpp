// Background builds of a submission's lessons, gated by build slots.
#include "batch/prebuild.h"

#include <semaphore>
#include <thread>

namespace grader {

namespace {

/// As many builds at once as the machine has cores, across every worker of this process.
std::counting_semaphore<>& buildSlots() {
    static std::counting_semaphore<> slots(std::max<std::ptrdiff_t>(1, std::thread::hardware_concurrency()));
    return slots;
}

void buildInSlot(Backend& backend, const Lesson& lesson, const std::filesystem::path& file) {
    buildSlots().acquire();
    try {
        backend.build(lesson, file, lesson.starterFile());  // the name gradeLesson builds it under in a batch
    } catch (...) {  // the check builds it again and reports what went wrong
    }
    buildSlots().release();
}

}  // namespace

LessonPrebuild::LessonPrebuild(const Course& course, const std::map<std::string, std::filesystem::path>& files, Backend& primary,
                               Backend* emulator) {
    const bool primaryUsable = primary.cachesBuilds() && primary.unavailableReason().empty();
    if (emulator && !emulator->cachesBuilds()) emulator = nullptr;
    for (const auto& lesson : course.lessons) {
        const auto found = files.find(lesson.id);
        if (found == files.end()) continue;
        auto& futures = builds_[lesson.id];
        for (Backend* backend : {primaryUsable ? &primary : nullptr, emulator != &primary ? emulator : nullptr})
            if (backend)
                futures.push_back(std::async(std::launch::async, buildInSlot, std::ref(*backend), std::cref(lesson), found->second));
    }
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
