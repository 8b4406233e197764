/* cmd_bench.c -- ddz bench: deterministic benchmarks of the rules core.
 *
 * Inputs come from xoshiro256** with fixed seeds, so every run does the same work; the
 * fingerprint hashes every move produced and changes only when behaviour changes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "ddz/game.h"
#include "ddz/ai.h"
#include "ddz/engine.h"
#include "ddz/movegen.h"
#include "ddz/rng.h"
#include "ddz/search.h"
#include "ddz/solve.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline uint64_t mix(uint64_t h, const DdzMove *m)
{
    h ^= m->ranks + ((uint64_t)m->type << 56 | (uint64_t)m->rank << 48 | (uint64_t)m->len << 40);
    return h * 0x100000001B3ull ^ (h >> 29);
}

/* A random hand of n cards of the preset's deck, as rank counts. */
static DdzRanks random_hand_of(DdzRng *rng, DdzRuleset rules, int n)
{
    int deck[DDZ_CARD_NB], nb = 0;
    for (int c = 0; c < DDZ_CARD_NB; c++)
        if (ddz_cards_has(ddz_ruleset_deck(rules), c))
            deck[nb++] = c;
    DdzCards s = 0;
    for (int i = 0; i < n; i++) {
        int j = i + (int)ddz_rng_below(rng, (uint32_t)(nb - i));
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        s |= ddz_cards_of(deck[i]);
    }
    return ddz_cards_ranks(s);
}

typedef struct Bench {
    DdzRuleset rules;
    uint64_t seed;
    uint64_t fingerprint;
    DdzMove *buf;
} Bench;

/* The largest hand of the preset: 20 cards (the landlord's), 16 under hubei48. */
static int max_hand(const Bench *b) { return ddz_ruleset_hand_size(b->rules) + ddz_ruleset_bottom_size(b->rules); }


/* Leading generation over `count` random hands of `size` cards, repeated until a second
 * has passed; the fingerprint covers one pass. */
static void bench_lead(Bench *b, int size, int count)
{
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + (uint64_t)size);
    DdzRanks *hands = malloc(sizeof *hands * (size_t)count);
    for (int i = 0; i < count; i++)
        hands[i] = random_hand_of(&rng, b->rules, size);
    uint64_t moves = 0;
    for (int i = 0; i < count; i++) {
        int n = ddz_moves_generate(hands[i], NULL, b->rules, b->buf);
        moves += (uint64_t)n;
        for (int j = 0; j < n; j++)
            b->fingerprint = mix(b->fingerprint, &b->buf[j]);
    }
    int passes = 0;
    double t0 = now(), t;
    uint64_t sink = 0;
    do {
        for (int i = 0; i < count; i++)
            sink += (uint64_t)ddz_moves_generate(hands[i], NULL, b->rules, b->buf);
        passes++;
    } while ((t = now() - t0) < 1.0);
    if (sink != moves * (uint64_t)passes)
        cli_fail("bench: generation is not deterministic");
    double hs = count * (double)passes / t;
    printf("movegen lead   %2d cards  %6d hands  %8llu moves  %7.3f M hands/s  %7.1f M moves/s  (%.1f moves/hand)\n",
           size, count, (unsigned long long)moves, hs / 1e6, hs * (double)moves / count / 1e6,
           (double)moves / count);
    free(hands);
}

/* Following generation over random (hand, move) pairs: the move on the table is a random
 * legal move of another random hand, as in play. */
