// The tile map's model: parsing the record, the correct kernel's tiles, and
// the sentences comparing them (see tilemap.h).
#include "tilemap/tilemap.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "backend/run_record.h"
#include "core/escape.h"

namespace grader {

namespace {

struct Box {
    long r0 = 0, r1 = -1, c0 = 0, c1 = -1;
    bool empty() const { return r1 < r0; }
};

Box boxOf(const CellCounts& cells, int n) {
    Box b;
    bool first = true;
    for (const auto& [index, count] : cells) {
        const long r = index / n, c = index % n;
        if (first) b = {r, r, c, c};
        b.r0 = std::min(b.r0, r), b.r1 = std::max(b.r1, r), b.c0 = std::min(b.c0, c), b.c1 = std::max(b.c1, c);
        first = false;
    }
    return b;
}

std::string range(long a, long b) { return a == b ? std::to_string(a) : std::to_string(a) + ".." + std::to_string(b); }

CellCounts parseCells(const std::string& text) {
    CellCounts cells;
    std::stringstream items(text);
    for (std::string item; std::getline(items, item, ',');) {
        const size_t colon = item.find(':');
        if (colon == std::string::npos) continue;
        cells[std::atol(item.c_str())] = std::strtoull(item.c_str() + colon + 1, nullptr, 10);
    }
    return cells;
}

std::vector<uint64_t> parseCounts(const std::string& text) {
    std::vector<uint64_t> counts;
    std::stringstream items(text);
    for (std::string item; std::getline(items, item, ',');) counts.push_back(std::strtoull(item.c_str(), nullptr, 10));
    return counts;
}

std::string plural(uint64_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

/// Where `cells` lie: "A[0..15][16..31]" when they fill that rectangle, else "rows 0..15, columns 3..40".
std::string whereText(const char* matrix, const CellCounts& cells, int n) {
    const std::string rect = rectangleText(matrix, cells, n);
    if (!rect.empty()) return rect;
    const Box b = boxOf(cells, n);
    return std::string("rows ") + range(b.r0, b.r1) + ", columns " + range(b.c0, b.c1) + " of " + matrix;
}

/// The sentence about one input matrix's loads in the phase.
std::string loadsSentence(const char* matrix, const CellCounts& actual, const CellCounts& expected, int n) {
    const std::string want = rectangleText(matrix, expected, n) + ", " + std::to_string(expected.size()) + " elements, each once";
    const std::string head = std::string(matrix) + ": ";
    if (actual.empty()) return head + "your block loaded nothing from " + matrix + " in this phase; a correct tiled kernel loads " + want + ".";
    uint64_t loads = 0, most = 0, repeated = 0, outside = 0, missing = 0;
    for (const auto& [index, count] : actual) {
        loads += count;
        most = std::max(most, count);
        repeated += count > 1;
        outside += !expected.count(index);
    }
    for (const auto& [index, count] : expected) missing += !actual.count(index);
    if (!outside && !missing && !repeated)
        return head + rectangleText(matrix, expected, n) + ", each of its " + std::to_string(expected.size()) +
               " elements once, as a correct tiled kernel loads it.";
    std::string text = head + "your block loaded " + plural(actual.size(), "element", "elements") + " (" +
                       plural(loads, "load", "loads") + ") in " + whereText(matrix, actual, n) + "; a correct tiled kernel loads " + want;
    std::vector<std::string> notes;
    if (missing) notes.push_back(std::to_string(missing) + " of its elements were not loaded");
    if (outside) notes.push_back(std::to_string(outside) + " loaded elements lie outside that tile");
    if (repeated == actual.size()) notes.push_back("every element was loaded " + (most == loads / actual.size() ? std::to_string(most) + " times" : "up to " + std::to_string(most) + " times"));
    else if (repeated) notes.push_back(std::to_string(repeated) + " elements were loaded more than once (up to " + std::to_string(most) + " times)");
    if (!notes.empty()) notes[0][0] = static_cast<char>(std::toupper(static_cast<unsigned char>(notes[0][0])));
    for (size_t i = 0; i < notes.size(); ++i) text += (i == 0 ? ". " : "; ") + notes[i];
    return text + ".";
}

std::string threadName(size_t linear, const unsigned dim[3]) {
    const size_t x = std::max(1u, dim[0]), y = std::max(1u, dim[1]);  // a record may say 0
    std::string text = "(" + std::to_string(linear % x) + "," + std::to_string((linear / x) % y);
    if (dim[2] > 1) text += "," + std::to_string(linear / (x * y));
    return text + ")";
}

std::string threadsSentence(const TileMap& map) {
    const size_t threads = map.threads();
    auto at = [](const std::vector<uint64_t>& v, size_t i) { return i < v.size() ? v[i] : 0; };
    size_t active = 0, busiest = 0;
    bool allOne = true, allSame = true;
    // Past the recorded counts every thread loaded nothing: one of them says as much as all (a record may claim 2^32 threads).
    const size_t looked = std::min(threads, std::max(map.threadA.size(), map.threadB.size()) + 1);
    for (size_t t = 0; t < looked; ++t) {
        const uint64_t a = at(map.threadA, t), b = at(map.threadB, t);
        active += (a + b) > 0;
        allOne &= a == 1 && b == 1;
        allSame &= a == at(map.threadA, 0) && b == at(map.threadB, 0);
        if (a + b > at(map.threadA, busiest) + at(map.threadB, busiest)) busiest = t;
    }
    const std::string correct = "in a correct tiled kernel each thread loads 1 element of A and 1 of B per phase";
    if (allOne) return "threads: each of the " + std::to_string(threads) + " threads loaded 1 element of A and 1 of B, as in a correct tiled kernel.";
    if (active == 0) return "threads: none loaded anything in this phase; " + correct + ".";
    if (allSame)
        return "threads: each of the " + std::to_string(threads) + " threads loaded " + std::to_string(at(map.threadA, 0)) + " of A and " +
               std::to_string(at(map.threadB, 0)) + " of B; " + correct + ".";
    return "threads: " + std::to_string(active) + " of the " + std::to_string(threads) + " threads loaded something (thread " +
           threadName(busiest, map.blockDim) + " the most: " + std::to_string(at(map.threadA, busiest)) + " of A and " +
           std::to_string(at(map.threadB, busiest)) + " of B); " + correct + ".";
}

std::string storesSentence(const CellCounts& stores, const CellCounts& owned, int n) {
    const std::string own = "C: the block owns " + rectangleText("C", owned, n);
    if (stores.empty()) return own + " and stored none of it.";
    uint64_t outside = 0, missing = 0, repeated = 0;
    for (const auto& [index, count] : stores) {
        outside += !owned.count(index);
        repeated += count > 1;
    }
    for (const auto& [index, count] : owned) missing += !stores.count(index);
    if (!outside && !missing && !repeated) return own + " and stored each of its " + std::to_string(owned.size()) + " elements once.";
    std::string text = own + "; your block stored " + plural(stores.size(), "element", "elements") + " in " + whereText("C", stores, n);
    if (missing) text += "; " + std::to_string(missing) + " of its own elements were not stored";
    if (outside) text += "; " + std::to_string(outside) + " stored elements lie outside its tile";
    if (repeated) text += "; " + std::to_string(repeated) + " elements were stored more than once";
    return text + ".";
}

std::string phaseSentence(const TileMap& map) {
    const std::string p = std::to_string(map.phase);
    if (map.rule == "launch") return "phase " + p + ": the launch with phase = " + p + " (lesson 2 computes one phase per launch).";
    const std::string of = "phase " + p + " of " + std::to_string(map.phases) + ": ";
    if (map.rule == "order")
        return of + "the kernel has no barrier, so each thread's loads are cut into " + std::to_string(map.phases) +
               " equal runs in the order it made them; this is run " + p + ".";
    const int first = map.phase * map.perPhase;
    const std::string before = "before its barrier " + std::to_string(first + map.perPhase);
    return of + "what the block did " + (first == 0 ? before : "after its barrier " + std::to_string(first) + " and " + before) + " (" +
           std::to_string(map.barriers) + " barriers in all, " + std::to_string(map.perPhase) + " per phase).";
}

std::string barriersSentence(const TileMap& map, int lesson) {
    if (lesson == 2)
        return "barriers: " + std::to_string(map.barriers) +
               (map.barriers == 1 ? ", as in a correct kernel (after the loads, before the compute)."
                                  : "; a correct kernel has 1, after the loads and before the compute.");
    const std::string correct = "a correct tiled kernel has 2 per phase, one after the loads and one after the compute";
    if (map.barriers == 0) return "barriers: none; " + correct + ".";
    std::string text = "barriers: " + std::to_string(map.barriers) + " in all";
    if (map.rule != "barriers" || map.perPhase <= 0) return text + "; " + correct + ".";
    text += ", " + std::to_string(map.perPhase) + " per phase";
    if (map.perPhase != 2) return text + "; " + correct + ".";
    const unsigned covered = map.barriers / 2;
    if (covered == static_cast<unsigned>(map.phases)) return text + ", as in a correct tiled kernel.";
    return text + ": enough for " + std::to_string(covered) + " of the " + std::to_string(map.phases) + " phases.";
}

std::string intervalSentence(const BarrierInterval& i) {
    std::string when = i.index == 0 ? "before the first barrier" : "after barrier " + std::to_string(i.index);
    std::string text = "  " + when + ": " + plural(i.loads, "global load", "global loads") + ", " +
                       plural(i.sharedWrites, "shared store", "shared stores") + ", " + plural(i.sharedReads, "shared load", "shared loads");
    if (i.sharedWrites && i.sharedReads)
        text += ". Stores to and loads from the tiles between the same two barriers: a thread may read a slot before its "
                "owner wrote it, or overwrite one another thread still reads (safe only when they touch different words, "
                "as with double buffering)";
    return text + ".";
}

}  // namespace

std::string rectangleText(const char* matrix, const CellCounts& cells, int n) {
    if (cells.empty()) return "";
    const Box b = boxOf(cells, n);
    // The box's area in unsigned arithmetic: a run record may name cells billions of rows apart.
    const auto span = [](long lo, long hi) { return static_cast<unsigned long>(hi) - static_cast<unsigned long>(lo) + 1; };
    unsigned long area = 0;
    if (__builtin_mul_overflow(span(b.r0, b.r1), span(b.c0, b.c1), &area) || area != cells.size()) return "";
    return std::string(matrix) + "[" + range(b.r0, b.r1) + "][" + range(b.c0, b.c1) + "]";
}

Expected<TileMap> parseTileMap(const std::vector<std::string>& lines) {
    TileMap map;
    bool header = false;
    for (const auto& line : lines) {
        const std::string word = line.substr(0, line.find(' '));
        const auto f = parseFields(line);
        if (word == "tilemap") {
            header = true;
            std::sscanf(fieldText(f, "block").c_str(), "%d,%d", &map.blockX, &map.blockY);
            map.phase = std::atoi(fieldText(f, "phase").c_str());
            map.phases = std::max(1, std::atoi(fieldText(f, "phases").c_str()));
            map.barriers = static_cast<unsigned>(std::atol(fieldText(f, "barriers").c_str()));
            map.perPhase = std::atoi(fieldText(f, "per_phase").c_str());
            map.rule = fieldText(f, "rule");
            std::sscanf(fieldText(f, "block_dim").c_str(), "%u,%u,%u", &map.blockDim[0], &map.blockDim[1], &map.blockDim[2]);
            map.recorded = fieldText(f, "recorded") == "1";
            map.truncated = fieldText(f, "truncated") == "1";
        } else if (word == "tilemap_loads") {
            const std::string buffer = fieldText(f, "buffer");
            if (buffer == "A") map.loadsA = parseCells(fieldText(f, "cells"));
            if (buffer == "B") map.loadsB = parseCells(fieldText(f, "cells"));
        } else if (word == "tilemap_threads") {
            const std::string buffer = fieldText(f, "buffer");
            if (buffer == "A") map.threadA = parseCounts(fieldText(f, "counts"));
            if (buffer == "B") map.threadB = parseCounts(fieldText(f, "counts"));
        } else if (word == "tilemap_stores") {
            if (fieldText(f, "buffer") == "C") map.storesC = parseCells(fieldText(f, "cells"));
        } else if (word == "tilemap_interval") {
            BarrierInterval i;
            i.index = std::atoi(fieldText(f, "index").c_str());
            i.phase = std::atoi(fieldText(f, "phase").c_str());
            i.loads = std::strtoull(fieldText(f, "loads").c_str(), nullptr, 10);
            i.sharedReads = std::strtoull(fieldText(f, "shared_reads").c_str(), nullptr, 10);
            i.sharedWrites = std::strtoull(fieldText(f, "shared_writes").c_str(), nullptr, 10);
            map.intervals.push_back(i);
        }
    }
    if (!header) return Error{"", "the run recorded no tile map", "is the kit's emulator runtime older than the grader? rebuild the kit"};
    return map;
}

TileExpectation expectedTiles(int lesson, int n, int tile, int blockX, int blockY, int phase) {
    TileExpectation e;
    e.barriersPerPhase = lesson == 2 ? 1 : 2;
    for (int ty = 0; ty < tile; ++ty) {
        for (int tx = 0; tx < tile; ++tx) {
            const long row = long(blockY) * tile + ty, col = long(blockX) * tile + tx, k = long(phase) * tile;
            e.loadsA[row * n + k + tx] = 1;
            e.loadsB[(k + ty) * n + col] = 1;
            e.ownedC[row * n + col] = 1;
        }
    }
    return e;
}

std::vector<std::string> describeTileMap(const TileMap& map, const TileExpectation& expected, int lesson, int n) {
    std::vector<std::string> lines;
    if (!map.recorded) {
        lines.push_back("block (" + std::to_string(map.blockX) + "," + std::to_string(map.blockY) +
                        ") never ran: your launch's grid has no such block (a correct kernel's grid has n/TILE x n/TILE blocks).");
        return lines;
    }
    lines.push_back(phaseSentence(map));
    lines.push_back(loadsSentence("A", map.loadsA, expected.loadsA, n));
    lines.push_back(loadsSentence("B", map.loadsB, expected.loadsB, n));
    lines.push_back(threadsSentence(map));
    lines.push_back(storesSentence(map.storesC, expected.ownedC, n));
    lines.push_back(barriersSentence(map, lesson));
    if (map.rule != "order") {
        std::string header = "between the block's barriers, in this phase:";
        lines.push_back(header);
        for (const auto& i : map.intervals)
            if (map.rule == "launch" || i.phase == map.phase) lines.push_back(intervalSentence(i));
    }
    if (map.truncated) lines.push_back("(the recording stopped after 4M loads: the counts above are a lower bound)");
    return lines;
}

int defaultTilemapSize(int tile) { return 2 * tile; }

std::string tilemapCommand(const std::string& grader, const Lesson& lesson, const std::string& file, int blockX, int blockY,
                           int phase, std::optional<int> n) {
    std::string command = grader + " tilemap " + lesson.id + " " + shellQuote(file) + " --block " + std::to_string(blockX) + "," +
                          std::to_string(blockY) + " --phase " + std::to_string(phase);
    if (n) command += " --n " + std::to_string(*n);
    return command;
}

}  // namespace grader
