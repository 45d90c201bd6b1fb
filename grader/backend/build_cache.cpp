// The build cache: <cache>/<key>/{child (or the artifact named), status, summary, log}.
#include "backend/build_cache.h"
#include "backend/time_profile.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <mutex>

#include "backend/compiler_output.h"
#include "backend/student_source.h"
#include "core/interrupt.h"
#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

std::string fileHash(const std::filesystem::path& path) {
    static std::mutex mutex;  // batch grading builds from several threads
    static std::map<std::filesystem::path, std::string> hashes;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = hashes.find(path);
    if (it != hashes.end()) return it->second;
    std::string bytes;
    return hashes[path] = readFile(path, bytes) ? contentHash(bytes) : "";
}

std::string fileStamp(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return "";
    const auto modified = std::filesystem::last_write_time(path, ec);
    if (ec) return "";
    return std::to_string(size) + "@" + std::to_string(modified.time_since_epoch().count());
}

std::string buildKey(const std::string& prefix, const std::string& inputs, const std::vector<std::string>& command) {
    std::string material = inputs;
    for (const auto& word : command) material += " " + word;
    if (activeSandbox()) material += " sandboxed";
    return prefix + "-" + contentHash(material);
}

std::string lineDirective(const std::string& displayName) {
    std::string text = "#line 1 \"";
    for (char c : displayName) {
        if (c == '"' || c == '\\') text += '\\';
        if (c == '\n' || c == '\r') c = ' ';
        text += c;
    }
    return text + "\"\n";
}

BuildResult buildStudentFile(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName,
                             const std::function<BuildResult(const std::string& text)>& compile) {
    const TimedSpan span(lesson.id, TimeUse::Compile);
    BuildResult result;
    std::string text;
    const bool read = readStudentSource(source, text);
    if (read) result = compile(text);
    else result.summary = "cannot read " + displayName;
    result.sourceName = std::filesystem::path(displayName).filename().string();
    if (read && !result.ok && result.unsupported.empty())
        result.summary = explainContractMismatch(result.summary, text, result.sourceName);
    result.lesson = lesson.id;
    if (read && !result.cached) countFor(lesson.id, [](LessonTime& time) { ++time.compiles; });
    return result;
}

std::mutex& buildLock(const std::string& key) {
    static std::mutex mutex;
    static std::map<std::string, std::mutex> locks;  // a map's entries never move; it never shrinks: a few keys per process
    std::lock_guard<std::mutex> lock(mutex);
    return locks[key];
}

std::optional<BuildResult> loadCachedBuild(const std::string& key, const std::string& artifact) {
    const auto dir = cacheDir() / key;
    std::string status;
    if (!readFile(dir / "status", status)) return std::nullopt;
    BuildResult result;
    result.ok = status.rfind("ok", 0) == 0;
    readFile(dir / "summary", result.summary);
    readFile(dir / "log", result.log);
    readFile(dir / "unsupported", result.unsupported);
    if (std::string line; readFile(dir / "unsupported_line", line)) result.unsupportedLine = std::atoi(line.c_str());
    result.executable = dir / artifact;
    result.cached = true;
    if (!result.ok && result.unsupported.empty()) {  // re-read the log: the summary's wording may be newer than the entry
        const std::string summary = summarizeCompilerLog(result.log);
        if (!summary.empty()) result.summary = summary;
    }
    if (result.ok && !std::filesystem::exists(result.executable)) return std::nullopt;
    return result;
}

std::filesystem::path newBuildFolder(const std::string& key) {
    std::filesystem::create_directories(cacheDir());
    std::string pattern = (cacheDir() / (key + ".tmp-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) return {};
    return pattern;
}

BuildResult publishBuild(const std::string& key, const std::filesystem::path& folder, BuildResult result, const std::string& artifact) {
    std::ofstream(folder / "summary") << result.summary;
    std::ofstream(folder / "log") << result.log;
    if (!result.unsupported.empty()) std::ofstream(folder / "unsupported") << result.unsupported;
    if (result.unsupportedLine > 0) std::ofstream(folder / "unsupported_line") << result.unsupportedLine;
    std::ofstream(folder / "status") << (result.ok ? "ok\n" : "failed\n");
    const auto target = cacheDir() / key;
    std::error_code ec;
    if (interrupted()) {  // the compiler may have been stopped half-way: never cache that verdict
        std::filesystem::remove_all(folder, ec);
        result.ok = false;
        result.summary = "interrupted";
        return result;
    }
    std::filesystem::rename(folder, target, ec);
    if (ec) {  // another grader published the same key first: use theirs
        std::filesystem::remove_all(folder, ec);
    }
    result.executable = target / artifact;
    return result;
}

}  // namespace grader
