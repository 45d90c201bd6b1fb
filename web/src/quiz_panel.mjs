// The course page's Quiz panel: the lesson's control questions (its sealed
// quiz, as `grader quiz LESSON --sealed-json` wrote it at build time: texts,
// choices and steps, never the answers) in the page's language, an input
// for each kind (numeric: a text field; choice: one radio button per choice;
// order: one list per position), and
//   - Check answers: the report `grader quiz LESSON quiz_answers.yaml [--lang ru]`
//     prints for these answers, made by judge.wasm (quiz_judge.mjs), whose
//     record of wrong tries is kept as `grader quiz` keeps quiz_answers.tries.yaml;
//   - Download answers (and Download tries, once there are tries): the files
//     to hand in beside the .cu file, in `grader quiz`'s forms.
// Answers and tries are kept in this browser per lesson (saved_work.mjs) and
// restored on the next visit; judgeInput gives them to Check's quiz check.
// With nothing kept, the answers are the starter's blank ones.
// Non-goals: grading in JavaScript (the judge does); the trainer.
import { pageJudge } from './page_judge.mjs';
import { answersJson, judgeQuiz } from './quiz_judge.mjs';
import { downloadText, loadLessonData, saveLessonData } from './saved_work.mjs';

const WORDS = {
  en: { title: 'Quiz', check: 'Check answers', download: 'Download answers', tries: 'Download tries', position: 'step', none: '—',
        checking: 'Checking the answers…', checked: (s) => `Checked in ${s} s.`, failed: 'The answers could not be checked:' },
  ru: { title: 'Тест', check: 'Проверить ответы', download: 'Скачать ответы', tries: 'Скачать попытки', position: 'шаг', none: '—',
        checking: 'Проверка ответов…', checked: (s) => `Проверено за ${s} с.`, failed: 'Ответы не удалось проверить:' },
};

