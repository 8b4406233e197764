/* test_record.c -- game records (record.h, docs/RECORD.md): 10,000 random games written and
 * read back unchanged under many rule options; every kind of damage to a record reported at
 * its line with the reading going on at the next game; seekable and unseekable streams; the
 * sample records of tests/data. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "ddz/agent.h"
#include "ddz/record.h"

/* Helpers ----------------------------------------------------------------------------------*/

/* Rule options the random games cycle through: every flow and option the format must carry. */
static const char *const OPTION_SETS[] = {
    "",
    "double=farmer",
    "bid=rob,double=app,show",
    "rules=douzero,forced_bid,packet",
    "first=revealed,cap=16,fee=5",
    "first=heart3,must_bid,play_all,rules=botzone",
    "rules=classic,base=3,bid=rob",
    "show,double=farmer,first=revealed",
};
#define OPTION_SET_NB ((int)(sizeof OPTION_SETS / sizeof OPTION_SETS[0]))

static DdzOptions options_of(const char *list)
{
    DdzOptions opt = ddz_options_default();
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
        DdzError err;
        if (ddz_options_set(&opt, item, &err) != 0)
            fail_msg("bad test option '%s': %s", item, err.msg);
    }
    return opt;
}

typedef struct Players {
    DdzAgent agent[DDZ_SEAT_NB];
    DdzRng rng; /* when to show cards: the random agent never does */
} Players;

static void players_start(Players *p, uint64_t seed)
{
    DdzError err;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_agent_new(&p->agent[s], "random", seed * 3 + (uint64_t)s, &err) != 0)
            fail_msg("%s", err.msg);
    ddz_rng_seed(&p->rng, seed ^ 0x5407u);
}

static void players_stop(Players *p)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&p->agent[s]);
}

/* Deals from seed and plays to the end with the random agents; with the show option a seat
 * that may show its hand does so one time in four. */
static void play_game(DdzGame *g, const DdzOptions *opt, uint64_t seed, int first, Players *p)
{
    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    ddz_game_new(g, opt, &rng, first);
    while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL) {
        if (opt->show_cards && ddz_rng_below(&p->rng, 4) == 0) {
            DdzAction show = ddz_action_show(g->turn);
            if (ddz_game_check(g, &show, NULL) == 0) {
                assert_int_equal(ddz_game_apply(g, &show, NULL), 0);
                continue;
            }
        }
        DdzError err;
        if (ddz_agent_step(&p->agent[g->turn], g, &err) != 0)
            fail_msg("agent refused: %s", err.msg);
    }
}

static DdzRecordInfo info_of(uint64_t seed, bool has_seed, long game)
{
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed = has_seed;
    info.seed = seed;
    info.game = game;
    snprintf(info.seats[0], sizeof info.seats[0], "random");
    snprintf(info.seats[1], sizeof info.seats[1], "Bob \"the bot\"");
    snprintf(info.seats[2], sizeof info.seats[2], "玩家三");
    return info;
}

static void assert_same_game(const DdzGame *want, const DdzGame *got)
{
    char a[256], b[256];
    ddz_options_format(&want->opt, a, sizeof a);
    ddz_options_format(&got->opt, b, sizeof b);
    assert_string_equal(a, b);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(want->dealt[s], got->dealt[s]);
    assert_int_equal(want->bottom, got->bottom);
    assert_int_equal(want->first, got->first);
    assert_int_equal(want->revealed, got->revealed);
    assert_int_equal(want->phase, got->phase);
    assert_int_equal(want->nhist, got->nhist);
    for (int i = 0; i < want->nhist; i++) {
        const DdzAction *x = &want->hist[i], *y = &got->hist[i];
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->seat, y->seat);
        assert_int_equal(x->value, y->value);
        assert_int_equal(x->cards, y->cards);
        assert_true(ddz_move_equal(&x->move, &y->move));
        assert_int_equal(x->move.size, y->move.size);
    }
    if (want->phase == DDZ_PHASE_OVER) {
        DdzResult r1, r2;
        assert_int_equal(ddz_game_result(want, &r1), 0);
        assert_int_equal(ddz_game_result(got, &r2), 0);
        assert_memory_equal(&r1, &r2, sizeof r1);
    }
}

static void assert_same_info(const DdzRecordInfo *want, const DdzRecordInfo *got)
{
    assert_int_equal(want->has_seed, got->has_seed);
    if (want->has_seed)
        assert_int_equal(want->seed, got->seed);
    assert_int_equal(want->game, got->game);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_string_equal(want->seats[s], got->seats[s]);
}

/* A record as an array of lines (without their line ends), to damage in tests. */
#define MAX_LINES 256
typedef struct Lines {
    char *line[MAX_LINES];
    int n;
} Lines;

