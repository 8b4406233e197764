/* net_tour.c -- ddz connect's tournament screens (docs/PROTOCOL.md, "Tournaments"): the list
 * of events, and one event's view -- registration, the running round's tables, the
 * standings, the rounds so far, the waiting view (a bye, a finished table, out) and the final
 * standings -- drawn by tourview.c from what the client tracker knows (DdzClient.tour). The
 * tournament table itself is the usual table screen (net.c), with the round, table and game
 * in its title bar. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net_ui.h"
#include "tourview.h"

struct NetTour {
    TourView view;
    TvTable tables[DDZ_CLIENT_TOUR_MAX / 3 + 1];
    TvRow rows[DDZ_CLIENT_TOUR_MAX];
    TvRound rounds[DDZ_CLIENT_TOUR_ROUNDS];
    int list;                 /* the list chosen (kept across redraws) */
    int scroll;
    long shown_id;            /* the event the view was last filled for */
};

static NetTour *tour_state(NetUi *u)
{
    if (!u->tour && (u->tour = calloc(1, sizeof *u->tour)))
        u->tour->scroll = -1;
    return u->tour;
}

void net_tour_free(NetUi *u)
{
    free(u->tour);
    u->tour = NULL;
}

/* Names: "Round 2", "Group A · Round 2", "Final · Round 1". */
static void round_label(const Play *p, const char *stage, int round, char *buf, size_t size)
{
    char label[64];
    if (!stage[0]) {
        play_fmt(p, buf, size, T_TOUR_ROUND, round);
        return;
    }
    if (!strcmp(stage, "final"))
        snprintf(label, sizeof label, "%s", play_text(p, T_TOUR_FINAL));
    else
        play_fmt(p, label, sizeof label, T_TOUR_GROUP, stage);
    play_fmt(p, buf, size, T_TOUR_ROUND_STAGE, label, round);
}

static const char *stage_name(const DdzClientTour *t, int stage)
{
    return stage >= 0 && stage < t->nstages ? t->stages[stage] : "";
}

/* What the title bar of a tournament table says: "Round 1 · Table 2 · 2/3". */
void net_tour_status(const NetUi *u, char *buf, size_t size)
{
    const DdzClientTour *t = u->c->tour;
    const Play *p = u->p;
    char name[96];
    if (!t || !t->seated) {
        snprintf(buf, size, "%s", t ? t->sum.name : "");
        return;
    }
    round_label(p, t->stage_name, t->round, name, sizeof name);
    if (t->games > 0 && t->next_game > t->games)
        play_fmt(p, buf, size, T_TOUR_STATUS_EXTRA, name, t->seat_table);
    else
        play_fmt(p, buf, size, T_TOUR_STATUS, name, t->seat_table, t->next_game, t->games);
}

static void state_word(const Play *p, const char *state, char *buf, size_t size)
{
    PlayText id = !strcmp(state, "registering") ? T_NT_REGISTERING : !strcmp(state, "running") ? T_NT_RUNNING
                : !strcmp(state, "finished")    ? T_NT_FINISHED
                                                : T_NT_CANCELLED;
    snprintf(buf, size, "%s", play_text(p, id));
}

/* When an event starts: "when the field is full", "at 20:00 UTC (in 9 min)". */
static void start_text(const Play *p, long long start_ms, char *buf, size_t size)
{
    if (start_ms < 0) {
        snprintf(buf, size, "%s", play_text(p, T_NT_START_FULL));
        return;
    }
    time_t at = (time_t)(start_ms / 1000);
    struct tm tm;
    gmtime_r(&at, &tm);
    long left = (long)(at - time(NULL));
    play_fmt(p, buf, size, T_NT_START_AT, tm.tm_hour, tm.tm_min, left > 0 ? (left + 59) / 60 : 0L);
}

/* The list of events ------------------------------------------------------------------------*/

