// The class report page: figures computed from the results, SVG drawn by
// hand (bars and dots on a small grid), and the tables; its style and script
// (batch/report_page/) are built in by grader/cmake/embed_files.cmake.
#include "batch/html_report.h"
#include "batch/mistakes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "batch/insights_report.h"
#include "batch/report_page_files.h"
#include "batch/report_svg.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace {

double percentOf(const StudentResult& s) { return s.maxScore() > 0 ? 100.0 * s.score() / s.maxScore() : 0.0; }

/// What the page needs to know about one check across the class.
struct CheckStats {
    std::string lesson, check;
    int points = 0;  ///< course.yaml's: a check worth none (the trainer) costs nobody anything
    int attempted = 0, failed = 0, skipped = 0;
};

/// Speedups measured on the GPU, per lesson: (value, needed, passed, student).
struct SpeedupPoint {
    double value = 0, needed = 0;
    bool passed = false;
    std::string student;
};

std::vector<CheckStats> checkStats(const ClassView& view) {
    std::vector<CheckStats> stats;
    for (const auto& lesson : view.course.lessons)
        for (const auto& check : lesson.checks) {
            CheckStats s{lesson.id, check.name, check.points};
            for (const auto& student : view.students)
                for (const auto& l : student.lessons) {
                    if (l.report.lesson != lesson.id || !l.submitted) continue;
                    for (const auto& c : l.report.checks) {
                        if (c.name != check.name) continue;
                        if (c.status == Status::Skip) ++s.skipped;
                        else ++s.attempted;
                        if (c.status == Status::Fail || c.status == Status::Error) ++s.failed;
                    }
                }
            stats.push_back(s);
        }
    return stats;
}

std::map<std::string, std::vector<SpeedupPoint>> speedups(const ClassView& view) {
    static const std::regex pattern(R"(speedup ([0-9.]+)x, needed ([0-9.]+)x)");
    std::map<std::string, std::vector<SpeedupPoint>> points;
    for (const auto& student : view.students)
        for (const auto& l : student.lessons)
            for (const auto& c : l.report.checks) {
                std::smatch m;
                if (c.name != "speedup" || c.status == Status::Skip || !std::regex_search(c.message, m, pattern)) continue;
                points[l.report.lesson].push_back({std::atof(m[1].str().c_str()), std::atof(m[2].str().c_str()),
                                                   c.status == Status::Pass, student.id});
            }
    return points;
}

std::string distributionSvg(const std::vector<double>& percents) {
    int bins[10] = {};
    for (double p : percents) bins[std::min(9, std::max(0, static_cast<int>(p / 10)))]++;
    const int most = std::max(1, *std::max_element(bins, bins + 10));
    const double left = 30, right = 540, top = 14, bottom = 150, slot = (right - left) / 10;
    std::string svg = "<svg viewBox=\"0 0 560 192\" role=\"img\" aria-label=\"score distribution\">";
    const int step = most <= 5 ? 1 : (most + 3) / 4;
    for (int tick = 0; tick <= most; tick += step) {
        const double y = bottom - (bottom - top) * tick / most;
        svg += "<line x1=\"" + fixed(left, 1) + "\" x2=\"" + fixed(right, 1) + "\" y1=\"" + fixed(y, 1) + "\" y2=\"" +
               fixed(y, 1) + "\" stroke=\"#eef1f4\"/>" + svgText(left - 6, y + 4, std::to_string(tick), "end");
    }
    for (int b = 0; b < 10; ++b) {
        const double h = (bottom - top) * bins[b] / most;
        const std::string colour = b == 9 ? "#1a7f37" : b < 5 ? "#cf222e" : "#0969da";
        const std::string range = std::to_string(b * 10) + (b == 9 ? "-100%" : "-" + std::to_string(b * 10 + 9) + "%");
        svg += svgRect(left + b * slot + 3, bottom - h, slot - 6, h, colour, 2,
                       range + ": " + std::to_string(bins[b]) + " student" + (bins[b] == 1 ? "" : "s"));
        if (bins[b]) svg += svgText(left + b * slot + slot / 2, bottom - h - 4, std::to_string(bins[b]), "middle", "strong");
    }
    svg += "<line x1=\"" + fixed(left, 1) + "\" x2=\"" + fixed(right, 1) + "\" y1=\"" + fixed(bottom, 1) + "\" y2=\"" +
           fixed(bottom, 1) + "\" stroke=\"#8c959f\"/>";
    for (int b = 0; b <= 10; ++b) svg += svgText(left + b * slot, bottom + 15, std::to_string(b * 10) + "%", "middle");
    svg += svgText((left + right) / 2, 186, "total score, % of the points possible", "middle");
    return svg + "</svg>";
}

