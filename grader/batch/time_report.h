// Where a batch's time went, for people and for tools: one line per lesson
// in the batch's summary, and the --profile JSON (CONTRACT.md), each lesson
// split into compile, emulator, GPU shared, GPU exclusive, a GPU child with no
// turn, waiting for a GPU turn and sandbox start, summed over the class, with the processes started;
// and each device's serial work (children making their CUDA contexts, turns alone, timed runs waiting).
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
    std::map<std::string, DeviceSpans> deviceWork;  ///< each GPU's serial work, by its label (gpu backend)
};

/// The summary's lines: "time by lesson, summed over the class (seconds):" and a row per lesson and the total.
std::string timeSplitText(const std::map<std::string, LessonTime>& lessons);
/// "GPU turns: N shared (S s running), M alone (A s running); W s waiting for them", over every lesson.
std::string gpuTurnsText(const std::map<std::string, LessonTime>& lessons);
/// Two lines per device: "<label>, serial work: ..." (children making their CUDA contexts, turns alone, either) and
/// "<label>, timed runs: ..." (waiting for the device to empty, alone, either), against the run's wall time; none for a
/// device on which no child made a context and none had it alone.
std::string deviceWorkText(const std::map<std::string, DeviceSpans>& deviceWork, double wallSeconds);
/// The --profile document: the run's shape, each lesson's seconds and counts, and their total.
std::string timeProfileJson(const std::map<std::string, LessonTime>& lessons, const RunShape& shape);

}  // namespace grader
