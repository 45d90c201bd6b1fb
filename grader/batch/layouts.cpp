// Layouts: a table of what each LMS hands out, a recognizer that votes per
// entry, and one reader per layout. Names are parsed with anchored regular
// expressions; links are listed and never followed.
#include "batch/layouts.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "batch/archive.h"
#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

const std::vector<LayoutInfo> kLayouts = {
    {LmsLayout::Folders, "folders", "one folder or archive per student", "<student>/, <student>.zip, <student>.tar.gz"},
    {LmsLayout::Canvas, "canvas", "Canvas flat", "<name>[_LATE]_<userid>_<attachmentid>_<file> or [LATE_]anon_<id>_<attachmentid>_<file>"},
    {LmsLayout::Moodle, "moodle", "Moodle", "<Full Name>_<participantid>_assignsubmission_file[_][/]<file>"},
    {LmsLayout::Blackboard, "blackboard", "Blackboard", "<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<file>"},
    {LmsLayout::GitHubClassroom, "github", "GitHub Classroom", "<assignment>-<username>/ holding .git"},
    {LmsLayout::Gradescope, "gradescope", "Gradescope export", "submission_metadata.yml and submission_<id>/"},
};

/// An entry of SUBMISSIONS with what it is.
struct Entry {
    fs::path path;
    std::string name;
    bool folder = false, file = false, link = false;
};

/// Sorts by id; a second student with an id taken gets a suffix ("-2"), with a note.
void sortedIdsTaken(std::vector<Submission>& subs, std::vector<std::string>& notes) {
    std::map<std::string, std::string> takenBy;
    std::sort(subs.begin(), subs.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    for (auto& sub : subs) {
        if (auto it = takenBy.find(sub.id); it != takenBy.end()) {
            std::string id;
            for (int suffix = 2; id.empty() || takenBy.count(id); ++suffix) id = sub.id + "-" + std::to_string(suffix);
            notes.push_back(sub.sourceName() + ": student id '" + sub.id + "' is taken by " + it->second + "; filed as '" + id + "'");
            sub.id = id;
        }
        takenBy[sub.id] = sub.sourceName();
    }
    std::sort(subs.begin(), subs.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
}

std::string pad(const std::string& digits, size_t width) { return digits.size() >= width ? digits : std::string(width - digits.size(), '0') + digits; }

/// `fileName` read by `read` (the match, the name to fill) when `pattern` matches all of it, else nullopt.
template <class Read>
std::optional<FlatName> flatNameOf(const std::string& fileName, const std::regex& pattern, Read read) {
    std::smatch m;
    if (!std::regex_match(fileName, m, pattern)) return std::nullopt;
    FlatName name;
    read(m, name);
    return name;
}

/// The layouts (of those recognized from names alone) an entry's name fits.
std::optional<LmsLayout> layoutOfName(const Entry& e) {
    if (e.file && parseMoodleName(e.name)) return LmsLayout::Moodle;
    if (e.folder && parseMoodleName(e.name)) return LmsLayout::Moodle;
    if (e.file && parseBlackboardName(e.name)) return LmsLayout::Blackboard;
    if (e.file && parseCanvasName(e.name)) return LmsLayout::Canvas;
    return std::nullopt;
}

std::string ignoredNote(const Entry& e, const LayoutInfo& info, const std::string& why = "") {
    return "ignored " + e.name + ": " + (why.empty() ? "its name is not " + std::string(info.title) + "'s " + info.pattern : why);
}

/// A flat layout (forced with --layout) that no entry fits: refused, naming what the entries look like.
Error nothingFits(const fs::path& folder, LmsLayout layout, const std::vector<Entry>& entries) {
    const LayoutInfo& info = layoutInfo(layout);
    std::string examples;
    for (size_t i = 0; i < entries.size() && i < 2; ++i) examples += (i ? ", " : "") + entries[i].name;
    std::string hint = "leave --layout out to recognize the layout from the names";
    for (const auto& e : entries)
        if (auto fits = layoutOfName(e); fits && *fits != layout) {
            hint = "these names are " + std::string(layoutInfo(*fits).title) + "'s: --layout " + layoutInfo(*fits).name + ", or " + hint;
            break;
        }
    return Error{folder.string(),
                 "no entry fits " + std::string(info.title) + "'s " + info.pattern + " (" + std::to_string(entries.size()) + " entr" +
                     (entries.size() == 1 ? "y" : "ies") + ", e.g. " + examples + ")",
                 hint};
}

/// Canvas, Moodle's flat files and Blackboard: files grouped per student.
struct FlatStudent {
    Submission sub;
    std::map<std::string, std::vector<std::pair<FlatName, fs::path>>> byAttempt;  // attempt -> files (Blackboard)
};

/// The student's name in Blackboard's attempt file, from its first line "Name: Ada Lovelace (ada)"; "" when
/// none. Read line by line (the file holds the student's own comments, so a line may be of any length) and
/// only its first 64 KB.
std::string blackboardName(const fs::path& attemptFile) {
    std::error_code ec;
    std::ifstream in(attemptFile, std::ios::binary);
    std::string text(std::min<uintmax_t>(fs::file_size(attemptFile, ec), 64 * 1024), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(in.gcount()));
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("Name:", 0) != 0) continue;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const size_t close = line.find_last_not_of(" \t");
        const size_t open = line.rfind('(');
        if (close == std::string::npos || line[close] != ')' || open == std::string::npos || open < 5 || line.find(')', open) != close ||
            line.find('\r') != std::string::npos)
            continue;
        const std::string name = line.substr(5, open - 5);
        const size_t first = name.find_first_not_of(" \t"), last = name.find_last_not_of(" \t");
        return first == std::string::npos ? "" : name.substr(first, last - first + 1);
    }
    return "";
}

