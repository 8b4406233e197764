/* tourgame.c -- ddz play --tournament on the full screen (tourgame.h). ddz_tour_run plays the
 * event; its hooks come here: on_round shows each round's draw and results (tourview.c) and
 * waits for the person, on_game mirrors every step of the person's table into a Play whose
 * game is the real one turned so that the person sits at the bottom (PLAY_YOU), and the
 * person's agent asks the game's own curses screen (tui.c) for each decision, then turns it
 * back to the real seat. Computer seats are the event's agents, as without a person. */
#define _DEFAULT_SOURCE /* open_memstream */
#define NCURSES_WIDECHAR 1
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourgame.h"
#include "tourview.h"
#include "tui.h"

typedef struct Front {
    Tui tui;
    Play *p;
    PlayUi ui;
    TourView view;
    TvTable *tables;
    TvRow *rows;
    TvRound *rounds;
    int caprounds;
    const DdzTour *t;
    const char *const *names;
    int human;                 /* the person's entrant id */
    const DdzTourTable *tb;    /* the person's table now, NULL between tables */
    int seat;                  /* the person's seat there */
    int k;                     /* the game being played (K: the extra game) */
    int seen;                  /* history entries of that game already shown */
    int round;                 /* the round being played */
    bool quit, skip;
    char *summary;             /* the final standing, printed once the screen is closed */
} Front;

/* Seats ------------------------------------------------------------------------------------*/

static int rot_seat(int base, int s) { return s < DDZ_SEAT_NB ? (s - base + DDZ_SEAT_NB) % DDZ_SEAT_NB : s; }

static uint8_t rot_bits(int base, uint8_t bits)
{
    uint8_t out = bits & (uint8_t)~7u;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (bits & (1u << s))
            out |= (uint8_t)(1u << rot_seat(base, s));
    return out;
}

/* The game g with seat `base` turned to seat 0 (play goes 0 -> 1 -> 2, so turning keeps the
 * order): every seat-indexed field, seat number and seat bit moves; nothing else changes. */
static void rotate_game(const DdzGame *g, int base, DdzGame *out)
{
    *out = *g;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        int r = rot_seat(base, s);
        out->hand[r] = g->hand[s];
        out->dealt[r] = g->dealt[s];
        out->dbl[r] = g->dbl[s];
        out->shown[r] = g->shown[s];
        out->spoken[r] = g->spoken[s];
        out->plays[r] = g->plays[s];
        out->abandoned_at[r] = g->abandoned_at[s];
    }
    out->turn = (uint8_t)rot_seat(base, g->turn);
    out->first = (uint8_t)rot_seat(base, g->first);
    out->landlord = (uint8_t)rot_seat(base, g->landlord);
    out->bidder = (uint8_t)rot_seat(base, g->bidder);
    out->abandoned = rot_bits(base, g->abandoned);
    out->letgo = rot_bits(base, g->letgo);
    for (int i = 0; i < g->nhist; i++) {
        out->hist[i].seat = (uint8_t)rot_seat(base, g->hist[i].seat);
        out->undo[i].turn = (uint8_t)rot_seat(base, g->undo[i].turn);
        out->undo[i].landlord = (uint8_t)rot_seat(base, g->undo[i].landlord);
        out->undo[i].bidder = (uint8_t)rot_seat(base, g->undo[i].bidder);
        out->undo[i].letgo = rot_bits(base, g->undo[i].letgo);
    }
    assert(ddz_game_ok(out));
}

/* Texts ------------------------------------------------------------------------------------*/

/* "Round 2", "Group A · Round 2", "Final · Round 1" (round: from 0). */
static void round_name(const Front *f, int stage, int round, char *buf, size_t size)
{
    char sn[16], label[64];
    const char *name = ddz_tour_stage_name(f->t, stage, sn);
    if (!name[0]) {
        play_fmt(f->p, buf, size, T_TOUR_ROUND, round + 1);
        return;
    }
    if (!strcmp(name, "final"))
        snprintf(label, sizeof label, "%s", play_text(f->p, T_TOUR_FINAL));
    else
        play_fmt(f->p, label, sizeof label, T_TOUR_GROUP, name);
    play_fmt(f->p, buf, size, T_TOUR_ROUND_STAGE, label, round + 1);
}

