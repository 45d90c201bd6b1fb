// A test helper: runs an emulator call that ends the process (a fault, a
// stack overflow) in a forked child and returns what it printed.
// Non-goal: sandboxing; the child is the test binary itself.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>
#include <utility>

/// Runs `body` in a child process; returns what it wrote to stderr and its exit status (-1 when killed).
inline std::pair<std::string, int> inChild(const std::function<void()>& body) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        dup2(out[1], 2);
        body();
        _exit(0);
    }
    close(out[1]);
    std::string text;
    char buffer[512];
    for (ssize_t got; (got = read(out[0], buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(got));
    close(out[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return {text, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}