/// The note for a part of a submission that is no file of the student's (online text, Moodle's other
/// plugins), or nullopt for a file.
std::optional<std::string> notAFileNote(const Entry& e, const FlatName& parsed) {
    if (parsed.onlineText) return e.name + ": online text, not graded (only files are)";
    if (!parsed.other.empty()) return e.name + ": " + parsed.other + ", not graded (only the file submissions are)";
    return std::nullopt;
}

/// A Moodle participant's folder of files: graded as the submission unless it holds no files of theirs, or is a second one.
void addMoodleFolder(const Entry& e, const FlatName& parsed, Submission& sub) {
    if (auto note = notAFileNote(e, parsed)) {
        sub.notes.push_back(*note);
    } else if (sub.kind == SubmissionKind::Folder) {
        sub.notes.push_back(e.name + ": a second folder of files for this participant, not graded (graded " + sub.path.filename().string() + ")");
    } else {
        sub.kind = SubmissionKind::Folder;
        sub.path = e.path;
        sub.source = e.name;
    }
}

/// Blackboard's upload of an attempt, filed under it (the latest attempt is graded); the attempt's receipt gives the student's name.
void addBlackboardUpload(const Entry& e, const FlatName& parsed, FlatStudent& student) {
    Submission& sub = student.sub;
    if (parsed.metadata) {  // "Name: Ada Lovelace (ada)"
        if (const std::string name = blackboardName(e.path); !name.empty()) sub.name = cleanUtf8(name);
        sub.notes.push_back(e.name + ": Blackboard's receipt of attempt " + parsed.attempt + " (its name read; its comments are not graded)");
    }
    student.byAttempt[parsed.attempt].push_back({parsed, e.path});
}

/// One entry of a flat download, added to its student (the first one names the submission); an entry
/// that is no student's file is noted where it belongs.
void addFlatEntry(LmsLayout layout, const LayoutInfo& info, const Entry& e, const FlatName& parsed, FlatStudent& student,
                  DiscoveredClass& found) {
    Submission& sub = student.sub;
    if (sub.id.empty()) {
        sub.id = safeStudentId(parsed.userId);
        sub.name = parsed.person;
        sub.source = parsed.prefix;
        sub.kind = SubmissionKind::Files;
        sub.path = e.path;
    }
    sub.late = sub.late || parsed.late;
    if (layout == LmsLayout::Moodle && e.folder) addMoodleFolder(e, parsed, sub);
    else if (e.folder) found.notes.push_back(ignoredNote(e, info, "a folder; a " + std::string(info.title) + " download holds files"));
    else if (auto note = notAFileNote(e, parsed)) sub.notes.push_back(*note);
    else if (layout == LmsLayout::Blackboard) addBlackboardUpload(e, parsed, student);
    else sub.files.push_back({e.path, parsed.original, parsed.attempt});
}

