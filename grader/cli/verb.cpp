// The helpers every verb shares (see verb.h).
#include "cli/verb.h"

#include <iostream>

#include "core/toolchain.h"

namespace grader {

ExitCode printCliError(std::ostream& err, const Error& error, ExitCode code) {
    printError(err, error, static_cast<int>(code));
    return code;
}

ExitCode printCliError(const Error& error) { return printCliError(std::cerr, error); }

std::filesystem::path findCoursePath(const std::string& option) {
    if (!option.empty()) return option;
    for (auto dir = std::filesystem::current_path();; dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / "course.yaml")) return dir / "course.yaml";
        if (dir == dir.root_path()) break;
    }
    return builtInCoursePath();
}

}  // namespace grader
