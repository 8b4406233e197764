// run.js -- the browser client in Debian's Chromium (playwright-core), against a real ddz serve:
// three players and a spectator play a whole game through the page alone, every WebSocket
// frame is checked for hidden cards, a reload and a cut connection come back to the same
// hand, refusals are worded in the page's language, a second game against computers, axe-core
// on the lobby and the table, screenshots at three sizes in both languages (build/web/).
//   DDZ_BIN=build/ddz node tests/web/run.js
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const BIN = process.env.DDZ_BIN || 'build/ddz';
const OUT = process.env.DDZ_WEB_OUT || 'build/web';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
mkdirSync(OUT, { recursive: true });

const t0 = Date.now();
let failures = 0;
/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}  [${((Date.now() - t0) / 1000).toFixed(1)} s]`);
  if (!ok) failures++;
}
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

// The server: a free port, computers quick, a generous turn clock (shown, never reached).
const server = spawn(BIN, ['serve', '--port', '0', '--quiet', '--bot-delay', '60', '--turn', '300'], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  let buf = '';
  server.stdout.on('data', (d) => {
    buf += d;
    const m = /listening on ws:\/\/[^:]+:(\d+)/.exec(buf);
    if (m) resolve(Number(m[1]));
  });
  server.on('exit', (code) => reject(new Error('ddz serve exited ' + code)));
  setTimeout(() => reject(new Error('ddz serve did not start')), 10000);
});
const URL = `http://127.0.0.1:${port}/`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Problems seen by any page: console errors, failed requests, page errors. @type {string[]} */
const problems = [];
/** Every frame each page received, in order, with the time it came. */
const frames = new Map();

/**
 * A page in its own browser context (its own storage: its own player).
 * @param {string} who @param {'zh'|'en'} lang @param {{width: number, height: number}} [viewport]
 */
async function open(who, lang, viewport = { width: 1280, height: 800 }, hash = '') {
  const ctx = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US', hasTouch: viewport.width < 900 });
  await ctx.addInitScript((l) => localStorage.setItem('ddz.lang', l), lang);
  const page = await ctx.newPage();
  /** @type {any[]} */
  const got = [];
  frames.set(who, got);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${who} console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${who} page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`${who} request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${who} HTTP ${r.status()} ${r.url()}`); });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { try { got.push(JSON.parse(String(f.payload))); } catch { problems.push(`${who} non-JSON frame`); } }));
  await page.goto(URL + hash);
  await page.waitForFunction(() => /** @type {any} */ (window).ddz && /** @type {any} */ (window).ddz.S.status === 'open');
  return page;
}

/** Clicks a card where it shows (cards overlap: their left edge). @param {import('playwright-core').Page} page @param {string} id */
const clickCard = (page, id) => page.locator(`.hand [data-id="${id}"]`).click({ position: { x: 5, y: 12 } });
/** @param {import('playwright-core').Page} page */
const handOf = (page) => page.$$eval('.hand [data-id]', (els) => els.map((e) => e.getAttribute('data-id')).sort().join(' '));
/** @param {import('playwright-core').Page} page */
const state = (page) => page.evaluate(() => {
  const S = /** @type {any} */ (window).ddz.S;
  const g = S.game;
  return { seat: S.seat, turn: g && g.turn ? g.turn.phase : null, lead: g && g.turn ? !!g.turn.lead : false, over: !!(g && g.over), next: g && g.next ? g.next.seat : -1, status: S.status };
});

/**
 * One decision through the page, as a person would: bid the most (so the first bidder takes
 * it), no doubling, and in play a hint played (typed ranks once, Hint and Play otherwise),
 * or a pass when nothing beats. Returns false when it was not this page's turn.
 * @param {import('playwright-core').Page} page @param {{typed?: boolean}} [how]
 */
