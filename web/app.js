// app.js -- the browser client's state and its handling of the protocol (docs/PROTOCOL.md):
// every server message updates S, then view.js draws S; user actions become messages.

import { Net } from './net.js';
import { t, setLang, getLang, refusal } from './i18n.js';
import * as C from './cards.js';
import { render, tickClocks, showSelection } from './view.js';

/** @typedef {import('./net.js').Msg} Msg */
/** @typedef {{kind: string, value?: number, cards?: string[], move?: string}} Last */
/**
 * @typedef {object} Game
 * @property {number} n
 * @property {string[]} hand
 * @property {number[]} counts
 * @property {number} landlord
 * @property {number} bid
 * @property {number} robs
 * @property {number} bombs
 * @property {string[]} bottom
 * @property {(Last|null)[]} last
 * @property {string[][]} played
 * @property {(string[]|null)[]} shown
 * @property {number[]} doubles
 * @property {any} next
 * @property {number} nextAt  when the seat to act must act by (Date.now() ms), 0: no limit
 * @property {any} turn  the last `turn` message while it is ours to act
 * @property {string[][]} dealt  every seat's dealt cards, once the game is over
 * @property {any} over
 * @property {string} options
 * @property {{seat: number, bomb: boolean, pass: boolean}[]} plays  every play and pass, in order (喜金)
 * @property {number[]} showF  each seat's 明牌 multiplier (×3 shown while bidding, ×2 after), 0: none
 */

const store = {
  /** @param {string} k */
  get(k) { try { return localStorage.getItem('ddz.' + k); } catch { return null; } },
  /** @param {string} k @param {string} v */
  set(k, v) { try { localStorage.setItem('ddz.' + k, v); } catch { /* private mode */ } },
};

export const S = {
  status: /** @type {'connecting'|'open'|'closed'|'replaced'} */ ('connecting'),
  me: { player: 0, name: '' },
  rooms: /** @type {any[]} */ ([]),
  leaderboard: /** @type {any} */ (null),
  chat: /** @type {{from: string, seat: number, text: string}[]} */ ([]),
  room: /** @type {any} */ (null),
  seat: -1,
  game: /** @type {Game|null} */ (null),
  sel: /** @type {Set<string>} */ (new Set()),
  typed: '',
  chatDraft: '',
  hints: /** @type {string[]} */ ([]),
  hintAt: -1,
  notice: '',
  noticeBad: false,
  showResult: false,
  creating: false,
  autoPass: store.get('autopass') === '1',
  theme: store.get('theme') || '',
  solo: '',
  soloPending: false,
  pendingBots: /** @type {{n: number, level: string}|null} */ (null),
  /** The room whose password the dialog asks for. */
  pw: /** @type {{room: any, watch: boolean, error: string}|null} */ (null),
  multOpen: false,
  /** The last password tried, asked again when it is wrong. */
  pwLast: /** @type {{room: any, watch: boolean, error: string}|null} */ (null),
  /** 有出必出 (hubei48): a move beats the table, so Pass is not allowed. */
  mustBeat: false,
  /** Whether the moves that beat the table are known for this turn (checkBeatable). */
  beatKnown: false,
  /** The card of the hand that has the keyboard focus (roving tabindex). */
  cardAt: 0,
  /** The last input was a key (then the page moves the focus to what is to do). */
  kbd: false,
  /** The control (data-k) that gets the focus back when a dialog closes. */
  returnFocus: '',
};

const net = new Net(onMessage, onStatus, () => store.get('name') || '');

/** Draws the page again. */
function draw() { render(S, A); }

/** @param {string} text @param {boolean} [bad] */
function notify(text, bad = false) {
  S.notice = text;
  S.noticeBad = bad;
  draw();
}

/** @param {'connecting'|'open'|'closed'|'replaced'} st */
function onStatus(st) {
  S.status = st;
  draw();
}

/** Options text ("rules=standard,bid=rob") as a map. @param {string} text */
export function optionMap(text) {
  /** @type {Record<string, string>} */
  const o = { rules: 'standard', bid: 'points', double: 'none' };
  for (const part of (text || '').split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    o[k] = v === undefined ? '1' : v;
  }
  return o;
}

