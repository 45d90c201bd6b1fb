// Build slots with two priorities: a condition variable over a count and the
// waiting builds' priority flags.
#include "batch/build_slots.h"

#include <algorithm>
#include <thread>

namespace grader {

BuildSlots::BuildSlots(int count) : free_(std::max(1, count)) {}

bool BuildSlots::anyNowWaiting() const {
    return std::any_of(waiting_.begin(), waiting_.end(), [](const std::atomic<bool>* now) { return now->load(); });
}

void BuildSlots::acquire(const std::atomic<bool>& now) {
    std::unique_lock<std::mutex> lock(mutex_);
    waiting_.push_back(&now);
    freed_.wait(lock, [&] { return free_ > 0 && (now.load() || !anyNowWaiting()); });
    waiting_.erase(std::find(waiting_.begin(), waiting_.end(), &now));
    --free_;
    if (free_ > 0) freed_.notify_all();  // an ahead build held back by this one may go now
}

void BuildSlots::release() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        ++free_;
    }
    freed_.notify_all();
}

void BuildSlots::priorityRaised() {
    { std::lock_guard<std::mutex> lock(mutex_); }
    freed_.notify_all();
}

int BuildSlots::waiting() {
    std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<int>(waiting_.size());
}

BuildSlots& BuildSlots::machine() {
    static BuildSlots slots(static_cast<int>(std::thread::hardware_concurrency()));
    return slots;
}

}  // namespace grader
