// Result files: JSON in and out, and atomic writes.
#include "batch/results.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <ctime>
#include <limits>
#include <stdexcept>

#include "core/toolchain.h"
#include "report/reporter.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

Status statusFromWord(const std::string& word) {
    if (word == "pass") return Status::Pass;
    if (word == "fail") return Status::Fail;
    if (word == "skip") return Status::Skip;
    if (word == "todo") return Status::Todo;
    return Status::Error;
}

/// The string at `key`, or "" when it is absent or not a string (e.g. null).
std::string text(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A field that holds a number no grader writes there (a fraction, or one out of range): the result is damaged.
struct DamagedNumber : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The whole number at `key` as T (`fallback` when absent); a fraction or a number out of T's range is
/// DamagedNumber, never converted (a float out of range converts to an integer undefinedly).
template <class T>
T wholeNumber(const nlohmann::json& j, const char* key, T fallback = T{}) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if (it->is_number_unsigned()) {
        const auto value = it->get<uint64_t>();
        if (value <= static_cast<uint64_t>(std::numeric_limits<T>::max())) return static_cast<T>(value);
    } else if (it->is_number_integer()) {
        const auto value = it->get<int64_t>();
        if (value >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
            (value < 0 || static_cast<uint64_t>(value) <= static_cast<uint64_t>(std::numeric_limits<T>::max())))
            return static_cast<T>(value);
    } else if (!it->is_number()) {
        return it->template get<T>();  // not a number at all: nlohmann's own type error, a damaged result too
    }
    throw DamagedNumber(std::string("\"") + key + "\" is not a whole number in range: " + it->dump());
}

LessonReport lessonReportFromJson(const nlohmann::json& j) {
    LessonReport r;
    r.lesson = text(j, "lesson");
    r.file = text(j, "file");
    r.backend = text(j, "backend");
    r.device = text(j, "device");
    r.seed = wholeNumber<uint64_t>(j, "seed");
    r.score = wholeNumber<int>(j, "score");
    r.maxScore = wholeNumber<int>(j, "max_score");
    r.note = text(j, "note");
    for (const auto& c : j.value("checks", nlohmann::json::array())) {
        CheckResult check;
        check.name = text(c, "name");
        check.status = statusFromWord(text(c, "status"));
        check.message = text(c, "message");
        check.points = wholeNumber<int>(c, "points");
        check.maxPoints = wholeNumber<int>(c, "max_points");
        if (auto findings = c.find("findings"); findings != c.end()) check.findings = findingsFromJson(*findings);
        if (auto measured = c.find("measurements"); measured != c.end()) check.measurements = measurementsFromJson(*measured);
        r.checks.push_back(check);
    }
    if (auto output = j.find("program_output"); output != j.end() && output->is_object()) {
        r.programOutputRun = text(*output, "run");
        r.programOutput = output->value("lines", std::vector<std::string>{});
    }
    return r;
}

}  // namespace

int StudentResult::score() const {
    int total = 0;
    for (const auto& l : lessons) total += l.report.score;
    return total - latePenalty;
}

int StudentResult::maxScore() const {
    int total = 0;
    for (const auto& l : lessons) total += l.report.maxScore;
    return total;
}

bool StudentResult::hasGraderError() const {
    if (graderError) return true;
    for (const auto& l : lessons)
        for (const auto& c : l.report.checks)
            if (c.status == Status::Error) return true;
    return false;
}

std::string StudentResult::notSubmitted() const {
    std::string list;
    for (const auto& l : lessons)
        if (!l.submitted) list += (list.empty() ? "" : ", ") + l.report.lesson;
    return list;
}

namespace {

/// True when one of `check`'s findings has `code`.
bool found(const CheckResult& check, const char* code) {
    return std::any_of(check.findings.begin(), check.findings.end(), [code](const Finding& f) { return f.code == code; });
}

}  // namespace

bool quizAnswersMissing(const CheckResult& check) { return check.name == "quiz" && found(check, "quiz.no-answers"); }

bool trainerNotDone(const CheckResult& check) { return check.name == "trainer" && found(check, "trainer.no-progress"); }

LessonOutcome notSubmitted(const Lesson& lesson, const std::string& backend) {
    LessonOutcome outcome;
    outcome.report.lesson = lesson.id;
    outcome.report.backend = backend;
    for (const auto& check : lesson.checks) {
        const CheckEntry* entry = findCheck(check.name);
        if (!entry || entry->where != Runs::GpuOnly || backend == "gpu") outcome.report.maxScore += check.points;
    }
    return outcome;
}

