// report.html: one self-contained page (inline CSS, inline SVG, a few lines
// of inline script to sort the table; no external assets, no network) with
// the class at a glance: headline figures, the score distribution, how many
// students failed each check, the speedups measured on a GPU (when any),
// the class table, and every student's feedback check by check. Everything
// a student wrote (ids, compiler messages) is escaped.
// Non-goals: interactivity beyond sorting; charts from a library.
#pragma once

#include <string>

#include "batch/class_outputs.h"

namespace grader {

/// The whole page for `view`.
std::string htmlReport(const ClassView& view);

}  // namespace grader
