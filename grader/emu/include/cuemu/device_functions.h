// CUDA's device intrinsics for the cpu emulator: the fast math functions
// (__expf, __fdividef, ...), arithmetic in each IEEE rounding mode
// (__fadd_rz, __fmul_ru, __ddiv_rd, ...), conversions with a rounding mode
// and the GPU's saturation, reinterpretation, integer and bit intrinsics,
// cached loads and stores, memory fences, clocks, __trap; and, through
// math_api.h and simd_functions.h, the math API and the SIMD intrinsics.
// Everything is inline and works in host code too. The fast approximations
// compute the correctly rounded value, which lies within their documented
// error; the _rn forms are exact IEEE operations that are never fused into an
// FMA; the directed roundings switch the FPU's rounding mode around the one
// operation (operands and result are kept opaque to the compiler, so it can
// neither fold nor move the operation out of that window).
// Non-goals: half and bfloat16 precision, address-space conversions
// (__cvta_*), cluster intrinsics.
#pragma once

#include <cfenv>
#include <climits>
#include <cstring>
#include <type_traits>

#include "cuemu/int_types.h"
#include "cuemu/math_api.h"
#include "cuemu/vector_types.h"

namespace cuemu {

/// Ends the run as a GPU trap does (__trap, __brkpt), naming `what` and the line.
[[noreturn]] void deviceTrap(const char* what, int line = __builtin_LINE());
/// Whether `p` points into device memory (the arena of cudaMalloc) or a registered symbol.
bool isGlobalAddress(const void* p);
/// Whether `p` points into the running block's shared memory.
bool isSharedAddress(const void* p);

/// The same type, in a context that takes no part in template deduction.
template <class T>
struct Plain {
    using type = T;
};

/// `v`, passed through memory the compiler may not look into: it can
/// neither fold the value nor fuse the operation that produced it.
template <class T>
inline T opaque(T v) {
    volatile T copy = v;
    return copy;
}

/// `op(args...)` rounded to nearest, even, never fused with what follows.
template <class R, class Op, class... A>
inline R nearest(Op op, A... args) {
    return opaque<R>(op(args...));
}

/// `op(args...)` computed in rounding mode `mode` (FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD).
#ifdef __wasm__  // WebAssembly rounds to nearest only
#define FE_TOWARDZERO 0x100
#define FE_UPWARD 0x200
#define FE_DOWNWARD 0x300
#endif
template <class R, class Op, class... A>
inline R rounded(int mode, Op op, A... args) {
#ifdef __wasm__
    if (mode != FE_TONEAREST) unsupported("a directed-rounding intrinsic (not supported in the browser)");
#endif
    const int saved = std::fegetround();
    std::fesetround(mode);
    const R result = opaque<R>(op(opaque(args)...));
    std::fesetround(saved);
    return result;
}

/// The operations the rounding-mode intrinsics apply, for floats and doubles alike.
namespace op {
struct Add {
    template <class T>
    T operator()(T a, T b) const { return a + b; }
};
struct Sub {
    template <class T>
    T operator()(T a, T b) const { return a - b; }
};
struct Mul {
    template <class T>
    T operator()(T a, T b) const { return a * b; }
};
struct Div {
    template <class T>
    T operator()(T a, T b) const { return a / b; }
};
struct Fma {
    template <class T>
    T operator()(T a, T b, T c) const { return std::fma(a, b, c); }
};
struct Reciprocal {
    template <class T>
    T operator()(T a) const { return T(1) / a; }
};
struct Sqrt {
    template <class T>
    T operator()(T a) const { return std::sqrt(a); }
};
template <class R>
struct To {
    template <class T>
    R operator()(T a) const { return static_cast<R>(a); }
};
}  // namespace op

/// The bits of `from` as a `To` of the same size.
template <class To, class From>
inline To bitCast(From from) {
    static_assert(sizeof(To) == sizeof(From), "reinterpretation between types of different sizes");
    To to;
    std::memcpy(&to, &from, sizeof to);
    return to;
}

/// `v` (already rounded to an integer value) converted as the GPU converts:
/// values outside I's range give its nearest bound; NaN gives 0 from a float
/// to 32 bits, else the sign bit alone (0x80000000 or 0x8000000000000000,
/// signed or not).
template <class I, class F>
inline I saturated(F v) {
    if (v != v) return sizeof(I) == 4 && sizeof(F) == 4 ? I(0) : static_cast<I>(::cuemu::uint64_t(1) << (8 * sizeof(I) - 1));
    if (v <= static_cast<F>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    if (v >= static_cast<F>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return static_cast<I>(v);
}

}  // namespace cuemu

// Fast math intrinsics: the correctly rounded value, within their documented
// error. glibc declares most of these names too (noexcept), so they match it.
/// Fast exp(x).
inline float __expf(float x) noexcept { return ::expf(x); }
/// Fast 10^x.
inline float __exp10f(float x) noexcept { return ::exp10f(x); }
/// Fast log(x).
inline float __logf(float x) noexcept { return ::logf(x); }
/// Fast log2(x).
inline float __log2f(float x) noexcept { return ::log2f(x); }
/// Fast log10(x).
inline float __log10f(float x) noexcept { return ::log10f(x); }
/// Fast x^y.
inline float __powf(float x, float y) noexcept { return ::powf(x, y); }
/// Fast sin(x).
inline float __sinf(float x) noexcept { return ::sinf(x); }
/// Fast cos(x).
inline float __cosf(float x) noexcept { return ::cosf(x); }
/// Fast tan(x).
inline float __tanf(float x) noexcept { return ::tanf(x); }
/// Fast tanh(x).
inline float __tanhf(float x) noexcept { return ::tanhf(x); }
/// Fast sin(x) and cos(x).
inline void __sincosf(float x, float* s, float* c) noexcept { ::sincosf(x, s, c); }
/// Fast x / y.
inline float __fdividef(float x, float y) { return x / y; }
/// x clamped to [+0, 1]; NaN gives +0.
inline float __saturatef(float x) { return x > 0 ? (x < 1 ? x : 1.0f) : 0.0f; }

// Arithmetic with a rounding mode: NAME_rn, NAME_rz, NAME_ru, NAME_rd.
#define CUEMU_FOUR_ROUNDINGS(R, name, params, op, ...)                                                            \
    inline R name##_rn params { return ::cuemu::nearest<R>(op, __VA_ARGS__); }                                    \
    inline R name##_rz params { return ::cuemu::rounded<R>(FE_TOWARDZERO, op, __VA_ARGS__); }                     \
    inline R name##_ru params { return ::cuemu::rounded<R>(FE_UPWARD, op, __VA_ARGS__); }                         \
    inline R name##_rd params { return ::cuemu::rounded<R>(FE_DOWNWARD, op, __VA_ARGS__); }

CUEMU_FOUR_ROUNDINGS(float, __fadd, (float a, float b), ::cuemu::op::Add{}, a, b)
CUEMU_FOUR_ROUNDINGS(float, __fsub, (float a, float b), ::cuemu::op::Sub{}, a, b)
CUEMU_FOUR_ROUNDINGS(float, __fmul, (float a, float b), ::cuemu::op::Mul{}, a, b)
CUEMU_FOUR_ROUNDINGS(float, __fdiv, (float a, float b), ::cuemu::op::Div{}, a, b)
CUEMU_FOUR_ROUNDINGS(float, __fmaf, (float a, float b, float c), ::cuemu::op::Fma{}, a, b, c)
CUEMU_FOUR_ROUNDINGS(float, __fmaf_ieee, (float a, float b, float c), ::cuemu::op::Fma{}, a, b, c)
CUEMU_FOUR_ROUNDINGS(float, __frcp, (float a), ::cuemu::op::Reciprocal{}, a)
CUEMU_FOUR_ROUNDINGS(float, __fsqrt, (float a), ::cuemu::op::Sqrt{}, a)
CUEMU_FOUR_ROUNDINGS(double, __dadd, (double a, double b), ::cuemu::op::Add{}, a, b)
CUEMU_FOUR_ROUNDINGS(double, __dsub, (double a, double b), ::cuemu::op::Sub{}, a, b)
CUEMU_FOUR_ROUNDINGS(double, __dmul, (double a, double b), ::cuemu::op::Mul{}, a, b)
CUEMU_FOUR_ROUNDINGS(double, __ddiv, (double a, double b), ::cuemu::op::Div{}, a, b)
CUEMU_FOUR_ROUNDINGS(double, __fma, (double a, double b, double c), ::cuemu::op::Fma{}, a, b, c)
CUEMU_FOUR_ROUNDINGS(double, __drcp, (double a), ::cuemu::op::Reciprocal{}, a)
CUEMU_FOUR_ROUNDINGS(double, __dsqrt, (double a), ::cuemu::op::Sqrt{}, a)

// Conversions to a floating type with a rounding mode.
CUEMU_FOUR_ROUNDINGS(float, __double2float, (double a), ::cuemu::op::To<float>{}, a)
CUEMU_FOUR_ROUNDINGS(float, __int2float, (int a), ::cuemu::op::To<float>{}, a)
CUEMU_FOUR_ROUNDINGS(float, __uint2float, (unsigned int a), ::cuemu::op::To<float>{}, a)
CUEMU_FOUR_ROUNDINGS(float, __ll2float, (long long int a), ::cuemu::op::To<float>{}, a)
CUEMU_FOUR_ROUNDINGS(float, __ull2float, (unsigned long long int a), ::cuemu::op::To<float>{}, a)
CUEMU_FOUR_ROUNDINGS(double, __ll2double, (long long int a), ::cuemu::op::To<double>{}, a)
CUEMU_FOUR_ROUNDINGS(double, __ull2double, (unsigned long long int a), ::cuemu::op::To<double>{}, a)
#undef CUEMU_FOUR_ROUNDINGS

/// 1 / sqrt(x), rounded to nearest.
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0 / ::sqrt(static_cast<double>(x))); }
/// An int as a double (exact).
inline double __int2double_rn(int x) { return x; }
/// An unsigned int as a double (exact).
inline double __uint2double_rn(unsigned int x) { return x; }

