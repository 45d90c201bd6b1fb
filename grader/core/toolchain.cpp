// Tool and runtime locations, relative to the grader binary so a build
// folder can be moved (or carried to another machine) as a whole.
#include "core/toolchain.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/build_config.h"
#include "core/escape.h"

namespace grader {

namespace {

std::filesystem::path executableDir() {
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::current_path() : self.parent_path();
}

std::string fromEnv(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

bool isExecutable(const std::filesystem::path& p) { return access(p.c_str(), X_OK) == 0; }

}  // namespace

std::string graderCommand() {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return "grader";
    const auto here = std::filesystem::current_path(ec);
    if (!ec) {
        const auto relative = self.lexically_relative(here);
        // "./grader" rather than "grader", which a shell would look up on PATH.
        if (!relative.empty() && *relative.begin() != "..")
            return shellQuote((relative.has_parent_path() ? relative : std::filesystem::path(".") / relative).string());
    }
    return shellQuote(self.string());
}

std::string kitGraderCommand() { return "build/grader/grader"; }

std::filesystem::path runtimeDir() {
    if (auto env = fromEnv("GRADER_RUNTIME_DIR"); !env.empty()) return env;
    return executableDir() / "runtime";
}

std::string cxxCompiler() {
    if (auto env = fromEnv("GRADER_CXX"); !env.empty()) return env;
    return GRADER_BUILT_CXX;
}

std::string nvccPath() {
    if (auto env = fromEnv("GRADER_NVCC"); !env.empty()) return env;
    if (const char* path = std::getenv("PATH")) {
        std::stringstream dirs(path);
        for (std::string dir; std::getline(dirs, dir, ':');)
            if (!dir.empty() && isExecutable(std::filesystem::path(dir) / "nvcc")) return (std::filesystem::path(dir) / "nvcc").string();
    }
    for (const char* candidate : {"/usr/local/cuda/bin/nvcc", GRADER_BUILT_NVCC})
        if (candidate[0] && isExecutable(candidate)) return candidate;
    return "";
}

std::string sanitizerPath() {
    if (const std::string nvcc = nvccPath(); !nvcc.empty()) {
        const auto beside = std::filesystem::path(nvcc).parent_path() / "compute-sanitizer";
        if (isExecutable(beside)) return beside.string();
    }
    for (const char* candidate : {"/usr/local/cuda/bin/compute-sanitizer", "/usr/local/cuda/compute-sanitizer/compute-sanitizer"})
        if (isExecutable(candidate)) return candidate;
    return "";
}

std::filesystem::path cacheDir() {
    if (auto env = fromEnv("GRADER_CACHE_DIR"); !env.empty()) return std::filesystem::absolute(env);  // commands run inside it
    return executableDir() / "grader-cache";
}

std::filesystem::path builtInCoursePath() { return std::filesystem::path(GRADER_KIT_DIR) / "course.yaml"; }

std::string graderVersion() { return GRADER_VERSION; }

std::string contentHash(const std::string& data) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : data) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

uint64_t stableSeed(const std::string& text) { return 1 + std::stoull(contentHash("seed:" + text), nullptr, 16) % 999999; }

bool readFile(const std::filesystem::path& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::stringstream text;
    text << in.rdbuf();
    out = text.str();
    return true;
}

std::optional<int> writeAll(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0) return errno;
        done += static_cast<size_t>(n);
    }
    return std::nullopt;
}

std::optional<Error> writeFileAtomically(const std::filesystem::path& file, const std::string& text) {
    static std::atomic<unsigned> counter{0};
    const std::filesystem::path temp = file.parent_path() / ("." + file.filename().string() + "." + std::to_string(getpid()) + "." +
                                                std::to_string(counter++) + ".tmp");
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return Error{temp.string(), std::string("cannot write: ") + std::strerror(errno), ""};
    if (const auto error = writeAll(fd, text)) {
        ::close(fd);
        std::filesystem::remove(temp);
        return Error{temp.string(), std::string("cannot write: ") + std::strerror(*error), "is the disk full?"};
    }
    fsync(fd);
    ::close(fd);
    std::error_code ec;
    std::filesystem::rename(temp, file, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        return Error{file.string(), "cannot rename the result into place: " + ec.message(), ""};
    }
    return std::nullopt;
}

}  // namespace grader
