// Running a built child with the record protocol, and turning the code
// addresses in its record into source lines.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>

#include "backend/backend.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace {

std::string hex(uintptr_t pc) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%lx", static_cast<unsigned long>(pc));
    return text;
}

}  // namespace

RunRecord runChild(const BuildResult& build, const RunRequest& request, const std::vector<std::string>& env) {
    RunRecord record;
    char dirTemplate[] = "/tmp/grader-run-XXXXXX";
    if (!mkdtemp(dirTemplate)) {
        record.parseError = "cannot create a temporary folder for the run";
        return record;
    }
    const std::filesystem::path dir = dirTemplate;
    const std::filesystem::path recordPath = dir / "record";
    std::vector<std::string> argv = request.wrapper;
    argv.push_back(build.executable.string());
    argv.push_back(recordPath.string());
    argv.push_back(request.mode);
    argv.push_back(std::to_string(request.n));
    argv.push_back(std::to_string(request.phase));
    argv.push_back(std::to_string(request.seed));
    for (const auto& e : request.extra) argv.push_back(e);
    ProcessLimits limits;
    limits.wallSeconds = request.timeLimitS;
    limits.memoryBytes = request.memoryBytes;
    // RLIMIT_FSIZE caps every file the child writes, the record of C included.
    limits.outputBytes = (16LL << 20) + 2LL * request.n * request.n * static_cast<long long>(sizeof(float));
    // Batch mode: the child sees its own build read-only and its run folder.
    record.process = runSandboxed(argv, {{build.executable.parent_path()}, {dir}}, limits, env);
    std::string bytes;
    if (readFile(recordPath, bytes)) parseRunRecord(bytes, record);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    resolveLocations(build.executable, record);
    if (record.fault && record.fault->at.line <= 0) {  // faults the child locates by line (index checks, asserts, ...)
        const auto& fields = record.fault->fields;
        if (auto line = fields.find("line"); line != fields.end()) {
            record.fault->at.line = std::atoi(line->second.c_str());
            auto file = fields.find("file");
            record.fault->at.file = file != fields.end() ? std::filesystem::path(file->second).filename().string() : build.sourceName;
        }
    }
    return record;
}

void resolveLocations(const std::filesystem::path& executable, RunRecord& record) {
    std::set<uintptr_t> pcs;  // return addresses: look up the call instruction (pc - 1)
    for (const auto& h : record.hazards) {
        pcs.insert(h.writerPc);
        pcs.insert(h.otherPc);
    }
    for (const auto& u : record.uninitialized) pcs.insert(u.pc);
    if (record.fault && record.fault->pc) pcs.insert(record.fault->pc);
    if (pcs.empty()) return;
    std::vector<uintptr_t> order;
    std::vector<std::string> argv = {"addr2line", "-f", "-C", "-e", executable.string()};
    for (uintptr_t pc : pcs) {
        order.push_back(pc);
        argv.push_back(hex(pc - 1));
    }
    ProcessLimits limits;
    limits.wallSeconds = 20;
    ProcessResult result = runSandboxed(argv, {{executable.parent_path()}, {}}, limits);
    if (!result.succeeded()) return;
    std::map<uintptr_t, SourceLocation> found;
    std::stringstream lines(result.output);
    for (size_t i = 0; i < order.size(); ++i) {
        std::string function, place;
        if (!std::getline(lines, function) || !std::getline(lines, place)) break;
        SourceLocation loc;
        loc.function = function.substr(0, function.find('('));
        const size_t colon = place.rfind(':');
        if (colon != std::string::npos) {
            loc.file = std::filesystem::path(place.substr(0, colon)).filename().string();
            loc.line = std::atoi(place.c_str() + colon + 1);
        }
        found[order[i]] = loc;
    }
    for (auto& h : record.hazards) {
        h.writerAt = found[h.writerPc];
        h.otherAt = found[h.otherPc];
    }
    for (auto& u : record.uninitialized) u.at = found[u.pc];
    if (record.fault && record.fault->pc) record.fault->at = found[record.fault->pc];
}

}  // namespace grader
