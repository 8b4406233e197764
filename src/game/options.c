/* options.c -- the rule options of a game: defaults, parsing by name, printing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/game.h"

DdzOptions ddz_options_default(void)
{
    DdzOptions o;
    memset(&o, 0, sizeof o);
    o.rules = DDZ_RULES_STANDARD;
    o.bid_mode = DDZ_BID_POINTS;
    o.first_bidder = DDZ_FIRST_GIVEN;
    o.double_mode = DDZ_DOUBLE_NONE;
    o.base = 1;
    o.bonus = -1;
    return o;
}

static const char *const BID_NAMES[] = {"points", "rob"};
static const char *const FIRST_NAMES[] = {"given", "revealed", "heart3", "middle"};
static const char *const DOUBLE_NAMES[] = {"none", "farmer", "app"};

static int pick(const char *value, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(value, names[i]))
            return i;
    return -1;
}

/* Parses a whole decimal number in [lo, hi]. */
static int number(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* hubei48 is the 48-card game as a whole (RULES §8): none of these options apply to it. */
static const char *foreign_to_48(const DdzOptions *o)
{
    return o->bid_mode != DDZ_BID_POINTS ? "bid=rob"
           : o->first_bidder != DDZ_FIRST_GIVEN ? "first="
           : o->double_mode != DDZ_DOUBLE_NONE ? "double="
           : o->packet_deal ? "packet"
           : o->forced_bid ? "forced_bid"
           : o->must_bid ? "must_bid"
           : o->show_cards ? "show"
           : o->play_all ? "play_all"
           : NULL;
}

static int set_one(DdzOptions *opt, const char *assignment, DdzError *err);

/* Choosing hubei48 resets the options it does not take; setting one of them while hubei48
 * is chosen is refused. */
int ddz_options_set(DdzOptions *opt, const char *assignment, DdzError *err)
{
    DdzOptions o = *opt;
    if (set_one(&o, assignment, err) != 0)
        return -1;
    if (o.rules == DDZ_RULES_HUBEI48) {
        const char *bad = foreign_to_48(&o);
        if (bad && opt->rules == DDZ_RULES_HUBEI48)
            return ddz_error_set(err, 0, "%.40s: the 48-card game (rules=hubei48) is played as a whole, without %s",
                                 assignment, bad);
        if (bad) {
            DdzOptions d = ddz_options_default();
            o.bid_mode = d.bid_mode;
            o.first_bidder = d.first_bidder;
            o.double_mode = d.double_mode;
            o.packet_deal = o.forced_bid = o.must_bid = o.show_cards = o.play_all = false;
        }
    }
    *opt = o;
    return 0;
}

static int set_one(DdzOptions *opt, const char *assignment, DdzError *err)
{
    char name[32];
    const char *eq = strchr(assignment, '=');
    size_t n = eq ? (size_t)(eq - assignment) : strlen(assignment);
    const char *value = eq ? eq + 1 : "1";
    if (n >= sizeof name)
        return ddz_error_set(err, 0, "unknown option '%.40s'", assignment);
    memcpy(name, assignment, n);
    name[n] = '\0';
    long v;
    int k;
    if (!strcmp(name, "rules")) {
        DdzRuleset r;
        if (ddz_ruleset_parse(value, &r, err) != 0)
            return -1;
        opt->rules = r;
    } else if (!strcmp(name, "bid")) {
        if ((k = pick(value, BID_NAMES, 2)) < 0)
            return ddz_error_set(err, 0, "bid=%.40s: choose bid=points or bid=rob", value);
        opt->bid_mode = (uint8_t)k;
    } else if (!strcmp(name, "first")) {
        if ((k = pick(value, FIRST_NAMES, 4)) < 0)
            return ddz_error_set(err, 0, "first=%.40s: choose first=given, first=revealed, first=heart3 or first=middle",
                                 value);
        opt->first_bidder = (uint8_t)k;
    } else if (!strcmp(name, "double")) {
        if ((k = pick(value, DOUBLE_NAMES, 3)) < 0)
            return ddz_error_set(err, 0, "double=%.40s: choose double=none, double=farmer or double=app", value);
        opt->double_mode = (uint8_t)k;
    } else if (!strcmp(name, "packet") || !strcmp(name, "forced_bid") || !strcmp(name, "must_bid") ||
               !strcmp(name, "show") || !strcmp(name, "play_all") || !strcmp(name, "spring_off") ||
               !strcmp(name, "leaver")) {
        if (number(value, 0, 1, &v) != 0)
            return ddz_error_set(err, 0, "%.40s takes 0 or 1", name);
        bool b = v != 0;
        if (!strcmp(name, "packet"))
            opt->packet_deal = b;
        else if (!strcmp(name, "forced_bid"))
            opt->forced_bid = b;
        else if (!strcmp(name, "must_bid"))
            opt->must_bid = b;
        else if (!strcmp(name, "show"))
            opt->show_cards = b;
        else if (!strcmp(name, "spring_off"))
            opt->spring_off = b;
        else if (!strcmp(name, "leaver"))
            opt->leaver_penalty = b;
        else
            opt->play_all = b;
    } else if (!strcmp(name, "competition")) {
        if (number(value, 1, 1, &v) != 0)
            return ddz_error_set(err, 0, "competition is a bundle of options: write it alone, without =%.40s", value);
        /* RULES §7: the competition rule set, each part also an option of its own. */
        opt->packet_deal = opt->must_bid = opt->forced_bid = opt->play_all = true;
        opt->spring_off = opt->leaver_penalty = true;
        opt->first_bidder = DDZ_FIRST_MIDDLE;
        opt->turn_seconds = 30;
    } else if (!strcmp(name, "turn")) {
        if (number(value, 0, 600, &v) != 0)
            return ddz_error_set(err, 0, "turn=%.40s: the time to act is a number of seconds from 0 to 600", value);
        opt->turn_seconds = (uint16_t)v;
    } else if (!strcmp(name, "base")) {
        if (number(value, 1, 100, &v) != 0)
            return ddz_error_set(err, 0, "base=%.40s: the base score is a number from 1 to 100", value);
        opt->base = (uint8_t)v;
    } else if (!strcmp(name, "cap")) {
        if (number(value, 0, 1000000000, &v) != 0)
            return ddz_error_set(err, 0, "cap=%.40s: the cap is a number, 0 for none", value);
        opt->cap = (int)v;
    } else if (!strcmp(name, "bonus")) {
        if (!strcmp(value, "base"))
            v = -1;
        else if (number(value, 0, 1000000, &v) != 0)
            return ddz_error_set(err, 0, "bonus=%.40s: the bomb bonus (喜金) is base or a number, 0 for none", value);
        opt->bonus = (int)v;
    } else if (!strcmp(name, "fee")) {
        if (number(value, 0, 100, &v) != 0)
            return ddz_error_set(err, 0, "fee=%.40s: the fee is a percentage from 0 to 100", value);
        opt->fee_percent = (int)v;
    } else {
        return ddz_error_set(err, 0,
                    "unknown option '%.40s' (options: rules=P bid=points|rob first=given|revealed|heart3|middle "
                    "double=none|farmer|app packet forced_bid must_bid show play_all spring_off leaver "
                    "turn=N base=N cap=N fee=N bonus=base|N, and the bundle competition)",
                    name);
    }
    return 0;
}

size_t ddz_options_format(const DdzOptions *opt, char *buf, size_t size)
{
    char s[256];
    int n = snprintf(s, sizeof s, "rules=%s", ddz_ruleset_name(opt->rules));
    DdzOptions d = ddz_options_default();
#define ADD(...) n += snprintf(s + n, sizeof s - (size_t)n, __VA_ARGS__)
    if (opt->bid_mode != d.bid_mode && opt->bid_mode < 2)
        ADD(",bid=%s", BID_NAMES[opt->bid_mode]);
    if (opt->first_bidder != d.first_bidder && opt->first_bidder < 4)
        ADD(",first=%s", FIRST_NAMES[opt->first_bidder]);
    if (opt->double_mode != d.double_mode && opt->double_mode < 3)
        ADD(",double=%s", DOUBLE_NAMES[opt->double_mode]);
    if (opt->packet_deal)
        ADD(",packet");
    if (opt->forced_bid)
        ADD(",forced_bid");
    if (opt->must_bid)
        ADD(",must_bid");
    if (opt->show_cards)
        ADD(",show");
    if (opt->play_all)
        ADD(",play_all");
    if (opt->spring_off)
        ADD(",spring_off");
    if (opt->leaver_penalty)
        ADD(",leaver");
    if (opt->turn_seconds)
        ADD(",turn=%d", opt->turn_seconds);
    if (opt->base != d.base)
        ADD(",base=%d", opt->base);
    if (opt->cap)
        ADD(",cap=%d", opt->cap);
    if (opt->fee_percent)
        ADD(",fee=%d", opt->fee_percent);
    if (opt->bonus != d.bonus)
        ADD(",bonus=%d", opt->bonus);
#undef ADD
    return (size_t)snprintf(buf, size, "%s", s);
}
