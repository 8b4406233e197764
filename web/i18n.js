// i18n.js -- the page's words in 中文 and English, and the server's refusals worded in both.

import { moveType } from './cards.js';

/** @typedef {'zh'|'en'} Lang */

/** @type {Record<string, [string, string]>} key: [中文, English] */
const T = {
  title: ['斗地主', 'Dou Dizhu'],
  lang: ['English', '中文'],
  langLabel: ['切换到英文', 'Switch to Chinese'],
  theme: ['深色/浅色', 'Dark/light'],
  connecting: ['正在连接…', 'Connecting…'],
  offline: ['连接已断开，正在重连…', 'Connection lost, reconnecting…'],
  replaced: ['你在另一个窗口打开了游戏。', 'You opened the game in another tab.'],
  takeBack: ['在这里继续', 'Continue here'],
  name: ['昵称', 'Name'],
  rename: ['改名', 'Rename'],
  lobby: ['大厅', 'Lobby'],
  rooms: ['房间', 'Rooms'],
  noRooms: ['还没有房间。', 'No rooms yet.'],
  refresh: ['刷新', 'Refresh'],
  quick: ['快速匹配', 'Quick match'],
  solo: ['和电脑玩', 'Play the computer'],
  soloRoom: ['人机对战', 'vs computer'],
  create: ['创建房间', 'Create a room'],
  createIt: ['创建', 'Create'],
  roomName: ['房间名', 'Room name'],
  password: ['密码', 'Password'],
  passwordOpt: ['密码（可不填）', 'Password (optional)'],
  preset: ['规则', 'Rules'],
  bidMode: ['叫地主方式', 'Bidding'],
  doubleMode: ['加倍', 'Doubling'],
  showOpt: ['允许明牌', 'Allow 明牌 (show cards)'],
  cap: ['封顶（0 不封顶）', 'Cap (0: none)'],
  turnSecs: ['每步秒数（0 不限）', 'Seconds per move (0: no limit)'],
  bots: ['电脑玩家', 'Computer players'],
  level: ['电脑水平', 'Computer level'],
  join: ['加入', 'Join'],
  watch: ['观战', 'Watch'],
  full: ['已满', 'Full'],
  playing: ['游戏中', 'Playing'],
  waiting: ['等待中', 'Waiting'],
  locked: ['有密码', 'Password'],
  spectators: ['观众', 'Spectators'],
  leaderboard: ['排行榜', 'Leaderboard'],
  rank: ['名次', 'Rank'],
  score: ['积分', 'Score'],
  games: ['局数', 'Games'],
  wins: ['胜', 'Wins'],
  you: ['你', 'You'],
  chat: ['聊天', 'Chat'],
  say: ['发送', 'Send'],
  chatPlaceholder: ['说点什么…', 'Say something…'],
  leave: ['离开', 'Leave'],
  ready: ['准备', 'Ready'],
  unready: ['取消准备', 'Not ready'],
  isReady: ['已准备', 'ready'],
  addBot: ['加电脑', 'Add computer'],
  removeBot: ['请走电脑', 'Remove computer'],
  emptySeat: ['空位', 'Empty seat'],
  seatN: ['座位', 'Seat'],
  landlord: ['地主', 'Landlord'],
  farmer: ['农民', 'Farmer'],
  cards: ['张', 'cards'],
  auto: ['托管', 'Auto'],
  autoOn: ['托管中', 'Auto-playing'],
  autoToggle: ['托管', 'Auto-play'],
  offlineSeat: ['掉线', 'offline'],
  bottom: ['底牌', 'Bottom cards'],
  yourHand: ['你的手牌', 'Your hand'],
  play: ['出牌', 'Play'],
  pass: ['不要', 'Pass'],
  hint: ['提示', 'Hint'],
  clear: ['重选', 'Clear'],
  autoPass: ['要不起时自动不要', 'Pass automatically when nothing beats'],
  typeRanks: ['输入点数（如 33344、10、x 小王、d 大王；p 不要，h 提示）', 'Type ranks (33344, 10, x small joker, d big joker; p pass, h hint)'],
  bid0: ['不叫', 'No bid'],
  bidN: ['{0} 分', '{0} point(s)'],
  call: ['叫地主', 'Call'],
  rob: ['抢地主', 'Rob'],
  noCall: ['不叫', "Don't call"],
  noRob: ['不抢', "Don't rob"],
  dbl0: ['不加倍', 'No double'],
  dbl1: ['加倍', 'Double'],
  dbl2: ['超级加倍', 'Super double'],
  redouble: ['反加倍', 'Redouble'],
  noRedouble: ['不反加倍', 'No redouble'],
  show: ['明牌', 'Show cards'],
  yourTurn: ['轮到你了', 'Your turn'],
  waitFor: ['等待 {0}', 'Waiting for {0}'],
  passed: ['不要', 'Pass'],
  bidSaid: ['{0} 分', 'bid {0}'],
  bidPass: ['不叫', 'no bid'],
  called: ['叫地主', 'call'],
  robbed: ['抢地主', 'rob'],
  doubled: ['加倍', 'double'],
  superDoubled: ['超级加倍', 'super double'],
  noDouble: ['不加倍', 'no double'],
  shown: ['明牌', 'shows'],
  warn1: ['报单！', 'Last card!'],
  warn2: ['报双！', 'Two left!'],
  counter: ['记牌器', 'Card counter'],
  counterHelp: ['其他两家手里还有的牌', 'Cards the other two still hold'],
  multiple: ['倍数', 'Multiple'],
  base: ['底分', 'Base'],
  bombs: ['炸弹', 'Bombs'],
  spring: ['春天', 'Spring'],
  antiSpring: ['反春', 'Anti-spring'],
  robs: ['抢', 'Robs'],
  doubles: ['加倍', 'Doubles'],
  capped: ['封顶', 'Capped'],
  fee: ['抽水', 'Fee'],
  penalty: ['逃跑罚分', 'Leaver penalty'],
  result: ['结果', 'Result'],
  landlordWins: ['地主胜', 'The landlord wins'],
  farmersWin: ['农民胜', 'The farmers win'],
  youWin: ['你赢了！', 'You win!'],
  youLose: ['你输了', 'You lose'],
  handsLeft: ['剩余手牌', 'Cards still held'],
  thisGame: ['本局', 'This game'],
  total: ['总分', 'Total'],
  again: ['再来一局', 'Play again'],
  close: ['关闭', 'Close'],
  redeal: ['无人叫地主，重新发牌', 'Nobody bid: dealing again'],
  gameN: ['第 {0} 局', 'Game {0}'],
  watching: ['观战中', 'Watching'],
  seconds: ['{0} 秒', '{0} s'],
  selected: ['已选 {0} 张', '{0} selected'],
  notHeld: ['你没有这些牌：{0}', 'You do not hold: {0}'],
  badRanks: ['看不懂：{0}', 'Cannot read: {0}'],
  noHint: ['没有能压过的牌', 'Nothing beats it'],
  card: ['{0}', '{0}'],
  smallJoker: ['小王', 'small joker'],
  bigJoker: ['大王', 'big joker'],
  suitS: ['黑桃', 'spades'],
  suitH: ['红桃', 'hearts'],
  suitC: ['梅花', 'clubs'],
  suitD: ['方块', 'diamonds'],
  rankOf: ['{1}{0}', '{0} of {1}'],
  lastPlay: ['上一手', 'Last play'],
  table: ['牌桌', 'Table'],
  wealth0: ['乞丐', 'beggar'],
  wealth1: ['贫农', 'poor peasant'],
  wealth2: ['中农', 'middle peasant'],
  wealth3: ['富农', 'rich peasant'],
  wealth4: ['地主', 'landlord'],
  joinPassword: ['这个房间需要密码：', 'This room needs a password:'],
  cancel: ['取消', 'Cancel'],
  ok: ['确定', 'OK'],
  light: ['浅色', 'Light'],
  dark: ['深色', 'Dark'],
  optRules: ['规则：{0}', 'Rules: {0}'],
  rules_standard: ['标准', 'standard'],
  rules_classic: ['经典', 'classic'],
  rules_douzero: ['DouZero', 'DouZero'],
  rules_botzone: ['Botzone', 'Botzone'],
  bid_points: ['叫分（1-3 分）', 'points (1-3)'],
  bid_rob: ['叫地主/抢地主', 'call and rob'],
  double_none: ['不加倍', 'none'],
  double_farmer: ['农民加倍、地主反加倍', 'farmers double, landlord redoubles'],
  double_app: ['加倍/超级加倍', 'x2 / x4 for everyone'],
  first_revealed: ['明牌叫分', 'a revealed card bids first'],
  first_heart3: ['红桃 3 先叫', 'the 3 of hearts bids first'],
  opt_packet: ['2+3 发牌', 'packet deal'],
  opt_forced_bid: ['必须叫分', 'forced bid'],
  opt_must_bid: ['好牌必叫', 'strong hands must bid'],
  opt_show: ['可明牌', '明牌 allowed'],
  opt_play_all: ['一手出完必须出', 'one-move hands play at once'],
  opt_base: ['底分 {0}', 'base {0}'],
  opt_cap: ['封顶 {0}', 'cap {0}'],
  opt_fee: ['抽水 {0}%', 'fee {0}%'],
  opt_turn: ['每步 {0} 秒', '{0} s per move'],
  opt_noturn: ['不限时', 'no time limit'],
  lvl_easy: ['简单', 'easy'],
  lvl_normal: ['普通', 'normal'],
  lvl_hard: ['困难', 'hard'],
  lvl_expert: ['专家', 'expert'],
  error: ['出错了：{0}', 'Error: {0}'],
  aborted: ['本局已作废（不计分）', 'The game was aborted (no score changes)'],
  idleClosed: ['房间长时间无人操作，已关闭', 'The room closed after 10 idle minutes'],
  springF: ['春天倍数', 'Spring factor'],
  rockets: ['王炸', 'Rockets'],
  showF: ['明牌倍数', 'Show multiplier'],
  stakes: ['农民输赢', 'Farmer stakes'],
  uncapped: ['封顶前', 'Before the cap'],
  rules_hubei48: ['湖北 48 张', 'Hubei 48-card'],
  rules48Help: ['48 张牌（无王，去掉三张 2 和一张 A），每人 16 张，无底牌；有出必出；下家报单时出小单牌算放走，输了包赔；炸弹没人要得起得喜金。', '48 cards (no jokers, three 2s and one A out), 16 each, no bottom cards; you must beat when you can; a low single while the next player holds one card lets them go (you pay your side\'s loss); a bomb nobody beats earns a bonus.'],
  opt_bonus: ['喜金 {0}', 'bomb bonus {0}'],
  bonusOpt: ['喜金（每个炸弹，0 不要）', 'Bomb bonus (per bomb, 0: none)'],
  bonusBase: ['底分', 'the base'],
  noBottom: ['无底牌', 'No bottom cards'],
  deck48: ['48 张', '48 cards'],
  mustBeat: ['有出必出：你能压过，必须出牌', 'You can beat it, so you must play (有出必出)'],
  letGoWarn: ['下家报单！出单张要出最大的，否则算放走，输了要包赔', 'Next player has one card! Play your highest single, or you let them go and pay your side\'s loss'],
  letgo: ['放走', 'Let go'],
  cover: ['包赔', 'Pays the side\'s loss'],
  covered: ['包赔转移', 'Loss moved'],
  bonus: ['喜金', 'Bomb bonus'],
  bonusEach: ['每个炸弹的喜金', 'Bonus per bomb'],
  bonusBombs: ['得喜金的炸弹', 'Bombs that won their trick'],
  factors: ['倍数明细', 'What makes the multiple'],
  bidF: ['叫分', 'Bid'],
  robF: ['抢地主 {0} 次，每次 ×2', '{0} rob(s), ×2 each'],
  bombF: ['炸弹/王炸 {0} 个，每个 ×2', '{0} bomb(s) or rocket(s), ×2 each'],
  showFactor: ['明牌 ×{0}', 'Shown hand ×{0}'],
  springLater: ['春天/反春 ×2（结束时算）', 'Spring / anti-spring ×2 (at the end)'],
  doubleF: ['{0} 加倍 ×{1}', '{0} doubles ×{1}'],
  capF: ['封顶 {0}', 'Cap {0}'],
  stakeF: ['每位农民输赢 {0}', 'Each farmer plays for {0}'],
  bonusF: ['喜金：{0}', 'Bomb bonus: {0}'],
  none: ['无', 'none'],
  passwordFor: ['房间 {0} 需要密码', 'Room {0} needs a password'],
  wrongPw: ['密码不对，请再试一次', 'Wrong password, try again'],
  handKeys: ['你的手牌：←→ 移动，空格选牌，回车出牌', 'Your hand: ← → move, Space selects, Enter plays'],
  mt_single: ['单张', 'single'], mt_pair: ['对子', 'pair'], mt_trio: ['三张', 'trio'],
  mt_trio_single: ['三带一', 'trio + single'], mt_trio_pair: ['三带一对', 'trio + pair'],
  mt_straight: ['顺子', 'straight'], mt_pair_chain: ['连对', 'pair chain'], mt_plane: ['飞机', 'plane'],
  mt_plane_single: ['飞机带单', 'plane + singles'], mt_plane_pair: ['飞机带对', 'plane + pairs'],
  mt_four_two: ['四带二', 'four + two'], mt_four_two_pairs: ['四带两对', 'four + two pairs'],
  mt_bomb: ['炸弹', 'bomb'], mt_rocket: ['王炸', 'rocket'], mt_shuttle: ['航天飞机', 'shuttle'],
  mt_shuttle_single: ['航天飞机带单', 'shuttle + singles'], mt_shuttle_pair: ['航天飞机带对', 'shuttle + pairs'],
  mt_trio_short: ['三张（少带，只能最后出）', 'short trio (last cards only)'], mt_trio_two: ['三带二', 'trio + two'],
  mt_plane_short: ['飞机（少带，只能最后出）', 'short plane (last cards only)'], mt_plane_two: ['飞机带二', 'plane + two each'],
  mt_four_with: ['四带牌', 'four + cards'],
};

