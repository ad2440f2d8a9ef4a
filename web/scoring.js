// The scoring half of the annotator page: direct assessment (a 0–100 score), ESA (error
// spans marked minor or major in the output, then the score) and MQM (error spans with a
// severity and a category; the score is their weighted sum, lower is better). The spans go
// to the server with the score (SubmitScoreRequest.error_spans), which checks them against
// the campaign's protocol and stores them; the export carries them.
import { directionOf, el, fill } from './common.js';

// The item rendered last and how to store changes to it ({save, notice}).
let active = null;

// MQM categories offered (Freitag et al. 2021's typology, the Google MQM files' names).
const MQM_CATEGORIES = [
  'Accuracy/Mistranslation', 'Accuracy/Omission', 'Accuracy/Addition',
  'Accuracy/Untranslated text', 'Fluency/Grammar', 'Fluency/Spelling', 'Fluency/Punctuation',
  'Fluency/Register', 'Terminology/Inappropriate for context', 'Style/Awkward',
  'Non-translation!', 'Other',
];

// The MQM score of a segment's spans with the published weights: Major 5, Minor 1, a minor
// Fluency/Punctuation error 0.1, a Non-translation 25 (docs/wmt-protocols.md).
export function mqmScore(spans) {
  let score = 0;
  for (const s of spans) {
    if (s.category === 'Non-translation!') score += 25;
    else if (s.severity === 'major') score += 5;
    else if (s.category === 'Fluency/Punctuation') score += 0.1;
    else score += 1;
  }
  return Math.round(score * 10) / 10;
}

// The item is ready to submit: a score in 0..100 has been entered (MQM: always; no span is
// a perfect segment, score 0).
export function scoreReady(cur, mode) {
  if (mode === 'mqm') return true;
  return typeof cur.score === 'number' && cur.score >= 0 && cur.score <= 100;
}

// The score to submit.
export function scoreOf(cur, mode) {
  return mode === 'mqm' ? mqmScore(cur.spans) : cur.score;
}

// The output's text with the spans as <mark> elements (text nodes only, never markup).
export function paintSpans(node, text, spans) {
  const parts = [];
  let at = 0;
  [...spans].sort((a, b) => a.start - b.start).forEach((s, i) => {
    if (s.start > at) parts.push(document.createTextNode(text.slice(at, s.start)));
    parts.push(el('mark', { className: 'span ' + s.severity, text: text.slice(s.start, s.end),
                            attrs: { title: `${s.severity} error ${i + 1}` } }));
    at = s.end;
  });
  if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
  fill(node, ...parts);
}

