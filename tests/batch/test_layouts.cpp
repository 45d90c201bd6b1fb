// Layouts: each LMS's names parsed, each download recognized and read into
// students (ids, names with accents, spaces and apostrophes, late flags,
// attempts), entries no layout explains listed with the reason, two
// layouts in one folder refused, and the choice among a flat student's
// uploads (re-uploads, two candidates for one lesson, a wrong extension).
#include <doctest/doctest.h>

#include "batch/layouts.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course twoLessons() { return fixtures::parsedCourse(fixtures::courseYaml("t", {{1}, {3}})); }

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

const Submission* byId(const DiscoveredClass& found, const std::string& id) {
    for (const auto& s : found.submissions)
        if (s.id == id) return &s;
    return nullptr;
}

}  // namespace

TEST_CASE("Canvas names: the user id, LATE, and the re-upload suffix taken off the original name") {
    auto plain = parseCanvasName("lovelaceada_1001_5001_matmul_tiled.cu");
    REQUIRE(plain);
    CHECK(plain->userId == "1001");
    CHECK(plain->person == "lovelaceada");
    CHECK(plain->original == "matmul_tiled.cu");
    CHECK_FALSE(plain->late);
    auto late = parseCanvasName("obri\xc3\xa9nse\xc3\xa1n_LATE_1002_5002_matmul_tiled-2.cu");
    REQUIRE(late);
    CHECK(late->late);
    CHECK(late->userId == "1002");
    CHECK(late->original == "matmul_tiled.cu");
    auto first = parseCanvasName("obri\xc3\xa9nse\xc3\xa1n_LATE_1002_5002_matmul_tiled-1.cu");
    REQUIRE(first);
    CHECK(first->attempt < late->attempt);  // -2 is newer than -1
    CHECK_FALSE(parseCanvasName("README.txt"));
    CHECK_FALSE(parseCanvasName("ada_x_5001_matmul_tiled.cu"));
}

TEST_CASE("Moodle and Blackboard names") {
    auto file = parseMoodleName("Se\xc3\xa1n O'Brien_12346_assignsubmission_file_matmul_tiled.cu");
    REQUIRE(file);
    CHECK(file->person == "Se\xc3\xa1n O'Brien");
    CHECK(file->userId == "12346");
    CHECK(file->original == "matmul_tiled.cu");
    auto folder = parseMoodleName("Zo\xc3\xab Smith_12345_assignsubmission_file_");
    REQUIRE(folder);
    CHECK(folder->original.empty());
    CHECK(parseMoodleName("Zo\xc3\xab Smith_12345_assignsubmission_onlinetext_onlinetext.html")->onlineText);
    CHECK_FALSE(parseMoodleName("Zoe Smith_assignsubmission_file_x.cu"));

    auto attempt = parseBlackboardName("HW_3_ada_attempt_2025-01-15-10-00-00_matmul_tiled.cu");
    REQUIRE(attempt);
    CHECK(attempt->userId == "ada");
    CHECK(attempt->original == "matmul_tiled.cu");
    CHECK(attempt->attempt == "2025-01-15-10-00-00");
    CHECK(parseBlackboardName("HW_3_ada_attempt_2025-01-15-10-00-00.txt")->metadata);
    CHECK_FALSE(parseBlackboardName("HW_3_ada_attempt_yesterday_x.cu"));
}

