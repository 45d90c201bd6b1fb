// Warp intrinsic results, lane by lane.
#include "warp.h"

namespace cuemu {

namespace {

bool inGroup(uint32_t group, uint32_t lane) { return lane < 32 && (group >> lane & 1u); }

/// shfl.sync's source lane for `lane` (PTX ISA, "shfl.sync"); `lane` itself when out of range.
uint32_t shuffleSource(const WarpCall& call, uint32_t lane) {
    const uint32_t b = call.b & 31u, clamp = call.c & 31u, segmask = (call.c >> 8) & 31u;
    const uint32_t maxLane = (lane & segmask) | (clamp & ~segmask);
    const uint32_t minLane = lane & segmask;
    uint32_t j = lane;
    bool valid = false;
    switch (call.op) {
        case WarpOp::ShflUp: j = lane - b; valid = int(j) >= int(maxLane); break;
        case WarpOp::ShflDown: j = lane + b; valid = j <= maxLane; break;
        case WarpOp::ShflXor: j = lane ^ b; valid = j <= maxLane; break;
        case WarpOp::ShflIdx: j = minLane | (b & ~segmask); valid = j <= maxLane; break;
        default: break;
    }
    return valid ? j : lane;
}

}  // namespace

uint64_t warpResult(const WarpCall calls[32], uint32_t group, int laneIndex) {
    const uint32_t lane = uint32_t(laneIndex);
    const WarpCall& me = calls[lane];
    const uint32_t members = group & (me.mask | (1u << lane));
    switch (me.op) {
        case WarpOp::Sync: return 0;
        case WarpOp::ShflIdx:
        case WarpOp::ShflUp:
        case WarpOp::ShflDown:
        case WarpOp::ShflXor: {
            const uint32_t from = shuffleSource(me, lane);
            return inGroup(group, from) ? calls[from].value : me.value;  // an inactive source: undefined on a GPU
        }
        default: break;
    }
    uint64_t ballot = 0, reduced = 0;
    bool first = true, allEqual = true;
    for (uint32_t l = 0; l < 32; ++l) {
        if (!inGroup(members, l)) continue;
        const uint64_t v = calls[l].value;
        if (v) ballot |= 1ull << l;
        if (v != me.value) allEqual = false;
        if (first) {
            reduced = v;
            first = false;
            continue;
        }
        switch (me.op) {
            case WarpOp::ReduceAdd: reduced = uint32_t(reduced + v); break;
            case WarpOp::ReduceMin: reduced = std::min(uint32_t(reduced), uint32_t(v)); break;
            case WarpOp::ReduceMax: reduced = std::max(uint32_t(reduced), uint32_t(v)); break;
            case WarpOp::ReduceMinSigned: reduced = uint32_t(std::min(int32_t(reduced), int32_t(v))); break;
            case WarpOp::ReduceMaxSigned: reduced = uint32_t(std::max(int32_t(reduced), int32_t(v))); break;
            case WarpOp::ReduceAnd: reduced &= v; break;
            case WarpOp::ReduceOr: reduced |= v; break;
            case WarpOp::ReduceXor: reduced ^= v; break;
            default: break;
        }
    }
    switch (me.op) {
        case WarpOp::Ballot: return ballot;
        case WarpOp::Any: return ballot != 0;
        case WarpOp::All: return ballot == members;
        case WarpOp::MatchAny: {
            uint64_t same = 0;
            for (uint32_t l = 0; l < 32; ++l)
                if (inGroup(members, l) && calls[l].value == me.value) same |= 1ull << l;
            return same;
        }
        case WarpOp::MatchAll: return allEqual ? members : 0;
        default: return reduced;
    }
}

const char* warpOpName(WarpOp op) {
    switch (op) {
        case WarpOp::Sync: return "__syncwarp";
        case WarpOp::ShflIdx: return "__shfl_sync";
        case WarpOp::ShflUp: return "__shfl_up_sync";
        case WarpOp::ShflDown: return "__shfl_down_sync";
        case WarpOp::ShflXor: return "__shfl_xor_sync";
        case WarpOp::Ballot: return "__ballot_sync";
        case WarpOp::Any: return "__any_sync";
        case WarpOp::All: return "__all_sync";
        case WarpOp::MatchAny: return "__match_any_sync";
        case WarpOp::MatchAll: return "__match_all_sync";
        default: return "__reduce_*_sync";
    }
}

}  // namespace cuemu