// The selection inside `node` as offsets into its text (UTF-16 code units), or null.
export function selectionIn(node) {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  if (!node.contains(range.startContainer) || !node.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(node);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const end = start + range.toString().length;
  return end > start ? { start, end } : null;
}

function markSelection(severity) {
  if (!active) return;
  const { node, text, hooks } = active;
  const span = selectionIn(node);
  if (!span) {
    hooks.notice('Select some words of the translation first.', 'warn');
    return;
  }
  const category = active.category ? active.category.value : undefined;
  const cur = hooks.save((c) => {
    if (!c.spans.some((s) => s.start < span.end && span.start < s.end)) {
      c.spans.push(category ? { ...span, severity, category } : { ...span, severity });
    }
  });
  if (!cur) return;
  window.getSelection().removeAllRanges();
  paintSpans(node, text, cur.spans);
  listSpans(cur);
}

function listSpans(cur) {
  if (!active || !active.list) return;
  const { list, text, node, hooks } = active;
  if (active.total) active.total.textContent = `MQM score: ${mqmScore(cur.spans)} (lower is better)`;
  fill(list, ...cur.spans.map((s, i) => el('li', {},
    el('span', { className: 'sev ' + s.severity, text: s.severity }),
    s.category ? el('span', { className: 'small', text: s.category }) : null,
    el('span', { className: 'quote', dir: 'auto', text: text.slice(s.start, s.end) }),
    el('button', {
      text: 'remove', attrs: { type: 'button', 'aria-label': `remove error ${i + 1}` },
      on: {
        click: () => {
          const c = hooks.save((st) => { st.spans.splice(i, 1); });
          if (!c) return;
          paintSpans(node, text, c.spans);
          listSpans(c);
        },
      },
    }))));
}

// Keys of the scoring page: m marks the selection a minor error, Shift+M a major one.
export function scoringKey(e) {
  if (!active || !active.spans) return;
  if (e.key === 'm') {
    e.preventDefault();
    markSelection('minor');
  } else if (e.key === 'M') {
    e.preventDefault();
    markSelection('major');
  }
}

// The elements of a scoring item `cur` ({served, score, spans}); `mode` "da", "esa" or "mqm";
// hooks.save(change) applies change(current) to the stored item and returns it.
export function renderScoring(cur, mode, hooks) {
  const texts = cur.served.texts;
  const text = texts ? (texts.outputs[0] ?? '') : '';
  const tdir = directionOf(texts && texts.targetLanguage);
  const node = el('div', { className: 'text', dir: 'auto', text });
  const esa = mode === 'esa';
  const mqm = mode === 'mqm';
  active = { node, text, hooks, spans: esa || mqm, list: null, category: null, total: null };
  const parts = [el('div', { className: 'block output single', dir: tdir === 'rtl' ? 'rtl' : undefined },
                    el('div', { className: 'label', text: 'Translation' }),
                    texts ? node : el('p', { className: 'warn',
                                             text: `(no text: system ${cur.served.system})` }))];
  if (esa || mqm) {
    active.list = el('ol', { className: 'spans' });
    if (mqm) {
      active.category = el('select', { id: 'mqm-category', attrs: { 'aria-label': 'Error category' } },
        ...MQM_CATEGORIES.map((c) => el('option', { text: c, attrs: { value: c } })));
      active.total = el('p', { id: 'mqm-total', className: 'score' });
    }
    parts.push(el('div', { className: 'esa-tools' },
      el('span', { text: 'Select words of the translation, then: ' }),
      ...(mqm ? [active.category, el('span', { text: ' ' })] : []),
      el('button', { className: 'minor', text: 'Minor error (m)', attrs: { type: 'button' },
                     on: { mousedown: (e) => e.preventDefault(), click: () => markSelection('minor') } }),
      el('button', { className: 'major', text: 'Major error (Shift+M)', attrs: { type: 'button' },
                     on: { mousedown: (e) => e.preventDefault(), click: () => markSelection('major') } })),
    active.list,
    el('p', { className: 'small', text: 'The error spans are saved with the score.' }));
    paintSpans(node, text, cur.spans);
    if (mqm) parts.push(active.total);
    listSpans(cur);
  }
  if (mqm) return parts;  // the score is the spans' weighted sum
  const value = scoreReady(cur) ? cur.score : 50;
  const slider = el('input', { id: 'score-slider', attrs: {
    type: 'range', min: 0, max: 100, step: 1, value, 'aria-label': 'Score, 0 to 100' } });
  const number = el('input', { id: 'score-number', attrs: {
    type: 'number', min: 0, max: 100, step: 1, inputmode: 'numeric',
    'aria-label': 'Score, 0 to 100' } });
  if (scoreReady(cur)) number.value = String(cur.score);
  const set = (raw) => {
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v) || v < 0 || v > 100) return;
    hooks.save((c) => { c.score = v; });
    slider.value = String(v);
    number.value = String(v);
    slider.classList.add('touched');
  };
  if (scoreReady(cur)) slider.classList.add('touched');
  slider.addEventListener('input', () => set(slider.value));
  number.addEventListener('input', () => set(number.value));
  parts.push(el('div', { className: 'score' },
    el('label', { attrs: { for: 'score-slider' },
                  text: esa ? 'Overall quality, given the errors (0–100)' : 'Quality (0–100)' }),
    el('div', { className: 'score-row' },
       el('span', { className: 'small', text: '0 nonsense' }), slider,
       el('span', { className: 'small', text: '100 perfect' }), number)));
  return parts;
}