// Conversions to an integer type: _rn rounds half to even, _rz toward zero,
// _ru up, _rd down; out-of-range values saturate and NaN gives what the GPU
// gives (see saturated).
#define CUEMU_TO_INTEGER(name, F, I)                                                                           \
    inline I name##_rn(F x) { return ::cuemu::saturated<I>(::nearbyint(x)); }                                 \
    inline I name##_rz(F x) { return ::cuemu::saturated<I>(::trunc(x)); }                                     \
    inline I name##_ru(F x) { return ::cuemu::saturated<I>(::ceil(x)); }                                      \
    inline I name##_rd(F x) { return ::cuemu::saturated<I>(::floor(x)); }

CUEMU_TO_INTEGER(__float2int, float, int)
CUEMU_TO_INTEGER(__float2uint, float, unsigned int)
CUEMU_TO_INTEGER(__float2ll, float, long long int)
CUEMU_TO_INTEGER(__float2ull, float, unsigned long long int)
CUEMU_TO_INTEGER(__double2int, double, int)
CUEMU_TO_INTEGER(__double2uint, double, unsigned int)
CUEMU_TO_INTEGER(__double2ll, double, long long int)
CUEMU_TO_INTEGER(__double2ull, double, unsigned long long int)
#undef CUEMU_TO_INTEGER