async function act(page, how = {}) {
  const st = await state(page);
  if (!st.turn) return false;
  if (st.turn === 'bid') {
    const btns = page.locator('.actions button[data-k^="bid"]');
    await btns.last().click();
  } else if (st.turn === 'double') {
    await page.locator('.actions button[data-k="dbl0"]').click();
  } else {
    await page.locator('#hint').click();
    // Hint selects the first move, or says nothing beats (then we pass).
    await page.waitForFunction(() => {
      const d = /** @type {any} */ (window).ddz;
      return d.S.sel.size > 0 || d.S.notice === d.t('noHint');
    });
    const n = await page.evaluate(() => /** @type {any} */ (window).ddz.S.sel.size);
    if (n === 0) {
      await page.locator('#pass').click();
    } else if (how.typed) {
      const sel = await page.evaluate(() => [.../** @type {any} */ (window).ddz.S.sel]);
      const ranks = sel.map((id) => (id === 'BJ' ? 'x' : id === 'RJ' ? 'd' : id[1] === 'T' ? '10' : id[1])).join('');
      await page.locator('#ranks').fill('');
      await page.locator('#ranks').type(ranks);
      await page.locator('#ranks').press('Enter');
    } else {
      await page.locator('#play').click();
    }
  }
  await page.waitForFunction(() => {
    const g = /** @type {any} */ (window).ddz.S.game;
    return !g || !g.turn || g.over;
  }, null, { timeout: 5000 }).catch(() => {});
  return true;
}

/** Plays until every page sees the game over. @param {import('playwright-core').Page[]} pages @param {(n: number) => Promise<void>} [during] */
async function playOut(pages, during) {
  let moves = 0;
  const deadline = Date.now() + 180000; // a guard against a hang, not a measure
  while (Date.now() < deadline) {
    const sts = await Promise.all(pages.map(state));
    if (sts.every((s) => s.over)) return moves;
    let acted = false;
    for (let i = 0; i < pages.length; i++) {
      if (sts[i].turn && !sts[i].over) {
        if (during) await during(moves);
        if (await act(pages[i], { typed: moves === 4 })) { moves++; acted = true; }
        break;
      }
    }
    if (!acted) await sleep(60);
  }
  throw new Error('the game did not end within 180 s');
}

/**
 * Hidden information: every card a frame names must be the receiver's own (seat's dealt cards,
 * known from the game's end) or already public (played, shown, the bottom once announced).
 * @param {any[]} got @param {number} seat -1: a spectator
 */
function leaks(got, seat) {
  const over = got.find((m) => m.type === 'over');
  if (!over) return ['no game end seen'];
  /** @type {Map<string, number>} */
  const owner = new Map();
  over.hands.forEach((/** @type {string} */ h, /** @type {number} */ s) => h.split(' ').forEach((c) => owner.set(c, s)));
  over.bottom.split(' ').forEach((/** @type {string} */ c) => owner.set(c, over.result.landlord));
  const pub = new Set();
  const bad = [];
  /** @param {any} s */
  const add = (s) => { if (typeof s === 'string') for (const c of s.split(' ')) if (c) pub.add(c); };
  for (const m of got) {
    if (m.type === 'over' || m.type === 'redeal') break;
    if (m.type === 'action') { add(m.cards); add(m.hand); }
    if (m.type === 'landlord') add(m.bottom);
    if (m.type === 'state') { add(m.bottom); (m.played || []).forEach(add); (m.shown || []).forEach(add); }
    const text = JSON.stringify(m);
    for (const [c] of text.matchAll(/\b(?:[CDHS][3-9TJQKA2]|BJ|RJ)\b/g)) {
      if (pub.has(c)) continue;
      const own = owner.get(c);
      if (own !== seat) bad.push(`${m.type} names ${c} (seat ${own})`);
    }
  }
  return bad;
}

/** axe-core on the page as it is: the serious and critical violations. @param {import('playwright-core').Page} page */
async function axe(page) {
  await page.evaluate(AXE);
  const res = await page.evaluate(() => /** @type {any} */ (window).axe.run(document, { resultTypes: ['violations'] }));
  return res.violations.filter((/** @type {any} */ v) => v.impact === 'serious' || v.impact === 'critical').map((/** @type {any} */ v) => `${v.id}: ${v.help}: ${v.nodes.slice(0, 4).map((/** @type {any} */ n) => n.target.join(' ')).join(', ')}`);
}

