// Mistakes by cause: for each lesson, the diagnosis codes (checks/finding.h)
// the class's latest submissions carry, ranked by how many students hit
// them, with how many students fixed a cause in a later submission (where
// the batch kept an earlier one in history/), one anonymized example and the
// lesson text's section that teaches it. Written as mistakes.csv and as a
// section of report.html.
// Non-goals: judging (the checks do); causes of the machine or the grader
// (skips, the grader's errors, the emulator's limits) are not the class's.
#pragma once

#include <string>
#include <vector>

#include "batch/class_outputs.h"

namespace grader {

/// One cause in one lesson, as the class hit it.
struct ClassCause {
    std::string code;
    std::vector<std::string> students;  ///< ids whose latest submission has it, sorted
    std::vector<std::string> fixedBy;   ///< ids that had it in an earlier submission and not in their latest
    std::string example;                ///< the first student's finding, its file and rerun command left out
};

/// The causes of one lesson, most students first.
struct LessonMistakes {
    std::string lesson;
    std::string section;  ///< the lesson text, e.g. lessons/03-phase-loop/README.md
    int graded = 0;       ///< students whose latest submission has this lesson graded
    bool history = false; ///< some student's earlier submission is known
    std::vector<ClassCause> causes;
};

/// Every lesson's causes in `view` (lessons no one failed included, with no causes).
std::vector<LessonMistakes> mistakesByCause(const ClassView& view);

/// The lesson text's section that teaches `code` in `lesson` (a markdown heading of its README), or "".
std::string teachingSection(const Course& course, const Lesson& lesson, const std::string& code);

/// mistakes.csv: lesson, code, students, graded, share, fixed_later, cause, section, example, student_ids.
std::string mistakesCsv(const ClassView& view, const std::vector<LessonMistakes>& lessons);

/// report.html's "Mistakes by cause" section.
std::string mistakesHtml(const ClassView& view, const std::vector<LessonMistakes>& lessons);

}  // namespace grader
