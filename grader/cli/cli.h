// The grader's command line: a table of subcommands (check, list,
// ctest-tests, batch, quiz, tilemap, export-student) over the core library.
// Prints errors once, with a hint, and returns the exit code: 0 every check
// that ran passed, 1 a check failed, 2 the grader could not run.
// Non-goal: logic of its own beyond parsing and dispatch.
#pragma once

namespace grader {

/// Runs the grader's command line; returns the process exit code.
int runCli(int argc, char** argv);

}  // namespace grader
