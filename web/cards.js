// cards.js -- cards as the protocol writes them ("C3 H3 ST BJ RJ"), ranks typed as in the
// terminal game ("33344", "10", x/d for the jokers), and the picks between the two.

export const RANKS = '3456789TJQKA2BR';
const SUITS = 'CDHS';

/** @param {string} id a card: suit and rank ("HT") or a joker ("BJ", "RJ") @returns {number} 0..14 */
export function rankOf(id) {
  if (id === 'BJ') return 13;
  if (id === 'RJ') return 14;
  return RANKS.indexOf(id[1]);
}

/** @param {string} id */
export function suitOf(id) { return id === 'BJ' || id === 'RJ' ? '' : id[0]; }

/** @param {string} id */
function order(id) { return rankOf(id) * 4 + Math.max(0, SUITS.indexOf(suitOf(id))); }

/** Cards from protocol text, highest first (as a hand is held). @param {string|null|undefined} text */
export function parseCards(text) {
  if (!text) return [];
  return sortCards(text.split(/\s+/).filter(Boolean));
}

/** @param {string[]} ids */
export function sortCards(ids) { return [...ids].sort((a, b) => order(b) - order(a)); }

/** The rank as printed on a card. @param {number} r */
export function rankLabel(r) {
  return r === 7 ? '10' : r === 13 ? 'JOKER' : r === 14 ? 'JOKER' : RANKS[r];
}

/** @param {string} id */
export function suitSymbol(id) {
  return { S: '♠', H: '♥', C: '♣', D: '♦' }[suitOf(id)] || '';
}

/** @param {string} id */
export function isRed(id) { const s = suitOf(id); return s === 'H' || s === 'D' || id === 'RJ'; }

/** Rank counts (15 numbers) of some cards. @param {string[]} ids */
export function countRanks(ids) {
  const c = new Array(15).fill(0);
  for (const id of ids) c[rankOf(id)]++;
  return c;
}

/**
 * Ranks typed as in the terminal game: 3-9, 10 or T/0, J Q K A 2, x/b small joker, d/r big
 * joker; spaces ignored. Rank notation from the server ("TTJJQQ", "BR") reads the same.
 * @param {string} text
 * @returns {{counts: number[]} | {bad: string}}
 */
export function parseRanks(text) {
  const counts = new Array(15).fill(0);
  const s = text.replace(/\s+/g, '').toUpperCase().replace(/10/g, 'T').split(':')[0];
  for (const ch of s) {
    const r = ch === 'X' ? 13 : ch === 'D' ? 14 : ch === '0' ? 7 : RANKS.indexOf(ch);
    if (r < 0) return { bad: ch };
    counts[r]++;
    if (counts[r] > (r >= 13 ? 1 : 4)) return { bad: ch };
  }
  return { counts };
}

/**
 * The cards of hand that make up counts, the lowest suits first; null if not held.
 * @param {string[]} hand @param {number[]} counts
 */
export function pick(hand, counts) {
  const out = [];
  const asc = [...hand].sort((a, b) => order(a) - order(b));
  const need = [...counts];
  for (const id of asc) {
    const r = rankOf(id);
    if (need[r] > 0) { need[r]--; out.push(id); }
  }
  return need.some((n) => n > 0) ? null : out;
}

/** Rank notation of cards, lowest first ("33344", "BR"). @param {string[]} ids */
export function notation(ids) {
  return [...ids].sort((a, b) => order(a) - order(b)).map((id) => RANKS[rankOf(id)]).join('');
}

/** Rank notation as people read it ("10" for T, jokers named). @param {string} move */
export function readable(move) {
  return move.split(':')[0].replace(/T/g, '10').replace(/B/g, '小').replace(/R/g, '大');
}

/** The 54 cards of one deck. */
export function deck() {
  const out = [];
  for (const r of RANKS.slice(0, 13)) for (const s of SUITS) out.push(s + r);
  out.push('BJ', 'RJ');
  return out;
}
