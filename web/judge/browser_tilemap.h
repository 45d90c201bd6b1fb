// The tile map in the browser's judge: `judge tilemap LESSON DISPLAY_FILE`
// gives what `grader tilemap LESSON FILE --json` prints for the Worker's
// build of the student's file (block 0,0, every phase, n = 2 x TILE), with
// the grader's own code (checks/tilemap_run.h); each run it needs goes to
// the Worker, as Check's runs do (browser_backend.h).
// Non-goals: the options of the native verb (--block, --phase, --n, --svg),
// the text picture.
#pragma once

namespace grader {

/// `judge tilemap LESSON DISPLAY_FILE`:
///   in:  /in/course.json, /in/build.json (the Worker's build)
///   out: /out/tilemap.json (grader tilemap --json's line) or /out/tilemap_error.txt (what it prints on stderr:
///        "grader: FILE: does not compile: ..." or "... the run failed, so there is no map: ...")
/// Returns grader tilemap's exit status: 0 drawn, 1 the file does not compile or its run failed, 2 a lesson without
/// tiles; 3 when the inputs are not the page's.
int judgeTilemap(int argc, char** argv);

}  // namespace grader
