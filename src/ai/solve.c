/* solve.c -- the exact endgame solver of solve.h: a boolean depth-first search over open-hand
 * positions with a transposition table, move ordering by the fewest plays left, and a
 * static "plays out uninterrupted" win test. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "ddz/movegen.h"
#include "ddz/solve.h"

/* The search.
 *
 * The game is boolean (the landlord wins or the farmers do) and acyclic (every lead plays at
 * least one card), so a position's value never depends on the path to it. search() returns
 * whether the side to move wins: it does when one of its moves leads to a position its side
 * wins (the child's mover may be a partner, in three-player play). At each node, in order:
 *   1. the mover goes out in one move: win;
 *   2. a follower who cannot beat the table passes without a node of its own;
 *   3. the transposition table;
 *   4. quick_win, a static test: a leader who can split the hand into moves the other side
 *      cannot beat plus one last move wins (after each unbeatable move the others pass and
 *      the leader leads again); so does a follower with a beating move the other side cannot
 *      beat, followed by such a split of the rest;
 *   5. the moves, best first: those that leave the fewest plays (plays_of: the fewest moves
 *      that empty the rest of the hand), at equal plays bombs after the rest, then the lowest
 *      rank; pass last.
 * The first move tried wins at almost every node the mover wins, so the work is close to that
 * of the proof tree itself. The order matters more than anything else here: "lowest rank at
 * equal plays" halves the nodes of "generation order", and trying the moves the other side
 * cannot beat first multiplies them by ten (those are the high cards a player keeps to win
 * leads back).
 *
 * Transposition table. An entry holds the whole position, never just a hash of it, so a
 * collision cannot give a wrong answer: the three hands (24 bytes) and a 32-bit word with the
 * side to move, the player count, who played the table move and the table move's type, rank
 * and length (node_meta). Two canonical forms merge equivalent positions:
 *   - ranks: chain ranks (3..A) nobody holds are dropped, one empty rank kept between two runs
 *     of held ranks (key_compress): only the order of ranks and their adjacency matter;
 *   - the table move: only the moves that beat it matter to the players who may still answer
 *     it, so it is stored with the rank of the lowest same-type move any of them could beat it
 *     with instead of its own, and a move that only bombs can beat is stored as a rocket
 *     (table_canonical).
 * Entries are exact, so they stay valid for every later position (the rules are part of the
 * key, so positions of every preset and player count share one table). An entry is
 * 32 bytes; a bucket of two fills one 64-byte cache line. The bucket index hashes everything
 * but the table move's rank, which is known only after move generation, so the bucket can be
 * prefetched first. A new entry takes an empty or matching slot, else one stored by an earlier
 * ddz_solve call, else the one whose subtree took fewer nodes. */

typedef struct Entry {
    uint64_t hand[DDZ_SOLVE_PLAYER_NB];
    uint32_t meta;  /* 0 marks an empty slot; see node_meta */
    uint8_t value;  /* 1: the side to move wins */
    uint8_t gen;    /* the ddz_solve call that stored it, modulo 256 */
    uint8_t work;   /* log2 of the nodes its search took */
    uint8_t pad;
} Entry;

typedef struct Bucket {
    Entry e[2];
} Bucket;

/* A position inside the search. The table move keeps its reading but not its cards (the
 * kickers never matter to a follower); it is pass when the player to move leads. */
typedef struct Node {
    DdzRanks hand[DDZ_SOLVE_PLAYER_NB];
    DdzMove table;
    int turn, by;
} Node;

/* Room for the moves of one node: every move of a hand of at most 20 cards, plus pass. */
#define PLY_MOVES (DDZ_MAX_MOVES + 1)
/* Plays memo: direct-mapped, one word per hand: the hand's counts (60 bits) | plays << 60. */
#define PLAYS_NB (1u << 14)
/* Levels of the recursions of plays_of and quick_win: one per card of a hand. */
#define AUX_LEVELS 21
/* Work bound of one quick_win test, in generated hands. */
#define QUICK_CALLS 200
/* A follower tries quick_win after a beating move only when the rest takes at most this
 * many plays: beyond, it almost never succeeds and costs more than the nodes it saves. */
