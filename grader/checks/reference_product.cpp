// The reference product that correctness compares against, computed in the
// grader (parent) process: at the GPU's sizes (n = 2048) it was most of a
// gpu-backend grade's CPU time, so it is cache-blocked and built with -O3
// and an AVX2 clone (grader/CMakeLists.txt). The inputs make every partial
// sum exact (harness/inputs.h), so the order of the sums changes nothing.
// Before it, Freivalds' test shows in O(n^2) whether C is exactly the product:
// it is, in every correct file, and then the O(n^3) reference is not needed.
// Non-goal: threads; a batch already keeps every core busy.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>

#include "checks/matrix_diagnosis.h"

namespace grader {

namespace {

#if defined(__x86_64__)
#define GRADER_AVX2_CLONE __attribute__((target_clones("avx2", "default")))
#else  // no function multiversioning on the browser's wasm32 (web/judge/)
#define GRADER_AVX2_CLONE
#endif

/// C[r][c0..c1) += A[r][k] * B[k][c0..c1) for k in [kBegin, kEnd), by blocks of B that stay in cache.
GRADER_AVX2_CLONE void addProducts(const float* A, const float* B, float* C, int n, int kBegin, int kEnd) {
    constexpr int kColumns = 512, kDepth = 128;  // a 128 x 512 block of B is 256 KB: it stays in L2 across the rows
    for (int c0 = 0; c0 < n; c0 += kColumns) {
        const int c1 = std::min(n, c0 + kColumns);
        for (int k0 = kBegin; k0 < kEnd; k0 += kDepth) {
            const int k1 = std::min(kEnd, k0 + kDepth);
            for (int r = 0; r < n; ++r) {
                float* __restrict out = C + size_t(r) * n;
                for (int k = k0; k < k1; ++k) {
                    const float a = A[size_t(r) * n + k];
                    const float* __restrict b = B + size_t(k) * n;
                    for (int col = c0; col < c1; ++col) out[col] += a * b[col];
                }
            }
        }
    }
}

/// `v` times `scale` into `out`, when that is an integer within `limit`; no allocation, as it runs on every element.
inline bool scaledInteger(float v, double scale, double limit, int64_t& out) {
    const double scaled = double(v) * scale;
    if (!(std::fabs(scaled) <= limit) || scaled != std::floor(scaled)) return false;
    out = static_cast<int64_t>(scaled);
    return true;
}

/// The largest magnitude of `m`'s elements times `scale`, when each is an integer within `limit`; else -1.
int64_t largestScaled(const std::vector<float>& m, double scale, double limit) {
    int64_t most = 0, v = 0;
    for (float x : m) {
        if (!scaledInteger(x, scale, limit, v)) return -1;
        most = std::max(most, v < 0 ? -v : v);
    }
    return most;
}

}  // namespace

bool isExactProduct(const MatmulCase& c) {
    constexpr int kVectors = 3;  // each misses a wrong C with probability at most 2^-16
    constexpr int64_t kVectorRange = 1 << 16;
    constexpr double kQuarters = 4, kSixteenths = 16, kInputLimit = 1 << 12, kOutputLimit = 1 << 24;
    const int n = c.n;
    const size_t cells = size_t(n) * n;
    if (n <= 0 || n > 8192 || c.A->size() != cells || c.B->size() != cells || c.actual->size() != cells) return false;
    const int kBegin = c.kind() == LessonKind::TileLoading ? c.phase * c.tile : 0;
    const int kEnd = c.kind() == LessonKind::TileLoading ? std::min(n, kBegin + c.tile) : n;
    if (kEnd - kBegin < 64) return false;  // a product this shallow costs no more than the test (lesson 2's phase)
    // A and B in quarters, C in sixteenths: integers, when the inputs are the kit's (harness/inputs.h). The float reference
    // is exact only while every partial sum fits float's 24 bits; else it rounds, and only it decides.
    const int64_t mostA = largestScaled(*c.A, kQuarters, kInputLimit), mostB = largestScaled(*c.B, kQuarters, kInputLimit);
    if (mostA < 0 || mostB < 0 || double(mostA) * double(mostB) * double(kEnd - kBegin) >= double(1 << 24)) return false;
    // Fixed vectors: the same verdict on every run and in the browser's build, which has no entropy source to rely on.
    std::mt19937_64 random{0x9E3779B97F4A7C15ull ^ uint64_t(n) ^ (uint64_t(c.phase) << 32)};
    std::vector<std::array<int64_t, kVectors>> x(static_cast<size_t>(n)), bx(static_cast<size_t>(n), std::array<int64_t, kVectors>{});
    for (auto& v : x)
        for (auto& e : v) e = static_cast<int64_t>(random() % kVectorRange);
    const float* A = c.A->data();
    const float* B = c.B->data();
    const float* C = c.actual->data();
    for (int k = kBegin; k < kEnd; ++k)  // (B x)[k]: below 2^12 * 2^16 * 2^13; (A (B x))[r] and (C x)[r] below 2^53
        for (int col = 0; col < n; ++col) {
            const auto b = static_cast<int64_t>(B[size_t(k) * n + col] * kQuarters);  // checked above
            for (int v = 0; v < kVectors; ++v) bx[size_t(k)][v] += b * x[size_t(col)][v];
        }
    for (int r = 0; r < n; ++r) {
        std::array<int64_t, kVectors> left{}, right{};
        for (int col = 0; col < n; ++col) {
            int64_t value = 0;
            if (!scaledInteger(C[size_t(r) * n + col], kSixteenths, kOutputLimit, value)) return false;  // not a product of these inputs
            for (int v = 0; v < kVectors; ++v) left[v] += value * x[size_t(col)][v];
        }
        for (int k = kBegin; k < kEnd; ++k) {
            const auto a = static_cast<int64_t>(A[size_t(r) * n + k] * kQuarters);
            for (int v = 0; v < kVectors; ++v) right[v] += a * bx[size_t(k)][v];
        }
        if (left != right) return false;  // C x != A (B x): C is not the product
    }
    return true;
}

std::vector<float> referenceProduct(const MatmulCase& c) {
    const int n = c.n;
    const int kBegin = c.kind() == LessonKind::TileLoading ? c.phase * c.tile : 0;
    const int kEnd = c.kind() == LessonKind::TileLoading ? std::min(n, kBegin + c.tile) : n;
    std::vector<float> C(size_t(n) * n, 0.0f);
    addProducts(c.A->data(), c.B->data(), C.data(), n, kBegin, kEnd);
    return C;
}

}  // namespace grader
