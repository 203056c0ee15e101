// The wall-screen soak (issue 16: "the data screen holds up on a wall"), called from run.mjs as the part
// 'data-screen' against the built app serving the built frontend: Debian's Chromium (playwright-core, headless) logs in
// as 刘建国 (xld), opens /dataScreen?refresh=5 and leaves it for DATA_SCREEN_SOAK_SECONDS (default 600 for this part alone, 180 within
// the whole `npm run bench`, which must end in 15 minutes). Every 30 s it
// forces a garbage collection (Chromium started with --js-flags=--expose-gc, window.gc()) and reads the page's
// performance.memory.usedJSHeapSize (precise, --enable-precise-memory-info) and its element count. Counted all along:
// the answers of dataScreen/overview, and every failed request (status ≥ 400, an envelope with success false, or a
// request that failed outright). Goals: heap growth from the first sample to the last < 20 MB, no failed request.
// Not part of `npm test` (ten minutes); `npm run bench -- data-screen`.
import { chromium } from 'playwright-core';
import { DATA_SCREEN_HEADING } from './sections.mjs';

const SAMPLE_EVERY_S = 30;
const REFRESH_S = 5;
const GOAL_GROWTH_MB = 20;
const OVERVIEW = '/api/herm-znfx/dataScreen/overview';
const MB = 1024 * 1024;

