// See stream_use.h.
#include "backend/stream_use.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace grader {

namespace {

/// The C++ library's I/O stream names (lower case): "stream" in them names no CUDA stream.
const std::set<std::string>& libraryStreams() {
    static const std::set<std::string> names = {
        "iostream", "istream", "ostream", "fstream", "ifstream", "ofstream", "sstream", "stringstream", "istringstream",
        "ostringstream", "strstream", "streambuf", "streamsize", "streampos", "streamoff", "basic_istream", "basic_ostream",
        "basic_iostream", "basic_fstream", "basic_ifstream", "basic_ofstream", "basic_stringstream", "basic_istringstream",
        "basic_ostringstream", "basic_streambuf", "wistream", "wostream", "wiostream", "wfstream", "wifstream", "wofstream",
        "wstringstream", "wistringstream", "wostringstream", "wstreambuf", "syncstream", "osyncstream", "spanstream"};
    return names;
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

bool mayUseOtherStreams(const std::string& source) {
    if (source.find("##") != std::string::npos) return true;
    for (size_t i = 0; i < source.size();) {
        if (!isIdentifierChar(source[i])) {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < source.size() && isIdentifierChar(source[end])) ++end;
        std::string word = source.substr(i, end - i);
        std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        const bool named = word.find("stream") != std::string::npos || word.find("graph") != std::string::npos;
        if (named && !libraryStreams().count(word)) return true;
        i = end;
    }
    return false;
}

}  // namespace grader