std::string failuresSvg(const ClassView& view, const std::vector<CheckStats>& stats, int graded) {
    const double rowHeight = 20, headHeight = 24, labelWidth = 150, right = 500;
    std::set<std::string> lessons;
    for (const auto& s : stats) lessons.insert(s.lesson);
    const double height = stats.size() * rowHeight + lessons.size() * headHeight + 26;
    std::string svg = "<svg viewBox=\"0 0 560 " + fixed(height, 0) + "\" role=\"img\" aria-label=\"failures per check\">";
    const int scale = std::max(1, graded);
    const double width = right - labelWidth;
    double y = 0;
    std::string lastLesson;
    for (const auto& s : stats) {
        if (s.lesson != lastLesson) {
            const Lesson* lesson = view.course.findLesson(s.lesson);
            svg += svgText(8, y + 17, s.lesson + (lesson ? "  \u00b7  " + lesson->title : ""), "start", "strong");
            y += headHeight;
            lastLesson = s.lesson;
        }
        svg += svgText(labelWidth - 10, y + 13, s.check, "end", s.failed ? "strong" : "");
        if (s.attempted == 0 && s.skipped > 0) {
            svg += svgText(labelWidth, y + 13, "skipped: needs a GPU");
        } else if (s.attempted == 0) {
            svg += svgText(labelWidth, y + 13, "nobody submitted this lesson");
        } else {
            svg += svgRect(labelWidth, y + 3, width * s.attempted / scale, rowHeight - 8, "#eef1f4", 2,
                           std::to_string(s.attempted) + " graded on this check");
            const bool costs = s.points > 0;  // a check worth no points (the trainer) not done is grey: it costs nothing
            if (s.failed)
                svg += svgRect(labelWidth, y + 3, width * s.failed / scale, rowHeight - 8, costs ? "#cf222e" : "#afb8c1", 2,
                               s.lesson + " " + s.check + ": " + std::to_string(s.failed) + " of " + std::to_string(s.attempted) +
                                   (costs ? " failed" : " not done (worth 0 points)"));
            svg += svgText(right + 8, y + 13, std::to_string(s.failed) + " of " + std::to_string(s.attempted) + (costs ? "" : ", 0 pts"), "start",
                           s.failed && costs ? "strong" : "");
        }
        y += rowHeight;
    }
    svg += svgText(labelWidth, height - 6, "red: students who failed the check; grey: graded on it (or, darker, not done, worth 0 points)");
    return svg + "</svg>";
}