static void lines_free(Lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->line[i]);
    l->n = 0;
}

static void lines_of_game(const DdzGame *g, const DdzRecordInfo *info, Lines *out)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    DdzError err;
    assert_int_equal(ddz_record_write(f, g, info, &err), 0);
    rewind(f);
    out->n = 0;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&buf, &cap, f)) > 0) {
        assert_true(out->n < MAX_LINES);
        if (buf[n - 1] == '\n')
            buf[n - 1] = '\0';
        out->line[out->n++] = strdup(buf);
    }
    free(buf);
    fclose(f);
}

static void lines_set(Lines *l, int i, const char *text)
{
    free(l->line[i]);
    l->line[i] = strdup(text);
}

static void lines_insert(Lines *l, int i, const char *text)
{
    assert_true(l->n < MAX_LINES);
    memmove(&l->line[i + 1], &l->line[i], sizeof l->line[0] * (size_t)(l->n - i));
    l->line[i] = strdup(text);
    l->n++;
}

static void lines_delete(Lines *l, int i)
{
    free(l->line[i]);
    memmove(&l->line[i], &l->line[i + 1], sizeof l->line[0] * (size_t)(l->n - i - 1));
    l->n--;
}

/* Sets one field of the JSON object on line i (0-based) to value (taken). */
static void lines_set_field(Lines *l, int i, const char *key, json_t *value)
{
    json_error_t jerr;
    json_t *o = json_loads(l->line[i], 0, &jerr);
    assert_non_null(o);
    if (value)
        assert_int_equal(json_object_set_new(o, key, value), 0);
    else
        assert_int_equal(json_object_del(o, key), 0);
    char *text = json_dumps(o, JSON_COMPACT);
    lines_set(l, i, text);
    free(text);
    json_decref(o);
}

static void write_lines(FILE *f, const Lines *l)
{
    for (int i = 0; i < l->n; i++)
        fprintf(f, "%s\n", l->line[i]);
}

/* A test game, always the same: seed 7 under the default rules, played out (not a redeal). */
typedef struct Fixture {
    DdzGame game, next;
    DdzRecordInfo info, next_info;
    Lines bad, good; /* bad: the first game, to damage; good: a second game after it */
} Fixture;

static Fixture *fixture_new(const char *options)
{
    Fixture *fx = calloc(1, sizeof *fx);
    assert_non_null(fx);
    DdzOptions opt = options_of(options);
    Players p;
    players_start(&p, 11);
    uint64_t seed = 7;
    do
        play_game(&fx->game, &opt, seed++, 0, &p);
    while (fx->game.phase != DDZ_PHASE_OVER);
    fx->info = info_of(seed - 1, true, 1);
    play_game(&fx->next, &opt, 1000, 1, &p);
    fx->next_info = info_of(1000, true, 2);
    players_stop(&p);
    lines_of_game(&fx->game, &fx->info, &fx->bad);
    lines_of_game(&fx->next, &fx->next_info, &fx->good);
    return fx;
}

static void fixture_free(Fixture *fx)
{
    lines_free(&fx->bad);
    lines_free(&fx->good);
    free(fx);
}

/* Line (0-based, in fx->bad) of the action with history index i. */
static int action_line(int i) { return i + 1; }

/* Reads the damaged game then the good one from f: the first read must fail at `line` with
 * `needle` in the message, the second must give the good game, the third the end. */
static void expect_fault_in(FILE *f, const Fixture *fx, int line, const char *needle)
{
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_non_null(g);
    int rc = ddz_record_read(&r, g, &info, &err);
    if (rc != -1)
        fail_msg("expected an error at line %d (%s), got %d", line, needle, rc);
    if (err.pos != line || !strstr(err.msg, needle))
        fail_msg("expected line %d with '%s', got pos %d: %s", line, needle, err.pos, err.msg);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    assert_true(strncmp(err.msg, prefix, strlen(prefix)) == 0);
    rc = ddz_record_read(&r, g, &info, &err);
    if (rc != 1)
        fail_msg("the game after the bad one did not read: %d %s", rc, err.msg);
    assert_same_game(&fx->next, g);
    assert_same_info(&fx->next_info, &info);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
}

static void expect_fault(const Fixture *fx, int line, const char *needle)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    write_lines(f, &fx->bad);
    write_lines(f, &fx->good);
    rewind(f);
    expect_fault_in(f, fx, line, needle);
    fclose(f);
}

/* Round trips --------------------------------------------------------------------------------*/