// Reinterpretation.
/// The bits of a float as an int.
inline int __float_as_int(float x) { return ::cuemu::bitCast<int>(x); }
/// The bits of an int as a float.
inline float __int_as_float(int x) { return ::cuemu::bitCast<float>(x); }
/// The bits of a float as an unsigned int.
inline unsigned int __float_as_uint(float x) { return ::cuemu::bitCast<unsigned int>(x); }
/// The bits of an unsigned int as a float.
inline float __uint_as_float(unsigned int x) { return ::cuemu::bitCast<float>(x); }
/// The bits of a double as a long long.
inline long long int __double_as_longlong(double x) { return ::cuemu::bitCast<long long int>(x); }
/// The bits of a long long as a double.
inline double __longlong_as_double(long long int x) { return ::cuemu::bitCast<double>(x); }
/// The high 32 bits of a double.
inline int __double2hiint(double x) { return static_cast<int>(__double_as_longlong(x) >> 32); }
/// The low 32 bits of a double.
inline int __double2loint(double x) { return static_cast<int>(static_cast<::cuemu::uint32_t>(__double_as_longlong(x))); }
/// The double whose high and low 32 bits are `hi` and `lo`.
inline double __hiloint2double(int hi, int lo) {
    return __longlong_as_double(static_cast<long long int>((::cuemu::uint64_t(::cuemu::uint32_t(hi)) << 32) | ::cuemu::uint32_t(lo)));
}

