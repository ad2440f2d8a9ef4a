// What the annotator page and the dashboard share: the JSON API client, the link's
// fragment, DOM building (text only: nothing from the server is ever parsed as markup), text
// direction, and the completion decision's wording. docs/web.md describes the pages.

// Scoring campaigns' ids are 2^32 and up (docs/http.md); pairwise ids are below.
export const SCORING_ID_FLOOR = 4294967296n;

// An error answer of the API ({"error":{code,status,message}}), or a network failure
// (httpStatus 0, status "NETWORK").
export class ApiError extends Error {
  constructor(httpStatus, status, message) {
    super(message);
    this.httpStatus = httpStatus;
    this.status = status;
  }
}

// Calls the JSON API: `body` (an object) is sent as JSON with POST, none with GET. Resolves
// to the parsed answer; rejects with an ApiError.
export async function callApi(token, method, path, body) {
  const init = { method, headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'NETWORK', 'the server cannot be reached (' + e.message + ')');
  }
  let parsed = null;
  try {
    parsed = await response.json();
  } catch (e) {
    if (response.ok) throw new ApiError(response.status, 'INTERNAL', 'the answer is not JSON');
  }
  if (!response.ok) {
    const err = parsed && parsed.error ? parsed.error : {};
    throw new ApiError(response.status, err.status || 'UNKNOWN',
                       err.message || 'HTTP ' + response.status);
  }
  return parsed;
}

// GET answers kept with their entity tags, by path: a repeated GET sends If-None-Match and
// a 304 (no body) reuses the kept answer, so a poll of something unchanged costs a few
// hundred bytes.
const tagged = new Map();

// A GET of the JSON API that revalidates (see `tagged`): resolves to the parsed answer,
// fresh or kept; rejects with an ApiError as callApi.
export async function callApiTagged(token, path) {
  const kept = tagged.get(path);
  const init = { method: 'GET', headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' };
  if (kept) init.headers['If-None-Match'] = kept.etag;
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'NETWORK', 'the server cannot be reached (' + e.message + ')');
  }
  if (response.status === 304 && kept) {
    await response.arrayBuffer();  // the empty body, read so that the request completes
    return kept.value;
  }
  let parsed = null;
  try {
    parsed = await response.json();
  } catch (e) {
    if (response.ok) throw new ApiError(response.status, 'INTERNAL', 'the answer is not JSON');
  }
  if (!response.ok) {
    const err = parsed && parsed.error ? parsed.error : {};
    throw new ApiError(response.status, err.status || 'UNKNOWN',
                       err.message || 'HTTP ' + response.status);
  }
  const etag = response.headers.get('ETag');
  if (etag) tagged.set(path, { etag, value: parsed });
  return parsed;
}

// The campaign id of a page path such as "/annotate/7", as a decimal string, or null.
export function campaignIdOfPath(pathname) {
  const m = /^\/(?:annotate|dashboard)\/([1-9][0-9]{0,19})$/.exec(pathname);
  return m ? m[1] : null;
}

export function isScoringCampaign(id) {
  return BigInt(id) >= SCORING_ID_FLOOR;
}

// The fragment's parameters ("#token=…&annotator=…") as a Map.
export function fragmentParams(hash) {
  return new Map(new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash));
}

// Languages written right to left, by primary subtag (BCP 47).
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku-arab',
                               'pa-arab', 'ps', 'sd', 'ug', 'ur', 'yi', 'syr']);

// "rtl" for a right-to-left language tag, "ltr" for another known one, "auto" when empty.
export function directionOf(tag) {
  if (!tag) return 'auto';
  const lower = tag.toLowerCase();
  const primary = lower.split(/[-_]/)[0];
  if (RTL_LANGUAGES.has(primary) || RTL_LANGUAGES.has(lower.split('-').slice(0, 2).join('-'))) {
    return 'rtl';
  }
  if (/-arab\b/.test(lower) || /-hebr\b/.test(lower)) return 'rtl';
  return 'ltr';
}

// Builds an element: `props` may hold className, text (set as textContent), dir, id,
// attrs (an object of attributes), on (an object of event listeners); then children.
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.id) node.id = props.id;
  if (props.dir) node.dir = props.dir;
  if (props.text !== undefined && props.text !== null) node.textContent = String(props.text);
  for (const [k, v] of Object.entries(props.attrs || {})) node.setAttribute(k, String(v));
  for (const [k, v] of Object.entries(props.on || {})) node.addEventListener(k, v);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// Replaces an element's children.
export function fill(node, ...children) {
  node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// A random 128-bit key in hex (crypto.getRandomValues works on plain-HTTP pages too).
export function randomKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// What a completion code's decision means to the annotator.
export function decisionText(decision) {
  if (decision === 'pass') return 'Quality checks: passed.';
  if (decision === 'fail') return 'Quality checks: not passed.';
  return 'Quality checks: not decided (too few checks so far).';
}

// A number with `digits` decimals, or "–" when absent.
export function fmt(value, digits = 3) {
  if (value === undefined || value === null || Number.isNaN(Number(value))) return '–';
  return Number(value).toFixed(digits);
}

// Offers `text` as a file download (a blob: link clicked once).
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { attrs: { href: url, download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// A CSV field, quoted when it needs to be (RFC 4180).
export function csvField(value) {
  const s = String(value ?? '');
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}
