// The dashboard of a scoring campaign (direct assessment, ESA, MQM): the estimate board,
// progress per system and document, the annotators (from the scores export) and the
// exports. Scoring campaigns have no annotator statistics or exclusion on the server. As the
// pairwise dashboard, a poll reads the campaign's summary (revalidated by ETag); the
// estimate and the new scores (a cursor) only after scores came in, at most every 15 s; an
// annotator's completion code only when its count changed; exports only on a click.
import { csvField, download, el, fill, fmt } from './common.js';
import { api, apiTagged, exportRows, meter, renderCommon, table } from './dashboard_common.js';
import { renderScreens } from './dashboard_screens.js';

function renderEstimate(est) {
  const systems = [...(est.systems || [])];
  if (est.ranked) systems.sort((a, b) => a.rank - b.rank);
  table(document.getElementById('board'),
        ['rank', 'system', 'estimate', 'interval', '± half width', 'cluster', 'scored', 'target'],
        systems.map((s) => [s.rank || '–', s.system, s.estimated ? fmt(s.value) : '–',
                            s.estimated ? `${fmt(s.lo)} – ${fmt(s.hi)}` : (s.note || '–'),
                            s.estimated ? fmt(s.halfWidth) : '–', s.cluster || '–',
                            `${s.scored} / ${s.segments}`,
                            s.targetReached ? 'reached' : s.segmentsNeeded ? `${s.moreNeeded} more` : '–']),
        [0, 2, 4, 5],
        (j) => (j > 0 && systems[j].cluster && systems[j].cluster !== systems[j - 1].cluster
          ? 'cluster-start' : ''));
  const parts = [el('span', { text: `${est.scores} scores; ${est.itemsScored} of ${est.items} items scored` +
                                   (est.lowerIsBetter ? ' (lower is better). ' : '. ') })];
  const settled = est.ranked && (est.pairs || []).every((p) => p.separated);
  parts.push(el('span', { className: settled ? 'settled' : 'unsettled',
                          text: est.ranked ? (settled ? 'Every neighbour pair separated' : 'Not settled')
                            : (est.boardNote || 'No board yet') }));
  if ((est.pairs || []).length) {
    parts.push(el('ul', { className: 'small' }, ...est.pairs.map((p) => el('li', {
      text: `${p.better} − ${p.worse}: ${fmt(p.difference)} [${fmt(p.lo)}, ${fmt(p.hi)}]` +
            (p.separated ? ' separated' : ' open') }))));
  }
  for (const w of est.warnings || []) parts.push(el('p', { className: 'warn', text: w }));
  fill(document.getElementById('stopping'), ...parts);
  fill(document.getElementById('board-controls'),
       el('span', { className: 'small', text: 'Estimates of the test-set scores (GetEstimate).' }));
}

const EVERY_MS = 15000;
const SCORES_PER_READ = 5000;

// What the tables count, from the scores read so far through the cursor.
const seen = {
  cursor: 0,
  perDocument: new Map(),  // document -> scores
  byAnnotator: new Map(),  // annotator -> {scores, sum, times: committed Unix ms}
};
const codes = new Map();   // annotator -> {scores, code}: the code given at that count
let readAt = { time: 0, scores: -1 };

async function readNewScores(committed) {
  if (seen.cursor >= committed) return;
  const rows = await api('GET', `/scores?afterSequence=${seen.cursor}&limit=${SCORES_PER_READ}`);
  for (const s of rows) {
    seen.perDocument.set(s.document, (seen.perDocument.get(s.document) || 0) + 1);
    const name = s.annotator || '';
    if (!seen.byAnnotator.has(name)) seen.byAnnotator.set(name, { scores: 0, sum: 0, times: [] });
    const a = seen.byAnnotator.get(name);
    a.scores += 1;
    a.sum += Number(s.score);
    a.times.push(Number(s.committedUnixMs));
    seen.cursor = Math.max(seen.cursor, Number(s.sequence));
  }
}

