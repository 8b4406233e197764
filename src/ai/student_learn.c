/* student_learn.c -- the student's data (the search's decisions in self-play) and its fit (a
 * softmax over each decision's candidates, trained with Adam on soft targets). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/search.h"
#include "ddz/student.h"
#include "selfplay.h"

#define MOVE_NB DDZ_STUDENT_MOVE_NB
#define CTX_NB DDZ_STUDENT_CTX_NB

/* The data ----------------------------------------------------------------------------------*/

/* Buffers of one decision. */
typedef struct Decision {
    DdzMove cand[DDZ_MAX_MOVES + 1];
    double value[DDZ_MAX_MOVES + 1];
    float fvalue[DDZ_MAX_MOVES + 1];
    float ctx[CTX_NB];
    float feats[(DDZ_MAX_MOVES + 1) * MOVE_NB];
} Decision;

static int write_decision(FILE *out, const Decision *d, int n, int chosen)
{
    int32_t head[2] = {n, chosen};
    if (fwrite(head, sizeof head, 1, out) != 1 || fwrite(d->ctx, sizeof(float), CTX_NB, out) != CTX_NB ||
        fwrite(d->fvalue, sizeof(float), (size_t)n, out) != (size_t)n ||
        fwrite(d->feats, sizeof(float) * MOVE_NB, (size_t)n, out) != (size_t)n)
        return -1;
    return 0;
}

long ddz_student_data(const DdzStudentDataConfig *cfg, FILE *out, DdzError *err)
{
    DdzGame *g = malloc(sizeof *g);
    Decision *d = malloc(sizeof *d);
    DdzStudentDescriber *desc = ddz_student_describer_new();
    long written = -1;
    if (!g || !d || !desc) {
        ddz_error_set(err, 0, "out of memory");
        goto done;
    }
    if (fprintf(out, "ddz-student-data %d %d\n", MOVE_NB, CTX_NB) < 0)
        goto write_failed;
    written = 0;
    bool write_error = false;
    for (long k = 0; k < cfg->games; k++) {
        DdzAgent agents[DDZ_SEAT_NB];
        if (ddz_selfplay_agents_new(agents, cfg->teacher, cfg->seed, k, 0, err) != 0) {
            written = -1;
            goto done;
        }
        int rc = ddz_selfplay_deal(g, cfg->rules, cfg->seed, k, err);
        while (rc == 0 && g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            DdzAction a;
            int seat = g->turn;
            ddz_game_view(g, seat, &v);
            if (agents[seat].act(agents[seat].state, &v, &a) != 0) {
                rc = ddz_error_set(err, 0, "game %ld: %s found no action", k, cfg->teacher);
                break;
            }
            int chosen, n = ddz_search_last(&agents[seat], d->cand, d->value, &chosen);
            if (n >= 2) {
                if (ddz_student_describe(desc, &v, d->cand, n, d->ctx, d->feats) != 0) {
                    rc = ddz_error_set(err, 0, "out of memory");
                    break;
                }
                for (int i = 0; i < n; i++)
                    d->fvalue[i] = (float)d->value[i];
                if (write_decision(out, d, n, chosen) != 0) {
                    rc = -1;
                    write_error = true;
                    break;
                }
                written++;
            }
            rc = ddz_game_apply(g, &a, err);
        }
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_agent_free(&agents[s]);
        if (write_error)
            goto write_failed;
        if (rc != 0) {
            written = -1;
            goto done;
        }
        if (cfg->progress)
            cfg->progress(cfg->progress_ctx, k + 1, written);
    }
    if (fflush(out) == 0)
        goto done;
write_failed:
    ddz_error_set(err, 0, "cannot write the data");
    written = -1;
done:
    ddz_student_describer_free(desc);
    free(d);
    free(g);
    return written;
}

