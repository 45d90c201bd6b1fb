// The front end of the cpu emulator: parses a student's CUDA file as a
// compiler does (the preprocessor first, then clang's parser in CUDA host
// mode against the emulator's headers) and rewrites the two things the
// emulator runs differently from a GPU: kernel launches, which become calls
// of ::cuemu::launcher, and __shared__ variables, which become references to
// the running block's slot. Edits follow the preprocessed tokens back to
// where the student wrote them (see token_edits.h), so directives anywhere,
// macros around launches, templates and lambdas keep working, and every line
// keeps its number.
// Non-goals: judging the program (the runs do); device-side semantics
// (clang only sees the host side, as nvcc's host pass does).
#pragma once

#include <string>
#include <vector>

#include "report_types.h"

namespace cudafe {

/// A kernel launch as the student wrote it.
struct Launch {
    std::string kernel;  ///< the callee as written, e.g. "matMulTiled<16>"
    int line = 0;
};

/// What the front end found and made of one file.
struct Analysis {
    std::vector<Diagnostic> errors;         ///< empty when the file parsed
    std::vector<Unsupported> unsupported;   ///< constructs the emulator lacks
    std::vector<SharedVariable> shared;
    std::vector<Launch> launches;
    std::string rewritten;                  ///< the emulator's source; empty unless errors and unsupported are
};

/// One file to analyse: its text, the name messages give it, and clang's arguments.
struct Invocation {
    std::string source;
    std::string fileName;
    std::vector<std::string> clangArgs;
};

/// clang's arguments for a file: CUDA's host pass against the emulator's
/// headers in CUDA's dress, all found in the grader's runtime folder
/// `runtime` (the folder cuda-frontend lies in), then `extra`. The browser
/// edition's parse gives its clang the same list (web/src/parse.mjs).
std::vector<std::string> clangArguments(const std::string& runtime, const std::vector<std::string>& extra);

/// Parses and rewrites `invocation.source`.
Analysis analyze(const Invocation& invocation);

}  // namespace cudafe
