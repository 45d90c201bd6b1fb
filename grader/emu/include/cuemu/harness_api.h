// What the grader's harness (not the student) asks of the cpu emulator: the
// record file, buffer names, and the virtual clock used for lesson 4.
// Non-goal: anything a student's file should call.
#pragma once

#include <cstdio>
#include <string>

namespace cuemu {

/// Routes the emulator's record lines (and any fault) to `record`.
void attachRecord(std::FILE* record);
/// Writes the summary of every launch, hazard and divergence to the record.
void writeSummary();
/// Names a buffer allocated with cudaMalloc, for reports ("A", "B", "C").
void nameBuffer(const void* ptr, const char* name);
/// "0"/"1" per element: written by the last launch, for buffer `name`.
std::string writtenMapOf(const char* name, unsigned long elements);
/// Sets the virtual duration of launches: the first after reset, and each later one.
void setVirtualLaunchCost(double firstMs, double laterMs);
/// Resets the virtual clock and the launch counter.
void resetVirtualClock();
/// Kernel launches since the last reset.
int virtualLaunchCount();
/// The virtual host clock, in milliseconds.
double virtualHostMs();
/// How many times cudaDeviceReset destroyed the context since the process began.
int deviceResets();
/// Events created and not yet destroyed (cudaDeviceReset destroys them all).
int liveEventCount();

}  // namespace cuemu
