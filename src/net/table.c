/* table.c -- the running game of a room: the deal with its commitment, turns and deadlines,
 * the computer players (bots, 托管), results into the store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tourney.h"
#include "ddz/ai.h"
#include "ddz/commit.h"

static const char *const LEVEL_ZH[DDZ_LEVEL_NB] = {"简单", "普通", "困难", "专家"};

/* Computer players ------------------------------------------------------------------------*/

static int seat_agent(DdzServer *srv, Room *r, int s)
{
    Seat *st = &r->seat[s];
    if (st->has_agent)
        return 0;
    uint64_t seed;
    if (r->tour) /* a function of the deal, so a game replayed after a restart plays the same */
        seed = tourney_agent_seed(r, s);
    else
        srv_random(srv, &seed, sizeof seed);
    DdzError err;
    const char *level = st->kind == SEAT_BOT ? st->level : srv->cfg.auto_level;
    if (ddz_ai_agent_new(&st->agent, level, seed, &err) != 0) {
        srv_log(srv, "room %ld: no computer player '%s': %s", r->id, level, err.msg);
        return -1;
    }
    st->has_agent = true;
    return 0;
}

int room_add_bot(DdzServer *srv, Room *r, int s, const char *level)
{
    DdzLevel lv;
    if (ddz_level_parse(level, &lv, NULL) != 0 || r->seat[s].kind != SEAT_EMPTY)
        return -1;
    Seat *st = &r->seat[s];
    room_seat_clear(st);
    st->kind = SEAT_BOT;
    snprintf(st->level, sizeof st->level, "%s", ddz_level_name(lv));
    /* Computers at one table have distinct names: 电脑甲, 电脑乙, 电脑丙 (the first one free). */
    static const char *const NTH[DDZ_SEAT_NB] = {"甲", "乙", "丙"};
    int nth = 0;
    for (bool taken = true; taken && nth < DDZ_SEAT_NB; nth += taken) {
        taken = false;
        for (int i = 0; i < DDZ_SEAT_NB; i++)
            taken |= i != s && r->seat[i].kind == SEAT_BOT && strstr(r->seat[i].name, NTH[nth]);
    }
    snprintf(st->name, sizeof st->name, "电脑%s(%s)", NTH[nth], LEVEL_ZH[lv]);
    st->ready = true;
    /* No agent yet: a decision handed to the think pool makes its own, so a bot seat holds
     * one (computer_act_by) only when the loop itself decides. */
    (void)srv;
    return 0;
}

/* The level, or the normal level when the level is a search (hard, expert). */
static const char *level_at_most_normal(const char *level)
{
    DdzLevel lv;
    return ddz_level_parse(level, &lv, NULL) == 0 && lv <= DDZ_LEVEL_NORMAL ? level : ddz_level_name(DDZ_LEVEL_NORMAL);
}

/* The level a computer decides at for seat s: a bot's own, the auto level for a person's
 * seat; but the normal level at most in a game nobody is in (room_unattended: every person
 * left, nobody watches). The search levels cost up to 50 ms (hard) and a few hundred ms
 * (expert) of CPU a decision, and such games were opened faster than a busy server
 * finished them; nobody sees them, and only the leavers' scores (played on by the auto
 * level anyway) depend on them. */
static const char *decision_level(const DdzServer *srv, const Room *r, int s)
{
    const Seat *st = &r->seat[s];
    const char *level = st->kind == SEAT_BOT ? st->level : srv->cfg.auto_level;
    return room_unattended(r) ? level_at_most_normal(level) : level;
}

/* The game ---------------------------------------------------------------------------------*/

static bool computer_turn(const Room *r)
{
    const Seat *st = &r->seat[r->game->turn];
    return st->kind == SEAT_BOT || st->autop || st->left || !st->player || !st->player->conn;
}

