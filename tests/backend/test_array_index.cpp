// Naming the array an out-of-bounds index went into, from the compiled source.
#include <doctest/doctest.h>

#include "backend/array_index.h"

using namespace grader;

TEST_CASE("the expression up to the checked subscript, and whether the array is shared") {
    const std::string source =
        "#line 1 \"k.cu\"\n"
        "float (&tB)[16][16] = ::cuemu::sharedVar<float[16][16]>(0, \"tB\", 1);\n"
        "    sum += tA[ty][k] * tB[k][tx];\n";
    // Line 2 of the student's file; column 27 is the second '[' of tB[k][tx].
    IndexedArray second = indexedArrayAt(source, 2, 27, 1);
    CHECK(second.expression == "tB[k][tx]");
    CHECK(second.array == "tB");
    CHECK(second.dimension == 2);
    CHECK(second.shared);
    IndexedArray first = indexedArrayAt(source, 2, 14, 1);
    CHECK(first.expression == "tA[ty][k]");
    CHECK(first.array == "tA");
    CHECK(first.dimension == 1);
    CHECK_FALSE(first.shared);
}

TEST_CASE("members and pointers to structs are part of the array's name") {
    const std::string source = "x = t.a[i][j] + p->rows[k];\n";
    CHECK(indexedArrayAt(source, 1, 8, 0).expression == "t.a[i][j]");
    CHECK(indexedArrayAt(source, 1, 11, 0).array == "t.a");
    CHECK(indexedArrayAt(source, 1, 24, 0).expression == "p->rows[k]");
}

TEST_CASE("a column past the line gives nothing rather than a wrong name") {
    CHECK(indexedArrayAt("a[1];\n", 5, 1, 0).expression.empty());
}
