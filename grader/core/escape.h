// Text made safe for the batch outputs, SVG pictures and the shell. Messages quote students' code and
// names, so they may hold markup, control characters or invalid UTF-8; a
// spreadsheet runs a cell that starts with '=' as a formula.
// Non-goal: pretty-printing; each writer lays out its own format.
#pragma once

#include <string>

namespace grader {

/// `text` with its ASCII letters in lower case (file names compared without regard to case).
std::string asciiLower(std::string text);
/// `text` without its leading and trailing spaces, tabs and line breaks.
std::string trimBlanks(const std::string& text);
/// `text` with invalid UTF-8 sequences replaced by U+FFFD and control characters but \t \n \r dropped.
std::string cleanUtf8(const std::string& text);
/// Escaped for HTML text and attribute values (after cleanUtf8).
std::string htmlEscape(const std::string& text);
/// Escaped for XML text and attribute values (after cleanUtf8).
std::string xmlEscape(const std::string& text);
/// One CSV field: quoted when needed (RFC 4180), and a leading = + - @ neutralized with a quote mark.
std::string csvField(const std::string& text);
/// One CSV field for an LMS import, which never evaluates cells: quoted when needed (also for
/// leading or trailing spaces), never altered.
std::string csvPlainField(const std::string& text);
/// One shell word: as it is when it holds only safe characters, else in single quotes.
std::string shellQuote(const std::string& word);
/// A YAML scalar that reads back as `text`: as it is when it is a plain word ([A-Za-z0-9_.+-], not starting
/// with '-'), else yamlQuoted.
std::string yamlScalar(const std::string& text);
/// A YAML double-quoted scalar that reads back as `text`: `"` and `\` escaped, control characters as \n, \t, \x01, ...
std::string yamlQuoted(const std::string& text);

}  // namespace grader
