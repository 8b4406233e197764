/* plain.c -- the line-by-line game: the same information as the screen, as text, with
 * commands read from standard input; for scripts and screen readers. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

typedef struct Plain {
    FILE *in, *out;
    bool echo;      /* input is not a terminal: echo each command after its prompt */
    int fd;         /* the input, read here (not through stdio) so that --timer can wait on it */
    bool eof;
    size_t len;     /* bytes in buf not yet taken as lines */
    char buf[4096];
} Plain;

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t k = 0;
    while (s[k] && isspace((unsigned char)s[k]))
        k++;
    memmove(s, s + k, n - k + 1);
}

enum { LINE_EOF, LINE_OK, LINE_TIME_UP };

/* Reads one command after a prompt, until the deadline (monotonic ms, 0: none). Returns
 * LINE_OK, LINE_EOF at the end of the input, or LINE_TIME_UP when the deadline passed first
 * (what was typed so far stays for the next read). */
static int read_line_by(Plain *pl, char *out, size_t size, long deadline)
{
    if (deadline > 0) {
        long left = (deadline - now_ms() + 999) / 1000;
        fprintf(pl->out, "[%ld s] ", left > 0 ? left : 0L);
    }
    fputs("> ", pl->out);
    fflush(pl->out);
    for (;;) {
        char *nl = memchr(pl->buf, '\n', pl->len);
        if (nl || (pl->len > 0 && (pl->eof || pl->len == sizeof pl->buf))) {
            size_t n = nl ? (size_t)(nl - pl->buf) : pl->len, take = n < size ? n : size - 1;
            memcpy(out, pl->buf, take);
            out[take] = '\0';
            n += nl ? 1 : 0;
            memmove(pl->buf, pl->buf + n, pl->len - n);
            pl->len -= n;
            trim(out);
            if (pl->echo)
                fprintf(pl->out, "%s\n", out);
            return LINE_OK;
        }
        if (pl->eof) {
            fputc('\n', pl->out);
            return LINE_EOF;
        }
        if (deadline > 0) {
            long left = deadline - now_ms();
            if (left <= 0) {
                fputc('\n', pl->out);
                return LINE_TIME_UP;
            }
            struct pollfd pfd = {pl->fd, POLLIN, 0};
            if (poll(&pfd, 1, left > 1000 ? 1000 : (int)left) == 0)
                continue;
        }
        ssize_t r = read(pl->fd, pl->buf + pl->len, sizeof pl->buf - pl->len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            pl->eof = true;
        else
            pl->len += (size_t)r;
    }
}

/* Reads one command with no deadline; returns false at the end of the input. */
static bool read_line(Plain *pl, char *buf, size_t size)
{
    return read_line_by(pl, buf, size, 0) == LINE_OK;
}

static void say(Plain *pl, const Play *p)
{
    if (p->msg[0])
        fprintf(pl->out, "%s%s\n", p->msg_kind == MSG_ERROR ? "! " : "", p->msg);
}

static void scores_line(const Plain *pl, const Play *p)
{
    bool zh = p->cfg.lang == PLAY_ZH;
    fprintf(pl->out, "%s%s", play_text(p, T_SCORES), zh ? "：" : ": ");
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        fprintf(pl->out, "%s%s %d", s ? (zh ? "，" : ", ") : "", play_seat_name(p, s), p->match.score[s]);
    fputc('\n', pl->out);
}

static void counter_line(const Plain *pl, const Play *p)
{
    int c[DDZ_RANK_NB];
    play_unseen(p, c);
    fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "   %s（%s）：" : "   %s (%s):", play_text(p, T_COUNTER),
            play_text(p, T_COUNTER_NOTE));
    int ranks = ddz_ruleset_is_48(p->game.opt.rules) ? DDZ_RANK_BJ : DDZ_RANK_NB; /* hubei48: no jokers */
    for (int k = 0; k < ranks; k++) {
        char label[16];
        play_ranks_text(p, ddz_ranks_of((DdzRank)k, 1), label, sizeof label);
        if (p->cfg.lang == PLAY_ZH)
            fprintf(pl->out, "%s%s：%d", k ? " " : "", label, c[k]);
        else
            fprintf(pl->out, " %s:%d", label, c[k]);
    }
    fputc('\n', pl->out);
}