int ddz_learn_agreement(const char *a, const char *b, DdzRuleset rules, long games, uint64_t seed, DdzAgreement *out,
                        DdzError *err)
{
    memset(out, 0, sizeof *out);
    DdzGame *g = malloc(sizeof *g);
    if (!g)
        return ddz_error_set(err, 0, "out of memory");
    int rc = 0;
    for (long k = 0; k < games && rc == 0; k++) {
        DdzAgent ag[DDZ_SEAT_NB], other, rule;
        if (ddz_selfplay_agents_new(ag, a, seed, k, 0, err) != 0) {
            free(g);
            return -1;
        }
        bool ok = ddz_ai_agent_new(&other, b, ddz_selfplay_seat_seed(~seed, k, 0, 0), err) == 0;
        if (ok && ddz_ai_agent_new(&rule, "rule", 1, err) != 0) {
            ddz_agent_free(&other);
            ok = false;
        }
        if (!ok) {
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                ddz_agent_free(&ag[s]);
            free(g);
            return -1;
        }
        rc = ddz_selfplay_deal(g, rules, seed, k, err);
        DdzMove legal[DDZ_MAX_MOVES + 1];
        while (rc == 0 && g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            DdzAction x, y, z;
            ddz_game_view(g, g->turn, &v);
            if (ag[g->turn].act(ag[g->turn].state, &v, &x) != 0) {
                rc = ddz_error_set(err, 0, "game %ld: %.60s found no action", k, a);
                break;
            }
            if (ddz_view_legal_moves(&v, legal) >= 2) {
                if (other.act(other.state, &v, &y) != 0 || rule.act(rule.state, &v, &z) != 0) {
                    rc = ddz_error_set(err, 0, "game %ld: %.60s found no action", k, b);
                    break;
                }
                bool same = ddz_move_equal(&x.move, &y.move), ar = ddz_move_equal(&x.move, &z.move),
                     br = ddz_move_equal(&y.move, &z.move);
                int lead = v.table.type == DDZ_PASS ? 0 : v.landlord != v.seat && v.table_seat != v.landlord ? 1 : 2;
                int role = v.seat == v.landlord ? 0 : (v.seat + 1) % DDZ_SEAT_NB == v.landlord ? 1 : 2;
                out->by_situation[lead][role]++;
                out->a_departs[lead][role] += !ar;
                out->decisions++;
                out->same += same;
                out->a_rule += ar;
                out->b_rule += br;
                if (!ar && !br) {
                    out->both_depart++;
                    out->same_departure += same;
                }
            }
            rc = ddz_game_apply(g, &x, err);
        }
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_agent_free(&ag[s]);
        ddz_agent_free(&other);
        ddz_agent_free(&rule);
    }
    free(g);
    return rc;
}

/* The fit -----------------------------------------------------------------------------------*/

DdzStudentFitConfig ddz_student_fit_default(void)
{
    DdzStudentFitConfig c = {30, 0.02, 0.01, 1e-6, 0.1, 1};
    return c;
}

/* All decisions in memory: for decision j, n[j] candidates, chosen[j], and at pool + off[j]
 * its CTX_NB facts, n values and n x MOVE_NB features. */
typedef struct Data {
    long count, cap;
    int32_t *n, *chosen;
    size_t *off;
    float *pool;
    size_t used, room;
} Data;

static void data_free(Data *dt)
{
    free(dt->n);
    free(dt->chosen);
    free(dt->off);
    free(dt->pool);
}

static int data_load(Data *dt, const char *path, DdzError *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return ddz_error_set(err, 0, "%.200s: cannot open it", path);
    int mf, cf;
    if (fscanf(f, "ddz-student-data %d %d", &mf, &cf) != 2 || fgetc(f) != '\n') {
        fclose(f);
        return ddz_error_set(err, 0, "%.200s: not a student data file (no 'ddz-student-data' line)", path);
    }
    if (mf != MOVE_NB || cf != CTX_NB) {
        fclose(f);
        return ddz_error_set(err, 0, "%.160s: made with %d move features and %d facts; this build has %d and %d",
                             path, mf, cf, MOVE_NB, CTX_NB);
    }
    for (long rec = 1;; rec++) {
        int32_t head[2];
        size_t got = fread(head, sizeof head[0], 2, f);
        if (got == 0 && feof(f))
            break;
        if (got != 2 || head[0] < 2 || head[0] > DDZ_MAX_MOVES + 1 || head[1] < 0 || head[1] >= head[0]) {
            fclose(f);
            return ddz_error_set(err, 0, "%.200s: decision %ld is damaged", path, rec);
        }
        size_t need = CTX_NB + (size_t)head[0] * (1 + MOVE_NB);
        if (dt->count == dt->cap) {
            long cap = dt->cap ? 2 * dt->cap : 4096;
            int32_t *n = realloc(dt->n, (size_t)cap * sizeof *n);
            if (n)
                dt->n = n;
            int32_t *c = realloc(dt->chosen, (size_t)cap * sizeof *c);
            if (c)
                dt->chosen = c;
            size_t *o = realloc(dt->off, (size_t)cap * sizeof *o);
            if (o)
                dt->off = o;
            if (!n || !c || !o) {
                fclose(f);
                return ddz_error_set(err, 0, "out of memory");
            }
            dt->cap = cap;
        }
        if (dt->used + need > dt->room) {
            size_t room = dt->room ? 2 * dt->room : (size_t)1 << 20;
            while (room < dt->used + need)
                room *= 2;
            float *p = realloc(dt->pool, room * sizeof *p);
            if (!p) {
                fclose(f);
                return ddz_error_set(err, 0, "out of memory");
            }
            dt->pool = p;
            dt->room = room;
        }
        if (fread(dt->pool + dt->used, sizeof(float), need, f) != need) {
            fclose(f);
            return ddz_error_set(err, 0, "%.200s: decision %ld is cut short", path, rec);
        }
        dt->n[dt->count] = head[0];
        dt->chosen[dt->count] = head[1];
        dt->off[dt->count] = dt->used;
        dt->used += need;
        dt->count++;
    }
    fclose(f);
    return 0;
}

