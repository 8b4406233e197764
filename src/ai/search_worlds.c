/* search_worlds.c -- the worlds the search decides on: the hidden cards drawn at random
 * consistently with a view, the public history replayed into a full game, each world
 * weighed by how likely the others' actions are under the opponent model (:infer, :adapt),
 * kept by rejection against the likeliest world seen; and the sampler's own measure of how
 * well its worlds place the hidden cards (ddz bench sampler). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/search.h"
#include "search_internal.h"

void ddz_search_sample(const DdzView *v, DdzRng *rng, DdzCards hands[DDZ_SEAT_NB])
{
    DdzCards played = v->played[0] | v->played[1] | v->played[2];
    DdzCards known[DDZ_SEAT_NB] = {0, 0, 0};
    known[v->seat] = v->hand;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (v->shown[s])
            known[s] = v->shown[s];
    /* The bottom cards the landlord has not played are still in its hand. */
    if (v->landlord < DDZ_SEAT_NB && v->bottom)
        known[v->landlord] |= v->bottom & ~played;
    DdzCards unseen = ddz_ruleset_deck(v->opt.rules) & ~played & ~(known[0] | known[1] | known[2]);
    DdzCard pool[DDZ_CARD_NB];
    int n = 0;
    for (DdzCards u = unseen; u; u &= u - 1)
        pool[n++] = __builtin_ctzll(u);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ddz_rng_below(rng, (uint32_t)i + 1);
        DdzCard t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int k = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        hands[s] = known[s];
        int need = v->count[s] - ddz_cards_size(known[s]);
        for (; need > 0 && k < n; need--)
            hands[s] |= ddz_cards_of(pool[k++]);
    }
    /* Before the landlord is known the three bottom cards are unseen too: they stay out. */
}

/* Whether agent, in the view ov of the seat that acted, would have taken action a. */
static bool agent_agrees(DdzAgent *agent, const DdzView *ov, const DdzAction *a)
{
    DdzAction mine;
    if (agent->act(agent->state, ov, &mine) != 0 || mine.kind != a->kind)
        return false;
    if (a->kind == DDZ_ACT_PLAY)
        return mine.move.type == a->move.type && mine.move.ranks == a->move.ranks;
    return mine.value == a->value;
}

/* Whether the policy, in the other seat's place in world w, would have taken action a: the
 * opponent model behind the sample weights. With cfg.adapt an opponent's action is tallied
 * against both of the mixture's programs (se->rmiss, se->pmiss) and weighed by
 * world_log_weight, not counted here. */
static double world_log_weight(Search *se, int misses);

static bool policy_agrees(void *ctx, const DdzGame *w, const DdzAction *a)
{
    Search *se = ctx;
    if (se->rejected) /* the world is lost already: asking the programs would change nothing */
        return true;
    DdzView ov;
    ddz_game_view(w, a->seat, &ov);
    bool rule = agent_agrees(&se->policy[a->seat], &ov, a);
    if (!se->cfg.adapt || se->me < 0 || (a->seat == w->landlord) == (se->me == w->landlord)) {
        se->smiss += !rule && se->cfg.adapt; /* counted in the world's misses too */
        return rule;
    }
    se->rmiss[a->seat] += !rule;
    se->pmiss[a->seat] += !agent_agrees(&se->alt[a->seat], &ov, a);
    if (se->cfg.both)
        se->hmiss[a->seat] += !agent_agrees(&se->alt2[a->seat], &ov, a);
    /* The weight only falls as misses add up: once it is under the rejection's bar, the
     * world is rejected whatever the rest of the history holds (a margin keeps rounding
     * from ever deciding it). */
    if (se->reject_below > -INFINITY && world_log_weight(se, se->smiss) + 1e-9 < se->reject_below)
        se->rejected = true;
    return true;
}

