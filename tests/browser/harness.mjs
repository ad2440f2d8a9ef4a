// What the browser tests share: a real tourneyd on free ports with a temporary data dir,
// the JSON API, the TED texts, the tourney CLI, and Debian's chromium driven by
// playwright-core (never a downloaded browser).
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
export const SOURCE_DIR = resolve(here, '..', '..');
export const BIN_DIR = process.env.TOURNEY_BIN_DIR || join(SOURCE_DIR, 'build', 'bin');
export const SHARED_DIR = process.env.TOURNEY_SHARED_DIR || resolve(SOURCE_DIR, '..', 'shared');
export const CHROMIUM = process.env.TOURNEY_CHROMIUM || '/usr/bin/chromium';
export const TED = join(SHARED_DIR, 'data', 'wmt21-ted-mqm-texts', 'en-de.texts.tsv.gz');

// Why the browser tests cannot run here, or null.
export function skipReason() {
  if (!existsSync(CHROMIUM)) return `no chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (!existsSync(join(BIN_DIR, 'tourneyd'))) return `no tourneyd in ${BIN_DIR} (build first)`;
  if (!existsSync(TED)) return `no TED texts at ${TED} (set TOURNEY_SHARED_DIR)`;
  return null;
}

// A tourneyd child: {http, grpcPort, admin, tokenFile, api(method, path, body, token), stop()}.
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'tourney-web-'));
  const admin = 'admin-' + Math.random().toString(16).slice(2) + '-token-for-tests';
  const tokenFile = join(dir, 'admin.token');
  writeFileSync(tokenFile, admin + '\n');
  const portFile = join(dir, 'port');
  const child = spawn(join(BIN_DIR, 'tourneyd'), [
    '--data-dir', join(dir, 'data'), '--admin-token-file', tokenFile,
    '--listen', '127.0.0.1:0', '--port-file', portFile, '--http-listen', '127.0.0.1:0',
    '--http-max-body-bytes', String(64 << 20), '--exit-with-parent',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const httpPort = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('tourneyd did not start: ' + stderr)), 20000);
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /HTTP API on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (m) { clearTimeout(timer); ok(Number(m[1])); }
    });
    child.on('exit', (code) => fail(new Error(`tourneyd exited (${code}): ${stderr}`)));
  });
  const http = `http://127.0.0.1:${httpPort}`;
  const grpcPort = Number(readFileSync(portFile, 'utf8').trim());
  const api = async (method, path, body, token = admin) => {
    const r = await fetch(http + path, {
      method, headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((ok) => (child.exitCode !== null ? ok() : child.on('exit', ok)));
    rmSync(dir, { recursive: true, force: true });
  };
  return { http, grpcPort, admin, tokenFile, dir, api, stop };
}

// The TED table: rows {system, doc, seg, source, target, reference}, in file order.
let tedRows = null;
export function tedTable() {
  if (tedRows) return tedRows;
  const lines = gunzipSync(readFileSync(TED)).toString('utf8').split('\n').filter(Boolean);
  const head = lines[0].split('\t');
  tedRows = lines.slice(1).map((line) => {
    const f = line.split('\t');
    return Object.fromEntries(head.map((h, i) => [h, f[i] ?? '']));
  });
  return tedRows;
}

// The content of the first `segments` segments of the TED table for `systems`, with
// `override(system, seg, text)` to replace an output.
export function tedContent(systems, segments, override = (s, g, t) => t, target = 'de') {
  const rows = tedTable();
  const segs = [...new Set(rows.map((r) => r.seg))].slice(0, segments);
  const content = { sourceLanguage: 'en', targetLanguage: target, format: 'table', segments: [] };
  for (const seg of segs) {
    const of = rows.filter((r) => r.seg === seg);
    const first = of[0];
    content.segments.push({
      segment: seg, document: first.doc, source: first.source,
      references: first.reference ? [first.reference] : [],
      outputs: systems.map((s) => {
        const row = of.find((r) => r.system === s);
        return { system: s, text: override(s, seg, row ? row.target : '') };
      }),
    });
  }
  return content;
}

// Runs the tourney CLI; its standard output.
export function tourney(...args) {
  return execFileSync(join(BIN_DIR, 'tourney'), args, { encoding: 'utf8' });
}

// Collects the page's uncaught errors into the returned list (a test asserts it is empty).
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

// Chromium, headless, from Debian's package.
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true,
                           args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

// The completion code as docs/service.md defines it (GetAnnotatorProgress), computed here
// independently of the server: the decision's initial, a dash, and the first four bytes of
// SHA-256 over SHA-256(annotator token), then "\n"-separated campaign id, annotator,
// decision and count.
export function completionCode(token, campaign, annotator, decision, count) {
  const tokenDigest = createHash('sha256').update(token, 'utf8').digest();
  const digest = createHash('sha256')
    .update(Buffer.concat([tokenDigest,
                           Buffer.from(`\n${campaign}\n${annotator}\n${decision}\n${count}`, 'utf8')]))
    .digest();
  return decision[0].toUpperCase() + '-' + digest.subarray(0, 4).toString('hex');
}

// ---- driving the annotator page ----

// The stored state of the annotator page (its localStorage entry).
export async function stored(page, campaign, annotator) {
  return page.evaluate(([c, a]) => JSON.parse(localStorage.getItem(`tourney.annotate.v1.${c}.${a}`)),
                       [campaign, annotator]);
}

// Waits until the page shows an item other than `previousKey`, or the end: the item's
// stored state, or null at the end.
export async function nextShown(page, campaign, annotator, previousKey) {
  const handle = await page.waitForFunction(([c, a, prev]) => {
    if (!document.getElementById('done').hidden) return 'done';
    const s = JSON.parse(localStorage.getItem(`tourney.annotate.v1.${c}.${a}`) || 'null');
    if (!s || !s.current || s.current.key === prev) return false;
    const k = s.current.served.systems ? s.current.served.systems.length : 1;
    return document.querySelectorAll('.output').length === k ||
           (!s.current.served.systems && document.querySelector('.output.single .text')) ? 'item' : false;
  }, [campaign, annotator, previousKey], { timeout: 15000 });
  if ((await handle.jsonValue()) === 'done') return null;
  return (await stored(page, campaign, annotator)).current;
}

// Ranks the shown match with digits (focus moves output by output) and submits with
// Enter; returns the ranks typed.
export async function rankWithKeyboard(page, k, pattern) {
  await page.focus('.output[data-index="0"]');
  for (let i = 0; i < k; i++) await page.keyboard.press(String(pattern[i]));
  // The last digit moved the focus to the submit button; Enter presses it.
  assert.equal(await page.evaluate(() => document.activeElement.className), 'submit');
  await page.keyboard.press('Enter');
  return pattern;
}

