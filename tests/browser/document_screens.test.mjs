// A contrastive ESA campaign of DOCUMENT screens (WMT26's unit: a document's segments in
// order, three outputs side by side) in headless Chromium: created with `tourney campaign
// scoring-create --screen-size 3 --screen-unit document`, two TED documents of three
// segments each; the annotator page shows a row per segment (its source, then its three
// translations), all nine cells scored (one error span marked) and the screen submitted
// once; the admin export (/screens) holds one screen with the nine answers (system,
// segment, score) entered; a reload in the middle keeps what was entered; Submit names the
// cell still unscored; a 360-px phone keeps every slider and Submit in reach without
// horizontal scrolling; attention checks look like every other screen; the dashboard's
// board and per-document counts agree with the export.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  launchBrowser, skipReason, startServer, stored, tedTable, tourney, watchErrors,
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

const SYSTEMS = ['Facebook-AI', 'HuaweiTSC', 'Nemo'];

// The content: the first two TED documents' first three segments where the three systems'
// outputs are present and differ, as the table content format. Returns {file, docs: [{doc,
// segments: [{seg, source, outputs: Map system -> text}]}]}.
function writeContent(name, override = (system, seg, text) => text) {
  const byDoc = new Map();
  for (const r of tedTable()) {
    if (!byDoc.has(r.doc)) byDoc.set(r.doc, new Map());
    const segs = byDoc.get(r.doc);
    if (!segs.has(r.seg)) segs.set(r.seg, new Map());
    segs.get(r.seg).set(r.system, r);
  }
  const lines = ['system\tdoc\tseg\tsource\ttarget\treference'];
  const docs = [];
  for (const [doc, segs] of byDoc) {
    if (docs.length === 2) break;
    const taken = [];
    for (const [seg, of] of segs) {
      if (taken.length === 3) break;
      const texts = SYSTEMS.map((s) => (of.get(s) || {}).target || '');
      if (texts.some((t) => t.split(' ').length < 6) || new Set(texts).size !== SYSTEMS.length) continue;
      taken.push({ seg, source: of.get(SYSTEMS[0]).source,
                   outputs: new Map(SYSTEMS.map((s) => [s, override(s, seg, of.get(s).target)])) });
    }
    if (taken.length < 3) continue;
    for (const t of taken) {
      for (const s of SYSTEMS) {
        lines.push([s, doc, t.seg, t.source, t.outputs.get(s), ''].join('\t'));
      }
    }
    docs.push({ doc, segments: taken });
  }
  assert.equal(docs.length, 2);
  const file = join(server.dir, `${name}.tsv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, docs };
}

// Creates the campaign with the CLI; {id, token, docs}.
function createDocumentCesa(name, extra = []) {
  const { file, docs } = writeContent(name);
  const out = tourney('campaign', 'scoring-create', '--server', `127.0.0.1:${server.grpcPort}`,
                      '--token-file', server.tokenFile, '--name', name, '--content', file,
                      '--protocol', 'esa', '--screen-size', '3', '--screen-unit', 'document',
                      '--open-enrolment', '--http-url', server.http, '--seed', '11', ...extra);
  const field = (f) => new RegExp(`^${f} (\\S+)$`, 'm').exec(out)[1];
  return { id: field('campaign_id'), token: field('annotator_token'), docs };
}

// Waits until the page shows a screen other than `previousKey` with all its cells drawn
// (outputs × segments), or the end: the screen's stored state, or null at the end.
async function documentShown(page, campaign, annotator, previousKey) {
  const handle = await page.waitForFunction(([c, a, prev]) => {
    if (!document.getElementById('done').hidden) return 'done';
    const s = JSON.parse(localStorage.getItem(`tourney.annotate.v1.${c}.${a}`) || 'null');
    if (!s || !s.current || s.current.key === prev || !s.current.served.outputs) return false;
    const cells = s.current.served.outputs.length * (s.current.served.segmentIds || []).length;
    return cells > 0 && document.querySelectorAll('.screen-output').length === cells ? 'screen' : false;
  }, [campaign, annotator, previousKey], { timeout: 15000 });
  if ((await handle.jsonValue()) === 'done') return null;
  return (await stored(page, campaign, annotator)).current;
}

// The card of translation i (display position, 0-based) in segment j of the document.
const card = (i, j) => `.doc-segment[data-segment="${j}"] .screen-output[data-output="${i}"]`;

// Selects characters [start, end) of the text of translation i in segment j.
async function select(page, i, j, start, end) {
  await page.evaluate(([sel, s, e]) => {
    const node = document.querySelector(`${sel} .text`).firstChild;
    const range = document.createRange();
    range.setStart(node, s);
    range.setEnd(node, e);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  }, [card(i, j), start, end]);
}

// The score each cell gets: distinct, all at least 66 (no question about a low score
// without errors).
const scoreOf = (i, j) => 70 + 10 * i + j;

test('a document cESA screen: a row per segment, nine cells scored with a span, submitted ' +
     'once; a reload keeps the scores; Submit names what is unscored',
     { skip: skip || false, timeout: 90000 }, async () => {
  const c = createDocumentCesa('doc-one', ['--assignment', 'uniform']);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const sent = [];
  page.on('request', (r) => { if (r.url().endsWith(':submitScreen')) sent.push(r.postData()); });
  await page.goto(`${server.http}/annotate/${c.id}#token=${c.token}&annotator=doc1`);
  const cur = await documentShown(page, c.id, 'doc1', null);
  const order = cur.served.outputs.map((o) => o.system);
  assert.deepEqual([...order].sort(), [...SYSTEMS].sort());
  // The served document is one of the two, its segments in the content's order.
  const doc = c.docs.find((d) => d.doc === cur.served.document);
  assert.ok(doc, cur.served.document);
  assert.deepEqual(cur.served.segmentIds, doc.segments.map((s) => s.seg));
  assert.equal(await page.textContent('.where'), `Document ${doc.doc} · 3 segments`);
  // A row per segment: its source, then the three translations in display order.
  assert.deepEqual(await page.$$eval('.doc-segment .block.source .text', (n) => n.map((x) => x.textContent)),
                   doc.segments.map((s) => s.source));
  for (let j = 0; j < 3; j++) {
    assert.deepEqual(
      await page.$$eval(`.doc-segment[data-segment="${j}"] .screen-output .label`,
                        (n) => n.map((x) => x.textContent)),
      ['Translation 1', 'Translation 2', 'Translation 3']);
    assert.deepEqual(
      await page.$$eval(`.doc-segment[data-segment="${j}"] .screen-output .text`,
                        (n) => n.map((x) => x.textContent)),
      order.map((s) => doc.segments[j].outputs.get(s)));
  }
  // Columns line up across the rows on a laptop: translation i at the same x in each row.
  const lefts = await page.$$eval('.screen-output', (n) => n.map((x) => Math.round(x.getBoundingClientRect().left)));
  assert.deepEqual(lefts.slice(3, 6), lefts.slice(0, 3));
  assert.deepEqual(lefts.slice(6, 9), lefts.slice(0, 3));
  assert.ok(lefts[0] < lefts[1] && lefts[1] < lefts[2], 'side by side');
  const visible = await page.evaluate(() => document.body.innerText);
  for (const s of SYSTEMS) assert.ok(!visible.includes(s), `the page shows the name ${s}`);
  assert.ok(await page.isDisabled('.submit'));
  assert.equal(await page.textContent('#submit-reason'),
               'Score every translation of every segment to submit: Translation 1, segment 1; ' +
               'Translation 2, segment 1; Translation 3, segment 1 and 6 more have no score yet ' +
               '(move its slider or type a number).');

  // Translation 2, segment 1: a minor error over its first five characters, with m.
  await select(page, 1, 0, 0, 5);
  await page.keyboard.press('m');
  await page.waitForSelector(`${card(1, 0)} mark.span.minor`);
  // Eight cells typed; Translation 2 of segment 3 left for last.
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (i === 1 && j === 2) continue;
      await page.fill(`#score-number-${i}-${j}`, String(scoreOf(i, j)));
    }
  }
  assert.ok(await page.isDisabled('.submit'));
  assert.equal(await page.textContent('#submit-reason'),
               'Score every translation of every segment to submit: Translation 2, segment 3 ' +
               'has no score yet (move its slider or type a number).');
  await page.click('.submit', { force: true });  // disabled: nothing is sent
  assert.equal(sent.length, 0);

  // A reload in the middle: the same screen, its eight scores and the span are back.
  await page.reload();
  await page.waitForSelector(`${card(1, 0)} mark.span.minor`);
  assert.equal((await stored(page, c.id, 'doc1')).current.key, cur.key);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const want = i === 1 && j === 2 ? '' : String(scoreOf(i, j));
      assert.equal(await page.inputValue(`#score-number-${i}-${j}`), want, `${i}-${j}`);
      if (want) assert.equal(await page.inputValue(`#score-slider-${i}-${j}`), want);
    }
  }
  assert.equal(await page.textContent(`${card(1, 0)} mark.span.minor`),
               doc.segments[0].outputs.get(order[1]).slice(0, 5));
  assert.ok(await page.isDisabled('.submit'));
  // The last cell with the slider's keys: End = 100, then one step left per point down.
  await page.focus('#score-slider-1-2');
  await page.keyboard.press('End');
  for (let k = 0; k < 100 - scoreOf(1, 2); k++) await page.keyboard.press('ArrowLeft');
  assert.equal(await page.inputValue('#score-number-1-2'), String(scoreOf(1, 2)));
  assert.ok(await page.isEnabled('.submit'));
  assert.equal(await page.textContent('#submit-reason'), '');
  await page.click('.submit');
  const second = await documentShown(page, c.id, 'doc1', cur.key);
  assert.ok(second, 'the other document follows');
  assert.notEqual(second.served.document, cur.served.document);
  assert.equal(sent.length, 1);
  assert.equal(await page.textContent('#progress'), 'Screens done: 1');

  // Stored: one screen, the nine answers (system, segment, score) as entered, the span.
  const screens = await server.api('GET', `/v1/campaigns/${c.id}/screens`);
  assert.equal(screens.length, 1);
  const s = screens[0];
  assert.equal(s.screenId, cur.served.screenId);
  assert.equal(s.annotator, 'doc1');
  assert.equal(s.document, doc.doc);
  assert.deepEqual(s.segments, doc.segments.map((x) => x.seg));
  assert.deepEqual(s.displayOrder, order);
  const expected = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) expected.push([order[i], doc.segments[j].seg, scoreOf(i, j)]);
  }
  const key = (x) => x.join('|');
  assert.equal(s.answers.length, 9);
  assert.deepEqual(s.answers.map((a) => [a.system, a.segment, a.score]).sort((x, y) => (key(x) < key(y) ? -1 : 1)),
                   expected.sort((x, y) => (key(x) < key(y) ? -1 : 1)));
  const spans = s.answers.filter((a) => (a.spans || []).length);
  assert.deepEqual(spans.map((a) => [a.system, a.segment, a.spans.map((x) => [x.start ?? 0, x.end, x.severity])]),
                   [[order[1], doc.segments[0].seg, [[0, 5, 'minor']]]]);
  assert.ok(Number(s.timeSpentMs) > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 360-px phone keeps every slider and Submit in reach without horizontal scrolling; ' +
     'a low score without errors is asked about, naming its cell',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = createDocumentCesa('doc-narrow');
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true,
                                           hasTouch: true, deviceScaleFactor: 2 });
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.goto(`${server.http}/annotate/${c.id}#token=${c.token}&annotator=phone`);
  const cur = await documentShown(page, c.id, 'phone', null);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  const controls = ['.submit'];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) controls.push(`#score-slider-${i}-${j}`, `#score-number-${i}-${j}`);
  }
  for (const sel of controls) {
    const r = await page.$eval(sel, (x) => { const b = x.getBoundingClientRect(); return [b.left, b.right]; });
    assert.ok(r[0] >= 0 && r[1] <= 360, `${sel}: ${r}`);
  }
  // Within a row the three translations are stacked, below their source.
  for (let j = 0; j < 3; j++) {
    const tops = await page.$$eval(`.doc-segment[data-segment="${j}"] .block.source, ` +
                                   `.doc-segment[data-segment="${j}"] .screen-output`,
                                   (n) => n.map((x) => [x.getBoundingClientRect().top, x.getBoundingClientRect().bottom]));
    assert.equal(tops.length, 4);
    for (let i = 1; i < 4; i++) assert.ok(tops[i][0] >= tops[i - 1][1], `segment ${j + 1} stacked`);
  }
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      await page.tap(`#score-number-${i}-${j}`);
      await page.fill(`#score-number-${i}-${j}`, String(scoreOf(i, j)));
    }
  }
  // Translation 2 of segment 3 at 40 with no error marked: the page asks first, naming it.
  await page.fill('#score-number-1-2', '40');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  await page.tap('.submit');
  await page.waitForSelector('#confirm:not([hidden])');
  assert.match(await page.textContent('#confirm p'),
               /^You scored Translation 2, segment 3: 40 but marked no error in it\./);
  assert.equal((await server.api('GET', `/v1/campaigns/${c.id}/screens`)).length, 0);
  await page.tap('#confirm-send');
  await documentShown(page, c.id, 'phone', cur.key);
  const screens = await server.api('GET', `/v1/campaigns/${c.id}/screens`);
  assert.equal(screens.length, 1);
  assert.equal(screens[0].answers.length, 9);
  const low = screens[0].answers.find((a) => a.score === 40);
  assert.deepEqual([low.system, low.segment], [cur.served.outputs[1].system, cur.served.segmentIds[2]]);
  assert.deepEqual(errors, []);
  await phone.close();
});