/* "Round 2", "A R2", "Final R1": how far a player got. */
static void reached_name(const Front *f, int stage, int round, char *buf, size_t size)
{
    char sn[16];
    const char *name = ddz_tour_stage_name(f->t, stage, sn);
    if (round < 0)
        snprintf(buf, size, "-"); /* nothing played yet */
    else if (!name[0])
        play_fmt(f->p, buf, size, T_TOUR_ROUND, round + 1);
    else
        play_fmt(f->p, buf, size, T_TOUR_REACHED, !strcmp(name, "final") ? play_text(f->p, T_TOUR_FINAL) : name,
                 round + 1);
}

static const char *entrant(const Front *f, int id) { return id >= 0 && f->names ? f->names[id] : "?"; }

static int seat_of(const DdzTourTable *tb, int id)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (tb->player[s] == id)
            return s;
    return -1;
}

/* The view ---------------------------------------------------------------------------------*/

static void draw_view(const Tui *t, void *ctx)
{
    (void)t;
    Front *f = ctx;
    tourview_draw(&f->view);
}

/* The tables, standings and rounds of round ri into the view (played: with the results). */
static void fill_lists(Front *f, int ri, bool played)
{
    const DdzTour *t = f->t;
    TourView *v = &f->view;
    v->ntables = 0;
    if (ri >= 0) {
        const DdzTourRound *rd = &t->rounds[ri];
        for (int i = 0; i < rd->ntables; i++) {
            const DdzTourTable *tb = &t->tables[rd->first_table + i];
            TvTable *o = &f->tables[v->ntables++];
            memset(o, 0, sizeof *o);
            o->number = tb->index + 1;
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                snprintf(o->name[s], sizeof o->name[s], "%s", entrant(f, tb->player[s]));
                o->score[s] = tb->score[s];
                o->extra[s] = tb->extra_score[s];
            }
            o->scored = played;
            o->games = -1;
            o->has_extra = played && tb->extra;
            o->lot = played && tb->lot;
            o->winner = played ? seat_of(tb, tb->winner) : -1;
            o->completer = tb->completer;
            o->you = seat_of(tb, f->human);
        }
    }
    int n = t->cfg.players;
    DdzTourStanding *st = malloc((size_t)n * sizeof *st);
    v->nrows = 0;
    if (st) {
        ddz_tour_standings(t, st);
        for (int i = 0; i < n; i++) {
            TvRow *r = &f->rows[v->nrows++];
            memset(r, 0, sizeof *r);
            r->rank = st[i].rank;
            snprintf(r->name, sizeof r->name, "%s", entrant(f, st[i].id));
            reached_name(f, st[i].stage, st[i].round, r->reached, sizeof r->reached);
            r->score = st[i].score;
            r->you = st[i].id == f->human;
            r->out = t->ent[st[i].id].out;
            r->winner = st[i].id == t->winner;
        }
        free(st);
    }
    /* The rounds so far, the bracket as lines: who played, and where the person went. */
    if (t->nrounds > f->caprounds) {
        TvRound *more = realloc(f->rounds, (size_t)t->nrounds * 2 * sizeof *more);
        if (more) {
            f->rounds = more;
            f->caprounds = t->nrounds * 2;
        }
    }
    v->rounds = f->rounds;
    v->nrounds = 0;
    for (int i = 0; i < t->nrounds && i < f->caprounds; i++) {
        const DdzTourRound *rd = &t->rounds[i];
        TvRound *o = &f->rounds[v->nrounds++];
        char name[96];
        round_name(f, rd->stage, rd->round, name, sizeof name);
        play_fmt(f->p, o->text, sizeof o->text, T_TOUR_ROUND_LINE, name, rd->players, rd->ntables, rd->nbyes);
        o->you = false;
        for (int b = 0; b < rd->nbyes; b++)
            if (rd->bye[b] == f->human) {
                size_t len = strlen(o->text);
                play_fmt(f->p, o->text + len, sizeof o->text - len, T_TOUR_ROUND_YOU_BYE);
                o->you = true;
            }
        for (int j = 0; j < rd->ntables; j++) {
            const DdzTourTable *tb = &t->tables[rd->first_table + j];
            int s = seat_of(tb, f->human);
            if (s < 0)
                continue;
            bool done = i < ri || (i == ri && played);
            PlayText w = !done ? T_TOUR_W_PLAYING : tb->winner == f->human ? T_TOUR_W_WON
                       : tb->completer == s ? T_TOUR_W_FILLED : T_TOUR_W_OUT;
            size_t len = strlen(o->text);
            play_fmt(f->p, o->text + len, sizeof o->text - len, T_TOUR_ROUND_YOU_TABLE, tb->index + 1, play_text(f->p, w));
            o->you = true;
        }
    }
    v->scroll = -1;
}

