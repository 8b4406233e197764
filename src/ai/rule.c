/* rule.c -- the "rule" agent: a heuristic player built on the best split of its hand, with
 * bids and doubles from a self-play calibration of hand strength. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/rule.h"
#include "threat.h"

/* A play costs about this much part value: a split's worth is value - PLAY_COST * plays. */
#define PLAY_COST DDZ_SPLIT_PLAY_COST

/* The splitter's memo: 2^14 entries, 256 KiB. A game's hands only shrink, so a small table
 * keeps what matters; making an agent costs about 15 us (1 MiB took 60 us, which showed
 * in arenas that make fresh agents every deal) and play is as fast. */
#define MEMO_BITS 14

/* Bid and double thresholds on ddz_rule_strength, from the self-play calibration
 *
 *     ddz calibrate --games 50000 --seed 1          (standard rules; about 7 s)
 *
 * which plays rule against rule with a fixed landlord (the first bidder bids 3 at once;
 * no other bidding, no doubling) and counts wins by the strength of a hand. Win rates
 * (games in brackets), strength buckets of 5 points named by their lowest value:
 *
 *   strength  landlord, 17 dealt  landlord, 20 cards  farmers' side, 17
 *     -60       0.392 (4494)        0.275 (4218)        0.538 (8999)
 *     -50       0.467 (4118)        0.403 (5050)        0.600 (8286)
 *     -45       0.478 (3497)        0.458 (4715)        0.611 (7420)
 *     -40       0.527 (3240)        0.522 (4540)        0.650 (6630)
 *     -35       0.560 (2593)        0.604 (3836)        0.681 (5253)
 *     -30       0.592 (1980)        0.700 (3033)        0.734 (4077)
 *     -25       0.652 (1521)        0.753 (2324)        0.763 (3010)
 *     -20       0.710  (916)        0.811 (1620)        0.804 (1843)
 *     -15       0.747  (517)        0.887  (936)        0.853 (1083)
 *     -10       0.808  (307)        0.916  (524)        0.863  (608)
 *      -5       0.807  (176)        0.940  (316)        0.882  (313)
 *       0       0.895   (76)        0.978  (136)        0.922  (129)
 *
 * (landlord wins 42.6% of all deals; below -60 the landlord wins a third of the time or
 * less). These are odds against random hands; a bidder plays against two players who
 * passed or bid less, so it does better: bidding 1 from -50 (47% above), 2 from -30
 * (59%) and 3 from -20 (71%), rule agents that win the bidding win 63% of their games
 * as landlord and 1.56 points a game (`ddz sim --games 5000 --agents rule,rule,rule`),
 * with 0.29 redeals per game; bidding 1 only from -40 (53%) the landlord wins 65% but
 * redeals rise to 0.84 per game. Higher bids raise the stake, so they wait for clearer
 * odds. The rob flow calls or robs from -40 (53%). A farmer doubles when its side wins
 * about 73% (x4, app doubling, from 85%); the landlord, now holding 20 cards, redoubles
 * from 70% (x4 from 89%). */
#define BID1 (-50)
#define BID2 (-30)
#define BID3 (-20)
#define ROB (-40)
#define FARMER_X2 (-30)
#define FARMER_X4 (-15)
#define LORD_X2 (-30)
#define LORD_X4 (-15)

typedef struct Rule {
    int version; /* the behaviour to play (rule.h): new heuristics test version > 1 */
    int noise;   /* per mille: a decision with a runner-up takes it this often (play-outs) */
    DdzRng rng;
    DdzSplitter *sp;
    DdzMove moves[DDZ_MAX_MOVES + 1];
} Rule;

/* What one decision knows: the view, seats, and for every other seat the ranks it may hold
 * (every card not seen, less the cards known to be elsewhere: shown hands, the landlord's
 * unplayed bottom cards). */
typedef struct Ctx {
    Rule *r;
    const DdzView *v;
    DdzRuleset rules;
    int me, lord, partner, next;
    bool is_lord;
    DdzRanks hand;
    DdzRanks pool[DDZ_SEAT_NB];
    int count[DDZ_SEAT_NB];
    bool want_alt;  /* record the runner-up of this decision's scored choice in alt */
    bool has_alt;
    DdzMove alt;
} Ctx;

static inline int cnt(DdzRanks r, int rank) { return ddz_ranks_get(r, rank); }

