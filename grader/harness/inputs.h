// The matrices a check feeds a student's kernel, drawn from a seed. Shared
// by the harness (child) and the grader (parent), which regenerates them to
// compute the reference itself. Values are multiples of 1/4 in [-4, 4], so
// every product and partial sum up to n = 8192 is exact in float: a correct
// kernel gives the reference bit for bit, whatever its summation order,
// while an int accumulator or a transposed index does not.
// Non-goal: statistical quality beyond that.
#pragma once

#include <cstdint>
#include <vector>

namespace course_inputs {

/// splitmix64: small, fast, identical on host compilers and nvcc.
inline uint64_t nextRandom(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Fills an n x n matrix for `seed`; `which` is 0 for A and 1 for B.
inline std::vector<float> makeMatrix(uint64_t seed, int which, int n) {
    std::vector<float> m(static_cast<size_t>(n) * n);
    uint64_t state = seed * 2 + static_cast<uint64_t>(which) + 0x5DEECE66Dull;
    for (auto& value : m) value = static_cast<float>(static_cast<int>(nextRandom(state) % 33) - 16) / 4.0f;
    return m;
}

}  // namespace course_inputs
