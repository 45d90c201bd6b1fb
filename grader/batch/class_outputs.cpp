// Gradebook, JUnit and Gradescope writers, and the function writing them all.
#include "batch/class_outputs.h"

#include <map>
#include <sstream>

#include "batch/html_report.h"
#include "batch/mistakes.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

std::string junitCase(const std::string& classname, const std::string& name, const std::string& body) {
    std::string text = "    <testcase classname=\"" + xmlEscape(classname) + "\" name=\"" + xmlEscape(name) + "\"";
    return text + (body.empty() ? "/>\n" : ">\n" + body + "    </testcase>\n");
}

std::string dumpJson(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"; }

}  // namespace

std::string ClassView::nameOf(const std::string& id, const StudentResult* result) const {
    if (auto who = identities.find(id); who != identities.end() && !who->second.name.empty()) return who->second.name;
    if (result) return result->displayName();
    auto source = sources.find(id);
    return source != sources.end() ? source->second : id;
}

std::string gradebookCsv(const ClassView& view) {
    std::ostringstream out;
    out << "id,name,source";
    for (const auto& lesson : view.course.lessons) out << "," << csvField(lesson.id);
    out << ",total,max_total,late,status,notes\r\n";
    std::map<std::string, const StudentResult*> byId;
    for (const auto& s : view.students) byId[s.id] = &s;
    for (const auto& id : view.missing) byId.emplace(id, nullptr);
    for (const auto& [id, result] : byId) {
        const auto source = view.sources.find(id);
        out << csvField(id) << "," << csvField(view.nameOf(id, result)) << ","
            << csvField(result ? result->source : source != view.sources.end() ? source->second : "");
        if (!result) {
            for (size_t i = 0; i < view.course.lessons.size(); ++i) out << ",";
            out << ",,,,not graded yet,\r\n";
            continue;
        }
        for (const auto& lesson : view.course.lessons) {
            int score = 0;
            for (const auto& l : result->lessons)
                if (l.report.lesson == lesson.id) score = l.report.score;
            out << "," << score;
        }
        std::string notes = result->status != "graded" ? result->message : "";
        if (const std::string missing = result->notSubmitted(); result->status == "graded" && !missing.empty())
            notes = missing + " not submitted";
        if (result->latePenalty) notes += (notes.empty() ? "" : "; ") + std::string("late: ") + std::to_string(result->latePenalty) + " off";
        for (const auto& problem : result->problems) notes += (notes.empty() ? "" : "; ") + problem;
        out << "," << result->score() << "," << result->maxScore() << "," << (result->late ? "late" : "") << ","
            << csvField(result->status) << "," << csvField(notes) << "\r\n";
    }
    return out.str();
}

std::string junitXml(const ClassView& view) {
    std::ostringstream suites;
    int allTests = 0, allFailures = 0, allErrors = 0, allSkipped = 0;
    for (const auto& s : view.students) {
        std::string cases;
        int tests = 0, failures = 0, errors = 0, skipped = 0;
        if (s.status != "graded") {
            ++tests, ++failures;
            cases += junitCase(s.id, "submission", "      <failure type=\"" + xmlEscape(s.status) + "\" message=\"" + xmlEscape(s.message) + "\"/>\n");
        } else {
            for (const auto& l : s.lessons) {
                const std::string classname = s.id + "." + l.report.lesson;
                if (!l.submitted) {
                    ++tests, ++failures;
                    cases += junitCase(classname, "submitted", "      <failure type=\"not-submitted\" message=\"not submitted\"/>\n");
                    continue;
                }
                for (const auto& c : l.report.checks) {
                    ++tests;
                    std::string body;
                    const std::string message = xmlEscape(c.message);
                    if (c.status == Status::Fail) ++failures, body = "      <failure message=\"" + message + "\">" + message + "</failure>\n";
                    if (c.status == Status::Error) ++errors, body = "      <error message=\"" + message + "\">" + message + "</error>\n";
                    if (c.status == Status::Skip) ++skipped, body = "      <skipped message=\"" + message + "\"/>\n";
                    if (c.status == Status::Todo) ++skipped, body = "      <skipped message=\"not done (0 points): " + message + "\"/>\n";
                    cases += junitCase(classname, c.name, body);
                }
            }
        }
        allTests += tests, allFailures += failures, allErrors += errors, allSkipped += skipped;
        char time[32];
        std::snprintf(time, sizeof time, "%.3f", s.seconds);
        suites << "  <testsuite name=\"" << xmlEscape(s.id) << "\" tests=\"" << tests << "\" failures=\"" << failures
               << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\"" << time << "\" timestamp=\""
               << xmlEscape(s.gradedAt.empty() ? "" : s.gradedAt.substr(0, 19)) << "\">\n"
               << cases << "  </testsuite>\n";
    }
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"" << xmlEscape(view.course.title) << "\" tests=\""
        << allTests << "\" failures=\"" << allFailures << "\" errors=\"" << allErrors << "\" skipped=\"" << allSkipped
        << "\">\n" << suites.str() << "</testsuites>\n";
    return out.str();
}