TEST_CASE("a Canvas download is recognized: students by user id, late work flagged, a stray file listed with the reason") {
    TempFolder tmp("layout-canvas");
    writeText(tmp.path / "lovelaceada_1001_5001_matmul_naive.cu", "a");
    writeText(tmp.path / "lovelaceada_1001_5001_matmul_tiled.cu", "a");
    writeText(tmp.path / "obrienseán_LATE_1002_5002_matmul_tiled.cu", "b");
    writeText(tmp.path / "README.txt", "x");
    writeText(tmp.path / "results" / "1001.json", "{}");
    auto found = readLayout(tmp.path, tmp.path / "results", std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Canvas flat");
    REQUIRE(found->submissions.size() == 2);
    const Submission* ada = byId(*found, "1001");
    REQUIRE(ada);
    CHECK(ada->kind == SubmissionKind::Files);
    CHECK(ada->files.size() == 2);
    CHECK(ada->name == "lovelaceada");
    CHECK(ada->sourceName() == "lovelaceada_1001");
    CHECK_FALSE(ada->late);
    CHECK(byId(*found, "1002")->late);
    CHECK(joined(found->notes).find("ignored README.txt: its name is not Canvas flat's <name>[_LATE]_<userid>_<attachmentid>_<file> or "
                                    "[LATE_]anon_<id>_<attachmentid>_<file>") != std::string::npos);
}

TEST_CASE("two layouts in one folder are refused, naming examples of each; --layout forces one") {
    TempFolder tmp("layout-mixed");
    writeText(tmp.path / "lovelaceada_1001_5001_matmul_naive.cu", "a");
    writeText(tmp.path / "Zo\xc3\xab Smith_12345_assignsubmission_file_" / "matmul_naive.cu", "z");
    auto mixed = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE_FALSE(mixed.ok());
    CHECK(mixed.error().message.find("two layouts mixed") != std::string::npos);
    CHECK(mixed.error().message.find("Canvas flat (1, e.g. lovelaceada_1001_5001_matmul_naive.cu)") != std::string::npos);
    CHECK(mixed.error().message.find("Moodle (1, e.g. Zo\xc3\xab Smith_12345_assignsubmission_file_)") != std::string::npos);
    CHECK(mixed.error().hint.find("--layout") != std::string::npos);

    writeText(tmp.path / "grace" / "matmul_naive.cu", "g");  // a student's own folder beside them: a third layout
    auto three = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE_FALSE(three.ok());
    CHECK(three.error().message.find("one folder or archive per student (1, e.g. grace)") != std::string::npos);
    fs::remove_all(tmp.path / "grace");

    auto forced = readLayout(tmp.path, {}, LmsLayout::Moodle);
    REQUIRE(forced.ok());
    REQUIRE(forced->submissions.size() == 1);
    CHECK(forced->submissions[0].id == "12345");
    CHECK(forced->submissions[0].name == "Zo\xc3\xab Smith");
    CHECK(forced->submissions[0].kind == SubmissionKind::Folder);
    CHECK(joined(forced->notes).find("ignored lovelaceada_1001_5001_matmul_naive.cu") != std::string::npos);
    CHECK_FALSE(layoutByName("d2l").ok());
    CHECK(layoutByName("Canvas").ok());

    auto none = readLayout(tmp.path, {}, LmsLayout::Blackboard);  // a layout no entry fits: refused, not 0 students
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().message.find("no entry fits Blackboard's") != std::string::npos);
    CHECK(none.error().message.find("(2 entries, e.g. Zo\xc3\xab Smith_12345_assignsubmission_file_, lovelaceada_1001_5001_matmul_naive.cu)") !=
          std::string::npos);
    CHECK(none.error().hint.find("--layout") != std::string::npos);
}

TEST_CASE("Moodle, flat: files grouped per participant, online text noted, a student with text only not graded") {
    TempFolder tmp("layout-moodle-flat");
    writeText(tmp.path / "Se\xc3\xa1n O'Brien_12346_assignsubmission_file_matmul_naive.cu", "s");
    writeText(tmp.path / "Se\xc3\xa1n O'Brien_12346_assignsubmission_onlinetext_onlinetext.html", "<p>hi</p>");
    writeText(tmp.path / "Grace Hopper_12347_assignsubmission_onlinetext_onlinetext.html", "<p>see attached</p>");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Moodle");
    REQUIRE(found->submissions.size() == 2);
    const Submission* sean = byId(*found, "12346");
    REQUIRE(sean);
    CHECK(sean->name == "Se\xc3\xa1n O'Brien");
    REQUIRE(sean->files.size() == 1);
    CHECK(sean->files[0].name == "matmul_naive.cu");
    CHECK(joined(sean->notes).find("online text, not graded") != std::string::npos);
    CHECK(byId(*found, "12347")->kind == SubmissionKind::Unusable);
}

TEST_CASE("Blackboard: the latest attempt is graded, earlier ones listed, the name read from the attempt's text") {
    TempFolder tmp("layout-blackboard");
    writeText(tmp.path / "HW3_ada_attempt_2025-01-15-10-00-00_matmul_tiled.cu", "old");
    writeText(tmp.path / "HW3_ada_attempt_2025-01-15-10-00-00.txt", "Name: Ada Lovelace (ada)\nAssignment: HW3\n");
    writeText(tmp.path / "HW3_ada_attempt_2025-01-16-09-30-00_matmul_tiled.cu", "new");
    writeText(tmp.path / "HW3_ada_attempt_2025-01-16-09-30-00.txt", "Name: Ada Lovelace (ada)\nAssignment: HW3\n");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Blackboard");
    REQUIRE(found->submissions.size() == 1);
    const Submission& ada = found->submissions[0];
    CHECK(ada.id == "ada");
    CHECK(ada.name == "Ada Lovelace");
    REQUIRE(ada.files.size() == 1);
    CHECK(readText(ada.files[0].path) == "new");
    CHECK(joined(ada.notes).find("attempt 2025-01-15-10-00-00 (matmul_tiled.cu) not graded: the latest attempt, 2025-01-16-09-30-00, is") !=
          std::string::npos);
}

