// Three annotators score a DA campaign on the annotator page with the slider and the keys,
// until the campaign is complete; the export holds exactly the scores entered; the
// dashboard's estimates equal `tourney estimate` on them. (ESA and MQM: pages.test.mjs and
// mqm.test.mjs.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  completionCode, launchBrowser, nextShown, skipReason, startServer, tedContent, tedTable,
  tourney,
} from './harness.mjs';

const skip = skipReason();
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

// Scores the shown item: the slider, moved with the keys.
async function scoreItem(page, score) {
  await page.focus('#score-slider');
  await page.keyboard.press('End');
  for (let i = 0; i < 100 - score; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
}

test('three annotators score a DA campaign; export and dashboard agree with tourney estimate',
     { skip: skip || false, timeout: 150000 }, async () => {
  const systems = [...new Set(tedTable().map((r) => r.system))].slice(0, 3);
  const content = tedContent(systems, 5);
  const rows = [];
  for (const s of content.segments) {
    for (const system of systems) rows.push({ system, document: s.document, segment: s.segment });
  }
  const created = await server.api('POST', '/v1/campaigns:createScoring', { config: {
    enrolment: 'ENROLMENT_OPEN',  // the test's links use the shared token
    name: 'browser-scoring', rows, design: 'random', estimator: 'mean', bound: 'clt', seed: 5,
    scoreMin: 0, scoreMax: 100, content, protocol: 'da',
  } });
  const id = created.campaignId;
  const entered = new Map();  // "system|segment" -> {annotator, score, spans}
  const codes = new Map();
  const annotators = ['da1', 'da2', 'da3'];
  await Promise.all(annotators.map(async (annotator, a) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    await page.goto(`${server.http}/annotate/${id}#token=${created.annotatorToken}` +
                    `&annotator=${annotator}`);
    let key = null;
    let count = 0;
    for (let j = 0; ; j++) {
      const cur = await nextShown(page, id, annotator, key);
      if (!cur) break;
      key = cur.key;
      const seg = content.segments.find((s) => s.segment === cur.served.segment);
      const output = seg.outputs.find((o) => o.system === cur.served.system).text;
      assert.equal(await page.textContent('.output.single .text'), output);
      const score = 100 - ((7 * j + 13 * a) % 37);
      await scoreItem(page, score);
      entered.set(`${cur.served.system}|${cur.served.segment}`, { annotator, score });
      count += 1;
    }
    await page.waitForFunction(() => document.getElementById('done-code').textContent !== '');
    codes.set(annotator, [await page.textContent('#done-code'), count]);
    await context.close();
  }));
  assert.equal(entered.size, rows.length);

  const scores = await server.api('GET', `/v1/campaigns/${id}/scores`);
  assert.equal(scores.length, rows.length);
  for (const s of scores) {
    const e = entered.get(`${s.system}|${s.segment}`);
    assert.deepEqual({ annotator: s.annotator, score: s.score }, e);
    assert.deepEqual(s.errorSpans || [], []);
  }
  for (const [annotator, [code, count]] of codes) {
    assert.equal(code, completionCode(created.annotatorToken, id, annotator, 'undecided', count));
  }

  const page = await browser.newPage();
  await page.goto(`${server.http}/dashboard/${id}#token=${server.admin}`);
  await page.waitForFunction((n) => document.querySelectorAll('#board tbody tr').length === n &&
                                    document.querySelectorAll('#annotators tbody tr').length === 3,
                             systems.length);
  const shown = await page.$$eval('#board tbody tr', (trs) => trs.map((r) => ({
    rank: Number(r.cells[0].textContent), system: r.cells[1].textContent, value: r.cells[2].textContent })));
  const table = join(server.dir, 'scores.tsv');
  writeFileSync(table, 'system\tdoc\tseg\tscore\n' + scores.map(
    (s) => `${s.system}\t${s.document}\t${s.segment}\t${s.score}`).join('\n') + '\n');
  const offline = JSON.parse(tourney('estimate', table, '--score', 'score', '--design', 'random',
                                     '--estimator', 'mean', '--bound', 'clt', '--test-set-size',
                                     String(content.segments.length), '--format', 'json'));
  assert.deepEqual(shown, offline.leaderboard.entries.map((e) => ({
    rank: e.rank, system: e.system, value: e.score.toFixed(3) })));
  const table2 = await page.$$eval('#annotators tbody tr', (trs) => trs.map((r) => [
    r.cells[0].textContent, r.cells[4].textContent]));
  for (const [annotator, code] of table2) assert.equal(code, codes.get(annotator)[0]);
  await page.close();
});
