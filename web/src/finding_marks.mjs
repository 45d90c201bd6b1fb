// The grader's findings marked in the editor with CodeMirror's own lint
// (@codemirror/lint): each finding that names a line, of the checks
// grader/report/findings.h shows (failing, erroring, skipped), is an error
// there (a warning for a skipped check) with a gutter marker and an
// underline, each further place it names an info; hovering shows the check,
// the finding and its hint; lint maps the marks through later edits
// (basicSetup's keys: F8 goes to the next, Ctrl-Shift-M opens lint's list).
// Also the list below the editor, "line N" buttons that move the cursor.
// Non-goals: findings that name no line (findings.h puts them at 1:1; here
// only the report says them), the report text (unchanged).
import { EditorView } from 'codemirror';
import { lintGutter, setDiagnostics, forEachDiagnostic } from '@codemirror/lint';
import { MapMode } from '@codemirror/state';

const SEVERITY = { fail: 'error', error: 'error', skip: 'warning' };  // findings.h: the checks an editor shows

/// The editor extensions that draw the marks: the lint gutter (the underlines come with the diagnostics), and tooltips
/// kept narrow enough to stay beside the line they explain.
export const markExtensions = [lintGutter(), EditorView.baseTheme({ '.cm-tooltip-lint': { maxWidth: '40em' }, '.cm-finding-hint': { marginTop: '0.3em' } })];

/// The findings of `report` (`grader check --json`'s object) that name a line: [{check, severity, line, column, text, hint, related}].
export function placedFindings(report) {
  return (report?.checks ?? []).flatMap((c) => !SEVERITY[c.status] ? [] :
    (c.findings ?? []).filter((f) => f.line > 0).map((f) => ({ check: c.name, severity: SEVERITY[c.status], line: f.line, column: f.column ?? 1,
                                                               text: f.text, hint: f.hint ?? '', related: (f.related ?? []).filter((r) => r.line > 0) })));
}

/// The span from `line`:`column` to the line's end in `doc`, mapped through `edits` (the changes since the Check);
/// null where the line is past the file's end or an edit deleted across either end since.
function spanAt(doc, line, column, edits) {
  if (line > doc.lines) return null;
  const l = doc.line(line);
  const from = edits.mapPos(Math.min(l.from + column - 1, l.to), 1, MapMode.TrackDel), to = edits.mapPos(l.to, -1, MapMode.TrackDel);
  return from === null || to === null ? null : { from, to: Math.max(from, to) };
}

/// The tooltip of a finding: the check's name, what it found (less its hint), the hint on a line of its own.
function findingMessage(finding) {
  const root = document.createElement('div');
  const name = root.appendChild(document.createElement('strong'));
  name.textContent = finding.check;
  const said = finding.hint && finding.text.endsWith(finding.hint) ? finding.text.slice(0, -finding.hint.length).trimEnd() : finding.text;
  root.append(`: ${said}`);
  if (finding.hint && said !== finding.text) {
    const hint = root.appendChild(document.createElement('div'));
    hint.className = 'cm-finding-hint';
    hint.textContent = finding.hint;
  }
  return root;
}

/// The lint diagnostics of `findings` in `doc` (the checked file), mapped through `edits`: each finding, then its further
/// places as infos; each also holds its `finding` and its `line` in the checked file.
export function diagnosticsOf(findings, doc, edits) {
  const out = [];
  for (const f of findings) {
    const at = spanAt(doc, f.line, f.column, edits);
    if (at) out.push({ ...at, severity: f.severity, message: `${f.check}: ${f.text}`, renderMessage: () => findingMessage(f), finding: f, line: f.line });
    for (const r of f.related) {
      const there = spanAt(doc, r.line, r.column ?? 1, edits);
      if (there) out.push({ ...there, severity: 'info', message: `${f.check}: ${r.text} (the finding at line ${f.line})`, finding: f, line: r.line });
    }
  }
  return out;
}

/// Marks `diagnostics` in `view` (none: clears its marks).
export function mark(view, diagnostics) {
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

/// Moves `view`'s cursor to where `diagnostic` is now (lint maps it through edits), its line in the middle, and focuses the editor.
function jumpTo(view, diagnostic) {
  let at = null;
  forEachDiagnostic(view.state, (d, from) => { if (d === diagnostic && at === null) at = from; });
  at ??= Math.min(diagnostic.from, view.state.doc.length);
  view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
  view.focus();
}

/// A "line N" button (N: the line in the checked file, as the report says it) that jumps to `diagnostic`.
function lineButton(view, diagnostic) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'line-link';
  b.textContent = `line ${diagnostic.line}`;
  b.addEventListener('click', () => jumpTo(view, diagnostic));
  return b;
}

/// Fills `list` (a <ul>) with one item per marked finding, "line 19 (also line 24) — check: text", each "line N" a
/// button; hides an empty list.
export function listFindings(list, view, diagnostics) {
  list.replaceChildren();
  for (const d of diagnostics.filter((x) => x.severity !== 'info')) {
    const item = list.appendChild(document.createElement('li'));
    item.title = d.message;
    item.append(lineButton(view, d));
    const related = diagnostics.filter((x) => x.severity === 'info' && x.finding === d.finding);
    if (related.length) item.append(' (also ', ...related.flatMap((r, i) => [i ? ', ' : '', lineButton(view, r)]), ')');
    item.append(` \u2014 ${d.message}`);
  }
  list.hidden = list.childElementCount === 0;
}
