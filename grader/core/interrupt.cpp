// The interrupt flag (see interrupt.h): a lock-free atomic set by the handler.
#include "core/interrupt.h"

#include <signal.h>

#include <atomic>

namespace grader {

namespace {

std::atomic<bool> requested{false};
struct sigaction previousInt {}, previousTerm {};

void onSignal(int) { requested.store(true); }

}  // namespace

InterruptGuard::InterruptGuard() {
    requested.store(false);
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGTERM, &previousTerm, nullptr);
}

bool interrupted() { return requested.load(); }

}  // namespace grader