/// Blackboard: a student's latest attempt's files are graded, the earlier attempts noted.
void keepLatestAttempt(FlatStudent& student) {
    Submission& sub = student.sub;
    const auto latest = std::prev(student.byAttempt.end());
    for (auto it = student.byAttempt.begin(); it != latest; ++it) {
        std::string files;
        for (const auto& [name, path] : it->second)
            if (!name.metadata) files += (files.empty() ? "" : ", ") + name.original;
        sub.notes.push_back("attempt " + it->first + " (" + (files.empty() ? "no files" : files) + ") not graded: the latest attempt, " +
                            latest->first + ", is");
    }
    for (const auto& [name, path] : latest->second)
        if (!name.metadata) sub.files.push_back({path, name.original, name.attempt});
    if (sub.files.empty()) sub.notes.push_back("the latest attempt, " + latest->first + ", holds no file");
}

/// A student's submission once all entries are in: the latest Blackboard attempt, a name, and unusable when it holds no file.
Submission settledFlatSubmission(LmsLayout layout, const std::string& userId, FlatStudent& student) {
    Submission& sub = student.sub;
    if (layout == LmsLayout::Blackboard && !student.byAttempt.empty()) keepLatestAttempt(student);
    if (sub.name.empty()) sub.name = userId;
    if (sub.kind == SubmissionKind::Files && sub.files.empty()) {  // online text alone, or an attempt with no file
        sub.kind = SubmissionKind::Unusable;
        sub.reason = "no file handed in (" + std::string(layout == LmsLayout::Blackboard ? "the latest attempt holds none" : "online text only") + ")";
    }
    return std::move(sub);
}

Expected<DiscoveredClass> readFlat(LmsLayout layout, const std::vector<Entry>& entries) {
    const LayoutInfo& info = layoutInfo(layout);
    DiscoveredClass found;
    found.layout = info.title;
    std::map<std::string, FlatStudent> students;  // user id -> files
    for (const auto& e : entries) {
        if (e.link) {
            found.notes.push_back(ignoredNote(e, info, "a link; links are never followed"));
            continue;
        }
        std::optional<FlatName> parsed = layout == LmsLayout::Canvas   ? parseCanvasName(e.name)
                                         : layout == LmsLayout::Moodle ? parseMoodleName(e.name)
                                                                    : parseBlackboardName(e.name);
        if (!parsed) found.notes.push_back(ignoredNote(e, info));
        else addFlatEntry(layout, info, e, *parsed, students[parsed->userId], found);
    }
    for (auto& [userId, student] : students) found.submissions.push_back(settledFlatSubmission(layout, userId, student));
    sortedIdsTaken(found.submissions, found.notes);
    return found;
}

/// GitHub Classroom's assignment prefix ("matmul-"): given, else the slug of a "SLUG-submissions" folder (the
/// CLI's), else the longest start all names share up to a '-', with a note (a hyphenated username may share it).
std::string githubPrefix(const fs::path& folder, const std::vector<Entry>& entries, const std::string& given, std::vector<std::string>& notes) {
    if (!given.empty()) return given.back() == '-' ? given : given + "-";
    const std::string name = fs::weakly_canonical(folder).filename().string(), suffix = "-submissions";
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const std::string slug = name.substr(0, name.size() - suffix.size()) + "-";
        bool all = true;
        for (const auto& e : entries) all = all && e.name.size() > slug.size() && e.name.compare(0, slug.size(), slug) == 0;
        if (all) return slug;
    }
    std::string prefix = entries.front().name;
    for (const auto& e : entries) {
        size_t n = 0;
        while (n < prefix.size() && n < e.name.size() && prefix[n] == e.name[n]) ++n;
        prefix.resize(n);
    }
    if (entries.size() == 1) prefix = entries.front().name;
    const size_t dash = prefix.rfind('-');
    prefix = dash == std::string::npos ? "" : prefix.substr(0, dash + 1);
    if (!prefix.empty())
        notes.push_back("GitHub Classroom: the assignment prefix '" + prefix + "' was taken from the clones' names (their common start); "
                        "if it cuts usernames short, as when every username starts 'ada-', give --assignment-prefix with the assignment's name");
    return prefix;
}

