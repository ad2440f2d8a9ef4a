// The annotator page, /annotate/{campaign_id}#token=…&annotator=…[&mode=da|esa|mqm]
// (docs/web.md). Pairwise campaigns: rank the k outputs of a match 1..k, ties allowed.
// Scoring campaigns: a 0–100 score (DA), after marking error spans (ESA).
//
// Nothing entered is lost or doubled: the served item, its idempotency key and what was
// entered so far live in localStorage (one entry per campaign and annotator), written on
// every change; a reload shows the same item with the same key and answers; a retry sends
// the same key, which the server deduplicates; other tabs follow the entry (storage events).
import {
  ApiError, callApi, campaignIdOfPath, decisionText, directionOf, el, fill,
  fragmentParams, isScoringCampaign, randomKey,
} from './common.js';
import { renderScoring, scoreOf, scoreReady, scoringKey } from './scoring.js';

const $ = (id) => document.getElementById(id);
const ANNOTATOR_NAME = /^[A-Za-z0-9._@:-]{1,128}$/;

const page = {
  campaign: campaignIdOfPath(location.pathname),
  token: '',
  annotator: '',
  mode: 'da',       // scoring campaigns: "da", "esa" or "mqm"
  scoring: false,
  storeKey: '',
  busy: false,      // a call to the server is on its way
  retryTimer: 0,
};

// ---- the stored state: {current, submitted: [keys], done} ----

function emptyState() {
  return { current: null, submitted: [] };
}

function loadState() {
  try {
    const s = JSON.parse(localStorage.getItem(page.storeKey) || 'null');
    if (s && Array.isArray(s.submitted)) return s;
  } catch (e) {
    // A damaged entry is replaced.
  }
  return emptyState();
}

function saveState(state) {
  localStorage.setItem(page.storeKey, JSON.stringify(state));
}

// Applies `change` to the freshest stored state (another tab may have written since) and
// stores it.
function updateState(change) {
  const s = loadState();
  change(s);
  saveState(s);
  return s;
}

// ---- messages ----

function notice(text, kind = 'info') {
  const n = $('notice');
  n.textContent = text;
  n.className = 'notice ' + kind;
  n.hidden = !text;
}

function showProgress(state) {
  const n = state.submitted.length;
  $('progress').textContent = n === 1 ? '1 item submitted' : `${n} items submitted`;
}

// The end of the annotator's work: the reason, and the completion code and quality
// decision the server gives (GetAnnotatorProgress), which the organiser sees too.
async function showDone(reason) {
  const state = loadState();
  $('task').hidden = true;
  $('done').hidden = false;
  $('done-reason').textContent = reason;
  showProgress(state);
  try {
    const p = await callApi(page.token, 'POST',
                            `/v1/campaigns/${page.campaign}:getAnnotatorProgress`,
                            { annotator: page.annotator });
    $('done-code').textContent = p.completionCode || '(no judgment committed)';
    $('done-decision').textContent = decisionText(p.decision);
  } catch (e) {
    $('done-code').textContent = '(unavailable: ' + e.message + '; reload to retry)';
  }
}

// ---- asking for work ----

async function nextItem() {
  clearTimeout(page.retryTimer);
  const stored = loadState();
  if (stored.current) {  // another tab got one meanwhile
    render(stored);
    return;
  }
  if (page.busy) return;
  page.busy = true;
  $('task').hidden = false;
  fill($('task'), el('p', { className: 'loading', text: 'Loading the next item…' }));
  try {
    const verb = page.scoring ? 'nextItem' : 'nextMatch';
    const served = await callApi(page.token, 'POST', `/v1/campaigns/${page.campaign}:${verb}`,
                                 { annotator: page.annotator });
    const k = page.scoring ? 1 : served.systems.length;
    const state = updateState((s) => {
      if (s.current) return;  // another tab stored one first: keep it, ours expires
      s.current = { served, key: page.annotator + '-' + randomKey(), ranks: Array(k).fill(0),
                    score: null, spans: [] };
    });
    page.busy = false;
    render(state);
  } catch (e) {
    page.busy = false;
    onNextFailed(e);
  }
}

function onNextFailed(e) {
  if (!(e instanceof ApiError)) throw e;
  const msg = e.message;
  if (e.httpStatus === 401 || e.httpStatus === 403) {
    notice('The server refused this link\'s token: ' + msg, 'error');
    fill($('task'));
  } else if (e.status === 'FAILED_PRECONDITION') {
    showDone(/complete/.test(msg) ? 'Every item of the campaign is scored.'
                                  : 'The campaign is closed (' + msg + ').');
  } else if (e.status === 'RESOURCE_EXHAUSTED' && /cap/.test(msg)) {
    showDone('You have given the campaign\'s maximum number of judgments.');
  } else {
    // Nothing to serve right now (every item leased), too many leases, or the network.
    notice(msg + ' — trying again in 10 s.', 'warn');
    fill($('task'), el('button', { text: 'Try now', attrs: { type: 'button' },
                                   on: { click: () => nextItem() } }));
    page.retryTimer = setTimeout(nextItem, 10000);
  }
}

