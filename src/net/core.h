/* core.h -- what the server core's files share (server.c: messages in, the tick; conn.c:
 * connections, the outbox, errors; player.c: players, hello; lobby.c: the lobby; room.c: rooms, seats, spectators, leaving and coming back; table.c: the running game, timers,
 * computer players, results; ask.c: what people in a room ask; msg.c: messages built from
 * views). */
#ifndef DDZ_NET_CORE_H
#define DDZ_NET_CORE_H

#include <jansson.h>

#include "ddz/agent.h"
#include "ddz/server.h"

typedef struct Room Room;
typedef struct Player Player;
struct Tourney;

/* The server's tournaments (tourney.h). */
typedef struct Tourneys {
    struct Tourney **ev;
    int n, cap;
} Tourneys;
typedef struct Pending Pending;

/* Rates: a connection may send 20 messages at once and 10 a second after; 10 errors at once
 * and one every 2 seconds after (more is cut off); chat 3 lines at once, one per 2 s after. */
#define MSG_BURST 20.0
#define MSG_RATE 10.0
#define ERR_BURST 10.0
#define ERR_RATE 0.5
#define CHAT_BURST 3.0
#define CHAT_RATE 0.5

/* Token buckets limit rates: `level` tokens, refilled at `rate` per second up to `cap`. */
typedef struct Bucket {
    double level;
    int64_t at;
} Bucket;

/* Password tries and their back-off (guard.c). */
typedef struct Tries {
    int fails;        /* failures in a row */
    int64_t last;     /* the last try */
} Tries;

/* What the server remembers of one network address (guard.c). */
typedef struct Guard {
    uint64_t key;     /* hash of the address; 0: a free slot */
    int conns;        /* connections open from it */
    int rooms;        /* rooms opened from it that still exist */
    Tries pw;         /* password tries from it, over all rooms */
} Guard;

typedef struct GuardTable {
    Guard *e;
    size_t cap, n;
} GuardTable;

/* A connection: its slot in DdzServer.conns, and the player once it said hello. */
typedef struct Conn {
    long id;          /* 0: the slot is free */
    int64_t opened;
    Player *player;
    Bucket msgs;      /* message rate */
    Bucket errors;    /* error rate */
    uint64_t addr;    /* guard_addr_key of its address (0: unknown) */
} Conn;

/* A player: who is behind a connection (or was: a player who dropped out of a game keeps
 * its seat until the game ends). Players live in a list; a token-hash table finds them. */
struct Player {
    int64_t id;
    char name[80];
    uint8_t token_hash[32];
    long conn;        /* 0 when disconnected */
    Room *room;
    int seat;         /* in room: 0..2, or -1 watching */
    Bucket chat;
    bool used;             /* it sat down, watched or was found in the store */
    bool stored;           /* its row is in the store */
    int64_t idle_since;    /* no connection and no room since then (0: in use) */
    struct Tourney *tour;  /* registered in this event, not over: kept in memory (tourney.c) */
    struct Tourney *follow; /* follows this event as a spectator */
    Player *next, *prev;   /* all players */
    Player *hnext;         /* token-hash chain */
};

enum { SEAT_EMPTY, SEAT_HUMAN, SEAT_BOT };

typedef struct Seat {
    uint8_t kind;
    Player *player;       /* SEAT_HUMAN, NULL once it left a running game */
    int64_t player_id;    /* stored player, 0 for a bot */
    char name[80];
    char level[16];       /* SEAT_BOT: its level */
    bool ready;
    bool autop;           /* the computer plays for this human (托管) */
    bool left;            /* the human left during this game */
    int timeouts;         /* turn deadlines missed in a row */
    bool has_agent;
    DdzAgent agent;
    int score;            /* the room's running score of this seat's occupant */
} Seat;

enum { ROOM_WAITING, ROOM_PLAYING };

