/* net_ui.h -- what the three parts of ddz connect's curses screens share (private to
 * src/play): the screen state (NetUi), its table sync and messages (net.c), the lobby and room
 * drawing (net_draw.c) and the keys (net_keys.c). */
#ifndef DDZ_PLAY_NET_UI_H
#define DDZ_PLAY_NET_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include <jansson.h>

#include "net.h"
#include "play.h"

enum { NT_NONE, NT_LIST, NT_EVENT }; /* the tournament screens (net_tour.c) */
typedef struct NetTour NetTour;
enum { IN_NONE, IN_CREATE_NAME, IN_CREATE_PASS, IN_JOIN_PASS, IN_WATCH_PASS, IN_CHAT, IN_REMOVE };
enum { CHAT_LINES = 8 };

struct NetUi {
    DdzClient *c;
    NetSend send;
    void *ctx;
    Play *p;
    char url[200];
    json_t *rooms, *room, *leaders;
    int sel;                  /* the lobby's chosen room */
    bool show_leaders;
    int input;                /* IN_*: a line being typed */
    char line[256];
    char create_name[256];
    long pending_room;
    char chat[CHAT_LINES][320];
    int nchat;
    char note[320];           /* the lobby's or room's last message */
    bool note_error;
    char event[320];          /* the table's last event */
    bool quit_ask, help;
    bool result, hide_result; /* the result panel of the last game */
    int cursor;
    int bid, dbl[DDZ_SEAT_NB], bombs;
    long deadline_at;         /* our turn's deadline (monotonic ms), 0 none */
    long turn_at;             /* the deadline of the seat to act, whoever it is (ms), 0 none */
    long last_draw;
    bool dirty;
    int tour_screen;          /* NT_*: the tournaments' list or one event instead of the lobby */
    int tour_sel;             /* the list's chosen event */
    NetTour *tour;            /* the event view's state (net_tour.c), NULL until used */
    bool tour_last;           /* the last game of a tournament table: its result stays on the
                                 screen (frozen) after the table's room is left */
};

long net_now_ms(void);
const char *net_jstr(const json_t *o, const char *k);
long net_jnum(const json_t *o, const char *k);
/* Sends a message built with jansson (and frees it). */
void net_send_obj(NetUi *u, json_t *o);
void net_send_type(NetUi *u, const char *type);
/* Rebuilds p->game (and the names, values and scores) from the client. */
void net_sync_game(NetUi *u);
/* Whether the table is on screen (a game runs, or its result is shown). */
bool net_on_table(const NetUi *u);
/* Draws the whole screen. */
void net_draw_all(NetUi *u);

/* The tournament screens (net_tour.c): whether one is shown now (instead of the lobby or a
 * tournament table's room between games), drawing it, a tournament message (after the
 * client followed it), a key (true when used), the lobby's key to the list, the table's
 * title ("Round 1 · Table 2 · 2/3"), and freeing. */
bool net_tour_screen(const NetUi *u);
void net_tour_draw(NetUi *u);
void net_tour_message(NetUi *u, json_t *m);
bool net_tour_key(NetUi *u, bool code, wint_t ch);
void net_tour_open_list(NetUi *u);
void net_tour_status(const NetUi *u, char *buf, size_t size);
void net_tour_free(NetUi *u);

#endif
