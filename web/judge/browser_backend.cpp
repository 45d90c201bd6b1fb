// The browser's Backend (see browser_backend.h) and the gpu backend's stand-in
// (no CUDA device in a browser).
#include "browser_backend.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

#include "backend/array_index.h"
#include "backend/compiler_output.h"
#include "backend/cuda_names.h"
#include "backend/student_source.h"

/// Implemented by the Worker (web/src/judge.mjs): runs the built child once. `request` is JSON
/// {"argv": [MODE, N, PHASE, SEED, EXTRA...], "env": ["NAME=VALUE", ...], "time_limit_s": S}; the answer, put in
/// memory the Worker takes from malloc (the judge frees it), is one JSON line {"status", "signal", "timed_out",
/// "output", "record": true|false, "error"} and then the record's bytes.
extern "C" __attribute__((import_module("grader"), import_name("run_child"))) int grader_run_child(const char* request, size_t length,
                                                                                                   char** answer, size_t* answerLength);

namespace grader {

namespace {

/// The answer of one run, turned into the record the checks read.
RunRecord recordFromAnswer(const std::string& answer) {
    RunRecord record;
    const size_t end = answer.find('\n');
    const nlohmann::json head = nlohmann::json::parse(answer.substr(0, end), nullptr, false);
    if (!head.is_object()) {
        record.process.startError = "the browser's runner gave no answer";
        return record;
    }
    const auto integer = [&](const char* key) { return head.contains(key) && head[key].is_number_integer() ? head[key].get<int>() : 0; };
    const auto flag = [&](const char* key) { return head.contains(key) && head[key].is_boolean() && head[key].get<bool>(); };
    const auto text = [&](const char* key) { return head.contains(key) && head[key].is_string() ? head[key].get<std::string>() : ""; };
    record.process.startError = text("error");
    record.process.started = record.process.startError.empty();
    record.process.exitCode = integer("status");
    record.process.signal = integer("signal");
    record.process.timedOut = flag("timed_out");
    record.process.output = text("output");
    if (flag("record") && end != std::string::npos) parseRunRecord(answer.substr(end + 1), record);
    return record;
}

/// Places the record's pcs, which the browser's child gives as access sites (web/src/access_sites.mjs: 1 + an index into
/// `sites`, 0 for none), as child_run.cpp's resolveLocations places return addresses.
void resolveSites(const std::vector<SourceLocation>& sites, RunRecord& record) {
    const auto at = [&](uint64_t pc) { return pc >= 1 && pc <= sites.size() ? sites[pc - 1] : SourceLocation{}; };
    for (auto& h : record.hazards) {
        h.writerAt = at(h.writerPc);
        h.otherAt = at(h.otherPc);
    }
    for (auto& u : record.uninitialized) u.at = at(u.pc);
    if (record.fault && record.fault->pc) record.fault->at = at(record.fault->pc);
}

/// Places a fault the child locates by line (index checks, asserts): as child_run.cpp's locateRecord does.
void locateFault(const BuildResult& build, RunRecord& record) {
    if (!record.fault || record.fault->at.line > 0) return;
    const auto& fields = record.fault->fields;
    if (auto line = fields.find("line"); line != fields.end()) {
        record.fault->at.line = std::atoi(line->second.c_str());
        auto file = fields.find("file");
        record.fault->at.file = file != fields.end() ? std::filesystem::path(file->second).filename().string() : build.sourceName;
    }
}

class BrowserBackend : public Backend {
public:
    BrowserBackend(BuildResult built, const BrowserBuild& browser) : built_(std::move(built)), rewritten_(browser.rewritten), sites_(browser.sites) {}

    std::string name() const override { return "cpu"; }
    std::string unavailableReason() const override { return ""; }
    /// The Worker's build; a contract's link error explained from the student's file, as the cpu backend's build does
    /// (backend/build_cache.cpp: "the fourth parameter of ... is `size_t n`").
    BuildResult build(const Lesson&, const std::filesystem::path& source, const std::string&) override {
        BuildResult result = built_;
        if (std::string text; !result.ok && result.unsupported.empty() && readStudentSource(source, text))
            result.summary = explainContractMismatch(result.summary, text, result.sourceName);
        return result;
    }

    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        nlohmann::json argv = {runModeName(request.mode), std::to_string(request.n), std::to_string(request.phase),
                               std::to_string(request.seed)};
        for (const auto& e : request.extra) argv.push_back(e);
        const nlohmann::json env = emulatorEnvironment(request);
        const std::string ask = nlohmann::json{{"argv", argv}, {"env", env}, {"time_limit_s", request.timeLimitS}}.dump();
        char* answer = nullptr;
        size_t length = 0;
        grader_run_child(ask.data(), ask.size(), &answer, &length);
        RunRecord record = recordFromAnswer(answer ? std::string(answer, length) : std::string());
        std::free(answer);
        if (!request.wrapper.empty()) record.process.startError = "no compute-sanitizer in the browser";
        resolveSites(sites_, record);
        locateFault(build, record);
        if (record.fault && record.fault->kind == FaultKind::ArrayIndex) nameIndexedArray(rewritten_, *record.fault);  // as the cpu backend does
        return record;
    }

private:
    BuildResult built_;
    std::string rewritten_;
    std::vector<SourceLocation> sites_;
};

/// The gpu backend in a browser: never available.
class NoGpuBackend : public Backend {
public:
    std::string name() const override { return "gpu"; }
    std::string unavailableReason() const override { return "no CUDA device in the browser"; }
    BuildResult build(const Lesson&, const std::filesystem::path&, const std::string&) override { return {}; }
    RunRecord run(const BuildResult&, const RunRequest&) override { return {}; }
};

}  // namespace