TEST_CASE("Blackboard's attempt text: the name line is found whatever the student wrote around it, a line of any length included") {
    TempFolder tmp("layout-blackboard-text");
    const std::string comment = "Name: " + std::string(1 << 20, 'x') + "\n";  // the regular expression that read it once overflowed the stack
    writeText(tmp.path / "HW3_ada_attempt_2025-01-15-10-00-00.txt", "Name:  Ada (the first) Lovelace\t (ada) \r\nAssignment: HW3\n" + comment);
    writeText(tmp.path / "HW3_ada_attempt_2025-01-15-10-00-00_matmul_tiled.cu", "x");
    writeText(tmp.path / "HW3_bob_attempt_2025-01-15-10-00-00.txt", comment + "Name: Bob (bob)\n");  // past the first 64 KB: not read
    writeText(tmp.path / "HW3_bob_attempt_2025-01-15-10-00-00_matmul_tiled.cu", "x");
    writeText(tmp.path / "HW3_eve_attempt_2025-01-15-10-00-00.txt", "Name: Eve (eve) x\nName: (nobody)\n");
    writeText(tmp.path / "HW3_eve_attempt_2025-01-15-10-00-00_matmul_tiled.cu", "x");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    REQUIRE(found->submissions.size() == 3);
    CHECK(found->submissions[0].name == "Ada (the first) Lovelace");
    CHECK(found->submissions[1].name == "bob");  // no name line read: the username
    CHECK(found->submissions[2].name == "eve");  // the first name line is not one, the second names nobody
}

TEST_CASE("GitHub Classroom clones: the assignment prefix taken off, the username is the id") {
    TempFolder tmp("layout-github");
    fs::create_directories(tmp.path / "matmul-hw-ada" / ".git");
    fs::create_directories(tmp.path / "matmul-hw-zoe-smith" / ".git");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "GitHub Classroom");
    REQUIRE(found->submissions.size() == 2);
    CHECK(found->submissions[0].id == "ada");
    CHECK(found->submissions[1].id == "zoe-smith");
    CHECK(found->submissions[1].kind == SubmissionKind::Folder);
}

TEST_CASE("GitHub Classroom: usernames sharing a hyphenated start keep it, from the CLI's folder or --assignment-prefix") {
    TempFolder tmp("layout-github-hyphen");
    for (const char* folder : {"matmul-submissions", "clones"})
        for (const char* repo : {"matmul-ada-lovelace", "matmul-ada-byron"}) fs::create_directories(tmp.path / folder / repo / ".git");
    auto named = readLayout(tmp.path / "matmul-submissions", {}, std::nullopt);  // `gh classroom clone student-repos`
    REQUIRE(named.ok());
    REQUIRE(named->submissions.size() == 2);
    CHECK(named->submissions[0].id == "ada-byron");
    CHECK(named->submissions[1].id == "ada-lovelace");
    CHECK(named->notes.empty());
    auto guessed = readLayout(tmp.path / "clones", {}, std::nullopt);  // no name to go by: the common start, said in a note
    REQUIRE(guessed.ok());
    CHECK(guessed->submissions[0].id == "byron");
    CHECK(joined(guessed->notes).find("the assignment prefix 'matmul-ada-' was taken from the clones' names") != std::string::npos);
    auto given = readLayout(tmp.path / "clones", {}, std::nullopt, "matmul");
    REQUIRE(given.ok());
    CHECK(given->submissions[0].id == "ada-byron");
    CHECK(given->submissions[1].id == "ada-lovelace");
}

