// The class report's insight sections (report.html, beside the grades):
//   scores per lesson   an SVG histogram of each lesson's score, drawn here
//   similar submissions the pairs at or above course.yaml's similarity
//                       threshold, each with its shared fragments side by side
//   speed board         (course.yaml leaderboard: true) each student's GFLOP/s
//                       at the speedup check's size on the GPU, the device, and
//                       the ratio to the reference tiled kernel; anonymous
//                       unless --names; on a class graded without a GPU, one
//                       line saying why there is none
// Each section is a <section class="insight" id="..."> of its own, so other
// insights (mistakes by cause) sit beside them in the same list.
// Non-goals: computing the similarity (class_similarity.h); changing a score.
#pragma once

#include <string>
#include <vector>

#include "batch/class_outputs.h"

namespace grader {

/// One student's measurement on the GPU, read from a speedup check's message.
struct SpeedEntry {
    std::string student;
    double gflops = 0;          ///< the student's kernel (lesson 4: as the student's timer measured it)
    double referenceGflops = 0; ///< the grader's reference tiled kernel, same run
    int n = 0;                  ///< the size it ran at
    std::string device;
};

/// The speed board's rows of `lesson`: the students whose speedup check ran on the GPU with right results, fastest first.
std::vector<SpeedEntry> speedEntries(const ClassView& view, const std::string& lesson);

/// The figure of the score distribution per lesson (an SVG histogram each).
std::string lessonScoresFigure(const ClassView& view);

/// The insight sections (similar submissions, speed board), in the order the page shows them.
std::string insightSections(const ClassView& view);

}  // namespace grader
