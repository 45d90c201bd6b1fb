// CUDA's SIMD intrinsics for the cpu emulator: the per-halfword (NAME2) and
// per-byte (NAME4) arithmetic, comparisons, averages and sums of absolute
// differences on a 32-bit word (__vadd2, __vcmpeq4, __vsadu4, ...), and the
// Hopper DPX functions (__vimax3_s32, __viaddmax_s16x2_relu, __vibmax_u32,
// ...). Each lane is computed on its own, as the GPU computes it: wrapping
// unless the name says saturated (ss, us), rounded averages away from zero.
// Non-goals: speed (a loop over lanes, not bit tricks).
#pragma once

namespace cuemu::simd {

/// One lane of `Bits` bits, signed or not: its range, and reading and writing it in a word.
template <int Bits, bool Signed>
struct Lane {
    static constexpr int lo = Signed ? -(1 << (Bits - 1)) : 0;
    static constexpr int hi = Signed ? (1 << (Bits - 1)) - 1 : (1 << Bits) - 1;
    static constexpr unsigned int mask = (1u << Bits) - 1;
    static int get(unsigned int word, int shift) {
        const int v = static_cast<int>((word >> shift) & mask);
        return Signed && v > hi ? v - (1 << Bits) : v;
    }
    static unsigned int put(int v, int shift) { return (static_cast<unsigned int>(v) & mask) << shift; }
    static int clamp(int v) { return v < lo ? lo : v > hi ? hi : v; }
};

/// `op(a lane, b lane, Lane)` for every lane, reassembled into a word.
template <int Bits, bool Signed, class Op>
inline unsigned int lanewise(unsigned int a, unsigned int b, Op op) {
    using L = Lane<Bits, Signed>;
    unsigned int r = 0;
    for (int shift = 0; shift < 32; shift += Bits) r |= L::put(op(L::get(a, shift), L::get(b, shift), L{}), shift);
    return r;
}

/// `op(a lane, b lane, c lane, Lane)` for every lane, reassembled into a word.
template <int Bits, bool Signed, class Op>
inline unsigned int lanewise3(unsigned int a, unsigned int b, unsigned int c, Op op) {
    using L = Lane<Bits, Signed>;
    unsigned int r = 0;
    for (int shift = 0; shift < 32; shift += Bits)
        r |= L::put(op(L::get(a, shift), L::get(b, shift), L::get(c, shift), L{}), shift);
    return r;
}

/// The sum over the lanes of |a lane - b lane|.
template <int Bits, bool Signed>
inline unsigned int sumOfDifferences(unsigned int a, unsigned int b) {
    using L = Lane<Bits, Signed>;
    unsigned int sum = 0;
    for (int shift = 0; shift < 32; shift += Bits) {
        const int d = L::get(a, shift) - L::get(b, shift);
        sum += static_cast<unsigned int>(d < 0 ? -d : d);
    }
    return sum;
}

/// The signed average of two lanes, rounded half away from zero.
inline int roundedAverage(int x, int y) { return x + y < 0 ? (x + y) >> 1 : (x + y + 1) >> 1; }
/// Wraps `v` to the lane's width as the hardware's lane arithmetic does.
template <class L>
inline int wrap(int v, L) { return L::get(L::put(v, 0), 0); }
/// The larger of two values.
template <class T>
inline T larger(T a, T b) { return a < b ? b : a; }
/// The smaller of two values.
template <class T>
inline T smaller(T a, T b) { return a < b ? a : b; }
/// Per halfword: `pick(a + b, c)`, the sum wrapped to 16 bits.
template <bool Signed>
inline unsigned int addThen(unsigned int a, unsigned int b, unsigned int c, int (*pick)(int, int)) {
    return lanewise3<16, Signed>(a, b, c, [pick](int x, int y, int z, auto L) { return pick(wrap(x + y, L), z); });
}

}  // namespace cuemu::simd

