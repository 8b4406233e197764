/* test_options.c -- the rule options (game.h): the defaults, every documented name, refusals
 * with what is accepted, the competition bundle, and formatting that reads back. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/game.h"
#include "game_helpers.h"

/* Options ---------------------------------------------------------------------------------------*/

static void options_default_is_the_classic_points_game(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    assert_int_equal(o.rules, DDZ_RULES_STANDARD);
    assert_int_equal(o.bid_mode, DDZ_BID_POINTS);
    assert_int_equal(o.first_bidder, DDZ_FIRST_GIVEN);
    assert_int_equal(o.double_mode, DDZ_DOUBLE_NONE);
    assert_false(o.packet_deal);
    assert_false(o.forced_bid);
    assert_false(o.must_bid);
    assert_false(o.show_cards);
    assert_false(o.play_all);
    assert_int_equal(o.base, 1);
    assert_int_equal(o.cap, 0);
    assert_int_equal(o.fee_percent, 0);
}

static DdzOptions set_one(const char *text)
{
    DdzOptions o = ddz_options_default();
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_options_set(&o, text, &err) != 0)
        fail_msg("options_set '%s' refused: %s", text, err.msg);
    return o;
}

static void options_set_reads_each_documented_name(void **state)
{
    (void)state;
    DdzOptions d = ddz_options_default(), o;
    o = set_one("rules=douzero");
    assert_int_equal(o.rules, DDZ_RULES_DOUZERO);
    o = set_one("rules=classic");
    assert_int_equal(o.rules, DDZ_RULES_CLASSIC);
    o = set_one("rules=botzone");
    assert_int_equal(o.rules, DDZ_RULES_BOTZONE);
    o = set_one("rules=standard");
    assert_true(options_equal(&o, &d));
    o = set_one("bid=rob");
    assert_int_equal(o.bid_mode, DDZ_BID_ROB);
    o = set_one("first=heart3");
    assert_int_equal(o.first_bidder, DDZ_FIRST_HEART3);
    o = set_one("double=farmer");
    assert_int_equal(o.double_mode, DDZ_DOUBLE_FARMER);
    o = set_one("packet");
    assert_true(o.packet_deal);
    o = set_one("forced_bid");
    assert_true(o.forced_bid);
    o = set_one("must_bid");
    assert_true(o.must_bid);
    o = set_one("show");
    assert_true(o.show_cards);
    o = set_one("play_all");
    assert_true(o.play_all);
    o = set_one("base=2");
    assert_int_equal(o.base, 2);
    o = set_one("cap=64");
    assert_int_equal(o.cap, 64);
    o = set_one("fee=5");
    assert_int_equal(o.fee_percent, 5);
    /* A bare flag means =1; =0 turns it off again. */
    o = set_one("packet=1");
    assert_true(o.packet_deal);
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "packet=0", &err), 0);
    assert_false(o.packet_deal);
    /* Each assignment changes only its own option. */
    o = set_one("cap=64");
    o.cap = 0;
    assert_true(options_equal(&o, &d));
    o = set_one("show");
    o.show_cards = false;
    assert_true(options_equal(&o, &d));
}

static void options_set_refuses_unknown_names_and_values(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "nosuch", "nosuch=1", "rules=bogus", "bid=maybe", "first=nobody", "double=triple",
        "base=x", "cap=abc", "fee=101", "fee=-1", "", "=3", "fee=", "rules",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DdzOptions o = ddz_options_default();
        DdzError err;
        memset(&err, 0, sizeof err);
        if (ddz_options_set(&o, bad[i], &err) != -1)
            fail_msg("options_set accepted '%s'", bad[i]);
        if (err.msg[0] == '\0')
            fail_msg("options_set '%s': no reason", bad[i]);
    }
    DdzOptions o = ddz_options_default();
    DdzError err;
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_options_set(&o, "nosuch", &err), -1);
    /* The reason lists what is accepted. */
    assert_non_null(strstr(err.msg, "rules"));
    assert_non_null(strstr(err.msg, "fee"));
}

static void options_set_all(DdzOptions *o, const char *list)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    char *p = buf;
    while (*p) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        DdzError err;
        if (ddz_options_set(o, p, &err) != 0)
            fail_msg("'%s' from format '%s' refused: %s", p, list, err.msg);
        if (!comma)
            break;
        p = comma + 1;
    }
}

