/* bidcal.c -- the search's bidding estimate against what the final players make of the deal
 * (bidcal.h). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/bidcal.h"
#include "ddz/search.h"

int ddz_bidcal_bucket(double p)
{
    int b = (int)(p * DDZ_BIDCAL_NB);
    return b < 0 ? 0 : b >= DDZ_BIDCAL_NB ? DDZ_BIDCAL_NB - 1 : b;
}

static int fail(DdzError *err, const char *msg)
{
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return -1;
}

/* Each seat's estimate of its side's win chance in the game as it stands (bidding or
 * doubling), on generators seeded from the deal and `salt`; 0, or -1 with err. */
static int estimate_all(const DdzSearchConfig *cfg, const DdzGame *g, long k, uint64_t seed, uint64_t salt,
                        double p[DDZ_SEAT_NB], DdzError *err)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzView v;
        ddz_game_view(g, s, &v);
        DdzRng est;
        ddz_rng_seed(&est, (seed + (uint64_t)k) * 3 + (uint64_t)s + salt);
        p[s] = ddz_search_win_chance(cfg, &v, &est, ddz_search_bid_count(cfg));
        if (p[s] < 0) {
            if (err) {
                err->pos = 0;
                snprintf(err->msg, sizeof err->msg, "deal %ld: no estimate of seat %d's win chance (too short a clock?)",
                         k, s);
            }
            return -1;
        }
    }
    return 0;
}

static void tally(DdzBidCalTable *t, double p, bool won, double points)
{
    int b = ddz_bidcal_bucket(p);
    t->games[b]++;
    t->wins[b] += won;
    t->p[b] += p;
    t->points[b] += points;
}

/* Plays deal k (the agents made for it) and tallies it. */
static int calibrate_deal(const DdzSearchConfig *cfg, const char *lord_name, const char *farmer_name,
                          const DdzOptions *o, long k, uint64_t seed, DdzGame *g, DdzBidCalibration *out,
                          DdzError *err)
{
    DdzRng rng;
    ddz_rng_seed(&rng, seed + (uint64_t)k);
    int lord = (int)(k % DDZ_SEAT_NB);
    ddz_game_new(g, o, &rng, lord);
    double p[DDZ_SEAT_NB], q[DDZ_SEAT_NB];
    if (estimate_all(cfg, g, k, seed, 0x5eedULL, p, err) != 0)
        return -1;
    DdzAction bid = ddz_action_bid(lord, 3);
    if (ddz_game_apply(g, &bid, err) != 0)
        return -1;
    /* The doubling phase (o asks for it): each seat estimates, then the farmers decline. */
    assert(g->phase == DDZ_PHASE_DOUBLE);
    if (estimate_all(cfg, g, k, seed, 0xd0b1eULL, q, err) != 0)
        return -1;
    while (g->phase == DDZ_PHASE_DOUBLE) {
        DdzAction no = ddz_action_double(g->turn, 0);
        if (ddz_game_apply(g, &no, err) != 0)
            return -1;
    }
    DdzAgent agents[DDZ_SEAT_NB];
    int made = 0, rc = 0;
    for (; made < DDZ_SEAT_NB; made++)
        if (ddz_ai_agent_new(&agents[made], made == lord ? lord_name : farmer_name,
                             (seed + (uint64_t)k) * 3 + (uint64_t)made, err) != 0)
            break;
    if (made < DDZ_SEAT_NB)
        rc = -1;
    while (rc == 0 && g->phase == DDZ_PHASE_PLAY)
        if (ddz_agent_step(&agents[g->turn], g, err) != 0)
            rc = -1;
    for (int s = 0; s < made; s++)
        ddz_agent_free(&agents[s]);
    DdzResult r;
    if (rc == 0 && ddz_game_result(g, &r) != 0)
        rc = fail(err, "a deal did not finish");
    if (rc != 0)
        return -1;
    out->deals++;
    out->landlord_wins += r.landlord_won;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        double pts = (double)r.score[s] / (double)(r.base > 0 ? r.base : 1);
        bool won = (s == lord) == r.landlord_won;
        tally(s == lord ? &out->lord : &out->farmer, p[s], won, pts);
        tally(s == lord ? &out->lord_double : &out->farmer_double, q[s], won, pts);
        if (s == lord) {
            double top = p[(s + 1) % DDZ_SEAT_NB] > p[(s + 2) % DDZ_SEAT_NB] ? p[(s + 1) % DDZ_SEAT_NB]
                                                                            : p[(s + 2) % DDZ_SEAT_NB];
            tally(top >= cfg->bid_at[0] / 100.0 ? &out->lord_over : &out->lord_alone, p[s], won, pts);
        }
    }
    return 0;
}

int ddz_bid_calibrate(const char *estimator, const char *lord, const char *farmers, const DdzOptions *opt,
                      long deals, uint64_t seed, DdzBidCalibration *out, DdzError *err)
{
    memset(out, 0, sizeof *out);
    char name[256];
    DdzSearchConfig cfg;
    if (ddz_ai_resolve_name(estimator, name, sizeof name) != 0 || strncmp(name, "search", 6) != 0 ||
        (name[6] != '\0' && name[6] != ':')) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "'%.60s' is not a search agent (hard, expert, search:...)", estimator);
        }
        return -1;
    }
    if (ddz_search_config_parse(name, &cfg, err) != 0)
        return -1;
    DdzOptions o = ddz_options_default();
    o.rules = opt->rules;
    o.play_all = opt->play_all;
    o.packet_deal = opt->packet_deal;
    o.double_mode = DDZ_DOUBLE_FARMER; /* a doubling phase to estimate in; nobody doubles */
    out->bid_from = cfg.bid_at[0];
    DdzGame *g = malloc(sizeof *g);
    if (!g)
        return fail(err, "out of memory");
    int rc = 0;
    for (long k = 0; k < deals && rc == 0; k++)
        rc = calibrate_deal(&cfg, lord, farmers, &o, k, seed, g, out, err);
    free(g);
    return rc;
}
