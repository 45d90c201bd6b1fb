// How many lesson builds run at once on this machine, and which go first: a
// build of a submission being graded ("now") takes a free slot before any
// build of a submission taken in ahead of its turn ("ahead"), and an ahead
// build becomes a now build when its submission's grading begins. The batch
// thus compiles the next submissions while the current ones wait for the GPU,
// without delaying the builds a worker is waiting for.
// Non-goals: fairness among builds of one priority (any waiter may go next),
// preempting a build once it has a slot.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace grader {

/// A counted set of build slots with two priorities.
class BuildSlots {
public:
    /// `count` slots (at least 1).
    explicit BuildSlots(int count);

    /// Waits for a free slot; while `now` is false, also until no waiting build's `now` is true.
    void acquire(const std::atomic<bool>& now);
    /// Gives a slot back.
    void release();
    /// Call after setting a waiting build's `now` to true, so that it is seen at once.
    void priorityRaised();

    /// Builds waiting for a slot now (tests wait for this to see an order).
    int waiting();

    /// The slots every batch worker of this process shares: as many as the machine's cores.
    static BuildSlots& machine();

private:
    bool anyNowWaiting() const;

    std::mutex mutex_;
    std::condition_variable freed_;
    int free_;
    std::vector<const std::atomic<bool>*> waiting_;  ///< the `now` flags of the builds waiting for a slot
};

}  // namespace grader