/** @param {string} [options] */
function newGame(options) {
  const opts = options ?? (S.room ? S.room.options : '');
  const n = C.is48(opts) ? 16 : 17;
  /** @type {Game} */
  const g = {
    n: 0, hand: [], counts: [n, n, n], landlord: -1, bid: 0, robs: 0, bombs: 0, bottom: [],
    last: [null, null, null], played: [[], [], []], shown: [null, null, null], doubles: [0, 0, 0],
    next: null, nextAt: 0, turn: null, dealt: [], over: null, options: opts, plays: [], showF: [0, 0, 0],
  };
  return g;
}

/** Follows `next`: who acts and until when. @param {Game} g @param {any} next */
function setNext(g, next) {
  if (next === undefined) return;
  g.next = next;
  g.nextAt = next && next.deadline_ms !== undefined ? Date.now() + next.deadline_ms : 0;
  if (next && next.phase === 'play' && next.lead) {
    // A new trick: the passes of the last one are cleared, the winning play stays.
    for (let s = 0; s < 3; s++) if (s !== next.seat && g.last[s] && g.last[s]?.kind === 'pass') g.last[s] = null;
  }
}

/** Whether a move (rank notation) is a bomb or the rocket. @param {string} move */
function isBomb(move) {
  const m = move.split(':')[0];
  return m === 'BR' || (m.length === 4 && /^(.)\1\1\1$/.test(m));
}

/** One public action (from `action` or a snapshot's history). @param {Game} g @param {any} a @param {boolean} live */
function applyAction(g, a, live) {
  const s = a.seat;
  if (a.kind === 'play') {
    const cards = C.parseCards(a.cards);
    g.last[s] = { kind: 'play', cards, move: a.move };
    const bomb = isBomb(a.move || '');
    if (bomb) g.bombs++;
    g.plays.push({ seat: s, bomb, pass: false });
    if (live) {
      g.played[s].push(...cards);
      if (s === S.seat) g.hand = g.hand.filter((c) => !cards.includes(c));
      if (g.shown[s]) g.shown[s] = (g.shown[s] || []).filter((c) => !cards.includes(c));
    }
  } else if (a.kind === 'pass') {
    g.last[s] = { kind: 'pass' };
    g.plays.push({ seat: s, bomb: false, pass: true });
  } else if (a.kind === 'bid') {
    g.last[s] = { kind: 'bid', value: a.value };
    const rob = optionMap(g.options).bid === 'rob';
    if (rob && a.value > 0 && g.bid > 0) g.robs++;
    if (a.value > 0) g.bid = rob ? 1 : a.value;
  } else if (a.kind === 'double') {
    g.last[s] = { kind: 'double', value: a.value };
    g.doubles[s] = a.value;
  } else if (a.kind === 'show') {
    g.shown[s] = C.parseCards(a.hand);
    g.last[s] = { kind: 'show' };
    // Shown while bidding (a bid of its own follows) ×3, by the landlord before its first play ×2.
    g.showF[s] = g.landlord < 0 ? 3 : 2;
  }
  if (live && a.counts) g.counts = a.counts;
}

