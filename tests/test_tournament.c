/* test_tournament.c -- the competition of RULES §7 (tournament.h): draws, byes, advancement,
 * the extra game, the lot, the completer of a table of two, groups and the final, for every N
 * from 3 to 100; the invariant; a known-answer event played by rule agents; its record, the
 * same for any number of jobs, verified, and caught when changed. */
#define _DEFAULT_SOURCE /* open_memstream, fmemopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/tournament.h"

#ifndef KNOWN_STANDINGS
#define KNOWN_STANDINGS "15:1:16 0:2:-8 26:2:-8 19:4:1 5:5:0 21:5:0 25:7:-2 8:8:-3 13:8:-3 "
#endif

/* A synthetic result: small scores from rng, so ties, extra games and lots are common. */
static DdzResult fake_result(DdzRng *rng)
{
    DdzResult r;
    memset(&r, 0, sizeof r);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        r.score[s] = (int)ddz_rng_below(rng, 3) - 1;
    return r;
}

typedef struct Seen {
    int rounds, tables, extras, lots, completers, byes;
} Seen;

/* Runs an event to its end with synthetic results, checking the rules at every step. */
static void run_fake(int players, int groups, uint64_t seed, Seen *seen)
{
    DdzTourConfig cfg = {players, groups, 2, ddz_options_default()};
    DdzTour t;
    DdzError err;
    if (ddz_tour_new(&t, &cfg, &seed, NULL, &err) != 0)
        fail_msg("N=%d G=%d: %s", players, groups, err.msg);
    /* Groups: sizes differ by at most one, every group has at least 3. */
    for (int g = 0; g < groups; g++) {
        int size = t.gstart[g + 1] - t.gstart[g];
        assert_true(size >= 3 && size >= players / groups && size <= (players + groups - 1) / groups);
    }
    DdzRng rng;
    ddz_rng_seed(&rng, seed * 31 + 7);
    int *byes_before = calloc((size_t)players, sizeof *byes_before);
    int *alive_before = calloc((size_t)players, sizeof *alive_before);
    char why[200];
    while (!ddz_tour_over(&t)) {
        for (int i = 0; i < players; i++)
            byes_before[i] = t.ent[i].byes;
        int n = t.nalive;
        memcpy(alive_before, t.alive, (size_t)n * sizeof *alive_before);
        int min_byes = 1 << 30;
        for (int i = 0; i < n; i++)
            if (byes_before[t.alive[i]] < min_byes)
                min_byes = byes_before[t.alive[i]];
        int ri = ddz_tour_draw(&t, &err);
        assert_true(ri >= 0);
        assert_int_equal(ddz_tour_draw(&t, &err), -1); /* not twice before the round is played */
        if (!ddz_tour_ok(&t, why, sizeof why))
            fail_msg("N=%d G=%d after draw %d: %s", players, groups, ri, why);
        DdzTourRound *rd = &t.rounds[ri];
        assert_int_equal(rd->players, n);
        if (n == 2) {
            assert_int_equal(rd->ntables, 1);
            assert_int_equal(rd->nbyes, 0);
            DdzTourTable *tb = &t.tables[rd->first_table];
            assert_int_equal(tb->completer, 2);
            /* The completer is a best scorer among the last round's eliminated. */
            int best = -1000000;
            for (int i = 0; i < t.nlast_out; i++)
                if (t.ent[t.last_out[i]].score > best)
                    best = t.ent[t.last_out[i]].score;
            assert_int_equal(t.ent[tb->player[2]].score, best);
            assert_true(t.ent[tb->player[2]].out);
            seen->completers++;
        } else {
            assert_int_equal(rd->nbyes, n % 3);
            assert_int_equal(rd->ntables, n / 3);
            /* Never a second bye while a player of the round has none: each bye goes to a
             * player with the fewest byes among those not given one in this round. */
            for (int b = 0; b < rd->nbyes; b++) {
                int fewest = 1 << 30;
                for (int i = 0; i < rd->players; i++) {
                    int id = alive_before[i];
                    bool taken = false;
                    for (int c = 0; c < b; c++)
                        taken |= rd->bye[c] == id;
                    if (!taken && byes_before[id] < fewest)
                        fewest = byes_before[id];
                }
                assert_int_equal(byes_before[rd->bye[b]], fewest);
                assert_true(b == 0 || byes_before[rd->bye[b]] >= min_byes);
            }
            seen->byes += rd->nbyes;
        }
        for (int i = 0; i < rd->ntables; i++) {
            DdzTourTable *tb = &t.tables[rd->first_table + i];
            for (int k = 0; k < cfg.games; k++) {
                DdzResult r = fake_result(&rng);
                ddz_tour_table_add(tb, k, cfg.games, &r);
            }
            if (ddz_tour_table_needs_extra(tb, cfg.games)) {
                DdzResult r = fake_result(&rng);
                ddz_tour_table_add(tb, cfg.games, cfg.games, &r);
                assert_false(ddz_tour_table_needs_extra(tb, cfg.games));
                seen->extras++;
            }
        }
        assert_int_equal(ddz_tour_finish_round(&t, &err), 0);
        for (int i = 0; i < rd->ntables; i++)
            seen->lots += t.tables[rd->first_table + i].lot;
        seen->tables += rd->ntables;
        seen->rounds++;
        if (!ddz_tour_ok(&t, why, sizeof why))
            fail_msg("N=%d G=%d after round %d: %s", players, groups, ri, why);
    }
    /* The winner: the only player never eliminated; the standings put it first. */
    int in = 0;
    for (int i = 0; i < players; i++)
        in += !t.ent[i].out;
    assert_int_equal(in, 1);
    assert_false(t.ent[t.winner].out);
    DdzTourStanding *st = malloc((size_t)players * sizeof *st);
    ddz_tour_standings(&t, st);
    assert_int_equal(st[0].id, t.winner);
    assert_int_equal(st[0].rank, 1);
    char *listed = calloc((size_t)players, 1);
    for (int i = 0; i < players; i++) {
        assert_false(listed[st[i].id]);
        listed[st[i].id] = 1;
        if (i > 0)
            assert_true(st[i].rank >= st[i - 1].rank && st[i].rank <= i + 1);
    }
    free(listed);
    free(st);
    free(byes_before);
    free(alive_before);
    ddz_tour_free(&t);
}

