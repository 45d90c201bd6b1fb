// The course page's Trainer panel, for each lesson with a trainer (lessons 2
// and 3): the tile-map trainer page `grader trainer LESSON --html` wrote at
// build time (dist/trainer/LESSON.html), shown in a frame of the page's own
// origin as "LESSON.html#embedded" (grader/trainer/page/trainer.js), so the
// page is the grader's own, unchanged, and its ids and styles stay apart
// from the course page's. The frame posts the answers of each exercise
// checked; they are recorded as `grader trainer` records them and kept per
// lesson (trainer_progress.mjs), Check's trainer check grades them
// (judgeInput), and "Download trainer progress" saves trainer_progress.yaml
// as judge.wasm writes it. The tile map of the student's file, drawn after
// a Check (page.mjs asks the Worker: `judge tilemap`), goes to the frame's
// second panel, or what `grader tilemap` says where it cannot be drawn.
// Non-goals: the exercises and their verdicts (the trainer page's); judging
// the answers (the judge's trainer check).
import { pageJudge } from './page_judge.mjs';
import { downloadText, loadLessonData, saveLessonData } from './saved_work.mjs';
import { isAnswersMessage, progressYaml, recordAnswers, recordsOf } from './trainer_progress.mjs';

const WORDS = {
  en: { title: 'Tile-map trainer', download: 'Download trainer progress', failed: 'The progress could not be written:',
        kept: (n) => `${n} set${n === 1 ? '' : 's'} of answers kept in this browser for the trainer check (Check grades them; Download trainer progress saves trainer_progress.yaml to hand in beside your file).`,
        none: 'Answer the exercises below: each exercise you check is kept in this browser for the trainer check.',
        drawing: (file, step) => `Drawing the tile map of ${file}${step ? `: ${step}` : ''}…`,
        notDrawn: (file) => `The tile map of ${file} could not be drawn:` },
  ru: { title: 'Тренажёр: карта тайлов', download: 'Скачать прогресс тренажёра', failed: 'Не удалось записать прогресс:',
        kept: (n) => `Наборов ответов, сохранённых в этом браузере для проверки trainer: ${n} (их оценивает Check; «Скачать прогресс тренажёра» сохраняет trainer_progress.yaml, который сдаётся рядом с файлом).`,
        none: 'Решайте упражнения ниже: каждое проверенное упражнение сохраняется в этом браузере для проверки trainer.',
        drawing: (file, step) => `Рисуется карта тайлов ${file}${step ? `: ${step}` : ''}…`,
        notDrawn: (file) => `Карту тайлов ${file} нарисовать не удалось:` },
};

/// The kept progress of lesson `number` (the JSON form), or null when none is kept.
function keptProgress(number) {
  const kept = loadLessonData(number, 'trainer');
  return typeof kept.course_version === 'string' && Array.isArray(kept.records) ? kept : null;
}

