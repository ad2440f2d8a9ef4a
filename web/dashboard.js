// The organiser's dashboard, /dashboard/{campaign_id}#token=ADMIN (docs/web.md): the live
// leaderboard with its clusters, intervals, stopping state and rank plot, the control
// system apart, progress per system and document, the annotators' quality table, exclude
// and close, and the exports (on click only). It polls the JSON API every few seconds while
// the tab is visible, fetching only what changed: the campaign's segments and texts once,
// then a summary; the board and statistics revalidated by ETag (304 while unchanged); new
// judgments by a cursor. The admin token is kept in this tab's sessionStorage and the
// fragment is removed from the address bar.
import {
  ApiError, csvField, download, el, fill, fmt, fragmentParams, isScoringCampaign,
} from './common.js';
import {
  $, api, apiTagged, dash, exportRows, meter, notice, renderCommon, table,
} from './dashboard_common.js';
import { renderScoring } from './dashboard_scoring.js';

const POLL_MS = 4000;
const TOKEN_KEY = 'tourney.dashboard.token';
// The board (the anytime board is computed from every judgment), the annotator statistics
// (a pass over the stored judgments) and the new judgments are fetched again only after
// judgments came in, and then at most this often; the rank plot (a bootstrap) likewise.
// Each poll in between asks for the campaign's summary alone.
const BOARD_EVERY_MS = 15000;
const PLOT_EVERY_MS = 30000;
// New judgments read per poll (the cursor catches up over the next polls).
const JUDGMENTS_PER_POLL = 5000;

// What the progress tables count, from the judgments read so far through the cursor.
const seen = {
  cursor: 0,                // the last judgment's sequence read
  count: 0,
  shown: new Map(),         // system -> judgments it was shown in
  perDocument: new Map(),   // document -> judgments
  judged: new Map(),        // document -> Set of segment ids judged
};
let config = null;          // the campaign's configuration with its segments, read once
let stats = null;
// When the board, the statistics and the judgments were last read: the time, the count of
// judgments then and the board asked for.
let boardAt = { time: 0, judgments: -1, query: '' };
let plot = { key: '', time: 0, judgments: -1, url: '', note: '' };

// ---- pairwise campaigns ----

function boardQuery() {
  const q = new URLSearchParams();
  if (dash.model === 'anytime') {
    q.set('anytime', 'true');
  } else {
    q.set('model', dash.model);
    const n = Number(dash.info && dash.info.judgments);
    if (dash.bootstrap > 0 && n > 0) q.set('bootstrapReplicates', String(dash.bootstrap));
  }
  return '/leaderboard?' + q.toString();
}

function renderControls() {
  const select = (id, label, options, value, onChange) => el('label', { text: label + ' ' },
    el('select', { id, on: { change: (e) => onChange(e.target.value) } },
       ...options.map(([v, t]) => {
         const o = el('option', { text: t, attrs: { value: v } });
         o.selected = String(v) === String(value);
         return o;
       })));
  fill($('board-controls'),
       select('model', 'Board', [['anytime', "The campaign's board (anytime-valid)"],
                                 ['expected-wins', 'Expected Wins (fixed sample)'],
                                 ['trueskill', 'TrueSkill (live)'], ['bradley-terry', 'Bradley-Terry']],
              dash.model, (v) => { dash.model = v; refresh(); }),
       select('bootstrap', 'Bootstrap', [[0, 'none'], [200, '200 replicates'], [1000, '1000 replicates']],
              dash.bootstrap, (v) => { dash.bootstrap = Number(v); refresh(); }),
       el('span', { className: 'small', text: `refreshed every ${POLL_MS / 1000} s` }));
}

// The control system (--bad-references: degraded outputs expected to rank last) of the
// campaign, or ''.
function controlSystem() {
  return (config && config.qualityControl && config.qualityControl.controlSystem) || '';
}

