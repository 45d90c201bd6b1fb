// Finding the submissions in a folder and the lesson files in a submission.
// Each entry of SUBMISSIONS is one student: a folder, an archive (archive.h)
// or a loose .cu file, named by student id; an entry that cannot be graded
// (a link, another kind of file) is kept as one too, with the reason, so
// every entry gets a row. Two names that map to one id get distinct ids
// (a suffix "-2", "-3", ...); the name as handed in is kept. Inside, a lesson's file is found by its
// name from course.yaml (student_file) anywhere in the tree; links are never
// followed, so a link to solutions/ is not a submission. A content hash of
// what would be graded (the lesson files and what lies beside them, such as
// quiz answers) keys the resumable results.
// Non-goals: reading LMS downloads (layouts.h, which calls this for the
// one-folder-per-student layout); unpacking (archive.h).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// How a student handed the work in.
enum class SubmissionKind {
    Folder,
    Archive,
    File,      ///< a loose .cu file at the top level: a one-file submission
    Files,     ///< an LMS's flat files of one student (layouts.h): `files`
    Unusable,  ///< not gradable (a link, another kind of file): a row with the reason
};

/// A file of a flat LMS download, with the name its student gave it.
struct HandedFile {
    std::filesystem::path path;  ///< as it lies in SUBMISSIONS ("lovelaceada_1001_5001_matmul_tiled-1.cu")
    std::string name;            ///< the student's name for it, the LMS prefix and re-upload suffix removed ("matmul_tiled.cu")
    std::string attempt;         ///< orders one student's uploads: the greater is the newer
};

/// One student's submission, before it is unpacked.
struct Submission {
    std::string id;               ///< safe as a file name: the LMS's user id or username, else the folder or archive name
    std::filesystem::path path;   ///< the folder or the archive (Files: the first file)
    SubmissionKind kind = SubmissionKind::Folder;
    std::string reason;           ///< Unusable: why it cannot be graded
    std::string name;             ///< the student's name as the layout gives it ("Zoë Smith"); "" when it gives none
    std::string source;           ///< as handed in, when not path's name ("lovelaceada_1001", "HW3_ada")
    bool late = false;            ///< the LMS marked it late
    std::vector<HandedFile> files;   ///< Files: every file of the student's, earlier uploads too
    std::vector<std::string> notes;  ///< what the layout left aside: earlier attempts, online text
    /// The name as handed in, e.g. "ada", "dennis.zip" or "lovelaceada_1001".
    std::string sourceName() const { return source.empty() ? path.filename().string() : source; }
    /// The student's name: the layout's, else the name as handed in.
    std::string displayName() const { return name.empty() ? sourceName() : name; }
};

/// Every entry found (one submission each), and notes on how ids were made.
struct DiscoveredClass {
    std::string layout = "one folder or archive per student";  ///< the layout's title
    std::vector<Submission> submissions;  ///< sorted by id
    std::vector<std::string> notes;       ///< "Zoé Smith: id 'Zo__Smith' is taken by Zoë Smith; filed as 'Zo__Smith-2'"
};

/// The lesson files of one unpacked submission.
struct LessonFiles {
    std::map<std::string, std::filesystem::path> byLesson;  ///< lesson id -> file (absent: not submitted)
    std::map<std::string, std::string> nearMisses;           ///< lesson id -> the differently named file graded for it
    std::vector<std::string> notes;                          ///< duplicates, links ignored, ...
};

/// A student id made safe as a file name: [A-Za-z0-9._@+-], starting with a letter or digit.
std::string safeStudentId(const std::string& name);

/// Lists the submissions in `folder`, leaving out `skip` (the results folder, when it lies inside).
Expected<DiscoveredClass> discoverSubmissions(const std::filesystem::path& folder, const std::filesystem::path& skip = {});

/// Finds each lesson's student_file by name under `root` (a folder, links not followed). A lesson
/// without one gets the file the student most likely meant, with a note: the same name but for
/// case or a copy suffix ("Matmul_Tiled (1).cu", "matmul_tiled-1.cu"), else the only .cu file in a
/// folder named like the lesson ("03-phase-loop/tiled.cu"). Beside the file, a later copy of it
/// ("matmul_tiled (1).cu", Moodle's name for the same file uploaded again) is graded instead, with a note.
LessonFiles findLessonFiles(const Course& course, const std::filesystem::path& root);

/// True when `fileName` is `lesson`'s student_file but for case or a copy suffix ("Matmul_Tiled (1).cu").
bool namesLessonFile(const Lesson& lesson, const std::string& fileName);

/// N of a copy's suffix "NAME (N).EXT", the name an LMS (Moodle's file picker) or a browser gives a file
/// uploaded or saved again under a name taken, so the greater N is the later copy; 0 for any other name.
int copySuffixNumber(const std::string& fileName);

/// The lesson a loose file is for, from its name ("frank_matmul_tiled.cu", "lesson3.cu"), or nullptr.
const Lesson* lessonOfLooseFile(const Course& course, const std::string& fileName);

/// A hash of what would be graded: the archive's bytes, or the folder's lesson files and the small files beside them.
Expected<std::string> submissionContentHash(const Course& course, const Submission& submission);

}  // namespace grader