// Integer and bit intrinsics.
/// The number of set bits.
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
/// The number of set bits of a 64-bit value.
inline int __popcll(unsigned long long int x) { return __builtin_popcountll(x); }
/// The number of leading zero bits (32 for 0).
inline int __clz(int x) { return x ? __builtin_clz(static_cast<unsigned int>(x)) : 32; }
/// The number of leading zero bits of a 64-bit value (64 for 0).
inline int __clzll(long long int x) { return x ? __builtin_clzll(static_cast<unsigned long long>(x)) : 64; }
/// The position (1-based) of the least significant set bit; 0 for 0.
inline int __ffs(int x) { return __builtin_ffs(x); }
/// The position (1-based) of the least significant set bit of a 64-bit value; 0 for 0.
inline int __ffsll(long long int x) { return __builtin_ffsll(x); }
/// The bits in reverse order.
inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    return __builtin_bswap32(x);
}
/// The bits of a 64-bit value in reverse order.
inline unsigned long long int __brevll(unsigned long long int x) {
    const unsigned long long int low = __brev(static_cast<unsigned int>(x)), high = __brev(static_cast<unsigned int>(x >> 32));
    return (low << 32) | high;
}
/// Four bytes picked from the eight of y:x by the low three bits of each selector nibble of s.
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    const ::cuemu::uint64_t source = (::cuemu::uint64_t(y) << 32) | x;
    unsigned int result = 0;
    for (int n = 0; n < 4; ++n) {
        const unsigned int selector = (s >> (4 * n)) & 7;
        result |= static_cast<unsigned int>((source >> (8 * selector)) & 0xFF) << (8 * n);
    }
    return result;
}
/// The high 32 bits of hi:lo shifted left by shift & 31.
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
    return static_cast<unsigned int>((((::cuemu::uint64_t(hi) << 32) | lo) << (shift & 31)) >> 32);
}
/// The high 32 bits of hi:lo shifted left by min(shift, 32).
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
    return static_cast<unsigned int>((((::cuemu::uint64_t(hi) << 32) | lo) << (shift < 32 ? shift : 32)) >> 32);
}
/// The low 32 bits of hi:lo shifted right by shift & 31.
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
    return static_cast<unsigned int>(((::cuemu::uint64_t(hi) << 32) | lo) >> (shift & 31));
}
/// The low 32 bits of hi:lo shifted right by min(shift, 32).
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
    return static_cast<unsigned int>(((::cuemu::uint64_t(hi) << 32) | lo) >> (shift < 32 ? shift : 32));
}
/// The position of the offset-th set bit of `mask` counted from `base` (upward for
/// a positive offset, downward for a negative one); 0xFFFFFFFF if there is none.
inline unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
    if (offset == 0) return (mask >> (base & 31)) & 1 ? base : 0xFFFFFFFFu;
    const int step = offset > 0 ? 1 : -1;
    int remaining = offset > 0 ? offset : -offset;
    for (int pos = int(base & 31); pos >= 0 && pos < 32; pos += step)
        if (((mask >> pos) & 1) && --remaining == 0) return static_cast<unsigned int>(pos);
    return 0xFFFFFFFFu;
}
/// The low 32 bits of the product of the low 24 bits (sign-extended) of x and y.
inline int __mul24(int x, int y) {
    const ::cuemu::int64_t a = ::cuemu::int32_t(::cuemu::uint32_t(x) << 8) >> 8, b = ::cuemu::int32_t(::cuemu::uint32_t(y) << 8) >> 8;
    return static_cast<int>(static_cast<::cuemu::uint32_t>(a * b));
}
/// The low 32 bits of the product of the low 24 bits of x and y.
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xFFFFFFu) * (y & 0xFFFFFFu); }
/// The high 32 bits of the 64-bit product.
inline int __mulhi(int x, int y) { return static_cast<int>((::cuemu::int64_t(x) * y) >> 32); }
/// The high 32 bits of the unsigned 64-bit product.
inline unsigned int __umulhi(unsigned int x, unsigned int y) { return static_cast<unsigned int>((::cuemu::uint64_t(x) * y) >> 32); }
/// The high 64 bits of the 128-bit product.
inline long long int __mul64hi(long long int x, long long int y) {
    return static_cast<long long int>((static_cast<__int128>(x) * y) >> 64);
}
/// The high 64 bits of the unsigned 128-bit product.
inline unsigned long long int __umul64hi(unsigned long long int x, unsigned long long int y) {
    return static_cast<unsigned long long int>((static_cast<unsigned __int128>(x) * y) >> 64);
}
/// |x - y| + z.
inline unsigned int __sad(int x, int y, unsigned int z) {
    return z + (x > y ? unsigned(x) - unsigned(y) : unsigned(y) - unsigned(x));
}
/// |x - y| + z, unsigned.
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return z + (x > y ? x - y : y - x); }
/// (x + y) >> 1 without overflow.
inline int __hadd(int x, int y) { return static_cast<int>((::cuemu::int64_t(x) + y) >> 1); }
/// (x + y + 1) >> 1 without overflow.
inline int __rhadd(int x, int y) { return static_cast<int>((::cuemu::int64_t(x) + y + 1) >> 1); }
/// (x + y) >> 1 without overflow, unsigned.
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return static_cast<unsigned int>((::cuemu::uint64_t(x) + y) >> 1); }
/// (x + y + 1) >> 1 without overflow, unsigned.
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return static_cast<unsigned int>((::cuemu::uint64_t(x) + y + 1) >> 1); }
/// c plus the four products of the signed bytes of a and b.
inline int __dp4a(int a, int b, int c) {
    for (int i = 0; i < 4; ++i) c += int(::cuemu::int8_t(a >> (8 * i))) * int(::cuemu::int8_t(b >> (8 * i)));
    return c;
}
/// c plus the four products of the unsigned bytes of a and b.
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
    for (int i = 0; i < 4; ++i) c += ((a >> (8 * i)) & 0xFF) * ((b >> (8 * i)) & 0xFF);
    return c;
}
/// __dp4a of two char4.
inline int __dp4a(char4 a, char4 b, int c) { return __dp4a(::cuemu::bitCast<int>(a), ::cuemu::bitCast<int>(b), c); }
/// __dp4a of two uchar4.
inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
    return __dp4a(::cuemu::bitCast<unsigned int>(a), ::cuemu::bitCast<unsigned int>(b), c);
}
/// c plus the products of the two signed 16-bit halves of a with the low two signed bytes of b.
inline int __dp2a_lo(int a, int b, int c) {
    return c + int(::cuemu::int16_t(a)) * int(::cuemu::int8_t(b)) + int(::cuemu::int16_t(a >> 16)) * int(::cuemu::int8_t(b >> 8));
}
/// c plus the products of the two signed 16-bit halves of a with the high two signed bytes of b.
inline int __dp2a_hi(int a, int b, int c) {
    return c + int(::cuemu::int16_t(a)) * int(::cuemu::int8_t(b >> 16)) + int(::cuemu::int16_t(a >> 16)) * int(::cuemu::int8_t(b >> 24));
}
/// __dp2a_lo, unsigned.
inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) {
    return c + (a & 0xFFFF) * (b & 0xFF) + (a >> 16) * ((b >> 8) & 0xFF);
}
/// __dp2a_hi, unsigned.
inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) {
    return c + (a & 0xFFFF) * ((b >> 16) & 0xFF) + (a >> 16) * (b >> 24);
}
/// The bytes of a 16-bit value swapped.
inline unsigned short __nv_bswap16(unsigned short x) { return __builtin_bswap16(x); }
/// The bytes of a 32-bit value reversed.
inline unsigned int __nv_bswap32(unsigned int x) { return __builtin_bswap32(x); }
/// The bytes of a 64-bit value reversed.
inline unsigned long long __nv_bswap64(unsigned long long x) { return __builtin_bswap64(x); }