/* The private "turn" message to the person who must act: what it may do and until when. */
static void send_turn(DdzServer *srv, Room *r)
{
    const DdzGame *g = r->game;
    Seat *st = &r->seat[g->turn];
    if (st->kind != SEAT_HUMAN || !st->player || !st->player->conn)
        return;
    DdzView v;
    ddz_game_view(g, g->turn, &v);
    json_t *m = json_pack("{s:s, s:s, s:b}", "type", "turn", "phase", msg_phase_name(g->phase), "auto", st->autop);
    if (!m)
        return;
    if (r->deadline)
        json_object_set_new(m, "deadline_ms", json_integer(r->deadline - srv->now));
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        uint8_t vals[4];
        int n = ddz_view_legal_values(&v, g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE, vals);
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_integer(vals[i]));
        json_object_set_new(m, "values", a);
    } else {
        json_object_set_new(m, "lead", json_boolean(v.table_seat < 0));
        if (v.table_seat >= 0)
            json_object_set_new(m, "table", msg_move(&v.table, v.opt.rules));
    }
    DdzAction show = ddz_action_show(g->turn);
    DdzError err;
    json_object_set_new(m, "can_show", json_boolean(ddz_game_check(g, &show, &err) == 0));
    srv_send(srv, st->player->conn, m);
}

/* Sets the timers for the seat to act: a computer acts after the bot delay (none when no
 * person is there to watch), a person by the deadline. */
static void set_timers(DdzServer *srv, Room *r)
{
    r->deadline = r->bot_due = 0;
    if (r->state != ROOM_PLAYING || r->game->phase >= DDZ_PHASE_OVER)
        return;
    if (computer_turn(r)) {
        bool watched = room_humans(r, true) > 0 || r->nwatch > 0;
        r->bot_due = srv->now + (watched ? srv->cfg.bot_delay_ms : 0);
        if (r->bot_due <= 0)
            r->bot_due = 1;
    } else if (r->turn_ms > 0) {
        /* One deadline per turn: set when the turn first goes to a person, kept when it
         * comes back (reconnecting, leaving 托管) in the same turn. */
        int64_t key = (int64_t)r->games << 16 | r->game->nhist;
        if (r->turn_key != key || !r->turn_deadline) {
            r->turn_key = key;
            r->turn_deadline = srv->now + r->turn_ms;
        }
        r->deadline = r->turn_deadline;
    }
}

void room_schedule(DdzServer *srv, Room *r)
{
    room_schedule_timers(srv, r);
    room_schedule_turn(srv, r);
}

void room_schedule_timers(DdzServer *srv, Room *r)
{
    set_timers(srv, r);
}

void room_schedule_turn(DdzServer *srv, Room *r)
{
    if (r->state == ROOM_PLAYING && r->game->phase < DDZ_PHASE_OVER)
        send_turn(srv, r);
}

static void reveal_into(const Room *r, json_t *m)
{
    char seed[DDZ_SEED256_HEX];
    ddz_seed256_format(r->seed, seed);
    json_object_set_new(m, "seed", json_string(seed));
    json_object_set_new(m, "salt", json_string(r->salt));
    json_object_set_new(m, "commit", json_string(r->commit));
}

/* The game's record with the commitment, for the store and the players. */
static char *game_record(DdzServer *srv, Room *r)
{
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed256 = true;
    memcpy(info.seed256, r->seed, sizeof info.seed256);
    info.game = r->games;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        snprintf(info.seats[s], sizeof info.seats[s], "%s", r->seat[s].name);
    DdzError err;
    char *text = ddz_commit_record(r->game, &info, r->commit, r->salt, &err);
    if (!text)
        srv_log(srv, "room %ld: no record: %s", r->id, err.msg);
    return text;
}

/* Stores the game's end; true when it went to the store's writer thread and an answer comes
 * (waits: the room's `over` waits for it, room_end_stored). */