// NAME2 on halfwords and NAME4 on bytes (wrapping to the lane unless `expr`
// clamps); `expr` sees the lanes x, y and the lane type L.
#define CUEMU_SIMD_BINARY(name, isSigned, expr)                                                                 \
    inline unsigned int name##2(unsigned int a, unsigned int b) {                                              \
        return ::cuemu::simd::lanewise<16, isSigned>(a, b, [](int x, int y, auto L) { (void)L; (void)y; return expr; }); \
    }                                                                                                          \
    inline unsigned int name##4(unsigned int a, unsigned int b) {                                              \
        return ::cuemu::simd::lanewise<8, isSigned>(a, b, [](int x, int y, auto L) { (void)L; (void)y; return expr; }); \
    }
// NAME2 and NAME4 of one operand; `expr` sees the lane x and the lane type L.
#define CUEMU_SIMD_UNARY(name, expr)                                                                            \
    inline unsigned int name##2(unsigned int a) {                                                              \
        return ::cuemu::simd::lanewise<16, true>(a, 0, [](int x, int, auto L) { (void)L; return expr; });      \
    }                                                                                                          \
    inline unsigned int name##4(unsigned int a) {                                                              \
        return ::cuemu::simd::lanewise<8, true>(a, 0, [](int x, int, auto L) { (void)L; return expr; });       \
    }

CUEMU_SIMD_BINARY(__vadd, false, x + y)
CUEMU_SIMD_BINARY(__vaddss, true, L.clamp(x + y))
CUEMU_SIMD_BINARY(__vaddus, false, L.clamp(x + y))
CUEMU_SIMD_BINARY(__vsub, false, x - y)
CUEMU_SIMD_BINARY(__vsubss, true, L.clamp(x - y))
CUEMU_SIMD_BINARY(__vsubus, false, L.clamp(x - y))
CUEMU_SIMD_BINARY(__vavgs, true, ::cuemu::simd::roundedAverage(x, y))
CUEMU_SIMD_BINARY(__vavgu, false, (x + y + 1) >> 1)
CUEMU_SIMD_BINARY(__vhaddu, false, (x + y) >> 1)
CUEMU_SIMD_BINARY(__vabsdiffs, true, x > y ? x - y : y - x)
CUEMU_SIMD_BINARY(__vabsdiffu, false, x > y ? x - y : y - x)
CUEMU_SIMD_BINARY(__vmaxs, true, x > y ? x : y)
CUEMU_SIMD_BINARY(__vmaxu, false, x > y ? x : y)
CUEMU_SIMD_BINARY(__vmins, true, x < y ? x : y)
CUEMU_SIMD_BINARY(__vminu, false, x < y ? x : y)
CUEMU_SIMD_BINARY(__vcmpeq, false, x == y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpne, false, x != y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpges, true, x >= y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpgeu, false, x >= y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpgts, true, x > y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpgtu, false, x > y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmples, true, x <= y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpleu, false, x <= y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmplts, true, x < y ? -1 : 0)
CUEMU_SIMD_BINARY(__vcmpltu, false, x < y ? -1 : 0)
CUEMU_SIMD_BINARY(__vseteq, false, x == y)
CUEMU_SIMD_BINARY(__vsetne, false, x != y)
CUEMU_SIMD_BINARY(__vsetges, true, x >= y)
CUEMU_SIMD_BINARY(__vsetgeu, false, x >= y)
CUEMU_SIMD_BINARY(__vsetgts, true, x > y)
CUEMU_SIMD_BINARY(__vsetgtu, false, x > y)
CUEMU_SIMD_BINARY(__vsetles, true, x <= y)
CUEMU_SIMD_BINARY(__vsetleu, false, x <= y)
CUEMU_SIMD_BINARY(__vsetlts, true, x < y)
CUEMU_SIMD_BINARY(__vsetltu, false, x < y)
CUEMU_SIMD_UNARY(__vabs, x < 0 ? -x : x)
CUEMU_SIMD_UNARY(__vabsss, L.clamp(x < 0 ? -x : x))
CUEMU_SIMD_UNARY(__vneg, -x)
CUEMU_SIMD_UNARY(__vnegss, L.clamp(-x))
#undef CUEMU_SIMD_BINARY
#undef CUEMU_SIMD_UNARY