/// Escapes text for HTML.
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/// The panel in `root` (its elements: #quiz-questions, #quiz-check, #quiz-download, #quiz-download-tries, #quiz-report,
/// #quiz-note, #quiz-title). assetsUrl: where judge.wasm and course.json are.
export function createQuizPanel(root, { assetsUrl }) {
  const $ = (id) => root.querySelector('#' + id);
  let lesson = null, lang = 'en';
  let work = { answers: {}, tries: {} };  // the shown lesson's answers ({id: text | [keys]}) and record of tries

  /// The kept answers and tries of lesson `l` (none kept: the starter's blank answers).
  const kept = (l) => ({ answers: {}, tries: {}, ...loadLessonData(l.number, 'quiz') });

  function questionHtml(q, index) {
    const text = `<legend>${index + 1}. ${escape(q.text[lang])}</legend>`;
    const given = work.answers[q.id];
    if (q.kind === 'numeric')
      return `${text}<input type="text" inputmode="decimal" name="${q.id}" value="${escape(typeof given === 'string' ? given : '')}" aria-label="${escape(q.id)}">`;
    if (q.kind === 'choice')
      return text + q.options.map((o) => `<label><input type="radio" name="${q.id}" value="${o.key}"${given === o.key ? ' checked' : ''}> ${o.key}) ${escape(o.text[lang])}</label>`).join('');
    const steps = q.options.map((o) => `<li>${o.key}) ${escape(o.text[lang])}</li>`).join('');
    const chosen = Array.isArray(given) ? given : [];
    const selects = q.options.map((_, i) => `<select name="${q.id}" data-position="${i}" aria-label="${escape(q.id)} ${WORDS[lang].position} ${i + 1}">` +
      `<option value="">${WORDS[lang].none}</option>` + q.options.map((o) => `<option value="${o.key}"${chosen[i] === o.key ? ' selected' : ''}>${o.key}</option>`).join('') +
      '</select>').join(' → ');
    return `${text}<ul class="quiz-steps">${steps}</ul><div>${selects}</div>`;
  }

  /// The answer the inputs of question `q` give: text, [keys] (an order's chosen steps, blanks left out), or undefined.
  function answerOf(q) {
    const inputs = [...root.querySelectorAll(`[name="${q.id}"]`)];
    if (q.kind === 'numeric') return inputs[0].value || undefined;
    if (q.kind === 'choice') return inputs.find((i) => i.checked)?.value;
    const keys = inputs.map((s) => s.value).filter(Boolean);
    return keys.length ? keys : undefined;
  }

  function saveAnswers() {
    const answers = {};
    for (const q of lesson.quiz.questions) {
      const a = answerOf(q);
      if (a !== undefined) answers[q.id] = a;
    }
    work.answers = answers;
    saveLessonData(lesson.number, 'quiz', work);
  }

  function render() {
    const w = WORDS[lang];
    $('quiz-title').textContent = w.title;
    $('quiz-check').textContent = w.check;
    $('quiz-download').textContent = w.download;
    $('quiz-download-tries').textContent = w.tries;
    $('quiz-download-tries').hidden = !Object.keys(work.tries).length;
    $('quiz-questions').innerHTML = lesson.quiz.questions.map((q, i) => `<fieldset class="quiz-question" data-id="${q.id}" data-kind="${q.kind}">${questionHtml(q, i)}</fieldset>`).join('');
  }

  /// Runs `judge quiz` on the shown answers; null (and says why) when the judge failed.
  async function judged() {
    const { judgeModule, courseJson } = await pageJudge(assetsUrl);
    const r = await judgeQuiz({ judgeModule, courseJson, lesson: lesson.id, quizJson: JSON.stringify(lesson.quiz), answers: work.answers,
                          tries: work.tries, answersFile: lesson.quizAnswersFile, lang });
    if (r.status === 3) { $('quiz-report').textContent = `${WORDS[lang].failed}\n${r.log}`; return null; }
    return r;
  }

  async function checkAnswers() {
    const checked = lesson;
    $('quiz-check').disabled = true;
    $('quiz-report').textContent = WORDS[lang].checking;
    delete $('quiz-report').dataset.verdict;
    $('quiz-note').textContent = '';
    await new Promise((resolve) => setTimeout(resolve, 0));  // let the page show it before the judge takes the thread
    const r = await judged();
    $('quiz-check').disabled = false;
    if (!r || checked !== lesson) return;
    work.tries = r.tries;
    saveLessonData(lesson.number, 'quiz', work);
    $('quiz-report').textContent = r.report;
    $('quiz-report').dataset.verdict = r.status === 0 ? 'pass' : 'fail';
    $('quiz-note').textContent = WORDS[lang].checked((r.ms / 1000).toFixed(2));
    $('quiz-download-tries').hidden = !Object.keys(work.tries).length;
  }

  /// Offers the answers file (or, with `tries`, its record of tries) as `grader quiz` reads it.
  async function download(tries) {
    const r = await judged();
    if (!r) return;
    const name = lesson.quizAnswersFile;
    if (tries) downloadText(name.replace(/\.yaml$/, '') + '.tries.yaml', r.triesYaml);  // grader/quiz/tries.h's triesPath
    else downloadText(name, r.answersYaml);
  }

  root.addEventListener('submit', (e) => e.preventDefault());  // Enter in a field is no page load
  root.addEventListener('input', () => lesson && saveAnswers());
  root.addEventListener('change', () => lesson && saveAnswers());
  $('quiz-check').addEventListener('click', checkAnswers);
  $('quiz-download').addEventListener('click', () => download(false));
  $('quiz-download-tries').addEventListener('click', () => download(true));

  return {
    /// Shows lesson `l`'s quiz in `language` (hidden when the lesson has none); the report stays while the lesson does.
    show(l, language) {
      lang = language === 'ru' ? 'ru' : 'en';
      root.hidden = !l.quiz;
      if (!l.quiz) { lesson = null; return; }
      if (l !== lesson) {
        lesson = l;
        work = kept(l);
        $('quiz-report').textContent = '';
        delete $('quiz-report').dataset.verdict;
        $('quiz-note').textContent = '';
      }
      render();
    },
    /// The quiz check's input for Check of lesson `l` (judge.mjs's `quiz`), or null when it has no quiz.
    judgeInput(l) {
      if (!l.quiz) return null;
      const w = l === lesson ? work : kept(l);
      return { quiz: JSON.stringify(l.quiz), answers: answersJson(l.id, w.answers), tries: JSON.stringify(w.tries) };
    },
  };
}