static void record_round_trips_10000_random_games_under_every_option_set(void **state)
{
    (void)state;
    enum { GAMES = 10000, BATCH = 100 };
    DdzGame *games = malloc(sizeof *games * BATCH), *back = malloc(sizeof *back);
    assert_non_null(games);
    assert_non_null(back);
    DdzOptions opts[OPTION_SET_NB];
    for (int k = 0; k < OPTION_SET_NB; k++)
        opts[k] = options_of(OPTION_SETS[k]);
    Players p;
    players_start(&p, 2024);
    uint64_t mix = 99;
    int kinds[DDZ_ACT_KIND_NB] = {0}, redeals = 0, big_seeds = 0;
    for (int start = 0; start < GAMES; start += BATCH) {
        FILE *f = tmpfile();
        assert_non_null(f);
        for (int i = 0; i < BATCH; i++) {
            int n = start + i;
            /* Seeds over the whole uint64 range: half of them do not fit a JSON int64. */
            uint64_t seed = ddz_rng_splitmix(&mix);
            big_seeds += seed > (uint64_t)INT64_MAX;
            play_game(&games[i], &opts[n % OPTION_SET_NB], seed, n % 3, &p);
            DdzRecordInfo info = info_of(seed, n % 5 != 0, n + 1);
            DdzError err;
            if (ddz_record_write(f, &games[i], &info, &err) != 0)
                fail_msg("write: %s", err.msg);
            redeals += games[i].phase == DDZ_PHASE_REDEAL;
            for (int k = 0; k < games[i].nhist; k++)
                kinds[games[i].hist[k].kind]++;
        }
        rewind(f);
        DdzRecordReader r;
        ddz_record_reader_init(&r, f);
        for (int i = 0; i < BATCH; i++) {
            DdzRecordInfo info;
            DdzError err;
            int rc = ddz_record_read(&r, back, &info, &err);
            if (rc != 1)
                fail_msg("game %d: read gave %d: %s", start + i + 1, rc, err.msg);
            assert_same_game(&games[i], back);
            assert_int_equal(info.game, start + i + 1);
            assert_int_equal(info.has_seed, (start + i) % 5 != 0);
            assert_string_equal(info.seats[2], "玩家三");
            assert_string_equal(info.seats[1], "Bob \"the bot\"");
        }
        DdzRecordInfo info;
        DdzError err;
        assert_int_equal(ddz_record_read(&r, back, &info, &err), 0);
        fclose(f);
    }
    players_stop(&p);
    /* The options really produced every kind of line. */
    for (int k = 0; k < DDZ_ACT_KIND_NB; k++)
        assert_true(kinds[k] > 100);
    assert_true(redeals > 100);
    assert_true(big_seeds > 1000);
    free(games);
    free(back);
}

static void record_keeps_seeds_above_int64_as_strings(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    const uint64_t seeds[] = {0, (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1, UINT64_MAX};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        DdzGame *g = malloc(sizeof *g), *back = malloc(sizeof *back);
        Players p;
        players_start(&p, 5);
        play_game(g, &fx->game.opt, seeds[k], 2, &p);
        players_stop(&p);
        DdzRecordInfo info = info_of(seeds[k], true, 0), got;
        Lines l;
        lines_of_game(g, &info, &l);
        json_t *head = json_loads(l.line[0], 0, NULL);
        json_t *seed = json_object_get(head, "seed");
        if (seeds[k] > (uint64_t)INT64_MAX) {
            char want[24];
            snprintf(want, sizeof want, "%llu", (unsigned long long)seeds[k]);
            assert_string_equal(json_string_value(seed), want);
        } else {
            assert_true(json_is_integer(seed));
            assert_int_equal(json_integer_value(seed), seeds[k]);
        }
        json_decref(head);
        FILE *f = tmpfile();
        write_lines(f, &l);
        rewind(f);
        DdzRecordReader r;
        ddz_record_reader_init(&r, f);
        DdzError err;
        assert_int_equal(ddz_record_read(&r, back, &got, &err), 1);
        assert_same_game(g, back);
        assert_same_info(&info, &got);
        fclose(f);
        lines_free(&l);
        free(g);
        free(back);
    }
    fixture_free(fx);
}

