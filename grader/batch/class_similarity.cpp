// Comparing a class's files lesson by lesson (see class_similarity.h).
#include "batch/class_similarity.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "batch/upload_check.h"
#include "core/escape.h"
#include "core/toolchain.h"
#include "similarity/tokens.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// Why `file` is left out of the comparison, or "" when it is compared.
std::string leftOutReason(const fs::path& file) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(file, ec);
    if (ec) return "cannot be read";
    if (size > kSimilarityMaxBytes) return "is " + std::to_string(size / 1024) + " KiB, over the 256 KiB compared";
    std::string bytes;
    if (!readFile(file, bytes)) return "cannot be read";
    if (const std::string kind = nonTextKind(bytes.substr(0, 4096), size); !kind.empty()) return "is " + kind;
    if (bytes.find('\0') != std::string::npos) return "is binary data, not text";
    return "";
}

/// The lines of `file` (from 1: element 0 is line 1).
std::vector<std::string> fileLines(const fs::path& file) {
    std::vector<std::string> lines;
    std::ifstream in(file, std::ios::binary);
    for (std::string line; std::getline(in, line);) lines.push_back(cleanUtf8(line));
    return lines;
}

/// Lines `first` .. `last` of `lines`, joined.
std::string lineRange(const std::vector<std::string>& lines, int first, int last) {
    std::string text;
    for (int i = std::max(first, 1); i <= last && i <= static_cast<int>(lines.size()); ++i) text += lines[size_t(i - 1)] + "\n";
    return text;
}

/// One lesson's comparison with what its fragments are found from.
struct LessonWork {
    LessonPairs pairs;
    LessonSimilarity found;
    std::vector<TokenStream> streams;
    std::vector<const SubmittedFile*> compared;  ///< by stream
};

/// `work`'s pairs as student ids, a < b.
void collectPairs(LessonWork& work) {
    for (const auto& pair : work.found.pairs) {
        StudentPair p{work.compared[pair.a]->id, work.compared[pair.b]->id, pair.score, pair.shared};
        if (p.b < p.a) std::swap(p.a, p.b);
        work.pairs.pairs.push_back(std::move(p));
    }
}

/// Notes on a lesson whose files hold little to compare: all empty, or all too short.
void noteLittleToCompare(LessonWork& work) {
    int starterOnly = 0;
    for (const auto& prints : work.found.files) {
        work.pairs.tooShort += prints.distinct < size_t(FingerprintParams{}.minFingerprints);
        starterOnly += prints.own == 0;
    }
    if (starterOnly == work.pairs.compared)
        work.pairs.notes.push_back("every submission is empty or the starter's code as it was: nothing to compare");
    else if (work.pairs.tooShort == work.pairs.compared)
        work.pairs.notes.push_back("every file holds too little beyond the starter's code and what the class writes alike: nothing to tell apart");
}

/// The files of `files` that can be compared (the rest noted in `result`), after the lesson's starter.
std::vector<const SubmittedFile*> comparable(const std::vector<SubmittedFile>& files, LessonPairs& result) {
    std::vector<const SubmittedFile*> who;
    size_t empty = 0;
    for (const auto& file : files) {
        const std::string why = leftOutReason(file.path);
        empty += why == "is empty (0 bytes)";
        if (!why.empty() && why != "is empty (0 bytes)")
            result.notes.push_back(file.id + "'s " + cleanUtf8(file.name.empty() ? file.path.filename().string() : file.name) + " " + why + ": left out");
        if (why.empty()) who.push_back(&file);
    }
    if (who.size() < 2)
        result.notes.push_back(files.empty()             ? "no submission of this lesson: nothing to compare"
                               : empty == files.size()   ? "every submission is empty: nothing to compare"
                               : who.empty()             ? "no file of this lesson could be compared"
                                                         : "only 1 submission to compare: a pair needs two");
    return who;
}

/// One lesson's comparison of `files`, lexed in `work`.
Expected<LessonWork> compareLesson(const Course& course, const Lesson& lesson, const std::vector<SubmittedFile>& files, const fs::path& folder) {
    LessonWork work;
    work.pairs.lesson = lesson.id;
    const auto who = comparable(files, work.pairs);
    if (who.size() < 2) return work;
    std::vector<fs::path> paths = {course.root / lesson.starterFile()};
    for (const auto* file : who) paths.push_back(file->path);
    auto lexed = lexFiles(paths, folder / lesson.id);
    if (!lexed) return lexed.error();
    const TokenStream starter = (*lexed)[0].value_or(TokenStream{});
    for (size_t i = 0; i < who.size(); ++i) {
        if (!(*lexed)[i + 1]) {
            work.pairs.notes.push_back(who[i]->id + "'s file could not be lexed: left out");
            continue;
        }
        work.streams.push_back(std::move(*(*lexed)[i + 1]));
        work.compared.push_back(who[i]);
    }
    work.found = compareFiles(work.streams, starter);
    work.pairs.compared = static_cast<int>(work.streams.size());
    noteLittleToCompare(work);
    collectPairs(work);
    return work;
}

/// The fragments `lesson`'s files of students `a` and `b` share, their text side by side.
std::vector<SharedText> fragmentsOf(const LessonWork& lesson, const std::string& a, const std::string& b) {
    for (const auto& pair : lesson.found.pairs) {
        const auto* fileA = lesson.compared[pair.a];
        const auto* fileB = lesson.compared[pair.b];
        if (!((fileA->id == a && fileB->id == b) || (fileA->id == b && fileB->id == a))) continue;
        const bool swap = fileA->id != a;
        const auto linesA = fileLines(fileA->path), linesB = fileLines(fileB->path);
        std::vector<SharedText> texts;
        for (const auto& f : sharedFragments(lesson.found, lesson.streams, pair)) {
            SharedText text{f, lineRange(linesA, f.firstA, f.lastA), lineRange(linesB, f.firstB, f.lastB)};
            if (swap) std::swap(text.lines.firstA, text.lines.firstB), std::swap(text.lines.lastA, text.lines.lastB), std::swap(text.textA, text.textB);
            texts.push_back(std::move(text));
        }
        return texts;
    }
    return {};
}

