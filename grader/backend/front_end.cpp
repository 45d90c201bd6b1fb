// Running the emulator's front end in a child and reading its report (see front_end.h).
#include "backend/front_end.h"

#include <nlohmann/json.hpp>

#include "core/process.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// The compile's limits: a file the parser chokes on (1 MB of code, 10,000 macros) stops here.
ProcessLimits frontEndLimits() {
    ProcessLimits limits;
    limits.wallSeconds = 120;
    limits.memoryBytes = 4LL << 30;
    return limits;
}

template <class T>
T field(const nlohmann::json& object, const char* name, T fallback) {
    auto it = object.find(name);
    if (it == object.end()) return fallback;
    if constexpr (std::is_same_v<T, std::string>) return it->is_string() ? it->template get<std::string>() : fallback;
    else if constexpr (std::is_same_v<T, bool>) return it->is_boolean() ? it->template get<bool>() : fallback;
    else return it->is_number_integer() ? it->template get<T>() : fallback;
}

}  // namespace

std::string FrontEndReport::errorLog() const {
    std::string log;
    for (const auto& e : errors)
        log += e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": error: " + e.message + "\n";
    return log;
}

std::filesystem::path frontEndProgram() { return runtimeDir() / "cuda-frontend"; }

std::string frontEndIdentity() {
    std::string stamp, prelude;
    readFile(runtimeDir() / "frontend" / "stamp.txt", stamp);
    readFile(runtimeDir() / "frontend" / "include" / "cuemu_frontend.h", prelude);
    return stamp + contentHash(prelude);
}

Expected<FrontEndReport> parseFrontEndReport(const std::string& json) {
    const nlohmann::json root = nlohmann::json::parse(json, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return Error{"frontend.json", "the front end's report is not a JSON object", ""};
    FrontEndReport report;
    auto items = [&root](const char* name) {
        auto it = root.find(name);
        return it != root.end() && it->is_array() ? *it : nlohmann::json::array();
    };
    for (const auto& e : items("errors")) {
        if (!e.is_object()) continue;
        report.errors.push_back({field<std::string>(e, "file", ""), field<int>(e, "line", 0), field<int>(e, "column", 0),
                                 field<std::string>(e, "message", ""), field<int>(e, "main_line", 0)});
    }
    for (const auto& u : items("unsupported"))
        if (u.is_object()) report.unsupported.push_back({field<std::string>(u, "construct", ""), field<int>(u, "line", 0)});
    for (const auto& s : items("shared"))
        if (s.is_object())
            report.shared.push_back({field<std::string>(s, "name", ""), field<int>(s, "line", 0), field<bool>(s, "file_scope", false),
                                     field<bool>(s, "dynamic", false)});
    return report;
}

Expected<FrontEndReport> runFrontEnd(const std::filesystem::path& source, const std::string& displayName,
                                     const std::filesystem::path& folder, const std::vector<std::string>& extraArgs) {
    const auto program = frontEndProgram();
    if (!std::filesystem::exists(program))
        return Error{program.string(), "the emulator's front end is missing", "rebuild the kit (cmake --build build)"};
    const auto rewritten = folder / "student.cpp";
    const auto reportFile = folder / "frontend.json";
    std::vector<std::string> command = {program.string(), source.string(), "--name", displayName,
                                        "--out", rewritten.string(), "--report", reportFile.string(), "--"};
    command.insert(command.end(), extraArgs.begin(), extraArgs.end());
    const SandboxMounts mounts{{source.parent_path()}, {folder}};
    const ProcessResult run = runSandboxed(command, mounts, frontEndLimits());
    std::string json;
    if (!run.succeeded() || !readFile(reportFile, json)) {
        const std::string why = run.timedOut ? "took longer than " + std::to_string(int(frontEndLimits().wallSeconds)) + " s"
                                             : run.describe();
        return Error{displayName, "the emulator's front end could not read this file (it " + why + ")", ""};
    }
    auto report = parseFrontEndReport(json);
    if (report && report->errors.empty() && report->unsupported.empty() && std::filesystem::exists(rewritten))
        report->rewritten = rewritten;
    return report;
}

}  // namespace grader