/** Refusals by protocol error code (docs/PROTOCOL.md, Errors), without arguments. @type {Record<string, [string, string]>} */
const ERR = {
  not_your_turn: ['还没轮到你', 'It is not your turn'],
  illegal: ['不能这样出：{0}', 'Not allowed: {0}'],
  not_in_hand: ['你没有这些牌', 'You do not hold these cards'],
  bad_cards: ['看不懂这些牌', 'These cards cannot be read'],
  ambiguous: ['这些牌有多种理解，请选出具体牌型', 'These cards read as several moves'],
  wrong_password: ['密码不对', 'Wrong password'],
  room_full: ['没有空位了', 'No free seat'],
  no_room: ['没有这个房间', 'No such room'],
  playing: ['游戏进行中，不能这样做', 'Not while the game is running'],
  in_room: ['请先离开房间', 'Leave your room first'],
  not_in_room: ['你不在房间里', 'You are not in a room'],
  not_seated: ['观众不能这样做', 'Spectators cannot do that'],
  not_playing: ['没有进行中的游戏', 'No game is running'],
  chat_rate: ['说得太快了，请稍等', 'Too fast: wait a moment'],
  chat_too_long: ['消息太长或为空', 'The message is empty or too long'],
  bad_name: ['名字不合适（1-16 个字）', 'Bad name (1-16 characters)'],
  bad_options: ['规则选项有误：{0}', 'Bad rule options: {0}'],
  too_many_rooms: ['房间太多了', 'Too many rooms'],
  flood: ['消息太多，连接被断开', 'Too many messages: disconnected'],
  bad_token: ['登录已过期，已重新登录', 'Your session expired; signed in again'],
  storage: ['服务器存储出错', 'The server could not store it'],
  too_many_tries: ['密码错误次数太多：{0}', 'Too many wrong passwords: {0}'],
  internal: ['服务器内部错误', 'Server error'],
  hello_first: ['请先登录', 'Say hello first'],
};

