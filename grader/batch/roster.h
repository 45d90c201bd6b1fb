// The class roster (`grader batch --roster roster.csv`): who is enrolled,
// with the ids an LMS matches grades by. A CSV file (RFC 4180: quoted
// fields, "" inside quotes, CRLF or LF, a UTF-8 byte order mark allowed)
// whose header names the columns: a name (or a first and a last name) and an
// id (or, lacking one, an email, login or SIS id) are required; email,
// sis_id, login and section are optional. Header names are matched without
// case, with the spellings LMS exports use ("Student", "ID", "SIS User ID",
// "Email address", "ID number", "Username"); `--roster-columns
// id=Student Number,name=Full name` names others. What LMSes export is read
// as they export it:
//   - Canvas's gradebook export: its "Points Possible" row and the row of
//     hidden assignments' labels (no student, no id) are left out;
//   - Moodle's grading worksheet: "Identifier" is the id, its "Participant
//     1187001" the participant id 1187001 of the submissions' folders;
//   - Moodle's participants export ("First name", "Last name", "Email
//     address", no id): students are matched by their full name.
// A problem is reported as roster.csv:LINE:COL: message.
// Non-goals: talking to an LMS (Moodle's worksheet is written back by lms_export.h).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// What made the roster, as its header tells.
enum class RosterFormat { Plain, CanvasGradebook, MoodleWorksheet, MoodleParticipants };

/// One enrolled student.
struct RosterStudent {
    std::string id;       ///< the LMS's user id (Canvas user id, Moodle participant id) or username
    std::string name;     ///< as the roster spells it, non-ASCII letters, spaces, apostrophes and commas kept
    std::string email;
    std::string sisId;    ///< the school's id (Canvas "SIS User ID", Moodle "ID number")
    std::string login;    ///< the login (Canvas "SIS Login ID", Moodle or Blackboard username)
    std::string section;
    int line = 0;         ///< where it is in the roster
    bool idGiven = true;  ///< false when the roster has no id column: `id` is then the email, SIS id or login
};

/// The roster's students, in the roster's order.
struct Roster {
    std::vector<RosterStudent> students;
    RosterFormat format = RosterFormat::Plain;
    bool hasIds = true;  ///< the roster has an id column (else students are matched by name too)
    std::vector<std::string> notes;  ///< rows left out ("line 2: Canvas's Points Possible row")
    /// The student whose id, login, SIS id or email is `key` (email and login without case), or nullptr.
    const RosterStudent* find(const std::string& key) const;
    /// The only student whose name is `name` (without case, spaces collapsed), or nullptr.
    const RosterStudent* findByName(const std::string& name) const;
};

/// Header names for the roster's fields, beyond the usual spellings: field ("id", "name", "email",
/// "sis_id", "login", "section", "first_name", "last_name") -> the header's name.
using RosterColumns = std::map<std::string, std::string>;

/// Parses --roster-columns "id=Student Number,name=Full name".
Expected<RosterColumns> parseRosterColumns(const std::string& spec);

/// One row of a CSV text, with where each field starts.
struct CsvRow {
    int line = 0;                     ///< 1-based line of the row's start
    std::vector<std::string> fields;
    std::vector<int> columns;         ///< 1-based column (in bytes) where each field starts
    int endColumn = 1;                ///< the column just past the row's last character
};

/// The rows of a CSV text, blank lines skipped; `where` names it in errors ("roster.csv:3:14: a quote is never closed").
Expected<std::vector<CsvRow>> parseCsv(const std::string& text, const std::string& where);

/// Reads a roster file.
Expected<Roster> loadRoster(const std::filesystem::path& file, const RosterColumns& columns = {});
/// Reads a roster from its text; `where` names it in errors.
Expected<Roster> parseRoster(const std::string& text, const std::string& where, const RosterColumns& columns = {});

}  // namespace grader