static void every_field_from_3_to_100_players_runs_to_one_winner(void **state)
{
    (void)state;
    Seen seen = {0};
    for (int n = 3; n <= 100; n++) {
        for (int g = 1; g <= 4 && g <= n / 3; g++)
            run_fake(n, g, (uint64_t)(n * 10 + g), &seen);
    }
    /* Every rule was exercised many times. */
    assert_true(seen.extras > 100);
    assert_true(seen.lots > 20);
    assert_true(seen.completers > 50);
    assert_true(seen.byes > 100);
}

/* 3^k players, one group: exactly k rounds, 3^(k-1) + ... + 1 tables, no bye. */
static void powers_of_three_need_no_bye(void **state)
{
    (void)state;
    int want_rounds = 1;
    for (int n = 3; n <= 243; n *= 3, want_rounds++) {
        Seen seen = {0};
        run_fake(n, 1, 5, &seen);
        assert_int_equal(seen.rounds, want_rounds);
        assert_int_equal(seen.tables, (n - 1) / 2);
        assert_int_equal(seen.byes, 0);
        assert_int_equal(seen.completers, 0);
    }
}

/* Hand-worked: four players. Round 1: one table and a bye; round 2: the table's winner and the
 * bye, completed by the better of the two eliminated. */
static void four_players_bye_then_a_completed_table(void **state)
{
    (void)state;
    DdzTourConfig cfg = {4, 1, 1, ddz_options_default()};
    uint64_t seed = 99;
    DdzTour t;
    DdzError err;
    assert_int_equal(ddz_tour_new(&t, &cfg, &seed, NULL, &err), 0);
    int ri = ddz_tour_draw(&t, &err);
    DdzTourRound *rd = &t.rounds[ri];
    assert_int_equal(rd->nbyes, 1);
    assert_int_equal(rd->ntables, 1);
    int bye = rd->bye[0];
    DdzTourTable *tb = &t.tables[0];
    /* Seat 0 wins +4, seat 1 -1, seat 2 -3. */
    DdzResult r;
    memset(&r, 0, sizeof r);
    r.score[0] = 4, r.score[1] = -1, r.score[2] = -3;
    ddz_tour_table_add(tb, 0, 1, &r);
    assert_false(ddz_tour_table_needs_extra(tb, 1));
    int w = tb->player[0], second = tb->player[1], third = tb->player[2];
    assert_int_equal(ddz_tour_finish_round(&t, &err), 0);
    assert_int_equal(tb->winner, w);
    ri = ddz_tour_draw(&t, &err);
    rd = &t.rounds[ri];
    tb = &t.tables[rd->first_table];
    assert_int_equal(rd->players, 2);
    assert_int_equal(tb->player[0], w < bye ? w : bye);
    assert_int_equal(tb->player[1], w < bye ? bye : w);
    assert_int_equal(tb->player[2], second); /* -1 beats -3 */
    assert_int_equal(tb->completer, 2);
    /* The completer scores most but cannot advance; the two others tie, the extra game
     * decides for seat 1. */
    memset(&r, 0, sizeof r);
    r.score[0] = -2, r.score[1] = -2, r.score[2] = 4;
    ddz_tour_table_add(tb, 0, 1, &r);
    assert_true(ddz_tour_table_needs_extra(tb, 1));
    memset(&r, 0, sizeof r);
    r.score[0] = -1, r.score[1] = 3, r.score[2] = -2;
    ddz_tour_table_add(tb, 1, 1, &r);
    assert_int_equal(ddz_tour_finish_round(&t, &err), 0);
    assert_int_equal(t.winner, tb->player[1]);
    assert_false(tb->lot);
    assert_true(tb->extra);
    DdzTourStanding st[4];
    ddz_tour_standings(&t, st);
    assert_int_equal(st[0].id, tb->player[1]);
    assert_int_equal(st[1].id, tb->player[0]);
    assert_int_equal(st[2].id, second); /* out in round 1 with -1 */
    assert_int_equal(st[3].id, third);
    char why[200];
    assert_true(ddz_tour_ok(&t, why, sizeof why));
    /* A broken value is caught: a winner who is not a top scorer. */
    t.tables[0].winner = third;
    assert_false(ddz_tour_ok(&t, why, sizeof why));
    assert_non_null(strstr(why, "top scorer"));
    ddz_tour_free(&t);
}