// ---- submitting ----

function ready(cur) {
  if (page.scoring) return scoreReady(cur, page.mode);
  return cur.ranks.every((r) => r >= 1 && r <= cur.ranks.length);
}

async function submit() {
  const state = loadState();
  const cur = state.current;
  if (!cur || page.busy) return;
  if (!ready(cur)) {
    notice(page.scoring ? 'Set a score first (move the slider or type 0–100).'
                        : `Give every output a rank from 1 to ${cur.ranks.length} first.`,
           'warn');
    return;
  }
  page.busy = true;
  document.querySelectorAll('.submit').forEach((b) => { b.disabled = true; });
  notice('Saving…');
  let path;
  let body;
  if (page.scoring) {
    path = `/v1/campaigns/${page.campaign}:submitScore`;
    body = { annotator: page.annotator, system: cur.served.system,
             segment: cur.served.segment, score: scoreOf(cur, page.mode),
             idempotencyKey: cur.key };
    if (page.mode === 'esa' || page.mode === 'mqm') {
      body.errorSpans = (cur.spans || []).map((s) => (
        s.category ? { start: s.start, end: s.end, severity: s.severity, category: s.category }
                   : { start: s.start, end: s.end, severity: s.severity }));
    }
  } else {
    path = `/v1/campaigns/${page.campaign}:submitJudgment`;
    body = { annotator: page.annotator, matchId: cur.served.matchId, ranks: cur.ranks,
             idempotencyKey: cur.key };
  }
  try {
    const ack = await callApi(page.token, 'POST', path, body);
    finishItem(cur.key, true);
    notice(`Saved (#${ack.sequence}).`, 'ok');
    page.busy = false;
    nextItem();
  } catch (e) {
    page.busy = false;
    if (!(e instanceof ApiError)) throw e;
    onSubmitFailed(e, cur);
  }
}

// Forgets the current item `key` (when it is still the current one); counts it when
// `counted`. Counting is by key, so two tabs submitting one item count it once.
function finishItem(key, counted) {
  updateState((s) => {
    if (counted && !s.submitted.includes(key)) s.submitted.push(key);
    if (s.current && s.current.key === key) s.current = null;
  });
}

function onSubmitFailed(e, cur) {
  const msg = e.message;
  if (e.status === 'FAILED_PRECONDITION' && /\bclosed\b/.test(msg)) {
    finishItem(cur.key, false);
    showDone('The campaign was closed (' + msg + ').');
  } else if (e.status === 'FAILED_PRECONDITION' || e.status === 'NOT_FOUND') {
    finishItem(cur.key, false);
    notice('This item was NOT saved: its lease expired (or it was given to someone else) ' +
           'before you submitted. Here is a new item. (' + msg + ')', 'warn');
    nextItem();
  } else if (e.status === 'ALREADY_EXISTS') {
    finishItem(cur.key, false);
    notice('This item was already submitted with another answer (another tab?); it is ' +
           'kept as first submitted. Moving on.', 'warn');
    nextItem();
  } else if (e.status === 'INVALID_ARGUMENT') {
    notice('The server refused the answer: ' + msg, 'error');
    render(loadState());
  } else {
    // The network or the server failed: the answer stays here and a retry reuses its key.
    notice('Not saved yet (' + msg + '). Press Enter or Submit to retry: a retry cannot ' +
           'count twice.', 'error');
    render(loadState());
  }
}

// ---- rendering ----

function textBlock(label, text, dir, className) {
  return el('div', { className: 'block ' + className, dir: dir === 'rtl' ? 'rtl' : undefined },
            el('div', { className: 'label', text: label }),
            el('div', { className: 'text', dir: 'auto', text }));
}

