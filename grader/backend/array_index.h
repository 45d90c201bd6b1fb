// Names the array an out-of-bounds index went into. The emulator's index
// check reports a line, a column and the type of the array the checked
// subscript applies to ("float[16]" for the second subscript of a
// float[16][16]); this reads the expression at that column of the source the
// compiler saw ("tB[ty + ph*TILE][tx]"), which of its subscripts was checked
// (from the type's rank, so it does not depend on where the compiler put the
// column), that subscript as written, and whether the array is one of the
// file's __shared__ arrays.
// Non-goal: parsing C++; a scan over names, '.', '->' and brackets.
#pragma once

#include <string>

#include "backend/run_record.h"

namespace grader {

/// What the subscript at `line`:`column` of `source` indexes.
struct IndexedArray {
    std::string expression;  ///< "tB[k][tx]": the name with all its subscripts
    std::string array;       ///< "tB"
    std::string index;       ///< "k": the checked subscript as written
    int dimension = 0;       ///< which subscript was checked: 1 for the first
    bool shared = false;     ///< declared __shared__ in the file (the rewritten source declares it with sharedVar)
};

/// Reads the indexed expression from `source` (lines counted from 1 after
/// `firstLine` lines of preamble). `column` may name the checked subscript's
/// '[' or ']' (GCC gives the ']') or the start of the expression (Clang);
/// `type` is the checked array's type as the index check names it
/// ("float[16][16]"; "" when unknown).
IndexedArray indexedArrayAt(const std::string& source, int line, int column, const std::string& type, int firstLine = 0);

/// Adds to an index fault of a child built from `compiled` (the source its compiler saw, one line of preamble)
/// the fields expression, array, subscript, dimension and shared, from its line, column and type.
void nameIndexedArray(const std::string& compiled, FaultRecord& fault);

}  // namespace grader