int ddz_search_world(DdzGame *world, const DdzView *v, const DdzCards now[DDZ_SEAT_NB],
                     bool (*agrees)(void *ctx, const DdzGame *world, const DdzAction *a), void *ctx)
{
    DdzCards dealt[DDZ_SEAT_NB], all = 0;
    bool crowned = v->landlord < DDZ_SEAT_NB;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        dealt[s] = now[s] | v->played[s];
        if (crowned && s == v->landlord)
            dealt[s] &= ~v->bottom;
        all |= dealt[s];
    }
    DdzCards bottom = crowned ? v->bottom : ddz_ruleset_deck(v->opt.rules) & ~all;
    DdzOptions opt = v->opt;
    opt.first_bidder = DDZ_FIRST_GIVEN; /* the real first bidder is public: keep it */
    if (ddz_game_from_hands(world, &opt, dealt, bottom, v->first, NULL) != 0)
        return -1;
    int misses = 0;
    for (int i = 0; i < v->nhist; i++) {
        const DdzAction *a = &v->hist[i];
        /* Shows are no choice of the cards; an appointed landlord's bids no choice at all. */
        bool choice = a->kind != DDZ_ACT_SHOW && !(v->opt.appointed && a->kind == DDZ_ACT_BID);
        if (agrees && a->seat != v->seat && choice && !agrees(ctx, world, a))
            misses++;
        if (ddz_game_apply(world, a, NULL) != 0) {
            /* hubei48: a pass the sampled hand could have beaten (the real one could not)
             * makes the world less likely, as a decision the policy would not make. */
            if (a->kind != DDZ_ACT_PLAY || a->move.type != DDZ_PASS || ddz_game_apply_known(world, a, NULL) != 0)
                return -1;
            misses++;
        }
    }
    return misses;
}

/* Rebuilds the full game of one sample into se->world (ddz_search_world), with the opponent
 * model when the search infers. With cfg.adapt, a world whose log weight falls under
 * reject_below during the replay is marked se->rejected, and its remaining actions are only
 * applied (-INFINITY: never). */
static int rebuild(Search *se, const DdzView *v, const DdzCards now[DDZ_SEAT_NB], double reject_below)
{
    /* With cfg.adapt, the opponents are known once the landlord is: their actions after it
     * are tallied against both programs (bids stay plain misses of the policy). */
    se->me = v->landlord < DDZ_SEAT_NB ? v->seat : -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        se->rmiss[s] = se->pmiss[s] = se->hmiss[s] = 0;
    se->smiss = 0;
    se->rejected = false;
    se->reject_below = reject_below;
    int misses = ddz_search_world(&se->world, v, now, se->cfg.infer ? policy_agrees : NULL, se);
    se->reject_below = -INFINITY;
    return misses;
}

/* With cfg.adapt, the log of the chance of the others' actions in the world just rebuilt
 * (misses: those of the searcher's partner, and the policy's misses beyond them): each
 * decision a program would not have made there is worth infer_eps; each opponent is planner
 * with prior cfg.mix percent, else the policy. Sets se->q, each opponent's chance of being
 * planner after its actions there. */
static double world_log_weight(Search *se, int misses)
{
    double le = log(se->cfg.infer_eps), prior = se->cfg.mix / 100.0, lw = misses * le;
    const DdzGame *g = &se->world;
    /* With cfg.tied the landlord's two opponents are one program: their misses are added up
     * under each, and they share one posterior. */
    bool tied = se->cfg.tied && se->me == g->landlord;
    int rsum = 0, psum = 0, hsum = 0;
    bool counted = false;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != g->landlord) {
            rsum += se->rmiss[s];
            psum += se->pmiss[s];
            hsum += se->hmiss[s];
        }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        se->q[s] = se->q2[s] = 0;
        if (se->me < 0 || (s == g->landlord) == (se->me == g->landlord))
            continue;
        /* log((1 - prior) e^r + prior e^p), r and p the log chances under each program; with
         * cfg.both, log((1 - 2 prior) e^r + prior e^p + prior e^h), h rhcp's */
        int rm = tied ? rsum : se->rmiss[s], pm = tied ? psum : se->pmiss[s], hm = tied ? hsum : se->hmiss[s];
        double r = rm * le + log(1 - (se->cfg.both ? 2 : 1) * prior), p = pm * le + log(prior);
        double h = se->cfg.both ? hm * le + log(prior) : -INFINITY;
        double top = r > p ? r : p;
        top = h > top ? h : top;
        double sum = top + log(exp(r - top) + exp(p - top) + exp(h - top));
        se->q[s] = exp(p - sum);
        se->q2[s] = exp(h - sum);
        if (!tied || !counted) /* tied: the two farmers' chance is counted once */
            lw += sum;
        counted = true;
    }
    return lw;
}

