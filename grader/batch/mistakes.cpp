// Counting causes: a student counts once per code and lesson, however many
// findings of the code their file has.
#include "batch/mistakes.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "checks/diagnosis_codes.h"
#include "core/escape.h"

namespace grader {

namespace {

/// Codes that say nothing about the student's kernel: the machine's, the grader's, the emulator's.
bool studentsCause(const std::string& code) {
    static const std::set<std::string> kNotTheirs = {"check.skipped", "grader.error", "grader.device-error", "emulator.unsupported",
                                                    "run.not-run"};
    return !kNotTheirs.count(code);
}

/// The codes of `lesson` in `result`, with the first finding of each.
std::map<std::string, const Finding*> codesOf(const StudentResult& result, const std::string& lesson) {
    std::map<std::string, const Finding*> codes;
    if (result.status != "graded") return codes;
    for (const auto& l : result.lessons) {
        if (!l.submitted || l.report.lesson != lesson) continue;
        for (const auto& check : l.report.checks)
            for (const auto& finding : check.findings)
                if (check.status != Status::Pass && studentsCause(finding.code)) codes.emplace(finding.code, &finding);
    }
    return codes;
}

bool graded(const StudentResult& result, const std::string& lesson) {
    if (result.status != "graded") return false;
    return std::any_of(result.lessons.begin(), result.lessons.end(), [&](const LessonOutcome& l) { return l.submitted && l.report.lesson == lesson; });
}

/// `finding`'s text with its rerun command cut and the student's file named by the lesson's file name.
std::string anonymized(const Finding& finding, const std::string& file, const Lesson& lesson) {
    std::string text = finding.lead + finding.text;
    if (const size_t rerun = text.find(" Rerun: "); rerun != std::string::npos) text.resize(rerun);
    const std::string base = file.substr(file.find_last_of('/') + 1);
    for (const std::string& name : {file, base})
        for (size_t at = 0; !name.empty() && (at = text.find(name, at)) != std::string::npos; at += lesson.studentFile.size())
            text.replace(at, name.size(), lesson.studentFile);
    constexpr size_t kMax = 280;
    return text.size() > kMax ? text.substr(0, kMax) + "..." : text;
}

/// The file `result` handed in for `lesson`.
std::string fileOf(const StudentResult& result, const std::string& lesson) {
    for (const auto& l : result.lessons)
        if (l.report.lesson == lesson) return l.report.file;
    return "";
}

LessonMistakes lessonMistakes(const ClassView& view, const Lesson& lesson) {
    LessonMistakes out{lesson.id, "lessons/" + lesson.folder + "/README.md", 0, false, {}};
    std::map<std::string, ClassCause> causes;
    for (const auto& student : view.students) {
        const auto now = codesOf(student, lesson.id);
        out.graded += graded(student, lesson.id);
        for (const auto& [code, finding] : now) {
            ClassCause& cause = causes[code];
            cause.code = code;
            cause.students.push_back(student.id);
            if (cause.example.empty()) cause.example = anonymized(*finding, fileOf(student, lesson.id), lesson);
        }
        const auto earlier = view.earlier.find(student.id);
        if (earlier == view.earlier.end() || !graded(student, lesson.id)) continue;
        std::set<std::string> before;
        for (const auto& old : earlier->second) {
            out.history |= graded(old, lesson.id);
            for (const auto& [code, finding] : codesOf(old, lesson.id)) before.insert(code);
        }
        for (const auto& code : before)
            if (!now.count(code)) {
                ClassCause& cause = causes[code];
                cause.code = code;
                cause.fixedBy.push_back(student.id);
            }
    }
    for (auto& [code, cause] : causes) out.causes.push_back(std::move(cause));
    std::stable_sort(out.causes.begin(), out.causes.end(), [](const ClassCause& a, const ClassCause& b) {
        return a.students.size() != b.students.size() ? a.students.size() > b.students.size() : a.fixedBy.size() > b.fixedBy.size();
    });
    return out;
}

/// The markdown headings of a lesson's README.
std::set<std::string> headingsOf(const std::filesystem::path& readme) {
    std::set<std::string> headings;
    std::ifstream in(readme);
    for (std::string line; std::getline(in, line);) {
        const size_t hashes = line.find_first_not_of('#');
        if (hashes == 0 || hashes == std::string::npos || line[hashes] != ' ') continue;
        headings.insert(line.substr(hashes + 1));
    }
    return headings;
}

std::string percent(int part, int whole) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", whole ? 100.0 * part / whole : 0.0);
    return text;
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string text;
    for (const auto& item : items) text += (text.empty() ? "" : separator) + item;
    return text;
}

}  // namespace