/* The person's place in the standings (rank, of how many). */
static int your_rank(const Front *f)
{
    for (int i = 0; i < f->view.nrows; i++)
        if (f->view.rows[i].you)
            return f->view.rows[i].rank;
    return 0;
}

static void fill_head(Front *f)
{
    const DdzTour *t = f->t;
    if (t->cfg.groups > 1)
        play_fmt(f->p, f->view.info, sizeof f->view.info, T_TOUR_INFO_GROUPS, t->cfg.players, t->cfg.groups,
                 t->cfg.games);
    else
        play_fmt(f->p, f->view.info, sizeof f->view.info, T_TOUR_INFO, t->cfg.players, t->cfg.games);
    snprintf(f->view.title, sizeof f->view.title, "%s", play_text(f->p, T_TOUR_TITLE));
    f->view.head_role = PLAY_R_BOLD;
    f->view.note[0] = f->view.note2[0] = '\0';
}

/* "Byes: P3, P7" into note2 (empty without byes). */
static void byes_note(Front *f, const DdzTourRound *rd)
{
    char list[240] = "";
    for (int b = 0; b < rd->nbyes; b++) {
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s", b ? ", " : "", entrant(f, rd->bye[b]));
    }
    if (rd->nbyes)
        play_fmt(f->p, f->view.note2, sizeof f->view.note2, T_TOUR_BYES, list);
}

/* Shows the view until Enter; 'f' fast-forwards when allowed. Returns 0, or -1 to leave. */
static int show(Front *f, bool wait, bool can_skip)
{
    f->tui.screen = draw_view;
    f->tui.screen_ctx = f;
    f->tui.overlay = OV_NONE;
    tui_draw(&f->tui);
    if (!wait)
        return 0;
    flushinp(); /* keys typed during the last game must not skip this view unread */
    for (;;) {
        int k = tui_get_key(&f->tui, -1);
        if (k == K_ABORT)
            return -1;
        if (k == K_INTR || k == 27) {
            if (tui_ask_quit(&f->tui))
                return -1;
            continue;
        }
        if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ')
            return 0;
        if (can_skip && (k == 'f' || k == 'F')) {
            f->skip = true;
            return 0;
        }
        if (tourview_key(&f->view, k) || k == KEY_RESIZE)
            tui_draw(&f->tui);
    }
}

