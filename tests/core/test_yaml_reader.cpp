// The located YAML reader shared by course.yaml, quiz.yaml and quiz answers.
#include <doctest/doctest.h>

#include "core/yaml_reader.h"

using namespace grader;

namespace {

std::string keysError(const std::string& text, const std::vector<std::string>& allowed, const std::vector<std::string>& required) {
    auto doc = parseYaml(text, "f.yaml");
    REQUIRE(doc.ok());
    YamlReader in("f.yaml");
    CHECK_FALSE(in.keys(*doc, "thing", allowed, required));
    REQUIRE(in.error);
    return in.error->format();
}

}  // namespace

TEST_CASE("keys: unknown, repeated and missing keys are located") {
    CHECK(keysError("nmae: x\n", {"name"}, {}) == "f.yaml:1:1: thing: unknown key 'nmae', did you mean 'name'?");
    CHECK(keysError("name: x\nname: y\n", {"name"}, {}) == "f.yaml:2:1: thing: key 'name' is given twice");
    CHECK(keysError("name: x\n", {"name", "kind"}, {"kind"}) == "f.yaml:1:1: thing: missing key 'kind'");
    CHECK(keysError("[1, 2]\n", {"name"}, {}) == "f.yaml:1:1: thing must be a mapping of keys to values");
}

TEST_CASE("keys: a key that is a list, a mapping or empty is located, never thrown (found by fuzz_quiz_answers)") {
    CHECK(keysError("[a, b]: x\n", {"name"}, {}) == "f.yaml:1:1: thing: a key must be a name, not a list");
    CHECK(keysError("? {a: 1}\n: x\n", {"name"}, {}) == "f.yaml:1:3: thing: a key must be a name, not a mapping");
    CHECK(keysError("~: x\n", {"name"}, {}) == "f.yaml:1:1: thing: a key must be a name, not nothing");
}

TEST_CASE("the first error wins and values keep being read") {
    auto doc = parseYaml("a: one\nb: two\n", "f.yaml");
    REQUIRE(doc.ok());
    YamlReader in("f.yaml");
    in.integer((*doc)["a"], "a");
    in.integer((*doc)["b"], "b");
    REQUIRE(in.error);
    CHECK(in.error->format() == "f.yaml:1:4: a must be an integer, got 'one'");
}

namespace {

std::string syntaxError(const std::string& text) {
    auto doc = parseYaml(text, "f.yaml");
    REQUIRE_FALSE(doc.ok());
    return doc.error().format();
}

}  // namespace

TEST_CASE("a syntax error is located") {
    auto doc = parseYaml("a: [1, 2\n", "f.yaml");
    REQUIRE_FALSE(doc.ok());
    CHECK(doc.error().format().rfind("f.yaml:", 0) == 0);
    CHECK(doc.error().message.rfind("not valid YAML", 0) == 0);
}

TEST_CASE("an unclosed bracket is reported where it opens, not past the end of the file") {
    CHECK(syntaxError("a: [1, 2\n") == "f.yaml:1:4: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(syntaxError("a: [1, 2\nb: 3\nc: 4\n") == "f.yaml:1:4: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(syntaxError("a:\n  b: {x: 1\n\n\n") == "f.yaml:2:6: not valid YAML: this '{' is never closed (close the mapping with '}')");
    CHECK(syntaxError("a: [[1, 2], [3, 4]\n") == "f.yaml:1:4: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(syntaxError("a: [[1, 2], [3, 4\n") == "f.yaml:1:13: not valid YAML: this '[' is never closed (close the list with ']')");
}

TEST_CASE("brackets in strings, comments and block text are not brackets") {
    const std::string before = "# a [comment\nt: 'quoted ['\nu: \"and {\"\nv: plain A[row][k\nw: >-\n  folded [text\n  more\nlist:\n  - x: |\n      literal {\n    y: ";
    CHECK(syntaxError(before + "[1, 2\n") == "f.yaml:11:8: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(syntaxError("a: {b: 'it''s [', c: [1, \"x]\"\n") == "f.yaml:1:22: not valid YAML: this '[' is never closed (close the list with ']')");
}

TEST_CASE("any other syntax error names a place inside the file") {
    CHECK(syntaxError("a: b: c\n") == "f.yaml:1:5: not valid YAML: illegal map value");
    CHECK(syntaxError("a:\n  - x\n b: 2\n\n\n").rfind("f.yaml:3:", 0) == 0);
}
