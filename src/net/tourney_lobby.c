/* tourney_lobby.c -- tournaments in the lobby: the tour_* messages (list, watch, register,
 * withdraw, open, start), the refusals of what a registered player or a tournament table does
 * not take, and the entrant's frames when it comes back (docs/PROTOCOL.md "Tournaments"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney.h"

/* Lobby messages ----------------------------------------------------------------------------*/

static bool is_admin(const DdzServer *srv, const Player *p)
{
    for (int i = 0; i < srv->cfg.ntour_admins; i++)
        if (srv->cfg.tour_admins[i] == p->id)
            return true;
    return false;
}

static Tourney *need_event(DdzServer *srv, Player *p, const json_t *msg)
{
    json_t *v = json_object_get(msg, "tournament");
    if (!json_is_integer(v)) {
        srv_error(srv, p->conn, "bad_message", "\"tournament\" must be an integer (a tournament's id)");
        return NULL;
    }
    Tourney *ev = tour_find(srv, json_integer_value(v));
    if (!ev)
        srv_refuse(srv, p->conn, "no_tournament", json_pack("{s:I}", "tournament", (json_int_t)json_integer_value(v)),
                   "there is no tournament %lld", (long long)json_integer_value(v));
    return ev;
}

static void on_register(DdzServer *srv, Player *p, Tourney *ev)
{
    json_t *args = json_pack("{s:I}", "tournament", (json_int_t)ev->id);
    if (tour_entrant_of(ev, p->id) >= 0 && tour_live(ev)) {
        srv_refuse(srv, p->conn, "tour_registered", args, "you are registered in %s already", ev->name);
    } else if (ev->state != TOUR_REGISTERING) {
        json_object_set_new(args, "state", json_string(tourney_state_name(ev->state)));
        srv_refuse(srv, p->conn, "tour_started", args, "%s is %s: registration is closed", ev->name,
                   tourney_state_name(ev->state));
    } else if (p->tour && p->tour != ev) {
        srv_refuse(srv, p->conn, "tour_busy", args, "you are registered in %s; one tournament at a time", p->tour->name);
    } else if (p->room && p->seat >= 0) {
        json_decref(args);
        srv_refuse(srv, p->conn, "in_room", json_pack("{s:I}", "room", (json_int_t)p->room->id),
                   "you sit in room %ld; leave it first", p->room->id);
    } else if (ev->nent >= ev->field) {
        json_object_set_new(args, "players", json_integer(ev->field));
        srv_refuse(srv, p->conn, "tour_full", args, "%s is full (%d players)", ev->name, ev->field);
    } else {
        json_decref(args);
        if (srv_player_use(srv, p) != 0)
            return;
        if (tour_add_entrant(ev, p->id, p->name, NULL) != 0) {
            srv_error(srv, p->conn, "server_full", "out of memory");
            return;
        }
        DdzError err;
        if (srv->store && tstore_entrants(srv->store, ev, &err) != 0) {
            ev->nent--;
            srv_error(srv, p->conn, "storage", "the server cannot write its database: %s", err.msg);
            return;
        }
        ev->ent[ev->nent - 1].p = p;
        p->tour = ev;
        tour_unfollow(ev, p);
        srv_send(srv, p->conn, tourney_snapshot(ev, ev->nent - 1));
        tour_send_wait(srv, ev, p, "registered", false, false);
        ev->reg_dirty = true;
        if (!ev->start_at && ev->nent == ev->field)
            tour_start_event(srv, ev);
    }
}

