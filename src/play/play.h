/* play.h -- the single-player game of seed 002 (you against West and East), shared by the
 * curses screen (tui.c) and the line mode (plain.c): the match loop, the seats, the
 * computer players, the human's selection, hints, the card counter and every message in
 * Chinese and English. A Play is one caller-owned value (play_new/play_free); nothing here
 * is shared between threads. */
#ifndef DDZ_PLAY_H
#define DDZ_PLAY_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "ddz/agent.h"
#include "ddz/game.h"
#include "ddz/match.h"
#include "ddz/split.h"
#include "profile.h"

/* Seats: you are seat 0; play passes counter-clockwise 0 -> 1 -> 2, so East (on your right)
 * is seat 1 and West (on your left) seat 2. */
enum { PLAY_YOU = 0, PLAY_EAST = 1, PLAY_WEST = 2 };
enum { PLAY_EN, PLAY_ZH };

typedef struct PlayConfig {
    int lang;             /* PLAY_EN or PLAY_ZH */
    char level[32];       /* the computer players: a level or an agent name */
    DdzOptions opt;
    uint64_t seed;        /* the match: deals and computer players */
    bool ascii;           /* SA HT BJ instead of Unicode suits */
    bool color;
    const char *record;   /* directory for one game record per deal, or NULL */
    int delay_ms;         /* how long a computer player "thinks" */
    Profile *profile;     /* where progress and statistics are kept, or NULL (not owned) */
    const ProfileMatch *resume; /* a saved match to go on with, or NULL for a new one */
    bool autopass;        /* 要不起: pass by itself when nothing beats the table */
    bool bell;            /* ring the terminal bell when your turn comes after others played */
    int timer_s;          /* seconds for each of your turns (0: no timer); then the computer
                             plays that turn for you */
    int sort;             /* PLAY_SORT_*: the order your hand is shown in */
} PlayConfig;

/* The order your hand is shown in: by rank; by group size, the fours, threes, pairs, then
 * singles (seed 003); by combination, the parts of the hand's best split (bombs, planes,
 * trios, pair chains, straights, pairs, singles). */
enum { PLAY_SORT_RANK, PLAY_SORT_GROUP, PLAY_SORT_COMBO, PLAY_SORT_NB };

/* What a seat did last in the current round, for display. */
enum { NOTE_NONE, NOTE_BID, NOTE_DOUBLE, NOTE_SHOW, NOTE_PASS, NOTE_PLAY };
typedef struct PlayNote {
    int kind;
    int value;      /* bid or double value */
    bool rob;       /* rob flow: someone had called before (a "yes" robs) */
    DdzMove move;
    DdzCards cards;
} PlayNote;

/* The human's selection in the play phase. */
typedef struct PlaySel {
    DdzCards cards;   /* the selected cards (raised on screen) */
    char typed[64];   /* ranks typed so far (curses), "" when selecting by cursor */
    int hint;         /* index into hints of the last hint shown, -1 none */
    bool pass_hint;   /* the hint said: nothing beats the table, pass */
    int value;        /* bidding or doubling: the value the hint suggested, -1 none */
} PlaySel;

enum { MSG_NONE, MSG_INFO, MSG_ERROR, MSG_HINT };

typedef struct Play {
    PlayConfig cfg;
    DdzMatch match;
    DdzGame game;
    DdzAgent agent[DDZ_SEAT_NB]; /* seats 1 and 2 */
    int deals;                   /* deals so far, redeals included */
    uint64_t deal_seed;          /* the seed of the current deal (ddz_game_new) */
    int before[DDZ_SEAT_NB];     /* scores before the current game */
    PlayNote note[DDZ_SEAT_NB];
    PlaySel sel;
    int nhints;
    DdzMove hints[DDZ_MAX_MOVES];
    DdzMove readings[DDZ_MAX_READINGS]; /* a selection with several readings: the choices */
    int nreadings;
    bool counter;                /* show the card counter */
    bool over;                   /* the game is over: result holds it */
    bool resumed;                /* the match was resumed from the profile (until shown) */
    bool autoplay;               /* 托管: the normal-level computer plays your seat */
    bool replay;                 /* ddz replay --view: a recorded game, every hand shown */
    int sort;                    /* PLAY_SORT_*: how your hand is shown (play_sort_set) */
    DdzSplitter *splitter;       /* for PLAY_SORT_COMBO, or NULL (play_sort_free) */
    DdzResult result;
    int msg_kind;
    char msg[320];               /* the last message for the human: refusal, hint, ... */
    /* ddz connect (net.c): the game comes from a server. game is then a picture of what
     * this seat knows (the others' hands are stand-ins of the right size), the seats have
     * the players' names, and the legal values and 明牌 come from the server's turn. */
    struct PlayNet {
        bool on;
        char names[DDZ_SEAT_NB][80];
        uint8_t values[4];
        int nvalues;
        bool can_show;
        bool autop[DDZ_SEAT_NB];  /* 托管 */
        bool watching;            /* a spectator: the bottom seat is another player's */
        int watched_count;        /* then the cards that seat holds, drawn face down */
        char status[160];         /* the title bar's right side: room, countdown */
        bool tour;                /* ddz play --tournament (tourgame.c): a table of an offline
                                     event, shown like a server's (names, status), with 托管 */
    } net;
} Play;