std::string speedupSvg(const std::map<std::string, std::vector<SpeedupPoint>>& points) {
    double most = 1;
    for (const auto& [lesson, list] : points)
        for (const auto& p : list) most = std::max({most, p.value, p.needed});
    most = std::ceil(most * 1.15 * 2) / 2;
    const double left = 64, right = 540, rowHeight = 46;
    const double height = points.size() * rowHeight + 40;
    std::string svg = "<svg viewBox=\"0 0 560 " + fixed(height, 0) + "\" role=\"img\" aria-label=\"speedups\">";
    auto xOf = [&](double v) { return left + (right - left) * v / most; };
    for (double tick = 0; tick <= most + 1e-9; tick += most <= 3 ? 0.5 : 1) {
        svg += "<line x1=\"" + fixed(xOf(tick), 1) + "\" x2=\"" + fixed(xOf(tick), 1) + "\" y1=\"6\" y2=\"" +
               fixed(height - 30, 1) + "\" stroke=\"#eef1f4\"/>" + svgText(xOf(tick), height - 16, fixed(tick, 1) + "x", "middle");
    }
    double y = 8;
    for (const auto& [lesson, list] : points) {
        svg += svgText(left - 8, y + rowHeight / 2 + 4, lesson, "end", "strong");
        std::vector<double> needed;
        for (const auto& p : list) needed.push_back(p.needed);
        std::sort(needed.begin(), needed.end());
        const double threshold = needed[needed.size() / 2];
        svg += "<line x1=\"" + fixed(xOf(threshold), 1) + "\" x2=\"" + fixed(xOf(threshold), 1) + "\" y1=\"" + fixed(y + 2, 1) +
               "\" y2=\"" + fixed(y + rowHeight - 4, 1) + "\" stroke=\"#59636e\" stroke-dasharray=\"3 2\"><title>needed " +
               fixed(threshold, 2) + "x</title></line>";
        int i = 0;
        for (const auto& p : list) {
            const double cy = y + rowHeight / 2 + ((i++ % 5) - 2) * 6;  // a little jitter so equal values stay visible
            svg += "<circle cx=\"" + fixed(xOf(p.value), 1) + "\" cy=\"" + fixed(cy, 1) + "\" r=\"4\" fill=\"" +
                   (p.passed ? "#1a7f37" : "#cf222e") + "\" fill-opacity=\"0.8\"><title>" + htmlEscape(p.student) + ": " +
                   fixed(p.value, 2) + "x</title></circle>";
        }
        y += rowHeight;
    }
    svg += svgText((left + right) / 2, height - 2, "speedup over the naive reference (dashed: needed)", "middle");
    return svg + "</svg>";
}

std::string scoreCell(const LessonOutcome& l) {
    if (!l.submitted) return "<td class=\"score ns\" data-sort=\"-1\" title=\"not submitted\">&mdash;</td>";
    const auto& r = l.report;
    const std::string cls = r.maxScore > 0 && r.score == r.maxScore ? "full" : r.score == 0 ? "zero" : "part";
    std::string failed, notDone;
    for (const auto& c : r.checks) {
        const bool unmet = c.status == Status::Fail || c.status == Status::Error || c.status == Status::Todo;
        if (unmet && c.maxPoints == 0) notDone += (notDone.empty() ? "" : ", ") + c.name;
        else if (unmet) failed += (failed.empty() ? "failed: " : ", ") + c.name;
    }
    std::string title = failed.empty() ? "every check worth points passed" : failed;
    if (!notDone.empty()) title += "; not done (0 points): " + notDone;
    return "<td class=\"score " + cls + "\" data-sort=\"" + std::to_string(r.score) + "\" title=\"" + htmlEscape(title) + "\">" +
           std::to_string(r.score) + "/" +
           std::to_string(r.maxScore) + "</td>";
}

/// One chip per failed check, with its reason (the message's first line as the tooltip); grey for a
/// check worth no points not done (todo: the trainer by default), which costs the student nothing.
std::string issueChips(const StudentResult& s) {
    if (s.status != "graded") return "<span class=\"chip\">" + htmlEscape(s.status) + "</span>";
    std::string chips;
    const auto chip = [&chips](const std::string& text, const CheckResult& check) {
        chips += std::string("<span class=\"chip reason") + (check.status == Status::Todo || check.maxPoints == 0 ? " grey" : "") + "\" title=\"" +
                 htmlEscape(check.message.substr(0, check.message.find('\n'))) + "\">" + htmlEscape(text) + "</span>";
    };
    const std::string missing = s.notSubmitted();
    for (const auto& l : s.lessons) {
        if (!l.submitted) continue;  // listed once, below
        const CheckResult* compile = nullptr;
        for (const auto& c : l.report.checks)
            if (c.name == "compile" && c.status == Status::Fail) compile = &c;
        if (compile) {  // the other checks only say "not run"
            chip(l.report.lesson + " does not compile: " + shortReason(compile->message), *compile);
            continue;
        }
        for (const auto& c : l.report.checks) {
            if (c.status != Status::Fail && c.status != Status::Error && c.status != Status::Todo) continue;
            chip(l.report.lesson + " " + (quizAnswersMissing(c)  ? std::string("quiz answers missing")
                                          : trainerNotDone(c) ? std::string("trainer not done")
                                                              : c.name + ": " + shortReason(c.message)),
                 c);
        }
    }
    if (!missing.empty()) chips += "<span class=\"chip grey\">not submitted: " + htmlEscape(missing) + "</span>";
    if (chips.empty()) return "<span class=\"chip ok\">all checks pass</span>";
    if (s.maxScore() > 0 && s.score() == s.maxScore()) chips = "<span class=\"chip ok\">full marks</span>" + chips;  // the rest cost nothing
    return chips;
}

