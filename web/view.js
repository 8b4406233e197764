// view.js -- draws the state of app.js: the lobby, the room and its table, the result. Each
// draw rebuilds #app from S and puts the focus back on the control that had it.

import { t, getLang, personName, roomName } from './i18n.js';
import * as C from './cards.js';

/** @typedef {typeof import('./app.js').S} State */
/** @typedef {typeof import('./app.js').A} Actions */

/**
 * Makes an element: attributes (on* are listeners; false/null are left out) and children.
 * @param {string} tag
 * @param {Record<string, any>|null} [attrs]
 * @param {...(Node|string|number|null|false|undefined|(Node|string|null|false|undefined)[])} kids
 * @returns {HTMLElement}
 */
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') /** @type {HTMLInputElement} */ (el).value = v;
    else if (k === 'checked') /** @type {HTMLInputElement} */ (el).checked = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== false && kid !== undefined) el.append(typeof kid === 'number' ? String(kid) : kid);
  return el;
}

/** @param {string} id */
function cardName(id) {
  if (id === 'BJ') return t('smallJoker');
  if (id === 'RJ') return t('bigJoker');
  return t('rankOf', C.rankLabel(C.rankOf(id)), t('suit' + C.suitOf(id)));
}

/** A card face drawn in CSS: rank and suit in the corner, the suit large in the middle. @param {string} id */
function face(id) {
  const joker = id === 'BJ' || id === 'RJ';
  return [
    h('span', { class: 'corner', 'aria-hidden': 'true' },
      h('span', { class: 'rank' + (C.rankOf(id) === 7 ? ' ten' : '') }, joker ? 'JOKER' : C.rankLabel(C.rankOf(id))),
      h('span', { class: 'suit' }, C.suitSymbol(id))),
    h('span', { class: 'pip', 'aria-hidden': 'true' }, joker ? '★' : C.suitSymbol(id)),
  ];
}

/** A row of small cards (a play, the bottom, a shown hand). @param {string[]} ids @param {string} label */
function smallCards(ids, label) {
  return h('div', { class: 'cards small', role: 'img', 'aria-label': label + ': ' + ids.map(cardName).join(' ') },
    ids.map((id) => h('span', { class: 'card' + (C.isRed(id) ? ' red' : '') + (id === 'BJ' || id === 'RJ' ? ' joker' : '') }, face(id))));
}

/** @param {any} room */
function optionWords(room) {
  const o = /** @type {Record<string, string>} */ ({ rules: 'standard', bid: 'points', double: 'none' });
  for (const part of String(room.options || '').split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    o[k] = v === undefined ? '1' : v;
  }
  const w = [t('rules_' + o.rules)];
  if (o.rules !== 'hubei48') w.push(t('bid_' + o.bid));
  if (o.double !== 'none') w.push(t('double_' + o.double));
  if (o.first && o.first !== 'given') w.push(t('first_' + o.first));
  for (const f of ['packet', 'forced_bid', 'must_bid', 'show', 'play_all']) if (o[f] === '1') w.push(t('opt_' + f));
  for (const f of ['base', 'cap', 'fee']) if (o[f] && o[f] !== '0') w.push(t('opt_' + f, o[f]));
  if (o.rules === 'hubei48') w.push(t('opt_bonus', o.bonus === undefined || o.bonus === '-1' ? t('bonusBase') : o.bonus));
  if (room.turn !== undefined) w.push(room.turn ? t('opt_turn', room.turn) : t('opt_noturn'));
  return w.join(' · ');
}

/** @param {number} score */
function wealth(score) {
  const s = 100 + score;
  return t('wealth' + (s < 0 ? 0 : s < 100 ? 1 : s < 200 ? 2 : s < 300 ? 3 : 4));
}