static void record_header_has_the_documented_fields(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=revealed,double=farmer");
    json_t *head = json_loads(fx->bad.line[0], 0, NULL);
    assert_non_null(head);
    static const char *const keys[] = {"type", "version", "game", "options", "seed", "first",
                                       "revealed", "hands", "bottom", "seats"};
    const char *key;
    json_t *v;
    size_t i = 0;
    json_object_foreach(head, key, v) {
        assert_true(i < sizeof keys / sizeof keys[0]);
        assert_string_equal(key, keys[i++]);
    }
    assert_int_equal(i, sizeof keys / sizeof keys[0]);
    assert_string_equal(json_string_value(json_object_get(head, "type")), "game");
    assert_int_equal(json_integer_value(json_object_get(head, "version")), DDZ_RECORD_VERSION);
    assert_string_equal(json_string_value(json_object_get(head, "options")), "rules=standard,first=revealed,double=farmer");
    char text[512];
    ddz_cards_format(fx->game.bottom, DDZ_STYLE_ASCII, text, sizeof text);
    assert_string_equal(json_string_value(json_object_get(head, "bottom")), text);
    json_decref(head);
    /* The result line: every field, in order. */
    json_t *res = json_loads(fx->bad.line[fx->bad.n - 1], 0, NULL);
    static const char *const rkeys[] = {"type", "landlord", "landlord_won", "spring", "anti_spring", "bombs",
                                        "base", "multiple", "stakes", "fee", "scores", "rockets",
                                        "spring_factor", "robs", "show", "doubling", "stake_factors",
                                        "uncapped", "cap", "raw", "fees", "penalties", "leaver", "house"};
    i = 0;
    json_object_foreach(res, key, v) {
        assert_true(i < sizeof rkeys / sizeof rkeys[0]);
        assert_string_equal(key, rkeys[i++]);
    }
    assert_int_equal(i, sizeof rkeys / sizeof rkeys[0]);
    json_decref(res);
    fixture_free(fx);
}

static void record_reads_concatenated_games_then_the_end(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, &fx->game, &fx->info, &err), 0);
    fputs("\n   \n", f); /* blank lines between games are allowed */
    assert_int_equal(ddz_record_write(f, &fx->next, &fx->next_info, &err), 0);
    assert_int_equal(ddz_record_write(f, &fx->game, &fx->info, &err), 0);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(r.line, fx->bad.n);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->next, g);
    assert_int_equal(r.line, fx->bad.n + 2 + fx->good.n);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_write_refuses_an_unfinished_game(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    DdzRng rng;
    ddz_rng_seed(&rng, 1);
    ddz_game_new(g, &opt, &rng, 0);
    DdzRecordInfo info = info_of(1, true, 1);
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, g, &info, &err), -1);
    assert_non_null(strstr(err.msg, "not finished"));
    assert_int_equal(ftell(f), 0);
    fclose(f);
    free(g);
}

/* Faults, each at its line, the next game read after it --------------------------------------*/

static void record_rejects_a_changed_card_in_the_deal(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    /* Seat 0 given one of seat 1's cards: no longer a deck. */
    DdzCards h0 = fx->game.dealt[0], h1 = fx->game.dealt[1];
    DdzCards moved = h1 & -h1;
    DdzCards changed = (h0 & ~(h0 & -h0)) | moved;
    char text[512];
    ddz_cards_format(changed, DDZ_STYLE_ASCII, text, sizeof text);
    json_t *hands = json_pack("[sss]", text, "", "");
    json_t *orig = json_loads(fx->bad.line[0], 0, NULL);
    for (int s = 1; s < 3; s++)
        json_array_set(hands, (size_t)s, json_array_get(json_object_get(orig, "hands"), (size_t)s));
    json_decref(orig);
    lines_set_field(&fx->bad, 0, "hands", hands);
    expect_fault(fx, 1, "holds a card another seat holds");
    fixture_free(fx);
}

static void record_rejects_a_deal_that_is_not_the_seeds(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    /* Two cards swapped between seats 0 and 2: still a deck, but not what the seed deals. */
    DdzCards h0 = fx->game.dealt[0], h2 = fx->game.dealt[2];
    DdzCards a = h0 & -h0, b = h2 & -h2;
    char t0[512], t2[512], t1[512];
    ddz_cards_format((h0 & ~a) | b, DDZ_STYLE_ASCII, t0, sizeof t0);
    ddz_cards_format(fx->game.dealt[1], DDZ_STYLE_ASCII, t1, sizeof t1);
    ddz_cards_format((h2 & ~b) | a, DDZ_STYLE_ASCII, t2, sizeof t2);
    lines_set_field(&fx->bad, 0, "hands", json_pack("[sss]", t0, t1, t2));
    expect_fault(fx, 1, "does not deal these cards (seat 0's hand differs)");
    fixture_free(fx);
}

