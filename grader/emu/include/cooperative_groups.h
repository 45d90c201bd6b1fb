// Cooperative groups for the cpu emulator: the thread block, its tiles of
// up to 32 threads (tiled_partition), coalesced groups, their sync, ranks,
// shuffles and votes, reduce(), and memcpy_async / wait for a block. A
// tile's operations are the warp intrinsics on the tile's lanes, so they
// have the same rendezvous semantics; a block's sync is __syncthreads().
// Non-goals: grid-wide and multi-grid synchronization (a cooperative launch),
// tiles larger than a warp, cluster groups; each is reported as not
// supported by the emulator.
#pragma once

#include "cuemu/cuda_emu.h"

CUEMU_DEVICE_CODE_BEGIN

namespace cooperative_groups {

namespace details {
/// The lanes of the caller's warp that belong to its tile of `size` lanes.
inline unsigned tileMask(unsigned size) {
    if (size >= 32) return 0xffffffffu;
    const unsigned base = ::cuemu::laneIndex() / size * size;
    return ((1u << size) - 1u) << base;
}
inline unsigned linearThreadInBlock() { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
}  // namespace details

/// Any group of threads: what every group can do.
class thread_group {
public:
    explicit thread_group(unsigned mask = 0xffffffffu, unsigned tileSize = 32, bool wholeBlock = false)
        : mask_(mask), tileSize_(tileSize), wholeBlock_(wholeBlock) {}
    void sync(int line = __builtin_LINE()) const {
        if (wholeBlock_) ::cuemu::syncthreads(line);
        else __syncwarp(mask_, line);
    }
    unsigned long long size() const {
        return wholeBlock_ ? (unsigned long long)blockDim.x * blockDim.y * blockDim.z : (unsigned long long)__builtin_popcount(mask_);
    }
    unsigned long long num_threads() const { return size(); }
    unsigned long long thread_rank() const {
        if (wholeBlock_) return details::linearThreadInBlock();
        return (unsigned long long)__builtin_popcount(mask_ & ((1u << ::cuemu::laneIndex()) - 1u));
    }
    bool is_valid() const { return true; }

protected:
    unsigned mask_;
    unsigned tileSize_;
    bool wholeBlock_;
};

/// The threads of the running block.
class thread_block : public thread_group {
public:
    thread_block() : thread_group(0xffffffffu, 0, true) {}
    static unsigned long long size() { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
    static unsigned long long num_threads() { return size(); }
    static unsigned long long thread_rank() { return details::linearThreadInBlock(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 group_dim() { return blockDim; }
    static dim3 dim_threads() { return blockDim; }
};

/// The running thread's block.
inline thread_block this_thread_block() { return thread_block(); }

/// A tile of `Size` consecutive threads of a warp (Size a power of two, at most 32).
template <unsigned Size, class Parent = void>
class thread_block_tile : public thread_group {
    static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0, "a tile of the emulator has 1, 2, 4, 8, 16 or 32 threads");

public:
    thread_block_tile() : thread_group(details::tileMask(Size), Size, false) {}
    template <class P>
    thread_block_tile(const thread_block_tile<Size, P>&) : thread_block_tile() {}
    void sync(int line = __builtin_LINE()) const { __syncwarp(mask_, line); }
    static constexpr unsigned long long size() { return Size; }
    static constexpr unsigned long long num_threads() { return Size; }
    unsigned long long thread_rank() const { return ::cuemu::laneIndex() % Size; }
    unsigned long long meta_group_rank() const { return details::linearThreadInBlock() / Size; }
    unsigned long long meta_group_size() const { return (thread_block::size() + Size - 1) / Size; }
    template <class T>
    T shfl(T var, int srcRank, int line = __builtin_LINE()) const { return __shfl_sync(mask_, var, srcRank, Size, line); }
    template <class T>
    T shfl_down(T var, unsigned delta, int line = __builtin_LINE()) const { return __shfl_down_sync(mask_, var, delta, Size, line); }
    template <class T>
    T shfl_up(T var, unsigned delta, int line = __builtin_LINE()) const { return __shfl_up_sync(mask_, var, delta, Size, line); }
    template <class T>
    T shfl_xor(T var, unsigned laneMask, int line = __builtin_LINE()) const { return __shfl_xor_sync(mask_, var, int(laneMask), Size, line); }
    int any(int predicate, int line = __builtin_LINE()) const { return __any_sync(mask_, predicate, line); }
    int all(int predicate, int line = __builtin_LINE()) const { return __all_sync(mask_, predicate, line); }
    unsigned ballot(int predicate, int line = __builtin_LINE()) const {
        return __ballot_sync(mask_, predicate, line) >> (::cuemu::laneIndex() / Size * Size % 32);
    }
    template <class T>
    unsigned match_any(T value, int line = __builtin_LINE()) const {
        return __match_any_sync(mask_, value, line) >> (::cuemu::laneIndex() / Size * Size % 32);
    }
    template <class T>
    unsigned match_all(T value, int& pred, int line = __builtin_LINE()) const {
        return __match_all_sync(mask_, value, &pred, line) >> (::cuemu::laneIndex() / Size * Size % 32);
    }
};

/// Splits `parent` (a block, or a larger tile) into tiles of `Size` threads.
template <unsigned Size, class Parent>
thread_block_tile<Size, Parent> tiled_partition(const Parent&) {
    return thread_block_tile<Size, Parent>();
}

/// The same, with the size given at run time (a power of two, at most 32).
inline thread_group tiled_partition(const thread_group&, unsigned tileSize) {
    if (tileSize == 0 || tileSize > 32 || (tileSize & (tileSize - 1)))
        ::cuemu::unsupported("cooperative_groups::tiled_partition with a size that is not a power of two up to 32");
    return thread_group(details::tileMask(tileSize), tileSize, false);
}

/// The threads of the caller's warp that are active now.
class coalesced_group : public thread_group {
public:
    coalesced_group() : thread_group(__activemask(), 32, false) {}
    template <class T>
    T shfl(T var, int srcRank, int line = __builtin_LINE()) const {
        unsigned m = mask_;  // the lane of the srcRank-th member
        for (int i = 0; i < srcRank && m; ++i) m &= m - 1;
        return __shfl_sync(mask_, var, m ? __builtin_ctz(m) : 0, 32, line);
    }
    unsigned ballot(int predicate, int line = __builtin_LINE()) const { return __ballot_sync(mask_, predicate, line); }
    int any(int predicate, int line = __builtin_LINE()) const { return __any_sync(mask_, predicate, line); }
    int all(int predicate, int line = __builtin_LINE()) const { return __all_sync(mask_, predicate, line); }
};

/// The active threads of the caller's warp.
inline coalesced_group coalesced_threads() { return coalesced_group(); }

/// The whole grid: its ranks; its sync needs a cooperative launch.
class grid_group {
public:
    void sync(int line = __builtin_LINE()) const {
        ::cuemu::unsupported("grid-wide synchronization (cooperative_groups::grid_group::sync)", line);
    }
    unsigned long long size() const {
        return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
    }
    unsigned long long num_threads() const { return size(); }
    unsigned long long thread_rank() const {
        const unsigned long long block = (blockIdx.z * (unsigned long long)gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
        return block * thread_block::size() + details::linearThreadInBlock();
    }
    dim3 group_dim() const { return gridDim; }
    bool is_valid() const { return false; }
};

/// The running grid.
inline grid_group this_grid() { return grid_group(); }

/// Synchronizes `group` (cg::sync(block) and the like).
template <class Group>
void sync(const Group& group, int line = __builtin_LINE()) {
    group.sync(line);
}

}  // namespace cooperative_groups

#include "cooperative_groups/reduce.h"
#include "cooperative_groups/memcpy_async.h"

CUEMU_DEVICE_CODE_END
