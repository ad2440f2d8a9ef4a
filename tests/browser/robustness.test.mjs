// The annotator page under hostile texts and failures: markup in an output is shown as text
// and runs nothing; right-to-left text is laid out right to left; a reload mid-item keeps
// the match and the ranks; two tabs submitting one match store one judgment; an expired
// lease is announced before submitting, and one that ends while the answer is on its way is
// said so; either way a new match is served.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  SOURCE_DIR, launchBrowser, nextShown, rankWithKeyboard, skipReason, startServer, stored,
  tedContent, tedTable,
} from './harness.mjs';

const skip = skipReason();
let server;
let browser;
const SYSTEMS = () => [...new Set(tedTable().map((r) => r.system))].slice(0, 3);

before(async () => {
  if (skip) return;
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function createCampaign(name, override, extra = {}, target = 'de') {
  const systems = SYSTEMS();
  const content = tedContent(systems, 4, override, target);
  const created = await server.api('POST', '/v1/campaigns', { config: {
    enrolment: 'ENROLMENT_OPEN',  // the test's links use the shared token
    name, systems, k: 3, seed: 3,
    segments: content.segments.map((s) => ({ id: Number(s.segment), document: s.document })),
    content, ...extra,
  } });
  return { id: created.campaignId, token: created.annotatorToken, content, systems };
}

function link(c, annotator) {
  return `${server.http}/annotate/${c.id}#token=${c.token}&annotator=${annotator}`;
}

const PAYLOAD = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">' +
                '<b onmouseover="window.__pwned = 3">bold?</b> & &amp; "quoted"';
const RTL = 'مرحبا بالعالم — שלום עולם';

test('markup in outputs is shown literally and runs nothing; RTL text is right to left',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = await createCampaign('hostile', (system, seg, text) => {
    const [a, b] = SYSTEMS();
    if (system === a) return PAYLOAD;
    if (system === b) return RTL;
    return text;
  }, {}, 'ar');
  const context = await browser.newContext({ viewport: { width: 900, height: 1100 } });
  const page = await context.newPage();
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs += 1; d.dismiss(); });
  const violations = [];
  page.on('console', (m) => { if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text()); });
  const response = await page.goto(link(c, 'tester'));
  const csp = response.headers()['content-security-policy'];
  assert.match(csp, /default-src 'none'; script-src 'self'/);
  assert.equal(response.headers()['x-content-type-options'], 'nosniff');
  assert.equal(response.headers()['referrer-policy'], 'no-referrer');
  const cur = await nextShown(page, c.id, 'tester', null);
  const texts = await page.$$eval('.output .text', (n) => n.map((x) => x.textContent));
  const expected = cur.served.systems.map((s) => (s === SYSTEMS()[0] ? PAYLOAD : s === SYSTEMS()[1] ? RTL : null));
  expected.forEach((t, i) => { if (t !== null) assert.equal(texts[i], t); });
  await page.hover('.output .text');  // would fire an onmouseover if one had been parsed
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#task script, #task img, #task b').length), 0);
  assert.equal(dialogs, 0);
  // The target language is Arabic: the outputs' list is laid out right to left, and each
  // text block lets the browser pick its direction from its text.
  assert.equal(await page.getAttribute('.outputs', 'dir'), 'rtl');
  const rtlIndex = cur.served.systems.indexOf(SYSTEMS()[1]);
  const direction = await page.$eval(`.output[data-index="${rtlIndex}"] .text`,
                                     (n) => [n.dir, getComputedStyle(n).direction]);
  assert.deepEqual(direction, ['auto', 'rtl']);
  assert.deepEqual(violations, []);
  await context.close();
});

