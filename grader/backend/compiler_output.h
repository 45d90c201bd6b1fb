// Turns a compiler's or linker's output into the one line a student needs:
// the first error with file:line, a plain reading of contract mismatches,
// and how many more errors follow; and tells an error about a CUDA name the
// emulator lacks from the student's own mistake.
// Non-goal: reproducing the compiler's caret diagrams.
#pragma once

#include <string>

namespace grader {

/// The first error of a g++/clang/nvcc/ld log, concise, or "" when none is found.
std::string summarizeCompilerLog(const std::string& log);

/// Where the first error of a compiler's log stands: the file's base name, line and column (0 when the log names none).
struct CompilerErrorPlace {
    std::string file;
    int line = 0;
    int column = 0;
};

/// The place of the first "FILE:LINE[:COL]: error:" or nvcc's "FILE(LINE): error:" line of `log`.
CompilerErrorPlace firstCompilerErrorPlace(const std::string& log);

/// `summary` made precise when it says the file does not define a contract
/// function: the parameter of the student's definition in `source` (file
/// `fileName`) that differs from the contract's types, with its line;
/// `summary` unchanged when the definition cannot be found or its parameters match.
std::string explainContractMismatch(const std::string& summary, const std::string& source, const std::string& fileName);

/// True when a link error (summarizeCompilerLog's line) is the student's: a
/// contract function not defined as declared, main defined, a symbol defined twice.
bool isContractLinkError(const std::string& summary);

/// "not supported by the emulator: <name> at file:line" when the first error
/// of a compiler's log (the front end's clang, or g++) is about a name or header of the CUDA toolkit
/// (`isCudaName`) that the emulator does not provide; "" otherwise.
std::string unsupportedConstruct(const std::string& log, bool (*isCudaName)(const std::string&));

}  // namespace grader
