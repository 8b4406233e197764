/* test_search_model.c -- the search's model of the other players: the likelihood of the
 * public actions (infer) puts the hidden cards better than uniform sampling, planner plays
 * the play-outs' seats it is given (mix, mixopp), the mixture tells planner from the rule
 * agent (adapt, tied) and rhcp from both (both), an appointed landlord's bid is not read, and the replay cut short
 * keeps the same worlds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/ai.h"
#include "ddz/engine.h"
#include "ddz/game.h"
#include "ddz/search.h"

/* The opponent model (infer) on games the rule agent plays: its weights put more of the
 * hidden cards in the right seat than uniform sampling, and give the true deal a higher
 * likelihood; without infer both measures are the uniform sampler's. */
static void inference_weights_favour_the_true_deal(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzRng rng;
    ddz_rng_seed(&rng, 0xFEED);
    DdzSamplerEval with = {0}, without = with;
    DdzSearchConfig on = ddz_search_default(), off = on;
    on.infer = true;
    off.infer = false;
    for (int k = 0; k < 4; k++) {
        DdzAgent a[3];
        DdzError err;
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&a[s], "rule", (uint64_t)(k * 3 + s), &err), 0);
        ddz_game_new(g, &opt, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
        while (g->phase == DDZ_PHASE_PLAY) {
            if (g->nhist % 3 == 0) {
                ddz_search_sampler_eval(&on, g, g->turn, 60, (uint64_t)g->nhist, &with);
                ddz_search_sampler_eval(&off, g, g->turn, 60, (uint64_t)g->nhist, &without);
            }
            assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
        }
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&a[s]);
    }
    free(g);
    assert_true(with.views > 30);
    assert_int_equal(with.views, without.views);
    double n = (double)with.views;
    printf("uniform %.3f, weighted %.3f, log-likelihood gain %.2f over %ld views\n", with.acc_uniform / n,
           with.acc_weighted / n, with.ll / n, with.views);
    assert_true(with.acc_weighted / n > with.acc_uniform / n + 0.03);
    assert_true(with.ll / n > 1.0);
    assert_true(with.ess / n < 0.8); /* the weights do differ */
    assert_float_equal(without.acc_weighted, without.acc_uniform, 1e-9);
    assert_float_equal(without.ll, 0, 1e-9);
    /* the same uniform draws either way (same seeds) */
    assert_float_equal(without.acc_uniform, with.acc_uniform, 1e-9);
}

/* :mixP: each seat of a play-out is played by planner instead of the rule policy P% of the
 * time, the seats drawn from the play-out's own seed. Off (mix0, the default) the search's
 * values are those of a search without the option to the last bit; at mix100 every play-out
 * is planner's, and the values differ in most decisions. :mixoppP mixes only the searcher's
 * opponents' seats: at mixopp100 the values differ from both in most decisions. Positions
 * of rule self-play games. */
