// The contrastive half of the annotator page (docs/web.md, "Contrastive campaigns"): one
// screen shows the source and k outputs of one segment side by side, labelled
// "Translation 1..k" in the order the server chose (never by system), each with its own
// ESA error spans (protocol "esa") and its own score (a slider or a typed number, which must
// be touched for every output); the screen is submitted once, as a unit (SubmitScreen).
// A document screen (NextScreenResponse.segment_ids non-empty, WMT26's unit) shows the
// document's segments in order, one row per segment: its source, then the k outputs' texts
// of that segment side by side, each with its own spans and score; every (output, segment)
// is one answer ("cell"), and the screen is submitted once with all k × m of them.
// annotate.js keeps the screen and what was entered in localStorage and sends it; this
// module builds the form, says what is missing, and builds the request. An attention check
// is served and shown exactly as any other screen: nothing here can tell them apart.
import { directionOf, el, fill } from './common.js';
import { paintSpans, selectionIn } from './scoring.js';

// The cells shown last, for the keys: [{node, text, list, index, name}], and how to store.
let shown = [];
let hooks = null;

// The segments of a document screen (NextScreenResponse.segment_ids), [] on a segment screen.
export function documentSegments(served) {
  return served.segmentIds || [];
}

// The cells of a screen, each one answer: output i (display order) of segment j (its
// position in the document; null on a segment screen). Cell c = i * m + j on a document
// screen of m segments (output-major, as the server stores the answers), c = i otherwise.
function cellsOf(served) {
  const k = (served.outputs || []).length;
  const m = documentSegments(served).length;
  const cells = [];
  for (let i = 0; i < k; i++) {
    if (!m) cells.push({ output: i, segment: null });
    for (let j = 0; j < m; j++) cells.push({ output: i, segment: j });
  }
  return cells;
}

// How the page names a cell to the annotator: "Translation 2", or "Translation 2,
// segment 3" on a document screen.
function cellName(cell) {
  return `Translation ${cell.output + 1}` + (cell.segment === null ? '' : `, segment ${cell.segment + 1}`);
}

// The text of a cell: the output's text, or its text of that segment.
function cellText(served, cell) {
  const o = served.outputs[cell.output];
  return cell.segment === null ? (o.text || '') : ((o.segments || [])[cell.segment] || '');
}

// A fresh answer state for a served screen (NextScreenResponse): one entry per cell.
export function newScreenState(served, key) {
  return {
    served, key, shownAt: Date.now(), sent: null, confirmed: false,
    answers: cellsOf(served).map(() => ({ score: null, spans: [] })),
  };
}