/* A world where the others played as the policy would have counts fully; each decision
 * the policy would not have made there multiplies its weight by infer_eps. */
static double sample_weight(const Search *se, int misses)
{
    double w = 1.0;
    for (int k = 0; k < misses && w > 1e-9; k++)
        w *= se->cfg.infer_eps;
    return w;
}

int ddz_search_draw(Search *se, const DdzView *v, Draws *d, DdzCards hands[DDZ_SEAT_NB], double *w, double *f)
{
    *w = 1.0;
    *f = 1.0;
    ddz_search_sample(v, &se->rng, hands);
    /* With cfg.adapt a world is rejected when its weight relative to the likeliest seen,
     * exp(lw - best_lw), is at most the uniform number drawn next (below). That number is
     * known now (a copy of the generator), and the weight only falls as the replay goes
     * on, so the replay can stop asking the programs once it is under the bar: the same
     * worlds are kept, for less time. */
    double bar = -INFINITY;
    if (se->cfg.adapt && !se->cfg.replay_whole && d->attempts > 0 && d->attempts < 8 * se->cfg.samples) {
        DdzRng peek = se->rng;
        bar = d->best_lw + log((double)(ddz_rng_next(&peek) >> 11) * 0x1p-53);
    }
    int misses = rebuild(se, v, hands, bar);
    if (misses < 0)
        return -1;
    if (se->rejected) { /* as below: an attempt, the number drawn, no world */
        d->attempts++;
        ddz_rng_next(&se->rng);
        return se->deadline > 0 && ddz_search_now_ms() >= se->deadline ? -1 : 0;
    }
    /* With the opponent model, a world is kept with probability infer_eps^(its misses
     * beyond the fewest seen): rejection costs one replay, where a kept world costs a
     * play-out per candidate, so every kept world counts fully. After 8 draws per sample
     * wanted, every world is kept (with its weight). */
    if (se->cfg.adapt) {
        /* The same with the mixture's weight, relative to the likeliest world seen. */
        double lw = world_log_weight(se, misses);
        if (d->attempts == 0)
            d->best_lw = lw;
        else if (lw > d->best_lw) {
            *f = exp(d->best_lw - lw);
            d->best_lw = lw;
        }
        *w = exp(lw - d->best_lw);
    } else if (se->cfg.infer) {
        if (d->fewest < 0 || misses < d->fewest) {
            if (d->fewest >= 0)
                *f = sample_weight(se, d->fewest - misses);
            d->fewest = misses;
        }
        *w = sample_weight(se, misses - d->fewest);
    }
    if (se->cfg.infer && ++d->attempts <= 8 * se->cfg.samples) {
        if (*w < 1.0 && (double)(ddz_rng_next(&se->rng) >> 11) * 0x1p-53 >= *w) {
            /* Rejected draws take no step, so the check between samples does not see
             * them: a run of them must stop at the deadline too. */
            return se->deadline > 0 && ddz_search_now_ms() >= se->deadline ? -1 : 0;
        }
        *w = 1.0;
    }
    return 1;
}

/* The share of the hidden cards (hidden, nhidden of them) that hands puts in their seats in g,
 * seat's own left out. */
static double placed_right(const DdzCards hands[DDZ_SEAT_NB], const DdzGame *g, int seat, DdzCards hidden, int nhidden)
{
    int right = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != seat)
            right += ddz_cards_size(hands[s] & g->hand[s] & hidden);
    return (double)right / nhidden;
}

/* What both sampler measures start from: seat's view *v of g, the hidden cards (the other
 * seats' cards the view does not place) into *hidden, and a search agent *a made from cfg
 * and seed with no solver. Returns how many cards are hidden, or -1 (none hidden, no
 * samples, no agent). */
