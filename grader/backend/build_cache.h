// A content-addressed cache of built children: the same source, lesson,
// flags and runtime build give the same folder, so re-checking an unchanged
// file does not recompile it. Entries are published by an atomic rename.
// Non-goal: eviction; the cache lives in the build folder and is disposable.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "backend/backend.h"

namespace grader {

/// Looks up a finished build under `key`.
std::optional<BuildResult> loadCachedBuild(const std::string& key);
/// A fresh private folder to build in before publishing.
std::filesystem::path newBuildFolder(const std::string& key);
/// Publishes a build made in `folder` under `key`; returns it with final paths.
BuildResult publishBuild(const std::string& key, const std::filesystem::path& folder, BuildResult result);

}  // namespace grader
