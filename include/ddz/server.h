/* server.h -- the network game server (docs/PROTOCOL.md): players, rooms, games, timers.
 *
 * The core is a plain state machine with no sockets and no clock of its own: the transport
 * (ddz_serve_run, libwebsockets) or a test feeds it connection events, whole messages and
 * the time, and takes the JSON messages it produced from its outbox. Each call is a pure
 * function of (server state, connection, message, now) to new state and outgoing messages,
 * so tests and the fuzzer drive it without a network. A DdzServer is opaque and owned by
 * the caller (ddz_server_new/ddz_server_free); it is not thread-safe. It borrows the
 * DdzStore it is given, which must outlive it. */
#ifndef DDZ_SERVER_H
#define DDZ_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include "ddz/game.h"
#include "ddz/journal.h"
#include "ddz/store.h"

#define DDZ_PROTOCOL_VERSION 1
/* Additions within version 1 that a client may rely on when welcome says so (PROTOCOL.md):
 * 2 = rooms paged and filtered, spectators as a count, aborted, limits; 3 = tournaments. */
#define DDZ_PROTOCOL_REVISION 3
/* The largest message the server reads; a longer one is refused and its sender cut off. */
#define DDZ_MAX_MESSAGE 65536
#define DDZ_NAME_MAX 16  /* characters (code points) in a nickname or room name */
#define DDZ_CHAT_MAX 200 /* characters in a chat line */

/* A computer decision handed out of the core (DdzServerConfig.think): the seat's view (a copy:
 * the thinker sees nothing else), the computer's level and a seed for its agent. The answer
 * comes back through ddz_server_thought with room and key. */
typedef struct DdzThinkJob {
    long room;
    int64_t key;             /* which decision: stale answers are dropped */
    char level[16];
    uint64_t seed;
    bool background;         /* nobody is in the room: after every other decision */
    int give_up_ms;          /* a thinker that has not begun it this many ms after it was handed
                                over may drop it unanswered: the server has played the move
                                another way by then (cfg.computer_wait_ms); 0: never */
    DdzView view;
} DdzThinkJob;

typedef struct DdzServerConfig {
    DdzOptions options;      /* rules of a room created without options */
    int turn_ms;             /* turn deadline (30000); 0: none */
    int quick_wait_ms;       /* quick match: computer players fill empty seats after this (10000) */
    int bot_delay_ms;        /* a computer player waits this long before acting while people
                                watch (800), so they can follow; 0 when nobody watches */
    int computer_wait_ms;    /* with think: a computer in a game somebody is in whose answer has
                                not come this long after its bot delay ended plays the normal
                                level's move instead (1000), so a busy thinker makes computers
                                weaker, not slow; 0: they wait. Not in tournaments */
    int hello_ms;            /* a connection that has not said hello by then is cut (10000) */
    int between_games_ms;    /* a room waits this long after a game before it may deal again (0) */
    bool leaver_penalty;     /* RULES §6: a player who leaves a game loses 10 x the base score */
    char quick_level[16];    /* level of quick match's computer players ("normal") */
    char auto_level[16];     /* level of the computer that plays for a player (托管, "normal") */
    int max_conns;           /* connections at once (20000) */
    int max_rooms;           /* rooms at once (10000) */
    int spectators_max;      /* spectators per room (200); a room may set fewer */
    int rooms_per_player;    /* rooms one player may have opened that still exist (3) */
    int rooms_per_address;   /* the same per network address (30) */
    int room_idle_ms;        /* a waiting room where nobody did anything this long is closed (600000) */
    int player_keep_ms;      /* without a store: a player who played and went away is kept this
                                long for its token (6 h); one who never sat or watched goes at once */
    /* Randomness for deals, salts, tokens and computer players: NULL is the operating
     * system's CSPRNG (libsodium); tests pass a seeded generator. Fills buf, returns 0. */
    int (*random)(void *ctx, void *buf, size_t n);
    void *random_ctx;
    /* Computer decisions off the caller's thread: when set, the core hands each decision to
     * think (which copies the job and returns 0, or -1 to decide on the caller's thread after
     * all) and goes on; at most one decision per room is out at a time. NULL: the core
     * decides at once, inside ddz_server_tick (tests, small servers). */
    int (*think)(void *ctx, const DdzThinkJob *job);
    void *think_ctx;
    /* Tournaments (docs/PROTOCOL.md "Tournaments"): events opened at the start ("NAME:OPTIONS";
     * one whose name a stored unfinished event has goes on instead), and the players who may
     * open and start events from the lobby. Both borrowed: they must outlive the server. */
    const char *const *tournaments;
    int ntournaments;
    const int64_t *tour_admins;
    int ntour_admins;
    /* Optional log of notable events (a line without newline), e.g. to standard error. */
    void (*log)(void *ctx, const char *line);
    void *log_ctx;
    /* The results journal (ddz/journal.h), borrowed, or NULL: a game that ends while the store
     * is away is kept in it (on the disk before the players are told) besides in memory, and
     * the ends it held when it was opened are written to the store by ddz_server_new. */
    DdzJournal *journal;
} DdzServerConfig;

DdzServerConfig ddz_server_config_default(void);

/* Whether SPEC is a tournament description the server accepts ("NAME:OPTIONS", as in
 * DdzServerConfig.tournaments): 0, or -1 with what is wrong in err. For checking settings
 * before a server starts (ddz serve --check-config). */
int ddz_server_tournament_check(const char *spec, DdzError *err);

typedef struct DdzServer DdzServer;

