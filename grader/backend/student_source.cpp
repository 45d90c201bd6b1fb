// Normalizing the student's file (see student_source.h).
#include "backend/student_source.h"

#include "core/toolchain.h"

namespace grader {

std::string normalizeStudentSource(std::string text) {
    static const std::string kByteOrderMark = "\xEF\xBB\xBF";
    if (text.compare(0, kByteOrderMark.size(), kByteOrderMark) == 0) text.erase(0, kByteOrderMark.size());
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i)
        if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
    return out;
}

bool readStudentSource(const std::filesystem::path& path, std::string& out) {
    if (!readFile(path, out)) return false;
    out = normalizeStudentSource(std::move(out));
    return true;
}

}  // namespace grader
