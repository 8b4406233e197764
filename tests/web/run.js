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
import { startServer } from './serve.js';

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
const { server, port } = await startServer(BIN, ['--bot-delay', '60', '--turn', '300']);
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

/**
 * Plays until every page sees the game over, or during says to stop (true).
 * @param {import('playwright-core').Page[]} pages @param {(n: number) => Promise<void|boolean>} [during]
 */
async function playOut(pages, during) {
  let moves = 0;
  const deadline = Date.now() + 180000; // a guard against a hang, not a measure
  while (Date.now() < deadline) {
    const sts = await Promise.all(pages.map(state));
    if (sts.every((s) => s.over)) return moves;
    let acted = false;
    for (let i = 0; i < pages.length; i++) {
      if (sts[i].turn && !sts[i].over) {
        if (during && await during(moves)) return moves;
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
  // Refusals worded from the server's args (PROTOCOL.md, Errors), in both languages.
  const names = ['张三', 'Bee', '电脑乙(简单)'];
  const argWords = [
    ['zh', 'illegal', { reason: 'does_not_beat', move: '33344', table: '55566' }, true, '不能这样出：3 3 3 4 4（三带二） 压不过 5 5 5 6 6（三带二）'],
    ['en', 'illegal', { reason: 'does_not_beat', move: '33344', table: '55566' }, false, 'Not allowed: 3 3 3 4 4 (trio + pair) does not beat 5 5 5 6 6 (trio + pair)'],
    ['en', 'illegal', { reason: 'must_beat', table: 'TT', move: 'JJ' }, true, 'Not allowed: You can beat 10 10 (pair), so you must (有出必出): J J (pair) does, for one'],
    ['zh', 'illegal', { reason: 'must_beat', table: 'TT', move: 'JJ' }, true, '不能这样出：有出必出：你压得过 10 10（对子），不能不要（比如出 J J（对子））'],
    ['zh', 'illegal', { reason: 'short', ranks: '333' }, true, '不能这样出：3 3 3 只能作为最后一手出：三张要带两张'],
    ['en', 'illegal', { reason: 'short', ranks: '333' }, true, 'Not allowed: 3 3 3 may be played only as your last cards: a trio takes two cards'],
    ['en', 'illegal', { reason: 'not_a_move', ranks: '32' }, false, 'Not allowed: 3 2 is not a move under these rules'],
    ['zh', 'illegal', { reason: 'value', phase: 'bid', value: 1, values: [0, 3] }, false, '现在不能选“1 分”：可以选 不叫、3 分'],
    ['en', 'illegal', { reason: 'value', phase: 'double', value: 2, values: [0, 1] }, false, 'You cannot choose "Super double" now: you may choose No double, Double'],
    ['zh', 'illegal', { reason: 'value', phase: 'bid', value: 1, values: [0] }, { rob: true, called: true }, '现在不能选“抢地主”：可以选 不抢'],
    ['en', 'illegal', { reason: 'value', phase: 'bid', value: 3, values: [0, 1] }, { rob: true }, 'You cannot choose "3 point(s)" now: you may choose Don\'t call, Call'],
    ['en', 'not_your_turn', { seat: 2 }, false, 'It is not your turn: Computer B (easy) is to act'],
    ['zh', 'not_your_turn', { seat: 0 }, false, '还没轮到你，现在轮到 张三'],
    ['zh', 'not_in_hand', { ranks: 'TTB' }, false, '你没有这些牌：10 10 小王'],
    ['en', 'wrong_password', { room: 7, given: false }, false, 'Room #7 needs a password'],
    ['zh', 'wrong_password', { room: 7, given: true }, false, '#7 号房间的密码不对'],
    ['en', 'bad_name', { max: 16 }, false, 'A name has 1 to 16 characters'],
    ['en', 'room_full', { room: 3, seat: -1 }, false, 'Room #3 has no free seat'],
  ];
  for (const [lang, code, args, h48, want] of argWords) {
    i18n.setLang(/** @type {'zh'|'en'} */ (lang));
    const ctx = typeof h48 === 'object' ? { names, ...h48 } : { names, h48: !!h48 };
    const got = i18n.refusal(/** @type {string} */ (code), 'an English sentence', /** @type {any} */ (args), ctx);
    check(got === want, `refusal from args (${lang}): "${got}"`);
  }
  // Move types as the engine names them, the 48-card game's own included (src/core/moves.c).
  const types = [
    ['3', 0, 'single'], ['TT', 0, 'pair'], ['333', 0, 'trio'], ['3334', 0, 'trio_single'], ['33344', 0, 'trio_pair'],
    ['34567', 0, 'straight'], ['334455', 0, 'pair_chain'], ['3344', 0, ''], ['333444', 0, 'plane'], ['33344456', 0, 'plane_single'],
    ['3334445566', 0, 'plane_pair'], ['333345', 0, 'four_two'], ['33334455', 0, 'four_two_pairs'], ['3333', 0, 'bomb'], ['BR', 0, 'rocket'],
    ['34', 0, ''], ['333444555666:plane_single:4', 0, 'plane_single'],
    ['333', 1, 'trio_short'], ['3334', 1, 'trio_short'], ['33345', 1, 'trio_two'], ['33344', 1, 'trio_two'], ['3344', 1, 'pair_chain'],
    ['333444', 1, 'plane'], ['3334445', 1, 'plane_short'], ['3334445566', 1, 'plane_two'], ['33334', 1, 'four_with'],
    ['3333456', 1, 'four_with'], ['33334455', 1, 'four_two_pairs'], ['3333', 1, 'bomb'], ['3333456789', 1, ''],
  ];
  for (const [move, h48, want] of types) {
    const got = cards.moveType(/** @type {string} */ (move), !!h48);
    check(got === want, `${h48 ? 'hubei48' : 'standard'} ${move} is ${got || 'no move'}`);
  }
  check(cards.deck(true).length === 48 && !cards.deck(true).some((c) => ['BJ', 'RJ', 'C2', 'D2', 'H2', 'SA'].includes(c)), 'the 48-card deck has no jokers, one 2 and three As');
  i18n.setLang('en');
  const worded = [i18n.personName('电脑乙(简单)'), i18n.personName('电脑(困难)'), i18n.personName('电脑3'), i18n.roomName('张三的房间'), i18n.roomName('快速匹配12'), i18n.roomName('人机对战'), i18n.roomName('my room')];
  check(worded.join('|') === "Computer B (easy)|Computer (hard)|Computer 3|张三's room|Quick match 12|vs computer|my room", `names in English: ${worded.join(' | ')}`);
  i18n.setLang('zh');
  check(i18n.personName('电脑乙(简单)') === '电脑乙(简单)' && i18n.roomName('人机对战') === '人机对战', 'names in Chinese stay');

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
  await p1.locator('#c-pass').fill('sesame');
  await p1.locator('#c-bots').selectOption('0');
  await p1.locator('[data-k="c-go"]').click();
  await p1.waitForSelector('.felt');
  const lobbyViolations = await axe(p2);
  check(lobbyViolations.length === 0, `axe: lobby has no serious violation ${lobbyViolations.join('; ')}`);
  await p2.screenshot({ path: `${OUT}/lobby-1280-en.png` });
  // The room's password, asked in the page: a wrong one is said in the dialog, Escape cancels
  // (the focus goes back to the button), Tab stays in the dialog, Enter and the button send it.
  /** @param {import('playwright-core').Page} p */
  const activeK = (p) => p.evaluate(() => document.activeElement?.getAttribute('data-k') || document.activeElement?.tagName || '');
  for (const p of [p2, p3]) {
    await p.locator('[data-k="refresh"]').click();
    await p.locator('.roomcard', { hasText: 'web test' }).locator('button[data-k^="join"]').click();
    await p.waitForSelector('.dialog #pw');
    check(await activeK(p) === 'pw', 'the password dialog has the focus');
  }
  await p2.keyboard.type('nope');
  await p2.keyboard.press('Enter');
  await p2.waitForSelector('.dialog #pw-err');
  const pwErr = await p2.locator('#pw-err').textContent();
  check(/Wrong password for room #\d+/.test(pwErr || '') && await activeK(p2) === 'pw', `a wrong password is said in the dialog: "${pwErr}"`);
  await p2.keyboard.type('sesame');
  await p2.keyboard.press('Enter');
  await p2.waitForSelector('.felt');
  await p3.keyboard.press('Escape');
  await p3.waitForSelector('.dialog', { state: 'detached' });
  check(/^join\d+$/.test(await activeK(p3)), `Escape closes the dialog; the focus is back on the join button (${await activeK(p3)})`);
  await p3.keyboard.press('Enter');
  await p3.waitForSelector('.dialog #pw');
  for (let i = 0; i < 3; i++) await p3.keyboard.press('Tab');
  check(await activeK(p3) === 'pw', 'Tab stays inside the dialog');
  await p3.keyboard.type('sesame');
  await p3.locator('[data-k="pw-ok"]').click();
  await p3.waitForSelector('.felt');
  await spec.locator('[data-k="refresh"]').click();
  await spec.locator('.roomcard', { hasText: 'web test' }).locator('button[data-k^="watch"]').click();
  await spec.locator('#pw').fill('sesame');
  await spec.keyboard.press('Enter');
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
      check((idleZh ? /^还没轮到你，现在轮到 \S+/ : /^It is not your turn: \S+.* is to act$/).test(text || ''), `out of turn, naming who is to act: "${text}"`);
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
      check((zh ? /^不能这样出：[0-9JQKA 小大王]+ 不是合规的牌型$/ : /^Not allowed: [0-9JQKA a-z]+ is not a move under these rules$/).test(why || ''), `illegal play refused in ${zh ? 'Chinese' : 'English'}, naming the cards: "${why}"`);
      // The multiple opens to its factors (Chinese page).
      await p1.locator('[data-k="mult"]').click();
      const fz = await p1.locator('#factors').textContent();
      check(await p1.locator('#factors').isVisible() && /叫分 \d/.test(fz || '') && /每位农民输赢/.test(fz || ''), `the multiple's factors in Chinese: "${fz}"`);
      await p1.locator('[data-k="mult"]').click();
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

  // 2. ddz web's #solo table (two computers), screenshots at three sizes and both languages,
  // a touch drag; the game against computers played to its end is the keyboard one (3.).
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
        const below = await solo.evaluate(() => Math.round(/** @type {Element} */ (document.querySelector('.hand')).getBoundingClientRect().bottom - innerHeight));
        check(below <= 0, `${w}x${hgt} ${lang}: the hand shows without scrolling (${below} px below)`);
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
    // The multiple opened to its factors, for a person to look at.
    await solo.locator('[data-k="mult"]').click();
    await solo.screenshot({ path: `${OUT}/table-factors-1280x800-en.png` });
    return true;
  });
  check(shots === 1, 'the #solo table against two computers, seen at three sizes');
  await solo.context().close();

  // 3. The 48-card game (hubei48) from the keyboard alone: lobby, create, ready, bid, play
  // (typed ranks, hint, the hand's arrows), the multiple's factors, must-beat, the result, the
  // next game. The page is only read here, never clicked.
  const kb = await open('kbd', 'en');
  /** The focused control's data-k, and whether its focus ring shows. */
  const focus = () => kb.evaluate(() => {
    const el = /** @type {HTMLElement|null} */ (document.activeElement);
    const cs = el ? getComputedStyle(el) : null;
    return { k: el?.getAttribute('data-k') || el?.tagName || '', ring: !!cs && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 };
  });
  /** Tabs to the control whose data-k matches (at most 60 presses). @param {RegExp} re */
  const tabTo = async (re) => {
    for (let i = 0; i < 60; i++) {
      if (re.test((await focus()).k)) return true;
      await kb.keyboard.press('Tab');
    }
    return false;
  };
  const sv = (/** @type {string} */ sel) => kb.evaluate((q) => /** @type {HTMLInputElement|null} */ (document.querySelector(q))?.value, sel);
  let rings = 0, ringsSeen = 0;
  const ring = async () => { rings++; if ((await focus()).ring) ringsSeen++; };
  check(await tabTo(/^create$/), 'keyboard: Tab reaches "Create a room"');
  await ring();
  await kb.keyboard.press('Enter');
  await tabTo(/^c-name$/);
  await kb.keyboard.type('keys only');
  await tabTo(/^c-rules$/);
  await ring();
  await kb.keyboard.press('End');
  await tabTo(/^c-turn$/);
  await kb.keyboard.press('Control+A');
  await kb.keyboard.type('0');
  await tabTo(/^c-bots$/);
  await kb.keyboard.press('End');
  check(await sv('#c-rules') === 'hubei48' && await sv('#c-bots') === '2' && await kb.locator('#c-bid').isDisabled(), 'keyboard: hubei48 with two computers chosen; its bidding options are off');
  await tabTo(/^c-go$/);
  await kb.keyboard.press('Enter');
  await kb.waitForFunction(() => /** @type {any} */ (window).ddz.S.room?.seats.every((/** @type {any} */ x) => x));
  await kb.waitForFunction(() => document.activeElement?.getAttribute('data-k') === 'ready', null, { timeout: 3000 }).catch(() => {});
  check((await focus()).k === 'ready', `keyboard: the focus goes to Ready (${(await focus()).k})`);
  await ring();
  await kb.keyboard.press('Enter');
  await kb.waitForSelector('.hand [data-id]');
  // The deal is the server's CSPRNG: a computer may bid 3 and lead before this reads the table,
  // so the counter is checked against the seats' counts (the other two seats' cards), not 32.
  const start48 = await kb.evaluate(() => {
    const S = /** @type {any} */ (window).ddz.S, g = S.game;
    return {
      hand: document.querySelectorAll('.hand [data-id]').length,
      left: [...document.querySelectorAll('.ctr li b')].reduce((n, b) => n + Number(b.textContent), 0),
      others: g.counts.reduce((/** @type {number} */ n, /** @type {number} */ c, /** @type {number} */ i) => i === S.seat ? n : n + c, 0),
      ranks: document.querySelectorAll('.ctr li').length,
      bottom: document.querySelector('.center .bottom')?.textContent,
      counts: g.counts.join(),
      mine: g.counts[S.seat],
    };
  });
  check(start48.hand === 16 && start48.mine === 16 && start48.left === start48.others && start48.others > 0 && start48.others <= 32
    && start48.ranks === 13 && start48.bottom === 'No bottom cards' && start48.counts.split(',').every((c) => Number(c) <= 16),
    `hubei48: 16 cards each, the counter counts the other seats' cards over 13 ranks, no bottom ${JSON.stringify(start48)}`);
  let bidSeen = false, multDone = false, mustDone = false, handDone = false, kbMoves = 0;
  const kbDeadline = Date.now() + 240000;
  // The deal is random: a computer may bid 3 before this seat bids, or the game may end before
  // this seat leads or must beat a move. Games are played until each was met (four at most).
  let games = 0;
  for (let game = 1; game <= 4 && Date.now() < kbDeadline; game++) {
    games = game;
    while (Date.now() < kbDeadline) {
      const st = await state(kb);
      if (st.over) break;
      if (!st.turn) { await sleep(50); continue; }
      if (st.turn === 'bid') {
        await kb.waitForFunction(() => /^bid\d$/.test(document.activeElement?.getAttribute('data-k') || ''), null, { timeout: 2000 }).catch(() => {});
        if (!bidSeen) { bidSeen = true; check(/^bid\d$/.test((await focus()).k), `keyboard: the focus goes to the bid buttons (${(await focus()).k})`); await ring(); }
        const top = await kb.evaluate(() => Math.max(.../** @type {any} */ (window).ddz.S.game.turn.values));
        await tabTo(new RegExp('^bid' + top + '$'));
        await kb.keyboard.press('Enter');
      } else if (st.turn === 'play') {
        await kb.waitForFunction(() => document.activeElement?.id === 'ranks', null, { timeout: 2000 }).catch(() => {});
        if (!multDone) {
          multDone = true;
          await tabTo(/^mult$/);
          await kb.keyboard.press('Enter');
          const fx = await kb.locator('#factors').textContent();
          check(await kb.locator('#factors').isVisible() && /Bid \d/.test(fx || '') && /Bomb bonus: /.test(fx || '') && await kb.locator('[data-k="mult"]').getAttribute('aria-expanded') === 'true', `keyboard: the multiple opens to its factors: "${fx}"`);
          await kb.keyboard.press('Escape');
          check(await kb.locator('#factors').isHidden(), 'keyboard: Escape closes the factors');
          await kb.keyboard.press('Shift+Tab'); // leaves the button: the next key is a rank
        }
        if (!st.lead) await kb.waitForFunction(() => /** @type {any} */ (window).ddz.S.beatKnown);
        const must = await kb.evaluate(() => /** @type {any} */ (window).ddz.S.mustBeat);
        if (must && !mustDone) {
          mustDone = true;
          check(await kb.locator('#pass').isDisabled() && await kb.locator('#must-beat').isVisible(), 'hubei48: Pass is off while a move beats the table (有出必出)');
          await kb.keyboard.type('p');
          await kb.keyboard.press('Enter');
          await kb.waitForSelector('.notice.bad');
          const why = await kb.locator('.notice').textContent();
          check(/^Not allowed: You can beat .+, so you must \(有出必出\): .+ does, for one$/.test(why || ''), `hubei48: a pass is refused, naming the move to beat: "${why}"`);
        }
        if (st.lead && !handDone) {
          handDone = true;
          check(await tabTo(/^card-/), 'keyboard: Tab reaches the hand');
          await ring();
          await kb.keyboard.press('End');
          await kb.keyboard.press('Space');
          const one = await kb.evaluate(() => [.../** @type {any} */ (window).ddz.S.sel]);
          check(one.length === 1, `keyboard: End and Space select the lowest card (${one})`);
          await kb.keyboard.press('Enter');
        } else {
          await kb.keyboard.type('h');
          await kb.keyboard.press('Enter');
          await kb.waitForFunction(() => { const d = /** @type {any} */ (window).ddz; return d.S.sel.size > 0 || d.S.notice === d.t('noHint'); }, null, { timeout: 3000 }).catch(() => {});
          const n = await kb.evaluate(() => /** @type {any} */ (window).ddz.S.sel.size);
          if (n) await kb.keyboard.press('Enter');
          else { await kb.keyboard.type('p'); await kb.keyboard.press('Enter'); }
        }
        kbMoves++;
        if (kbMoves === 3) await kb.screenshot({ path: `${OUT}/table-hubei48-1280x800-en.png` });
      } else {
        await kb.keyboard.press('Enter');
      }
      await kb.waitForFunction(() => { const g = /** @type {any} */ (window).ddz.S.game; return !g || !g.turn || g.over; }, null, { timeout: 5000 }).catch(() => {});
    }
    await kb.waitForSelector('.dialog');
    await kb.waitForFunction(() => document.activeElement?.getAttribute('data-k') === 'again', null, { timeout: 2000 }).catch(() => {});
    check((await focus()).k === 'again', `keyboard: the result takes the focus on "Play again" (${(await focus()).k})`);
    await ring();
    const res48 = await kb.locator('.dialog').textContent();
    if (game === 1) check(/Let go/.test(res48 || '') && /Pays the side's loss/.test(res48 || '') && /Bomb bonus/.test(res48 || '') && /Bonus per bomb/.test(res48 || '') && !/Robs/.test(res48 || ''), 'hubei48: the result shows 放走, 包赔 and 喜金, and no rob');
    if (game === 1) await kb.screenshot({ path: `${OUT}/result-hubei48-1280x800-en.png` });
    await kb.keyboard.press('Enter');
    await kb.waitForFunction((n) => /** @type {any} */ (window).ddz.S.game?.n === n && !(/** @type {any} */ (window).ddz.S.game.over), game + 1);
    if (bidSeen && handDone && mustDone) break;
  }
  check(handDone && bidSeen && kbMoves > 0, `keyboard: whole games played from the keyboard (${games} games, ${kbMoves} moves), each result closed and the next game dealt`);
  check(mustDone, `hubei48: must-beat met (${games} games)`);
  check(rings === ringsSeen, `keyboard: the focus ring shows at every step (${ringsSeen}/${rings})`);
  const kbBad = leaks(frames.get('kbd'), (await state(kb)).seat);
  check(kbBad.length === 0, `hidden cards: the hubei48 page saw none ${kbBad.slice(0, 3).join('; ')}`);

  // 4. Nothing went wrong on any page.
  check(problems.length === 0, `no console error or failed request ${problems.slice(0, 5).join(' | ')}`);
} catch (e) {
  check(false, 'browser test: ' + (e instanceof Error ? e.stack : String(e)));
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log(`web: ${failures ? failures + ' failed' : 'all passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${OUT}/`);
process.exit(failures ? 1 : 0);
