// The annotator page cannot be misread (issue 47, item 1): the ranking page says in visible
// text that 1 is best and k worst; the form comes from the campaign, never from the link
// (an MQM campaign's printed link opens the MQM page; `mode` in a link changes nothing);
// the token leaves the address bar; a wrong token (401) or a name the token is not for (403)
// brings the sign-in form back with a plain message; screens done and left, the campaign's
// name and labelled context are shown; a low ESA or MQM score without an error span asks
// first; ranking works with the keyboard alone, right to left, and on a 360-px screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TED, launchBrowser, nextShown, rankWithKeyboard, skipReason, startServer, stored, tedContent,
  tedTable, tourney,
} from './harness.mjs';

const skip = skipReason();
let server;
let browser;
const SYSTEMS = (n) => [...new Set(tedTable().map((r) => r.system))].slice(0, n);

before(async () => {
  if (skip) return;
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function createRanking(name, { k = 3, cap = 0, target = 'de', override } = {}) {
  const systems = SYSTEMS(k);
  const content = tedContent(systems, 6, override, target);
  const created = await server.api('POST', '/v1/campaigns', { config: {
    name, systems, k, seed: 5,
    segments: content.segments.map((s) => ({ id: Number(s.segment), document: s.document })),
    content, ...(cap ? { qualityControl: { maxJudgmentsPerAnnotator: cap } } : {}),
    enrolment: 'ENROLMENT_OPEN',  // most steps use the shared token under several names
  } });
  return { id: created.campaignId, token: created.annotatorToken, content, systems };
}

function watchErrors(page) {
  page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
}

test('ranking: 1 = best and k = worst in visible text; screens done and left; the name; ' +
     'labelled context; keyboard only; the token leaves the address bar',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = await createRanking('visible-ranks', { k: 3, cap: 2 });
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  watchErrors(page);
  // `mode=mqm` in a pairwise campaign's link changes nothing: it is ranked.
  await page.goto(`${server.http}/annotate/${c.id}#token=${c.token}&annotator=kb&mode=mqm`);
  const cur = await nextShown(page, c.id, 'kb', null);
  assert.equal(await page.$('#mqm-category'), null);
  assert.equal(await page.$$eval('.output', (n) => n.length), 3);

  // The token is read, then gone from the address bar and the history entry; the tab keeps it.
  assert.equal(new URL(page.url()).hash, '');
  assert.equal(await page.evaluate(() => location.href.includes(`token`)), false);
  assert.equal(await page.evaluate(([id]) => JSON.parse(sessionStorage.getItem(
    `tourney.annotate.signin.${id}`)).token, [c.id]), c.token);

  // Visible text, beside the buttons, says what 1 and 3 mean.
  const legend = await page.$('#rank-legend');
  assert.ok(await legend.isVisible());
  assert.equal(await legend.textContent(),
               'Rank the 3 translations: 1 = best, 3 = worst. Give equal ranks to translations of equal quality.');
  const ends = await page.$$eval('.output[data-index="0"] .ranks > *', (n) => n.map((x) => x.textContent));
  assert.deepEqual(ends, ['best', '1', '2', '3', 'worst']);
  assert.ok(await page.isVisible('.output[data-index="0"] .rank-end'));

  // The campaign's name and what is asked; screens done and left (cap 2, none done).
  assert.match(await page.textContent('#campaign-label'), /^visible-ranks · ranking · signed in as kb$/);
  assert.equal(await page.textContent('#progress'), 'Screens done: 0 · left: 2');

  // Context is labelled as context: the sources before and after the segment in its
  // document (the six segments are one TED talk, so every segment has some).
  const texts = cur.served.texts;
  assert.ok((texts.contextBefore || []).length + (texts.contextAfter || []).length > 0);
  const labels = await page.$$eval('.context .label', (n) => n.map((x) => x.textContent));
  assert.deepEqual(labels, [
    ...((texts.contextBefore || []).length ? ['Context: the sentences before (not to judge)'] : []),
    ...((texts.contextAfter || []).length ? ['Context: the sentences after (not to judge)'] : [])]);
  assert.equal(await page.textContent('.block.source .label'), 'Source');

  // A submission with an output unranked says which, in words, and sends nothing.
  await page.focus('.output[data-index="0"]');
  await page.keyboard.press('2');
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('#notice'),
               'Not sent yet: output 3 has no rank. Give every output a rank from 1 (best) to 3 ' +
               '(worst), then press Enter or Submit.');
  assert.equal((await server.api('GET', `/v1/campaigns/${c.id}/judgments`)).length, 0);

  // Keyboard only (no click, no programmatic focus from here on): the arrows and j/k move
  // between outputs, digits rank and move on, 0 clears, Enter submits.
  const focused = () => page.evaluate(() => document.activeElement.dataset.index);
  assert.equal(await focused(), '2');  // the digits moved the focus to the unranked output
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('k');
  assert.equal(await focused(), '0');
  await page.keyboard.press('0');  // clears output 1's rank 2
  assert.equal(await page.$$eval('.output[data-index="0"] .rank[aria-pressed="true"]', (n) => n.length), 0);
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowUp');
  for (const key of ['3', '1', '2']) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => document.activeElement.className), 'submit');
  await page.keyboard.press('Enter');
  const second = await nextShown(page, c.id, 'kb', cur.key);
  const judgments = await server.api('GET', `/v1/campaigns/${c.id}/judgments`);
  assert.equal(judgments.length, 1);
  assert.deepEqual(judgments[0].ranking.ranks, [3, 1, 2]);
  assert.deepEqual(judgments[0].ranking.systems, cur.served.systems);
  assert.equal(await page.textContent('#progress'), 'Screens done: 1 · left: 1');

  // A reload (no token in the address any more) goes on from the tab's sessionStorage.
  await page.reload();
  assert.equal((await nextShown(page, c.id, 'kb', null)).key, second.key);
  assert.equal(await page.textContent('#progress'), 'Screens done: 1 · left: 1');
  await context.close();
});

