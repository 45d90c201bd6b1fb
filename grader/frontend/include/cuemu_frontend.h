// Force-included first when the front end parses a student's file, never in
// the emulator's own build: CUDA's qualifiers as clang's CUDA attributes, so
// clang parses launches and __shared__ and checks host and device code as
// nvcc does. The emulator's headers then declare the CUDA API, and their
// functions may be called from both sides (CUEMU_DEVICE_CODE_BEGIN); the
// standard headers are wrapped the same way (wrapped_headers.txt).
// Non-goal: anything the emulator's build sees; it defines the qualifiers away.
#pragma once

#define CUEMU_FRONTEND 1
#define CUEMU_QUALIFIERS_DEFINED 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __cudart_builtin__
#define CUEMU_DEVICE_CODE_BEGIN _Pragma("clang force_cuda_host_device begin")
#define CUEMU_DEVICE_CODE_END _Pragma("clang force_cuda_host_device end")

// <new> first, outside every wrapper: clang's own wrapper of it makes its
// operators callable from device code, and needs malloc and free.
#include <cstdlib>
#include <new>
#include "cuemu/cuda_emu.h"

// clang turns <<<grid, block, bytes, stream>>> into a call of one of these,
// depending on the CUDA version it assumes (none is installed beside it).
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t sharedBytes = 0, cudaStream_t stream = 0);
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t sharedBytes = 0, cudaStream_t stream = 0);