static void bad_configurations_are_refused(void **state)
{
    (void)state;
    DdzTour t;
    DdzError err;
    uint64_t seed = 1;
    DdzTourConfig cfg = {2, 1, 6, ddz_options_default()};
    assert_int_equal(ddz_tour_new(&t, &cfg, &seed, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "3 to"));
    cfg.players = 9, cfg.groups = 4;
    assert_int_equal(ddz_tour_new(&t, &cfg, &seed, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "groups 4"));
    cfg.groups = 3, cfg.games = 0;
    assert_int_equal(ddz_tour_new(&t, &cfg, &seed, NULL, &err), -1);
    cfg.games = 6;
    assert_int_equal(ddz_tour_new(&t, &cfg, NULL, NULL, &err), -1);
    assert_int_equal(ddz_tour_new(&t, &cfg, &seed, NULL, &err), 0);
    /* Finishing a round that was not played. */
    assert_int_equal(ddz_tour_finish_round(&t, &err), -1);
    ddz_tour_draw(&t, &err);
    assert_int_equal(ddz_tour_finish_round(&t, &err), -1);
    assert_non_null(strstr(err.msg, "games"));
    ddz_tour_free(&t);
}

/* The known-answer event: 27 players, rule agents, 2 games per table, seed 2026, the
 * competition rules with cap 8. Its standings are pinned; the record is byte-identical for 1
 * and 3 jobs, verifies, and a change is caught with its line. */
static char *run_event(int jobs, DdzTour *t, size_t *size)
{
    DdzTourConfig cfg = {27, 1, 2, ddz_options_default()};
    DdzError err;
    assert_int_equal(ddz_options_set(&cfg.opt, "competition", &err), 0);
    assert_int_equal(ddz_options_set(&cfg.opt, "cap=8", &err), 0);
    uint64_t seed = 2026;
    assert_int_equal(ddz_tour_new(t, &cfg, &seed, NULL, &err), 0);
    static const char *const agents[] = {"normal", "easy", "greedy"};
    char *buf = NULL;
    FILE *f = open_memstream(&buf, size);
    DdzTourRun run = {agents, 3, jobs, f, NULL, 0, -1, NULL, NULL, NULL, NULL, NULL, NULL};
    if (ddz_tour_run(t, &run, &err) != 0)
        fail_msg("run: %s", err.msg);
    fclose(f);
    return buf;
}