std::string anchor(const std::string& id) { return "s-" + htmlEscape(id); }

std::string feedback(const ClassView& view, const StudentResult& s) {
    std::ostringstream out;
    out << "<details id=\"" << anchor(s.id) << "\"><summary><span class=\"who\">" << htmlEscape(s.id)
        << (!s.name.empty() && s.name != s.id ? " (" + htmlEscape(s.name) + ")" : "") << "</span>";
    if (s.status == "graded") out << "<span class=\"total\">" << s.score() << "/" << s.maxScore() << " &middot; " << fixed(percentOf(s), 0) << "%</span>";
    out << "<span>" << issueChips(s) << "</span></summary><div class=\"feedback\">";
    out << "<div class=\"muted\">" << (s.late ? "late, " : "") << "handed in as <code>" << htmlEscape(s.source) << "</code>, graded " << htmlEscape(s.gradedAt)
        << " on the " << htmlEscape(s.backend) << " backend" << (s.sandboxed ? ", sandboxed" : ", not sandboxed")
        << ", seed " << s.seed << "</div>";
    if (s.status == "refused") out << "<p class=\"banner\">Refused: " << htmlEscape(s.message) << "</p>";
    if (s.status == "not graded") out << "<p class=\"banner\">Not graded: " << htmlEscape(s.message) << "</p>";
    for (const auto& problem : s.problems) out << "<div>upload: " << htmlEscape(problem) << "</div>";
    for (const auto& note : s.notes) out << "<div class=\"muted\">note: " << htmlEscape(note) << "</div>";
    if (s.status == "graded") {
        for (const auto& l : s.lessons) {
            const Lesson* lesson = view.course.findLesson(l.report.lesson);
            out << "<h4>" << htmlEscape(l.report.lesson) << " <span>" << htmlEscape(lesson ? lesson->title : "") << "</span> &middot; ";
            if (!l.submitted) {
                out << "not submitted <span>(no file named " << htmlEscape(lesson ? lesson->studentFile : "") << ")</span></h4>";
                continue;
            }
            out << l.report.score << "/" << l.report.maxScore << " <span>" << htmlEscape(l.report.file) << "</span></h4>";
            if (!l.report.note.empty()) out << "<div class=\"muted\">" << htmlEscape(l.report.note) << "</div>";
            for (const auto& c : l.report.checks)
                out << "<div class=\"check\"><span class=\"badge " << statusWord(c.status) << "\">" << statusWord(c.status)
                    << "</span><span>" << htmlEscape(c.name) << "</span><span class=\"muted\">" << c.points << "/" << c.maxPoints
                    << "</span><span class=\"msg\">" << htmlEscape(c.message) << "</span></div>";
        }
    }
    out << "</div></details>\n";
    return out.str();
}

}  // namespace

