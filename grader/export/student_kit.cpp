// Writing the student kit (see student_kit.h).
#include "export/student_kit.h"

#include <fstream>

#include "core/toolchain.h"
#include "export/kit_integrations.h"
#include "export/kit_text.h"
#include "export/prebuilt_harness.h"
#include "export/student_quizzes.h"
#include "export/solution_scan.h"
#include "trainer/trainer_page.h"

namespace grader {

namespace {

namespace fs = std::filesystem;

constexpr const char* kMarker = ".student-kit";

/// How one part of the kit travels.
enum class How { Copy, Tree, Edited };

/// The student kit's form of an edited file (kit_text.h).
using Edit = Expected<std::string> (*)(const std::string& text, const std::string& displayName);

/// The student kit's form of a file of a tree with this name (its path relative to the kit given).
using TreeEdit = Expected<std::string> (*)(const Course& course, const std::string& relative, const std::string& text);

struct KitPart {
    const char* from;  ///< in the instructor's kit
    const char* to;    ///< in the student kit
    How how;
    Edit edit = nullptr;  ///< for How::Edited
    std::vector<std::pair<const char*, TreeEdit>> treeEdits = {};  ///< for How::Tree: files of these names are edited
};

const std::vector<KitPart> kKitParts = {
    {"course.yaml", "course.yaml", How::Copy},
    {"CMakeLists.txt", "CMakeLists.txt", How::Copy},
    {"CMakePresets.json", "CMakePresets.json", How::Edited, studentPresets},
    {"README.md", "README.md", How::Edited, studentReadme},
    {"CONTRACT.md", "CONTRACT.md", How::Edited, studentReadme},  // its student-kit parts, marked as README.md's
    {"docs/student-guide.md", "docs/student-guide.md", How::Edited, studentReadme},  // the only doc a student needs
    {".gitignore", ".gitignore", How::Copy},
    {"lessons", "lessons", How::Tree, nullptr,  // the quizzes sealed, the texts without their answers (student_quizzes.h)
     {{"quiz.yaml", studentQuizYaml}, {"README.md", studentLessonText}, {"README.ru.md", studentLessonText}}},
    {"starter", "starter", How::Tree},
    {"scripts/install-deps.sh", "scripts/install-deps.sh", How::Edited, studentInstallScript},
    {"grader", "grader", How::Tree},
    {"tests/lesson_tests.cmake", "tests/CMakeLists.txt", How::Copy},
};

/// Files the kit gets written from course.yaml (kit_integrations.h).
const std::vector<std::pair<const char*, std::string (*)(const Course&)>> kGenerated = {
    {".github/workflows/classroom.yml", classroomWorkflow},
    {".devcontainer/devcontainer.json", devcontainerJson},
    {".vscode/tasks.json", vscodeTasksJson},
};

/// Files inside the parts above that stay with the instructor: the harness travels compiled; the
/// Gradescope autograder's scripts are the instructor's (gradescope.h puts them beside the kit).
const std::vector<const char*> kHeldBack = {"grader/harness/harness.cu", "grader/harness/reference_kernels.h",
                                            "grader/harness/prebuilt", "grader/export/gradescope"};

const std::vector<std::pair<const char*, const char*>> kInstructorOnly = {
    {"solutions/", "the hidden solutions"},
    {"grader/harness/harness.cu", "the harness and the grader's reference kernels: they travel compiled"},
    {"tests/", "the kit's own tests: the broken-kernel corpus is the solutions with one line changed (only the lesson tests travel)"},
    {"examples/", "a sample class of submissions, correct ones among them"},
    {"bench/", "benchmarks, one with a tiled kernel"},
    {".ci/", "the kit's CI"},
};

const char* kPrebuiltReadme =
    "# The compiled harness\n"
    "\n"
    "`grader export-student` compiled the grader's harness (the program that\n"
    "calls your functions, with the grader's own reference kernels) from the\n"
    "instructor's kit, once per lesson: `cpu/` for the cpu emulator, `gpu/` for\n"
    "the gpu backend when nvcc was there. `grader/CMakeLists.txt` copies them\n"
    "next to the grader when you build the kit. Nothing here is meant to be\n"
    "edited; rebuilding the kit does not recompile them.\n";

bool heldBack(const std::string& relative) {
    for (const char* path : kHeldBack)
        if (relative == path || relative.rfind(std::string(path) + "/", 0) == 0) return true;
    return false;
}

bool skipped(const fs::path& name) {
    const std::string text = name.filename().string();
    return text.empty() || text[0] == '.' || text.back() == '~' || name.extension() == ".actual";
}

Expected<int> copyFile(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    fs::create_directories(to.parent_path(), ec);
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    if (ec) return Error{from.string(), "cannot copy to " + to.string() + ": " + ec.message(), ""};
    return 1;
}

Expected<int> writeText(const fs::path& to, const std::string& text) {
    std::error_code ec;
    fs::create_directories(to.parent_path(), ec);
    std::ofstream out(to, std::ios::binary);
    if (!(out << text)) return Error{to.string(), "cannot write the file", ""};
    return 1;
}

/// Copies one file of a tree, or writes its edited form where `part` edits files of its name.
Expected<int> copyTreeFile(const Course& course, const fs::path& file, const fs::path& out, const std::string& relative, const KitPart& part) {
    for (const auto& [name, edit] : part.treeEdits) {
        if (file.filename() != name) continue;
        std::string text;
        if (!readFile(file, text)) return Error{file.string(), "cannot read the file", ""};
        auto edited = edit(course, relative, text);
        if (!edited) return edited.error();
        return writeText(out / relative, *edited);
    }
    return copyFile(file, out / relative);
}

/// Copies one part of the kit; returns the number of files written.
Expected<int> copyPart(const Course& course, const fs::path& out, const KitPart& part) {
    const fs::path& kit = course.root;
    const fs::path from = kit / part.from, to = out / part.to;
    std::string text;
    switch (part.how) {
        case How::Copy: return copyFile(from, to);
        case How::Edited: {  // the instructor's parts left out on the way
            if (!readFile(from, text)) return Error{from.string(), "cannot read the file", ""};
            auto edited = part.edit(text, part.from);
            if (!edited) return edited.error();
            auto written = writeText(to, *edited);
            if (!written) return written;
            std::error_code ec;
            fs::permissions(to, fs::status(from).permissions(), ec);  // an executable script stays one
            if (ec) return Error{to.string(), "cannot set its permissions: " + ec.message(), ""};
            return written;
        }
        case How::Tree: break;
    }
    int files = 0;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(from, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string relative = fs::relative(it->path(), kit).string();
        if (skipped(it->path()) || heldBack(relative)) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file()) continue;
        auto copied = copyTreeFile(course, it->path(), out, relative, part);
        if (!copied) return copied.error();
        ++files;
    }
    if (ec) return Error{from.string(), "cannot read the folder: " + ec.message(), ""};
    return files;
}

/// Removes everything in `folder` but a `.git` an instructor made there (the kit's own repository survives a new export).
std::error_code clearKeepingGit(const fs::path& folder) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().filename() == ".git") continue;
        fs::remove_all(entry.path(), ec);
        if (ec) return ec;
    }
    return ec;
}

