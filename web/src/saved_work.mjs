// The student's work kept in this browser (localStorage), one file per
// lesson, and the page's last lesson and language; and the Download of the
// edited file under the starter's name.
// Non-goals: syncing between browsers or devices; history (the editor's undo has it).

const PREFIX = 'cuda-course:';

/// localStorage, or null where the browser refuses it (storage disabled, some private modes).
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/// The saved text of lesson `number`'s file, or null when none is saved.
export function loadWork(number) {
  return storage()?.getItem(`${PREFIX}lesson${number}:file`) ?? null;
}

/// Saves lesson `number`'s file; false when the browser refused (full or disabled).
export function saveWork(number, text) {
  try { storage()?.setItem(`${PREFIX}lesson${number}:file`, text); return !!storage(); } catch { return false; }
}

/// A remembered page setting ('lesson', 'lang'), or `fallback`.
export function loadSetting(name, fallback) {
  return storage()?.getItem(PREFIX + name) ?? fallback;
}

/// Remembers a page setting.
export function saveSetting(name, value) {
  try { storage()?.setItem(PREFIX + name, String(value)); } catch { /* a setting not kept is harmless */ }
}

/// Offers `text` as a download named `fileName`.
export function downloadText(fileName, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/// Lesson `number`'s kept data named `name` ('quiz': the quiz panel's answers and tries), parsed; {} when none.
export function loadLessonData(number, name) {
  try { return JSON.parse(storage()?.getItem(`${PREFIX}lesson${number}:${name}`) ?? '{}'); } catch { return {}; }
}

/// Keeps `value` (as JSON) as lesson `number`'s data named `name`; false when the browser refused.
export function saveLessonData(number, name, value) {
  try { storage()?.setItem(`${PREFIX}lesson${number}:${name}`, JSON.stringify(value)); return !!storage(); } catch { return false; }
}
