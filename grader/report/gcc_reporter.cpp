// The gcc format: "FILE:LINE:COL: error|warning|note: message" lines that
// editors (Vim's quickfix, Emacs' compile mode, VS Code's $gcc matcher) jump
// from. One error per finding (findings.h), a note for each of its notes;
// passing checks print nothing; the score is a last note.
// Non-goal: the compiler's full log and the program's output (text only).
#include "report/findings.h"
#include "report/reporter.h"

namespace grader {

void GccReporter::write(const LessonReport& report, std::ostream& out) const {
    const auto emit = [&](const Place& at, const char* severity, const std::string& text) {
        out << report.file << ":" << at.line << ":" << at.column << ": " << severity << ": " << text << "\n";
    };
    const Place top{1, 1};
    if (!report.note.empty()) emit(top, "note", report.note);
    for (const auto& finding : findingsOf(report)) {
        emit(finding.at, levelWord(finding.level), finding.check + ": " + finding.text);
        for (const auto& note : finding.notes) emit(note.at, "note", finding.check + ": " + note.text);
    }
    int skipped = 0;
    for (const auto& check : report.checks) skipped += check.status == Status::Skip;
    std::string score = "score " + std::to_string(report.score) + "/" + std::to_string(report.maxScore);
    if (skipped) score += " (" + std::to_string(skipped) + " skipped check" + (skipped > 1 ? "s" : "") + " not counted)";
    emit(top, "note", score);
}

}  // namespace grader