/** @param {Msg} m */
function onMessage(m) {
  const g = S.game;
  switch (m.type) {
    case 'welcome':
      S.me = { player: m.player, name: m.name };
      // room, state and turn follow when the player sits somewhere (PROTOCOL.md, Session).
      S.room = null; S.game = null; S.seat = -1; S.showResult = false;
      net.send({ type: 'rooms' });
      net.send({ type: 'leaderboard' });
      if (S.solo && !m.resumed) startSolo();
      break;
    case 'rooms': S.rooms = m.rooms || []; break;
    case 'leaderboard': S.leaderboard = m; break;
    case 'room': {
      S.pwLast = null;
      const fresh = !S.room || S.room.id !== m.room.id;
      S.room = m.room;
      S.seat = m.seat;
      if (fresh) { S.chat = []; S.game = null; S.showResult = false; }
      if (S.soloPending && m.seat >= 0) addSoloBots();
      break;
    }
    case 'left':
      S.room = null; S.game = null; S.seat = -1; S.showResult = false;
      if (m.reason === 'idle') S.notice = t('idleClosed');
      net.send({ type: 'rooms' });
      net.send({ type: 'leaderboard' });
      break;
    case 'chat':
      S.chat.push({ from: m.from, seat: m.seat, text: m.text });
      if (S.chat.length > 100) S.chat.shift();
      break;
    case 'start': {
      const ng = newGame();
      ng.n = m.game;
      ng.hand = C.parseCards(m.hand);
      S.game = ng;
      S.showResult = false;
      S.sel.clear();
      S.typed = '';
      S.mustBeat = false;
      S.cardAt = 0;
      setNext(ng, m.next);
      break;
    }
    case 'state': {
      const ng = newGame(m.options);
      ng.n = m.game;
      ng.hand = C.parseCards(m.hand);
      ng.counts = m.counts;
      ng.landlord = m.landlord;
      ng.bottom = C.parseCards(m.bottom);
      ng.played = (m.played || ['', '', '']).map(C.parseCards);
      ng.doubles = m.doubles || [0, 0, 0];
      const hist = m.history || [];
      hist.forEach((/** @type {any} */ a, /** @type {number} */ i) => {
        applyAction(ng, a, false);
        if (a.kind === 'show') ng.showF[a.seat] = hist.slice(i + 1).some((/** @type {any} */ b) => b.kind === 'bid') ? 3 : 2;
      });
      ng.shown = (m.shown || ['', '', '']).map((/** @type {string} */ x) => (x ? C.parseCards(x) : null));
      ng.bid = m.bid;
      ng.robs = m.robs;
      S.game = ng;
      S.seat = m.seat;
      setNext(ng, m.next);
      if (S.room && Array.isArray(m.auto)) m.auto.forEach((/** @type {boolean} */ on, /** @type {number} */ s) => { if (S.room.seats[s]) S.room.seats[s].auto = on; });
      break;
    }
    case 'turn':
      if (!g) break;
      g.turn = m;
      if (m.deadline_ms !== undefined) g.nextAt = Date.now() + m.deadline_ms;
      S.hints = [];
      S.hintAt = -1;
      S.mustBeat = false;
      S.beatKnown = false;
      if (m.phase === 'play' && !m.lead && (S.autoPass || C.is48(g.options))) checkBeatable();
      break;
    case 'action':
      if (!g) break;
      applyAction(g, m, true);
      if (m.seat === S.seat) { g.turn = null; S.sel.clear(); S.typed = ''; S.hints = []; S.hintAt = -1; S.mustBeat = false; }
      setNext(g, m.next);
      break;
    case 'landlord':
      if (!g) break;
      g.landlord = m.seat;
      g.bid = m.bid;
      g.bottom = C.parseCards(m.bottom);
      if (m.seat === S.seat) g.hand = C.sortCards([...g.hand, ...g.bottom]);
      g.counts = g.counts.map((c, s) => (s === m.seat ? c + g.bottom.length : c));
      for (let s = 0; s < 3; s++) if (g.last[s]?.kind === 'bid') g.last[s] = null;
      setNext(g, m.next);
      break;
    case 'auto':
      if (S.room && S.room.seats[m.seat]) S.room.seats[m.seat].auto = m.on;
      break;
    case 'spectators':
      if (S.room && S.room.id === m.room) S.room.spectators = m.count;
      break;
    case 'aborted':
      if (S.game) { S.game = null; S.showResult = false; }
      notify(t('aborted'), true);
      return;
    case 'redeal':
      S.game = null;
      notify(t('redeal'));
      return;
    case 'over':
      if (!g) break;
      g.over = m;
      g.turn = null;
      g.next = null;
      g.dealt = (m.hands || []).map(C.parseCards);
      S.showResult = true;
      break;
    case 'error': {
      if (m.code === 'replaced' || m.code === 'bad_token') break;
      const text = refusal(m.code, m.message, m.args, {
        names: S.room ? S.room.seats.map((/** @type {any} */ x) => (x ? x.name : '')) : [],
        h48: C.is48(g ? g.options : S.room && S.room.options),
        rob: optionMap((g && g.options) || (S.room && S.room.options) || '').bid === 'rob',
        called: !!(g && g.bid > 0),
      });
      if (m.code === 'wrong_password' && S.pwLast) {
        // The dialog asks again, saying why.
        S.pw = { ...S.pwLast, error: text };
        draw();
        return;
      }
      notify(text, true);
      return;
    }
    default:
      return;
  }
  draw();
}

/** Whether a move beats the table: 要不起 passes by itself; 有出必出 (hubei48) forbids passing. */
async function checkBeatable() {
  const moves = await fetchHints();
  const g = S.game;
  if (!g || !g.turn || g.turn.phase !== 'play' || g.turn.lead || !moves) return;
  S.hints = moves;
  S.hintAt = -1;
  S.beatKnown = true;
  if (moves.length === 0 && S.autoPass) { A.pass(); return; }
  S.mustBeat = moves.length > 0 && C.is48(g.options);
  draw();
}

