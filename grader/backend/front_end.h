// The cpu backend's side of the emulator's front end (grader/frontend):
// runs the cuda-frontend program on a student's file in a child, with the
// compile limits, and reads its report. The child parses the file with
// clang as CUDA and writes the rewritten source the emulator compiles.
// Non-goals: parsing C++ here; deciding verdicts beyond "the parser refused
// it" and "the emulator cannot run it" (the checks decide the rest).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "frontend/report_types.h"

namespace grader {

/// An error the parser reported (the front end's own types: one definition for the program and the grader).
using FrontEndError = cudafe::Diagnostic;
/// A construct the emulator cannot run, with its line.
using FrontEndUnsupported = cudafe::Unsupported;
/// A __shared__ variable the front end found.
using FrontEndShared = cudafe::SharedVariable;

/// What the front end reported about one file.
struct FrontEndReport {
    std::vector<FrontEndError> errors;
    std::vector<FrontEndUnsupported> unsupported;
    std::vector<FrontEndShared> shared;
    std::filesystem::path rewritten;  ///< the emulator's source; empty unless the file parsed and is supported

    /// The errors as a compiler's log, one "file:line:col: error: message" line each.
    std::string errorLog() const;
};

/// The program, in the runtime folder.
std::filesystem::path frontEndProgram();
/// What a build depends on from the front end: its program's and prelude's identity (cheap to compute).
std::string frontEndIdentity();

/// Runs the front end on `source` (named `displayName` in messages) inside
/// build folder `folder` (it writes student.cpp and frontend.json there);
/// `extraArgs` go to clang. The Error says why the front end itself failed.
Expected<FrontEndReport> runFrontEnd(const std::filesystem::path& source, const std::string& displayName,
                                     const std::filesystem::path& folder, const std::vector<std::string>& extraArgs);

/// Reads a front end's JSON report (written by a child: untrusted bytes).
Expected<FrontEndReport> parseFrontEndReport(const std::string& json);

}  // namespace grader