struct Room {
    long id;
    char name[80];
    char password[80];
    bool has_password, quick;
    DdzOptions opt;
    int turn_ms;
    Seat seat[DDZ_SEAT_NB];
    Player **watch;       /* spectators */
    int nwatch, capwatch, max_watch;
    bool watch_dirty;     /* the count changed since it was last sent */
    int64_t watch_sent;   /* when it was last sent */
    int state;
    long games;           /* games dealt in this room */
    int next_first;       /* first bidder of the next deal */
    DdzGame *game;        /* while playing */
    int64_t store_game;   /* the game's row (0: its start was not stored) */
    bool storing;         /* the game is over and its end with the store's writer: `over` waits */
    DdzResult end_res;    /* while storing: the result */
    int64_t dealt;        /* when the game was dealt */
    uint8_t seed[DDZ_SEED256_BYTES]; /* the deal's 256-bit seed (RULES §2) */
    char salt[33], commit[65];
    int64_t deadline;     /* the seat to act must act by then (0: none) */
    int64_t turn_key;     /* the turn turn_deadline belongs to: games << 16 | actions so far */
    int64_t turn_deadline;
    int64_t bot_due;      /* a computer acts for the seat to act then (0: none) */
    int64_t quick_due;    /* quick match: computers fill empty seats then (0: none) */
    int64_t start_after;  /* no deal before this time */
    int64_t creator;      /* the player who opened it (0: quick match) */
    uint64_t addr;        /* the address it was opened from (0: unknown or quick) */
    Tries pw;             /* wrong passwords, from all addresses (guard.c) */
    int64_t thinking;     /* the key of the decision handed to cfg.think (0: none) */
    int64_t think_since;  /* when it was handed out */
    int64_t ready_key;    /* the decision whose answer came before bot_due, kept for then (0:
                           * none): a computer thinks during the bot delay (room_tick) */
    bool ready_ok;        /* that answer holds ready_action (false: the thinker failed) */
    DdzAction ready_action;
    int64_t active;       /* the last time a person did something in it */
    struct Tourney *tour; /* a tournament's table (tourney.c), else NULL */
    int tour_run;         /* its index among the event's running tables */
};

struct DdzServer {
    DdzServerConfig cfg;
    DdzStore *store;
    Conn *conns;
    int nconns, capconns, free_hint;
    long conn_gen;
    Player *players;      /* list */
    Player **phash;
    size_t phash_size;
    long nplayers;
    int64_t next_player_id; /* ids when there is no store */
    Room **rooms;
    int nrooms, caprooms;
    long next_room_id;
    DdzServerOut *out;
    size_t nout, capout;
    DdzServerStats stats;
    int64_t now;
    int64_t computer_late; /* the longest a computer in a game somebody is in acted after its bot
                            * delay ended, since ddz_server_take_late */
    int64_t last_sweep;   /* players last swept (ddz_server_tick) */
    int64_t last_maintain; /* ddz_store_maintain last called */
    bool gc;              /* a room may have emptied: room_gc looks */
    bool failed_alloc;
    GuardTable guards;    /* per address */
    Tourneys tours;       /* tournaments (tourney.c) */
    Pending *pending, *pending_tail; /* ends waiting for the store (pending.c) */
    DdzMove moves[DDZ_MAX_MOVES + 1]; /* scratch for legal moves */
};

