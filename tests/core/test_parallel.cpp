// forEachAtOnce: every item once, results in order, no more threads at once than asked,
// and an exception reaches the caller only after every call has ended.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "core/parallel.h"

using namespace grader;

namespace {

/// Counts the calls in flight and the most there ever were.
struct InFlight {
    std::atomic<int> now{0}, most{0};
    void enter() {
        const int n = ++now;
        for (int seen = most; n > seen && !most.compare_exchange_weak(seen, n);) {
        }
    }
    void leave() { --now; }
};

}  // namespace

TEST_CASE("forEachAtOnce keeps the list's order and runs at most the asked number at once") {
    const std::vector<int> items = {5, 1, 4, 2, 3, 0, 6, 7};
    for (int atOnce : {1, 3, 8, 20}) {
        CAPTURE(atOnce);
        InFlight flight;
        const auto results = forEachAtOnce(items, atOnce, [&](int item) {
            flight.enter();
            std::this_thread::sleep_for(std::chrono::milliseconds(20 + 5 * item));
            flight.leave();
            return item * 10;
        });
        REQUIRE(results.size() == items.size());
        for (size_t i = 0; i < items.size(); ++i) CHECK(results[i] == items[i] * 10);
        CHECK(flight.most <= std::min<int>(atOnce, int(items.size())));
        if (atOnce > 1) CHECK(flight.most > 1);  // they did overlap
    }
}

TEST_CASE("forEachAtOnce rethrows the first failure after every other call has ended") {
    const std::vector<int> items = {0, 1, 2, 3};
    std::atomic<int> finished{0};
    CHECK_THROWS_WITH(forEachAtOnce(items, 4,
                                    [&](int item) {
                                        if (item == 1) throw std::runtime_error("lesson 2 failed");
                                        std::this_thread::sleep_for(std::chrono::milliseconds(50));
                                        return ++finished;
                                    }),
                      "lesson 2 failed");
    CHECK(finished == 3);
}

TEST_CASE("coresPerWorker shares the cores among parallel workers, never below one each") {
    CHECK(coresPerWorker(1, 16) == 16);
    CHECK(coresPerWorker(16, 16) == 1);
    CHECK(coresPerWorker(4, 16) == 4);
    CHECK(coresPerWorker(3, 16) == 5);
    CHECK(coresPerWorker(32, 16) == 1);
    CHECK(coresPerWorker(0, 8) == 8);   // no worker count: the whole machine
    CHECK(coresPerWorker(4, 0) == 1);   // the cores unknown
}