test('a reload mid-item keeps the match and the ranks; two tabs store one judgment',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = await createCampaign('reload', (s, g, t) => t);
  const context = await browser.newContext({ viewport: { width: 1000, height: 1000 } });
  const page = await context.newPage();
  await page.goto(link(c, 'reloader'));
  const cur = await nextShown(page, c.id, 'reloader', null);
  await page.focus('.output[data-index="0"]');
  await page.keyboard.press('2');
  await page.keyboard.press('1');
  if (process.env.TOURNEY_UPDATE_SCREENSHOTS) {
    mkdirSync(join(SOURCE_DIR, 'docs', 'img'), { recursive: true });
    await page.screenshot({ path: join(SOURCE_DIR, 'docs', 'img', 'annotate.png'), fullPage: true });
  }
  await page.reload();
  const again = await nextShown(page, c.id, 'reloader', null);
  assert.equal(again.served.matchId, cur.served.matchId);
  assert.equal(again.key, cur.key);
  const pressed = await page.$$eval('.output', (outs) => outs.map((o) => {
    const b = o.querySelector('.rank[aria-pressed="true"]');
    return b ? Number(b.textContent) : 0;
  }));
  assert.deepEqual(pressed, [2, 1, 0]);

  // The first submission reaches the server but its acknowledgment is lost: the page says
  // so and keeps the answer; Enter retries with the same key, which the server recognises.
  await page.focus('.output[data-index="2"]');
  await page.keyboard.press('3');
  let sent = 0;
  await page.route('**/*:submitJudgment', async (route) => {
    sent += 1;
    await route.fetch();  // committed on the server
    await route.abort('failed');
  });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Not saved yet/.test(document.getElementById('notice').textContent));
  await page.unroute('**/*:submitJudgment');
  assert.equal(sent, 1);
  assert.equal((await stored(page, c.id, 'reloader')).current.key, cur.key);
  await page.keyboard.press('Enter');
  const second = await nextShown(page, c.id, 'reloader', cur.key);
  let judgments = await server.api('GET', `/v1/campaigns/${c.id}/judgments`);
  assert.equal(judgments.length, 1);
  assert.equal(judgments[0].matchId, cur.served.matchId);
  assert.deepEqual(judgments[0].ranking.ranks, [2, 1, 3]);
  assert.match(await page.textContent('#progress'), /^Screens done: 1$/);

  // A second tab of the same browser shows the same match; both submit it at once.
  const other = await context.newPage();
  await other.goto(link(c, 'reloader'));
  assert.equal((await nextShown(other, c.id, 'reloader', null)).key, second.key);
  await page.focus('.output[data-index="0"]');
  for (const key of ['1', '1', '2']) await page.keyboard.press(key);
  await other.waitForFunction(() => !document.querySelector('.submit').disabled);
  await Promise.all([page, other].map((p) => p.evaluate(() => document.querySelector('.submit').click())));
  await nextShown(page, c.id, 'reloader', second.key);
  judgments = await server.api('GET', `/v1/campaigns/${c.id}/judgments`);
  assert.equal(judgments.filter((j) => j.matchId === second.served.matchId).length, 1);
  assert.equal(judgments.length, 2);
  // Counted once, though both tabs may have sent it.
  assert.match(await page.textContent('#progress'), /^Screens done: 2$/);
  await context.close();
});

test('an expired lease is announced before submitting, and a new match is served',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = await createCampaign('short-lease', (s, g, t) => t, { leaseSeconds: 2 });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link(c, 'slow'));
  const cur = await nextShown(page, c.id, 'slow', null);
  // Before the end: a countdown beside the submit button.
  await page.waitForFunction(() => /Held for you for \d+ s more/.test(document.getElementById('lease').textContent));
  // At the end, before any submission: said, the submit button off, a way on.
  await page.waitForFunction(() => /time held for this item has run out/.test(
    document.getElementById('notice').textContent), null, { timeout: 5000 });
  assert.equal(await page.$eval('.submit', (b) => b.disabled), true);
  await page.focus('.output[data-index="0"]');
  for (const key of ['1', '2', '3']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');  // refused on the page: nothing is sent
  assert.equal((await server.api('GET', `/v1/campaigns/${c.id}/judgments`)).length, 0);
  await page.click('#new-item');
  const fresh = await nextShown(page, c.id, 'slow', cur.key);
  assert.notEqual(fresh.served.matchId, cur.served.matchId);

  // A lease that ends while the answer is on its way (the page's clock says there is time
  // left): the server refuses it, and the page says the item was not saved and moves on.
  await page.evaluate(([k]) => {
    const s = JSON.parse(localStorage.getItem(k));
    s.current.served.leaseExpiresUnixMs = String(Date.now() + 3600000);
    localStorage.setItem(k, JSON.stringify(s));
  }, [`tourney.annotate.v1.${c.id}.slow`]);
  await page.waitForTimeout(2200);  // the server's lease has ended
  await page.reload();
  await nextShown(page, c.id, 'slow', null);
  await rankWithKeyboard(page, 3, [1, 2, 3]);
  const third = await nextShown(page, c.id, 'slow', fresh.key);
  assert.notEqual(third.served.matchId, fresh.served.matchId);
  assert.match(await page.textContent('#notice'), /NOT saved: its lease expired/);
  assert.equal((await server.api('GET', `/v1/campaigns/${c.id}/judgments`)).length, 0);
  await context.close();
});

test('cross-origin state changes are refused; pages carry the headers; unknown files 404',
     { skip: skip || false }, async () => {
  const c = await createCampaign('origin', (s, g, t) => t);
  const post = (origin) => fetch(`${server.http}/v1/campaigns/${c.id}:nextMatch`, {
    method: 'POST', body: JSON.stringify({ annotator: 'x' }),
    headers: { Authorization: 'Bearer ' + c.token, ...(origin ? { Origin: origin } : {}) },
  });
  assert.equal((await post('https://evil.example')).status, 403);
  assert.equal((await post(server.http)).status, 200);
  assert.equal((await post(null)).status, 200);
  const missing = await fetch(`${server.http}/web/nothing.js`);
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error.status, 'NOT_FOUND');
  const js = await fetch(`${server.http}/web/annotate.js`);
  assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const again = await fetch(`${server.http}/web/annotate.js`,
                            { headers: { 'If-None-Match': js.headers.get('etag') } });
  assert.equal(again.status, 304);
});
