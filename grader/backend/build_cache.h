// A content-addressed cache of built children: the same source, lesson,
// flags and runtime build give the same folder, so re-checking an unchanged
// file does not recompile it. Entries are published by an atomic rename.
// Non-goal: eviction; the cache lives in the build folder and is disposable.
#pragma once

#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"

namespace grader {

/// The content hash of a file, read once per process: the runtime and harness
/// files a build key names do not change while the grader runs ("" if unreadable).
std::string fileHash(const std::filesystem::path& path);
/// A cheap identity of a large build input (its size and modification time,
/// "" if missing): a rebuilt runtime library gets a new stamp without the
/// grader reading its bytes on every check.
std::string fileStamp(const std::filesystem::path& path);
/// The cache key of a build: `prefix` ("cpu-lesson3") and a hash of its inputs,
/// its command line and whether the sandbox is on (a sandboxed compile may see less).
std::string buildKey(const std::string& prefix, const std::string& inputs, const std::vector<std::string>& command);

/// `#line 1 "<displayName>"` and a newline, the name escaped as a C string, so
/// that compiler messages name the student's file whatever its path holds.
std::string lineDirective(const std::string& displayName);
/// A backend's build of the student's file: reads it (backend/student_source.h; "cannot read FILE" when it
/// cannot be read), builds its text with `compile`, names the result's source file, and explains a failed
/// build that breaks the lesson's contract (compiler_output.h). Its time counts as the lesson's compile time.
BuildResult buildStudentFile(const Lesson& lesson, const std::filesystem::path& source, const std::string& displayName,
                             const std::function<BuildResult(const std::string& text)>& compile);


/// The lock of the one build under `key` that the threads of this process
/// share (a lesson's harness): one thread builds it while the others asking
/// for that key wait; builds under other keys are not held up.
std::mutex& buildLock(const std::string& key);

/// Looks up a finished build under `key`; `artifact` names the file it made.
std::optional<BuildResult> loadCachedBuild(const std::string& key, const std::string& artifact = "child");
/// A fresh private folder to build in before publishing.
std::filesystem::path newBuildFolder(const std::string& key);
/// Publishes a build made in `folder` under `key`; returns it with final paths.
BuildResult publishBuild(const std::string& key, const std::filesystem::path& folder, BuildResult result,
                         const std::string& artifact = "child");

}  // namespace grader