static int on_round(void *ctx, const DdzTour *t, int ri, bool played, const char *const *names)
{
    Front *f = ctx;
    f->t = t;
    f->names = names;
    if (f->quit)
        return 1;
    TourView *v = &f->view;
    char name[96], place[32], b[200];
    fill_head(f);
    if (ri < 0) {
        /* The end: the final standings. */
        fill_lists(f, t->nrounds - 1, true);
        v->list = TV_STANDINGS;
        play_fmt(f->p, v->head, sizeof v->head, T_TOUR_WINNER_HEAD, entrant(f, t->winner));
        v->head_role = PLAY_R_GOOD;
        if (t->winner == f->human)
            snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_YOU_WON));
        tourview_place(f->p, your_rank(f), place, sizeof place);
        play_fmt(f->p, t->winner == f->human ? v->note2 : v->note, sizeof v->note, T_TOUR_YOUR_PLACE, place,
                 t->cfg.players);
        snprintf(v->keys, sizeof v->keys, "%s", play_text(f->p, T_TOUR_KEYS_FINAL));
        /* What stays on the terminal: the names are the event's, gone after it. */
        size_t size = 0;
        FILE *m = open_memstream(&f->summary, &size);
        if (m) {
            char line[320];
            play_fmt(f->p, line, sizeof line, T_TOUR_END_LINE, entrant(f, t->winner), place, t->cfg.players);
            fprintf(m, "%s\n", line);
            ddz_tour_print_standings(m, t, names, 10);
            fclose(m);
        }
        if (show(f, true, false) != 0)
            f->quit = true;
        return 0; /* the event is over either way */
    }
    const DdzTourRound *rd = &t->rounds[ri];
    f->round = ri;
    bool bye = false;
    for (int i = 0; i < rd->nbyes; i++)
        bye |= rd->bye[i] == f->human;
    const DdzTourTable *mine = NULL;
    for (int i = 0; i < rd->ntables; i++)
        if (seat_of(&t->tables[rd->first_table + i], f->human) >= 0)
            mine = &t->tables[rd->first_table + i];
    if (f->skip && !mine)
        return 0;
    f->skip = false; /* filling in at a table: the person plays it */
    fill_lists(f, ri, played);
    round_name(f, rd->stage, rd->round, name, sizeof name);
    v->list = TV_TABLES;
    play_fmt(f->p, v->head, sizeof v->head, played ? T_TOUR_RESULTS_HEAD : T_TOUR_DRAW_HEAD, name);
    bool can_skip = false;
    if (!played) {
        byes_note(f, rd);
        if (mine) {
            int s = seat_of(mine, f->human);
            play_fmt(f->p, v->note, sizeof v->note, mine->completer == s ? T_TOUR_YOUR_FILL : T_TOUR_YOUR_TABLE,
                     mine->index + 1, entrant(f, mine->player[(s + 1) % 3]), entrant(f, mine->player[(s + 2) % 3]));
        } else if (bye) {
            snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_BYE));
        } else if (!t->ent[f->human].out) {
            snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_OTHER_GROUP)); /* groups play in turn */
        } else {
            tourview_place(f->p, your_rank(f), place, sizeof place);
            play_fmt(f->p, v->note, sizeof v->note, T_TOUR_OUT_WATCH, place);
            can_skip = true;
        }
        snprintf(v->keys, sizeof v->keys, "%s",
                 play_text(f->p, mine ? T_TOUR_KEYS_PLAY : can_skip ? T_TOUR_KEYS_OUT : T_TOUR_KEYS_NEXT));
        if (show(f, true, can_skip) != 0) {
            f->quit = true;
            return 1;
        }
        if (bye && !mine) {
            /* The tables play while the person waits. */
            play_fmt(f->p, v->head, sizeof v->head, T_TOUR_WAIT_HEAD, name);
            snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_WAIT_BYE));
            snprintf(v->keys, sizeof v->keys, "%s", play_text(f->p, T_TOUR_KEYS_WAIT));
            show(f, false, false);
        }
        return 0;
    }
    /* The round's results: the person's outcome, the tie-breaks. */
    int extras = 0, lots = 0;
    for (int i = 0; i < rd->ntables; i++) {
        extras += t->tables[rd->first_table + i].extra;
        lots += t->tables[rd->first_table + i].lot;
    }
    if (mine) {
        int s = seat_of(mine, f->human);
        int sc = mine->score[s] + (mine->extra ? mine->extra_score[s] : 0);
        if (mine->winner == f->human) {
            play_fmt(f->p, v->note, sizeof v->note, T_TOUR_ADVANCE, sc);
            v->head_role = PLAY_R_GOOD;
        } else {
            play_fmt(f->p, v->note, sizeof v->note, mine->completer == s ? T_TOUR_FILLED : T_TOUR_ELIMINATED,
                     entrant(f, mine->winner), sc);
            v->head_role = mine->completer == s ? PLAY_R_BOLD : PLAY_R_ERROR;
        }
        if (mine->lot)
            snprintf(v->note2, sizeof v->note2, "%s", play_text(f->p, T_TOUR_TIE_LOT));
        else if (mine->extra)
            snprintf(v->note2, sizeof v->note2, "%s", play_text(f->p, T_TOUR_TIE_EXTRA));
    } else if (bye) {
        snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_HAD_BYE));
    } else if (!t->ent[f->human].out) {
        snprintf(v->note, sizeof v->note, "%s", play_text(f->p, T_TOUR_OTHER_GROUP));
    } else {
        tourview_place(f->p, your_rank(f), place, sizeof place);
        play_fmt(f->p, v->note, sizeof v->note, T_TOUR_OUT_WATCH, place);
    }
    if (!v->note2[0] && (extras || lots))
        play_fmt(f->p, v->note2, sizeof v->note2, T_TOUR_TIES, extras, lots);
    else if (!v->note2[0])
        byes_note(f, rd);
    can_skip = t->ent[f->human].out && !ddz_tour_over(t);
    snprintf(b, sizeof b, "%s", play_text(f->p, can_skip ? T_TOUR_KEYS_OUT : T_TOUR_KEYS_NEXT));
    snprintf(v->keys, sizeof v->keys, "%s", b);
    if (show(f, true, can_skip) != 0) {
        f->quit = true;
        return 1;
    }
    return 0;
}

/* The person's table ---------------------------------------------------------------------*/

