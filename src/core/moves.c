/* moves.c -- classification of card sets into moves, beating, names (RULES.md §5). */
#include <stdio.h>
#include <string.h>

#include "ddz/moves.h"
#include "bits.h"

/* Ranks that may stand in a chain: 3..A. */
#define CHAIN_RANKS 0x0FFFu
#define JOKERS ((1u << DDZ_RANK_BJ) | (1u << DDZ_RANK_RJ))

static const char *const TYPE_NAMES[DDZ_MOVE_TYPE_NB] = {
    "pass", "single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain",
    "plane", "plane_single", "plane_pair", "four_two", "four_two_pairs", "bomb", "rocket",
    "shuttle", "shuttle_single", "shuttle_pair", "trio_short", "trio_two", "plane_short",
    "plane_two", "four_with",
};

static const char *const RULESET_NAMES[DDZ_RULES_NB] = {"standard", "classic", "douzero",
                                                          "botzone", "hubei48"};

const char *ddz_move_type_name(DdzMoveType type)
{
    return (unsigned)type < DDZ_MOVE_TYPE_NB ? TYPE_NAMES[type] : "?";
}

int ddz_move_type_parse(const char *name, DdzMoveType *out)
{
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++)
        if (strcmp(name, TYPE_NAMES[t]) == 0) {
            *out = (DdzMoveType)t;
            return 0;
        }
    return -1;
}

const char *ddz_ruleset_name(DdzRuleset rules)
{
    return (unsigned)rules < DDZ_RULES_NB ? RULESET_NAMES[rules] : "?";
}

int ddz_ruleset_parse(const char *name, DdzRuleset *out, DdzError *err)
{
    for (int r = 0; r < DDZ_RULES_NB; r++)
        if (strcmp(name, RULESET_NAMES[r]) == 0) {
            *out = (DdzRuleset)r;
            return 0;
        }
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg,
                 "unknown rules '%.60s' (choose standard, classic, douzero, botzone or hubei48)", name);
    }
    return -1;
}

DdzKicker ddz_move_kicker(DdzMoveType type)
{
    switch (type) {
    case DDZ_TRIO_SINGLE: case DDZ_PLANE_SINGLE: case DDZ_FOUR_TWO: case DDZ_SHUTTLE_SINGLE:
        return DDZ_KICKER_SINGLE;
    case DDZ_TRIO_PAIR: case DDZ_PLANE_PAIR: case DDZ_FOUR_TWO_PAIRS: case DDZ_SHUTTLE_PAIR:
        return DDZ_KICKER_PAIR;
    case DDZ_TRIO_SHORT: case DDZ_TRIO_TWO: case DDZ_PLANE_SHORT: case DDZ_PLANE_TWO: case DDZ_FOUR_WITH:
        return DDZ_KICKER_SINGLE; /* any cards: singles, a pair or more of a rank */
    default:
        return DDZ_KICKER_NONE;
    }
}

/* Classification ---------------------------------------------------------------------------
 *
 * The card multiset is reduced to four 15-bit masks, one per count (m[k] = ranks held
 * exactly k times). Every type is a statement about those masks: a straight is m[1] alone,
 * one run of at least five chain ranks; a plane + pairs is m[3] one run of n and m[2] n
 * ranks; and so on. Only plane + singles under douzero can match several runs, which is
 * where a card set gets more than one reading. */

static inline int popc(unsigned x) { return __builtin_popcount(x); }

/* Whether mask is one run of consecutive chain ranks of length at least minlen. */
static inline bool is_run(unsigned mask, int minlen)
{
    if (mask == 0 || (mask & ~CHAIN_RANKS))
        return false;
    unsigned low = mask >> __builtin_ctz(mask);
    return (low & (low + 1)) == 0 && popc(mask) >= minlen;
}

static inline DdzMove reading(DdzRanks cards, int type, int rank, int len, int size)
{
    DdzMove m = {cards, (uint8_t)type, (uint8_t)rank, (uint8_t)len, (uint8_t)size};
    return m;
}

/* Readings as plane + singles: n consecutive exact trios plus n kicker cards that the
 * preset allows. m are the count masks of the whole set. */
