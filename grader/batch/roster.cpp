// Roster: a small RFC 4180 reader that keeps each field's line and column,
// and the table of header spellings.
#include "batch/roster.h"

#include <algorithm>
#include <regex>
#include <set>

#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// The header spellings each field is known by (compared without case).
const std::vector<std::pair<std::string, std::vector<std::string>>> kFieldNames = {
    {"id", {"id", "user id", "userid", "student id", "participant id", "canvas user id", "username_id", "identifier"}},
    {"name", {"name", "student", "full name", "student name", "fullname"}},
    {"email", {"email", "email address", "e-mail", "mail"}},
    {"sis_id", {"sis_id", "sis id", "sis user id", "id number", "idnumber", "student number"}},
    {"login", {"login", "sis login id", "login id", "username", "user name"}},
    {"section", {"section", "sections", "group"}},
    {"first_name", {"first_name", "first name", "firstname", "given name"}},
    {"last_name", {"last_name", "last name", "lastname", "surname", "family name"}},
};

/// The fields a roster may lack when another stands in: an id (by email, SIS id or login), a name (by first and last).
bool standsIn(const std::string& field, const std::map<std::string, size_t>& index) {
    if (field == "id") return index.count("email") || index.count("sis_id") || index.count("login");
    if (field == "name") return index.count("first_name") && index.count("last_name");
    return field != "name" && field != "id";
}

