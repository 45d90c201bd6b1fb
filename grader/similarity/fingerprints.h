// Similar submissions of one lesson, MOSS-style: each file's normalized
// tokens (tokens.h) are hashed k at a time, a window of hashes keeps its
// least (winnowing: any run of k + window - 1 tokens two files share gives
// them a fingerprint in common), and the fingerprints of the starter file
// and those in more than half of the class's files (what everyone writes)
// are dropped. A fingerprint weighs ln(1 + files / files holding it): what
// few students write counts for much, what many write for little. An
// inverted index pairs the files that share what is left, so only pairs
// with something in common cost anything. A pair's score is the weighted
// Jaccard index of the two files' fingerprints (1: the same code); its
// fragments are the line ranges of the shared runs, in both files.
// Non-goals: verdicts (it ranks pairs for a human, never changes a score);
// reading files or lexing (tokens.h); the report (batch/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "similarity/tokens.h"

namespace grader {

/// How files are fingerprinted and what counts as common.
struct FingerprintParams {
    int k = 12;                    ///< tokens per hashed run
    int window = 6;                ///< hashes per winnowing window
    double commonFraction = 0.5;   ///< a fingerprint in more than this fraction of the files (and more than 2) is common code
    int minFingerprints = 3;       ///< a file with fewer of its own is not compared (too little written to tell)
};

/// A run two files share: the lines it spans in each (from 1, inclusive).
struct Fragment {
    int firstA = 0, lastA = 0, firstB = 0, lastB = 0;
};

/// Two files with fingerprints in common (a < b, indices into the files compared).
struct SimilarPair {
    size_t a = 0, b = 0;
    int shared = 0;      ///< fingerprints in common
    double score = 0;    ///< weight of the shared fingerprints / weight of either's (weighted Jaccard), 0 to 1
};

/// One file's fingerprints that count: (hash, the token it starts at), in the file's order.
struct Fingerprints {
    std::vector<std::pair<uint64_t, size_t>> kept;
    size_t distinct = 0;  ///< distinct hashes among `kept`
    double weight = 0;    ///< the weights of the distinct hashes, summed
    size_t own = 0;       ///< fingerprints beyond the starter's, before common code was dropped (0: empty, or the starter as it was)
};

/// What one lesson's comparison found.
struct LessonSimilarity {
    std::vector<Fingerprints> files;  ///< per file compared, its fingerprints after the starter's and the common ones are dropped
    std::vector<SimilarPair> pairs;   ///< every pair sharing a fingerprint, the highest score first
    size_t commonDropped = 0;         ///< distinct fingerprints dropped as common code
};

/// Compares every pair of `files`, less what `starter` holds.
LessonSimilarity compareFiles(const std::vector<TokenStream>& files, const TokenStream& starter, const FingerprintParams& params = {});

/// The runs `pair` shares, merged where they touch, as line ranges of files[pair.a] and files[pair.b].
std::vector<Fragment> sharedFragments(const LessonSimilarity& similarity, const std::vector<TokenStream>& files, const SimilarPair& pair,
                                      const FingerprintParams& params = {});

}  // namespace grader