Expected<DiscoveredClass> readGitHub(const fs::path& folder, const std::vector<Entry>& entries, const std::string& assignmentPrefix) {
    DiscoveredClass found;
    found.layout = layoutInfo(LmsLayout::GitHubClassroom).title;
    const std::string prefix = githubPrefix(folder, entries, assignmentPrefix, found.notes);
    for (const auto& e : entries) {
        Submission sub;
        const bool prefixed = e.name.size() > prefix.size() && e.name.compare(0, prefix.size(), prefix) == 0;
        if (!prefixed && !prefix.empty())
            found.notes.push_back(e.name + ": does not start with the assignment prefix '" + prefix + "'; filed under its whole name");
        const std::string user = prefixed ? e.name.substr(prefix.size()) : e.name;
        sub.id = safeStudentId(user);
        sub.name = user;
        sub.path = e.path;
        sub.kind = SubmissionKind::Folder;
        found.submissions.push_back(sub);
    }
    sortedIdsTaken(found.submissions, found.notes);
    return found;
}

/// Gradescope's metadata keys are Ruby symbols (":name:"); either spelling is read.
YAML::Node symbolKey(const YAML::Node& map, const std::string& key) {
    if (!map.IsMap()) return YAML::Node();
    if (map[":" + key]) return map[":" + key];
    return map[key];
}

std::string scalar(const YAML::Node& node) { return node && node.IsScalar() ? node.as<std::string>() : ""; }

/// What a metadata value is, for a note on one of the wrong type: "a list", "a mapping", "empty".
std::string nodeKind(const YAML::Node& node) {
    if (!node || node.IsNull()) return "empty";
    if (node.IsSequence()) return node.size() ? "a list" : "an empty list";
    if (node.IsMap()) return "a mapping";
    return "text";
}

Expected<DiscoveredClass> readGradescope(const fs::path& folder, const std::vector<Entry>& entries) {
    DiscoveredClass found;
    found.layout = layoutInfo(LmsLayout::Gradescope).title;
    const fs::path metadataPath = folder / "submission_metadata.yml";
    YAML::Node metadata;
    std::error_code ec;
    if (!fs::is_regular_file(metadataPath, ec))  // a folder of that name: yaml-cpp's stream would throw an I/O error
        return Error{metadataPath.string(), "not Gradescope's submission metadata: not a file", "export the submissions again from Gradescope"};
    try {
        metadata = YAML::LoadFile(metadataPath.string());
    } catch (const YAML::Exception& e) {
        return Error{metadataPath.string() + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1),
                     "not Gradescope's submission metadata: " + e.msg, "export the submissions again from Gradescope"};
    } catch (const std::exception& e) {  // an I/O error while reading it
        return Error{metadataPath.string(), std::string("cannot read Gradescope's submission metadata: ") + e.what(),
                     "export the submissions again from Gradescope"};
    }
    std::set<std::string> described;
    for (const auto& e : entries) {
        if (e.name == "submission_metadata.yml") continue;
        if (!e.folder || e.link) {
            found.notes.push_back(ignoredNote(e, layoutInfo(LmsLayout::Gradescope), e.link ? "a link; links are never followed" : "not a submission folder"));
            continue;
        }
        const YAML::Node entry = metadata.IsMap() ? metadata[e.name] : YAML::Node();
        const YAML::Node submitters = symbolKey(entry, "submitters");
        if (!submitters || !submitters.IsSequence() || submitters.size() == 0) {
            const std::string why = !entry           ? "not in submission_metadata.yml"
                                    : !entry.IsMap() ? "its entry in submission_metadata.yml is " + nodeKind(entry) + ", not a mapping"
                                                     : "submission_metadata.yml gives its :submitters: as " + nodeKind(submitters) + ", not a list";
            found.notes.push_back(e.name + ": " + why + "; filed under its folder's name");
            Submission sub;
            sub.id = safeStudentId(e.name);
            sub.path = e.path;
            found.submissions.push_back(sub);
            continue;
        }
        std::vector<std::string> group;
        for (const auto& who : submitters) group.push_back(cleanUtf8(scalar(symbolKey(who, "name"))));
        for (const auto& who : submitters) {  // a value of the wrong type is left out, with a note
            if (!who.IsMap()) found.notes.push_back(e.name + ": a submitter in submission_metadata.yml is " + nodeKind(who) + ", not a mapping");
            for (const char* key : {"name", "sid", "email"})
                if (const YAML::Node value = symbolKey(who, key); value && (value.IsSequence() || value.IsMap()))
                    found.notes.push_back(e.name + ": submission_metadata.yml gives a submitter's :" + key + ": as " + nodeKind(value) +
                                          ", not text; left out");
        }
        for (const auto& who : submitters) {
            Submission sub;
            const std::string sid = scalar(symbolKey(who, "sid")), email = scalar(symbolKey(who, "email"));
            sub.id = safeStudentId(!sid.empty() ? sid : !email.empty() ? email : e.name);
            sub.name = cleanUtf8(scalar(symbolKey(who, "name")));
            sub.path = e.path;
            sub.kind = SubmissionKind::Folder;
            if (group.size() > 1) {
                std::string others;
                for (const auto& name : group)
                    if (name != sub.name) others += (others.empty() ? "" : ", ") + name;
                sub.notes.push_back("a group submission, with " + others);
            }
            found.submissions.push_back(sub);
        }
    }
    sortedIdsTaken(found.submissions, found.notes);
    return found;
}