static int classify_plane_single(DdzRanks cards, const unsigned m[5], int n, DdzRuleset rules,
                                 DdzMove *out)
{
    int k = 0;
    unsigned trios = m[3] & CHAIN_RANKS, run = (1u << n) - 1;
    for (int s = 0; s + n <= 12; s++) {
        unsigned chain = run << s;
        if ((trios & chain) != chain)
            continue;
        unsigned kick3 = m[3] & ~chain;
        switch (rules) {
        case DDZ_RULES_STANDARD:
        case DDZ_RULES_CLASSIC: {
            if (m[4] || (m[1] & JOKERS) == JOKERS)
                continue;
            unsigned adjacent = ((chain << 1) | (chain >> 1)) & ~chain & CHAIN_RANKS;
            if (kick3 & adjacent)
                continue;
            break;
        }
        case DDZ_RULES_BOTZONE:
            if (kick3 || m[2] || m[4])
                continue;
            break;
        default:
            break;
        }
        out[k++] = reading(cards, DDZ_PLANE_SINGLE, s, n, 4 * n);
    }
    return k;
}

/* The hubei48 readings (RULES §8). Every card set has at most one: a plane's chain must be
 * a maximal run of exact trios (a trio next to it would be a forbidden kicker), and two
 * runs cannot both fit the size, since the kickers of one (at most 2n cards) would have to
 * hold the other (3m cards) and the other way round. */
static int classify_48(DdzRanks cards, int size, DdzMove *out)
{
    if (size > 16 || !ddz_ranks_contains(DDZ_DECK48_RANKS, cards))
        return 0;
    unsigned ge[5], m[5];
    count_masks(cards, ge);
    for (int k = 1; k < 4; k++)
        m[k] = ge[k] & ~ge[k + 1];
    m[4] = ge[4];
    unsigned held = ge[1];
    int distinct = popc(held), low = __builtin_ctz(held);
    if (distinct == 1) {
        static const uint8_t by_count[5] = {0, DDZ_SINGLE, DDZ_PAIR, DDZ_TRIO_SHORT, DDZ_BOMB};
        out[0] = reading(cards, by_count[size], low, 1, size);
        return 1;
    }
    if (held == m[1])
        return is_run(m[1], 5) ? (out[0] = reading(cards, DDZ_STRAIGHT, low, size, size), 1) : 0;
    if (held == m[2])
        return is_run(m[2], 2) ? (out[0] = reading(cards, DDZ_PAIR_CHAIN, low, distinct, size), 1) : 0;
    if (held == m[3] && is_run(m[3], 2)) {
        out[0] = reading(cards, DDZ_PLANE, low, distinct, size);
        return 1;
    }
    if (m[4]) {
        if (popc(m[4]) == 1 && size <= 7) {
            out[0] = reading(cards, DDZ_FOUR_WITH, __builtin_ctz(m[4]), 1, size);
            return 1;
        }
        if (popc(m[4]) == 1 && size == 8 && popc(m[2]) == 2) {
            out[0] = reading(cards, DDZ_FOUR_TWO_PAIRS, __builtin_ctz(m[4]), 1, 8);
            return 1;
        }
        /* A plane's kickers never hold four of a rank, and a trio's are at most two. */
        return 0;
    }
    unsigned trios = m[3] & CHAIN_RANKS;
    if (!trios)
        return 0;
    if (size <= 5 && popc(m[3]) == 1) {
        out[0] = reading(cards, size == 5 ? DDZ_TRIO_TWO : DDZ_TRIO_SHORT, __builtin_ctz(m[3]), 1, size);
        return 1;
    }
    /* Step 1. Each maximal run of at least two exact trios is a candidate chain. */
    while (trios) {
        int s = __builtin_ctz(trios);
        unsigned x = ~(trios >> s);
        int n = x ? __builtin_ctz(x) : 32;
        trios &= ~(((1u << n) - 1) << s);
        int kick = size - 3 * n;
        if (n >= 2 && kick >= 1 && kick <= 2 * n) {
            out[0] = reading(cards, kick == 2 * n ? DDZ_PLANE_TWO : DDZ_PLANE_SHORT, s, n, size);
            return 1;
        }
    }
    return 0;
}