static void mix_plays_out_with_planner(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzRng rng;
    ddz_rng_seed(&rng, 0x313E);
    static const char *const NAMES[] = {"search:0/20:solve0", "search:0/20:solve0:mix0", "search:0/20:solve0:mix100",
                                        "search:0/20:solve0:mixopp100", "search:0/20:solve0:mixopp0"};
    enum { N = sizeof NAMES / sizeof NAMES[0] };
    int decisions = 0, differ = 0, differ_opp = 0, differ_all = 0;
    for (int k = 0; k < 3; k++) {
        DdzAgent rule[3];
        DdzError err;
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&rule[s], "rule", (uint64_t)s, &err), 0);
        ddz_game_new(g, &opt, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
        while (g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            ddz_game_view(g, g->turn, &v);
            double value[N][DDZ_MAX_MOVES + 1];
            int nc[N];
            for (int n = 0; n < N; n++) {
                DdzAgent a;
                DdzAction act;
                DdzMove cand[DDZ_MAX_MOVES + 1];
                int chosen;
                assert_int_equal(ddz_ai_agent_new(&a, NAMES[n], 7, &err), 0);
                assert_int_equal(a.act(a.state, &v, &act), 0);
                nc[n] = ddz_search_last(&a, cand, value[n], &chosen);
                ddz_agent_free(&a);
            }
            for (int n = 1; n < N; n++)
                assert_int_equal(nc[0], nc[n]);
            if (nc[0] > 0) {
                decisions++;
                bool same = true, same_opp = true, same_all = true;
                for (int i = 0; i < nc[0]; i++) {
                    assert_true(value[0][i] == value[1][i]);
                    assert_true(value[0][i] == value[4][i]);
                    same = same && value[0][i] == value[2][i];
                    same_opp = same_opp && value[0][i] == value[3][i];
                    same_all = same_all && value[2][i] == value[3][i];
                }
                differ += !same;
                differ_opp += !same_opp;
                differ_all += !same_all;
            }
            assert_int_equal(ddz_agent_step(&rule[g->turn], g, &err), 0);
        }
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&rule[s]);
    }
    printf("mix100: values differ from the rule play-outs' in %d of %d decisions\n", differ, decisions);
    printf("mixopp100: from the rule play-outs' in %d, from mix100's in %d\n", differ_opp, differ_all);
    assert_true(decisions > 20);
    assert_true(differ * 2 > decisions);
    assert_true(differ_opp * 2 > decisions);
    assert_true(differ_all * 2 > decisions);
    DdzSearchConfig c;
    assert_int_equal(ddz_search_config_parse("search:mix25:0/100", &c, NULL), 0);
    assert_int_equal(c.mix, 25);
    assert_false(c.mix_opponents);
    assert_int_equal(ddz_search_config_parse("search:0/100:mixopp25", &c, NULL), 0);
    assert_int_equal(c.mix, 25);
    assert_true(c.mix_opponents);
    assert_int_equal(ddz_search_config_parse("search", &c, NULL), 0);
    assert_int_equal(c.mix, 0);
    assert_false(c.mix_opponents);
    static const char *const BAD[] = {"search:mix",        "search:mix101",      "search:mix-1",  "search:mix5:mix5",
                                      "search:mix5:mixopp5", "search:mixopp101", "search:mixopp", "search:mixopp5:mix5"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &c, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    free(g);
}

/* :adapt's mixture tells the opponents apart: in games planner plays, the sampler's chance
 * that an opponent plays as planner rises above its prior, in games the rule agent plays it
 * falls below it; and on planner's games the mixture gives the true deal a higher likelihood
 * than the rule agent's model alone. */
