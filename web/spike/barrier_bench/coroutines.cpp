// Barrier bench, C++20 coroutines: every CUDA thread is a coroutine that
// co_awaits at each barrier; the block runs its threads in passes.
// Usage (wasm32-wasi): coroutines N REPEATS; prints the checksum of C.
// Non-goal: the emulator (this is a measurement of the switching only).
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "kernel.h"

struct Task {
    struct promise_type {
        Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
        std::suspend_always initial_suspend() { return {}; }
        std::suspend_always final_suspend() noexcept { return {}; }
        void return_void() {}
        void unhandled_exception() { std::abort(); }
    };
    std::coroutine_handle<promise_type> h;
};

static float tA[TILE][TILE], tB[TILE][TILE];
#define BARRIER co_await std::suspend_always{}

Task thread(const float* A, const float* B, float* C, int n, int bx, int by, int tx, int ty) {
    int row = by * TILE + ty, col = bx * TILE + tx;
    KERNEL_BODY
}

int main(int argc, char** argv) {
    const int n = std::atoi(argv[1]), repeats = std::atoi(argv[2]);
    std::vector<float> A(n * n), B(n * n), C(n * n);
    for (int i = 0; i < n * n; ++i) { A[i] = float(i % 7); B[i] = float(i % 5); }
    for (int r = 0; r < repeats; ++r)
        for (int by = 0; by < n / TILE; ++by)
            for (int bx = 0; bx < n / TILE; ++bx) {
                std::vector<Task> threads;
                for (int ty = 0; ty < TILE; ++ty)
                    for (int tx = 0; tx < TILE; ++tx) threads.push_back(thread(A.data(), B.data(), C.data(), n, bx, by, tx, ty));
                for (bool any = true; any;) {
                    any = false;
                    for (auto& t : threads)
                        if (!t.h.done()) { t.h.resume(); any = true; }
                }
                for (auto& t : threads) t.h.destroy();
            }
    double sum = 0;
    for (float c : C) sum += c;
    std::printf("checksum %.1f\n", sum);
}
