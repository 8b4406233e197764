/* value.c -- the learned value of a deal whose hands are all known: features, the network,
 * and the self-play data it is learned from. */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/value.h"
#include "selfplay.h"

int ddz_value_features(const DdzGame *g, uint8_t x[DDZ_VALUE_FEATURES])
{
    if (g->phase != DDZ_PHASE_PLAY || ddz_ruleset_is_48(g->opt.rules) || g->landlord >= DDZ_SEAT_NB)
        return -1;
    memset(x, 0, DDZ_VALUE_FEATURES);
    int L = g->landlord;
    uint8_t *p = x;
    for (int q = 0; q < DDZ_SEAT_NB; q++, p += DDZ_VALUE_SEAT_FEATURES) {
        DdzRanks r = ddz_cards_ranks(g->hand[(L + q) % DDZ_SEAT_NB]);
        for (int k = 0; k < DDZ_RANK_BJ; k++) {
            int c = ddz_ranks_get(r, k);
            for (int j = 0; j < c && j < 4; j++)
                p[4 * k + j] = 1;
        }
        p[52] = ddz_ranks_get(r, DDZ_RANK_BJ) > 0;
        p[53] = ddz_ranks_get(r, DDZ_RANK_RJ) > 0;
        int n = ddz_ranks_size(r);
        p[54] = (uint8_t)n;
        p[55] = n == 1;
        p[56] = n == 2;
    }
    p[(g->turn - L + DDZ_SEAT_NB) % DDZ_SEAT_NB] = 1;
    p += 3;
    DdzMove t = ddz_game_table(g);
    if (t.type == DDZ_PASS || g->table < 0) {
        p[0] = 1;
        p += 4;
        p[0] = 1; /* type: pass */
        p += 15;
        p += 15;  /* no rank */
        p[0] = 0;
    } else {
        p[1 + (g->hist[g->table].seat - L + DDZ_SEAT_NB) % DDZ_SEAT_NB] = 1;
        p += 4;
        p[t.type <= DDZ_ROCKET ? t.type : DDZ_BOMB] = 1; /* botzone's shuttles count as bombs */
        p += 15;
        p[t.rank < DDZ_RANK_NB ? t.rank : 0] = 1;
        p += 15;
        p[0] = t.len;
    }
    assert(p + 1 - x == DDZ_VALUE_FEATURES);
    return 0;
}

double ddz_value_eval(const DdzValueNet *net, const uint8_t x[DDZ_VALUE_FEATURES])
{
    enum { MAX_HIDDEN = 256 };
    float h1[MAX_HIDDEN], h2[MAX_HIDDEN];
    assert(net->in == DDZ_VALUE_FEATURES && net->h1 <= MAX_HIDDEN && net->h2 <= MAX_HIDDEN);
    memcpy(h1, net->b1, sizeof(float) * (size_t)net->h1);
    /* The features are mostly zeros: add the rows of those that are not. */
    for (int i = 0; i < net->in; i++) {
        if (!x[i])
            continue;
        const float *w = net->w1 + (size_t)i * (size_t)net->h1;
        float v = (float)x[i];
        for (int j = 0; j < net->h1; j++)
            h1[j] += v * w[j];
    }
    memcpy(h2, net->b2, sizeof(float) * (size_t)net->h2);
    for (int j = 0; j < net->h1; j++) {
        if (h1[j] <= 0)
            continue;
        const float *w = net->w2 + (size_t)j * (size_t)net->h2;
        for (int k = 0; k < net->h2; k++)
            h2[k] += h1[j] * w[k];
    }
    double z = net->b3;
    for (int k = 0; k < net->h2; k++)
        if (h2[k] > 0)
            z += (double)h2[k] * net->w3[k];
    return 1.0 / (1.0 + exp(-z));
}

double ddz_value_landlord(const DdzValueNet *net, const DdzGame *g)
{
    if (g->phase == DDZ_PHASE_OVER) {
        DdzResult r;
        return ddz_game_result(g, &r) == 0 ? (r.landlord_won ? 1.0 : 0.0) : -1.0;
    }
    uint8_t x[DDZ_VALUE_FEATURES];
    if (ddz_value_features(g, x) != 0)
        return -1.0;
    return ddz_value_eval(net, x);
}

/* The data ----------------------------------------------------------------------------------*/

/* Sets the value's self-play apart from the student's on the same seeds. */
#define VALUE_SALT 0x5EED

long ddz_value_data(const DdzValueDataConfig *cfg, FILE *out, DdzError *err)
{
    if (ddz_ruleset_is_48(cfg->rules)) {
        snprintf(err->msg, sizeof err->msg, "the value is learned for the 54-card game, not %s",
                 ddz_ruleset_name(cfg->rules));
        return -1;
    }
    DdzGame *g = malloc(sizeof *g);
    uint8_t (*pos)[DDZ_VALUE_FEATURES] = malloc(sizeof *pos * DDZ_MAX_ACTIONS);
    if (!g || !pos) {
        free(g);
        free(pos);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    long written = 0;
    int rc = fprintf(out, "ddz-value-data %d\n", DDZ_VALUE_FEATURES) > 0 ? 0 : -1;
    for (long k = 0; k < cfg->games && rc == 0; k++) {
        DdzAgent ag[DDZ_SEAT_NB];
        if (ddz_selfplay_agents_new(ag, cfg->teacher, cfg->seed, k, VALUE_SALT, err) != 0) {
            rc = -1;
            break;
        }
        rc = ddz_selfplay_deal(g, cfg->rules, cfg->seed, k, err);
        int n = 0;
        while (rc == 0 && g->phase == DDZ_PHASE_PLAY) {
            if (n < DDZ_MAX_ACTIONS && ddz_value_features(g, pos[n]) == 0)
                n++;
            rc = ddz_agent_step(&ag[g->turn], g, err);
        }
        DdzResult r;
        if (rc == 0 && ddz_game_result(g, &r) != 0) {
            snprintf(err->msg, sizeof err->msg, "game %ld did not end", k);
            rc = -1;
        }
        for (int i = 0; i < n && rc == 0; i++) {
            uint8_t won = r.landlord_won;
            if (fwrite(&won, 1, 1, out) != 1 || fwrite(pos[i], DDZ_VALUE_FEATURES, 1, out) != 1) {
                snprintf(err->msg, sizeof err->msg, "cannot write: %s", strerror(errno));
                rc = -1;
            }
        }
        written += n;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_agent_free(&ag[s]);
        if (rc == 0 && cfg->progress)
            cfg->progress(cfg->progress_ctx, k + 1, written);
    }
    free(g);
    free(pos);
    return rc == 0 ? written : -1;
}
