/* search_worlds.c -- the worlds the search decides on: the hidden cards drawn at random
 * consistently with a view, the public history replayed into a full game, each world
 * weighed by how likely the others' actions are under the opponent model (:infer, :adapt),
 * kept by rejection against the likeliest world seen; and the sampler's own measure of how
 * well its worlds place the hidden cards (ddz bench sampler). */
#include <math.h>
#include <stddef.h>
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

/* The programs' answers remembered. Every world of a decision replays the same public
 * history, so what a program would have done at action i depends on the acting seat's hand
 * there alone (the programs of the replay are deterministic: the play-outs' noise is off
 * between play-outs), and worlds that give an opponent the same cards ask the same questions:
 * late in a hand, when few cards are hidden, most draws repeat hands drawn before, and the
 * next decision of the game replays the same actions again. A slot holds one (public history
 * up to action i, hand) -- the history as a 64-bit hash of the game's public constants and its
 * actions, so answers stay right across decisions and games -- and which of the three
 * programs (the policy, cfg.stranger, rhcp) were asked there and what they said; a new key
 * takes the slot over. */
#define MEMO_BITS 16

typedef struct AgreeMemo {
    DdzCards hand;
    uint64_t tag;  /* the history's hash (Search.prefix) */
    uint8_t asked; /* bit k: program k was asked */
    uint8_t agree; /* bit k: and would have taken the action */
} AgreeMemo;

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return ddz_rng_splitmix(&h);
}

/* Starts a decision's draws from view v: its public history hashed into se->prefix, the
 * keys of the remembered answers (only a search that asks the model, and not the plain way,
 * looks them up). */
static void memo_begin(Search *se, const DdzView *v)
{
    if (!se->cfg.infer || se->cfg.replay_whole)
        return;
    /* What every view of the history shows besides its seat's hand and the actions: the
     * options, the first bidder, the bottom once taken, the card shown to pick the first. */
    const DdzOptions *o = &v->opt;
    uint64_t h = 0x646F757A68757Bull;
    h = mix(h, (uint64_t)o->rules | (uint64_t)o->bid_mode << 8 | (uint64_t)o->first_bidder << 16 |
                   (uint64_t)o->double_mode << 24 | (uint64_t)o->base << 32);
    h = mix(h, (uint64_t)o->packet_deal | (uint64_t)o->forced_bid << 1 | (uint64_t)o->must_bid << 2 |
                   (uint64_t)o->show_cards << 3 | (uint64_t)o->play_all << 4 | (uint64_t)o->spring_off << 5 |
                   (uint64_t)o->leaver_penalty << 6 | (uint64_t)o->appointed << 7 |
                   (uint64_t)o->turn_seconds << 16 | (uint64_t)(uint8_t)o->fee_percent << 32);
    h = mix(h, (uint64_t)(uint32_t)o->cap | (uint64_t)(uint32_t)o->bonus << 32);
    h = mix(h, (uint64_t)v->first | (uint64_t)v->landlord << 8 | (uint64_t)(uint8_t)v->revealed << 16);
    h = mix(h, v->bottom);
    for (int i = 0; i < v->nhist && i < DDZ_MAX_ACTIONS; i++) {
        const DdzAction *a = &v->hist[i];
        h = mix(h, (uint64_t)a->kind | (uint64_t)a->seat << 8 | (uint64_t)a->value << 16 |
                       (uint64_t)a->move.type << 24 | (uint64_t)a->move.rank << 32 | (uint64_t)a->move.len << 40 |
                       (uint64_t)a->move.size << 48);
        h = mix(h, a->move.ranks);
        h = mix(h, a->cards);
        se->prefix[i] = h;
    }
}

static AgreeMemo *memo_slot(Search *se, const DdzGame *w, const DdzAction *a)
{
    if (!se->memo && !(se->memo = calloc((size_t)1 << MEMO_BITS, sizeof *se->memo)))
        return NULL; /* without memory every program is asked every time */
    DdzCards hand = w->hand[a->seat];
    uint64_t tag = se->prefix[w->nhist];
    uint64_t h = (hand ^ tag * 0xD6E8FEB86659FD93ull) * 0x9E3779B97F4A7C15ull;
    AgreeMemo *m = &se->memo[h >> (64 - MEMO_BITS)];
    if (m->hand != hand || m->tag != tag) {
        m->hand = hand;
        m->tag = tag;
        m->asked = m->agree = 0;
    }
    return m;
}

/* One action of a replay asked of the programs: the view is made only when one of them must
 * answer. */
typedef struct Asking {
    const DdzGame *w;
    const DdzAction *a;
    AgreeMemo *m;
    DdzView ov;
    bool viewed;
} Asking;

