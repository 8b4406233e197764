// i18n.js -- the page's words in 中文 and English, and the server's refusals worded in both.

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
};

/** Refusals by protocol error code (docs/PROTOCOL.md, Errors). @type {Record<string, [string, string]>} */
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

/**
 * A server refusal in the page's language: by code, with the engine's reason worded in
 * Chinese where we know it; the server's own text when we know nothing better.
 * @param {string} code
 * @param {string} message
 */
export function refusal(code, message) {
  const pair = ERR[code];
  let reason = message || '';
  if (lang === 'zh')
    for (const [re, zh] of REASONS_ZH)
      if (re.test(reason)) { reason = reason.replace(re, zh); break; }
  if (!pair) return reason || code;
  return pair[lang === 'zh' ? 0 : 1].replace('{0}', reason);
}