static void record_rejects_a_wrong_seed(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 0, "seed", json_integer((json_int_t)fx->info.seed + 1));
    expect_fault(fx, 1, "does not deal these cards");
    lines_set_field(&fx->bad, 0, "seed", json_string("18446744073709551616")); /* 2^64 */
    expect_fault(fx, 1, "\"seed\"");
    lines_set_field(&fx->bad, 0, "seed", json_integer(-1));
    expect_fault(fx, 1, "\"seed\"");
    /* Without the seed the same deal reads: the hands are the deal. */
    lines_set_field(&fx->bad, 0, "seed", NULL);
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_false(info.has_seed);
    assert_same_game(&fx->game, g);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_a_card_the_player_does_not_hold(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    const DdzGame *g = &fx->game;
    /* The first play: one of its cards swapped for the same rank in another suit the seat
     * never held. */
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type == DDZ_PASS)
            continue;
        DdzCards own = g->dealt[a->seat] | (a->seat == g->landlord ? g->bottom : 0);
        for (DdzCard c = 0; c < 52; c++) {
            if (!ddz_cards_has(a->cards, c))
                continue;
            for (DdzCard d = c & ~3; d < (c & ~3) + 4; d++) {
                if (ddz_cards_has(own, d))
                    continue;
                char text[512];
                ddz_cards_format((a->cards & ~ddz_cards_of(c)) | ddz_cards_of(d), DDZ_STYLE_ASCII, text,
                                 sizeof text);
                lines_set_field(&fx->bad, action_line(i), "cards", json_string(text));
                expect_fault(fx, action_line(i) + 1, "not in your hand");
                fixture_free(fx);
                return;
            }
        }
    }
    fail_msg("no play to damage");
}

static void record_rejects_a_move_that_does_not_beat(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    DdzGame *h = malloc(sizeof *h);
    /* The first following play: replaced by a single card of the seat that cannot beat the
     * table (a single never beats another type; against a single, one of no higher rank). */
    for (int i = 0; i < fx->game.nhist; i++) {
        *h = fx->game;
        while (h->nhist > i)
            ddz_game_undo(h);
        const DdzAction *a = &fx->game.hist[i];
        DdzMove table = ddz_game_table(h);
        if (a->kind != DDZ_ACT_PLAY || table.type == DDZ_PASS || ddz_move_is_bomb(&table))
            continue;
        DdzCards hand = h->hand[a->seat];
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
            if (!ddz_cards_has(hand, c) || (table.type == DDZ_SINGLE && ddz_card_rank(c) > table.rank))
                continue;
            char cards[16], move[4] = {ddz_rank_char(ddz_card_rank(c)), 0};
            ddz_card_format(c, DDZ_STYLE_ASCII, cards, sizeof cards);
            lines_set_field(&fx->bad, action_line(i), "type", json_string("play"));
            lines_set_field(&fx->bad, action_line(i), "cards", json_string(cards));
            lines_set_field(&fx->bad, action_line(i), "move", json_string(move));
            expect_fault(fx, action_line(i) + 1, "does not beat");
            free(h);
            fixture_free(fx);
            return;
        }
    }
    fail_msg("no play to damage");
}

static void record_rejects_cards_that_are_not_the_move(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    for (int i = 0; i < fx->game.nhist; i++) {
        const DdzAction *a = &fx->game.hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type != DDZ_SINGLE)
            continue;
        lines_set_field(&fx->bad, action_line(i), "move", json_string(a->move.rank == 0 ? "4" : "3"));
        expect_fault(fx, action_line(i) + 1, "are not the move");
        fixture_free(fx);
        return;
    }
    fail_msg("no single to damage");
}

static void record_rejects_a_wrong_result(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int last = fx->bad.n - 1;
    DdzResult res;
    ddz_game_result(&fx->game, &res);
    lines_set_field(&fx->bad, last, "scores", json_pack("[iii]", res.score[0] + 1, res.score[1], res.score[2]));
    char want[128];
    snprintf(want, sizeof want, "result says scores [%d,%d,%d] but the game gives [%d,%d,%d]", res.score[0] + 1,
             res.score[1], res.score[2], res.score[0], res.score[1], res.score[2]);
    expect_fault(fx, last + 1, want);
    lines_set_field(&fx->bad, last, "scores", json_pack("[iii]", res.score[0], res.score[1], res.score[2]));
    lines_set_field(&fx->bad, last, "landlord_won", json_boolean(!res.landlord_won));
    expect_fault(fx, last + 1, "result says landlord_won");
    lines_set_field(&fx->bad, last, "landlord_won", json_boolean(res.landlord_won));
    lines_set_field(&fx->bad, last, "multiple", json_integer(res.multiple * 2));
    expect_fault(fx, last + 1, "result says multiple");
    lines_set_field(&fx->bad, last, "multiple", json_integer(res.multiple));
    lines_set_field(&fx->bad, last, "stakes", json_pack("[iii]", 1, 2, 3));
    expect_fault(fx, last + 1, "result says stakes [1,2,3]");
    fixture_free(fx);
}

