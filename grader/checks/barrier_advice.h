// The lesson's words for a shared-memory race, shared by the emulator's and
// compute-sanitizer's barriers checks: which barrier is missing, judged from
// where the existing barriers stand between the two racing lines.
// Non-goal: finding races (the emulator and the sanitizer do).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "checks/finding.h"
#include "core/course.h"

namespace grader {

/// The lines of one race: a store to a shared word and another thread's access to it.
struct RaceLines {
    int write = 0;
    int other = 0;
    bool bothWrite = false;
};

/// What a race means for the lesson: its diagnosis code, the sentence that says
/// it, and the existing barriers that sentence names, at their lines.
struct RaceAdvice {
    std::string code;  ///< barrier.missing-after-compute, barrier.missing-after-loads, barrier.none, shared.store-conflict
    std::string text;
    std::vector<RelatedPlace> barriers;
};

/// Explains `race`, one of `all` the check found, in `file` (the student's
/// file's name): which barrier is missing, and where the existing ones
/// (`barrierLines`, those every thread reached) stand when none stands
/// between the stores to the tiles and the reads of them (the last store and
/// the first read of every such race).
RaceAdvice explainRace(const RaceLines& race, const std::vector<RaceLines>& all, const std::set<int>& barrierLines, bool anyBarrier,
                        const Lesson& lesson, const std::string& file);

/// The first few problems, one per line, and how many more there are.
std::string joinProblems(const std::vector<std::string>& problems);

/// The texts of `findings`, joined as joinProblems joins them.
std::string joinProblems(const std::vector<Finding>& findings);

/// The lines of `source` that call __syncthreads() outside comments.
std::set<int> barrierLinesInSource(const std::string& source);

}  // namespace grader
