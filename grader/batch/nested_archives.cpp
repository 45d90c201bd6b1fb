// Nested archives: a capped walk that finds them, extraction beside each
// (archive.h), and the bounded copy of a folder that makes it writable.
#include "batch/nested_archives.h"
#include "batch/unpack_child.h"

#include <algorithm>

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr long kMaxNestedWalkEntries = 20000;
constexpr size_t kMaxNested = 16;
const char* const kUnpackedSuffix = ".d";

}  // namespace

std::vector<fs::path> archivesInside(const fs::path& root) {
    std::vector<fs::path> found;
    std::error_code ec;
    long seen = 0;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator() && ++seen <= kMaxNestedWalkEntries; it.increment(ec)) {
        const auto status = it->symlink_status(ec);
        const std::string name = it->path().filename().string();
        if (fs::is_directory(status) && name == "__MACOSX") {
            it.disable_recursion_pending();
            continue;
        }
        if (fs::is_regular_file(status) && isArchiveName(name)) found.push_back(it->path().lexically_relative(root));
    }
    std::sort(found.begin(), found.end());
    if (found.size() > kMaxNested) found.resize(kMaxNested);
    return found;
}

NestedArchives openNestedArchives(const fs::path& root, const ArchiveLimits& limits, const fs::path& unpacker) {
    NestedArchives result;
    for (const auto& archive : archivesInside(root)) {
        const fs::path folder = archive.string() + kUnpackedSuffix;
        std::error_code ec;
        if (fs::exists(root / folder, ec)) {
            result.notes.push_back(archive.string() + ": not opened (" + folder.string() + " is there already)");
            continue;
        }
        fs::create_directories(root / folder, ec);
        const Unpacked unpacked = unpackInChild(root / archive, root / folder, limits, unpacker);
        if (!unpacked.summary) {
            fs::remove_all(root / folder, ec);
            result.notes.push_back(archive.string() + " refused, not unpacked: " + unpacked.refusal.message);
            result.unpackerFailed = result.unpackerFailed || unpacked.unpackerFailed;
            continue;
        }
        const ExtractSummary* extracted = &*unpacked.summary;
        result.opened.push_back({archive, folder});
        result.notes.push_back(archive.string() + ": an archive in the submission, unpacked (" + std::to_string(extracted->files) + " file" +
                               (extracted->files == 1 ? "" : "s") + "); the lesson files in it are graded");
        for (const auto& skipped : extracted->skipped) result.notes.push_back(archive.string() + ": " + skipped);
    }
    for (const auto& opened : result.opened)  // one level: an archive that came out of another is only named
        for (const auto& inner : archivesInside(root / opened.folder))
            result.notes.push_back(handedInPath(opened.folder / inner, result.opened).string() +
                                   ": an archive inside an archive, not opened (hand in the files, or one archive holding them)");
    return result;
}

std::optional<Error> copySubmissionFolder(const fs::path& from, const fs::path& to, const ArchiveLimits& limits) {
    std::error_code ec;
    fs::create_directories(to, ec);
    if (ec) return Error{to.string(), "cannot create a work folder: " + ec.message(), ""};
    long seen = 0;
    long long bytes = 0;
    for (auto it = fs::recursive_directory_iterator(from, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (++seen > kMaxNestedWalkEntries) return Error{from.string(), "more than " + std::to_string(kMaxNestedWalkEntries) + " entries", ""};
        const auto status = it->symlink_status(ec);
        const fs::path target = to / it->path().lexically_relative(from);
        if (fs::is_directory(status)) {
            fs::create_directories(target, ec);
        } else if (fs::is_regular_file(status)) {
            bytes += static_cast<long long>(it->file_size(ec));
            if (bytes > limits.maxTotalBytes)
                return Error{from.string(), "larger than " + std::to_string(limits.maxTotalBytes >> 20) + " MB", ""};
            fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing, ec);
        }
        if (ec) return Error{it->path().string(), "cannot copy: " + ec.message(), ""};
    }
    if (ec) return Error{from.string(), "cannot read the folder: " + ec.message(), ""};
    return std::nullopt;
}

fs::path handedInPath(const fs::path& inside, const std::vector<OpenedArchive>& opened) {
    for (const auto& o : opened) {
        const fs::path rest = inside.lexically_relative(o.folder);
        if (!rest.empty() && rest.begin()->string() != "..") return (o.archive / rest).lexically_normal();
    }
    return inside;
}

}  // namespace grader
