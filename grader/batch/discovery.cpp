// Discovery walks folders without following links and with a cap on the
// number of entries, so a hostile tree cannot stall or redirect it.
#include "batch/discovery.h"

#include <algorithm>
#include <optional>
#include <regex>
#include <set>

#include "batch/archive.h"
#include "batch/nested_archives.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr long kMaxWalkEntries = 20000;
constexpr uintmax_t kMaxHashedArchiveBytes = 256u << 20;
constexpr int kMaxHashedSiblings = 200;
constexpr uintmax_t kMaxHashedSiblingBytes = 1u << 20;
constexpr uintmax_t kMaxHashedFileBytes = 16u << 20;  // larger uploads are not graded: their size and time key them

/// A file's bytes for the content hash, or its size and time when it is larger than `largest` (never read whole).
Expected<std::string> hashedBytes(const fs::path& file, uintmax_t largest) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (!ec && size > largest)
        return "oversize-" + std::to_string(size) + "-" + std::to_string(fs::last_write_time(file, ec).time_since_epoch().count());
    std::string bytes;
    if (!readFile(file, bytes)) return Error{file.string(), "cannot read the file", ""};
    return bytes;
}

bool safeIdChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '@' || c == '+' || c == '-';
}

/// Candidates for one lesson: the lesson folder's name as parent first, then shallower, then by path.
bool betterCandidate(const fs::path& a, const fs::path& b, const fs::path& root, const std::string& folder) {
    auto rank = [&](const fs::path& p) {
        const fs::path rel = p.lexically_relative(root);
        const int depth = static_cast<int>(std::distance(rel.begin(), rel.end()));
        return std::make_tuple(p.parent_path().filename() == folder ? 0 : 1, depth, rel.string());
    };
    return rank(a) < rank(b);
}

bool looksLikeCuda(const std::string& name) {
    const std::string lower = asciiLower(name);
    return lower.size() > 3 && lower.compare(lower.size() - 3, 3, ".cu") == 0;
}

/// A file name without case, and without the suffix a copy gets: "Matmul_Tiled (1).cu" -> "matmul_tiled.cu".
std::string withoutCopySuffix(const std::string& name) {
    static const std::regex copy(R"(^(.*?)(\s*\(\d+\)|\s*-\s*copy|\s+copy|[-_ ]\d+)?\.cu$)");
    const std::string lower = asciiLower(name);
    std::smatch match;
    return std::regex_match(lower, match, copy) ? match[1].str() + ".cu" : lower;
}

/// The file a student most likely meant for `lesson`: the same name but for case or a copy
/// suffix, else the only .cu file in a folder named like the lesson; none when unclear.
std::optional<fs::path> nearMiss(const Lesson& lesson, const std::vector<fs::path>& others, const std::set<fs::path>& claimed,
                                 const fs::path& root) {
    std::vector<fs::path> sameName, inLessonFolder;
    const std::string wanted = asciiLower(lesson.studentFile);
    for (const auto& path : others) {
        if (claimed.count(path)) continue;
        if (withoutCopySuffix(path.filename().string()) == wanted) sameName.push_back(path);
        const std::string folder = asciiLower(path.parent_path().filename().string());
        if (path.parent_path() != root && (folder == asciiLower(lesson.folder) || folder == lesson.id)) inLessonFolder.push_back(path);
    }
    if (sameName.size() == 1) return sameName.front();
    if (sameName.empty() && inLessonFolder.size() == 1) return inLessonFolder.front();
    return std::nullopt;
}

/// The latest copy of `file` beside it ("NAME (N).EXT", the greatest N) among `others`, if any.
std::optional<fs::path> laterCopy(const fs::path& file, const std::vector<fs::path>& others, const std::set<fs::path>& claimed) {
    std::optional<fs::path> latest;
    int latestNumber = 0;
    const std::string stem = file.stem().string(), extension = file.extension().string();
    for (const auto& path : others) {
        const std::string name = path.filename().string();
        const int number = copySuffixNumber(name);
        if (claimed.count(path) || path.parent_path() != file.parent_path() || number <= latestNumber) continue;
        if (name == stem + " (" + std::to_string(number) + ")" + extension) latest = path, latestNumber = number;
    }
    return latest;
}

}  // namespace

int copySuffixNumber(const std::string& fileName) {
    static const std::regex copy(R"(^.+ \((\d{1,6})\)(\.[^.]*)?$)");
    std::smatch match;
    return std::regex_match(fileName, match, copy) ? std::atoi(match[1].str().c_str()) : 0;
}

std::string safeStudentId(const std::string& name) {
    std::string id;
    for (char c : name) id += safeIdChar(c) ? c : '_';
    if (id.empty() || !std::isalnum(static_cast<unsigned char>(id[0]))) id = "_" + id;
    return id.substr(0, 128);
}

