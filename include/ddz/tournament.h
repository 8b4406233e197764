/* tournament.h -- a Dou Dizhu competition (晋级赛, RULES §7) as a value: entrants, groups,
 * rounds, tables, byes, games, the extra game and the lot, standings; advanced by results,
 * checked by its invariant, written as JSON Lines with every game's record inside, and
 * replayed and verified from that file (docs/TOURNAMENT.md).
 *
 * The rules, as this file implements them:
 * - N >= 3 entrants (ids 0..N-1), split by lot into G groups (1 <= G <= N / 3) of sizes
 *   differing by at most one; each group is a stage that runs rounds until one player is left;
 *   with G > 1 the group winners then play a final stage the same way.
 * - A round of n players: when n >= 3, n mod 3 players get a bye into the next round, drawn by
 *   lot among those with the fewest byes so far (so nobody has a second bye while another player
 *   of the round has none), and the others are drawn by lot into tables of three (seat order =
 *   draw order). When n == 2, the eliminated player with the best table score of the stage's
 *   last round (for the final's first round: of the groups' last rounds) completes the table,
 *   ties by lot; the completer plays but cannot advance. When n == 1 the stage is won.
 * - A table plays K games (default 6; game k: seat k mod 3 bids first unless the options pick
 *   the first bidder), scores start at 0 each round; the top scorer among the players who may
 *   advance advances. A tie for the top is played off in one extra game at that table (all
 *   three play, only the tied players' results count), then, if still tied, settled by lot.
 * - A deal that everyone passes is dealt again (attempt a = 1, 2, ...; seat (k + a) mod 3 bids
 *   first) from the game's seed varied by a (64-bit: seed + a * 0x9E3779B97F4A7C15; 256-bit:
 *   the last two bytes xor a).
 * - Every draw comes from one DdzDraw of the event's seed, in this order: the groups (one
 *   Fisher-Yates of the ids, dealt round-robin), then per round: byes, tables, then each table's
 *   K + 1 deal seeds (64-bit events: one u64 each; 256-bit events: 32 bytes each), and after the
 *   round is played the lots, in table order. A real event draws its 256-bit seed from the
 *   CSPRNG; a simulation gives a 64-bit seed. Both are in the record.
 * - Standings: the winner first; then by the stage reached (the final above the groups), the
 *   round reached, and the table score of that round; equal on all three share a rank.
 *
 * Not thread-safe: one thread advances the value; tables of a round may be played in parallel
 * (they only read the value and write their own DdzTourTable). */
#ifndef DDZ_TOURNAMENT_H
#define DDZ_TOURNAMENT_H

#include <stdio.h>

#include "ddz/agent.h"
#include "ddz/draw.h"
#include "ddz/game.h"

#define DDZ_TOUR_MAX_GAMES 30
#define DDZ_TOUR_MAX_PLAYERS 1000000
#define DDZ_TOUR_VERSION 1

typedef struct DdzTourConfig {
    int players;     /* N >= 3 */
    int groups;      /* G, 1..N/3 */
    int games;       /* K per table, 1..DDZ_TOUR_MAX_GAMES */
    DdzOptions opt;  /* the rules of every game */
} DdzTourConfig;

typedef struct DdzTourTable {
    int stage, round, index;      /* index: the table's number within its round, from 0 */
    int player[DDZ_SEAT_NB];      /* entrant ids in seat order */
    int completer;                /* seat of the player completing a table of two, else -1 */
    int score[DDZ_SEAT_NB];       /* the sums of the K games */
    bool extra;                   /* the extra game was played */
    int extra_score[DDZ_SEAT_NB];
    bool lot;                     /* the winner was drawn by lot */
    int winner;                   /* entrant id; -1 until decided */
    int played;                   /* games with a result so far (the extra game included) */
    uint64_t seed[DDZ_TOUR_MAX_GAMES + 1];                       /* 64-bit events */
    uint8_t seed256[DDZ_TOUR_MAX_GAMES + 1][DDZ_SEED256_BYTES];  /* 256-bit events */
} DdzTourTable;

