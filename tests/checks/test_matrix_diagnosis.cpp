// Recognizing the patterns of wrong results a teacher would name.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

#include "checks/matrix_diagnosis.h"
#include "harness/inputs.h"

using namespace grader;

namespace {

struct Fixture {
    int n;
    std::vector<float> A, B, expected, actual;
    MatmulCase c;

    Fixture(int size, int lesson = 3, int phase = 0) : n(size) {
        A = course_inputs::makeMatrix(5, 0, n);
        B = course_inputs::makeMatrix(5, 1, n);
        c.lesson = lesson;
        c.n = n;
        c.phase = phase;
        c.A = &A;
        c.B = &B;
        expected = referenceProduct(c);
        actual = expected;
        c.actual = &actual;
    }
    MatmulVerdict verdict() { return diagnoseMatmul(c, expected); }
    float dot(int r, int col, int k0, int k1) const {
        float s = 0;
        for (int k = k0; k < k1; ++k) s += A[r * n + k] * B[k * n + col];
        return s;
    }
};

}  // namespace

TEST_CASE("a right result passes") {
    Fixture f(32);
    CHECK(f.verdict().ok);
}

TEST_CASE("the first wrong element, the count, and the expected value") {
    Fixture f(32);
    f.actual[5] += 1.0f;
    auto v = f.verdict();
    CHECK_FALSE(v.ok);
    CHECK(v.wrong == 1);
    CHECK(v.message.find("C[0][5] = ") == 0);
    CHECK(v.message.find("1 of 1024 elements is wrong") != std::string::npos);
}

TEST_CASE("a transposed result is named") {
    Fixture f(32);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c) f.actual[r * 32 + c] = f.expected[c * 32 + r];
    CHECK(f.verdict().code == "index.result-transposed");
    CHECK(f.verdict().message.find("transpose") != std::string::npos);
}

TEST_CASE("a grid that covers only some rows is measured") {
    Fixture f(64);
    for (int i = 32 * 64; i < 64 * 64; ++i) f.actual[i] = NAN;
    CHECK(f.verdict().code == "grid.not-rounded-up");
    CHECK(f.verdict().message.find("your grid covers only rows 0..31 of 64") != std::string::npos);
}

TEST_CASE("NaN that the kernel wrote itself points at +=") {
    Fixture f(16);
    for (auto& x : f.actual) x = NAN;
    f.c.written = std::string(256, '1');
    CHECK(f.verdict().code == "store.accumulates-into-c");
    CHECK(f.verdict().message.find("(C[...] += ...)") != std::string::npos);
}

TEST_CASE("a record whose list of written elements is shorter than C is read as none (found by fuzz_run_record)") {
    Fixture f(16);
    for (int i = 0; i < 16; ++i) f.actual[size_t(i)] = NAN;
    f.c.written = "11";  // the child's record may say anything
    const MatmulVerdict v = f.verdict();
    CHECK_FALSE(v.ok);
    CHECK(v.wrong == 16);
}

TEST_CASE("only the first phase summed (lesson 3)") {
    Fixture f(64);
    for (int r = 0; r < 64; ++r)
        for (int c = 0; c < 64; ++c) f.actual[r * 64 + c] = f.dot(r, c, 0, 16);
    CHECK(f.verdict().code == "loop.only-first-phase");
    CHECK(f.verdict().message.find("Only the first phase") != std::string::npos);
}

TEST_CASE("lesson 2 ignoring the phase") {
    Fixture f(64, 2, 2);
    for (int r = 0; r < 64; ++r)
        for (int c = 0; c < 64; ++c) f.actual[r * 64 + c] = f.dot(r, c, 0, 16);
    CHECK(f.verdict().code == "index.phase-ignored");
    CHECK(f.verdict().message.find("ignores `phase`") != std::string::npos);
}

TEST_CASE("an int accumulator truncates partial sums") {
    Fixture f(16, 1);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) {
            int s = 0;
            for (int k = 0; k < 16; ++k) s = static_cast<int>(s + f.A[r * 16 + k] * f.B[k * 16 + c]);
            f.actual[r * 16 + c] = float(s);
        }
    CHECK(f.verdict().code == "sum.int-accumulator");
    CHECK(f.verdict().message.find("int") != std::string::npos);
}

TEST_CASE("an accumulator never set: every element holds the emulator's pattern for an uninitialized float") {
    Fixture f(32);
    float pattern;
    std::memcpy(&pattern, &kUninitializedFloatBits, sizeof pattern);
    for (auto& x : f.actual) x = pattern;
    f.c.written = std::string(32 * 32, '1');
    const auto v = f.verdict();
    CHECK(v.recognized);
    CHECK(v.code == "sum.uninitialized");
    CHECK(v.message.find("the sum started uninitialized") != std::string::npos);
    CHECK(v.message.find("+=") == std::string::npos);
}

