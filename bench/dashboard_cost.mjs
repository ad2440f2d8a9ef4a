// What one open dashboard tab costs a campaign (issue 47, item 6; docs/web.md, "What the
// dashboard costs"). Not Google Benchmark and not in ctest: it drives Debian's chromium
// through the browser tests' playwright-core, against build/bin/tourneyd.
//
//   1. Bytes per poll: a campaign created by `tourney campaign create --content` from the
//      WMT21 TED en-de texts (../shared/data/wmt21-ted-mqm-texts), 1,000 judgments, idle;
//      one dashboard tab; every byte Chromium receives and sends for the API (headers and
//      bodies, from the DevTools protocol), for the first load and each poll after it.
//      Target: each poll after the first <= 20 KB.
//   2. Annotator throughput: CLIENTS HTTP clients (one kept-alive connection each) loop
//      POST :nextMatch + POST :submitJudgment for SECONDS, without a dashboard tab and with
//      one open, RUNS times each, in alternating order (without first in odd runs, with
//      first in even ones) after a 3-s warm-up, so that a drift of the machine's load or of
//      the campaign's size falls on both. Target: with the tab, within 10% of without.
//
// Run (after `cmake --build build --target tourneyd tourney` and `npm ci` in tests/browser):
//   node bench/dashboard_cost.mjs [--runs 3] [--seconds 10] [--clients 50] [--polls 5]
import http from 'node:http';
import { join } from 'node:path';
import { TED, launchBrowser, skipReason, startServer, tourney } from '../tests/browser/harness.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => (
  a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const RUNS = Number(args.runs || 3);
const SECONDS = Number(args.seconds || 10);
const CLIENTS = Number(args.clients || 50);
const POLLS = Number(args.polls || 5);
const JUDGMENTS = 1000;

const why = skipReason();
if (why) {
  console.error(`dashboard_cost: cannot run: ${why}`);
  process.exit(2);
}

// One annotator's connection: POST with a kept-alive socket of its own.
function client(port, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path, body) => new Promise((ok, fail) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: {
      Authorization: 'Bearer ' + token, 'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(text))
        : fail(new Error(`${path}: ${res.statusCode} ${text}`))));
    });
    req.on('error', fail);
    req.end(data);
  });
}

// One round trip of `annotator`: a match, then its ranking (a pattern from `i`).
async function roundTrip(post, id, annotator, i) {
  const m = await post(`/v1/campaigns/${id}:nextMatch`, { annotator });
  const ranks = m.systems.map((_, j) => 1 + ((i + j * 3) % m.systems.length));
  await post(`/v1/campaigns/${id}:submitJudgment`, { annotator, matchId: m.matchId, ranks });
}

// CLIENTS annotators for `seconds`: round trips per second.
async function load(port, id, token, tag, seconds = SECONDS) {
  const until = Date.now() + seconds * 1000;
  const counts = await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    const post = client(port, token);
    let n = 0;
    while (Date.now() < until) {
      await roundTrip(post, id, `${tag}-${c}`, n);
      n += 1;
    }
    return n;
  }));
  return counts.reduce((a, b) => a + b, 0) / seconds;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const port = Number(new URL(server.http).port);
  const out = tourney('campaign', 'create', '--server', `127.0.0.1:${server.grpcPort}`,
                      '--token-file', server.tokenFile, '--name', 'ted-dashboard-cost',
                      '--content', TED, '--k', '3', '--selector', 'uniform', '--seed', '47');
  const id = /^campaign_id (\d+)$/m.exec(out)[1];
  const token = /^annotator_token (\S+)$/m.exec(out)[1];
  const seeding = Array.from({ length: 10 }, (_, c) => client(port, token));
  await Promise.all(seeding.map(async (post, c) => {
    for (let i = 0; i < JUDGMENTS / seeding.length; i++) await roundTrip(post, id, `seed-${c}`, i);
  }));

  // 1. Bytes per poll on the idle campaign, counted by the DevTools protocol.
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  let bytes = 0;
  let polls = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    if (e.request.url.includes('/v1/')) {
      // The request line and headers as sent (an estimate of the header bytes: HTTP/1.1).
      bytes += e.request.method.length + e.request.url.length + 12 +
        Object.entries(e.request.headers).reduce((a, [k, v]) => a + k.length + v.length + 4, 0);
      if (e.request.url.endsWith('?summary=true')) polls += 1;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    if ((urls.get(e.requestId) || '').includes('/v1/')) bytes += e.encodedDataLength;
  });
  await page.goto(`${server.http}/dashboard/${id}#token=${server.admin}`);
  await page.waitForSelector('#plot img');
  await page.waitForTimeout(500);
  const first = bytes;
  const perPoll = [];
  for (let p = 0; p < POLLS; p++) {
    const before = bytes;
    const at = polls;
    while (polls === at) await page.waitForTimeout(100);
    await page.waitForTimeout(1000);  // the poll's other requests end
    perPoll.push(bytes - before);
  }
  await page.close();
  console.log(`campaign ${id}: TED en-de texts (${TED}), ${JUDGMENTS} judgments, idle`);
  console.log(`dashboard first load (the campaign's texts once, board, plot): ${first} bytes`);
  console.log(`each of the next ${POLLS} polls: ${perPoll.join(', ')} bytes ` +
              `(max ${Math.max(...perPoll)}; target <= 20480)`);

  // 2. Throughput without and with one dashboard tab, alternately.
  const without = [];
  const withTab = [];
  await load(port, id, token, 'warm-up', 3);
  const bare = async (r) => without.push(await load(port, id, token, `bare${r}`));
  const tabbed = async (r) => {
    const tab = await browser.newPage();
    await tab.goto(`${server.http}/dashboard/${id}#token=${server.admin}`);
    await tab.waitForSelector('#plot img');
    withTab.push(await load(port, id, token, `tab${r}`));
    await tab.close();
  };
  for (let r = 0; r < RUNS; r++) {
    if (r % 2 === 0) {
      await bare(r);
      await tabbed(r);
    } else {
      await tabbed(r);
      await bare(r);
    }
    console.log(`run ${r + 1}: ${without[r].toFixed(0)} round trips/s without a dashboard, ` +
                `${withTab[r].toFixed(0)} with one tab open`);
  }
  const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
  const ratios = withTab.map((w, r) => w / without[r]);
  console.log(`${CLIENTS} clients, ${SECONDS} s, ${RUNS} runs: without ${mean(without).toFixed(0)}/s ` +
              `(${Math.min(...without).toFixed(0)}–${Math.max(...without).toFixed(0)}), with a tab ` +
              `${mean(withTab).toFixed(0)}/s (${Math.min(...withTab).toFixed(0)}–` +
              `${Math.max(...withTab).toFixed(0)}); with/without per run ` +
              `${ratios.map((x) => x.toFixed(3)).join(', ')} (target >= 0.90)`);
} finally {
  await browser.close();
  await server.stop();
}
