// LMS import files: two CSV writers and a zip of feedback texts (core/stored_zip.h:
// the same grades give the same bytes).
#include "batch/lms_export.h"

#include <sstream>

#include "batch/feedback.h"
#include "batch/layouts.h"
#include "core/escape.h"
#include "core/stored_zip.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kExports = {"canvas", "moodle", "csv"};

/// Every row the gradebook has: the results, then those without one yet (nullptr).
std::vector<std::pair<std::string, const StudentResult*>> gradebookRows(const ClassView& view) {
    std::map<std::string, const StudentResult*> byId;
    for (const auto& s : view.students) byId[s.id] = &s;
    for (const auto& id : view.missing) byId.emplace(id, nullptr);
    return {byId.begin(), byId.end()};
}

const StudentIdentity& identityOf(const ClassView& view, const std::string& id) {
    static const StudentIdentity none;
    auto it = view.identities.find(id);
    return it != view.identities.end() ? it->second : none;
}

int maxPoints(const ClassView& view) {
    for (const auto& s : view.students)
        if (s.status == "graded") return s.maxScore();
    return view.students.empty() ? 0 : view.students.front().maxScore();
}

bool allDigits(const std::string& text) { return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos; }

}  // namespace

const std::vector<std::string>& exportNames() { return kExports; }

std::string canvasImportCsv(const ClassView& view, const AssignmentRef& assignment) {
    std::ostringstream out;
    out << "\xEF\xBB\xBF" << "Student,ID,SIS User ID,SIS Login ID,Section,"
        << csvPlainField(assignment.name + " (" + assignment.id + ")") << "\r\n";
    out << "Points Possible,,,,," << maxPoints(view) << "\r\n";
    for (const auto& [id, result] : gradebookRows(view)) {
        const StudentIdentity& who = identityOf(view, id);
        out << csvPlainField(view.nameOf(id, result)) << "," << csvPlainField(who.lmsId.empty() ? id : who.lmsId) << "," << csvPlainField(who.sisId)
            << "," << csvPlainField(who.login) << "," << csvPlainField(who.section) << "," << (result ? std::to_string(result->score()) : "")
            << "\r\n";
    }
    return out.str();
}

std::string moodleGradesCsv(const ClassView& view, const AssignmentRef& assignment) {
    std::ostringstream out;
    out << "Full name,Email address,ID number," << csvPlainField(assignment.name) << ",Feedback\n";
    for (const auto& [id, result] : gradebookRows(view)) {
        const StudentIdentity& who = identityOf(view, id);
        std::string feedback;
        if (result) {
            feedback = std::to_string(result->score()) + "/" + std::to_string(result->maxScore());
            if (result->status == "not submitted") feedback += ", not submitted";
            else if (result->status != "graded") feedback += ", " + result->status + ": " + result->message;
            else if (const std::string missing = result->notSubmitted(); !missing.empty()) feedback += ", not submitted: " + missing;
            if (result->late) feedback += result->latePenalty ? ", late: " + std::to_string(result->latePenalty) + " off" : ", late";
        }
        out << csvPlainField(view.nameOf(id, result)) << "," << csvPlainField(who.email) << "," << csvPlainField(who.sisId) << ","
            << (result ? std::to_string(result->score()) : "") << "," << csvPlainField(feedback) << "\n";
    }
    return out.str();
}

std::string moodleFeedbackFolder(const ClassView& view, const StudentResult& result) {
    if (auto handedIn = parseMoodleName(result.source); handedIn && !handedIn->onlineText && handedIn->original.empty())
        return result.source;  // the folder Moodle's own download had: its name is what Moodle matches
    const StudentIdentity& who = identityOf(view, result.id);
    std::string participant = who.lmsId.empty() ? result.id : who.lmsId;
    if (!allDigits(participant)) return "";
    std::string name = view.nameOf(result.id, &result);
    for (char& c : name)
        if (c == '_' || c == '/' || c == '\\') c = ' ';  // Moodle splits the folder's name at '_'
    return name + "_" + participant + "_assignsubmission_file_";
}

std::optional<Error> writeMoodleFeedbackZip(const ClassView& view, const fs::path& zip) {
    std::vector<ZipEntry> files;
    for (const auto& s : view.students) {
        const std::string folder = moodleFeedbackFolder(view, s);
        if (!folder.empty()) files.push_back({folder + "/feedback.txt", feedbackText(view.course, s)});
    }
    auto bytes = storedZip(files);
    if (!bytes) return bytes.error();
    return writeFileAtomically(zip, *bytes);
}

Expected<ExportSummary> writeLmsExports(const ClassView& view, const std::vector<std::string>& exports, const AssignmentRef& assignment,
                                        const fs::path& out) {
    ExportSummary summary;
    for (const auto& name : exports) {
        if (name == "csv") {
            summary.files.push_back(out / "gradebook.csv");
        } else if (name == "canvas") {
            int noId = 0;
            for (const auto& [id, result] : gradebookRows(view)) noId += !allDigits(identityOf(view, id).lmsId.empty() ? id : identityOf(view, id).lmsId);
            if (noId)
                summary.notes.push_back("canvas_import.csv: " + std::to_string(noId) + " student" + (noId == 1 ? " has" : "s have") +
                                        " no numeric Canvas user id; Canvas matches them by SIS User ID or SIS Login ID (a roster gives those)");
            if (auto e = writeFileAtomically(out / "canvas_import.csv", canvasImportCsv(view, assignment))) return *e;
            summary.files.push_back(out / "canvas_import.csv");
        } else if (name == "moodle") {
            int unmatched = 0, noFolder = 0;
            for (const auto& [id, result] : gradebookRows(view)) {
                const StudentIdentity& who = identityOf(view, id);
                unmatched += who.email.empty() && who.sisId.empty();
                noFolder += result && moodleFeedbackFolder(view, *result).empty();
            }
            if (unmatched)
                summary.notes.push_back("moodle_grades.csv: " + std::to_string(unmatched) + " student" + (unmatched == 1 ? " has" : "s have") +
                                        " neither email nor ID number, so Moodle cannot match " + (unmatched == 1 ? "it" : "them") +
                                        " (give --roster with an email column)");
            if (noFolder)
                summary.notes.push_back("moodle_feedback.zip: " + std::to_string(noFolder) + " student" + (noFolder == 1 ? " has" : "s have") +
                                        " no Moodle participant id; left out");
            if (auto e = writeFileAtomically(out / "moodle_grades.csv", moodleGradesCsv(view, assignment))) return *e;
            if (auto e = writeMoodleFeedbackZip(view, out / "moodle_feedback.zip")) return *e;
            summary.files.push_back(out / "moodle_grades.csv");
            summary.files.push_back(out / "moodle_feedback.zip");
        } else {
            return Error{"--export", "unknown format '" + name + "'", "one of canvas, moodle, csv"};
        }
    }
    return summary;
}

}  // namespace grader