static void bench_follow(Bench *b, int count)
{
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 999);
    DdzRanks *hands = malloc(sizeof *hands * (size_t)count);
    DdzMove *targets = malloc(sizeof *targets * (size_t)count);
    for (int i = 0; i < count; i++) {
        hands[i] = random_hand_of(&rng, b->rules, ddz_rng_below(&rng, 2) ? ddz_ruleset_hand_size(b->rules) : max_hand(b));
        DdzRanks other = random_hand_of(&rng, b->rules, 1 + (int)ddz_rng_below(&rng, (uint32_t)max_hand(b)));
        int n = ddz_moves_generate(other, NULL, b->rules, b->buf);
        targets[i] = b->buf[ddz_rng_below(&rng, (uint32_t)n)];
    }
    uint64_t moves = 0;
    for (int i = 0; i < count; i++) {
        int n = ddz_moves_generate(hands[i], &targets[i], b->rules, b->buf);
        moves += (uint64_t)n;
        for (int j = 0; j < n; j++)
            b->fingerprint = mix(b->fingerprint, &b->buf[j]);
    }
    int passes = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < count; i++)
            ddz_moves_generate(hands[i], &targets[i], b->rules, b->buf);
        passes++;
    } while ((t = now() - t0) < 1.0);
    double ps = count * (double)passes / t;
    printf("movegen follow %6d (hand, move) pairs  %8llu moves  %7.3f M pairs/s   %7.1f M moves/s\n", count,
           (unsigned long long)moves, ps / 1e6, ps * (double)moves / count / 1e6);
    free(hands);
    free(targets);
}

/* Classification of random card sets: half legal moves of random hands, half random
 * subsets of 1..20 cards (mostly no move). */
static void bench_classify(Bench *b, int count)
{
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 777);
    DdzRanks *sets = malloc(sizeof *sets * (size_t)count);
    for (int i = 0; i < count; i++) {
        if (i & 1) {
            sets[i] = random_hand_of(&rng, b->rules, 1 + (int)ddz_rng_below(&rng, (uint32_t)max_hand(b)));
        } else {
            int n = ddz_moves_generate(random_hand_of(&rng, b->rules, max_hand(b)), NULL, b->rules, b->buf);
            sets[i] = b->buf[ddz_rng_below(&rng, (uint32_t)n)].ranks;
        }
    }
    DdzMove rd[DDZ_MAX_READINGS];
    uint64_t readings = 0;
    for (int i = 0; i < count; i++) {
        int n = ddz_move_classify(sets[i], b->rules, rd);
        readings += (uint64_t)n;
        for (int j = 0; j < n; j++)
            b->fingerprint = mix(b->fingerprint, &rd[j]);
    }
    int passes = 0;
    double t0 = now(), t;
    uint64_t sink = 0;
    do {
        for (int i = 0; i < count; i++)
            sink += (uint64_t)ddz_move_classify(sets[i], b->rules, rd);
        passes++;
    } while ((t = now() - t0) < 1.0);
    printf("classify       %6d card sets  %8llu readings  %7.1f ns/classification\n", count,
           (unsigned long long)readings, t * 1e9 / ((double)count * passes));
    (void)sink;
    free(sets);
}

/* Full random games: deal, bidding and play, every decision uniform among the legal ones
 * (what the "random" agent does, without the agent plumbing). */
static void bench_selfplay(Bench *b, long count)
{
    DdzOptions opt = ddz_options_default();
    opt.rules = b->rules;
    DdzGame *g = malloc(sizeof *g);
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 555);
    long games = 0, redeals = 0, actions = 0;
    double t0 = now();
    for (long k = 0; k < count; k++) {
        ddz_game_new(g, &opt, &rng, (int)(k % 3));
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            DdzAction a;
            if (g->phase == DDZ_PHASE_PLAY) {
                int n = ddz_game_legal_moves(g, b->buf);
                a = ddz_action_play(g->turn, b->buf[ddz_rng_below(&rng, (uint32_t)n)], 0);
            } else {
                uint8_t vals[4];
                int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
                int n = ddz_game_legal_values(g, kind, vals);
                a = kind == DDZ_ACT_BID ? ddz_action_bid(g->turn, vals[ddz_rng_below(&rng, (uint32_t)n)])
                                        : ddz_action_double(g->turn, vals[ddz_rng_below(&rng, (uint32_t)n)]);
            }
            if (ddz_game_apply(g, &a, NULL) != 0) {
                cli_fail("bench: a legal action was refused");
                free(g);
                return;
            }
        }
        actions += g->nhist;
        DdzResult r;
        if (ddz_game_result(g, &r) == 0) {
            games++;
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                b->fingerprint = (b->fingerprint ^ (uint64_t)(r.score[s] + 1000)) * 0x100000001B3ull;
        } else {
            redeals++;
        }
        b->fingerprint = (b->fingerprint ^ g->nhist) * 0x100000001B3ull;
    }
    double t = now() - t0;
    printf("selfplay       %6ld deals  %ld games  %ld redeals  %.1f actions/deal  %7.0f deals/s  %7.0f games/s\n",
           count, games, redeals, (double)actions / (double)count, (double)count / t, (double)games / t);
    free(g);
}

