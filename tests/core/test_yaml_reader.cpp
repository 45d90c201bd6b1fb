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

TEST_CASE("the first error wins and values keep being read") {
    auto doc = parseYaml("a: one\nb: two\n", "f.yaml");
    REQUIRE(doc.ok());
    YamlReader in("f.yaml");
    in.integer((*doc)["a"], "a");
    in.integer((*doc)["b"], "b");
    REQUIRE(in.error);
    CHECK(in.error->format() == "f.yaml:1:4: a must be an integer, got 'one'");
}

TEST_CASE("a syntax error is located") {
    auto doc = parseYaml("a: [1, 2\n", "f.yaml");
    REQUIRE_FALSE(doc.ok());
    CHECK(doc.error().format().rfind("f.yaml:", 0) == 0);
    CHECK(doc.error().message.rfind("not valid YAML", 0) == 0);
}
