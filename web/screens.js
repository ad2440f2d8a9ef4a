// The contrastive half of the annotator page (docs/web.md, "Contrastive campaigns"): one
// screen shows the source and k outputs of one segment side by side, labelled
// "Translation 1..k" in the order the server chose (never by system), each with its own
// ESA error spans (protocol "esa") and its own score (a slider or a typed number, which must
// be touched for every output); the screen is submitted once, as a unit (SubmitScreen).
// annotate.js keeps the screen and what was entered in localStorage and sends it; this
// module builds the form, says what is missing, and builds the request. An attention check
// is served and shown exactly as any other screen: nothing here can tell them apart.
import { directionOf, el, fill } from './common.js';
import { paintSpans, selectionIn } from './scoring.js';

// The outputs shown last, for the keys: [{node, text, list, index}], and how to store.
let shown = [];
let hooks = null;

// A fresh answer state for a served screen (NextScreenResponse): one entry per output.
export function newScreenState(served, key) {
  return {
    served, key, shownAt: Date.now(), sent: null, confirmed: false,
    answers: (served.outputs || []).map(() => ({ score: null, spans: [] })),
  };
}

// The score range of the screen (NextScreenResponse.score_min/score_max; 0–100 by default).
function rangeOf(served) {
  const lo = Number(served.scoreMin ?? 0);
  const hi = served.scoreMax !== undefined ? Number(served.scoreMax) : 100;
  return hi > lo ? [lo, hi] : [0, 100];
}

function scored(served, a) {
  const [lo, hi] = rangeOf(served);
  return typeof a.score === 'number' && Number.isFinite(a.score) && a.score >= lo && a.score <= hi;
}

// The 1-based positions of the outputs that have no score yet.
export function screenMissing(cur) {
  return cur.answers.map((a, i) => (scored(cur.served, a) ? null : i + 1)).filter((i) => i);
}

export function screenReady(cur) {
  return cur.answers.length > 0 && screenMissing(cur).length === 0;
}

// Why Submit is not available yet, in words ('' when it is).
export function screenReason(cur) {
  const missing = screenMissing(cur);
  if (!missing.length) return '';
  const names = missing.map((i) => `Translation ${i}`);
  const list = names.length > 1 ? names.slice(0, -1).join(', ') + ' and ' + names.at(-1) : names[0];
  return `Score every translation to submit: ${list} ${names.length > 1 ? 'have' : 'has'} ` +
         'no score yet (move its slider or type a number).';
}

// ESA: the outputs scored below `below` with no error marked, as a question to confirm
// before sending, or null.
export function screenDoubt(cur, mode, below) {
  if (mode !== 'esa') return null;
  const low = cur.answers.map((a, i) => ({ a, i })).filter(
    ({ a }) => (a.spans || []).length === 0 && typeof a.score === 'number' && a.score < below);
  if (!low.length) return null;
  const what = low.map(({ a, i }) => `Translation ${i + 1} ${a.score}`).join(', ');
  return `You scored ${what} but marked no error in ${low.length > 1 ? 'them' : 'it'}. A ` +
         `score below ${below} usually means errors: mark them (select the words, then m or ` +
         'Shift+M), or send the scores without errors.';
}

// The SubmitScreen request of the screen (the answers in display order, with the systems'
// names, which the page never shows).
export function screenRequest(cur, annotator) {
  return {
    annotator,
    screenId: cur.served.screenId,
    answers: cur.served.outputs.map((o, i) => {
      const a = cur.answers[i];
      return { system: o.system, score: a.score, touched: true,
               spans: (a.spans || []).map((s) => ({ start: s.start, end: s.end, severity: s.severity })) };
    }),
    timeSpentMs: String(Math.max(0, Date.now() - Number(cur.shownAt || Date.now()))),
  };
}

function listSpans(out, spans) {
  fill(out.list, ...spans.map((s, j) => el('li', {},
    el('span', { className: 'sev ' + s.severity, text: s.severity }),
    el('span', { className: 'quote', dir: 'auto', text: out.text.slice(s.start, s.end) }),
    el('button', {
      text: 'remove',
      attrs: { type: 'button', 'aria-label': `remove error ${j + 1} of translation ${out.index + 1}` },
      on: { click: () => {
        const c = hooks.save((st) => { st.answers[out.index].spans.splice(j, 1); });
        if (c) repaint(out, c.answers[out.index].spans);
      } },
    }))));
}

function repaint(out, spans) {
  paintSpans(out.node, out.text, spans);
  listSpans(out, spans);
}