/* Exhaustive search for the largest hand with the most moves: every rank multiset of 20
 * cards of the deck (16 under hubei48). */
typedef struct MaxSearch {
    DdzRuleset rules;
    DdzRanks deck;
    DdzMove *buf;
    int best;
    DdzRanks best_hand;
    uint64_t hands;
} MaxSearch;

static void max_rec(MaxSearch *s, int rank, int left, DdzRanks hand)
{
    if (left == 0) {
        int n = ddz_moves_generate(hand, NULL, s->rules, s->buf);
        s->hands++;
        if (n > s->best) {
            s->best = n;
            s->best_hand = hand;
        }
        return;
    }
    if (rank == DDZ_RANK_NB)
        return;
    int room = 0;
    for (int r = rank; r < DDZ_RANK_NB; r++)
        room += ddz_ranks_get(s->deck, r);
    if (room < left)
        return;
    int cap = ddz_ranks_get(s->deck, rank);
    for (int k = 0; k <= cap && k <= left; k++)
        max_rec(s, rank + 1, left - k, hand + ((DdzRanks)k << (4 * rank)));
}

static void bench_maxmoves(Bench *b)
{
    MaxSearch s = {b->rules, ddz_ruleset_deck_ranks(b->rules), b->buf, 0, 0, 0};
    double t0 = now();
    max_rec(&s, 0, max_hand(b), 0);
    char text[64];
    ddz_ranks_format(s.best_hand, text, sizeof text);
    printf("maxmoves %s: %llu hands of %d cards, most moves %d (hand %s), %.0f s\n",
           ddz_ruleset_name(b->rules), (unsigned long long)s.hands, max_hand(b), s.best, text, now() - t0);
}

/* CPU time of the calling thread. */
static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..n) and prints "median M ms, p99 P ms, mean A ms, max X ms" (p99: the value
 * 99% of them do not exceed). */
static void print_time_stats(const char *what, double *v, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    double median = n & 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    int k = (int)((99LL * n + 99) / 100) - 1; /* ceil(0.99 n) - 1 */
    printf("  %s: median %.2f ms, p99 %.1f ms, mean %.2f ms, max %.1f ms\n", what, median * 1e3, v[k] * 1e3,
           sum / n * 1e3, v[n - 1] * 1e3);
}

/* The endgame solver: the published two-player positions of issue 4 (first hand leads),
 * then `count` random two-player positions of 14 cards each, the first hand (the landlord)
 * leading. One solver with the default table, cleared before each published position and
 * only aged between the random ones, as an agent would use it. Times are wall clock, and
 * also this thread's CPU time (steadier on a shared machine). The fingerprint covers the
 * answers (who wins) only, so it must never change; the node total changes with the search. */