static void table_status(Front *f, const DdzTourTable *tb, int k)
{
    Play *p = f->p;
    char name[96];
    round_name(f, tb->stage, tb->round, name, sizeof name);
    int K = f->t->cfg.games;
    if (k >= K)
        play_fmt(p, p->net.status, sizeof p->net.status, T_TOUR_STATUS_EXTRA, name, tb->index + 1);
    else
        play_fmt(p, p->net.status, sizeof p->net.status, T_TOUR_STATUS, name, tb->index + 1, k + 1, K);
}

/* The table's scores so far, turned (the extra game counts on its own). */
static void table_scores(Front *f, const DdzTourTable *tb, int k, int out[DDZ_SEAT_NB])
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        out[rot_seat(f->seat, s)] = k >= f->t->cfg.games ? tb->extra_score[s] : tb->score[s];
}

static int on_game(void *ctx, const DdzTour *t, const DdzTourTable *tb, int k, const DdzGame *g)
{
    Front *f = ctx;
    Play *p = f->p;
    f->t = t;
    if (f->quit)
        return 1;
    if (!g) {
        /* The table is done: wait for the others (offline, briefly). */
        int s = seat_of(tb, f->human);
        char name[96];
        round_name(f, tb->stage, tb->round, name, sizeof name);
        fill_head(f);
        fill_lists(f, f->round, false);
        play_fmt(p, f->view.head, sizeof f->view.head, T_TOUR_WAIT_HEAD, name);
        play_fmt(p, f->view.note, sizeof f->view.note, T_TOUR_WAIT_DONE, tb->score[s] + (tb->extra ? tb->extra_score[s] : 0));
        snprintf(f->view.keys, sizeof f->view.keys, "%s", play_text(p, T_TOUR_KEYS_WAIT));
        f->tb = NULL;
        show(f, false, false);
        return 0;
    }
    if (tb != f->tb || k != f->k || g->nhist < f->seen || g->nhist == 0) {
        /* A new deal (a redeal too). */
        f->tb = tb;
        f->k = k;
        f->seen = 0;
        f->seat = seat_of(tb, f->human);
        f->tui.screen = NULL;
        rotate_game(g, f->seat, &p->game);
        memset(p->note, 0, sizeof p->note);
        play_sel_clear(p);
        p->over = false;
        p->msg[0] = '\0';
        p->msg_kind = MSG_NONE;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            snprintf(p->net.names[rot_seat(f->seat, s)], sizeof p->net.names[0], "%s", entrant(f, tb->player[s]));
        table_status(f, tb, k);
        table_scores(f, tb, k, p->match.score);
        memcpy(p->before, p->match.score, sizeof p->before);
        p->match.games = k;
        PlayEvent e = {.kind = EV_DEAL};
        if (f->ui.event(f->ui.ctx, p, &e) != 0) {
            f->quit = true;
            return 1;
        }
        return 0;
    }
    int phase = p->game.phase;
    for (int i = f->seen; i < g->nhist; i++)
        if (g->hist[i].seat != f->seat && f->ui.think(f->ui.ctx, p, rot_seat(f->seat, g->hist[i].seat)) != 0) {
            f->quit = true;
            return 1;
        }
    rotate_game(g, f->seat, &p->game);
    for (int i = f->seen; i < g->nhist; i++)
        if (play_report(p, &f->ui, i) != 0) {
            f->quit = true;
            return 1;
        }
    f->seen = g->nhist;
    int rc = 0;
    if (phase == DDZ_PHASE_BID && p->game.phase != DDZ_PHASE_BID && p->game.phase != DDZ_PHASE_REDEAL) {
        PlayEvent e = {.kind = EV_LANDLORD};
        rc = f->ui.event(f->ui.ctx, p, &e);
    }
    if (rc == 0 && p->game.phase == DDZ_PHASE_OVER) {
        ddz_game_result(&p->game, &p->result);
        p->over = true;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            p->match.score[s] = p->before[s] + p->result.score[s];
        p->match.games = k + 1;
        PlayEvent e = {.kind = EV_GAME_OVER};
        rc = f->ui.event(f->ui.ctx, p, &e);
    } else if (rc == 0 && p->game.phase == DDZ_PHASE_REDEAL) {
        PlayEvent e = {.kind = EV_REDEAL};
        rc = f->ui.event(f->ui.ctx, p, &e);
    }
    if (rc != 0) {
        f->quit = true;
        return 1;
    }
    return 0;
}

