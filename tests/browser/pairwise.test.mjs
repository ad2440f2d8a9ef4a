// Three annotators rank a pairwise campaign on the annotator page with the keyboard only;
// the export holds exactly what they entered; the dashboard's board equals `tourney rank`
// on the exported judgments (the CLI's export and the dashboard's CSV download alike).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SOURCE_DIR, completionCode, launchBrowser, nextShown, rankWithKeyboard, skipReason,
  startServer, tedContent, tedTable, tourney,
} from './harness.mjs';

const skip = skipReason();
const CAP = 4;  // judgments per annotator
let server;
let browser;

before(async () => {
  if (skip) return;
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('three annotators rank with the keyboard; export and dashboard agree with tourney rank',
     { skip: skip || false, timeout: 120000 }, async () => {
  const systems = [...new Set(tedTable().map((r) => r.system))].slice(0, 4);
  const content = tedContent(systems, 8);
  const created = await server.api('POST', '/v1/campaigns', { config: {
    enrolment: 'ENROLMENT_OPEN',  // the test's links use the shared token
    name: 'browser-pairwise', systems, k: 3, seed: 11,
    segments: content.segments.map((s) => ({ id: Number(s.segment), document: s.document })),
    qualityControl: { maxJudgmentsPerAnnotator: CAP }, content,
  } });
  const id = created.campaignId;
  const entered = new Map();  // matchId -> {annotator, ranks}
  const codes = new Map();
  await Promise.all(['ann1', 'ann2', 'ann3'].map(async (annotator, a) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    await page.goto(`${server.http}/annotate/${id}#token=${created.annotatorToken}&annotator=${annotator}`);
    let key = null;
    for (let j = 0; ; j++) {
      const cur = await nextShown(page, id, annotator, key);
      if (!cur) break;
      key = cur.key;
      // The texts are the campaign's, in the served order: one item per distinct text, named
      // 'A' or, for systems with the same output, 'A+B' (issue 47; docs/service.md).
      const texts = await page.$$eval('.output .text', (n) => n.map((x) => x.textContent));
      const seg = content.segments.find((s) => s.segment === cur.served.segment.id);
      const items = cur.served.systems;
      const textOf = (system) => seg.outputs.find((o) => o.system === system).text;
      assert.deepEqual(texts, items.map((item) => textOf(item.split('+')[0])));
      items.forEach((item, i) => item.split('+').forEach((s) => assert.equal(textOf(s), texts[i])));
      assert.equal(new Set(texts).size, texts.length, 'no text is shown twice');
      const n = items.length;
      const pattern = [1 + ((j + a) % 3), 1 + ((j + a + 1) % 3), j % 2 ? 1 + ((j + a) % 3) : 3]
        .slice(0, n).map((r) => Math.min(r, n));
      const ranks = await rankWithKeyboard(page, n, pattern);
      // The judgment every system of an item gets: the item's rank.
      const bySystem = new Map();
      items.forEach((item, i) => item.split('+').forEach((s) => bySystem.set(s, ranks[i])));
      entered.set(cur.served.matchId, { annotator, bySystem });
    }
    await page.waitForFunction(() => document.getElementById('done-code').textContent !== '');
    codes.set(annotator, [await page.textContent('#done-code'), await page.textContent('#done-decision')]);
    await context.close();
  }));
  assert.equal(entered.size, 3 * CAP);

  const judgments = await server.api('GET', `/v1/campaigns/${id}/judgments`);
  assert.equal(judgments.length, 3 * CAP);
  for (const j of judgments) {
    const e = entered.get(j.matchId);
    assert.ok(e, `judgment of match ${j.matchId} was entered`);
    assert.equal(j.ranking.annotator, e.annotator);
    assert.deepEqual(j.ranking.ranks, j.ranking.systems.map((s) => e.bySystem.get(s)));
  }
  // No control checks here: every annotator is undecided, and the page says so.
  for (const [annotator, [code, decision]] of codes) {
    assert.equal(code, completionCode(created.annotatorToken, id, annotator, 'undecided', CAP));
    assert.match(decision, /not decided/);
  }

  // The dashboard: the Expected Wins board, as `tourney rank` computes it offline.
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.http}/dashboard/${id}#token=${server.admin}`);
  await page.waitForFunction((n) => document.querySelectorAll('#board tbody tr').length === n &&
                                    document.querySelectorAll('#annotators tbody tr').length === 3, 4);
  assert.equal(new URL(page.url()).hash, '', 'the token left the address bar');
  // The campaign's own board comes first: the anytime board, which after 12 judgments
  // separates nothing, so every rank range spans all four places.
  const ranges = await page.$$eval('#board tbody tr', (rows) => rows.map((r) => r.cells[4].textContent));
  assert.deepEqual(ranges, ['1–4', '1–4', '1–4', '1–4']);
  // The fixed-sample Expected Wins board, as `tourney rank` computes it offline.
  await page.selectOption('#model', 'expected-wins');
  await page.waitForFunction(() => document.querySelectorAll('#board tbody tr')[0].cells[4].textContent === '–');
  const shown = await page.$$eval('#board tbody tr', (rows) => rows.map((r) => ({
    system: r.cells[1].textContent, score: r.cells[2].textContent })));
  const csv = join(server.dir, 'export.csv');
  tourney('campaign', 'export', '--server', `127.0.0.1:${server.grpcPort}`, '--token-file',
          server.tokenFile, '--campaign', id, '--output', csv);
  const offline = JSON.parse(tourney('rank', csv, '--model', 'expected-wins', '--format', 'json'));
  assert.deepEqual(shown, offline.entries.map((e) => ({ system: e.system, score: e.score.toFixed(3) })));
  // The dashboard's own CSV download ranks the same.
  const [download] = await Promise.all([page.waitForEvent('download'),
                                        page.click('text=Judgments (WMT CSV)')]);
  const mine = join(server.dir, 'dashboard.csv');
  await download.saveAs(mine);
  const fromPage = JSON.parse(tourney('rank', mine, '--model', 'expected-wins', '--format', 'json'));
  assert.deepEqual(fromPage.entries.map((e) => [e.system, e.score]),
                   offline.entries.map((e) => [e.system, e.score]));
  // The board as LaTeX: one row per system of the board shown, in its order.
  const [tex] = await Promise.all([page.waitForEvent('download'),
                                   page.click('text=Leaderboard (LaTeX)')]);
  const texFile = join(server.dir, 'board.tex');
  await tex.saveAs(texFile);
  const texRows = readFileSync(texFile, 'utf8').split('\n').filter((l) => /^\d+ & /.test(l));
  assert.deepEqual(texRows.map((l) => l.split(' & ')[1]), shown.map((e) => e.system));
  // The annotators' completion codes on the dashboard are the ones the page showed.
  const table = await page.$$eval('#annotators tbody tr', (rows) => rows.map((r) => [
    r.cells[0].textContent, r.cells[9].textContent]));
  for (const [annotator, code] of table) assert.equal(code, codes.get(annotator)[0]);
  if (process.env.TOURNEY_UPDATE_SCREENSHOTS) {
    mkdirSync(join(SOURCE_DIR, 'docs', 'img'), { recursive: true });
    await page.screenshot({ path: join(SOURCE_DIR, 'docs', 'img', 'dashboard.png'), fullPage: true });
  }
  // Exclude, then close, from the page.
  await page.click('button[data-annotator="ann2"]');
  await page.waitForFunction(() => document.querySelector('#annotators tbody tr.excluded'));
  await page.click('#close');
  await page.click('#close');  // the second click confirms
  await page.waitForFunction(() => document.getElementById('state').textContent.startsWith('closed'));
  const info = await server.api('GET', `/v1/campaigns/${id}`);
  assert.equal(info.state, 'CAMPAIGN_STATE_CLOSED');
  assert.deepEqual(info.excludedAnnotators, ['ann2']);
  await context.close();
});