static bool store_end(DdzServer *srv, Room *r, const char *record, const DdzResult *res, const int normal[3],
                      const int penalty[3], bool waits)
{
    if (!srv->store)
        return false;
    DdzStoreEnd e;
    memset(&e, 0, sizeof e);
    e.game = r->store_game;
    e.redeal = res == NULL;
    ddz_seed256_format(r->seed, e.seed);
    snprintf(e.salt, sizeof e.salt, "%s", r->salt);
    e.record = record ? record : "";
    e.landlord = res ? res->landlord : -1;
    e.landlord_won = res && res->landlord_won;
    e.now = srv->now;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const Seat *st = &r->seat[s];
        e.player[s] = st->kind == SEAT_HUMAN ? st->player_id : 0;
        snprintf(e.name[s], sizeof e.name[s], "%s", st->name);
        e.score[s] = res ? normal[s] : 0;
        e.penalty[s] = penalty ? penalty[s] : 0;
    }
    if (pending_send(srv, r, &e, waits))
        return true;
    DdzError err;
    int rc = e.game ? ddz_store_game_end(srv->store, &e, &err) : -1;
    if (rc == -2) {
        srv_log(srv, "room %ld: game %lld not stored: %s", r->id, (long long)e.game, err.msg);
    } else if (rc != 0) {
        /* The store is away (or never had the game's start): kept, and written when it is back. */
        if (e.game)
            srv_log(srv, "room %ld: game %lld kept to store later: %s", r->id, (long long)e.game, err.msg);
        pending_add(srv, r, &e);
    }
    return false;
}

static void deal(DdzServer *srv, Room *r);
static void send_over(DdzServer *srv, Room *r, const DdzResult *rp, char *record);

/* The game is over: scores, penalties, the record, the store (one transaction), the reveal. */
static void finish(DdzServer *srv, Room *r)
{
    DdzGame *g = r->game;
    DdzResult res;
    if (ddz_game_result(g, &res) != 0)
        return;
    /* The leaver penalty (RULES §7) is in the result: the seats abandoned by ddz_game_abandon
     * get -10 x base under the leaver option. The store keeps the normal result and what the
     * penalty changed. */
    int penalty[DDZ_SEAT_NB], normal[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        penalty[s] = -res.leaver[s];
        normal[s] = res.raw[s] - res.fee_paid[s];
        r->seat[s].score += res.score[s];
    }
    char *record = game_record(srv, r);
    if (store_end(srv, r, record, &res, normal, penalty, true)) {
        /* `over` once the result is stored or kept (room_end_stored): nothing happens in the
         * room meanwhile (the game is over: no turn, no timer). */
        free(record);
        r->storing = true;
        r->end_res = res;
        r->deadline = r->bot_due = 0;
        return;
    }
    send_over(srv, r, &res, record);
}

void room_end_stored(DdzServer *srv, Room *r)
{
    if (!r->storing)
        return;
    r->storing = false;
    DdzResult res = r->end_res;
    send_over(srv, r, &res, game_record(srv, r));
}

/* The game's `over` (and the reveal) to everyone, then the room goes on. Takes record. */
static void send_over(DdzServer *srv, Room *r, const DdzResult *rp, char *record)
{
    DdzGame *g = r->game;
    DdzResult res = *rp;
    char *result_text = ddz_result_json(&res); /* the record's result line: every factor */
    json_t *result = result_text ? json_loads(result_text, 0, NULL) : NULL;
    free(result_text);
    json_object_del(result, "type");
    json_t *m = json_pack("{s:s, s:I, s:o, s:[i,i,i], s:[i,i,i], s:o, s:o}", "type", "over", "game",
                          (json_int_t)r->games, "result", result, "penalties", res.penalty[0], res.penalty[1], res.penalty[2],
                          "totals", r->seat[0].score, r->seat[1].score, r->seat[2].score, "hands",
                          msg_cards3(g->dealt), "bottom", msg_cards(g->bottom));
    if (m) {
        reveal_into(r, m);
        /* Every hand still held, shown to everyone now that the game is over. */
        json_object_set_new(m, "held", msg_cards3(g->hand));
        if (record)
            json_object_set_new(m, "record", json_string(record));
    }
    free(record);
    room_broadcast(srv, r, m);
    srv->stats.games_finished++;

    r->next_first = (g->first + 1) % DDZ_SEAT_NB;
    if (r->tour)
        tourney_game_over(srv, r, &res); /* the next game, or the table's end */
    else
        room_back_to_waiting(srv, r);
}

