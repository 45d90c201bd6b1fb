// Recording one block's loads for the tile map (see tilemap.h).
#include "tilemap.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "memory.h"
#include "scheduler.h"
#include "stats.h"

namespace cuemu {

namespace {

constexpr size_t kMaxLoads = size_t(4) << 20;  ///< raw loads kept; beyond, the record says "truncated"

struct Target {
    unsigned x = 0, y = 0;
    int phase = 0, phases = 1, perPhase = 2;
};

/// One global load of the recorded block.
struct Load {
    uint16_t buffer;
    uint16_t thread;
    uint32_t interval;  ///< the block's barriers passed before it
    uint32_t ordinal;   ///< the thread's loads before it
    uint32_t word;
};

/// What happened between two of the block's barriers.
struct Interval {
    uint64_t loads = 0, sharedReads = 0, sharedWrites = 0;
};

Target target;
long launchIndex = -1;  ///< the launch (in stats().launches) whose block is recorded
unsigned recordedThreads = 0;
dim3 blockShape;
bool truncated = false;
std::vector<Load> loads;
std::vector<uint32_t> ordinals;  ///< per thread: loads so far
std::map<std::pair<int, uint32_t>, uint64_t> stores;  ///< (buffer, word) -> stores
std::map<uint32_t, Interval> intervals;

bool parseTarget(const char* spec) {
    Target t;
    if (!spec || std::sscanf(spec, "%u,%u,%d,%d,%d", &t.x, &t.y, &t.phase, &t.phases, &t.perPhase) != 5 || t.phases <= 0 ||
        t.perPhase <= 0)
        return false;
    target = t;
    launchIndex = -1;
    return true;
}

/// True when the running thread belongs to the recorded block; starts a fresh record for a new launch.
bool inTarget() {
    if (!current || current->bIdx.x != target.x || current->bIdx.y != target.y || current->bIdx.z != 0) return false;
    const long launch = static_cast<long>(stats().launches.size()) - 1;
    if (launch != launchIndex) {
        launchIndex = launch;
        blockShape = current->bDim;
        recordedThreads = blockShape.x * blockShape.y * blockShape.z;
        loads.clear();
        ordinals.assign(recordedThreads, 0);
        stores.clear();
        intervals.clear();
        truncated = false;
    }
    return true;
}

/// The phase a barrier interval belongs to, `perPhase` intervals a phase.
int phaseOfInterval(uint32_t interval, int perPhase) {
    return std::min(target.phases - 1, static_cast<int>(interval / perPhase));
}

/// The phase of each load, by the rule of tilemap.h; `rule` and `perPhase` say which was used.
std::vector<int> phasesOf(uint32_t barriers, std::string& rule, int& perPhase) {
    std::vector<int> phase(loads.size(), 0);
    perPhase = 0;
    if (target.phases == 1) {
        rule = "launch";
        return phase;
    }
    if (barriers > 0) {
        rule = "barriers";
        perPhase = target.perPhase;
        std::vector<uint32_t> stored;  // the intervals in which the block stored to shared memory
        for (const auto& [index, i] : intervals)
            if (i.sharedWrites) stored.push_back(index);
        if (stored.size() >= 2) perPhase = static_cast<int>(stored[1] - stored[0]);
        for (size_t i = 0; i < loads.size(); ++i)
            phase[i] = phaseOfInterval(loads[i].interval, perPhase);
        return phase;
    }
    rule = "order";
    for (size_t i = 0; i < loads.size(); ++i) {
        const uint64_t total = ordinals[loads[i].thread];
        phase[i] = total ? static_cast<int>(uint64_t(loads[i].ordinal) * target.phases / total) : 0;
    }
    return phase;
}

}  // namespace

bool tilemapArmed = parseTarget(std::getenv("CUEMU_TILEMAP"));

bool armTilemap(const char* spec) { return tilemapArmed = parseTarget(spec); }

void tilemapGlobal(int buffer, size_t word, size_t words, bool write) {
    if (!inTarget() || buffer < 0) return;
    if (write) {
        for (size_t w = 0; w < words; ++w) ++stores[{buffer, static_cast<uint32_t>(word + w)}];
        return;
    }
    const uint32_t thread = currentThread->linear;
    const uint32_t interval = blockBarrierIndex();
    intervals[interval].loads += words;
    const uint32_t ordinal = ordinals[thread]++;
    for (size_t w = 0; w < words; ++w) {
        if (loads.size() >= kMaxLoads) {
            truncated = true;
            return;
        }
        loads.push_back({static_cast<uint16_t>(buffer), static_cast<uint16_t>(thread), interval, ordinal,
                         static_cast<uint32_t>(word + w)});
    }
}

void tilemapShared(bool write) {
    if (!inTarget()) return;
    Interval& i = intervals[blockBarrierIndex()];
    ++(write ? i.sharedWrites : i.sharedReads);
}

void writeTilemap(std::FILE* record) {
    if (!tilemapArmed || !record) return;
    const uint32_t barriers =
        launchIndex >= 0 && launchIndex < long(stats().launches.size()) ? stats().launches[launchIndex].maxThreadBarriers : 0;
    std::string rule;
    int perPhase = 0;
    const std::vector<int> phase = phasesOf(barriers, rule, perPhase);
    std::fprintf(record, "tilemap block=%u,%u phase=%d phases=%d barriers=%u per_phase=%d rule=%s block_dim=%u,%u,%u recorded=%d truncated=%d\n",
                 target.x, target.y, target.phase, target.phases, barriers, perPhase, rule.c_str(), blockShape.x, blockShape.y,
                 blockShape.z, launchIndex >= 0 ? 1 : 0, truncated ? 1 : 0);
    std::map<int, std::map<uint32_t, uint64_t>> cells;    // buffer -> word -> loads in the phase
    std::map<int, std::vector<uint64_t>> perThread;       // buffer -> thread -> loads in the phase
    for (size_t i = 0; i < loads.size(); ++i) {
        if (phase[i] != target.phase) continue;
        ++cells[loads[i].buffer][loads[i].word];
        auto& counts = perThread[loads[i].buffer];
        if (counts.empty()) counts.assign(recordedThreads, 0);
        ++counts[loads[i].thread];
    }
    for (const auto& [buffer, words] : cells) {
        std::fprintf(record, "tilemap_loads buffer=%s cells=", bufferName(buffer).c_str());
        bool first = true;
        for (const auto& [word, count] : words) {
            std::fprintf(record, "%s%u:%llu", first ? "" : ",", word, static_cast<unsigned long long>(count));
            first = false;
        }
        std::fprintf(record, "\n");
    }
    for (const auto& [buffer, counts] : perThread) {
        std::fprintf(record, "tilemap_threads buffer=%s counts=", bufferName(buffer).c_str());
        for (size_t t = 0; t < counts.size(); ++t)
            std::fprintf(record, "%s%llu", t ? "," : "", static_cast<unsigned long long>(counts[t]));
        std::fprintf(record, "\n");
    }
    std::map<int, std::string> storeLines;
    for (const auto& [key, count] : stores)
        storeLines[key.first] += (storeLines[key.first].empty() ? "" : ",") + std::to_string(key.second) + ":" + std::to_string(count);
    for (const auto& [buffer, text] : storeLines)
        std::fprintf(record, "tilemap_stores buffer=%s cells=%s\n", bufferName(buffer).c_str(), text.c_str());
    for (const auto& [index, i] : intervals) {
        const int p = rule == "barriers" ? phaseOfInterval(index, perPhase) : -1;
        std::fprintf(record, "tilemap_interval index=%u phase=%d loads=%llu shared_reads=%llu shared_writes=%llu\n", index, p,
                     static_cast<unsigned long long>(i.loads), static_cast<unsigned long long>(i.sharedReads),
                     static_cast<unsigned long long>(i.sharedWrites));
    }
}

}  // namespace cuemu