/// The sum of the per-halfword |a - b|, signed.
inline unsigned int __vsads2(unsigned int a, unsigned int b) { return ::cuemu::simd::sumOfDifferences<16, true>(a, b); }
/// The sum of the per-byte |a - b|, signed.
inline unsigned int __vsads4(unsigned int a, unsigned int b) { return ::cuemu::simd::sumOfDifferences<8, true>(a, b); }
/// The sum of the per-halfword |a - b|, unsigned.
inline unsigned int __vsadu2(unsigned int a, unsigned int b) { return ::cuemu::simd::sumOfDifferences<16, false>(a, b); }
/// The sum of the per-byte |a - b|, unsigned.
inline unsigned int __vsadu4(unsigned int a, unsigned int b) { return ::cuemu::simd::sumOfDifferences<8, false>(a, b); }

// The DPX functions: NAME_s32 / NAME_u32 on whole words, NAME_s16x2 /
// NAME_u16x2 per halfword; _relu clamps the result below at 0.
/// NAME per halfword, signed or not.
#define CUEMU_DPX3_HALVES(fullName, isSigned, expr)                                                              \
    inline unsigned int fullName(unsigned int a, unsigned int b, unsigned int c) {                                \
        return ::cuemu::simd::lanewise3<16, isSigned>(a, b, c, [](int x, int y, int z, auto L) {                  \
            (void)L;                                                                                              \
            return expr;                                                                                          \
        });                                                                                                       \
    }
