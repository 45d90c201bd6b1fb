// The harness as the student kit gets it: compiled, not as source. The
// harness (grader/harness/harness.cu) holds the grader's reference kernels
// (reference_kernels.h: a naive and a tiled matmul, what lesson 4's timer
// runs on and what the speedup check times against) and its own checking
// kernels, which are the lessons' answers in other words; so the export
// compiles it, once per lesson, into grader/harness/prebuilt/:
//   cpu/libcuemu_harness_lessonN.a  for the emulator, by the kit's C++
//                                   compiler, without debug information;
//   gpu/harness_lessonN.o           for the gpu backend, by nvcc when it is
//                                   found, with machine code for each of
//                                   `cudaArchs` and PTX for the newest;
// and the student kit's CMake copies them into the runtime folder. Without
// nvcc at export time the student kit has no gpu harness, and its gpu
// backend says so instead of running (the cpu backend works everywhere).
// Non-goal: obfuscation; compiled code can be disassembled, it just is not
// the source.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// What to compile and where to put it.
struct PrebuiltOptions {
    std::filesystem::path harnessSource;  ///< the kit's grader/harness
    std::filesystem::path emulatorInclude;  ///< the kit's grader/emu/include
    std::filesystem::path out;            ///< <student kit>/grader/harness/prebuilt
    bool gpu = true;                      ///< compile the gpu harness when nvcc is found
    std::vector<int> cudaArchs = {75, 80, 90, 100, 120};
};

/// Compiles the harnesses (in parallel); returns one line per kind of harness written.
Expected<std::vector<std::string>> writePrebuiltHarness(const PrebuiltOptions& options);

/// The architectures of `wanted` that `nvcc` can compile for (nvcc --list-gpu-code).
std::vector<int> supportedArchs(const std::string& nvcc, const std::vector<int>& wanted);

}  // namespace grader
