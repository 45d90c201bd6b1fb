// The helpers every verb shares (see verbs.h).
#include "cli/verbs.h"

#include <iostream>

#include "core/toolchain.h"

namespace grader {

int printCliError(const Error& error) { return printError(std::cerr, error, kExitUsage); }

std::filesystem::path findCoursePath(const std::string& option) {
    if (!option.empty()) return option;
    for (auto dir = std::filesystem::current_path();; dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / "course.yaml")) return dir / "course.yaml";
        if (dir == dir.root_path()) break;
    }
    return builtInCoursePath();
}

Expected<Course> findCourse(const std::string& option) { return loadCourse(findCoursePath(option)); }

}  // namespace grader