/// Every pair over the course: the mean of its lessons' scores, over the lessons where both files were compared.
std::vector<ClassPair> coursePairs(const std::vector<LessonWork>& lessons) {
    std::map<std::pair<std::string, std::string>, double> sums;
    for (const auto& lesson : lessons)
        for (const auto& p : lesson.pairs.pairs) sums[{p.a, p.b}] += p.score;
    std::vector<std::set<std::string>> comparedIds;
    for (const auto& lesson : lessons) {
        comparedIds.emplace_back();
        for (const auto* file : lesson.compared) comparedIds.back().insert(file->id);
    }
    std::vector<ClassPair> pairs;
    for (const auto& [ids, sum] : sums) {
        ClassPair p{ids.first, ids.second, 0, 0, {}};
        for (const auto& compared : comparedIds) p.lessons += compared.count(ids.first) && compared.count(ids.second);
        p.score = p.lessons ? sum / p.lessons : 0;
        pairs.push_back(std::move(p));
    }
    std::sort(pairs.begin(), pairs.end(), [](const ClassPair& x, const ClassPair& y) {
        return x.score != y.score ? x.score > y.score : std::pair{x.a, x.b} < std::pair{y.a, y.b};
    });
    return pairs;
}

/// Each flagged pair's lessons that share code, with their fragments.
void addMatches(const std::vector<LessonWork>& lessons, ClassSimilarity& similarity) {
    for (size_t i = 0; i < similarity.flagged; ++i) {
        ClassPair& pair = similarity.pairs[i];
        for (const auto& lesson : lessons)
            for (const auto& p : lesson.pairs.pairs)
                if (p.a == pair.a && p.b == pair.b) pair.matches.push_back({lesson.pairs.lesson, p.score, fragmentsOf(lesson, pair.a, pair.b)});
    }
}

}  // namespace

Expected<ClassSimilarity> compareClass(const Course& course, const std::map<std::string, std::vector<SubmittedFile>>& files,
                                       const fs::path& work) {
    ClassSimilarity similarity;
    similarity.threshold = course.similarityThreshold;
    static const std::vector<SubmittedFile> none;
    std::vector<LessonWork> lessons;
    for (const auto& lesson : course.lessons) {
        auto found = files.find(lesson.id);
        auto compared = compareLesson(course, lesson, found == files.end() ? none : found->second, work);
        if (!compared) return compared.error();
        lessons.push_back(std::move(*compared));
    }
    similarity.pairs = coursePairs(lessons);
    while (similarity.flagged < similarity.pairs.size() && similarity.pairs[similarity.flagged].score >= similarity.threshold) ++similarity.flagged;
    addMatches(lessons, similarity);
    for (auto& lesson : lessons) similarity.lessons.push_back(std::move(lesson.pairs));
    std::error_code ec;
    fs::remove_all(work, ec);
    return similarity;
}

std::map<std::string, std::vector<SubmittedFile>> keptSources(const Course& course, const std::vector<StudentResult>& students,
                                                               const fs::path& results, int& missing) {
    std::map<std::string, std::vector<SubmittedFile>> files;
    missing = 0;
    for (const auto& lesson : course.lessons) {
        const std::string ext = fs::path(lesson.studentFile).extension().string();
        for (const auto& s : students)
            for (const auto& l : s.lessons) {
                if (l.report.lesson != lesson.id || !l.submitted) continue;
                const fs::path kept = results / "sources" / lesson.id / (s.id + ext);
                std::error_code ec;
                if (fs::is_regular_file(kept, ec)) files[lesson.id].push_back({s.id, kept, lesson.studentFile});
                else ++missing;
            }
    }
    return files;
}

void keepSources(const Course& course, const std::string& id, const std::map<std::string, fs::path>& byLesson, const fs::path& results) {
    std::error_code ec;
    for (const auto& lesson : course.lessons) {
        const fs::path kept = results / "sources" / lesson.id / (id + fs::path(lesson.studentFile).extension().string());
        fs::remove(kept, ec);
        auto file = byLesson.find(lesson.id);
        if (file == byLesson.end()) continue;
        fs::create_directories(kept.parent_path(), ec);
        fs::copy_file(file->second, kept, fs::copy_options::overwrite_existing, ec);
    }
}

std::string similarityCsv(const ClassSimilarity& similarity) {
    std::set<std::pair<std::string, std::string>> flagged;
    for (size_t i = 0; i < similarity.flagged; ++i) flagged.insert({similarity.pairs[i].a, similarity.pairs[i].b});
    std::ostringstream out;
    out << "lesson,student_a,student_b,score,shared_fingerprints,flagged\r\n";
    const auto row = [&](const std::string& lesson, const std::string& a, const std::string& b, double score, int shared) {
        char text[16];
        std::snprintf(text, sizeof text, "%.3f", score);
        out << csvField(lesson) << "," << csvField(a) << "," << csvField(b) << "," << text << "," << shared << ","
            << (flagged.count({a, b}) ? "yes" : "no") << "\r\n";
    };
    for (const auto& p : similarity.pairs) row("course", p.a, p.b, p.score, p.lessons);
    for (const auto& lesson : similarity.lessons)
        for (const auto& p : lesson.pairs) row(lesson.lesson, p.a, p.b, p.score, p.shared);
    return out.str();
}

}  // namespace grader
