// Finds the places in the student's file that a check's message names
// ("at matmul.cu:16", "matmul.cu:11:16: ..."), for reporters that point an
// editor at them. Checks give locations only inside their messages.
// Non-goal: locations in other files (the grader's own, the compiler's headers).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grader {

/// A place in the student's file named in a message: a line (1-based) and column (1 when the
/// message gives none). Checks hold a run record's SourceLocation; their results keep only text.
struct MessageLocation {
    int line = 0;
    int column = 1;
    size_t begin = 0;  ///< where "NAME:LINE[:COL]" starts in the text searched
    size_t end = 0;    ///< one past where it ends
    /// Same line and column (where in the text does not matter).
    bool operator==(const MessageLocation& other) const { return line == other.line && column == other.column; }
};

/// Every distinct "NAME:LINE" or "NAME:LINE:COL" in `text` whose NAME is `baseName` (the
/// student's file's base name, as messages name it), in order of first appearance.
std::vector<MessageLocation> findMessageLocations(const std::string& text, const std::string& baseName);

}  // namespace grader