static void ctx_init(Ctx *c, Rule *r, const DdzView *v)
{
    c->r = r;
    c->v = v;
    c->rules = v->opt.rules;
    c->me = v->seat;
    c->lord = v->landlord;
    c->is_lord = v->landlord == v->seat;
    c->next = (v->seat + 1) % DDZ_SEAT_NB;
    c->partner = -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (!c->is_lord && s != c->me && s != c->lord)
            c->partner = s;
    c->hand = ddz_cards_ranks(v->hand);
    c->want_alt = c->has_alt = false;
    ddz_threat_pools(v, c->pool);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        c->count[s] = v->count[s];
}

static inline bool is_opponent(const Ctx *c, int s)
{
    return s != c->me && (c->is_lord || s == c->lord);
}

/* The worth of holding `hand`: best split value less PLAY_COST a play; an empty hand has
 * won. */
static int worth(Ctx *c, DdzRanks hand)
{
    if (!hand)
        return 1000;
    int value, plays = ddz_split_eval(c->r->sp, hand, &value);
    return value - PLAY_COST * plays;
}

/* Whether some opponent might beat m. */
static bool opp_beats(const Ctx *c, const DdzMove *m)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (is_opponent(c, s) && ddz_threat_can_beat(c->pool[s], c->count[s], m))
            return true;
    return false;
}

/* Whether any other seat, partner included, might beat m. */
static bool any_beats(const Ctx *c, const DdzMove *m)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != c->me && ddz_threat_can_beat(c->pool[s], c->count[s], m))
            return true;
    return false;
}

/* The fewest cards an opponent holds. */
static int opp_min_count(const Ctx *c)
{
    int k = 99;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (is_opponent(c, s) && c->count[s] < k)
            k = c->count[s];
    return k;
}

static DdzMove group_move(int type, int rank, int size)
{
    DdzMove m = {ddz_ranks_of(rank, size), (uint8_t)type, (uint8_t)rank, 1, (uint8_t)size};
    return m;
}

/* Leading ----------------------------------------------------------------------------------*/

static DdzMove lead(Ctx *c)
{
    DdzMove rd[DDZ_MAX_READINGS];
    if (ddz_move_classify(c->hand, c->rules, rd) > 0)
        return rd[0];
    DdzSplit s;
    ddz_split_best(c->r->sp, c->hand, &s);

    // Step 1. Finishing: when at most one part can be beaten, lead the unbeatable ones (plain
    // parts before bombs, longest first) and keep the last for the end.
    bool safe[DDZ_SPLIT_MAX_CARDS];
    int unsafe = 0;
    for (int i = 0; i < s.plays; i++) {
        safe[i] = !opp_beats(c, &s.part[i]);
        unsafe += !safe[i];
    }
    if (unsafe <= 1) {
        int best = -1, best_key = 0;
        for (int i = 0; i < s.plays; i++) {
            if (!safe[i] || ddz_move_is_short(&s.part[i])) /* hubei48: a short part goes last */
                continue;
            int key = (ddz_move_is_bomb(&s.part[i]) ? 100 : 0) - s.part[i].size;
            if (best < 0 || key < best_key)
                best = i, best_key = key;
        }
        if (best >= 0)
            return s.part[best];
    }

    // Step 2. Feeding: a farmer whose partner is about to go out leads what it can use.
    if (!c->is_lord) {
        int pc = c->count[c->partner];
        bool lord_at_one = c->count[c->lord] == 1;
        if (pc == 1 && !(lord_at_one && c->next == c->lord))
            return group_move(DDZ_SINGLE, __builtin_ctzll(c->hand) >> 2, 1);
        if (pc == 2 && c->next == c->partner && c->count[c->lord] != 2)
            for (int r = 0; r <= DDZ_RANK_2; r++)
                if (cnt(c->hand, r) >= 2)
                    return group_move(DDZ_PAIR, r, 2);
    }

    // Step 3. Otherwise the weakest part, leaning towards parts of more cards (5 points a
    // card: the landlord won 1.6% more self-play games than with 1 point); controls, bombs
    // and parts an opponent could end the game on come last.
    int min_opp = opp_min_count(c);
    int best = 0, best_key = 0, second = -1, second_key = 0;
    for (int i = 0; i < s.plays; i++) {
        const DdzMove *m = &s.part[i];
        int key = 4 * ddz_split_part_value(m) - 5 * m->size;
        if (ddz_move_is_short(m))
            key += 100000; /* hubei48: legal only as the last cards */
        else if (ddz_move_is_bomb(m))
            key += 1000;
        else if (ddz_split_part_is_control(m))
            key += 80;
        for (int o = 0; o < DDZ_SEAT_NB; o++)
            if (is_opponent(c, o) && c->count[o] == m->size && !safe[i])
                key += 400;
        if (i == 0 || key < best_key) {
            second = i == 0 ? -1 : best, second_key = best_key;
            best = i, best_key = key;
        } else if (second < 0 || key < second_key) {
            second = i, second_key = key;
        }
    }
    DdzMove m = s.part[best];
    if (c->want_alt && second >= 0 && !ddz_move_is_bomb(&s.part[second]) && !ddz_move_is_short(&s.part[second]) &&
        !(min_opp == s.part[second].size && !safe[second])) {
        c->has_alt = true;
        c->alt = s.part[second];
    }
    /* Forced to lead a single or a pair an opponent could go out on: lead the highest. */
    if ((m.type == DDZ_SINGLE || m.type == DDZ_PAIR) && min_opp == m.size && !safe[best]) {
        for (int r = DDZ_RANK_NB - 1; r >= 0; r--)
            if (cnt(c->hand, r) >= m.size && (m.size == 1 || r <= DDZ_RANK_2))
                return group_move(m.type, r, m.size);
    }
    return m;
}

