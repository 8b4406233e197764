/* connect_tour.c -- ddz connect --plain and tournaments (docs/PROTOCOL.md, "Tournaments"):
 * the lines printed for tournaments, tour and tour_* messages, from what the client tracker
 * followed (DdzClient.tour), and the commands events, follow, unfollow, register,
 * unregister, standings, tables, open and begin. */
#include <stdlib.h>
#include <string.h>

#include "../play/tourview.h"
#include "connect.h"


static const char *tx(const App *a, PlayText id) { return play_text(a->tp, id); }

static const char *who(const App *a, int entrant)
{
    return ddz_client_tour_name(a->c.tour, entrant);
}

/* "Round 2", "Group A · Round 2", "Final · Round 1". */
static void round_label(const App *a, const char *stage, int round, char *buf, size_t size)
{
    char label[64];
    if (!stage[0]) {
        play_fmt(a->tp, buf, size, T_TOUR_ROUND, round);
        return;
    }
    if (!strcmp(stage, "final"))
        snprintf(label, sizeof label, "%s", tx(a, T_TOUR_FINAL));
    else
        play_fmt(a->tp, label, sizeof label, T_TOUR_GROUP, stage);
    play_fmt(a->tp, buf, size, T_TOUR_ROUND_STAGE, label, round);
}

static const char *state_word(const App *a, const char *state)
{
    return tx(a, !strcmp(state, "registering") ? T_NT_REGISTERING : !strcmp(state, "running") ? T_NT_RUNNING
               : !strcmp(state, "finished")    ? T_NT_FINISHED
                                               : T_NT_CANCELLED);
}

/* "A +5, B -2, You -3" for a table's seats and scores. */
static void seats_text(const App *a, const DdzClientTourTable *tb, const int *scores, char *buf, size_t size)
{
    const DdzClientTour *t = a->c.tour;
    buf[0] = '\0';
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        size_t n = strlen(buf);
        char sc[16] = "";
        if (scores)
            snprintf(sc, sizeof sc, " %+d", scores[s]);
        snprintf(buf + n, size - n, "%s%s%s%s%s", s ? ", " : "", who(a, tb->players[s]),
                 tb->players[s] == t->you ? tx(a, T_L_YOU) : "", tb->completer == s ? tx(a, T_TV_COMPLETER) : "", sc);
    }
}

static void print_standings(App *a, int top)
{
    const DdzClientTour *t = a->c.tour;
    char place[32];
    for (int i = 0; i < t->nstandings; i++) {
        const DdzClientStanding *st = &t->standings[i];
        bool me = st->entrant == t->you;
        if (top && i >= top && !me)
            continue;
        tourview_place(a->tp, st->rank, place, sizeof place);
        char reached[64];
        const char *sn = st->stage >= 0 && st->stage < t->nstages ? t->stages[st->stage] : "";
        round_label(a, sn, st->round, reached, sizeof reached);
        connect_say(a, "  %6s  %s%s  %s  %+d  %s\n", place, who(a, st->entrant), me ? tx(a, T_L_YOU) : "", reached, st->score,
            st->status);
    }
}

static void print_tables(App *a)
{
    const DdzClientTour *t = a->c.tour;
    char seats[400], name[96];
    round_label(a, t->stage_name, t->round, name, sizeof name);
    connect_sayt(a, T_LT_ROUND, name, 3 * t->ntables + t->nbyes, t->ntables, t->nbyes);
    for (int i = 0; i < t->ntables; i++) {
        const DdzClientTourTable *tb = &t->tables[i];
        seats_text(a, tb, tb->played ? tb->scores : NULL, seats, sizeof seats);
        if (tb->room > 0)
            connect_sayt(a, T_LT_TABLE, tb->table, tb->room, seats);
        else /* the rooms open as the tables deal */
            connect_sayt(a, T_LT_TABLE_NO_ROOM, tb->table, seats);
    }
    if (t->nbyes) {
        char list[240] = "";
        for (int i = 0; i < t->nbyes; i++) {
            size_t n = strlen(list);
            snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", who(a, t->byes[i]));
        }
        connect_say(a, "  ");
        connect_sayt(a, T_TOUR_BYES, list);
        connect_say(a, "\n");
    }
}

