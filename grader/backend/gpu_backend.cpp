// The gpu backend: nvcc compiles the student's file with -lineinfo together
// with the lesson's harness; the child runs on the CUDA device present.
#include <fstream>

#include "backend/backend.h"
#include "backend/build_cache.h"
#include "backend/compiler_output.h"
#include "core/toolchain.h"

namespace grader {

namespace {

bool deviceFilesPresent() {
    return std::filesystem::exists("/dev/nvidiactl") && std::filesystem::exists("/dev/nvidia0");
}

class GpuBackend : public Backend {
public:
    std::string name() const override { return "gpu"; }

    std::string unavailableReason() const override {
        if (!deviceFilesPresent()) return "no CUDA device on this machine";
        if (nvccPath().empty()) return "no nvcc found (set GRADER_NVCC or put the CUDA toolkit on PATH)";
        return "";
    }

    BuildResult build(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName) override {
        BuildResult result;
        std::string text;
        if (!readFile(source, text)) {
            result.summary = "cannot read " + displayName;
            return result;
        }
        const std::filesystem::path rt = runtimeDir();
        std::string harness;
        readFile(rt / "harness" / "harness.cu", harness);
        const std::string base = std::filesystem::path(displayName).filename().string();
        std::vector<std::string> compile = {nvccPath(), "-O3", "-lineinfo", "-std=c++17", "-arch=native",
                                            "-DLESSON=" + std::to_string(lesson.number), "-w",
                                            "-I", (rt / "harness").string(),
                                            "-include", (rt / "harness" / "contract.h").string()};
        std::string flags;
        for (const auto& c : compile) flags += c + " ";
        const std::string key = "gpu-" + lesson.id + "-" + contentHash(text + displayName + contentHash(harness) + flags);
        if (auto cached = loadCachedBuild(key)) return *cached;
        const auto folder = newBuildFolder(key);
        if (folder.empty()) {
            result.summary = "cannot create a build folder in " + cacheDir().string();
            return result;
        }
        std::filesystem::create_directories(folder / "src");
        std::ofstream(folder / "src" / base) << "#line 1 \"" << displayName << "\"\n" << text;
        compile.insert(compile.end(), {(folder / "src" / base).string(), (rt / "harness" / "harness.cu").string(),
                                       "-o", (folder / "child").string()});
        ProcessLimits limits;
        limits.wallSeconds = 300;
        limits.memoryBytes = 0;
        ProcessResult compiled = runProcess(compile, limits);
        result.log = compiled.output;
        if (!compiled.succeeded()) {
            result.summary = summarizeCompilerLog(compiled.output);
            if (result.summary.empty()) result.summary = "nvcc " + compiled.describe();
            return publishBuild(key, folder, result);
        }
        result.ok = true;
        result.summary = "compiled by nvcc for the CUDA device";
        return publishBuild(key, folder, result);
    }

    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        RunRequest unlimited = request;
        unlimited.memoryBytes = 0;
        return runChild(build, unlimited);
    }
};

}  // namespace

std::unique_ptr<Backend> makeGpuBackend() { return std::make_unique<GpuBackend>(); }

}  // namespace grader
