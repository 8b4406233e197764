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

/** Whether room options ("rules=hubei48,...") choose the 48-card game (RULES §8). @param {string|null|undefined} options */
export function is48(options) { return /(^|,)rules=hubei48(,|$)/.test(options || ''); }

/** The cards of one deck: 54, or the 48-card game's (no jokers, no ♣2 ♦2 ♥2, no ♠A). @param {boolean} [h48] */
export function deck(h48 = false) {
  const out = [];
  for (const r of RANKS.slice(0, 13)) for (const s of SUITS) out.push(s + r);
  if (!h48) out.push('BJ', 'RJ');
  return h48 ? out.filter((c) => !['C2', 'D2', 'H2', 'SA'].includes(c)) : out;
}

/**
 * The type of a move as the server writes it (rank notation, "RANKS:type:rank" when the
 * cards read several ways), named as the engine names it (src/core/moves.c); '' when the
 * ranks make no move. The 48-card game has its own types (trio_two, four_with, ...).
 * @param {string} move @param {boolean} h48
 */
export function moveType(move, h48) {
  const [ranks, type] = move.split(':');
  if (type) return type;
  const c = new Array(15).fill(0);
  for (const ch of ranks) c[RANKS.indexOf(ch)]++;
  const n = ranks.length;
  const held = [...c.keys()].filter((r) => c[r]);
  const exact = (/** @type {number} */ k) => held.filter((r) => c[r] === k);
  /** Consecutive ranks, at least min of them, none above A. @param {number[]} rs @param {number} min */
  const run = (rs, min) => rs.length >= min && rs[rs.length - 1] <= 11 && rs.every((r, i) => !i || r === rs[i - 1] + 1);
  /** The maximal runs of ranks. @param {number[]} rs */
  const runs = (rs) => rs.reduce((/** @type {number[][]} */ a, r) => { const l = a[a.length - 1]; if (l && r === l[l.length - 1] + 1 && r <= 11) l.push(r); else a.push([r]); return a; }, []);
  if (!n) return 'pass';
  if (held.length === 1) return ['', 'single', 'pair', h48 ? 'trio_short' : 'trio', 'bomb'][n];
  if (n === 2 && c[13] && c[14]) return 'rocket';
  if (exact(1).length === held.length) return run(held, 5) ? 'straight' : '';
  if (exact(2).length === held.length) return run(held, h48 ? 2 : 3) ? 'pair_chain' : '';
  if (exact(3).length === held.length && run(held, 2)) return 'plane';
  const fours = exact(4);
  if (h48) {
    if (fours.length) return fours.length === 1 && n <= 7 ? 'four_with' : fours.length === 1 && n === 8 && exact(2).length === 2 ? 'four_two_pairs' : '';
    const trios = exact(3).filter((r) => r <= 11);
    if (n <= 5 && exact(3).length === 1 && trios.length) return n === 5 ? 'trio_two' : 'trio_short';
    for (const l of runs(trios)) {
      const kick = n - 3 * l.length;
      if (l.length >= 2 && kick >= 1 && kick <= 2 * l.length) return kick === 2 * l.length ? 'plane_two' : 'plane_short';
    }
    return '';
  }
  const trios = held.filter((r) => c[r] >= 3);
  if (n === 4 && trios.length) return 'trio_single';
  if (n === 5) return exact(3).length && exact(2).length ? 'trio_pair' : '';
  if (fours.length === 1 && n === 6) return 'four_two';
  if (fours.length === 1 && n === 8 && exact(2).length === 2) return 'four_two_pairs';
  for (const l of runs(trios.filter((r) => r <= 11)).sort((a, b) => b.length - a.length)) {
    for (let len = l.length; len >= 2; len--) {
      if (n === 4 * len) return 'plane_single';
      if (n === 5 * len && held.every((r) => (l.includes(r) ? c[r] === 3 : c[r] === 2))) return 'plane_pair';
    }
  }
  return '';
}
