// Taking a submission in for grading: the folder its lesson files are found
// in. A loose file is copied into a work folder as its lesson's file, an
// archive unpacked there (in a child process), a flat LMS's files copied (and
// the archives among them unpacked), and archives inside a submission opened
// beside themselves; a folder handed in is read where it is, never written.
// Non-goals: finding the lesson files (discovery.h), grading them (batch.h).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "batch/archive.h"
#include "batch/discovery.h"
#include "batch/nested_archives.h"
#include "batch/results.h"
#include "core/course.h"

namespace grader {

/// Why a submission is not graded: its row's status ("not graded" or "refused") and message.
struct Ungraded {
    std::string status;
    std::string message;
};

/// A submission taken in: where its files are, or why it cannot be graded.
struct Intake {
    std::optional<Ungraded> stopped;          ///< set: not graded, and why
    std::filesystem::path root;               ///< the folder its lesson files are found in
    std::map<std::string, std::string> handedAs;  ///< flat files: the name in the work folder -> the file as the LMS named it
    std::vector<OpenedArchive> opened;        ///< archives inside the submission, unpacked beside themselves
};

/// Takes `sub` in, into the work folder `unpacked` where it needs one (unpacking with the program
/// `unpacker`, "" for this grader, within `limits`); notes, problems and the grader's own trouble go to `result`.
Intake takeInSubmission(const Course& course, const Submission& sub, const ArchiveLimits& limits,
                        const std::filesystem::path& unpacker, const std::filesystem::path& unpacked, StudentResult& result);

}  // namespace grader
