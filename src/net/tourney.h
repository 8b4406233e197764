/* tourney.h -- tournaments on the server (docs/PROTOCOL.md, "Tournaments"): events opened by
 * the operator or an admin, registration in the lobby, the rounds of a DdzTour (tournament.h)
 * played at tables that are rooms, the waiting view, standings for everyone following, and
 * the event resumed from the store after a restart.
 *
 * tourney.c: the events, rounds, tables and their games, the restart; tourney_lobby.c: the
 * lobby's messages and refusals; tourney_msg.c: the messages (snapshot, round, table,
 * standings); tourney_store.c: the event in SQLite and its record.
 * The server core calls the tourney_* hooks below; everything else stays in these files. */
#ifndef DDZ_NET_TOURNEY_H
#define DDZ_NET_TOURNEY_H

#include "core.h"
#include "ddz/tournament.h"

#define TOUR_MAX_PLAYERS 243   /* a field the messages carry well within 64 KiB */
#define TOUR_MAX_EVENTS 100    /* events a server holds (finished ones included) */
#define TOUR_GRACE_MS 30000    /* after a restart a table waits this long for its people */
#define TOUR_STORE_RETRY_MS 2000 /* a deal the store could not keep is tried again after this */

enum { TOUR_REGISTERING, TOUR_RUNNING, TOUR_FINISHED, TOUR_CANCELLED };

typedef struct TourEntrant {
    int64_t player;        /* the person's id; 0 for a computer (the fill) */
    char name[80];
    char level[16];        /* a computer's level */
    Player *p;             /* the person in memory (pinned: p->tour), or NULL */
} TourEntrant;

/* A table of the running round. */
typedef struct TourRun {
    int table;             /* index in t.tables */
    Room *room;            /* its room while it plays, else NULL */
    int k, attempt;        /* the game being played (or next), and its deals so far */
    bool done;             /* its games are played (a lot may still be due) */
    int64_t row;           /* the stored row of the running deal (tour_games), 0: none */
} TourRun;

typedef struct Tourney {
    int64_t id;
    char name[80];
    char spec[512];        /* as opened: NAME:OPTIONS */
    int state;
    int field;             /* players=N: the most who may register */
    int groups, games, pause_ms;
    char fill[16];         /* computer level filling the field, "" none */
    int64_t start_at;      /* Unix ms; 0: when the field is full */
    DdzOptions opt;
    uint8_t seed[DDZ_SEED256_BYTES];
    DdzTour t;             /* once running */
    bool has_t;
    TourEntrant *ent;
    int nent, capent;
    TourRun *run;          /* the running round's tables */
    int nrun;
    int round;             /* index in t.rounds of the running round, -1 none */
    int64_t next_round_at; /* the next round is drawn then (0: none due) */
    int64_t resumed_at;    /* resumed after a restart then (tables wait for their people) */
    long games_played;     /* deals of the event, redeals and replays included */
    Player **watch;        /* followers who are not entrants */
    int nwatch, capwatch;
    bool reg_dirty;        /* registrations changed since the snapshot was last sent */
    int64_t reg_sent;
} Tourney;

/* Hooks for the server core ---------------------------------------------------------------*/

/* ddz_server_new: resumes the stored events. 0, or -1 with err. */
int tourney_load(DdzServer *srv, DdzError *err);
void tourney_free_all(DdzServer *srv);
/* A message whose type starts with "tour" (or is "tournaments"). */
void tourney_message(DdzServer *srv, Player *p, const json_t *msg, const char *type);
/* After welcome, before the room's frames: the entrant's snapshot, and its seat or wait. */
void tourney_hello(DdzServer *srv, Player *p);
/* The player's connection is gone (it stops following as a spectator of events). */
void tourney_disconnected(DdzServer *srv, Player *p);
/* Timers: start times, registration snapshots, pauses between rounds. */
void tourney_tick(DdzServer *srv);
/* Refuses (and returns true) sitting down elsewhere while registered: create, join, quick. */
bool tourney_busy(DdzServer *srv, Player *p);
/* Refuses (true) what a tournament table does not take: joining, ready, computers, leaving. */
bool tourney_refuse_room(DdzServer *srv, Player *p, Room *r, int seat, const char *type);
/* The room object's tournament fields. */
void tourney_room_json(const Room *r, json_t *room);
/* table.c: a tournament table deals by itself when it may; the deal's seed and first bidder
 * come from the event (true: r->seed, r->next_first, r->opt set). */
