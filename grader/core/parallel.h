// Running one function over a list with a bounded number of threads, the
// results kept in the list's order (the batch grades a submission's lessons
// this way, the student-kit export compiles its harnesses this way), and the
// share of the cores each of several parallel workers may give its own tools.
// Non-goals: a thread pool that outlives the call; cancellation (the
// function checks for interruption itself).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace grader {

/// The cores each of `workers` running side by side may use for a tool of its own (at least 1), of `cores`.
inline int coresPerWorker(int workers, unsigned cores = std::thread::hardware_concurrency()) {
    return std::max(1, static_cast<int>(cores) / std::max(1, workers));
}

/// `fn(item)` for every item of `items`, at most `atOnce` at a time (1 or less: one after
/// another in the calling thread); returns the results in `items`' order. The first exception
/// a call throws is rethrown once every call has ended.
template <class Item, class Fn>
auto forEachAtOnce(const std::vector<Item>& items, int atOnce, Fn&& fn) -> std::vector<std::invoke_result_t<Fn&, const Item&>> {
    using Result = std::invoke_result_t<Fn&, const Item&>;
    std::vector<Result> results(items.size());
    const size_t threads = std::min(items.size(), static_cast<size_t>(std::max(1, atOnce)));
    if (threads <= 1) {
        for (size_t i = 0; i < items.size(); ++i) results[i] = fn(items[i]);
        return results;
    }
    std::atomic<size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    std::vector<std::thread> pool;
    for (size_t t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (size_t i = next++; i < items.size(); i = next++) {
                try {
                    results[i] = fn(items[i]);
                } catch (...) {
                    std::lock_guard<std::mutex> lock(failureMutex);
                    if (!failure) failure = std::current_exception();
                }
            }
        });
    for (auto& thread : pool) thread.join();
    if (failure) std::rethrow_exception(failure);
    return results;
}

}  // namespace grader
