// The insight sections of report.html (see insights_report.h).
#include "batch/insights_report.h"

#include <algorithm>
#include <sstream>

#include "batch/report_svg.h"
#include "core/escape.h"

namespace grader {

namespace {

/// Each graded student's score of `lesson` (those who handed it in), and its most points.
std::pair<std::vector<int>, int> lessonScores(const ClassView& view, const std::string& lesson) {
    std::vector<int> scores;
    int most = 0;
    for (const auto& s : view.students)
        for (const auto& l : s.lessons)
            if (s.status == "graded" && l.report.lesson == lesson && l.submitted) {
                scores.push_back(l.report.score);
                most = std::max(most, l.report.maxScore);
            }
    return {scores, most};
}

/// One lesson's histogram, a bar per score, in the panel whose top left is (x, y), 270 x 140.
std::string scorePanel(const std::string& title, const std::vector<int>& scores, int most, double x, double y) {
    std::string svg = svgText(x + 4, y + 12, title, "start", "strong");
    if (scores.empty()) return svg + svgText(x + 4, y + 70, "nobody handed this lesson in");
    std::vector<int> count(size_t(most) + 1, 0);
    for (int score : scores) count[size_t(std::clamp(score, 0, most))]++;
    const int tallest = std::max(1, *std::max_element(count.begin(), count.end()));
    const double left = x + 24, right = x + 262, top = y + 22, bottom = y + 112, slot = (right - left) / (most + 1);
    svg += svgText(left - 4, top + 8, std::to_string(tallest), "end") + svgText(left - 4, bottom, "0", "end");
    for (int p = 0; p <= most; ++p) {
        const double h = (bottom - top) * count[size_t(p)] / tallest;
        const std::string colour = p == most ? "#1a7f37" : 2 * p < most ? "#cf222e" : "#0969da";
        svg += svgRect(left + p * slot + 1, bottom - h, std::max(slot - 2, 1.0), h, colour, 1,
                       title + ": " + std::to_string(count[size_t(p)]) + " scored " + std::to_string(p) + "/" + std::to_string(most));
        if (most <= 20 || p % 5 == 0) svg += svgText(left + p * slot + slot / 2, bottom + 12, std::to_string(p), "middle");
    }
    return svg + "<line x1=\"" + fixed(left, 1) + "\" x2=\"" + fixed(right, 1) + "\" y1=\"" + fixed(bottom, 1) + "\" y2=\"" + fixed(bottom, 1) +
           "\" stroke=\"#8c959f\"/>" + svgText((left + right) / 2, bottom + 26, std::to_string(scores.size()) + " handed in, points", "middle");
}

/// A flagged pair's row: its course score, then each lesson that shares code with its fragments side by side.
std::string pairRow(const ClassPair& p, size_t rank) {
    std::ostringstream out;
    out << "<details class=\"pair\"><summary><span class=\"rank\">" << rank << "</span> <a href=\"#s-" << htmlEscape(p.a) << "\">"
        << htmlEscape(p.a) << "</a> &amp; <a href=\"#s-" << htmlEscape(p.b) << "\">" << htmlEscape(p.b) << "</a> <b>" << fixed(p.score, 2)
        << "</b> <span class=\"muted\">over " << p.lessons << " lesson" << (p.lessons == 1 ? "" : "s") << ":";
    for (const auto& m : p.matches) out << " " << htmlEscape(m.lesson) << " " << fixed(m.score, 2);
    out << "</span></summary>";
    for (const auto& m : p.matches)
        for (const auto& f : m.fragments)
            out << "<div class=\"side\"><div><div class=\"muted\">" << htmlEscape(m.lesson) << " &middot; " << htmlEscape(p.a) << ", lines "
                << f.lines.firstA << "-" << f.lines.lastA << "</div><pre>" << htmlEscape(f.textA) << "</pre></div><div><div class=\"muted\">"
                << htmlEscape(m.lesson) << " &middot; " << htmlEscape(p.b) << ", lines " << f.lines.firstB << "-" << f.lines.lastB
                << "</div><pre>" << htmlEscape(f.textB) << "</pre></div></div>";
    out << "</details>\n";
    return out.str();
}

/// The most flagged pairs the page lists (the rest are in similarity.csv).
constexpr size_t kPairsShown = 40;

/// One lesson's line: files compared, what was left out, its most alike pair.
std::string similarityLesson(const LessonPairs& lesson) {
    std::ostringstream out;
    out << "<li><b>" << htmlEscape(lesson.lesson) << "</b>: " << lesson.compared << " files compared";
    if (!lesson.pairs.empty())
        out << "; most alike " << htmlEscape(lesson.pairs.front().a) << " &amp; " << htmlEscape(lesson.pairs.front().b) << " "
            << fixed(lesson.pairs.front().score, 2);
    for (const auto& note : lesson.notes) out << "<div class=\"muted\">" << htmlEscape(note) << "</div>";
    return out.str() + "</li>";
}

/// The similar submissions section.
std::string similaritySection(const ClassView& view) {
    std::ostringstream out;
    out << "<section class=\"insight\" id=\"similarity\"><h2>Similar submissions <span class=\"hint\">for a human to look at; "
           "it never changes a score</span></h2><p class=\"muted\">Each lesson's files compared pair by pair on clang's tokens (names, "
           "numbers, comments and layout left out), without the starter's code; what many students write alike counts for little. "
           "A pair's score is the mean of its lessons' scores (1: the same code in every lesson). Every pair and lesson is in "
           "<code>similarity.csv</code>.</p>";
    if (!view.similarity) return out.str() + "<p class=\"muted\">Not compared (see the note above).</p></section>\n";
    const ClassSimilarity& s = *view.similarity;
    out << "<p><b>" << s.flagged << "</b> pair" << (s.flagged == 1 ? "" : "s") << " at or above " << fixed(s.threshold, 2)
        << " (course.yaml <code>similarity: threshold</code>)";
    if (s.flagged < s.pairs.size())
        out << "; the most alike below it: " << htmlEscape(s.pairs[s.flagged].a) << " &amp; " << htmlEscape(s.pairs[s.flagged].b) << " "
            << fixed(s.pairs[s.flagged].score, 2);
    out << "</p>\n";
    for (size_t i = 0; i < s.flagged && i < kPairsShown; ++i) out << pairRow(s.pairs[i], i + 1);
    if (s.flagged > kPairsShown) out << "<div class=\"muted\">and " << s.flagged - kPairsShown << " more in similarity.csv</div>";
    out << "<ul class=\"lessons\">";
    for (const auto& lesson : s.lessons) out << similarityLesson(lesson);
    return out.str() + "</ul></section>\n";
}

/// The speed board of one lesson.
std::string speedTable(const ClassView& view, const std::string& lesson) {
    const auto entries = speedEntries(view, lesson);
    if (entries.empty()) return "";
    std::ostringstream out;
    const Lesson* timed = view.course.findLesson(lesson);
    const bool timer = timed && timed->kind() == LessonKind::Timing;  // lesson 4's code is a timer: it timed the grader's tiled kernel
    out << "<h3>" << htmlEscape(lesson) << " <span class=\"muted\">n = " << entries.front().n
        << (timer ? ", the grader's tiled kernel as each student's timer measured it" : "") << "</span></h3><table><thead><tr><th>#</th><th>"
        << (view.showNames ? "Student" : "Student (--names to show)") << "</th><th class=\"num\">GFLOP/s</th><th class=\"num\">x the reference tiled"
        << "</th><th>Device</th></tr></thead><tbody>";
    for (size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        out << "<tr><td>" << i + 1 << "</td><td>" << (view.showNames ? htmlEscape(e.student) : "student " + std::to_string(i + 1)) << "</td><td class=\"num\">"
            << fixed(e.gflops, 0) << "</td><td class=\"num\">" << fixed(e.referenceGflops > 0 ? e.gflops / e.referenceGflops : 0, 2) << "</td><td>"
            << htmlEscape(e.device) << "</td></tr>";
    }
    return out.str() + "</tbody></table>\n";
}

/// The speed board section (course.yaml leaderboard: true), or why there is none.
std::string speedBoardSection(const ClassView& view) {
    std::string tables;
    for (const auto& lesson : view.course.lessons)
        if (lesson.findCheck("speedup")) tables += speedTable(view, lesson.id);
    std::string out = "<section class=\"insight\" id=\"speed-board\"><h2>Speed board <span class=\"hint\">GFLOP/s on the GPU, at the "
                      "speedup check's size; right results only</span></h2>";
    if (tables.empty())
        return out + "<p class=\"muted\">No speed board: no speedup check ran on a GPU in this class (it was graded on the cpu backend, "
                     "where nothing is timed). Grade on a GPU machine (<code>--backend gpu</code>) for one.</p></section>\n";
    return out + tables + "</section>\n";
}

}  // namespace

std::vector<SpeedEntry> speedEntries(const ClassView& view, const std::string& lesson) {
    std::vector<SpeedEntry> entries;
    for (const auto& s : view.students)
        for (const auto& l : s.lessons)
            for (const auto& c : l.report.checks) {
                if (l.report.lesson != lesson || c.name != "speedup" || c.status == Status::Skip || l.report.backend != "gpu" ||
                    (!c.findings.empty() && c.findings.front().code == "speedup.wrong-results"))
                    continue;
                auto figure = [&](const char* name) {
                    for (const auto& m : c.measurements)
                        if (m.name == name) return m.median;
                    return 0.0;
                };
                const double mine = figure("kernel_gflops"), tiled = figure("reference_tiled_gflops");
                if (!(mine > 0) || !(tiled > 0)) continue;
                entries.push_back({s.displayName(), mine, tiled, static_cast<int>(figure("matrix_n")), l.report.device});
            }
    std::sort(entries.begin(), entries.end(), [](const SpeedEntry& a, const SpeedEntry& b) { return a.gflops > b.gflops; });
    return entries;
}

std::string lessonScoresFigure(const ClassView& view) {
    const size_t lessons = view.course.lessons.size(), rows = (lessons + 1) / 2;
    std::string svg = "<svg viewBox=\"0 0 560 " + std::to_string(rows * 150) + "\" role=\"img\" aria-label=\"score distribution per lesson\">";
    for (size_t i = 0; i < lessons; ++i) {
        const Lesson& lesson = view.course.lessons[i];
        const auto [scores, most] = lessonScores(view, lesson.id);
        svg += scorePanel(lesson.id + "  \u00b7  " + lesson.title, scores, most, double(i % 2) * 280, double(i / 2) * 150);
    }
    return svg + "</svg>";
}

std::string insightSections(const ClassView& view) {
    return similaritySection(view) + (view.course.leaderboard ? speedBoardSection(view) : std::string());
}

}  // namespace grader
