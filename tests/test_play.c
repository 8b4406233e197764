/* test_play.c -- the terminal game's logic without a terminal (src/play): the orders a hand is
 * shown in (by rank, by group size as seed 003, by combination), and the hint cycle under
 * hubei48, where every single that would let the next seat go (放走包赔) comes after all the
 * other hints and says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include <jansson.h>

#include "../src/play/play.h"
#include "../src/play/refusal.h"
#include "ddz/game.h"

static Play *new_play(const char *rules, int lang)
{
    PlayConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.lang = lang;
    snprintf(cfg.level, sizeof cfg.level, "greedy");
    cfg.opt = ddz_options_default();
    DdzError err;
    if (rules)
        assert_int_equal(ddz_options_set(&cfg.opt, rules, &err), 0);
    cfg.seed = 7;
    Play *p = play_new(&cfg, &err);
    if (!p)
        fail_msg("play_new: %s", err.msg);
    return p;
}

/* The ranks of the cards in the order shown, as rank notation, groups split by '|'. */
static void order_text(Play *p, const char *hand, char *out)
{
    DdzCards cards;
    assert_true(ddz_cards_pick(DDZ_DECK, tu_ranks(hand), &cards));
    DdzCard list[DDZ_CARD_NB];
    DdzCards starts;
    int n = play_hand_order(p, cards, list, &starts);
    assert_int_equal(n, ddz_cards_size(cards));
    DdzCards seen = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        assert_false(ddz_cards_has(seen, list[i])); /* each card once */
        seen |= ddz_cards_of(list[i]);
        if (i > 0 && ddz_cards_has(starts, list[i]))
            out[k++] = '|';
        out[k++] = ddz_rank_char(ddz_card_rank(list[i]));
    }
    out[k] = '\0';
    assert_true(seen == cards);
}