/// A name without case, its spaces collapsed: "  Ada  LOVELACE" -> "ada lovelace".
std::string nameKey(const std::string& name) {
    std::string key;
    for (char c : asciiLower(name)) {
        if (c == ' ' || c == '\t') {
            if (!key.empty() && key.back() != ' ') key += ' ';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == ' ') key.pop_back();
    return key;
}

std::string trimmedField(const std::string& text) {
    const size_t begin = text.find_first_not_of(" \t");
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

std::string csvPlace(const std::string& where, int line, int column) { return where + ":" + std::to_string(line) + ":" + std::to_string(column); }

}  // namespace

const RosterStudent* Roster::find(const std::string& key) const {
    if (key.empty()) return nullptr;
    for (const auto& s : students)
        if (s.id == key) return &s;
    const std::string lower = asciiLower(key);
    for (const auto& s : students)
        if ((!s.login.empty() && asciiLower(s.login) == lower) || s.sisId == key || (!s.email.empty() && asciiLower(s.email) == lower)) return &s;
    return nullptr;
}

const RosterStudent* Roster::findByName(const std::string& name) const {
    const std::string key = nameKey(name);
    const RosterStudent* found = nullptr;
    for (const auto& s : students)
        if (!key.empty() && nameKey(s.name) == key) {
            if (found) return nullptr;  // two of that name: neither
            found = &s;
        }
    return found;
}

Expected<RosterColumns> parseRosterColumns(const std::string& spec) {
    RosterColumns columns;
    size_t start = 0;
    while (start <= spec.size()) {
        const size_t comma = spec.find(',', start);
        const std::string pair = spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        start = comma == std::string::npos ? spec.size() + 1 : comma + 1;
        if (trimmedField(pair).empty()) continue;
        const size_t equals = pair.find('=');
        const std::string field = equals == std::string::npos ? "" : trimmedField(pair.substr(0, equals));
        bool known = false;
        for (const auto& [name, spellings] : kFieldNames) known = known || name == field;
        if (!known || trimmedField(pair.substr(equals + 1)).empty())
            return Error{"--roster-columns", "'" + pair + "' is not FIELD=HEADER",
                         "FIELD is id, name, email, sis_id, login, section, first_name or last_name, e.g. --roster-columns 'id=Student Number,name=Full name'"};
        columns[field] = trimmedField(pair.substr(equals + 1));
    }
    return columns;
}

Expected<std::vector<CsvRow>> parseCsv(const std::string& input, const std::string& where) {
    std::string_view text = input;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    std::vector<CsvRow> rows;
    int line = 1, column = 1;
    size_t i = 0;
    while (i < text.size()) {
        CsvRow row;
        row.line = line;
        for (;;) {  // one field per turn
            std::string field;
            row.columns.push_back(column);
            if (i < text.size() && text[i] == '"') {
                const int quoteLine = line, quoteColumn = column;
                ++i, ++column;
                for (;;) {
                    if (i >= text.size()) return Error{csvPlace(where, quoteLine, quoteColumn), "a quote is never closed", "end the field with \""};
                    const char c = text[i];
                    if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                        field += '"';
                        i += 2, column += 2;
                    } else if (c == '"') {
                        ++i, ++column;
                        break;
                    } else {
                        field += c;
                        ++i;
                        if (c == '\n') ++line, column = 1;
                        else ++column;
                    }
                }
                if (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n')
                    return Error{csvPlace(where, line, column), "text after a quoted field's closing quote", "quote the whole field, doubling each \" inside"};
            } else {
                while (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n') field += text[i++], ++column;
            }
            row.fields.push_back(field);
            if (i < text.size() && text[i] == ',') {
                ++i, ++column;
                continue;
            }
            break;
        }
        row.endColumn = column;
        if (i < text.size() && text[i] == '\r') ++i;
        if (i < text.size() && text[i] == '\n') ++i;
        ++line, column = 1;
        if (row.fields.size() == 1 && row.fields[0].empty()) continue;  // a blank line
        rows.push_back(std::move(row));
    }
    return rows;
}

Expected<Roster> parseRoster(const std::string& text, const std::string& where, const RosterColumns& columns) {
    auto rows = parseCsv(text, where);
    if (!rows) return rows.error();
    if (rows->empty()) return Error{csvPlace(where, 1, 1), "the roster is empty", "its first line names the columns, e.g. id,name,email"};
    const CsvRow& header = rows->front();
    std::map<std::string, size_t> index;  // field -> column
    for (const auto& [field, spellings] : kFieldNames) {
        const auto named = columns.find(field);
        for (size_t c = 0; c < header.fields.size(); ++c) {
            const std::string heading = asciiLower(trimmedField(header.fields[c]));
            const bool match = named != columns.end() ? heading == asciiLower(named->second)
                                                      : std::find(spellings.begin(), spellings.end(), heading) != spellings.end();
            if (match && !index.count(field)) index[field] = c;
        }
    }
    for (const auto& [field, spellings] : kFieldNames) {
        const auto named = columns.find(field);
        if (!index.count(field) && (named != columns.end() || !standsIn(field, index))) {
            std::string headings;
            for (const auto& h : header.fields) headings += (headings.empty() ? "" : ", ") + h;
            const std::string wanted = named != columns.end() ? named->second : field;
            return Error{csvPlace(where, header.line, header.endColumn), "no column '" + wanted + "' (the header has: " + headings + ")",
                         "add it, or name the column that holds the " + field + " with --roster-columns " + field + "=HEADER"};
        }
    }
    Roster roster;
    roster.hasIds = index.count("id") > 0;
    const auto headed = [&](const std::string& text) {
        for (const auto& h : header.fields)
            if (asciiLower(trimmedField(h)) == text) return true;
        return false;
    };
    if (headed("identifier") && headed("grade") && headed("last modified (grade)")) roster.format = RosterFormat::MoodleWorksheet;
    else if (headed("student") && headed("sis login id") && headed("section")) roster.format = RosterFormat::CanvasGradebook;
    else if (!roster.hasIds && index.count("first_name") && index.count("last_name")) roster.format = RosterFormat::MoodleParticipants;
    std::map<std::string, int> seen;  // id -> line
    for (size_t r = 1; r < rows->size(); ++r) {
        const CsvRow& row = (*rows)[r];
        const auto value = [&](const std::string& field) -> std::string {
            auto it = index.find(field);
            return it != index.end() && it->second < row.fields.size() ? trimmedField(cleanUtf8(row.fields[it->second])) : "";
        };
        size_t needed = std::string::npos;  // the first column this row lacks, in the header's order
        for (const auto& [field, c] : index) needed = c >= row.fields.size() ? std::min(needed, c) : needed;
        const std::string name = index.count("name") ? value("name") : trimmedField(value("first_name") + " " + value("last_name"));
        if (index.count("id") && value("id").empty() && (name.empty() || name == "Points Possible")) {  // Canvas: not a student
            roster.notes.push_back(where + ":" + std::to_string(row.line) + ": " +
                                   (name.empty() ? "a row without a student (Canvas's labels of hidden assignments)" : "Canvas's Points Possible row") +
                                   ", left out");
            continue;
        }
        if (const size_t c = needed; c != std::string::npos)
                return Error{csvPlace(where, row.line, row.endColumn),
                             "the row has " + std::to_string(row.fields.size()) + " field" + (row.fields.size() == 1 ? "" : "s") +
                                 ", no '" + header.fields[c] + "' (column " + std::to_string(c + 1) + " of the header's " +
                                 std::to_string(header.fields.size()) + ")",
                             "a name with a comma is quoted: \"Lovelace, Ada\""};
        RosterStudent s{value("id"), name, value("email"), value("sis_id"), value("login"), value("section"), row.line};
        if (roster.format == RosterFormat::MoodleWorksheet) {  // "Participant 1187001": the participant id of the downloads
            static const std::regex participant(R"(^\D*\s(\d+)$)");
            std::smatch m;
            if (std::regex_match(s.id, m, participant)) s.id = m[1].str();
        }
        if (!roster.hasIds) {
            s.idGiven = false;
            s.id = !s.email.empty() ? s.email : !s.sisId.empty() ? s.sisId : s.login;
        }
        const int idColumn = roster.hasIds ? row.columns[index["id"]] : 1;
        if (s.id.empty())
            return Error{csvPlace(where, row.line, idColumn), roster.hasIds ? "the id is empty" : "the row has no email, login or SIS id",
                         "every student needs the id the LMS knows them by"};
        if (auto it = seen.find(s.id); it != seen.end())
            return Error{csvPlace(where, row.line, idColumn), "id '" + s.id + "' is also on line " + std::to_string(it->second), ""};
        seen[s.id] = row.line;
        roster.students.push_back(std::move(s));
    }
    return roster;
}

Expected<Roster> loadRoster(const std::filesystem::path& file, const RosterColumns& columns) {
    std::string text;
    if (!readFile(file, text)) return Error{file.string(), "cannot read the roster", "--roster names a CSV file with a header line"};
    return parseRoster(text, file.string(), columns);
}

}  // namespace grader
