// Small helpers the tests share: a temporary folder removed at the end of a
// test, whole-file text reads and writes, and the run record a fake backend
// returns.
// Non-goal: anything a test asserts; the tests do that.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "backend/backend.h"
#include "checks/check.h"
#include "checks/matrix_diagnosis.h"
#include "core/toolchain.h"
#include "harness/inputs.h"

/// What a subcommand run in the test's process returned and printed.
struct CommandRun {
    int exit = 0;
    std::string out, err;
};

#ifdef REFERENCE_COURSE
/// The reference course (tests/courses/course.yaml), loaded once.
inline const grader::Course& loadedReferenceCourse() {
    static const grader::Course course = [] {
        auto loaded = grader::loadCourse(REFERENCE_COURSE);
        if (!loaded.ok()) throw std::runtime_error("the reference course does not load: " + loaded.error().format());
        return *loaded;
    }();
    return course;
}
#endif

/// A fresh folder under the system's temporary folder, removed with its contents.
struct TempFolder {
    std::filesystem::path path;
    explicit TempFolder(const std::string& name) {
        std::string pattern = (std::filesystem::temp_directory_path() / ("grader-test-" + name + "-XXXXXX")).string();
        path = mkdtemp(pattern.data());
        // Open to others: the sandbox runs student code as a throwaway uid that must reach the build cache in here.
        std::filesystem::permissions(path, std::filesystem::perms::others_read | std::filesystem::perms::others_exec,
                                     std::filesystem::perm_options::add);
    }
    ~TempFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
};

/// A check's result as a reporter receives it.
inline grader::CheckResult checkResult(const char* name, grader::Status status, std::string message, int points, int maxPoints) {
    grader::CheckResult r;
    r.name = name;
    r.status = status;
    r.message = std::move(message);
    r.points = points;
    r.maxPoints = maxPoints;
    return r;
}

/// `result` with the findings its check gave.
inline grader::CheckResult withFindings(grader::CheckResult result, std::vector<grader::Finding> findings) {
    result.findings = std::move(findings);
    return result;
}

/// `result` with one finding: `code`, the first line of its message, at no place.
inline grader::CheckResult coded(grader::CheckResult result, const char* code) {
    result.findings.push_back({code, result.message.substr(0, result.message.find('\n')), {}, {}, ""});
    return result;
}

/// Writes `text` to `path`, creating its folders.
inline void writeText(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

/// A finished run whose C is the right product for `request` (lesson 1), but
/// element `spoiled` off by one when it is not negative: what a fake child records.
inline grader::RunRecord fakeMatmulRun(const grader::RunRequest& request, int spoiled = -1) {
    grader::RunRecord r;
    r.process.started = true;
    r.process.exitCode = 0;
    r.complete = r.started = true;
    const auto A = course_inputs::makeMatrix(request.seed, 0, request.n), B = course_inputs::makeMatrix(request.seed, 1, request.n);
    grader::MatmulCase product;
    product.lesson = 1;
    product.n = request.n;
    product.A = &A;
    product.B = &B;
    std::vector<float> C = grader::referenceProduct(product);
    if (spoiled >= 0) C[size_t(spoiled)] += 1;
    r.outputs["C"] = C;
    return r;
}

/// The whole file, or "" when unreadable.
inline std::string readText(const std::filesystem::path& path) {
    std::string text;
    return grader::readFile(path, text) ? text : "";
}
