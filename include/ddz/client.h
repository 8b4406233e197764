/* client.h -- the client side of the network protocol (docs/PROTOCOL.md): a tracker that
 * follows the server's messages into what one seat knows, a simple automatic player, a
 * privacy check, and a WebSocket client transport (libwebsockets).
 *
 * DdzClient is a caller-owned value (ddz_client_init, ddz_client_free for the record it may
 * hold). Feeding it every received message keeps its fields current; it also checks that no
 * message reveals a card another seat still holds hidden (DdzClient.leaks). The transport,
 * DdzWsClient, is opaque, owned by the caller and runs on the thread that calls
 * ddz_ws_client_run; only ddz_ws_client_interrupt may be called from another thread. */
#ifndef DDZ_CLIENT_H
#define DDZ_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/game.h"

struct json_t;

/* What a message was, as ddz_client_feed returns it. */
typedef enum DdzClientEvent {
    DDZ_EV_NONE, DDZ_EV_BAD, DDZ_EV_WELCOME, DDZ_EV_ERROR, DDZ_EV_ROOMS, DDZ_EV_ROOM, DDZ_EV_LEFT,
    DDZ_EV_CHAT, DDZ_EV_START, DDZ_EV_ACTION, DDZ_EV_LANDLORD, DDZ_EV_TURN, DDZ_EV_AUTO,
    DDZ_EV_REDEAL, DDZ_EV_OVER, DDZ_EV_STATE, DDZ_EV_LEADERBOARD, DDZ_EV_PONG, DDZ_EV_OTHER,
    DDZ_EV_TOUR /* a tournament message (tournaments, tour, tour_*): c->tour holds what it said */
} DdzClientEvent;

/* What a seat did last in the current round (in the bidding: its last bid, double or show),
 * as the middle of the table shows it. */
enum { DDZ_NOTE_NONE, DDZ_NOTE_BID, DDZ_NOTE_DOUBLE, DDZ_NOTE_SHOW, DDZ_NOTE_PASS, DDZ_NOTE_PLAY };
typedef struct DdzClientNote {
    int kind;                     /* DDZ_NOTE_* */
    int value;                    /* bid or double value */
    bool rob;                     /* a bid after someone had bid (rob flow: 抢 rather than 叫) */
    DdzMove move;                 /* play */
    DdzCards cards;               /* play: the exact cards */
} DdzClientNote;

/* Tournaments (docs/PROTOCOL.md, "Tournaments", revision 3): what a client following an event
 * knows, from the tournaments, tour and tour_* messages. Kept in DdzClient.tour, allocated at
 * the first such message (NULL before) and freed by ddz_client_free. Entrants are numbers
 * from 0 (names in entrant[]); a server's field is at most DDZ_CLIENT_TOUR_MAX. */
#define DDZ_CLIENT_TOUR_MAX 243
#define DDZ_CLIENT_TOUR_LIST 100
#define DDZ_CLIENT_TOUR_ROUNDS 40

typedef struct DdzClientTourSummary {
    long id;
    char name[80];
    char state[16];               /* "registering", "running", "finished", "cancelled" */
    int players, registered;      /* the field, and those registered */
    long long start_ms;           /* Unix ms, -1: when the field is full */
    int round;                    /* the running round from 1, 0 before the start */
    char winner[80];              /* "" until the end */
} DdzClientTourSummary;

typedef struct DdzClientTourTable {
    int table;                    /* from 1 */
    long room;
    int players[DDZ_SEAT_NB];     /* entrant numbers in seat order */
    int completer;                /* seat, -1 none */
    int played;                   /* games with a result (the extra game included) */
    int scores[DDZ_SEAT_NB];
    bool has_extra;
    int extra[DDZ_SEAT_NB];
    bool lot;
    int winner;                   /* entrant, -1 undecided */
    char state[12];               /* "playing", "extra", "finished" */
} DdzClientTourTable;

typedef struct DdzClientStanding {
    int entrant, rank, stage, round, score;
    char status[12];              /* "playing", "waiting", "out", "winner" */
} DdzClientStanding;

