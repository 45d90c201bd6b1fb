// The course page's script: a lesson chooser (1-4), the lesson's text in
// English or Russian (rendered at build time), a CodeMirror 6 editor holding
// the student's file (the starter, or the work this browser kept), Check
// (checker.mjs: the Check Worker under the kit's time limits; it shows the
// grader's report as `grader check` prints it, then each run the judge asked
// for with its exit status and the text lines of its record), Download and
// Starter. The report's findings that name a line are marked there in the
// editor and listed below it as "line N" buttons (finding_marks.mjs); the
// marks follow later edits and go when a Check starts or the lesson changes.
// The lesson's quiz is quiz_panel.mjs's; Check gives its answers to the quiz check.
// The tile-map trainer of lessons 2 and 3 is trainer_panel.mjs's: Check gives its
// kept answers to the trainer check, and has the Worker draw the file's tile
// map after its report (`judge tilemap`) for the trainer page's second panel.
// Non-goals: the gpu backend's checks (no CUDA device in a browser); the
// options of `grader check` other than the file and the lesson.
import { basicSetup, EditorView } from 'codemirror';
import { ChangeSet, EditorState } from '@codemirror/state';
import { cpp } from '@codemirror/lang-cpp';
import { createChecker } from './checker.mjs';
import { diagnosticsOf, listFindings, mark, markExtensions, placedFindings } from './finding_marks.mjs';
import { createQuizPanel } from './quiz_panel.mjs';
import { createTrainerPanel } from './trainer_panel.mjs';
import { downloadText, loadSetting, loadWork, saveSetting, saveWork } from './saved_work.mjs';

const config = JSON.parse(document.getElementById('page-config').textContent);
const $ = (id) => document.getElementById(id);
const output = $('output'), button = $('check'), chooser = $('lesson'), note = $('note'), findings = $('findings');
const checker = createChecker(config);
const assetsUrl = new URL('assets/', location.href).href;
const quizPanel = createQuizPanel($('quiz'), { assetsUrl });
const trainerPanel = createTrainerPanel($('trainer'), { lessons: config.lessons, assetsUrl });
const states = new Map();  // lesson number -> its EditorState (kept while the page is open: undo survives a lesson switch)
let lesson = null, lang = 'en', saveTimer = null;
let sinceCheck = null;  // the edits made since the running Check took the file (null: none running, or the lesson changed since)

const lessonOf = (number) => config.lessons.find((l) => l.number === number) ?? config.lessons[0];

/// Saves the shown lesson's file now (and reports a browser that refused).
function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = null;
  if (lesson && !saveWork(lesson.number, editor.state.doc.toString())) note.textContent = 'This browser does not keep your work: use Download.';
}

const saveOnEdit = EditorView.updateListener.of((update) => {
  if (!update.docChanged) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 300);
  if (sinceCheck) sinceCheck = sinceCheck.compose(update.changes);
});

/// The editor state of lesson `l`: its kept work, else its starter; `restored` when it is the kept work, read now.
function stateOf(l) {
  if (states.has(l.number)) return { state: states.get(l.number), restored: false };
  const kept = loadWork(l.number);
  states.set(l.number, EditorState.create({ doc: kept ?? l.starter, extensions: [basicSetup, cpp(), markExtensions, saveOnEdit] }));
  return { state: states.get(l.number), restored: kept !== null && kept !== l.starter };
}

const editor = new EditorView({ parent: $('editor') });

/// Marks the findings of `report` (`grader check --json`'s object of the file `doc`) in the editor and lists them.
function showMarks(report, doc) {
  const diagnostics = diagnosticsOf(placedFindings(report), doc, sinceCheck);
  mark(editor, diagnostics);
  listFindings(findings, editor, diagnostics);
}

/// Takes the findings' marks and list away.
function clearMarks() {
  mark(editor, []);
  listFindings(findings, editor, []);
}

/// Shows lesson `number` in language `language` (the text, the file, the title).
function show(number, language) {
  if (lesson) saveNow();
  const next = lessonOf(number);
  lang = language === 'ru' ? 'ru' : 'en';
  if (next !== lesson) {
    if (lesson) { clearMarks(); states.set(lesson.number, editor.state); }
    sinceCheck = null;  // a running Check's file is no longer shown: its findings are not marked
    lesson = next;
    const { state, restored } = stateOf(lesson);
    editor.setState(state);
    output.dataset.state = 'idle';
    output.textContent = '';
    delete output.dataset.verdict;
    note.textContent = restored ? 'Your work from this browser was restored (Starter puts the starter back).' : '';
  }
  const text = $('text');
  text.innerHTML = lesson.text[lang];
  text.lang = lang;
  text.scrollTop = 0;
  chooser.value = String(lesson.number);
  $('file-name').textContent = lesson.fileName;
  quizPanel.show(lesson, lang);
  trainerPanel.show(lesson, lang);
  document.title = `Lesson ${lesson.number}: ${lesson.title}`;
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === lang));
  saveSetting('lesson', lesson.number);
  saveSetting('lang', lang);
  const hash = `#lesson=${lesson.number}&lang=${lang}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/// The lesson and language a #lesson=N&lang=xx address names, else the remembered ones.
function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  return [Number(params.get('lesson') ?? loadSetting('lesson', config.lessons[0].number)), params.get('lang') ?? loadSetting('lang', 'en')];
}

/// A run's name in messages, from its argv (MODE N PHASE SEED EXTRA...) and env: "n=64", "n=32 phase 1" (lesson 2),
/// "gflops n=16 16 1291 ...", "timing n=64 10"; " (warps reversed)" for the barriers check's other thread order,
/// " (tile map)" for a run recording the tile map.
function runName(argv, number, env = []) {
  const [mode, n, phase, , ...extra] = argv;
  const name = mode === 'matmul' ? `n=${n}${number === 2 ? ` phase ${phase}` : ''}` : `${mode} n=${n}${extra.length ? ' ' + extra.join(' ') : ''}`;
  return name + (env.some((e) => e.startsWith('CUEMU_THREAD_ORDER=')) ? ' (warps reversed)' : '') +
    (env.some((e) => e.startsWith('CUEMU_TILEMAP=')) ? ' (tile map)' : '');
}

/// The text lines of a run record (the output arrays are binary and left out).
function recordText(bytes) {
  const lines = new TextDecoder('latin1').decode(bytes).split('\n');
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('output ')) { kept.push(lines[i] + ' (values not shown)'); i++; continue; }
    if (lines[i]) kept.push(lines[i]);
  }
  return kept.join('\n');
}

/// Shows a Check's end; `checked`: the lesson whose file it checked, named when another lesson is shown by now.
function finish(state, text, checked = lesson) {
  sinceCheck = null;
  output.dataset.state = state;
  output.textContent = (checked === lesson ? '' : `(the Check of lesson ${checked.number}'s file)\n`) + text;
  button.disabled = chooser.disabled = false;
}

