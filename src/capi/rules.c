/* rules.c -- the flat C API's rules core: cards, notation, classification, generation and
 * beating over plain integers, with every input checked before it reaches the core. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int capi_fail(char *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, DDZ_CAPI_ERR_LEN, fmt, ap);
        va_end(ap);
    }
    return code;
}

int capi_fail_error(char *err, int code, const DdzError *e)
{
    return capi_fail(err, code, "%s", e->msg);
}

int capi_rules_check(int rules, char *err)
{
    if (rules < 0 || rules >= DDZ_RULES_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "rules %d: not a preset (0..%d: standard, classic, douzero, botzone)",
                         rules, DDZ_RULES_NB - 1);
    return 0;
}

const char *ddz_capi_version(void) { return DDZ_VERSION; }
int ddz_capi_abi(void) { return DDZ_CAPI_ABI; }

int ddz_capi_ranks_valid(uint64_t ranks)
{
    if (ranks >> 60)
        return 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        if (ddz_ranks_get(ranks, r) > (r >= DDZ_RANK_BJ ? 1 : 4))
            return 0;
    return 1;
}

static int ranks_check(uint64_t ranks, const char *what, char *err)
{
    if (ddz_capi_ranks_valid(ranks))
        return 0;
    return capi_fail(err, DDZ_CAPI_EINVAL,
                     "%s: 0x%llx is not rank counts one deck holds (at most 4 of a rank, 1 of a joker)", what,
                     (unsigned long long)ranks);
}

int ddz_capi_ranks_parse(const char *text, uint64_t *out, char *err)
{
    DdzError e;
    DdzRanks r;
    if (!text || !out)
        return capi_fail(err, DDZ_CAPI_EINVAL, "ranks: no text");
    if (ddz_ranks_parse(text, &r, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    *out = r;
    return 0;
}

int ddz_capi_ranks_format(uint64_t ranks, char *buf, size_t size)
{
    if (!ddz_capi_ranks_valid(ranks))
        return DDZ_CAPI_EINVAL;
    return (int)ddz_ranks_format(ranks, buf, size);
}

int ddz_capi_cards_parse(const char *text, uint64_t *out, char *err)
{
    DdzError e;
    DdzCards c;
    if (!text || !out)
        return capi_fail(err, DDZ_CAPI_EINVAL, "cards: no text");
    if (ddz_cards_parse(text, &c, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    *out = c;
    return 0;
}

int ddz_capi_cards_format(uint64_t cards, int style, char *buf, size_t size)
{
    if ((cards & ~DDZ_DECK) || style < 0 || style > DDZ_STYLE_CHINESE)
        return DDZ_CAPI_EINVAL;
    return (int)ddz_cards_format(cards, (DdzCardStyle)style, buf, size);
}

int ddz_capi_cards_ranks(uint64_t cards, uint64_t *out, char *err)
{
    if (cards & ~DDZ_DECK)
        return capi_fail(err, DDZ_CAPI_EINVAL, "cards: 0x%llx has bits above card 53",
                         (unsigned long long)cards);
    *out = ddz_cards_ranks(cards);
    return 0;
}

int ddz_capi_rules_parse(const char *name, char *err)
{
    DdzError e;
    DdzRuleset r;
    if (!name)
        return capi_fail(err, DDZ_CAPI_EINVAL, "rules: no name");
    if (ddz_ruleset_parse(name, &r, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    return (int)r;
}

const char *ddz_capi_rules_name(int rules)
{
    return rules >= 0 && rules < DDZ_RULES_NB ? ddz_ruleset_name((DdzRuleset)rules) : "?";
}

const char *ddz_capi_move_type_name(int type)
{
    return type >= 0 && type < DDZ_MOVE_TYPE_NB ? ddz_move_type_name((DdzMoveType)type) : "?";
}

int ddz_capi_move_type_nb(void) { return DDZ_MOVE_TYPE_NB; }

int capi_move_make(uint64_t ranks, int32_t reading, int rules, DdzMove *out, const char *what, char *err)
{
    if (ranks == 0 && reading == 0) {
        *out = ddz_move_pass();
        return 0;
    }
    if (ranks_check(ranks, what, err) != 0)
        return DDZ_CAPI_EINVAL;
    DdzMove r[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ranks, (DdzRuleset)rules, r);
    for (int i = 0; i < n; i++)
        if (capi_reading(&r[i]) == reading) {
            *out = r[i];
            return 0;
        }
    char text[64];
    ddz_ranks_format(ranks, text, sizeof text);
    if (n == 0)
        return capi_fail(err, DDZ_CAPI_EINVAL, "%s: %s is not a move under %s", what, text,
                         ddz_ruleset_name((DdzRuleset)rules));
    return capi_fail(err, DDZ_CAPI_EINVAL, "%s: reading 0x%x is not one of %s's readings under %s", what,
                     (unsigned)reading, text, ddz_ruleset_name((DdzRuleset)rules));
}

int ddz_capi_classify(uint64_t ranks, int rules, int32_t readings[4], char *err)
{
    if (capi_rules_check(rules, err) != 0 || ranks_check(ranks, "classify", err) != 0)
        return DDZ_CAPI_EINVAL;
    DdzMove r[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ranks, (DdzRuleset)rules, r);
    for (int i = 0; i < n; i++)
        readings[i] = capi_reading(&r[i]);
    return n;
}

int ddz_capi_moves(uint64_t hand, uint64_t last_ranks, int32_t last_reading, int rules, int order,
                   uint64_t *out_ranks, int32_t *out_readings, int cap, char *err)
{
    DdzMove last;
    if (capi_rules_check(rules, err) != 0 || ranks_check(hand, "hand", err) != 0 ||
        capi_move_make(last_ranks, last_reading, rules, &last, "last move", err) != 0)
        return DDZ_CAPI_EINVAL;
    if (order != 0 && order != 1)
        return capi_fail(err, DDZ_CAPI_EINVAL, "order %d: 0 generation order, 1 hint order", order);
    if (cap < 0 || (cap > 0 && (!out_ranks || !out_readings)))
        return capi_fail(err, DDZ_CAPI_EINVAL, "moves: no output arrays");
    DdzMove small[DDZ_MAX_MOVES];
    DdzMove *buf = small;
    if (ddz_ranks_size(hand) > 20 && !(buf = malloc(DDZ_MAX_MOVES_DECK * sizeof *buf)))
        return capi_fail(err, DDZ_CAPI_ENOMEM, "moves: out of memory");
    int n = order ? ddz_moves_hint(hand, &last, (DdzRuleset)rules, buf)
                  : ddz_moves_generate(hand, &last, (DdzRuleset)rules, buf);
    int rc = n;
    if (n > cap)
        rc = capi_fail(err, DDZ_CAPI_ERANGE, "moves: %d moves, room for %d", n, cap);
    else
        for (int i = 0; i < n; i++) {
            out_ranks[i] = buf[i].ranks;
            out_readings[i] = capi_reading(&buf[i]);
        }
    if (buf != small)
        free(buf);
    return rc;
}

int ddz_capi_beats(uint64_t a_ranks, int32_t a_reading, uint64_t b_ranks, int32_t b_reading, int rules,
                   char *err)
{
    DdzMove a, b;
    if (capi_rules_check(rules, err) != 0 || capi_move_make(a_ranks, a_reading, rules, &a, "move", err) != 0 ||
        capi_move_make(b_ranks, b_reading, rules, &b, "move to beat", err) != 0)
        return DDZ_CAPI_EINVAL;
    return ddz_move_beats(&a, &b) ? 1 : 0;
}

int ddz_capi_move_parse(const char *text, int rules, uint64_t *ranks, int32_t *reading, char *err)
{
    DdzError e;
    DdzMove m;
    if (capi_rules_check(rules, err) != 0)
        return DDZ_CAPI_EINVAL;
    if (!text)
        return capi_fail(err, DDZ_CAPI_EINVAL, "move: no text");
    if (ddz_move_parse(text, (DdzRuleset)rules, &m, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    *ranks = m.ranks;
    *reading = capi_reading(&m);
    return 0;
}

int ddz_capi_move_format(uint64_t ranks, int32_t reading, int rules, char *buf, size_t size)
{
    DdzMove m;
    if (capi_rules_check(rules, NULL) != 0 || capi_move_make(ranks, reading, rules, &m, "move", NULL) != 0)
        return DDZ_CAPI_EINVAL;
    return (int)ddz_move_format(&m, (DdzRuleset)rules, buf, size);
}
