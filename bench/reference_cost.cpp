// What correctness's comparison costs the grader per case at the GPU's sizes
// (n = 2000 and 2048, lessons 1 and 3; lesson 2's phase at n = 2048): the
// full reference product with diagnoseMatmul, against judgeMatmul, which
// shows a right C by Freivalds' test and computes the reference only for a
// wrong one. Prints the median CPU time of REPS runs of each, for a right C and for
// a C with one wrong element. Build: the bench_reference_cost target.
// Usage: reference_cost [REPS]   (default 5)
// Non-goals: the child's run, threads (one core, as one worker uses).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <vector>

#include "checks/matrix_diagnosis.h"
#include "harness/inputs.h"

using namespace grader;

namespace {

/// The median CPU seconds of `reps` calls of `f` (this thread's: other processes on the machine do not count).
double medianSeconds(int reps, const std::function<void()>& f) {
    std::vector<double> seconds;
    for (int i = 0; i < reps; ++i) {
        timespec start{}, end{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
        f();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
        seconds.push_back(double(end.tv_sec - start.tv_sec) + double(end.tv_nsec - start.tv_nsec) * 1e-9);
    }
    std::sort(seconds.begin(), seconds.end());
    return seconds[seconds.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    std::printf("%-22s %-6s %16s %13s %8s\n", "case", "C", "reference cpu-s", "judged cpu-s", "ratio");
    for (const auto& [lesson, n] : std::vector<std::pair<int, int>>{{1, 2000}, {2, 2048}, {3, 2048}}) {
        const std::vector<float> A = course_inputs::makeMatrix(7, 0, n), B = course_inputs::makeMatrix(7, 1, n);
        MatmulCase c;
        c.lesson = lesson;
        c.n = n;
        c.phase = lesson == 2 ? 1 : 0;
        c.A = &A;
        c.B = &B;
        std::vector<float> actual = referenceProduct(c);
        c.actual = &actual;
        for (const bool right : {true, false}) {
            if (!right) actual[size_t(n) * n / 2] += 1.0f;
            bool fullOk = false, judgedOk = false;
            const double full = medianSeconds(reps, [&] { fullOk = diagnoseMatmul(c, referenceProduct(c)).ok; });
            const double judged = medianSeconds(reps, [&] { judgedOk = judgeMatmul(c).ok; });
            if (fullOk != judgedOk || fullOk != right) {
                std::printf("reference_cost: verdicts differ for lesson %d n=%d\n", lesson, n);
                return 1;
            }
            std::printf("lesson %d n=%-12d %-6s %16.4f %13.4f %7.1fx\n", lesson, n, right ? "right" : "wrong", full, judged, full / judged);
        }
    }
    return 0;
}
