// The console format: a header, one aligned line per check (continuation
// lines indented under the message), and the score.
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "report/reporter.h"

namespace grader {

namespace {

const char* colourOf(Status s) {
    switch (s) {
        case Status::Pass: return "\033[32m";
        case Status::Fail: return "\033[31m";
        case Status::Skip: return "\033[33m";
        case Status::Error: return "\033[35m";
        case Status::Todo: return "\033[36m";
    }
    return "";
}

std::string upper(const char* word) {
    std::string text = word;
    for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

bool colourWanted() {
    const char* noColour = std::getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(noColour && noColour[0]);
}

void ConsoleReporter::write(const LessonReport& report, std::ostream& out) const {
    out << report.lesson << "  " << report.file << "  (" << report.backend << " backend, seed " << report.seed << ")\n";
    if (!report.note.empty()) out << "note: " << report.note << "\n";
    int skipped = 0;
    for (const auto& check : report.checks) {
        std::string name = check.name;
        name.resize(13, ' ');
        std::string word = upper(statusWord(check.status));
        std::string padded = word;
        padded.resize(6, ' ');
        std::string points = std::to_string(check.points) + "/" + std::to_string(check.maxPoints);
        points.resize(5, ' ');
        out << "  " << name;
        if (colour_) out << colourOf(check.status) << padded << "\033[0m";
        else out << padded;
        out << points << " ";
        std::stringstream message(check.message);
        std::string line;
        bool first = true;
        while (std::getline(message, line)) {
            if (!first) out << std::string(2 + 13 + 6 + 5 + 1, ' ');
            out << line << "\n";
            first = false;
        }
        if (first) out << "\n";
        if (check.status == Status::Skip) ++skipped;
    }
    out << "score " << report.score << "/" << report.maxScore;
    if (skipped) out << " (" << skipped << " skipped check" << (skipped > 1 ? "s" : "") << " not counted)";
    out << "\n";
    if (!report.compilerLog.empty()) out << "the compiler's full output:\n" << report.compilerLog << (report.compilerLog.back() == '\n' ? "" : "\n");
    if (report.programOutput.empty()) return;
    if (!report.showOutput) {
        out << "note: your program printed output (" << report.programOutputRun << "); add --show-output to see it\n";
        return;
    }
    out << "your program printed (" << report.programOutputRun << ", first " << report.programOutput.size() << " lines):\n";
    for (const auto& line : report.programOutput) out << "  | " << line << "\n";
}

}  // namespace grader