/* Back to waiting: people ready again; leavers and the disconnected lose their seats. In a
 * room 托管 ends with the game (the next one needs the player's `ready`: it is there); at a
 * tournament table it goes on. */
void room_back_to_waiting(DdzServer *srv, Room *r)
{
    r->state = ROOM_WAITING;
    r->deadline = r->bot_due = 0;
    r->start_after = srv->now + srv->cfg.between_games_ms;
    r->active = srv->now;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Seat *st = &r->seat[s];
        if (st->kind != SEAT_HUMAN)
            continue;
        if (r->tour) {
            /* A tournament seat stays its entrant's, and the next game deals by itself: 托管
             * (asked, two deadlines missed, or away) goes on until the player acts, takes
             * over or comes back. */
            st->ready = true;
            st->timeouts = 0;
            room_seat_drop_agent(st);
            continue;
        }
        if (st->left || !st->player || !st->player->conn) {
            Player *p = st->player;
            room_seat_clear(st);
            if (p) {
                p->room = NULL;
                p->seat = -1;
                srv_player_forget_maybe(srv, p);
            }
            continue;
        }
        st->ready = false;
        st->autop = false;
        st->timeouts = 0;
        room_seat_drop_agent(st);
    }
    srv->gc = true;
    room_broadcast_room(srv, r);
}

static json_t *start_msg(const Room *r, const DdzView *v, int seat, int64_t now)
{
    json_t *m = json_pack("{s:s, s:I, s:i, s:s, s:o}", "type", "start", "game", (json_int_t)r->games, "first",
                          v->first, "commit", r->commit, "next", msg_next(r, now));
    if (m && seat >= 0)
        json_object_set_new(m, "hand", msg_cards(v->hand));
    if (m && v->revealed >= 0)
        json_object_set_new(m, "revealed", json_integer(v->revealed));
    return m;
}

/* Deals a new game: a seed from the CSPRNG, a salt, the commitment published before the
 * bidding; each seat is sent its own hand only. */
static void deal(DdzServer *srv, Room *r)
{
    if (!r->game && !(r->game = malloc(sizeof *r->game))) {
        srv->failed_alloc = true;
        return;
    }
    uint8_t salt[16];
    if (r->tour) { /* the event's deal, drawn from its secret seed */
        if (!tourney_deal_seed(srv, r))
            return;
    } else if (srv->cfg.random || ddz_seed256_secure(r->seed) != 0)
        srv_random(srv, r->seed, sizeof r->seed);
    srv_random(srv, salt, sizeof salt);
    ddz_hex(salt, sizeof salt, r->salt);
    ddz_commit_compute256(r->seed, r->salt, r->commit);
    ddz_game_new_seed256(r->game, &r->opt, r->seed, r->next_first);
    r->games++;
    r->state = ROOM_PLAYING;
    r->store_game = 0;
    r->dealt = srv->now;
    if (srv->store) {
        char options[256];
        ddz_options_format(&r->opt, options, sizeof options);
        DdzError err;
        int64_t people[DDZ_SEAT_NB];
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            people[s] = r->seat[s].kind == SEAT_HUMAN ? r->seat[s].player_id : 0;
        if (ddz_store_game_start(srv->store, r->id, options, r->commit, srv->now, &r->store_game, &err) != 0 ||
            ddz_store_game_players(srv->store, r->store_game, people, &err) != 0) {
            if (r->tour) { /* not dealt: nothing was sent yet */
                DdzError e2;
                if (r->store_game)
                    ddz_store_game_abort(srv->store, r->store_game, NULL, &e2); /* no one saw it */
                r->store_game = 0;
                r->games--;
                r->state = ROOM_WAITING;
                tourney_store_wait(srv, r, err.msg);
                return;
            }
            srv_log(srv, "room %ld: game not stored: %s", r->id, err.msg);
        }
    }
    if (r->tour)
        tourney_dealt(srv, r);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        r->seat[s].timeouts = 0;
        if (r->seat[s].kind == SEAT_HUMAN && r->seat[s].player && !r->seat[s].player->conn)
            r->seat[s].autop = true;
    }
    /* Timers first, so "next" in the start message is right; the turn message follows. */
    set_timers(srv, r);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Player *p = r->seat[s].kind == SEAT_HUMAN ? r->seat[s].player : NULL;
        if (p && p->conn) {
            DdzView v;
            ddz_game_view(r->game, s, &v);
            srv_send(srv, p->conn, start_msg(r, &v, s, srv->now));
        }
    }
    if (r->nwatch) {
        DdzView v;
        msg_public_view(r->game, &v);
        json_t *m = start_msg(r, &v, -1, srv->now);
        char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
        json_decref(m);
        for (int w = 0; text && w < r->nwatch; w++)
            srv_send_text(srv, r->watch[w]->conn, text, strlen(text));
        free(text);
    }
    send_turn(srv, r);
}