/**
 * Refusals worded from the server's `args` (PROTOCOL.md, Errors): by code, or by
 * "illegal.REASON"; {name} fills from args (ranks and moves worded as cards, seat as a name).
 * @type {Record<string, [string, string]>}
 */
const ERR_ARGS = {
  'illegal.value.bid': ['现在不能选“{value}”：可以选 {values}', 'You cannot choose "{value}" now: you may choose {values}'],
  'illegal.value.double': ['现在不能选“{value}”：可以选 {values}', 'You cannot choose "{value}" now: you may choose {values}'],
  'illegal.show': ['现在不能明牌', 'You cannot show your cards now'],
  'illegal.lead_pass': ['你是首家，不能不要', 'You lead: you cannot pass'],
  'illegal.whole_hand': ['你的手牌 {ranks} 能一手出完，必须全部出完', 'Your whole hand {ranks} may be played now: play it all at once'],
  'illegal.not_a_move': ['{ranks} 不是合规的牌型', '{ranks} is not a move under these rules'],
  'illegal.does_not_beat': ['{move} 压不过 {table}', '{move} does not beat {table}'],
  'illegal.must_beat': ['有出必出：你压得过 {table}，不能不要（比如出 {move}）', 'You can beat {table}, so you must (有出必出): {move} does, for one'],
  'illegal.short': ['{ranks} 只能作为最后一手出：三张要带两张', '{ranks} may be played only as your last cards: a trio takes two cards'],
  'illegal.phase': ['现在不能这样做', 'Not now'],
  not_your_turn: ['还没轮到你，现在轮到 {seat}', 'It is not your turn: {seat} is to act'],
  not_in_hand: ['你没有这些牌：{ranks}', 'You do not hold {ranks}'],
  no_room: ['没有 #{room} 号房间', 'There is no room #{room}'],
  playing: ['#{room} 号房间正在游戏中，可以观战', 'Room #{room} is playing: you can watch'],
  in_room: ['请先离开 #{room} 号房间', 'Leave room #{room} first'],
  'room_full.seat': ['#{room} 号房间的这个座位已经有人了', 'That seat of room #{room} is taken'],
  room_full: ['#{room} 号房间没有空位了', 'Room #{room} has no free seat'],
  'wrong_password.none': ['#{room} 号房间需要密码', 'Room #{room} needs a password'],
  wrong_password: ['#{room} 号房间的密码不对', 'Wrong password for room #{room}'],
  bad_name: ['名字要 1 到 {max} 个字', 'A name has 1 to {max} characters'],
  chat_too_long: ['消息不能为空，最多 {max} 个字', 'A message has 1 to {max} characters'],
};