typedef struct DdzTourRound {
    int stage, round;
    int first_table, ntables;
    int bye[2], nbyes;
    int players;                  /* players in the round, a completer not counted */
} DdzTourRound;

typedef struct DdzTourEntrant {
    int group;                    /* its group's stage */
    int byes;
    int stage, round;             /* the furthest round it played or had a bye in */
    int score;                    /* its table score there (a bye: 0) */
    bool out;                     /* eliminated */
} DdzTourEntrant;

typedef struct DdzTour {
    DdzTourConfig cfg;
    bool wide;                    /* a 256-bit event seed (else 64-bit) */
    uint64_t seed;
    uint8_t seed256[DDZ_SEED256_BYTES];
    DdzDraw draw;
    DdzTourEntrant *ent;
    int stages;                   /* G, or G + 1 with the final */
    int stage;                    /* the stage running now */
    int *alive, nalive;           /* the players of this stage still in (ascending ids) */
    int *last_out, nlast_out;     /* eliminated in the stage's last round (see completer) */
    int *pool, npool;             /* eliminated in the groups' last rounds (the final's) */
    int *winners, nwinners;       /* group winners so far */
    int *groups;                  /* ids by group: group g is groups[gstart[g] .. gstart[g+1]) */
    int *gstart;
    DdzTourRound *rounds;
    int nrounds, caprounds;
    DdzTourTable *tables;
    int ntables, captables;
    bool playing;                 /* the last round is drawn and not finished */
    int winner;                   /* -1 until the event is over */
} DdzTour;

/* Starts an event: checks cfg, seeds the draws (exactly one of seed / seed256 non-NULL) and
 * draws the groups. Returns 0, or -1 with err (bad counts, out of memory). */
int ddz_tour_new(DdzTour *t, const DdzTourConfig *cfg, const uint64_t *seed, const uint8_t *seed256,
                 DdzError *err);
void ddz_tour_free(DdzTour *t);

static inline bool ddz_tour_over(const DdzTour *t) { return t->winner >= 0; }

/* Draws the next round (byes, tables, completer, deal seeds). Returns the round's index in
 * t->rounds, or -1 when the event is over or a round is still being played. Tables pointers
 * may move: take them again after each draw. */
int ddz_tour_draw(DdzTour *t, DdzError *err);

/* Deals game k (0..K-1, or K for the extra game), attempt a (0, then 1, 2, ... after
 * redeals) of a table into g. */
void ddz_tour_deal(const DdzTour *t, const DdzTourTable *tb, int k, int a, DdzGame *g);

/* The deal seed of game k, attempt a, of a table: *seed (64-bit events) or seed256. */
void ddz_tour_game_seed(const DdzTour *t, const DdzTourTable *tb, int k, int a, uint64_t *seed,
                        uint8_t seed256[DDZ_SEED256_BYTES]);

/* Adds the result of game k (k == K: the extra game) to a table. */
void ddz_tour_table_add(DdzTourTable *tb, int k, int K, const DdzResult *r);

/* After K games: whether the top is tied among the players who may advance. After the extra
 * game it is false. */
bool ddz_tour_table_needs_extra(const DdzTourTable *tb, int K);

/* Settles every table of the round just played (the extra games played where needed; lots
 * drawn in table order), eliminates, and moves on: to the next round, the next stage or the
 * end. Returns 0, or -1 with err when a table has not played its games. */
int ddz_tour_finish_round(DdzTour *t, DdzError *err);

/* The invariant: every round's players are exactly the byes and the tables' non-completer
 * seats, distinct; byes go to the fewest-byes players; winners sit at their tables and are
 * the top scorers; the alive players are the previous round's winners and byes; the counts
 * shrink; at the end exactly one winner. false with a reason in why. */
bool ddz_tour_ok(const DdzTour *t, char *why, size_t size);