// Source, references and document context; `texts` may be absent (a campaign without
// content shows ids only).
function contextBlocks(served) {
  const texts = served.texts;
  const segment = page.scoring ? served.segment : served.segment && served.segment.id;
  const document_ = page.scoring ? served.document : served.segment && served.segment.document;
  const head = el('p', { className: 'where',
                         text: `Segment ${segment ?? '?'}${document_ ? ' · document ' + document_ : ''}` });
  if (!texts) {
    return [head, el('p', { className: 'warn', text: 'This campaign holds no texts: the ' +
                            'outputs below are shown by position only.' })];
  }
  const sdir = directionOf(texts.sourceLanguage);
  const tdir = directionOf(texts.targetLanguage);
  const out = [head];
  if (texts.contextBefore && texts.contextBefore.length) {
    out.push(el('div', { className: 'context', dir: sdir === 'rtl' ? 'rtl' : undefined },
                ...texts.contextBefore.map((t) => el('p', { dir: 'auto', text: t }))));
  }
  out.push(textBlock('Source', texts.source, sdir, 'source'));
  if (texts.contextAfter && texts.contextAfter.length) {
    out.push(el('div', { className: 'context', dir: sdir === 'rtl' ? 'rtl' : undefined },
                ...texts.contextAfter.map((t) => el('p', { dir: 'auto', text: t }))));
  }
  (texts.references || []).forEach((r, i, all) => {
    out.push(textBlock(all.length > 1 ? `Reference ${i + 1}` : 'Reference', r, tdir,
                       'reference'));
  });
  return out;
}

function setRank(i, rank) {
  const state = updateState((s) => {
    if (s.current) s.current.ranks[i] = rank;
  });
  const li = document.querySelector(`.output[data-index="${i}"]`);
  if (li) {
    li.querySelectorAll('.rank').forEach((b) => {
      b.setAttribute('aria-pressed', String(Number(b.dataset.rank) === rank));
    });
    li.classList.toggle('ranked', rank > 0);
  }
  updateSubmit(state.current);
}

function updateSubmit(cur) {
  document.querySelectorAll('.submit').forEach((b) => {
    b.disabled = !cur || !ready(cur) || page.busy;
  });
}

function renderPairwise(cur) {
  const served = cur.served;
  const k = served.systems.length;
  const texts = served.texts;
  const tdir = directionOf(texts && texts.targetLanguage);
  const list = el('ol', { className: 'outputs', dir: tdir === 'rtl' ? 'rtl' : undefined,
                          attrs: { 'aria-label': `Rank these ${k} translations (1 = best)` } });
  for (let i = 0; i < k; i++) {
    const rank = cur.ranks[i];
    const buttons = el('div', { className: 'ranks', attrs: { role: 'group',
                                                             'aria-label': `Rank of output ${i + 1}` } });
    for (let r = 1; r <= k; r++) {
      buttons.append(el('button', {
        className: 'rank', text: r,
        attrs: { type: 'button', 'data-rank': r, 'aria-pressed': String(rank === r),
                 tabindex: '-1' },
        on: { click: () => setRank(i, r) },
      }));
    }
    const text = texts ? texts.outputs[i] : `(output ${i + 1}: no text in this campaign)`;
    list.append(el('li', {
      className: 'output' + (rank > 0 ? ' ranked' : ''),
      attrs: { tabindex: '0', 'data-index': i, 'aria-label': `Output ${i + 1}` },
    }, el('div', { className: 'output-head' },
          el('span', { className: 'label', text: `Output ${i + 1}` }), buttons),
       el('div', { className: 'text', dir: 'auto', text })));
  }
  return [list];
}

function render(state) {
  showProgress(state);
  const cur = state.current;
  if (!cur) {
    fill($('task'), el('p', { className: 'loading', text: 'Waiting for the next item…' }),
         el('button', { text: 'Get the next item', attrs: { type: 'button' },
                        on: { click: () => nextItem() } }));
    return;
  }
  const task = $('task');
  task.hidden = false;
  $('done').hidden = true;
  const focused = document.activeElement && document.activeElement.closest &&
                  document.activeElement.closest('.output');
  const focusIndex = focused ? focused.dataset.index : null;
  const body = page.scoring
    ? renderScoring(cur, page.mode, {
      save: (change) => {
        const s = updateState((st) => { if (st.current && st.current.key === cur.key) change(st.current); });
        updateSubmit(s.current);
        return s.current;
      },
      notice,
    })
    : renderPairwise(cur);
  const lease = Number(cur.served.leaseExpiresUnixMs || 0);
  fill(task, ...contextBlocks(cur.served), ...body,
       el('div', { className: 'actions' },
          el('button', { className: 'submit', text: 'Submit (Enter)',
                         attrs: { type: 'button' }, on: { click: () => submit() } }),
          lease ? el('span', { className: 'lease',
                               text: 'Held for you until ' + new Date(lease).toLocaleTimeString() })
                : null));
  updateSubmit(cur);
  const first = document.querySelector(
    focusIndex !== null ? `.output[data-index="${focusIndex}"]` : '.output:not(.ranked), .output');
  if (first && !page.scoring) first.focus();
}

// ---- keyboard ----

