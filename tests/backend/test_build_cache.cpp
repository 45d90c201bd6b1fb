// The build cache's lock for a build the threads of one process share (a
// lesson's harness): one lock per key, so one lesson's build never holds up
// another's.
#include <doctest/doctest.h>

#include <future>
#include <mutex>

#include "backend/build_cache.h"

using namespace grader;

namespace {

/// Whether another thread could take `lock` now (it is given back at once).
bool freeForAnotherThread(std::mutex& lock) {
    return std::async(std::launch::async, [&lock] {
               if (!lock.try_lock()) return false;
               lock.unlock();
               return true;
           }).get();
}

}  // namespace

TEST_CASE("a build key names one lock, and different keys name different locks") {
    CHECK(&buildLock("gpu-harness-lesson1-aa") == &buildLock("gpu-harness-lesson1-aa"));
    CHECK(&buildLock("gpu-harness-lesson1-aa") != &buildLock("gpu-harness-lesson3-aa"));
    CHECK(&buildLock("gpu-harness-lesson1-aa") != &buildLock("gpu-harness-lesson1-bb"));  // other flags, another build
}

TEST_CASE("while one lesson's build holds its lock, another lesson's build can start and the same one waits") {
    std::lock_guard<std::mutex> building(buildLock("gpu-harness-lesson2-cc"));
    CHECK(freeForAnotherThread(buildLock("gpu-harness-lesson4-cc")));
    CHECK_FALSE(freeForAnotherThread(buildLock("gpu-harness-lesson2-cc")));
}
