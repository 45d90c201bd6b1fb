// The lesson's words for a shared-memory race, shared by the emulator's and
// compute-sanitizer's barriers checks: which barrier is missing, judged from
// where the existing barriers stand between the two racing lines.
// Non-goal: finding races (the emulator and the sanitizer do).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/course.h"

namespace grader {

/// Explains a race between a write at `writeLine` and an access at `otherLine`.
std::string explainRace(int writeLine, int otherLine, bool bothWrite, const std::set<int>& barrierLines, bool anyBarrier,
                        const Lesson& lesson);

/// The first few problems, one per line, and how many more there are.
std::string joinProblems(const std::vector<std::string>& problems);

/// The lines of `source` that call __syncthreads() outside comments.
std::set<int> barrierLinesInSource(const std::string& source);
/// The lines of `source` whose __syncthreads() sits inside an if, else or
/// switch (braced or not): the barriers a divergence is most likely about.
std::set<int> branchedBarrierLines(const std::string& source);

}  // namespace grader