Expected<DiscoveredClass> discoverSubmissions(const fs::path& folder, const fs::path& skip) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        return Error{folder.string(), "not a folder", "SUBMISSIONS is a folder holding one folder or archive per student"};
    const fs::path skipCanonical = skip.empty() ? fs::path() : fs::weakly_canonical(skip, ec);
    DiscoveredClass found;
    std::map<std::string, std::string> takenBy;  // id -> source name
    std::vector<fs::directory_entry> entries;
    for (const auto& entry : fs::directory_iterator(folder, ec)) entries.push_back(entry);
    if (ec) return Error{folder.string(), "cannot list the folder: " + ec.message(), ""};
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.path() < b.path(); });
    for (const auto& entry : entries) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (!skipCanonical.empty() && fs::weakly_canonical(entry.path(), ec) == skipCanonical) continue;
        const auto status = entry.symlink_status(ec);
        Submission submission;
        submission.path = entry.path();
        submission.id = safeStudentId(name);
        submission.name = name;
        if (fs::is_symlink(status)) {
            submission.kind = SubmissionKind::Unusable;
            submission.reason = "a link; links are never followed (hand in the folder or archive itself)";
        } else if (fs::is_directory(status)) {
            submission.kind = SubmissionKind::Folder;
        } else if (fs::is_regular_file(status) && isArchiveName(name)) {
            submission.kind = SubmissionKind::Archive;
            submission.id = safeStudentId(stripArchiveExtension(name));
            submission.name = stripArchiveExtension(name);
        } else if (fs::is_regular_file(status) && name.size() > 3 && name.compare(name.size() - 3, 3, ".cu") == 0) {
            submission.kind = SubmissionKind::File;
            submission.id = safeStudentId(name.substr(0, name.size() - 3));
            submission.name = name.substr(0, name.size() - 3);
        } else {
            submission.kind = SubmissionKind::Unusable;
            submission.reason = "not a folder, an archive (.zip, .tar.gz, .7z, .rar, ...) or a .cu file";
        }
        if (auto it = takenBy.find(submission.id); it != takenBy.end()) {
            std::string id;
            for (int suffix = 2; id.empty() || takenBy.count(id); ++suffix) id = submission.id + "-" + std::to_string(suffix);
            found.notes.push_back(name + ": student id '" + submission.id + "' is taken by " + it->second + "; filed as '" + id + "'");
            submission.id = id;
        }
        takenBy[submission.id] = name;
        found.submissions.push_back(submission);
    }
    std::sort(found.submissions.begin(), found.submissions.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return found;
}

LessonFiles findLessonFiles(const Course& course, const fs::path& root) {
    LessonFiles files;
    std::map<std::string, std::vector<fs::path>> candidates;  // file name -> paths
    std::vector<fs::path> others;                              // .cu files with other names: near misses
    std::vector<std::string> heldFiles;  // when no lesson's file is found at all, the note names what the submission holds
    std::set<std::string> wanted;
    for (const auto& lesson : course.lessons) wanted.insert(lesson.studentFile);
    std::error_code ec;
    long seen = 0;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (++seen > kMaxWalkEntries) {
            files.notes.push_back("stopped looking after " + std::to_string(kMaxWalkEntries) + " entries");
            break;
        }
        const std::string name = it->path().filename().string();
        const auto status = it->symlink_status(ec);
        if (fs::is_directory(status) && name == "__MACOSX") {
            it.disable_recursion_pending();
            continue;
        }
        if (!wanted.count(name)) {
            if (fs::is_regular_file(status) && looksLikeCuda(name)) others.push_back(it->path());
            if (fs::is_regular_file(status) && heldFiles.size() < 6) heldFiles.push_back(it->path().lexically_relative(root).string());
            continue;
        }
        if (fs::is_symlink(status)) {
            files.notes.push_back(it->path().lexically_relative(root).string() + " is a link; ignored (links are never followed)");
            continue;
        }
        if (fs::is_regular_file(status)) candidates[name].push_back(it->path());
    }
    std::set<fs::path> claimed;
    for (const auto& [name, paths] : candidates) claimed.insert(paths.begin(), paths.end());
    for (const auto& lesson : course.lessons) {
        auto& paths = candidates[lesson.studentFile];
        if (paths.empty()) {
            if (auto guess = nearMiss(lesson, others, claimed, root)) {
                claimed.insert(*guess);
                files.byLesson[lesson.id] = *guess;
                files.nearMisses[lesson.id] = guess->lexically_relative(root).string();
                files.notes.push_back(lesson.id + ": no file named " + lesson.studentFile + "; graded " +
                                      guess->lexically_relative(root).string() + " instead (name it " + lesson.studentFile +
                                      " next time)");
            }
            continue;
        }
        std::sort(paths.begin(), paths.end(),
                  [&](const fs::path& a, const fs::path& b) { return betterCandidate(a, b, root, lesson.folder); });
        files.byLesson[lesson.id] = paths.front();
        if (auto later = laterCopy(paths.front(), others, claimed)) {  // uploaded again: Moodle kept both, the later as "NAME (1).cu"
            claimed.insert(*later);
            files.byLesson[lesson.id] = *later;
            files.notes.push_back(lesson.id + ": " + later->lexically_relative(root).string() + " is a later copy of " +
                                  paths.front().lexically_relative(root).string() + " (the same file uploaded again); graded the later copy");
        }
        if (paths.size() > 1) {
            std::string also;
            for (size_t i = 1; i < paths.size(); ++i) also += (i > 1 ? ", " : "") + paths[i].lexically_relative(root).string();
            files.notes.push_back(lesson.id + ": " + std::to_string(paths.size()) + " files named " + lesson.studentFile +
                                  "; graded " + paths.front().lexically_relative(root).string() + " (also found: " + also + ")");
        }
    }
    if (files.byLesson.empty() && !heldFiles.empty()) {
        std::string held, names;
        for (size_t i = 0; i < heldFiles.size() && i < 5; ++i) held += (i ? ", " : "") + heldFiles[i];
        for (const auto& lesson : course.lessons) names += (names.empty() ? "" : ", ") + lesson.studentFile;
        files.notes.push_back("no lesson's file was found; the submission holds " + held + (heldFiles.size() > 5 ? ", ..." : "") +
                              " (each lesson's file is found by its name: " + names + ")");
    }
    return files;
}