/// The grader's report as `grader check` prints it (data-verdict: pass, fail or error), then the runs stopped at their
/// limit, the stage times and each run's status and record; its findings marked in the editor where the checked file
/// is still shown.
function showReport(data, checked, doc) {
  if (sinceCheck) showMarks(data.report.json, doc);
  const times = Object.entries(data.ms).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ');
  const runs = data.records.map((r) => `== ${runName(r.argv, checked.number, r.env)}: ${r.timedOut ? 'stopped at its time limit' : `exit status ${r.status}`}\n${r.output}${recordText(r.record)}`);
  const stopped = data.stopped.map((s) => s.run === null
    ? `Building the file did not finish within ${s.limitS} s: it was stopped, and the report gives the compile check the time-out.\n`
    : `The run at ${runName(s.argv, checked.number)} did not finish within ${s.limitS} s: it was stopped, and the report gives its check the time-out.\n`);
  output.dataset.verdict = data.report.status === 0 ? 'pass' : data.report.status === 1 ? 'fail' : 'error';
  finish('done', `${data.report.text || data.report.log}\n${stopped.join('')}${times}\n\n${runs.join('\n\n')}`, checked);
}

/// Check: refuses a file over the size limit before compiling, else builds, runs and judges it in the Worker.
async function check() {
  clearMarks();
  const doc = editor.state.doc, source = doc.toString();
  const bytes = new TextEncoder().encode(source).length;
  if (bytes > config.maxSourceBytes) {
    finish('error', `error: ${lesson.fileName} is ${bytes} bytes, more than the ${config.maxSourceBytes} bytes (1 MB) a Check takes; it was not compiled. Remove what the lesson does not need.`);
    return;
  }
  const checked = lesson;
  if (trainerPanel.drawsTilemap(checked)) trainerPanel.tilemapRunning(checked);
  sinceCheck = ChangeSet.empty(source.length);
  button.disabled = chooser.disabled = true;
  output.dataset.state = 'running';
  delete output.dataset.verdict;
  output.textContent = 'Checking: building the file…';
  const result = await checker.check({ source, fileName: checked.fileName, lesson: checked.id, assets: assetsUrl,
                                       quiz: quizPanel.judgeInput(checked), trainer: trainerPanel.judgeInput(checked),
                                       tilemap: trainerPanel.drawsTilemap(checked) },
                                     (i, argv, env) => { output.textContent = `Checking: run ${i + 1} (${runName(argv, checked.number, env)})…`; });
  if (trainerPanel.drawsTilemap(checked)) trainerPanel.tilemapDone(checked, tilemapOf(result, checked));
  if (result.kind === 'timeout') {  // the build overran, and so did the fresh Worker that was to judge it: no report
    finish('timeout', `error: Building the file did not finish within ${result.limitS} s and was stopped; the Check has no report.\nThe Check was restarted: click Check again.`, checked);
    return;
  }
  if (result.kind === 'error') {  // the Worker failed (a failed build is the judge's: its report says so)
    finish('error', `error (${result.stage}):\n${result.log}`, checked);
    return;
  }
  showReport(result, checked, doc);
}

/// The tile map of a Check's result for the trainer panel: the Worker's (judge tilemap's), why it was not drawn, or
/// null where the Check drew none.
function tilemapOf(result, checked) {
  const t = result.tilemap;
  if (!t || t.status !== null) return t ?? null;
  return { status: null, error: `not drawn: the Check's run at ${runName(t.stoppedArgv, checked.number)} was stopped at its time limit, and the tile map's runs would not finish either.` };
}

chooser.innerHTML = config.lessons.map((l) => `<option value="${l.number}">Lesson ${l.number}: ${l.title}</option>`).join('');
chooser.addEventListener('change', () => show(Number(chooser.value), lang));
for (const b of document.querySelectorAll('[data-lang]')) b.addEventListener('click', () => show(lesson.number, b.dataset.lang));
window.addEventListener('hashchange', () => show(...fromAddress()));
window.addEventListener('pagehide', saveNow);
button.addEventListener('click', check);
$('download').addEventListener('click', () => downloadText(lesson.fileName, editor.state.doc.toString()));
$('starter').addEventListener('click', () => {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: lesson.starter } });
  note.textContent = 'The starter is back (Ctrl-Z brings your work back).';
});
show(...fromAddress());
document.body.dataset.ready = 'true';
