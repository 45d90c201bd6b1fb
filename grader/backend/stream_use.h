// Whether a student's file may put work on a CUDA stream other than the
// legacy default one, read from its text. The gpu backend starts a child
// with one hardware work queue (CUDA_DEVICE_MAX_CONNECTIONS=1, a faster
// start) unless the child times launches and its streams could overlap: on
// the legacy default stream alone, every launch, copy and event already runs
// in order, so one queue changes nothing the timers see.
// The reading is deliberately coarse: every way to name another stream
// spells "stream" or "graph" (cudaStream_t, CUstream, cudaStreamPerThread,
// CUDA_API_PER_THREAD_DEFAULT_STREAM, a captured graph), so any identifier
// holding such a word, in code or in a comment, or a token paste (##) that
// could build one, counts as "may"; the C++ library's own I/O streams
// (iostream, std::ostringstream, ...) do not. A false "may" only costs the
// faster start.
// Non-goals: parsing C++; deciding a verdict (it only picks the queues).
#pragma once

#include <string>

namespace grader {

/// True unless `source` certainly uses no stream but the legacy default one (see the file's header).
bool mayUseOtherStreams(const std::string& source);

}  // namespace grader