function renderProgress(est) {
  const systems = est.systems || [];
  table(document.getElementById('per-system'), ['system', 'scored', 'segments', ''],
        systems.map((s) => [s.system, s.scored, s.segments, meter(s.scored, s.segments)]), [1, 2]);
  const perDoc = seen.perDocument;
  const most = Math.max(1, ...perDoc.values());
  table(document.getElementById('per-document'), ['document', 'scores in this campaign', ''],
        [...perDoc].sort().map(([d, n]) => [d, n, meter(n, most)]), [1]);
}

function median(values) {
  if (!values.length) return undefined;
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

async function renderAnnotators() {
  const rows = await Promise.all([...seen.byAnnotator].sort().map(async ([name, a]) => {
    const times = [...a.times].sort((x, y) => x - y);
    const gaps = times.slice(1).map((t, i) => (t - times[i]) / 1000);
    // The code the annotator was given (GetAnnotatorProgress; the admin token may ask),
    // asked again only when its count changed.
    let code = '–';
    if (name) {
      const kept = codes.get(name);
      if (!kept || kept.scores !== a.scores) {
        const p = await api('POST', ':getAnnotatorProgress', { annotator: name });
        codes.set(name, { scores: a.scores, code: p.completionCode });
      }
      code = codes.get(name).code;
    }
    return [name || '(import)', a.scores, fmt(a.sum / a.scores, 1), fmt(median(gaps), 1), code];
  }));
  table(document.getElementById('annotators'),
        ['annotator', 'scores', 'mean score', 'median s between scores', 'completion code'],
        rows, [1, 2, 3]);
}

function scoresTsv(scores) {
  const lines = ['sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\terror_spans'];
  const clean = (v) => String(v ?? '').replace(/[\t\r\n]/g, ' ');
  for (const s of scores) {
    lines.push([s.sequence, s.system, s.document, s.segment, s.score, s.annotator,
                s.idempotencyKey, s.committedUnixMs].map(clean)
                 .concat(JSON.stringify(s.errorSpans || [])).join('\t'));
  }
  return lines.join('\n') + '\n';
}

function estimateCsv(est) {
  const lines = ['rank,system,value,lo,hi,half_width,cluster,scored,segments,target_reached'];
  for (const s of est.systems || []) {
    lines.push([s.rank, csvField(s.system), s.estimated ? s.value : '', s.estimated ? s.lo : '',
                s.estimated ? s.hi : '', s.estimated ? s.halfWidth : '', s.cluster, s.scored,
                s.segments, s.targetReached ? 1 : 0].join(','));
  }
  return lines.join('\n') + '\n';
}

// One refresh of a scoring campaign's dashboard; `dash` is the dashboard's state.
export async function renderScoring(dash) {
  const info = await apiTagged('');
  dash.info = info;
  // A contrastive campaign (screen_size k >= 2) has its own board: dashboard_screens.js.
  if (Number(info.screenSize || 1) >= 2) {
    await renderScreens(dash, info);
    return;
  }
  document.getElementById('campaign-label').textContent =
    `${info.config.name} · scoring campaign ${dash.campaign} · protocol: ${info.protocol || 'plain'} · ` +
    `${info.judgments} scores · ${info.annotators} annotators · ${info.openLeases} open leases`;
  const committed = Number(info.judgments || 0);
  if (!dash.board || (committed !== readAt.scores && Date.now() - readAt.time >= EVERY_MS)) {
    dash.board = await apiTagged('/estimate');
    await readNewScores(committed);
    readAt = { time: Date.now(), scores: committed };
  }
  const est = dash.board;
  renderEstimate(est);
  renderProgress(est);
  await renderAnnotators();
  renderCommon(info, [
    ['Scores (JSON)', async () => download(`campaign-${dash.campaign}-scores.json`,
                                           'application/json', JSON.stringify(await exportRows('scores')))],
    ['Scores (TSV)', async () => download(`campaign-${dash.campaign}-scores.tsv`,
                                          'text/tab-separated-values', scoresTsv(await exportRows('scores')))],
    ['Estimates (CSV)', async () => download(`campaign-${dash.campaign}-estimates.csv`,
                                             'text/csv', estimateCsv(dash.board))],
  ], 'The TSV has the columns of `tourney campaign scoring-export`; error_spans is a JSON ' +
     'array of the spans submitted with each score (ESA, MQM).');
}
