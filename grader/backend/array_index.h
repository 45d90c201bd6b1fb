// Names the array an out-of-bounds index went into. The emulator's index
// check reports a line, a column (the '[' of the checked subscript), the
// index and the array's type; this reads the expression at that column of
// the source the compiler saw ("tB[k][tx]") and whether the array is one of
// the file's __shared__ arrays.
// Non-goal: parsing C++; a backward scan over names, '.', '->' and brackets.
#pragma once

#include <string>

namespace grader {

/// What the subscript at `line`:`column` of `source` indexes.
struct IndexedArray {
    std::string expression;  ///< "tB[k][tx]": the name with all its subscripts
    std::string array;       ///< "tB"
    int dimension = 0;       ///< which subscript was checked: 1 for the first
    bool shared = false;     ///< declared __shared__ in the file (the rewritten source declares it with sharedVar)
};

/// Reads the indexed expression from `source` (lines counted from 1 after `firstLine` lines of preamble).
IndexedArray indexedArrayAt(const std::string& source, int line, int column, int firstLine = 0);

}  // namespace grader