/* server.c */
void srv_log(DdzServer *srv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void srv_random(DdzServer *srv, void *buf, size_t n);
/* Message fields: 0 with *out (a string: NULL if absent and optional; an integer in [lo, hi]:
 * dflt if absent and optional), or -1 after an error to conn. */
int srv_get_str(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, const char **out);
int srv_get_int(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, long lo, long hi,
                long dflt, long *out);
/* A name (nickname, room name) of len bytes: 0, or -1 after "bad_name" to conn. */
int srv_check_name(DdzServer *srv, long conn, const char *what, const char *s, size_t len);

/* conn.c */
bool srv_bucket_take(Bucket *b, double cap, double rate, int64_t now);
Conn *srv_conn(const DdzServer *srv, long id);
void srv_send(DdzServer *srv, long conn, json_t *msg);          /* takes the reference */
void srv_send_text(DdzServer *srv, long conn, const char *text, size_t len);
void srv_error(DdzServer *srv, long conn, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* srv_error with the refusal's arguments (taken; docs/PROTOCOL.md "args"). */
void srv_refuse(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void srv_cut(DdzServer *srv, long conn, const char *code, const char *message);

/* player.c */
void srv_player_forget_maybe(DdzServer *srv, Player *p);
int srv_player_use(DdzServer *srv, Player *p);
void srv_player_free(DdzServer *srv, Player *p);
void srv_hello(DdzServer *srv, Conn *c, const json_t *msg);

/* lobby.c */
void lobby_rooms(DdzServer *srv, Conn *c, const json_t *msg);
void lobby_create(DdzServer *srv, Conn *c, const json_t *msg);
void lobby_join(DdzServer *srv, Conn *c, const json_t *msg, bool watch);   /* join, or watch */
void lobby_quick(DdzServer *srv, Conn *c);
void lobby_leaderboard(DdzServer *srv, Conn *c);

/* guard.c */
uint64_t guard_addr_key(const char *addr);
Guard *guard_get(GuardTable *t, uint64_t key);
void guard_sweep(GuardTable *t, int64_t now);
void guard_free(GuardTable *t);
/* Password tries. An address has GUARD_PW_FREE free failures (over all rooms), then waits
 * longer after each; at a room that has seen GUARD_PW_ATTACK failures lately (from anywhere),
 * an address has one. An address that has not failed may always try: an attack on a room
 * slows the attackers without locking out its players. */
#define GUARD_PW_FREE 5
#define GUARD_PW_ATTACK 10
#define GUARD_NO_ADDR 2   /* the key that connections with no known address share */
int64_t guard_pw_wait(const Tries *tr, int allowed, int64_t now);
void guard_pw_fail(Tries *tr, int64_t now);
bool guard_pw_attacked(const Tries *room, int64_t now);

/* pending.c: a game's end the store did not take (copied), written again by pending_retry
 * (each tick that finds the store alive) until it is stored or refused. */
void pending_add(DdzServer *srv, const Room *r, const DdzStoreEnd *e);
/* With a store that writes on a thread (ddz_store_async): sends a copy of the end there and
 * returns true; waits: the room's `over` waits for the answer (room_end_stored). False: the
 * caller writes it itself. */
bool pending_send(DdzServer *srv, const Room *r, const DdzStoreEnd *e, bool waits);
/* Takes the writer thread's answers (each tick): ends stored or kept (then the rooms that
 * wait go on), the "alive" done (then pending_retry), writes that failed (logged). */
void pending_done(DdzServer *srv);
void pending_retry(DdzServer *srv);
/* The ends the journal (cfg.journal) held at its opening: queued and written now. */
void pending_replay(DdzServer *srv);
void pending_free(DdzServer *srv);   /* a last try; what is left is logged, and stays in the journal */

/* room.c */
Room *room_find(DdzServer *srv, long id);
void room_seat_clear(Seat *st);
void room_seat_drop_agent(Seat *st);
void room_broadcast(DdzServer *srv, Room *r, json_t *msg);   /* takes the reference */
Room *room_new(DdzServer *srv, const char *name, const char *password, const DdzOptions *opt, bool quick);
void room_free_all(DdzServer *srv);
int room_take_seat(DdzServer *srv, Room *r, Player *p, int want);
int room_add_watcher(DdzServer *srv, Room *r, Player *p);
void room_leave(DdzServer *srv, Player *p);
/* room_leave with a reason in its "left" ("tournament"). */
void room_leave_reason(DdzServer *srv, Player *p, const char *reason);
/* Everyone in the room goes back to the lobby ("left" with the reason); the room then closes. */
void room_close(DdzServer *srv, Room *r, const char *reason);
void room_close_idle(DdzServer *srv, Room *r);
void room_send_watch_count(DdzServer *srv, Room *r);
void room_disconnected(DdzServer *srv, Player *p);
void room_reconnected(DdzServer *srv, Player *p);
void room_broadcast_room(DdzServer *srv, Room *r);
void room_send_room(DdzServer *srv, Room *r, Player *p);
void room_send_state(DdzServer *srv, Room *r, Player *p);
void room_gc(DdzServer *srv);
void room_set_auto(DdzServer *srv, Room *r, int seat, bool on, const char *reason);
json_t *room_summary(const Room *r);
int room_humans(const Room *r, bool connected_only);
bool room_unattended(const Room *r);
void room_broadcast_text(DdzServer *srv, Room *r, const char *text, size_t len);

/* table.c */
void room_try_start(DdzServer *srv, Room *r);
/* After a game: the room waits for the next deal (people ready again; leavers and the
 * disconnected lose their seats, except at a tournament table). */
void room_back_to_waiting(DdzServer *srv, Room *r);
/* The end of the room's game is stored or kept (pending_send): its `over` is sent and the
 * room goes on. */
void room_end_stored(DdzServer *srv, Room *r);
void room_tick(DdzServer *srv, Room *r);
void room_schedule(DdzServer *srv, Room *r);   /* timers for the seat to act, and its turn */
/* room_schedule in two steps: the timers (deadline, computer), then the private "turn". */
void room_schedule_timers(DdzServer *srv, Room *r);
void room_schedule_turn(DdzServer *srv, Room *r);
int room_add_bot(DdzServer *srv, Room *r, int seat, const char *level);
int room_apply(DdzServer *srv, Room *r, const DdzAction *a, const char *by, DdzError *err);

/* ask.c */
void room_human_action(DdzServer *srv, Player *p, const json_t *msg, const char *type);
void room_chat(DdzServer *srv, Player *p, const char *text);

/* msg.c */
json_t *msg_cards(DdzCards cards);
json_t *msg_cards3(const DdzCards c[DDZ_SEAT_NB]);
json_t *msg_move(const DdzMove *m, DdzRuleset rules);
const char *msg_phase_name(int phase);
const char *msg_kind_name(const DdzAction *a);
json_t *msg_action(const DdzView *v, const DdzAction *a, int rules);
json_t *msg_state(const Room *r, const DdzView *v, int seat, int64_t now);
void msg_public_view(const DdzGame *g, DdzView *v);
json_t *msg_next(const Room *r, int64_t now);

#endif