function onKey(e) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  const typing = t instanceof HTMLInputElement && t.type !== 'range';
  if (e.key === 'Enter') {
    if (t instanceof HTMLButtonElement) return;  // the button's own click
    if (!$('task').hidden && $('login').hidden) {
      e.preventDefault();
      submit();
    }
    return;
  }
  if (typing) return;
  if (page.scoring) {
    scoringKey(e);
    return;
  }
  const state = loadState();
  if (!state.current) return;
  const k = state.current.ranks.length;
  const out = t.closest && t.closest('.output');
  const outputs = [...document.querySelectorAll('.output')];
  const at = out ? outputs.indexOf(out) : -1;
  if (/^[1-9]$/.test(e.key) && Number(e.key) <= k && out) {
    e.preventDefault();
    setRank(at, Number(e.key));
    (outputs[at + 1] || document.querySelector('.submit')).focus();
  } else if ((e.key === '0' || e.key === 'Backspace' || e.key === 'Delete') && out) {
    e.preventDefault();
    setRank(at, 0);
  } else if (e.key === 'ArrowDown' || e.key === 'j') {
    e.preventDefault();
    (outputs[at + 1] || outputs[0]).focus();
  } else if (e.key === 'ArrowUp' || e.key === 'k') {
    e.preventDefault();
    (outputs[at - 1] || outputs[outputs.length - 1]).focus();
  }
}

// ---- start ----

function showLogin(params) {
  $('login').hidden = false;
  $('task').hidden = true;
  $('login-annotator').value = params.get('annotator') || '';
  $('login-token').value = params.get('token') || '';
  $('login-go').onclick = () => {
    const annotator = $('login-annotator').value.trim();
    if (!ANNOTATOR_NAME.test(annotator)) {
      notice('The annotator name takes 1 to 128 letters, digits and . _ @ : -', 'warn');
      return;
    }
    const p = new URLSearchParams({ token: $('login-token').value.trim(), annotator });
    if (params.get('mode')) p.set('mode', params.get('mode'));
    location.hash = p.toString();
  };
}

// The campaign's guidelines and this annotator's committed count, from the server
// (GetAnnotatorProgress); the page works on without them if the call fails.
async function showGuidelines() {
  try {
    const p = await callApi(page.token, 'POST', `/v1/campaigns/${page.campaign}:getAnnotatorProgress`,
                            { annotator: page.annotator });
    if (p.guidelines) {
      fill($('guidelines'), el('h2', { text: 'Guidelines' }),
           el('p', { className: 'guidelines-text', dir: 'auto', text: p.guidelines }));
      $('guidelines').hidden = false;
    }
  } catch (e) {
    // Progress and guidelines are a convenience; the work itself goes on.
  }
}

function start() {
  notice('');
  if (!page.campaign) {
    notice('This address names no campaign: the link is /annotate/{campaign id}#token=…', 'error');
    return;
  }
  const params = fragmentParams(location.hash);
  page.token = params.get('token') || '';
  page.annotator = params.get('annotator') || '';
  page.scoring = isScoringCampaign(page.campaign);
  page.mode = ['esa', 'mqm'].includes(params.get('mode')) ? params.get('mode') : 'da';
  const kind = { da: ' · score', esa: ' · error spans and score', mqm: ' · MQM error spans' };
  $('campaign-label').textContent = `campaign ${page.campaign}` +
    (page.scoring ? kind[page.mode] : ' · ranking');
  if (!page.token || !ANNOTATOR_NAME.test(page.annotator)) {
    showLogin(params);
    return;
  }
  $('login').hidden = true;
  page.storeKey = `tourney.annotate.v1.${page.campaign}.${page.annotator}`;
  $('help').textContent = page.scoring
    ? (page.mode === 'esa'
      ? 'Select words of the translation, then m (minor) or Shift+M (major); then the score; Enter submits.'
      : page.mode === 'mqm'
        ? 'Choose a category, select words of the translation, then m (minor) or Shift+M (major); ' +
          'Enter submits (no error: a perfect segment).'
        : 'Arrow keys or type the score (0–100); Enter submits.')
    : 'Tab or ↑/↓ (j/k) move between outputs; 1–9 give the focused output its rank (equal ' +
      'ranks tie), 0 clears it; Enter submits.';
  showGuidelines();
  const state = loadState();
  if (state.current) {
    render(state);
  } else {
    nextItem();
  }
}

window.addEventListener('storage', (e) => {
  if (!page.storeKey || e.key !== page.storeKey) return;
  const state = loadState();
  if (!$('done').hidden) return;
  if (!state.current && page.busy) return;
  render(state);
});
window.addEventListener('hashchange', start);
document.addEventListener('keydown', onKey);
start();
