// The lesson page's script: a CodeMirror 6 editor holding the student's
// file, and a Check button that builds and runs it in the Check Worker
// (check_worker.mjs) under a time limit, showing the grader's report (as
// `grader check` prints it), then each run's status and the text lines of
// its run record.
// Non-goals (not yet): other lessons than the one the page was built for; Download.
import { basicSetup, EditorView } from 'codemirror';
import { cpp } from '@codemirror/lang-cpp';

/// A Check that runs longer is stopped: the native backend's compile limit (cpu_backend.cpp).
const CHECK_LIMIT_MS = 120_000;
const config = JSON.parse(document.getElementById('page-config').textContent);
const output = document.getElementById('output');
const button = document.getElementById('check');
const editor = new EditorView({ doc: config.starter, extensions: [basicSetup, cpp()], parent: document.getElementById('editor') });

let worker = null;
/// The Worker, started once and kept (its compiled toolchain makes later Checks fast); resolves when its modules loaded.
function startWorker() {
  const w = new Worker('check_worker.js', { type: 'module' });
  const ready = new Promise((resolve) => { w.onmessage = resolve; });
  return { w, ready };
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

function show(state, text) {
  output.dataset.state = state;
  output.textContent = text;
  button.disabled = false;
}

/// The grader's report as `grader check` prints it, then the stage times and each run's status and record.
function showReport(data) {
  const times = Object.entries(data.ms).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ');
  const runs = Object.entries(data.records).map(([n, r]) => `== n=${n}: exit status ${r.status}\n${r.output}${recordText(r.record)}`);
  output.dataset.verdict = data.report.status === 0 ? 'pass' : data.report.status === 1 ? 'fail' : 'error';
  show('done', `${data.report.text || data.report.log}\n${times}\n\n${runs.join('\n\n')}`);
}

async function check() {
  button.disabled = true;
  output.dataset.state = 'running';
  output.textContent = 'Checking…';
  worker ??= startWorker();
  await worker.ready;
  const current = worker;
  const timer = setTimeout(() => {
    current.w.terminate();
    worker = null;
    show('timeout', `error: the Check ran longer than ${CHECK_LIMIT_MS / 1000} s and was stopped`);
  }, CHECK_LIMIT_MS);
  current.w.onmessage = ({ data }) => {
    if (data.kind === 'progress') return;
    clearTimeout(timer);
    if (data.kind === 'error') {
      const why = data.unsupported ? data.unsupported.map((u) => `not supported: ${u.construct} at line ${u.line}`).join('\n') : data.log;
      show('error', `error (${data.stage}):\n${why}`);
      return;
    }
    showReport(data);
  };
  current.w.postMessage({ source: editor.state.doc.toString(), fileName: config.fileName, sizes: config.sizes, seed: config.seed,
                          assets: new URL('assets/', location.href).href });
}

button.addEventListener('click', check);
document.body.dataset.ready = 'true';
