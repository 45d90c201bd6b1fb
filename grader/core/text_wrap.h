// Plain text laid out for a terminal: the width of UTF-8 text in columns,
// and wrapping at a width.
// Non-goal: wide (East Asian) characters or combining marks: one code point is one column.
#pragma once

#include <cstddef>
#include <string>

namespace grader {

/// The columns `text` takes: its UTF-8 code points.
size_t textColumns(const std::string& text);

/// Wraps `text` to `width` columns (UTF-8 aware), each line after the first indented by `indent` spaces.
std::string wrapText(const std::string& text, size_t width, size_t indent);

}  // namespace grader
