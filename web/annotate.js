// The annotator page, /annotate/{campaign_id}#token=…&annotator=… (docs/web.md). What the
// annotator does comes from the campaign (GetAnnotatorProgress.protocol), never from the
// link: "ranking" ranks the k outputs of a match 1 (best) .. k (worst), ties allowed; "da"
// and "plain" a 0–100 score; "esa" error spans, then the score; "mqm" error spans with
// categories. The token leaves the address bar once read (this tab's sessionStorage keeps
// it), and every refusal says what is missing and how to go on.
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
import {
  documentHead, documentSegments, newScreenState, renderScreen, screenDoubt, screenKey,
  screenReady, screenReason, screenRequest,
} from './screens.js';

const $ = (id) => document.getElementById(id);
const ANNOTATOR_NAME = /^[A-Za-z0-9._@:-]{1,128}$/;

const page = {
  campaign: campaignIdOfPath(location.pathname),
  token: '',
  annotator: '',
  mode: 'da',       // scoring campaigns: "da", "esa" or "mqm" (from the campaign)
  scoring: false,
  screens: false,   // a contrastive campaign: k outputs scored on one screen (screens.js)
  name: '',         // the campaign's name
  doneAtStart: 0,   // judgments the server had committed for the annotator when the page opened
  submittedAtStart: 0,  // this browser's submitted count at that moment
  leftAtStart: null,    // screens left then (the cap minus the committed), or null: no cap
  leaseTimer: 0,
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

// Screens done (committed when the page opened, plus those submitted since) and, when the
// campaign caps the annotator's work, screens left. Which items those are is never said.
function showProgress(state) {
  const since = Math.max(0, state.submitted.length - page.submittedAtStart);
  const done = page.doneAtStart + since;
  let text = `Screens done: ${done}`;
  if (page.leftAtStart !== null) text += ` · left: ${Math.max(0, page.leftAtStart - since)}`;
  $('progress').textContent = text;
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
  fill($('task'), el('p', { className: 'loading',
                            text: `Loading the next ${page.screens ? 'screen' : 'item'}…` }));
  try {
    const verb = page.screens ? 'nextScreen' : page.scoring ? 'nextItem' : 'nextMatch';
    const served = await callApi(page.token, 'POST', `/v1/campaigns/${page.campaign}:${verb}`,
                                 { annotator: page.annotator });
    const k = page.scoring ? 1 : served.systems.length;
    const state = updateState((s) => {
      if (s.current) return;  // another tab stored one first: keep it, ours expires
      // A screen's key is its id: the server stores a screen once, whatever the retries.
      s.current = page.screens
        ? newScreenState(served, served.screenId)
        : { served, key: page.annotator + '-' + randomKey(), ranks: Array(k).fill(0),
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
    signInAgain(e);
  } else if (e.status === 'FAILED_PRECONDITION') {
    showDone(/complete/.test(msg) ? 'Every item of the campaign is scored.'
                                  : 'The campaign is closed (' + msg + ').');
  } else if (page.screens && e.status === 'NOT_FOUND') {
    // NextScreen's NOT_FOUND: no segment is left that this annotator has not seen.
    showDone('You have scored every screen this campaign has for you.');
  } else if (e.status === 'RESOURCE_EXHAUSTED' && /cap/.test(msg)) {
    showDone('You have given the campaign\'s maximum number of judgments.');
  } else {
    // Nothing to serve right now (every item leased), too many leases, or the network.
    const why = e.status === 'NOT_FOUND'
      ? 'Every item left is being worked on by someone else right now.'
      : e.status === 'RESOURCE_EXHAUSTED'
        ? 'You hold as many items as the campaign allows at once; finish or wait for one.'
        : e.status === 'NETWORK' ? 'The server cannot be reached (check your connection).'
          : 'The server could not give you an item (' + msg + ').';
    notice(why + ' Nothing is lost: the page tries again in 10 s, or press "Try now".', 'warn');
    fill($('task'), el('button', { text: 'Try now', attrs: { type: 'button' },
                                   on: { click: () => nextItem() } }));
    page.retryTimer = setTimeout(nextItem, 10000);
  }
}

// ---- submitting ----

function ready(cur) {
  if (page.screens) return screenReady(cur);
  if (page.scoring) return scoreReady(cur, page.mode);
  return cur.ranks.every((r) => r >= 1 && r <= cur.ranks.length);
}

async function submit() {
  const state = loadState();
  const cur = state.current;
  if (!cur || page.busy) return;
  if (!ready(cur)) {
    if (page.screens) {
      notice('Not sent yet. ' + screenReason(cur), 'warn');
    } else if (page.scoring) {
      notice('Not sent yet: set a score first (move the slider or type 0–100), then press ' +
             'Enter or Submit.', 'warn');
    } else {
      const missing = cur.ranks.map((r, i) => (r >= 1 ? null : i + 1)).filter((i) => i);
      notice(`Not sent yet: output${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ` +
             `${missing.length > 1 ? 'have' : 'has'} no rank. Give every output a rank from 1 ` +
             `(best) to ${cur.ranks.length} (worst), then press Enter or Submit.`, 'warn');
    }
    return;
  }
  // A screen stays the annotator's after its lease (SubmitScreen takes it until the campaign
  // closes); an item's lease ends it.
  if (!page.screens && leaseExpired(cur)) {
    announceExpired(cur);
    return;
  }
  const doubt = page.scoring && !cur.confirmed
    ? (page.screens ? screenDoubt(cur, page.mode, ESA_CONFIRM_BELOW) : lowScoreDoubt(cur)) : null;
  if (doubt) {
    askToConfirm(doubt);
    return;
  }
  page.busy = true;
  document.querySelectorAll('.submit').forEach((b) => { b.disabled = true; });
  notice('Saving…');
  let path;
  let body;
  if (page.screens) {
    // The request is kept with the screen once sent: a retry sends the very same answers
    // (any change to the answers clears it), which the server acknowledges again.
    path = `/v1/campaigns/${page.campaign}:submitScreen`;
    body = cur.sent || screenRequest(cur, page.annotator);
    if (!cur.sent) {
      updateState((s) => { if (s.current && s.current.key === cur.key) s.current.sent = body; });
    }
  } else if (page.scoring) {
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
  } else if (page.screens && (e.status === 'NOT_FOUND' || e.status === 'FAILED_PRECONDITION')) {
    finishItem(cur.key, false);
    notice('This screen was NOT saved: the server no longer holds it for you (it restarted, ' +
           'or the screen was not yours). Here is a new screen. (' + msg + ')', 'warn');
    nextItem();
  } else if (page.screens && e.status === 'ALREADY_EXISTS') {
    finishItem(cur.key, false);
    notice('This screen was already submitted with other scores (another tab?); it is ' +
           'kept as first submitted. Moving on.', 'warn');
    nextItem();
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
  } else if (e.httpStatus === 401 || e.httpStatus === 403) {
    // The answer stays stored here; signed in again, the same item and key come back.
    signInAgain(e);
  } else if (e.status === 'INVALID_ARGUMENT') {
    notice('The server did not accept this answer (' + msg + '). Nothing was saved: ' +
           'change the answer and press Submit again.', 'error');
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
    out.push(el('div', { className: 'context before', dir: sdir === 'rtl' ? 'rtl' : undefined },
                el('div', { className: 'label', text: 'Context: the sentences before (not to judge)' }),
                ...texts.contextBefore.map((t) => el('p', { dir: 'auto', text: t }))));
  }
  out.push(textBlock('Source', texts.source, sdir, 'source'));
  if (texts.contextAfter && texts.contextAfter.length) {
    out.push(el('div', { className: 'context after', dir: sdir === 'rtl' ? 'rtl' : undefined },
                el('div', { className: 'label', text: 'Context: the sentences after (not to judge)' }),
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
  const reason = $('submit-reason');
  if (reason) reason.textContent = cur && page.screens ? screenReason(cur) : '';
}

function renderPairwise(cur) {
  const served = cur.served;
  const k = served.systems.length;
  const texts = served.texts;
  const tdir = directionOf(texts && texts.targetLanguage);
  const legend = el('p', { id: 'rank-legend', className: 'rank-legend',
                           text: `Rank the ${k} translations: 1 = best, ${k} = worst. ` +
                                 'Give equal ranks to translations of equal quality.' });
  const list = el('ol', { className: 'outputs', dir: tdir === 'rtl' ? 'rtl' : undefined,
                          attrs: { 'aria-label': `Rank these ${k} translations (1 = best, ${k} = worst)` } });
  for (let i = 0; i < k; i++) {
    const rank = cur.ranks[i];
    const buttons = el('div', { className: 'ranks', attrs: { role: 'group',
                                                             'aria-label': `Rank of output ${i + 1}` } },
                       el('span', { className: 'rank-end', text: 'best', attrs: { 'aria-hidden': 'true' } }));
    for (let r = 1; r <= k; r++) {
      buttons.append(el('button', {
        className: 'rank', text: r,
        attrs: { type: 'button', 'data-rank': r, 'aria-pressed': String(rank === r),
                 tabindex: '-1' },
        on: { click: () => setRank(i, r) },
      }));
    }
    buttons.append(el('span', { className: 'rank-end', text: 'worst', attrs: { 'aria-hidden': 'true' } }));
    const text = texts ? texts.outputs[i] : `(output ${i + 1}: no text in this campaign)`;
    list.append(el('li', {
      className: 'output' + (rank > 0 ? ' ranked' : ''),
      attrs: { tabindex: '0', 'data-index': i, 'aria-label': `Output ${i + 1}` },
    }, el('div', { className: 'output-head' },
          el('span', { className: 'label', text: `Output ${i + 1}` }), buttons),
       el('div', { className: 'text', dir: 'auto', text })));
  }
  return [legend, list];
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
  const saveScreen = (change) => {
    const s = updateState((st) => {
      if (!st.current || st.current.key !== cur.key) return;
      change(st.current);
      st.current.confirmed = false;  // a changed answer is asked about again
      st.current.sent = null;        // and sent as changed
    });
    updateSubmit(s.current);
    return s.current && s.current.key === cur.key ? s.current : null;
  };
  const body = page.screens
    ? renderScreen(cur, page.mode, { save: saveScreen, notice })
    : page.scoring
    ? renderScoring(cur, page.mode, {
      save: (change) => {
        const s = updateState((st) => {
          if (!st.current || st.current.key !== cur.key) return;
          change(st.current);
          st.current.confirmed = false;  // a changed answer is asked about again
        });
        updateSubmit(s.current);
        return s.current;
      },
      notice,
    })
    : renderPairwise(cur);
  const lease = Number(cur.served.leaseExpiresUnixMs || 0);
  // A screen carries its texts at the top level (NextScreenResponse), an item in `texts`;
  // a document screen shows each segment's source in its own row (screens.js).
  const context = page.screens && documentSegments(cur.served).length
    ? [documentHead(cur.served)]
    : page.screens
    ? contextBlocks({ ...cur.served, texts: cur.served.source ? cur.served : null })
    : contextBlocks(cur.served);
  fill(task, ...context, ...body,
       el('div', { className: 'actions' },
          el('button', { className: 'submit', text: page.screens ? 'Submit the screen (Enter)' : 'Submit (Enter)',
                         attrs: { type: 'button' }, on: { click: () => submit() } }),
          page.screens ? el('span', { id: 'submit-reason', className: 'submit-reason',
                                      attrs: { 'aria-live': 'polite' } }) : null,
          lease ? el('span', { id: 'lease', className: 'lease',
                               text: 'Held for you until ' + new Date(lease).toLocaleTimeString() })
                : null),
       el('div', { id: 'confirm', className: 'confirm', attrs: { hidden: '' } }));
  updateSubmit(cur);
  watchLease(cur);
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
  if (page.screens) {
    screenKey(e);
    return;
  }
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

// The sign-in form, with the name (and a token the server did not refuse) filled in. A
// pasted link is read for its token and name.
function showLogin(annotator = '', token = '') {
  clearTimeout(page.retryTimer);
  clearInterval(page.leaseTimer);
  $('login').hidden = false;
  $('task').hidden = true;
  $('done').hidden = true;
  $('guidelines').hidden = true;
  $('login-annotator').value = annotator;
  $('login-token').value = token;
  $('login-go').onclick = () => {
    let typedToken = $('login-token').value.trim();
    let name = $('login-annotator').value.trim();
    const hash = typedToken.indexOf('#');
    if (hash >= 0) {  // a whole link pasted into the token field
      const fromLink = fragmentParams(typedToken.slice(hash));
      typedToken = fromLink.get('token') || '';
      name = fromLink.get('annotator') || name;
    }
    if (!typedToken) {
      notice('The token is missing: paste the link the organiser sent you (or the token ' +
             'it holds, the part after "token=").', 'warn');
      return;
    }
    if (!ANNOTATOR_NAME.test(name)) {
      notice('The annotator name is missing or not allowed: use 1 to 128 letters, digits ' +
             'and . _ @ : - (the name in your link, after "annotator=").', 'warn');
      return;
    }
    remember(typedToken, name);
    start();
  };
}

// A 401 (a wrong or revoked token) or 403 (a name the token is not for): the sign-in form
// again, with what went wrong and what to do, in plain words.
function signInAgain(e) {
  const name = page.annotator;
  forget();
  showLogin(name, '');
  notice(e.httpStatus === 403
    ? `This link is not for the name "${name}": each link carries its own name. Open the ` +
      'exact link the organiser sent you, or ask them for a link of your own.'
    : 'The server does not accept this link\'s token (it is mistyped, or the organiser ' +
      'revoked it). Paste the link the organiser sent you again, or ask them for a new one.',
  'error');
}

// ---- the token: read from the link once, then kept in this tab only ----

function sessionKey() {
  return `tourney.annotate.signin.${page.campaign}`;
}

function remember(token, annotator) {
  sessionStorage.setItem(sessionKey(), JSON.stringify({ token, annotator }));
}

function forget() {
  sessionStorage.removeItem(sessionKey());
  page.token = '';
}

function recalled() {
  try {
    const s = JSON.parse(sessionStorage.getItem(sessionKey()) || 'null');
    if (s && typeof s.token === 'string' && typeof s.annotator === 'string') return s;
  } catch (e) {
    // A damaged entry signs in again.
  }
  return { token: '', annotator: '' };
}

// ---- the lease: said before it ends, and when it has ended ----

function leaseExpired(cur) {
  const lease = Number(cur.served.leaseExpiresUnixMs || 0);
  return lease > 0 && Date.now() >= lease;
}

function announceExpired(cur) {
  clearInterval(page.leaseTimer);
  document.querySelectorAll('.submit').forEach((b) => { b.disabled = true; });
  notice('The time held for this item has run out, so it can no longer be saved (it may ' +
         'already be someone else\'s). Nothing of yours is lost but this item: press "Get a ' +
         'new item" to go on.', 'warn');
  const lease = $('lease');
  if (lease) lease.textContent = 'Time for this item is over.';
  const box = $('confirm');
  if (box) {
    fill(box, el('button', { id: 'new-item', text: 'Get a new item', attrs: { type: 'button' },
                             on: { click: () => { finishItem(cur.key, false); notice(''); nextItem(); } } }));
    box.hidden = false;
    $('new-item').focus();
  }
}

// Counts down the last minutes of the item's lease beside the submit button and says when
// it has ended, before the annotator submits.
function watchLease(cur) {
  clearInterval(page.leaseTimer);
  const lease = Number(cur.served.leaseExpiresUnixMs || 0);
  if (!lease) return;
  const tick = () => {
    const left = Math.ceil((lease - Date.now()) / 1000);
    const line = $('lease');
    if (page.screens) {
      // A screen can be submitted after its lease; the count says how long it is reserved.
      if (!line) return;
      if (left <= 0) {
        line.textContent = 'The time reserved for this screen is over; you can still submit it.';
        clearInterval(page.leaseTimer);
      } else if (left <= 120) {
        line.textContent = `Reserved for you for ${left} s more.`;
        line.classList.add('warn');
      }
      return;
    }
    if (left <= 0) {
      announceExpired(cur);
    } else if (left <= 120 && line) {
      line.textContent = `Held for you for ${left} s more: submit before then, or the item ` +
                         'goes back to the pool.';
      line.classList.add('warn');
    }
  };
  tick();
  page.leaseTimer = setInterval(tick, 1000);
}

// ---- a low score without an error span asks to confirm ----

// ESA: a score below this with no span marked is most likely a forgotten span (ESA's
// guidelines put 66 at "most meaning preserved, few mistakes").
const ESA_CONFIRM_BELOW = 66;

// Why the item's answer deserves a second look before it is sent, or null.
function lowScoreDoubt(cur) {
  const spans = (cur.spans || []).length;
  if (page.mode === 'esa' && spans === 0 && typeof cur.score === 'number' &&
      cur.score < ESA_CONFIRM_BELOW) {
    return `You scored this translation ${cur.score} but marked no error. A score below ` +
           `${ESA_CONFIRM_BELOW} usually means errors: mark them (select the words, then m ` +
           'or Shift+M), or send the score without errors.';
  }
  if (page.mode === 'mqm' && spans === 0) {
    return 'You marked no error: that says this translation is perfect (MQM score 0). Mark ' +
           'the errors (select the words, then m or Shift+M), or send it as perfect.';
  }
  return null;
}

function askToConfirm(text) {
  notice(text, 'warn');
  const box = $('confirm');
  fill(box, el('p', { text }),
       el('button', { id: 'confirm-send', text: 'Send without errors', attrs: { type: 'button' },
                      on: { click: () => {
                        updateState((s) => { if (s.current) s.current.confirmed = true; });
                        box.hidden = true;
                        submit();
                      } } }),
       el('button', { text: 'Go back and mark errors', attrs: { type: 'button' },
                      on: { click: () => { box.hidden = true; notice(''); } } }));
  box.hidden = false;
}

// The campaign as the annotator's token sees it (GetAnnotatorProgress): its name, its
// protocol (which form to show), the guidelines, and the screens done and left. Without it
// the page cannot know what to ask, so it says why and how to go on.
async function readCampaign() {
  let p;
  try {
    p = await callApi(page.token, 'POST', `/v1/campaigns/${page.campaign}:getAnnotatorProgress`,
                      { annotator: page.annotator });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.httpStatus === 401 || e.httpStatus === 403) {
      signInAgain(e);
    } else if (e.status === 'NOT_FOUND') {
      forget();
      showLogin(page.annotator, '');
      notice(`There is no campaign ${page.campaign} on this server: check that the link is ` +
             'complete, or ask the organiser for it again.', 'error');
    } else {
      notice('The campaign cannot be read right now (' + e.message + '). Nothing is lost: ' +
             'the page tries again in 10 s.', 'warn');
      page.retryTimer = setTimeout(start, 10000);
    }
    return null;
  }
  return p;
}

// The form a protocol asks for: "ranking", or a scoring form "da", "esa" or "mqm" ("plain"
// scores are entered as DA's 0–100).
const PROTOCOL_LABEL = { ranking: 'ranking', da: 'score (0–100)', plain: 'score (0–100)',
                         esa: 'error spans and score (ESA)', mqm: 'error spans (MQM)' };

async function start() {
  notice('');
  clearTimeout(page.retryTimer);
  if (!page.campaign) {
    notice('This address names no campaign: the link is /annotate/{campaign id}#token=…. ' +
           'Open the exact link the organiser sent you.', 'error');
    return;
  }
  const params = fragmentParams(location.hash);
  if (params.get('token') || params.get('annotator')) {
    // The link's token moves to this tab's sessionStorage and leaves the address bar (and
    // with it the history and any screenshot). `mode` in a link is ignored: the campaign
    // says what to ask.
    remember(params.get('token') || '', params.get('annotator') || '');
    history.replaceState(null, '', location.pathname + location.search);
  }
  const signin = recalled();
  page.token = signin.token;
  page.annotator = signin.annotator;
  if (!page.token || !ANNOTATOR_NAME.test(page.annotator)) {
    showLogin(page.annotator, page.token);
    if (page.token || page.annotator) {
      notice(!page.token ? 'This link has no token: paste the whole link the organiser sent you.'
                         : 'This link has no valid annotator name: paste the whole link the ' +
                           'organiser sent you.', 'warn');
    }
    return;
  }
  $('login').hidden = true;
  const progress = await readCampaign();
  if (!progress) return;
  const protocol = progress.protocol || (isScoringCampaign(page.campaign) ? 'da' : 'ranking');
  page.scoring = protocol !== 'ranking';
  // A contrastive campaign (screen_size k >= 2): k outputs scored on one screen.
  page.screens = page.scoring && Number(progress.outputsPerScreen || 1) >= 2;
  document.body.classList.toggle('screens', page.screens);
  page.mode = protocol === 'esa' || protocol === 'mqm' ? protocol : 'da';
  page.name = progress.campaignName || `campaign ${page.campaign}`;
  $('campaign-label').textContent = `${page.name} · ${PROTOCOL_LABEL[protocol] || protocol}` +
    (page.screens ? ` · ${progress.outputsPerScreen} translations a screen` : '') +
    ` · signed in as ${page.annotator}`;
  document.title = `${page.name} · tourney`;
  if (progress.guidelines) {
    fill($('guidelines'), el('h2', { text: 'Guidelines' }),
         el('p', { className: 'guidelines-text', dir: 'auto', text: progress.guidelines }));
    $('guidelines').hidden = false;
  }
  page.storeKey = `tourney.annotate.v1.${page.campaign}.${page.annotator}`;
  page.doneAtStart = Number(progress.judgments || 0);
  page.submittedAtStart = loadState().submitted.length;
  page.leftAtStart = progress.screensLeft !== undefined ? Number(progress.screensLeft) : null;
  $('help').textContent = page.screens
    ? (page.mode === 'esa'
      ? 'Select words of a translation, then m (minor) or Shift+M (major); give every ' +
        'translation its score (slider or number); Enter submits the screen.'
      : 'Give every translation its score (slider or number); Enter submits the screen.')
    : page.scoring
    ? (page.mode === 'esa'
      ? 'Select words of the translation, then m (minor) or Shift+M (major); then the score; Enter submits.'
      : page.mode === 'mqm'
        ? 'Choose a category, select words of the translation, then m (minor) or Shift+M (major); ' +
          'Enter submits (no error: a perfect segment).'
        : 'Arrow keys or type the score (0–100); Enter submits.')
    : 'Tab or ↑/↓ (j/k) move between outputs; 1–9 give the focused output its rank (1 = ' +
      'best; equal ranks tie), 0 clears it; Enter submits.';
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
window.addEventListener('hashchange', () => {
  // A link pasted into the address bar of an open page.
  if (fragmentParams(location.hash).get('token')) start();
});
document.addEventListener('keydown', onKey);
start();