static void draw_list(NetUi *u)
{
    Play *p = u->p;
    const DdzClientTour *t = u->c->tour;
    char buf[400], st[64], when[96];
    play_tui_fill(0, 0, 1, COLS, PLAY_R_TITLE);
    snprintf(buf, sizeof buf, " ddz %s · %s", p->cfg.lang == PLAY_ZH ? "斗地主" : "Dou Dizhu", play_text(p, T_NT_EVENTS));
    play_tui_put(0, 0, PLAY_R_TITLE, buf, -1);
    static const PlayText head[] = {T_NT_COL_ID, T_NT_COL_NAME, T_NT_COL_FIELD, T_NT_COL_STATE, T_NT_COL_WHEN};
    static const int hx[] = {1, 6, 27, 35, 48};
    for (int i = 0; i < 5; i++)
        play_tui_put(2, hx[i], PLAY_R_DIM, play_text(p, head[i]), i < 4 ? hx[i + 1] - hx[i] - 1 : -1);
    int n = t ? t->nlist : 0, rows = LINES - 6;
    if (u->tour_sel >= n)
        u->tour_sel = n > 0 ? n - 1 : 0;
    int first = u->tour_sel >= rows ? u->tour_sel - rows + 1 : 0;
    if (!n)
        play_tui_put(4, 4, PLAY_R_HINT, play_text(p, T_NT_NO_EVENTS), -1);
    for (int i = first; i < n && i - first < rows; i++) {
        const DdzClientTourSummary *s = &t->list[i];
        state_word(p, s->state, st, sizeof st);
        if (!strcmp(s->state, "registering"))
            start_text(p, s->start_ms, when, sizeof when);
        else if (!strcmp(s->state, "running"))
            play_fmt(p, when, sizeof when, T_TOUR_ROUND, s->round);
        else if (s->winner[0])
            play_fmt(p, when, sizeof when, T_NT_WON_BY, s->winner);
        else
            when[0] = '\0';
        char name[120];
        snprintf(name, sizeof name, "%s", s->name);
        snprintf(buf, sizeof buf, "%3ld", s->id);
        int y = 3 + i - first, role = i == u->tour_sel ? PLAY_R_CURSOR : PLAY_R_NORMAL;
        play_tui_fill(y, 1, 1, COLS - 2, role);
        play_tui_put(y, 1, role, buf, 4);
        play_tui_put(y, 6, role, name, 20);
        snprintf(buf, sizeof buf, "%d/%d", s->registered, s->players);
        play_tui_put(y, 27, role, buf, 7);
        play_tui_put(y, 35, role, st, 12);
        play_tui_put(y, 48, role, when, COLS - 49);
    }
    play_tui_put(LINES - 2, 2, u->note_error ? PLAY_R_ERROR : PLAY_R_HINT, u->note, COLS - 4);
    snprintf(buf, sizeof buf, "%s", play_text(p, T_NT_LIST_KEYS));
    int w = play_text_width(buf);
    play_tui_put(LINES - 1, w >= COLS ? 0 : (COLS - w) / 2, PLAY_R_DIM, buf, -1);
}

/* One event ---------------------------------------------------------------------------------*/

static int seat_in(const DdzClientTourTable *tb, int entrant)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (entrant >= 0 && tb->players[s] == entrant)
            return s;
    return -1;
}

