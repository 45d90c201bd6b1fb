// judge.wasm and the course (course.json) for the page's own thread: the
// Quiz panel's "Check answers" and the trainer's "Download trainer progress"
// run the judge there; fetched and compiled once per page.
// Non-goal: Check's judging (the Worker has its own copy, check_worker.mjs).

const loaded = new Map();  // assets URL -> promise of {judgeModule, courseJson}

/// judge.wasm compiled and course.json's text, from the assets folder at `assetsUrl`.
export function pageJudge(assetsUrl) {
  if (!loaded.has(assetsUrl)) loaded.set(assetsUrl, (async () => ({
    judgeModule: await WebAssembly.compile(await (await fetch(new URL('judge.wasm', assetsUrl))).arrayBuffer()),
    courseJson: await (await fetch(new URL('course.json', assetsUrl))).text(),
  }))());
  return loaded.get(assetsUrl);
}