// The page's structure without its text: tags, classes and attributes other than values.
function skeletonOf(page) {
  return page.evaluate(() => {
    const walk = (n) => [n.tagName, n.className,
      [...n.attributes].filter((a) => !['value', 'class'].includes(a.name))
        .map((a) => `${a.name}=${a.value}`).join(' '),
      [...n.children].map(walk)];
    return JSON.stringify(walk(document.getElementById('task')));
  });
}

const LEVEL = { 'Facebook-AI': 70, HuaweiTSC: 80, Nemo: 90 };

test('attention checks look like every other document screen; the dashboard agrees with ' +
     'the export', { skip: skip || false, timeout: 90000 }, async () => {
  const c = createDocumentCesa('doc-checks', ['--attention-rate', '0.5', '--assignment', 'uniform']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  const annotators = ['att1', 'att2'];
  const skeletons = [];
  for (const who of annotators) {
    const page = await context.newPage();  // a new page: a fragment change alone does not reload
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.http}/annotate/${c.id}#token=${c.token}&annotator=${who}`);
    let key = null;
    for (let n = 0; n < 2; n++) {
      const cur = await documentShown(page, c.id, who, key);
      if (!cur) break;
      key = cur.key;
      skeletons.push(await skeletonOf(page));
      // Each system its own level (so the board's order is known), whatever its position.
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          await page.fill(`#score-number-${i}-${j}`, String(LEVEL[cur.served.outputs[i].system] + j));
        }
      }
      await page.click('.submit');
    }
    await documentShown(page, c.id, who, key);  // the end: every document scored
  }
  const screens = await server.api('GET', `/v1/campaigns/${c.id}/screens`);
  assert.equal(screens.length, 4);
  // The seed's draw (--seed 11, rate 0.5) makes some of the four screens checks, not all:
  // each degrades one segment of one output.
  const checks = screens.filter((s) => s.degradedSystem);
  assert.ok(checks.length >= 1 && checks.length < 4, `${checks.length} checks of 4`);
  for (const s of checks) assert.ok(s.segments.includes(s.degradedSegment), JSON.stringify(s));
  assert.equal(new Set(skeletons).size, 1, 'every screen has the same structure');
  assert.deepEqual(errors, []);
  await context.close();

  // The board's answers and means, computed here from the export: each system's answers
  // on the screens that are not checks; the documents' screen counts, checks included.
  const sums = new Map();
  for (const s of screens.filter((x) => !x.degradedSystem)) {
    for (const a of s.answers) {
      const t = sums.get(a.system) || { n: 0, sum: 0 };
      t.n += 1;
      t.sum += a.score;
      sums.set(a.system, t);
    }
  }
  const perDoc = new Map();
  for (const s of screens) perDoc.set(s.document, (perDoc.get(s.document) || 0) + 1);
  const dash = await browser.newPage();
  const dashErrors = watchErrors(dash);
  await dash.goto(`${server.http}/dashboard/${c.id}#token=${server.admin}`);
  await dash.waitForFunction(() => document.querySelectorAll('#annotators tbody tr').length === 2);
  const rows = await dash.$$eval('#board tbody tr', (trs) => trs.map((r) => [...r.cells].map((x) => x.textContent)));
  const expected = [...sums].map(([system, t]) => ({ system, mean: t.sum / t.n, n: t.n }))
    .sort((a, b) => b.mean - a.mean || (a.system < b.system ? -1 : 1));
  assert.deepEqual(rows.map((r) => [r[1], r[2], r[3]]),
                   expected.map((e) => [e.system, e.mean.toFixed(2), String(e.n)]));
  const docs = await dash.$$eval('#per-document tbody tr', (trs) => trs.map((r) => [...r.cells].slice(0, 2).map((x) => x.textContent)));
  assert.deepEqual(docs, [...perDoc].sort().map(([d, n]) => [d, String(n)]));
  const annot = await dash.$$eval('#annotators tbody tr', (trs) => trs.map((r) => [...r.cells].slice(0, 3).map((x) => x.textContent)));
  assert.deepEqual(annot, annotators.map((a) => {
    const mine = screens.filter((s) => s.annotator === a);
    const checks = mine.filter((s) => s.degradedSystem);
    return [a, String(mine.length), `${checks.filter((s) => s.attentionPassed).length} / ${checks.length}`];
  }));
  // The counts: document screens and their checks from the export; the board's segments
  // (one board screen per segment of a document screen that is not a check).
  const onBoard = screens.filter((s) => !s.degradedSystem);
  const segmentsOnBoard = onBoard.reduce((n, s) => n + s.segments.length, 0);
  assert.equal(await dash.textContent('#stopping'),
               `${onBoard.length} document screens on the board (${segmentsOnBoard} segments), ` +
               `${checks.length} attention checks (kept off the board); 3 outputs a screen, each ` +
               "a whole document (an answer is one output's segment), assignment uniform.");
  assert.deepEqual(dashErrors, []);
  await dash.close();
});
