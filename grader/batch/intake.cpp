// Taking a submission in (see intake.h): one function per kind of submission,
// each filling the work folder and the result's notes the same way the batch
// reports them.
#include "batch/intake.h"

#include "batch/layouts.h"
#include "batch/unpack_child.h"
#include "batch/upload_check.h"
#include "core/escape.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// Where taking a submission in unpacks, and with what limits.
struct IntakePlace {
    const ArchiveLimits& limits;
    const fs::path& unpacker;
    const fs::path& unpacked;
};

/// A loose .cu file: copied into the work folder as the file of the lesson its name names.
std::optional<Ungraded> takeInLooseFile(const Course& course, const Submission& sub, const IntakePlace& place, StudentResult& result) {
    const auto notGraded = [](const std::string& why) { return Ungraded{"not graded", why}; };
    if (auto big = tooLarge(sub.path, sub.sourceName(), place.limits.maxEntryBytes)) return notGraded(*big);
    const Lesson* lesson = lessonOfLooseFile(course, sub.sourceName());
    if (!lesson)
        return notGraded("a loose .cu file whose name names no single lesson; hand in a folder, or name the file after its lesson's "
                         "file (e.g. " + sub.id + "_" + course.lessons.back().studentFile + ")");
    std::error_code ec;
    fs::remove_all(place.unpacked, ec);
    fs::create_directories(place.unpacked / lesson->folder, ec);
    fs::copy_file(sub.path, place.unpacked / lesson->folder / lesson->studentFile, ec);
    if (ec) return notGraded("cannot copy the file: " + ec.message());
    result.notes.push_back("a loose file: " + sub.sourceName() + " graded as " + lesson->id + "'s " + lesson->studentFile);
    return std::nullopt;
}

/// An archive: unpacked into the work folder; refused when it is unsafe, not graded when the unpacker failed.
std::optional<Ungraded> takeInArchive(const Submission& sub, const IntakePlace& place, StudentResult& result) {
    std::error_code ec;
    fs::remove_all(place.unpacked, ec);
    fs::create_directories(place.unpacked, ec);
    const Unpacked extracted = unpackInChild(sub.path, place.unpacked, place.limits, place.unpacker);
    if (!extracted.summary) {
        fs::remove_all(place.unpacked, ec);
        if (extracted.unpackerFailed) {  // the grader's trouble, not the student's: graded again on the next run
            result.graderError = true;
            return Ungraded{"not graded", "the grader could not unpack " + sub.sourceName() + ": " + extracted.refusal.message + " (" +
                                              extracted.refusal.hint + ")"};
        }
        return Ungraded{"refused", extracted.refusal.message};
    }
    for (const auto& skipped : extracted.summary->skipped) result.notes.push_back(skipped);
    for (const auto& note : extracted.summary->notes) result.problems.push_back(sub.sourceName() + ": " + note);
    return std::nullopt;
}

/// One archive among a flat submission's files: unpacked into its own folder `name` of the work folder;
/// false when it was refused (a problem of the result).
bool unpackFlatArchive(const HandedFile& file, const std::string& name, const IntakePlace& place, StudentResult& result) {
    std::error_code ec;
    fs::create_directories(place.unpacked / name, ec);
    const Unpacked extracted = unpackInChild(file.path, place.unpacked / name, place.limits, place.unpacker);
    const std::string shown = cleanUtf8(file.path.filename().string());
    if (!extracted.summary) {
        result.graderError = result.graderError || extracted.unpackerFailed;
        result.problems.push_back(shown + " refused, not unpacked: " + extracted.refusal.message);
        fs::remove_all(place.unpacked / name, ec);
        return false;
    }
    result.notes.push_back(file.path.filename().string() + ": an archive, unpacked (" + std::to_string(extracted.summary->files) + " file" +
                           (extracted.summary->files == 1 ? "" : "s") + "); the lesson files in it are graded");
    for (const auto& skipped : extracted.summary->skipped) result.notes.push_back(skipped);
    for (const auto& note : extracted.summary->notes) result.problems.push_back(shown + ": " + note);
    return true;
}