static void bench_solve(Bench *b, int count)
{
    static const char *const PUBLISHED[][2] = {
        {"3455KK", "345522"},
        {"45577TTKK2", "8AA"},
        {"99TTQKKAABR", "TTJJ2222"},
        {"448999TJJQQAR", "336688TAA22B"},
    };
    DdzSolver *s = ddz_solver_new(0);
    double *wall = malloc(sizeof *wall * (size_t)count), *cpu = malloc(sizeof *cpu * (size_t)count);
    if (!s || !wall || !cpu) {
        cli_fail("bench: out of memory");
        ddz_solver_free(s);
        free(wall);
        free(cpu);
        return;
    }
    DdzSolvePosition pos;
    memset(&pos, 0, sizeof pos);
    pos.players = 2;
    pos.rules = b->rules;
    pos.last = ddz_move_pass();
    DdzSolveResult res;
    uint64_t nodes = 0;
    for (size_t i = 0; i < sizeof PUBLISHED / sizeof PUBLISHED[0]; i++) {
        DdzError err;
        ddz_ranks_parse(PUBLISHED[i][0], &pos.hands[0], &err);
        ddz_ranks_parse(PUBLISHED[i][1], &pos.hands[1], &err);
        ddz_solver_clear(s);
        double c0 = thread_seconds();
        ddz_solve(s, &pos, NULL, &res);
        double c = thread_seconds() - c0;
        char mv[96];
        ddz_move_format(&res.move, pos.rules, mv, sizeof mv);
        printf("solve %-14s vs %-14s %-16s %-8s %8llu nodes %7.2f ms (cpu %.2f ms)\n", PUBLISHED[i][0],
               PUBLISHED[i][1], res.outcome == DDZ_SOLVE_WIN ? "first hand wins" : "second hand wins",
               res.outcome == DDZ_SOLVE_WIN ? mv : "", (unsigned long long)res.nodes, res.seconds * 1e3, c * 1e3);
        b->fingerprint = (b->fingerprint ^ (uint64_t)res.outcome) * 0x100000001B3ull;
        nodes += res.nodes;
    }
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 333);
    ddz_solver_clear(s);
    int wins = 0;
    uint64_t rnodes = 0;
    double cpu_sum = 0;
    for (int i = 0; i < count; i++) {
        // 28 random cards, split at random: 14 of them go to the first hand.
        DdzRanks both = random_hand_of(&rng, b->rules, 28), first = 0;
        for (int k = 0; k < 14; k++) {
            int pick = (int)ddz_rng_below(&rng, (uint32_t)ddz_ranks_size(both - first)), r = 0;
            while (pick >= ddz_ranks_get(both - first, r))
                pick -= ddz_ranks_get(both - first, r++);
            first += ddz_ranks_of(r, 1);
        }
        pos.hands[0] = first;
        pos.hands[1] = both - first;
        double c0 = thread_seconds();
        ddz_solve(s, &pos, NULL, &res);
        cpu[i] = thread_seconds() - c0;
        wall[i] = res.seconds;
        cpu_sum += cpu[i];
        wins += res.outcome == DDZ_SOLVE_WIN;
        rnodes += res.nodes;
        b->fingerprint = (b->fingerprint ^ (uint64_t)res.outcome) * 0x100000001B3ull;
    }
    nodes += rnodes;
    if (count > 0) {
        printf("solve random, 14 against 14 cards: %d positions, first hand wins %d, %.1f M nodes/s (cpu)\n", count,
               wins, cpu_sum > 0 ? (double)rnodes / cpu_sum / 1e6 : 0.0);
        print_time_stats("wall", wall, count);
        print_time_stats("cpu ", cpu, count);
    }
    printf("solve nodes %llu\n", (unsigned long long)nodes);
    free(wall);
    free(cpu);
    ddz_solver_free(s);
}

/* The search's sampler on games the named agents play (douzero-style fixed landlord: seat 0
 * bids 3): at every decision with a choice, from the deciding seat's view, 100 sampled deals
 * uniform and weighed by the rule agent's model of the others (ε = eps per decision it would
 * not have made); the share of hidden cards each puts right, the log-likelihood gain of the
 * true deal and the effective sample share. Deterministic. */