const mb = (bytes) => (bytes / MB).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function soakDataScreen({ port, log, defaultSeconds = 600 }) {
  const SECONDS = Number(process.env.DATA_SCREEN_SOAK_SECONDS ?? defaultSeconds);
  if (!Number.isFinite(SECONDS) || SECONDS < 10 || SECONDS > 24 * 3600) throw new Error(`DATA_SCREEN_SOAK_SECONDS must be 10–86400, not ${process.env.DATA_SCREEN_SOAK_SECONDS}`);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic', '--enable-precise-memory-info', '--js-flags=--expose-gc',
      // a wall screen is never a background tab: keep its timers at full rate
      '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
    ],
  });
  try {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const failures = [];
    let overviews = 0;
    let requests = 0;
    let counting = false;
    // only the requests of the data screen: the home page's, cut short by the navigation to it, are not its failures
    const watched = new WeakSet();
    page.on('request', (req) => {
      if (!counting) return;
      requests += 1;
      watched.add(req);
    });
    page.on('requestfailed', (req) => {
      if (counting && watched.has(req)) failures.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText ?? 'failed'}`);
    });
    page.on('response', async (res) => {
      if (!counting || !watched.has(res.request())) return;
      const url = new URL(res.url());
      if (res.status() >= 400) {
        failures.push(`${res.request().method()} ${url.pathname}: HTTP ${res.status()}`);
        return;
      }
      if (url.pathname !== OVERVIEW) return;
      overviews += 1;
      const body = await res.json().catch(() => null);
      if (!body?.meta?.success) failures.push(`GET ${url.pathname}: ${body ? `success false, ${body.meta?.message}` : 'not JSON'}`);
    });

    // The login form, as a person does it.
    await page.goto(`${base}/login`);
    await page.getByLabel('用户名').fill('xld');
    await page.getByLabel('密码').fill('Demo2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/index$/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);

    counting = true;
    const firstOverview = page.waitForResponse((res) => new URL(res.url()).pathname === OVERVIEW, { timeout: 30_000 });
    await page.goto(`${base}/dataScreen?refresh=${REFRESH_S}`);
    await firstOverview;
    // let the first drawings settle (the charts' code loads lazily, they animate in)
    await sleep(2 * REFRESH_S * 1000);

    const sample = async (at) => {
      const m = await page.evaluate(() => {
        // runs in the page: globalThis is its window
        // twice: what the first collection's finalizers free goes in the second
        globalThis.gc();
        globalThis.gc();
        return { heap: globalThis.performance.memory.usedJSHeapSize, nodes: globalThis.document.getElementsByTagName('*').length };
      });
      return { at, ...m, overviews, failures: failures.length };
    };
    const samples = [await sample(0)];
    log(`data screen: heap ${mb(samples[0].heap)} MB, ${samples[0].nodes} elements at the start`);
    const started = Date.now();
    const end = started + SECONDS * 1000;
    for (let i = 1; i <= Math.ceil(SECONDS / SAMPLE_EVERY_S) + 1 && Date.now() < end; i++) {
      await sleep(Math.min(SAMPLE_EVERY_S * 1000, end - Date.now()));
      const s = await sample(Math.round((Date.now() - started) / 1000));
      samples.push(s);
      log(`data screen at ${s.at} s: heap ${mb(s.heap)} MB, ${s.nodes} elements, ${s.overviews} overview answers, ${s.failures} failures`);
    }
    counting = false;
    // the screen still shows figures and no 更新失败 mark
    const showing = await page.getByTestId('data-screen').isVisible();
    const failedMark = await page.getByTestId('screen-failed').count();
    await context.close();
    if (!showing) failures.push('the data screen is not shown at the end');
    if (failedMark > 0) failures.push('the data screen shows 更新失败 at the end');
    return { seconds: SECONDS, refresh: REFRESH_S, samples, overviews, requests, failures };
  } finally {
    await browser.close();
  }
}

/** The heap's slope from the 60 s sample on, in MB a minute (least squares). */
function slopeMbPerMinute(samples) {
  const xs = samples.filter((s) => s.at >= 60);
  if (xs.length < 2) return 0;
  const mx = xs.reduce((a, s) => a + s.at, 0) / xs.length;
  const my = xs.reduce((a, s) => a + s.heap, 0) / xs.length;
  const num = xs.reduce((a, s) => a + (s.at - mx) * (s.heap - my), 0);
  const den = xs.reduce((a, s) => a + (s.at - mx) ** 2, 0);
  return den === 0 ? 0 : ((num / den) * 60) / MB;
}

export function dataScreenSection(r, machine) {
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const heaps = r.samples.map((s) => s.heap);
  const start = heaps[0];
  const last = heaps.at(-1);
  const max = Math.max(...heaps);
  const growth = last - start;
  const grew = growth < GOAL_GROWTH_MB * MB;
  const clean = r.failures.length === 0;
  const expected = Math.floor(r.seconds / r.refresh);
  return [
    DATA_SCREEN_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- data-screen\` (test/bench/data-screen-soak.mjs, DATA_SCREEN_SOAK_SECONDS=${r.seconds}): the built`,
    `app serving the built frontend, Debian's Chromium headless (1920 × 1080) logged in as 刘建国 (xld) on \`/dataScreen?refresh=${r.refresh}\` for ${r.seconds} s,`,
    `on ${machine.nproc} CPUs (${machine.cpu}). Every ${SAMPLE_EVERY_S} s: a forced garbage collection (\`window.gc()\`, --js-flags=--expose-gc), then`,
    '`performance.memory.usedJSHeapSize` (--enable-precise-memory-info) and the page\'s element count.',
    '',
    row('measure', 'result', 'goal', 'met'),
    row('---', '---', '---', '---'),
    row('JS heap after GC: start / max / end', `${mb(start)} / ${mb(max)} / ${mb(last)} MB`, '', ''),
    row('heap growth, start to end', `${growth >= 0 ? '+' : ''}${mb(growth)} MB`, `< ${GOAL_GROWTH_MB} MB`, grew ? 'yes' : '**no**'),
    row('elements in the page: start / end', `${r.samples[0].nodes} / ${r.samples.at(-1).nodes}`, '', ''),
    row('`dataScreen/overview` answers', `${r.overviews} (one per ${r.refresh} s would be about ${expected}); ${r.requests} requests in all`, '', ''),
    row('failed requests (HTTP ≥ 400, success false, or failed outright)', String(r.failures.length), '0', clean ? 'yes' : '**no**'),
    '',
    `Samples (s: MB): ${r.samples.map((s) => `${s.at}: ${mb(s.heap)}`).join(', ')}.`,
    '',
    `- After the first minute the heap grows by ${slopeMbPerMinute(r.samples).toFixed(2)} MB a minute (least squares over the samples from 60 s on); the element count ` +
      `${r.samples[0].nodes === r.samples.at(-1).nodes ? 'does not change' : 'changes'}. A run of hours would tell whether that levels off.`,
    ...(clean ? [] : ['', `Failures (first 5): ${r.failures.slice(0, 5).map((f) => `\`${f}\``).join('; ')}.`]),
    '',
  ].join('\n');
}