static void adapt_tells_planner_from_the_rule_agent(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzSearchConfig mixture, plain;
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt", &mixture, NULL), 0);
    assert_true(mixture.adapt && mixture.infer && mixture.mix_opponents && mixture.mix == 25);
    assert_int_equal(ddz_search_config_parse("search:infer", &plain, NULL), 0);
    DdzSearchConfig tied;
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt:tied", &tied, NULL), 0);
    assert_true(tied.tied && !mixture.tied);
    static const char *const PLAYERS[] = {"planner", "rule"};
    DdzSamplerEval sum[2][2], lord[2][2]; /* lord: the landlord's views, untied and tied */
    memset(sum, 0, sizeof sum);
    memset(lord, 0, sizeof lord);
    for (int p = 0; p < 2; p++) {
        DdzRng rng;
        ddz_rng_seed(&rng, 0xADA7);
        for (int k = 0; k < 6; k++) {
            DdzAgent a[3];
            DdzError err;
            for (int s = 0; s < 3; s++)
                assert_int_equal(ddz_ai_agent_new(&a[s], PLAYERS[p], (uint64_t)(k * 3 + s), &err), 0);
            ddz_game_new(g, &opt, &rng, 0);
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                if (g->nhist >= 12 && g->nhist % 3 == 0) {
                    ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][0]);
                    ddz_search_sampler_eval(&plain, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][1]);
                    { /* a farmer has one opponent: tied changes nothing */
                        DdzSamplerEval one, two;
                        memset(&one, 0, sizeof one);
                        memset(&two, 0, sizeof two);
                        ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &one);
                        ddz_search_sampler_eval(&tied, g, g->turn, 40, (uint64_t)g->nhist, &two);
                        assert_float_equal(one.planner, two.planner, 1e-12);
                        assert_float_equal(one.ll, two.ll, 1e-12);
                    }
                }
                if (g->nhist >= 12 && g->turn == g->landlord) {
                    ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &lord[p][0]);
                    ddz_search_sampler_eval(&tied, g, g->turn, 40, (uint64_t)g->nhist, &lord[p][1]);
                }
                assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
            }
            for (int s = 0; s < 3; s++)
                ddz_agent_free(&a[s]);
        }
        assert_true(sum[p][0].views > 20);
        assert_int_equal(sum[p][0].views, sum[p][1].views);
        assert_float_equal(sum[p][1].planner, 0, 1e-12); /* no mixture, no posterior */
    }
    double n0 = (double)sum[0][0].views, n1 = (double)sum[1][0].views;
    printf("planner's games: chance of planner %.3f, true deal's log-likelihood gain %.2f (rule model %.2f)\n",
           sum[0][0].planner / n0, sum[0][0].ll / n0, sum[0][1].ll / n0);
    printf("rule's games: chance of planner %.3f, true deal's log-likelihood gain %.2f (rule model %.2f)\n",
           sum[1][0].planner / n1, sum[1][0].ll / n1, sum[1][1].ll / n1);
    assert_true(sum[0][0].planner / n0 > 0.35);
    assert_true(sum[1][0].planner / n1 < 0.15);
    assert_true(sum[0][0].ll / n0 > sum[0][1].ll / n0 + 0.5);
    /* :tied: the landlord weighs both farmers' actions together, so the posterior moves
     * further from the prior, towards the program that plays */
    for (int p = 0; p < 2; p++) {
        double n = (double)lord[p][0].views;
        assert_true(n > 5);
        printf("%s's games, the landlord's views: chance of planner %.3f, tied %.3f\n", PLAYERS[p],
               lord[p][0].planner / n, lord[p][1].planner / n);
    }
    assert_true(lord[0][1].planner > lord[0][0].planner + 0.1 * (double)lord[0][0].views);
    assert_true(lord[1][1].planner < 0.75 * lord[1][0].planner);
    static const char *const BAD[] = {"search:adapt", "search:infer:adapt", "search:mixopp25:adapt",
                                      "search:infer:mix25:adapt", "search:infer:mixopp0:adapt",
                                      "search:infer:mixopp25:adapt:adapt", "search:infer:mixopp25:tied",
                                      "search:infer:mixopp25:adapt:tied:tied"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &mixture, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    DdzError err;
    assert_int_equal(ddz_search_config_parse("search:infer:adapt", &mixture, &err), -1);
    assert_non_null(strstr(err.msg, "needs :infer and :mixoppP"));
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:tied", &mixture, &err), -1);
    assert_non_null(strstr(err.msg, ":tied"));
    assert_non_null(strstr(err.msg, "needs :adapt"));
    free(g);
}

/* :both makes the mixture three programs (the rule agent, planner, rhcp, each stranger with
 * the prior): on each program's games the posterior leans to that program, and on rhcp's the
 * true deal is likelier than under the two-program mixture of planner; :rhcp puts rhcp in
 * planner's place. */