std::string shortReason(const std::string& message, size_t limit) {
    std::string text = message.substr(0, message.find('\n'));
    for (size_t i = 0; i + 2 < text.size(); ++i)  // a sentence ends at ". " before anything but a lower-case letter ("e.g. the")
        if (text[i] == '.' && text[i + 1] == ' ' && !std::islower(static_cast<unsigned char>(text[i + 2]))) {
            text.resize(i);
            break;
        }
    if (const size_t clause = text.find("; "); clause != std::string::npos) text.resize(clause);
    while (!text.empty() && (text.back() == '.' || text.back() == ' ' || text.back() == ':')) text.pop_back();
    if (text.size() <= limit) return text;
    size_t cut = text.rfind(' ', limit);
    if (cut == std::string::npos || cut < limit / 2) {  // no word boundary near: cut inside the word, on a whole UTF-8 character
        cut = limit;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    }
    text.resize(cut);
    while (!text.empty() && (text.back() == ',' || text.back() == ' ' || text.back() == ':' || text.back() == '(')) text.pop_back();
    return text + "\u2026";
}

namespace {

/// The class's headline figures: who was graded, how they did, and how the class was graded.
struct ClassFigures {
    std::vector<const StudentResult*> graded;
    int refused = 0, fullMarks = 0, compileFailures = 0, lessonsMissing = 0;
    int absent = 0;  ///< rostered students who handed in nothing: a row each, but no score to count
    int handedIn = 0;
    bool allSandboxed = true;
    std::vector<double> percents;  ///< each graded student's total, in % of the points possible
    double median = 0, mean = 0;
    std::string backendText;  ///< "cpu", "cpu + gpu", or "no"
};

/// Counts a graded student's figures: full marks, a lesson that fails to compile, lessons not submitted.
void countGraded(const StudentResult& s, ClassFigures& f) {
    f.graded.push_back(&s);
    f.percents.push_back(percentOf(s));
    if (s.maxScore() > 0 && s.score() == s.maxScore()) ++f.fullMarks;
    bool compileFailed = false;
    for (const auto& l : s.lessons) {
        f.lessonsMissing += !l.submitted;
        for (const auto& c : l.report.checks) compileFailed |= c.name == "compile" && c.status == Status::Fail;
    }
    f.compileFailures += compileFailed;
}

/// The median of `values` (0 for none).
double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    if (values.empty()) return 0;
    const size_t half = values.size() / 2;
    return values.size() % 2 ? values[half] : (values[half - 1] + values[half]) / 2;
}

/// The figures of the whole class.
ClassFigures classFigures(const ClassView& view) {
    ClassFigures f;
    std::set<std::string> backends;
    for (const auto& s : view.students) {
        if (s.status == "not submitted") {
            ++f.absent;
            continue;
        }
        f.allSandboxed &= s.sandboxed;
        if (s.status == "refused") {
            ++f.refused;
            continue;
        }
        backends.insert(s.backend);
        countGraded(s, f);
    }
    f.median = medianOf(f.percents);
    for (double p : f.percents) f.mean += p / f.percents.size();
    f.handedIn = static_cast<int>(view.students.size() + view.missing.size()) - f.absent;
    for (const auto& b : backends) f.backendText += (f.backendText.empty() ? "" : " + ") + b;
    if (f.backendText.empty()) f.backendText = "no";
    return f;
}

/// The page's head, its header (what, when, how) and its banners (results missing, notes).
void writePageTop(std::ostream& out, const ClassView& view, const ClassFigures& f) {
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        << "<title>Class report: " << htmlEscape(view.course.title) << "</title><style>\n" << report_page_files::style << "</style></head><body><main>\n";
    out << "<header><div><div class=\"eyebrow\">grader batch &middot; class report</div><h1>" << htmlEscape(view.course.title)
        << "</h1><p class=\"meta\">Generated <b>" << htmlEscape(view.generatedAt) << "</b> by grader " << htmlEscape(graderVersion())
        << " &middot; <b>" << f.handedIn << "</b> submissions &middot; " << htmlEscape(f.backendText) << " backend</p></div><div>"
        << (f.allSandboxed ? "<span class=\"tag ok\">student code ran sandboxed</span>"
                           : "<span class=\"tag warn\">some code ran without the sandbox (--no-sandbox)</span>")
        << "</div></header>\n";
    if (!view.missing.empty()) {
        out << "<div class=\"banner\"><b>" << view.missing.size() << " submission" << (view.missing.size() == 1 ? " has" : "s have")
            << " no result yet:</b> ";
        for (size_t i = 0; i < view.missing.size(); ++i) out << (i ? ", " : "") << htmlEscape(view.missing[i]);
        out << ". Run <code>grader batch</code> again (or the missing shards), then <code>--merge</code>.</div>\n";
    }
    for (const auto& note : view.notes) out << "<div class=\"banner info\">" << htmlEscape(note) << "</div>\n";
}