function renderBoard(board) {
  const control = controlSystem();
  const all = board.entries || [];
  const entries = all.filter((e) => e.system !== control);
  const c = all.find((e) => e.system === control);
  fill($('control'), c ? el('p', { className: 'control-system', text:
    `Control system ${c.system} (degraded outputs, a quality check expected to rank last; ` +
    `not one of the systems compared): rank ${c.rank} of ${all.length}, score ${fmt(c.score)}, ` +
    `W / L / T ${c.wins} / ${c.losses} / ${c.ties}.` }) : null);
  // Rank ranges and clusters exist only where the board computed them (a bootstrap or the
  // anytime board: clusters numbered from 1); elsewhere a range would claim a certainty
  // nobody measured.
  const ranked = entries.some((e) => Number(e.cluster) > 0);
  table($('board'),
        ['rank', 'system', 'score', 'interval', 'rank range', 'cluster', 'comparisons', 'W / L / T'],
        entries.map((e) => [e.rank, e.system, fmt(e.score),
                            e.scoreLo !== undefined ? `${fmt(e.scoreLo)} – ${fmt(e.scoreHi)}` : '–',
                            ranked && e.rankLo !== undefined ? `${e.rankLo}–${e.rankHi}` : '–',
                            ranked ? e.cluster : '–', e.comparisons, `${e.wins} / ${e.losses} / ${e.ties}`]),
        [0, 2, 5, 6],
        (j) => (ranked && j > 0 && entries[j].cluster !== undefined &&
                entries[j].cluster !== entries[j - 1].cluster ? 'cluster-start' : ''));
  const s = board.stopping;
  const parts = [el('span', { text: `${board.judgments} judgments, ${board.comparisons} comparisons. ` })];
  if (s) {
    parts.push(el('span', { className: s.settled ? 'settled' : 'unsettled',
                            text: s.settled ? 'Settled' : 'Not settled' }),
               el('span', { text: ` (stopping rule ${s.rule || 'z'}` +
                            (s.delta ? `, δ ${s.delta}` : '') + (s.epsilon ? `, ε ${s.epsilon}` : '') +
                            (s.top && s.top.length ? `; top: ${s.top.join(', ')}` : '') + ').' }));
    const open = (s.boundaries || []).map((b) => `${b.upper} | ${b.lower}: ` +
      (b.separated ? 'separated' : b.tieWithinEpsilon ? 'tie within ε' : 'open') +
      (b.z !== undefined ? ` (z ${fmt(b.z, 2)})` : ''));
    if (open.length) parts.push(el('ul', { className: 'small' }, ...open.map((t) => el('li', { text: t }))));
  }
  for (const w of board.warnings || []) parts.push(el('p', { className: 'warn', text: w }));
  fill($('stopping'), ...parts);
}

// Reads the judgments after the cursor (at most JUDGMENTS_PER_POLL) into `seen`.
async function readNewJudgments(committed) {
  if (seen.count >= committed) return;
  const rows = await api('GET', `/judgments?afterSequence=${seen.cursor}&limit=${JUDGMENTS_PER_POLL}`);
  for (const j of rows) {
    const r = j.ranking || {};
    for (const s of r.systems || []) seen.shown.set(s, (seen.shown.get(s) || 0) + 1);
    const d = r.document || '(none)';
    seen.perDocument.set(d, (seen.perDocument.get(d) || 0) + 1);
    if (!seen.judged.has(d)) seen.judged.set(d, new Set());
    seen.judged.get(d).add(String(r.segment));
    seen.cursor = Math.max(seen.cursor, Number(j.sequence));
    seen.count += 1;
  }
}