/* Makes a server. store may be NULL (nothing persists; tests, fuzzing). Returns NULL with err
 * when the configuration is invalid or memory is short. */
DdzServer *ddz_server_new(const DdzServerConfig *cfg, DdzStore *store, DdzError *err);
void ddz_server_free(DdzServer *srv);

/* A new connection; returns its id (> 0), or -1 when the server is full (the transport
 * then closes it). Ids are never reused while the server lives. */
long ddz_server_open(DdzServer *srv, int64_t now_ms);
/* The answer to a DdzThinkJob: a = NULL when the computer could not decide (the default
 * action is taken). Dropped when the decision is no longer pending (the game moved on, the
 * player took over, the room closed). */
void ddz_server_thought(DdzServer *srv, long room, int64_t key, const DdzAction *a, int64_t now_ms);

/* Runs a DdzThinkJob on the calling thread (any thread: it touches nothing shared): makes the
 * agent of the level with the seed, lets it act on the view, frees it. 0 with *out, or -1. */
int ddz_server_think(const DdzThinkJob *job, DdzAction *out);

/* Tells the server where a connection comes from (its IP address as text), for the limits
 * per address (rooms, password tries). Connections without one are limited per player only. */
void ddz_server_set_address(DdzServer *srv, long conn, const char *addr);

/* One whole message (one WebSocket text frame) from connection conn. Anything may arrive:
 * malformed or hostile input is answered with an error, or the connection is cut
 * (an outbox entry with close set). */
void ddz_server_message(DdzServer *srv, long conn, const char *data, size_t len, int64_t now_ms);

/* The transport lost connection conn (or closed it as asked). Idempotent. */
void ddz_server_close(DdzServer *srv, long conn, int64_t now_ms);

/* Timers: turn deadlines, computer players, quick match, hello timeouts. Call it often
 * (every 10-50 ms) and after a call to next_timer's time. */
void ddz_server_tick(DdzServer *srv, int64_t now_ms);

/* Outgoing messages, in order. close: after sending data (if len > 0) the transport closes
 * the connection, and must not deliver more of its messages (the core already forgot it). */
typedef struct DdzServerOut {
    long conn;
    bool close;
    size_t len;
    char *data; /* JSON text, not NUL-terminated in the protocol sense but NUL-ended here */
} DdzServerOut;

/* The outbox since the last clear; *out points into the server and stays valid until the
 * next call of any other function. */
size_t ddz_server_outbox(const DdzServer *srv, const DdzServerOut **out);
void ddz_server_outbox_clear(DdzServer *srv);

/* Counters for logs, tests and the load test. */
typedef struct DdzServerStats {
    long conns, players, rooms, playing;  /* now */
    long games_finished, games_aborted, redeals;
    long messages, errors, cut;          /* totals: messages read, errors sent, connections cut */
    long results_pending;                /* finished games waiting for the store (it is away) */
    long unattended;                     /* playing rooms with no person seated and no spectator */
    long agents;                         /* computer players held by seats (the loop's agents) */
    long computer_shed;                  /* total: computer moves played at the normal level
                                            because the thinker's answer was later than
                                            cfg.computer_wait_ms */
} DdzServerStats;
void ddz_server_stats(const DdzServer *srv, DdzServerStats *st);
/* The longest a computer player, in a game somebody is in, acted after its bot delay ended
 * (ms; its decision's wait for a thinker and its thinking beyond the delay) since the last
 * call, which starts the count again. */
int64_t ddz_server_take_late(DdzServer *srv);

/* Test access: the game of room `room` (NULL when it has none), and the seat conn holds
 * (-1: none or a spectator). Only tests use these, to check what each seat was sent. */
const DdzGame *ddz_server_game(const DdzServer *srv, long room);
int ddz_server_seat_of(const DdzServer *srv, long conn, long *room);

/* The transport ----------------------------------------------------------------------------*/

typedef struct DdzServeConfig {
    const char *iface;       /* address to listen on ("127.0.0.1") */
    int port;                /* 7733; 0 picks a free port (printed) */
    const char *db;          /* SQLite file, or NULL for none */
    bool sync_full;          /* SQLite synchronous=FULL (survives power loss, slower) */
    const char *journal;     /* the results journal (ddz/journal.h): a file, or NULL for none */
    bool quiet;              /* no log lines on standard error */
    int ping_s;              /* ping a connection silent this long, cut it after twice as
                                long without an answer (half-open connections); 0: 30 */
    int think_threads;       /* threads for computer decisions; 0: as many as CPUs less one
                                (1 to 8); -1: decide on the event loop */
    DdzServerConfig server;
    /* Plain HTTP: the browser client and /api/hint (ddz/http.h); NULL answers 400. */
    const struct DdzWebSite *web;
    /* Called once the server listens (port: the real one when 0 was asked), or NULL. */
    void (*listening)(void *ctx, const char *iface, int port);
    void *listening_ctx;
    /* The transport's own log lines (games aborted by a restart, statistics every minute, the
     * stop), a line without newline and its syslog level (4 warning, 5 notice, 6 information);
     * NULL: "ddz serve: LINE" on standard error. Not called when quiet. */
    void (*log)(void *ctx, int level, const char *line);
    void *log_ctx;
} DdzServeConfig;

/* Runs the server until SIGINT or SIGTERM: one libwebsockets event loop on the calling
 * thread. Prints "listening on ws://IFACE:PORT" to standard output once it accepts
 * connections. Returns 0 after a clean stop, or -1 with err. */
int ddz_serve_run(const DdzServeConfig *cfg, DdzError *err);

#endif
