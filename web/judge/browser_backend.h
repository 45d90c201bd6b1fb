// The Backend of the browser's judge: the page's Worker has already built the
// child (rewrite, clang for wasm, wasm-ld, Asyncify); build() hands back that
// outcome as the grader's BuildResult, and run() asks the Worker, through the
// wasm import grader_run_child, to run the child once with the argv the
// native cpu backend gives its child, and parses the record it returns.
// Checks and reports then run unchanged (checks/grade.cpp).
// Non-goals: compiling (the Worker does), time limits (the Worker's owner
// terminates a Worker that overruns). The child's pcs are access sites, not
// code addresses (wasm has none): the build's table of sites places them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"

namespace grader {

/// What the Worker's build of the student's file ended with.
struct BrowserBuild {
    bool ok = false;
    std::string stage;        ///< where it stopped: parse, rewrite, compile, link, nm, asyncify ("" when ok)
    std::string log;          ///< the tool's messages
    std::string unsupported;  ///< the browser front end's refusal, "WHAT (not supported in the browser)"
    int unsupportedLine = 0;
    std::string rewritten;    ///< the rewritten source clang compiled, "#line 1" directive first (index faults are named from it)
    std::vector<SourceLocation> sites;  ///< the hooks' call sites (web/src/access_sites.mjs): the child's pc k is sites[k - 1]
};

/// The Worker's build from its JSON (/in/build.json: {ok, stage, log, unsupported, unsupported_line, rewritten,
/// sites: [[FILE, LINE], ...]});
/// nullopt when it is not that form.
std::optional<BrowserBuild> browserBuildFromJson(const std::string& text);

/// The grader's BuildResult for the Worker's build of `displayName` for `lesson`, judged as the cpu backend judges its own.
BuildResult browserBuildResult(const BrowserBuild& built, const Lesson& lesson, const std::string& displayName);

/// The backend whose build() is `built`'s and whose runs go to the Worker; `browser`'s rewritten source names indexed
/// arrays and its sites place the runs' pcs.
std::unique_ptr<Backend> makeBrowserBackend(BuildResult built, const BrowserBuild& browser);

}  // namespace grader