static void fill_event(NetUi *u)
{
    Play *p = u->p;
    const DdzClientTour *t = u->c->tour;
    NetTour *nt = u->tour;
    TourView *v = &nt->view;
    memset(v, 0, sizeof *v);
    v->p = p;
    v->tables = nt->tables;
    v->rows = nt->rows;
    v->rounds = nt->rounds;
    v->list = nt->list;
    v->scroll = nt->scroll;
    char a[200], b[200], place[32];
    snprintf(v->title, sizeof v->title, "%s · %s", play_text(p, T_NT_EVENT), t->sum.name);
    if (t->groups > 1)
        play_fmt(p, v->info, sizeof v->info, T_TOUR_INFO_GROUPS, t->sum.players, t->groups, t->games);
    else
        play_fmt(p, v->info, sizeof v->info, T_TOUR_INFO, t->sum.players, t->games);
    v->head_role = PLAY_R_BOLD;
    bool reg = !strcmp(t->sum.state, "registering"), over = t->over || !strcmp(t->sum.state, "finished");
    /* The tables of the running round. */
    for (int i = 0; i < t->ntables; i++) {
        const DdzClientTourTable *tb = &t->tables[i];
        TvTable *o = &nt->tables[v->ntables++];
        memset(o, 0, sizeof *o);
        o->number = tb->table;
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            snprintf(o->name[s], sizeof o->name[s], "%s", ddz_client_tour_name(t, tb->players[s]));
            o->score[s] = tb->scores[s];
            o->extra[s] = tb->extra[s];
        }
        o->scored = tb->played > 0;
        bool done = !strcmp(tb->state, "finished");
        o->games = done ? -1 : tb->played;
        o->has_extra = tb->has_extra;
        o->lot = tb->lot;
        o->winner = seat_in(tb, tb->winner);
        o->completer = tb->completer;
        o->you = seat_in(tb, t->you);
    }
    /* The standings, or before the start the people registered. */
    if (reg || !t->nstandings) {
        for (int i = 0; i < t->nentrants; i++) {
            TvRow *r = &nt->rows[v->nrows++];
            memset(r, 0, sizeof *r);
            r->rank = i + 1;
            snprintf(r->name, sizeof r->name, "%s", t->entrant[i]);
            snprintf(r->reached, sizeof r->reached, "%s",
                     play_text(p, t->bot[i] ? T_NT_COMPUTER : t->online[i] ? T_NT_ONLINE : T_NT_OFFLINE));
            r->you = i == t->you;
        }
        v->entrants = true;
    } else {
        for (int i = 0; i < t->nstandings; i++) {
            const DdzClientStanding *st = &t->standings[i];
            TvRow *r = &nt->rows[v->nrows++];
            memset(r, 0, sizeof *r);
            r->rank = st->rank;
            snprintf(r->name, sizeof r->name, "%s", ddz_client_tour_name(t, st->entrant));
            const char *sn = stage_name(t, st->stage);
            if (!sn[0])
                play_fmt(p, r->reached, sizeof r->reached, T_TOUR_ROUND, st->round);
            else
                play_fmt(p, r->reached, sizeof r->reached, T_TOUR_REACHED,
                         !strcmp(sn, "final") ? play_text(p, T_TOUR_FINAL) : sn, st->round);
            r->score = st->score;
            r->you = st->entrant == t->you;
            r->out = !strcmp(st->status, "out");
            r->winner = !strcmp(st->status, "winner");
        }
    }
    /* The rounds seen. */
    for (int i = 0; i < t->nrounds; i++) {
        const DdzClientTourRound *rd = &t->rounds[i];
        TvRound *o = &nt->rounds[v->nrounds++];
        round_label(p, rd->name, rd->round, a, sizeof a);
        play_fmt(p, o->text, sizeof o->text, T_TOUR_ROUND_LINE, a, rd->players, rd->ntables, rd->nbyes);
        o->you = rd->your_table || rd->your_bye;
        size_t n = strlen(o->text);
        if (rd->your_bye)
            play_fmt(p, o->text + n, sizeof o->text - n, T_TOUR_ROUND_YOU_BYE);
        else if (rd->your_table)
            play_fmt(p, o->text + n, sizeof o->text - n, T_TOUR_ROUND_YOU_TABLE, rd->your_table,
                     play_text(p, rd->winner < 0 ? T_TOUR_W_PLAYING : rd->winner == t->you ? T_TOUR_W_WON : T_TOUR_W_OUT));
    }
    int rank = 0;
    for (int i = 0; i < t->nstandings; i++)
        if (t->standings[i].entrant == t->you)
            rank = t->standings[i].rank;
    tourview_place(p, rank, place, sizeof place);
    /* What this screen is, and where we are. */
    if (reg) {
        start_text(p, t->sum.start_ms, b, sizeof b);
        play_fmt(p, v->head, sizeof v->head, T_NT_REG_HEAD, t->sum.registered, t->sum.players, b);
        if (t->you >= 0)
            play_fmt(p, v->note, sizeof v->note, T_NT_REGISTERED, t->you + 1);
        else
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_NT_NOT_REGISTERED));
        play_fmt(p, v->note2, sizeof v->note2, T_NT_RULES, t->options, t->turn);
        snprintf(v->keys, sizeof v->keys, "%s", play_text(p, t->you >= 0 ? T_NT_KEYS_REG_IN : T_NT_KEYS_REG));
        if (v->list == TV_TABLES && !t->ntables)
            v->list = TV_STANDINGS;
    } else if (!strcmp(t->sum.state, "cancelled")) {
        snprintf(v->head, sizeof v->head, "%s", play_text(p, T_NT_CANCELLED_HEAD));
        v->head_role = PLAY_R_ERROR;
        snprintf(v->keys, sizeof v->keys, "%s", play_text(p, T_NT_KEYS_EVENT));
    } else if (over) {
        play_fmt(p, v->head, sizeof v->head, T_TOUR_WINNER_HEAD,
                 t->winner_name[0] ? t->winner_name : t->sum.winner[0] ? t->sum.winner : "?");
        v->head_role = PLAY_R_GOOD;
        if (t->you >= 0 && t->winner == t->you)
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_TOUR_YOU_WON));
        else if (t->you >= 0 && rank)
            play_fmt(p, v->note, sizeof v->note, T_TOUR_YOUR_PLACE, place, t->nentrants);
        if (t->seed256[0])
            play_fmt(p, v->note2, sizeof v->note2, T_NT_SEED, t->seed256);
        snprintf(v->keys, sizeof v->keys, "%s", play_text(p, T_NT_KEYS_EVENT));
    } else {
        round_label(p, t->stage_name, t->round, a, sizeof a);
        snprintf(v->head, sizeof v->head, "%s", a);
        if (t->you < 0) {
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_NT_WATCHING));
        } else if (t->seated) {
            const DdzClientTourTable *mine = NULL;
            for (int i = 0; i < t->ntables; i++)
                if (t->tables[i].table == t->seat_table)
                    mine = &t->tables[i];
            int s = mine ? seat_in(mine, t->you) : -1;
            if (mine && s >= 0)
                play_fmt(p, v->note, sizeof v->note, mine->completer == s ? T_TOUR_YOUR_FILL : T_TOUR_YOUR_TABLE,
                         t->seat_table, ddz_client_tour_name(t, mine->players[(s + 1) % 3]),
                         ddz_client_tour_name(t, mine->players[(s + 2) % 3]));
            if (t->games > 0 && t->next_game > t->games)
                play_fmt(p, v->note2, sizeof v->note2, T_NT_NEXT_EXTRA, t->pause);
            else
                play_fmt(p, v->note2, sizeof v->note2, T_NT_NEXT_GAME, t->next_game, t->games, t->pause);
        } else if (!strcmp(t->wait, "bye")) {
            play_fmt(p, v->head, sizeof v->head, T_TOUR_WAIT_HEAD, a);
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_TOUR_WAIT_BYE));
        } else if (!strcmp(t->wait, "table_finished") && t->advanced) {
            play_fmt(p, v->head, sizeof v->head, T_TOUR_WAIT_HEAD, a);
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_NT_WAIT_ADVANCED));
            v->head_role = PLAY_R_GOOD;
        } else if (!strcmp(t->wait, "table_finished") || !strcmp(t->wait, "out")) {
            play_fmt(p, v->note, sizeof v->note, T_TOUR_OUT_WATCH, rank ? place : "-");
            v->head_role = PLAY_R_ERROR;
        } else {
            snprintf(v->note, sizeof v->note, "%s", play_text(p, T_NT_WAIT_START));
        }
        if (!v->note2[0] && t->nbyes) {
            char list[240] = "";
            for (int i = 0; i < t->nbyes; i++) {
                size_t n = strlen(list);
                snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", ddz_client_tour_name(t, t->byes[i]));
            }
            play_fmt(p, v->note2, sizeof v->note2, T_TOUR_BYES, list);
        }
        snprintf(v->keys, sizeof v->keys, "%s", play_text(p, T_NT_KEYS_EVENT));
    }
    if (u->note[0]) {
        /* A refusal or a message of the server goes first. */
        snprintf(v->note2, sizeof v->note2, "%s", u->note);
    }
}

