/* connect.h -- what the parts of ddz connect share (private to src/cli): the client's state
 * (App), sending, the line mode (connect_plain.c), the automatic and hostile clients
 * (connect_auto.c); cmd_connect.c holds the transport and the command line. */
#ifndef DDZ_CLI_CONNECT_H
#define DDZ_CLI_CONNECT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "../play/net.h"
#include "../play/play.h"
#include "ddz/client.h"

enum { GOAL_NONE, GOAL_CREATE, GOAL_JOIN, GOAL_WATCH, GOAL_QUICK };

typedef struct Line {
    struct Line *next;
    char text[];
} Line;

typedef struct App {
    DdzWsClient *ws;
    long id;
    const char *url, *name, *token_file, *record_path, *password, *bot_level;
    char token_path[512];  /* the token's file by default (connect_token_path) */
    bool fresh;            /* --new: do not use a saved token */
    int64_t turn_at;       /* the deadline of the seat to act (connect_now_ms), 0 none */
    FILE *frames;
    DdzClient c;
    char names[DDZ_SEAT_NB][80];
    DdzCardStyle style;
    /* --auto */
    bool autoplay, verbose;
    int think_ms, goal, bots;
    char goal_arg[80];
    long games_want, drop_after, actions_this_game, reconnects, errors;
    bool dropping, bots_added, joined, done;
    long ready_for;
    int64_t act_at, join_at, reconnect_at, give_up_at;
    DdzRng rng;
    /* line mode */
    pthread_mutex_t mu;
    Line *lines, *lines_tail;
    int reader_stop[2]; /* a pipe: writing to [1] ends connect_reader */
    bool eof, quit_asked;
    int64_t quit_at;
    bool hostile_on;   /* --hostile */
    int hostile;       /* its step: 0 before the welcome */
    bool hostile_cut;
    DdzMove *hints;
    int nhints, hint;
    int exit_code;
    /* the curses screens (the default on a terminal; --plain keeps the line mode) */
    NetUi *ui;
    int lang;
    Play *tp;          /* the language of the messages (play_text) */
} App;

/* The number of --hostile messages (connect_auto.c). */
enum { CONNECT_HOSTILE_NB = 6 };

int64_t connect_now_ms(void);
void connect_send(App *a, const char *text);
void connect_sendf(App *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A JSON string literal of s (malloc'ed; for names, passwords and chat typed by people). */
char *connect_quoted(const char *s);

/* The saved tokens (connect_token.c): the file for the server of url and name (NULL: none)
 * under $XDG_CONFIG_HOME/ddz/tokens/; returns 0, or -1 when there is no such directory. */
int connect_token_path(const char *url, const char *name, char *out, size_t size);
/* Reads a saved token (empty when there is none). */
void connect_token_load(const char *path, char *token, size_t size);
/* Saves a token, readable by its owner only; returns 0 or -1 with err. */
int connect_token_save(const char *path, const char *token, DdzError *err);

/* Line mode (connect_plain.c). */
/* Line mode: prints a line (not in --auto without --verbose, nor under the curses screens). */
void connect_say(App *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void connect_sayt(App *a, PlayText id, ...);
void connect_show_event(App *a, DdzClientEvent e, json_t *m);
void *connect_reader(void *arg); /* the thread reading standard input */
void connect_line_timer(App *a);

/* Tournaments in line mode (connect_tour.c): the lines for a tournament message (after the
 * client followed it), and the commands (true when word was one). */
void connect_tour_event(App *a, json_t *m);
bool connect_tour_cmd(App *a, const char *word, const char *rest);

/* --auto and --hostile (connect_auto.c). */
void connect_auto_after(App *a, DdzClientEvent e, json_t *m);
void connect_auto_timer(App *a);
void connect_hostile_step(App *a, DdzClientEvent e);

#endif