static void bench_sampler(Bench *b, const char *players, double eps, int adapt, bool tied, const char *stranger,
                          long games)
{
    DdzOptions opt = ddz_options_default();
    opt.rules = b->rules;
    DdzGame *g = malloc(sizeof *g);
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 777);
    DdzSearchConfig cfg = ddz_search_default();
    cfg.infer = true;
    cfg.infer_eps = eps;
    if (adapt > 0) { /* the mixture of :mixoppP:adapt, the stranger's prior `adapt` percent */
        cfg.mix = adapt;
        cfg.mix_opponents = cfg.adapt = true;
        cfg.tied = tied;
        cfg.both = !strcmp(stranger, "both"); /* planner and rhcp, each with the prior */
        cfg.stranger = cfg.both ? "planner" : stranger;
    }
    DdzSamplerEval sum = {0}, lord = sum, farm = sum; /* the landlord's views, the farmers' */
    for (long k = 0; g && k < games; k++) {
        DdzAgent ag[DDZ_SEAT_NB];
        int made = 0;
        for (; made < DDZ_SEAT_NB; made++)
            if (ddz_ai_agent_new(&ag[made], players, b->seed * 7919 + (uint64_t)k * 3 + (uint64_t)made, NULL) != 0)
                break;
        bool ok = made == DDZ_SEAT_NB;
        ddz_game_new(g, &opt, &rng, 0);
        if (ok && ddz_game_appoint(g, 0, NULL) != 0)
            ok = false;
        while (ok && g->phase == DDZ_PHASE_PLAY) {
            if (ddz_game_legal_moves(g, b->buf) > 1) {
                uint64_t seed = b->seed + (uint64_t)g->nhist * 131 + (uint64_t)k;
                ddz_search_sampler_eval(&cfg, g, g->turn, 100, seed, &sum);
                ddz_search_sampler_kept(&cfg, g, g->turn, 100, seed, &sum);
                ddz_search_sampler_eval(&cfg, g, g->turn, 100, seed, g->turn == g->landlord ? &lord : &farm);
            }
            ok = ddz_agent_step(&ag[g->turn], g, NULL) == 0;
        }
        while (made-- > 0)
            ddz_agent_free(&ag[made]);
        if (!ok) {
            cli_fail("bench: agent '%s' could not play", players);
            break;
        }
    }
    double n = sum.views > 0 ? (double)sum.views : 1;
    printf("sampler        %ld games by %s, %ld views x 100 samples, eps %.3g: hidden cards placed right %.4f "
           "uniform, %.4f weighted; log-likelihood gain of the true deal %+.3f; effective samples %.3f; %.3f ms/sample\n",
           games, players, sum.views, eps, sum.acc_uniform / n, sum.acc_weighted / n, sum.ll / n, sum.ess / n,
           sum.ms / n / 100);
    printf("sampler        the worlds as the search keeps them: placed right %.4f weighted; effective samples "
           "%.3f\n",
           sum.acc_kept / (sum.kept_views > 0 ? (double)sum.kept_views : 1),
           sum.ess_kept / (sum.kept_views > 0 ? (double)sum.kept_views : 1));
    double nl = lord.views > 0 ? (double)lord.views : 1, nf = farm.views > 0 ? (double)farm.views : 1;
    printf("sampler        the landlord's %ld views: placed right %.4f weighted; log-likelihood gain %+.3f\n",
           lord.views, lord.acc_weighted / nl, lord.ll / nl);
    printf("sampler        the farmers' %ld views: placed right %.4f weighted; log-likelihood gain %+.3f\n",
           farm.views, farm.acc_weighted / nf, farm.ll / nf);
    if (adapt > 0)
        printf("sampler        %s's prior %d%%%s: the opponents' chance of playing as %s %.4f (the "
               "landlord's %.4f)\n",
               cfg.stranger, adapt, tied ? ", the farmers tied" : "", cfg.stranger, sum.planner / n, lord.planner / nl);
    if (cfg.both)
        printf("sampler        and of playing as rhcp %.4f (the landlord's %.4f)\n", sum.rhcp / n, lord.rhcp / nl);
    b->fingerprint = (b->fingerprint ^ (uint64_t)(sum.acc_weighted / n * 1e6)) * 0x100000001B3ull;
    free(g);
}

/* Answer times, growing as they come. */
typedef struct Times {
    double *wall, *cpu;
    size_t n, cap;
} Times;