void connect_tour_event(App *a, json_t *m)
{
    const DdzClientTour *t = a->c.tour;
    const char *type = json_string_value(json_object_get(m, "type"));
    if (!t || !type)
        return;
    char buf[600];
    if (!strcmp(type, "tournaments")) {
        if (!t->nlist)
            connect_sayt(a, T_NT_NO_EVENTS), connect_say(a, "\n");
        for (int i = 0; i < t->nlist; i++) {
            const DdzClientTourSummary *s = &t->list[i];
            connect_sayt(a, T_LT_EVENT_ROW, s->id, s->name, s->registered, s->players, state_word(a, s->state),
                         s->winner);
        }
    } else if (!strcmp(type, "tour")) {
        connect_sayt(a, T_LT_EVENT, t->sum.name, t->sum.id, state_word(a, t->sum.state), t->sum.registered,
                     t->sum.players, t->games, t->options);
        if (t->you >= 0)
            connect_sayt(a, T_LT_YOU_ENTRANT, t->you + 1);
    } else if (!strcmp(type, "tour_unwatched")) {
        connect_sayt(a, T_LT_UNWATCHED, (long)json_integer_value(json_object_get(m, "tournament")));
    } else if (json_integer_value(json_object_get(m, "tournament")) != t->id) {
        return;
    } else if (!strcmp(type, "tour_round")) {
        print_tables(a);
    } else if (!strcmp(type, "tour_seat")) {
        connect_sayt(a, T_LT_SEAT, t->seat_table, t->seat, t->seat_room, t->next_game, t->games);
    } else if (!strcmp(type, "tour_table")) {
        int n = (int)json_integer_value(json_object_get(m, "table"));
        for (int i = 0; i < t->ntables; i++) {
            const DdzClientTourTable *tb = &t->tables[i];
            if (tb->table != n)
                continue;
            bool mine = t->you >= 0 && (tb->players[0] == t->you || tb->players[1] == t->you || tb->players[2] == t->you);
            bool done = !strcmp(tb->state, "finished");
            if (!mine && !done)
                break; /* others' tables: only their ends */
            seats_text(a, tb, tb->scores, buf, sizeof buf);
            if (!done) {
                connect_sayt(a, T_LT_TABLE_SO_FAR, tb->table, tb->played, buf);
                break;
            }
            connect_sayt(a, T_LT_TABLE_DONE, tb->table, buf, who(a, tb->winner));
            if (tb->has_extra)
                connect_sayt(a, T_LT_EXTRA, tb->extra[0], tb->extra[1], tb->extra[2]);
            if (tb->lot)
                connect_sayt(a, T_LT_LOT);
            connect_say(a, "\n");
        }
    } else if (!strcmp(type, "tour_wait")) {
        PlayText id = !strcmp(t->wait, "bye")        ? T_TOUR_WAIT_BYE
                    : !strcmp(t->wait, "registered") ? T_NT_WAIT_START
                    : !strcmp(t->wait, "out")        ? T_LT_OUT
                    : t->advanced                    ? T_NT_WAIT_ADVANCED
                                                     : T_LT_OUT;
        connect_sayt(a, id);
        connect_say(a, "\n");
    } else if (!strcmp(type, "tour_standings")) {
        if (t->final) {
            connect_sayt(a, T_LT_STANDINGS_FINAL);
            print_standings(a, 0);
        } else {
            connect_sayt(a, T_LT_STANDINGS);
            print_standings(a, 3);
        }
    } else if (!strcmp(type, "tour_over") && !strcmp(t->sum.state, "cancelled")) {
        connect_sayt(a, T_NT_CANCELLED_HEAD);
        connect_say(a, "\n");
    } else if (!strcmp(type, "tour_over")) {
        connect_sayt(a, T_LT_OVER, t->winner_name, t->total_games, t->seed256);
    }
}

/* The command's event: its number, else the event followed. */
static long event_id(const App *a, const char *rest)
{
    char *end;
    long id = strtol(rest, &end, 10);
    if (rest[0] && !*end && id > 0)
        return id;
    return a->c.tour ? a->c.tour->id : 0;
}

bool connect_tour_cmd(App *a, const char *word, const char *rest)
{
    const DdzClientTour *t = a->c.tour;
    if (!strcmp(word, "events")) {
        connect_send(a, "{\"type\":\"tournaments\"}");
        return true;
    }
    if (!strcmp(word, "follow") || !strcmp(word, "register") || !strcmp(word, "unregister") || !strcmp(word, "begin")) {
        long id = event_id(a, rest);
        if (!id) {
            connect_sayt(a, T_LT_NEED_ID, word);
            return true;
        }
        const char *type = !strcmp(word, "follow")   ? "tour_watch"
                         : !strcmp(word, "register") ? "tour_register"
                         : !strcmp(word, "begin")    ? "tour_start"
                                                     : "tour_unregister";
        connect_sendf(a, "{\"type\":\"%s\",\"tournament\":%ld}", type, id);
        return true;
    }
    if (!strcmp(word, "unfollow")) {
        connect_send(a, "{\"type\":\"tour_unwatch\"}");
        return true;
    }
    if (!strcmp(word, "open")) {
        char *q = connect_quoted(rest);
        connect_sendf(a, "{\"type\":\"tour_open\",\"spec\":%s}", q);
        free(q);
        return true;
    }
    if (!strcmp(word, "standings") || !strcmp(word, "tables")) {
        if (!t || !t->id)
            connect_sayt(a, T_LT_NONE);
        else if (word[0] == 's')
            print_standings(a, 0);
        else
            print_tables(a);
        return true;
    }
    return false;
}