void room_try_start(DdzServer *srv, Room *r)
{
    if (r->tour) { /* a tournament table deals by itself */
        if (tourney_may_deal(srv, r)) {
            deal(srv, r);
            room_broadcast_room(srv, r);
        }
        return;
    }
    if (r->state != ROOM_WAITING || srv->now < r->start_after)
        return;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const Seat *st = &r->seat[s];
        if (st->kind == SEAT_EMPTY || !st->ready || (st->kind == SEAT_HUMAN && (!st->player || !st->player->conn)))
            return;
    }
    r->quick_due = 0;
    deal(srv, r);
    room_broadcast_room(srv, r);
}

/* Applies an action of the seat to act and tells everyone. by: "player", "timeout", "auto"
 * (托管) or "bot". Returns 0, or -1 with err when the engine refuses it. */
int room_apply(DdzServer *srv, Room *r, const DdzAction *a, const char *by, DdzError *err)
{
    DdzGame *g = r->game;
    int landlord_before = g->landlord;
    if (ddz_game_apply(g, a, err) != 0)
        return -1;
    const DdzAction *done = &g->hist[g->nhist - 1];
    DdzView pub;
    msg_public_view(g, &pub);
    bool crowned = landlord_before == DDZ_NO_SEAT && g->landlord != DDZ_NO_SEAT;
    /* Timers before the messages, so "next" tells the deadline. */
    set_timers(srv, r);
    json_t *m = msg_action(&pub, done, g->opt.rules);
    if (m) {
        json_object_set_new(m, "type", json_string("action"));
        json_object_set_new(m, "by", json_string(by));
        json_object_set_new(m, "counts", json_pack("[i, i, i]", pub.count[0], pub.count[1], pub.count[2]));
        if (!crowned && g->phase < DDZ_PHASE_OVER)
            json_object_set_new(m, "next", msg_next(r, srv->now));
    }
    room_broadcast(srv, r, m);
    if (crowned)
        room_broadcast(srv, r, json_pack("{s:s, s:i, s:i, s:o, s:o}", "type", "landlord", "seat", g->landlord, "bid",
                                    g->bid, "bottom", msg_cards(pub.bottom), "next", msg_next(r, srv->now)));
    if (g->phase == DDZ_PHASE_OVER) {
        finish(srv, r);
    } else if (g->phase == DDZ_PHASE_REDEAL) {
        char *record = game_record(srv, r);
        store_end(srv, r, record, NULL, NULL, NULL, false); /* a redeal scores nothing: no wait */
        json_t *rm = json_pack("{s:s, s:I, s:o, s:o}", "type", "redeal", "game", (json_int_t)r->games, "hands",
                               msg_cards3(g->dealt), "bottom", msg_cards(g->bottom));
        if (rm) {
            reveal_into(r, rm);
            if (record)
                json_object_set_new(rm, "record", json_string(record));
        }
        free(record);
        room_broadcast(srv, r, rm);
        srv->stats.redeals++;
        r->next_first = (g->first + 1) % DDZ_SEAT_NB;
        deal(srv, r);
    } else {
        send_turn(srv, r);
    }
    return 0;
}

