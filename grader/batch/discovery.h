// Finding the submissions in a folder and the lesson files in a submission.
// Each entry of SUBMISSIONS is one student: a folder, or a .zip / .tar.gz /
// .tgz / .tar named by student id. Inside, a lesson's file is found by its
// name from course.yaml (student_file) anywhere in the tree; links are never
// followed, so a link to solutions/ is not a submission. A content hash of
// what would be graded (the lesson files and what lies beside them, such as
// quiz answers) keys the resumable results.
// Non-goals: reading LMS-specific export layouts; unpacking (archive.h).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// How a student handed the work in.
enum class SubmissionKind { Folder, Archive };

/// One student's submission, before it is unpacked.
struct Submission {
    std::string id;               ///< safe as a file name; from the folder or archive name
    std::filesystem::path path;   ///< the folder or the archive
    SubmissionKind kind = SubmissionKind::Folder;
    /// The folder or archive name as handed in, e.g. "ada" or "dennis.zip".
    std::string sourceName() const { return path.filename().string(); }
};

/// Every submission found, and the entries that are not submissions.
struct DiscoveredClass {
    std::vector<Submission> submissions;  ///< sorted by id
    std::vector<std::string> notes;       ///< "notes.txt: not a folder, .zip or .tar.gz; ignored"
};

/// The lesson files of one unpacked submission.
struct LessonFiles {
    std::map<std::string, std::filesystem::path> byLesson;  ///< lesson id -> file (absent: not submitted)
    std::vector<std::string> notes;                          ///< duplicates, links ignored, ...
};

/// A student id made safe as a file name: [A-Za-z0-9._@+-], starting with a letter or digit.
std::string safeStudentId(const std::string& name);

/// Lists the submissions in `folder`, leaving out `skip` (the results folder, when it lies inside).
Expected<DiscoveredClass> discoverSubmissions(const std::filesystem::path& folder, const std::filesystem::path& skip = {});

/// Finds each lesson's student_file by name under `root` (a folder, links not followed).
LessonFiles findLessonFiles(const Course& course, const std::filesystem::path& root);

/// A hash of what would be graded: the archive's bytes, or the folder's lesson files and the small files beside them.
Expected<std::string> submissionContentHash(const Course& course, const Submission& submission);

}  // namespace grader
