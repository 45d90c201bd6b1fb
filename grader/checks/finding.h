// What a check found, as data: a diagnosis code, the line the student reads,
// the hint it closes with, and the places in the student's file it names, each recorded where the
// check learned it (the run record, the compiler's error), never read back
// out of a message. Reporters (text, JSON, gcc, SARIF, the class report)
// render findings; the class report counts them by code.
// Non-goals: wording (the checks write it), formatting (report/).
#pragma once

#include <string>
#include <vector>

namespace grader {

/// A place in the student's file: a line (1-based; 0 when the finding names none) and a column (1 when unknown).
struct Place {
    int line = 0;
    int column = 1;
    /// True when the place names a line.
    bool known() const { return line > 0; }
    bool operator==(const Place& other) const { return line == other.line && column == other.column; }
};

/// A further place a finding names, with the clause that says what happens there.
struct RelatedPlace {
    Place at;
    std::string text;  ///< e.g. "read by thread (0,0) at matmul.cu:30"
};

/// One thing a check found: a cause with a stable code (CONTRACT.md lists them).
struct Finding {
    std::string code;   ///< e.g. "barrier.missing-after-compute"
    std::string text;   ///< the line of the check's message that says it (less `lead`)
    Place at;           ///< where it is; unknown when it names no line
    std::vector<RelatedPlace> related;  ///< further places, in the order the text names them
    std::string lead;   ///< what the message line holds before `text`: a compiler's "FILE:LINE:COL: ", else ""
    std::string hint;   ///< what to do about it, where the check says (the closing words of `text`); "" where it gives none
};

/// `related` without places equal to `at` or to an earlier one (a line named twice is pointed at once).
std::vector<RelatedPlace> distinctPlaces(const Place& at, std::vector<RelatedPlace> related);

}  // namespace grader