TEST_CASE("Moodle 4.1 and later: folders without the trailing '_', online text and other plugins noted") {
    TempFolder tmp("layout-moodle-41");
    writeText(tmp.path / "Ada Lovelace_1187001_assignsubmission_file" / "matmul_naive.cu", "a");
    writeText(tmp.path / "Ada Lovelace_1187001_assignsubmission_onlinetext" / "onlinetext.html", "<p>hi</p>");
    writeText(tmp.path / "Barbara Liskov_1187004_assignsubmission_onlinetext" / "onlinetext.html", "<p>only text</p>");
    writeText(tmp.path / "Participant_1187009_assignsubmission_file" / "matmul_naive.cu", "blind marking");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Moodle");
    REQUIRE(found->submissions.size() == 3);
    const Submission* ada = byId(*found, "1187001");
    REQUIRE(ada);
    CHECK(ada->kind == SubmissionKind::Folder);
    CHECK(ada->name == "Ada Lovelace");
    CHECK(ada->sourceName() == "Ada Lovelace_1187001_assignsubmission_file");
    CHECK(joined(ada->notes) == "Ada Lovelace_1187001_assignsubmission_onlinetext: online text, not graded (only files are)\n");
    CHECK(byId(*found, "1187004")->kind == SubmissionKind::Unusable);
    CHECK(byId(*found, "1187009")->name == "Participant");
    auto forced = readLayout(tmp.path, {}, LmsLayout::Moodle);  // --layout moodle takes the 4.1 names too
    REQUIRE(forced.ok());
    CHECK(forced->submissions.size() == 3);
    auto parsed = parseMoodleName("Ada Lovelace_1187001_assignsubmission_file");
    REQUIRE(parsed);
    CHECK(parsed->original.empty());
    CHECK(parsed->prefix == "Ada Lovelace_1187001_assignsubmission_file");
    CHECK(parseMoodleName("Ada Lovelace_1187001_assignsubmission_comments")->other == "Moodle's 'comments' submission");
}

TEST_CASE("Canvas: anonymous grading's names, online text and links, names holding an underscore") {
    auto anonymous = parseCanvasName("anon_4kTqz_7101_matmul_naive.cu");
    REQUIRE(anonymous);
    CHECK(anonymous->userId == "anon_4kTqz");
    CHECK(anonymous->original == "matmul_naive.cu");
    CHECK(anonymous->person.empty());
    CHECK_FALSE(anonymous->late);
    auto late = parseCanvasName("LATE_anon_9xPQa_7103_matmul_tiled-1.cu");
    REQUIRE(late);
    CHECK(late->late);
    CHECK(late->userId == "anon_9xPQa");
    CHECK(late->original == "matmul_tiled.cu");
    auto text = parseCanvasName("turingalan_1003_text.html");
    REQUIRE(text);
    CHECK(text->onlineText);
    CHECK(text->userId == "1003");
    CHECK(parseCanvasName("anon_Hb3Rw_link.html")->onlineText);
    CHECK(parseCanvasName("hoppergrace_LATE_1002_text.html")->late);
    CHECK_FALSE(parseCanvasName("lovelaceada_1001_7001_text.html")->onlineText);  // an upload named text.html
    auto underscore = parseCanvasName("o_brienpat_1010_7010_matmul_naive.cu");
    REQUIRE(underscore);
    CHECK(underscore->userId == "1010");

    TempFolder tmp("layout-canvas-anonymous");
    writeText(tmp.path / "anon_4kTqz_7101_matmul_naive.cu", "a");
    writeText(tmp.path / "LATE_anon_9xPQa_7103_matmul_tiled.cu", "b");
    writeText(tmp.path / "anon_Hb3Rw_text.html", "<p>on paper</p>");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Canvas flat");
    REQUIRE(found->submissions.size() == 3);
    CHECK(byId(*found, "anon_9xPQa")->late);
    const Submission* paper = byId(*found, "anon_Hb3Rw");
    REQUIRE(paper);
    CHECK(paper->kind == SubmissionKind::Unusable);
    CHECK(joined(paper->notes).find("anon_Hb3Rw_text.html: online text, not graded") != std::string::npos);
}

