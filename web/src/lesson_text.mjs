// Renders a lesson's text (lessons/NN-name/README.md or README.ru.md) to HTML
// at build time with `marked`, for the page to show beside the editor. A
// link to another lesson's text becomes a link within the page
// (#lesson=N&lang=xx); any other relative link (a repository path the page
// does not serve) keeps its text and loses its target, so the page never
// requests what it does not have.
// Non-goals: images (the texts have none; a relative one would be dropped
// the same way); sanitizing (the texts are the course's own).
import { Marked } from 'marked';

/// The page's target for a link in a lesson text, or null to drop it.
function pageTarget(href) {
  if (/^(https?:|mailto:|#)/.test(href)) return href;
  const m = /(?:^|\/)(?:(\d\d)-[^/]+\/)?README(\.ru)?\.md$/.exec(href);
  if (!m) return null;
  return { lesson: m[1] ? Number(m[1]) : null, lang: m[2] ? 'ru' : 'en' };
}

/// The HTML of `markdown`, the text of lesson `lesson`.
export function renderLessonText(markdown, lesson) {
  const marked = new Marked({
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = pageTarget(href);
        if (target === null) return text;
        if (typeof target === 'string') return `<a href="${target}" target="_blank" rel="noopener">${text}</a>`;
        return `<a href="#lesson=${target.lesson ?? lesson}&amp;lang=${target.lang}">${text}</a>`;
      },
      image({ text }) { return text; },
    },
  });
  return marked.parse(markdown);
}