function renderPairwiseProgress(info, board) {
  const systems = (config && config.systems) || [];
  const control = controlSystem();
  const shown = new Map(systems.map((s) => [s, seen.shown.get(s) || 0]));
  const perDoc = seen.perDocument;
  const segmentsOfDoc = new Map();
  for (const seg of (config && config.segments) || []) {
    const d = seg.document || '(none)';
    segmentsOfDoc.set(d, (segmentsOfDoc.get(d) || 0) + 1);
  }
  const judged = seen.judged;
  const byName = new Map((board.entries || []).map((e) => [e.system, e]));
  const most = Math.max(1, ...shown.values());
  table($('per-system'), ['system', 'judgments shown in', 'comparisons', ''],
        [...shown].map(([s, n]) => [s === control ? `${s} (control)` : s, n,
                                    byName.get(s) ? byName.get(s).comparisons : 0,
                                    meter(n, most)]), [1, 2]);
  table($('per-document'), ['document', 'segments', 'segments judged', 'judgments', ''],
        [...segmentsOfDoc].map(([d, n]) => {
          const seen = judged.has(d) ? judged.get(d).size : 0;
          return [d, n, seen, perDoc.get(d) || 0, meter(seen, n)];
        }), [1, 2, 3]);
}

function renderAnnotators(stats) {
  const rows = (stats.annotators || []).map((a) => {
    const button = el('button', {
      className: a.excluded ? '' : 'danger', text: a.excluded ? 'Include' : 'Exclude',
      attrs: { type: 'button', 'data-annotator': a.annotator },
      on: { click: () => exclude(a.annotator, a.excluded) },
    });
    return [a.annotator, a.judgments, a.checksPassed, a.checksFailed,
            a.passRate !== undefined ? fmt(a.passRate, 2) : '–',
            a.intraKappa !== undefined ? fmt(a.intraKappa, 2) : '–',
            a.interKappa !== undefined ? fmt(a.interKappa, 2) : '–',
            a.meanSecondsPerJudgment !== undefined ? fmt(a.meanSecondsPerJudgment, 1) : '–',
            Number(a.controlChecks) > 0 ? `${a.decision} (${a.controlPassed}/${a.controlChecks})`
                                        : a.decision,
            a.completionCode, button];
  });
  const list = stats.annotators || [];
  table($('annotators'),
        ['annotator', 'judgments', 'checks passed', 'failed', 'pass rate',
         'intra κ (repeats, new order)', 'inter κ',
         's / judgment', 'decision', 'completion code', ''],
        rows, [1, 2, 3, 4, 5, 6, 7], (j) => (list[j].excluded ? 'excluded' : ''));
}

async function exclude(annotator, include) {
  try {
    await api('POST', ':excludeAnnotator', { annotator, include });
    boardAt.time = 0;  // the board and the table change at once: read them again
    boardAt.query = '';
    notice(`${annotator} ${include ? 'included again' : 'excluded from the ratings'}.`, 'ok');
    refresh();
  } catch (e) {
    notice('Exclude failed: ' + e.message, 'error');
  }
}