typedef struct DdzClientTourRound {   /* a round seen (the bracket as it went) */
    int stage, round;
    char name[16];                /* the stage's name ("" with one group) */
    int ntables, nbyes, players;
    int your_table;               /* our table's number, 0: none */
    bool your_bye;
    int winner;                   /* our table's winner once finished, else -1 */
} DdzClientTourRound;

typedef struct DdzClientTour {
    char last[24];                /* the type of the last tournament message */
    DdzClientTourSummary list[DDZ_CLIENT_TOUR_LIST];  /* from "tournaments" */
    int nlist;
    /* the event followed (tour_watch, tour_register; 0: none) */
    long id;
    DdzClientTourSummary sum;
    char options[256], fill[16];
    int groups, games, turn, pause;
    int you;                      /* our entrant number, -1 */
    int nentrants;
    char entrant[DDZ_CLIENT_TOUR_MAX][64];
    bool bot[DDZ_CLIENT_TOUR_MAX], online[DDZ_CLIENT_TOUR_MAX];
    char stages[32][16];
    int nstages;
    /* the running round (tour_round, the snapshot's bracket; tour_table updates it) */
    int stage, round;             /* round from 1, 0 before the start */
    char stage_name[16];
    int byes[4], nbyes;
    DdzClientTourTable tables[DDZ_CLIENT_TOUR_MAX / 3 + 1];
    int ntables;
    DdzClientStanding standings[DDZ_CLIENT_TOUR_MAX];
    int nstandings;
    bool final;                   /* the standings are the final ones */
    /* where we are: seated (tour_seat) or waiting (tour_wait) */
    bool seated;
    int seat_table, seat;
    long seat_room;
    int next_game;                /* the table's next game, from 1 */
    char wait[16];                /* "bye", "table_finished", "registered", "out"; "" seated */
    bool advanced;
    DdzClientTourRound rounds[DDZ_CLIENT_TOUR_ROUNDS];
    int nrounds;
    /* the end (tour_over) */
    bool over;
    int winner;
    char winner_name[80], seed256[65];
    long total_games;
} DdzClientTour;

typedef struct DdzClient {
    /* who we are */
    long player;
    char name[80];
    char token[80];
    /* where we are: room 0 in the lobby; seat -1 watching */
    long room;
    int seat;
    DdzOptions opt;
    /* the game, as this seat knows it */
    bool in_game;
    long game;                    /* the room's game number */
    int phase, turn, landlord, first;
    char commit[80];              /* the commitment of the current deal */
    DdzCards hand, dealt, bottom; /* our hand now and as dealt; the bottom once shown */
    DdzCards played[DDZ_SEAT_NB], shown[DDZ_SEAT_NB];
    int count[DDZ_SEAT_NB];
    bool autop[DDZ_SEAT_NB];      /* the computer plays for the seat (托管) */
    char names[DDZ_SEAT_NB][80];  /* the seats' players; a name stays after its player left the
                                     game or its seat, until the seat is taken or a game starts */
    bool gone[DDZ_SEAT_NB];       /* the seat's player left (离开): the name is its last one */
    DdzClientNote note[DDZ_SEAT_NB]; /* the table as it is: each seat's last action this round */
    long turn_deadline_ms;        /* the deadline of the seat to act (from "next"), -1: none */
    long turn_deadline_frame;     /* the frame that told it (frames), to count from */
    DdzMove table;                /* the move to beat (pass: none) */
    int table_seat;
    /* our turn (from the "turn" message) */
    bool my_turn;
    int turn_phase;               /* DdzPhase of the decision */
    uint8_t values[4];            /* legal bid or double values */
    int nvalues;
    bool lead, can_show;
    long deadline_ms;
    /* results */
    long games_over;
    int totals[DDZ_SEAT_NB];      /* the room's running scores */
    int last_score[DDZ_SEAT_NB];
    char *record;                 /* the last finished game's record (malloc'ed), with commit */
    DdzCards held[DDZ_SEAT_NB];   /* the last finished game: what each seat still held */
    bool held_known;              /* held is the last game's (until the next game starts) */
    bool commit_ok;               /* the last game's commitment matched its revealed seed */
    /* errors and the privacy check */
    char error_code[40], error[256];
    long leaks;                   /* messages that showed a card another seat holds hidden */
    char leak[256];               /* the first of them */
    long frames;
    long room_tour;               /* the room is a table of this tournament (0: not one) */
    DdzClientTour *tour;          /* NULL until a tournament message (see above) */
} DdzClient;