static int sampler_begin(const DdzSearchConfig *cfg, const DdzGame *g, int seat, int samples, uint64_t seed,
                         DdzAgent *a, DdzView *v, DdzCards *hidden)
{
    ddz_game_view(g, seat, v);
    *hidden = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != seat && !v->shown[s])
            *hidden |= g->hand[s] & ~(s == v->landlord ? v->bottom : 0);
    int nhidden = ddz_cards_size(*hidden);
    DdzSearchConfig c = *cfg;
    c.solve_cards = 0; /* the sampler plays nothing out: no solver to make */
    if (nhidden == 0 || samples < 1 || ddz_search_agent_new(a, &c, seed, NULL) != 0)
        return -1;
    return nhidden;
}

int ddz_search_sampler_eval(const DdzSearchConfig *cfg, const DdzGame *g, int seat, int samples, uint64_t seed,
                            DdzSamplerEval *sum)
{
    DdzAgent a;
    DdzView v;
    DdzCards hands[DDZ_SEAT_NB], hidden;
    int nhidden = sampler_begin(cfg, g, seat, samples, seed, &a, &v, &hidden);
    if (nhidden < 0)
        return -1;
    Search *se = a.state;
    bool adapt = se->cfg.adapt;
    double t0 = ddz_search_now_ms();
    int true_misses = rebuild(se, &v, g->hand, -INFINITY);
    double w_true = adapt ? exp(world_log_weight(se, true_misses < 0 ? 0 : true_misses))
                          : sample_weight(se, true_misses < 0 ? 0 : true_misses);
    double sw = 0, sw2 = 0, acc = 0, accw = 0, planner = 0, rhcp = 0;
    int opponents = se->me < 0 ? 0 : se->me == v.landlord ? 2 : 1;
    for (int i = 0; i < samples; i++) {
        ddz_search_sample(&v, &se->rng, hands);
        int misses = rebuild(se, &v, hands, -INFINITY);
        double w = misses < 0 ? 0 : adapt ? exp(world_log_weight(se, misses)) : sample_weight(se, misses);
        double right = placed_right(hands, g, seat, hidden, nhidden);
        acc += right;
        accw += w * right;
        if (adapt && misses >= 0 && opponents > 0) {
            planner += w * (se->q[0] + se->q[1] + se->q[2]) / opponents;
            rhcp += w * (se->q2[0] + se->q2[1] + se->q2[2]) / opponents;
        }
        sw += w;
        sw2 += w * w;
    }
    sum->ms += ddz_search_now_ms() - t0;
    sum->views++;
    sum->acc_uniform += acc / samples;
    sum->acc_weighted += sw > 0 ? accw / sw : acc / samples;
    sum->ll += sw > 0 ? log(w_true / (sw / samples)) : 0;
    sum->ess += sw2 > 0 ? sw * sw / (samples * sw2) : 0;
    sum->planner += sw > 0 ? planner / sw : 0;
    sum->rhcp += sw > 0 ? rhcp / sw : 0;
    ddz_agent_free(&a);
    return 0;
}

int ddz_search_sampler_kept(const DdzSearchConfig *cfg, const DdzGame *g, int seat, int samples, uint64_t seed,
                            DdzSamplerEval *sum)
{
    DdzAgent a;
    DdzView v;
    DdzCards hands[DDZ_SEAT_NB], hidden;
    int nhidden = sampler_begin(cfg, g, seat, samples, seed, &a, &v, &hidden);
    if (nhidden < 0)
        return -1;
    /* The worlds drawn and weighed as the search keeps them (ddz_search_draw): each rejected
     * or kept, and the weights of those kept before weighed anew. */
    Draws d = {0, -1, 0};
    double kw = 0, kw2 = 0, kacc = 0;
    int kept = 0;
    while (kept < samples) {
        double w, f;
        int got = ddz_search_draw(a.state, &v, &d, hands, &w, &f);
        kw *= f;
        kw2 *= f * f;
        kacc *= f;
        if (got < 0)
            break;
        if (got == 0)
            continue;
        kacc += w * placed_right(hands, g, seat, hidden, nhidden);
        kw += w;
        kw2 += w * w;
        kept++;
    }
    sum->kept_views++;
    sum->acc_kept += kw > 0 ? kacc / kw : 0;
    sum->ess_kept += kw2 > 0 ? kw * kw / (kept * kw2) : 0;
    ddz_agent_free(&a);
    return 0;
}
