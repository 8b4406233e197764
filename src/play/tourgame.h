/* tourgame.h -- ddz play --tournament on the full screen: the person plays their tables on
 * the game's curses table, and between games the tournament's views (tourview.h) show the
 * draw, the waiting, each round's results with its tie-breaks, the standings, the rounds and
 * at the end the final standings. The event is the library's (ddz_tour_run); this is its
 * front end. */
#ifndef DDZ_PLAY_TOURGAME_H
#define DDZ_PLAY_TOURGAME_H

#include <stdbool.h>

#include "ddz/tournament.h"

typedef struct TourGameConfig {
    int lang;          /* PLAY_EN or PLAY_ZH */
    bool ascii, color, autopass, bell;
    int delay_ms;      /* how long a computer player "thinks" */
    int timer_s;       /* seconds for each of your turns (0: none) */
} TourGameConfig;

/* Plays the event of run (whose human, human_name are set) with the person on the screen;
 * run's human_new, on_round, on_game and front_ctx are set here and run->out must be NULL.
 * Returns 0 when the event ended, 1 when the person left (*status: the exit status, 130 after
 * Ctrl-C), 2 when the terminal cannot run the screen (nothing was played), -1 with err. After
 * the screen closes, prints the final standing (or the leaving) to standard output. */
int play_tour_tui(DdzTour *t, DdzTourRun *run, const TourGameConfig *cfg, int *status, DdzError *err);

#endif