/** The moves of our hand in hint order, from the server (/api/hint). */
async function fetchHints() {
  const g = S.game;
  if (!g || !g.turn) return null;
  const q = new URLSearchParams({
    rules: optionMap(g.options || (S.room && S.room.options)).rules,
    hand: C.notation(g.hand),
    last: g.turn.lead ? '' : g.turn.table || '',
  });
  try {
    const r = await fetch('/api/hint?' + q.toString());
    const j = await r.json();
    return /** @type {string[]} */ (j.moves || []);
  } catch { return null; }
}

function startSolo() {
  S.soloPending = true;
  // One name in every language; the page words it (i18n.js roomName).
  net.send({ type: 'create', name: '人机对战' });
}

function addSoloBots() {
  S.soloPending = false;
  const level = S.solo;
  S.solo = '';
  history.replaceState(null, '', location.pathname);
  net.send({ type: 'add_bot', level, seat: 1 });
  net.send({ type: 'add_bot', level, seat: 2 });
  net.send({ type: 'ready', ready: true });
}

/** Selects the cards of typed ranks (the input line), or says what is wrong. */
function selectTyped() {
  const g = S.game;
  if (!g) return false;
  const text = S.typed.trim();
  if (!text) { S.sel.clear(); return true; }
  const p = C.parseRanks(text);
  if ('bad' in p) { S.notice = t('badRanks', p.bad); S.noticeBad = true; return false; }
  const cards = C.pick(g.hand, p.counts);
  if (!cards) { S.notice = t('notHeld', text); S.noticeBad = true; return false; }
  S.sel = new Set(cards);
  S.notice = '';
  return true;
}