/* One seat: "West (landlord): 15 cards 2 left! [double]; played ♠5". */
static void seat_line(const Plain *pl, const Play *p, const DdzView *v, int s)
{
    const DdzGame *g = &p->game;
    bool zh = p->cfg.lang == PLAY_ZH;
    char buf[512], word[64], line[1024];
    size_t n = 0;
    int parts = 0;
#define ADD(...) (n += (size_t)snprintf(line + n, n < sizeof line ? sizeof line - n : 0, __VA_ARGS__))
#define SEP() ADD("%s", parts++ ? (zh ? "；" : "; ") : (zh ? "：" : ": "))
    ADD("   %s", play_seat_name(p, s));
    if (v->landlord == s)
        ADD(zh ? "（%s）" : " (%s)", play_text(p, T_LANDLORD));
    SEP();
    /* The count, or the 报双/报单 warning that says it. */
    bool warn = g->phase == DDZ_PHASE_PLAY && (v->count[s] == 1 || v->count[s] == 2);
    play_fmt(p, buf, sizeof buf, warn ? (v->count[s] == 1 ? T_WARN_ONE : T_WARN_TWO)
                                      : v->count[s] == 1 ? T_ONE_CARD : T_CARDS_LEFT, v->count[s]);
    ADD("%s", buf);
    if (v->dbl[s] && g->opt.double_mode != DDZ_DOUBLE_NONE) {
        PlayNote dn = {NOTE_DOUBLE, v->dbl[s], false, ddz_move_pass(), 0};
        play_note_word(p, s, &dn, word, sizeof word);
        ADD(" [%s]", word);
    }
    const PlayNote *note = &p->note[s];
    if (note->kind == NOTE_PLAY) {
        play_cards_text(p, note->cards, buf, sizeof buf);
        SEP();
        ADD(zh ? "出了 %s" : "played %s", buf);
    } else if (note->kind != NOTE_NONE) {
        play_note_word(p, s, note, word, sizeof word);
        SEP();
        ADD("%s", word);
    }
    if (v->shown[s] && s != PLAY_YOU) {
        play_cards_text(p, v->shown[s], buf, sizeof buf);
        SEP();
        ADD(zh ? "明牌 %s" : "shown: %s", buf);
    }
#undef SEP
#undef ADD
    fprintf(pl->out, "%s\n", line);
}

/* The choices of a bid or double prompt: "1 = bid 1, 2 = bid 2, 0 = no bid". */
static void values_line(const Plain *pl, const Play *p)
{
    uint8_t v[4];
    int n = play_values(p, v);
    char word[64];
    fputs("  ", pl->out);
    for (int i = n - 1, first = 1; i >= 0; i--, first = 0) {
        PlayNote note = {p->game.phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, v[i], p->game.bid != 0,
                         ddz_move_pass(), 0};
        play_note_word(p, PLAY_YOU, &note, word, sizeof word);
        fprintf(pl->out, "%s%d = %s", first ? "" : p->cfg.lang == PLAY_ZH ? "，" : ", ", v[i], word);
    }
    fputc('\n', pl->out);
}

/* Your hand in the order chosen with sort (--sort): a wider gap between groups. */
static void hand_text(const Play *p, DdzCards hand, char *buf, size_t size)
{
    DdzCard list[DDZ_CARD_NB];
    DdzCards starts;
    int n = play_hand_order(p, hand, list, &starts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 1 < size; i++) {
        char one[32];
        play_cards_text(p, ddz_cards_of(list[i]), one, sizeof one);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : ddz_cards_has(starts, list[i]) ? "  " : " ", one);
    }
}

