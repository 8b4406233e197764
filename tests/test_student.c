/* test_student.c -- the student agent (student.h): the features of hand-built positions;
 * with only the rule agent's choice weighed it plays exactly as the rule agent; the shipped
 * weights play legal games under every preset; the search reports its last decision's
 * candidates; the data the search's self-play writes is what the fit reads, and a damaged
 * data file is refused with where it is damaged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#include "ddz/search.h"
#include "ddz/student.h"
#include "positions.h"

/* The candidate of cand[0..n) written `text`, or -1. */
static int find_cand(const DdzMove *cand, int n, const char *text)
{
    DdzMove m;
    DdzError err;
    if (ddz_move_parse(text, DDZ_RULES_STANDARD, &m, &err) != 0)
        fail_msg("test bug: %s: %s", text, err.msg);
    for (int i = 0; i < n; i++)
        if (ddz_move_equal(&cand[i], &m))
            return i;
    return -1;
}

/* The search's candidates of the seat to act in g (the rule agent's choice first), described. */
typedef struct Described {
    DdzMove cand[DDZ_MAX_MOVES + 1];
    int n;
    float ctx[DDZ_STUDENT_CTX_NB];
    float feats[(DDZ_MAX_MOVES + 1) * DDZ_STUDENT_MOVE_NB];
} Described;

static void describe(const DdzGame *g, Described *d)
{
    DdzView v;
    ddz_game_view(g, g->turn, &v);
    DdzMove legal[DDZ_MAX_MOVES + 1];
    int n = ddz_view_legal_moves(&v, legal), at;
    DdzAgent rule;
    DdzError err;
    assert_int_equal(ddz_ai_agent_new(&rule, "rule-v1", 1, &err), 0);
    DdzAction pick;
    assert_int_equal(rule.act(rule.state, &v, &pick), 0);
    ddz_agent_free(&rule);
    d->n = ddz_search_candidates(&v, legal, n, &pick.move, 24, d->cand, &at);
    assert_int_equal(at, 0);
    assert_true(d->n >= 2);
    DdzStudentDescriber *desc = ddz_student_describer_new();
    assert_non_null(desc);
    assert_int_equal(ddz_student_describe(desc, &v, d->cand, d->n, d->ctx, d->feats), 0);
    ddz_student_describer_free(desc);
}

static float feat(const Described *d, int i, int k) { return d->feats[i * DDZ_STUDENT_MOVE_NB + k]; }

static void features_describe_hand_built_positions(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    Described *d = test_malloc(sizeof *d);
    /* Seat 1 (a farmer; its partner plays after it) follows its partner's 2 with the small
     * joker in hand: the rule agent lets the 2 stand. */
    deal_known(g, "3455678899TJQKAAB", "34466779TTJQQK222", "8JK");
    static const char *const partner[] = {"3", "pass", "2", "pass", NULL};
    drive(g, partner);
    describe(g, d);
    static const float want_ctx[DDZ_STUDENT_CTX_NB] = {1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
    for (int c = 0; c < DDZ_STUDENT_CTX_NB; c++)
        if (d->ctx[c] != want_ctx[c])
            fail_msg("fact %d is %g, want %g", c, (double)d->ctx[c], (double)want_ctx[c]);
    int pass = find_cand(d->cand, d->n, "pass"), joker = find_cand(d->cand, d->n, "B");
    assert_int_equal(pass, 0); /* the rule agent's choice comes first */
    assert_true(joker > 0);
    assert_true(feat(d, pass, 0) == 1 && feat(d, pass, 1) == 1 && feat(d, pass, 2) == 0);
    assert_true(feat(d, joker, 0) == 0 && feat(d, joker, 1) == 0);
    assert_true(feat(d, joker, 5) == 0);   /* the big joker is unseen: an opponent may beat it */
    assert_true(feat(d, joker, 8) == 0.5f); /* one control spent */
    assert_true(feat(d, joker, 11) == 1 && feat(d, joker, 12) == 0 && feat(d, joker, 7) == 0);
    assert_true(feat(d, joker, 17) > 0);   /* above the table's 2 */
    /* The landlord, to lead with a pair of 8s left after a straight and a plane: the pair
     * empties its hand, and nobody can beat what ends the game. */
    deal_known(g, "333444555899TTTJJ", "9JQQQKKKAAA2222BR", "345");
    static const char *const runs[] = {"3456789TJQKA", "pass", "pass", "666777", "pass", "pass", NULL};
    drive(g, runs);
    describe(g, d);
    assert_true(d->ctx[1] == 1 && d->ctx[4] == 1 && d->ctx[10] == 1 && d->ctx[2] == 0 && d->ctx[5] == 0);
    int pair = find_cand(d->cand, d->n, "88"), single = find_cand(d->cand, d->n, "8");
    assert_true(pair >= 0 && single >= 0);
    assert_true(feat(d, pair, 2) == 1 && feat(d, pair, 12) == 1);
    assert_true(feat(d, single, 2) == 0 && feat(d, single, 18) == 1); /* one card left after it */
    test_free(d);
    test_free(g);
}

/* Weights that count only the rule agent's choice make the rule agent: in self-play under
 * douzero and standard rules, every decision of the student is rule-v1's. */
static void student_with_rule_weights_plays_as_the_rule_agent(void **state)
{
    (void)state;
    static float w[DDZ_STUDENT_FEATURES];
    w[1] = 1;
    DdzAgent st, rule;
    DdzError err;
    assert_int_equal(ddz_student_agent_new(&st, w, 0, &err), 0);
    assert_int_equal(ddz_ai_agent_new(&rule, "rule-v1", 1, &err), 0);
    DdzGame *g = test_malloc(sizeof *g);
    int decisions = 0;
    for (int i = 0; i < 40; i++) {
        DdzOptions o = ddz_options_default();
        o.rules = i % 2 ? DDZ_RULES_DOUZERO : DDZ_RULES_STANDARD;
        DdzRng rng;
        ddz_rng_seed(&rng, 500 + (uint64_t)i);
        ddz_game_new(g, &o, &rng, i % 3);
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            DdzAction a, b;
            ddz_game_view(g, g->turn, &v);
            assert_int_equal(st.act(st.state, &v, &a), 0);
            assert_int_equal(rule.act(rule.state, &v, &b), 0);
            assert_int_equal(a.kind, b.kind);
            assert_true(a.kind == DDZ_ACT_PLAY ? ddz_move_equal(&a.move, &b.move) : a.value == b.value);
            assert_int_equal(ddz_game_apply(g, &a, &err), 0);
            decisions++;
        }
    }
    assert_true(decisions > 40 * 20);
    test_free(g);
    ddz_agent_free(&st);
    ddz_agent_free(&rule);
}

