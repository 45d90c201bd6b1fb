// report.html: one self-contained page (inline CSS, inline SVG, a few lines
// of inline script to sort the table and to open every student's feedback
// when printed; no external assets, no network) with
// the class at a glance: headline figures, the score distribution, how many
// students failed each check, the speedups measured on a GPU (when any),
// the class table, and every student's feedback check by check. Everything
// a student wrote (ids, compiler messages) is escaped.
// Non-goals: interactivity beyond sorting and printing; charts from a library.
#pragma once

#include <string>

#include "batch/class_outputs.h"
#include "batch/mistakes.h"

namespace grader {

/// The whole page for `view`, its "Mistakes by cause" section from `mistakes` (mistakesByCause(view)).
std::string htmlReport(const ClassView& view, const std::vector<LessonMistakes>& mistakes);

/// A failure's reason in a few words, for the Issues column: the first sentence or clause of the
/// message's first line, cut at a word with an ellipsis when longer than `limit` bytes.
std::string shortReason(const std::string& message, size_t limit = 80);

}  // namespace grader