/// Makes `out` ready: new, empty, or an earlier export (emptied, but for its `.git`). An Error otherwise.
Expected<fs::path> prepareOut(const fs::path& kit, const std::string& requested) {
    std::error_code ec;
    const fs::path out = fs::weakly_canonical(fs::absolute(requested), ec);
    const fs::path root = fs::weakly_canonical(kit, ec);
    const std::string outText = out.string(), rootText = root.string();
    if (out == root || rootText.rfind(outText + "/", 0) == 0)
        return Error{requested, "is the kit itself or holds it", "export into a new folder, e.g. build/student-kit"};
    if (fs::exists(out)) {
        if (!fs::is_directory(out)) return Error{requested, "exists and is not a folder", ""};
        bool onlyGit = true;  // an instructor may `git init` the folder before the first export
        for (const auto& entry : fs::directory_iterator(out, ec)) onlyGit &= entry.path().filename() == ".git";
        if (!onlyGit && !fs::exists(out / kMarker))
            return Error{requested, "is not empty and is not an earlier student kit", "export into a new or empty folder"};
        ec = clearKeepingGit(out);
        if (ec) return Error{requested, "cannot remove the earlier export: " + ec.message(), ""};
    }
    fs::create_directories(out, ec);
    if (ec) return Error{requested, "cannot create the folder: " + ec.message(), ""};
    return out;
}

}  // namespace