/* Following --------------------------------------------------------------------------------*/

/* The best answer among moves[1..n) (moves[0] is pass) by worth after the move, with the
 * bonuses and penalties of the situation; returns its index, or 0 when passing is better.
 * An answer may cost up to 20 points of worth (about three plays' worth of breaking) and
 * still beat passing: taking the trick is worth that much. In self-play, against the same
 * agent with a margin of 2, a margin of 20 won 54% of games (8000 deals each way); 6, 10,
 * 16, 25 and 40 won 51, 53, 54, 54 and 54%, while -4 (pass unless the hand gains) won 33%. */
static int best_answer(Ctx *c, const DdzMove *moves, int n, bool danger, bool safe_only)
{
    int w0 = worth(c, c->hand);
    int best = 0, best_score = w0 - (danger ? 10000 : 20), second = -1, second_score = 0;
    for (int i = 1; i < n; i++) {
        const DdzMove *m = &moves[i];
        DdzRanks rest = c->hand - m->ranks;
        bool safe = !opp_beats(c, m);
        if (safe_only && !safe)
            continue;
        int value, plays = ddz_split_eval(c->r->sp, rest, &value);
        /* Unbeatable, with one part left: the game is won. */
        if (safe && plays <= 1)
            return i;
        int score = value - PLAY_COST * plays;
        if (safe)
            score += 5;
        if (ddz_move_is_bomb(m)) {
            if (ddz_ruleset_is_48(c->rules) && c->v->opt.bonus != 0 && !any_beats(c, m))
                score += 4; /* hubei48: a bomb nobody beats earns the 喜金 at once */
            else if (!danger && plays > 2)
                score -= 40;
            else
                score -= 4;
        } else if ((m->type == DDZ_SINGLE || m->type == DDZ_PAIR) && m->rank >= DDZ_RANK_2 && !danger &&
                   c->v->table.rank < DDZ_RANK_Q) {
            score -= 6; /* a 2 or a joker on a small card wastes a control */
        }
        if (danger && !safe)
            score -= 20; /* something they cannot beat is worth much more now */
        if (score > best_score) {
            second = best, second_score = best_score;
            best = i, best_score = score;
        } else if (second < 0 || score > second_score) {
            second = i, second_score = score;
        }
    }
    if (c->want_alt && second >= 0 && !danger && !ddz_move_is_bomb(&moves[second])) {
        c->has_alt = true;
        c->alt = moves[second];
    }
    return best;
}

/* Whether opponent o could go out on this trick: its whole hand may be one move of the
 * table's size, or the rocket. */
static bool threatens(const Ctx *c, int o, const DdzMove *t)
{
    int k = c->count[o];
    if (!is_opponent(c, o) || k > 2)
        return false;
    return k == t->size || (k == 2 && cnt(c->pool[o], DDZ_RANK_BJ) && cnt(c->pool[o], DDZ_RANK_RJ));
}

