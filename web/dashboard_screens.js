// The dashboard of a contrastive scoring campaign (screen_size k >= 2, docs/web.md): the
// within-screen board (rank by mean, answers, the scored-pair Bradley–Terry strength and
// the clusters the board's promise covers) beside WMT26's official rule reproduced (its
// score and cluster, labelled with GetEstimate's wmt26_label), the promise in words, the
// pairs on which the two disagree, progress per system and document, and the annotators
// with their attention checks passed of those shown. No per-system interval is shown: the
// assignment reads the scores, so a system's mean has none (the separations are per pair).
// As the other dashboards, a poll reads the campaign's summary (revalidated by ETag); the
// estimate and the new screens (a cursor) only after screens came in, at most every 15 s.
import { csvField, download, el, fill, fmt } from './common.js';
import { api, apiTagged, exportRows, meter, renderCommon, table } from './dashboard_common.js';

const $ = (id) => document.getElementById(id);
const EVERY_MS = 15000;
const SCREENS_PER_READ = 5000;

const seen = {
  cursor: 0,
  perDocument: new Map(),  // document -> screens
  documentScreens: 0,      // screens of whole documents (ExportedScreen.segments non-empty)
  documentChecks: 0,       // of which attention checks
  documentSegments: 0,     // segments of the document screens on the board (not checks)
};
const codes = new Map();   // annotator -> {screens, decision, code}
let readAt = { time: 0, screens: -1 };

async function readNewScreens(committed) {
  if (seen.cursor >= committed) return;
  const rows = await api('GET', `/screens?afterSequence=${seen.cursor}&limit=${SCREENS_PER_READ}`);
  for (const s of rows) {
    const d = s.document || '(none)';
    seen.perDocument.set(d, (seen.perDocument.get(d) || 0) + 1);
    if ((s.segments || []).length) {
      seen.documentScreens += 1;
      if (s.degradedSystem) {
        seen.documentChecks += 1;
      } else {
        seen.documentSegments += s.segments.length;
      }
    }
    seen.cursor = Math.max(seen.cursor, Number(s.sequence));
  }
}

// The short name of WMT26's columns: the label up to its colon.
function wmt26Short(label) {
  const head = String(label || "WMT26's rule").split(':')[0];
  return head || "WMT26's rule";
}

function renderBoard(board) {
  const systems = board.systems || [];
  const cell = (tag, text, className = '', attrs = {}) => el(tag, { className, text, attrs });
  const head = el('thead', {},
    el('tr', {}, cell('th', "tourney's within-screen board", '', { colspan: 6 }),
       cell('th', wmt26Short(board.wmt26Label), 'wmt26 wmt26-first',
            { colspan: 2, title: board.wmt26Label || '' })),
    el('tr', {}, ...['rank', 'system', 'mean', 'answers', 'BT θ', 'cluster'].map(
      (h, i) => cell('th', h, [0, 2, 3, 4, 5].includes(i) ? 'num' : '')),
       cell('th', 'score', 'num wmt26 wmt26-first'), cell('th', 'cluster', 'num wmt26')));
  const rows = systems.map((s, j) => el('tr', {
    className: j > 0 && s.cluster !== systems[j - 1].cluster ? 'cluster-start' : '' },
  cell('td', s.rank, 'num'), cell('td', s.system), cell('td', fmt(s.mean, 2), 'num'),
  cell('td', s.answers ?? 0, 'num'), cell('td', fmt(s.btTheta, 3), 'num'),
  cell('td', s.cluster ?? '–', 'num'), cell('td', fmt(s.wmt26Score, 2), 'num wmt26 wmt26-first'),
  cell('td', s.wmt26Cluster ?? '–', 'num wmt26')));
  fill($('board'), head, el('tbody', {}, ...rows));
}

// The pairs the two boards decide differently: one separates them (or orders them one way)
// and the other does not (or the other way).
export function disagreements(board) {
  return (board.pairs || []).filter((p) => (p.separatedAbove || '') !== (p.wmt26Better || ''));
}

function verdict(p, winner) {
  if (!winner) return 'not separated';
  const loser = winner === p.a ? p.b : p.a;
  return `${winner} above ${loser}`;
}

