// paint.js -- how fast the browser client shows its first view (a measure, not a test: run it
// by hand, like `ddz bench`). Starts `ddz serve`, opens the page RUNS times in fresh browser
// contexts (an empty cache, as a first visit) and once more with the cache warm, and prints
// for each: first contentful paint (the boot line, drawn with the CSS), the lobby drawn by
// the modules, the lobby connected (welcome and the room list in), and the bytes transferred;
// and the browser's floor: the first paint of a one-line page with no files, in a fresh context
// too (what this machine's Chromium needs at least, whatever the page).
//   DDZ_BIN=build/ddz node tests/web/paint.js [RUNS]
import { startServer } from './serve.js';
import { chromium } from 'playwright-core';

const BIN = process.env.DDZ_BIN || 'build/ddz';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const RUNS = Number(process.argv[2] || 10);

const { server, port } = await startServer(BIN);
const URL = `http://127.0.0.1:${port}/`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** The browser's floor on this machine: the first paint of a page of one line and no files. @param {import('playwright-core').BrowserContext} ctx */
async function floor(ctx) {
  const page = await ctx.newPage();
  await page.goto('data:text/html;charset=utf-8,<!doctype html><meta charset=utf-8><p>斗地主 · Dou Dizhu</p>');
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const t = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
  await page.close();
  return t;
}

/** One load of the page in ctx: the times (ms from navigation start) and the bytes. @param {import('playwright-core').BrowserContext} ctx */
async function load(ctx) {
  const page = await ctx.newPage();
  await page.goto(URL);
  await page.waitForFunction(() => /** @type {any} */ (window).ddz?.S.status === 'open' && document.querySelector('.lobby'));
  const r = await page.evaluate(() => new Promise((resolve) => {
    // The lobby's first frame and the connected lobby are seen by observers set at boot
    // (the page's own marks are not needed: the DOM says when each view came).
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const es = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const modules = Math.max(...es.filter((e) => e.name.endsWith('.js')).map((e) => e.responseEnd));
    resolve({
      fcp: fcp ? fcp.startTime : -1, dcl: nav.domContentLoadedEventEnd, modules,
      bytes: es.reduce((n, e) => n + e.transferSize, nav.transferSize),
      lobby: /** @type {any} */ (window).ddzFirstView || -1, open: /** @type {any} */ (window).ddzOpen || -1,
    });
  }));
  await page.close();
  return /** @type {{fcp: number, dcl: number, modules: number, bytes: number, lobby: number, open: number}} */ (r);
}

/** @param {number[]} xs */
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, min ${s[0].toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms`;
};

try {
  /** @type {Awaited<ReturnType<typeof load>>[]} */
  const cold = [];
  /** @type {number[]} */
  const floors = [];
  for (let i = 0; i < RUNS; i++) {
    const base = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    floors.push(await floor(base));
    await base.close();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript(() => {
      // Marks when #app first holds the lobby and when the lobby is connected.
      new MutationObserver(() => {
        const w = /** @type {any} */ (window);
        if (!w.ddzFirstView && document.querySelector('.lobby')) w.ddzFirstView = performance.now();
        if (!w.ddzOpen && w.ddz?.S.status === 'open' && document.querySelector('.lobby')) w.ddzOpen = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    cold.push(await load(ctx));
    if (i === RUNS - 1) {
      const warm = await load(ctx);
      console.log(`warm cache:  first paint ${warm.fcp.toFixed(0)} ms, lobby ${warm.lobby.toFixed(0)} ms, connected ${warm.open.toFixed(0)} ms, ${warm.bytes} bytes`);
    }
    await ctx.close();
  }
  console.log(`first visit, ${RUNS} loads (empty cache), ${cold[0].bytes} bytes transferred:`);
  console.log(`  browser floor (one line) ${stats(floors)}`);
  console.log(`  first contentful paint   ${stats(cold.map((r) => r.fcp))}`);
  console.log(`  modules loaded           ${stats(cold.map((r) => r.modules))}`);
  console.log(`  lobby drawn              ${stats(cold.map((r) => r.lobby))}`);
  console.log(`  lobby connected          ${stats(cold.map((r) => r.open))}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