static void record_rejects_truncated_json(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int k = action_line(3);
    fx->bad.line[k][strlen(fx->bad.line[k]) / 2] = '\0';
    expect_fault(fx, k + 1, "not JSON: ");
    fixture_free(fx);
    /* The header cut short, too. */
    fx = fixture_new("");
    fx->bad.line[0][40] = '\0';
    expect_fault(fx, 1, "not JSON: ");
    fixture_free(fx);
    /* JSON, but not an object. */
    fx = fixture_new("");
    lines_set(&fx->bad, 4, "[1,2,3]");
    expect_fault(fx, 5, "not a JSON object");
    fixture_free(fx);
}

static void record_rejects_an_unknown_type(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 5, "type", json_string("dance"));
    expect_fault(fx, 6, "unknown line type \"dance\"");
    fixture_free(fx);
}

static void record_rejects_a_game_without_result_line(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 1);
    /* Noticed at the next header, which still starts the next game. */
    expect_fault(fx, fx->bad.n + 1, "has no result line");
    /* At the end of the file: reported at the last line. */
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), -1);
    assert_int_equal(err.pos, fx->bad.n);
    assert_non_null(strstr(err.msg, "without the result line"));
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_a_result_before_the_game_is_over(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 2); /* the winning play */
    expect_fault(fx, fx->bad.n, "a result, but the game is still in play");
    fixture_free(fx);
}

static void record_rejects_actions_after_the_game_is_over(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int winner = fx->game.hist[fx->game.nhist - 1].seat;
    char line[64];
    snprintf(line, sizeof line, "{\"type\":\"pass\",\"seat\":%d}", (winner + 1) % 3);
    lines_insert(&fx->bad, fx->bad.n - 1, line);
    expect_fault(fx, fx->bad.n - 1, "after the game is over");
    fixture_free(fx);
    /* After the result line: the game reads, then the line is outside any game. */
    fx = fixture_new("");
    lines_insert(&fx->bad, fx->bad.n, line);
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    write_lines(f, &fx->good);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), -1);
    assert_int_equal(err.pos, fx->bad.n);
    assert_non_null(strstr(err.msg, "a \"pass\" line outside a game"));
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->next, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_redeal_and_result_mixed_up(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set(&fx->bad, fx->bad.n - 1, "{\"type\":\"redeal\"}");
    expect_fault(fx, fx->bad.n, "a redeal, but the game is over");
    fixture_free(fx);
    /* A redeal given a result line. */
    fx = fixture_new("");
    DdzRng rng;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    ddz_rng_seed(&rng, 3);
    ddz_game_new(g, &opt, &rng, 0);
    for (int s = 0; s < 3; s++) {
        DdzAction a = ddz_action_bid(g->turn, 0);
        assert_int_equal(ddz_game_apply(g, &a, NULL), 0);
    }
    assert_int_equal(g->phase, DDZ_PHASE_REDEAL);
    lines_free(&fx->bad);
    DdzRecordInfo info = info_of(3, true, 1);
    lines_of_game(g, &info, &fx->bad);
    assert_int_equal(fx->bad.n, 5);
    assert_string_equal(fx->bad.line[4], "{\"type\":\"redeal\"}");
    lines_set(&fx->bad, 4, "{\"type\":\"result\"}");
    expect_fault(fx, 5, "the record should say redeal");
    free(g);
    fixture_free(fx);
}

static void record_rejects_missing_and_mistyped_fields(void **state)
{
    (void)state;
    static const struct {
        int line; /* 0-based; -1 the result line */
        const char *key;
        const char *value; /* JSON, or NULL to delete the field */
        const char *needle;
    } cases[] = {
        {1, "seat", NULL, "field \"seat\" is missing"},
        {1, "seat", "\"0\"", "field \"seat\" must be an integer, not a string"},
        {1, "seat", "3", "field \"seat\" is 3: it must be from 0 to 2"},
        {1, "value", "1.5", "field \"value\" must be an integer, not a number with a fraction"},
        {1, "type", NULL, "field \"type\" is missing"},
        {1, "type", "7", "field \"type\" must be a string"},
        {0, "options", NULL, "field \"options\" is missing"},
        {0, "options", "\"rules=chess\"", "options: "},
        {0, "options", "\"rules=standard,turbo\"", "unknown option 'turbo'"},
        {0, "hands", "[\"S3\",\"S4\"]", "field \"hands\" must be an array of 3 strings"},
        {0, "hands", "[\"S3 XX\",\"S4\",\"S5\"]", "hands[0] \"S3 XX\": "},
        {0, "bottom", "true", "field \"bottom\" must be a string, not a boolean"},
        {0, "first", "null", "field \"first\" must be an integer, not null"},
        {0, "seats", "[\"a\",2,\"c\"]", "field \"seats\" must be an array of 3 strings"},
        {0, "revealed", "5", "a revealed card, but the options have no first=revealed"},
        {0, "version", "2", "record version 2 is not supported"},
        {0, "version", NULL, "field \"version\" is missing"},
        {-1, "fee", NULL, "field \"fee\" is missing"},
        {-1, "spring", "0", "field \"spring\" must be true or false, not an integer"},
        {-1, "scores", "[1,2]", "field \"scores\" must be an array of 3 integers"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Fixture *fx = fixture_new("");
        int line = cases[k].line < 0 ? fx->bad.n - 1 : cases[k].line;
        json_t *v = cases[k].value ? json_loads(cases[k].value, JSON_DECODE_ANY, NULL) : NULL;
        assert_true(v || !cases[k].value);
        lines_set_field(&fx->bad, line, cases[k].key, v);
        expect_fault(fx, line + 1, cases[k].needle);
        fixture_free(fx);
    }
}

static void record_rejects_a_refused_bid(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    assert_int_equal(fx->game.hist[0].kind, DDZ_ACT_BID);
    lines_set_field(&fx->bad, 1, "value", json_integer(5));
    expect_fault(fx, 2, "seat 0: bid 5");
    fixture_free(fx);
    fx = fixture_new("");
    lines_set_field(&fx->bad, 1, "seat", json_integer(1));
    expect_fault(fx, 2, "not your turn");
    fixture_free(fx);
}

static void record_counts_blank_lines_in_line_numbers(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 3, "type", json_string("dance"));
    lines_insert(&fx->bad, 1, "");
    lines_insert(&fx->bad, 1, "  ");
    expect_fault(fx, 6, "unknown line type");
    fixture_free(fx);
}

