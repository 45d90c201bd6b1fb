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

namespace {

/// Refused when the archive cannot be read, is empty, or is over limits.maxArchiveBytes.
std::optional<Error> archiveSizeRefusal(const fs::path& archivePath, const ArchiveLimits& limits) {
    std::error_code ec;
    const auto archiveSize = fs::file_size(archivePath, ec);
    if (ec) return refused(archivePath, "cannot read the archive: " + ec.message());
    if (archiveSize == 0) return refused(archivePath, "the file is empty (0 bytes): the upload holds nothing");
    if (static_cast<long long>(archiveSize) > limits.maxArchiveBytes)
        return refused(archivePath, "the archive is " + human(static_cast<long long>(archiveSize)) + ", over the " +
                                        human(limits.maxArchiveBytes) + " limit");
    return std::nullopt;
}

/// A reader of the formats batch grading unpacks (zip, tar compressed or not, 7z, rar).
std::unique_ptr<archive, ArchiveCloser> newArchiveReader() {
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
    return reader;
}

/// One extraction under way: the archive, where it goes, its limits, and what was written so far.
struct Extraction {
    const fs::path& archivePath;
    const fs::path& into;
    const ArchiveLimits& limits;
    archive* reader;
    ExtractSummary summary{};
    long entries = 0;
    std::vector<char> buffer = std::vector<char>(64 * 1024);
};

/// The entry's name (the UTF-8 one where the archive has it), refused when it is unreadable or unsafe;
/// the first name that is not UTF-8 is noted.
Expected<std::string> safeEntryName(Extraction& x, archive_entry* entry) {
    const char* rawName = archive_entry_pathname_utf8(entry);
    if (!rawName) rawName = archive_entry_pathname(entry);
    if (!rawName)
        return refused(x.archivePath, "entry " + std::to_string(x.entries) + "'s name cannot be read (" + readerError(x.reader) + ")");
    const std::string name = rawName, shown = cleanUtf8(name);  // shown: as messages quote it
    if (x.summary.notes.empty() && shown != name)
        x.summary.notes.push_back("names in the archive are not UTF-8 text (made with another character set?), e.g. '" + shown +
                                  "': unpacked as they are");
    if (auto why = unsafeEntryPath(name, x.limits.maxDepth)) return refused(x.archivePath, "entry '" + shown + "' has " + *why);
    return name;
}

/// What becomes of an entry whose name is safe: its bytes written, or not.
enum class EntryAction { Write, Skip };

/// A link (refused when it leaves the archive, else noted and skipped), a folder (created) or a special
/// file (noted and skipped); Write for a regular file.
Expected<EntryAction> entryAction(Extraction& x, archive_entry* entry, const std::string& name, const fs::path& target) {
    const std::string shown = cleanUtf8(name);
    if (const char* hardlink = archive_entry_hardlink(entry)) {
        if (auto why = unsafeEntryPath(hardlink, x.limits.maxDepth))
            return refused(x.archivePath, "hard link '" + shown + "' points outside the archive: its target has " + *why);
        x.summary.skipped.push_back("hard link '" + shown + "' not extracted");
        return EntryAction::Skip;
    }
    const auto type = archive_entry_filetype(entry);
    if (type == AE_IFLNK) {
        const char* linkTarget = archive_entry_symlink(entry);
        if (auto why = linkLeavesArchive(name, linkTarget ? linkTarget : ""))
            return refused(x.archivePath, "link '" + shown + "' leaves the archive: " + *why);
        x.summary.skipped.push_back("link '" + shown + "' not extracted");
        return EntryAction::Skip;
    }
    if (type == AE_IFDIR) {
        std::error_code ec;
        fs::create_directories(target, ec);
        return EntryAction::Skip;
    }
    if (type != AE_IFREG) {
        x.summary.skipped.push_back("special file '" + shown + "' not extracted");
        return EntryAction::Skip;
    }
    return EntryAction::Write;
}

/// Refused when the size a file entry declares is over the limit per file, or brings the total over its limit.
std::optional<Error> declaredSizeRefusal(const Extraction& x, archive_entry* entry, const std::string& shown) {
    if (!archive_entry_size_is_set(entry)) return std::nullopt;
    const long long declared = archive_entry_size(entry);
    if (declared > x.limits.maxEntryBytes)
        return refused(x.archivePath, "entry '" + shown + "' declares " + human(declared) + ", over the " + human(x.limits.maxEntryBytes) +
                                          " limit per file (a zip bomb?)");
    if (x.summary.bytes + declared > x.limits.maxTotalBytes)
        return refused(x.archivePath, "the entries declare more than " + human(x.limits.maxTotalBytes) + " in all (a zip bomb?)");
    return std::nullopt;
}

/// Copies the current entry's bytes to `fd`, counting them against the limits as they come (a header may lie).
std::optional<Error> copyEntryData(Extraction& x, int fd, const std::string& shown) {
    long long written = 0;
    while (true) {
        const la_ssize_t got = archive_read_data(x.reader, x.buffer.data(), x.buffer.size());
        if (got == 0) return std::nullopt;
        if (got < 0) return refused(x.archivePath, "entry '" + shown + "' cannot be read: " + readerError(x.reader));
        written += got;
        x.summary.bytes += got;
        if (written > x.limits.maxEntryBytes)
            return refused(x.archivePath, "entry '" + shown + "' inflates past the " + human(x.limits.maxEntryBytes) + " limit per file (a zip bomb?)");
        if (x.summary.bytes > x.limits.maxTotalBytes)
            return refused(x.archivePath, "the entries inflate past the " + human(x.limits.maxTotalBytes) + " limit in all (a zip bomb?)");
        if (::write(fd, x.buffer.data(), static_cast<size_t>(got)) != got)
            return refused(x.archivePath, "cannot write entry '" + shown + "': " + std::strerror(errno));
    }
}

/// Writes the current entry as a new file `target` (never over one, never through a link).
std::optional<Error> writeEntryFile(Extraction& x, const fs::path& target, const std::string& shown) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST) return refused(x.archivePath, "entry '" + shown + "' appears twice");
        return refused(x.archivePath, "cannot write entry '" + shown + "': " + std::strerror(errno));
    }
    auto error = copyEntryData(x, fd, shown);
    ::close(fd);
    if (!error) ++x.summary.files;
    return error;
}

