/* tourney_msg.c -- the tournament's messages (docs/PROTOCOL.md, "Tournaments"): summaries, the
 * snapshot, the round's draw, a table's progress and the live standings. None of them names a
 * card: they are public, for everyone following the event. */
#include <stdlib.h>
#include <string.h>

#include "tourney.h"

const char *tourney_state_name(int state)
{
    static const char *const NAMES[] = {"registering", "running", "finished", "cancelled"};
    return state >= 0 && state < 4 ? NAMES[state] : "?";
}

int tourney_table_of(const Tourney *ev, int e, int *seat)
{
    if (!ev->has_t || ev->round < 0)
        return -1;
    for (int i = 0; i < ev->nrun; i++) {
        const DdzTourTable *tb = &ev->t.tables[ev->run[i].table];
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (tb->player[s] == e) {
                *seat = s;
                return i;
            }
    }
    return -1;
}

int tourney_table_winner(const Tourney *ev, const TourRun *run)
{
    const DdzTourTable *tb = &ev->t.tables[run->table];
    if (tb->winner >= 0)
        return tb->winner;
    if (!run->done)
        return -1;
    /* The top of the K games among those who may advance; a tie goes to the extra game, where
     * only the tied players' results count; still tied: the lot, drawn at the round's end. */
    int top = 0, n = 0, best = -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != tb->completer && (best < 0 || tb->score[s] > top)) {
            top = tb->score[s];
            best = s;
        }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        n += s != tb->completer && tb->score[s] == top;
    if (n > 1 && tb->extra) {
        best = -1;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (s != tb->completer && tb->score[s] == top &&
                (best < 0 || tb->extra_score[s] > tb->extra_score[best]))
                best = s;
        n = 0;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            n += s != tb->completer && tb->score[s] == top && tb->extra_score[s] == tb->extra_score[best];
    }
    return n == 1 ? tb->player[best] : -1;
}

json_t *tourney_summary(const Tourney *ev)
{
    int round = ev->has_t && ev->t.nrounds > 0 ? ev->t.rounds[ev->t.nrounds - 1].round + 1 : 0;
    json_t *m = json_pack("{s:I, s:s, s:s, s:i, s:i, s:o, s:i, s:o}", "id", (json_int_t)ev->id, "name", ev->name,
                          "state", tourney_state_name(ev->state), "players", ev->field, "registered", ev->nent, "start",
                          ev->start_at ? json_integer(ev->start_at) : json_null(), "round", round, "winner",
                          ev->has_t && ev->t.winner >= 0 ? json_string(ev->ent[ev->t.winner].name) : json_null());
    return m;
}

static json_t *table_json(const Tourney *ev, const TourRun *run, bool progress)
{
    const DdzTourTable *tb = &ev->t.tables[run->table];
    json_t *m = json_pack("{s:i, s:I, s:[i,i,i], s:i}", "table", tb->index + 1, "room",
                          (json_int_t)(run->room ? run->room->id : 0), "players", tb->player[0], tb->player[1],
                          tb->player[2], "completer", tb->completer);
    if (m && progress) {
        int w = tourney_table_winner(ev, run);
        const char *state = run->done ? "finished" : tb->played >= ev->t.cfg.games ? "extra" : "playing";
        json_object_set_new(m, "played", json_integer(tb->played));
        json_object_set_new(m, "scores", json_pack("[i,i,i]", tb->score[0], tb->score[1], tb->score[2]));
        json_object_set_new(m, "extra", tb->extra ? json_pack("[i,i,i]", tb->extra_score[0], tb->extra_score[1],
                                                               tb->extra_score[2])
                                                  : json_null());
        json_object_set_new(m, "lot", json_boolean(tb->lot));
        json_object_set_new(m, "winner", json_integer(w));
        json_object_set_new(m, "state", json_string(state));
    }
    return m;
}

static json_t *round_json(const Tourney *ev, bool progress)
{
    const DdzTourRound *rd = &ev->t.rounds[ev->round];
    char stage[16];
    ddz_tour_stage_name(&ev->t, rd->stage, stage);
    json_t *byes = json_array(), *tables = json_array();
    for (int b = 0; b < rd->nbyes; b++)
        json_array_append_new(byes, json_integer(rd->bye[b]));
    for (int i = 0; i < ev->nrun; i++)
        json_array_append_new(tables, table_json(ev, &ev->run[i], progress));
    return json_pack("{s:I, s:i, s:s, s:i, s:o, s:o}", "tournament", (json_int_t)ev->id, "stage", rd->stage, "name",
                     stage, "round", rd->round + 1, "byes", byes, "tables", tables);
}

json_t *tourney_round_msg(const Tourney *ev)
{
    json_t *m = round_json(ev, false);
    if (m)
        json_object_set_new(m, "type", json_string("tour_round"));
    return m;
}

json_t *tourney_table_msg(const Tourney *ev, const TourRun *run)
{
    const DdzTourTable *tb = &ev->t.tables[run->table];
    json_t *m = table_json(ev, run, true);
    if (m) {
        json_object_set_new(m, "type", json_string("tour_table"));
        json_object_set_new(m, "tournament", json_integer(ev->id));
        json_object_set_new(m, "stage", json_integer(tb->stage));
        json_object_set_new(m, "round", json_integer(tb->round + 1));
        json_object_del(m, "players");
        json_object_del(m, "completer");
    }
    return m;
}