static void record_recovers_on_a_stream_that_cannot_seek(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 1);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    FILE *w = fdopen(fds[1], "w"), *r = fdopen(fds[0], "r");
    /* Both records fit in the pipe's buffer, so writing does not block. */
    write_lines(w, &fx->bad);
    write_lines(w, &fx->good);
    fclose(w);
    expect_fault_in(r, fx, fx->bad.n + 1, "has no result line");
    fclose(r);
    fixture_free(fx);
}

static void record_revealed_card_must_match_the_first_bidder(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=revealed");
    json_t *head = json_loads(fx->bad.line[0], 0, NULL);
    int revealed = (int)json_integer_value(json_object_get(head, "revealed"));
    json_decref(head);
    assert_int_equal(revealed, fx->game.revealed);
    /* A card of another seat. */
    int other = (fx->game.first + 1) % 3;
    DdzCards h = fx->game.dealt[other];
    lines_set_field(&fx->bad, 0, "revealed", json_integer(__builtin_ctzll(h)));
    char want[64];
    snprintf(want, sizeof want, "the revealed card is held by seat %d", other);
    expect_fault(fx, 1, want);
    fixture_free(fx);
}

static void record_first_bidder_must_follow_the_options(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=heart3");
    int holder = -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_cards_has(fx->game.dealt[s], DDZ_RANK_3 * 4 + DDZ_SUIT_HEARTS))
            holder = s;
    int wrong = (fx->game.first + 1) % 3;
    lines_set_field(&fx->bad, 0, "first", json_integer(wrong));
    char want[96];
    snprintf(want, sizeof want, "\"first\" says seat %d, but under these options seat %d bids first", wrong,
             holder);
    assert_true(holder >= 0); /* the fixture's deal has ♥3 in a hand, not the bottom */
    expect_fault(fx, 1, want);
    fixture_free(fx);
}

/* The sample file ------------------------------------------------------------------------------*/

static void record_sample_file_in_tests_data_replays(void **state)
{
    (void)state;
    const char *dir = getenv("DDZ_DATA");
    char path[512];
    snprintf(path, sizeof path, "%s/records.jsonl", dir ? dir : "tests/data");
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    int games = 0, redeals = 0, seeded = 0, total = 0;
    int rc;
    while ((rc = ddz_record_read(&r, g, &info, &err)) != 0) {
        if (rc < 0)
            fail_msg("%s: %s", path, err.msg);
        games++;
        seeded += info.has_seed;
        if (g->phase == DDZ_PHASE_REDEAL) {
            redeals++;
            continue;
        }
        DdzResult res;
        assert_int_equal(ddz_game_result(g, &res), 0);
        total += res.score[0] + res.score[1] + res.score[2] + res.fee;
    }
    assert_int_equal(games, 4);
    assert_int_equal(redeals, 1);
    assert_int_equal(seeded, 3);
    assert_int_equal(total, 0);
    free(g);
    fclose(f);
}

/* RULES §7: a seat abandoned during a game is written as an abandon line where it happened;
 * the reader marks it again, so the leaver penalty comes out the same; without the line the
 * result line no longer matches. */