namespace {

/// Copies the browser edition built at `dist` (web/build.mjs's web/dist) to `to`; the number of files copied, or an
/// Error where `dist` is not such a build or cannot be copied.
Expected<int> copyWebSite(const fs::path& dist, const fs::path& to) {
    for (const char* part : {"index.html", "assets/course.json", "assets/judge.wasm"})
        if (!fs::is_regular_file(dist / part))
            return Error{dist.string(), std::string("is not the browser edition's build: it has no ") + part,
                         "build it first: cd web && npm ci && node build.mjs (then --web web/dist)"};
    std::error_code ec;
    fs::copy(dist, to, fs::copy_options::recursive, ec);
    if (ec) return Error{dist.string(), "cannot copy the browser edition to " + to.string() + ": " + ec.message(), ""};
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(to, ec)) files += entry.is_regular_file();
    return files;
}

/// Writes every part of the kit into `dest`: the copied and edited files, the files written from
/// course.yaml, the trainer's page, the browser edition where asked and the compiled harness; fills `written`.
std::optional<Error> writeKitParts(const Course& course, const ExportCommand& command, const fs::path& dest, StudentKitWritten& written) {
    const fs::path kit = course.root;
    for (const auto& part : kKitParts) {
        auto copied = copyPart(course, dest, part);
        if (!copied) return copied.error();
        written.files += *copied;
    }
    for (const auto& [path, generate] : kGenerated) {
        if (auto done = writeText(dest / path, generate(course)); !done) return done.error();
        written.generated.push_back(path);
    }
    // The tile-map trainer's page (trainer_page.h), English first; a course without lesson2 or lesson3 has none.
    const char* trainerPath = "lessons/trainer.html";
    if (auto trainerPage = trainerPageHtml(course, TrainerPageOptions{})) {
        if (auto done = writeText(dest / trainerPath, *trainerPage); !done) return done.error();
        written.generated.push_back(trainerPath);
    }
    if (!command.web.empty()) {
        auto copied = copyWebSite(command.web, dest / "web");
        if (!copied) return copied.error();
        written.webFiles = *copied;
    }
    PrebuiltOptions prebuilt;
    prebuilt.harnessSource = kit / "grader" / "harness";
    prebuilt.emulatorInclude = kit / "grader" / "emu" / "include";
    prebuilt.out = dest / "grader" / "harness" / "prebuilt";
    prebuilt.gpu = command.gpu;
    prebuilt.cudaArchs = command.cudaArchs;
    auto compiled = writePrebuiltHarness(prebuilt);
    if (!compiled) return compiled.error();
    written.compiled = *compiled;
    for (auto done : {writeText(prebuilt.out / "README.md", kPrebuiltReadme),
                      writeText(dest / kMarker, "Written by `grader export-student` (grader " + graderVersion() +
                                                    "); the next export into this folder replaces it.\n")})
        if (!done) return done.error();
    return std::nullopt;
}

}  // namespace

Expected<StudentKitWritten> writeStudentKit(const Course& course, const ExportCommand& command) {
    const fs::path kit = course.root;
    if (!fs::exists(kit / "grader" / "harness" / "harness.cu"))
        return Error{kit.string(), "this is a student kit, not the instructor's: it has no harness source to compile", ""};
    auto folder = prepareOut(kit, command.out);
    if (!folder) return folder.error();
    StudentKitWritten written;
    written.folder = *folder;
    if (auto error = writeKitParts(course, command, written.folder, written)) {
        clearKeepingGit(written.folder);
        return *error;
    }
    for (const auto& [path, why] : kInstructorOnly) written.leftOut.push_back(path);
    const std::vector<SolutionLine> lines = distinctiveSolutionLines(course);
    written.linesChecked = lines.size();
    written.solutionText = findSolutionText(written.folder, lines);
    if (!written.solutionText.empty()) clearKeepingGit(written.folder);
    return written;
}

}  // namespace grader
