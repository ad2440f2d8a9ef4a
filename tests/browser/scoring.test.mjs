// Three annotators score a scoring campaign on the annotator page, one with error spans
// (ESA) and two with the slider (DA), until the campaign is complete; the export holds
// exactly the scores entered; the dashboard's estimates equal `tourney estimate` on them.
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

// Scores the shown item: ESA marks the output's first five characters a minor error
// (selection, then the m key) and types the score; DA moves the slider with the keys.
async function scoreItem(page, mode, score) {
  if (mode === 'esa') {
    await page.evaluate(() => {
      const text = document.querySelector('.output.single .text').firstChild;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, Math.min(5, text.length));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    });
    await page.keyboard.press('m');
    await page.waitForSelector('.output.single mark.span.minor');
    await page.fill('#score-number', String(score));
    await page.focus('#score-number');
  } else {
    await page.focus('#score-slider');
    await page.keyboard.press('End');
    for (let i = 0; i < 100 - score; i++) await page.keyboard.press('ArrowLeft');
  }
  await page.keyboard.press('Enter');
}

test('three annotators score a campaign (ESA and DA); export and dashboard agree with tourney estimate',
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
    scoreMin: 0, scoreMax: 100, content,
  } });
  const id = created.campaignId;
  const entered = new Map();  // "system|segment" -> {annotator, score, spans}
  const codes = new Map();
  const annotators = [['esa1', 'esa'], ['da2', 'da'], ['da3', 'da']];
  await Promise.all(annotators.map(async ([annotator, mode], a) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
    await page.goto(`${server.http}/annotate/${id}#token=${created.annotatorToken}` +
                    `&annotator=${annotator}&mode=${mode}`);
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
      await scoreItem(page, mode, score);
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
    // The ESA annotator's one minor span over the output's first characters went with it.
    if (e.annotator === 'esa1') {
      assert.equal(s.errorSpans.length, 1);
      assert.deepEqual([s.errorSpans[0].start, s.errorSpans[0].severity], [0, 'minor']);
      assert.ok(s.errorSpans[0].end >= 1 && s.errorSpans[0].end <= 5);
    } else {
      assert.deepEqual(s.errorSpans || [], []);
    }
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
