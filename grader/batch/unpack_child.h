// Unpacking a submission's archive in a child process. libarchive reads
// every format a student may upload; it is a large C library fed bytes
// nobody checked, so it runs in a process of its own: the grader itself,
// started as `grader __unpack-archive ...` (runUnpackChild), with a time and
// a memory limit, writing what it unpacked or why it refused into a file the
// parent names. Whatever happens in there (a crash, an abort, a hang, a limit
// reached) becomes that archive's outcome with the reason, and the batch goes
// on with the next student.
// Non-goals: the unpacking rules and their messages (archive.h); isolation
// from the file system (the child writes only the folder it is given).
#pragma once

#include <filesystem>
#include <optional>

#include "batch/archive.h"

namespace grader {

/// The hidden first argument that makes the grader an unpacking child (never in --help).
inline constexpr const char* kUnpackCommand = "__unpack-archive";

/// What unpacking an archive in a child gave.
struct Unpacked {
    std::optional<ExtractSummary> summary;  ///< the files are in the folder
    Error refusal;                          ///< otherwise why: the archive's fault (unsafe, damaged, too large) ...
    bool unpackerFailed = false;            ///< ... or the child's: it crashed, hung or could not start (the grader's trouble)
};

/// Unpacks `archive` into the existing empty folder `into` in a child process running `program`
/// (the grader, or a program that answers kUnpackCommand as it does; "": the running executable).
Unpacked unpackInChild(const std::filesystem::path& archive, const std::filesystem::path& into, const ArchiveLimits& limits,
                       const std::filesystem::path& program = {});

/// The child's side, when argv[1] is kUnpackCommand: unpacks, writes the outcome, and returns 0 (2 on bad arguments).
int runUnpackChild(int argc, char** argv);

}  // namespace grader
