/* arena.h -- head-to-head evaluation of two agents (docs/ENGINE.md, "Arena"): every deal is
 * played twice with the sides swapped, A as the landlord against B as both farmers, then B
 * as the landlord against A; the result is A's win percentage (WP) and average point
 * difference (ADP), with 95% confidence intervals.
 *
 * DdzArenaConfig and DdzArenaStats are caller-owned values. ddz_arena_run starts worker
 * threads that each make their own agents (seeded per deal, so the numbers do not depend on
 * the number of threads) and joins them before it returns. */
#ifndef DDZ_ARENA_H
#define DDZ_ARENA_H

#include "ddz/game.h"

/* One game of a match, from A's side: whether A's side won and its points. */
typedef struct DdzArenaGame {
    bool won;
    int points;
} DdzArenaGame;

/* One decision of A over cfg.slow_ms: where it was and what that seat knew, as the engine
 * protocol's request (ddz_engine_request), so that `ddz engine` can ask it again. */
typedef struct DdzArenaSlow {
    long deal;
    int swap;            /* as DdzArenaConfig.games: 0 A in seat 0, 1 B there */
    int seat;
    double cpu_ms, wall_ms;
    const char *request; /* NULL when it could not be made (memory) */
} DdzArenaSlow;

typedef struct DdzArenaConfig {
    const char *a, *b;  /* agent names (ddz_ai_agent_new) */
    long deals;         /* deals to play, each twice */
    uint64_t seed;      /* deal k is dealt from a DdzRng seeded with seed + k */
    DdzRuleset rules;
    bool bidding;       /* false: seat 0 is the landlord without bidding (research protocol);
                           true: A in seat 0 and B in seats 1 and 2 bid, then swapped */
    int jobs;           /* worker threads, at least 1 */
    const char *options; /* rule options set after the rules, comma-separated assignments of
                            ddz_options_set ("double=app,show"); NULL: none */
    DdzArenaGame *games; /* when not NULL, 2 x deals entries the run fills: game 2k + swap is
                            deal k with A in seat 0 (swap 0) or B there (swap 1) */
    double slow_ms;     /* > 0: each decision of A that takes more CPU time than this is
                           passed to `slow` (not NULL), one call at a time */
    void (*slow)(void *ctx, const DdzArenaSlow *d);
    void *slow_ctx;
} DdzArenaConfig;

/* Sums over games, from A's side: exact integers, so the same for any number of jobs. */
typedef struct DdzArenaTally {
    long games, wins;
    long long points, points_sq; /* A's side's points per game, and their squares */
} DdzArenaTally;

/* Time per decision of agent A, in bins 5% wide: bin b holds times from
 * DDZ_ARENA_BIN_MS * 1.05^b to DDZ_ARENA_BIN_MS * 1.05^(b+1) ms (the last bin also holds
 * everything longer, the first everything shorter). Wall clock and the thread's CPU time
 * (steadier on a shared machine). */
#define DDZ_ARENA_TIME_BINS 400
#define DDZ_ARENA_BIN_MS 0.001
typedef struct DdzArenaTimes {
    long n;                            /* decisions timed */
    long wall[DDZ_ARENA_TIME_BINS];
    long cpu[DDZ_ARENA_TIME_BINS];
    double wall_max_ms, cpu_max_ms;    /* exact maxima */
} DdzArenaTimes;

typedef struct DdzArenaStats {
    DdzArenaTally all, landlord, farmers; /* every game; A the landlord; A the farmers */
    long redeals;                         /* bidding: deals everyone passed, dealt again */
    long bombs;                           /* bombs and rockets played */
    double seconds;                       /* wall-clock time of the run */
    DdzArenaTimes a_times;                /* every decision of agent A (bids included) */
} DdzArenaStats;

/* A's points in one finished game, A playing the seats in the mask a_seats (bit s: seat s;
 * 1 or 6 in an arena). Without bidding, the research protocol's value: a game is worth
 * 2 x 2^bombs (bombs counting the rocket), won or lost by the landlord's side. With bidding,
 * the real scores of A's seats added up: A's net gain, which is what B's seats lose. (When
 * the bid puts one copy of A on each side, its gain is what the B farmer pays; counting the
 * landlord's score alone, as before 2026-12-03, also counted what one copy of A took from the
 * other, so that a copy doubling or bidding against itself looked like a gain.) */
int ddz_arena_points(const DdzResult *r, unsigned a_seats, bool bidding);

/* Adds one game to a tally. */
void ddz_arena_tally_add(DdzArenaTally *t, bool won, int points);

/* The options of the match's games: the defaults, cfg->rules, then cfg->options. Returns 0,
 * or -1 with err naming the assignment that is wrong. */
int ddz_arena_options(const DdzArenaConfig *cfg, DdzOptions *opt, DdzError *err);

/* Plays the match. Returns 0, or -1 with err (an unknown agent; an agent that failed,
 * named with the deal). */
int ddz_arena_run(const DdzArenaConfig *cfg, DdzArenaStats *out, DdzError *err);

/* A tally's figures: WP with its Wilson 95% interval; ADP with the normal 95% interval
 * from the sample standard deviation (half-width 1.96 s / sqrt(n); 0 for fewer than 2
 * games). */
typedef struct DdzArenaSummary {
    double wp, wp_lo, wp_hi;
    double adp, adp_lo, adp_hi, sd;
} DdzArenaSummary;

void ddz_arena_summarize(const DdzArenaTally *t, DdzArenaSummary *s);

/* Two agents, X and Y, each played against the same B on the same deals (the same seed,
 * rules, options and protocol), compared deal by deal: each deal's two games are one paired
 * observation, the difference of X's and Y's results on it, so that what the deal itself
 * decides cancels out. wp: X's WP less Y's, with the normal 95% interval of the mean of the
 * deals' differences; adp the same for the points; wp_swap: the WP difference over the games
 * of each swap alone (without bidding swap 0 has X and Y the landlord, swap 1 the farmers).
 * agree: the share of games with the same outcome (won or lost) for both. */
typedef struct DdzArenaDiff {
    long deals;
    double wp, wp_lo, wp_hi, adp, adp_lo, adp_hi;
    double wp_swap[2], agree;
} DdzArenaDiff;

void ddz_arena_compare(const DdzArenaGame *x, const DdzArenaGame *y, long deals, DdzArenaDiff *out);

/* The bin of a time in ms, and the q-quantile (0..1) of n timed decisions in bins, as the
 * upper edge of its bin (so within 5% above the true value); 0 when n is 0. */
int ddz_arena_time_bin(double ms);
double ddz_arena_time_quantile(const long bins[DDZ_ARENA_TIME_BINS], long n, double q);
/* The q-quantile of t's decisions by the thread's CPU time (cpu) or the wall clock, as above
 * but never above that clock's exact maximum: the upper edge of the top bin can pass the
 * slowest decision (a p99 of 777 ms beside a max of 756 ms), which no quantile does. */
double ddz_arena_times_quantile(const DdzArenaTimes *t, bool cpu, double q);

#endif
