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