/** @param {State} S @param {Actions} A */
function header(S, A) {
  const status = S.status === 'open' ? '' : S.status === 'replaced' ? t('replaced') : S.status === 'connecting' ? t('connecting') : t('offline');
  return h('header', { class: 'top' },
    h('h1', null, t('title')),
    status && h('p', { class: 'status', role: 'status' }, status,
      S.status === 'replaced' && h('button', { 'data-k': 'takeback', onclick: () => A.takeBack() }, t('takeBack'))),
    h('form', {
      class: 'name', onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        A.rename(/** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (e.target).elements.namedItem('nick')).value);
      },
    },
      h('label', { for: 'nick' }, t('name')),
      h('input', { id: 'nick', name: 'nick', 'data-k': 'nick', maxlength: 16, value: S.me.name || '', placeholder: '路人甲', autocomplete: 'nickname' }),
      h('button', { 'data-k': 'rename' }, t('rename'))),
    h('button', { class: 'lang', 'data-k': 'lang', lang: getLang() === 'zh' ? 'en' : 'zh', title: t('langLabel'), onclick: () => A.toggleLang() }, t('lang')),
    h('button', { class: 'theme', 'data-k': 'theme', 'aria-label': t('theme'), title: t('theme'), onclick: () => A.toggleTheme() }, '◐'));
}

/** @param {State} S @param {Actions} A */
function lobby(S, A) {
  const levels = ['easy', 'normal', 'hard', 'expert'];
  const soloLevel = h('select', { id: 'solo-level', 'data-k': 'solo-level', 'aria-label': t('level') },
    levels.map((l) => h('option', { value: l, selected: l === 'normal' }, t('lvl_' + l))));
  const bar = h('div', { class: 'bar' },
    h('button', { class: 'primary', 'data-k': 'solo', onclick: () => A.solo(/** @type {HTMLSelectElement} */ (soloLevel).value) }, t('solo')),
    soloLevel,
    h('button', { 'data-k': 'quick', onclick: () => A.quick() }, t('quick')),
    h('button', { 'data-k': 'create', 'aria-expanded': S.creating ? 'true' : 'false', onclick: () => A.openCreate() }, t('create')),
    h('button', { 'data-k': 'refresh', onclick: () => A.refresh() }, t('refresh')));
  const rooms = S.rooms.length ? h('ul', { class: 'rooms' }, S.rooms.map((r) => {
    const full = r.seats.every((/** @type {any} */ x) => x);
    return h('li', { class: 'roomcard' },
      h('div', { class: 'rname' }, h('strong', null, roomName(r.name)), ' #' + r.id,
        r.password && h('span', { class: 'tag' }, t('locked')),
        h('span', { class: 'tag' }, r.state === 'playing' ? t('playing') : t('waiting'))),
      h('div', { class: 'rseats' }, r.seats.map((/** @type {any} */ x) => h('span', { class: 'rseat' }, x ? personName(x) : t('emptySeat')))),
      r.options !== undefined && h('div', { class: 'ropts' }, optionWords(r)),
      r.spectators ? h('div', { class: 'ropts' }, t('spectators') + ' ' + r.spectators) : null,
      h('div', { class: 'ract' },
        h('button', { 'data-k': 'join' + r.id, disabled: full || r.state === 'playing', onclick: () => A.join(r, false) }, full ? t('full') : t('join')),
        h('button', { 'data-k': 'watch' + r.id, onclick: () => A.join(r, true) }, t('watch'))));
  })) : h('p', { class: 'muted' }, t('noRooms'));
  const lb = S.leaderboard;
  return h('main', { class: 'lobby', id: 'main' },
    h('section', { class: 'panel', 'aria-labelledby': 'rooms-h' },
      h('h2', { id: 'rooms-h' }, t('lobby')), bar, S.creating && createForm(A), rooms),
    h('section', { class: 'panel', 'aria-labelledby': 'lb-h' },
      h('h2', { id: 'lb-h' }, t('leaderboard')),
      lb && lb.players && lb.players.length ? h('table', { class: 'lb' },
        h('thead', null, h('tr', null, [t('rank'), t('name'), t('score'), t('games'), t('wins')].map((x) => h('th', { scope: 'col' }, x)))),
        h('tbody', null, lb.players.map((/** @type {any} */ p) => h('tr', { class: p.player === S.me.player ? 'me' : '' },
          h('td', null, p.rank), h('td', null, p.name), h('td', null, p.score), h('td', null, p.games), h('td', null, p.wins))))) : h('p', { class: 'muted' }, '—'),
      lb && lb.you && h('p', null, t('you') + ': ' + t('score') + ' ' + lb.you.score + ' · ' + t('games') + ' ' + lb.you.games + ' · ' + t('wins') + ' ' + lb.you.wins)));
}

/** @param {Actions} A */
function createForm(A) {
  /** @param {string} id @param {string} label @param {HTMLElement} input */
  const field = (id, label, input) => h('div', { class: 'field' }, h('label', { for: id }, label), input);
  /** @param {string} id @param {[string, string][]} opts */
  const select = (id, opts) => h('select', { id, name: id, 'data-k': id }, opts.map(([v, l]) => h('option', { value: v }, l)));
  const rules = select('c-rules', ['standard', 'classic', 'douzero', 'botzone', 'hubei48'].map((r) => [r, t('rules_' + r)]));
  // The 48-card game takes no bidding options but its bomb bonus: the form follows the choice.
  rules.setAttribute('aria-describedby', 'c-rules-help');
  rules.addEventListener('change', () => {
    const f = /** @type {HTMLFormElement} */ (rules.closest('form'));
    const h48 = /** @type {HTMLSelectElement} */ (rules).value === 'hubei48';
    for (const n of ['c-bid', 'c-double', 'c-show']) /** @type {HTMLInputElement} */ (f.elements.namedItem(n)).disabled = h48;
    /** @type {HTMLElement} */ (f.querySelector('#c-bonus-f')).hidden = !h48;
    /** @type {HTMLElement} */ (f.querySelector('#c-rules-help')).hidden = !h48;
  });
  return h('form', {
    class: 'create', onsubmit: (/** @type {Event} */ e) => {
      e.preventDefault();
      const f = /** @type {HTMLFormElement} */ (e.target);
      /** @param {string} n */
      const v = (n) => /** @type {HTMLInputElement} */ (f.elements.namedItem(n)).value;
      const opts = ['rules=' + v('c-rules')];
      if (v('c-rules') === 'hubei48') {
        // The 48-card game is played as a whole (RULES §8): its bomb bonus, no bidding options.
        if (v('c-bonus') !== '') opts.push('bonus=' + Math.max(0, Number(v('c-bonus')) || 0));
      } else {
        opts.push('bid=' + v('c-bid'), 'double=' + v('c-double'));
        if (/** @type {HTMLInputElement} */ (f.elements.namedItem('c-show')).checked) opts.push('show');
      }
      if (Number(v('c-cap')) > 0) opts.push('cap=' + Number(v('c-cap')));
      A.create({ name: v('c-name').trim(), password: v('c-pass'), options: opts.join(','), turn: Number(v('c-turn')) || 0, bots: Number(v('c-bots')), level: v('c-level') });
    },
  },
    field('c-name', t('roomName'), h('input', { id: 'c-name', name: 'c-name', 'data-k': 'c-name', maxlength: 16 })),
    field('c-pass', t('passwordOpt'), h('input', { id: 'c-pass', name: 'c-pass', 'data-k': 'c-pass', maxlength: 32, autocomplete: 'off' })),
    field('c-rules', t('preset'), rules),
    h('p', { id: 'c-rules-help', class: 'help', hidden: true }, t('rules48Help')),
    field('c-bid', t('bidMode'), select('c-bid', ['points', 'rob'].map((r) => [r, t('bid_' + r)]))),
    field('c-double', t('doubleMode'), select('c-double', ['none', 'farmer', 'app'].map((r) => [r, t('double_' + r)]))),
    h('div', { class: 'field check' }, h('input', { type: 'checkbox', id: 'c-show', name: 'c-show', 'data-k': 'c-show' }), h('label', { for: 'c-show' }, t('showOpt'))),
    h('div', { class: 'field', id: 'c-bonus-f', hidden: true }, h('label', { for: 'c-bonus' }, t('bonusOpt')),
      h('input', { id: 'c-bonus', name: 'c-bonus', 'data-k': 'c-bonus', type: 'number', min: 0, max: 100000, placeholder: t('bonusBase') })),
    field('c-cap', t('cap'), h('input', { id: 'c-cap', name: 'c-cap', 'data-k': 'c-cap', type: 'number', min: 0, max: 100000, value: 0 })),
    field('c-turn', t('turnSecs'), h('input', { id: 'c-turn', name: 'c-turn', 'data-k': 'c-turn', type: 'number', min: 0, max: 600, value: 30 })),
    field('c-bots', t('bots'), select('c-bots', [['0', '0'], ['1', '1'], ['2', '2']])),
    field('c-level', t('level'), select('c-level', ['easy', 'normal', 'hard', 'expert'].map((r) => [r, t('lvl_' + r)]))),
    h('button', { class: 'primary', 'data-k': 'c-go' }, t('createIt')));
}

/** What a seat did last, in words or cards (a play named by its type). @param {import('./app.js').Last|null} last @param {boolean} rob @param {boolean} h48 */
function lastWords(last, rob, h48) {
  if (!last) return null;
  if (last.kind === 'play' && last.cards) {
    const type = last.move ? C.moveType(last.move, h48) : '';
    const name = type && type !== 'single' && type !== 'pair' ? t('mt_' + type) : '';
    return h('div', { class: 'play' }, smallCards(last.cards, t('lastPlay') + (name ? ' (' + name + ')' : '')),
      name && h('span', { class: 'mtype', 'aria-hidden': 'true' }, name));
  }
  let w = '';
  if (last.kind === 'pass') w = t('passed');
  else if (last.kind === 'bid') w = rob ? (last.value ? t('robbed') : t('bidPass')) : last.value ? t('bidSaid', last.value || 0) : t('bidPass');
  else if (last.kind === 'double') w = last.value === 2 ? t('superDoubled') : last.value ? t('doubled') : t('noDouble');
  else if (last.kind === 'show') w = t('shown');
  return h('div', { class: 'said' }, w);
}

/** One seat around the table. @param {State} S @param {Actions} A @param {number} s @param {string} where */
function seatBox(S, A, s, where) {
  const room = S.room;
  const g = S.game;
  const st = room.seats[s];
  const name = st ? personName(st.name) : t('emptySeat');
  const role = g && g.landlord >= 0 ? (g.landlord === s ? t('landlord') : t('farmer')) : '';
  const acting = g && g.next && g.next.seat === s;
  const count = g && !g.over ? g.counts[s] : null;
  const rob = g ? /(^|,)bid=rob/.test(g.options || room.options) : false;
  const waiting = room.state === 'waiting' && !g?.over;
  const box = h('section', { class: 'seat ' + where + (acting ? ' acting' : '') + (g && g.landlord === s ? ' lord' : ''), 'aria-label': t('seatN') + ' ' + (s + 1) + ': ' + name },
    h('div', { class: 'who' },
      h('span', { class: 'avatar', 'aria-hidden': 'true' }, role ? (g && g.landlord === s ? '地' : '农') : (name[0] || '?')),
      h('span', { class: 'nm' }, name, s === S.seat ? ' (' + t('you') + ')' : ''),
      role && h('span', { class: 'tag role' }, role),
      st && st.auto && h('span', { class: 'tag auto' }, t('autoOn')),
      st && st.online === false && h('span', { class: 'tag' }, t('offlineSeat')),
      waiting && st && st.ready && h('span', { class: 'tag ok' }, t('isReady'))),
    h('div', { class: 'meta' },
      count !== null && h('span', { class: 'count' + (count <= 2 ? ' warn' : '') }, count + ' ' + t('cards')),
      count === 1 && h('span', { class: 'tag warn' }, t('warn1')),
      count === 2 && h('span', { class: 'tag warn' }, t('warn2')),
      st && h('span', { class: 'score' }, t('score') + ' ' + st.score),
      h('span', { class: 'clock', 'data-seat': s, role: 'timer', 'aria-live': 'off' })),
    waiting && room.seats && S.seat >= 0 && !st && h('button', { 'data-k': 'addbot' + s, onclick: () => A.addBot(s, 'normal') }, t('addBot')),
    waiting && S.seat >= 0 && st && st.bot && h('button', { 'data-k': 'rmbot' + s, onclick: () => A.removeBot(s) }, t('removeBot')),
    g && g.shown[s] && s !== S.seat && smallCards(g.shown[s] || [], t('shown')),
    h('div', { class: 'last', 'aria-live': 'polite' }, g ? lastWords(g.last[s], rob, C.is48(g.options || room.options)) : null));
  return box;
}

/**
 * The multiple as it stands, with its factors (RULES §6, src/game/score.c): base, robs,
 * bombs and rockets, 明牌, each seat's doubling, the cap, 喜金 of the 48-card game.
 * @param {State} S @returns {{mult: number, base: number, rows: string[]}}
 */
export function factors(S) {
  const g = /** @type {import('./app.js').Game} */ (S.game);
  const o = /** @type {Record<string, string>} */ ({});
  for (const p of String(g.options || S.room.options).split(',')) { const [k, v] = p.split('='); o[k] = v ?? '1'; }
  const names = S.room.seats.map((/** @type {any} */ x, /** @type {number} */ s) => (x ? personName(x.name) : t('seatN') + ' ' + (s + 1)));
  const base = o.bid === 'rob' ? Number(o.base || 1) : g.bid;
  const show = Math.max(1, ...g.showF);
  const mult = 2 ** (g.bombs + g.robs) * show;
  const rows = [(o.bid === 'rob' ? t('base') : t('bidF')) + ' ' + (base || '—')];
  if (g.robs) rows.push(t('robF', g.robs) + ' = ×' + 2 ** g.robs);
  if (g.bombs) rows.push(t('bombF', g.bombs) + ' = ×' + 2 ** g.bombs);
  if (show > 1) rows.push(t('showFactor', show));
  const dmul = o.double === 'app' ? [1, 2, 4] : [1, 2, 2];
  g.doubles.forEach((d, s) => { if (d > 0) rows.push(t('doubleF', names[s], dmul[d] || 2)); });
  if (o.spring_off !== '1') rows.push(t('springLater'));
  if (Number(o.cap) > 0) rows.push(t('capF', o.cap));
  if (C.is48(g.options || S.room.options)) {
    const each = o.bonus === undefined || o.bonus === '-1' ? base : Number(o.bonus);
    const won = [0, 0, 0];
    g.plays.forEach((p, i) => {
      const after = g.plays.slice(i + 1, i + 3);
      if (p.bomb && ((after.length === 2 && after.every((a) => a.pass)) || (g.over && i === g.plays.length - 1))) won[p.seat]++;
    });
    const who = won.map((n, s) => (n ? names[s] + ' ×' + n : '')).filter(Boolean);
    rows.push(t('bonusF', who.length ? who.join(', ') : t('none')) + ' (' + t('bonusEach') + ' ' + (each || 0) + ')');
  }
  if (base) rows.push(t('stakeF', base * mult));
  return { mult, base, rows };
}

/** The bottom cards and the multiple, which opens to its factors. @param {State} S @param {Actions} A */
function center(S, A) {
  const g = S.game;
  if (!g) return h('div', { class: 'center' }, S.room.games ? '' : h('p', { class: 'muted' }, optionWords(S.room)));
  const h48 = C.is48(g.options || S.room.options);
  const f = factors(S);
  return h('div', { class: 'center' },
    h('div', { class: 'gameno' }, t('gameN', g.n)),
    h48 ? h('div', { class: 'bottom lbl' }, t('noBottom')) : h('div', { class: 'bottom' }, h('span', { class: 'lbl' }, t('bottom')),
      g.bottom.length ? smallCards(g.bottom, t('bottom')) : h('div', { class: 'cards small', role: 'img', 'aria-label': t('bottom') }, [0, 1, 2].map(() => h('span', { class: 'card back' })))),
    h('div', { class: 'mult', onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Escape' && S.multOpen) A.toggleMult(); } },
      h('button', {
        class: 'multbtn', 'data-k': 'mult', 'aria-expanded': S.multOpen ? 'true' : 'false', 'aria-controls': 'factors',
        title: t('factors'), onclick: () => A.toggleMult(),
      }, h('strong', null, t('multiple') + ' ×' + f.mult), ' · ' + t('base') + ' ' + (f.base || 0), h('span', { class: 'caret', 'aria-hidden': 'true' }, S.multOpen ? '▴' : '▾')),
      h('ul', { id: 'factors', class: 'factors', hidden: !S.multOpen, 'aria-label': t('factors') }, f.rows.map((r) => h('li', null, r)))));
}

/** The controls of the seat to act. @param {State} S @param {Actions} A */
function actions(S, A) {
  const g = S.game;
  if (!g || S.seat < 0 || g.over) return null;
  const turn = g.turn;
  const rob = /(^|,)bid=rob/.test(g.options || S.room.options);
  const mine = S.room.seats[S.seat];
  const btns = [];
  if (turn && turn.phase === 'bid') {
    for (const v of turn.values) {
      const label = rob ? (v ? (g.bid > 0 ? t('rob') : t('call')) : (g.bid > 0 ? t('noRob') : t('noCall'))) : v ? t('bidN', v) : t('bid0');
      btns.push(h('button', { class: v ? 'primary' : '', 'data-k': 'bid' + v, onclick: () => A.bid(v) }, label));
    }
  } else if (turn && turn.phase === 'double') {
    const redouble = /(^|,)double=farmer/.test(g.options || S.room.options) && g.landlord === S.seat;
    for (const v of turn.values) btns.push(h('button', { class: v ? 'primary' : '', 'data-k': 'dbl' + v, onclick: () => A.double(v) }, redouble ? t(v ? 'redouble' : 'noRedouble') : t('dbl' + v)));
  }
  if (turn && turn.can_show) btns.push(h('button', { 'data-k': 'show', onclick: () => A.show() }, t('show')));
  const playing = g.landlord >= 0 && !(turn && turn.phase !== 'play') && (!g.next || g.next.phase === 'play');
  const myTurn = turn && turn.phase === 'play';
  // 放走包赔 (hubei48): the next seat holds one card; a single below our highest lets it go.
  const letGo = myTurn && C.is48(g.options || S.room.options) && g.counts[(S.seat + 1) % 3] === 1;
  const input = h('input', {
    id: 'ranks', 'data-k': 'ranks', class: 'ranks', value: S.typed, autocomplete: 'off', spellcheck: 'false',
    'aria-label': t('typeRanks'), placeholder: '33344 · 10 · x · d',
    oninput: (/** @type {Event} */ e) => A.typed(/** @type {HTMLInputElement} */ (e.target).value, false),
    onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Enter') { e.preventDefault(); A.typed(/** @type {HTMLInputElement} */ (e.target).value, true); } else if (e.key === 'Escape') A.clearSel(); },
  });
  return h('div', { class: 'actions', role: 'group', 'aria-label': myTurn || (turn && turn.phase) ? t('yourTurn') : t('play') },
    myTurn && S.mustBeat && h('p', { class: 'rule', id: 'must-beat' }, t('mustBeat')),
    letGo && h('p', { class: 'rule warn', id: 'let-go' }, t('letGoWarn')),
    btns,
    playing && [
      h('button', { class: 'primary', id: 'play', 'data-k': 'play', disabled: !S.sel.size && !S.typed, onclick: () => A.play() }, t('play')),
      h('button', { id: 'pass', 'data-k': 'pass', disabled: !myTurn || turn.lead || S.mustBeat, title: S.mustBeat ? t('mustBeat') : null, onclick: () => A.pass() }, t('pass')),
      h('button', { id: 'hint', 'data-k': 'hint', disabled: !myTurn, onclick: () => A.hint() }, t('hint')),
      h('button', { 'data-k': 'clear', onclick: () => A.clearSel() }, t('clear')),
      input,
    ],
    h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-k': 'autopass', checked: S.autoPass, onchange: (/** @type {Event} */ e) => A.setAutoPass(/** @type {HTMLInputElement} */ (e.target).checked) }), t('autoPass')),
    h('button', { 'data-k': 'auto', 'aria-pressed': mine && mine.auto ? 'true' : 'false', onclick: () => A.auto(!(mine && mine.auto)) }, t('autoToggle')));
}

/** Your hand: big cards, click or drag across them to select. @param {State} S @param {Actions} A */
function hand(S, A) {
  const g = S.game;
  if (!g || S.seat < 0) return null;
  const cards = g.over ? [] : g.hand;
  /** @type {boolean|null} */
  let dragTo = null;
  const at = Math.min(S.cardAt, cards.length - 1);
  // One stop in the tab order: the arrows move between the cards, Space selects, Enter plays.
  const el = h('div', {
    class: 'hand', role: 'group', 'aria-label': t('yourHand') + ' (' + cards.length + ')', 'aria-describedby': 'hand-keys',
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      const i = cards.indexOf(/** @type {HTMLElement} */ (e.target).getAttribute('data-id') || '');
      if (i < 0) return;
      const to = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: cards.length - 1 }[e.key];
      if (to !== undefined) {
        e.preventDefault();
        A.focusCard(Math.max(0, Math.min(cards.length - 1, to)));
      } else if (e.key === 'Enter') {
        e.preventDefault();
        A.play();
      }
    },
  },
    h('span', { id: 'hand-keys', hidden: true }, t('handKeys')),
    cards.map((id, i) => h('button', {
      class: 'card' + (C.isRed(id) ? ' red' : '') + (id === 'BJ' || id === 'RJ' ? ' joker' : ''), 'data-id': id, 'data-k': 'card-' + id,
      tabindex: i === at ? 0 : -1, 'aria-pressed': S.sel.has(id) ? 'true' : 'false', 'aria-label': cardName(id),
      onclick: (/** @type {MouseEvent} */ e) => { if (e.detail === 0) A.toggleCard(id); },
      onfocus: () => { S.cardAt = i; },
    }, face(id))));
  // Pointer (mouse, pen, touch): the first card toggles, the cards dragged across follow it.
  el.addEventListener('pointerdown', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-id]');
    if (!b) return;
    e.preventDefault();
    const id = /** @type {string} */ (b.getAttribute('data-id'));
    dragTo = !S.sel.has(id);
    A.toggleCard(id, dragTo);
  });
  el.addEventListener('pointermove', (e) => {
    if (dragTo === null) return;
    const b = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-id]');
    if (b && el.contains(b)) A.toggleCard(/** @type {string} */ (b.getAttribute('data-id')), dragTo);
  });
  const end = () => { dragTo = null; };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
  el.addEventListener('pointerleave', end);
  return el;
}

/** 记牌器: what the other seats still hold, by rank. @param {State} S */
function counter(S) {
  const g = S.game;
  if (!g) return null;
  const h48 = C.is48(g.options || S.room.options);
  const left = C.countRanks(C.deck(h48));
  const gone = C.countRanks([...g.played.flat(), ...(S.seat >= 0 ? g.hand : [])]);
  const names = '3 4 5 6 7 8 9 10 J Q K A 2 小 大'.split(' ');
  if (getLang() === 'en') { names[13] = 'BJ'; names[14] = 'RJ'; }
  return h('section', { class: 'panel counter', 'aria-labelledby': 'ctr-h' },
    h('h2', { id: 'ctr-h', title: t('counterHelp') }, t('counter'), h48 && h('span', { class: 'muted deck' }, ' · ' + t('deck48'))),
    h('ul', { class: 'ctr' }, left.map((n, r) => n - gone[r]).map((n, r) => (h48 && r >= 13 ? null : h('li', { class: n ? '' : 'zero', 'aria-label': names[r] + ': ' + n },
      h('span', { 'aria-hidden': 'true' }, names[r]), h('b', { 'aria-hidden': 'true' }, n)))).reverse()));
}

/** @param {State} S @param {Actions} A */
function chat(S, A) {
  return h('section', { class: 'panel chat', 'aria-labelledby': 'chat-h' },
    h('h2', { id: 'chat-h' }, t('chat')),
    h('ol', { class: 'lines', 'aria-live': 'polite' }, S.chat.slice(-30).map((c) => h('li', null, h('b', null, c.from + ': '), c.text))),
    h('form', { onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); A.chat(S.chatDraft); } },
      h('input', { 'data-k': 'chat', maxlength: 200, value: S.chatDraft, 'aria-label': t('chat'), placeholder: t('chatPlaceholder'), oninput: (/** @type {Event} */ e) => { S.chatDraft = /** @type {HTMLInputElement} */ (e.target).value; } }),
      h('button', { 'data-k': 'say' }, t('say'))));
}