#define QUICK_FOLLOW_PLAYS 4

struct DdzSolver {
    Bucket *table;
    size_t mask; /* bucket count - 1 */
    int dirty;   /* the table holds entries */
    uint8_t gen;
    DdzRuleset rules;  /* of the search in progress */
    int plays_rules;   /* the rules the plays memo holds values for, -1 none */
    /* Per-ply move lists and their order, grown by ddz_solve as a position needs. */
    DdzMove *moves;
    uint64_t *keys;
    int plies;
    uint64_t *plays;
    DdzMove *aux; /* AUX_LEVELS * DDZ_MAX_MOVES, for plays_of and quick_win */
    DdzMove scratch[DDZ_MAX_MOVES];
    /* The search in progress. */
    int players;
    uint32_t base; /* meta_base */
    uint64_t nodes, max_nodes;
    double deadline;
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int team(int player) { return player != DDZ_SOLVE_LANDLORD; }

static inline int next_player(const DdzSolver *s, int p) { return p + 1 == s->players ? 0 : p + 1; }

/* Transposition table -------------------------------------------------------------------------*/

/* The search's constant part of node_meta: three players (bit 3) and the rules (bits 20-22),
 * so that one table serves any mix of positions. */
static inline uint32_t meta_base(int players, DdzRuleset rules)
{
    return (uint32_t)(players == 3) << 3 | (uint32_t)rules << 20;
}

/* bit 0 set (an entry is never 0) | turn (2 bits) | three players | by (2) | type (5) |
 * rank (5) | length (4) | rules (3); by, type, rank and length only when following. */
static inline uint32_t node_meta(const Node *n, uint32_t base)
{
    uint32_t m = 1u | (uint32_t)n->turn << 1 | base;
    if (n->table.type != DDZ_PASS)
        m |= (uint32_t)n->by << 4 | (uint32_t)n->table.type << 6 | (uint32_t)n->table.rank << 11 |
             (uint32_t)n->table.len << 16;
    return m;
}

/* The bucket of a position: everything but the table move's rank, which is only known once
 * the mover's moves are generated, so that the bucket can be fetched from memory meanwhile.
 * Positions that differ only in that rank share a bucket. */
static inline uint64_t node_hash(const Node *n, uint32_t base)
{
    uint64_t m = (uint64_t)n->turn << 1 | base;
    if (n->table.type != DDZ_PASS)
        m |= (uint64_t)n->by << 4 | (uint64_t)n->table.type << 6 | (uint64_t)n->table.len << 16;
    uint64_t h = n->hand[0] * 0x9E3779B97F4A7C15ull ^ n->hand[1] * 0xC2B2AE3D27D4EB4Full ^
                 n->hand[2] * 0x165667B19E3779F9ull ^ m * 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    return h ^ h >> 29;
}

static inline int entry_match(const Entry *e, const Node *n, uint32_t meta)
{
    return e->meta == meta && e->hand[0] == n->hand[0] && e->hand[1] == n->hand[1] && e->hand[2] == n->hand[2];
}

/* The stored value (0 or 1), or -1 when the position is not in the table. */
static inline int table_probe(const DdzSolver *s, const Node *n, uint32_t meta, uint64_t hash)
{
    const Bucket *b = &s->table[hash & s->mask];
    for (int i = 0; i < 2; i++)
        if (entry_match(&b->e[i], n, meta))
            return b->e[i].value;
    return -1;
}

static void table_store(DdzSolver *s, const Node *n, uint32_t meta, uint64_t hash, int value, uint64_t work)
{
    Bucket *b = &s->table[hash & s->mask];
    Entry *e;
    if (b->e[0].meta == 0 || entry_match(&b->e[0], n, meta))
        e = &b->e[0];
    else if (b->e[1].meta == 0 || entry_match(&b->e[1], n, meta))
        e = &b->e[1];
    else if ((b->e[0].gen != s->gen) != (b->e[1].gen != s->gen))
        e = b->e[0].gen != s->gen ? &b->e[0] : &b->e[1];
    else
        e = b->e[0].work <= b->e[1].work ? &b->e[0] : &b->e[1];
    e->hand[0] = n->hand[0];
    e->hand[1] = n->hand[1];
    e->hand[2] = n->hand[2];
    e->meta = meta;
    e->value = (uint8_t)value;
    e->gen = s->gen;
    e->work = (uint8_t)(work ? 63 - __builtin_clzll(work) : 0);
}

/* Hands and moves ----------------------------------------------------------------------------*/

/* Whether the hand is one move that may be played now (the mover goes out); *best, when
 * given, receives it. */
static inline int can_finish(DdzRanks hand, const DdzMove *table, DdzRuleset rules, DdzMove *best)
{
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(hand, rules, rd);
    for (int i = 0; i < n; i++)
        if (ddz_move_beats(&rd[i], table)) {
            if (best)
                *best = rd[i];
            return 1;
        }
    return 0;
}

static void node_play(const DdzSolver *s, const Node *n, const DdzMove *m, Node *c)
{
    *c = *n;
    int next = next_player(s, n->turn);
    c->turn = next;
    if (m->type == DDZ_PASS) {
        if (next == n->by) {
            c->table = ddz_move_pass();
            c->by = next;
        }
        return;
    }
    c->hand[n->turn] -= m->ranks;
    c->table = *m;
    c->table.ranks = 0;
    c->by = n->turn;
}

/* What the other side can beat, kept as each opponent's count masks (ge[k]: the ranks it
 * holds at least k times). reach_beats over-approximates: it ignores whether the kickers a
 * trio, plane or four needs are there, so it may call a move beatable that is not, never the
 * reverse -- all that quick_win needs to stay exact. */
typedef struct Reach {
    int n;
    unsigned ge[2][5];
} Reach;

/* Gathers bit 4r of y (the only bits set) into bit r: shift-or rounds that halve the spacing. */
static inline unsigned gather_nibbles(uint64_t y)
{
    y = (y | y >> 3) & 0x0303030303030303ull;
    y = (y | y >> 6) & 0x000F000F000F000Full;
    y = (y | y >> 12) & 0x000000FF000000FFull;
    return (unsigned)((y | y >> 24) & 0xFFFF);
}

static void reach_add(Reach *r, DdzRanks x)
{
    const uint64_t lsb = 0x1111111111111111ull;
    uint64_t x1 = x >> 1, x2 = x >> 2;
    unsigned *ge = r->ge[r->n++];
    ge[1] = gather_nibbles((x | x1 | x2) & lsb);
    ge[2] = gather_nibbles((x1 | x2) & lsb);
    ge[3] = gather_nibbles((x2 | (x1 & x)) & lsb);
    ge[4] = gather_nibbles(x2 & lsb);
}

/* The side that opposes `player`: a farmer faces the landlord; the landlord faces both
 * farmers, and only a move neither can beat is unbeatable. Under hubei48 a partner who can
 * beat a move must (有出必出) and so takes the lead: every other player counts. */
static void reach_opponents(const DdzSolver *s, const Node *n, int player, Reach *r)
{
    r->n = 0;
    if (ddz_ruleset_is_48(s->rules)) {
        for (int p = 0; p < s->players; p++)
            if (p != player)
                reach_add(r, n->hand[p]);
        return;
    }
    if (player != DDZ_SOLVE_LANDLORD) {
        reach_add(r, n->hand[DDZ_SOLVE_LANDLORD]);
        return;
    }
    for (int p = 1; p < s->players; p++)
        reach_add(r, n->hand[p]);
}

static inline int reach_beats(const Reach *r, const DdzMove *m)
{
    if (m->type == DDZ_ROCKET)
        return 0;
    for (int i = 0; i < r->n; i++) {
        const unsigned *ge = r->ge[i];
        if ((ge[1] >> DDZ_RANK_BJ & 3) == 3)
            return 1; /* the rocket */
        if (m->type == DDZ_BOMB) {
            if (ge[4] >> (m->rank + 1))
                return 1;
            continue;
        }
        if (ge[4])
            return 1; /* a bomb; also covers four + two and shuttles */
        unsigned base;
        int chain = 1;
        switch (m->type) {
        case DDZ_SINGLE: base = ge[1], chain = 0; break;
        case DDZ_PAIR: base = ge[2], chain = 0; break;
        case DDZ_TRIO:
        case DDZ_TRIO_SINGLE:
        case DDZ_TRIO_PAIR:
        case DDZ_TRIO_SHORT: /* hubei48: a trio_two beats it */
        case DDZ_TRIO_TWO: base = ge[3], chain = 0; break;
        case DDZ_STRAIGHT: base = ge[1]; break;
        case DDZ_PAIR_CHAIN: base = ge[2]; break;
        case DDZ_PLANE:
        case DDZ_PLANE_SINGLE:
        case DDZ_PLANE_PAIR:
        case DDZ_PLANE_SHORT:
        case DDZ_PLANE_TWO: base = ge[3]; break;
        default: base = 0; break; /* four + two (or with), shuttles: need a four, handled above */
        }
        if (chain) {
            base &= 0xFFF;
            unsigned starts = base;
            for (int k = 1; k < m->len; k++)
                starts &= base >> k;
            base = starts;
        }
        if (base >> (m->rank + 1))
            return 1;
    }
    return 0;
}

/* The lowest rank held, as a nibble mask. */
static inline DdzRanks lowest_rank(DdzRanks h) { return (DdzRanks)15 << (__builtin_ctzll(h) & ~3); }

/* The fewest moves that play the hand out when nobody interferes. Every card belongs to some
 * move and the moves may come in any order, so only moves holding a card of the lowest rank
 * need be tried first. Memoized: the hands met in one search are sub-hands of a few roots. */
static int plays_of(DdzSolver *s, DdzRanks h, int depth)
{
    if (!h)
        return 0;
    const uint64_t hand_mask = 0x0FFFFFFFFFFFFFFFull;
    uint64_t *slot = &s->plays[(h * 0x9E3779B97F4A7C15ull) >> 50];
    if ((*slot & hand_mask) == h)
        return (int)(*slot >> 60);
    DdzMove *buf = s->aux + (size_t)depth * DDZ_MAX_MOVES;
    int n = ddz_moves_generate(h, NULL, s->rules, buf);
    DdzRanks low = lowest_rank(h);
    int best = 15;
    for (int i = 0; i < n && best > 1; i++) {
        if (!(buf[i].ranks & low))
            continue;
        int v = buf[i].ranks == h ? 1 : 1 + plays_of(s, h - buf[i].ranks, depth + 1);
        if (v < best)
            best = v;
    }
    *slot = h | (uint64_t)best << 60;
    return best;
}

/* Whether the hand splits into moves the other side cannot beat (opp) plus at most `spare`
 * moves it can. With spare = 1 a leader who can do this wins: it plays the unbeatable moves,
 * each answered by passes, then the last one. As in plays_of only moves holding a card of
 * the lowest rank are tried first. A hubei48 short form comes only as the whole rest of the
 * hand, so it must be the last play: it is refused once the spare move is spent (that move
 * is the one played last). *calls bounds the work; running out answers 0 ("not
 * shown"), which only costs the search a shortcut. */
static int quick_win(DdzSolver *s, DdzRanks h, const Reach *opp, int spare, int depth, int *calls)
{
    if (!h)
        return 1;
    if (--*calls < 0)
        return 0;
    DdzMove *buf = s->aux + (size_t)depth * DDZ_MAX_MOVES;
    int n = ddz_moves_generate(h, NULL, s->rules, buf);
    DdzRanks low = lowest_rank(h);
    for (int i = 0; i < n; i++) {
        if (!(buf[i].ranks & low))
            continue;
        int cost = reach_beats(opp, &buf[i]);
        if (cost > spare || (spare == 0 && ddz_move_is_short(&buf[i])))
            continue;
        if (buf[i].ranks == h || quick_win(s, h - buf[i].ranks, opp, spare - cost, depth + 1, calls))
            return 1;
    }
    return 0;
}

/* The chain ranks (3..A) held by anyone, as a 12-bit mask. */
static inline unsigned held_chain_ranks(const Node *n)
{
    uint64_t all = n->hand[0] | n->hand[1] | n->hand[2];
    return gather_nibbles((all | all >> 1 | all >> 2) & 0x111111111111ull) & 0xFFF;
}

/* Relabels the chain ranks of the key's hands so that ranks nobody holds vanish, except that
 * one empty rank stays between runs of held ranks: comparisons only see the order of ranks,
 * chains and the kicker rules only whether held ranks are adjacent, so the game is the same.
 * 2, B and R keep their places. held: held_chain_ranks(key). */
static void key_compress(Node *key, unsigned held)
{
    if ((held & (held + 1)) == 0)
        return; /* one run from 3 up, empty ranks only above it: nothing moves */
    const uint64_t top = (uint64_t)0xFFF << 48;
    uint64_t h0 = key->hand[0] & top, h1 = key->hand[1] & top, h2 = key->hand[2] & top;
    int dst = 0;
    while (held) {
        int a = __builtin_ctz(held), len = __builtin_ctz(~(held >> a));
        uint64_t m = ((1ull << (4 * len)) - 1) << (4 * a);
        int shift = 4 * (a - dst);
        h0 |= (key->hand[0] & m) >> shift;
        h1 |= (key->hand[1] & m) >> shift;
        h2 |= (key->hand[2] & m) >> shift;
        dst += len + 1;
        held &= ~(((1u << len) - 1) << a);
    }
    key->hand[0] = h0;
    key->hand[1] = h1;
    key->hand[2] = h2;
}

/* The label key_compress gives to a held rank r. */
static inline int compressed_rank(unsigned held, int r)
{
    if (r >= DDZ_RANK_2 || (held & (held + 1)) == 0)
        return r;
    unsigned below = held & ((2u << r) - 1), starts = below & ~(below << 1);
    return __builtin_popcount(below) - 1 + __builtin_popcount(starts) - 1;
}

/* The table move as the transposition table keys it, by the moves that beat it: the
 * (relabelled) rank of the lowest same-type move that beats it, among the mover's beating
 * moves (mv, cnt) and, with three players, the next player's when he may still have to answer
 * it; a bomb only the rocket beats keeps rank 15, a move only bombs beat reads as a rocket. */
static void table_canonical(DdzSolver *s, const Node *n, const DdzMove *mv, int cnt, unsigned held, Node *key)
{
    int type = n->table.type, rmin = 16;
    if (type == DDZ_ROCKET)
        return; /* nothing beats it; its length 1 keeps it apart from the bombs-only form */
    for (int i = 0; i < cnt; i++)
        if (mv[i].type == type && mv[i].rank < rmin)
            rmin = mv[i].rank;
    int next = next_player(s, n->turn);
    if (s->players == 3 && next != n->by) {
        int c = ddz_moves_generate(n->hand[next], &n->table, s->rules, s->scratch);
        for (int i = 0; i < c; i++)
            if (s->scratch[i].type == type && s->scratch[i].rank < rmin)
                rmin = s->scratch[i].rank;
    }
    if (rmin < 16) {
        key->table.rank = (uint8_t)compressed_rank(held, rmin);
    } else if (type == DDZ_BOMB) {
        key->table.rank = 15; /* only the rocket beats it */
    } else {
        key->table.type = DDZ_ROCKET; /* only bombs and the rocket beat it */
        key->table.rank = 0;
        key->table.len = 0;
    }
}

/* Search ---------------------------------------------------------------------------------------*/

/* Whether the side to move wins: 1 yes, 0 no, -1 the budget ran out. At the root (best not
 * NULL) *best receives a winning move, or the first move tried when there is none. */
static int search(DdzSolver *s, const Node *n, int ply, DdzMove *best)
{
    if (++s->nodes > s->max_nodes)
        return -1;
    /* The clock every 256 nodes (1,024 until 2026-12-06): a solve under a deadline, as the
     * search's of a world under its clock, stops within a fraction of a millisecond of it. */
    if ((s->nodes & 255) == 0 && s->deadline > 0 && now_seconds() > s->deadline)
        return -1;
    DdzRanks mine = n->hand[n->turn];
    int leading = n->table.type == DDZ_PASS, me = team(n->turn);
    Node key = *n;
    unsigned held = held_chain_ranks(n);
    key_compress(&key, held);
    uint64_t hash = node_hash(&key, s->base);
    __builtin_prefetch(&s->table[hash & s->mask]); /* steps 1 and 2 hide the memory latency */

    // Step 1. Going out now wins.
    if (can_finish(mine, &n->table, s->rules, best))
        return 1;

    // Step 2. A forced pass is no decision.
    DdzMove *mv = s->moves + (size_t)ply * PLY_MOVES;
    int cnt = 0;
    if (!leading) {
        cnt = ddz_moves_generate(mine, &n->table, s->rules, mv);
        if (cnt == 0 && !best) {
            Node c;
            DdzMove pass = ddz_move_pass();
            node_play(s, n, &pass, &c);
            int r = search(s, &c, ply + 1, NULL);
            return r < 0 ? -1 : (team(c.turn) == me) == (r == 1);
        }
        table_canonical(s, n, mv, cnt, held, &key);
    }

    // Step 3. The transposition table (the root searches, to name its move).
    uint32_t meta = node_meta(&key, s->base);
    if (!best) {
        int v = table_probe(s, &key, meta, hash);
        if (v >= 0)
            return v;
    }
    uint64_t start = s->nodes;

    // Step 4. Unbeatable moves and one more.
    Reach opp;
    reach_opponents(s, n, n->turn, &opp);
    if (leading) {
        int calls = QUICK_CALLS;
        if (quick_win(s, mine, &opp, 1, 0, &calls)) {
            table_store(s, &key, meta, hash, 1, 1);
            if (!best)
                return 1;
        }
        cnt = ddz_moves_generate(mine, NULL, s->rules, mv);
    } else {
        // A beating move the other side cannot answer, then unbeatable moves and one more.
        for (int i = 0; i < cnt; i++) {
            int calls = QUICK_CALLS;
            if (!reach_beats(&opp, &mv[i]) && plays_of(s, mine - mv[i].ranks, 0) <= QUICK_FOLLOW_PLAYS &&
                quick_win(s, mine - mv[i].ranks, &opp, 1, 0, &calls)) {
                table_store(s, &key, meta, hash, 1, 1);
                if (best)
                    *best = mv[i];
                return 1;
            }
        }
        if (cnt == 0 || !ddz_ruleset_is_48(s->rules)) /* hubei48: 有出必出 */
            mv[cnt++] = ddz_move_pass();
    }

    // Step 5. Order: fewest plays left first; at equal plays bombs after the rest, then the
    // lowest comparison rank (keep the high cards that win leads back), then the most cards;
    // then generation order. Pass comes last. An insertion sort of packed keys.
    uint64_t *keys = s->keys + (size_t)ply * PLY_MOVES;
    for (int i = 0; i < cnt; i++) {
        const DdzMove *m = &mv[i];
        uint64_t sc = 0;
        if (m->type != DDZ_PASS)
            sc = (uint64_t)(2 * (16 - plays_of(s, mine - m->ranks, 0)) + !ddz_move_is_bomb(m)) << 9 |
                 (uint64_t)(15 - m->rank) << 5 | m->size;
        uint64_t k = sc << 16 | (uint64_t)(PLY_MOVES - i);
        int j = i;
        while (j > 0 && keys[j - 1] < k) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = k;
    }

    // Step 6. The moves. The root names the first one until it finds a winner.
    if (best && cnt > 0)
        *best = mv[PLY_MOVES - (keys[0] & 0xFFFF)];
    for (int k = 0; k < cnt; k++) {
        const DdzMove *m = &mv[PLY_MOVES - (keys[k] & 0xFFFF)];
        Node c;
        node_play(s, n, m, &c);
        int r = search(s, &c, ply + 1, NULL);
        if (r < 0)
            return -1;
        if ((team(c.turn) == me) == (r == 1)) {
            if (best)
                *best = *m;
            table_store(s, &key, meta, hash, 1, s->nodes - start);
            return 1;
        }
    }
    table_store(s, &key, meta, hash, 0, s->nodes - start);
    return 0;
}

/* Public API -----------------------------------------------------------------------------------*/

DdzSolver *ddz_solver_new(size_t table_bytes)
{
    if (table_bytes == 0)
        table_bytes = (size_t)64 << 20;
    size_t buckets = 1024;
    while (buckets <= SIZE_MAX / 4 / sizeof(Bucket) && buckets * 2 * sizeof(Bucket) <= table_bytes)
        buckets *= 2;
    DdzSolver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    // The table: cache-line buckets, on 2 MiB pages where the system offers them (random
    // probes into many small pages would miss the TLB on most of them).
    size_t bytes = buckets * sizeof(Bucket), align = bytes >= ((size_t)2 << 20) ? (size_t)2 << 20 : sizeof(Bucket);
    s->table = aligned_alloc(align, bytes);
    s->plays = calloc(PLAYS_NB, sizeof *s->plays);
    s->aux = malloc(sizeof *s->aux * DDZ_MAX_MOVES * AUX_LEVELS);
    if (!s->table || !s->plays || !s->aux) {
        ddz_solver_free(s);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (align > sizeof(Bucket))
        madvise(s->table, bytes, MADV_HUGEPAGE);
#endif
    s->mask = buckets - 1;
    s->plays_rules = -1;
    s->dirty = 1;
    ddz_solver_clear(s); /* now, so that the first search does not pay for the pages */
    return s;
}

void ddz_solver_free(DdzSolver *s)
{
    if (!s)
        return;
    free(s->table);
    free(s->plays);
    free(s->aux);
    free(s->moves);
    free(s->keys);
    free(s);
}

void ddz_solver_clear(DdzSolver *s)
{
    if (s->dirty)
        memset(s->table, 0, (s->mask + 1) * sizeof(Bucket));
    s->dirty = 0;
}

static int fail(DdzError *err, const char *msg)
{
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return -1;
}

/* Whether m is a reading the rules give to its cards. */
static int is_reading(const DdzMove *m, DdzRuleset rules)
{
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(m->ranks, rules, rd);
    for (int i = 0; i < n; i++)
        if (ddz_move_equal(&rd[i], m))
            return 1;
    return 0;
}

int ddz_solve_position_check(const DdzSolvePosition *pos, DdzError *err)
{
    if (pos->players != 2 && pos->players != 3)
        return fail(err, "a position has two or three players");
    if ((unsigned)pos->rules >= DDZ_RULES_NB)
        return fail(err, "unknown rule preset");
    DdzRanks all = 0, deck = ddz_ruleset_deck_ranks(pos->rules);
    for (int p = 0; p < DDZ_SOLVE_PLAYER_NB; p++) {
        DdzRanks h = pos->hands[p];
        if (p >= pos->players) {
            if (h)
                return fail(err, "a two-player position has no third hand");
            continue;
        }
        if (!h)
            return fail(err, p == 0 ? "the landlord's hand is empty: the game is over"
                                    : "a farmer's hand is empty: the game is over");
        if (!ddz_ranks_contains(deck, h) || ddz_ranks_size(h) > 20)
            return fail(err, "a hand holds more cards of a rank than one deck has, or more than 20 cards");
        all += h;
        if (!ddz_ranks_contains(deck, all))
            return fail(err, "the hands together hold more cards of a rank than one deck has");
    }
    if (pos->to_move < 0 || pos->to_move >= pos->players)
        return fail(err, "the player to move is not in the game");
    if (pos->last.type != DDZ_PASS) {
        if (pos->last_by < 0 || pos->last_by >= pos->players || pos->last_by == pos->to_move)
            return fail(err, "the move on the table must be another player's");
        if (!is_reading(&pos->last, pos->rules))
            return fail(err, "the move on the table is not a legal move under the rules");
        if (!ddz_ranks_contains(deck, all + pos->last.ranks))
            return fail(err, "the move on the table and the hands hold more cards of a rank than one deck has");
    }
    return 0;
}

int ddz_solve_position_play(DdzSolvePosition *pos, const DdzMove *move)
{
    int p = pos->to_move, next = (p + 1) % pos->players;
    if (move->type == DDZ_PASS) {
        DdzMove beat[DDZ_MAX_MOVES];
        if (pos->last.type == DDZ_PASS ||
            (ddz_ruleset_is_48(pos->rules) && ddz_moves_generate(pos->hands[p], &pos->last, pos->rules, beat) > 0))
            return -1; /* hubei48: 有出必出 */
        pos->to_move = next;
        if (next == pos->last_by) {
            pos->last = ddz_move_pass();
            pos->last_by = next;
        }
        return 0;
    }
    if (!ddz_ranks_contains(pos->hands[p], move->ranks) || !ddz_move_beats(move, &pos->last) ||
        !is_reading(move, pos->rules) || (ddz_move_is_short(move) && move->ranks != pos->hands[p]))
        return -1;
    pos->hands[p] -= move->ranks;
    pos->last = *move;
    pos->last_by = p;
    pos->to_move = next;
    return pos->hands[p] == 0;
}

/* Makes room for the move lists of a search of at most `plies` plies. */
static int reserve_plies(DdzSolver *s, int plies)
{
    if (plies <= s->plies)
        return 0;
    DdzMove *m = malloc(sizeof *m * PLY_MOVES * (size_t)plies);
    uint64_t *k = malloc(sizeof *k * PLY_MOVES * (size_t)plies);
    if (!m || !k) {
        free(m);
        free(k);
        return -1;
    }
    free(s->moves);
    free(s->keys);
    s->moves = m;
    s->keys = k;
    s->plies = plies;
    return 0;
}

DdzSolveOutcome ddz_solve(DdzSolver *s, const DdzSolvePosition *pos, const DdzSolveLimits *limits,
                          DdzSolveResult *res)
{
    double t0 = now_seconds();
    memset(res, 0, sizeof *res);
    res->move = ddz_move_pass();
    if (ddz_solve_position_check(pos, &res->error) != 0)
        return res->outcome = DDZ_SOLVE_ERROR;
    // Every lead plays a card and at most players - 1 passes come between two moves, so a
    // game of c cards lasts at most players * c plies.
    int cards = 0;
    for (int p = 0; p < pos->players; p++)
        cards += ddz_ranks_size(pos->hands[p]);
    if (reserve_plies(s, pos->players * (cards + 1) + 2) != 0) {
        fail(&res->error, "out of memory");
        return res->outcome = DDZ_SOLVE_ERROR;
    }
    if (s->plays_rules != (int)pos->rules) {
        memset(s->plays, 0, PLAYS_NB * sizeof *s->plays);
        s->plays_rules = (int)pos->rules;
    }
    s->rules = pos->rules;
    s->gen++;
    s->dirty = 1;
    s->players = pos->players;
    s->base = meta_base(pos->players, pos->rules);
    s->nodes = 0;
    s->max_nodes = limits && limits->max_nodes ? limits->max_nodes : UINT64_MAX;
    s->deadline = limits && limits->max_seconds > 0 ? t0 + limits->max_seconds : 0;

    Node root;
    for (int p = 0; p < DDZ_SOLVE_PLAYER_NB; p++)
        root.hand[p] = pos->hands[p];
    root.turn = pos->to_move;
    root.table = pos->last;
    root.table.ranks = 0;
    root.by = pos->last.type == DDZ_PASS ? pos->to_move : pos->last_by;
    int r = search(s, &root, 0, &res->move);
    res->outcome = r < 0 ? DDZ_SOLVE_UNKNOWN : r ? DDZ_SOLVE_WIN : DDZ_SOLVE_LOSS;
    if (r >= 0)
        res->landlord_wins = (r == 1) == (team(root.turn) == 0);
    res->nodes = s->nodes < s->max_nodes ? s->nodes : s->max_nodes;
    res->seconds = now_seconds() - t0;
    return res->outcome;
}