static bool times_push(Times *t, double wall, double cpu)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 4096;
        double *w = realloc(t->wall, sizeof *w * cap);
        if (w)
            t->wall = w;
        double *c = w ? realloc(t->cpu, sizeof *c * cap) : NULL;
        if (!c)
            return false;
        t->cpu = c;
        t->cap = cap;
    }
    t->wall[t->n] = wall;
    t->cpu[t->n++] = cpu;
    return true;
}

/* The engine protocol as a client uses it: `games` games under the preset, every decision
 * (bid, double, play) asked of ddz_engine_answer as a request line written from the
 * deciding seat's knowledge (ddz_engine_request) and played as answered. Times each
 * answer, the JSON both ways and the agent made for it included, by the wall clock and
 * the thread's CPU time, all of them and the plays alone. The fingerprint covers the
 * answers: the same for any run when the agent has a sample budget (expert:0/100), the
 * clock's when it has a time budget. */
static int bench_engine(Bench *b, const char *agent, long games)
{
    DdzOptions opt = ddz_options_default();
    opt.rules = b->rules;
    DdzGame *g = malloc(sizeof *g);
    Times all = {NULL, NULL, 0, 0}, plays = {NULL, NULL, 0, 0};
    DdzRng rng;
    ddz_rng_seed(&rng, b->seed * 1000 + 313);
    long redeals = 0, finished = 0;
    bool failed = !g;
    if (failed)
        cli_fail("bench: out of memory");
    double t0 = now();
    for (long k = 0; !failed && k < games; k++) {
        ddz_game_new(g, &opt, &rng, (int)(k % DDZ_SEAT_NB));
        while (!failed && (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY)) {
            char *req = ddz_engine_request(g, agent), *answer = NULL;
            DdzError err = {0, "out of memory"};
            double w0 = now(), c0 = thread_seconds();
            if (req)
                ddz_engine_answer(req, strlen(req), agent, &answer); /* an {"error":...} answer is read as one */
            double c = thread_seconds() - c0, w = now() - w0;
            DdzAction a = {0};
            if (!answer || ddz_engine_read_answer(g, answer, &a, &err) != 0 || ddz_game_apply(g, &a, &err) != 0) {
                cli_fail("bench: %s (request %s)", err.msg, req ? req : "not written");
                failed = true;
            } else if (!times_push(&all, w, c) || (a.kind == DDZ_ACT_PLAY && !times_push(&plays, w, c))) {
                cli_fail("bench: out of memory");
                failed = true;
            } else {
                for (const char *p = answer; *p; p++)
                    b->fingerprint = (b->fingerprint ^ (unsigned char)*p) * 0x100000001B3ull;
            }
            free(req);
            free(answer);
        }
        redeals += g->phase == DDZ_PHASE_REDEAL;
        finished += g->phase == DDZ_PHASE_OVER;
    }
    if (!failed && all.n > 0) {
        printf("engine         %ld games (%ld played out, %ld redealt), agent %s: %zu answers, %.1f s\n", games,
               finished, redeals, agent, all.n, now() - t0);
        print_time_stats("wall", all.wall, (int)all.n);
        print_time_stats("cpu ", all.cpu, (int)all.n);
        if (plays.n > 0 && plays.n < all.n) {
            printf("  plays alone, %zu answers:\n", plays.n);
            print_time_stats("wall", plays.wall, (int)plays.n);
            print_time_stats("cpu ", plays.cpu, (int)plays.n);
        }
    }
    free(all.wall);
    free(all.cpu);
    free(plays.wall);
    free(plays.cpu);
    free(g);
    return failed ? -1 : 0;
}

