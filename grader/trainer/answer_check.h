// Reading and checking a trainer answer, one part at a time. The forms:
// cells "row,col" and ranges "r0..r1,c0..c1" (either side may be one index:
// "5,0..15"), several separated by ";" or spaces; blocks "bx,by" the same
// way; a slot "y,x"; a whole number; an order of the labels 1..5 ("3 1 5 2 4").
// An answer that is not in its part's form (malformed, out of range, empty)
// is not checked: it gets a one-line message saying why and what to type.
// A checked part is right, wrong, or (cells and blocks) partly right, with
// the cells missing and the cells extra.
// Non-goals: the explanations and the drawing (trainer_text.h).
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/language.h"
#include "trainer/exercises.h"

namespace grader {

/// A set of cells (row, col); for blocks (by, bx).
using CellSet = std::set<std::pair<int, int>>;

/// An answer part as read: `problem` is empty when it is usable.
struct ReadAnswer {
    std::string problem;  ///< one line, in the student's language: why it cannot be checked
    CellSet cells;        ///< Cells, Blocks
    int y = 0, x = 0;     ///< Slot
    long number = 0;      ///< Number
    std::vector<std::string> order;  ///< Order: the step ids in the order typed
};

/// Reads `text` as an answer to `part` of `exercise`.
ReadAnswer readAnswer(const Exercise& exercise, const AnswerPart& part, const std::string& text, Language language);

/// How one part was answered.
enum class PartVerdict { Right, Partly, Wrong };

/// The verdict on one part.
struct PartResult {
    const AnswerPart* part = nullptr;
    PartVerdict verdict = PartVerdict::Wrong;
    bool answered = false;  ///< false: no usable answer was given (end of input)
    std::string given;      ///< as typed
    CellSet missing, extra;  ///< Cells, Blocks: right cells not given, cells given that are not right
};

/// Checks a usable answer `read` (typed as `given`) against `part`.
PartResult checkPart(const Exercise& exercise, const AnswerPart& part, const ReadAnswer& read, const std::string& given);

/// The result of a part never answered.
PartResult unansweredPart(const AnswerPart& part);

/// The right cells of a Cells or Blocks part.
CellSet rightCells(const AnswerPart& part);

/// Cells as the fewest rectangles found row by row (for listing them).
std::vector<CellRange> rectanglesOf(const CellSet& cells);

/// Rectangles as typed: "16..31,0..15; 5,3" (blocks: "bx,by", x first).
std::string cellsText(const std::vector<CellRange>& ranges, PartForm form);

/// The right answer of `part` as typed: "37,3", "16..31,0..15", "5,3", "2", "4 1 5 2 3".
std::string rightAnswerText(const Exercise& exercise, const AnswerPart& part);

}  // namespace grader