// Cached loads and stores: the cache hint changes nothing here; the access is
// an ordinary one, checked and counted like any other.
#define CUEMU_CACHED_LOAD(name) \
    template <class T>          \
    inline T name(const T* p) { return *p; }
#define CUEMU_CACHED_STORE(name) \
    template <class T>           \
    inline void name(T* p, typename ::cuemu::Plain<T>::type v) { *p = v; }
CUEMU_CACHED_LOAD(__ldg)    // through the read-only data cache
CUEMU_CACHED_LOAD(__ldcg)   // cached in L2 only
CUEMU_CACHED_LOAD(__ldca)   // cached in all levels
CUEMU_CACHED_LOAD(__ldcs)   // streaming
CUEMU_CACHED_LOAD(__ldlu)   // of a line that will not be used again
CUEMU_CACHED_LOAD(__ldcv)   // fetched again (volatile)
CUEMU_CACHED_STORE(__stwb)  // write-back
CUEMU_CACHED_STORE(__stcg)  // cached in L2 only
CUEMU_CACHED_STORE(__stcs)  // streaming
CUEMU_CACHED_STORE(__stwt)  // write-through
#undef CUEMU_CACHED_LOAD
#undef CUEMU_CACHED_STORE

// Fences, clocks and control. The threads of a block run one at a time, so a
// fence only has to keep the compiler from moving memory accesses across it
// (an empty asm with a memory clobber: std::atomic_signal_fence would be the
// same, but ThreadSanitizer's instrumentation turns it into a call the
// emulator's hooks do not provide).
/// Orders this thread's memory accesses for the whole device.
inline void __threadfence() { __asm__ __volatile__("" ::: "memory"); }
/// Orders this thread's memory accesses for its block.
inline void __threadfence_block() { __asm__ __volatile__("" ::: "memory"); }
/// Orders this thread's memory accesses for the device and the host.
inline void __threadfence_system() { __asm__ __volatile__("" ::: "memory"); }
/// Sleeps about `ns` nanoseconds: returns at once here.
inline void __nanosleep(unsigned int) {}
/// Signals a profiler counter: nothing to do here.
inline void __prof_trigger(int) {}
/// A 64-bit cycle counter: it increases at every call (the emulator has no cycles).
inline long long int clock64() {
    static long long int ticks = 0;
    return ticks += 32;
}
/// Ends the kernel and the run, as a GPU trap ends the context.
[[noreturn]] inline void __trap(int line = __builtin_LINE()) { ::cuemu::deviceTrap("__trap()", line); }
/// A breakpoint: ends the run like __trap (there is no debugger to stop in).
[[noreturn]] inline void __brkpt(int line = __builtin_LINE()) { ::cuemu::deviceTrap("__brkpt()", line); }
/// 1 if `p` points into global memory.
inline unsigned int __isGlobal(const void* p) { return ::cuemu::isGlobalAddress(p); }
/// 1 if `p` points into the block's shared memory.
inline unsigned int __isShared(const void* p) { return ::cuemu::isSharedAddress(p); }

#include "cuemu/simd_functions.h"