/// One of a flat submission's files, put into the work folder (an archive unpacked, a file too large left
/// out) and recorded in `handedAs`; set when the submission cannot be graded.
std::optional<Ungraded> takeInFlatFile(const HandedFile& file, const IntakePlace& place, StudentResult& result,
                                       std::map<std::string, std::string>& handedAs) {
    std::string name = file.name;
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos) name = safeStudentId(name);
    if (isArchiveName(name)) {
        name = stripArchiveExtension(name);
        if (!unpackFlatArchive(file, name, place, result)) return std::nullopt;
    } else if (auto big = tooLarge(file.path, cleanUtf8(file.path.filename().string()), place.limits.maxEntryBytes)) {
        result.problems.push_back(*big + "; not graded");
        return std::nullopt;
    } else {
        std::error_code ec;
        fs::copy_file(file.path, place.unpacked / name, fs::copy_options::overwrite_existing, ec);
        if (ec) return Ungraded{"not graded", "cannot copy " + file.path.filename().string() + ": " + ec.message()};
    }
    handedAs[name] = file.path.filename().string();
    return std::nullopt;
}

/// A flat LMS's files of one student: the ones chosen for grading, put into the work folder.
std::optional<Ungraded> takeInFlatFiles(const Course& course, const Submission& sub, const IntakePlace& place, StudentResult& result,
                                        std::map<std::string, std::string>& handedAs) {
    std::error_code ec;
    fs::remove_all(place.unpacked, ec);
    fs::create_directories(place.unpacked, ec);
    if (ec) return Ungraded{"not graded", "cannot create a work folder: " + ec.message()};
    const FlatChoice choice = chooseFlatFiles(course, sub);
    for (const auto& note : choice.notes) result.notes.push_back(cleanUtf8(note));
    for (const auto& file : choice.files)
        if (auto stopped = takeInFlatFile(file, place, result, handedAs)) return stopped;
    return std::nullopt;
}

/// The archives inside the submission (a Moodle student's lab.zip), unpacked beside themselves; a folder
/// handed in is copied into the work folder first.
std::optional<Ungraded> openArchivesInside(const Submission& sub, const IntakePlace& place, StudentResult& result, Intake& intake) {
    if (archivesInside(intake.root).empty()) return std::nullopt;
    if (intake.root == sub.path) {  // a folder handed in is never written: the grader's copy is
        std::error_code ec;
        fs::remove_all(place.unpacked, ec);
        if (auto error = copySubmissionFolder(sub.path, place.unpacked, place.limits))
            return Ungraded{"not graded", "cannot copy the folder: " + error->message};
        intake.root = place.unpacked;
    }
    NestedArchives nested = openNestedArchives(intake.root, place.limits, place.unpacker);
    result.graderError = result.graderError || nested.unpackerFailed;
    for (const auto& note : nested.notes) result.notes.push_back(cleanUtf8(note));
    intake.opened = nested.opened;
    return std::nullopt;
}

/// The submission's own kind of intake: its files put into the work folder where they need one.
std::optional<Ungraded> takeInByKind(const Course& course, const Submission& sub, const IntakePlace& place, StudentResult& result,
                                     Intake& intake) {
    std::optional<Ungraded> stopped;
    switch (sub.kind) {
        case SubmissionKind::Unusable: return Ungraded{"not graded", sub.reason};
        case SubmissionKind::File: stopped = takeInLooseFile(course, sub, place, result); break;
        case SubmissionKind::Archive: stopped = takeInArchive(sub, place, result); break;
        case SubmissionKind::Files: stopped = takeInFlatFiles(course, sub, place, result, intake.handedAs); break;
        case SubmissionKind::Folder: return std::nullopt;  // read where it is
    }
    if (!stopped) intake.root = place.unpacked;
    return stopped;
}

}  // namespace

Intake takeInSubmission(const Course& course, const Submission& sub, const ArchiveLimits& limits, const fs::path& unpacker,
                        const fs::path& unpacked, StudentResult& result) {
    const IntakePlace place{limits, unpacker, unpacked};
    Intake intake;
    intake.root = sub.path;
    intake.stopped = takeInByKind(course, sub, place, result, intake);
    if (!intake.stopped) intake.stopped = openArchivesInside(sub, place, result, intake);
    return intake;
}

}  // namespace grader
