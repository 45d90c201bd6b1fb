// The cpu backend: the emulator's front end (grader/frontend) parses the
// student's CUDA file with clang and rewrites it; the result is compiled as
// C++ with -fsanitize=thread instrumentation against the emulation header,
// linked with the lesson's harness and the emulator runtime, and run as a
// child. One rule decides whose fault a failed build is: a file the parser
// refuses fails to compile (the student's error, as nvcc would say), unless
// the error names a CUDA construct the emulator lacks; a file the parser
// accepts and the emulator's compiler or linker does not is the emulator's
// limit ("not supported by the emulator"), never the student's.
#include <fstream>

#include "backend/array_index.h"
#include "backend/backend.h"
#include "backend/build_cache.h"
#include "backend/compiler_output.h"
#include "backend/cuda_names.h"
#include "backend/front_end.h"
#include "backend/student_source.h"
#include "backend/time_profile.h"
#include "core/build_config.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// Instrumentation flags: every load and store calls a __tsan_* hook, and
/// every index into an array of known size is checked (-fsanitize=bounds;
/// the emulator's handlers report it in device code only).
std::vector<std::string> instrumentFlags() {
    const std::string id = GRADER_BUILT_CXX_ID;
    if (id == "Clang") return {"-fsanitize=thread,bounds", "-mllvm", "-tsan-instrument-func-entry-exit=0"};
    return {"-fsanitize=thread,bounds", "--param=tsan-instrument-func-entry-exit=0"};
}

class CpuBackend : public Backend {
public:
    std::string name() const override { return "cpu"; }

    std::string unavailableReason() const override {
        if (!std::filesystem::exists(runtimeDir() / "libcuemu_runtime.a"))
            return "the emulator runtime is missing from " + runtimeDir().string() + " (rebuild the kit)";
        return "";
    }

    bool cachesBuilds() const override { return true; }

    BuildResult build(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName) override {
        return buildStudentFile(lesson, source, displayName, [&](const std::string& text) { return compile(lesson, text, displayName); });
    }

    RunRecord run(const BuildResult& build, const RunRequest& request) override {
        const TimedSpan span(build.lesson, TimeUse::Emulator);
        countFor(build.lesson, [](LessonTime& time) { ++time.emulatorProcesses; });
        RunRecord record = runChild(build, request, emulatorEnvironment(request));
        if (record.fault && record.fault->kind == FaultKind::ArrayIndex) nameIndexedArray(build, *record.fault);
        return record;
    }

private:
    /// Adds the indexed expression and array to an index fault, from the source the compiler saw.
    static void nameIndexedArray(const BuildResult& build, FaultRecord& fault) {
        std::string compiled;
        if (readFile(build.executable.parent_path() / "student.cpp", compiled)) grader::nameIndexedArray(compiled, fault);
    }

    /// The emulator's compile command, without its input and output.
    static std::vector<std::string> compileCommand() {
        const std::filesystem::path rt = runtimeDir();
        std::vector<std::string> compile = {cxxCompiler(), "-std=c++17", "-O1",
                                            "-gdwarf-4",  // DWARF 5's file 0 makes addr2line name student.cpp, not the #line file
                                            "-fno-omit-frame-pointer",
                                            "-fstack-clash-protection",  // a huge local array probes the guard page
                                            // Host code does what nvcc's host build does: a store through a
                                            // null pointer is made (and crashes), not optimized away.
                                            "-fno-delete-null-pointer-checks",
                                            // A float4 load stays one 16-byte access (not four floats), so a
                                            // misaligned one is seen, as a GPU sees it.
                                            "-fno-tree-sra",
                                            // A local variable nothing sets starts as a pattern, not as whatever the
                                            // stack held (often 0): an accumulator never set to 0 shows in C
                                            // (kUninitializedFloatBits), as garbage in a GPU's register would.
                                            "-ftrivial-auto-var-init=pattern",
                                            "-DCUEMU", "-w", "-I", (rt / "include").string(),
                                            "-include", "cuemu/cuda_emu.h",
                                            "-include", (rt / "harness" / "contract.h").string()};
        for (const auto& f : instrumentFlags()) compile.push_back(f);
        return compile;
    }

    /// "not supported by the emulator: WHAT at FILE:LINE".
    static std::string notSupported(const std::string& what, const std::string& displayName, int line) {
        const std::string file = std::filesystem::path(displayName).filename().string();
        return "not supported by the emulator: " + what + (line > 0 ? " at " + file + ":" + std::to_string(line) : "");
    }

