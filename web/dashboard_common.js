// What both dashboards share (docs/web.md): the page's state, the notice line, the API
// call with the admin token, tables and progress meters, the exports and the close button.
// dashboard.js (the page, and the pairwise campaigns) and dashboard_scoring.js (the scoring
// campaigns) import this module; it imports neither, so the modules form no circle.
import { callApi, callApiTagged, campaignIdOfPath, el, fill } from './common.js';

export const $ = (id) => document.getElementById(id);

// The dashboard's state. `refresh` is the page's refresh (set by dashboard.js), which the
// close button calls after each click.
export const dash = {
  campaign: campaignIdOfPath(location.pathname),
  token: '',
  model: 'anytime',  // the campaign's own board (docs/anytime.md)
  bootstrap: 0,
  info: null,
  board: null,       // the board (or estimate) last read
  timer: 0,          // the next poll, or 0 (none scheduled: a hidden tab)
  closeArmed: false,
  refresh: () => {},
};

export function notice(text, kind = 'info') {
  const n = $('notice');
  n.textContent = text;
  n.className = 'notice ' + kind;
  n.hidden = !text;
}

export function api(method, path, body) {
  return callApi(dash.token, method, `/v1/campaigns/${dash.campaign}${path}`, body);
}

// A GET that a poll repeats: answered 304 (and the kept answer reused) while unchanged.
export function apiTagged(path) {
  return callApiTagged(dash.token, `/v1/campaigns/${dash.campaign}${path}`);
}

// A table from a header and rows of cells (strings, numbers or elements); numeric columns
// (by index in `num`) are right-aligned.
export function table(node, header, rows, num = [], rowClass = () => '') {
  const cell = (tag, v, i) => {
    const c = el(tag, { className: num.includes(i) ? 'num' : '' });
    if (v instanceof Node) c.append(v); else c.textContent = v ?? '';
    return c;
  };
  fill(node, el('thead', {}, el('tr', {}, ...header.map((h, i) => cell('th', h, i)))),
       el('tbody', {}, ...rows.map((r, j) => el('tr', { className: rowClass(j) },
                                                ...r.map((v, i) => cell('td', v, i))))));
}

export function meter(done, total) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const bar = el('span', { className: 'meter' });
  bar.style.width = (share * 8).toFixed(2) + 'rem';  // CSSOM, allowed by the policy
  return el('span', { className: 'meter-track' }, bar);
}

// A whole export, for a download (a click): never polled.
export async function exportRows(noun) {
  return api('GET', '/' + noun);
}

export function renderCommon(info, exportsList, note) {
  fill($('exports'), ...exportsList.map(([label, action]) => el('button', {
    text: label, attrs: { type: 'button' },
    on: { click: () => action().catch((e) => notice('Export failed: ' + e.message, 'error')) },
  })));
  $('export-note').textContent = note;
  const closed = info.state === 'CAMPAIGN_STATE_CLOSED';
  $('state').textContent = closed
    ? 'closed ' + new Date(Number(info.closedUnixMs)).toLocaleString() : 'open';
  fill($('actions'), closed ? null : el('button', {
    id: 'close', className: 'danger',
    text: dash.closeArmed ? 'Really close? It cannot be undone: click again' : 'Close campaign',
    attrs: { type: 'button' },
    on: { click: () => closeCampaign() },
  }), dash.closeArmed ? el('button', { text: 'Keep it open', attrs: { type: 'button' },
                                       on: { click: () => { dash.closeArmed = false; dash.refresh(); } } })
                      : null);
}

async function closeCampaign() {
  if (!dash.closeArmed) {
    dash.closeArmed = true;
    dash.refresh();
    return;
  }
  dash.closeArmed = false;
  try {
    await api('POST', ':close', {});
    notice('The campaign is closed: no more items are served.', 'ok');
  } catch (e) {
    notice('Close failed: ' + e.message, 'error');
  }
  dash.refresh();
}