/* Live standings ---------------------------------------------------------------------------*/

typedef struct Row {
    int id, stage, round, score, rank;
    int key;          /* 2: the winner, 1: reached the final, 0: the groups */
    const char *status;
} Row;

static int row_cmp(const void *a, const void *b)
{
    const Row *x = a, *y = b;
    if (x->key != y->key)
        return y->key - x->key;
    if (x->round != y->round)
        return y->round - x->round;
    if (x->score != y->score)
        return y->score - x->score;
    return x->id - y->id;
}

json_t *tourney_standings_msg(const Tourney *ev, bool final)
{
    json_t *list = json_array();
    int n = ev->has_t ? ev->t.cfg.players : 0;
    Row *row = n ? calloc((size_t)n, sizeof *row) : NULL;
    if (n && !row) {
        json_decref(list);
        return NULL;
    }
    const DdzTour *t = &ev->t;
    for (int e = 0; e < n; e++) {
        const DdzTourEntrant *te = &t->ent[e];
        row[e] = (Row){e, te->stage, te->round, te->score, 0, 0,
                       t->winner == e ? "winner" : te->out ? "out" : "waiting"};
    }
    if (n && ev->round >= 0) {
        const DdzTourRound *rd = &t->rounds[ev->round];
        for (int b = 0; b < rd->nbyes; b++)
            row[rd->bye[b]] = (Row){rd->bye[b], rd->stage, rd->round, 0, 0, 0, "waiting"};
        for (int i = 0; i < ev->nrun; i++) {
            const TourRun *run = &ev->run[i];
            const DdzTourTable *tb = &t->tables[run->table];
            int w = tourney_table_winner(ev, run);
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                Row *r = &row[tb->player[s]];
                if (s == tb->completer) {
                    r->status = run->done ? "out" : "playing";
                    continue;
                }
                r->stage = rd->stage;
                r->round = rd->round;
                r->score = tb->score[s];
                r->status = !run->done                  ? "playing"
                            : t->winner == tb->player[s]   ? "winner"
                            : w < 0 || w == tb->player[s] ? "waiting"
                                                           : "out";
            }
        }
    }
    for (int e = 0; e < n; e++)
        row[e].key = t->winner == row[e].id ? 2 : row[e].stage >= t->cfg.groups ? 1 : 0;
    if (n)
        qsort(row, (size_t)n, sizeof *row, row_cmp);
    for (int i = 0; i < n; i++) {
        bool same = i > 0 && row[i].key == row[i - 1].key && row[i].key < 2 && row[i].round == row[i - 1].round &&
                    row[i].score == row[i - 1].score;
        row[i].rank = same ? row[i - 1].rank : i + 1;
        json_array_append_new(list, json_pack("[i,i,i,i,i,s]", row[i].id, row[i].rank, row[i].stage,
                                              row[i].round + 1, row[i].score, row[i].status));
    }
    free(row);
    return json_pack("{s:s, s:I, s:b, s:o}", "type", "tour_standings", "tournament", (json_int_t)ev->id, "final", final,
                     "standings", list);
}

json_t *tourney_snapshot(const Tourney *ev, int you)
{
    json_t *o = tourney_summary(ev);
    if (!o)
        return NULL;
    char opts[256];
    ddz_options_format(ev->has_t ? &ev->t.cfg.opt : &ev->opt, opts, sizeof opts);
    json_t *ents = json_array(), *stages = json_array();
    for (int e = 0; e < ev->nent; e++) {
        const TourEntrant *te = &ev->ent[e];
        json_t *x = json_pack("{s:s, s:b}", "name", te->name, "online", !te->player || (te->p && te->p->conn));
        if (x && te->player)
            json_object_set_new(x, "player", json_integer(te->player));
        else if (x)
            json_object_set_new(x, "bot", json_string(te->level));
        json_array_append_new(ents, x);
    }
    if (ev->has_t) {
        char name[16];
        for (int s = 0; s < ev->t.stages; s++)
            json_array_append_new(stages, json_string(ddz_tour_stage_name(&ev->t, s, name)));
    }
    int turn = ev->opt.turn_seconds;
    json_object_set_new(o, "options", json_string(opts));
    json_object_set_new(o, "groups", json_integer(ev->has_t ? ev->t.cfg.groups : ev->groups));
    json_object_set_new(o, "games", json_integer(ev->games));
    json_object_set_new(o, "turn", json_integer(turn));
    json_object_set_new(o, "fill", ev->fill[0] ? json_string(ev->fill) : json_null());
    json_object_set_new(o, "pause", json_integer(ev->pause_ms / 1000));
    json_object_set_new(o, "entrants", ents);
    json_object_set_new(o, "stages", stages);
    json_object_set_new(o, "bracket", ev->has_t && ev->round >= 0 ? round_json(ev, true) : json_null());
    json_t *st = tourney_standings_msg(ev, ev->state == TOUR_FINISHED);
    json_t *rows = st ? json_object_get(st, "standings") : NULL;
    json_object_set_new(o, "standings", rows ? json_incref(rows) : json_array());
    json_decref(st);
    if (ev->state == TOUR_FINISHED) {
        char seed[DDZ_SEED256_HEX];
        ddz_seed256_format(ev->seed, seed);
        json_object_set_new(o, "seed256", json_string(seed));
    }
    return json_pack("{s:s, s:o, s:i}", "type", "tour", "tournament", o, "you", you);
}
