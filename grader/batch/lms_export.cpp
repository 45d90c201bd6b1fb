// LMS import files: two CSV writers and a zip of feedback texts (core/stored_zip.h:
// the same grades give the same bytes).
#include "batch/lms_export.h"

#include <regex>
#include <set>
#include <sstream>

#include "batch/feedback.h"
#include "batch/layouts.h"
#include "batch/roster.h"
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

/// An anonymously graded assignment's id for a student ("anon_4kTqz"): no user id Canvas's gradebook import can match.
bool anonymousCanvasId(const std::string& id) { return id.rfind("anon_", 0) == 0; }

/// The grade cell of a student: the total, or empty (0 with --missing-as-zero) when there is nothing gradable.
std::string gradeCell(const StudentResult* result, const AssignmentRef& assignment) {
    if (hasGradableWork(result)) return std::to_string(result->score());
    return result && assignment.missingAsZero ? "0" : "";
}

/// The short feedback of an import file: "31/38, late", "0/38, not submitted".
std::string shortFeedback(const StudentResult& result) {
    std::string feedback = std::to_string(result.score()) + "/" + std::to_string(result.maxScore());
    if (result.status == "not submitted") feedback += ", not submitted";
    else if (result.status != "graded") feedback += ", " + result.status + ": " + result.message;
    else if (const std::string missing = result.notSubmitted(); !missing.empty()) feedback += ", not submitted: " + missing;
    if (result.late) feedback += result.latePenalty ? ", late: " + std::to_string(result.latePenalty) + " off" : ", late";
    return feedback;
}

}  // namespace

bool hasGradableWork(const StudentResult* result) {
    if (!result || result->status != "graded") return false;
    for (const auto& lesson : result->lessons)
        if (lesson.submitted) return true;
    return false;
}

const std::vector<std::string>& exportNames() { return kExports; }

std::string canvasImportCsv(const ClassView& view, const AssignmentRef& assignment) {
    std::ostringstream out;
    out << "\xEF\xBB\xBF" << "Student,ID,SIS User ID,SIS Login ID,Section,"
        << csvPlainField(assignment.name + " (" + assignment.id + ")") << "\r\n";
    out << "Points Possible,,,,," << maxPoints(view) << "\r\n";
    for (const auto& [id, result] : gradebookRows(view)) {
        const StudentIdentity& who = identityOf(view, id);
        if (anonymousCanvasId(who.lmsId.empty() ? id : who.lmsId)) continue;  // Canvas's import cannot match it
        out << csvPlainField(view.nameOf(id, result)) << "," << csvPlainField(who.lmsId.empty() ? id : who.lmsId) << "," << csvPlainField(who.sisId)
            << "," << csvPlainField(who.login) << "," << csvPlainField(who.section) << "," << gradeCell(result, assignment) << "\r\n";
    }
    return out.str();
}

std::string moodleGradesCsv(const ClassView& view, const AssignmentRef& assignment, std::vector<std::string>* leftOut) {
    std::ostringstream out;
    out << "Full name,Email address,ID number," << csvPlainField(assignment.name) << ",Feedback\n";
    for (const auto& [id, result] : gradebookRows(view)) {
        const StudentIdentity& who = identityOf(view, id);
        if (who.email.empty() && who.sisId.empty()) {  // Moodle's import aborts on a row it cannot match
            if (leftOut) leftOut->push_back(view.nameOf(id, result));
            continue;
        }
        const std::string grade = gradeCell(result, assignment);
        out << csvPlainField(view.nameOf(id, result)) << "," << csvPlainField(who.email) << "," << csvPlainField(who.sisId) << "," << grade
            << "," << csvPlainField(result && !grade.empty() ? shortFeedback(*result) : "") << "\n";
    }
    return out.str();
}

Expected<std::string> moodleWorksheetCsv(const ClassView& view, const AssignmentRef& assignment, const std::string& worksheet,
                                         const std::string& where, std::vector<std::string>& notes) {
    auto rows = parseCsv(worksheet, where);
    if (!rows) return rows.error();
    if (rows->empty()) return Error{where, "the worksheet is empty", "download it again from the assignment (Grading action: Download grading worksheet)"};
    const auto& header = rows->front().fields;
    const auto column = [&header](const std::string& name) -> long {
        for (size_t c = 0; c < header.size(); ++c)
            if (asciiLower(trimBlanks(header[c])) == name) return static_cast<long>(c);
        return -1;
    };
    const long idColumn = column("identifier"), gradeColumn = column("grade"), maxColumn = column("maximum grade"),
               feedbackColumn = column("feedback comments");
    if (idColumn < 0 || gradeColumn < 0)
        return Error{where, "not a Moodle grading worksheet (no Identifier and Grade columns)", "download it from the assignment's grading page"};
    std::map<std::string, const StudentResult*> byParticipant;  // Moodle participant id -> result
    for (const auto& [id, result] : gradebookRows(view))
        if (result) byParticipant[identityOf(view, id).lmsId.empty() ? id : identityOf(view, id).lmsId] = result;
    static const std::regex participant(R"(^\D*\s(\d+)$)");
    std::set<std::string> written;
    std::vector<std::string> aboveMaximum;
    std::ostringstream out;
    if (worksheet.compare(0, 3, "\xEF\xBB\xBF") == 0) out << "\xEF\xBB\xBF";
    for (size_t r = 0; r < rows->size(); ++r) {
        std::vector<std::string> fields = (*rows)[r].fields;
        std::smatch m;
        const std::string identifier = idColumn < long(fields.size()) ? fields[size_t(idColumn)] : "";
        const std::string key = std::regex_match(identifier, m, participant) ? m[1].str() : identifier;
        if (auto found = r > 0 ? byParticipant.find(key) : byParticipant.end(); found != byParticipant.end()) {
            fields.resize(std::max(fields.size(), header.size()));
            const std::string grade = gradeCell(found->second, assignment);
            if (!grade.empty()) {
                fields[size_t(gradeColumn)] = grade;
                if (maxColumn >= 0 && std::atof(fields[size_t(maxColumn)].c_str()) < found->second->score()) aboveMaximum.push_back(identifier);
                if (feedbackColumn >= 0 && trimBlanks(fields[size_t(feedbackColumn)]).empty())
                    fields[size_t(feedbackColumn)] = shortFeedback(*found->second);
            }
            written.insert(found->first);
        }
        for (size_t c = 0; c < fields.size(); ++c) out << (c ? "," : "") << csvPlainField(fields[c]);
        out << "\n";
    }
    std::vector<std::string> absent;
    for (const auto& [key, result] : byParticipant)
        if (!written.count(key) && hasGradableWork(result)) absent.push_back(result->displayName() + " (" + key + ")");
    if (!absent.empty()) {
        std::string list;
        for (size_t i = 0; i < absent.size() && i < 10; ++i) list += (i ? ", " : "") + absent[i];
        notes.push_back("moodle_worksheet.csv: " + std::to_string(absent.size()) + " graded student" + (absent.size() == 1 ? " is" : "s are") +
                        " not in the worksheet, so their grades are not in it: " + list + (absent.size() > 10 ? ", ..." : ""));
    }
    if (!aboveMaximum.empty())
        notes.push_back("moodle_worksheet.csv: " + std::to_string(aboveMaximum.size()) + " grade" + (aboveMaximum.size() == 1 ? " is" : "s are") +
                        " above the worksheet's Maximum Grade, which Moodle skips: set the assignment's maximum grade to the course's total");
    return out.str();
}