/* The default of a seat that let its deadline pass (RULES §6): the lowest bid or double
 * value (pass when allowed), a pass when following, the smallest legal move when leading. The
 * legal lists honour every option: under play_all a follower whose whole hand may be played
 * now has that move and no pass, so the default is the forced move. */
static DdzAction default_action(DdzServer *srv, const DdzGame *g)
{
    int s = g->turn;
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        uint8_t vals[4];
        int n = ddz_game_legal_values(g, kind, vals);
        return kind == DDZ_ACT_BID ? ddz_action_bid(s, n ? vals[0] : 0) : ddz_action_double(s, n ? vals[0] : 0);
    }
    int n = ddz_game_legal_moves(g, srv->moves); /* pass first when it is legal */
    return ddz_action_play(s, n ? srv->moves[0] : ddz_move_pass(), 0);
}

/* Which decision of which game a room is at. */
static int64_t decision_key(const Room *r)
{
    return (int64_t)r->games << 16 | r->game->nhist;
}

/* Whether a computer of this room whose answer is cfg.computer_wait_ms late after its bot
 * delay plays the normal level's move instead: in a game somebody is in, not a
 * tournament's (its computers play at their level whatever the wait). */
static bool sheds(const DdzServer *srv, const Room *r)
{
    return srv->cfg.think && srv->cfg.computer_wait_ms > 0 && r->bot_due && !r->tour && !room_unattended(r);
}

/* The decision of the seat to act, as a job for a thinker. */
static void think_job(DdzServer *srv, const Room *r, DdzThinkJob *job)
{
    memset(job, 0, sizeof *job);
    job->room = r->id;
    job->key = decision_key(r);
    snprintf(job->level, sizeof job->level, "%s", decision_level(srv, r, r->game->turn));
    job->background = room_unattended(r);
    if (sheds(srv, r)) /* not wanted once the move was played at the normal level */
        job->give_up_ms = (int)((r->bot_due > srv->now ? r->bot_due - srv->now : 0) + srv->cfg.computer_wait_ms);
    srv_random(srv, &job->seed, sizeof job->seed);
    ddz_game_view(r->game, r->game->turn, &job->view);
}

/* The computer's choice for the seat to act, by: "bot", "auto" or "timeout". Whatever happens
 * the seat acts: when the agent fails or is refused, the default; when the engine refuses
 * that too, every legal action in turn. Returns 0, or -1 when nothing was accepted (a bug:
 * logged, and the game is aborted rather than left frozen). */
static int computer_act_by(DdzServer *srv, Room *r, const char *by, bool agent_first)
{
    DdzGame *g = r->game;
    int s = g->turn;
    Seat *st = &r->seat[s];
    DdzAction a;
    DdzError err;
    int got = -1;
    if (agent_first && room_unattended(r)) { /* a passing agent at the level of such games */
        DdzThinkJob job;
        think_job(srv, r, &job);
        got = ddz_server_think(&job, &a);
    } else if (agent_first && seat_agent(srv, r, s) == 0) {
        DdzView v;
        ddz_game_view(g, s, &v);
        if ((got = st->agent.act(st->agent.state, &v, &a)) == 0)
            a.seat = (uint8_t)s;
    }
    if (got == 0) {
        if (room_apply(srv, r, &a, by, &err) == 0)
            return 0;
        srv_log(srv, "room %ld: computer player refused: %s", r->id, err.msg);
    }
    a = default_action(srv, g);
    if (room_apply(srv, r, &a, by, &err) == 0)
        return 0;
    srv_log(srv, "room %ld: default action refused: %s", r->id, err.msg);
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        for (int v = 0; v <= 3; v++) {
            a = g->phase == DDZ_PHASE_BID ? ddz_action_bid(s, v) : ddz_action_double(s, v);
            if (room_apply(srv, r, &a, by, &err) == 0)
                return 0;
        }
    } else if (g->phase == DDZ_PHASE_PLAY) {
        int n = ddz_game_legal_moves(g, srv->moves);
        for (int i = 0; i < n; i++) {
            a = ddz_action_play(s, srv->moves[i], 0);
            if (room_apply(srv, r, &a, by, &err) == 0)
                return 0;
        }
    }
    return -1;
}