/// Newer last: by the LMS's attempt, then the file's time, then its name.
bool olderUpload(const HandedFile& a, const HandedFile& b) {
    std::error_code ea, eb;
    const auto ta = fs::last_write_time(a.path, ea), tb = fs::last_write_time(b.path, eb);
    return std::make_tuple(a.attempt, copySuffixNumber(a.name), ea ? fs::file_time_type{} : ta, a.path.filename().string()) <
           std::make_tuple(b.attempt, copySuffixNumber(b.name), eb ? fs::file_time_type{} : tb, b.path.filename().string());
}

}  // namespace

const std::vector<LayoutInfo>& layoutTable() { return kLayouts; }

const LayoutInfo& layoutInfo(LmsLayout layout) {
    for (const auto& row : kLayouts)
        if (row.layout == layout) return row;
    return kLayouts.front();
}

Expected<LmsLayout> layoutByName(const std::string& name) {
    std::string names;
    for (const auto& row : kLayouts) {
        if (asciiLower(name) == row.name) return row.layout;
        names += (names.empty() ? "" : ", ") + std::string(row.name);
    }
    return Error{"--layout", "unknown layout '" + name + "'", "one of " + names};
}

std::optional<FlatName> parseCanvasName(const std::string& fileName) {
    // lib/content_zipper.rb: "<sortable name, word characters only>[_LATE]_<user id>" or, graded anonymously,
    // "[LATE_]anon_<anonymous id>"; an upload adds "_<attachment id>_<its name>", online text "_text.html", a URL "_link.html".
    static const std::regex named(R"(^(.+?)(_LATE)?_(\d+)_(\d+)_(.+)$)");
    static const std::regex anonymous(R"(^(LATE_)?(anon_[A-Za-z0-9]+)_(\d+)_(.+)$)");
    static const std::regex namedText(R"(^(.+?)(_LATE)?_(\d+)_(text|link)\.html$)");
    static const std::regex anonymousText(R"(^(LATE_)?(anon_[A-Za-z0-9]+)_(text|link)\.html$)");
    static const std::regex reupload(R"(^(.+)-(\d+)(\.[^.]*)?$)");
    FlatName name;
    std::smatch m;
    std::string attachment;
    if (std::regex_match(fileName, m, anonymous)) {
        name.late = m[1].matched;
        name.userId = m[2].str();
        name.prefix = m[1].str() + name.userId;
        attachment = m[3].str();
        name.original = m[4].str();
    } else if (std::regex_match(fileName, m, anonymousText)) {
        name.late = m[1].matched;
        name.userId = m[2].str();
        name.prefix = m[1].str() + name.userId;
        name.onlineText = true;
        return name;
    } else if (std::regex_match(fileName, m, named) && m[1].str().rfind("anon", 0) != 0) {
        name.person = m[1].str();
        name.late = m[2].matched;
        name.userId = m[3].str();
        name.prefix = name.person + "_" + name.userId;
        attachment = m[4].str();
        name.original = m[5].str();
    } else if (std::regex_match(fileName, m, namedText)) {
        name.person = m[1].str();
        name.late = m[2].matched;
        name.userId = m[3].str();
        name.prefix = name.person + "_" + name.userId;
        name.onlineText = true;
        return name;
    } else {
        return std::nullopt;
    }
    std::string again = "0";
    std::smatch r;
    if (std::regex_match(name.original, r, reupload)) {
        again = r[2].str();
        name.original = r[1].str() + r[3].str();
    }
    name.attempt = pad(attachment, 20) + "-" + pad(again, 6);
    return name;
}