static void draw_event(NetUi *u)
{
    fill_event(u);
    tourview_draw(&u->tour->view);
    u->tour->scroll = u->tour->view.scroll;
    u->tour->list = u->tour->view.list;
}

bool net_tour_screen(const NetUi *u)
{
    if (!u->c->player)
        return false;
    if (u->c->room_tour && !net_on_table(u))
        return true; /* seated at a tournament table between games */
    return u->tour_screen != NT_NONE && (!u->c->room || u->c->room_tour);
}

void net_tour_draw(NetUi *u)
{
    if (!tour_state(u) || !u->c->tour) {
        erase();
        play_tui_put(LINES / 2, 2, PLAY_R_HINT, play_text(u->p, T_NT_LOADING), -1);
        return;
    }
    if (u->tour_screen == NT_LIST && !u->c->room_tour)
        draw_list(u);
    else if (u->c->tour->id)
        draw_event(u);
    else
        draw_list(u);
}

/* Messages and keys -------------------------------------------------------------------------*/

void net_tour_message(NetUi *u, json_t *m)
{
    const DdzClientTour *t = u->c->tour;
    const char *type = net_jstr(m, "type");
    if (!t || !tour_state(u))
        return;
    if (!strcmp(type, "tour") && u->tour_screen != NT_NONE) {
        u->tour_screen = NT_EVENT;
        if (u->tour->shown_id != t->id) {
            u->tour->shown_id = t->id;
            u->tour->list = !strcmp(t->sum.state, "registering") ? TV_STANDINGS : TV_TABLES;
            u->tour->scroll = -1;
        }
        u->note[0] = '\0';
    } else if (!strcmp(type, "tour_unwatched")) {
        u->tour_screen = NT_LIST;
    } else if (!strcmp(type, "tour_seat") || !strcmp(type, "tour_wait") || !strcmp(type, "tour_round")) {
        /* Ours: the event comes to the front (a registrant may have been in the lobby). */
        if (t->you >= 0 || u->tour_screen == NT_EVENT)
            u->tour_screen = NT_EVENT;
        if (!strcmp(type, "tour_round"))
            u->tour->list = TV_TABLES;
    } else if (!strcmp(type, "tour_over") && t->you >= 0) {
        u->tour_screen = NT_EVENT;
        u->tour->list = TV_STANDINGS;
        u->tour->scroll = -1;
    }
}

