// The Gradescope autograder: its zip and its results.json (see gradescope.h).
#include "export/gradescope.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>

#include "batch/batch.h"
#include "batch/class_outputs.h"
#include "checks/check_table.h"
#include "core/stored_zip.h"
#include "core/toolchain.h"
#include "export/student_kit.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// The scripts at the zip's root, from the instructor's kit.
constexpr const char* kScripts[] = {"setup.sh", "run_autograder"};
constexpr const char* kScriptFolder = "grader/export/gradescope";

/// The folder the student's work is copied into: the batch grades each entry of a folder as one student.
constexpr const char* kStudentId = "submission";

/// A private temporary folder, removed when it goes out of scope.
struct TempFolder {
    fs::path path;
    explicit TempFolder(const std::string& prefix) {
        std::string pattern = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
        if (mkdtemp(pattern.data())) path = pattern;
    }
    ~TempFolder() {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
};

/// Every regular file under `folder`, relative to it, sorted (the zip's order does not depend on the file system's).
std::vector<std::string> sortedFilesUnder(const fs::path& folder) {
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) files.push_back(entry.path().lexically_relative(folder).generic_string());
    std::sort(files.begin(), files.end());
    return files;
}

std::string resultsText(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"; }

double secondsSince(std::chrono::steady_clock::time_point started) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

/// "lesson3: speedup, lesson4: speedup": the checks of `course` that need a GPU.
std::string gpuOnlyChecks(const Course& course) {
    std::string list;
    for (const auto& lesson : course.lessons)
        for (const auto& check : lesson.checks)
            if (const CheckEntry* entry = findCheck(check.name); entry && entry->where == Runs::GpuOnly)
                list += (list.empty() ? "" : ", ") + lesson.id + ": " + check.name;
    return list;
}

/// Copies the student's work into `into`/submission (links kept as links, never followed).
std::optional<Error> copySubmission(const fs::path& from, const fs::path& into) {
    std::error_code ec;
    if (!fs::is_directory(from, ec)) return Error{from.string(), "is not a folder", "Gradescope puts the student's files in /autograder/submission"};
    fs::create_directories(into, ec);
    fs::copy(from, into / kStudentId, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    if (ec) return Error{from.string(), "cannot copy the submission: " + ec.message(), ""};
    return std::nullopt;
}

}  // namespace

Expected<std::string> zipOfFolder(const fs::path& folder) {
    std::vector<ZipEntry> entries;
    for (const auto& relative : sortedFilesUnder(folder)) {
        const fs::path file = folder / relative;
        ZipEntry entry{relative, "", 0644};
        struct stat info {};
        if (!readFile(file, entry.bytes) || stat(file.c_str(), &info) != 0) return Error{file.string(), "cannot read the file", ""};
        entry.mode = info.st_mode & 0777;
        entries.push_back(std::move(entry));
    }
    auto zip = storedZip(entries);
    if (!zip) return Error{folder.string(), zip.error().message, ""};
    return zip;
}

nlohmann::json gradescopeFailureJson(const std::string& what, double seconds) {
    return {{"score", 0},
            {"execution_time", static_cast<long>(std::lround(seconds))},
            {"output", "The autograder could not grade this submission: " + what +
                           "\nThis is the grader's own trouble, not your work's: tell your instructor."},
            {"visibility", "visible"},
            {"stdout_visibility", "hidden"},
            {"tests", nlohmann::json::array()}};
}

nlohmann::json gradescopeResultsJson(const Course& course, const StudentResult& result, double seconds) {
    nlohmann::json j = gradescopeJson(result);
    nlohmann::json tests = nlohmann::json::array();
    size_t next = 0;  // gradescopeJson's tests: one per lesson not submitted, else one per check, in this order
    for (const auto& outcome : result.lessons) {
        const Lesson* lesson = course.findLesson(outcome.report.lesson);
        if (!outcome.submitted) {
            nlohmann::json test = j["tests"].at(next++);
            if (lesson)
                test["output"] = "Not submitted: no file named " + lesson->studentFile + " was found in your submission (in your kit: " +
                                 lesson->starterFile() + "), so this lesson gets 0 of " + std::to_string(outcome.report.maxScore) + ".";
            tests.push_back(test);
            continue;
        }
        int points = 0;
        for (const auto& check : outcome.report.checks) {
            nlohmann::json test = j["tests"].at(next++);
            points += check.points;
            const std::string output = test["output"];
            const bool rerunNamed = output.find(kitGraderCommand() + " check ") != std::string::npos ||
                                    output.find(kitGraderCommand() + " quiz ") != std::string::npos;
            if (lesson && check.status != Status::Pass && check.status != Status::Skip && check.name != "grader" && !rerunNamed) {
                CheckCommandLine rerun{kitGraderCommand(), lesson->id, lesson->starterFile(), check.name, std::nullopt, result.seed};
                test["output"] = output + "\nRerun in your kit: " + rerun.text();
            }
            tests.push_back(test);
        }
        if (points != outcome.report.score)  // a deduction from the lesson (near_miss_penalty): a test of its own, so the tests add up
            tests.push_back({{"name", outcome.report.lesson + ": deduction"}, {"score", outcome.report.score - points}, {"max_score", 0},
                             {"status", "failed"}, {"output", outcome.report.note}, {"visibility", "visible"}});
    }
    j["tests"] = tests;
    j["execution_time"] = static_cast<long>(std::lround(seconds));
    std::string output = j["output"];
    if (result.backend == "cpu")
        if (const std::string gpuChecks = gpuOnlyChecks(course); !gpuChecks.empty())
            output += " The autograder has no GPU: the checks that need one (" + gpuChecks +
                      ") are skipped here and count 0 of 0; the rest ran on the cpu emulator, as in your kit.";
    j["output"] = output;
    return j;
}

namespace {

/// Grades the submission in a private folder; fills `graded` (its failure where it cannot be graded).
void gradeSubmissionFolder(const GradescopeResultsCommand& command, std::chrono::steady_clock::time_point started, GradescopeGraded& graded) {
    auto course = loadCourse(command.coursePath);
    if (!course) return graded.fail(course.error().format(), secondsSince(started));
    TempFolder work("grader-gradescope");
    if (work.path.empty()) return graded.fail("cannot create a private folder in " + fs::temp_directory_path().string(), secondsSince(started));
    if (auto e = copySubmission(command.submission, work.path / "submissions")) return graded.fail(e->format(), secondsSince(started));
    BatchOptions options;
    options.submissions = work.path / "submissions";
    options.out = work.path / "results";
    options.coursePath = command.coursePath;
    options.backend = "cpu";
    options.jobs = 1;
    options.sandboxWhereAvailable = true;
    std::optional<StudentResult> result;  // kept in memory: no file student code could reach decides the score
    options.onResult = [&result](const StudentResult& one) { result = one; };
    auto summary = gradeBatch(*course, options);  // returns once every process student code started is gone
    if (!summary) return graded.fail(summary.error().format(), secondsSince(started));
    graded.notes = summary->notes;
    if (!result) return graded.fail("the submission was not graded (interrupted?)", secondsSince(started));
    graded.results = gradescopeResultsJson(*course, *result, secondsSince(started));
    graded.summary = "graded on the " + result->backend + " backend" + (summary->sandbox.empty() ? ", without a sandbox" : ", in " + summary->sandbox) +
                     ": " + std::to_string(result->score()) + "/" + std::to_string(result->maxScore());
    if (const std::string missing = result->notSubmitted(); !missing.empty()) graded.summary += " (not submitted: " + missing + ")";
    graded.graderError = result->hasGraderError();
}

}  // namespace

void GradescopeGraded::fail(const std::string& what, double seconds) {
    failure = what;
    results = gradescopeFailureJson(what, seconds);
}

GradescopeGraded gradeForGradescope(const GradescopeResultsCommand& command) {
    const auto started = std::chrono::steady_clock::now();
    GradescopeGraded graded;
    try {
        gradeSubmissionFolder(command, started, graded);
    } catch (const std::exception& e) {
        graded.fail(std::string("the grader failed: ") + e.what(), secondsSince(started));
    }
    return graded;
}

std::optional<Error> writeGradescopeResults(const std::filesystem::path& file, const nlohmann::json& results) {
    std::error_code ec;
    if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
    return writeFileAtomically(file, resultsText(results));
}

Expected<AutograderWritten> writeAutograderZip(const Course& course, const std::string& out) {
    AutograderWritten written;
    written.zip = fs::absolute(out);
    if (written.zip.extension() != ".zip") return Error{out, "is not a .zip file name", "e.g. build/gradescope-autograder.zip"};
    std::error_code ec;
    if (fs::is_directory(written.zip, ec)) return Error{out, "is a folder", "name the zip to write"};
    for (const char* script : kScripts)
        if (!fs::is_regular_file(course.root / kScriptFolder / script))
            return Error{(course.root / kScriptFolder / script).string(), "is missing", "export from the instructor's kit"};
    TempFolder stage("grader-gradescope-export");
    if (stage.path.empty()) return Error{fs::temp_directory_path().string(), "cannot create a private folder", ""};
    ExportCommand kit;  // the student kit: no solutions, checked for their text; no GPU on Gradescope
    kit.out = (stage.path / "kit").string();
    kit.gpu = false;
    auto kitWritten = writeStudentKit(course, kit);
    if (!kitWritten) return kitWritten.error();
    written.kit = *kitWritten;
    if (!written.kit.solutionText.empty()) return written;
    for (const char* script : kScripts) {
        fs::copy_file(course.root / kScriptFolder / script, stage.path / script, ec);
        fs::permissions(stage.path / script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                                 fs::perms::others_read | fs::perms::others_exec, ec);
        if (ec) return Error{(stage.path / script).string(), "cannot copy: " + ec.message(), ""};
    }
    if (written.zip.has_parent_path()) fs::create_directories(written.zip.parent_path(), ec);
    auto bytes = zipOfFolder(stage.path);
    if (!bytes) return bytes.error();
    if (auto e = writeFileAtomically(written.zip, *bytes)) return *e;
    written.files = sortedFilesUnder(stage.path).size();
    return written;
}

}  // namespace grader