/* The person's agent: the decision from the screen, at the real seat. */
static int person_act(void *state, const DdzView *view, DdzAction *out)
{
    Front *f = state;
    Play *p = f->p;
    (void)view;
    if (f->quit || p->game.turn != PLAY_YOU)
        return -1;
    int nh = p->game.nhist;
    p->net.nvalues = 0;
    if (p->game.phase == DDZ_PHASE_BID || p->game.phase == DDZ_PHASE_DOUBLE)
        p->net.nvalues = ddz_game_legal_values(&p->game, p->game.phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE,
                                               p->net.values);
    DdzAction show = ddz_action_show(PLAY_YOU);
    DdzError e;
    p->net.can_show = ddz_game_check(&p->game, &show, &e) == 0;
    int rc;
    if (p->autoplay) {
        play_sel_clear(p);
        rc = f->ui.think(f->ui.ctx, p, PLAY_YOU);
        if (rc == 0)
            rc = play_human_auto(p);
    } else if (p->cfg.autopass && play_cannot_beat(p)) {
        char tx[96];
        play_sel_clear(p);
        play_ranks_text(p, ddz_game_table(&p->game).ranks, tx, sizeof tx);
        play_say(p, MSG_INFO, T_AUTO_PASS, tx);
        rc = f->ui.think(f->ui.ctx, p, PLAY_YOU);
        if (rc == 0)
            rc = play_human_pass(p);
    } else {
        play_sel_clear(p);
        play_whole_hand(p);
        rc = f->ui.human(f->ui.ctx, p);
    }
    if (rc != 0 || p->game.nhist != nh + 1) {
        f->quit = true;
        return -1;
    }
    *out = p->game.hist[nh];
    out->seat = (uint8_t)f->seat;
    return 0;
}

static void person_free(void *state) { (void)state; }

static int person_new(void *ctx, DdzAgent *out, DdzError *err)
{
    (void)err;
    out->name = "person";
    out->state = ctx;
    out->act = person_act;
    out->free = person_free;
    return 0;
}

/* Entry ------------------------------------------------------------------------------------*/

int play_tour_tui(DdzTour *t, DdzTourRun *run, const TourGameConfig *cfg, int *status, DdzError *err)
{
    *status = 0;
    PlayConfig pc;
    memset(&pc, 0, sizeof pc);
    pc.lang = cfg->lang;
    snprintf(pc.level, sizeof pc.level, "normal");
    pc.opt = t->cfg.opt;
    pc.ascii = cfg->ascii;
    pc.color = cfg->color;
    pc.delay_ms = cfg->delay_ms;
    pc.autopass = cfg->autopass;
    pc.bell = cfg->bell;
    pc.timer_s = cfg->timer_s;
    Front *f = calloc(1, sizeof *f);
    int n = t->cfg.players;
    if (f) {
        f->tables = calloc((size_t)n / 3 + 2, sizeof *f->tables);
        f->rows = calloc((size_t)n, sizeof *f->rows);
    }
    if (!f || !f->tables || !f->rows) {
        if (f) {
            free(f->tables);
            free(f->rows);
        }
        free(f);
        return ddz_error_set(err, 0, "out of memory");
    }
    if (!(f->p = play_new(&pc, err))) {
        free(f->tables);
        free(f->rows);
        free(f);
        return -1;
    }
    Play *p = f->p;
    p->net.on = p->net.tour = true;
    f->human = run->human;
    f->t = t;
    f->k = -1;
    f->view.p = p;
    f->view.tables = f->tables;
    f->view.rows = f->rows;
    bool utf8;
    SCREEN *scr = tui_open(&f->tui, p, &utf8);
    int rc;
    if (!scr) {
        rc = 2;
    } else {
        play_tui_colors(p->cfg.color); /* the views draw with the table's colours */
        f->ui = tui_callbacks(&f->tui);
        run->human_new = person_new;
        run->human_ctx = f;
        run->on_round = on_round;
        run->on_game = on_game;
        run->front_ctx = f;
        run->out = NULL;
        rc = ddz_tour_run(t, run, err);
        bool interrupted = f->tui.interrupted || tui_signalled();
        tui_close(&f->tui, scr);
        if (rc != 0 && f->quit) {
            rc = 1;
            *status = interrupted ? 130 : 0;
            printf("%s\n", play_text(p, T_TOUR_LEFT));
        } else if (rc == 0 && f->summary) {
            fputs(f->summary, stdout);
        }
        if (!utf8)
            fprintf(stderr, "ddz: play: this machine has no UTF-8 locale, so the game showed ASCII cards and English\n");
    }
    play_free(p);
    free(f->tables);
    free(f->rows);
    free(f->rounds);
    free(f->summary);
    free(f);
    return rc;
}