int cmd_bench(int argc, char **argv)
{
    Bench b = {DDZ_RULES_STANDARD, 1, 0xCBF29CE484222325ull, NULL};
    const char *what = "all", *players = "rule", *agent = "expert:0/100", *stranger = "planner";
    double eps = 0.25;
    long games = 20, adapt = 0;
    bool tied = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &b.rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--seed")) {
            char *end;
            if (i + 1 >= argc || (b.seed = strtoull(argv[++i], &end, 10), *end))
                return cli_fail("bench: --seed needs a number");
        } else if (!strcmp(argv[i], "--players")) {
            if (i + 1 >= argc)
                return cli_fail("bench: --players needs an agent name");
            players = argv[++i];
        } else if (!strcmp(argv[i], "--agent") || !strcmp(argv[i], "--level")) {
            if (i + 1 >= argc)
                return cli_fail("bench: %s needs an agent name, e.g. --agent expert", argv[i]);
            agent = argv[++i];
        } else if (!strcmp(argv[i], "--eps")) {
            char *end;
            if (i + 1 >= argc || (eps = strtod(argv[++i], &end), *end) || !(eps > 0 && eps <= 1))
                return cli_fail("bench: --eps needs a number above 0, at most 1");
        } else if (!strcmp(argv[i], "--adapt")) {
            char *end;
            if (i + 1 >= argc || (adapt = strtol(argv[++i], &end, 10), *end) || adapt < 1 || adapt > 100)
                return cli_fail("bench: --adapt needs the stranger's prior in percent, 1 to 100");
        } else if (!strcmp(argv[i], "--tied")) {
            tied = true;
        } else if (!strcmp(argv[i], "--stranger")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "planner") != 0 && strcmp(argv[i + 1], "rhcp") != 0 &&
                                  strcmp(argv[i + 1], "both") != 0))
                return cli_fail("bench: --stranger needs the other program of --adapt's mixture: planner, rhcp or both");
            stranger = argv[++i];
        } else if (!strcmp(argv[i], "--games")) {
            char *end;
            if (i + 1 >= argc || (games = strtol(argv[++i], &end, 10), *end) || games < 1)
                return cli_fail("bench: --games needs a positive number");
        } else if (!strcmp(argv[i], "movegen") || !strcmp(argv[i], "classify") || !strcmp(argv[i], "selfplay") ||
                   !strcmp(argv[i], "maxmoves") || !strcmp(argv[i], "solve") || !strcmp(argv[i], "sampler") ||
                   !strcmp(argv[i], "engine") || !strcmp(argv[i], "all")) {
            what = argv[i];
        } else {
            return cli_fail(
                "bench: unknown benchmark '%s' (movegen, classify, selfplay, maxmoves, solve, sampler, engine or all)",
                argv[i]);
        }
    }
    if (tied && adapt == 0)
        return cli_fail("bench: --tied takes the farmers for one program of --adapt's mixture: give --adapt P too");
    if (!strcmp(what, "engine")) {
        DdzAgent probe;
        DdzError err;
        if (ddz_ai_agent_new(&probe, agent, 0, &err) != 0)
            return cli_fail("bench: --agent: %s", err.msg);
        ddz_agent_free(&probe);
    }
    b.buf = malloc(sizeof *b.buf * DDZ_MAX_MOVES_DECK);
    if (!b.buf)
        return cli_fail("bench: out of memory");
    printf("ddz bench %s: rules %s, seed %llu, one thread\n", what, ddz_ruleset_name(b.rules),
           (unsigned long long)b.seed);
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "movegen")) {
        bench_lead(&b, max_hand(&b), 10000);
        bench_lead(&b, ddz_ruleset_is_48(b.rules) ? 12 : 17, 10000);
        bench_follow(&b, 100000);
    }
    if (all || !strcmp(what, "classify"))
        bench_classify(&b, 100000);
    if (all || !strcmp(what, "selfplay"))
        bench_selfplay(&b, 300000);
    if (!strcmp(what, "solve"))
        bench_solve(&b, 200);
    if (!strcmp(what, "sampler"))
        bench_sampler(&b, players, eps, (int)adapt, tied, stranger, games);
    if (!strcmp(what, "engine") && bench_engine(&b, agent, games) != 0) {
        free(b.buf);
        return CLI_NO;
    }
    if (!strcmp(what, "maxmoves"))
        bench_maxmoves(&b);
    else
        printf("fingerprint %016llx\n", (unsigned long long)b.fingerprint);
    free(b.buf);
    return CLI_OK;
}
