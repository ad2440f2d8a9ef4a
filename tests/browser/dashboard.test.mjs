// The dashboard costs the campaign nothing (issue 47, item 6): on an idle campaign with the
// TED texts each poll after the first moves a few KB (≤ 20 KB), the texts and the judgments
// are not fetched again, exports run only on a click, and a hidden tab does not poll. The
// board shows its protocol, the control system apart from the ranked systems, and the rank
// plot, which is the SVG `tourney cluster --plot` draws from the exported judgments.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  launchBrowser, skipReason, startServer, tedContent, tedTable, tourney,
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

const JUDGMENTS = 300;
const POLL_BYTES = 20 * 1024;

// Bytes a finished request moved: its request line and headers, its body, the response's
// headers and body (as Chromium counts them).
async function bytesOf(request) {
  const s = await request.sizes();
  return s.requestHeadersSize + s.requestBodySize + s.responseHeadersSize + s.responseBodySize;
}

test('idle polls move ≤ 20 KB and no texts; exports on click only; no polling when hidden; ' +
     'protocol, control apart and the rank plot of tourney cluster',
     { skip: skip || false, timeout: 150000 }, async () => {
  // Every segment of the TED table (all its texts), four systems and a control system
  // whose outputs are the first system's words reversed.
  const systems = [...new Set(tedTable().map((r) => r.system))].slice(0, 4);
  const segments = new Set(tedTable().map((r) => r.seg)).size;
  const content = tedContent([...systems, 'BAD'], segments, (system, seg, text) => (
    system === 'BAD' ? tedTable().find((r) => r.seg === seg && r.system === systems[0])
      .target.split(' ').reverse().join(' ') : text));
  const created = await server.api('POST', '/v1/campaigns', { config: {
    name: 'dashboard-cost', systems: [...systems, 'BAD'], k: 3, seed: 17, selector: 'uniform',
    segments: content.segments.map((s) => ({ id: Number(s.segment), document: s.document })),
    qualityControl: { checkFraction: 0.2, controlSystem: 'BAD' }, content,
    enrolment: 'ENROLMENT_OPEN',  // the simulated annotators use the shared token
  } });
  const id = created.campaignId;
  // Judgments from five annotators: BAD last, the others by a fixed preference.
  const order = new Map([[systems[0], 1], [systems[1], 2], [systems[2], 3], [systems[3], 4], ['BAD', 9]]);
  for (let i = 0; i < JUDGMENTS; i++) {
    const annotator = `a${i % 5}`;
    const m = await server.api('POST', `/v1/campaigns/${id}:nextMatch`, { annotator }, created.annotatorToken);
    const sorted = [...m.systems].sort((x, y) => order.get(x) - order.get(y));
    // Every seventh judgment swaps the two best, so that the board is not a straight line.
    if (i % 7 === 0) [sorted[0], sorted[1]] = [sorted[1], sorted[0]];
    const ranks = m.systems.map((s) => 1 + sorted.indexOf(s));
    await server.api('POST', `/v1/campaigns/${id}:submitJudgment`,
                     { annotator, matchId: m.matchId, ranks }, created.annotatorToken);
  }

  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => assert.fail(`page error: ${e.message}`));
  const finished = [];
  page.on('requestfinished', (r) => { if (r.url().includes('/v1/')) finished.push(r); });
  await page.goto(`${server.http}/dashboard/${id}#token=${server.admin}`);
  await page.waitForSelector('#plot img');
  await page.waitForFunction(() => document.querySelectorAll('#board tbody tr').length === 4);

  // The protocol; the control system apart: not a row of the board, said below it.
  assert.match(await page.textContent('#campaign-label'),
               new RegExp(`^dashboard-cost · campaign ${id} · protocol: ranking of 3 outputs · ${JUDGMENTS} judgments`));
  const rows = await page.$$eval('#board tbody tr', (trs) => trs.map((r) => r.cells[1].textContent));
  assert.deepEqual([...rows].sort(), [...systems].sort());
  assert.match(await page.textContent('#control'), /^Control system BAD \(degraded outputs, a quality check expected to rank last; not one of the systems compared\): rank 5 of 5/);
  assert.match(await page.textContent('#per-system'), /BAD \(control\)/);

  // The rank plot is the SVG `tourney cluster --plot` draws from the exported judgments
  // (Expected Wins, 1000 replicates, seed 1: the CLI's defaults).
  assert.ok(await page.$eval('#plot img', (img) => img.complete && img.naturalWidth > 0));
  const served = await (await fetch(`${server.http}/v1/campaigns/${id}/rankPlot`,
                                    { headers: { Authorization: 'Bearer ' + server.admin } })).text();
  const csv = join(server.dir, 'dashboard-export.csv');
  tourney('campaign', 'export', '--server', `127.0.0.1:${server.grpcPort}`, '--token-file',
          server.tokenFile, '--campaign', id, '--output', csv);
  const svg = join(server.dir, 'cluster.svg');
  tourney('cluster', csv, '--plot', svg);
  assert.equal(served, readFileSync(svg, 'utf8'));

  // The first poll read the texts (the full campaign) once; the polls after it, on an
  // idle campaign, read a summary and revalidate the rest.
  const firstBytes = (await Promise.all(finished.map(bytesOf))).reduce((a, b) => a + b, 0);
  assert.ok(finished.some((r) => new URL(r.url()).pathname === `/v1/campaigns/${id}` &&
                                 new URL(r.url()).search === ''));
  assert.ok(firstBytes > 100 * 1024, `the first poll moved ${firstBytes} bytes, texts included`);
  finished.length = 0;
  await page.waitForTimeout(8600);  // two polls
  const polls = finished.filter((r) => new URL(r.url()).search === '?summary=true').length;
  assert.ok(polls >= 2, `${polls} polls`);
  const bytes = (await Promise.all(finished.map(bytesOf))).reduce((a, b) => a + b, 0);
  console.log(`dashboard: first load ${firstBytes} bytes; ${polls} idle polls, ` +
              `${(bytes / polls).toFixed(0)} bytes each`);
  assert.ok(bytes / polls <= POLL_BYTES, `${bytes / polls} bytes per poll`);
  for (const r of finished) {
    const url = new URL(r.url());
    assert.notEqual(url.search, '', `a poll fetched ${url.pathname} whole`);
    if (url.pathname.endsWith('/judgments')) assert.match(url.search, /afterSequence=\d+/);
  }

  // Exports run on a click.
  finished.length = 0;
  const [download] = await Promise.all([page.waitForEvent('download'),
                                        page.click('text=Judgments (JSON)')]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(exported.length, JUDGMENTS);
  assert.ok(finished.some((r) => new URL(r.url()).pathname.endsWith('/judgments') &&
                                 new URL(r.url()).search === ''));

  // A hidden tab does not poll (Chromium's headless tabs stay visible, so the page is told
  // it is hidden the way a browser tells it); shown again, it polls at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(500);  // a poll under way ends
  finished.length = 0;
  await page.waitForTimeout(9000);
  assert.deepEqual(finished.map((r) => r.url()), []);
  const polled = page.waitForRequest((r) => r.url().includes('?summary=true'), { timeout: 2000 });
  await page.evaluate(() => {
    delete document.hidden;
    delete document.visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await polled;
  await context.close();
});