std::optional<FlatName> parseMoodleName(const std::string& fileName) {
    // mod/assign/classes/downloader.php: "<full name, '_' made ' '>_<participant id>_assignsubmission_<plugin>" and, in a
    // folder (4.1 and later; earlier ones add a trailing '_'), the files as handed in; flat, "..._<plugin>_<file>".
    static const std::regex moodle(R"(^(.+)_(\d+)_assignsubmission_([a-z]+)(?:_(.*))?$)");
    return flatNameOf(fileName, moodle, [](const std::smatch& m, FlatName& name) {
        name.person = m[1].str();
        name.userId = m[2].str();
        const std::string plugin = m[3].str();
        name.prefix = m[1].str() + "_" + m[2].str() + "_assignsubmission_" + plugin + (m[4].matched ? "_" : "");
        name.onlineText = plugin == "onlinetext";
        if (plugin != "file" && plugin != "onlinetext") name.other = "Moodle's '" + plugin + "' submission";
        name.original = m[4].str();
    });
}

std::optional<FlatName> parseBlackboardName(const std::string& fileName) {
    static const std::regex blackboard(R"(^(.+)_([^_]+)_attempt_(\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d)(?:_(.+)|\.txt)$)");
    return flatNameOf(fileName, blackboard, [](const std::smatch& m, FlatName& name) {
        name.userId = m[2].str();
        name.prefix = m[1].str() + "_" + m[2].str();
        name.attempt = m[3].str();
        name.metadata = !m[4].matched;
        name.original = m[4].str();
    });
}

Expected<DiscoveredClass> readLayout(const fs::path& folder, const fs::path& skip, std::optional<LmsLayout> layout,
                                     const std::string& assignmentPrefix) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        return Error{folder.string(), "not a folder", "SUBMISSIONS is a folder: one folder or archive per student, or an LMS's download"};
    const fs::path skipCanonical = skip.empty() ? fs::path() : fs::weakly_canonical(skip, ec);
    std::vector<Entry> entries;
    for (const auto& item : fs::directory_iterator(folder, ec)) {
        Entry e{item.path(), item.path().filename().string()};
        if (e.name.empty() || e.name[0] == '.') continue;
        if (!skipCanonical.empty() && fs::weakly_canonical(item.path(), ec) == skipCanonical) continue;
        const auto status = item.symlink_status(ec);
        e.link = fs::is_symlink(status);
        e.folder = fs::is_directory(status);
        e.file = fs::is_regular_file(status);
        entries.push_back(e);
    }
    if (ec) return Error{folder.string(), "cannot list the folder: " + ec.message(), ""};
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });

    if (!layout) {
        std::map<LmsLayout, std::vector<std::string>> votes;
        bool allGit = !entries.empty();
        for (const auto& e : entries) {
            if (auto fits = layoutOfName(e)) votes[*fits].push_back(e.name);
            if (e.file && e.name == "submission_metadata.yml") votes[LmsLayout::Gradescope].push_back(e.name);
            allGit = allGit && e.folder && fs::exists(e.path / ".git", ec);
        }
        if (allGit) votes[LmsLayout::GitHubClassroom].push_back(entries.front().name);
        if (!votes.empty() && !votes.count(LmsLayout::Gradescope) && !allGit)  // student folders beside an LMS's files: mixed too
            for (const auto& e : entries)
                if (!e.link && e.name != "__MACOSX" && !layoutOfName(e) && (e.folder || (e.file && isArchiveName(e.name)))) votes[LmsLayout::Folders].push_back(e.name);
        if (votes.size() > 1) {
            std::string mix;
            for (const auto& [which, names] : votes) {
                mix += std::string(mix.empty() ? "" : "; ") + layoutInfo(which).title + " (" + std::to_string(names.size()) + ", e.g. " + names[0] +
                       (names.size() > 1 ? ", " + names[1] : "") + ")";
            }
            return Error{folder.string(), "two layouts mixed in one folder: " + mix,
                         "grade each download from a folder of its own, or force one with --layout NAME"};
        }
        layout = votes.empty() ? LmsLayout::Folders : votes.begin()->first;
    }
    switch (*layout) {
        case LmsLayout::Folders: {
            auto found = discoverSubmissions(folder, skip);
            return found;
        }
        case LmsLayout::GitHubClassroom: {
            std::vector<Entry> repos;
            DiscoveredClass ignored;
            for (const auto& e : entries) {
                if (e.folder && !e.link) repos.push_back(e);
                else ignored.notes.push_back(ignoredNote(e, layoutInfo(LmsLayout::GitHubClassroom), "not a repository folder"));
            }
            if (repos.empty()) return Error{folder.string(), "no repository folder (GitHub Classroom: <assignment>-<username>/)", ""};
            auto found = readGitHub(folder, repos, assignmentPrefix);
            if (found) found->notes.insert(found->notes.begin(), ignored.notes.begin(), ignored.notes.end());
            return found;
        }
        case LmsLayout::Gradescope:
            if (!fs::exists(folder / "submission_metadata.yml", ec))
                return Error{folder.string(), "no submission_metadata.yml (a Gradescope export has one at its top)", "unzip the whole export"};
            return readGradescope(folder, entries);
        default: {
            auto found = readFlat(*layout, entries);
            if (found && found->submissions.empty() && !entries.empty()) return nothingFits(folder, *layout, entries);
            return found;
        }
    }
}