static void test_sort_orders(void **state)
{
    (void)state;
    Play *p = new_play(NULL, PLAY_EN);
    /* Known answers: hand, by rank, by group size, by combination. */
    static const char *const CASES[][4] = {
        {"333788TTTJJJQKA2R", "333788TTTJJJQKA2R", "333|TTT|JJJ|88|7|Q|K|A|2|R", "TTTJJJ|333|88|7|Q|K|A|2|R"},
        {"33334567899JQQQBR", "33334567899JQQQBR", "3333|QQQ|99|4|5|6|7|8|J|B|R",
         "3333|BR|QQQ|456789|9|J"},
        {"3456789TJQKA", "3456789TJQKA", "3|4|5|6|7|8|9|T|J|Q|K|A", "3456789TJQKA"},
        {"33445566", "33445566", "33|44|55|66", "33445566"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char got[64], want[64];
        for (int mode = 0; mode < PLAY_SORT_NB; mode++) {
            play_sort_set(p, mode);
            order_text(p, CASES[i][0], got);
            snprintf(want, sizeof want, "%s", CASES[i][1 + mode]);
            if (mode == PLAY_SORT_RANK) { /* by rank: one group, no gaps */
                assert_string_equal(got, want);
                continue;
            }
            if (strcmp(got, want) != 0)
                fail_msg("%s sorted %s: got %s, want %s", CASES[i][0], play_sort_name(mode), got, want);
        }
    }
    /* The names go round and parse back. */
    for (int mode = 0; mode < PLAY_SORT_NB; mode++)
        assert_int_equal(play_sort_parse(play_sort_name(mode)), mode);
    assert_int_equal(play_sort_parse("size"), -1);
    play_sort_set(p, PLAY_SORT_RANK);
    play_sort_next(p);
    assert_int_equal(p->sort, PLAY_SORT_GROUP);
    assert_non_null(strstr(p->msg, "group size"));
    play_free(p);
}

/* hubei48: East (seat 1) is the landlord and plays a 15-card plane, keeping one card; West
 * cannot beat it, you must and do with a bomb, and then lead while East holds one card. */
static void deal48(Play *p)
{
    static const char *const HANDS[3] = {"9999TTJJQQKKAA34", "333444555667788K", "566778TTJJQQKA2"};
    DdzCards rest = DDZ_DECK48, hands[3];
    for (int s = 0; s < 3; s++) {
        DdzRanks want = tu_ranks(HANDS[s]);
        if (s == 2)
            want = ddz_cards_ranks(rest); /* West: what is left */
        assert_true(ddz_cards_pick(rest, want, &hands[s]));
        rest &= ~hands[s];
    }
    DdzError err;
    DdzGame *g = &p->game;
    if (ddz_game_from_hands(g, &p->cfg.opt, hands, 0, 1, &err) != 0)
        fail_msg("from_hands: %s", err.msg);
    DdzAction a = ddz_action_bid(1, 3);
    assert_int_equal(ddz_game_apply(g, &a, &err), 0);
    assert_int_equal(g->landlord, 1);
    DdzMove rd[DDZ_MAX_READINGS];
    assert_true(ddz_move_classify(tu_ranks("333444555667788"), g->opt.rules, rd) >= 1);
    a = ddz_action_play(1, rd[0], 0);
    assert_int_equal(ddz_game_apply(g, &a, &err), 0);
    a = ddz_action_play(2, ddz_move_pass(), 0);
    if (ddz_game_apply(g, &a, &err) != 0)
        fail_msg("West pass: %s", err.msg);
    assert_true(ddz_move_classify(tu_ranks("9999"), g->opt.rules, rd) >= 1);
    a = ddz_action_play(0, rd[0], 0);
    assert_int_equal(ddz_game_apply(g, &a, &err), 0);
    for (int s = 1; s <= 2; s++) {
        a = ddz_action_play(s, ddz_move_pass(), 0);
        if (ddz_game_apply(g, &a, &err) != 0)
            fail_msg("seat %d pass: %s", s, err.msg);
    }
    assert_int_equal(g->turn, PLAY_YOU);
    assert_int_equal(ddz_cards_size(g->hand[1]), 1);
    play_sel_clear(p);
}

static void test_hubei48_hints_let_go_last(void **state)
{
    (void)state;
    for (int lang = 0; lang < 2; lang++) {
        Play *p = new_play("rules=hubei48", lang == 0 ? PLAY_EN : PLAY_ZH);
        deal48(p);
        play_hint_next(p);
        int n = p->nhints, late = 0, first_late = -1;
        assert_true(n > 8);
        for (int i = 0; i < n; i++) {
            if (i > 0)
                play_hint_next(p);
            assert_int_equal(p->sel.hint, i);
            const DdzMove *m = &p->hints[i];
            /* Lower singles than the ace (your highest card) let East go. */
            bool lets = m->type == DDZ_SINGLE && m->rank < DDZ_RANK_A;
            assert_int_equal(play_hint_lets_go(p, m), lets);
            const char *mark = lang == 0 ? "lets East go" : "放走东家";
            if (lets) {
                late++;
                if (first_late < 0)
                    first_late = i;
                if (!strstr(p->msg, mark))
                    fail_msg("hint %d (%s) is not marked", i + 1, p->msg);
            } else {
                if (first_late >= 0)
                    fail_msg("hint %d (%s) comes after hint %d, which lets East go", i + 1, p->msg, first_late + 1);
                assert_null(strstr(p->msg, mark));
            }
        }
        assert_int_equal(late, 6); /* 3 4 T J Q K */
        assert_true(first_late > 0);
        play_free(p);
    }
}

/* The server's hubei48 refusals (must_beat, short) are worded from their arguments in both
 * languages, not as the generic "rules" sentence. */
static void test_hubei48_refusals_worded(void **state)
{
    (void)state;
    static const struct {
        int lang;
        const char *msg, *want;
    } cases[] = {
        {PLAY_EN, "{\"type\":\"error\",\"code\":\"illegal\",\"args\":{\"reason\":\"must_beat\",\"table\":\"5\",\"move\":\"9\"}}",
         "You must beat 5 (single) when you can (有出必出): 9 (single) does."},
        {PLAY_ZH, "{\"type\":\"error\",\"code\":\"illegal\",\"args\":{\"reason\":\"must_beat\",\"table\":\"5\",\"move\":\"9\"}}",
         "有出必出：你管得住桌上的 5（单张），比如 9（单张），不能不要。"},
        {PLAY_EN, "{\"type\":\"error\",\"code\":\"illegal\",\"args\":{\"reason\":\"short\",\"ranks\":\"777\"}}",
         "7 7 7 is short of its kickers: a trio takes two cards, except as your last cards."},
        {PLAY_ZH, "{\"type\":\"error\",\"code\":\"illegal\",\"args\":{\"reason\":\"short\",\"ranks\":\"777\"}}",
         "7 7 7 少带牌：三张要带两张，只有最后一手才能少带。"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Play *p = new_play("rules=hubei48", cases[i].lang);
        DdzClient c;
        memset(&c, 0, sizeof c);
        c.opt = ddz_options_default();
        DdzError err;
        assert_int_equal(ddz_options_set(&c.opt, "rules=hubei48", &err), 0);
        json_t *m = json_loads(cases[i].msg, 0, NULL);
        assert_non_null(m);
        char buf[256];
        play_refusal_text(p, &c, m, buf, sizeof buf);
        assert_string_equal(buf, cases[i].want);
        json_decref(m);
        play_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sort_orders),
        cmocka_unit_test(test_hubei48_hints_let_go_last),
        cmocka_unit_test(test_hubei48_refusals_worded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
