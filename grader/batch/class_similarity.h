// Similar submissions across a class: per lesson, every pair of the
// students' files compared (similarity/fingerprints.h) after the lesson's
// starter file is taken out; then each pair of students scored over the
// course, the mean of their lessons' scores (a lesson both handed in; one
// sharing nothing counts 0): a copied submission matches in every lesson,
// two students who happen to write one short kernel alike in one. The
// pairs go to similarity.csv; those whose course score is at or above
// course.yaml's similarity threshold are flagged, with the matching
// fragments' text side by side, lesson by lesson, for the report. A file that is not text,
// is over 256 KiB, or that the lexer cannot read is left out with a note,
// never a crash; a lesson with fewer than two files to compare says so.
// Kept sources: `grader batch` copies each graded lesson file to
// RESULTS/sources/<lesson>/<id><ext> (keepSources), which the merge reads.
// Non-goals: a verdict or a score (it ranks pairs for a human to read);
// HTML (insights_report.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "batch/results.h"
#include "core/course.h"
#include "core/error.h"
#include "similarity/fingerprints.h"

namespace grader {

/// One student's file for one lesson.
struct SubmittedFile {
    std::string id;
    std::filesystem::path path;
    std::string name;  ///< as notes name it (the lesson's file name; "": the path's)
};

/// A fragment two files share, with the lines' text.
struct SharedText {
    Fragment lines;
    std::string textA, textB;
};

/// A pair of students whose files of one lesson share code.
struct StudentPair {
    std::string a, b;  ///< student ids, a < b
    double score = 0;
    int shared = 0;
};

/// One lesson's comparison.
struct LessonPairs {
    std::string lesson;
    int compared = 0;                 ///< files compared
    int tooShort = 0;                 ///< compared, but with too little of their own (beyond the starter and common code) to tell
    std::vector<std::string> notes;   ///< files left out and why; why nothing could be compared
    std::vector<StudentPair> pairs;   ///< every pair sharing a fingerprint, highest score first
};

/// One lesson of a flagged pair: its score and the fragments side by side.
struct LessonMatch {
    std::string lesson;
    double score = 0;
    std::vector<SharedText> fragments;
};

/// A pair of students over the whole course.
struct ClassPair {
    std::string a, b;   ///< student ids, a < b
    double score = 0;   ///< the mean of the lessons' scores, over the lessons both handed in and compared
    int lessons = 0;    ///< those lessons
    std::vector<LessonMatch> matches;  ///< flagged pairs: each lesson sharing code, with its fragments
};

/// The whole class's comparison.
struct ClassSimilarity {
    double threshold = 0;
    std::vector<LessonPairs> lessons;
    std::vector<ClassPair> pairs;  ///< every pair sharing code in some lesson, highest course score first
    size_t flagged = 0;            ///< the first `flagged` pairs are at or above the threshold
};

/// Largest file compared, in bytes.
constexpr uintmax_t kSimilarityMaxBytes = 256 * 1024;

/// Compares the files of each lesson (`files[lesson id]`), lexing in the folder `work`.
Expected<ClassSimilarity> compareClass(const Course& course, const std::map<std::string, std::vector<SubmittedFile>>& files,
                                       const std::filesystem::path& work);

/// The kept sources under RESULTS/sources of the students in `students` who handed the lesson in; `missing`
/// counts the lessons handed in whose source is not kept (graded by a grader that kept none).
std::map<std::string, std::vector<SubmittedFile>> keptSources(const Course& course, const std::vector<StudentResult>& students,
                                                               const std::filesystem::path& results, int& missing);

/// Copies each lesson file of `byLesson` to RESULTS/sources/<lesson>/<id><ext>, after removing the student's older copies.
void keepSources(const Course& course, const std::string& id, const std::map<std::string, std::filesystem::path>& byLesson,
                 const std::filesystem::path& results);

/// similarity.csv: lesson ("course" for the pair over the course, then each lesson), student_a, student_b, score,
/// shared_fingerprints (the lessons compared, on a course row), flagged (the pair's course score is at or above the threshold).
std::string similarityCsv(const ClassSimilarity& similarity);

}  // namespace grader