std::vector<LessonMistakes> mistakesByCause(const ClassView& view) {
    std::vector<LessonMistakes> lessons;
    for (const auto& lesson : view.course.lessons) lessons.push_back(lessonMistakes(view, lesson));
    return lessons;
}

std::string teachingSection(const Course& course, const Lesson& lesson, const std::string& code) {
    const auto headings = headingsOf(course.root / "lessons" / lesson.folder / "README.md");
    const DiagnosisCode* entry = findDiagnosisCode(code);
    if (entry && *entry->teaches && headings.count(entry->teaches)) return entry->teaches;
    const char* common = "Common mistakes and what the grader says";
    return headings.count(common) ? common : "";
}

std::string mistakesCsv(const ClassView& view, const std::vector<LessonMistakes>& lessons) {
    std::ostringstream out;
    out << "lesson,code,students,graded,share,fixed_later,cause,section,example,student_ids\r\n";
    for (const auto& l : lessons) {
        const Lesson* lesson = view.course.findLesson(l.lesson);
        for (const auto& c : l.causes) {
            const DiagnosisCode* entry = findDiagnosisCode(c.code);
            const std::string section = lesson ? teachingSection(view.course, *lesson, c.code) : "";
            out << csvField(l.lesson) << "," << csvField(c.code) << "," << c.students.size() << "," << l.graded << ","
                << percent(static_cast<int>(c.students.size()), l.graded) << ","
                << (l.history ? std::to_string(c.fixedBy.size()) : "") << "," << csvField(entry ? entry->summary : "") << ","
                << csvField(section.empty() ? l.section : l.section + ", \"" + section + "\"") << "," << csvField(c.example) << ","
                << csvField(joined(c.students, " ")) << "\r\n";
        }
    }
    return out.str();
}

std::string mistakesHtml(const ClassView& view, const std::vector<LessonMistakes>& lessons) {
    std::ostringstream out;
    out << "<h2 id=\"mistakes\">Mistakes by cause <span class=\"hint\">what to teach again: each cause the grader "
           "diagnosed, by how many students' latest files have it</span></h2>\n";
    for (const auto& l : lessons) {
        const Lesson* lesson = view.course.findLesson(l.lesson);
        out << "<h3>" << htmlEscape(l.lesson) << (lesson ? " &middot; " + htmlEscape(lesson->title) : "") << "</h3>\n";
        const bool any = !l.causes.empty();
        if (l.graded == 0) {
            out << "<p class=\"hint\">No student's file for this lesson was graded.</p>\n";
            continue;
        }
        if (!any) {
            out << "<p class=\"hint\">No mistake in the latest " << l.graded << " graded file" << (l.graded == 1 ? "" : "s") << ".</p>\n";
            continue;
        }
        out << "<table class=\"mistakes\"><thead><tr><th>Cause</th><th>Students</th><th>Fixed later</th><th>Example</th><th>Taught in</th></tr></thead><tbody>\n";
        for (const auto& c : l.causes) {
            const DiagnosisCode* entry = findDiagnosisCode(c.code);
            const std::string section = lesson ? teachingSection(view.course, *lesson, c.code) : "";
            out << "<tr><td><code>" << htmlEscape(c.code) << "</code><br>" << htmlEscape(entry ? entry->summary : "") << "</td><td>"
                << c.students.size() << " of " << l.graded << " (" << percent(static_cast<int>(c.students.size()), l.graded)
                << ")<br><span class=\"hint\">" << htmlEscape(joined(c.students, ", ")) << "</span></td><td>"
                << (l.history ? std::to_string(c.fixedBy.size()) : "&mdash;") << "</td><td class=\"example\">" << htmlEscape(c.example)
                << "</td><td>" << htmlEscape(l.section) << (section.empty() ? "" : ", &ldquo;" + htmlEscape(section) + "&rdquo;")
                << "</td></tr>\n";
        }
        out << "</tbody></table>\n";
    }
    return out.str();
}

}  // namespace grader