FlatChoice chooseFlatFiles(const Course& course, const Submission& sub) {
    FlatChoice choice;
    std::map<std::string, std::vector<HandedFile>> byName;
    for (const auto& file : sub.files) byName[file.name].push_back(file);
    std::vector<HandedFile> newest;
    for (auto& [name, uploads] : byName) {
        std::sort(uploads.begin(), uploads.end(), olderUpload);
        newest.push_back(uploads.back());
        if (uploads.size() < 2) continue;
        std::string earlier;
        for (size_t i = 0; i + 1 < uploads.size(); ++i) earlier += (i ? ", " : "") + uploads[i].path.filename().string();
        choice.notes.push_back(name + ": uploaded " + std::to_string(uploads.size()) + " times; graded the newest, " +
                               uploads.back().path.filename().string() + " (earlier: " + earlier + ")");
    }
    std::set<std::string> setAside;  // names of lesson candidates that lost to a newer one
    for (const auto& lesson : course.lessons) {
        std::vector<HandedFile> candidates;
        for (const auto& file : newest)
            if (file.name == lesson.studentFile || namesLessonFile(lesson, file.name)) candidates.push_back(file);
        if (candidates.empty()) {
            const std::string stem = asciiLower(fs::path(lesson.studentFile).stem().string()) + ".";
            for (const auto& file : newest) {
                const std::string lower = asciiLower(file.name);
                if (lower.rfind(stem, 0) == 0 && !namesLessonFile(lesson, file.name))
                    choice.notes.push_back(lesson.id + ": " + file.path.filename().string() + " is not a .cu file; not graded (hand in " +
                                           lesson.studentFile + ")");
            }
            continue;
        }
        if (candidates.size() < 2) continue;
        std::sort(candidates.begin(), candidates.end(), olderUpload);
        std::string names;
        for (size_t i = 0; i < candidates.size(); ++i) {
            names += (i ? (i + 1 == candidates.size() ? " and " : ", ") : "") + candidates[i].path.filename().string();
            if (i + 1 < candidates.size()) setAside.insert(candidates[i].name);
        }
        choice.notes.push_back(lesson.id + ": " + std::to_string(candidates.size()) + " candidates, " + names + "; graded the newest, " +
                               candidates.back().path.filename().string());
    }
    for (const auto& file : newest)
        if (!setAside.count(file.name)) choice.files.push_back(file);
    return choice;
}

}  // namespace grader
