// The native front end's parse, in the browser: clang (the page's, for
// WebAssembly) parses the student's file with the arguments of
// grader/frontend's clangArguments (CUDA's host pass against the emulator's
// headers in CUDA's dress, with the cpu backend's -include of the contract
// and -DLESSON), on the same host target and C and C++ libraries (the
// build machine's libstdc++ and glibc headers, shipped in frontend.json),
// so a file the native front end refuses fails to compile here too, with
// the same errors, written as the cpu backend writes them
// (FrontEndReport::errorLog). The prelude (cuemu_frontend.h) comes
// precompiled (frontend.pch, spike/build_frontend.mjs).
// Non-goals: the rewrite (rewrite.mjs) and the constructs the native front
// end refuses after a clean parse; clang's version (22 here, the native
// front end's is Debian's 14).
import { treeOf } from './file_tree.mjs';

/// Where the front end's files lie in clang's file system (the tree frontEndTree makes, with headers.json's grader/ beside them).
export const HOST = '/host';          // the build machine's /usr/include (libstdc++, glibc) and its GCC folder
export const FRONTEND = '/frontend';  // as the runtime's frontend/: clang/include (builtin headers), include (wrappers, prelude)
/// The native front end's host, whose GCC folder (HOST/usr/lib/gcc/HOST_TRIPLE/V) clang looks for.
export const HOST_TRIPLE = 'x86_64-linux-gnu';
/// The empty main file the prelude's PCH was made with (clang looks for it when it reads the PCH).
export const PCH_MAIN = FRONTEND + '/pch_main.cu';
/// What the page's clang adds for the native front end's host: the target and C++ library Debian's clang assumes, and
/// where that host's /usr lies.
const HOST_TARGET = ['--target=x86_64-pc-linux-gnu', '-stdlib=libstdc++', `--sysroot=${HOST}`];
/// Diagnostics as plain lines: no caret lines, no [-Wflag] after a message (the native front end's messages have neither).
const PLAIN_DIAGNOSTICS = ['-fno-caret-diagnostics', '-fno-diagnostics-show-option', '-fno-color-diagnostics'];

/// The native front end's arguments (clangArguments in grader/frontend/cuda_front_end.cpp) with the browser's paths;
/// the prelude as `-include-pch pch` when given.
function frontEndArguments(pch) {
  return ['-x', 'cuda', '--cuda-host-only', '-nocudainc', '-nocudalib', `--cuda-path=${FRONTEND}`, `--gcc-toolchain=${HOST}/usr`,
    '-std=c++17', '-fsyntax-only', '-w', '-ferror-limit=20', '-fbracket-depth=100000',
    '-Xclang', '-fcuda-allow-variadic-functions', '-Xclang', '-fno-cuda-host-device-constexpr',
    '-resource-dir', `${FRONTEND}/clang`, '-isystem', `${FRONTEND}/include`, '-isystem', '/grader/emu/include',
    ...(pch ? ['-include-pch', pch] : ['-include', 'cuemu_frontend.h'])];
}

/// The page's clang arguments for the parse of a lesson's file (lesson: its number or course.yaml id): the front end's,
/// then the cpu backend's (cpu_backend.cpp: the contract and LESSON); the prelude from the PCH file `pch`.
export function parseArguments(lesson, pch) {
  return ['clang++', ...HOST_TARGET, ...PLAIN_DIAGNOSTICS, ...frontEndArguments(pch),
    '-include', '/grader/harness/contract.h', `-DLESSON=${String(lesson).replace(/^lesson/, '')}`];
}

/// The page's clang arguments that precompile the prelude into `out`, as parseArguments would read it.
export function pchArguments(out) {
  return ['clang++', ...HOST_TARGET, ...PLAIN_DIAGNOSTICS, ...frontEndArguments(null), '-Xclang', '-emit-pch', '-Xclang', '-o', '-Xclang', out, PCH_MAIN];
}

/// The clang file-system tree of frontend.json (path -> text), as bytes (made once: a run takes them as they are). The GCC
/// folder's include/ is the host's /usr/include too: clang names libstdc++'s folder GCC/../../../../include/c++/V and
/// the page's file system reads ".." as ".".
export function frontEndTree(flat) {
  const tree = treeOf(flat, (text) => new TextEncoder().encode(text));
  const host = tree[HOST.slice(1)];
  for (const version of Object.values(host.usr.lib.gcc[HOST_TRIPLE])) version.include = host.usr.include;
  return tree;
}

/// The errors of clang's output, one "file:line:col: error: message" line each, the first 20 (the native front end's
/// ErrorCollector keeps as many and formats them so; an error without a place has an empty file and line 0).
export function errorLog(output) {
  const errors = [];
  for (const line of output.split('\n')) {
    const m = /^(?:(.*?):(\d+):(\d+): )?(?:fatal )?error: (.*)$/.exec(line);
    if (m && errors.length < 20) errors.push(`${m[1] ?? ''}:${m[2] ?? 0}:${m[3] ?? 0}: error: ${m[4]}\n`);
  }
  return errors.join('');
}

/// The words of a command line as clang's -### prints it: each in double quotes, with \", \\ and \$ inside.
const quotedWords = (line) => [...line.matchAll(/ "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(["\\$])/g, '$1'));

const cc1ByArguments = new Map();  // the driver's arguments -> its cc1 commands

/// The cc1 commands clang's driver makes of `args` on `files`, asked once per argument list (its -### answer). runClang
/// would ask it on every run, and hand it the files decoded as text, which the cc1 run then encodes again (18 MB here).
async function cc1Commands(runLLVM, args, files) {
  const key = args.join('\0');
  if (!cc1ByArguments.has(key)) {
    let output = '';
    const sink = (bytes) => { if (bytes) output += new TextDecoder().decode(bytes); };
    await runLLVM([args[0], '-###', ...args.slice(1)], files, { stdout: sink, stderr: sink, fetchProgress: () => {}, decodeASCII: false })
      .catch((e) => { throw new Error(output + (e.message || String(e))); });
    const commands = output.split('\n').filter((l) => l.startsWith(' "')).map(quotedWords);
    cc1ByArguments.set(key, commands.map((words) => (words[0] === '' ? words.slice(1) : words)));
  }
  return cc1ByArguments.get(key);
}

/// Parses `source` (named `fileName`) as the native front end does. tools: {runLLVM}; assets: {headers (headers.json's
/// tree), frontend (frontEndTree's), frontendPch (bytes)}. Returns {ok, log (errorLog's lines; clang's whole output
/// when it failed without one)}.
export async function parse(tools, assets, source, fileName, lesson) {
  const name = fileName.split('/').at(-1);
  const files = { ...assets.headers, ...assets.frontend, 'frontend.pch': assets.frontendPch, [name]: source };
  let output = '';
  const sink = (bytes) => { if (bytes) output += new TextDecoder().decode(bytes); };
  try {
    for (const command of await cc1Commands(tools.runLLVM, [...parseArguments(lesson, 'frontend.pch'), name], files))
      await tools.runLLVM(command, files, { stdout: sink, stderr: sink, fetchProgress: () => {}, decodeASCII: false });
    return { ok: true, log: '' };
  } catch (e) {
    return { ok: false, log: errorLog(output) || output + (e.message || String(e)) };
  }
}
