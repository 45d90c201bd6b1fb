// Builds judge.wasm: the grader's own judging half (record parsing, checks,
// the text and JSON reporters) compiled for wasm32-wasip1 with @yowasp/clang,
// plus the browser's Backend and entry points (web/judge/*.cpp). Objects are
// kept in web/judge/build/obj and rebuilt when their source, the flags or
// any header of the tree changed.
// Usage: node judge/build_judge.mjs [UNIT...]   (units: paths as listed below; all when none)
// Non-goals: yaml-cpp (course.yaml comes as JSON from `grader list --json`,
// the sealed quiz from `grader quiz LESSON --sealed-json`, the trainer's
// progress from the page as JSON), Nettle (the hashing and encryption are
// imports, browser_crypto.cpp), the compile and run steps (compile_child.mjs,
// run_child.mjs).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadTree, run } from '../spike/toolchain.mjs';

const root = new URL('../../', import.meta.url).pathname;
const here = new URL('./', import.meta.url).pathname;
const objDir = here + 'build/obj/';
mkdirSync(objDir, { recursive: true });

/// The grader's sources the judge is made of (paths under grader/), then the browser's own (under web/judge/).
export const GRADER_UNITS = [
  'core/error.cpp', 'core/escape.cpp', 'core/text_wrap.cpp', 'core/spelling.cpp', 'core/language.cpp', 'core/course.cpp',
  'core/toolchain.cpp', 'core/process.cpp', 'core/crypto_bytes.cpp',
  'backend/run_record.cpp', 'backend/compiler_output.cpp', 'backend/cuda_names.cpp', 'backend/student_source.cpp',
  'backend/array_index.cpp',
  'checks/check_table.cpp', 'checks/check_params.cpp', 'checks/grade.cpp', 'checks/finding.cpp', 'checks/diagnosis_codes.cpp',
  'checks/matrix_diagnosis.cpp', 'checks/reference_product.cpp', 'checks/correctness.cpp', 'checks/barriers.cpp',
  'checks/source_scan.cpp', 'checks/traffic.cpp', 'checks/timing.cpp', 'checks/speedup.cpp', 'checks/sanitizer_barriers.cpp',
  'checks/sanitizer_report.cpp',
  'report/console_reporter.cpp', 'report/json_reporter.cpp', 'report/findings.cpp',
  'tilemap/tilemap.cpp', 'checks/tilemap_run.cpp',
  'trainer/exercises.cpp', 'trainer/answer_check.cpp', 'trainer/progress.cpp', 'trainer/progress_json.cpp', 'checks/trainer_result.cpp',
  'quiz/quiz.cpp', 'quiz/normal_form.cpp', 'quiz/sealed.cpp', 'quiz/answers.cpp', 'quiz/tries.cpp', 'quiz/blank_answers.cpp',
  'quiz/quiz_text.cpp', 'quiz/quiz_json.cpp', 'checks/quiz_result.cpp',
];
export const JUDGE_UNITS = ['browser_backend.cpp', 'course_json.cpp', 'browser_trainer.cpp', 'browser_tilemap.cpp', 'browser_quiz.cpp',
  'browser_crypto.cpp', 'judge_main.cpp'];
/// What judge.wasm imports from the page (judge.mjs, judge_crypto.mjs).
const IMPORTS = ['grader_run_child', 'grader_sha256', 'grader_hmac_sha256', 'grader_pbkdf2_sha256', 'grader_aes_gcm_seal', 'grader_aes_gcm_open'];

const generated = process.env.GRADER_GENERATED || root + 'build-kit/grader/generated';
const tree = {
  grader: loadTree(root + 'grader', (n) => /\.(h|hpp|cpp|inc|txt)$/.test(n)),
  judge: loadTree(here, (n) => /\.(h|cpp)$/.test(n)),
  gen: { core: { 'build_config.h': readFileSync(generated + '/core/build_config.h') },
         'cuda_names_data.cpp': readFileSync(generated + '/cuda_names_data.cpp') },
  inc: { nlohmann: loadTree('/usr/include/nlohmann') },
};
const flags = ['--target=wasm32-wasip1', '-std=c++20', '-O2', '-fno-exceptions', '-DGRADER_BROWSER_JUDGE', '-Igrader', '-Igen', '-Iinc', '-Ijudge',
  '-DJSON_NOEXCEPTION', '-D_WASI_EMULATED_SIGNAL', '-Wno-deprecated-declarations'];
/// The hash of every header in `t` (a yowasp Tree), for the objects' stamps.
const headersHash = (t, h = createHash('sha256'), path = '') => {
  for (const [name, v] of Object.entries(t)) {
    if (v instanceof Uint8Array || typeof v === 'string') { if (!name.endsWith('.cpp')) h.update(path + name).update(v); }
    else headersHash(v, h, path + name + '/');
  }
  return h;
};
const headers = headersHash(tree).digest('hex');
/// A unit's stamp: the flags, the headers and its own text.
const unitStamp = (unit) => createHash('sha256').update(JSON.stringify(flags)).update(headers)
  .update(unit.split('/').reduce((t, p) => t[p], tree)).digest('hex').slice(0, 16);

const units = [...GRADER_UNITS.map((u) => 'grader/' + u), 'gen/cuda_names_data.cpp', ...JUDGE_UNITS.map((u) => 'judge/' + u)];
const wanted = process.argv.slice(2);
let failed = 0, total = 0;
const objects = {};
for (const unit of units) {
  const name = unit.replace(/[/.]/g, '_') + '.o';
  const stampFile = objDir + name + '.stamp';
  const stamp = unitStamp(unit);
  const fresh = existsSync(objDir + name) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (!fresh || wanted.some((w) => unit.endsWith(w))) {
    const r = await run('clang++', [...flags, '-c', unit, '-o', name], tree);
    total += r.ms;
    if (!r.ok) { failed++; console.error(`== ${unit}\n${r.log}`); continue; }
    writeFileSync(objDir + name, r.files[name]);
    writeFileSync(stampFile, stamp);
    console.log(`${unit} ${(r.ms / 1000).toFixed(1)} s`);
  }
  objects[name] = readFileSync(objDir + name);
}
if (failed) { console.error(`${failed} units failed`); process.exit(1); }
const ld = await run('clang++', ['--target=wasm32-wasip1', '-O2', ...Object.keys(objects), '-Wl,--export=malloc', '-Wl,--export=free',
  '-Wl,--allow-undefined-file=judge.imports', '-o', 'judge.wasm'], { ...objects, 'judge.imports': IMPORTS.join('\n') + '\n' });
if (!ld.ok) { console.error(ld.log); process.exit(1); }
writeFileSync(here + 'build/judge.wasm', ld.files['judge.wasm']);
console.log(`judge.wasm ${ld.files['judge.wasm'].length} B; compiled in ${(total / 1000).toFixed(1)} s`);