    /// Reads the front end's verdict on the file into `result`; true when the emulator may compile it.
    static bool judgeParse(const Expected<FrontEndReport>& parsed, const std::string& displayName, BuildResult& result) {
        if (!parsed) {
            result.summary = parsed.error().message;
            result.unsupported = "not supported by the emulator: " + parsed.error().message;
            return false;
        }
        if (!parsed->errors.empty()) {
            result.log = parsed->errorLog();
            result.summary = summarizeCompilerLog(result.log);
            result.unsupported = unsupportedConstruct(result.log, isCudaName);
            return false;
        }
        if (!parsed->unsupported.empty()) {
            const FrontEndUnsupported& first = parsed->unsupported.front();
            result.summary = result.unsupported = notSupported(first.construct, displayName, first.line);
            result.unsupportedLine = first.line;
            return false;
        }
        return true;
    }

    /// Builds the student's file's `text` (read by buildStudentFile).
    BuildResult compile(const Lesson& lesson, const std::string& text, const std::string& displayName) {
        BuildResult result;
        const std::filesystem::path rt = runtimeDir();
        const std::string harness = "libcuemu_harness_lesson" + std::to_string(lesson.number) + ".a";
        std::vector<std::string> compile = compileCommand();
        const std::string key = buildKey("cpu-" + lesson.id,
                                         text + displayName + frontEndIdentity() + fileStamp(rt / "libcuemu_runtime.a") +
                                             fileStamp(rt / harness) + "link: the whole harness",
                                         compile);
        if (auto cached = loadCachedBuild(key)) return *cached;

        const auto folder = newBuildFolder(key);
        if (folder.empty()) {
            result.summary = "cannot create a build folder in " + cacheDir().string();
            return result;
        }
        if (auto error = writeFileAtomically(folder / "student.cu", text)) {
            result.summary = error->format();
            return result;
        }
        const auto parsed = runFrontEnd(folder / "student.cu", displayName, folder,
                                        {"-include", (rt / "harness" / "contract.h").string(), "-DLESSON=" + std::to_string(lesson.number)});
        if (!judgeParse(parsed, displayName, result)) return publishBuild(key, folder, result);
        // The rewritten source, under the student's file name for every message and line the compiler writes.
        std::string rewritten;
        readFile(parsed->rewritten, rewritten);
        if (auto error = writeFileAtomically(folder / "student.cpp", lineDirective(displayName) + rewritten)) {
            result.summary = error->format();
            return result;
        }
        compile.push_back("-c");
        compile.push_back((folder / "student.cpp").string());
        compile.push_back("-o");
        compile.push_back((folder / "student.o").string());
        ProcessLimits limits;
        limits.wallSeconds = 120;
        limits.outputBytes = 512LL << 20;  // the instrumented object of a 1 MB file is larger than a child's output may be
        const SandboxMounts buildMounts{{}, {folder}};  // batch mode: sees only its build folder
        ProcessResult compiled = runSandboxed(compile, buildMounts, limits);
        result.log = compiled.output;
        if (!compiled.succeeded()) {
            // clang accepted the file: what stops the emulator's compiler is the emulator's limit.
            const std::string first = summarizeCompilerLog(compiled.output);
            result.summary = result.unsupported = first.empty() ? "not supported by the emulator: its compiler stopped (" + compiled.brief() + ")"
                                                                : "not supported by the emulator: its compiler refuses " + first;
            return publishBuild(key, folder, result);
        }
        // The whole harness, main included, as nvcc links harness.cu on the gpu
        // backend: a student's own main() is then a duplicate, named as such,
        // instead of silently replacing the grader's.
        std::vector<std::string> link = {cxxCompiler(), "-no-pie", (folder / "student.o").string(),
                                         "-Wl,--whole-archive", (rt / harness).string(), "-Wl,--no-whole-archive",
                                         (rt / "libcuemu_runtime.a").string(),
                                         (rt / "libboost_context.a").string(), "-pthread",
                                         "-o", (folder / "child").string()};
        // gold links the child in half the default linker's time (0.11 s against 0.22 s); a link that
        // fails (the student's missing or duplicate function, or no gold here) is linked again by the
        // default linker, whose messages the grader explains.
        std::vector<std::string> goldLink = link;
        goldLink.insert(goldLink.begin() + 1, "-fuse-ld=gold");
        ProcessResult linked = runSandboxed(goldLink, buildMounts, limits);
        if (!linked.succeeded()) linked = runSandboxed(link, buildMounts, limits);
        result.log += linked.output;
        if (!linked.succeeded()) {
            result.summary = summarizeCompilerLog(linked.output);
            if (result.summary.empty()) result.summary = "linking failed: " + linked.describe();
            // The contract's functions and main are the student's to define; any other missing symbol is the emulator's.
            if (!isContractLinkError(result.summary)) result.unsupported = "not supported by the emulator: its linker says " + result.summary;
            return publishBuild(key, folder, result);
        }
        std::filesystem::remove(folder / "student.o");  // student.cpp stays: index faults are named from it
        result.ok = true;
        result.summary = "compiled for the cpu emulator";
        return publishBuild(key, folder, result);
    }
};

}  // namespace

std::unique_ptr<Backend> makeCpuBackend() { return std::make_unique<CpuBackend>(); }

}  // namespace grader