/* Everything seat 0 may know, before it acts. */
static void status(Plain *pl, const Play *p)
{
    const DdzGame *g = &p->game;
    DdzView v;
    ddz_game_view(g, PLAY_YOU, &v);
    char buf[512], buf2[256];
    play_fmt(p, buf, sizeof buf, T_GAME_N, p->match.games + 1);
    fprintf(pl->out, "-- %s", buf);
    if (play_base(p)) {
        play_fmt(p, buf, sizeof buf, T_BASE, play_base(p));
        play_fmt(p, buf2, sizeof buf2, T_MULTIPLE, play_multiple(p));
        fprintf(pl->out, " · %s %s", buf, buf2);
    }
    fputs(" · ", pl->out);
    scores_line(pl, p);
    seat_line(pl, p, &v, PLAY_WEST);
    seat_line(pl, p, &v, PLAY_EAST);
    if (v.bottom) {
        play_cards_text(p, v.bottom, buf, sizeof buf);
        fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "   %s：%s\n" : "   %s: %s\n", play_text(p, T_BOTTOM), buf);
    }
    if (p->counter)
        counter_line(pl, p);
    hand_text(p, v.hand, buf, sizeof buf);
    ddz_ranks_format(ddz_cards_ranks(v.hand), buf2, sizeof buf2); /* what to type */
    fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "   %s（%d 张）：%s\n   %*s[%s]\n" : "   %s (%d): %s\n   %*s[%s]\n",
            play_text(p, T_HAND), ddz_cards_size(v.hand), buf, 0, "", buf2);
    if (p->note[PLAY_YOU].kind == NOTE_PLAY && g->phase == DDZ_PHASE_PLAY) {
        play_cards_text(p, p->note[PLAY_YOU].cards, buf, sizeof buf);
        fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "   你刚才出了 %s\n" : "   You played %s\n", buf);
    }
    if (play_can_show(p))
        fprintf(pl->out, "%s\n", play_text(p, T_CAN_SHOW));
    switch (g->phase) {
    case DDZ_PHASE_BID:
        fputs(play_text(p, g->opt.bid_mode == DDZ_BID_ROB ? (g->bid ? T_TURN_ROB_ROB : T_TURN_ROB_CALL) : T_TURN_BID),
              pl->out);
        values_line(pl, p);
        break;
    case DDZ_PHASE_DOUBLE:
        fputs(play_text(p, g->opt.double_mode == DDZ_DOUBLE_APP ? T_TURN_APP
                           : g->landlord == PLAY_YOU          ? T_TURN_REDOUBLE
                                                              : T_TURN_DOUBLE),
              pl->out);
        values_line(pl, p);
        break;
    default:
        if (v.table.type == DDZ_PASS) {
            fprintf(pl->out, "%s\n", play_text(p, T_TURN_LEAD));
        } else {
            play_move_text(p, &v.table, buf2, sizeof buf2);
            play_fmt(p, buf, sizeof buf, T_TURN_FOLLOW, play_seat_name(p, v.table_seat), buf2);
            fprintf(pl->out, "%s\n", buf);
        }
        break;
    }
}