/** English engine reasons worded in Chinese ("illegal"); unknown ones stay as they are. @type {[RegExp, string][]} */
const REASONS_ZH = [
  [/^(.+) does not beat (.+)$/, '$1 压不过 $2'],
  [/^(.+) is not a move under the (\w+) rules$/, '$1 不是合规的牌型'],
  [/^you lead: you cannot pass$/, '你是首家，不能不要'],
  [/^not in your hand: (.+)$/, '你没有这些牌：$1'],
  [/^not your turn.*$/, '还没轮到你'],
  [/^your whole hand (.+) is a move.*$/, '你的手牌 $1 可以一手出完，必须全部出完'],
  [/^bid (\d+) is not above the best bid so far, (\d+)$/, '叫 $1 分不比当前的 $2 分高'],
  [/^you must bid.*$/, '你必须叫分'],
];

/** @type {Lang} */
let lang = 'zh';

/** @param {Lang} l */
export function setLang(l) { lang = l; }
/** @returns {Lang} */
export function getLang() { return lang; }

/**
 * The text of key in the current language, with {0}, {1} filled from args.
 * @param {string} key
 * @param {...(string|number)} args
 */
export function t(key, ...args) {
  const pair = T[key];
  const s = pair ? pair[lang === 'zh' ? 0 : 1] : key;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

/** Ranks as cards people read: "TTJ" is "10 10 J", jokers named. @param {string} ranks */
export function wordRanks(ranks) {
  const joker = lang === 'zh' ? ['小王', '大王'] : ['small joker', 'big joker'];
  return [...ranks].map((c) => (c === 'T' ? '10' : c === 'B' ? joker[0] : c === 'R' ? joker[1] : c)).join(' ');
}

/** A move named with its type: "3 3 3 4 4 (trio + two)". @param {string} move @param {boolean} h48 */
export function wordMove(move, h48) {
  if (move === 'pass') return lang === 'zh' ? '不要' : 'pass';
  const type = moveType(move, h48);
  const name = type && T['mt_' + type] ? t('mt_' + type) : '';
  const cards = wordRanks(move.split(':')[0]);
  return name ? (lang === 'zh' ? `${cards}（${name}）` : `${cards} (${name})`) : cards;
}

/** The level words of a computer's name, as the server writes it. */
const LEVELS_ZH = ['简单', '普通', '困难', '专家'];
const LEVELS_EN = ['easy', 'normal', 'hard', 'expert'];

/**
 * A seat's name in the page's language: the server names computers in Chinese
 * (电脑甲(简单), src/net/table.c), the page says "Computer A (easy)" in English.
 * @param {string} name
 */
export function personName(name) {
  if (lang === 'zh') return name;
  const n = /^电脑(\d+)$/.exec(name); // a tournament's computer entrants (src/net/tourney.c)
  if (n) return 'Computer ' + n[1];
  const m = /^电脑([甲乙丙]?)\((简单|普通|困难|专家)\)$/.exec(name);
  if (!m) return name;
  return 'Computer ' + (m[1] ? 'ABC'['甲乙丙'.indexOf(m[1])] + ' ' : '') + '(' + LEVELS_EN[LEVELS_ZH.indexOf(m[2])] + ')';
}

/**
 * A room's name in the page's language: the server's default names (张三的房间, 快速匹配7)
 * and the page's own (人机对战) are worded; a name someone chose stays as it is.
 * @param {string} name
 */
export function roomName(name) {
  if (name === '人机对战' || name === 'vs computer') return t('soloRoom');
  if (lang === 'zh') return name;
  let m = /^(.+)的房间$/.exec(name);
  if (m) return `${personName(m[1])}'s room`;
  m = /^快速匹配(\d+)$/.exec(name);
  if (m) return `Quick match ${m[1]}`;
  return name;
}

/**
 * A server refusal in the page's language: from its code and `args` where the server sent
 * them (which cards, which move, which room, what limit); else by code, with the engine's
 * reason worded in Chinese where we know it; the server's own text when we know nothing better.
 * @param {string} code
 * @param {string} message
 * @param {Record<string, any>} [args]
 * @param {{names?: string[], h48?: boolean, rob?: boolean, called?: boolean}} [ctx] seat names
 *   (for `seat`), the 48-card game, 叫地主/抢地主 bidding and whether someone has called yet
 */
export function refusal(code, message, args, ctx = {}) {
  if (args && typeof args === 'object') {
    const h48 = !!ctx.h48;
    let key = code === 'illegal' ? 'illegal.' + args.reason : code;
    if (args.reason === 'value') key += '.' + args.phase;
    if (code === 'room_full' && args.seat >= 0) key = 'room_full.seat';
    if (code === 'wrong_password' && args.given === false) key = 'wrong_password.none';
    const pair = ERR_ARGS[key];
    if (pair) {
      /** @param {number} v */
      const valueWord = (v) => {
        if (args.phase !== 'bid') return t('dbl' + v);
        // 叫地主/抢地主: 1 calls (or robs, once someone has called), 0 declines.
        if (ctx.rob && (v === 0 || v === 1)) return t(ctx.called ? (v ? 'rob' : 'noRob') : v ? 'call' : 'noCall');
        return v ? t('bidN', v) : t('bid0');
      };
      /** @type {Record<string, string>} */
      const w = {};
      for (const [k, v] of Object.entries(args)) w[k] = String(v);
      if (typeof args.ranks === 'string') w.ranks = wordRanks(args.ranks);
      if (typeof args.move === 'string') w.move = wordMove(args.move, h48);
      if (typeof args.table === 'string') w.table = wordMove(args.table, h48);
      if (typeof args.seat === 'number') w.seat = personName((ctx.names || [])[args.seat] || t('seatN') + ' ' + (args.seat + 1));
      if (args.reason === 'value') {
        w.value = valueWord(args.value);
        w.values = (args.values || []).map(valueWord).join(lang === 'zh' ? '、' : ', ');
      }
      const text = pair[lang === 'zh' ? 0 : 1].replace(/\{(\w+)\}/g, (_, k) => w[k] ?? '');
      // A refused play says so first; a refused bid, double or 明牌 says what is allowed.
      const play = code === 'illegal' && !['value', 'show', 'phase'].includes(args.reason);
      return play ? ERR.illegal[lang === 'zh' ? 0 : 1].replace('{0}', text) : text;
    }
  }
  const pair = ERR[code];
  let reason = message || '';
  if (lang === 'zh')
    for (const [re, zh] of REASONS_ZH)
      if (re.test(reason)) { reason = reason.replace(re, zh); break; }
  if (!pair) return reason || code;
  return pair[lang === 'zh' ? 0 : 1].replace('{0}', reason);
}