int ddz_move_classify(DdzRanks cards, DdzRuleset rules, DdzMove out[DDZ_MAX_READINGS])
{
    int size = ddz_ranks_size(cards);
    if (size == 0) {
        out[0] = ddz_move_pass();
        return 1;
    }
    if (rules == DDZ_RULES_HUBEI48)
        return classify_48(cards, size, out);
    if (size > 20)
        return 0;
    if (counts_invalid(cards))
        return 0; /* more than one deck holds */
    unsigned ge[5], m[5];
    count_masks(cards, ge);
    for (int k = 1; k < 4; k++)
        m[k] = ge[k] & ~ge[k + 1];
    m[4] = ge[4];
    unsigned held = m[1] | m[2] | m[3] | m[4];
    int distinct = popc(held), low = __builtin_ctz(held);

    if (distinct == 1) {
        static const uint8_t by_count[5] = {0, DDZ_SINGLE, DDZ_PAIR, DDZ_TRIO, DDZ_BOMB};
        out[0] = reading(cards, by_count[size], low, 1, size);
        return 1;
    }
    if (held == m[1]) {
        if (size == 2 && m[1] == JOKERS) {
            out[0] = reading(cards, DDZ_ROCKET, 0, 1, 2);
            return 1;
        }
        if (is_run(m[1], 5)) {
            out[0] = reading(cards, DDZ_STRAIGHT, low, size, size);
            return 1;
        }
        return 0;
    }
    if (held == m[2])
        return is_run(m[2], 3) ? (out[0] = reading(cards, DDZ_PAIR_CHAIN, low, distinct, size), 1) : 0;

    int k = 0;
    switch (size) {
    case 4:
        if (m[3] && m[1])
            out[k++] = reading(cards, DDZ_TRIO_SINGLE, __builtin_ctz(m[3]), 1, 4);
        return k;
    case 5:
        if (m[3] && m[2])
            out[k++] = reading(cards, DDZ_TRIO_PAIR, __builtin_ctz(m[3]), 1, 5);
        return k;
    default:
        break;
    }
    if (held == m[3] && is_run(m[3], 2))
        out[k++] = reading(cards, DDZ_PLANE, low, distinct, size);
    if (size % 4 == 0 && size >= 8 && m[3])
        k += classify_plane_single(cards, m, size / 4, rules, out + k);
    if (size % 5 == 0 && size >= 10 && !m[1] && !m[4] && popc(m[2]) == size / 5 &&
        is_run(m[3], 2) && popc(m[3]) == size / 5)
        out[k++] = reading(cards, DDZ_PLANE_PAIR, __builtin_ctz(m[3]), size / 5, size);
    if (size == 6 && popc(m[4]) == 1) {
        /* Four + two: the two kickers are a pair (m[2]) or two singles (m[1]). */
        bool pair = m[2] != 0, jokers = (m[1] & JOKERS) == JOKERS;
        bool ok;
        switch (rules) {
        case DDZ_RULES_STANDARD: ok = !jokers; break;
        case DDZ_RULES_CLASSIC: ok = !pair && !jokers; break;
        case DDZ_RULES_BOTZONE: ok = !pair; break;
        default: ok = true; break;
        }
        if (ok)
            out[k++] = reading(cards, DDZ_FOUR_TWO, __builtin_ctz(m[4]), 1, 6);
    }
    if (size == 8 && popc(m[4]) == 1 && popc(m[2]) == 2)
        out[k++] = reading(cards, DDZ_FOUR_TWO_PAIRS, __builtin_ctz(m[4]), 1, 8);
    if (rules == DDZ_RULES_BOTZONE && !m[3] && is_run(m[4], 2)) {
        int n = popc(m[4]), l4 = __builtin_ctz(m[4]);
        if (!m[1] && !m[2])
            out[k++] = reading(cards, DDZ_SHUTTLE, l4, n, size);
        else if (!m[2] && popc(m[1]) == 2 * n)
            out[k++] = reading(cards, DDZ_SHUTTLE_SINGLE, l4, n, size);
        else if (!m[1] && popc(m[2]) == 2 * n)
            out[k++] = reading(cards, DDZ_SHUTTLE_PAIR, l4, n, size);
    }
    return k;
}

bool ddz_move_beats(const DdzMove *a, const DdzMove *b)
{
    if (a->type == DDZ_PASS)
        return false;
    if (b->type == DDZ_PASS)
        return true;
    if (b->type == DDZ_ROCKET)
        return false;
    if (a->type == DDZ_ROCKET)
        return true;
    if (a->type == DDZ_BOMB)
        return b->type != DDZ_BOMB || a->rank > b->rank;
    if (b->type == DDZ_TRIO_SHORT)
        return a->type == DDZ_TRIO_TWO && a->rank > b->rank;
    if (b->type == DDZ_PLANE_SHORT)
        return a->type == DDZ_PLANE_TWO && a->len == b->len && a->rank > b->rank;
    if (a->type == DDZ_TRIO_SHORT || a->type == DDZ_PLANE_SHORT)
        return false;
    return a->type == b->type && a->size == b->size && a->rank > b->rank;
}

/* Text ----------------------------------------------------------------------------------*/

