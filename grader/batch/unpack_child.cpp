// The unpacking child: its arguments, its outcome file (JSON), and the
// parent's reading of how it ended.
#include "batch/unpack_child.h"

#include <clocale>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/process.h"
#include "core/toolchain.h"

#if defined(__SANITIZE_ADDRESS__)
#define GRADER_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRADER_UNDER_ASAN 1
#endif
#endif

namespace grader {

namespace fs = std::filesystem;

namespace {

/// The child's memory limit (RLIMIT_DATA); none under AddressSanitizer, whose shadow memory counts.
long long unpackMemoryBytes() {
#ifdef GRADER_UNDER_ASAN
    return 0;
#else
    return 1LL << 30;
#endif
}

Error failed(const fs::path& archive, const std::string& why) {
    return {archive.filename().string(), why, "the file is probably damaged: ask for it again; a rerun tries it again"};
}

}  // namespace

Unpacked unpackInChild(const fs::path& archive, const fs::path& into, const ArchiveLimits& limits, const fs::path& program) {
    Unpacked outcome;
    const fs::path resultFile = into.string() + ".unpacked.json";
    std::error_code ec;
    fs::remove(resultFile, ec);
    std::string self = program.string();
    if (self.empty()) self = fs::read_symlink("/proc/self/exe", ec).string();
    ProcessLimits processLimits;
    processLimits.wallSeconds = limits.maxSeconds;
    processLimits.memoryBytes = unpackMemoryBytes();
    processLimits.outputBytes = limits.maxEntryBytes + (1LL << 20);  // a file is refused once past the limit, a buffer later
    const ProcessResult run = runProcess({self, kUnpackCommand, fs::absolute(archive).string(), fs::absolute(into).string(),
                                          resultFile.string(), std::to_string(limits.maxArchiveBytes), std::to_string(limits.maxEntries),
                                          std::to_string(limits.maxEntryBytes), std::to_string(limits.maxTotalBytes),
                                          std::to_string(limits.maxDepth)},
                                         processLimits);
    std::string text;
    const bool wrote = readFile(resultFile, text);
    fs::remove(resultFile, ec);
    outcome.unpackerFailed = true;
    if (run.timedOut) {
        outcome.refusal = failed(archive, "unpacking it took longer than " + std::to_string(static_cast<int>(limits.maxSeconds)) + " s");
        return outcome;
    }
    if (!run.started) {
        outcome.refusal = failed(archive, "the process unpacking it could not start: " + run.startError);
        return outcome;
    }
    if (run.signal) {
        outcome.refusal = failed(archive, "the process unpacking it was killed by " + signalName(run.signal));
        return outcome;
    }
    if (run.exitCode != 0 || !wrote) {
        outcome.refusal = failed(archive, "the process unpacking it ended (status " + std::to_string(run.exitCode) + ") without an outcome");
        return outcome;
    }
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.value("ok", nlohmann::json()).is_boolean()) {
        outcome.refusal = failed(archive, "the process unpacking it left no readable outcome");
        return outcome;
    }
    outcome.unpackerFailed = false;
    try {
        if (!j.at("ok").get<bool>()) {
            outcome.refusal = {j.value("where", ""), j.value("message", ""), j.value("hint", "")};
            return outcome;
        }
        ExtractSummary summary;
        summary.files = j.value("files", 0L);
        summary.bytes = j.value("bytes", 0LL);
        summary.skipped = j.value("skipped", std::vector<std::string>{});
        summary.notes = j.value("notes", std::vector<std::string>{});
        outcome.summary = summary;
    } catch (const nlohmann::json::exception& e) {
        outcome.unpackerFailed = true;
        outcome.refusal = failed(archive, std::string("the process unpacking it left a damaged outcome: ") + e.what());
    }
    return outcome;
}

int runUnpackChild(int argc, char** argv) {
    if (argc != 10) return 2;
    // libarchive gives names in the locale's character set: in the C locale a UTF-8 name it cannot
    // turn into ASCII has none at all. This process does nothing else, so setting it here is safe.
    std::setlocale(LC_CTYPE, "C.UTF-8");
    ArchiveLimits limits;
    limits.maxArchiveBytes = std::atoll(argv[5]);
    limits.maxEntries = std::atol(argv[6]);
    limits.maxEntryBytes = std::atoll(argv[7]);
    limits.maxTotalBytes = std::atoll(argv[8]);
    limits.maxDepth = std::atoi(argv[9]);
    const auto extracted = extractArchive(argv[2], argv[3], limits);
    nlohmann::json j;
    if (extracted) {
        j = {{"ok", true}, {"files", extracted.value().files}, {"bytes", extracted.value().bytes}, {"skipped", extracted.value().skipped},
             {"notes", extracted.value().notes}};
    } else {
        j = {{"ok", false}, {"where", extracted.error().where}, {"message", extracted.error().message}, {"hint", extracted.error().hint}};
    }
    std::ofstream out(argv[4], std::ios::binary | std::ios::trunc);
    out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return out.flush() ? 0 : 1;
}

}  // namespace grader