static bool ask(Asking *k, DdzAgent *agent, int program)
{
    if (k->m && k->m->asked >> program & 1)
        return k->m->agree >> program & 1;
    if (!k->viewed) {
        ddz_game_view(k->w, k->a->seat, &k->ov);
        k->viewed = true;
    }
    bool yes = agent_agrees(agent, &k->ov, k->a);
    if (k->m) {
        k->m->asked |= (uint8_t)(1u << program);
        k->m->agree |= (uint8_t)((unsigned)yes << program);
    }
    return yes;
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
    if (ddz_search_late(se)) { /* no time to ask: no world */
        se->rejected = true;
        return true;
    }
    Asking k = {.w = w, .a = a, .m = se->cfg.replay_whole ? NULL : memo_slot(se, w, a), .viewed = false};
    bool rule = ask(&k, &se->policy[a->seat], 0);
    if (!se->cfg.adapt || se->me < 0 || (a->seat == w->landlord) == (se->me == w->landlord)) {
        se->smiss += !rule && se->cfg.adapt; /* counted in the world's misses too */
        return rule;
    }
    se->rmiss[a->seat] += !rule;
    se->pmiss[a->seat] += !ask(&k, &se->alt[a->seat], 1);
    if (se->cfg.both)
        se->hmiss[a->seat] += !ask(&k, &se->alt2[a->seat], 2);
    /* The weight only falls as misses add up: once it is under the rejection's bar, the
     * world is rejected whatever the rest of the history holds (a margin keeps rounding
     * from ever deciding it). */
    if (se->reject_below > -INFINITY && world_log_weight(se, se->smiss) + 1e-9 < se->reject_below)
        se->rejected = true;
    return true;
}

/* Whether action a of v's history is one the opponent model is asked about: another seat's,
 * and a choice (shows are no choice of the cards; an appointed landlord's bids no choice at
 * all). */
static bool asked_about(const DdzView *v, const DdzAction *a)
{
    return a->seat != v->seat && a->kind != DDZ_ACT_SHOW && !(v->opt.appointed && a->kind == DDZ_ACT_BID);
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
        if (agrees && asked_about(v, a) && !agrees(ctx, world, a))
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

/* A copy of game src into dst: its state and the history it holds, not the unused rest. */
static void copy_game(DdzGame *dst, const DdzGame *src)
{
    memcpy(dst, src, offsetof(DdzGame, hist));
    memcpy(dst->hist, src->hist, src->nhist * sizeof src->hist[0]);
    memcpy(dst->undo, src->undo, src->nhist * sizeof src->undo[0]);
}

/* Asks the opponent model about the others' actions of v in se->world, from the last back to
 * the first, on a copy walked back through the history with ddz_game_undo: the programs'
 * answers do not depend on the order they are asked in, and the late actions, from small
 * hands, cost them little (and are often remembered: memo_slot), where the first actions of
 * the hand, from 17 or 20 cards, cost the most. A world whose weight falls under the
 * rejection's bar on the late actions is rejected before the dear ones are asked. Returns the
 * number of actions the policy refused (policy_agrees). */
static int ask_back(Search *se, const DdzView *v)
{
    DdzGame *w = &se->back;
    copy_game(w, &se->world);
    int misses = 0;
    for (int i = v->nhist - 1; i >= 0 && !se->rejected; i--) {
        if (ddz_game_undo(w) != 0)
            break; /* the world holds v's history: not reached */
        const DdzAction *a = &v->hist[i];
        if (asked_about(v, a) && !policy_agrees(se, w, a))
            misses++;
    }
    return misses;
}

/* Rebuilds the full game of one sample into se->world (ddz_search_world), with the opponent
 * model when the search infers (ask_back). With cfg.adapt, a world whose log weight falls
 * under reject_below while the model is asked is marked se->rejected, and the model is asked
 * no more (-INFINITY: never). */
static int rebuild(Search *se, const DdzView *v, const DdzCards now[DDZ_SEAT_NB], double reject_below)
{
    /* With cfg.adapt, the opponents are known once the landlord is: their actions after it
     * are tallied against both programs (bids stay plain misses of the policy). */
    se->me = v->landlord < DDZ_SEAT_NB ? v->seat : -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        se->rmiss[s] = se->pmiss[s] = se->hmiss[s] = 0;
    se->smiss = 0;
    se->rejected = false;
    if (se->cfg.replay_whole) /* the plain way, for the check: in order, every action asked */
        return ddz_search_world(&se->world, v, now, se->cfg.infer ? policy_agrees : NULL, se);
    int misses = ddz_search_world(&se->world, v, now, NULL, NULL);
    if (misses < 0 || !se->cfg.infer)
        return misses;
    se->reject_below = reject_below;
    misses += ask_back(se, v);
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
    if (!d->begun) {
        d->begun = true;
        memo_begin(se, v);
    }
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
    memo_begin(se, &v);
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
    Draws d = {0, -1, 0, false};
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