// Above the board: the counts; below it (#control): the promise, WMT26's label and the
// pairs the boards decide differently.
function renderSummary(est, board) {
  // A document campaign's board counts a document screen once; its segments and the checks
  // are counted here from the screens export.
  const counts = seen.documentScreens
    ? `${seen.documentScreens - seen.documentChecks} document screens on the board ` +
      `(${seen.documentSegments} segments), ${seen.documentChecks} attention checks (kept off ` +
      `the board); ${board.screenSize || '?'} outputs a screen, each a whole document (an ` +
      'answer is one output\'s segment)'
    : `${board.screens || 0} screens on the board, ${board.attentionChecks || 0} attention ` +
      `checks (kept off the board); ${board.screenSize || '?'} outputs a screen`;
  fill($('stopping'), el('p', { text: `${counts}, assignment ${board.assignment || '?'}.` }),
  est.boardNote ? el('p', { className: 'unsettled', text: est.boardNote }) : null);
  const parts = [];
  parts.push(el('p', { id: 'promise', className: 'small', text: 'The board\'s promise: ' + (board.promise || '') }),
             el('p', { id: 'wmt26-label', className: 'small',
                       text: 'The WMT26 columns: ' + (board.wmt26Label || '') }));
  const differ = disagreements(board);
  parts.push(el('h3', { text: 'Where the two boards differ' }));
  if (!(board.pairs || []).length) {
    parts.push(el('p', { className: 'small', text: 'No pair has shared a screen yet.' }));
  } else if (!differ.length) {
    parts.push(el('p', { id: 'disagreements-none', className: 'small',
                         text: 'The boards agree on every pair.' }));
  }
  const wrap = el('div', { className: 'table-wrap' }, el('table', { id: 'disagreements' }));
  parts.push(wrap);
  fill($('control'), ...parts);
  if (differ.length) {
    table($('disagreements'),
          ['pair', 'screens together', 'mean difference (first − second)', "tourney's board",
           'its interval of the difference', wmt26Short(board.wmt26Label)],
          differ.map((p) => [`${p.a} – ${p.b}`, p.screens, fmt(p.meanDifference, 2),
                             verdict(p, p.separatedAbove),
                             `${fmt(p.anytimeLo, 2)} – ${fmt(p.anytimeHi, 2)}`,
                             verdict(p, p.wmt26Better)]), [1, 2]);
  } else {
    wrap.hidden = true;
  }
}

function renderProgress(est, board) {
  const answers = new Map((board.systems || []).map((s) => [s.system, Number(s.answers || 0)]));
  const systems = est.systems || [];
  const most = Math.max(1, ...answers.values());
  table($('per-system'), ['system', 'answers on the board', 'segments', ''],
        systems.map((s) => [s.system, answers.get(s.system) || 0, s.segments,
                            meter(answers.get(s.system) || 0, most)]), [1, 2]);
  const perDoc = seen.perDocument;
  const top = Math.max(1, ...perDoc.values());
  table($('per-document'), ['document', 'screens (checks included)', ''],
        [...perDoc].sort().map(([d, n]) => [d, n, meter(n, top)]), [1]);
}

async function renderAnnotators(board) {
  const list = [...(board.annotators || [])].sort((a, b) => (a.annotator < b.annotator ? -1 : 1));
  const rows = await Promise.all(list.map(async (a) => {
    const kept = codes.get(a.annotator);
    if (!kept || kept.screens !== a.screens) {
      const p = await api('POST', ':getAnnotatorProgress', { annotator: a.annotator });
      codes.set(a.annotator, { screens: a.screens, decision: p.decision, code: p.completionCode });
    }
    const c = codes.get(a.annotator);
    return [a.annotator, a.screens ?? 0,
            `${a.attentionPassed ?? 0} / ${a.attentionChecks ?? 0}`, c.decision || '–', c.code || '–'];
  }));
  table($('annotators'),
        ['annotator', 'screens', 'attention checks passed / shown', 'decision', 'completion code'],
        rows, [1, 2]);
}

function boardCsv(board) {
  const lines = ['rank,system,mean,answers,bt_theta,cluster,holm_cluster,wmt26_score,wmt26_cluster'];
  for (const s of board.systems || []) {
    lines.push([s.rank, csvField(s.system), s.mean ?? 0, s.answers ?? 0, s.btTheta ?? 0,
                s.cluster ?? '', s.holmCluster ?? '', s.wmt26Score ?? 0, s.wmt26Cluster ?? ''].join(','));
  }
  return lines.join('\n') + '\n';
}

// One refresh of a contrastive campaign's dashboard, given its CampaignInfo `info`.
export async function renderScreens(dash, info) {
  $('campaign-label').textContent =
    `${info.config.name} · contrastive campaign ${dash.campaign} · protocol: ` +
    `${info.protocol || 'plain'} · ${info.screenSize} outputs a screen · ${info.judgments || 0} ` +
    `screens · ${info.annotators || 0} annotators · ${info.openLeases || 0} open screens`;
  const committed = Number(info.judgments || 0);
  if (!dash.board || (committed !== readAt.screens && Date.now() - readAt.time >= EVERY_MS)) {
    dash.board = await apiTagged('/estimate');
    await readNewScreens(committed);
    readAt = { time: Date.now(), screens: committed };
  }
  const est = dash.board;
  const board = est.screenBoard || {};
  fill($('board-controls'), el('span', { className: 'small', text:
    'Means of the scores each system got on the screens, ranked; clusters from the ' +
    'within-screen differences (no per-system interval: the assignment reads the scores).' }));
  renderBoard(board);
  renderSummary(est, board);
  fill($('plot'));
  renderProgress(est, board);
  await renderAnnotators(board);
  renderCommon(info, [
    ['Screens (JSON)', async () => download(`campaign-${dash.campaign}-screens.json`,
                                            'application/json', JSON.stringify(await exportRows('screens')))],
    ['Board (CSV)', async () => download(`campaign-${dash.campaign}-screen-board.csv`,
                                         'text/csv', boardCsv(board))],
  ], 'The screens as stored (display order, answers, selection probability, attention ' +
     'checks); `tourney campaign scoring-export` writes the file `tourney cluster --protocol ' +
     'cesa` reads.');
}