// The judgments as WMT CSV, the columns `tourney campaign export` writes (`tourney rank`
// reads the file).
export function judgmentsCsv(judgments) {
  const columns = (j) => {
    const r = j.ranking || {};
    const ids = [];
    const ranks = [];
    (r.systems || []).forEach((name, e) => {
      const c = r.groups && r.groups.length ? r.groups[e] : e;
      ids[c] = ids[c] ? ids[c] + '+' + name : name;
      ranks[c] = r.ranks[e];
    });
    return { ids, ranks };
  };
  const width = Math.max(2, ...judgments.map((j) => columns(j).ids.length));
  const head = ['sequence', 'matchId', 'segmentId', 'documentId', 'judgeId'];
  for (let c = 1; c <= width; c++) head.push(`system${c}Id`);
  for (let c = 1; c <= width; c++) head.push(`system${c}rank`);
  head.push('leasedUnixMs', 'committedUnixMs', 'excluded', 'check', 'checkPassed',
            'uniformDraw', 'selectionProbability');
  const lines = [head.join(',')];
  const checks = { QUALITY_CHECK_REPEAT: 'repeat', QUALITY_CHECK_CONTROL: 'control' };
  for (const j of judgments) {
    const r = j.ranking || {};
    const { ids, ranks } = columns(j);
    const row = [j.sequence, j.matchId, r.segment, csvField(r.document), csvField(r.annotator)];
    for (let c = 0; c < width; c++) row.push(c < ids.length ? csvField(ids[c]) : 'PLACEHOLDER');
    for (let c = 0; c < width; c++) row.push(c < ranks.length ? ranks[c] : '');
    const check = checks[j.check] || 'none';
    row.push(j.leasedUnixMs, j.committedUnixMs, j.excluded ? 1 : 0, check,
             check !== 'none' && j.checkPassed ? 1 : 0, j.uniformDraw ? 1 : 0,
             j.selectionProbability || 0);
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}

function boardCsv(board) {
  const lines = ['rank,system,score,score_lo,score_hi,rank_lo,rank_hi,cluster,comparisons,wins,losses,ties'];
  for (const e of board.entries || []) {
    lines.push([e.rank, csvField(e.system), e.score, e.scoreLo ?? '', e.scoreHi ?? '',
                e.rankLo ?? '', e.rankHi ?? '', e.cluster ?? '', e.comparisons, e.wins,
                e.losses, e.ties].join(','));
  }
  return lines.join('\n') + '\n';
}

// A system name (untrusted text) as LaTeX text: every special character escaped.
function latexText(s) {
  const map = { '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', '$': '\\$', '&': '\\&',
                '#': '\\#', '_': '\\_', '%': '\\%', '~': '\\textasciitilde{}',
                '^': '\\textasciicircum{}' };
  return String(s ?? '').replace(/[\\{}$&#_%~^]/g, (c) => map[c]);
}

// The board shown as a LaTeX table (booktabs): a rule between clusters where the board has
// them; its model, judgments and stopping rule in a comment.
export function boardLatex(board) {
  const entries = board.entries || [];
  const ranked = entries.some((e) => Number(e.cluster) > 0);
  const lines = [`% ${board.model || 'board'}: ${board.judgments} judgments` +
                 (board.stopping && board.stopping.rule ? `, stopping rule ${board.stopping.rule}` : ''),
                 '\\begin{tabular}{rlrr}', '\\toprule',
                 '\\# & System & Score & Range \\\\', '\\midrule'];
  entries.forEach((e, j) => {
    if (ranked && j > 0 && e.cluster !== entries[j - 1].cluster) lines.push('\\midrule');
    const range = ranked && e.rankLo !== undefined ? `${e.rankLo}--${e.rankHi}` : '';
    lines.push(`${e.rank} & ${latexText(e.system)} & ${Number(e.score).toFixed(3)} & ${range} \\\\`);
  });
  lines.push('\\bottomrule', '\\end{tabular}');
  return lines.join('\n') + '\n';
}

// The rank plot `tourney cluster --plot` draws for the board shown: its model and
// replicates when the board has a bootstrap, else Expected Wins with 1000 replicates (the
// CLI's defaults). Fetched again after new judgments at most every PLOT_EVERY_MS, or when
// the board changes; shown as an image (an SVG in an <img> runs nothing).
async function refreshPlot(judgments) {
  const bootstrapped = dash.model !== 'anytime' && dash.bootstrap > 0;
  const model = bootstrapped ? dash.model : 'expected-wins';
  const replicates = bootstrapped ? dash.bootstrap : 1000;
  const key = `${model}/${replicates}`;
  if (judgments === 0) return;
  if (key === plot.key && (judgments === plot.judgments || Date.now() - plot.time < PLOT_EVERY_MS)) {
    return;
  }
  const q = new URLSearchParams({ model, bootstrapReplicates: String(replicates) });
  let response;
  try {
    response = await fetch(`/v1/campaigns/${dash.campaign}/rankPlot?${q}`,
                           { headers: { Authorization: 'Bearer ' + dash.token }, cache: 'no-store' });
  } catch (e) {
    return;  // the next poll tries again
  }
  plot.time = Date.now();
  if (!response.ok) return;
  const svg = await response.blob();
  if (plot.url) URL.revokeObjectURL(plot.url);
  plot = { key, time: plot.time, judgments, url: URL.createObjectURL(svg),
           note: `Rank plot (as \`tourney cluster --plot\`): ${model}, ${replicates} bootstrap ` +
                 `replicates, seed 1, of ${judgments} judgments` +
                 (bootstrapped ? '.' : '; the board above is the campaign\'s own.') };
  fill($('plot'), el('img', { attrs: { src: plot.url, alt: 'Bootstrap rank distributions per system' } }),
       el('p', { className: 'small', text: plot.note }));
}

async function refreshPairwise() {
  if (!config) config = (await api('GET', '')).config;  // segments and texts: once
  const info = await apiTagged('?summary=true');
  dash.info = info;
  const committed = Number(info.judgments || 0);
  $('campaign-label').textContent = `${info.config.name} · campaign ${dash.campaign} · ` +
    `protocol: ${info.protocol || 'ranking'} of ${info.config.k} outputs · ` +
    `${info.judgments} judgments · ${info.annotators} annotators · ${info.openLeases} open leases`;
  const query = boardQuery();
  if (!dash.board || !stats || query !== boardAt.query ||
      (committed !== boardAt.judgments && Date.now() - boardAt.time >= BOARD_EVERY_MS)) {
    dash.board = await apiTagged(query);
    stats = await apiTagged('/annotatorStats');
    await readNewJudgments(committed);
    boardAt = { time: Date.now(), judgments: committed, query };
  }
  const board = dash.board;
  renderControls();
  renderBoard(board);
  renderPairwiseProgress(info, board);
  renderAnnotators(stats);
  await refreshPlot(committed);
  renderCommon(info, [
    ['Judgments (JSON)', async () => download(`campaign-${dash.campaign}-judgments.json`,
                                              'application/json', JSON.stringify(await exportRows('judgments')))],
    ['Judgments (WMT CSV)', async () => download(`campaign-${dash.campaign}-judgments.csv`,
                                                 'text/csv', judgmentsCsv(await exportRows('judgments')))],
    ['Leaderboard (CSV)', async () => download(`campaign-${dash.campaign}-leaderboard.csv`,
                                               'text/csv', boardCsv(dash.board))],
    ['Leaderboard (LaTeX)', async () => download(`campaign-${dash.campaign}-leaderboard.tex`,
                                                 'text/x-tex', boardLatex(dash.board))],
  ], 'The board downloads as shown. `tourney rank FILE.csv` on the judgments CSV gives the ' +
     'fixed-sample Expected Wins board (--format latex for its LaTeX).');
}

// The next poll, unless the tab is hidden (then the poll resumes when it is shown again).
function schedule() {
  clearTimeout(dash.timer);
  dash.timer = document.hidden ? 0 : setTimeout(refresh, POLL_MS);
}

async function refresh() {
  clearTimeout(dash.timer);
  dash.timer = 0;
  try {
    if (isScoringCampaign(dash.campaign)) {
      await renderScoring(dash);
    } else {
      await refreshPairwise();
    }
    $('board-area').hidden = false;
    if ($('notice').classList.contains('error')) notice('');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    notice(e.message, 'error');
    if (e.httpStatus === 401 || e.httpStatus === 403) {
      sessionStorage.removeItem(TOKEN_KEY);
      showLogin();
      return;
    }
  }
  schedule();
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) {
    clearTimeout(dash.timer);
    dash.timer = 0;
  } else if (dash.token && $('login').hidden && dash.campaign) {
    refresh();
  }
});

function showLogin() {
  $('login').hidden = false;
  $('board-area').hidden = true;
  $('login-go').onclick = () => {
    dash.token = $('login-token').value.trim();
    sessionStorage.setItem(TOKEN_KEY, dash.token);
    $('login').hidden = true;
    refresh();
  };
}

function start() {
  dash.refresh = refresh;
  if (!dash.campaign) {
    notice('This address names no campaign: the page is /dashboard/{campaign id}', 'error');
    return;
  }
  const fromLink = fragmentParams(location.hash).get('token');
  if (fromLink) {
    sessionStorage.setItem(TOKEN_KEY, fromLink);
    history.replaceState(null, '', location.pathname);  // the token leaves the address bar
  }
  dash.token = sessionStorage.getItem(TOKEN_KEY) || '';
  if (!dash.token) {
    showLogin();
    return;
  }
  refresh();
}

start();
