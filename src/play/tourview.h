/* tourview.h -- the screens of a tournament between games (RULES §7): a round's tables (draw,
 * live games, results, extra games, lots), the standings, the rounds so far (the bracket),
 * the waiting view and registration, drawn in the table's colours. One model for both
 * clients: ddz play --tournament fills it from the library's DdzTour (tourgame.c), ddz
 * connect from the server's messages (net_tour.c). Private to src/play; single-threaded. */
#ifndef DDZ_PLAY_TOURVIEW_H
#define DDZ_PLAY_TOURVIEW_H

#include <stdbool.h>

#include "play.h"

/* The lists the screen shows, one at a time (Tab cycles). */
enum { TV_TABLES, TV_STANDINGS, TV_ROUNDS, TV_LISTS };

typedef struct TvTable {
    int number;                     /* from 1 */
    char name[DDZ_SEAT_NB][64];
    bool scored;                    /* scores known (played, or games under way) */
    int score[DDZ_SEAT_NB];
    int games;                      /* games played so far (live), -1 unknown */
    bool has_extra;                 /* the extra game was played: its scores */
    int extra[DDZ_SEAT_NB];
    bool lot;                       /* the winner was drawn by lot */
    int winner;                     /* seat, -1 not decided */
    int completer;                  /* seat completing a table of two (cannot advance), -1 */
    int you;                        /* the person's seat, -1 not at this table */
} TvTable;

typedef struct TvRow {
    int rank;
    char name[64];
    char reached[48];               /* "Round 2", "Final R1", "A R3" */
    int score;
    bool you, out, winner;
} TvRow;

typedef struct TvRound {
    char text[200];                 /* "A R1: 27 players, 9 tables, no bye — you: table 4, 2nd" */
    bool you;                       /* the person played (or had a bye) in it */
} TvRound;

typedef struct TourView {
    const Play *p;                  /* the language and character set (texts) */
    char title[160];                /* the title bar: the event, left */
    char info[160];                 /* and right: players, games per table */
    char head[200];                 /* what this screen is: "Round 2 — the draw" */
    int head_role;                  /* PLAY_R_BOLD, PLAY_R_GOOD, PLAY_R_ERROR, PLAY_R_HINT */
    char note[320];                 /* the person's situation ("You play at table 3") */
    char note2[320];                /* a second line (byes, the waiting count) */
    TvTable *tables;                /* caller-owned arrays */
    int ntables;
    TvRow *rows;
    int nrows;
    TvRound *rounds;
    int nrounds;
    int list;                       /* TV_* shown */
    int scroll;                     /* first line of the list shown; -1: around the person */
    bool entrants;                  /* the rows are the people registered (no place, no score) */
    char keys[200];                 /* the key line at the bottom */
} TourView;

/* Draws the whole view (into curses' buffer; the caller refreshes). */
void tourview_draw(TourView *v);
/* Handles the keys that move within the view: Tab / left / right change the list, up, down,
 * PgUp, PgDn, Home, End scroll. Returns whether k was one of them. */
bool tourview_key(TourView *v, int k);

/* "1st", "2nd" / "第1名" into buf. */
void tourview_place(const Play *p, int rank, char *buf, size_t size);

#endif