/** The end of a game: result, breakdown, every hand still held, the match. @param {State} S @param {Actions} A */
function result(S, A) {
  const g = S.game;
  if (!g || !g.over || !S.showResult) return null;
  const o = g.over;
  const r = o.result;
  const lordWon = r.landlord_won;
  const mine = S.seat >= 0 ? (S.seat === r.landlord) === lordWon : null;
  const names = S.room.seats.map((/** @type {any} */ x, /** @type {number} */ s) => (x ? personName(x.name) : t('seatN') + ' ' + (s + 1)));
  /** @param {number[]|undefined} a */
  const three = (a) => (a || []).join(' / ');
  const h48 = C.is48(g.options || S.room.options);
  /** Seats of a bit set, by name. @param {number} bits */
  const seatsOf = (bits) => [0, 1, 2].filter((s) => (bits >> s) & 1).map((s) => names[s]).join(', ') || '—';
  const rows = h48 ? [
    [t('base'), r.base], [t('bombs'), r.bombs],
    [t('spring'), r.spring ? '✓' : '—'], [t('antiSpring'), r.anti_spring ? '✓' : '—'],
    [t('springF'), '×' + (r.spring_factor ?? 1)], [t('multiple'), '×' + r.multiple], [t('stakes'), three(r.stakes)],
    [t('letgo'), seatsOf(r.letgo || 0)],
    [t('cover'), r.cover >= 0 ? names[r.cover] + ' (' + three(r.covered) + ')' : '—'],
    [t('bonusEach'), r.bonus_each ?? 0], [t('bonusBombs'), three(r.bonus_bombs)], [t('bonus'), three(r.bonus)],
    [t('fee'), r.fee], [t('penalty'), three(o.penalties)],
  ] : [
    [t('base'), r.base], [t('bombs'), r.bombs + (r.rockets ? ' (' + t('rockets') + ' ' + r.rockets + ')' : '')],
    [t('spring'), r.spring ? '✓' : '—'], [t('antiSpring'), r.anti_spring ? '✓' : '—'],
    [t('springF'), '×' + (r.spring_factor ?? (r.spring || r.anti_spring ? 2 : 1))],
    [t('robs'), r.robs ?? g.robs], [t('showF'), '×' + (r.show ?? 1)],
    [t('doubles'), r.doubling ? r.doubling.map((/** @type {number} */ d) => '×' + d).join(' / ') : '—'],
    [t('multiple'), '×' + r.multiple],
    [t('uncapped'), three(r.uncapped)], [t('capped'), r.cap ? r.cap : '—'], [t('stakes'), three(r.stakes)],
    [t('fee'), r.fee], [t('penalty'), three(o.penalties)],
  ];
  const held = [0, 1, 2].map((s) => {
    const dealt = [...(g.dealt[s] || []), ...(s === r.landlord ? g.bottom : [])];
    return dealt.filter((c) => !g.played[s].includes(c));
  });
  return modal({ 'aria-labelledby': 'res-h' }, () => A.closeResult(),
      h('h2', { id: 'res-h' }, (lordWon ? t('landlordWins') : t('farmersWin')) + (mine === null ? '' : ' — ' + (mine ? t('youWin') : t('youLose')))),
      h('table', { class: 'breakdown' }, h('tbody', null, rows.map(([k, v]) => h('tr', null, h('th', { scope: 'row' }, k), h('td', null, v))))),
      h('table', { class: 'scores' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, ''), h('th', { scope: 'col' }, t('thisGame')), h('th', { scope: 'col' }, t('total')), h('th', { scope: 'col' }, ''))),
        h('tbody', null, [0, 1, 2].map((s) => h('tr', { class: s === S.seat ? 'me' : '' },
          h('th', { scope: 'row' }, names[s] + (s === r.landlord ? ' (' + t('landlord') + ')' : '')),
          h('td', null, r.scores[s]), h('td', null, o.totals ? o.totals[s] : ''), h('td', null, o.totals ? wealth(o.totals[s]) : ''))))),
      h('h3', null, t('handsLeft')),
      h('div', { class: 'held' }, [0, 1, 2].map((s) => h('div', null, h('span', { class: 'lbl' }, names[s]), held[s].length ? smallCards(held[s], names[s]) : h('span', null, '—')))),
      h('div', { class: 'bar' },
        S.seat >= 0 && h('button', { class: 'primary', 'data-k': 'again', 'data-autofocus': true, onclick: () => A.again() }, t('again')),
        h('button', { 'data-k': 'close', 'data-autofocus': S.seat < 0, onclick: () => A.closeResult() }, t('close'))));
}

