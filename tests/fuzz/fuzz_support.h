// What the fuzz targets share: a scratch folder of their own (in /dev/shm
// where it exists, so the targets that write files stay fast), the bytes of
// an input as text, its parts split at a separator line, the reference
// course, and a check that stops the run when an invariant breaks.
// Non-goal: anything a target asserts about its parser; each says that itself.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_table.h"
#include "core/course.h"

namespace fuzz {

/// A folder removed when the process ends.
struct ScratchFolder {
    std::filesystem::path path;
    explicit ScratchFolder(const std::string& name) {
        std::error_code ec;
        const std::filesystem::path base = std::filesystem::is_directory("/dev/shm", ec) ? "/dev/shm" : std::filesystem::temp_directory_path();
        path = base / ("grader-fuzz-" + name + "-" + std::to_string(getpid()));
        std::filesystem::remove_all(path, ec);
        std::filesystem::create_directories(path);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

/// This process's scratch folder for target `name`, made on the first call.
inline const std::filesystem::path& scratchFolder(const std::string& name) {
    static const ScratchFolder folder(name);
    return folder.path;
}

/// The input as a string.
inline std::string text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

/// Writes `bytes` to `path`, replacing it.
inline void writeBytes(const std::filesystem::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// The parts of `input` between lines that are exactly `separator`, at most `count` (the last keeps the rest).
inline std::vector<std::string> splitParts(const std::string& input, const std::string& separator, size_t count) {
    std::vector<std::string> parts;
    const std::string marker = "\n" + separator + "\n";
    size_t start = 0;
    while (parts.size() + 1 < count) {
        const size_t at = input.find(marker, start);
        if (at == std::string::npos) break;
        parts.push_back(input.substr(start, at - start));
        start = at + marker.size();
    }
    parts.push_back(input.substr(start));
    parts.resize(count);
    return parts;
}

/// The reference course (tests/courses/course.yaml), loaded once.
inline const grader::Course& referenceCourse() {
    static const grader::Course course = [] {
        auto loaded = grader::loadCourse(REFERENCE_COURSE);
        if (!loaded) {
            std::fprintf(stderr, "the reference course does not load: %s\n", loaded.error().format().c_str());
            std::abort();
        }
        return *loaded;
    }();
    return course;
}

/// Stops the run with `what` when `holds` is false: the fuzzer records the input as a crash.
inline void require(bool holds, const std::string& what) {
    if (holds) return;
    std::fprintf(stderr, "invariant broken: %s\n", what.c_str());
    std::abort();
}

}  // namespace fuzz