/* Events the match loop reports to a front end. */
enum { EV_DEAL, EV_ACTION, EV_LANDLORD, EV_REDEAL, EV_GAME_OVER, EV_MATCH_OVER, EV_QUIT };
typedef struct PlayEvent {
    int kind;
    DdzAction action; /* EV_ACTION: as applied (a play holds its exact cards) */
    int index;        /* EV_ACTION: its index in the game's history */
    bool led;         /* EV_ACTION: the play started a new round */
} PlayEvent;

/* A front end. Each callback returns 0 to go on or -1 when the person quits. */
typedef struct PlayUi {
    void *ctx;
    int (*event)(void *ctx, Play *p, const PlayEvent *e);
    /* A computer seat is about to act: show it thinking for the configured delay. */
    int (*think)(void *ctx, Play *p, int seat);
    /* Seat 0 is to act: get an action from the person and apply it with play_human_*. */
    int (*human)(void *ctx, Play *p);
} PlayUi;

/* Sets the note of history entry i's seat (a bid, a pass, the cards played; a play that
 * leads clears the others' notes first) and returns whether that play led a new round. */
bool play_note_action(Play *p, int i);

/* ddz replay FILE --view (replay.c): steps through recorded games on the table of the game,
 * every hand shown: forward, back, to the start or the end, to move N, to the next or the
 * previous game. names[k][s] name the seats of game k ("" for none). Full screen on a
 * terminal; with plain (or no terminal), every step as text on out. Returns the exit status. */
typedef struct PlayReplayGame {
    DdzGame game;
    char names[DDZ_SEAT_NB][32];
    long number;      /* the game's number in the record */
    uint64_t seed;    /* its 64-bit seed, 0 when none */
} PlayReplayGame;
int play_replay_view(const PlayReplayGame *games, int n, int lang, bool ascii, bool plain, FILE *out);

/* Makes a Play; returns NULL with err on an unknown level or no memory. */
Play *play_new(const PlayConfig *cfg, DdzError *err);
void play_free(Play *p);

/* Plays the match to its end (or until the person quits); when the front end answers
 * EV_MATCH_OVER with 1, a new match follows (seed derived from the last). Returns 0 at the
 * end of the match, 1 when the person quit, -1 on an internal error (message in p->msg).
 * With a profile, the match state is saved at its start and after every deal, and each
 * finished game's statistics with it in one transaction. */
int play_run(Play *p, const PlayUi *ui);

/* Updates the seats' notes for history entry i of p->game and reports it to ui (EV_ACTION);
 * play_run does it after every action, another loop over a table (tourgame.c) too. */
int play_report(Play *p, const PlayUi *ui, int i);

/* The human's actions. Each checks, applies, and returns 0; or refuses with the reason in
 * p->msg (MSG_ERROR) and returns -1, changing nothing. play_human_cards returns 1 when the
 * cards read several ways while leading: p->readings holds the choices; call again with
 * reading set to one of them. */
int play_human_bid(Play *p, int value);
int play_human_double(Play *p, int value);
int play_human_show(Play *p);
int play_human_pass(Play *p);
int play_human_cards(Play *p, DdzCards cards, int reading);
/* Plays typed ranks ("33344", "10", "xd"): the lowest suits of each rank. */
int play_human_typed(Play *p, const char *text);
/* The normal-level computer decides and plays seat 0's turn (托管, or the timer ran out). */
int play_human_auto(Play *p);
/* Plays the current selection (a hint's pass included). */
int play_human_selection(Play *p);
/* Turns typed ranks into cards of the hand; 0, or -1 with the reason in p->msg. */
int play_typed_cards(Play *p, const char *text, DdzCards *out);

