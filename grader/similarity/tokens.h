// The tokens submissions are compared by: clang's raw lexer, normalized
// (identifiers, numbers and strings by kind; grader/frontend/raw_tokens.h),
// run as `cuda-frontend --tokens` in a sandboxed child over many files at
// once (one child per lesson, not one per file), and its JSON read back as
// untrusted input.
// Non-goals: deciding which files to lex (batch/class_insights.h) or what
// is similar (fingerprints.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// One file's normalized tokens and the line each starts on (the same length).
struct TokenStream {
    std::vector<std::string> tokens;
    std::vector<int> lines;
};

/// The tokens of each of `files` (nullopt for one the child could not read), lexed by one child
/// that writes into the folder `work`; the Error says why the child itself failed.
Expected<std::vector<std::optional<TokenStream>>> lexFiles(const std::vector<std::filesystem::path>& files,
                                                           const std::filesystem::path& work);

/// Reads cuda-frontend's --tokens JSON, which must hold `count` files.
Expected<std::vector<std::optional<TokenStream>>> parseTokenJson(const std::string& json, size_t count);

}  // namespace grader