/**
 * A modal dialog: the rest of the page is inert while it shows (render), Tab stays inside,
 * Escape closes it.
 * @param {Record<string, any>} attrs @param {() => void} onClose @param {...(Node|null|false|undefined)} kids
 */
function modal(attrs, onClose, ...kids) {
  const d = h('div', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', ...attrs,
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Escape') { e.preventDefault(); onClose(); return; }
      if (e.key !== 'Tab') return;
      const f = /** @type {HTMLElement[]} */ ([...d.querySelectorAll('button, input, select, [tabindex="0"]')]).filter((x) => !(/** @type {HTMLButtonElement} */ (x).disabled));
      if (!f.length) return;
      const i = f.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      if (e.shiftKey && i <= 0) { e.preventDefault(); f[f.length - 1].focus(); }
      else if (!e.shiftKey && i === f.length - 1) { e.preventDefault(); f[0].focus(); }
    },
  }, ...kids);
  return h('div', { class: 'overlay' }, d);
}

/** Asks for a room's password (joining or watching), in the page. @param {State} S @param {Actions} A */
function passwordDialog(S, A) {
  const pw = S.pw;
  if (!pw) return null;
  const input = h('input', { id: 'pw', name: 'pw', type: 'password', 'data-k': 'pw', 'data-autofocus': true, autocomplete: 'off', maxlength: 32, required: true });
  return modal({ 'aria-labelledby': 'pw-h', 'aria-describedby': pw.error ? 'pw-err' : null }, () => A.password(null),
    h('form', {
      class: 'pwform', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); A.password(/** @type {HTMLInputElement} */ (input).value); },
    },
      h('h2', { id: 'pw-h' }, t('passwordFor', roomName(pw.room.name) + ' #' + pw.room.id)),
      pw.error && h('p', { id: 'pw-err', class: 'bad', role: 'alert' }, pw.error),
      h('label', { for: 'pw' }, t('password')), input,
      h('div', { class: 'bar' },
        h('button', { class: 'primary', 'data-k': 'pw-ok' }, pw.watch ? t('watch') : t('join')),
        h('button', { type: 'button', 'data-k': 'pw-cancel', onclick: () => A.password(null) }, t('cancel')))));
}

