// Warp intrinsics, block-wide barrier reductions and atomics for the cpu
// emulator. A warp intrinsic is a real rendezvous: the 32 consecutive
// threads of a block that form a warp meet at it, each lane named by the
// mask waits for the others, and the results follow the GPU's rules (PTX
// shfl.sync lane arithmetic with widths, votes, matches, reductions).
// Atomics run one thread at a time (the emulator never runs two at once),
// bounds-checked like every other access but never reported as races.
// Non-goals: memory-order variants of atomics (cuda::atomic_ref), __nanosleep timing.
#pragma once

#include <cstring>
#include <type_traits>

#include "cuemu/int_types.h"

namespace cuemu {

/// The warp intrinsics the scheduler runs (warp.cpp computes their results).
enum class WarpOp : ::cuemu::uint8_t {
    Sync, ShflIdx, ShflUp, ShflDown, ShflXor, Ballot, Any, All, MatchAny, MatchAll,
    ReduceAdd, ReduceMin, ReduceMax, ReduceMinSigned, ReduceMaxSigned, ReduceAnd, ReduceOr, ReduceXor,
};

/// Waits until every live lane of `mask` (and the caller) reaches a warp
/// intrinsic, then returns the caller's result of `op` on `value`.
::cuemu::uint64_t warpCollective(WarpOp op, ::cuemu::uint32_t mask, ::cuemu::uint64_t value, ::cuemu::uint32_t b, ::cuemu::uint32_t c, int line);
/// The lanes of the caller's warp that exist and have not exited.
::cuemu::uint32_t activeLanes();
/// The caller's lane (0 .. 31) and warp index in its block.
::cuemu::uint32_t laneIndex();
::cuemu::uint32_t warpIndex();
/// __syncthreads_count/and/or: a block barrier that also counts the threads whose `predicate` is non-zero.
int syncthreadsCount(int predicate, int line);
/// Checks an atomic's address like any access (bounds, alignment) and marks a shared word as written.
void atomicTouch(const void* address, size_t bytes, int line);

/// The bits of a value of up to 8 bytes, and back.
template <class T>
::cuemu::uint64_t bitsOf(const T& v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "warp shuffles move values of up to 8 bytes");
    ::cuemu::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof(T));
    return bits;
}
template <class T>
T fromBits(::cuemu::uint64_t bits) {
    T v;
    std::memcpy(&v, &bits, sizeof(T));
    return v;
}

/// A type that blocks template deduction, so atomicAdd(&unsignedCounter, 1) picks T from the pointer as CUDA's overloads do.
template <class T>
struct NoDeduce {
    using type = T;
};

}  // namespace cuemu

// Warp-level synchronization and data exchange.
inline void __syncwarp(unsigned mask = 0xffffffffu, int line = __builtin_LINE()) {
    ::cuemu::warpCollective(::cuemu::WarpOp::Sync, mask, 0, 0, 0, line);
}
template <class T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32, int line = __builtin_LINE()) {
    const ::cuemu::uint32_t c = (::cuemu::uint32_t(32 - width) << 8) | 0x1f;
    return ::cuemu::fromBits<T>(::cuemu::warpCollective(::cuemu::WarpOp::ShflIdx, mask, ::cuemu::bitsOf(var), ::cuemu::uint32_t(srcLane), c, line));
}
template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32, int line = __builtin_LINE()) {
    const ::cuemu::uint32_t c = ::cuemu::uint32_t(32 - width) << 8;
    return ::cuemu::fromBits<T>(::cuemu::warpCollective(::cuemu::WarpOp::ShflUp, mask, ::cuemu::bitsOf(var), delta, c, line));
}
template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32, int line = __builtin_LINE()) {
    const ::cuemu::uint32_t c = (::cuemu::uint32_t(32 - width) << 8) | 0x1f;
    return ::cuemu::fromBits<T>(::cuemu::warpCollective(::cuemu::WarpOp::ShflDown, mask, ::cuemu::bitsOf(var), delta, c, line));
}
template <class T>
T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32, int line = __builtin_LINE()) {
    const ::cuemu::uint32_t c = (::cuemu::uint32_t(32 - width) << 8) | 0x1f;
    return ::cuemu::fromBits<T>(::cuemu::warpCollective(::cuemu::WarpOp::ShflXor, mask, ::cuemu::bitsOf(var), ::cuemu::uint32_t(laneMask), c, line));
}
inline unsigned __ballot_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
    return unsigned(::cuemu::warpCollective(::cuemu::WarpOp::Ballot, mask, predicate != 0, 0, 0, line));
}
inline int __any_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
    return int(::cuemu::warpCollective(::cuemu::WarpOp::Any, mask, predicate != 0, 0, 0, line));
}
inline int __all_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
    return int(::cuemu::warpCollective(::cuemu::WarpOp::All, mask, predicate != 0, 0, 0, line));
}
inline int __uni_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
    const unsigned yes = __ballot_sync(mask, predicate, line);
    return yes == 0 || yes == (mask & ::cuemu::activeLanes());
}
inline unsigned __activemask() { return ::cuemu::activeLanes(); }
template <class T>
unsigned __match_any_sync(unsigned mask, T value, int line = __builtin_LINE()) {
    return unsigned(::cuemu::warpCollective(::cuemu::WarpOp::MatchAny, mask, ::cuemu::bitsOf(value), 0, 0, line));
}
template <class T>
unsigned __match_all_sync(unsigned mask, T value, int* pred, int line = __builtin_LINE()) {
    const unsigned all = unsigned(::cuemu::warpCollective(::cuemu::WarpOp::MatchAll, mask, ::cuemu::bitsOf(value), 0, 0, line));
    if (pred) *pred = all != 0;
    return all;
}
// The warp reductions: one collective each, on unsigned or (add, min, max) int values.
#define CUEMU_WARP_REDUCE(name, type, op)                                                                  \
    inline type name(unsigned mask, type v, int line = __builtin_LINE()) {                                 \
        return type(::cuemu::warpCollective(::cuemu::WarpOp::op, mask, ::cuemu::uint32_t(v), 0, 0, line)); \
    }
