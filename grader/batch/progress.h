// Progress of a batch on stderr: on a terminal one line redrawn in place
// (a bar, counts, the student just finished, the ETA); otherwise one plain
// line per finished student, which logs and CI keep readable.
// Non-goal: anything a script should parse (the result files are for that).
#pragma once

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace grader {

/// Thread-safe progress of `total` submissions being graded.
class Progress {
public:
    /// `terminal`: redraw one line in place; else print a line per student.
    Progress(std::ostream& out, bool terminal, int total);
    /// One student finished; `verdict` is e.g. "24/30" or "refused: ...".
    void finished(const std::string& id, const std::string& verdict, double seconds);
    /// Ends the in-place line (call before printing the summary).
    void close();
    /// "1m05s", "42s".
    static std::string duration(double seconds);

private:
    std::ostream& out_;
    bool terminal_;
    int total_, done_ = 0;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
};

}  // namespace grader
