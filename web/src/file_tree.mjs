// Files as the toolchain (@yowasp/clang) takes them: a tree of folders
// (objects) and files, from the flat {path: text} form the page's JSON
// assets have.
// Non-goal: fetching the assets (check_worker.mjs, spike/toolchain.mjs).

/// The tree of `flat` ({"a/b/c.h": text}), each file's text passed through `file` (kept as text by default).
export function treeOf(flat, file = (text) => text) {
  const tree = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('/').filter(Boolean);
    let dir = tree;
    for (const p of parts.slice(0, -1)) dir = dir[p] ??= {};
    dir[parts.at(-1)] = file(text);
  }
  return tree;
}