/* An answer that stops an opponent about to go out: the best one no opponent can beat; if
 * there is none, the highest answer of the table's type (the best chance), else the lowest
 * bomb. Returns 0 (pass) only when there is no answer at all. */
static int stop_answer(Ctx *c, const DdzMove *moves, int n)
{
    int k = best_answer(c, moves, n, true, true);
    if (k)
        return k;
    for (int i = 1; i < n; i++)
        if (!ddz_move_is_bomb(&moves[i]) && (!k || moves[i].rank > moves[k].rank))
            k = i;
    return k ? k : n > 1;
}

/* 顶牌: the landlord acts next and can beat the partner's low single or pair cheaply; if
 * this farmer holds a high answer (10 to A, no bomb, no 2) that costs its hand nothing,
 * it plays the highest such, so the landlord must spend a big card to take the lead.
 * Returns the answer, or 0 (let the partner's play stand). Self-play: farmers' win rate
 * 0.51 -> 0.59 against the same agent without it (8000 deals). */
static int raise_partner(Ctx *c, const DdzMove *moves, int n)
{
    const DdzMove *t = &c->v->table;
    if (c->next != c->lord || t->type > DDZ_PAIR || t->rank >= DDZ_RANK_Q ||
        !ddz_threat_can_beat(c->pool[c->lord], c->count[c->lord], t))
        return 0;
    int w0 = worth(c, c->hand);
    for (int i = n - 1; i >= 1; i--) {
        if (ddz_move_is_bomb(&moves[i]) || moves[i].rank > DDZ_RANK_A || moves[i].rank < DDZ_RANK_T)
            continue;
        if (worth(c, c->hand - moves[i].ranks) >= w0)
            return i;
    }
    return 0;
}

static DdzMove follow(Ctx *c, const DdzMove *moves, int n)
{
    for (int i = 1; i < n; i++)
        if (moves[i].ranks == c->hand)
            return moves[i];
    const DdzMove *t = &c->v->table;
    int owner = c->v->table_seat;
    if (!c->is_lord && owner == c->partner) {
        /* The partner's play stands, unless the landlord, next to act, could beat it and go
         * out: then stop the landlord. */
        if (c->next == c->lord && threatens(c, c->lord, t) && ddz_threat_can_beat(c->pool[c->lord], c->count[c->lord], t))
            return moves[stop_answer(c, moves, n)];
        return moves[raise_partner(c, moves, n)];
    }
    for (int o = 0; o < DDZ_SEAT_NB; o++)
        if (threatens(c, o, t))
            return moves[stop_answer(c, moves, n)];
    bool danger = (owner >= 0 && c->count[owner] <= 3) || opp_min_count(c) <= 2;
    /* A farmer whose partner, next to act, is nearly out lets the partner answer, unless it
     * can take the lead for sure (and then feed the partner). */
    if (!c->is_lord && c->next == c->partner && c->count[c->partner] <= 2 && !danger)
        return moves[best_answer(c, moves, n, false, true)];
    c->want_alt = c->r->noise > 0;
    return moves[best_answer(c, moves, n, danger, false)];
}

/* Bidding and doubling ---------------------------------------------------------------------*/

int ddz_rule_strength(DdzSplitter *sp, DdzRanks hand)
{
    int value, plays = ddz_split_eval(sp, hand, &value);
    if (plays < 0)
        return 0;
    int controls = cnt(hand, DDZ_RANK_2) + cnt(hand, DDZ_RANK_BJ) + cnt(hand, DDZ_RANK_RJ);
    return value - PLAY_COST * plays + 3 * controls;
}

static int pick_value(const uint8_t *vals, int n, int want)
{
    /* The wanted value if legal, else the highest legal value below it, else the lowest. */
    int pick = vals[0];
    for (int i = 0; i < n; i++)
        if (vals[i] <= want)
            pick = vals[i];
    return pick;
}

static int decide_bid(Ctx *c, DdzAction *out)
{
    uint8_t vals[4];
    int n = ddz_view_legal_values(c->v, DDZ_ACT_BID, vals);
    if (n == 0)
        return -1;
    int s = ddz_rule_strength(c->r->sp, c->hand), want;
    if (c->v->opt.bid_mode == DDZ_BID_ROB)
        want = s >= ROB;
    else
        want = s >= BID3 ? 3 : s >= BID2 ? 2 : s >= BID1 ? 1 : 0;
    /* Points mode: when the wanted bid is not above the best so far, this passes. */
    *out = ddz_action_bid(c->me, pick_value(vals, n, want));
    return 0;
}