// The answer of cell c in the stored screen `st`, made empty when absent (a screen stored
// by an older page, before it knew document screens, holds one answer per output).
function answerOf(st, c) {
  for (let k = 0; k <= c; k++) {
    if (!st.answers[k]) st.answers[k] = { score: null, spans: [] };
  }
  return st.answers[c];
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

// The names of the cells that have no score yet, in reading order (a document screen's
// rows first: segment 1's translations, then segment 2's, ...).
export function screenMissing(cur) {
  const cells = cellsOf(cur.served).map((cell, c) => ({ ...cell, c }));
  const reading = [...cells].sort((x, y) => (x.segment ?? 0) - (y.segment ?? 0) || x.output - y.output);
  return reading.filter((cell) => !scored(cur.served, cur.answers[cell.c] || {}))
    .map((cell) => cellName(cell));
}

export function screenReady(cur) {
  return cellsOf(cur.served).length > 0 && screenMissing(cur).length === 0;
}

// Why Submit is not available yet, in words ('' when it is).
export function screenReason(cur) {
  const names = screenMissing(cur);
  if (!names.length) return '';
  // A document screen may miss many: the first three are named, the rest counted.
  const shownNames = names.length > 4 ? names.slice(0, 3) : names;
  const rest = names.length - shownNames.length;
  const sep = documentSegments(cur.served).length ? '; ' : ', ';
  const list = rest ? shownNames.join(sep) + ` and ${rest} more`
    : names.length > 1 ? shownNames.slice(0, -1).join(sep) + ' and ' + shownNames.at(-1)
      : names[0];
  const what = documentSegments(cur.served).length ? 'every translation of every segment'
    : 'every translation';
  return `Score ${what} to submit: ${list} ${names.length > 1 ? 'have' : 'has'} ` +
         'no score yet (move its slider or type a number).';
}

// ESA: the outputs scored below `below` with no error marked, as a question to confirm
// before sending, or null.
export function screenDoubt(cur, mode, below) {
  if (mode !== 'esa') return null;
  const cells = cellsOf(cur.served);
  const low = cur.answers.map((a, c) => ({ a, c })).filter(
    ({ a }) => a && (a.spans || []).length === 0 && typeof a.score === 'number' && a.score < below);
  if (!low.length) return null;
  const doc = documentSegments(cur.served).length > 0;
  const what = low.map(({ a, c }) => `${cellName(cells[c])}${doc ? ':' : ''} ${a.score}`)
    .join(doc ? '; ' : ', ');
  return `You scored ${what} but marked no error in ${low.length > 1 ? 'them' : 'it'}. A ` +
         `score below ${below} usually means errors: mark them (select the words, then m or ` +
         'Shift+M), or send the scores without errors.';
}

// The SubmitScreen request of the screen (the answers in display order, with the systems'
// names, which the page never shows; on a document screen one per (output, segment), with
// the segment's id).
export function screenRequest(cur, annotator) {
  const segments = documentSegments(cur.served);
  return {
    annotator,
    screenId: cur.served.screenId,
    answers: cellsOf(cur.served).map((cell, c) => {
      const a = cur.answers[c] || { score: null, spans: [] };
      const answer = { system: cur.served.outputs[cell.output].system, score: a.score, touched: true,
                       spans: (a.spans || []).map((s) => ({ start: s.start, end: s.end, severity: s.severity })) };
      if (cell.segment !== null) answer.segment = segments[cell.segment];
      return answer;
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
      attrs: { type: 'button', 'aria-label': `remove error ${j + 1} of ${out.name.toLowerCase()}` },
      on: { click: () => {
        const c = hooks.save((st) => { answerOf(st, out.index).spans.splice(j, 1); });
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
      const spans = answerOf(st, out.index).spans;
      if (!spans.some((s) => s.start < span.end && span.start < s.end)) {
        spans.push({ ...span, severity });
      }
    });
    window.getSelection().removeAllRanges();
    if (c) repaint(out, c.answers[out.index].spans);
    return;
  }
  hooks.notice(only ? `Select some words of ${only.name} first.`
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

// One cell's card: its label, its text with the ESA tools and spans list (mode "esa"), and
// its score (a slider and a number). `cell` as cellsOf, `c` its index, `id` the suffix of
// its inputs' ids ("1" on a segment screen, "1-2" for output 1, segment 2 of a document).
function cellCard(cur, cell, c, id, esa) {
  const served = cur.served;
  const [lo, hi] = rangeOf(served);
  const a = cur.answers[c] || { score: null, spans: [] };
  const name = cellName(cell);
  const text = cellText(served, cell);
  const node = el('div', { className: 'text', dir: 'auto', text });
  const out = { node, text, index: c, name, list: el('ol', { className: 'spans' }) };
  shown.push(out);
  const card = el('section', { className: 'output screen-output' + (scored(served, a) ? ' scored' : ''),
                               attrs: { 'data-index': c, 'data-output': cell.output,
                                        'aria-label': name } },
                  el('div', { className: 'output-head' },
                     el('span', { className: 'label', text: `Translation ${cell.output + 1}` })),
                  text ? node : el('p', { className: 'warn', text: '(this campaign holds no texts)' }));
  if (esa) {
    const lower = name.toLowerCase();
    card.append(el('div', { className: 'esa-tools' },
      el('button', { className: 'minor', text: 'Minor error (m)',
                     attrs: { type: 'button', 'aria-label': `Minor error in ${lower}` },
                     on: { mousedown: (e) => e.preventDefault(), click: () => mark('minor', out) } }),
      el('button', { className: 'major', text: 'Major error (Shift+M)',
                     attrs: { type: 'button', 'aria-label': `Major error in ${lower}` },
                     on: { mousedown: (e) => e.preventDefault(), click: () => mark('major', out) } })),
    out.list);
    repaint(out, a.spans);
  }
  const ready = scored(served, a);
  const label = `Score of ${name.toLowerCase()}, ${lo} to ${hi}`;
  const slider = el('input', { id: `score-slider-${id}`, className: 'screen-slider', attrs: {
    type: 'range', min: lo, max: hi, step: 1, value: ready ? a.score : (lo + hi) / 2,
    'aria-label': label } });
  const number = el('input', { id: `score-number-${id}`, className: 'screen-number', attrs: {
    type: 'number', min: lo, max: hi, step: 1, inputmode: 'numeric', 'aria-label': label } });
  if (ready) {
    number.value = String(a.score);
    slider.classList.add('touched');
  }
  const set = (raw) => {
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v) || v < lo || v > hi) return;
    hooks.save((st) => { answerOf(st, c).score = v; });
    slider.value = String(v);
    if (number.value !== String(raw)) number.value = String(v);
    slider.classList.add('touched');
    card.classList.add('scored');
  };
  slider.addEventListener('input', () => set(slider.value));
  number.addEventListener('input', () => set(number.value));
  card.append(el('div', { className: 'score' },
    el('label', { attrs: { for: `score-slider-${id}` },
                  text: esa ? 'Overall quality, given the errors' : 'Quality' }),
    el('div', { className: 'score-row' },
       el('span', { className: 'small', text: `${lo}` }), slider,
       el('span', { className: 'small', text: `${hi}` }), number)));
  return card;
}

// The head of a document screen (annotate.js shows it where a segment screen has its
// source): the document and its number of segments.
export function documentHead(served) {
  const m = documentSegments(served).length;
  return el('p', { className: 'where',
                   text: `Document ${served.document || '?'} · ${m} segment${m === 1 ? '' : 's'}` });
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
  const segments = documentSegments(served);
  const cells = cellsOf(served);
  const grids = [];
  if (!segments.length) {
    const grid = el('div', { className: 'screen-outputs', dir: tdir === 'rtl' ? 'rtl' : undefined,
                             attrs: { role: 'group', 'aria-label': `${k} translations of the source` } });
    cells.forEach((cell, c) => grid.append(cellCard(cur, cell, c, `${c}`, esa)));
    grids.push(grid);
  } else {
    // A row per segment: its source, then its k translations side by side (the same columns
    // in every row, so each column reads as one output's whole document).
    const sdir = directionOf(served.sourceLanguage);
    const m = segments.length;
    segments.forEach((_, j) => {
      const grid = el('div', { className: 'screen-outputs', dir: tdir === 'rtl' ? 'rtl' : undefined,
                               attrs: { role: 'group',
                                        'aria-label': `${k} translations of segment ${j + 1}` } });
      for (let i = 0; i < k; i++) {
        grid.append(cellCard(cur, cells[i * m + j], i * m + j, `${i}-${j}`, esa));
      }
      const source = (served.sources || [])[j];
      grids.push(el('section', { className: 'doc-segment', attrs: { 'data-segment': j,
                                                                   'aria-label': `Segment ${j + 1} of ${m}` } },
        el('div', { className: 'block source', dir: sdir === 'rtl' ? 'rtl' : undefined },
           el('div', { className: 'label', text: `Segment ${j + 1} of ${m} · source` }),
           source ? el('div', { className: 'text', dir: 'auto', text: source })
                  : el('p', { className: 'warn', text: '(this campaign holds no texts)' })),
        grid));
    });
  }
  const what = segments.length
    ? `Score each of the ${k} translations in every one of the ${segments.length} segments`
    : `Score each of the ${k} translations`;
  const parts = [el('p', { className: 'rank-legend',
                           text: `${what} (${lo} = nonsense, ${hi} = ` +
                                 'perfect)' + (esa ? ' after marking its errors.' : '.') })];
  if (esa) {
    parts.push(el('p', { className: 'small', text: 'Select words of a translation, then press m ' +
                         '(minor error) or Shift+M (major error), or the buttons under it.' }));
  }
  parts.push(...grids);
  return parts;
}
