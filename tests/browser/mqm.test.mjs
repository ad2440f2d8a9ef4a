// An MQM annotator on the annotator page: the campaign's guidelines are shown as text, error
// spans get a severity and a category, and the score stored is their weighted sum (Major 5,
// Minor 1, a minor Fluency/Punctuation error 0.1), worked out here by hand.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, nextShown, skipReason, startServer, tedContent, tedTable } from './harness.mjs';

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

// Selects characters [start, end) of the shown output's text, across the <mark> elements
// earlier spans left in it.
async function select(page, start, end) {
  await page.evaluate(([a, b]) => {
    const root = document.querySelector('.output.single .text');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let at = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const len = n.textContent.length;
      if (a >= at && a <= at + len) range.setStart(n, a - at);
      if (b >= at && b <= at + len) { range.setEnd(n, b - at); break; }
      at += len;
    }
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  }, [start, end]);
}

test('MQM: guidelines shown as text; spans with categories; the score is their weighted sum',
     { skip: skip || false, timeout: 60000 }, async () => {
  const systems = [...new Set(tedTable().map((r) => r.system))].slice(0, 1);
  const content = tedContent(systems, 2);
  content.guidelines = 'Mark every error.\n<b>Not bold</b>';
  const rows = content.segments.map((s) => ({ system: systems[0], document: s.document,
                                              segment: s.segment }));
  const created = await server.api('POST', '/v1/campaigns:createScoring', { config: {
    enrolment: 'ENROLMENT_OPEN',  // the test's links use the shared token
    name: 'browser-mqm', rows, design: 'random', estimator: 'mean', bound: 'clt', seed: 3,
    protocol: 'mqm', lowerIsBetter: true, scoreMin: 0, scoreMax: 1000, content,
  } });
  const id = created.campaignId;
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
  // No `mode` in the link: the campaign says it is MQM.
  await page.goto(`${server.http}/annotate/${id}#token=${created.annotatorToken}` +
                  '&annotator=mqm1');
  await page.waitForSelector('#guidelines:not([hidden])');
  assert.equal(await page.textContent('#guidelines .guidelines-text'), content.guidelines);
  assert.equal(await page.$('#guidelines b'), null, 'the guidelines are text, not markup');

  const expected = new Map();  // segment -> score
  let marked = null;  // the segment with the two spans
  let key = null;
  for (let j = 0; ; j++) {
    const cur = await nextShown(page, id, 'mqm1', key);
    if (!cur) break;
    key = cur.key;
    if (j === 0) {
      // A major mistranslation and a minor punctuation error: 5 + 0.1.
      await page.selectOption('#mqm-category', 'Accuracy/Mistranslation');
      await select(page, 0, 4);
      await page.keyboard.press('Shift+M');
      await page.waitForSelector('.output.single mark.span.major');
      await page.selectOption('#mqm-category', 'Fluency/Punctuation');
      await select(page, 5, 7);
      await page.keyboard.press('m');
      await page.waitForSelector('.output.single mark.span.minor');
      assert.equal(await page.textContent('#mqm-total'), 'MQM score: 5.1 (lower is better)');
      expected.set(cur.served.segment, 5.1);
      marked = cur.served.segment;
    } else {
      expected.set(cur.served.segment, 0);  // no error: a perfect segment
    }
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('Enter');
    if (j > 0) {
      // No span marked: the page asks before it stores a perfect segment.
      await page.waitForSelector('#confirm:not([hidden])');
      assert.match(await page.textContent('#confirm'), /You marked no error: that says this translation is perfect/);
      await page.click('#confirm-send');
    }
  }
  assert.equal(expected.size, 2);
  const scores = await server.api('GET', `/v1/campaigns/${id}/scores`);
  assert.deepEqual(new Map(scores.map((s) => [s.segment, s.score])), expected);
  // The spans went to the server with the score and come back in the export.
  for (const s of scores) {
    assert.deepEqual(s.errorSpans || [], s.segment !== marked ? [] : [
      { start: 0, end: 4, severity: 'major', category: 'Accuracy/Mistranslation' },
      { start: 5, end: 7, severity: 'minor', category: 'Fluency/Punctuation' }]);
  }
  await context.close();
});