#define CUEMU_DPX3(name, expr)                                                                                   \
    inline int name##_s32(int a, int b, int c) {                                                                  \
        const long long x = a, y = b, z = c;                                                                      \
        return static_cast<int>(expr);                                                                            \
    }                                                                                                             \
    inline unsigned int name##_u32(unsigned int a, unsigned int b, unsigned int c) {                              \
        const unsigned long long x = a, y = b, z = c;                                                             \
        return static_cast<unsigned int>(expr);                                                                   \
    }                                                                                                             \
    CUEMU_DPX3_HALVES(name##_s16x2, true, expr)                                                                   \
    CUEMU_DPX3_HALVES(name##_u16x2, false, expr)

CUEMU_DPX3(__vimax3, ::cuemu::simd::larger(::cuemu::simd::larger(x, y), z))
CUEMU_DPX3(__vimin3, ::cuemu::simd::smaller(::cuemu::simd::smaller(x, y), z))
#undef CUEMU_DPX3
#undef CUEMU_DPX3_HALVES

/// max(a + b, c), wrapping the sum to 32 bits.
inline int __viaddmax_s32(int a, int b, int c) {
    return ::cuemu::simd::larger(int(unsigned(a) + unsigned(b)), c);
}
/// min(a + b, c), wrapping the sum to 32 bits.
inline int __viaddmin_s32(int a, int b, int c) {
    return ::cuemu::simd::smaller(int(unsigned(a) + unsigned(b)), c);
}
/// max(a + b, c), unsigned, wrapping the sum.
inline unsigned int __viaddmax_u32(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::larger(a + b, c);
}
/// min(a + b, c), unsigned, wrapping the sum.
inline unsigned int __viaddmin_u32(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::smaller(a + b, c);
}
/// max(max(a + b, c), 0).
inline int __viaddmax_s32_relu(int a, int b, int c) { return ::cuemu::simd::larger(__viaddmax_s32(a, b, c), 0); }
/// max(min(a + b, c), 0).
inline int __viaddmin_s32_relu(int a, int b, int c) { return ::cuemu::simd::larger(__viaddmin_s32(a, b, c), 0); }
/// Per signed halfword: max(a + b, c), the sum wrapped to 16 bits.
inline unsigned int __viaddmax_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::addThen<true>(a, b, c, ::cuemu::simd::larger<int>);
}
/// Per signed halfword: min(a + b, c).
inline unsigned int __viaddmin_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::addThen<true>(a, b, c, ::cuemu::simd::smaller<int>);
}
/// Per unsigned halfword: max(a + b, c).
inline unsigned int __viaddmax_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::addThen<false>(a, b, c, ::cuemu::simd::larger<int>);
}
/// Per unsigned halfword: min(a + b, c).
inline unsigned int __viaddmin_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return ::cuemu::simd::addThen<false>(a, b, c, ::cuemu::simd::smaller<int>);
}
/// Per signed halfword: max(max(a + b, c), 0).
inline unsigned int __viaddmax_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return __vimax3_s16x2(__viaddmax_s16x2(a, b, c), 0, 0);
}
/// Per signed halfword: max(min(a + b, c), 0).
inline unsigned int __viaddmin_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return __vimax3_s16x2(__viaddmin_s16x2(a, b, c), 0, 0);
}
/// max(max(a, b), 0).
inline int __vimax_s32_relu(int a, int b) { return __vimax3_s32(a, b, 0); }
/// max(min(a, b), 0).
inline int __vimin_s32_relu(int a, int b) { return ::cuemu::simd::larger(::cuemu::simd::smaller(a, b), 0); }
/// Per signed halfword: max(max(a, b), 0).
inline unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) { return __vimax3_s16x2(a, b, 0); }
/// Per signed halfword: max(min(a, b), 0).
inline unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) {
    return __vimax3_s16x2(__vimin3_s16x2(a, b, b), 0, 0);
}
/// max(max(a, b, c), 0).
inline int __vimax3_s32_relu(int a, int b, int c) { return ::cuemu::simd::larger(__vimax3_s32(a, b, c), 0); }
/// max(min(a, b, c), 0).
inline int __vimin3_s32_relu(int a, int b, int c) { return ::cuemu::simd::larger(__vimin3_s32(a, b, c), 0); }
/// Per signed halfword: max(max(a, b, c), 0).
inline unsigned int __vimax3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return __vimax3_s16x2(__vimax3_s16x2(a, b, c), 0, 0);
}
/// Per signed halfword: max(min(a, b, c), 0).
inline unsigned int __vimin3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return __vimax3_s16x2(__vimin3_s16x2(a, b, c), 0, 0);
}
/// max(a, b), and whether a >= b.
inline int __vibmax_s32(int a, int b, bool* pred) { return *pred = a >= b, ::cuemu::simd::larger(a, b); }
/// max(a, b), unsigned, and whether a >= b.
inline unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool* pred) {
    return *pred = a >= b, ::cuemu::simd::larger(a, b);
}
/// min(a, b), and whether a <= b.
inline int __vibmin_s32(int a, int b, bool* pred) { return *pred = a <= b, ::cuemu::simd::smaller(a, b); }
/// min(a, b), unsigned, and whether a <= b.
inline unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool* pred) {
    return *pred = a <= b, ::cuemu::simd::smaller(a, b);
}
/// Per signed halfword max(a, b), and for each half whether a >= b.
inline unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool* predHi, bool* predLo) {
    *predHi = short(a >> 16) >= short(b >> 16), *predLo = short(a) >= short(b);
    return __vimax3_s16x2(a, b, b);
}
/// Per unsigned halfword max(a, b), and for each half whether a >= b.
inline unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool* predHi, bool* predLo) {
    *predHi = (a >> 16) >= (b >> 16), *predLo = (a & 0xFFFF) >= (b & 0xFFFF);
    return __vimax3_u16x2(a, b, b);
}
/// Per signed halfword min(a, b), and for each half whether a <= b.
inline unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool* predHi, bool* predLo) {
    *predHi = short(a >> 16) <= short(b >> 16), *predLo = short(a) <= short(b);
    return __vimin3_s16x2(a, b, b);
}
/// Per unsigned halfword min(a, b), and for each half whether a <= b.
inline unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool* predHi, bool* predLo) {
    *predHi = (a >> 16) <= (b >> 16), *predLo = (a & 0xFFFF) <= (b & 0xFFFF);
    return __vimin3_u16x2(a, b, b);
}