static void abort_game(DdzServer *srv, Room *r, const char *reason);

/* How long after its bot delay a computer acts (ddz_server_take_late), in a game somebody is
 * in: what its people wait beyond the delay. */
static void note_late(DdzServer *srv, const Room *r)
{
    if (r->bot_due && !room_unattended(r) && srv->now - r->bot_due > srv->computer_late)
        srv->computer_late = srv->now - r->bot_due;
}

/* Hands the decision to cfg.think: 1 when it is out (or already was), 0 to decide here. */
static int think_out(DdzServer *srv, Room *r)
{
    if (!srv->cfg.think)
        return 0;
    if (r->thinking && srv->now - r->think_since < 30000)
        return 1;
    /* (An answer 30 s late is taken for lost: the decision goes out again.) */
    DdzThinkJob job;
    think_job(srv, r, &job);
    if (srv->cfg.think(srv->cfg.think_ctx, &job) != 0)
        return 0;
    r->thinking = job.key;
    r->think_since = srv->now;
    return 1;
}

int ddz_server_think(const DdzThinkJob *job, DdzAction *out)
{
    DdzAgent agent;
    DdzError err;
    if (ddz_ai_agent_new(&agent, job->level, job->seed, &err) != 0)
        return -1;
    int rc = agent.act(agent.state, &job->view, out);
    ddz_agent_free(&agent);
    if (rc == 0)
        out->seat = (uint8_t)job->view.seat;
    return rc;
}

/* The computer acts for the seat to act: with a thinker's answer `a`, that answer (when it is
 * refused, or a is NULL because the thinker's agent failed, the fallback of computer_act_by);
 * without one (decide), its agent decides here first. */
static void computer_act(DdzServer *srv, Room *r, const DdzAction *a, bool decide)
{
    note_late(srv, r);
    const char *by = r->seat[r->game->turn].kind == SEAT_BOT ? "bot" : "auto";
    DdzError err;
    if (a && room_apply(srv, r, a, by, &err) == 0)
        return;
    if (a)
        srv_log(srv, "room %ld: computer player refused: %s", r->id, err.msg);
    if (computer_act_by(srv, r, by, decide && !a) != 0)
        abort_game(srv, r, "no legal action was accepted for a computer player");
}

void ddz_server_thought(DdzServer *srv, long room, int64_t key, const DdzAction *a, int64_t now)
{
    srv->now = now;
    Room *r = room_find(srv, room);
    if (!r || r->thinking != key)
        return;
    r->thinking = 0;
    bool current = r->state == ROOM_PLAYING && decision_key(r) == key && computer_turn(r) && r->bot_due;
    if (current && srv->now < r->bot_due) { /* thought during the bot delay: kept for then */
        r->ready_key = key;
        r->ready_ok = a != NULL;
        if (a)
            r->ready_action = *a;
        return;
    }
    if (current)
        computer_act(srv, r, a, false);
    room_tick(srv, r);
    room_gc(srv);
}

/* The thinker's answer is cfg.computer_wait_ms late after the bot delay: the normal level
 * (the rule agent, a fraction of a millisecond) decides here, and the answer, when it comes,
 * is stale. */