void ddz_client_init(DdzClient *c);
void ddz_client_free(DdzClient *c);

/* Follows one message from the server (its JSON text); returns what it was. A message that
 * is not JSON or lacks what its type needs is DDZ_EV_BAD (and counted nowhere else). */
DdzClientEvent ddz_client_feed(DdzClient *c, const char *data, size_t len);
/* The same for a message already parsed; msg is a jansson json_t *. */
DdzClientEvent ddz_client_feed_json(DdzClient *c, struct json_t *msg);

/* An entrant's name in the event followed ("?" when unknown). */
const char *ddz_client_tour_name(const DdzClientTour *t, int entrant);

/* The hands as this seat may picture them: its own hand, the rest of each hand shown by 明牌,
 * and for every other seat stand-ins of the right size (count[s] cards, disjoint, drawn from
 * the cards this seat cannot see; only their number means anything). A spectator (seat -1)
 * gets stand-ins for every seat not shown. */
void ddz_client_hands(const DdzClient *c, DdzCards hands[DDZ_SEAT_NB]);

/* The automatic player of ddz connect --auto and ddz loadtest: when it is our turn, writes
 * the message to send (JSON) into buf and returns its length, else 0. It bids the most it
 * may one time in three, else the least; never doubles or shows; plays the first hint
 * (ddz_moves_hint) or passes when following and nothing fits. */
size_t ddz_client_auto(DdzClient *c, DdzRng *rng, char *buf, size_t size);

/* Writes a client message: {"type":TYPE} plus the fields of fmt_fields, a JSON fragment
 * ("\"value\":2") or NULL. Returns the length needed (like snprintf). */
size_t ddz_client_msg(char *buf, size_t size, const char *type, const char *fields);

/* The WebSocket client ------------------------------------------------------------------------*/

typedef struct DdzWsHandler {
    void (*opened)(void *ctx, long id);
    void (*message)(void *ctx, long id, const char *data, size_t len);
    void (*closed)(void *ctx, long id, const char *why); /* once per connection */
    void (*timer)(void *ctx);                            /* every timer_ms, and after an interrupt */
} DdzWsHandler;

typedef struct DdzWsClient DdzWsClient;

/* A client for up to max_conns connections. Returns NULL with err. */
DdzWsClient *ddz_ws_client_new(const DdzWsHandler *h, void *ctx, int max_conns, DdzError *err);
void ddz_ws_client_free(DdzWsClient *w);
/* Starts connecting to url (ws://HOST:PORT[/PATH]); returns the connection's id (>= 0) or
 * -1 with err. opened or closed follows. */
long ddz_ws_client_connect(DdzWsClient *w, const char *url, DdzError *err);
/* Queues a text message; returns 0, or -1 when the connection is gone. */
int ddz_ws_client_send(DdzWsClient *w, long id, const char *data, size_t len);
/* Closes a connection (closed follows). */
void ddz_ws_client_close(DdzWsClient *w, long id);
/* Drops a connection at once, without the closing handshake (tests: a broken network). */
void ddz_ws_client_drop(DdzWsClient *w, long id);
/* Runs the event loop until ddz_ws_client_stop, calling timer every timer_ms. */
int ddz_ws_client_run(DdzWsClient *w, int timer_ms);
void ddz_ws_client_stop(DdzWsClient *w);
/* From any thread: makes the loop call timer soon. */
void ddz_ws_client_interrupt(DdzWsClient *w);

/* Splits ws://HOST:PORT/PATH; returns 0 or -1 with err. */
int ddz_ws_url_parse(const char *url, char *host, size_t hsize, int *port, char *path, size_t psize,
                     DdzError *err);

#endif
