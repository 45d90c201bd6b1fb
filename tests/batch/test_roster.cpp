// Roster: the CSV reader (quotes, commas and accents in names, a byte order
// mark, CRLF), the usual header spellings and --roster-columns, matching by
// id, login, SIS id or email, and each problem at roster.csv:LINE:COL.
#include <doctest/doctest.h>

#include "batch/roster.h"

using namespace grader;

TEST_CASE("a roster with quoted names, accents, a byte order mark and CRLF") {
    auto roster = parseRoster("\xEF\xBB\xBFStudent,ID,SIS User ID,SIS Login ID,Email address,Section\r\n"
                              "\"Lovelace, Ada\",1001,S1001,ada,ada@example.edu,Section A\r\n"
                              "\"Se\xc3\xa1n O'Brien\",1002,S1002,sobrien,SEAN@example.edu,\"Section \"\"B\"\"\"\r\n"
                              "\r\n",
                              "roster.csv");
    REQUIRE(roster.ok());
    REQUIRE(roster->students.size() == 2);
    CHECK(roster->students[0].name == "Lovelace, Ada");
    CHECK(roster->students[0].sisId == "S1001");
    CHECK(roster->students[1].name == "Se\xc3\xa1n O'Brien");
    CHECK(roster->students[1].section == "Section \"B\"");
    CHECK(roster->students[1].line == 3);
    CHECK(roster->find("1002") == &roster->students[1]);
    CHECK(roster->find("SOBRIEN") == &roster->students[1]);
    CHECK(roster->find("sean@example.edu") == &roster->students[1]);
    CHECK(roster->find("S1001") == &roster->students[0]);
    CHECK(roster->find("nobody") == nullptr);
}

TEST_CASE("roster problems are located as FILE:LINE:COL") {
    auto noName = parseRoster("id,email\n1001,ada@example.edu\n", "roster.csv");
    REQUIRE_FALSE(noName.ok());
    CHECK(noName.error().where == "roster.csv:1:9");
    CHECK(noName.error().message == "no column 'name' (the header has: id, email)");
    CHECK(noName.error().hint.find("--roster-columns name=HEADER") != std::string::npos);

    auto shortRow = parseRoster("id,name,email\n1001,Ada,ada@example.edu\n1002\n", "roster.csv");
    REQUIRE_FALSE(shortRow.ok());
    CHECK(shortRow.error().where == "roster.csv:3:5");
    CHECK(shortRow.error().message.find("the row has 1 field, no 'name'") == 0);

    auto unclosed = parseRoster("id,name\n1001,\"Lovelace, Ada\n", "roster.csv");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(unclosed.error().where == "roster.csv:2:6");
    CHECK(unclosed.error().message == "a quote is never closed");

    auto twice = parseRoster("id,name\n1001,Ada\n1001,Grace\n", "roster.csv");
    REQUIRE_FALSE(twice.ok());
    CHECK(twice.error().where == "roster.csv:3:1");
    CHECK(twice.error().message == "id '1001' is also on line 2");

    auto emptyId = parseRoster("name,id\nAda,\n", "roster.csv");
    REQUIRE_FALSE(emptyId.ok());
    CHECK(emptyId.error().where == "roster.csv:2:5");
}

TEST_CASE("--roster-columns names other headers") {
    auto columns = parseRosterColumns("id=Student Number, name=Full name");
    REQUIRE(columns.ok());
    auto roster = parseRoster("Full name,Student Number\nZo\xc3\xab Smith,77\n", "r.csv", *columns);
    REQUIRE(roster.ok());
    CHECK(roster->students.at(0).id == "77");
    CHECK(roster->students.at(0).name == "Zo\xc3\xab Smith");
    CHECK_FALSE(parseRosterColumns("colour=x").ok());
    auto missing = parseRoster("Full name,id\nAda,1\n", "r.csv", *columns);
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message.find("no column 'Student Number'") == 0);
}

TEST_CASE("Canvas's gradebook export is a roster as it comes: its Points Possible row and hidden-assignment row left out") {
    auto roster = parseRoster("Student,ID,SIS User ID,SIS Login ID,Section,Tiled matmul (4242),Current Score\n"
                              ",,,,,Manual Posting,\n"
                              "    Points Possible,,,,,38.00,(read only)\n"
                              "\"Lovelace, Ada\",1001,S1001,ada,CS 101,,90.00\n"
                              "\"Student, Test\",1099,,,CS 101,,\n",
                              "gradebook.csv");
    REQUIRE_MESSAGE(roster.ok(), (roster.ok() ? "" : roster.error().format()));
    CHECK(roster->format == RosterFormat::CanvasGradebook);
    REQUIRE(roster->students.size() == 2);
    CHECK(roster->students[0].id == "1001");
    CHECK(roster->students[0].login == "ada");
    REQUIRE(roster->notes.size() == 2);
    CHECK(roster->notes[0] == "gradebook.csv:2: a row without a student (Canvas's labels of hidden assignments), left out");
    CHECK(roster->notes[1] == "gradebook.csv:3: Canvas's Points Possible row, left out");
}

TEST_CASE("Moodle's grading worksheet is a roster: 'Participant 1187001' is the participant id of the download") {
    auto roster = parseRoster("Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Last modified (grade)\"\n"
                              "\"Participant 1187001\",\"Ada Lovelace\",ada@example.edu,\"Submitted for grading\",,38.00,-\n",
                              "worksheet.csv");
    REQUIRE_MESSAGE(roster.ok(), (roster.ok() ? "" : roster.error().format()));
    CHECK(roster->format == RosterFormat::MoodleWorksheet);
    REQUIRE(roster->students.size() == 1);
    CHECK(roster->find("1187001") == &roster->students[0]);
    CHECK(roster->students[0].name == "Ada Lovelace");
    CHECK(roster->students[0].email == "ada@example.edu");
}

TEST_CASE("Moodle's participants export is a roster: no id, so the email stands in and students are found by name") {
    auto roster = parseRoster("\"First name\",\"Last name\",\"Email address\"\n"
                              "Zo\xc3\xab,Smith,zoe@example.edu\n"
                              "Se\xc3\xa1n,O'Brien,sean@example.edu\n",
                              "participants.csv");
    REQUIRE_MESSAGE(roster.ok(), (roster.ok() ? "" : roster.error().format()));
    CHECK(roster->format == RosterFormat::MoodleParticipants);
    CHECK_FALSE(roster->hasIds);
    REQUIRE(roster->students.size() == 2);
    CHECK(roster->students[0].name == "Zo\xc3\xab Smith");
    CHECK(roster->students[0].id == "zoe@example.edu");
    CHECK_FALSE(roster->students[0].idGiven);
    CHECK(roster->findByName("zo\xc3\xab  smith") == &roster->students[0]);  // without case, spaces collapsed
    CHECK(roster->findByName("Zo\xc3\xab  SMITH") == &roster->students[0]);
    CHECK(roster->findByName("Nobody") == nullptr);

    auto noWay = parseRoster("name,section\nAda,A\n", "roster.csv");  // neither an id nor anything to stand in
    REQUIRE_FALSE(noWay.ok());
    CHECK(noWay.error().message == "no column 'id' (the header has: name, section)");
}
