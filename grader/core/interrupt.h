// Ctrl-C (SIGINT) and SIGTERM during a batch: the grader notes the request,
// stops the student programs it is waiting for, publishes no build and keeps
// no result that the interruption may have cut short, and then says how
// many results it kept. Outside a batch the signals keep their default.
// Non-goal: surviving kill -9 (results are written atomically for that).
#pragma once

namespace grader {

/// Catches SIGINT and SIGTERM until the returned guard is destroyed (then the previous handlers are back).
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;
};

/// True once SIGINT or SIGTERM arrived while an InterruptGuard was alive.
bool interrupted();

}  // namespace grader