TEST_CASE("a Gradescope export: students from submission_metadata.yml, a group graded for each member") {
    TempFolder tmp("layout-gradescope");
    writeText(tmp.path / "submission_metadata.yml", R"(submission_111:
  :submitters:
  - :name: "Zoë Smith"
    :sid: '2001'
    :email: zoe@example.edu
  :created_at: 2025-01-15 10:00:00.000000000 -08:00
submission_222:
  :submitters:
  - :name: Ada Lovelace
    :sid: ''
    :email: ada@example.edu
  - :name: Grace Hopper
    :sid: '2003'
    :email: grace@example.edu
)");
    writeText(tmp.path / "submission_111" / "matmul_naive.cu", "z");
    writeText(tmp.path / "submission_222" / "matmul_naive.cu", "a");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "Gradescope export");
    REQUIRE(found->submissions.size() == 3);
    CHECK(byId(*found, "2001")->name == "Zo\xc3\xab Smith");
    REQUIRE(byId(*found, "ada@example.edu"));
    CHECK(byId(*found, "ada@example.edu")->path == tmp.path / "submission_222");
    CHECK(joined(byId(*found, "2003")->notes).find("a group submission, with Ada Lovelace") != std::string::npos);
}

TEST_CASE("a Gradescope export whose submission_metadata.yml is a folder is refused with a message, never an I/O exception") {
    TempFolder tmp("layout-gradescope-folder");
    fs::create_directories(tmp.path / "submission_metadata.yml");  // found by libFuzzer (kit.fuzz.layouts)
    writeText(tmp.path / "submission_2001" / "matmul_naive.cu", "a");
    auto found = readLayout(tmp.path, {}, LmsLayout::Gradescope);
    REQUIRE_FALSE(found.ok());
    CHECK(found.error().format().find("not Gradescope's submission metadata: not a file") != std::string::npos);
}

TEST_CASE("one folder per student stays the default, as before") {
    TempFolder tmp("layout-folders");
    writeText(tmp.path / "ada" / "matmul_naive.cu", "a");
    writeText(tmp.path / "ken.tar.gz", "x");
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    CHECK(found->layout == "one folder or archive per student");
    REQUIRE(found->submissions.size() == 2);
    CHECK(found->submissions[0].id == "ada");
    CHECK(found->submissions[1].sourceName() == "ken.tar.gz");
}

TEST_CASE("a flat student's uploads: the highest re-upload wins, the newer of two candidates is graded, a wrong extension is named") {
    TempFolder tmp("layout-choice");
    const Course course = twoLessons();
    for (const char* name : {"lovelaceada_1001_5001_matmul_tiled.cu", "lovelaceada_1001_5001_matmul_tiled-1.cu",
                             "lovelaceada_1001_5001_matmul_tiled-2.cu", "lovelaceada_1001_5001_matmul_naive.cpp"})
        writeText(tmp.path / name, name);
    auto found = readLayout(tmp.path, {}, std::nullopt);
    REQUIRE(found.ok());
    REQUIRE(found->submissions.size() == 1);
    FlatChoice choice = chooseFlatFiles(course, found->submissions[0]);
    REQUIRE(choice.files.size() == 2);  // matmul_tiled.cu (the -2 upload) and the .cpp
    bool tiled = false;
    for (const auto& f : choice.files)
        if (f.name == "matmul_tiled.cu") {
            tiled = true;
            CHECK(f.path.filename() == "lovelaceada_1001_5001_matmul_tiled-2.cu");
        }
    CHECK(tiled);
    const std::string notes = joined(choice.notes);
    CHECK(notes.find("matmul_tiled.cu: uploaded 3 times; graded the newest, lovelaceada_1001_5001_matmul_tiled-2.cu (earlier: "
                     "lovelaceada_1001_5001_matmul_tiled.cu, lovelaceada_1001_5001_matmul_tiled-1.cu)") != std::string::npos);
    CHECK(notes.find("lesson1: lovelaceada_1001_5001_matmul_naive.cpp is not a .cu file; not graded (hand in matmul_naive.cu)") !=
          std::string::npos);

    TempFolder two("layout-two");
    writeText(two.path / "hopper_1003_6001_matmul_tiled.cu", "first");
    writeText(two.path / "hopper_1003_6007_Matmul_Tiled (1).cu", "second");
    auto both = readLayout(two.path, {}, std::nullopt);
    REQUIRE(both.ok());
    FlatChoice pick = chooseFlatFiles(course, both->submissions.at(0));
    REQUIRE(pick.files.size() == 1);
    CHECK(pick.files[0].name == "Matmul_Tiled (1).cu");
    CHECK(joined(pick.notes).find("lesson3: 2 candidates, hopper_1003_6001_matmul_tiled.cu and hopper_1003_6007_Matmul_Tiled (1).cu; "
                                  "graded the newest, hopper_1003_6007_Matmul_Tiled (1).cu") != std::string::npos);
}