static int plain_event(void *ctx, Play *p, const PlayEvent *e)
{
    Plain *pl = ctx;
    const DdzGame *g = &p->game;
    char buf[512], buf2[256];
    switch (e->kind) {
    case EV_DEAL:
        p->autoplay = false; /* 托管 in the line mode lasts one game */
        if (p->resumed) {
            play_resumed_text(p, buf, sizeof buf);
            fprintf(pl->out, "%s\n", buf);
            p->resumed = false;
        }
        play_fmt(p, buf, sizeof buf, T_GAME_N, p->match.games + 1);
        fprintf(pl->out, "\n== %s == ", buf);
        scores_line(pl, p);
        if (g->revealed >= 0) {
            play_cards_text(p, ddz_cards_of(g->revealed), buf2, sizeof buf2);
            play_fmt(p, buf, sizeof buf, T_REVEALED, buf2, play_seat_name(p, g->first));
        } else {
            play_fmt(p, buf, sizeof buf, T_FIRST_BIDS, play_seat_name(p, g->first));
        }
        fprintf(pl->out, "%s\n", buf);
        break;
    case EV_ACTION: {
        int s = e->action.seat;
        play_action_text(p, e->index, buf, sizeof buf);
        fprintf(pl->out, "%s\n", buf);
        int left = ddz_cards_size(g->hand[s]);
        if (e->action.kind == DDZ_ACT_PLAY && e->action.move.type != DDZ_PASS && (left == 1 || left == 2)) {
            play_fmt(p, buf, sizeof buf, left == 1 ? T_EV_ONE_LEFT : T_EV_TWO_LEFT, play_seat_name(p, s));
            fprintf(pl->out, "%s\n", buf);
        }
        if (e->action.kind == DDZ_ACT_PLAY && (e->action.move.type == DDZ_BOMB || e->action.move.type == DDZ_ROCKET)) {
            play_fmt(p, buf, sizeof buf, e->action.move.type == DDZ_BOMB ? T_MARK_BOMB : T_MARK_ROCKET, "");
            buf[strlen(buf) - 1] = '\0'; /* the space before the empty text */
            fprintf(pl->out, "%s\n", buf);
        }
        break;
    }
    case EV_LANDLORD:
        play_landlord_text(p, play_seat_name(p, g->landlord), g->bottom, buf, sizeof buf);
        fprintf(pl->out, "%s\n", buf);
        break;
    case EV_REDEAL:
        fprintf(pl->out, "%s\n", play_text(p, T_EV_REDEAL));
        break;
    case EV_GAME_OVER: {
        const DdzResult *r = &p->result;
        play_fmt(p, buf, sizeof buf, T_GAME_N, p->match.games);
        fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "== %s：" : "== %s: ", buf);
        if (r->landlord_won)
            play_fmt(p, buf, sizeof buf, T_LANDLORD_WINS, play_seat_name(p, r->landlord));
        else
            play_fmt(p, buf, sizeof buf, T_FARMERS_WIN);
        fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "%s%s\n" : "%s %s\n", buf,
                play_text(p, r->score[PLAY_YOU] > 0 ? T_YOU_WIN : T_YOU_LOSE));
        PlayLine lines[PLAY_RESULT_LINES];
        int nl = play_result_lines(p, lines), lw = 0, vw = 0;
        for (int i = 0; i < nl; i++) {
            int w1 = play_utf8_width(lines[i].label), w2 = play_utf8_width(lines[i].value);
            lw = w1 > lw ? w1 : lw;
            vw = w2 > vw ? w2 : vw;
        }
        for (int i = 0; i < nl; i++)
            fprintf(pl->out, "   %s%*s   %*s%s\n", lines[i].label, lw - play_utf8_width(lines[i].label), "",
                    vw - play_utf8_width(lines[i].value), "", lines[i].value);
        fputs("  ", pl->out);
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            play_fmt(p, buf, sizeof buf, T_SCORE_LINE, play_seat_name(p, s), r->score[s], p->match.score[s]);
            fprintf(pl->out, "%s %s", s ? " ·" : "", buf);
        }
        fputc('\n', pl->out);
        break;
    }
    case EV_MATCH_OVER:
    case EV_QUIT: {
        play_fmt(p, buf, sizeof buf, e->kind == EV_QUIT ? T_MATCH_QUIT : T_MATCH_OVER, p->match.games);
        fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "\n== %s\n   %s：\n" : "\n== %s\n   %s:\n", buf,
                play_text(p, T_TITLE_HEAD));
        int order[DDZ_SEAT_NB] = {0, 1, 2};
        for (int i = 0; i < DDZ_SEAT_NB; i++)
            for (int j = i + 1; j < DDZ_SEAT_NB; j++)
                if (p->match.score[order[j]] > p->match.score[order[i]]) {
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
        for (int i = 0; i < DDZ_SEAT_NB; i++) {
            int s = order[i];
            play_fmt(p, buf, sizeof buf, T_TITLE_ROW, play_seat_name(p, s), p->match.score[s],
                     play_title(p, p->match.score[s]));
            fprintf(pl->out, "   %d. %s\n", i + 1, buf);
        }
        play_fmt(p, buf, sizeof buf, T_REPLAY, (unsigned long long)p->cfg.seed);
        fprintf(pl->out, "%s\n", buf);
        if (play_lifetime(p, buf, sizeof buf))
            fprintf(pl->out, "%s\n", buf);
        if (e->kind == EV_MATCH_OVER) {
            /* Offer a new match; anything else leaves. */
            char line[64];
            fprintf(pl->out, "%s\n", play_text(p, T_NEW_ASK));
            if (read_line(pl, line, sizeof line) && (!strcmp(line, "new") || !strcmp(line, "新比赛")))
                return 1;
        }
        break;
    }
    default:
        break;
    }
    fflush(pl->out);
    return 0;
}

