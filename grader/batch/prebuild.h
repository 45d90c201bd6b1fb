// Builds the lesson files of one submission in the background, all at once,
// while its checks run lesson by lesson: nvcc and the emulator's compiler keep
// the node's cores busy while workers wait for the GPU. The builds land in the
// build cache, where gradeLesson finds them. A process-wide number of build
// slots (the machine's cores) keeps many workers from oversubscribing it.
// Non-goal: verdicts; a build that fails here is built and reported by the check.
#pragma once

#include <filesystem>
#include <future>
#include <map>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "core/course.h"

namespace grader {

/// The background builds of one submission's lessons.
class LessonPrebuild {
public:
    /// Starts building every file of `files` (lesson id -> file) with `primary`, and with
    /// `emulator` too when it is another backend (the gpu backend's emulator checks);
    /// a backend that does not cache its builds, or is unavailable, is not built ahead.
    LessonPrebuild(const Course& course, const std::map<std::string, std::filesystem::path>& files, Backend& primary,
                   Backend* emulator);
    /// Waits until the builds of `lessonId` are done (whether they succeeded or not).
    void waitFor(const std::string& lessonId);
    /// Waits for every build: they use the backends passed in.
    ~LessonPrebuild();

private:
    std::map<std::string, std::vector<std::future<void>>> builds_;
};

}  // namespace grader