static int decide_double(Ctx *c, DdzAction *out)
{
    uint8_t vals[4];
    int n = ddz_view_legal_values(c->v, DDZ_ACT_DOUBLE, vals);
    if (n == 0)
        return -1;
    int s = ddz_rule_strength(c->r->sp, c->hand), want;
    if (c->is_lord)
        want = s >= LORD_X4 ? 2 : s >= LORD_X2;
    else
        want = s >= FARMER_X4 ? 2 : s >= FARMER_X2;
    *out = ddz_action_double(c->me, pick_value(vals, n, want));
    return 0;
}

/* The agent -------------------------------------------------------------------------------*/

/* 放走包赔 (hubei48): while the next seat holds one card, a single that is not the player's
 * highest card marks it, and it pays its whole side's loss if that seat's side wins. A
 * farmer never does it; the landlord only when the next farmer cannot beat the lower
 * single anyway (then nothing is let go). Returns the single to play. */
static DdzMove let_go_guard(const Ctx *c, const DdzMove *m)
{
    int top = (63 - __builtin_clzll(c->hand)) >> 2;
    if (c->count[c->next] != 1 || m->rank >= top || !is_opponent(c, c->next))
        return *m; /* a partner at one card is fed, not let go */
    if (c->is_lord && !ddz_threat_can_beat(c->pool[c->next], 1, m))
        return *m;
    return group_move(DDZ_SINGLE, top, 1); /* beats whatever the lower single beat */
}

static int rule_act(void *state, const DdzView *v, DdzAction *out)
{
    Rule *r = state;
    if (!r->sp || ddz_splitter_rules(r->sp) != v->opt.rules) {
        ddz_splitter_free(r->sp);
        if (!(r->sp = ddz_splitter_new(v->opt.rules, PLAY_COST, MEMO_BITS)))
            return -1;
    }
    Ctx c;
    ctx_init(&c, r, v);
    if (v->phase == DDZ_PHASE_BID)
        return decide_bid(&c, out);
    if (v->phase == DDZ_PHASE_DOUBLE)
        return decide_double(&c, out);
    if (v->phase != DDZ_PHASE_PLAY)
        return -1;
    int n = ddz_view_legal_moves(v, r->moves);
    if (n == 0)
        return -1;
    /* A follower's list starts with pass, unless play_all leaves only its whole hand or
     * hubei48 forbids passing (有出必出): then the best answer, as if in danger. */
    DdzMove m;
    if (v->table.type == DDZ_PASS) {
        c.want_alt = r->noise > 0;
        m = lead(&c);
    } else if (r->moves[0].type == DDZ_PASS) {
        m = follow(&c, r->moves, n);
    } else if (ddz_ruleset_is_48(v->opt.rules)) {
        memmove(r->moves + 1, r->moves, (size_t)n * sizeof *r->moves);
        r->moves[0] = ddz_move_pass();
        m = follow(&c, r->moves, n + 1);
        if (m.type == DDZ_PASS) {
            c.has_alt = false; /* a forced answer: no runner-up */
            m = r->moves[best_answer(&c, r->moves, n + 1, true, false)];
        }
        memmove(r->moves, r->moves + 1, (size_t)n * sizeof *r->moves);
    } else {
        m = r->moves[0];
    }
    if (c.has_alt && (int)ddz_rng_below(&r->rng, 1000) < r->noise)
        m = c.alt;
    if (m.type == DDZ_SINGLE && ddz_ruleset_is_48(v->opt.rules))
        m = let_go_guard(&c, &m);
    /* Play only what the engine lists (play_all, douzero readings): else its first move. */
    int k = 0;
    for (int i = 0; i < n; i++)
        if (ddz_move_equal(&r->moves[i], &m)) {
            k = i;
            break;
        }
    *out = ddz_action_play(v->seat, r->moves[k], 0);
    return 0;
}

static void rule_free(void *state)
{
    Rule *r = state;
    ddz_splitter_free(r->sp);
    free(r);
}

int ddz_rule_agent_new(DdzAgent *a, uint64_t seed, DdzError *err)
{
    if (ddz_rule_agent_new_version(a, DDZ_RULE_VERSION, seed, err) != 0)
        return -1;
    a->name = "rule";
    return 0;
}

