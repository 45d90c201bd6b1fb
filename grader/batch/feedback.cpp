// One student's feedback: the facts gathered once from the result (notes,
// lessons, commands), then written as text and as HTML.
#include "batch/feedback.h"

#include <cmath>
#include <functional>
#include <sstream>

#include "core/escape.h"
#include "core/toolchain.h"
#include "core/text_wrap.h"
#include "report/reporter.h"
#include "trainer/progress.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

const char* const kFeedbackCss = R"CSS(
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --soft:#f6f8fa; }
* { box-sizing:border-box; }
body { margin:0; background:var(--soft); color:var(--fg);
       font:15px/1.5 system-ui,-apple-system,"Segoe UI","DejaVu Sans",Helvetica,Arial,sans-serif; }
main { max-width:960px; margin:0 auto; padding:24px; }
.eyebrow { font-size:12px; letter-spacing:.06em; text-transform:uppercase; color:var(--muted); font-weight:600; }
h1 { font-size:24px; margin:2px 0 6px; }
h2 { font-size:17px; margin:0 0 8px; }
h2 span { color:var(--muted); font-weight:400; }
.score { font-size:20px; font-weight:600; }
.muted { color:var(--muted); }
section { background:#fff; border:1px solid var(--line); border-radius:8px; padding:14px 18px; margin:14px 0; }
ul { margin:0; padding-left:20px; }
code, pre { font-family:ui-monospace,"DejaVu Sans Mono",Menlo,monospace; font-size:13px; }
code { background:#eef1f4; padding:1px 5px; border-radius:4px; word-break:break-all; }
table { border-collapse:collapse; width:100%; margin-top:8px; }
th, td { text-align:left; vertical-align:top; padding:6px 8px; border-top:1px solid #eef1f4; }
th { font-size:12px; color:var(--muted); font-weight:600; border-top:0; }
td.points { white-space:nowrap; font-variant-numeric:tabular-nums; }
pre.msg { margin:0; white-space:pre-wrap; word-break:break-word; }
.badge { display:inline-block; min-width:44px; font-size:11px; font-weight:700; text-align:center; border-radius:4px;
         padding:1px 6px; text-transform:uppercase; }
.badge.pass { background:#dafbe1; color:#116329; } .badge.fail { background:#ffebe9; color:#a40e26; }
.badge.skip { background:#fff8c5; color:#7d4e00; } .badge.error { background:#fbefff; color:#6e40c9; }
.badge.todo { background:#f6f8fa; color:#57606a; }
footer { color:var(--muted); font-size:12px; margin-top:20px; }
@media print { body { background:#fff; } section { break-inside:avoid; } }
)CSS";

/// One lesson as the feedback shows it.
struct LessonFeedback {
    std::string id, title;
    std::string kitFile;        ///< where the file sits in the student's kit
    const LessonOutcome* outcome = nullptr;
    LessonReport asPrinted;     ///< the report as `grader check` prints it there
    std::string rerun;          ///< the command that reruns the lesson there ("" when not submitted)
};

/// Everything one student's feedback says, in the order it says it.
struct Feedback {
    std::string name, id, course;
    std::string score;          ///< "23/38 (61%)", or "0/38: refused"
    std::string when;           ///< "2025-01-31T12:00:00Z on the cpu backend, seed 42", or "" (not graded)
    uint64_t seed = 0;
    bool graded = false;        ///< the lessons were graded (not refused, not "not graded")
    std::vector<std::string> notes;
    std::vector<LessonFeedback> lessons;
};

/// `text` on one line: cleaned, line breaks and tabs as spaces (names and paths are single fields).
std::string oneLine(const std::string& text) {
    std::string out = cleanUtf8(text);
    for (char& c : out)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    return out;
}

/// Where `lesson`'s quiz answers sit in a kit (course.yaml's answers_file, else quiz_answers.yaml).
std::string kitAnswersFile(const Lesson& lesson) {
    const CheckSpec* quiz = lesson.findCheck("quiz");
    return "starter/" + lesson.folder + "/" + (quiz ? quiz->stringParam("answers_file", "quiz_answers.yaml") : "quiz_answers.yaml");
}

Feedback feedbackOf(const Course& course, const StudentResult& r) {
    Feedback f;
    f.name = oneLine(r.displayName());
    f.id = oneLine(r.id);
    f.course = oneLine(course.title);
    f.seed = r.seed;
    f.graded = r.status == "graded";
    const std::string points = std::to_string(r.score()) + "/" + std::to_string(r.maxScore());
    f.score = f.graded ? points + " (" + std::to_string(r.maxScore() ? std::lround(100.0 * r.score() / r.maxScore()) : 0) + "%)" : points + ": " + r.status;
    if (f.graded && !r.gradedAt.empty()) f.when = oneLine(r.gradedAt) + " on the " + oneLine(r.backend) + " backend, seed " + std::to_string(r.seed);
    if (r.status == "refused") f.notes.push_back("Your submission was refused: " + cleanUtf8(r.message));
    else if (r.status == "not graded yet") f.notes.push_back("Your submission has no result yet: it has not been graded.");
    else if (!f.graded) f.notes.push_back("Your submission could not be graded: " + cleanUtf8(r.message));
    for (const auto& problem : r.problems) f.notes.push_back(cleanUtf8(problem));
    for (const auto& note : r.notes) f.notes.push_back(cleanUtf8(note));
    for (const auto& l : r.lessons) {
        LessonFeedback lf;
        lf.id = oneLine(l.report.lesson);
        lf.outcome = &l;
        const Lesson* lesson = course.findLesson(l.report.lesson);
        if (lesson) lf.title = oneLine(lesson->title), lf.kitFile = lesson->starterFile();
        if (f.graded && !l.submitted && lesson)
            f.notes.push_back(lf.id + ": not submitted: no file named " + lesson->studentFile + " was found (in your kit: " + lf.kitFile + ")");
        if (l.submitted) {
            lf.asPrinted = l.report;
            lf.asPrinted.file = lf.kitFile.empty() ? oneLine(l.report.file) : lf.kitFile;
            for (auto& c : lf.asPrinted.checks) c.message = cleanUtf8(c.message);
            lf.asPrinted.note = cleanUtf8(l.report.note);
            lf.rerun = CheckCommandLine{kitGraderCommand(), l.report.lesson, lf.asPrinted.file, "", std::nullopt, r.seed, l.report.backend}.text();
            for (const auto& c : l.report.checks)
                if (quizAnswersMissing(c))
                    f.notes.push_back(lf.id + ": quiz answers missing: hand them in beside the lesson's file (in your kit: " +
                                      (lesson ? kitAnswersFile(*lesson) : std::string("quiz_answers.yaml")) + ")");
                else if (trainerNotDone(c) && lesson)
                    f.notes.push_back(lf.id + ": trainer not done (" + std::to_string(c.maxPoints) + " points): do its exercises with " +
                                      kitGraderCommand() + " trainer " + lf.id + " and hand in the progress file it writes beside the lesson's file (in your kit: starter/" +
                                      lesson->folder + "/" + kTrainerProgressFile + ")");
        }
        f.lessons.push_back(std::move(lf));
    }
    return f;
}

/// The paragraph on how to use the commands, one sentence per element.
std::vector<std::string> rerunAdvice(const Feedback& f) {
    return {"Each command below runs from the root of your own kit once it is built (cmake --preset default && "
            "cmake --build --preset default), with your file for the lesson at the path the command names.",
            "--seed " + std::to_string(f.seed) + " gives the inputs this grading used, so you see the same figures."};
}

/// "lesson1: Naive kernel, 9/9" or "lesson4: Measuring speedup, not submitted".
std::string lessonHeading(const Feedback& f, const LessonFeedback& l) {
    std::string heading = l.id + (l.title.empty() ? "" : ": " + l.title) + ", ";
    if (!f.graded) return heading + "not graded";
    if (!l.outcome->submitted) return heading + "not submitted";
    return heading + std::to_string(l.outcome->report.score) + "/" + std::to_string(l.outcome->report.maxScore);
}

}  // namespace

std::string feedbackText(const Course& course, const StudentResult& result) {
    const Feedback f = feedbackOf(course, result);
    std::ostringstream out;
    out << "Feedback for " << f.name << (f.name != f.id ? " (filed as " + f.id + ")" : "") << "\n" << f.course << "\n";
    out << "Score: " << f.score << "\n";
    if (!f.when.empty()) out << "Graded " << f.when << ".\n";
    if (!f.notes.empty()) {
        out << "\nNotes:\n";
        for (const auto& note : f.notes) out << "  - " << note << "\n";
    }
    if (f.graded) {
        std::string advice;
        for (const auto& sentence : rerunAdvice(f)) advice += sentence + " ";
        out << "\nRerunning a check:\n  " << wrapText(advice, 78, 2) << "\n";
    }
    for (const auto& l : f.lessons) {
        out << "\n== " << lessonHeading(f, l) << " ==\n";
        if (!f.graded) continue;
        if (!l.outcome->submitted) {
            out << "No file for this lesson was found in your submission.\n";
            continue;
        }
        out << "Graded: " << oneLine(l.outcome->report.file) << "\n";
        out << "Rerun this lesson: " << l.rerun << "\n\n";
        ConsoleReporter(false).write(l.asPrinted, out);
    }
    return out.str();
}

std::string feedbackHtml(const Course& course, const StudentResult& result) {
    const Feedback f = feedbackOf(course, result);
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        << "<title>Feedback for " << htmlEscape(f.name) << ": " << htmlEscape(f.course) << "</title><style>" << kFeedbackCss
        << "</style></head><body><main>\n";
    out << "<header><div class=\"eyebrow\">" << htmlEscape(f.course) << " &middot; feedback</div><h1>Feedback for "
        << htmlEscape(f.name) << "</h1>";
    if (f.name != f.id) out << "<div class=\"muted\">filed as <code>" << htmlEscape(f.id) << "</code></div>";
    out << "<p><span class=\"score\">Score " << htmlEscape(f.score) << "</span>";
    if (!f.when.empty()) out << " <span class=\"muted\">&middot; graded " << htmlEscape(f.when) << "</span>";
    out << "</p></header>\n";
    if (!f.notes.empty()) {
        out << "<section><h2>Notes</h2><ul>";
        for (const auto& note : f.notes) out << "<li>" << htmlEscape(note) << "</li>";
        out << "</ul></section>\n";
    }
    if (f.graded) {
        out << "<section><h2>Rerunning a check</h2><p>";
        for (const auto& line : rerunAdvice(f)) out << htmlEscape(line) << " ";
        out << "</p></section>\n";
    }
    for (const auto& l : f.lessons) {
        out << "<section><h2>" << htmlEscape(lessonHeading(f, l)) << "</h2>";
        if (!f.graded) {
            out << "</section>\n";
            continue;
        }
        if (!l.outcome->submitted) {
            out << "<p>No file for this lesson was found in your submission.</p></section>\n";
            continue;
        }
        const LessonReport& r = l.asPrinted;
        out << "<p>Graded: <code>" << htmlEscape(l.outcome->report.file) << "</code>, as <code>" << htmlEscape(r.file)
            << "</code> in your kit (" << htmlEscape(r.backend) << " backend, seed " << r.seed << ")<br>Rerun this lesson: <code>"
            << htmlEscape(l.rerun) << "</code></p>";
        if (!r.note.empty()) out << "<p class=\"muted\">note: " << htmlEscape(r.note) << "</p>";
        out << "<table><thead><tr><th>Check</th><th>Result</th><th>Points</th><th>Message</th></tr></thead><tbody>";
        int skipped = 0;
        for (const auto& c : r.checks) {
            skipped += c.status == Status::Skip;
            out << "<tr><td>" << htmlEscape(c.name) << "</td><td><span class=\"badge " << statusWord(c.status) << "\">"
                << statusWord(c.status) << "</span></td><td class=\"points\">" << c.points << "/" << c.maxPoints
                << "</td><td><pre class=\"msg\">" << htmlEscape(c.message) << "</pre></td></tr>";
        }
        out << "</tbody></table><p>Score " << r.score << "/" << r.maxScore;
        if (skipped) out << " <span class=\"muted\">(" << skipped << " skipped check" << (skipped > 1 ? "s" : "") << " not counted)</span>";
        out << "</p>";
        if (!r.programOutput.empty())
            out << "<p class=\"muted\">note: your program printed output (" << htmlEscape(r.programOutputRun)
                << "); add <code>--show-output</code> to see it</p>";
        out << "</section>\n";
    }
    out << "<footer>Written by grader " << htmlEscape(graderVersion()) << ". The same feedback as plain text: <code>"
        << htmlEscape(f.id) << ".txt</code>.</footer>\n</main></body></html>\n";
    return out.str();
}

std::optional<Error> writeFeedback(const ClassView& view, const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Error{dir.string(), "cannot create the feedback folder: " + ec.message(), ""};
    std::vector<StudentResult> waiting;  // rows of the gradebook without a result yet
    for (const auto& id : view.missing) {
        StudentResult r;
        r.id = id;
        auto source = view.sources.find(id);
        r.source = source != view.sources.end() ? source->second : id;
        r.name = view.nameOf(id, nullptr);
        r.status = "not graded yet";
        for (const auto& lesson : view.course.lessons) r.lessons.push_back(notSubmitted(lesson, ""));
        waiting.push_back(std::move(r));
    }
    for (const auto& students : {std::cref(view.students), std::cref(waiting)})
        for (const auto& s : students.get()) {
            if (auto e = writeFileAtomically(dir / (s.id + ".txt"), feedbackText(view.course, s))) return e;
            if (auto e = writeFileAtomically(dir / (s.id + ".html"), feedbackHtml(view.course, s))) return e;
        }
    return std::nullopt;
}

}  // namespace grader
