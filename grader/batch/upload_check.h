// What a lesson's uploaded file really is, before the grader builds it: a
// student may hand in a PDF, a Word file or a zip named matmul_tiled.cu, an
// empty file, a file saved as UTF-16 (Notepad's "Unicode") or one far too
// large to be anyone's source. Such a file is not built: the lesson's
// compile check fails with what the file is and what to hand in instead
// (UnbuildableBackend), while its quiz and trainer are graded as usual. A
// file in an 8-bit code page (Windows-1251, Latin-1) is built as it is, with
// a note, since only its comments and strings are affected.
// Non-goals: telling C++ from other text; grading (checks/check.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "backend/backend.h"

namespace grader {

/// "NAME is 2 GB, over the 16 MB limit per file: ..." when `file` is larger than `maxBytes`, else nullopt.
std::optional<std::string> tooLarge(const std::filesystem::path& file, const std::string& name, uintmax_t maxBytes);

/// Why `file` (named `name` in messages) cannot be a lesson's source, e.g. "matmul_tiled.cu is a PDF
/// document, not CUDA source: hand in the .cu file itself"; nullopt when it may be one.
std::optional<std::string> notSourceText(const std::filesystem::path& file, const std::string& name, uintmax_t maxBytes);

/// A note when `file`'s text is not UTF-8 but built as it is ("matmul_tiled.cu is not UTF-8 text ..."), else nullopt.
std::optional<std::string> encodingNote(const std::filesystem::path& file, const std::string& name);

/// Why `bytes` (the start of a file of `size` bytes) cannot be source text ("a PDF document"), or "" when it may be.
std::string nonTextKind(const std::string& bytes, uintmax_t size);

/// True when `bytes` is valid UTF-8 (a sequence cut off at the end counts as valid).
bool validUtf8Prefix(const std::string& bytes);

/// A backend whose builds fail with one reason and that runs nothing: the lesson's checks that need
/// the code fail as for a file that does not compile; those that need none run as usual.
class UnbuildableBackend : public Backend {
public:
    UnbuildableBackend(Backend& inner, std::string why) : inner_(inner), why_(std::move(why)) {}
    std::string name() const override { return inner_.name(); }
    std::string device() const override { return inner_.device(); }
    std::string unavailableReason() const override { return inner_.unavailableReason(); }
    BuildResult build(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName) override;
    RunRecord run(const BuildResult& build, const RunRequest& request) override;

private:
    Backend& inner_;
    std::string why_;
};

}  // namespace grader