try {
  // 0. The client's pure modules, in Node: refusals worded, typed ranks read and picked.
  const i18n = await import('../../web/i18n.js');
  const cards = await import('../../web/cards.js');
  i18n.setLang('zh');
  const words = [
    [i18n.refusal('illegal', '32 is not a move under the standard rules'), '不能这样出：32 不是合规的牌型'],
    [i18n.refusal('illegal', '55 does not beat 66'), '不能这样出：55 压不过 66'],
    [i18n.refusal('not_your_turn', 'not your turn: seat 2 is to act'), '还没轮到你'],
    [i18n.refusal('some_new_code', 'a reason'), 'a reason'],
  ];
  i18n.setLang('en');
  words.push([i18n.refusal('illegal', '55 does not beat 66'), 'Not allowed: 55 does not beat 66']);
  for (const [got, want] of words) check(got === want, `refusal worded: "${got}"`);
  const hand = cards.parseCards('C3 D3 H3 S4 HT ST BJ RJ S2');
  const picks = [['33344', null], ['334', 'C3 D3 S4'], ['1010', 'HT ST'], ['xd', 'BJ RJ'], ['XD2', 'S2 BJ RJ'], ['33z', 'bad']];
  for (const [typed, want] of picks) {
    const p = cards.parseRanks(/** @type {string} */ (typed));
    const got = 'bad' in p ? 'bad' : (cards.pick(hand, p.counts) || []).join(' ') || null;
    const norm = got && got !== 'bad' ? cards.sortCards(got.split(' ')).join(' ') : got;
    check(norm === (want && want !== 'bad' ? cards.sortCards(want.split(' ')).join(' ') : want), `typed "${typed}" picks ${norm}`);
  }
  check(cards.notation(hand) === '3334TT2BR', `rank notation of a hand: ${cards.notation(hand)}`);

  // 1. Three people and a spectator, one room, a whole game through the page.
  const p1 = await open('p1', 'zh');
  const p2 = await open('p2', 'en');
  const p3 = await open('p3', 'en');
  const spec = await open('spec', 'zh');
  // Size is checked; time is only reported (a loaded machine is no measure: README, speed).
  const load = await spec.evaluate(() => {
    const es = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { bytes: es.reduce((n, e) => n + e.transferSize, nav.transferSize), fcp: fcp ? Math.round(fcp.startTime) : -1 };
  });
  console.log(`     first view: ${load.bytes} bytes transferred, first contentful paint at ${load.fcp} ms`);
  check(load.bytes > 0 && load.bytes < 300 * 1024, `the whole client is ${load.bytes} bytes (< 300 KB)`);
  await p1.locator('#nick').fill('张三');
  await p1.locator('[data-k="rename"]').click();
  await p1.waitForFunction(() => /** @type {any} */ (window).ddz.S.me.name === '张三' && /** @type {any} */ (window).ddz.S.status === 'open');
  check(true, 'renamed to 张三');
  await p1.locator('[data-k="create"]').click();
  await p1.locator('#c-name').fill('web test');
  await p1.locator('#c-bots').selectOption('0');
  await p1.locator('[data-k="c-go"]').click();
  await p1.waitForSelector('.felt');
  const lobbyViolations = await axe(p2);
  check(lobbyViolations.length === 0, `axe: lobby has no serious violation ${lobbyViolations.join('; ')}`);
  await p2.screenshot({ path: `${OUT}/lobby-1280-en.png` });
  for (const p of [p2, p3]) {
    await p.locator('[data-k="refresh"]').click();
    await p.locator('.roomcard', { hasText: 'web test' }).locator('button[data-k^="join"]').click();
    await p.waitForSelector('.felt');
  }
  await spec.locator('[data-k="refresh"]').click();
  await spec.locator('.roomcard', { hasText: 'web test' }).locator('button[data-k^="watch"]').click();
  await spec.waitForSelector('.felt');
  for (const p of [p1, p2, p3]) await p.locator('[data-k="ready"]').click();
  await p1.waitForSelector('.hand [data-id]');
  const players = [p1, p2, p3];
  const seats = await Promise.all(players.map(async (p) => (await state(p)).seat));
  check(seats.slice().sort().join() === '0,1,2', `three seats ${seats}`);

  // Out of turn and illegal, checked once the play starts.
  let refusalsDone = false;
  let reconnectDone = false;
  await playOut(players, async (moves) => {
    const sts = await Promise.all(players.map(state));
    const inPlay = sts.some((s) => s.turn === 'play');
    if (!inPlay) return;
    if (!refusalsDone) {
      refusalsDone = true;
      const toAct = sts.findIndex((s) => s.turn === 'play');
      const idle = players[(toAct + 1) % 3];
      const idleZh = idle === p1;
      await clickCard(idle, await idle.$eval('.hand [data-id]', (e) => e.getAttribute('data-id') || ''));
      await idle.locator('#play').click();
      await idle.waitForSelector('.notice.bad');
      const text = await idle.locator('.notice').textContent();
      check(/还没轮到你|not your turn/.test(text || '') && (idleZh ? /还没轮到你/ : /not your turn/).test(text || ''), `out of turn: "${text}"`);
      await idle.locator('[data-k="clear"]').click();
      // An illegal move from the seat to act: its lowest card with its highest (no move).
      const actor = players[toAct];
      const ids = await actor.$$eval('.hand [data-id]', (els) => els.map((e) => e.getAttribute('data-id')));
      const lo = ids[ids.length - 1], hi = ids.find((id) => id && lo && id[1] !== lo[1] && id !== 'BJ' && id !== 'RJ') || ids[0];
      await clickCard(actor, lo || '');
      await clickCard(actor, hi || '');
      await actor.locator('#play').click();
      await actor.waitForSelector('.notice.bad');
      const why = await actor.locator('.notice').textContent();
      const zh = actor === p1;
      check(zh ? /不能这样出/.test(why || '') && !/is not a move/.test(why || '') : /Not allowed/.test(why || ''), `illegal play refused in ${zh ? 'Chinese' : 'English'}: "${why}"`);
      await actor.locator('[data-k="clear"]').click();
      return;
    }
    if (!reconnectDone && moves >= 8) {
      reconnectDone = true;
      const toAct = sts.findIndex((s) => s.turn === 'play' || s.turn);
      const a = players[(toAct + 1) % 3], b = players[(toAct + 2) % 3];
      const before = await handOf(a);
      await a.reload();
      await a.waitForFunction(() => /** @type {any} */ (window).ddz.S.game && /** @type {any} */ (window).ddz.S.status === 'open');
      await a.waitForSelector('.hand [data-id]');
      check((await handOf(a)) === before && before.length > 0, 'reload mid-game: back in the seat with the same hand');
      const beforeB = await handOf(b);
      await b.evaluate(() => /** @type {any} */ (window).ddz.net.drop());
      await b.waitForFunction(() => /** @type {any} */ (window).ddz.S.status !== 'open');
      await b.waitForFunction(() => /** @type {any} */ (window).ddz.S.status === 'open' && /** @type {any} */ (window).ddz.S.game);
      await b.waitForSelector('.hand [data-id]');
      check((await handOf(b)) === beforeB, 'cut connection: back in the seat with the same hand');
    }
  });
  const tableViolations = await axe(p2);
  await spec.waitForSelector('.dialog');
  for (const p of [...players, spec]) await p.waitForSelector('.dialog');
  check(true, 'whole game played through the page to its end');
  const resultText = await p1.locator('.dialog').textContent();
  check(/地主胜|农民胜/.test(resultText || ''), 'result panel in Chinese on the Chinese page');
  const tv = [...tableViolations, ...(await axe(spec))];
  check(tv.length === 0, `axe: table and result have no serious violation ${tv.join('; ')}`);
  for (const [who, seat] of [['p1', seats[0]], ['p2', seats[1]], ['p3', seats[2]], ['spec', -1]]) {
    const bad = leaks(frames.get(who), /** @type {number} */ (seat));
    check(bad.length === 0, `hidden cards: ${who} (seat ${seat}) saw none of another seat's ${bad.slice(0, 3).join('; ')}`);
  }
  // A second tab of the same player takes over; the first one says so and offers to take back.
  const tab2 = await p2.context().newPage();
  await tab2.goto(URL);
  await tab2.waitForFunction(() => /** @type {any} */ (window).ddz && /** @type {any} */ (window).ddz.S.status === 'open');
  await p2.waitForFunction(() => /** @type {any} */ (window).ddz.S.status === 'replaced');
  check(await p2.locator('[data-k="takeback"]').isVisible(), 'a second tab takes over; the first offers to continue there');
  check((await state(tab2)).seat === seats[1], 'the second tab sits in the same seat');
  for (const p of [...players, spec]) await p.context().close();

  // ddz web: prints the address of a table with two computers.
  const web = spawn(BIN, ['web', '--no-open', '--port', '0', '--level', 'easy'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const webUrl = await new Promise((resolve) => {
    let buf = '';
    web.stdout.on('data', (d) => { buf += d; const m = /play at (http:\/\/\S+)/.exec(buf); if (m) resolve(m[1]); });
    setTimeout(() => resolve(''), 10000);
  });
  const res = webUrl ? await fetch(webUrl) : null;
  check(/^http:\/\/127\.0\.0\.1:\d+\/#solo=easy$/.test(String(webUrl)) && res !== null && res.status === 200, `ddz web prints ${webUrl}`);
  web.kill('SIGTERM');

  // 2. A game against two computers (ddz web's #solo), screenshots at three sizes and both languages.
  const solo = await open('solo', 'zh', { width: 1280, height: 800 }, '#solo=easy');
  await solo.waitForSelector('.hand [data-id]');
  let shots = 0;
  await playOut([solo], async (moves) => {
    if (moves !== 3 || shots) return;
    shots++;
    for (const lang of ['zh', 'en']) {
      if ((await solo.evaluate(() => document.documentElement.lang)).startsWith(lang === 'zh' ? 'zh' : 'en') === false) await solo.locator('[data-k="lang"]').click();
      for (const [w, hgt] of [[1280, 800], [390, 844], [844, 390]]) {
        await solo.setViewportSize({ width: w, height: hgt });
        const fits = await solo.waitForFunction(() => document.documentElement.scrollWidth <= innerWidth, null, { timeout: 3000 }).then(() => true, () => false);
        check(fits, `${w}x${hgt} ${lang}: nothing wider than the window`);
        await solo.screenshot({ path: `${OUT}/table-${w}x${hgt}-${lang}.png` });
      }
    }
    await solo.setViewportSize({ width: 1024, height: 640 });
    await solo.waitForFunction(() => document.documentElement.scrollWidth <= innerWidth, null, { timeout: 3000 }).catch(() => {});
    await sleep(300);
    await solo.screenshot({ path: `${OUT}/readme-1024x640.png` });
    await solo.locator('[data-k="theme"]').click();
    await solo.setViewportSize({ width: 1280, height: 800 });
    await sleep(200);
    await solo.screenshot({ path: `${OUT}/table-1280x800-dark.png` });
    // Touch-drag (pointer) across three cards selects them; a second drag over them unselects.
    const boxes = await solo.$$eval('.hand [data-id]', (els) => els.slice(0, 3).map((e) => { const r = e.getBoundingClientRect(); return [r.x + 4, r.y + 20]; }));
    await solo.evaluate(() => /** @type {any} */ (window).ddz.S.sel.clear());
    await solo.mouse.move(boxes[0][0], boxes[0][1]);
    await solo.mouse.down();
    for (const [x, y] of boxes) await solo.mouse.move(x, y, { steps: 3 });
    await solo.mouse.up();
    const dragged = await solo.$$eval('.hand [aria-pressed="true"]', (els) => els.length);
    check(dragged === 3, `dragging across three cards selects them (${dragged})`);
    await solo.locator('[data-k="clear"]').click();
    await solo.locator('[data-k="theme"]').click();
  });
  await solo.waitForSelector('.dialog');
  await solo.screenshot({ path: `${OUT}/result-1280x800.png` });
  check(true, 'a game against two computers played to its end');
  const bad = leaks(frames.get('solo'), (await state(solo)).seat);
  check(bad.length === 0, `hidden cards: solo saw none ${bad.slice(0, 3).join('; ')}`);

  // 3. Nothing went wrong on any page.
  check(problems.length === 0, `no console error or failed request ${problems.slice(0, 5).join(' | ')}`);
} catch (e) {
  check(false, 'browser test: ' + (e instanceof Error ? e.stack : String(e)));
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log(`web: ${failures ? failures + ' failed' : 'all passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${OUT}/`);
process.exit(failures ? 1 : 0);
