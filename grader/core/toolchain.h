// Where the grader finds its tools and runtime: the C++ compiler, nvcc,
// the emulator runtime next to the grader binary, the compile cache, and
// the kit's default course.yaml. Overridable by environment variables.
// Non-goal: searching the system for alternatives beyond PATH.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "core/error.h"

namespace grader {

/// The folder holding the emulator runtime, harness sources and headers.
std::filesystem::path runtimeDir();
/// The C++ compiler for the cpu backend ($GRADER_CXX, else the one the kit was built with).
std::string cxxCompiler();
/// nvcc for the gpu backend ($GRADER_NVCC, PATH, /usr/local/cuda/bin), or "".
std::string nvccPath();
/// compute-sanitizer: beside nvcc, else where the CUDA toolkit puts it; or "".
std::string sanitizerPath();
/// The compile cache ($GRADER_CACHE_DIR, else next to the grader binary).
std::filesystem::path cacheDir();
/// The kit's own course.yaml, used when none is found from the current folder.
std::filesystem::path builtInCoursePath();
/// The grader as a command the user can paste where they stand: its path
/// relative to the current folder when it lies below it (build/grader/grader
/// from the kit's root), else absolute; shell-quoted.
std::string graderCommand();
/// The grader as a student types it from the root of their own kit after its
/// default build: "build/grader/grader" (the commands in batch results and feedback).
std::string kitGraderCommand();
/// The grader's version string.
std::string graderVersion();
/// A 64-bit FNV-1a hash of `data` as 16 hex digits.
std::string contentHash(const std::string& data);
/// A seed in 1..999999 that depends on `text` only, so a run can be repeated without --seed.
uint64_t stableSeed(const std::string& text);
/// Reads a whole file into `out`; false when it cannot be read.
bool readFile(const std::filesystem::path& path, std::string& out);
/// Writes all of `text` to the open descriptor `fd`, again after a short write; the errno of a write that failed.
std::optional<int> writeAll(int fd, const std::string& text);
/// Writes `text` to `file` through a temporary file in the same folder and a rename.
std::optional<Error> writeFileAtomically(const std::filesystem::path& file, const std::string& text);

}  // namespace grader