/* What seat 0 may do now. */
bool play_can_show(const Play *p);
/* The bid or double values seat 0 may choose now; returns the count. */
int play_values(const Play *p, uint8_t out[4]);
/* A suggested bid or double value for seat 0 (a simple hand-strength rule). */
int play_value_hint(const Play *p);
/* When your whole hand goes out in one legal move now: selects it as the first hint, says
 * so in p->msg (Enter plays it) and returns true. */
bool play_whole_hand(Play *p);
/* Whether it is your turn to follow and nothing but a pass is legal (要不起). */
bool play_cannot_beat(const Play *p);
/* Selects the next hint (cycling) and describes it in p->msg: the whole hand first when it
 * is one move, then the move the normal-level computer would play, then the others. */
void play_hint_next(Play *p);
/* hubei48 (RULES §8): whether playing m now lets the next seat go (放走包赔): it holds one
 * card, is on the other side, and m is a single below your highest card. Such hints come
 * last in the cycle and say so. */
bool play_hint_lets_go(const Play *p, const DdzMove *m);
/* Sorting your hand (sort.c). The names "rank", "group", "combo"; parse returns -1 for
 * another. play_sort_set changes the order (and saves it in the profile when there is one);
 * play_sort_free frees what the combination order holds. play_hand_order lists the cards of
 * hand in the order shown, returning the count; *starts (when not NULL) gets the first card
 * of each group, for a gap between groups. */
const char *play_sort_name(int mode);
int play_sort_parse(const char *text);
void play_sort_set(Play *p, int mode);
void play_sort_free(Play *p);
/* The next order (rank, group, combo, rank ...), said in p->msg. */
void play_sort_next(Play *p);
int play_hand_order(const Play *p, DdzCards hand, DdzCard out[DDZ_CARD_NB], DdzCards *starts);
/* Forgets the selection and the hint cycle. */
void play_sel_clear(Play *p);
/* Describes the current selection: its reading, or why it is no move (buf may be ""). */
void play_sel_describe(const Play *p, char *buf, size_t size);

/* Your lifetime statistics at this level from the profile, as a line; false without. */
bool play_lifetime(const Play *p, char *buf, size_t size);
/* "Your match goes on (seed N): game G, You 102, ..." for a resumed match. */
void play_resumed_text(const Play *p, char *buf, size_t size);

/* Cards of each rank that you have not seen: not in your hand and not played. */
void play_unseen(const Play *p, int count[DDZ_RANK_NB]);
/* The multiple that applies to you now: the game's multiple so far (2^(bombs + robs) × 明牌,
 * and the spring once the game is over) times your doubling factor (play_seat_factor), so
 * that base × multiple is what you win or lose before a cap and fees. */
int play_multiple(const Play *p);
/* A seat's factor of the game score: a farmer's own doubling and the landlord's answer to it
 * (1, 2, 4, ... as DdzResult.stake_factor), the landlord the sum of both farmers'; 1 before
 * there is a landlord. */
int play_seat_factor(const DdzGame *g, int seat);

/* A finished game's result explained (result.c): one factor per line, label and value
 * ("Bombs: 1", "×2"), adding up to each seat's score; then one row per seat. */
enum { PLAY_LINE_FACTOR, PLAY_LINE_TOTAL, PLAY_LINE_WARN };
#define PLAY_RESULT_LINES 20
typedef struct PlayLine {
    int kind;
    char label[160];
    char value[48];
} PlayLine;
int play_result_lines(const Play *p, PlayLine out[PLAY_RESULT_LINES]);
typedef struct PlaySeatRow {
    char name[80], role[80], score[16], total[16];
} PlaySeatRow;
void play_result_rows(const Play *p, PlaySeatRow rows[DDZ_SEAT_NB]);
/* The base score so far (the bid, or the rob flow's base once called; 0 before). */
int play_base(const Play *p);

/* Text ------------------------------------------------------------------------------------*/

/* Message ids: one table (texts.h) holds every string of the game in both languages. */
#include "texts.h"
#define PLAY_TEXT_ID(id, en, zh) id,
typedef enum PlayText { PLAY_TEXTS(PLAY_TEXT_ID) T_NB } PlayText;
#undef PLAY_TEXT_ID

const char *play_text(const Play *p, PlayText id);
const char *play_seat_name(const Play *p, int seat);
/* The move type's name: 单张 / single ... */
const char *play_type_name(const Play *p, int type);
/* One card's rank label ("10", "A", "大"/"RJ") and suit ("♠", "S", "王" or ""); whether it
 * is red. */
