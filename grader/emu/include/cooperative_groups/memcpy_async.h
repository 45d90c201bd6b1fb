// cooperative_groups::memcpy_async and wait for the cpu emulator: the
// group's threads each copy their share of the bytes (so each thread's
// loads are counted as the GPU's copy engine spreads them), and wait() is
// the group's sync, after which the copy may be read.
// Non-goals: cuda::pipeline, cuda::barrier and the TMA bulk copies.
#pragma once

#include <cstddef>

CUEMU_DEVICE_CODE_BEGIN

#include "cooperative_groups.h"

namespace cooperative_groups {

/// Starts copying `bytes` from `source` to `destination`, shared by `group`'s threads.
template <class Group>
void memcpy_async(const Group& group, void* destination, const void* source, size_t bytes) {
    const size_t rank = size_t(group.thread_rank()), threads = size_t(group.size());
    if (bytes % 4 == 0 && reinterpret_cast<::cuemu::uintptr_t>(destination) % 4 == 0 && reinterpret_cast<::cuemu::uintptr_t>(source) % 4 == 0) {
        auto* to = static_cast<float*>(destination);
        const auto* from = static_cast<const float*>(source);
        for (size_t i = rank; i < bytes / 4; i += threads) to[i] = from[i];
    } else {
        auto* to = static_cast<char*>(destination);
        const auto* from = static_cast<const char*>(source);
        for (size_t i = rank; i < bytes; i += threads) to[i] = from[i];
    }
}

/// Waits for the group's copies: the group synchronizes.
template <class Group>
void wait(const Group& group, int line = __builtin_LINE()) {
    group.sync(line);
}

/// Waits for all but the last `count` copies: the emulator's copies are done, so a sync.
template <unsigned Count, class Group>
void wait_prior(const Group& group, int line = __builtin_LINE()) {
    group.sync(line);
}

}  // namespace cooperative_groups

CUEMU_DEVICE_CODE_END
