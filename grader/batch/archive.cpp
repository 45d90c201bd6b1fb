// Safe extraction: every header is checked before anything is written, and
// bytes are counted while they are written, since a header may lie.
#include "batch/archive.h"

#include "core/escape.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cstring>
#include <memory>

namespace grader {

namespace fs = std::filesystem;

namespace {

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

/// The path's components, with Windows separators read as '/' and "." dropped.
std::vector<std::string> components(std::string path) {
    for (auto& c : path)
        if (c == '\\') c = '/';
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t slash = path.find('/', start);
        if (slash == std::string::npos) slash = path.size();
        std::string part = path.substr(start, slash - start);
        if (!part.empty() && part != ".") parts.push_back(part);
        start = slash + 1;
    }
    return parts;
}

bool looksAbsolute(const std::string& path) {
    return (!path.empty() && (path[0] == '/' || path[0] == '\\')) ||
           (path.size() >= 2 && path[1] == ':' && std::isalpha(static_cast<unsigned char>(path[0])));
}

std::string human(long long bytes) {
    if (bytes >= (1LL << 30)) return std::to_string(bytes >> 30) + " GB";
    if (bytes >= (1LL << 20)) return std::to_string(bytes >> 20) + " MB";
    if (bytes >= (1LL << 10)) return std::to_string(bytes >> 10) + " KB";
    return std::to_string(bytes) + " bytes";
}

struct ArchiveCloser {
    void operator()(archive* a) const { archive_read_free(a); }
};

Error refused(const fs::path& archivePath, const std::string& why) { return Error{archivePath.filename().string(), why, ""}; }

/// libarchive's reason for the last failure; it may have none (archive_error_string() returns NULL then).
std::string readerError(archive* reader) {
    const char* reason = archive_error_string(reader);
    return reason && *reason ? cleanUtf8(reason) : "no reason given by the archive reader";
}

}  // namespace

/// The archive names batch grading unpacks, longest first (".tar.gz" before ".gz").
const std::vector<std::string>& archiveExtensions() {
    static const std::vector<std::string> list = {".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".tbz2", ".txz",
                                                  ".zip",    ".tar",     ".7z",     ".rar"};
    return list;
}

bool isArchiveName(const std::string& fileName) {
    const std::string name = asciiLower(fileName);
    for (const auto& ext : archiveExtensions())
        if (endsWith(name, ext) && name.size() > ext.size()) return true;
    return false;
}

std::string stripArchiveExtension(const std::string& fileName) {
    const std::string name = asciiLower(fileName);
    for (const auto& ext : archiveExtensions())
        if (endsWith(name, ext)) return fileName.substr(0, fileName.size() - ext.size());
    return fileName;
}

std::optional<std::string> unsafeEntryPath(const std::string& path, int maxDepth) {
    if (path.empty()) return "an empty path";
    if (path.find('\0') != std::string::npos) return "a NUL byte in the path";
    if (looksAbsolute(path)) return "an absolute path";
    const auto parts = components(path);
    for (const auto& part : parts)
        if (part == "..") return "a '..' component (it would be written outside the archive's folder)";
    if (static_cast<int>(parts.size()) > maxDepth) return "more than " + std::to_string(maxDepth) + " folders deep";
    return std::nullopt;
}

std::optional<std::string> linkLeavesArchive(const std::string& entryPath, const std::string& target) {
    if (target.empty()) return "an empty link target";
    if (looksAbsolute(target)) return "it points to the absolute path '" + target + "'";
    auto parts = components(entryPath);
    if (!parts.empty()) parts.pop_back();  // relative to the link's own folder
    for (const auto& step : components(target)) {
        if (step != "..") parts.push_back(step);
        else if (parts.empty()) return "it points outside the archive ('" + target + "')";
        else parts.pop_back();
    }
    return std::nullopt;
}