test('a wrong token (401) and a name the token is not for (403) bring back the sign-in form',
     { skip: skip || false, timeout: 60000 }, async () => {
  const c = await createRanking('signin', { k: 2 });
  const context = await browser.newContext();
  const page = await context.newPage();
  watchErrors(page);
  // A token the server does not know: its own answer, 401.
  await page.goto(`${server.http}/annotate/${c.id}#token=not-a-token&annotator=ann1`);
  await page.waitForSelector('#login:not([hidden])');
  assert.match(await page.textContent('#notice'),
               /^The server does not accept this link's token \(it is mistyped, or the organiser revoked it\)\. Paste the link/);
  assert.equal(await page.inputValue('#login-annotator'), 'ann1');
  assert.equal(await page.inputValue('#login-token'), '');
  assert.equal(new URL(page.url()).hash, '');
  // Signing in with the whole link pasted into the token field.
  await page.fill('#login-token', `${server.http}/annotate/${c.id}#token=${c.token}&annotator=ann1`);
  await page.click('#login-go');
  const cur = await nextShown(page, c.id, 'ann1', null);
  assert.ok(cur.served.matchId);

  // 403: the server's answer to a link minted for ann2 used under the name ann1 (tourney
  // campaign annotators add): the page sends the name back to the sign-in form, says why.
  const minted = await server.api('POST', `/v1/campaigns/${c.id}/annotators`, { names: ['ann2'] });
  await page.goto(`${server.http}/annotate/${c.id}#token=${minted.links[0].token}&annotator=ann1`);
  await page.waitForSelector('#login:not([hidden])');
  assert.match(await page.textContent('#notice'),
               /^This link is not for the name "ann1": each link carries its own name\./);
  // Signed in again with a token good for ann1, the same item comes back, and goes through.
  await page.fill('#login-token', c.token);
  await page.click('#login-go');
  assert.equal((await nextShown(page, c.id, 'ann1', null)).key, cur.key);
  await rankWithKeyboard(page, 2, [1, 2]);
  await nextShown(page, c.id, 'ann1', cur.key);
  assert.equal((await server.api('GET', `/v1/campaigns/${c.id}/judgments`)).length, 1);

  // A sign-in without a token or with a bad name says what is missing.
  await page.goto(`${server.http}/annotate/${c.id}`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.waitForSelector('#login:not([hidden])');
  await page.fill('#login-annotator', 'ann 1');
  await page.click('#login-go');
  assert.match(await page.textContent('#notice'), /^The token is missing/);
  await page.fill('#login-token', c.token);
  await page.click('#login-go');
  assert.match(await page.textContent('#notice'), /^The annotator name is missing or not allowed/);
  await context.close();
});

test("an MQM campaign's printed link opens the MQM page; a low ESA score without a span asks first",
     { skip: skip || false, timeout: 90000 }, async () => {
  // The link `tourney campaign scoring-create` prints (the annotator page's URL, no mode),
  // with the token it prints.
  const out = tourney('campaign', 'scoring-create', '--server', `127.0.0.1:${server.grpcPort}`,
                      '--token-file', server.tokenFile, '--name', 'printed-mqm', '--content', TED,
                      '--protocol', 'mqm', '--design', 'random', '--estimator', 'mean',
                      '--bound', 'clt', '--http-url', server.http, '--annotators', 'mqm1');
  const field = (name) => new RegExp(`^${name} (\\S+)$`, 'm').exec(out)[1];
  const id = field('campaign_id');
  const url = field('annotator_url');
  assert.equal(url, `${server.http}/annotate/${id}`);
  // The ready link printed for annotator mqm1: its own token, bound to its name.
  const [, token, link] = /^annotator_link mqm1 (\S+) (\S+)$/m.exec(out);
  assert.equal(link, `${url}#token=${token}&annotator=mqm1`);
  const context = await browser.newContext();
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(link);
  await nextShown(page, id, 'mqm1', null);
  assert.ok(await page.isVisible('#mqm-category'));
  assert.equal(await page.$('#score-slider'), null);
  assert.match(await page.textContent('#campaign-label'), /^printed-mqm · error spans \(MQM\)/);
  // A `mode` in the link does not turn it into another form.
  await page.goto(`${link}&mode=da`);
  await page.waitForSelector('#mqm-category');
  assert.equal(await page.$('#score-slider'), null);
  await context.close();

  // ESA: a score below 66 without a span asks; marking a span sends at once.
  const systems = SYSTEMS(1);
  const content = tedContent(systems, 2);
  const created = await server.api('POST', '/v1/campaigns:createScoring', { config: {
    name: 'esa-confirm', rows: content.segments.map((s) => ({ system: systems[0],
                                                               document: s.document, segment: s.segment })),
    design: 'random', estimator: 'mean', bound: 'clt', seed: 2, protocol: 'esa',
    scoreMin: 0, scoreMax: 100, content, enrolment: 'ENROLMENT_OPEN',
  } });
  const esa = await browser.newContext();
  const p = await esa.newPage();
  watchErrors(p);
  await p.goto(`${server.http}/annotate/${created.campaignId}#token=${created.annotatorToken}&annotator=esa1`);
  const first = await nextShown(p, created.campaignId, 'esa1', null);
  assert.ok(await p.isVisible('button.minor'));
  await p.fill('#score-number', '40');
  await p.focus('#score-number');
  await p.keyboard.press('Enter');
  await p.waitForSelector('#confirm:not([hidden])');
  assert.match(await p.textContent('#confirm p'), /^You scored this translation 40 but marked no error\./);
  assert.equal((await server.api('GET', `/v1/campaigns/${created.campaignId}/scores`)).length, 0);
  await p.click('#confirm-send');
  const second = await nextShown(p, created.campaignId, 'esa1', first.key);
  // The next: a minor span over the first characters, then 40: no question.
  await p.evaluate(() => {
    const text = document.querySelector('.output.single .text').firstChild;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, Math.min(5, text.length));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  });
  await p.keyboard.press('m');
  await p.waitForSelector('.output.single mark.span.minor');
  await p.fill('#score-number', '40');
  await p.focus('#score-number');
  await p.keyboard.press('Enter');
  await nextShown(p, created.campaignId, 'esa1', second.key);
  const scores = await server.api('GET', `/v1/campaigns/${created.campaignId}/scores`);
  assert.deepEqual(scores.map((s) => [s.segment, s.score, (s.errorSpans || []).length]),
                   [[first.served.segment, 40, 0], [second.served.segment, 40, 1]]);
  assert.equal(scores[1].errorSpans[0].severity, 'minor');
  assert.equal(scores[1].errorSpans[0].start, 0);
  await esa.close();
});

test('right to left on a 360-px screen: nothing overflows, the ranks are in reach',
     { skip: skip || false, timeout: 60000 }, async () => {
  const RTL = 'هذه ترجمة طويلة نسبيا إلى العربية لاختبار التفاف النص على شاشة ضيقة جدا';
  // Each system's text its own (identical outputs would be shown once, as one item).
  const c = await createRanking('narrow-rtl', {
    k: 3, target: 'ar', override: (system) => `${RTL} ${'١٢٣'[SYSTEMS(3).indexOf(system)]}` });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true,
                                             hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(`${server.http}/annotate/${c.id}#token=${c.token}&annotator=narrow`);
  const cur = await nextShown(page, c.id, 'narrow', null);
  // No horizontal scrolling: the page is as wide as the screen.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  assert.equal(await page.getAttribute('.outputs', 'dir'), 'rtl');
  // Every rank button and the legend lie inside the screen's width.
  const boxes = await page.$$eval('button.rank, #rank-legend, .submit', (n) => n.map((x) => {
    const r = x.getBoundingClientRect();
    return [r.left, r.right];
  }));
  for (const [left, right] of boxes) assert.ok(left >= 0 && right <= 360, `${left}..${right}`);
  // Right to left, the "best" end is at the right, the "worst" end at the left.
  const [best, worst] = await page.$$eval('.output[data-index="0"] .rank-end',
                                          (n) => n.map((x) => x.getBoundingClientRect().left));
  assert.ok(best > worst, `best at ${best}, worst at ${worst}`);
  assert.deepEqual(await page.$eval('.output[data-index="0"] .text',
                                    (n) => getComputedStyle(n).direction), 'rtl');
  // Tapping ranks and the submit button works.
  for (let i = 0; i < 3; i++) await page.tap(`.output[data-index="${i}"] button.rank[data-rank="${i + 1}"]`);
  await page.tap('.submit');
  await nextShown(page, c.id, 'narrow', cur.key);
  const judgments = await server.api('GET', `/v1/campaigns/${c.id}/judgments`);
  assert.deepEqual(judgments.map((j) => j.ranking.ranks), [[1, 2, 3]]);
  assert.equal((await stored(page, c.id, 'narrow')).submitted.length, 1);
  await context.close();
});