std::optional<BrowserBuild> browserBuildFromJson(const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object()) return std::nullopt;
    const auto field = [&](const char* key) { return doc.contains(key) && doc[key].is_string() ? doc[key].get<std::string>() : ""; };
    BrowserBuild built;
    built.ok = doc.contains("ok") && doc["ok"].is_boolean() && doc["ok"].get<bool>();
    built.stage = field("stage");
    built.log = field("log");
    built.unsupported = field("unsupported");
    built.rewritten = field("rewritten");
    if (doc.contains("unsupported_line") && doc["unsupported_line"].is_number_integer()) built.unsupportedLine = doc["unsupported_line"].get<int>();
    if (doc.contains("sites") && doc["sites"].is_array())
        for (const auto& site : doc["sites"]) {
            SourceLocation at;  // a malformed entry stays an unknown line
            if (site.is_array() && site.size() == 2 && site[0].is_string() && site[1].is_number_integer()) {
                at.file = site[0].get<std::string>();
                at.line = site[1].get<int>();
            }
            built.sites.push_back(std::move(at));
        }
    return built;
}

BuildResult browserBuildResult(const BrowserBuild& built, const Lesson& lesson, const std::string& displayName) {
    BuildResult result;
    result.lesson = lesson.id;
    result.sourceName = std::filesystem::path(displayName).filename().string();
    result.log = built.log;
    if (built.ok) {
        result.ok = true;
        result.summary = "compiled for the cpu emulator";
    } else if (!built.unsupported.empty()) {  // the browser's front end refused a construct the native one may take
        std::string what = built.unsupported;
        if (const std::string said = " (not supported in the browser)"; what.size() > said.size() && what.ends_with(said))
            what.resize(what.size() - said.size());  // the summary says it first
        const std::string at = built.unsupportedLine > 0 ? " at " + result.sourceName + ":" + std::to_string(built.unsupportedLine) : "";
        result.summary = result.unsupported = "not supported in the browser: " + what + at;
        result.unsupportedLine = built.unsupportedLine;
    } else if (built.stage == "parse" && !summarizeCompilerLog(built.log).empty()) {  // the native front end's errors: as judgeParse
        result.summary = summarizeCompilerLog(built.log);
        result.unsupported = unsupportedConstruct(built.log, isCudaName);
    } else if (built.stage == "compile") {  // the parse accepted the file: as the cpu backend's compile, the browser's limit
        const std::string first = summarizeCompilerLog(built.log);
        const std::string how = built.log.substr(0, built.log.find('\n'));  // as ProcessResult::brief: "timed out after 120 s"
        result.summary = result.unsupported = first.empty() ? "not supported in the browser: its compiler stopped" + (how.empty() ? "" : " (" + how + ")")
                                                            : "not supported in the browser: its compiler refuses " + first;
    } else if (built.stage == "link") {
        result.summary = summarizeCompilerLog(built.log);
        if (result.summary.empty()) result.summary = "linking failed";
        if (!isContractLinkError(result.summary)) result.unsupported = "not supported in the browser: its linker says " + result.summary;
    } else {
        result.summary = result.unsupported = "not supported in the browser: its " + built.stage + " step failed: " +
                                              built.log.substr(0, built.log.find('\n'));
    }
    return result;
}

std::unique_ptr<Backend> makeBrowserBackend(BuildResult built, const BrowserBuild& browser) {
    return std::make_unique<BrowserBackend>(std::move(built), browser);
}

std::unique_ptr<Backend> makeGpuBackend(std::optional<GpuDevice>, GpuTurns, std::chrono::milliseconds) { return std::make_unique<NoGpuBackend>(); }

}  // namespace grader