/* The lobby's key: the list of events. */
void net_tour_open_list(NetUi *u)
{
    u->tour_screen = NT_LIST;
    u->note[0] = '\0';
    net_send_type(u, "tournaments");
}

static void send_id(NetUi *u, const char *type, long id)
{
    net_send_obj(u, json_pack("{s:s,s:I}", "type", type, "tournament", (json_int_t)id));
}

bool net_tour_key(NetUi *u, bool code, wint_t ch)
{
    const DdzClientTour *t = u->c->tour;
    NetTour *nt = tour_state(u);
    if (!nt)
        return false;
    int k = code ? (int)ch : ch < 128 ? (int)ch : 0;
    bool enter = (code && k == KEY_ENTER) || (!code && (k == '\n' || k == '\r'));
    if (u->tour_screen == NT_LIST && !u->c->room_tour) {
        int n = t ? t->nlist : 0;
        if (code && k == KEY_UP && u->tour_sel > 0)
            u->tour_sel--;
        else if (code && k == KEY_DOWN && u->tour_sel < n - 1)
            u->tour_sel++;
        else if (enter && n)
            send_id(u, "tour_watch", t->list[u->tour_sel].id);
        else if (!code && k == 'j' && n)
            send_id(u, "tour_register", t->list[u->tour_sel].id);
        else if (!code && (k == 'e' || k == 'r'))
            net_send_type(u, "tournaments");
        else if (!code && (k == 27 || k == 'b')) {
            u->tour_screen = NT_NONE;
            net_send_type(u, "rooms");
        } else
            return false;
        return true;
    }
    if (!t)
        return false;
    nt->view.list = nt->list;
    nt->view.scroll = nt->scroll;
    if (tourview_key(&nt->view, code ? k : (k == '\t' ? '\t' : -1))) {
        nt->list = nt->view.list;
        nt->scroll = nt->view.scroll;
        return true;
    }
    if (!code && k == 'j' && t->id)
        send_id(u, "tour_register", t->id);
    else if (!code && k == 'u' && t->id)
        send_id(u, "tour_unregister", t->id);
    else if (!code && (k == 27 || k == 'b') && !u->c->room_tour) {
        /* Back to the list; an entrant keeps following its event. */
        if (t->you < 0 && t->id)
            net_send_type(u, "tour_unwatch");
        u->tour_screen = NT_LIST;
        net_send_type(u, "tournaments");
    } else
        return false;
    return true;
}