static void both_tells_the_three_programs_apart(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzSearchConfig both, two, alone;
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt:both", &both, NULL), 0);
    assert_true(both.both && !strcmp(both.stranger, "planner"));
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt", &two, NULL), 0);
    assert_true(!two.both && !strcmp(two.stranger, "planner"));
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt:rhcp", &alone, NULL), 0);
    assert_true(!alone.both && !strcmp(alone.stranger, "rhcp"));
    static const char *const PLAYERS[] = {"rhcp", "planner", "rule"};
    DdzSamplerEval sum[3][2];
    memset(sum, 0, sizeof sum);
    for (int p = 0; p < 3; p++) {
        DdzRng rng;
        ddz_rng_seed(&rng, 0xB07);
        for (int k = 0; k < 6; k++) {
            DdzAgent a[3];
            DdzError err;
            for (int s = 0; s < 3; s++)
                assert_int_equal(ddz_ai_agent_new(&a[s], PLAYERS[p], (uint64_t)(k * 3 + s), &err), 0);
            ddz_game_new(g, &opt, &rng, 0);
            assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                if (g->nhist >= 12 && g->nhist % 3 == 0) {
                    ddz_search_sampler_eval(&both, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][0]);
                    ddz_search_sampler_kept(&both, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][0]);
                    ddz_search_sampler_eval(&two, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][1]);
                }
                assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
            }
            for (int s = 0; s < 3; s++)
                ddz_agent_free(&a[s]);
        }
        assert_true(sum[p][0].views > 20);
        assert_float_equal(sum[p][1].rhcp, 0, 1e-12); /* two programs: no rhcp */
        double n = (double)sum[p][0].views;
        printf("%s's games: chance of planner %.3f, of rhcp %.3f; true deal's log-likelihood gain %.2f "
               "(planner's mixture %.2f)\n",
               PLAYERS[p], sum[p][0].planner / n, sum[p][0].rhcp / n, sum[p][0].ll / n, sum[p][1].ll / n);
    }
    double n0 = (double)sum[0][0].views, n1 = (double)sum[1][0].views, n2 = (double)sum[2][0].views;
    assert_true(sum[0][0].rhcp > 2 * sum[0][0].planner && sum[0][0].rhcp / n0 > 0.35);
    assert_true(sum[1][0].planner > 1.5 * sum[1][0].rhcp && sum[1][0].planner / n1 > 0.3);
    assert_true((sum[2][0].planner + sum[2][0].rhcp) / n2 < 0.4); /* the strangers' prior: 0.5 */
    assert_true(sum[0][0].ll / n0 > sum[0][1].ll / n0 + 0.5);
    /* The worlds the search keeps (by rejection against the likeliest world seen, each
     * weighed anew when a likelier one turns up) place the hidden cards better than the same
     * number of draws weighed by their likelihood, by 0.030 to 0.041 of the cards here: they
     * are chosen from more draws. Before the weighing anew, the worlds kept before the
     * likeliest was seen counted fully (0.015 to 0.019 better than the weighed draws). */
    for (int p = 0; p < 3; p++) {
        double n = (double)sum[p][0].views;
        printf("%s's games: hidden cards placed right %.4f by the weighed draws, %.4f by the worlds kept "
               "(effective share %.3f)\n",
               PLAYERS[p], sum[p][0].acc_weighted / n, sum[p][0].acc_kept / n, sum[p][0].ess_kept / n);
        assert_int_equal(sum[p][0].kept_views, sum[p][0].views);
        assert_true(sum[p][0].acc_kept > sum[p][0].acc_weighted + 0.025 * n);
    }
    static const char *const BAD[] = {"search:infer:mixopp60:adapt:both", "search:infer:adapt:both", "search:both",
                                      "search:infer:mixopp25:adapt:rhcp:both", "search:infer:mixopp25:both:both",
                                      "search:infer:mixopp25:rhcp:rhcp"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &both, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    DdzError err;
    assert_int_equal(ddz_search_config_parse("search:mixopp60:both", &both, &err), -1);
    assert_non_null(strstr(err.msg, ":both"));
    free(g);
}

/* Counts the actions the opponent model is asked about, and the bids among them. */
typedef struct AskCount {
    int asked, bids;
} AskCount;

static bool count_asks(void *ctx, const DdzGame *w, const DdzAction *a)
{
    (void)w;
    AskCount *c = ctx;
    c->asked++;
    c->bids += a->kind == DDZ_ACT_BID;
    return true;
}

/* An appointed landlord (DouZero's protocol, ddz arena without --bidding, every engine play
 * request) made no choice with its bid: the opponent model is not asked about it, while a
 * bid of 3 made in real bidding is asked about. ddz_game_appoint refuses once the bidding
 * has begun or when the seat does not bid first. */
