// Fuzz target: the class roster (grader/batch/roster.h), a CSV file an LMS
// exports and `grader batch --roster` reads, with the usual header names or
// those `--roster-columns` gives: an input whose first line starts with
// "columns=" has the rest of that line read as --roster-columns and the rest
// of the input as the roster. Beyond "no crash": a roster read without
// error has an id for every student, no id twice, and finds each by its id.
// Non-goal: the messages' wording (golden tests hold that).
#include <cstdint>
#include <set>

#include "batch/roster.h"
#include "fuzz_support.h"

using namespace grader;

namespace {

void readRoster(const std::string& text, const RosterColumns& columns) {
    auto roster = parseRoster(text, "roster.csv", columns);
    if (!roster) {
        fuzz::require(roster.error().where.rfind("roster.csv:", 0) == 0, "an error without its place: " + roster.error().format());
        return;
    }
    std::set<std::string> ids;
    for (const auto& student : roster->students) {
        fuzz::require(!student.id.empty(), "a student without an id");
        fuzz::require(ids.insert(student.id).second, "id '" + student.id + "' twice");
        fuzz::require(roster->find(student.id) == &student, "id '" + student.id + "' finds another student");
        (void)roster->find(student.email);
        (void)roster->find(student.login);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input = fuzz::text(data, size);
    readRoster(input, {});
    if (input.rfind("columns=", 0) == 0) {
        const size_t eol = input.find('\n');
        auto columns = parseRosterColumns(input.substr(8, eol == std::string::npos ? std::string::npos : eol - 8));
        if (columns) readRoster(eol == std::string::npos ? "" : input.substr(eol + 1), *columns);
    }
    return 0;
}