/// One headline card: a label, a figure, and a line under it.
std::string card(const std::string& label, const std::string& value, const std::string& sub) {
    return "<div class=\"card\"><div class=\"label\">" + label + "</div><div class=\"value\">" + value + "</div><div class=\"sub\">" + sub +
           "</div></div>";
}

/// The row of headline cards.
void writeCards(std::ostream& out, const ClassFigures& f) {
    const size_t graded = f.graded.size();
    out << "<section class=\"cards\">";
    out << card("Graded", std::to_string(graded) + " <span class=\"muted\" style=\"font-size:15px\">of " + std::to_string(f.handedIn) + "</span>",
                (f.refused ? std::to_string(f.refused) + " refused (unsafe archive)" : std::string("none refused")) +
                    (f.absent ? "; " + std::to_string(f.absent) + " on the roster handed in nothing" : ""));
    out << card("Median score", fixed(f.median, 0) + "%", "mean " + fixed(f.mean, 0) + "%" + (f.absent ? ", of those who handed in work" : ""));
    out << card("Full marks", std::to_string(f.fullMarks), "every check that ran passed");
    out << card("Did not compile", std::to_string(f.compileFailures), "students with a lesson that fails to compile");
    out << card("Lessons not submitted", std::to_string(f.lessonsMissing), "files not found by name in the submissions");
    out << "</section>\n";
}

/// The plots: the score distribution, failures per check, and the speedups measured on a GPU (or why there are none).
void writePlots(std::ostream& out, const ClassView& view, const ClassFigures& f) {
    const auto stats = checkStats(view);
    const auto points = speedups(view);
    out << "<section class=\"plots\"><figure><figcaption>Score distribution</figcaption><div class=\"hint\">"
        << f.graded.size() << " graded students, by total score</div>" << distributionSvg(f.percents) << "</figure>";
    out << "<figure><figcaption>Scores per lesson</figcaption><div class=\"hint\">how many students scored each number of "
           "points, lesson by lesson</div>" << lessonScoresFigure(view) << "</figure>";
    out << "<figure class=\"tall\"><figcaption>Failures per check</figcaption><div class=\"hint\">how many of the graded "
           "students failed each check, lesson by lesson</div>" << failuresSvg(view, stats, static_cast<int>(f.graded.size())) << "</figure>";
    out << "<figure><figcaption>Speedups on the GPU</figcaption>";
    if (points.empty())
        out << "<div class=\"hint\">no GPU results</div><p class=\"muted\">The speedup checks need a CUDA device; this class "
               "was graded on the " << htmlEscape(f.backendText) << " backend, so they were skipped and not counted. Grade on a "
               "GPU machine (<code>--backend gpu</code>) to see each student's measured speedup here.</p>";
    else
        out << "<div class=\"hint\">each dot is a student (green: passed)</div>" << speedupSvg(points);
    out << "</figure></section>\n";
}

/// The student's cell of the class table: the id linked to the feedback, the names it was handed in under, and late.
std::string studentCell(const StudentResult& s) {
    std::string cell = "<tr><td class=\"student\" data-sort=\"" + htmlEscape(s.id) + "\"><a href=\"#" + anchor(s.id) + "\">" + htmlEscape(s.id) + "</a>";
    std::string also = !s.name.empty() && s.name != s.id ? s.name : "";  // the LMS's or roster's name, and the entry handed in
    if (s.source != s.id && s.source != s.name) also += (also.empty() ? "" : " \xc2\xb7 ") + s.source;
    if (!also.empty()) cell += "<span class=\"src\">" + htmlEscape(also) + "</span>";
    if (s.late)
        cell += " <span class=\"chip late\" title=\"the LMS marked it late" + (s.latePenalty ? ": " + std::to_string(s.latePenalty) + " points off" : "") +
                "\">late" + (s.latePenalty ? " &minus;" + std::to_string(s.latePenalty) : "") + "</span>";
    return cell + "</td>";
}