std::string moodleFeedbackFolder(const ClassView& view, const StudentResult& result) {
    if (auto handedIn = parseMoodleName(result.source); handedIn && !handedIn->onlineText && handedIn->other.empty() && handedIn->original.empty())
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
        if (s.status == "not submitted") continue;  // a rostered student who handed in nothing has no folder in Moodle's download
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
            int noId = 0, anonymous = 0;
            for (const auto& [id, result] : gradebookRows(view)) {
                const std::string lmsId = identityOf(view, id).lmsId.empty() ? id : identityOf(view, id).lmsId;
                anonymous += anonymousCanvasId(lmsId);
                noId += !allDigits(lmsId) && !anonymousCanvasId(lmsId);
            }
            if (anonymous)
                summary.notes.push_back("canvas_import.csv: " + std::to_string(anonymous) + " student" + (anonymous == 1 ? " is" : "s are") +
                                        " known only by an anonymous id (anonymous grading), which Canvas's gradebook import cannot match: "
                                        "left out; enter those grades in SpeedGrader, or grade a download made once the identities are revealed");
            if (noId)
                summary.notes.push_back("canvas_import.csv: " + std::to_string(noId) + " student" + (noId == 1 ? " has" : "s have") +
                                        " no numeric Canvas user id; Canvas matches them by SIS User ID or SIS Login ID (a roster gives those)");
            if (auto e = writeFileAtomically(out / "canvas_import.csv", canvasImportCsv(view, assignment))) return *e;
            summary.files.push_back(out / "canvas_import.csv");
        } else if (name == "moodle") {
            int noFolder = 0;
            for (const auto& [id, result] : gradebookRows(view))
                noFolder += result && result->status != "not submitted" && moodleFeedbackFolder(view, *result).empty();
            std::vector<std::string> leftOut;
            const std::string grades = moodleGradesCsv(view, assignment, &leftOut);
            if (!leftOut.empty()) {
                std::string list;
                for (size_t i = 0; i < leftOut.size() && i < 10; ++i) list += (i ? ", " : "") + leftOut[i];
                summary.notes.push_back("moodle_grades.csv: " + std::to_string(leftOut.size()) + " student" + (leftOut.size() == 1 ? " has" : "s have") +
                                        " neither email nor ID number, so Moodle could not match " + (leftOut.size() == 1 ? "that row" : "those rows") +
                                        " and would abort the whole import: left out (" + list + (leftOut.size() > 10 ? ", ..." : "") +
                                        "; give --roster with an email column, e.g. Moodle's grading worksheet)");
            }
            if (noFolder)
                summary.notes.push_back("moodle_feedback.zip: " + std::to_string(noFolder) + " student" + (noFolder == 1 ? " has" : "s have") +
                                        " no Moodle participant id; left out");
            if (auto e = writeFileAtomically(out / "moodle_grades.csv", grades)) return *e;
            if (auto e = writeMoodleFeedbackZip(view, out / "moodle_feedback.zip")) return *e;
            summary.files.push_back(out / "moodle_grades.csv");
            summary.files.push_back(out / "moodle_feedback.zip");
            if (!assignment.moodleWorksheet.empty()) {
                std::string text;
                if (!readFile(assignment.moodleWorksheet, text)) return Error{assignment.moodleWorksheet.string(), "cannot read the worksheet", ""};
                auto worksheet = moodleWorksheetCsv(view, assignment, text, assignment.moodleWorksheet.string(), summary.notes);
                if (!worksheet) return worksheet.error();
                if (auto e = writeFileAtomically(out / "moodle_worksheet.csv", *worksheet)) return *e;
                summary.files.push_back(out / "moodle_worksheet.csv");
            }
        } else {
            return Error{"--export", "unknown format '" + name + "'", "one of canvas, moodle, csv"};
        }
    }
    return summary;
}

}  // namespace grader
