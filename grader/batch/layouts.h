// The layouts a class's submissions come in, recognized from the entries'
// names: one folder or archive per student (the default), and what learning
// management systems hand an instructor: Canvas's flat download
// (<name>[_LATE]_<userid>_<submissionid>_<file>, re-uploads "-1", "-2"),
// Moodle's (folders or flat files "Full Name_<participantid>_assignsubmission_file_..."),
// Blackboard's (<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<file>),
// GitHub Classroom clones (<assignment>-<username>/ with .git) and a
// Gradescope submissions export (submission_metadata.yml beside
// submission_<id>/ folders). Each layout turns its entries into Submission
// records with the LMS's id, the student's name, the late flag and, for the
// flat ones, the files with the names the student gave them. An entry no
// layout explains is listed with the reason; two LMS layouts in one folder
// are refused, and so is a flat layout forced with --layout that no entry fits.
// Non-goals: unpacking (archive.h); the one-folder-per-student ids (discovery.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "batch/discovery.h"
#include "core/course.h"
#include "core/error.h"

namespace grader {

/// Where a class's submissions came from.
enum class LmsLayout { Folders, Canvas, Moodle, Blackboard, GitHubClassroom, Gradescope };

/// One row of the layouts' table: the --layout name, the name a person reads, the entries it expects.
struct LayoutInfo {
    LmsLayout layout;
    const char* name;     ///< "canvas"
    const char* title;    ///< "Canvas flat"
    const char* pattern;  ///< "<name>[_LATE]_<userid>_<submissionid>_<file>"
};

/// Every layout, in the order --help lists them.
const std::vector<LayoutInfo>& layoutTable();
/// The table row of `layout`.
const LayoutInfo& layoutInfo(LmsLayout layout);
/// The layout --layout NAME names, or an error listing the names.
Expected<LmsLayout> layoutByName(const std::string& name);

/// What an LMS's name for a flat file says about it.
struct FlatName {
    std::string userId;    ///< Canvas user id, Moodle participant id, Blackboard username
    std::string person;    ///< the name in the prefix ("lovelaceada", "Zoë Smith"), "" when it has none
    std::string original;  ///< the file's own name, the LMS prefix (and Canvas's re-upload suffix) removed
    std::string attempt;   ///< sorts one student's uploads, later is greater
    std::string prefix;    ///< the part naming the student ("lovelaceada_1001", "Zoë Smith_12345_assignsubmission_file_")
    bool late = false;     ///< Canvas's LATE
    bool metadata = false; ///< Blackboard's attempt .txt (no file of the student's)
    bool onlineText = false;  ///< online text or a link (Moodle's onlinetext, Canvas's _text.html and _link.html): no file
    std::string other;     ///< what the LMS put here that is no file of the student's ("Moodle's comments submission"), else ""
};

/// Canvas: "lovelaceada_LATE_1001_5001_matmul_tiled-2.cu" (original "matmul_tiled.cu", re-upload 2), anonymous
/// "anon_4kTqz_5001_matmul_tiled.cu", online text "lovelaceada_1001_text.html" (onlineText).
std::optional<FlatName> parseCanvasName(const std::string& fileName);
/// Moodle, flat: "Zoë Smith_12345_assignsubmission_file_matmul_tiled.cu"; a folder's name ends "..._file" (4.1+) or "..._file_".
std::optional<FlatName> parseMoodleName(const std::string& fileName);
/// Blackboard: "HW3_ada_attempt_2025-01-15-10-00-00_matmul_tiled.cu", or the attempt's ".txt".
std::optional<FlatName> parseBlackboardName(const std::string& fileName);

/// Reads SUBMISSIONS in `layout`, or in the layout its entries show when `layout` is empty; an error when
/// layouts are mixed, or when no entry fits a forced flat layout. `assignmentPrefix`: GitHub Classroom's
/// assignment name before each clone's username (default: "SLUG" of a folder named "SLUG-submissions", as
/// `gh classroom clone student-repos` names it, else the names' common start, with a note).
Expected<DiscoveredClass> readLayout(const std::filesystem::path& folder, const std::filesystem::path& skip,
                                     std::optional<LmsLayout> layout, const std::string& assignmentPrefix = "");

/// The files of a flat submission that are graded: per name the newest upload, per lesson the newest
/// candidate; notes name what was left aside (nothing is deleted or overwritten).
struct FlatChoice {
    std::vector<HandedFile> files;
    std::vector<std::string> notes;
};
/// Chooses among a flat submission's files (SubmissionKind::Files) for `course`.
FlatChoice chooseFlatFiles(const Course& course, const Submission& submission);

}  // namespace grader