bool tourney_may_deal(DdzServer *srv, Room *r);
/* False when the store could not keep the deal's tournament row: the deal must wait
 * (tourney_store_wait). */
bool tourney_deal_seed(DdzServer *srv, Room *r);
/* The store failed at a deal: a tournament's deal counts only once stored (were it played
 * without its rows, a restart would deal it again and its points would count twice), so the
 * table tries again in TOUR_STORE_RETRY_MS. */
void tourney_store_wait(DdzServer *srv, Room *r, const char *why);
/* After the deal's store rows: the tournament's row of the deal. */
void tourney_dealt(DdzServer *srv, Room *r);
/* The library's configuration of an event's field (tourney.c; tourney_store.c reads records). */
void tourney_config(const Tourney *ev, DdzTourConfig *cfg);
/* A computer's seed for a seat of a tournament table: a function of the deal (so a game
 * replayed after a restart is played the same by the computers). */
uint64_t tourney_agent_seed(const Room *r, int seat);
/* The game of a tournament table is over (after its result is stored and sent). */
void tourney_game_over(DdzServer *srv, Room *r, const DdzResult *res);

/* tourney_msg.c ----------------------------------------------------------------------------*/
json_t *tourney_summary(const Tourney *ev);
json_t *tourney_snapshot(const Tourney *ev, int you);
json_t *tourney_round_msg(const Tourney *ev);
json_t *tourney_table_msg(const Tourney *ev, const TourRun *run);
json_t *tourney_standings_msg(const Tourney *ev, bool final);
const char *tourney_state_name(int state);
/* The running-round table of entrant e (its index in ev->run), or -1. */
int tourney_table_of(const Tourney *ev, int e, int *seat);
/* The table's winner when its games decide it (no lot due), else -1. */
int tourney_table_winner(const Tourney *ev, const TourRun *run);

/* tourney_store.c ----------------------------------------------------------------------------*/
/* Every function returns 0, or -1 with err; without a store they do nothing. */
int tstore_schema(DdzStore *st, DdzError *err);
int tstore_open_event(DdzStore *st, Tourney *ev, int64_t now, DdzError *err);
int tstore_entrants(DdzStore *st, const Tourney *ev, DdzError *err);  /* rewrites the list */
int tstore_state(DdzStore *st, const Tourney *ev, DdzError *err);
int tstore_deal(DdzStore *st, const Tourney *ev, const TourRun *run, int64_t *row, DdzError *err);
int tstore_deal_game(DdzStore *st, int64_t row, int64_t game, DdzError *err);
/* Loads every stored event into srv->tours (the events only: entrants, spec, seed, state). */
int tstore_load(DdzServer *srv, DdzError *err);
/* Plays back the stored deals of table `tab` of round `round` into t: each finished game's
 * result (read from its record, checked against the drawn deal) is added to the table; *k and
 * *attempt become the next game and its deal (a deal cut by a restart is dealt again), *deals
 * counts the deals played (finished or redealt). With out, each such record is written there.
 * 0, or -1 with err. */
int tstore_table_replay(DdzStore *st, int64_t tour, DdzTour *t, int round, int tab, int *k, int *attempt, long *deals,
                        FILE *out, DdzError *err);

/* tourney.c, shared with tourney_lobby.c -----------------------------------------------------*/
Tourney *tour_find(DdzServer *srv, int64_t id);
int tour_entrant_of(const Tourney *ev, int64_t player);
bool tour_live(const Tourney *ev);                 /* registering or running */
int tour_follow(Tourney *ev, Player *p);           /* p follows ev as a spectator; -1: no memory */
void tour_unfollow(Tourney *ev, Player *p);
int tour_add_entrant(Tourney *ev, int64_t player, const char *name, const char *level);
Tourney *tour_open_event(DdzServer *srv, const char *spec, DdzError *err);
void tour_start_event(DdzServer *srv, Tourney *ev);
void tour_send_wait(DdzServer *srv, const Tourney *ev, const Player *p, const char *reason, bool advanced, bool lot);
void tour_seat_person(DdzServer *srv, TourRun *run, int s, Player *p);
void tour_seat_frames(DdzServer *srv, Tourney *ev, TourRun *run, Player *p, int seat);

/* tourney.c, for tourney_store.c: parses "NAME:OPTIONS" into a new event (not yet added). */
int tourney_parse(const char *spec, Tourney *ev, int64_t now, DdzError *err);

#endif
