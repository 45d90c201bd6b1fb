// Compiling the harnesses for the student kit (see prebuilt_harness.h).
#include "export/prebuilt_harness.h"

#include <algorithm>
#include <thread>

#include "core/parallel.h"
#include "core/process.h"
#include "core/toolchain.h"

namespace grader {

namespace {

namespace fs = std::filesystem;

/// One compiler run, and what it printed if it failed.
struct Job {
    std::vector<std::string> argv;
    std::string what;
    ProcessResult result;
};

/// Runs every job, at most as many at once as there are cores (8 at most).
void runAll(std::vector<Job>& jobs) {
    const int workers = static_cast<int>(std::max(1u, std::min(std::thread::hardware_concurrency(), 8u)));
    const auto results = forEachAtOnce(jobs, workers, [](const Job& job) {
        ProcessLimits limits;
        limits.wallSeconds = 600;
        limits.memoryBytes = 0;
        limits.outputBytes = 256LL << 20;
        return runProcess(job.argv, limits);
    });
    for (size_t i = 0; i < jobs.size(); ++i) jobs[i].result = results[i];
}

}  // namespace

std::vector<int> supportedArchs(const std::string& nvcc, const std::vector<int>& wanted) {
    ProcessLimits limits;
    limits.wallSeconds = 60;
    limits.memoryBytes = 0;
    const ProcessResult listed = runProcess({nvcc, "--list-gpu-code"}, limits);
    std::vector<int> result;
    for (int arch : wanted)
        if (listed.output.find("sm_" + std::to_string(arch)) != std::string::npos) result.push_back(arch);
    return result;
}

Expected<std::vector<std::string>> writePrebuiltHarness(const PrebuiltOptions& o) {
    const fs::path harness = o.harnessSource / "harness.cu";
    if (!fs::exists(harness) || !fs::exists(o.harnessSource / "reference_kernels.h"))
        return Error{harness.string(), "the harness source is missing", "export from the instructor's kit, which has grader/harness/harness.cu"};
    std::error_code ec;
    fs::create_directories(o.out / "cpu", ec);
    if (ec) return Error{o.out.string(), "cannot create the folder: " + ec.message(), ""};
    std::vector<Job> jobs;
    for (int lesson = 1; lesson <= 4; ++lesson) {
        const std::string n = std::to_string(lesson);
        jobs.push_back({{cxxCompiler(), "-std=c++20", "-O2", "-DNDEBUG", "-DCUEMU", "-DLESSON=" + n, "-w", "-I", o.emulatorInclude.string(),
                         "-I", o.harnessSource.string(), "-include", "cuemu/cuda_emu.h", "-x", "c++", "-c", harness.string(), "-o",
                         (o.out / "cpu" / ("harness_lesson" + n + ".o")).string()},
                        "the cpu harness of lesson " + n, {}});
    }
    const std::string nvcc = o.gpu ? nvccPath() : "";
    std::vector<int> archs;
    if (!nvcc.empty()) {
        archs = supportedArchs(nvcc, o.cudaArchs);
        if (archs.empty()) return Error{"", "nvcc (" + nvcc + ") supports none of the architectures asked for", "pass --cuda-archs"};
        fs::create_directories(o.out / "gpu", ec);
        for (int lesson = 1; lesson <= 4; ++lesson) {
            const std::string n = std::to_string(lesson);
            Job job{{nvcc, "-O3", "-std=c++17", "-DLESSON=" + n, "-w", "-I", o.harnessSource.string(), "-include",
                     (o.harnessSource / "contract.h").string()},
                    "the gpu harness of lesson " + n, {}};
            for (int arch : archs) job.argv.push_back("-gencode=arch=compute_" + std::to_string(arch) + ",code=sm_" + std::to_string(arch));
            const std::string newest = std::to_string(archs.back());
            job.argv.push_back("-gencode=arch=compute_" + newest + ",code=compute_" + newest);  // PTX: newer cards compile it when loading
            job.argv.insert(job.argv.end(), {"-x", "cu", "-c", harness.string(), "-o", (o.out / "gpu" / ("harness_lesson" + n + ".o")).string()});
            jobs.push_back(std::move(job));
        }
    }
    runAll(jobs);
    for (const auto& job : jobs)
        if (!job.result.succeeded())
            return Error{harness.string(), "could not compile " + job.what + ": " + job.result.brief(), ""};
    for (int lesson = 1; lesson <= 4; ++lesson) {
        const std::string n = std::to_string(lesson);
        const fs::path object = o.out / "cpu" / ("harness_lesson" + n + ".o");
        const fs::path archive = o.out / "cpu" / ("libcuemu_harness_lesson" + n + ".a");
        fs::remove(archive, ec);
        ProcessLimits limits;
        const ProcessResult ar = runProcess({"ar", "rcs", archive.string(), object.string()}, limits);
        if (!ar.succeeded()) return Error{archive.string(), "ar failed: " + ar.brief(), "install binutils"};
        fs::remove(object, ec);
    }
    std::vector<std::string> notes = {"the cpu harness of each lesson, compiled by " + cxxCompiler() + " without debug information"};
    if (nvcc.empty()) {
        notes.push_back(o.gpu ? "no gpu harness: nvcc was not found, so the student kit's gpu backend will say it is unavailable"
                              : "no gpu harness (--no-gpu): the student kit's gpu backend will say it is unavailable");
    } else {
        std::string list;
        for (int arch : archs) list += " sm_" + std::to_string(arch);
        notes.push_back("the gpu harness of each lesson, compiled by " + nvcc + " for" + list + " and PTX of compute_" +
                        std::to_string(archs.back()));
    }
    return notes;
}

}  // namespace grader