void play_card_face(const Play *p, DdzCard c, char rank[8], char suit[8], bool *red);
/* Cards as "♠3 ♥10 大王" / "S3 HT RJ", sorted, space-separated. */
void play_cards_text(const Play *p, DdzCards cards, char *buf, size_t size);
/* Ranks for sentences, as the hand shows them: "3 3 3 4 4", "10 10", "小王 大王" (BJ RJ in
 * English or ASCII). */
void play_ranks_text(const Play *p, DdzRanks ranks, char *buf, size_t size);
/* The landlord's line: "Landlord: West, base 2. Bottom cards: ♠3 ♥10 大王", without the
 * bottom where the game has none (hubei48). */
void play_landlord_text(const Play *p, const char *who, DdzCards bottom, char *buf, size_t size);
/* A move described for people: "33344 (三带一对)". */
void play_move_text(const Play *p, const DdzMove *m, char *buf, size_t size);
/* One reading of a card set for the choice between readings: the move and its main part. */
void play_reading_text(const Play *p, const DdzMove *m, char *buf, size_t size);
/* History entry i as a line: "West: ♠3 ♥3 (pair)", "东家：不要". */
void play_action_text(const Play *p, int i, char *buf, size_t size);
/* The word for a seat's bid, double, show or pass note ("叫 2 分", "pass"); "" for a play. */
void play_note_word(const Play *p, int seat, const PlayNote *n, char *buf, size_t size);
/* A level or agent name for people ("普通" for normal); other agent names as they are. */
const char *play_level_text(const Play *p, const char *level);
/* The rule options in words of the game's language, separated by "; " or "，". */
void play_options_text(const Play *p, const DdzOptions *o, char *buf, size_t size);
/* The wealth title in the game's language. */
const char *play_title(const Play *p, int score);

/* Formats message id (a printf format in the game's language) into buf. Both languages of
 * a message take the same conversions in the same order; play_new checks it in debug
 * builds. */
void play_fmt(const Play *p, char *buf, size_t size, PlayText id, ...);
void play_vfmt(const Play *p, char *buf, size_t size, PlayText id, va_list ap);
/* play_fmt into p->msg, with the message kind. */
void play_say(Play *p, int kind, PlayText id, ...);
/* Whether every message has the same conversions in both languages. */
bool play_text_ok(char *bad, size_t size);

/* The two front ends. Each returns the process exit status. */
int play_plain(Play *p, FILE *in, FILE *out);
int play_tui(Play *p);

/* The table screen for another front end (ddz connect): sets up the colour pairs once
 * curses runs, then draws one whole frame of p (the same look as play_tui) with the cursor
 * at index cursor of the hand, an event line, and the result panel when result is set. */
enum { PLAY_PANEL_NONE, PLAY_PANEL_RESULT, PLAY_PANEL_HELP, PLAY_PANEL_QUIT };
void play_tui_colors(bool color);
void play_tui_frame(Play *p, int cursor, const char *event, int panel);
/* Drawing for other screens, in the table's colours: text at (y, x) cut at max columns
 * (-1: the screen's edge), returning the columns written; a filled band; a box. */
enum { PLAY_R_NORMAL, PLAY_R_TITLE, PLAY_R_HINT, PLAY_R_ERROR, PLAY_R_GOOD, PLAY_R_DIM, PLAY_R_BOLD,
       PLAY_R_BADGE, PLAY_R_TURN, PLAY_R_WARN, PLAY_R_CURSOR };
int play_tui_put(int y, int x, int role, const char *s, int max);
void play_tui_fill(int y, int x, int h, int w, int role);
void play_tui_box(int y, int x, int h, int w, const char *title);
/* Adds key k to the typed rank selection when it is one (3-9, 10/T, J Q K A 2, jokers;
 * q is the queen only once typing has started); returns whether it was consumed. */
bool play_type_rank(Play *p, int k);
/* Display width of UTF-8 text (Chinese characters take two columns). */
int play_text_width(const char *s);

/* Display width of UTF-8 text whatever the locale: East Asian wide characters take two
 * columns, everything else one (for the line mode, which sets no locale). */
int play_utf8_width(const char *s);

/* PLAY_ZH when the locale's language (LC_ALL, LC_MESSAGES, LANG) is Chinese, else PLAY_EN. */
int play_locale_lang(void);

#endif
