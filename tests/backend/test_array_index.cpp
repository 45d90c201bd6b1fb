// Naming the array an out-of-bounds index went into, from the compiled source.
#include <doctest/doctest.h>

#include "backend/array_index.h"

using namespace grader;

TEST_CASE("the expression, the checked subscript as written, and whether the array is shared") {
    const std::string source =
        "#line 1 \"k.cu\"\n"
        "float (&tB)[16][16] = ::cuemu::sharedVar<float[16][16]>(0, \"tB\", 1);\n"
        "    sum += tA[ty][k] * tB[k][tx];\n";
    // Line 2 of the student's file; column 27 is the second '[' of tB[k][tx], and float[16] is one row.
    IndexedArray second = indexedArrayAt(source, 2, 27, "float[16]", 1);
    CHECK(second.expression == "tB[k][tx]");
    CHECK(second.array == "tB");
    CHECK(second.index == "tx");
    CHECK(second.dimension == 2);
    CHECK(second.shared);
    IndexedArray first = indexedArrayAt(source, 2, 14, "float[16][16]", 1);
    CHECK(first.expression == "tA[ty][k]");
    CHECK(first.array == "tA");
    CHECK(first.index == "ty");
    CHECK(first.dimension == 1);
    CHECK_FALSE(first.shared);
}

TEST_CASE("GCC's column is the checked subscript's closing bracket: the expression is that subscript's, never the next array's") {
    // tA[ty][tx + ph*TILE] = A[...]: GCC names column 28, the ']' after TILE, with the type float[16].
    const std::string source = "        tA[ty][tx + ph*TILE] = A[row * n + ph * TILE + tx];\n";
    IndexedArray second = indexedArrayAt(source, 1, 28, "float[16]", 0);
    CHECK(second.expression == "tA[ty][tx + ph*TILE]");
    CHECK(second.dimension == 2);
    CHECK(second.index == "tx + ph*TILE");
    // tB[ty + ph*TILE][tx]: the ']' of the first subscript, with the whole array's type.
    const std::string rows = "        tB[ty + ph*TILE][tx] = B[(ph * TILE + ty) * n + col];\n";
    IndexedArray first = indexedArrayAt(rows, 1, 24, "float[16][16]", 0);
    CHECK(first.expression == "tB[ty + ph*TILE][tx]");
    CHECK(first.dimension == 1);
    CHECK(first.index == "ty + ph*TILE");
}

TEST_CASE("Clang's column is the expression's start: the type still picks the subscript") {
    const std::string source = "        tA[ty][tx + ph*TILE] = 0;\n";
    IndexedArray found = indexedArrayAt(source, 1, 9, "float[16]", 0);
    CHECK(found.array == "tA");
    CHECK(found.dimension == 2);
    CHECK(found.index == "tx + ph*TILE");
}

TEST_CASE("members and pointers to structs are part of the array's name") {
    const std::string source = "x = t.a[i][j] + p->rows[k] - s[i].v[j];\n";
    CHECK(indexedArrayAt(source, 1, 8, "", 0).expression == "t.a[i][j]");
    CHECK(indexedArrayAt(source, 1, 11, "", 0).array == "t.a");
    CHECK(indexedArrayAt(source, 1, 24, "", 0).expression == "p->rows[k]");
    const IndexedArray member = indexedArrayAt(source, 1, 36, "float[4]", 0);
    CHECK(member.expression == "s[i].v[j]");
    CHECK(member.array == "s[i].v");
    CHECK(member.index == "j");
    CHECK(member.dimension == 1);
}

TEST_CASE("a column past the line gives nothing rather than a wrong name") {
    CHECK(indexedArrayAt("a[1];\n", 5, 1, "", 0).expression.empty());
}
