// The tile map's recording: which global words one chosen block loads in one
// phase, which words it stores, and what it does between its barriers. Armed
// by the environment variable CUEMU_TILEMAP="X,Y,P,PHASES,PER_PHASE" (block
// (X,Y), phase P of PHASES, PER_PHASE barriers per phase in a correct
// kernel), which `grader tilemap` sets; unarmed, each hook is one test of a
// global flag, so grading pays nothing.
//
// What "phase" means on the emulator. A thread of the block does its global
// loads between barriers; the block's barrier intervals are numbered from 0
// (before the first __syncthreads()). With B barriers in all:
//   - PHASES = 1 (lesson 2: one launch is one phase): every load is phase 0;
//   - B > 0: a load in interval i belongs to phase i / b, where b is the
//     distance between the first two intervals in which the block stores to
//     shared memory (the tiles are stored once a phase: 2 for the lesson's
//     kernel, 1 with a barrier missing or with double buffering, more with
//     extra barriers), or PER_PHASE when it stores in fewer than two (a loop
//     that runs once, or one that starts at phase 1);
//   - B = 0 (no barrier at all): each thread's loads are cut into PHASES equal
//     runs in the order the thread made them.
// The rule used is written to the record, so the picture can say it.
// Non-goals: more than one block; loads of launches other than the last one
// that ran the block; blocks with z > 0.
#pragma once

#include <cstddef>
#include <cstdio>

namespace cuemu {

/// True when CUEMU_TILEMAP names a block to record (read once, at start-up).
extern bool tilemapArmed;

/// Arms the recording for `spec` ("X,Y,P,PHASES,PER_PHASE", as CUEMU_TILEMAP); false when malformed. For tests.
bool armTilemap(const char* spec);

/// Records `words` 4-byte words at `word` of buffer `buffer`, loaded or stored by the running thread.
void tilemapGlobal(int buffer, size_t word, size_t words, bool write);

/// Records one shared-memory load or store of the running thread.
void tilemapShared(bool write);

/// Writes the "tilemap" lines of the record (nothing when not armed).
void writeTilemap(std::FILE* record);

}  // namespace cuemu
