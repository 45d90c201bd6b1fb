// Did-you-mean suggestions for misspelled names (checks, keys, lessons).
// Non-goal: fuzzy search over large vocabularies.
#pragma once

#include <string>
#include <vector>

namespace grader {

/// Levenshtein distance between two short strings.
int editDistance(const std::string& a, const std::string& b);

/// "did you mean 'x'?" for the closest candidate within a small distance, or "".
std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace grader