int ddz_move_parse(const char *text, DdzRuleset rules, DdzMove *out, DdzError *err)
{
    char cards[96], tname[32] = "", rname[8] = "";
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n >= sizeof cards) {
        if (err) {
            err->pos = (int)sizeof cards;
            snprintf(err->msg, sizeof err->msg, "move too long: a move has at most 20 cards");
        }
        return -1;
    }
    memcpy(cards, text, n);
    cards[n] = '\0';
    if (colon) {
        const char *c2 = strchr(colon + 1, ':');
        size_t tn = c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1);
        if (tn >= sizeof tname || (c2 && strlen(c2 + 1) >= sizeof rname)) {
            if (err) {
                err->pos = (int)n + 1;
                snprintf(err->msg, sizeof err->msg, "bad move suffix '%.40s' (write :TYPE or :TYPE:RANK)", colon);
            }
            return -1;
        }
        memcpy(tname, colon + 1, tn);
        tname[tn] = '\0';
        if (c2)
            strcpy(rname, c2 + 1);
    }
    DdzRanks ranks;
    if (ddz_ranks_parse(cards, &ranks, err) != 0)
        return -1;
    DdzMove rd[DDZ_MAX_READINGS];
    int nr = ddz_move_classify(ranks, rules, rd);
    char shown[64];
    ddz_ranks_format(ranks, shown, sizeof shown);
    if (nr == 0) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "%s is not a move under the %s rules", shown,
                     ddz_ruleset_name(rules));
        }
        return -1;
    }
    DdzMoveType want = DDZ_PASS;
    if (tname[0] && ddz_move_type_parse(tname, &want) != 0) {
        if (err) {
            err->pos = (int)n + 2;
            snprintf(err->msg, sizeof err->msg, "unknown move type '%s'", tname);
        }
        return -1;
    }
    DdzRanks want_rank = 0;
    if (rname[0] && (ddz_ranks_parse(rname, &want_rank, NULL) != 0 || ddz_ranks_size(want_rank) != 1)) {
        if (err) {
            err->pos = (int)(n + strlen(tname) + 3);
            snprintf(err->msg, sizeof err->msg, "bad rank '%s' after the move type", rname);
        }
        return -1;
    }
    int chosen = -1, matches = 0;
    for (int i = 0; i < nr; i++) {
        if (tname[0] && rd[i].type != want)
            continue;
        if (rname[0] && ddz_ranks_of(rd[i].rank, 1) != want_rank)
            continue;
        if (matches++ == 0)
            chosen = i;
    }
    if (matches != 1) {
        if (err) {
            char list[96] = "";
            for (int i = 0; i < nr; i++) {
                size_t l = strlen(list);
                snprintf(list + l, sizeof list - l, "%s%s:%c", i ? ", " : "", TYPE_NAMES[rd[i].type],
                         ddz_rank_char(rd[i].rank));
            }
            err->pos = 0;
            if (matches == 0)
                snprintf(err->msg, sizeof err->msg, "%.24s does not read as %.20s%s%.7s under the %s rules (it reads as %.72s)",
                         shown, tname, rname[0] ? ":" : "", rname, ddz_ruleset_name(rules), list);
            else
                snprintf(err->msg, sizeof err->msg,
                         "%.24s has several readings under the %s rules (%.72s): add one as :TYPE:RANK", shown,
                         ddz_ruleset_name(rules), list);
        }
        return -1;
    }
    *out = rd[chosen];
    return 0;
}

size_t ddz_move_format(const DdzMove *m, DdzRuleset rules, char *buf, size_t size)
{
    if (m->type == DDZ_PASS)
        return (size_t)snprintf(buf, size, "pass");
    char cards[64];
    ddz_ranks_format(m->ranks, cards, sizeof cards);
    DdzMove rd[DDZ_MAX_READINGS];
    if (ddz_move_classify(m->ranks, rules, rd) > 1)
        return (size_t)snprintf(buf, size, "%s:%s:%c", cards, ddz_move_type_name(m->type),
                                ddz_rank_char(m->rank));
    return (size_t)snprintf(buf, size, "%s", cards);
}

size_t ddz_move_describe(const DdzMove *m, char *buf, size_t size)
{
    const char *name = ddz_move_type_name(m->type);
    if (m->type == DDZ_PASS || m->type == DDZ_ROCKET)
        return (size_t)snprintf(buf, size, "%s", name);
    if (ddz_move_type_is_chain(m->type))
        return (size_t)snprintf(buf, size, "%s n=%d rank=%c", name, m->len, ddz_rank_char(m->rank));
    return (size_t)snprintf(buf, size, "%s rank=%c", name, ddz_rank_char(m->rank));
}