// Marks the selection as an error of `severity` in the output that holds it (or in `only`,
// when a button of that output was pressed).
function mark(severity, only) {
  const candidates = only ? [only] : shown;
  for (const out of candidates) {
    const span = selectionIn(out.node);
    if (!span) continue;
    const c = hooks.save((st) => {
      const spans = st.answers[out.index].spans;
      if (!spans.some((s) => s.start < span.end && span.start < s.end)) {
        spans.push({ ...span, severity });
      }
    });
    window.getSelection().removeAllRanges();
    if (c) repaint(out, c.answers[out.index].spans);
    return;
  }
  hooks.notice(only ? `Select some words of Translation ${only.index + 1} first.`
                    : 'Select some words of one translation first.', 'warn');
}

// Keys of a screen: m marks the selection a minor error, Shift+M a major one (ESA).
export function screenKey(e) {
  if (!hooks || !hooks.spans) return;
  if (e.key === 'm') {
    e.preventDefault();
    mark('minor');
  } else if (e.key === 'M') {
    e.preventDefault();
    mark('major');
  }
}

// The elements of screen `cur`; `mode` "esa" (spans and a score) or "da" (a score);
// h.save(change) applies change(current) to the stored screen and returns it; h.notice.
export function renderScreen(cur, mode, h) {
  const served = cur.served;
  const esa = mode === 'esa';
  hooks = { ...h, spans: esa };
  shown = [];
  const [lo, hi] = rangeOf(served);
  const tdir = directionOf(served.targetLanguage);
  const k = served.outputs.length;
  const grid = el('div', { className: 'screen-outputs', dir: tdir === 'rtl' ? 'rtl' : undefined,
                           attrs: { role: 'group', 'aria-label': `${k} translations of the source` } });
  served.outputs.forEach((o, i) => {
    const a = cur.answers[i];
    const text = o.text || '';
    const node = el('div', { className: 'text', dir: 'auto', text });
    const out = { node, text, index: i, list: el('ol', { className: 'spans' }) };
    shown.push(out);
    const card = el('section', { className: 'output screen-output' + (scored(served, a) ? ' scored' : ''),
                                 attrs: { 'data-index': i, 'aria-label': `Translation ${i + 1}` } },
                    el('div', { className: 'output-head' },
                       el('span', { className: 'label', text: `Translation ${i + 1}` })),
                    text ? node : el('p', { className: 'warn', text: '(this campaign holds no texts)' }));
    if (esa) {
      card.append(el('div', { className: 'esa-tools' },
        el('button', { className: 'minor', text: 'Minor error (m)',
                       attrs: { type: 'button', 'aria-label': `Minor error in translation ${i + 1}` },
                       on: { mousedown: (e) => e.preventDefault(), click: () => mark('minor', out) } }),
        el('button', { className: 'major', text: 'Major error (Shift+M)',
                       attrs: { type: 'button', 'aria-label': `Major error in translation ${i + 1}` },
                       on: { mousedown: (e) => e.preventDefault(), click: () => mark('major', out) } })),
      out.list);
      repaint(out, a.spans);
    }
    const ready = scored(served, a);
    const slider = el('input', { id: `score-slider-${i}`, className: 'screen-slider', attrs: {
      type: 'range', min: lo, max: hi, step: 1, value: ready ? a.score : (lo + hi) / 2,
      'aria-label': `Score of translation ${i + 1}, ${lo} to ${hi}` } });
    const number = el('input', { id: `score-number-${i}`, className: 'screen-number', attrs: {
      type: 'number', min: lo, max: hi, step: 1, inputmode: 'numeric',
      'aria-label': `Score of translation ${i + 1}, ${lo} to ${hi}` } });
    if (ready) {
      number.value = String(a.score);
      slider.classList.add('touched');
    }
    const set = (raw) => {
      const v = Number(raw);
      if (raw === '' || !Number.isFinite(v) || v < lo || v > hi) return;
      hooks.save((c) => { c.answers[i].score = v; });
      slider.value = String(v);
      if (number.value !== String(raw)) number.value = String(v);
      slider.classList.add('touched');
      card.classList.add('scored');
    };
    slider.addEventListener('input', () => set(slider.value));
    number.addEventListener('input', () => set(number.value));
    card.append(el('div', { className: 'score' },
      el('label', { attrs: { for: `score-slider-${i}` },
                    text: esa ? 'Overall quality, given the errors' : 'Quality' }),
      el('div', { className: 'score-row' },
         el('span', { className: 'small', text: `${lo}` }), slider,
         el('span', { className: 'small', text: `${hi}` }), number)));
    grid.append(card);
  });
  const parts = [el('p', { className: 'rank-legend',
                           text: `Score each of the ${k} translations (${lo} = nonsense, ${hi} = ` +
                                 'perfect)' + (esa ? ' after marking its errors.' : '.') })];
  if (esa) {
    parts.push(el('p', { className: 'small', text: 'Select words of a translation, then press m ' +
                         '(minor error) or Shift+M (major error), or the buttons under it.' }));
  }
  parts.push(grid);
  return parts;
}