/// Extracts the entry just read, or says why the whole archive is refused.
std::optional<Error> extractEntry(Extraction& x, archive_entry* entry) {
    auto name = safeEntryName(x, entry);
    if (!name) return name.error();
    const auto parts = components(*name);
    if (parts.empty()) return std::nullopt;  // "./"
    fs::path target = x.into;
    for (const auto& p : parts) target /= p;
    auto action = entryAction(x, entry, *name, target);
    if (!action) return action.error();
    if (*action == EntryAction::Skip) return std::nullopt;
    const std::string shown = cleanUtf8(*name);
    if (auto refusal = declaredSizeRefusal(x, entry, shown)) return refusal;
    return writeEntryFile(x, target, shown);
}

}  // namespace

Expected<ExtractSummary> extractArchive(const fs::path& archivePath, const fs::path& into, const ArchiveLimits& limits) {
    if (auto refusal = archiveSizeRefusal(archivePath, limits)) return *refusal;
    const auto reader = newArchiveReader();
    if (archive_read_open_filename(reader.get(), archivePath.c_str(), 64 * 1024) != ARCHIVE_OK)
        return refused(archivePath, "not a readable archive (.zip, .tar.gz, .7z, .rar, ...): " + readerError(reader.get()));
    Extraction x{archivePath, into, limits, reader.get()};
    archive_entry* entry = nullptr;
    while (true) {
        const int status = archive_read_next_header(reader.get(), &entry);
        if (status == ARCHIVE_EOF) break;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)  // ARCHIVE_RETRY too: no header was read
            return refused(archivePath, "the archive is damaged: " + readerError(reader.get()));
        if (++x.entries > limits.maxEntries)
            return refused(archivePath, "more than " + std::to_string(limits.maxEntries) + " entries (a zip bomb?)");
        if (auto refusal = extractEntry(x, entry)) return *refusal;
    }
    return x.summary;
}

}  // namespace grader
