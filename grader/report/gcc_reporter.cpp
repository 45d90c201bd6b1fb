// The gcc format: "FILE:LINE:COL: error|warning|note: message" lines that
// editors (Vim's quickfix, Emacs' compile mode, VS Code's $gcc matcher) jump
// from. One error per message line that names a place in the student's file,
// a note for each further place it names; failing checks without a place
// point at FILE:1:1; passing checks print nothing; the score is a last note.
// Non-goal: the compiler's full log and the program's output (text only).
#include <algorithm>
#include <filesystem>
#include <sstream>

#include "report/reporter.h"
#include "report/message_locations.h"

namespace grader {

namespace {

const char* severityOf(Status s) { return s == Status::Skip ? "warning" : "error"; }

std::string trimmed(std::string text) {
    const char* space = " \t,;.";
    text.erase(0, std::min(text.size(), text.find_first_not_of(space)));
    if (text.rfind("and ", 0) == 0) text.erase(0, 4);
    return text;
}

/// The words of `line` that lead up to `location` from the place named before it.
std::string clauseBefore(const std::string& line, const MessageLocation& location, size_t from) {
    std::string clause = trimmed(line.substr(from, location.end - from));
    constexpr size_t kMax = 160;
    if (clause.size() > kMax) clause = "..." + clause.substr(clause.size() - kMax);
    return clause;
}

}  // namespace

void GccReporter::write(const LessonReport& report, std::ostream& out) const {
    const std::string& file = report.file;
    const std::string baseName = std::filesystem::path(report.file).filename().string();
    const auto emit = [&](const MessageLocation& at, const char* severity, const std::string& text) {
        out << file << ":" << at.line << ":" << at.column << ": " << severity << ": " << text << "\n";
    };
    const MessageLocation top{1, 1};
    if (!report.note.empty()) emit(top, "note", report.note);
    int skipped = 0;
    for (const auto& check : report.checks) {
        if (check.status == Status::Skip) ++skipped;
        if (check.status == Status::Pass) continue;
        const auto all = findMessageLocations(check.message, baseName);
        const MessageLocation anchor = all.empty() ? top : all.front();
        bool reported = false;
        std::stringstream message(check.message);
        std::string line;
        while (std::getline(message, line)) {
            const auto places = findMessageLocations(line, baseName);
            if (places.empty()) {
                emit(anchor, reported ? "note" : severityOf(check.status), check.name + ": " + line);
                reported = true;
                continue;
            }
            // A compiler's "k.cu:11:16: message" says its place once, in front.
            std::string said = line;
            if (places.front().begin == 0 && line.compare(places.front().end, 2, ": ") == 0) said = line.substr(places.front().end + 2);
            emit(places.front(), severityOf(check.status), check.name + ": " + said);
            reported = true;
            size_t from = places.front().end;
            for (size_t i = 1; i < places.size(); ++i) {
                emit(places[i], "note", check.name + ": " + clauseBefore(line, places[i], from));
                from = places[i].end;
            }
        }
        if (!reported) emit(anchor, severityOf(check.status), check.name + ": " + statusWord(check.status));
    }
    std::string score = "score " + std::to_string(report.score) + "/" + std::to_string(report.maxScore);
    if (skipped) score += " (" + std::to_string(skipped) + " skipped check" + (skipped > 1 ? "s" : "") + " not counted)";
    emit(top, "note", score);
}

}  // namespace grader
