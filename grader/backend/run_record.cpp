// Parsing of the run record's lines and binary outputs.
#include "backend/run_record.h"

#include <cmath>
#include <cstring>
#include <set>
#include <sstream>

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

void parseRunRecord(const std::string& bytes, RunRecord& record) {
    size_t pos = 0;
    while (pos < bytes.size()) {
        size_t eol = bytes.find('\n', pos);
        if (eol == std::string::npos) eol = bytes.size();
        const std::string line = bytes.substr(pos, eol - pos);
        pos = eol + 1;
        const std::string word = line.substr(0, line.find(' '));
        if (word == "output") {
            char name[64] = {};
            size_t count = 0;
            if (std::sscanf(line.c_str(), "output %63s %zu", name, &count) != 2 || pos > bytes.size() || count > (bytes.size() - pos) / 4) {
                record.parseError = "a truncated output in the run record";
                return;
            }
            std::vector<float> values(count);
            if (count > 0) std::memcpy(values.data(), bytes.data() + pos, count * 4);  // an empty vector's data() may be null
            record.outputs[name] = std::move(values);
            pos += count * 4 + 1;
        } else if (word == "end") {
            record.complete = true;
        } else if (word == "started") {
            record.started = true;
        } else if (word == "written") {
            size_t space = line.rfind(' ');
            record.writtenC = line.substr(space + 1);
        } else if (word == "cuda_error") {
            auto f = parseFields(line);
            record.cudaErrors.emplace_back(fieldText(f, "when"), fieldText(f, "name"));
        } else if (word == "fault") {
            auto f = parseFields(line, {"message", "feature", "file"});
            FaultRecord fault;
            fault.kind = fieldText(f, "kind");
            fault.pc = number(f, "pc");
            fault.fields = std::move(f);
            record.fault = std::move(fault);
        } else if (word == "launch") {
            auto f = parseFields(line);
            LaunchRecord l;
            l.kernel = fieldText(f, "kernel");
            l.fullBlocks = number(f, "full_blocks");
            parseTriple(fieldText(f, "grid"), l.grid);
            parseTriple(fieldText(f, "block"), l.block);
            l.sharedBytes = number(f, "shmem");
            l.threads = number(f, "threads");
            l.error = fieldText(f, "error");
            l.barriersMin = number(f, "barriers_min");
            l.barriersMax = number(f, "barriers_max");
            l.sharedReads = number(f, "shared_reads");
            l.sharedWrites = number(f, "shared_writes");
            record.launches.push_back(std::move(l));
        } else if (word == "traffic" && !record.launches.empty()) {
            auto f = parseFields(line);
            TrafficRecord& t = record.launches.back().traffic[fieldText(f, "buffer")];
            t.readWords = number(f, "read_words");
            t.writeWords = number(f, "write_words");
            t.minThreadReads = number(f, "min_thread_reads");
            t.maxThreadReads = number(f, "max_thread_reads");
        } else if (word == "barrier_site" && !record.launches.empty()) {
            auto f = parseFields(line);
            record.launches.back().barrierSites[static_cast<int>(number(f, "line"))] = number(f, "arrivals");
        } else if (word == "hazard") {
            auto f = parseFields(line);
            HazardRecord h;
            h.bothWrite = fieldText(f, "kind") == "write-write";
            h.count = number(f, "count");
            h.element = fieldText(f, "element");
            parseTriple(fieldText(f, "writer"), h.writer);
            parseTriple(fieldText(f, "other"), h.other);
            parseTriple(fieldText(f, "block"), h.block);
            h.writerPc = number(f, "writer_pc");
            h.otherPc = number(f, "other_pc");
            h.barrierIndex = number(f, "barrier_index");
            record.hazards.push_back(std::move(h));
        } else if (word == "uninitialized") {
            auto f = parseFields(line);
            UninitializedRecord u;
            u.count = number(f, "count");
            u.element = fieldText(f, "element");
            parseTriple(fieldText(f, "thread"), u.thread);
            parseTriple(fieldText(f, "block"), u.block);
            u.pc = number(f, "pc");
            record.uninitialized.push_back(std::move(u));
        } else if (word == "divergence") {
            auto f = parseFields(line, {"split"});
            DivergenceRecord d;
            d.count = number(f, "count");
            parseTriple(fieldText(f, "block"), d.block);
            std::stringstream lines(fieldText(f, "lines"));
            for (std::string item; std::getline(lines, item, ',');) d.lines.push_back(std::atoi(item.c_str()));
            d.split = fieldText(f, "split");
            d.warp = fieldText(f, "warp") == "1";
            record.divergences.push_back(std::move(d));
        } else if (word == "partial_barrier") {
            auto f = parseFields(line);
            PartialBarrierRecord p;
            p.line = static_cast<int>(number(f, "line"));
            parseTriple(fieldText(f, "block"), p.block);
            p.reached = number(f, "reached");
            p.threads = number(f, "threads");
            parseTriple(fieldText(f, "first"), p.first);
            parseTriple(fieldText(f, "last"), p.last);
            record.partialBarriers.push_back(std::move(p));
        } else if (word == "write_conflict") {
            auto f = parseFields(line);
            WriteConflictRecord c;
            c.buffer = fieldText(f, "buffer");
            c.element = fieldText(f, "element");
            c.count = number(f, "count");
            parseTriple(fieldText(f, "first"), c.first);
            parseTriple(fieldText(f, "first_block"), c.firstBlock);
            parseTriple(fieldText(f, "second"), c.second);
            parseTriple(fieldText(f, "second_block"), c.secondBlock);
            record.writeConflicts.push_back(std::move(c));
        } else if (word == "gflops") {
            record.gflops.push_back(parseFields(line));
        } else if (word == "timing") {
            record.timing = parseFields(line);
        } else if (word == "speedup") {
            record.speedup = parseFields(line);
        } else if (word == "events") {
            record.events = parseFields(line);
        } else if (word.rfind("tilemap", 0) == 0) {
            record.tilemap.push_back(line);
        }
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