/** @param {State} S @param {Actions} A */
function roomView(S, A) {
  const room = S.room;
  const me = S.seat >= 0 ? S.seat : 0;
  const st = S.seat >= 0 ? room.seats[S.seat] : null;
  const g = S.game;
  const waiting = room.state === 'waiting';
  const status = g && g.next ? (g.next.seat === S.seat ? t('yourTurn') : t('waitFor', personName(room.seats[g.next.seat]?.name || ''))) : '';
  return h('main', { class: 'room', id: 'main' },
    h('div', { class: 'roombar' },
      h('h2', null, roomName(room.name) + ' #' + room.id), h('span', { class: 'muted' }, optionWords(room)),
      S.seat < 0 && h('span', { class: 'tag' }, t('watching')),
      waiting && st && h('button', { class: st.ready ? '' : 'primary', 'data-k': 'ready', onclick: () => A.ready(!st.ready) }, st.ready ? t('unready') : t('ready')),
      h('button', { 'data-k': 'leave', onclick: () => A.leave() }, t('leave'))),
    h('div', { class: 'felt', role: 'region', 'aria-label': t('table') },
      seatBox(S, A, (me + 2) % 3, 'left'),
      center(S, A),
      seatBox(S, A, (me + 1) % 3, 'right'),
      seatBox(S, A, me, 'mine'),
      h('p', { class: 'notice' + (S.noticeBad && S.notice ? ' bad' : ''), role: 'status', 'aria-live': 'assertive' }, S.notice || status),
      actions(S, A),
      hand(S, A)),
    h('div', { class: 'side' }, counter(S), chat(S, A)));
}

