// Where a batch's time went, for people and for tools: one line per lesson
// in the batch's summary, and the --profile JSON (CONTRACT.md), each lesson
// split into compile, emulator, GPU shared, GPU exclusive, a GPU child with no
// turn, waiting for a GPU turn and sandbox start, summed over the class, with the processes started;
// and the device's serial work (children starting their CUDA contexts, turns alone).
// Non-goal: measuring (backend/time_profile.h does; this only writes it down).
#pragma once

#include <map>
#include <string>

#include "backend/time_profile.h"

namespace grader {

/// What the profile describes besides the lessons' time.
struct RunShape {
    std::string backend;        ///< cpu | gpu
    int jobs = 0;               ///< workers
    double wallSeconds = 0;     ///< the whole run
    bool complete = true;       ///< false when it was cut short (interrupted): the sums hold what ran
    double sandboxStartEach = 0;  ///< what one sandboxed start cost (0: no sandbox)
    DeviceSpans device;           ///< the GPU's serial work (gpu backend)
};

/// The summary's lines: "time by lesson, summed over the class (seconds):" and a row per lesson and the total.
std::string timeSplitText(const std::map<std::string, LessonTime>& lessons);
/// "GPU turns: N shared (S s running), M alone (A s running); W s waiting for them", over every lesson.
std::string gpuTurnsText(const std::map<std::string, LessonTime>& lessons);
/// "GPU device, serial work: N children started in S s (..., E s each ...), alone A s; either T s of the W s run", or ""
/// when no child was measured starting and none had the device alone.
std::string deviceSpansText(const DeviceSpans& device, double wallSeconds);
/// The --profile document: the run's shape, each lesson's seconds and counts, and their total.
std::string timeProfileJson(const std::map<std::string, LessonTime>& lessons, const RunShape& shape);

}  // namespace grader
