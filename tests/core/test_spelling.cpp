// Edit distance and did-you-mean suggestions.
#include <doctest/doctest.h>

#include "core/spelling.h"

using namespace grader;

TEST_CASE("edit distance counts insertions, deletions and substitutions") {
    CHECK(editDistance("barrier", "barriers") == 1);
    CHECK(editDistance("traffc", "traffic") == 1);
    CHECK(editDistance("", "abc") == 3);
    CHECK(editDistance("same", "same") == 0);
}

TEST_CASE("a suggestion only for close words") {
    CHECK(didYouMean("barrier", {"barriers", "traffic"}) == "did you mean 'barriers'?");
    CHECK(didYouMean("zzzzzz", {"barriers", "traffic"}) == "");
}