/* RULES §7: the competition bundle is exactly its parts, each of which works alone. */
static void options_competition_bundle_is_its_parts(void **state)
{
    (void)state;
    DdzOptions bundle = set_one("competition"), parts = ddz_options_default();
    options_set_all(&parts, "packet,first=middle,must_bid,forced_bid,play_all,spring_off,turn=30,leaver");
    assert_true(options_equal(&bundle, &parts));
    assert_true(bundle.packet_deal && bundle.must_bid && bundle.forced_bid && bundle.play_all);
    assert_true(bundle.spring_off && bundle.leaver_penalty);
    assert_int_equal(bundle.first_bidder, DDZ_FIRST_MIDDLE);
    assert_int_equal(bundle.turn_seconds, 30);
    assert_int_equal(bundle.cap, 0);
    assert_int_equal(bundle.fee_percent, 0);
    assert_int_equal(bundle.rules, DDZ_RULES_STANDARD);
    /* Each part alone changes only itself. */
    static const char *const alone[] = {"packet", "first=middle", "must_bid", "forced_bid", "play_all",
                                        "spring_off", "turn=30", "leaver", "cap=9", "fee=2"};
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++) {
        DdzOptions o = set_one(alone[i]), d = ddz_options_default();
        char buf[256], want[64];
        ddz_options_format(&o, buf, sizeof buf);
        snprintf(want, sizeof want, "rules=standard,%s", alone[i]);
        assert_string_equal(buf, want);
        assert_false(options_equal(&o, &d));
    }
    /* Later items override the bundle's parts. */
    DdzOptions o = ddz_options_default();
    options_set_all(&o, "competition,spring_off=0,turn=15");
    assert_false(o.spring_off);
    assert_int_equal(o.turn_seconds, 15);
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "competition=0", &err), -1);
    assert_non_null(strstr(err.msg, "bundle"));
    assert_int_equal(ddz_options_set(&o, "turn=601", &err), -1);
    assert_int_equal(ddz_options_set(&o, "first=top", &err), -1);
    assert_non_null(strstr(err.msg, "first=middle"));
}

static void options_format_round_trips_through_set(void **state)
{
    (void)state;
    static const char *const lists[] = {
        "rules=standard", "rules=douzero,bid=rob,base=2", "first=heart3,double=farmer,cap=64",
        "packet,forced_bid,must_bid,show,play_all,fee=5", "rules=botzone,double=farmer,fee=100",
        ("rules=classic,bid=rob,first=heart3,packet,forced_bid,must_bid,show,play_all,base=3,"
         "cap=7,fee=1"),
        "first=middle,spring_off,leaver,turn=30", "competition,cap=100,fee=3", "turn=0,spring_off=0",
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        DdzOptions o = ddz_options_default(), back = ddz_options_default();
        options_set_all(&o, lists[i]);
        char buf[512];
        memset(buf, 0, sizeof buf);
        size_t n = ddz_options_format(&o, buf, sizeof buf);
        assert_true(n > 0 && n < sizeof buf);
        assert_int_equal(strlen(buf), n);
        assert_true(strncmp(buf, "rules=", 6) == 0);
        options_set_all(&back, buf);
        if (!options_equal(&o, &back))
            fail_msg("'%s' formatted as '%s' does not read back", lists[i], buf);
    }
    /* Also the other first-bidder and doubling modes, set directly. */
    DdzOptions o = ddz_options_default(), back = ddz_options_default();
    o.first_bidder = DDZ_FIRST_REVEALED;
    o.double_mode = DDZ_DOUBLE_APP;
    char buf[512];
    ddz_options_format(&o, buf, sizeof buf);
    options_set_all(&back, buf);
    if (!options_equal(&o, &back))
        fail_msg("revealed/app formatted as '%s' does not read back", buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_default_is_the_classic_points_game),
        cmocka_unit_test(options_set_reads_each_documented_name),
        cmocka_unit_test(options_set_refuses_unknown_names_and_values),
        cmocka_unit_test(options_format_round_trips_through_set),
        cmocka_unit_test(options_competition_bundle_is_its_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
