// Writes what the page's parse (src/parse.mjs) reads, under build/assets/:
// frontend.json (path -> text) with the native front end's runtime files
// as the native build lays them out in runtime/frontend (clang's builtin
// headers, here clang 22's from @yowasp/clang, filtered as
// grader/frontend/CMakeLists.txt filters clang 14's; the wrappers and
// cuemu_frontend.h, copied from the native grader's runtime folder), and
// this machine's C and C++ libraries as the native front end finds them
// (--gcc-toolchain=/usr): libstdc++'s headers of the newest GCC, glibc's
// (dpkg's list of the package that holds stdio.h) and every header their
// #include lines name; then frontend.pch, the prelude precompiled by the
// page's clang with the parse's own arguments.
// Usage: node spike/build_frontend.mjs   (GRADER: the native grader, default build-kit/grader/grader)
// Non-goals: compressing (the server does); another distribution than Debian's layout.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runClang } from '@yowasp/clang';
import { treeOf } from '../src/file_tree.mjs';
import { FRONTEND, HOST, HOST_TRIPLE as TRIPLE, PCH_MAIN, frontEndTree, pchArguments } from '../src/parse.mjs';

const root = new URL('../../', import.meta.url).pathname;
const build = new URL('./build/', import.meta.url).pathname;
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
/// clang's builtin headers the native build leaves out (grader/frontend/CMakeLists.txt: other targets' intrinsics, and
/// the wrappers of <algorithm> and <complex>); it takes *.h and cuda_wrappers' files, not their subfolders.
const LEFT_OUT = /^(arm_|riscv_|altivec|htm|s390|vecintrin|msa|hexagon|hvx|wasm_|__wasm|ppc|opencl)|^cuda_wrappers\/(algorithm|complex)$/;

/// The files of `dir` and its subfolders.
const filesUnder = (dir) => readdirSync(dir, { recursive: true }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());

/// The newest GCC version clang would pick in /usr/lib/gcc/TRIPLE (the one with libstdc++'s headers).
function gccVersion() {
  const versions = readdirSync(`/usr/lib/gcc/${TRIPLE}`).filter((v) => existsSync(`/usr/include/c++/${v}`));
  if (!versions.length) throw new Error(`no GCC with libstdc++ headers in /usr/lib/gcc/${TRIPLE}`);
  return versions.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0];
}

/// This machine's headers the native front end reads: libstdc++'s, glibc's, and every header their #include lines name
/// (whatever the conditions around them), found in clang's search folders or beside the including file.
function hostHeaders(version) {
  const glibc = execFileSync('dpkg', ['-S', '/usr/include/stdio.h'], { encoding: 'utf8' }).split(':')[0];
  const listed = execFileSync('dpkg', ['-L', glibc], { encoding: 'utf8' }).split('\n')
    .filter((f) => f.startsWith('/usr/include/') && existsSync(f) && statSync(f).isFile());
  const search = [`/usr/include/c++/${version}`, `/usr/include/${TRIPLE}/c++/${version}`, `/usr/include/c++/${version}/backward`,
                  `/usr/include/${TRIPLE}`, '/usr/include'];
  const found = new Set();
  const todo = [...listed, ...filesUnder(search[0]), ...filesUnder(search[1])];
  while (todo.length) {
    const file = todo.pop();
    if (found.has(file)) continue;
    found.add(file);
    for (const [, name] of readFileSync(file, 'latin1').matchAll(/^\s*#\s*include(?:_next)?\s*[<"]([^>"]+)[>"]/gm))
      for (const dir of [dirname(file), ...search])
        if (existsSync(join(dir, name)) && statSync(join(dir, name)).isFile()) todo.push(join(dir, name));
  }
  return [...found];
}

/// clang 22's builtin headers from @yowasp/clang's resources (include/: its own files, beside wasi-libc's and libc++'s
/// folders), as the native build takes clang 14's: relative path -> bytes.
function builtinHeaders() {
  const tar = readFileSync(new URL('../node_modules/@yowasp/clang/gen/llvm-resources.tar', import.meta.url));
  const field = (at, length) => new TextDecoder().decode(tar.subarray(at, at + length)).replace(/\0.*$/s, '');
  const headers = {};
  for (let at = 0; at + 512 <= tar.length && field(at, 100);) {
    const name = [field(at + 345, 155), field(at + 0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(at + 124, 12).trim() || '0', 8);
    const path = /^include\/(.*)$/.exec(name)?.[1];
    if ('0\0'.includes(String.fromCharCode(tar[at + 156])) && path && /^([^/]+\.h|cuda_wrappers\/[^/]+)$/.test(path) && !LEFT_OUT.test(path))
      headers[path] = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return headers;
}

/// `bytes` as text, which must be UTF-8 (JSON carries text).
function text(path, bytes) {
  const decoded = new TextDecoder().decode(bytes);
  if (Buffer.compare(Buffer.from(decoded), Buffer.from(bytes))) throw new Error(`${path} is not UTF-8`);
  return decoded;
}

const version = gccVersion();
const flat = { [PCH_MAIN.slice(1)]: '', [`${HOST.slice(1)}/usr/lib/gcc/${TRIPLE}/${version}/crtbegin.o`]: '' };  // clang's sign of a GCC
for (const file of hostHeaders(version)) flat[HOST.slice(1) + file] = text(file, readFileSync(file));
for (const [path, bytes] of Object.entries(builtinHeaders())) flat[`${FRONTEND.slice(1)}/clang/include/${path}`] = text(path, bytes);
const wrappers = join(dirname(grader), 'runtime/frontend/include');
for (const file of filesUnder(wrappers)) flat[`${FRONTEND.slice(1)}/include/${file.slice(wrappers.length + 1)}`] = text(file, readFileSync(file));
writeFileSync(build + 'assets/frontend.json', JSON.stringify(flat));

const headers = treeOf(JSON.parse(readFileSync(build + 'assets/headers.json', 'utf8')));
let log = '';
const sink = (bytes) => { if (bytes) log += new TextDecoder().decode(bytes); };
const made = await runClang(pchArguments('frontend.pch'), { ...headers, ...frontEndTree(flat) },
                            { stdout: sink, stderr: sink, fetchProgress: () => {}, decodeASCII: false })
  .catch((e) => { console.error(log + e.message); process.exit(1); });
writeFileSync(build + 'assets/frontend.pch', made['frontend.pch']);
const bytes = Object.values(flat).reduce((n, t) => n + Buffer.byteLength(t), 0);
console.log(`frontend: ${Object.keys(flat).length} files (${bytes} B, GCC ${version}), frontend.pch ${made['frontend.pch'].length} B`);