/* The shipped weights, and the search with the student as its play-out policy, play legal
 * games to the end under every preset. */
static void shipped_student_plays_legal_games(void **state)
{
    (void)state;
    DdzAgent st[3];
    DdzError err;
    for (int s = 0; s < 3; s++)
        assert_int_equal(ddz_ai_agent_new(&st[s], "student", 1, &err), 0);
    assert_string_equal(st[0].name, "student");
    for (int rules = 0; rules < DDZ_RULES_NB; rules++)
        agents_play_legal_games(st, (DdzRuleset)rules, option_mix, 60, 9000);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&st[s]);
    DdzSearchConfig cfg;
    assert_int_equal(ddz_search_config_parse("search:0/4:student", &cfg, &err), 0);
    assert_string_equal(cfg.policy, "student");
    assert_int_not_equal(ddz_search_config_parse("search:student:rule-v1", &cfg, &err), 0);
    for (int s = 0; s < 3; s++)
        assert_int_equal(ddz_ai_agent_new(&st[s], "search:0/4:student", 1 + (uint64_t)s, &err), 0);
    agents_play_legal_games(st, DDZ_RULES_DOUZERO, option_mix, 12, 9100);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&st[s]);
}

/* The search's last decision: its candidates, their values, and the move it played. */
static void search_reports_its_last_decision(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    deal_known(g, "3455678899TJQKAAB", "34466779TTJQQK222", "8JK");
    DdzAgent a;
    DdzError err;
    assert_int_equal(ddz_ai_agent_new(&a, "search:0/30", 3, &err), 0);
    DdzMove cand[DDZ_MAX_MOVES + 1];
    double value[DDZ_MAX_MOVES + 1];
    int chosen = -1;
    DdzAction act = decide(&a, g);
    int n = ddz_search_last(&a, cand, value, &chosen);
    assert_true(n >= 2 && n <= 24 + 1);
    assert_true(chosen >= 0 && chosen < n);
    assert_true(ddz_move_equal(&cand[chosen], &act.move));
    for (int i = 0; i < n; i++)
        assert_true(value[i] >= 0 && value[i] < 1.5);
    /* A decision that is not a play reports none; neither does another agent. */
    DdzOptions o = ddz_options_default();
    DdzRng rng;
    ddz_rng_seed(&rng, 5);
    ddz_game_new(g, &o, &rng, 0);
    assert_int_equal(decide(&a, g).kind, DDZ_ACT_BID);
    assert_int_equal(ddz_search_last(&a, cand, value, &chosen), 0);
    DdzAgent rule;
    assert_int_equal(ddz_ai_agent_new(&rule, "rule", 1, &err), 0);
    assert_int_equal(ddz_search_last(&rule, cand, value, &chosen), 0);
    ddz_agent_free(&rule);
    ddz_agent_free(&a);
    test_free(g);
}