/** Where the keyboard goes when what had the focus is gone: what is to do now. @param {State} S */
function todo(S) {
  const g = S.game;
  if (g && g.turn && !g.over) return g.turn.phase === 'play' ? '#ranks' : '.actions button[data-k^="bid"], .actions button[data-k^="dbl"]';
  if (S.room && S.room.state === 'waiting' && S.seat >= 0) return '[data-k="ready"]';
  return '';
}

/**
 * Draws everything from S; the focused control (by its data-k) keeps the focus. A dialog
 * takes the focus and makes the rest inert; when the focused control is gone, a keyboard
 * user's focus goes to what is to do (todo).
 * @param {State} S @param {Actions} A
 */
export function render(S, A) {
  const app = /** @type {HTMLElement} */ (document.getElementById('app'));
  const active = /** @type {HTMLElement|null} */ (document.activeElement);
  const key = active && active.getAttribute('data-k');
  const caret = active instanceof HTMLInputElement && active.type === 'text' ? active.selectionStart : null;
  const dialog = passwordDialog(S, A) || (S.room ? result(S, A) : null);
  const top = header(S, A), main = S.room ? roomView(S, A) : lobby(S, A);
  app.replaceChildren(top, main);
  if (dialog) { top.inert = true; main.inert = true; app.append(dialog); }
  if (!S.room && S.notice) app.append(h('p', { class: 'toast' + (S.noticeBad ? ' bad' : ''), role: 'status' }, S.notice));
  /** @type {HTMLElement|null} */
  let el = key ? app.querySelector(`[data-k="${CSS.escape(key)}"]`) : null;
  if (el && dialog && !dialog.contains(el)) el = null;
  if (el) {
    el.focus();
    if (caret !== null && el instanceof HTMLInputElement) el.setSelectionRange(caret, caret);
  } else if (dialog) {
    /** @type {HTMLElement|null} */ (dialog.querySelector('[data-autofocus]') || dialog.querySelector('button'))?.focus();
  } else if (S.returnFocus && app.querySelector(`[data-k="${CSS.escape(S.returnFocus)}"]`)) {
    /** @type {HTMLElement} */ (app.querySelector(`[data-k="${CSS.escape(S.returnFocus)}"]`)).focus();
  } else if (S.kbd && todo(S)) {
    /** @type {HTMLElement|null} */ (app.querySelector(todo(S)))?.focus();
  }
  if (!dialog) S.returnFocus = '';
  tickClocks(S);
}

/** Shows the selected cards without drawing everything (drag selection stays smooth). @param {State} S */
export function showSelection(S) {
  for (const b of document.querySelectorAll('.hand [data-id]')) b.setAttribute('aria-pressed', S.sel.has(/** @type {string} */ (b.getAttribute('data-id'))) ? 'true' : 'false');
  const play = document.getElementById('play');
  if (play) /** @type {HTMLButtonElement} */ (play).disabled = !S.sel.size && !S.typed;
  const n = document.querySelector('.notice');
  if (n && S.noticeBad && S.notice) { n.textContent = S.notice; n.classList.add('bad'); }
}

/** The countdown of the seat to act. @param {State} S */
export function tickClocks(S) {
  const g = S.game;
  for (const el of document.querySelectorAll('.clock')) {
    const s = Number(el.getAttribute('data-seat'));
    let text = '';
    if (g && g.next && g.next.seat === s && g.nextAt) {
      const left = Math.max(0, Math.ceil((g.nextAt - Date.now()) / 1000));
      text = t('seconds', left);
      el.classList.toggle('urgent', left <= 5);
    }
    if (el.textContent !== text) el.textContent = text;
  }
}