nlohmann::json studentResultJson(const StudentResult& r) {
    nlohmann::json lessons = nlohmann::json::array();
    for (const auto& l : r.lessons) {
        nlohmann::json j = lessonReportJson(l.report);
        j["status"] = l.submitted ? "graded" : "not submitted";
        if (!l.report.programOutput.empty())  // what `grader check` notes (the feedback too), and the instructor may read
            j["program_output"] = {{"run", l.report.programOutputRun}, {"lines", l.report.programOutput}};
        if (!l.submitted) j["file"] = nullptr;
        lessons.push_back(j);
    }
    nlohmann::json j = {{"id", r.id}, {"source", r.source}, {"status", r.status}, {"submission_key", r.submissionKey}, {"content_key", r.contentKey},
                        {"course_hash", r.courseHash}, {"backend", r.backend}, {"sandboxed", r.sandboxed}, {"seed", r.seed},
                        {"graded_at", r.gradedAt}, {"seconds", r.seconds}, {"score", r.score()},
                        {"max_score", r.maxScore()}, {"notes", r.notes}, {"lessons", lessons}};
    if (!r.message.empty()) j["message"] = r.message;
    if (!r.shard.empty()) j["shard"] = r.shard;
    if (!r.name.empty()) j["name"] = r.name;
    j["late"] = r.late;
    if (r.latePenalty) j["late_penalty"] = r.latePenalty;
    if (!r.problems.empty()) j["problems"] = r.problems;
    if (r.graderError) j["grader_error"] = true;
    return j;
}

Expected<StudentResult> studentResultFromJson(const nlohmann::json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("id") || !j["id"].is_string() || !j.contains("lessons") || !j["lessons"].is_array())
        return Error{where, "not a batch result (no \"id\" or \"lessons\")", "delete it; the next run grades that student again"};
    try {
        StudentResult r;
        r.id = j.at("id").get<std::string>();
        r.source = text(j, "source");
        r.name = text(j, "name");
        r.late = j.value("late", false);
        r.latePenalty = wholeNumber<int>(j, "late_penalty");
        r.status = text(j, "status");
        r.message = text(j, "message");
        r.submissionKey = text(j, "submission_key");
        r.contentKey = text(j, "content_key");
        r.courseHash = text(j, "course_hash");
        r.backend = text(j, "backend");
        r.sandboxed = j.value("sandboxed", false);
        r.seed = wholeNumber<uint64_t>(j, "seed");
        r.shard = text(j, "shard");
        r.gradedAt = text(j, "graded_at");
        r.seconds = j.value("seconds", 0.0);
        r.notes = j.value("notes", std::vector<std::string>{});
        r.problems = j.value("problems", std::vector<std::string>{});
        r.graderError = j.value("grader_error", false);
        for (const auto& l : j.at("lessons")) {
            LessonOutcome outcome;
            outcome.submitted = text(l, "status") == "graded";
            outcome.report = lessonReportFromJson(l);
            r.lessons.push_back(outcome);
        }
        return r;
    } catch (const std::exception& e) {  // nlohmann's type errors and DamagedNumber
        return Error{where, std::string("a damaged batch result: ") + e.what(), "delete it; the next run grades that student again"};
    }
}

Expected<StudentResult> loadStudentResult(const fs::path& file) {
    std::string text;
    if (!readFile(file, text)) return Error{file.string(), "cannot read the result", ""};
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) return Error{file.string(), "not valid JSON (a run was interrupted while writing?)", "delete it; the next run grades that student again"};
    return studentResultFromJson(j, file.string());
}

void keepEarlierSubmission(const fs::path& out, const StudentResult& newer) {
    const fs::path current = out / (newer.id + ".json");
    std::error_code ec;
    if (newer.contentKey.empty() || !fs::exists(current, ec)) return;
    auto earlier = loadStudentResult(current);
    if (!earlier || earlier->contentKey.empty() || earlier->contentKey == newer.contentKey || earlier->status != "graded") return;
    const fs::path folder = out / "history" / newer.id;
    fs::create_directories(folder, ec);
    if (!ec) fs::rename(current, folder / (earlier->contentKey + ".json"), ec);  // on failure the newer result replaces it, as before
}

std::vector<StudentResult> loadEarlierSubmissions(const fs::path& out, const std::string& id) {
    std::vector<StudentResult> earlier;
    std::error_code ec;
    for (fs::directory_iterator it(out / "history" / id, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".json")
            if (auto result = loadStudentResult(it->path())) earlier.push_back(std::move(*result));
    std::sort(earlier.begin(), earlier.end(), [](const StudentResult& a, const StudentResult& b) { return a.gradedAt < b.gradedAt; });
    return earlier;
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace grader
