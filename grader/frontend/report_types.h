// What the emulator's front end reports about a student's file, as plain
// data: the parser's errors, the constructs the emulator cannot run and the
// __shared__ variables. One definition for the cuda-frontend program that
// finds them and the grader that reads its report (backend/front_end.h).
// Non-goal: the report's JSON form (main.cpp writes it, the grader parses it).
#pragma once

#include <string>

namespace cudafe {

/// An error the parser reported, where it points.
struct Diagnostic {
    std::string file;    ///< the file it is in, as clang names it (the student's file: its display name)
    int line = 0, column = 0;
    std::string message;
    int mainLine = 0;    ///< the line of the student's file that led to it (an #include's line for a header's error)
};

/// A construct the emulator cannot run, found while parsing.
struct Unsupported {
    std::string construct;
    int line = 0;
};

/// A __shared__ variable as the student declared it.
struct SharedVariable {
    std::string name;
    int line = 0;
    bool fileScope = false, dynamic = false;
};

}  // namespace cudafe
