// The progress line: the ETA is the mean wall time per finished student so
// far (which already includes the parallelism) times the students left.
#include "batch/progress.h"

#include <cmath>

namespace grader {

Progress::Progress(std::ostream& out, bool terminal, int total) : out_(out), terminal_(terminal), total_(total) {
    if (terminal_ && total_) out_ << "[" << std::string(24, '.') << "] 0/" << total_ << "  grading..." << std::flush;
}

std::string Progress::duration(double seconds) {
    const long s = std::lround(seconds);
    if (s < 60) return std::to_string(s) + "s";
    const long m = s / 60;
    const std::string sec = (s % 60 < 10 ? "0" : "") + std::to_string(s % 60) + "s";
    if (m < 60) return std::to_string(m) + "m" + sec;
    return std::to_string(m / 60) + "h" + (m % 60 < 10 ? "0" : "") + std::to_string(m % 60) + "m";
}

void Progress::finished(const std::string& id, const std::string& verdict, double seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double eta = done_ ? elapsed / done_ * (total_ - done_) : 0;
    const std::string counts = std::to_string(done_) + "/" + std::to_string(total_);
    if (!terminal_) {
        out_ << "[" << counts << "] " << id << ": " << verdict << " (" << duration(seconds) << ")\n" << std::flush;
        return;
    }
    constexpr int width = 24;
    const int filled = total_ ? width * done_ / total_ : width;
    std::string line = "\r\033[K[" + std::string(filled, '#') + std::string(width - filled, '.') + "] " + counts +
                       "  " + id + ": " + verdict;
    if (line.size() > 100) line = line.substr(0, 97) + "...";
    line += done_ < total_ ? "  ETA " + duration(eta) : "  done in " + duration(elapsed);
    out_ << line << std::flush;
}

void Progress::close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (terminal_ && done_) out_ << "\n" << std::flush;  // the last bar stays on screen
}

}  // namespace grader
