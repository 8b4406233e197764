/* record_helpers.h -- what test_record.c and test_record_faults.c share: the rule option sets
 * the random games cycle through, players and games, comparisons of games and headers, a
 * record as editable lines, and the fixture that damages one line and expects the fault at
 * it with the reading going on at the next game. */
#ifndef DDZ_TEST_RECORD_HELPERS_H
#define DDZ_TEST_RECORD_HELPERS_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "ddz/agent.h"
#include "ddz/record.h"

/* Rule options the random games cycle through: every flow and option the format must carry. */
TU_UNUSED static const char *const OPTION_SETS[] = {
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

static inline DdzOptions options_of(const char *list)
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

static inline void players_start(Players *p, uint64_t seed)
{
    DdzError err;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_agent_new(&p->agent[s], "random", seed * 3 + (uint64_t)s, &err) != 0)
            fail_msg("%s", err.msg);
    ddz_rng_seed(&p->rng, seed ^ 0x5407u);
}

static inline void players_stop(Players *p)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&p->agent[s]);
}

/* Deals from seed and plays to the end with the random agents; with the show option a seat
 * that may show its hand does so one time in four. */
static inline void play_game(DdzGame *g, const DdzOptions *opt, uint64_t seed, int first, Players *p)
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

static inline DdzRecordInfo info_of(uint64_t seed, bool has_seed, long game)
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

static inline void assert_same_game(const DdzGame *want, const DdzGame *got)
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

static inline void assert_same_info(const DdzRecordInfo *want, const DdzRecordInfo *got)
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

static inline void lines_free(Lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->line[i]);
    l->n = 0;
}

static inline void lines_of_game(const DdzGame *g, const DdzRecordInfo *info, Lines *out)
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

static inline void lines_set(Lines *l, int i, const char *text)
{
    free(l->line[i]);
    l->line[i] = strdup(text);
}

static inline void lines_insert(Lines *l, int i, const char *text)
{
    assert_true(l->n < MAX_LINES);
    memmove(&l->line[i + 1], &l->line[i], sizeof l->line[0] * (size_t)(l->n - i));
    l->line[i] = strdup(text);
    l->n++;
}

static inline void lines_delete(Lines *l, int i)
{
    free(l->line[i]);
    memmove(&l->line[i], &l->line[i + 1], sizeof l->line[0] * (size_t)(l->n - i - 1));
    l->n--;
}

/* Sets one field of the JSON object on line i (0-based) to value (taken). */
static inline void lines_set_field(Lines *l, int i, const char *key, json_t *value)
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

static inline void write_lines(FILE *f, const Lines *l)
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

static inline Fixture *fixture_new(const char *options)
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

static inline void fixture_free(Fixture *fx)
{
    lines_free(&fx->bad);
    lines_free(&fx->good);
    free(fx);
}

/* Line (0-based, in fx->bad) of the action with history index i. */
static inline int action_line(int i) { return i + 1; }

/* Reads the damaged game then the good one from f: the first read must fail at `line` with
 * `needle` in the message, the second must give the good game, the third the end. */
static inline void expect_fault_in(FILE *f, const Fixture *fx, int line, const char *needle)
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

static inline void expect_fault(const Fixture *fx, int line, const char *needle)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    write_lines(f, &fx->bad);
    write_lines(f, &fx->good);
    rewind(f);
    expect_fault_in(f, fx, line, needle);
    fclose(f);
}

#endif