static void on_unregister(DdzServer *srv, Player *p, Tourney *ev)
{
    int e = tour_entrant_of(ev, p->id);
    json_t *args = json_pack("{s:I}", "tournament", (json_int_t)ev->id);
    if (ev->state != TOUR_REGISTERING) {
        json_object_set_new(args, "state", json_string(tourney_state_name(ev->state)));
        srv_refuse(srv, p->conn, "tour_started", args, "%s is %s: too late to withdraw", ev->name,
                   tourney_state_name(ev->state));
        return;
    }
    if (e < 0) {
        srv_refuse(srv, p->conn, "tour_not_registered", args, "you are not registered in %s", ev->name);
        return;
    }
    json_decref(args);
    TourEntrant gone = ev->ent[e];
    memmove(&ev->ent[e], &ev->ent[e + 1], (size_t)(ev->nent - e - 1) * sizeof *ev->ent);
    ev->nent--;
    DdzError err;
    if (srv->store && tstore_entrants(srv->store, ev, &err) != 0) {
        memmove(&ev->ent[e + 1], &ev->ent[e], (size_t)(ev->nent - e) * sizeof *ev->ent);
        ev->ent[e] = gone;
        ev->nent++;
        srv_error(srv, p->conn, "storage", "the server cannot write its database: %s", err.msg);
        return;
    }
    p->tour = NULL;
    tour_follow(ev, p);
    srv_send(srv, p->conn, tourney_snapshot(ev, -1));
    ev->reg_dirty = true;
}

static void on_tournaments(DdzServer *srv, Player *p)
{
    json_t *list = json_array();
    for (int i = srv->tours.n - 1; i >= 0; i--)
        json_array_append_new(list, tourney_summary(srv->tours.ev[i]));
    srv_send(srv, p->conn, json_pack("{s:s, s:o}", "type", "tournaments", "tournaments", list));
}

void tourney_message(DdzServer *srv, Player *p, const json_t *msg, const char *type)
{
    if (!strcmp(type, "tournaments")) {
        on_tournaments(srv, p);
    } else if (!strcmp(type, "tour_open")) {
        json_t *v = json_object_get(msg, "spec");
        DdzError err;
        err.msg[0] = '\0';
        if (!is_admin(srv, p)) {
            srv_error(srv, p->conn, "not_admin", "only the server's tournament admins may open tournaments");
        } else if (!json_is_string(v)) {
            srv_error(srv, p->conn, "bad_message", "\"spec\" must be a string: \"NAME:players=27,games=6,...\"");
        } else {
            Tourney *ev = tour_open_event(srv, json_string_value(v), &err);
            if (!ev)
                srv_refuse(srv, p->conn, "bad_tournament", json_pack("{s:s}", "reason", err.msg), "%s", err.msg);
            else
                srv_send(srv, p->conn, tourney_snapshot(ev, -1));
        }
    } else if (!strcmp(type, "tour_unwatch")) {
        Tourney *ev = p->follow;
        if (ev)
            tour_unfollow(ev, p);
        srv_send(srv, p->conn, json_pack("{s:s, s:I}", "type", "tour_unwatched", "tournament",
                                         (json_int_t)(ev ? ev->id : 0)));
    } else if (!strcmp(type, "tour_watch") || !strcmp(type, "tour_register") || !strcmp(type, "tour_unregister") ||
               !strcmp(type, "tour_start")) {
        Tourney *ev = need_event(srv, p, msg);
        if (!ev)
            return;
        if (!strcmp(type, "tour_register")) {
            on_register(srv, p, ev);
        } else if (!strcmp(type, "tour_unregister")) {
            on_unregister(srv, p, ev);
        } else if (!strcmp(type, "tour_start")) {
            if (!is_admin(srv, p))
                srv_error(srv, p->conn, "not_admin", "only the server's tournament admins may start tournaments");
            else if (ev->state != TOUR_REGISTERING)
                srv_refuse(srv, p->conn, "tour_started", json_pack("{s:I, s:s}", "tournament", (json_int_t)ev->id,
                                                                   "state", tourney_state_name(ev->state)),
                           "%s is %s already", ev->name, tourney_state_name(ev->state));
            else
                tour_start_event(srv, ev);
        } else {
            int e = tour_entrant_of(ev, p->id);
            if (e < 0 || !tour_live(ev)) {
                if (p->follow && p->follow != ev)
                    tour_unfollow(p->follow, p);
                if (tour_follow(ev, p) != 0) {
                    srv_error(srv, p->conn, "server_full", "out of memory");
                    return;
                }
            }
            srv_send(srv, p->conn, tourney_snapshot(ev, tour_live(ev) ? e : -1));
        }
    } else {
        srv_error(srv, p->conn, "unknown_type", "unknown message type '%.40s'", type);
    }
}