nlohmann::json gradescopeJson(const StudentResult& r) {
    nlohmann::json tests = nlohmann::json::array();
    std::string output;
    if (r.status == "refused") {
        output = "Your submission was refused: " + r.message;
    } else if (r.status == "not graded") {
        output = "Your submission could not be graded: " + r.message;
    } else {
        output = "Graded on the " + r.backend + " backend. Score " + std::to_string(r.score()) + "/" + std::to_string(r.maxScore()) + ".";
        if (const std::string missing = r.notSubmitted(); !missing.empty()) output += " Not submitted: " + missing + ".";
    }
    int lessonNumber = 0;
    for (const auto& l : r.lessons) {
        ++lessonNumber;
        if (!l.submitted) {
            tests.push_back({{"name", l.report.lesson + ": not submitted"}, {"number", std::to_string(lessonNumber)},
                             {"score", 0}, {"max_score", l.report.maxScore}, {"status", "failed"},
                             {"output", r.status == "refused"      ? std::string("Not graded: the submission was refused.")
                                        : r.status != "graded" ? "Not graded: " + r.message
                                                               : std::string("No file for this lesson was found in the submission.")},
                             {"visibility", "visible"}});
            continue;
        }
        int checkNumber = 0;
        for (const auto& c : l.report.checks) {
            ++checkNumber;
            nlohmann::json t = {{"name", l.report.lesson + ": " + c.name},
                                {"number", std::to_string(lessonNumber) + "." + std::to_string(checkNumber)},
                                {"score", c.points}, {"max_score", c.status == Status::Skip ? 0 : c.maxPoints},
                                {"output", (c.status == Status::Skip ? "Skipped: " : c.status == Status::Todo ? "Not done (0 points): " : "") + c.message},
                                {"visibility", "visible"}};
            if (c.status == Status::Pass) t["status"] = "passed";
            if (c.status == Status::Fail || c.status == Status::Error) t["status"] = "failed";
            tests.push_back(t);
        }
    }
    return {{"score", r.score()}, {"output", output}, {"visibility", "visible"}, {"stdout_visibility", "hidden"},
            {"tests", tests}};
}

std::optional<Error> writeClassOutputs(const ClassView& view, const fs::path& out) {
    std::error_code ec;
    fs::create_directories(out / "gradescope", ec);
    if (ec) return Error{(out / "gradescope").string(), "cannot create the folder: " + ec.message(), ""};
    if (auto e = writeFileAtomically(out / "gradebook.csv", gradebookCsv(view))) return e;
    if (auto e = writeFileAtomically(out / "junit.xml", junitXml(view))) return e;
    const std::vector<LessonMistakes> mistakes = mistakesByCause(view);  // mistakes.csv and report.html's section
    if (auto e = writeFileAtomically(out / "mistakes.csv", mistakesCsv(view, mistakes))) return e;
    for (const auto& s : view.students)
        if (auto e = writeFileAtomically(out / "gradescope" / (s.id + ".json"), dumpJson(gradescopeJson(s)))) return e;
    if (view.similarity)
        if (auto e = writeFileAtomically(out / "similarity.csv", similarityCsv(*view.similarity))) return e;
    return writeFileAtomically(out / "report.html", htmlReport(view, mistakes));
}

}  // namespace grader