static int plain_think(void *ctx, Play *p, int seat)
{
    Plain *pl = ctx;
    if (seat == PLAY_YOU)
        say(pl, p); /* 要不起: why you pass */
    fflush(pl->out);
    if (p->cfg.delay_ms > 0) {
        struct timespec ts = {p->cfg.delay_ms / 1000, (long)(p->cfg.delay_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
    return 0;
}

static bool is_word(const char *s, const char *a, const char *b)
{
    return !strcmp(s, a) || (b && !strcmp(s, b));
}

/* A bid or double command: "2", "bid 2", "double 1", "p", "y", "n". -1 if it is none. */
static int value_command(const char *s)
{
    if (!strncmp(s, "bid ", 4))
        s += 4;
    else if (!strncmp(s, "double ", 7))
        s += 7;
    else if (!strncmp(s, "叫", 3))
        s += 3;
    while (*s == ' ')
        s++;
    if (s[0] >= '0' && s[0] <= '9' && (!s[1] || !strcmp(s + 1, " 分") || !strcmp(s + 1, "分")))
        return s[0] - '0';
    if (is_word(s, "p", "pass") || is_word(s, "n", "no") || is_word(s, "否", "不"))
        return 0;
    if (is_word(s, "y", "yes") || is_word(s, "是", NULL))
        return 1;
    return -1;
}

static int plain_human(void *ctx, Play *p)
{
    Plain *pl = ctx;
    char line[256];
    if (p->cfg.bell && p->game.nhist > 0 && p->game.hist[p->game.nhist - 1].seat != PLAY_YOU)
        fputc('\a', pl->out); /* your turn, after the others played */
    status(pl, p);
    if (p->msg_kind == MSG_HINT)
        say(pl, p); /* the whole hand offered as the hint */
    /* --timer: the turn has timer_s seconds (the prompt counts them down), then the computer
     * plays it for you, as on the screen and in network games. */
    long deadline = p->cfg.timer_s > 0 ? now_ms() + 1000L * p->cfg.timer_s : 0;
    if (deadline) {
        play_fmt(p, line, sizeof line, T_TIMER_PLAIN, p->cfg.timer_s);
        fprintf(pl->out, "%s\n", line);
    }
    for (;;) {
        int got = read_line_by(pl, line, sizeof line, deadline);
        if (got == LINE_TIME_UP) {
            if (play_human_auto(p) != 0)
                return -1;
            play_say(p, MSG_INFO, T_TIME_UP);
            say(pl, p);
            return 0;
        }
        if (got == LINE_EOF)
            return -1;
        int phase = p->game.phase, rc = -1;
        if (is_word(line, "?", "help") || is_word(line, "帮助", NULL)) {
            fprintf(pl->out, "%s\n%s\n", play_text(p, T_HELP_PLAIN), play_text(p, T_HELP_TYPES));
            continue;
        }
        /* Letters name ranks (q is a queen): quitting takes a word. */
        if (is_word(line, "quit", "exit") || is_word(line, "退出", NULL)) {
            fprintf(pl->out, "%s\n", play_text(p, T_QUIT_ASK));
            if (!read_line(pl, line, sizeof line) || line[0] == 'y' || line[0] == 'Y' || !strcmp(line, "是"))
                return -1;
            continue;
        }
        if (is_word(line, "c", "counter") || is_word(line, "记牌器", NULL)) {
            p->counter = !p->counter;
            counter_line(pl, p);
            continue;
        }
        if (is_word(line, "sort", "理牌")) {
            /* by rank, by group size, by combination, and round again */
            char hand[512];
            play_sort_next(p);
            say(pl, p);
            hand_text(p, p->game.hand[PLAY_YOU], hand, sizeof hand);
            fprintf(pl->out, p->cfg.lang == PLAY_ZH ? "   %s：%s\n" : "   %s: %s\n", play_text(p, T_HAND), hand);
            continue;
        }
        if (is_word(line, "history", "记录")) {
            for (int i = 0; i < p->game.nhist; i++) {
                play_action_text(p, i, line, sizeof line);
                fprintf(pl->out, "  %3d %s\n", i + 1, line);
            }
            continue;
        }
        if (is_word(line, "auto", "托管")) {
            /* 托管 for the rest of this game. */
            p->autoplay = true;
            play_say(p, MSG_INFO, T_AUTO_ON_PLAIN);
            say(pl, p);
            return play_human_auto(p) == 0 ? 0 : -1;
        }
        if (is_word(line, "stats", "战绩")) {
            if (!play_lifetime(p, line, sizeof line))
                play_fmt(p, line, sizeof line, T_STATS_NONE, play_level_text(p, p->cfg.level));
            fprintf(pl->out, "%s\n", line);
            continue;
        }
        if (is_word(line, "s", "status") || is_word(line, "牌桌", NULL)) {
            status(pl, p);
            continue;
        }
        if (is_word(line, "h", "hint") || is_word(line, "提示", NULL)) {
            play_hint_next(p);
            say(pl, p);
            continue;
        }
        if (is_word(line, "show", "m") || is_word(line, "明牌", NULL)) {
            rc = play_human_show(p);
        } else if (!line[0] && (phase == DDZ_PHASE_BID || phase == DDZ_PHASE_DOUBLE) && p->sel.value < 0) {
            /* Nothing to confirm yet: say what to type. */
            char list[48] = "";
            uint8_t v[4];
            int n = play_values(p, v);
            for (int i = n - 1; i >= 0; i--)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d", i == n - 1 ? "" : " ", v[i]);
            play_say(p, MSG_ERROR, T_ERR_NO_VALUE, list);
        } else if (!line[0]) {
            rc = play_human_selection(p);
        } else if (phase == DDZ_PHASE_BID || phase == DDZ_PHASE_DOUBLE) {
            int v = value_command(line);
            if (v < 0)
                play_say(p, MSG_ERROR, T_ERR_UNKNOWN, line);
            else
                rc = phase == DDZ_PHASE_BID ? play_human_bid(p, v) : play_human_double(p, v);
        } else if (is_word(line, "p", "pass") || is_word(line, "不要", NULL)) {
            rc = play_human_pass(p);
        } else {
            DdzCards cards;
            if (play_typed_cards(p, line, &cards) == 0)
                rc = cards ? play_human_cards(p, cards, -1) : play_human_pass(p);
            if (rc == 1) {
                /* Several readings while leading: ask which. */
                say(pl, p);
                char text[192];
                for (int i = 0; i < p->nreadings; i++) {
                    play_reading_text(p, &p->readings[i], text, sizeof text);
                    fprintf(pl->out, "   %d) %s\n", i + 1, text);
                }
                if (!read_line(pl, line, sizeof line))
                    return -1;
                rc = play_human_cards(p, cards, atoi(line) - 1);
                if (rc == 1)
                    continue;
            }
        }
        if (rc == 0)
            return 0;
        say(pl, p);
    }
}

int play_plain(Play *p, FILE *in, FILE *out)
{
    Plain pl;
    memset(&pl, 0, sizeof pl);
    pl.in = in;
    pl.out = out;
    pl.echo = !isatty(fileno(in));
    pl.fd = fileno(in);
    PlayUi ui = {&pl, plain_event, plain_think, plain_human};
    char buf[768];
    play_fmt(p, buf, sizeof buf, T_WELCOME, DDZ_VERSION);
    fprintf(out, "%s\n", buf);
    char opts[512];
    play_options_text(p, &p->cfg.opt, opts, sizeof opts);
    play_fmt(p, buf, sizeof buf, T_SETUP, play_level_text(p, p->cfg.level), opts);
    fprintf(out, "%s%s", buf, p->cfg.lang == PLAY_ZH ? "" : " ");
    play_fmt(p, buf, sizeof buf, T_SEED, (unsigned long long)p->cfg.seed);
    fprintf(out, "%s\n", buf);
    int rc = play_run(p, &ui);
    if (rc < 0) {
        fprintf(stderr, "ddz: play: %s\n", p->msg);
        return 2;
    }
    return 0;
}
