// Fuzz target: recognizing a class download's layout (grader/batch/layouts.h,
// discovery.h) from its entries' names and the LMS's metadata: Canvas,
// Moodle and Blackboard file names, Blackboard's attempt .txt, Gradescope's
// submission_metadata.yml, GitHub Classroom folders, one folder or archive
// per student. Each input is laid out as a real folder and read in the
// recognized layout and in each forced one; each submission's flat files are
// chosen, its content hashed and its lesson files found, as `grader batch`
// does. Beyond "no crash": every student id is safe as a file name (it names
// RESULTS/<id>.json) and distinct.
//
// An input is three parts separated by a line "===":
//   the entries, one per line: a kind letter and the name
//     f NAME  a file (submission_metadata.yml holds the second part, another
//             .txt or .yml file the third, any other a kernel)
//     d NAME  a folder holding matmul_naive.cu
//     g NAME  a folder holding .git/ (GitHub Classroom)
//     l NAME  a link to the first entry
//   ===
//   submission_metadata.yml (written, when not empty, even if no entry names it)
//   ===
//   the text of every .txt and .yml entry (Blackboard's "Name: Ada Lovelace (ada)")
// Non-goal: grading; the names' limits (a name is cut to 200 bytes, '/' and NUL replaced).
#include <cstdint>
#include <filesystem>
#include <set>
#include <sstream>

#include "batch/discovery.h"
#include "batch/layouts.h"
#include "fuzz_support.h"

namespace fs = std::filesystem;
using namespace grader;

namespace {

/// `raw` as one path component, or "" when it cannot be one.
std::string componentName(std::string raw) {
    for (char& c : raw)
        if (c == '/' || c == '\0') c = '_';
    if (raw.size() > 200) raw.resize(200);
    if (raw == "." || raw == "..") return "";
    return raw;
}

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

/// Lays the input's entries out in `folder`.
void layOut(const fs::path& folder, const std::string& entries, const std::string& metadata, const std::string& txt) {
    std::istringstream lines(entries);
    std::set<std::string> names;
    fs::path first;
    std::error_code ec;
    for (std::string line; std::getline(lines, line);) {
        if (line.size() < 3 || line[1] != ' ') continue;
        const std::string name = componentName(line.substr(2));
        if (name.empty() || !names.insert(name).second) continue;
        const fs::path path = folder / name;
        switch (line[0]) {
            case 'f':
                fuzz::writeBytes(path, name == "submission_metadata.yml"                   ? metadata
                                       : endsWith(name, ".txt") || endsWith(name, ".yml") ? txt
                                                                                          : "__global__ void k() {}\n");
                break;
            case 'd':
                fs::create_directory(path, ec);
                fuzz::writeBytes(path / "matmul_naive.cu", "__global__ void k() {}\n");
                break;
            case 'g': fs::create_directories(path / ".git", ec); break;
            case 'l': fs::create_symlink(first.empty() ? folder : first, path, ec); break;
            default: continue;
        }
        if (first.empty()) first = path;
    }
    if (!metadata.empty() && !names.count("submission_metadata.yml")) fuzz::writeBytes(folder / "submission_metadata.yml", metadata);
}

bool safeId(const std::string& id) {
    if (id.empty() || id.size() > 200 || id == "." || id == "..") return false;
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '@' || c == '+' || c == '-')) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const Course& course = fuzz::referenceCourse();
    const fs::path folder = fuzz::scratchFolder("layouts") / "class";
    std::error_code ec;
    fs::remove_all(folder, ec);
    fs::create_directories(folder, ec);
    const auto parts = fuzz::splitParts(fuzz::text(data, size), "===", 3);
    layOut(folder, parts[0], parts[1], parts[2]);

    const std::vector<std::optional<LmsLayout>> layouts = {std::nullopt,      LmsLayout::Folders,         LmsLayout::Canvas,    LmsLayout::Moodle,
                                                           LmsLayout::Blackboard, LmsLayout::GitHubClassroom, LmsLayout::Gradescope};
    for (const auto& layout : layouts) {
        auto found = readLayout(folder, {}, layout);
        if (!found) {
            fuzz::require(!found.error().message.empty(), "a refusal without a reason");
            continue;
        }
        std::set<std::string> ids;
        for (const auto& sub : found->submissions) {
            fuzz::require(safeId(sub.id), "an unsafe student id: '" + sub.id + "'");
            fuzz::require(ids.insert(sub.id).second, "two submissions filed as '" + sub.id + "'");
            (void)sub.displayName();
            (void)submissionContentHash(course, sub);
            (void)lessonOfLooseFile(course, sub.sourceName());
            if (sub.kind == SubmissionKind::Files) (void)chooseFlatFiles(course, sub);
            if (sub.kind == SubmissionKind::Folder) (void)findLessonFiles(course, sub.path);
        }
    }
    return 0;
}