Expected<ExtractSummary> extractArchive(const fs::path& archivePath, const fs::path& into, const ArchiveLimits& limits) {
    std::error_code ec;
    const auto archiveSize = fs::file_size(archivePath, ec);
    if (ec) return refused(archivePath, "cannot read the archive: " + ec.message());
    if (archiveSize == 0) return refused(archivePath, "the file is empty (0 bytes): the upload holds nothing");
    if (static_cast<long long>(archiveSize) > limits.maxArchiveBytes)
        return refused(archivePath, "the archive is " + human(static_cast<long long>(archiveSize)) + ", over the " +
                                        human(limits.maxArchiveBytes) + " limit");
    std::unique_ptr<archive, ArchiveCloser> reader(archive_read_new());
    archive_read_support_filter_gzip(reader.get());  // around a tar; .zip entries inflate by themselves
    archive_read_support_filter_bzip2(reader.get());
    archive_read_support_filter_xz(reader.get());
    archive_read_support_filter_zstd(reader.get());
    archive_read_support_format_zip(reader.get());
    archive_read_support_format_tar(reader.get());
    archive_read_support_format_gnutar(reader.get());
    archive_read_support_format_7zip(reader.get());
    archive_read_support_format_rar(reader.get());
    archive_read_support_format_rar5(reader.get());
    if (archive_read_open_filename(reader.get(), archivePath.c_str(), 64 * 1024) != ARCHIVE_OK)
        return refused(archivePath, "not a readable archive (.zip, .tar.gz, .7z, .rar, ...): " + readerError(reader.get()));

    ExtractSummary summary;
    long entries = 0;
    std::vector<char> buffer(64 * 1024);
    archive_entry* entry = nullptr;
    while (true) {
        const int status = archive_read_next_header(reader.get(), &entry);
        if (status == ARCHIVE_EOF) break;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)  // ARCHIVE_RETRY too: no header was read
            return refused(archivePath, "the archive is damaged: " + readerError(reader.get()));
        if (++entries > limits.maxEntries)
            return refused(archivePath, "more than " + std::to_string(limits.maxEntries) + " entries (a zip bomb?)");
        const char* rawName = archive_entry_pathname_utf8(entry);
        if (!rawName) rawName = archive_entry_pathname(entry);
        if (!rawName)
            return refused(archivePath, "entry " + std::to_string(entries) + "'s name cannot be read (" + readerError(reader.get()) + ")");
        const std::string name = rawName, shown = cleanUtf8(name);  // shown: as messages quote it
        if (summary.notes.empty() && shown != name)
            summary.notes.push_back("names in the archive are not UTF-8 text (made with another character set?), e.g. '" + shown +
                                    "': unpacked as they are");
        if (auto why = unsafeEntryPath(name, limits.maxDepth)) return refused(archivePath, "entry '" + shown + "' has " + *why);
        const auto parts = components(name);
        if (parts.empty()) continue;  // "./"
        fs::path target = into;
        for (const auto& p : parts) target /= p;

        if (const char* hardlink = archive_entry_hardlink(entry)) {
            if (auto why = unsafeEntryPath(hardlink, limits.maxDepth))
                return refused(archivePath, "hard link '" + shown + "' points outside the archive: its target has " + *why);
            summary.skipped.push_back("hard link '" + shown + "' not extracted");
            continue;
        }
        const auto type = archive_entry_filetype(entry);
        if (type == AE_IFLNK) {
            const char* linkTarget = archive_entry_symlink(entry);
            if (auto why = linkLeavesArchive(name, linkTarget ? linkTarget : ""))
                return refused(archivePath, "link '" + shown + "' leaves the archive: " + *why);
            summary.skipped.push_back("link '" + shown + "' not extracted");
            continue;
        }
        if (type == AE_IFDIR) {
            fs::create_directories(target, ec);
            continue;
        }
        if (type != AE_IFREG) {
            summary.skipped.push_back("special file '" + shown + "' not extracted");
            continue;
        }
        if (archive_entry_size_is_set(entry)) {
            const long long declared = archive_entry_size(entry);
            if (declared > limits.maxEntryBytes)
                return refused(archivePath, "entry '" + shown + "' declares " + human(declared) + ", over the " +
                                                human(limits.maxEntryBytes) + " limit per file (a zip bomb?)");
            if (summary.bytes + declared > limits.maxTotalBytes)
                return refused(archivePath, "the entries declare more than " + human(limits.maxTotalBytes) +
                                                " in all (a zip bomb?)");
        }
        fs::create_directories(target.parent_path(), ec);
        const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (errno == EEXIST) return refused(archivePath, "entry '" + shown + "' appears twice");
            return refused(archivePath, "cannot write entry '" + shown + "': " + std::strerror(errno));
        }
        long long written = 0;
        while (true) {
            const la_ssize_t got = archive_read_data(reader.get(), buffer.data(), buffer.size());
            if (got == 0) break;
            if (got < 0) {
                ::close(fd);
                return refused(archivePath, "entry '" + shown + "' cannot be read: " + readerError(reader.get()));
            }
            written += got;
            summary.bytes += got;
            if (written > limits.maxEntryBytes || summary.bytes > limits.maxTotalBytes) {
                ::close(fd);
                if (written > limits.maxEntryBytes)
                    return refused(archivePath, "entry '" + shown + "' inflates past the " + human(limits.maxEntryBytes) +
                                                    " limit per file (a zip bomb?)");
                return refused(archivePath, "the entries inflate past the " + human(limits.maxTotalBytes) +
                                                " limit in all (a zip bomb?)");
            }
            if (::write(fd, buffer.data(), static_cast<size_t>(got)) != got) {
                ::close(fd);
                return refused(archivePath, "cannot write entry '" + shown + "': " + std::strerror(errno));
            }
        }
        ::close(fd);
        ++summary.files;
    }
    return summary;
}

}  // namespace grader