static void temp_path(char *buf, size_t size, const char *tag)
{
    snprintf(buf, size, "/tmp/ddz-test-student-%s-XXXXXX", tag);
    int fd = mkstemp(buf);
    assert_true(fd >= 0);
    close(fd);
}

static void copy_prefix(const char *from, const char *to, long bytes, const char *header)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    if (header) {
        fputs(header, out);
        char line[128];
        assert_non_null(fgets(line, sizeof line, in));
    }
    for (long i = 0; i < bytes; i++) {
        int c = fgetc(in);
        if (c == EOF)
            break;
        fputc(c, out);
    }
    fclose(in);
    fclose(out);
}

static void count_progress(void *ctx, long games, long decisions)
{
    long *seen = ctx;
    assert_int_equal(games, seen[0] + 1);
    assert_true(decisions >= seen[1]);
    seen[0] = games;
    seen[1] = decisions;
}

/* learn data writes what learn fit reads; a cut or foreign file is refused with its reason. */
static void data_and_fit_round_trip(void **state)
{
    (void)state;
    char data[64], bad[64];
    temp_path(data, sizeof data, "data");
    temp_path(bad, sizeof bad, "bad");
    long seen[2] = {0, 0};
    DdzStudentDataConfig dc = {"search:0/8", DDZ_RULES_DOUZERO, 4, 77, count_progress, seen};
    DdzError err;
    FILE *f = fopen(data, "wb");
    assert_non_null(f);
    long n = ddz_student_data(&dc, f, &err);
    fclose(f);
    if (n < 0)
        fail_msg("learn data: %s", err.msg);
    assert_true(n >= 40); /* about 20 decisions with a choice a game */
    assert_int_equal(seen[0], 4); /* told after every game */
    assert_int_equal(seen[1], n);
    DdzStudentFitConfig fc = ddz_student_fit_default();
    fc.epochs = 3;
    float *w = test_malloc(DDZ_STUDENT_FEATURES * sizeof *w);
    DdzStudentFitReport rep;
    const char *paths[2] = {data, data};
    assert_int_equal(ddz_student_fit(paths, 1, &fc, w, &rep, &err), 0);
    assert_int_equal(rep.train + rep.test, n);
    assert_true(rep.test > 0 && rep.test_agree >= 0 && rep.test_agree <= 1);
    assert_true(rep.test_rule_agree > 0.3); /* the search keeps the rule agent's move in most decisions */
    assert_int_equal(ddz_student_fit(paths, 2, &fc, w, &rep, &err), 0);
    assert_int_equal(rep.train + rep.test, 2 * n);
    /* The C file carries the weights and how they were made. */
    FILE *c = tmpfile();
    assert_non_null(c);
    assert_int_equal(ddz_student_write_c(c, w, "made by test_student"), 0);
    rewind(c);
    char text[256];
    size_t got = fread(text, 1, sizeof text - 1, c);
    text[got] = '\0';
    fclose(c);
    assert_non_null(strstr(text, "made by test_student"));
    /* Cut in the middle of a decision. */
    copy_prefix(data, bad, 5000, NULL);
    assert_int_equal(ddz_student_fit((const char *[]){bad}, 1, &fc, w, &rep, &err), -1);
    assert_non_null(strstr(err.msg, "cut short"));
    /* Another feature count, and not a data file at all. */
    copy_prefix(data, bad, 100000, "ddz-student-data 9 9\n");
    assert_int_equal(ddz_student_fit((const char *[]){bad}, 1, &fc, w, &rep, &err), -1);
    assert_non_null(strstr(err.msg, "made with 9 move features"));
    copy_prefix(data, bad, 100000, "hello\n");
    assert_int_equal(ddz_student_fit((const char *[]){bad}, 1, &fc, w, &rep, &err), -1);
    assert_non_null(strstr(err.msg, "not a student data file"));
    /* A damaged count. */
    f = fopen(bad, "wb");
    assert_non_null(f);
    fprintf(f, "ddz-student-data %d %d\n", DDZ_STUDENT_MOVE_NB, DDZ_STUDENT_CTX_NB);
    int32_t head[2] = {1, 0};
    fwrite(head, sizeof head, 1, f);
    fclose(f);
    assert_int_equal(ddz_student_fit((const char *[]){bad}, 1, &fc, w, &rep, &err), -1);
    assert_non_null(strstr(err.msg, "decision 1 is damaged"));
    unlink(data);
    unlink(bad);
    test_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_describe_hand_built_positions),
        cmocka_unit_test(student_with_rule_weights_plays_as_the_rule_agent),
        cmocka_unit_test(shipped_student_plays_legal_games),
        cmocka_unit_test(search_reports_its_last_decision),
        cmocka_unit_test(data_and_fit_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