int ddz_rule_agent_new_version(DdzAgent *a, int version, uint64_t seed, DdzError *err)
{
    if (version < 1 || version > DDZ_RULE_VERSION) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "rule agent version %d: versions are 1 to %d", version,
                     DDZ_RULE_VERSION);
        }
        return -1;
    }
    Rule *r = malloc(sizeof *r);
    if (r) {
        r->version = version;
        r->noise = 0;
        ddz_rng_seed(&r->rng, seed);
        r->sp = ddz_splitter_new(DDZ_RULES_STANDARD, PLAY_COST, MEMO_BITS);
    }
    if (!r || !r->sp) {
        free(r);
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        return -1;
    }
    static const char *const NAMES[DDZ_RULE_VERSION + 1] = {"", "rule-v1"};
    a->name = NAMES[version];
    a->state = r;
    a->act = rule_act;
    a->free = rule_free;
    return 0;
}

void ddz_rule_agent_set_noise(DdzAgent *a, int per_mille, uint64_t seed)
{
    Rule *r = a->state;
    r->noise = per_mille < 0 ? 0 : per_mille > 1000 ? 1000 : per_mille;
    ddz_rng_seed(&r->rng, seed);
}

/* Calibration ------------------------------------------------------------------------------*/

int ddz_calibration_bucket(int strength)
{
    int b = (strength - DDZ_CAL_MIN) / DDZ_CAL_WIDTH;
    if (strength < DDZ_CAL_MIN)
        b = 0;
    return b < 0 ? 0 : b >= DDZ_CAL_NB ? DDZ_CAL_NB - 1 : b;
}

int ddz_rule_calibrate(const DdzOptions *opt, long deals, uint64_t seed, DdzCalibration *out, DdzError *err)
{
    memset(out, 0, sizeof *out);
    DdzOptions o = ddz_options_default();
    o.rules = opt->rules;
    o.play_all = opt->play_all;
    o.packet_deal = opt->packet_deal;
    DdzAgent agents[DDZ_SEAT_NB];
    DdzGame *g = malloc(sizeof *g);
    DdzSplitter *sp = ddz_splitter_new(o.rules, PLAY_COST, 0);
    int made = 0, rc = 0;
    for (; made < DDZ_SEAT_NB && g && sp; made++)
        if (ddz_rule_agent_new(&agents[made], (uint64_t)made, err) != 0)
            break;
    if (!g || !sp || made < DDZ_SEAT_NB) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        rc = -1;
    }
    for (long k = 0; rc == 0 && k < deals; k++) {
        DdzRng rng;
        ddz_rng_seed(&rng, seed + (uint64_t)k);
        int lord = (int)(k % DDZ_SEAT_NB);
        ddz_game_new(g, &o, &rng, lord);
        DdzAction bid = ddz_action_bid(lord, 3);
        if (ddz_game_apply(g, &bid, err) != 0) {
            rc = -1;
            break;
        }
        while (g->phase == DDZ_PHASE_PLAY)
            if (ddz_agent_step(&agents[g->turn], g, err) != 0) {
                rc = -1;
                break;
            }
        DdzResult res;
        if (rc != 0 || ddz_game_result(g, &res) != 0) {
            if (err && rc == 0)
                snprintf(err->msg, sizeof err->msg, "deal %ld did not finish", k);
            rc = -1;
            break;
        }
        out->deals++;
        out->landlord_wins += res.landlord_won;
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            DdzRanks dealt = ddz_cards_ranks(g->dealt[s]);
            int b = ddz_calibration_bucket(ddz_rule_strength(sp, dealt));
            if (s == lord) {
                out->bid_games[b]++;
                out->bid_wins[b] += res.landlord_won;
                int b20 = ddz_calibration_bucket(ddz_rule_strength(sp, ddz_cards_ranks(g->dealt[s] | g->bottom)));
                out->redouble_games[b20]++;
                out->redouble_wins[b20] += res.landlord_won;
            } else {
                out->double_games[b]++;
                out->double_wins[b] += !res.landlord_won;
            }
        }
    }
    for (int s = 0; s < made; s++)
        ddz_agent_free(&agents[s]);
    ddz_splitter_free(sp);
    free(g);
    return rc;
}