/// One student's row of the class table: who, a score per lesson (or why refused), the total, the issues.
void writeStudentRow(std::ostream& out, const ClassView& view, const StudentResult& s) {
    out << studentCell(s);
    if (s.status == "refused") {
        out << "<td class=\"refused\" colspan=\"" << view.course.lessons.size() << "\" data-sort=\"-1\">refused: " << htmlEscape(s.message) << "</td>";
        for (size_t i = 1; i < view.course.lessons.size(); ++i) out << "<td hidden data-sort=\"-1\"></td>";
    } else {
        for (const auto& lesson : view.course.lessons) {
            const LessonOutcome* found = nullptr;
            for (const auto& l : s.lessons)
                if (l.report.lesson == lesson.id) found = &l;
            out << (found ? scoreCell(*found) : "<td class=\"score ns\" data-sort=\"-1\">&mdash;</td>");
        }
    }
    out << "<td class=\"total\" data-sort=\"" << fixed(percentOf(s), 3) << "\">" << s.score() << "/" << s.maxScore()
        << "<span class=\"bar\"><i style=\"width:" << fixed(percentOf(s), 1) << "%\"></i></span> <span class=\"muted\">"
        << fixed(percentOf(s), 0) << "%</span></td><td data-sort=\"" << s.score() << "\">" << issueChips(s) << "</td></tr>\n";
}

/// The class table: a row per student and the class mean per lesson, sortable by any column.
void writeStudentTable(std::ostream& out, const ClassView& view, const ClassFigures& f) {
    out << "<h2>Students <span class=\"hint\">click a column heading to sort</span></h2><table class=\"sortable\"><thead><tr><th>Student</th>";
    for (const auto& lesson : view.course.lessons)
        out << "<th class=\"num\">" << htmlEscape(lesson.id) << "<small>" << htmlEscape(lesson.title) << "</small></th>";
    out << "<th>Total</th><th>Issues</th></tr></thead><tbody>\n";
    for (const auto& s : view.students) writeStudentRow(out, view, s);
    out << "</tbody><tfoot><tr><td>class mean</td>";
    for (const auto& lesson : view.course.lessons) {
        int count = 0;
        double sum = 0, max = 0;
        for (const auto* s : f.graded)
            for (const auto& l : s->lessons)
                if (l.report.lesson == lesson.id && l.submitted) ++count, sum += l.report.score, max = l.report.maxScore;
        out << "<td class=\"num\">" << (count ? fixed(sum / count, 1) + "/" + fixed(max, 0) : std::string("&mdash;")) << "<br>"
            << count << " submitted</td>";
    }
    out << "<td>" << fixed(f.mean, 0) << "%</td><td></td></tr></tfoot></table>\n";
}

}  // namespace

std::string htmlReport(const ClassView& view, const std::vector<LessonMistakes>& mistakes) {
    const ClassFigures figures = classFigures(view);
    std::ostringstream out;
    writePageTop(out, view, figures);
    writeCards(out, figures);
    writePlots(out, view, figures);
    out << mistakesHtml(view, mistakes);
    out << insightSections(view);
    writeStudentTable(out, view, figures);
    out << "<h2>Feedback, student by student</h2>\n";
    for (const auto& s : view.students) out << feedback(view, s);
    out << "<footer>Each student's full result is <code>&lt;id&gt;.json</code> next to this page; also "
           "<code>gradebook.csv</code>, <code>junit.xml</code> and <code>gradescope/&lt;id&gt;.json</code>. "
           "A failure message ends with the <code>grader check</code> command that reruns it, written for the student's own "
           "kit: it runs from the kit's root with the student's file at the path it names (<code>starter/NN-name/</code>).</footer>\n";
    out << "</main><script>\n" << report_page_files::script << "</script></body></html>\n";
    return out.str();
}

}  // namespace grader