TEST_CASE("B's tile row taken from tx and A's tile column from ty are named with a thread whose tx and ty differ") {
    Fixture f(32);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c) {
            float s = 0;
            for (int p = 0; p < 2; ++p)
                for (int k = 0; k < 16; ++k) s += f.A[r * 32 + p * 16 + k] * f.B[(p * 16 + c % 16) * 32 + c];
            f.actual[r * 32 + c] = s;
        }
    CHECK(f.verdict().code == "index.tile-b-row-from-tx");
    auto message = f.verdict().message;
    CHECK(message.find("the row of B's tile comes from tx") != std::string::npos);
    CHECK(message.find("thread (0,1) of block (0,0) loads B[16][0] instead of B[17][0]") != std::string::npos);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c) {
            float s = 0;
            for (int p = 0; p < 2; ++p)
                for (int k = 0; k < 16; ++k) s += f.A[r * 32 + p * 16 + r % 16] * f.B[(p * 16 + k) * 32 + c];
            f.actual[r * 32 + c] = s;
        }
    CHECK(f.verdict().code == "index.tile-a-column-from-ty");
    message = f.verdict().message;
    CHECK(message.find("the column of A's tile comes from ty") != std::string::npos);
}

TEST_CASE("a tile used transposed is told from the product, never as the student's code") {
    Fixture f(32, 2, 1);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c) {
            float s = 0;
            for (int k = 0; k < 16; ++k) s += f.A[r * 32 + 16 + k] * f.B[(16 + c % 16) * 32 + c - c % 16 + k];
            f.actual[r * 32 + c] = s;
        }
    CHECK(f.verdict().code == "shared.tile-b-transposed");
    const auto message = f.verdict().message;
    CHECK(message.find("The tile of B is used transposed: in phase 1, at k = 1, thread (0,0) of block (0,0) multiplies by B[16][1] "
                       "where B[17][0] belongs") != std::string::npos);
    CHECK(message.find("[tx][ty]") == std::string::npos);
}

TEST_CASE("inputs are exact: multiples of 1/4 in [-4, 4], different for A and B") {
    auto a = course_inputs::makeMatrix(9, 0, 8), b = course_inputs::makeMatrix(9, 1, 8);
    CHECK(a != b);
    for (float x : a) {
        CHECK(std::fabs(x) <= 4.0f);
        CHECK(x * 4 == std::floor(x * 4));
    }
    CHECK(course_inputs::makeMatrix(9, 0, 8) == a);
}

TEST_CASE("Freivalds' test shows a right C without the reference, and never passes a wrong one") {
    for (const auto& lessonPhase : std::vector<std::pair<int, int>>{{1, 0}, {2, 1}, {3, 0}}) {
        const int lesson = lessonPhase.first;
        CAPTURE(lesson);
        Fixture f(64, lesson, lessonPhase.second);
        CHECK(isExactProduct(f.c) == (lesson != 2));  // lesson 2's phase is 16 deep: its reference costs no more than the test
        CHECK(judgeMatmul(f.c).ok);
        CHECK(judgeMatmul(f.c).tolerance == f.verdict().tolerance);
        for (const float delta : {1.0f / 16, -3.0f, 1.0f / 32}) {  // a sixteenth, a whole number, a value between sixteenths
            CAPTURE(delta);
            for (const size_t at : {size_t(0), size_t(64 * 37 + 5), f.actual.size() - 1}) {
                f.actual = f.expected;
                f.actual[at] += delta;
                CHECK_FALSE(isExactProduct(f.c));
                const MatmulVerdict judged = judgeMatmul(f.c), full = f.verdict();
                CHECK(judged.ok == full.ok);
                CHECK(judged.message == full.message);
            }
        }
        f.actual = f.expected;
        f.actual[7] = std::nanf("");
        CHECK_FALSE(isExactProduct(f.c));
        CHECK(judgeMatmul(f.c).message == f.verdict().message);
    }
}

TEST_CASE("two wrong elements that cancel in a plain row sum are still found") {
    Fixture f(32);
    f.actual[3] += 1.0f;
    f.actual[9] -= 1.0f;  // C 1 == (A B) 1 here: only random vectors tell
    CHECK_FALSE(isExactProduct(f.c));
    CHECK_FALSE(judgeMatmul(f.c).ok);
}

TEST_CASE("inputs Freivalds' test cannot take in integers go to the reference, with the same verdict") {
    Fixture f(16);
    for (auto& a : f.A) a += 1.0f / 8;  // eighths: not quarters
    f.expected = referenceProduct(f.c);
    f.actual = f.expected;
    CHECK_FALSE(isExactProduct(f.c));
    CHECK(judgeMatmul(f.c).ok == f.verdict().ok);
}
