// Formatting of located errors.
#include "core/error.h"

namespace grader {

std::string Error::format() const {
    std::string out = where.empty() ? message : where + ": " + message;
    if (!hint.empty()) out += hint.rfind("did you mean", 0) == 0 ? ", " + hint : " (" + hint + ")";
    return out;
}

int printError(std::ostream& err, const Error& error, int exitCode) {
    err << "grader: " << error.format() << "\n";
    return exitCode;
}

}  // namespace grader