/** What the page's controls do. */
export const A = {
  /** @param {Msg} m */
  send(m) { S.notice = ''; if (!net.send(m)) notify(t('offline'), true); },
  takeBack() { net.connect(); },
  /** @param {string} name */
  rename(name) {
    name = name.trim();
    store.set('name', name);
    net.reconnect();
  },
  toggleLang() {
    const l = getLang() === 'zh' ? 'en' : 'zh';
    setLang(l);
    store.set('lang', l);
    document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
    document.title = t('title');
    draw();
  },
  toggleTheme() {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === 'dark'
      : matchMedia('(prefers-color-scheme: dark)').matches;
    S.theme = dark ? 'light' : 'dark';
    store.set('theme', S.theme);
    document.documentElement.dataset.theme = S.theme;
    draw();
  },
  refresh() { A.send({ type: 'rooms' }); A.send({ type: 'leaderboard' }); },
  quick() { A.send({ type: 'quick' }); },
  /** @param {string} level */
  solo(level) { S.solo = level; startSolo(); },
  openCreate() { S.creating = !S.creating; draw(); },
  /** @param {{name: string, password: string, options: string, turn: number, bots: number, level: string}} f */
  create(f) {
    S.creating = false;
    /** @type {Msg} */
    const m = { type: 'create', options: f.options, turn: f.turn };
    if (f.name) m.name = f.name;
    if (f.password) m.password = f.password;
    A.send(m);
    S.pendingBots = { n: f.bots, level: f.level };
  },
  /** Joins or watches a room; a room with a password asks for it first (a dialog). @param {any} room @param {boolean} watch */
  join(room, watch) {
    if (room.password) {
      S.returnFocus = (watch ? 'watch' : 'join') + room.id;
      S.pw = { room, watch, error: '' };
      draw();
      return;
    }
    A.send({ type: watch ? 'watch' : 'join', room: room.id });
  },
  /** The password dialog's answer: the password, or null when cancelled. @param {string|null} password */
  password(password) {
    const pw = S.pw;
    S.pw = null;
    if (pw && password !== null) {
      S.pwLast = pw;
      A.send({ type: pw.watch ? 'watch' : 'join', room: pw.room.id, password });
    } else draw();
  },
  toggleMult() { S.multOpen = !S.multOpen; draw(); },
  /** Moves the keyboard focus to the i-th card of the hand. @param {number} i */
  focusCard(i) {
    S.cardAt = i;
    const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.hand [data-id]')]);
    cards.forEach((c, k) => c.setAttribute('tabindex', k === i ? '0' : '-1'));
    cards[i]?.focus();
  },
  leave() { A.send({ type: 'leave' }); },
  /** @param {boolean} on */
  ready(on) { A.send({ type: 'ready', ready: on }); },
  /** @param {number} seat @param {string} level */
  addBot(seat, level) { A.send({ type: 'add_bot', level, seat }); },
  /** @param {number} seat */
  removeBot(seat) { A.send({ type: 'remove_bot', seat }); },
  /** @param {string} text */
  chat(text) { if (text.trim()) { A.send({ type: 'chat', text: text.trim() }); S.chatDraft = ''; } },
  /** @param {number} v */
  bid(v) { A.send({ type: 'bid', value: v }); },
  /** @param {number} v */
  double(v) { A.send({ type: 'double', value: v }); },
  show() { A.send({ type: 'show' }); },
  /** @param {boolean} on */
  auto(on) { A.send({ type: 'auto', on }); },
  play() {
    const g = S.game;
    if (!g) return;
    if (S.typed.trim() && !selectTyped()) { draw(); return; }
    if (!S.sel.size) return;
    A.send({ type: 'play', cards: [...S.sel].join(' ') });
  },
  pass() { A.send({ type: 'pass' }); },
  async hint() {
    if (!S.hints.length) {
      const moves = await fetchHints();
      if (!moves) return;
      S.hints = moves;
      S.hintAt = -1;
    }
    const g = S.game;
    if (!g) return;
    if (!S.hints.length) { notify(t('noHint')); return; }
    S.hintAt = (S.hintAt + 1) % S.hints.length;
    const p = C.parseRanks(S.hints[S.hintAt]);
    const cards = 'counts' in p ? C.pick(g.hand, p.counts) : null;
    S.sel = new Set(cards || []);
    S.typed = '';
    S.notice = '';
    draw();
  },
  clearSel() { S.sel.clear(); S.typed = ''; S.notice = ''; S.noticeBad = false; draw(); },
  /** @param {string} id @param {boolean} [on] */
  toggleCard(id, on) {
    const want = on === undefined ? !S.sel.has(id) : on;
    if (want) S.sel.add(id); else S.sel.delete(id);
    S.typed = '';
    showSelection(S);
  },
  /** The rank line: p passes, h hints, ranks select (Enter plays). @param {string} text @param {boolean} enter */
  typed(text, enter) {
    S.typed = text;
    const cmd = text.trim().toLowerCase();
    if (enter && cmd === 'p') { S.typed = ''; A.pass(); return; }
    if (enter && cmd === 'h') { S.typed = ''; A.hint(); return; }
    if (enter) { A.play(); return; }
    if (/^[pPhH]$/.test(cmd)) return;
    const ok = selectTyped();
    if (ok) S.notice = '';
    showSelection(S);
  },
  /** @param {boolean} on */
  setAutoPass(on) { S.autoPass = on; store.set('autopass', on ? '1' : '0'); draw(); },
  closeResult() { S.showResult = false; draw(); },
  again() { S.showResult = false; A.send({ type: 'ready', ready: true }); draw(); },
};

// The room we made gets its computer players once we sit in it.
const baseOnMessage = onMessage;
/** @param {Msg} m */
function withBots(m) {
  if (m.type === 'room' && S.pendingBots && m.seat === 0 && m.room.state === 'waiting') {
    const { n, level } = S.pendingBots;
    S.pendingBots = null;
    for (let i = 0; i < n; i++) net.send({ type: 'add_bot', level, seat: i + 1 });
  }
  baseOnMessage(m);
}
net.onMessage = withBots;

function main() {
  const l = store.get('lang');
  setLang(l === 'en' || l === 'zh' ? l : /^en\b/.test(navigator.language) ? 'en' : 'zh');
  document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  if (S.theme) document.documentElement.dataset.theme = S.theme;
  const solo = /^#solo=(easy|normal|hard|expert)$/.exec(location.hash);
  if (solo) S.solo = solo[1];
  draw();
  net.connect();
  setInterval(() => tickClocks(S), 250);
  // The page moves the focus to what is to do only for people using the keyboard.
  document.addEventListener('pointerdown', () => { S.kbd = false; }, true);
  // Keyboard play: a rank typed anywhere on the table goes to the rank line.
  document.addEventListener('keydown', (e) => {
    S.kbd = true;
    const el = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.altKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) return;
    const ranks = document.getElementById('ranks');
    if (ranks && /^[0-9tjqkaxdph]$/i.test(e.key) && !document.querySelector('.overlay')) ranks.focus();
  });
  // For the tests (tests/web): the connection, to cut it as a network failure would.
  /** @type {any} */ (window).ddz = { net, S, t };
}

main();
