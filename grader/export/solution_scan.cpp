// Distinctive solution lines and where they occur (see solution_scan.h).
#include "export/solution_scan.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "core/toolchain.h"
#include "trainer/progress.h"

namespace grader {

namespace {

namespace fs = std::filesystem;

/// A line without its comment and surrounding blanks.
std::string normalized(std::string line, bool yaml) {
    const size_t comment = yaml ? (line.rfind('#', 0) == 0 ? 0 : line.find(" #")) : line.find("//");
    if (comment != std::string::npos) line.resize(comment);
    const size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) return "";
    return line.substr(start, line.find_last_not_of(" \t\r") - start + 1);
}

std::vector<std::string> linesOf(const fs::path& file) {
    std::string text;
    readFile(file, text);
    const bool yaml = file.extension() == ".yaml" || file.extension() == ".yml";
    std::vector<std::string> lines;
    std::stringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(normalized(line, yaml));
    return lines;
}

std::vector<fs::path> filesUnder(const fs::path& folder) {
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return files;
    for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());  // the same order, and the same messages, on every machine
    return files;
}

}  // namespace

std::vector<SolutionLine> distinctiveSolutionLines(const Course& course) {
    std::string known;  // what a student has anyway: the starters and the lesson texts
    std::string text;
    for (const auto& file : filesUnder(course.root / "starter"))
        if (readFile(file, text)) known += text + "\n";
    for (const auto& file : filesUnder(course.root / "lessons"))
        if (file.extension() == ".md" && readFile(file, text)) known += text + "\n";
    std::vector<SolutionLine> result;
    std::set<std::string> seen;
    for (const auto& file : filesUnder(course.root / "solutions")) {
        if (file.filename() == kTrainerProgressFile) continue;  // the trainer's answers: the kit's own `grader trainer` shows each
        const std::string name = fs::relative(file, course.root).string();
        for (const auto& line : linesOf(file))
            if (line.size() >= kMinDistinctiveLength && known.find(line) == std::string::npos && seen.insert(line).second)
                result.push_back({line, name});
    }
    return result;
}

std::vector<std::string> findSolutionText(const fs::path& folder, const std::vector<SolutionLine>& lines) {
    std::vector<std::string> hits;
    for (const auto& file : filesUnder(folder)) {
        std::string bytes;
        if (!readFile(file, bytes)) continue;
        for (const auto& line : lines)
            if (bytes.find(line.text) != std::string::npos)
                hits.push_back(fs::relative(file, folder).string() + " contains '" + line.text + "' (from " + line.file + ")");
    }
    return hits;
}

}  // namespace grader