static void computer_shed(DdzServer *srv, Room *r)
{
    DdzThinkJob job;
    think_job(srv, r, &job);
    snprintf(job.level, sizeof job.level, "%s", level_at_most_normal(job.level));
    DdzAction a;
    bool ok = ddz_server_think(&job, &a) == 0;
    r->thinking = 0;
    srv->stats.computer_shed++;
    computer_act(srv, r, ok ? &a : NULL, false);
}

static void timeout_act(DdzServer *srv, Room *r)
{
    int s = r->game->turn;
    Seat *st = &r->seat[s];
    int missed = st->timeouts + 1;
    if (computer_act_by(srv, r, "timeout", false) != 0) {
        abort_game(srv, r, "no legal action was accepted after a deadline");
        return;
    }
    st->timeouts = missed;
    if (missed >= 2 && !st->autop)
        room_set_auto(srv, r, s, true, "timeouts");
}

/* The last resort against a frozen table: the game is aborted (no score changes), everyone
 * is told, and the room waits again. */
static void abort_game(DdzServer *srv, Room *r, const char *reason)
{
    srv_log(srv, "room %ld: game aborted: %s", r->id, reason);
    if (srv->store && r->store_game) {
        DdzError err;
        ddz_store_game_abort(srv->store, r->store_game, NULL, &err);
    }
    srv->stats.games_aborted++;
    room_broadcast(srv, r, json_pack("{s:s, s:I, s:I, s:s}", "type", "aborted", "room", (json_int_t)r->id, "game", (json_int_t)r->games, "reason",
                                     reason));
    room_back_to_waiting(srv, r);
}

void room_tick(DdzServer *srv, Room *r)
{
    room_send_watch_count(srv, r);
    if (r->state == ROOM_WAITING && !r->tour && srv->cfg.room_idle_ms > 0 &&
        srv->now - r->active >= srv->cfg.room_idle_ms) {
        room_close_idle(srv, r);
        return;
    }
    if (r->state == ROOM_WAITING) {
        bool empty = false;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            empty |= r->seat[s].kind == SEAT_EMPTY;
        if (r->quick && empty && !r->quick_due) /* a seat emptied between games */
            r->quick_due = srv->now + srv->cfg.quick_wait_ms;
        if (r->quick && r->quick_due && srv->now >= r->quick_due && room_humans(r, true) > 0) {
            r->quick_due = 0;
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                if (r->seat[s].kind == SEAT_EMPTY)
                    room_add_bot(srv, r, s, srv->cfg.quick_level);
            room_broadcast_room(srv, r);
        }
        room_try_start(srv, r);
        return;
    }
    /* Computers play on while their time has come; a game nobody watches runs to its end.
     * With a think pool a computer thinks during its bot delay, so that a busy pool's queue
     * hides in the delay a person waits anyway; its answer is played when the delay ends. */
    for (int guard = 0; guard < 2 * DDZ_MAX_ACTIONS && r->state == ROOM_PLAYING; guard++) {
        bool ready = r->ready_key && r->ready_key == decision_key(r);
        if (r->bot_due && srv->now >= r->bot_due) {
            if (!computer_turn(r)) {
                room_schedule(srv, r);
            } else if (ready) {
                r->ready_key = 0;
                computer_act(srv, r, r->ready_ok ? &r->ready_action : NULL, false);
            } else if (r->thinking && sheds(srv, r) && srv->now - r->bot_due >= srv->cfg.computer_wait_ms) {
                computer_shed(srv, r);
            } else if (think_out(srv, r)) {
                break; /* the answer comes through ddz_server_thought */
            } else {
                computer_act(srv, r, NULL, true);
            }
        } else if (r->bot_due && !ready && computer_turn(r)) {
            think_out(srv, r); /* early, or already out */
            break;
        } else if (r->deadline && srv->now >= r->deadline) {
            timeout_act(srv, r);
        } else {
            break;
        }
    }
}