bool namesLessonFile(const Lesson& lesson, const std::string& fileName) {
    return looksLikeCuda(fileName) && withoutCopySuffix(fileName) == asciiLower(lesson.studentFile);
}

const Lesson* lessonOfLooseFile(const Course& course, const std::string& fileName) {
    const std::string name = asciiLower(fileName);
    const auto contains = [&name](const std::string& part) { return !part.empty() && name.find(asciiLower(part)) != std::string::npos; };
    const Lesson* byName = nullptr;
    int matches = 0;
    for (const auto& lesson : course.lessons) {
        const std::string stem = fs::path(lesson.studentFile).stem().string();
        if (contains(stem) || contains(lesson.id) || contains(lesson.folder)) byName = &lesson, ++matches;
    }
    return matches == 1 ? byName : nullptr;
}

Expected<std::string> submissionContentHash(const Course& course, const Submission& submission) {
    std::string material;
    if (submission.kind == SubmissionKind::Unusable) return "unusable-" + submission.reason;
    const std::string late = submission.late ? "-late" : "";
    if (submission.kind == SubmissionKind::Files) {  // every upload, earlier ones too: which one wins is part of the key
        for (const auto& file : submission.files) {
            auto bytes = hashedBytes(file.path, kMaxHashedArchiveBytes);
            if (!bytes) return bytes.error();
            material += file.path.filename().string() + "\n" + file.name + "\n" + file.attempt + "\n" + std::to_string(bytes->size()) + "\n" + *bytes;
        }
        return "files-" + contentHash(material) + late;
    }
    if (submission.kind == SubmissionKind::Archive || submission.kind == SubmissionKind::File) {
        std::error_code ec;
        const auto size = fs::file_size(submission.path, ec);
        if (!ec && size > kMaxHashedArchiveBytes)  // refused when unpacked; do not read it all to hash it
            return "archive-oversize-" + std::to_string(size) + "-" +
                   std::to_string(fs::last_write_time(submission.path, ec).time_since_epoch().count());
        if (!readFile(submission.path, material)) return Error{submission.path.string(), "cannot read the file", ""};
        return (submission.kind == SubmissionKind::File ? "file-" : "archive-") + contentHash(material);
    }
    // Each lesson file and the small files beside it (a check may read them: the quiz's answers).
    const LessonFiles files = findLessonFiles(course, submission.path);
    std::set<fs::path> inputs;
    for (const auto& [lesson, path] : files.byLesson) {
        inputs.insert(path);
        std::error_code ec;
        int siblings = 0;
        for (const fs::path& folder : {path.parent_path(), path.parent_path() / lesson}) {  // lessonK/: its quiz answers
            for (const auto& entry : fs::directory_iterator(folder, ec)) {
                if (++siblings > kMaxHashedSiblings) break;
                if (entry.is_regular_file(ec) && !entry.is_symlink(ec) && entry.file_size(ec) <= kMaxHashedSiblingBytes)
                    inputs.insert(entry.path());
            }
            ec.clear();
        }
    }
    for (const auto& archive : archivesInside(submission.path)) {  // opened when graded (nested_archives.h): what they hold counts
        std::error_code ec;
        if (fs::file_size(submission.path / archive, ec) <= kMaxHashedArchiveBytes) inputs.insert(submission.path / archive);
    }
    for (const auto& path : inputs) {
        auto bytes = hashedBytes(path, kMaxHashedFileBytes);
        if (!bytes) return bytes.error();
        material += path.lexically_relative(submission.path).string() + "\n" + std::to_string(bytes->size()) + "\n" + *bytes;
    }
    return "folder-" + contentHash(material) + late;
}

}  // namespace grader