/* Decision j's soft targets into t (softmax of value / temperature; the teacher's own move
 * gets at least half, so that a move the teacher preferred for a reason the values do not
 * show -- its caution with risky moves -- is still learned). */
static void targets(const Data *dt, long j, double temperature, double *t)
{
    int n = dt->n[j];
    const float *val = dt->pool + dt->off[j] + CTX_NB;
    double top = val[0];
    for (int i = 1; i < n; i++)
        if (val[i] > top)
            top = val[i];
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += t[i] = exp((val[i] - top) / temperature);
    for (int i = 0; i < n; i++)
        t[i] = 0.5 * t[i] / sum + (i == dt->chosen[j] ? 0.5 : 0);
}

/* The softmax of score[0..n) into p and its log-normaliser into *lse (log p[i] = score[i] -
 * *lse); returns the index of the first highest score. */
static int softmax(const float *score, int n, double *p, double *lse)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (score[i] > score[best])
            best = i;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += p[i] = exp((double)score[i] - score[best]);
    for (int i = 0; i < n; i++)
        p[i] /= sum;
    *lse = score[best] + log(sum);
    return best;
}

/* Whether decision j is held out of training, for the report. */
static bool held_out(long j, int every) { return every > 1 && j % every == 0; }

static void decision_scores(const Data *dt, long j, const float *w, float *score)
{
    const float *ctx = dt->pool + dt->off[j];
    ddz_student_scores(w, ctx, ctx + CTX_NB + dt->n[j], dt->n[j], score);
}

