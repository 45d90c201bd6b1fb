// Access sites for the browser's child: WebAssembly has no return address,
// so the emulator's hooks (grader/emu/hooks.cpp) cannot locate an access as
// the native child does (a pc that the grader turns into a line with
// addr2line). The student's file is compiled to LLVM IR with line tables;
// before each call of a ThreadSanitizer hook this pass stores the call's
// site, 1 + its index in a table of {file, line} taken from the call's debug
// location, into the runtime's `cuemu_access_site`, which the hook reads as
// its pc. The judge maps a record's pcs back through the table
// (web/judge/browser_backend.cpp), so races, uninitialized reads and faults
// name the lines the native grader names, and hazards that differ by call
// site stay apart as they do natively.
// Non-goals: the runtime's and the harness's accesses (their pcs stay 0:
// "an unknown line"); columns and function names (the report prints neither).

/// The hooks whose calls get a site: every ThreadSanitizer entry point that takes an address (not the entry/exit and
/// init ones, which hooks.cpp makes no-ops).
const HOOK_CALL = /^(\s*)(?:%[\w.]+ = )?(?:tail |musttail |notail )?call [^@]*@__tsan_(?:(?:unaligned_|volatile_)?(?:read|write)\d+|read_range|write_range|memcpy|memmove|memset)\(.*?(?:, !dbg !(\d+))?$/;

/// The base name of a path.
const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);

/// The metadata nodes of `ll` (textual LLVM IR): number -> the node's text.
function metadataNodes(ll) {
  const nodes = new Map();
  for (const m of ll.matchAll(/^!(\d+) = (.*)$/gm)) nodes.set(m[1], m[2]);
  return nodes;
}

/// {file (base name), line} of the DILocation node `id`, or null when it is not one or names no file.
function locationOf(nodes, id) {
  const node = nodes.get(id);
  const line = /^(?:distinct )?!DILocation\(line: (\d+),.*?scope: !(\d+)/.exec(node ?? '');
  if (!line) return null;
  const fileId = /\bfile: !(\d+)/.exec(nodes.get(line[2]) ?? '')?.[1];
  const name = /^!DIFile\(filename: "((?:[^"\\]|\\.)*)"/.exec(nodes.get(fileId) ?? '')?.[1];
  return name === undefined ? null : { file: baseName(name), line: Number(line[1]) };
}

/// `ll` (the student's file as textual LLVM IR, compiled with -gline-tables-only after ThreadSanitizer's pass) with a
/// store of its site before each hook call, and the sites: {ll, sites: [{file, line}]} (site k + 1 is sites[k]). A call
/// without a debug location gets site 0 (unknown), as the runtime's own calls have.
export function locateAccessSites(ll) {
  const nodes = metadataNodes(ll);
  const sites = [];
  const out = [];
  for (const text of ll.split('\n')) {
    const call = HOOK_CALL.exec(text);
    if (call) {
      const at = call[2] ? locationOf(nodes, call[2]) : null;
      if (at) sites.push(at);
      out.push(`${call[1]}store i32 ${at ? sites.length : 0}, ptr @cuemu_access_site, align 4`);
    }
    out.push(text);
  }
  out.push('@cuemu_access_site = external global i32, align 4');
  return { ll: out.join('\n'), sites };
}