static void appointed_bids_say_nothing_of_the_hands(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    for (int appointed = 0; appointed < 2; appointed++) {
        DdzRng rng;
        ddz_rng_seed(&rng, 0xB1D);
        ddz_game_new(g, &opt, &rng, 0);
        DdzError err;
        if (appointed) {
            assert_int_equal(ddz_game_appoint(g, 1, &err), -1); /* seat 0 bids first */
            assert_non_null(strstr(err.msg, "does not bid first"));
            assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
            assert_true(g->opt.appointed);
            assert_int_equal(ddz_game_appoint(g, 0, &err), -1);
            assert_non_null(strstr(err.msg, "has begun or ended"));
        } else {
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            assert_false(g->opt.appointed);
        }
        assert_int_equal(g->phase, DDZ_PHASE_PLAY);
        assert_int_equal(g->landlord, 0);
        DdzAgent a;
        assert_int_equal(ddz_ai_agent_new(&a, "rule", 1, &err), 0);
        for (int k = 0; k < 4; k++)
            assert_int_equal(ddz_agent_step(&a, g, &err), 0);
        ddz_agent_free(&a);
        DdzView v;
        ddz_game_view(g, 1, &v); /* a farmer, the landlord's bid in its history */
        assert_int_equal(v.opt.appointed, appointed);
        DdzGame *w = malloc(sizeof *w);
        assert_non_null(w);
        AskCount c = {0, 0};
        assert_true(ddz_search_world(w, &v, g->hand, count_asks, &c) >= 0);
        assert_int_equal(c.bids, appointed ? 0 : 1);
        assert_int_equal(c.asked, appointed ? 3 : 4); /* seats 0, 2 and 0: their plays */
        free(w);
    }
    free(g);
}

/* :adapt stops a drawn world's replay once its weight is under the bar of the rejection that
 * follows (the uniform number it will draw is known), the opponent model is asked from the
 * last action back, and its answers are remembered by public history and hand across the
 * decisions of a game: the same worlds are kept with the same weights as when every action is
 * asked in order, every time, so the same candidates get the same values, in every decision of
 * these games, landlord and farmers, tied or not, with two strangers or none. */
static void early_rejection_keeps_the_same_worlds(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    static const char *const NAMES[] = {"search:0/12:infer:mixopp25:adapt", "search:0/12:infer:mixopp50:adapt:tied",
                                        "search:0/12:infer:mixopp25:adapt:both", "search:0/12:infer"};
    int decisions = 0;
    for (int n = 0; n < 4; n++) {
        DdzSearchConfig fast, whole;
        assert_int_equal(ddz_search_config_parse(NAMES[n], &fast, NULL), 0);
        whole = fast;
        whole.replay_whole = true;
        DdzRng rng;
        ddz_rng_seed(&rng, 0xEA51 + (uint64_t)n);
        for (int k = 0; k < 2; k++) {
            DdzAgent a[3], b[3];
            DdzError err;
            for (int s = 0; s < 3; s++) {
                assert_int_equal(ddz_search_agent_new(&a[s], &fast, (uint64_t)(k * 3 + s), &err), 0);
                assert_int_equal(ddz_search_agent_new(&b[s], &whole, (uint64_t)(k * 3 + s), &err), 0);
            }
            ddz_game_new(g, &opt, &rng, 0);
            assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                DdzView v;
                ddz_game_view(g, g->turn, &v);
                DdzAction x, y;
                assert_int_equal(a[g->turn].act(a[g->turn].state, &v, &x), 0);
                assert_int_equal(b[g->turn].act(b[g->turn].state, &v, &y), 0);
                assert_int_equal(x.move.type, y.move.type);
                assert_true(x.move.ranks == y.move.ranks);
                DdzMove cx[DDZ_MAX_MOVES + 1], cy[DDZ_MAX_MOVES + 1];
                double vx[DDZ_MAX_MOVES + 1], vy[DDZ_MAX_MOVES + 1];
                int bx, by, nx = ddz_search_last(&a[g->turn], cx, vx, &bx), ny = ddz_search_last(&b[g->turn], cy, vy, &by);
                assert_int_equal(nx, ny);
                for (int i = 0; i < nx; i++)
                    assert_float_equal(vx[i], vy[i], 1e-12);
                decisions += nx > 1;
                assert_int_equal(ddz_game_apply(g, &x, &err), 0);
            }
            for (int s = 0; s < 3; s++) {
                ddz_agent_free(&a[s]);
                ddz_agent_free(&b[s]);
            }
        }
    }
    printf("%d decisions with a choice, the same values\n", decisions);
    assert_true(decisions > 80);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inference_weights_favour_the_true_deal),
        cmocka_unit_test(mix_plays_out_with_planner),
        cmocka_unit_test(adapt_tells_planner_from_the_rule_agent),
        cmocka_unit_test(both_tells_the_three_programs_apart),
        cmocka_unit_test(appointed_bids_say_nothing_of_the_hands),
        cmocka_unit_test(early_rejection_keeps_the_same_worlds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
