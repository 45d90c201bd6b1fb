// The token stream of a file as clang's lexer reads it without preprocessing
// (raw mode), normalized for comparing submissions: an identifier becomes
// "ID" (a renamed variable changes nothing), a number "NUM", a string "STR",
// a character "CHR"; keywords, punctuators and CUDA's own names
// (threadIdx, __syncthreads, cudaMalloc: what renaming cannot touch) keep
// their spelling. Comments and layout are dropped; each token keeps its line.
// Non-goals: macros expanded, includes followed, deciding what is similar
// (the grader's similarity/ does).
#pragma once

#include <string>
#include <vector>

namespace cudafe {

/// One normalized token and the line (from 1) it starts on.
struct RawToken {
    std::string text;
    int line = 0;
};

/// The normalized tokens of `source`, read as CUDA C++.
std::vector<RawToken> rawTokens(const std::string& source);

}  // namespace cudafe