/// The panel in `root` (its elements: #trainer-title, #trainer-frame, #trainer-download, #trainer-note,
/// #trainer-tilemap-json). lessons: the page's lessons ({number, id, fileName, trainer: its page's path or null});
/// assetsUrl: where judge.wasm is.
export function createTrainerPanel(root, { lessons, assetsUrl }) {
  const $ = (id) => root.querySelector('#' + id);
  const frame = $('trainer-frame');
  const tilemaps = new Map();  // lesson number -> {state: running|drawn|failed, text (the JSON line), json, error, step}
  let lesson = null, lang = 'en', loaded = false;

  /// Posts `message` to the trainer page, once it has loaded.
  const post = (message) => { if (loaded) frame.contentWindow.postMessage(message, location.origin); };

  /// The shown lesson's tile map, to the frame and to #trainer-tilemap-json (data-tilemap: its state).
  function showTilemap() {
    const t = tilemaps.get(lesson.number);
    root.dataset.tilemap = t?.state ?? 'none';
    $('trainer-tilemap-json').textContent = t?.text ?? '';
    if (!t) return post({ type: 'grader-tilemap', json: null, error: '', note: '' });
    const w = WORDS[lang];
    post({ type: 'grader-tilemap', json: t.json ?? null, error: t.error ?? '',
           note: t.state === 'running' ? w.drawing(lesson.fileName, t.step) : t.state === 'failed' ? w.notDrawn(lesson.fileName) : '' });
  }

  function render() {
    const w = WORDS[lang], count = recordsOf(keptProgress(lesson.number), lesson.id);
    $('trainer-title').textContent = w.title;
    $('trainer-download').textContent = w.download;
    $('trainer-download').hidden = !keptProgress(lesson.number);
    $('trainer-note').textContent = count ? w.kept(count) : w.none;
  }

  /// Records the answers the trainer page posted, in the progress of the lesson whose set they are.
  function takeMessage(event) {
    if (event.source !== frame.contentWindow || event.origin !== location.origin || !isAnswersMessage(event.data)) return;
    const owner = lessons.find((l) => l.id === event.data.set && l.trainer);
    if (!owner) return;
    saveLessonData(owner.number, 'trainer', recordAnswers(keptProgress(owner.number), event.data));
    if (lesson) render();
  }

  async function download() {
    const progress = keptProgress(lesson.number);
    if (!progress) return;
    const { judgeModule } = await pageJudge(assetsUrl);
    const r = await progressYaml(judgeModule, progress);
    if (r.status !== 0) { $('trainer-note').textContent = `${WORDS[lang].failed} ${r.log}`; return; }
    downloadText('trainer_progress.yaml', r.yaml);
  }

  window.addEventListener('message', takeMessage);
  frame.addEventListener('load', () => {
    loaded = true;
    post({ type: 'grader-lang', lang });
    if (lesson) showTilemap();
    const page = frame.contentDocument?.documentElement;  // the frame grows with the trainer page (same origin)
    if (page) new ResizeObserver(() => { frame.style.height = `${page.scrollHeight + 4}px`; }).observe(page);
  });
  $('trainer-download').addEventListener('click', download);

  return {
    /// Shows lesson `l`'s trainer in `language` (hidden when it has none).
    show(l, language) {
      lang = language === 'ru' ? 'ru' : 'en';
      root.hidden = !l.trainer;
      if (!l.trainer) { lesson = null; return; }
      const src = new URL(`${l.trainer}#embedded`, location.href).href;
      if (l !== lesson && frame.src !== src) {
        loaded = false;
        frame.src = src;
      }
      lesson = l;
      render();
      post({ type: 'grader-lang', lang });
      showTilemap();
    },
    /// The trainer check's input for Check of lesson `l` (judge.mjs's `trainer`): its kept progress, or null.
    judgeInput(l) {
      const progress = l.trainer ? keptProgress(l.number) : null;
      return progress ? JSON.stringify(progress) : null;
    },
    /// Whether Check draws lesson `l`'s tile map.
    drawsTilemap: (l) => !!l.trainer,
    /// Lesson `l`'s tile map is being drawn; `step` names the run under way.
    tilemapRunning(l, step = '') {
      tilemaps.set(l.number, { state: 'running', step });
      if (l === lesson) showTilemap();
    },
    /// Lesson `l`'s tile map as the Worker drew it (`judge tilemap`: {status, json, error, log}), or why there is none
    /// ({status: null, error}); null: none (the Check ended without one).
    tilemapDone(l, drawn) {
      const json = drawn?.status === 0 && drawn.json ? JSON.parse(drawn.json) : null;
      if (!drawn) tilemaps.delete(l.number);
      else tilemaps.set(l.number, json ? { state: 'drawn', text: drawn.json, json }
                                       : { state: 'failed', error: drawn.error || drawn.log || 'the tile map could not be drawn' });
      if (l === lesson) showTilemap();
    },
  };
}