/* Hooks of the lobby -------------------------------------------------------------------------*/

bool tourney_busy(DdzServer *srv, Player *p)
{
    if (!p->tour || !tour_live(p->tour))
        return false;
    srv_refuse(srv, p->conn, "tour_busy", json_pack("{s:I}", "tournament", (json_int_t)p->tour->id),
               "you are registered in %s: you play at its tables only", p->tour->name);
    return true;
}

bool tourney_refuse_room(DdzServer *srv, Player *p, Room *r, int seat, const char *type)
{
    if (!r->tour)
        return false;
    bool join = !strcmp(type, "join");
    if (!join && (p->seat < 0 || (strcmp(type, "leave") && strcmp(type, "ready") && strcmp(type, "add_bot") &&
                                  strcmp(type, "remove_bot"))))
        return false; /* spectators come and go; seated people play */
    const Seat *st = seat >= 0 && seat < DDZ_SEAT_NB ? &r->seat[seat] : NULL;
    json_t *args = json_pack("{s:I, s:i, s:o}", "room", (json_int_t)r->id, "seat", st ? seat : -1, "owner",
                             st && st->kind != SEAT_EMPTY ? json_string(st->name) : json_null());
    if (join)
        srv_refuse(srv, p->conn, "tour_seat", args, "the seats of a tournament table belong to its drawn players%s%s",
                   st ? ": this one is " : "", st ? st->name : "");
    else
        srv_refuse(srv, p->conn, "tour_seat", args, "a tournament table plays by itself: '%s' is not taken here "
                   "(the computer plays for you while you are away)", type);
    return true;
}

void tourney_room_json(const Room *r, json_t *room)
{
    const Tourney *ev = r->tour;
    const DdzTourTable *tb = &ev->t.tables[ev->run[r->tour_run].table];
    char stage[16], label[64];
    ddz_tour_stage_name(&ev->t, tb->stage, stage);
    snprintf(label, sizeof label, "%s%sround %d table %d", stage, stage[0] ? " " : "", tb->round + 1, tb->index + 1);
    json_object_set_new(room, "tournament", json_integer(ev->id));
    json_object_set_new(room, "table", json_string(label));
}

void tourney_hello(DdzServer *srv, Player *p)
{
    Tourney *ev = p->tour;
    int e = -1;
    for (int i = 0; !ev && i < srv->tours.n; i++)
        if (tour_live(srv->tours.ev[i]) && tour_entrant_of(srv->tours.ev[i], p->id) >= 0)
            ev = srv->tours.ev[i];
    if (!ev || !tour_live(ev) || (e = tour_entrant_of(ev, p->id)) < 0)
        return;
    ev->ent[e].p = p;
    p->tour = ev;
    srv_send(srv, p->conn, tourney_snapshot(ev, e));
    if (ev->state == TOUR_REGISTERING) {
        tour_send_wait(srv, ev, p, "registered", false, false);
        return;
    }
    int seat, i = tourney_table_of(ev, e, &seat);
    if (i >= 0 && !ev->run[i].done && ev->run[i].room) {
        TourRun *run = &ev->run[i];
        if (p->room != run->room)
            tour_seat_person(srv, run, seat, p);
        tour_seat_frames(srv, ev, run, p, seat);
        return; /* room, state and turn follow (room_reconnected) */
    }
    const DdzTourEntrant *te = &ev->t.ent[e];
    bool bye = false;
    if (ev->t.nrounds > 0) {
        const DdzTourRound *rd = &ev->t.rounds[ev->t.nrounds - 1];
        for (int b = 0; b < rd->nbyes; b++)
            bye |= rd->bye[b] == e;
    }
    if (i >= 0) {
        int w = tourney_table_winner(ev, &ev->run[i]);
        tour_send_wait(srv, ev, p, w < 0 || w == e ? "table_finished" : "out", w == e, w < 0);
    } else {
        tour_send_wait(srv, ev, p, te->out ? "out" : bye ? "bye" : "table_finished", !te->out, false);
    }
}

void tourney_disconnected(DdzServer *srv, Player *p)
{
    (void)srv;
    if (p->follow)
        tour_unfollow(p->follow, p);
}