typedef struct DdzTourStanding {
    int id, rank, stage, round, score;
} DdzTourStanding;

/* All entrants in standing order into out[cfg.players]. */
void ddz_tour_standings(const DdzTour *t, DdzTourStanding *out);

/* A stage's name: "A".."Z" for groups (then "G27"...), "final" (or "" for the only group). */
const char *ddz_tour_stage_name(const DdzTour *t, int stage, char buf[16]);

/* JSON Lines (docs/TOURNAMENT.md): the header (config, seed, entrants' names) and, with G > 1,
 * the groups line; per round: the round line (byes, tables), then per table a table line (its
 * players and deal seeds), its game records (ddz_record_write; seats = entrant names, game =
 * 1.., redeals included), a table_result line (scores, extra game, lot, winner); at the end the
 * standings line. Each returns 0 or -1 with err on a write error. */
int ddz_tour_write_header(FILE *f, const DdzTour *t, const char *const *names, DdzError *err);
int ddz_tour_write_round(FILE *f, const DdzTour *t, int round, DdzError *err);
int ddz_tour_write_table_begin(FILE *f, const DdzTour *t, const DdzTourTable *tb, DdzError *err);
int ddz_tour_write_table_end(FILE *f, const DdzTour *t, const DdzTourTable *tb, DdzError *err);
int ddz_tour_write_standings(FILE *f, const DdzTour *t, DdzError *err);

/* Whether the first non-blank line of f is a tournament header (f is rewound); false for a
 * stream that cannot be rewound (a pipe). */
bool ddz_tour_file_is_event(FILE *f);

/* Replays a whole event file: the draws again from its seed, every game record through the
 * rules (ddz_record_read) and against the drawn deal seeds, every table's result, lot and
 * winner, the standings. Prints each round's tables and the standings to out (NULL: quiet).
 * Returns 0 when it all holds, or -1 with err "line N: reason". */
int ddz_tour_verify(FILE *f, FILE *out, DdzError *err);

/* Prints one finished round (its tables, scores, extra games, lots, byes) to out. */
void ddz_tour_print_round(FILE *out, const DdzTour *t, int round, const char *const *names);

/* Prints the standings (at most top lines, 0: all). */
void ddz_tour_print_standings(FILE *out, const DdzTour *t, const char *const *names, int top);

/* Playing an event among computer agents (src/ai/tourplay.c) ----------------------------*/

typedef struct DdzTourRun {
    const char *const *agents;  /* entrant i plays as agents[i % nagents] (ddz_ai_agent_new) */
    int nagents;
    int jobs;                   /* tables played in parallel (>= 1); results never depend on it */
    FILE *record;               /* the event's JSON Lines, or NULL */
    FILE *out;                  /* each round and the standings as they come, or NULL */
    int top;                    /* standings lines to print (0: all) */
    /* A person's seat (ddz play --tournament): entrant `human` (-1: none) is played by the
     * agent human_new makes for each of its tables, named human_name. */
    int human;
    const char *human_name;
    int (*human_new)(void *ctx, DdzAgent *out, DdzError *err);
    void *human_ctx;
    /* A front end that shows the event (ddz play --tournament's screen), NULL for none; both
     * get front_ctx. on_round runs on the calling thread after each round is drawn (played =
     * false), after it is played and settled (played = true), and once at the end (round =
     * -1). on_game runs on the thread that plays the person's table: after each deal (g fresh),
     * after each action of its games, and once with g = NULL when the table is done. A
     * non-zero return stops the event (ddz_tour_run fails with "stopped"). */
    int (*on_round)(void *ctx, const DdzTour *t, int round, bool played, const char *const *names);
    int (*on_game)(void *ctx, const DdzTour *t, const DdzTourTable *tb, int k, const DdzGame *g);
    void *front_ctx;
} DdzTourRun;

/* Plays the event to its end. Returns 0, or -1 with err. */
int ddz_tour_run(DdzTour *t, const DdzTourRun *run, DdzError *err);

#endif
