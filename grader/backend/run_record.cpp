// Parsing of the run record's lines and binary outputs.
#include "backend/run_record.h"

#include <cmath>
#include <cstring>
#include <set>
#include <sstream>
#include <type_traits>
#include <variant>

namespace grader {

namespace {

void parseTriple(const std::string& text, int out[3]) {
    std::sscanf(text.c_str(), "%d,%d,%d", &out[0], &out[1], &out[2]);
}

uint64_t number(const std::map<std::string, std::string>& f, const std::string& key) {
    auto it = f.find(key);
    return it == f.end() ? 0 : std::strtoull(it->second.c_str(), nullptr, 0);
}

}  // namespace

std::string SourceLocation::text() const {
    if (file.empty() || line <= 0) return "an unknown line";
    return file + ":" + std::to_string(line);
}

std::string fieldText(const std::map<std::string, std::string>& fields, const std::string& key) {
    auto it = fields.find(key);
    return it == fields.end() ? "" : it->second;
}

double fieldNumber(const std::map<std::string, std::string>& fields, const std::string& key) {
    auto it = fields.find(key);
    return it == fields.end() ? NAN : std::strtod(it->second.c_str(), nullptr);
}

std::map<std::string, std::string> parseFields(const std::string& line, const std::vector<std::string>& tailKeys) {
    std::map<std::string, std::string> fields;
    size_t pos = 0;
    while (pos < line.size()) {
        while (pos < line.size() && line[pos] == ' ') ++pos;
        size_t eq = line.find('=', pos);
        size_t space = line.find(' ', pos);
        if (eq == std::string::npos || (space != std::string::npos && space < eq)) {
            pos = space == std::string::npos ? line.size() : space;  // a bare word
            continue;
        }
        std::string key = line.substr(pos, eq - pos);
        bool takesRest = false;
        for (const auto& k : tailKeys) takesRest |= (k == key);
        size_t end = takesRest ? line.size() : (space == std::string::npos ? line.size() : space);
        fields[key] = line.substr(eq + 1, end - eq - 1);
        pos = end;
    }
    return fields;
}

namespace {

/// Where one field of a record line goes: a member of the record struct `R`.
template <class R>
struct FieldSlot {
    const char* key;
    std::variant<std::string R::*, uint64_t R::*, int R::*, int (R::*)[3]> member;
};

void assignField(std::string& to, const std::map<std::string, std::string>& f, const char* key) { to = fieldText(f, key); }
void assignField(uint64_t& to, const std::map<std::string, std::string>& f, const char* key) { to = number(f, key); }
void assignField(int& to, const std::map<std::string, std::string>& f, const char* key) { to = static_cast<int>(number(f, key)); }
void assignField(int (&to)[3], const std::map<std::string, std::string>& f, const char* key) { parseTriple(fieldText(f, key), to); }

/// A record struct read from `line`'s fields by its table of slots.
template <class R>
R readFields(const std::map<std::string, std::string>& f, const std::vector<FieldSlot<R>>& slots) {
    R out;
    for (const auto& slot : slots) std::visit([&](auto member) { assignField(out.*member, f, slot.key); }, slot.member);
    return out;
}

const std::vector<FieldSlot<LaunchRecord>> kLaunchSlots = {
    {"kernel", &LaunchRecord::kernel},         {"full_blocks", &LaunchRecord::fullBlocks},
    {"grid", &LaunchRecord::grid},             {"block", &LaunchRecord::block},
    {"shmem", &LaunchRecord::sharedBytes},     {"threads", &LaunchRecord::threads},
    {"error", &LaunchRecord::error},           {"barriers_min", &LaunchRecord::barriersMin},
    {"barriers_max", &LaunchRecord::barriersMax}, {"shared_reads", &LaunchRecord::sharedReads},
    {"shared_writes", &LaunchRecord::sharedWrites}};
const std::vector<FieldSlot<TrafficRecord>> kTrafficSlots = {
    {"read_words", &TrafficRecord::readWords}, {"write_words", &TrafficRecord::writeWords},
    {"min_thread_reads", &TrafficRecord::minThreadReads}, {"max_thread_reads", &TrafficRecord::maxThreadReads}};
const std::vector<FieldSlot<HazardRecord>> kHazardSlots = {
    {"count", &HazardRecord::count},         {"element", &HazardRecord::element},   {"writer", &HazardRecord::writer},
    {"other", &HazardRecord::other},         {"block", &HazardRecord::block},       {"writer_pc", &HazardRecord::writerPc},
    {"other_pc", &HazardRecord::otherPc},    {"barrier_index", &HazardRecord::barrierIndex}};
const std::vector<FieldSlot<UninitializedRecord>> kUninitializedSlots = {
    {"count", &UninitializedRecord::count}, {"element", &UninitializedRecord::element}, {"thread", &UninitializedRecord::thread},
    {"block", &UninitializedRecord::block}, {"pc", &UninitializedRecord::pc}};
const std::vector<FieldSlot<DivergenceRecord>> kDivergenceSlots = {
    {"count", &DivergenceRecord::count}, {"block", &DivergenceRecord::block}, {"split", &DivergenceRecord::split}};
const std::vector<FieldSlot<PartialBarrierRecord>> kPartialBarrierSlots = {
    {"line", &PartialBarrierRecord::line},       {"block", &PartialBarrierRecord::block}, {"reached", &PartialBarrierRecord::reached},
    {"threads", &PartialBarrierRecord::threads}, {"first", &PartialBarrierRecord::first}, {"last", &PartialBarrierRecord::last}};
const std::vector<FieldSlot<WriteConflictRecord>> kWriteConflictSlots = {
    {"buffer", &WriteConflictRecord::buffer},   {"element", &WriteConflictRecord::element},
    {"count", &WriteConflictRecord::count},     {"first", &WriteConflictRecord::first},
    {"first_block", &WriteConflictRecord::firstBlock}, {"second", &WriteConflictRecord::second},
    {"second_block", &WriteConflictRecord::secondBlock}};

/// Reads the "output NAME COUNT" line at `line` and its COUNT floats after it, moving `pos` past them;
/// false (with parseError set) when the record ends before them.
bool readOutput(const std::string& bytes, const std::string& line, size_t& pos, RunRecord& record) {
    char name[64] = {};
    size_t count = 0;
    if (std::sscanf(line.c_str(), "output %63s %zu", name, &count) != 2 || pos > bytes.size() || count > (bytes.size() - pos) / 4) {
        record.parseError = "a truncated output in the run record";
        return false;
    }
    std::vector<float> values(count);
    if (count > 0) std::memcpy(values.data(), bytes.data() + pos, count * 4);  // an empty vector's data() may be null
    record.outputs[name] = std::move(values);
    pos += count * 4 + 1;
    return true;
}

/// The "fault" line: what stopped the run, with every field.
void readFault(const std::string& line, RunRecord& record) {
    auto f = parseFields(line, {"message", "feature", "file"});
    FaultRecord fault;
    fault.kind = parseFaultKind(fieldText(f, "kind"));
    fault.pc = number(f, "pc");
    fault.fields = std::move(f);
    record.fault = std::move(fault);
}

/// The "divergence" line: a barrier or warp intrinsic some threads it waits for did not reach.
void readDivergence(const std::string& line, RunRecord& record) {
    const auto f = parseFields(line, {"split"});
    DivergenceRecord d = readFields(f, kDivergenceSlots);
    std::stringstream lines(fieldText(f, "lines"));
    for (std::string item; std::getline(lines, item, ',');) d.lines.push_back(std::atoi(item.c_str()));
    d.warp = fieldText(f, "warp") == "1";
    record.divergences.push_back(std::move(d));
}

/// The "traffic" and "barrier_site" lines, which belong to the launch before them (ignored before any launch).
void readLaunchDetail(const std::string& word, const std::string& line, RunRecord& record) {
    if (record.launches.empty()) return;
    const auto f = parseFields(line);
    if (word == "traffic") record.launches.back().traffic[fieldText(f, "buffer")] = readFields(f, kTrafficSlots);
    else record.launches.back().barrierSites[static_cast<int>(number(f, "line"))] = number(f, "arrivals");
}

/// Reads one line of the record's text into `record`; a word it does not know is skipped.
void readRecordLine(const std::string& word, const std::string& line, RunRecord& record) {
    if (word == "end") record.complete = true;
    else if (word == "started") record.started = true;
    else if (word == "written") record.writtenC = line.substr(line.rfind(' ') + 1);
    else if (word == "cuda_error") {
        const auto f = parseFields(line);
        record.cudaErrors.emplace_back(fieldText(f, "when"), fieldText(f, "name"));
    } else if (word == "fault") readFault(line, record);
    else if (word == "launch") record.launches.push_back(readFields(parseFields(line), kLaunchSlots));
    else if (word == "traffic" || word == "barrier_site") readLaunchDetail(word, line, record);
    else if (word == "hazard") {
        const auto f = parseFields(line);
        record.hazards.push_back(readFields(f, kHazardSlots));
        record.hazards.back().bothWrite = fieldText(f, "kind") == "write-write";
    } else if (word == "uninitialized") record.uninitialized.push_back(readFields(parseFields(line), kUninitializedSlots));
    else if (word == "divergence") readDivergence(line, record);
    else if (word == "partial_barrier") record.partialBarriers.push_back(readFields(parseFields(line), kPartialBarrierSlots));
    else if (word == "write_conflict") record.writeConflicts.push_back(readFields(parseFields(line), kWriteConflictSlots));
    else if (word == "gflops") record.gflops.push_back(parseFields(line));
    else if (word == "timing") record.timing = parseFields(line);
    else if (word == "speedup") record.speedup = parseFields(line);
    else if (word == "events") record.events = parseFields(line);
    else if (word.rfind("tilemap", 0) == 0) record.tilemap.push_back(line);
    else if (word == "context") {
        const auto f = parseFields(line);
        record.contextBeginNs = number(f, "begin_ns");
        record.contextReadyNs = number(f, "ready_ns");
    } else if (word == "work") {
        record.workEndNs = number(parseFields(line), "end_ns");
    }
}

}  // namespace

void parseRunRecord(const std::string& bytes, RunRecord& record) {
    size_t pos = 0;
    while (pos < bytes.size()) {
        size_t eol = bytes.find('\n', pos);
        if (eol == std::string::npos) eol = bytes.size();
        const std::string line = bytes.substr(pos, eol - pos);
        pos = eol + 1;
        const std::string word = line.substr(0, line.find(' '));
        if (word != "output") readRecordLine(word, line, record);
        else if (!readOutput(bytes, line, pos, record)) return;
    }
}

}  // namespace grader

namespace grader {

std::string deviceFailure(const RunRecord& record) {
    // Errors that hardware, drivers or the machine cause; a student's kernel cannot (an illegal address or a
    // failed launch can be the student's, and stay a verdict).
    static const std::set<std::string> kDeviceErrors = {
        "cudaErrorNoDevice",           "cudaErrorDevicesUnavailable", "cudaErrorInsufficientDriver",
        "cudaErrorSystemNotReady",     "cudaErrorSystemDriverMismatch", "cudaErrorECCUncorrectable",
        "cudaErrorInitializationError", "cudaErrorStartupFailure",     "cudaErrorCompatNotSupportedOnDevice",
        "cudaErrorNvlinkUncorrectable"};
    for (const auto& [when, name] : record.cudaErrors) {
        if (kDeviceErrors.count(name)) return name + " after the " + when;
        if (when == "setup") return name + " while the grader prepared the inputs, before your code ran";
    }
    for (const auto& launch : record.launches)
        if (kDeviceErrors.count(launch.error)) return launch.error + " at a kernel launch";
    return "";
}

}  // namespace grader
