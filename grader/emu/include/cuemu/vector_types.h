// CUDA's built-in vector types for the cpu emulator: char1 .. double4 with
// CUDA's sizes and alignments (a float4 is 16-byte aligned, so a float4 load
// from an address that is not is reported as a GPU would report it), their
// make_* constructors, and dim3.
// Non-goals: arithmetic operators on vectors (CUDA defines none either; the
// samples' helper_math.h is the student's own file).
#pragma once


#define CUEMU_VECTOR_TYPE(base, name, a1, a2, a3, a4)                                              \
    struct __attribute__((aligned(a1))) name##1 { base x; };                                          \
    struct __attribute__((aligned(a2))) name##2 { base x, y; };                                       \
    struct __attribute__((aligned(a3))) name##3 { base x, y, z; };                                    \
    struct __attribute__((aligned(a4))) name##4 { base x, y, z, w; };                                 \
    inline name##1 make_##name##1(base x) { return {x}; }                                             \
    inline name##2 make_##name##2(base x, base y) { return {x, y}; }                                  \
    inline name##3 make_##name##3(base x, base y, base z) { return {x, y, z}; }                       \
    inline name##4 make_##name##4(base x, base y, base z, base w) { return {x, y, z, w}; }

// Sizes and alignments as CUDA's vector_types.h gives them.
CUEMU_VECTOR_TYPE(signed char, char, 1, 2, 1, 4)
CUEMU_VECTOR_TYPE(unsigned char, uchar, 1, 2, 1, 4)
CUEMU_VECTOR_TYPE(short, short, 2, 4, 2, 8)
CUEMU_VECTOR_TYPE(unsigned short, ushort, 2, 4, 2, 8)
CUEMU_VECTOR_TYPE(int, int, 4, 8, 4, 16)
CUEMU_VECTOR_TYPE(unsigned int, uint, 4, 8, 4, 16)
CUEMU_VECTOR_TYPE(long, long, 8, 16, 8, 16)
CUEMU_VECTOR_TYPE(unsigned long, ulong, 8, 16, 8, 16)
CUEMU_VECTOR_TYPE(long long, longlong, 8, 16, 8, 16)
CUEMU_VECTOR_TYPE(unsigned long long, ulonglong, 8, 16, 8, 16)
CUEMU_VECTOR_TYPE(float, float, 4, 8, 4, 16)
CUEMU_VECTOR_TYPE(double, double, 8, 16, 8, 16)
#undef CUEMU_VECTOR_TYPE

/// A launch's grid or block extent; unset components are 1.
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};