int ddz_student_fit(const char *const *paths, int npaths, const DdzStudentFitConfig *cfg, float *w,
                    DdzStudentFitReport *rep, DdzError *err)
{
    Data dt = {0};
    memset(rep, 0, sizeof *rep);
    for (int i = 0; i < npaths; i++)
        if (data_load(&dt, paths[i], err) != 0) {
            data_free(&dt);
            return -1;
        }
    if (dt.count < 10) {
        data_free(&dt);
        return ddz_error_set(err, 0, "%ld decisions: too few to learn from", dt.count);
    }
    int every = cfg->holdout > 0 ? (int)lround(1.0 / cfg->holdout) : 0;
    long *train = malloc((size_t)dt.count * sizeof *train), ntrain = 0;
    double *grad = calloc(DDZ_STUDENT_FEATURES, sizeof *grad), *m1 = calloc(DDZ_STUDENT_FEATURES, sizeof *m1),
           *m2 = calloc(DDZ_STUDENT_FEATURES, sizeof *m2);
    if (!train || !grad || !m1 || !m2) {
        free(train), free(grad), free(m1), free(m2);
        data_free(&dt);
        return ddz_error_set(err, 0, "out of memory");
    }
    for (long j = 0; j < dt.count; j++)
        if (!held_out(j, every))
            train[ntrain++] = j;
    memset(w, 0, DDZ_STUDENT_FEATURES * sizeof *w);
    w[1] = 1.0f; /* the rule agent's choice: the student starts as the rule agent */
    DdzRng rng;
    ddz_rng_seed(&rng, cfg->seed);
    const int batch = 256;
    const double b1 = 0.9, b2 = 0.999;
    long step = 0;
    float score[DDZ_MAX_MOVES + 1];
    double t[DDZ_MAX_MOVES + 1], p[DDZ_MAX_MOVES + 1];
    for (int epoch = 0; epoch < cfg->epochs; epoch++) {
        for (long i = ntrain - 1; i > 0; i--) {
            long k = (long)(ddz_rng_next(&rng) % (uint64_t)(i + 1)), x = train[i];
            train[i] = train[k];
            train[k] = x;
        }
        for (long b0 = 0; b0 < ntrain; b0 += batch) {
            long b1n = b0 + batch < ntrain ? b0 + batch : ntrain;
            memset(grad, 0, DDZ_STUDENT_FEATURES * sizeof *grad);
            for (long bi = b0; bi < b1n; bi++) {
                long j = train[bi];
                int n = dt.n[j];
                const float *ctx = dt.pool + dt.off[j], *feats = ctx + CTX_NB + n;
                decision_scores(&dt, j, w, score);
                double lse;
                softmax(score, n, p, &lse);
                targets(&dt, j, cfg->temperature, t);
                double g[MOVE_NB] = {0};
                for (int i = 0; i < n; i++) {
                    double d = p[i] - t[i];
                    for (int k = 0; k < MOVE_NB; k++)
                        g[k] += d * feats[(size_t)i * MOVE_NB + k];
                }
                for (int c = 0; c < CTX_NB; c++)
                    if (ctx[c] != 0)
                        for (int k = 0; k < MOVE_NB; k++)
                            grad[c * MOVE_NB + k] += ctx[c] * g[k];
            }
            step++;
            double scale = 1.0 / (double)(b1n - b0);
            double c1 = 1 - pow(b1, (double)step), c2 = 1 - pow(b2, (double)step);
            for (int k = 0; k < DDZ_STUDENT_FEATURES; k++) {
                double gk = grad[k] * scale + cfg->l2 * w[k];
                m1[k] = b1 * m1[k] + (1 - b1) * gk;
                m2[k] = b2 * m2[k] + (1 - b2) * gk * gk;
                w[k] -= (float)(cfg->rate * (m1[k] / c1) / (sqrt(m2[k] / c2) + 1e-8));
            }
        }
    }
    /* The report on the held-out decisions. */
    for (long j = 0; j < dt.count; j++) {
        if (!held_out(j, every))
            continue;
        int n = dt.n[j];
        const float *ctx = dt.pool + dt.off[j], *val = ctx + CTX_NB, *feats = val + n;
        decision_scores(&dt, j, w, score);
        double lse, loss = 0;
        int best = softmax(score, n, p, &lse);
        targets(&dt, j, cfg->temperature, t);
        for (int i = 0; i < n; i++)
            loss -= t[i] * (score[i] - lse);
        int rule = -1;
        for (int i = 0; i < n && rule < 0; i++)
            if (feats[(size_t)i * MOVE_NB + 1] != 0)
                rule = i;
        rep->test++;
        rep->test_agree += best == dt.chosen[j];
        rep->test_rule_agree += rule == dt.chosen[j];
        rep->test_loss += loss;
        rep->test_regret += val[dt.chosen[j]] - val[best];
        rep->rule_regret += rule >= 0 ? val[dt.chosen[j]] - val[rule] : 0;
    }
    rep->train = ntrain;
    if (rep->test > 0) {
        rep->test_agree /= (double)rep->test;
        rep->test_rule_agree /= (double)rep->test;
        rep->test_loss /= (double)rep->test;
        rep->test_regret /= (double)rep->test;
        rep->rule_regret /= (double)rep->test;
    }
    free(train), free(grad), free(m1), free(m2);
    data_free(&dt);
    return 0;
}

int ddz_student_write_c(FILE *out, const float *w, const char *comment)
{
    fprintf(out, "/* student_weights.c -- the student's weights (student.h), written by `ddz learn fit`.\n");
    for (const char *p = comment; p && *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, " * %.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
    }
    fprintf(out, " * Rows: the %d situation facts (student.c), each %d move features. */\n", CTX_NB, MOVE_NB);
    fprintf(out, "#include \"ddz/student.h\"\n\nconst float ddz_student_weights[DDZ_STUDENT_FEATURES] = {\n");
    for (int c = 0; c < CTX_NB; c++) {
        fprintf(out, "   ");
        for (int k = 0; k < MOVE_NB; k++)
            fprintf(out, " %.7ef,", (double)w[c * MOVE_NB + k]);
        fprintf(out, "\n");
    }
    return fprintf(out, "};\n") < 0 || fflush(out) != 0 ? -1 : 0;
}
