// Where a SARIF log places the student's file, for the SARIF reporter
// (reporter.h): relative to the kit's folder, which code scanning takes for
// the repository's root when the kit is the repository.
// Non-goal: version-control details (a commit, a repository's address).
#pragma once

#include <filesystem>
#include <string>

namespace grader {

/// A SARIF artifactLocation: `uri` relative to the base `uriBaseId` names, or an absolute
/// "file://" URI when `uriBaseId` is empty.
struct SarifArtifact {
    std::string uri;
    std::string uriBaseId;
};

/// `file` relative to the nearest folder at or above it that holds course.yaml (the kit's
/// root: %SRCROOT%), percent-encoded with "/" between names; outside a kit, its absolute file URI.
SarifArtifact sarifArtifactOf(const std::filesystem::path& file);

}  // namespace grader