static int verify_text(const char *text, DdzError *err)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
    int rc = ddz_tour_verify(f, NULL, err);
    fclose(f);
    return rc;
}

static void known_event_standings_and_record(void **state)
{
    (void)state;
    DdzTour t1, t3;
    size_t n1, n3;
    char *one = run_event(1, &t1, &n1), *three = run_event(3, &t3, &n3);
    assert_int_equal(n1, n3);
    assert_memory_equal(one, three, n1);
    /* Pinned: the winner and the top of the standings (ids from 0; ranks). */
    DdzTourStanding st[27];
    ddz_tour_standings(&t1, st);
    char got[256];
    int k = 0;
    for (int i = 0; i < 9; i++)
        k += snprintf(got + k, sizeof got - (size_t)k, "%d:%d:%d ", st[i].id, st[i].rank, st[i].score);
    print_message("standings head: %s\n", got);
    assert_string_equal(got, KNOWN_STANDINGS);
    assert_int_equal(t1.nrounds, 3);
    assert_int_equal(t1.ntables, 13);
    DdzError err;
    if (verify_text(one, &err) != 0)
        fail_msg("verify: %s", err.msg);
    /* A changed table result: caught. */
    char *bad = strdup(one), *at = strstr(bad, "\"type\":\"table_result\"");
    assert_non_null(at);
    char *w = strstr(at, "\"winner\":");
    w[9] = w[9] == '1' ? '2' : '1';
    assert_int_equal(verify_text(bad, &err), -1);
    assert_non_null(strstr(err.msg, "line "));
    free(bad);
    /* A changed draw: two players of the first table swapped in the round line. */
    bad = strdup(one);
    at = strstr(bad, "\"tables\":[[");
    assert_non_null(at);
    char *comma = strchr(at + 11, ',');
    char tmp = at[11];
    at[11] = comma[-1] == tmp ? (char)(tmp == '1' ? '2' : '1') : comma[-1];
    assert_int_equal(verify_text(bad, &err), -1);
    free(bad);
    /* A changed card in a game record: caught by the game's replay. */
    bad = strdup(one);
    at = strstr(bad, "\"type\":\"play\"");
    assert_non_null(at);
    char *move = strstr(at, "\"move\":\"");
    move[8] = move[8] == '3' ? '4' : '3';
    assert_int_equal(verify_text(bad, &err), -1);
    free(bad);
    /* Cut short: no standings. */
    bad = strdup(one);
    at = strstr(bad, "{\"type\":\"standings\"");
    *at = '\0';
    assert_int_equal(verify_text(bad, &err), -1);
    assert_non_null(strstr(err.msg, "standings"));
    free(bad);
    free(one);
    free(three);
    ddz_tour_free(&t1);
    ddz_tour_free(&t3);
}

/* A 256-bit event: the record carries seed256 and verifies; the same seed draws the same. */
static void wide_seed_event_verifies(void **state)
{
    (void)state;
    DdzTourConfig cfg = {7, 1, 1, ddz_options_default()};
    uint8_t key[DDZ_SEED256_BYTES];
    for (int i = 0; i < DDZ_SEED256_BYTES; i++)
        key[i] = (uint8_t)(200 - i);
    DdzTour t;
    DdzError err;
    assert_int_equal(ddz_tour_new(&t, &cfg, NULL, key, &err), 0);
    static const char *const agents[] = {"easy"};
    char *buf = NULL;
    size_t size;
    FILE *f = open_memstream(&buf, &size);
    DdzTourRun run = {agents, 1, 2, f, NULL, 0, -1, NULL, NULL, NULL, NULL, NULL, NULL};
    if (ddz_tour_run(&t, &run, &err) != 0)
        fail_msg("run: %s", err.msg);
    fclose(f);
    assert_non_null(strstr(buf, "\"seed256\":\"c8c7c6"));
    if (verify_text(buf, &err) != 0)
        fail_msg("verify: %s", err.msg);
    free(buf);
    ddz_tour_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_field_from_3_to_100_players_runs_to_one_winner),
        cmocka_unit_test(powers_of_three_need_no_bye),
        cmocka_unit_test(four_players_bye_then_a_completed_table),
        cmocka_unit_test(bad_configurations_are_refused),
        cmocka_unit_test(known_event_standings_and_record),
        cmocka_unit_test(wide_seed_event_verifies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
