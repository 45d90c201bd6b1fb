// Source locations found in check messages.
#include <doctest/doctest.h>

#include "report/message_locations.h"

using namespace grader;

TEST_CASE("message locations: a hazard's two lines in order") {
    auto found = findMessageLocations(
        "tA[0][0] is written by thread (0,0) at k.cu:16 and read by thread (1,0) at k.cu:21 with no __syncthreads()", "k.cu");
    REQUIRE(found.size() == 2);
    CHECK(found[0] == MessageLocation{16, 1});
    CHECK(found[1] == MessageLocation{21, 1});
}

TEST_CASE("message locations: a compiler's line and column") {
    auto found = findMessageLocations("k.cu:11:16: 'undeclared' was not declared in this scope", "k.cu");
    REQUIRE(found.size() == 1);
    CHECK(found[0] == MessageLocation{11, 16});
}

TEST_CASE("message locations: one at the end of a sentence and repeats named once") {
    auto found = findMessageLocations("barrier at k.cu:30 is inside a branch: wait at k.cu:26; wait at k.cu:30.", "k.cu");
    REQUIRE(found.size() == 2);
    CHECK(found[0] == MessageLocation{30, 1});
    CHECK(found[1] == MessageLocation{26, 1});
    CHECK(findMessageLocations("read of B[5] at k.cu:11.", "k.cu") == std::vector<MessageLocation>{{11, 1}});
}

TEST_CASE("message locations: not other files or longer names or a name without a line") {
    CHECK(findMessageLocations("at my_k.cu:3 and at k.cuh:4", "k.cu").empty());
    CHECK(findMessageLocations("Rerun: grader check lesson1 tests/k.cu --seed 1", "k.cu").empty());
    CHECK(findMessageLocations("k.cu: no line; k.cu:x", "k.cu").empty());
    CHECK(findMessageLocations("anything at k.cu:3", "").empty());
}

TEST_CASE("message locations: a folder before the name is allowed") {
    CHECK(findMessageLocations("/tmp/x/k.cu:7: error", "k.cu") == std::vector<MessageLocation>{{7, 1}});
}