CUEMU_WARP_REDUCE(__reduce_add_sync, unsigned, ReduceAdd)
CUEMU_WARP_REDUCE(__reduce_min_sync, unsigned, ReduceMin)
CUEMU_WARP_REDUCE(__reduce_max_sync, unsigned, ReduceMax)
CUEMU_WARP_REDUCE(__reduce_add_sync, int, ReduceAdd)
CUEMU_WARP_REDUCE(__reduce_min_sync, int, ReduceMinSigned)
CUEMU_WARP_REDUCE(__reduce_max_sync, int, ReduceMaxSigned)
CUEMU_WARP_REDUCE(__reduce_and_sync, unsigned, ReduceAnd)
CUEMU_WARP_REDUCE(__reduce_or_sync, unsigned, ReduceOr)
CUEMU_WARP_REDUCE(__reduce_xor_sync, unsigned, ReduceXor)
#undef CUEMU_WARP_REDUCE

// Block-wide barriers that also reduce a predicate.
inline int __syncthreads_count(int predicate, int line = __builtin_LINE()) { return ::cuemu::syncthreadsCount(predicate != 0, line); }
inline int __syncthreads_and(int predicate, int line = __builtin_LINE()) {
    return ::cuemu::syncthreadsCount(predicate == 0, line) == 0;
}
inline int __syncthreads_or(int predicate, int line = __builtin_LINE()) { return ::cuemu::syncthreadsCount(predicate != 0, line) != 0; }

// Atomics. The emulator runs one CUDA thread at a time, so a plain
// read-modify-write is atomic; the access itself is kept out of the race
// shadow (atomics never race) but checked like any other.
#define CUEMU_ATOMIC __attribute__((no_sanitize_thread)) inline
#define CUEMU_ATOMIC_RMW(name, expression)                                                           \
    template <class T>                                                                               \
    CUEMU_ATOMIC T name(T* p, typename ::cuemu::NoDeduce<T>::type v, int line = __builtin_LINE()) {  \
        ::cuemu::atomicTouch(p, sizeof(T), line);                                                    \
        T old = *p;                                                                                  \
        *p = (expression);                                                                           \
        return old;                                                                                  \
    }                                                                                                \
    template <class T>                                                                               \
    CUEMU_ATOMIC T name##_block(T* p, typename ::cuemu::NoDeduce<T>::type v, int line = __builtin_LINE()) { \
        return name(p, v, line);                                                                     \
    }                                                                                                \
    template <class T>                                                                               \
    CUEMU_ATOMIC T name##_system(T* p, typename ::cuemu::NoDeduce<T>::type v, int line = __builtin_LINE()) { \
        return name(p, v, line);                                                                     \
    }
CUEMU_ATOMIC_RMW(atomicAdd, T(old + v))
CUEMU_ATOMIC_RMW(atomicSub, T(old - v))
CUEMU_ATOMIC_RMW(atomicExch, v)
CUEMU_ATOMIC_RMW(atomicMin, v < old ? v : old)
CUEMU_ATOMIC_RMW(atomicMax, v > old ? v : old)
CUEMU_ATOMIC_RMW(atomicAnd, T(old & v))
CUEMU_ATOMIC_RMW(atomicOr, T(old | v))
CUEMU_ATOMIC_RMW(atomicXor, T(old ^ v))
CUEMU_ATOMIC_RMW(atomicInc, T(old >= v ? 0 : old + 1))
CUEMU_ATOMIC_RMW(atomicDec, T((old == 0 || old > v) ? v : old - 1))
#undef CUEMU_ATOMIC_RMW
template <class T>
CUEMU_ATOMIC T atomicCAS(T* p, typename ::cuemu::NoDeduce<T>::type compare, typename ::cuemu::NoDeduce<T>::type v,
                         int line = __builtin_LINE()) {
    ::cuemu::atomicTouch(p, sizeof(T), line);
    T old = *p;
    if (old == compare) *p = v;
    return old;
}
template <class T>
CUEMU_ATOMIC T atomicCAS_block(T* p, typename ::cuemu::NoDeduce<T>::type compare, typename ::cuemu::NoDeduce<T>::type v,
                               int line = __builtin_LINE()) {
    return atomicCAS(p, compare, v, line);
}
