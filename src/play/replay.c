/* replay.c -- ddz replay FILE --view: recorded games stepped through on the table of the
 * full-screen game (tui_table.c) with every hand shown, or told step by step as text. A step
 * is the game after its first k actions, made by undoing the finished game's last moves. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui.h"

/* The Play that shows game `gi` after its first k actions: the seats' names, notes, the
 * result once it is over, and the step in p->msg. */
static void show_step(Play *p, const PlayReplayGame *games, int n, int gi, int k)
{
    const PlayReplayGame *rg = &games[gi];
    p->game = rg->game;
    for (int u = rg->game.nhist; u > k; u--)
        ddz_game_undo(&p->game);
    memset(p->note, 0, sizeof p->note);
    for (int i = 0; i < k; i++)
        play_note_action(p, i);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (rg->names[s][0])
            snprintf(p->net.names[s], sizeof p->net.names[s], "%d %s", s, rg->names[s]);
        else
            play_fmt(p, p->net.names[s], sizeof p->net.names[s], T_REPLAY_SEAT, s);
    }
    p->cfg.opt = p->game.opt;
    p->cfg.seed = rg->seed;
    p->match.games = (int)(rg->number > 0 ? rg->number - 1 : gi);
    p->over = false;
    if (k == rg->game.nhist && p->game.phase == DDZ_PHASE_OVER && ddz_game_result(&p->game, &p->result) == 0)
        p->over = true;
    char step[64], game[96];
    play_fmt(p, step, sizeof step, T_REPLAY_STEP, k, rg->game.nhist);
    play_fmt(p, game, sizeof game, T_REPLAY_GAME, rg->number > 0 ? rg->number : (long)gi + 1, gi + 1, n);
    snprintf(p->msg, sizeof p->msg, "%s · %s", game, step);
    p->msg_kind = MSG_INFO;
}

/* What step k did, or the deal, or the result at the end. */
static void step_text(Play *p, int k, char *buf, size_t size)
{
    if (k == 0) {
        snprintf(buf, size, "%s", play_text(p, T_REPLAY_DEAL));
        return;
    }
    play_action_text(p, k - 1, buf, size);
    if (p->game.phase == DDZ_PHASE_REDEAL) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "  %s", play_text(p, T_EV_REDEAL));
    } else if (p->over) {
        char who[160];
        if (p->result.landlord_won)
            play_fmt(p, who, sizeof who, T_LANDLORD_WINS, play_seat_name(p, p->result.landlord));
        else
            play_fmt(p, who, sizeof who, T_FARMERS_WIN);
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "  %s", who);
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            len = strlen(buf);
            snprintf(buf + len, size - len, " %s %+d", play_seat_name(p, s), p->result.score[s]);
        }
    }
}

/* The line mode: every game, every step with every hand. */
static int replay_plain(Play *p, const PlayReplayGame *games, int n, FILE *out)
{
    char line[1024], cards[512];
    for (int gi = 0; gi < n; gi++) {
        show_step(p, games, n, gi, 0);
        char opts[512];
        play_options_text(p, &p->game.opt, opts, sizeof opts);
        fprintf(out, "%s== %s\n   %s\n", gi ? "\n" : "", p->msg, opts);
        for (int k = 0; k <= games[gi].game.nhist; k++) {
            show_step(p, games, n, gi, k);
            step_text(p, k, line, sizeof line);
            play_fmt(p, cards, sizeof cards, T_REPLAY_STEP, k, games[gi].game.nhist);
            fprintf(out, p->cfg.lang == PLAY_ZH ? "%s：%s\n" : "%s: %s\n", cards, line);
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                play_cards_text(p, p->game.hand[s], cards, sizeof cards);
                fprintf(out, p->cfg.lang == PLAY_ZH ? "   %s（%d 张）：%s\n" : "   %s (%d): %s\n",
                        play_seat_name(p, s), ddz_cards_size(p->game.hand[s]), cards);
            }
        }
    }
    return 0;
}

/* The screen: keys move through the steps and the games until q or Esc. */
static int replay_tui(Play *p, const PlayReplayGame *games, int n)
{
    tui_choose_charset(p);
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr)
        return replay_plain(p, games, n, stdout);
    tui_screen_modes();
    Tui t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.thinking = -1;
    t.color = p->cfg.color;
    t.reveal = true; /* every hand shown */
    tui_init_colors(&t);
    int gi = 0, k = 0, jump = 0;
    for (;;) {
        int last = games[gi].game.nhist;
        show_step(p, games, n, gi, k);
        step_text(p, k, t.event, sizeof t.event);
        if (jump) {
            size_t len = strlen(p->msg);
            snprintf(p->msg + len, sizeof p->msg - len, " → %d_", jump);
        }
        t.event_role = R_BOLD;
        tui_draw(&t); /* the step on the message line, what it did on the prompt line */
        int c = getch();
        if (c == 'q' || c == 'Q' || c == 27 || c == 3)
            break;
        if (c >= '0' && c <= '9') {
            jump = jump * 10 + (c - '0');
            if (jump > 9999)
                jump = 0;
            continue;
        }
        if ((c == '\n' || c == '\r' || c == KEY_ENTER || c == 'j') && jump) {
            k = jump < last ? jump : last;
            jump = 0;
            continue;
        }
        jump = 0;
        if (c == KEY_RIGHT || c == ' ' || c == '\n' || c == '\r' || c == KEY_ENTER || c == 'n' || c == KEY_DOWN)
            k = k < last ? k + 1 : k;
        else if (c == KEY_LEFT || c == KEY_BACKSPACE || c == 127 || c == 8 || c == 'b' || c == KEY_UP)
            k = k > 0 ? k - 1 : 0;
        else if (c == KEY_HOME || c == 'g')
            k = 0;
        else if (c == KEY_END || c == 'G')
            k = last;
        else if ((c == KEY_NPAGE || c == ']') && gi + 1 < n) {
            gi++;
            k = 0;
        } else if ((c == KEY_PPAGE || c == '[') && gi > 0) {
            gi--;
            k = 0;
        }
    }
    endwin();
    delscreen(scr);
    return 0;
}

int play_replay_view(const PlayReplayGame *games, int n, int lang, bool ascii, bool plain, FILE *out)
{
    Play *p = calloc(1, sizeof *p);
    if (!p)
        return 2;
    p->cfg.lang = lang;
    p->cfg.ascii = ascii;
    const char *nc = getenv("NO_COLOR");
    p->cfg.color = !(nc && *nc);
    p->replay = true;
    play_sel_clear(p);
    int rc = plain || out != stdout || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO) ? replay_plain(p, games, n, out)
                                                                                        : replay_tui(p, games, n);
    play_sort_free(p);
    free(p);
    return rc;
}