static void record_keeps_abandoned_seats_and_the_penalty(void **state)
{
    (void)state;
    DdzOptions opt = options_of("leaver,forced_bid");
    Players p;
    players_start(&p, 5);
    DdzGame *g = malloc(sizeof *g), *back = malloc(sizeof *back);
    DdzRng rng;
    ddz_rng_seed(&rng, 31);
    ddz_game_new(g, &opt, &rng, 0);
    for (int i = 0; g->phase != DDZ_PHASE_OVER; i++) {
        if (i == 6)
            assert_int_equal(ddz_game_abandon(g, 2, NULL), 0);
        DdzError err;
        if (ddz_agent_step(&p.agent[g->turn], g, &err) != 0)
            fail_msg("agent refused: %s", err.msg);
    }
    players_stop(&p);
    DdzResult want;
    assert_int_equal(ddz_game_result(g, &want), 0);
    assert_int_equal(want.score[2], -10 * want.base);
    DdzRecordInfo info = info_of(31, true, 1);
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, g, &info, &err), 0);
    rewind(f);
    char line[2048];
    int n = 0, at = -1;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "{\"type\":\"abandon\",\"seat\":2}"))
            at = n;
        n++;
    }
    assert_int_equal(at, 1 + 6); /* after the header and six actions */
    rewind(f);
    DdzRecordReader rd;
    ddz_record_reader_init(&rd, f);
    DdzRecordInfo got;
    assert_int_equal(ddz_record_read(&rd, back, &got, &err), 1);
    assert_int_equal(back->abandoned, 4);
    assert_int_equal(back->abandoned_at[2], 6);
    DdzResult have;
    ddz_game_result(back, &have);
    assert_memory_equal(have.score, want.score, sizeof want.score);
    assert_int_equal(have.house, want.house);
    fclose(f);
    /* The same record without its abandon line: the result line is caught. */
    f = tmpfile();
    g->abandoned = 0;
    DdzGame *plain = g;
    FILE *w = tmpfile();
    assert_int_equal(ddz_record_write(w, plain, &info, &err), 0);
    rewind(w);
    /* Splice: the lines of the plain game with the result line of the abandoned one. */
    char *res_line = NULL;
    FILE *orig = tmpfile();
    plain->abandoned = 4;
    assert_int_equal(ddz_record_write(orig, plain, &info, &err), 0);
    rewind(orig);
    while (fgets(line, sizeof line, orig))
        if (strstr(line, "\"type\":\"result\""))
            res_line = strdup(line);
    fclose(orig);
    while (fgets(line, sizeof line, w))
        fputs(strstr(line, "\"type\":\"result\"") ? res_line : line, f);
    fclose(w);
    free(res_line);
    rewind(f);
    ddz_record_reader_init(&rd, f);
    assert_int_equal(ddz_record_read(&rd, back, &got, &err), -1);
    assert_non_null(strstr(err.msg, "result says scores"));
    fclose(f);
    free(g);
    free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(record_round_trips_10000_random_games_under_every_option_set),
        cmocka_unit_test(record_keeps_seeds_above_int64_as_strings),
        cmocka_unit_test(record_header_has_the_documented_fields),
        cmocka_unit_test(record_reads_concatenated_games_then_the_end),
        cmocka_unit_test(record_write_refuses_an_unfinished_game),
        cmocka_unit_test(record_rejects_a_changed_card_in_the_deal),
        cmocka_unit_test(record_rejects_a_deal_that_is_not_the_seeds),
        cmocka_unit_test(record_rejects_a_wrong_seed),
        cmocka_unit_test(record_rejects_a_card_the_player_does_not_hold),
        cmocka_unit_test(record_rejects_a_move_that_does_not_beat),
        cmocka_unit_test(record_rejects_cards_that_are_not_the_move),
        cmocka_unit_test(record_rejects_a_wrong_result),
        cmocka_unit_test(record_rejects_truncated_json),
        cmocka_unit_test(record_rejects_an_unknown_type),
        cmocka_unit_test(record_rejects_a_game_without_result_line),
        cmocka_unit_test(record_rejects_a_result_before_the_game_is_over),
        cmocka_unit_test(record_rejects_actions_after_the_game_is_over),
        cmocka_unit_test(record_rejects_redeal_and_result_mixed_up),
        cmocka_unit_test(record_rejects_missing_and_mistyped_fields),
        cmocka_unit_test(record_rejects_a_refused_bid),
        cmocka_unit_test(record_counts_blank_lines_in_line_numbers),
        cmocka_unit_test(record_recovers_on_a_stream_that_cannot_seek),
        cmocka_unit_test(record_revealed_card_must_match_the_first_bidder),
        cmocka_unit_test(record_first_bidder_must_follow_the_options),
        cmocka_unit_test(record_sample_file_in_tests_data_replays),
        cmocka_unit_test(record_keeps_abandoned_seats_and_the_penalty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
