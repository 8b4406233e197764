/* test_tourney.c -- tournaments on the server (docs/PROTOCOL.md "Tournaments"), driven at the
 * message level (tests/server_harness.h: every frame is checked for hidden cards): 27 scripted
 * players (one never comes back after registering, one lets every turn run out, three drop
 * during games and come back) play a whole event to its winner; the same event with the server
 * killed (SIGKILL, in a child process) between two rounds and again in the middle of a round,
 * restarted each time on the same SQLite database, ends with the same standings, the same
 * games and the same scores, and the database passes its integrity check. Then the refusals. */
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include "server_harness.h"
#include "ddz/tournament.h"

#define NP 27                  /* entrants */
#define WATCHER NP             /* a spectator following the event */
#define SPEC "周末杯:players=27,games=2,turn=1,pause=1"

enum { R_PLAY, R_NEVER, R_TIMEOUT, R_DROP };

typedef struct Script {
    int role[NP + 1];
    char token[NP + 1][80];
    int64_t away_until[NP + 1]; /* a dropped player comes back then (0: here) */
    uint64_t dropped_deal[NP + 1];
    /* what the watcher saw */
    int rounds, tables_done, games_over;
    int drops;                 /* times a dropper went away */
    bool over;
    char *final;               /* the final standings (JSON text) */
    long over_games;
    DdzServer *srv;            /* the server it plays on */
} Script;

static const char *const SPECS[] = {SPEC};

static void tour_cfg(DdzServerConfig *c)
{
    c->tournaments = SPECS;
    c->ntournaments = 1;
}

static void script_init(Script *s)
{
    memset(s, 0, sizeof *s);
    s->role[0] = R_NEVER;
    s->role[1] = R_TIMEOUT;
    s->role[2] = s->role[3] = s->role[4] = R_DROP;
}

/* What the watcher was sent since last time. */
static void watch_frames(T *t, Script *s)
{
    Fake *w = &t->f[WATCHER];
    size_t i;
    json_t *m;
    json_array_foreach(w->seen, i, m) {
        const char *type = str_of(m, "type");
        if (!strcmp(type, "tour_round"))
            s->rounds++;
        else if (!strcmp(type, "tour_table") && !strcmp(str_of(m, "state"), "finished") &&
                 json_integer_value(json_object_get(m, "winner")) >= 0) /* a lot's winner comes later */
            s->tables_done++;
        else if (!strcmp(type, "tour_standings") && json_is_true(json_object_get(m, "final"))) {
            free(s->final);
            s->final = json_dumps(json_object_get(m, "standings"), JSON_COMPACT);
        } else if (!strcmp(type, "tour_over")) {
            s->over = true;
            s->over_games = (long)json_integer_value(json_object_get(m, "games"));
        }
    }
    json_array_clear(w->seen);
}

/* A connection again for client k with its token (k's earlier frames are forgotten). */
static void reconnect(T *t, Script *s, int k)
{
    Fake *f = &t->f[k];
    ddz_client_free(&f->c);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    f->closed = false;
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", s->token[k]);
    assert_string_not_equal(f->last_type, "error");
    s->away_until[k] = 0;
}

/* One step of the scripted players: whoever may act does (a choice that depends only on what
 * it knows of the deal, so a deal played again after a restart is played the same), or time
 * passes. */
static void step(T *t, Script *s)
{
    bool acted = false;
    for (int k = 0; k < NP; k++) {
        Fake *f = &t->f[k];
        if (s->role[k] == R_NEVER || s->role[k] == R_TIMEOUT)
            continue;
        if (s->away_until[k]) {
            if (t->now >= s->away_until[k])
                reconnect(t, s, k);
            continue;
        }
        if (f->closed)
            continue;
        /* A dropper goes away at its first play turn of every other deal, for 3 s. */
        uint64_t deal = (uint64_t)f->c.dealt;
        if (s->role[k] == R_DROP && f->c.my_turn && f->c.turn_phase == DDZ_PHASE_PLAY && deal % 2 == 0 &&
            s->dropped_deal[k] != deal) {
            s->dropped_deal[k] = deal;
            ddz_server_close(t->srv, f->id, t->now);
            t_pump(t);
            f->closed = true;
            s->away_until[k] = t->now + 3000;
            s->drops++;
            acted = true;
            continue;
        }
        DdzRng rng;
        ddz_rng_seed(&rng, deal ^ (uint64_t)f->c.hand * 31 ^ (uint64_t)(f->c.played[0] | f->c.played[1] << 1));
        char msg[256];
        size_t len = ddz_client_auto(&f->c, &rng, msg, sizeof msg);
        if (len) {
            t_send(t, k, msg);
            acted = true;
        }
    }
    if (!acted)
        t_tick(t, 100);
    watch_frames(t, s);
}

/* Clients for a fresh server: 27 players say hello, register, the first goes away for good. */
static void register_all(T *t, Script *s)
{
    for (int k = 0; k < NP; k++) {
        char name[16];
        snprintf(name, sizeof name, "p%d", k);
        int i = t_client(t, name);
        assert_int_equal(i, k);
        snprintf(s->token[k], sizeof s->token[k], "%s", t->f[k].c.token);
        t->f[k].autoplay = false;
    }
    int w = t_client(t, "看客");
    assert_int_equal(w, WATCHER);
    t->f[w].keep_all = true;
    t_send(t, w, "{\"type\":\"tournaments\"}");
    assert_string_equal(t->f[w].last_type, "tournaments");
    json_t *list = json_object_get(t->f[w].last, "tournaments");
    assert_int_equal(json_array_size(list), 1);
    assert_string_equal(str_of(json_array_get(list, 0), "state"), "registering");
    t_send(t, w, "{\"type\":\"tour_watch\",\"tournament\":1}");
    assert_string_equal(t->f[w].last_type, "tour");
    for (int k = 0; k < NP; k++) {
        t_send(t, k, "{\"type\":\"tour_register\",\"tournament\":1}");
        if (k == 0) { /* registered, then gone for good */
            assert_string_equal(t->f[0].last_type, "tour_wait");
            ddz_server_close(t->srv, t->f[0].id, t->now);
            t->f[0].closed = true;
        }
    }
    /* The field is full: the event started, everyone here has a seat. */
    assert_string_equal(t->f[NP - 1].last_type, "room");
    assert_true(t->f[NP - 1].c.seat >= 0);
}

/* Runs until stop(s) or the end of the event. */
static void run_until(T *t, Script *s, bool (*stop)(const Script *))
{
    s->srv = t->srv;
    for (long i = 0; i < 3000000 && !s->over && !(stop && stop(s)); i++)
        step(t, s);
    assert_true(s->over || (stop && stop(s)));
}

static T *server_on(const char *db, uint64_t seed)
{
    T *t = t_new(seed, db, tour_cfg);
    return t;
}

/* A restarted server: everyone but the player who never returns comes back, the watcher too. */
static void come_back(T *t, Script *s)
{
    t->n = NP + 1;
    for (int k = 0; k < NP + 1; k++) {
        Fake *f = &t->f[k];
        memset(f, 0, sizeof *f);
        ddz_client_init(&f->c);
        f->closed = true;
        s->away_until[k] = 0;
    }
    for (int k = 1; k < NP; k++)
        reconnect(t, s, k);
    Fake *w = &t->f[WATCHER];
    w->id = ddz_server_open(t->srv, t->now);
    w->closed = false;
    w->keep_all = true;
    t_send(t, WATCHER, "{\"type\":\"hello\",\"version\":1}");
    t_send(t, WATCHER, "{\"type\":\"tour_watch\",\"tournament\":1}");
    assert_string_equal(t->f[WATCHER].last_type, "tour");
    assert_string_equal(str_of(json_object_get(t->f[WATCHER].last, "tournament"), "state"), "running");
}

static bool between_rounds(const Script *s)
{
    return s->rounds == 1 && s->tables_done == 9;
}

static bool mid_round(const Script *s)
{
    DdzServerStats st;
    ddz_server_stats(s->srv, &st);
    return s->rounds == 2 && s->tables_done >= 10 && s->tables_done < 12 && st.playing > 0;
}

typedef struct Totals {
    long finished, redeal, aborted, tour_deals, score_sum, p0_penalty;
    char scores[4096];
} Totals;

static long count(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    long n = (long)sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

static void totals_of(const char *path, Totals *o)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "ok");
    sqlite3_finalize(st);
    o->finished = count(db, "SELECT COUNT(*) FROM games WHERE status = 'finished'");
    o->redeal = count(db, "SELECT COUNT(*) FROM games WHERE status = 'redeal'");
    o->aborted = count(db, "SELECT COUNT(*) FROM games WHERE status = 'aborted'");
    o->tour_deals = count(db, "SELECT COUNT(*) FROM tour_games t JOIN games g ON g.id = t.game "
                              "WHERE g.status IN ('finished', 'redeal')");
    o->score_sum = count(db, "SELECT COALESCE(SUM(score), 0) FROM players");
    o->p0_penalty = count(db, "SELECT COALESCE(SUM(r.penalty), 0) FROM results r JOIN players p ON p.id = r.player "
                              "WHERE p.name = 'p0'");
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT name, score, games FROM players ORDER BY name", -1, &st, NULL),
                     SQLITE_OK);
    size_t at = 0;
    while (sqlite3_step(st) == SQLITE_ROW && at < sizeof o->scores - 64)
        at += (size_t)snprintf(o->scores + at, sizeof o->scores - at, "%s:%lld:%lld ",
                               (const char *)sqlite3_column_text(st, 0), (long long)sqlite3_column_int64(st, 1),
                               (long long)sqlite3_column_int64(st, 2));
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* Runs fn in a child process that kills itself (SIGKILL, as kill -9 would) when fn returns. */
static void in_child_killed(void (*fn)(const char *db), const char *db)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fn(db);
        raise(SIGKILL);
        _exit(3); /* not reached */
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
        fail_msg("the child did not reach its kill point (status %d)", status);
}

static char g_tokens[256];

static void save_tokens(const Script *s)
{
    FILE *f = fopen(g_tokens, "w");
    assert_non_null(f);
    for (int k = 0; k < NP; k++)
        fprintf(f, "%s\n", s->token[k]);
    fclose(f);
}

static void load_tokens(Script *s)
{
    FILE *f = fopen(g_tokens, "r");
    assert_non_null(f);
    for (int k = 0; k < NP; k++) {
        assert_non_null(fgets(s->token[k], sizeof s->token[k], f));
        s->token[k][strcspn(s->token[k], "\n")] = '\0';
    }
    fclose(f);
}

/* The first life of the server: registration, round 1, killed between rounds. */
static void first_life(const char *db)
{
    Script s;
    script_init(&s);
    T *t = server_on(db, 77);
    register_all(t, &s);
    save_tokens(&s);
    run_until(t, &s, between_rounds);
    if (t->leaks)
        _exit(4);
}

/* The second life: resumed, killed in the middle of round 2 while games run. */
static void second_life(const char *db)
{
    Script s;
    script_init(&s);
    load_tokens(&s);
    T *t = server_on(db, 78);
    s.rounds = 2; /* drawn again from the store when the server started */
    s.tables_done = 9;
    come_back(t, &s);
    run_until(t, &s, mid_round);
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    if (st.playing == 0)
        _exit(5); /* no game was running: not the kill this test wants */
    if (t->leaks)
        _exit(6);
}

static void a_whole_event_and_the_same_event_killed_twice_end_alike(void **state)
{
    (void)state;
    char dir[] = "/tmp/ddz-tourney-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char ref[300], crash[300];
    snprintf(ref, sizeof ref, "%s/ref.db", dir);
    snprintf(crash, sizeof crash, "%s/crash.db", dir);
    snprintf(g_tokens, sizeof g_tokens, "%s/tokens", dir);

    /* The event in one go. */
    Script a;
    script_init(&a);
    T *t = server_on(ref, 77);
    register_all(t, &a);
    run_until(t, &a, NULL);
    t_no_leaks(t);
    assert_non_null(a.final);
    assert_int_equal(a.rounds, 3);      /* 27 -> 9 -> 3 -> 1 */
    assert_int_equal(a.tables_done, 13);
    /* The player who never came back and the one who let its turns run out lost every game to
     * the computer's play with the leaver penalty or timeouts; the winner is someone else. */
    json_t *fin = json_loads(a.final, 0, NULL);
    json_t *top = json_array_get(fin, 0);
    assert_string_equal(json_string_value(json_array_get(top, 5)), "winner");
    assert_int_equal(json_integer_value(json_array_get(top, 1)), 1);
    assert_int_equal(json_array_size(fin), NP);
    json_decref(fin);
    /* The scripts did what they say: drops, and deadlines missed by the player who never acts. */
    assert_true(a.drops >= 3);
    int missed = 0;
    for (int p = 0; p < 8; p++)
        missed += t->f[1].by_timeout[p];
    assert_true(missed > 0);
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    printf("event in one go: %ld games, %ld redeals, winner row %.40s\n", st.games_finished, st.redeals, a.final);
    t_free(t);

    /* The same event, killed between rounds 1 and 2 and in the middle of round 2. */
    in_child_killed(first_life, crash);
    in_child_killed(second_life, crash);
    Script b;
    script_init(&b);
    load_tokens(&b);
    t = server_on(crash, 79);
    b.rounds = 2;
    come_back(t, &b);
    run_until(t, &b, NULL);
    t_no_leaks(t);
    t_free(t);
    assert_non_null(b.final);
    assert_string_equal(b.final, a.final);

    /* Both events' records (ddz serve --tour-record) replay through ddz verify. */
    const char *dbs[2] = {ref, crash};
    for (int i = 0; i < 2; i++) {
        DdzError err;
        DdzStore *ro = ddz_store_open_readonly(dbs[i], &err);
        assert_non_null(ro);
        FILE *f = tmpfile();
        assert_non_null(f);
        if (ddz_store_tour_record(ro, 1, f, &err) != 0)
            fail_msg("record of %s: %s", dbs[i], err.msg);
        ddz_store_close(ro);
        rewind(f);
        if (ddz_tour_verify(f, NULL, &err) != 0)
            fail_msg("verify %s: %s", dbs[i], err.msg);
        fclose(f);
    }
    Totals x, y;
    totals_of(ref, &x);
    totals_of(crash, &y);
    assert_int_equal(x.aborted, 0);
    assert_true(x.p0_penalty != 0); /* the player who never came back paid the leaver penalty */
    assert_true(y.aborted >= 1);        /* the games cut by the second kill, played again */
    assert_int_equal(y.finished, x.finished);
    assert_int_equal(y.redeal, x.redeal);
    assert_int_equal(y.tour_deals, x.tour_deals);
    assert_int_equal(x.tour_deals, x.finished + x.redeal);
    assert_string_equal(y.scores, x.scores);
    printf("drops %d, deadlines missed by the silent player %d, leaver penalties of the absent one %ld\n", a.drops,
           missed, x.p0_penalty);
    printf("killed twice: %ld games finished, %ld redeals, %ld aborted and played again; same standings\n",
           y.finished, y.redeal, y.aborted);
    unlink(ref);
    unlink(crash);
    unlink(g_tokens);
    char side[320];
    for (int i = 0; i < 2; i++) {
        snprintf(side, sizeof side, "%s/%s.db-wal", dir, i ? "crash" : "ref");
        unlink(side);
        snprintf(side, sizeof side, "%s/%s.db-shm", dir, i ? "crash" : "ref");
        unlink(side);
    }
    rmdir(dir);
    free(a.final);
    free(b.final);
}

/* Refusals -----------------------------------------------------------------------------------*/

static const int64_t ADMINS[] = {1};

static void admin_cfg(DdzServerConfig *c)
{
    c->tour_admins = ADMINS;
    c->ntour_admins = 1;
}

static const char *err_code(T *t, int k)
{
    t->now += 2000; /* the next refusal is not one too many */
    return !strcmp(t->f[k].last_type, "error") ? t->f[k].last_error : t->f[k].last_type;
}

static void bad_input_is_refused_with_a_reason(void **state)
{
    (void)state;
    T *t = t_new(5, NULL, admin_cfg);
    int admin = t_client(t, "主办"), a = t_client(t, "甲"), b = t_client(t, "乙"), c = t_client(t, "丙"),
        d = t_client(t, "丁"), e = t_client(t, "戊");
    /* Opening: admins only, and a description that holds. */
    t_send(t, a, "{\"type\":\"tour_open\",\"spec\":\"杯:players=3\"}");
    assert_string_equal(err_code(t, a), "not_admin");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"杯:players=2\"}");
    assert_string_equal(err_code(t, admin), "bad_tournament");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"杯:players=3,games=1,bogus=1\"}");
    assert_string_equal(err_code(t, admin), "bad_tournament");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"杯:players=3,games=1,turn=1,pause=0,start=+1h\"}");
    assert_string_equal(t->f[admin].last_type, "tour");
    t_send(t, a, "{\"type\":\"tour_register\",\"tournament\":9}");
    assert_string_equal(err_code(t, a), "no_tournament");
    t_send(t, a, "{\"type\":\"tour_register\",\"tournament\":\"1\"}");
    assert_string_equal(err_code(t, a), "bad_message");
    /* Registering twice; withdrawing; withdrawing twice. */
    t_send(t, a, "{\"type\":\"tour_register\",\"tournament\":1}");
    assert_string_equal(t->f[a].last_type, "tour_wait");
    t_send(t, a, "{\"type\":\"tour_register\",\"tournament\":1}");
    assert_string_equal(err_code(t, a), "tour_registered");
    t_send(t, a, "{\"type\":\"tour_unregister\",\"tournament\":1}");
    assert_string_equal(t->f[a].last_type, "tour");
    assert_int_equal(json_integer_value(json_object_get(t->f[a].last, "you")), -1);
    t_send(t, a, "{\"type\":\"tour_unregister\",\"tournament\":1}");
    assert_string_equal(err_code(t, a), "tour_not_registered");
    /* Seated in a room: no registration; registered: no room. */
    t_send(t, b, "{\"type\":\"create\"}");
    t_send(t, b, "{\"type\":\"tour_register\",\"tournament\":1}");
    assert_string_equal(err_code(t, b), "in_room");
    t_send(t, b, "{\"type\":\"leave\"}");
    t_send(t, a, "{\"type\":\"tour_register\",\"tournament\":1}");
    t_send(t, a, "{\"type\":\"create\"}");
    assert_string_equal(err_code(t, a), "tour_busy");
    t_send(t, a, "{\"type\":\"quick\"}");
    assert_string_equal(err_code(t, a), "tour_busy");
    /* A full field. */
    t_send(t, b, "{\"type\":\"tour_register\",\"tournament\":1}");
    t_send(t, c, "{\"type\":\"tour_register\",\"tournament\":1}");
    t_send(t, d, "{\"type\":\"tour_register\",\"tournament\":1}");
    assert_string_equal(err_code(t, d), "tour_full");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(t->f[d].last, "args"), "players")), 3);
    /* The admin starts it; after the start, registering and withdrawing are refused. */
    t_send(t, a, "{\"type\":\"tour_start\",\"tournament\":1}");
    assert_string_equal(err_code(t, a), "not_admin");
    t_send(t, d, "{\"type\":\"tour_watch\",\"tournament\":1}");
    t_send(t, admin, "{\"type\":\"tour_start\",\"tournament\":1}");
    assert_string_equal(t->f[a].last_type, "room");
    long room = t->f[a].c.room;
    assert_true(room > 0);
    assert_string_equal(t->f[d].last_type, "tour_round");
    t_send(t, e, "{\"type\":\"tour_register\",\"tournament\":1}");
    assert_string_equal(err_code(t, e), "tour_started");
    t_send(t, b, "{\"type\":\"tour_unregister\",\"tournament\":1}");
    assert_string_equal(err_code(t, b), "tour_started");
    /* Claiming a seat of the table: refused, naming whose it is. */
    t_sendf(t, e, "{\"type\":\"join\",\"room\":%ld,\"seat\":%d}", room, t->f[b].c.seat);
    assert_string_equal(err_code(t, e), "tour_seat");
    assert_string_equal(str_of(json_object_get(t->f[e].last, "args"), "owner"), "乙");
    /* The drawn players play their own seats: no leaving, no computer, no joining elsewhere. */
    t_send(t, a, "{\"type\":\"leave\"}");
    assert_string_equal(err_code(t, a), "tour_seat");
    t_send(t, a, "{\"type\":\"add_bot\"}");
    assert_string_equal(err_code(t, a), "tour_seat");
    t_send(t, a, "{\"type\":\"join\",\"room\":1}");
    assert_string_equal(err_code(t, a), "in_room");
    /* Anyone may watch the table; the spectator sees no hand. */
    t_sendf(t, e, "{\"type\":\"watch\",\"room\":%ld}", room);
    assert_string_equal(t->f[e].last_type, "room");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(t->f[e].last, "room"), "tournament")), 1);
    t_no_leaks(t);
    t_free(t);
}

/* n clients named PREFIX0, PREFIX1, ... into k[], each registered for event 1; autoplay: the
 * fake client answers its turns by itself. */
static void register_clients(T *t, int *k, int n, const char *prefix, bool autoplay)
{
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "%s%d", prefix, i);
        k[i] = t_client(t, name);
        t_send(t, k[i], "{\"type\":\"tour_register\",\"tournament\":1}");
        t->f[k[i]].autoplay = autoplay;
    }
}

/* One step of the automatic clients k[from..to): each whose turn it is acts (ddz_client_auto);
 * when none could, the clock moves 100 ms. */
static void step_clients(T *t, const int *k, int from, int to)
{
    bool acted = false;
    for (int j = from; j < to; j++) {
        char msg[256];
        size_t len = ddz_client_auto(&t->f[k[j]].c, &t->play_rng, msg, sizeof msg);
        if (len) {
            t_send(t, k[j], msg);
            acted = true;
        }
    }
    if (!acted)
        t_tick(t, 100);
}

/* The computer fill: 4 registered, fill=easy makes 6; the event runs to its winner. */
static void computers_fill_the_field_to_a_multiple_of_three(void **state)
{
    (void)state;
    T *t = t_new(6, NULL, admin_cfg);
    int admin = t_client(t, "主办");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"小赛:players=9,games=1,turn=1,pause=0,fill=easy,start=+1h\"}");
    int k[4];
    register_clients(t, k, 4, "q", true);
    t->f[admin].keep_all = true;
    t_send(t, admin, "{\"type\":\"tour_watch\",\"tournament\":1}");
    t_send(t, admin, "{\"type\":\"tour_start\",\"tournament\":1}");
    json_t *tour = NULL;
    size_t i;
    json_t *m;
    json_array_foreach(t->f[admin].seen, i, m)
        if (!strcmp(str_of(m, "type"), "tour"))
            tour = json_object_get(m, "tournament");
    assert_non_null(tour);
    assert_int_equal(json_array_size(json_object_get(tour, "entrants")), 6);
    assert_string_equal(str_of(json_array_get(json_object_get(tour, "entrants"), 5), "bot"), "easy");
    bool over = false;
    for (int s = 0; s < 200000 && !over; s++) {
        step_clients(t, k, 0, 4);
        json_array_foreach(t->f[admin].seen, i, m)
            over |= !strcmp(str_of(m, "type"), "tour_over");
        json_array_clear(t->f[admin].seen);
    }
    assert_true(over);
    t_no_leaks(t);
    t_free(t);
}

/* 托管 in a tournament lasts until the player acts or takes over, across games: the next game
 * deals by itself (no `ready`), so the computer goes on playing for a player who asked it to
 * (docs/PROTOCOL.md, Deadlines). It was cleared at each game's end: the player's turns then
 * ran out on the clock. */
static void tournament_auto_stays_on_across_games(void **state)
{
    (void)state;
    T *t = t_new(11, NULL, admin_cfg);
    int admin = t_client(t, "主办");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"托管杯:players=3,games=2,turn=1,pause=0,start=+1h\"}");
    int k[3];
    register_clients(t, k, 3, "a", false);
    t_send(t, admin, "{\"type\":\"tour_start\",\"tournament\":1}");
    Fake *me = &t->f[k[0]];
    assert_true(me->c.seat >= 0);
    me->keep_all = true;
    t_send(t, k[0], "{\"type\":\"auto\",\"on\":true}");
    int starts = 0, auto_turns = 0, own_timeouts = 0;
    for (int n = 0; n < 20000 && starts < 3; n++) {
        step_clients(t, k, 1, 3);
        size_t i;
        json_t *m;
        json_array_foreach(me->seen, i, m) {
            const char *type = str_of(m, "type");
            if (!strcmp(type, "start") || !strcmp(type, "tour_over"))
                starts++;
            else if (starts == 2 && !strcmp(type, "turn"))
                auto_turns += json_is_true(json_object_get(m, "auto")) ? 1 : -1000;
            else if (starts == 2 && !strcmp(type, "action") && !strcmp(str_of(m, "by"), "timeout") &&
                     json_integer_value(json_object_get(m, "seat")) == me->c.seat)
                own_timeouts++;
        }
        json_array_clear(me->seen);
    }
    assert_true(starts >= 2);      /* a second game was dealt */
    assert_true(auto_turns >= 1);  /* its turns were the computer's, from the first */
    assert_int_equal(own_timeouts, 0);
    t_no_leaks(t);
    t_free(t);
}

static void sql(const char *db, const char *text)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(h, text, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", text, msg ? msg : "?");
    sqlite3_close(h);
}

/* A deal the store cannot keep is not played: were it played without its rows, the results
 * journal would store its end as a game of no tournament and a restart would deal it again,
 * counting its points twice. The store refuses every new game (a trigger stands for a
 * failing disk) when the event starts: no hand is dealt while it does, the table tries again
 * every 2 s, and once the store is back the event plays to its end with every game stored
 * as one of its deals. */
static void a_deal_the_store_cannot_keep_waits_for_the_store(void **state)
{
    (void)state;
    char dir[] = "/tmp/ddz-tourstore-XXXXXX", db[300];
    assert_non_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/t.db", dir);
    T *t = t_new(13, db, admin_cfg);
    int admin = t_client(t, "主办");
    t_send(t, admin, "{\"type\":\"tour_open\",\"spec\":\"存盘杯:players=3,games=1,turn=1,pause=0,start=+1h\"}");
    int k[3];
    register_clients(t, k, 3, "s", true);
    sql(db, "CREATE TRIGGER disk_gone BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    t->f[admin].keep_all = true;
    t_send(t, admin, "{\"type\":\"tour_watch\",\"tournament\":1}");
    t_send(t, admin, "{\"type\":\"tour_start\",\"tournament\":1}");
    for (int n = 0; n < 100; n++) /* 10 s */
        step_clients(t, k, 0, 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(t->f[k[i]].count[DDZ_EV_START], 0);
    sql(db, "DROP TRIGGER disk_gone");
    bool over = false;
    for (int n = 0; n < 200000 && !over; n++) {
        step_clients(t, k, 0, 3);
        size_t i;
        json_t *m;
        json_array_foreach(t->f[admin].seen, i, m)
            over |= !strcmp(str_of(m, "type"), "tour_over");
        json_array_clear(t->f[admin].seen);
    }
    assert_true(over);
    assert_true(t->f[k[0]].count[DDZ_EV_START] >= 1);
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_true(count(h, "SELECT COUNT(*) FROM games WHERE status = 'finished'") >= 1);
    assert_int_equal(count(h, "SELECT COUNT(*) FROM games g WHERE g.status IN ('finished', 'redeal') AND NOT EXISTS "
                              "(SELECT 1 FROM tour_games t WHERE t.game = g.id)"),
                     0);
    sqlite3_close(h);
    t_no_leaks(t);
    t_free(t);
    static const char *const files[] = {"", "-wal", "-shm", ".pending"};
    for (int i = 0; i < 4; i++) {
        char path[320];
        snprintf(path, sizeof path, "%s%s", db, files[i]);
        unlink(path);
    }
    assert_int_equal(rmdir(dir), 0);
}

/* Garbage made of the tournament's words, from an admin, while an event plays: refused or
 * taken, never a crash, and no frame names a hidden card. */
static void tournament_garbage_never_breaks_the_server(void **state)
{
    (void)state;
    T *t = t_new(18, ":memory:", admin_cfg);
    int k = t_client(t, "fuzz"); /* player 1, the admin */
    t_send(t, k, "{\"type\":\"tour_open\",\"spec\":\"赛:players=3,games=1,turn=1,pause=0\"}");
    int p[3];
    for (int i = 0; i < 3; i++) {
        p[i] = t_client(t, "x");
        t_send(t, p[i], "{\"type\":\"tour_register\",\"tournament\":1}");
    }
    assert_string_equal(t->f[p[2]].last_type, "room");
    t_sendf(t, k, "{\"type\":\"watch\",\"room\":%ld}", t->f[p[2]].c.room); /* kept for its token */
    static const char *const pieces[] = {
        "{", "}", "[", "]", ",", ":", "\"type\"", "\"tournaments\"", "\"tour_watch\"", "\"tour_unwatch\"",
        "\"tour_register\"", "\"tour_unregister\"", "\"tour_open\"", "\"tour_start\"", "\"tournament\"",
        "\"spec\"", "\"a:players=3,games=1,pause=0\"", "\"b:players=4,fill=easy,start=+0s\"", "\":\"",
        "\"c:start=2026-13-01T00:00Z\"", "1", "2", "-1", "0", "99999999999999999999", "null", "true", "\"1\"",
        "\"join\"", "\"watch\"", "\"room\"", "\"seat\"", "\"leave\"", "\"ready\"", "\"tour\"", " ",
    };
    DdzRng rng;
    ddz_rng_seed(&rng, 7);
    for (int i = 0; i < 3000; i++) {
        char msg[512] = "";
        int parts = 1 + (int)ddz_rng_below(&rng, 12);
        if (ddz_rng_below(&rng, 2))
            strcat(msg, "{\"type\":");
        for (int q = 0; q < parts; q++)
            strcat(msg, pieces[ddz_rng_below(&rng, sizeof pieces / sizeof pieces[0])]);
        t->now += 150;
        if (t->f[k].closed) { /* cut for too many errors: back as the same admin */
            char tok[80];
            snprintf(tok, sizeof tok, "%s", t->f[k].c.token);
            t->f[k].id = ddz_server_open(t->srv, t->now);
            t->f[k].closed = false;
            t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", tok);
            assert_string_equal(t->f[k].last_type, "welcome");
        }
        t_send(t, k, msg);
        for (int j = 0; j < 3; j++) {
            char m[256];
            size_t len = ddz_client_auto(&t->f[p[j]].c, &t->play_rng, m, sizeof m);
            if (len)
                t_send(t, p[j], m);
        }
        if (i % 5 == 0)
            t_tick(t, 200);
    }
    int late = t_client(t, "late");
    t_send(t, late, "{\"type\":\"tournaments\"}");
    assert_string_equal(t->f[late].last_type, "tournaments");
    t_no_leaks(t);
    t_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_input_is_refused_with_a_reason),
        cmocka_unit_test(computers_fill_the_field_to_a_multiple_of_three),
        cmocka_unit_test(tournament_auto_stays_on_across_games),
        cmocka_unit_test(tournament_garbage_never_breaks_the_server),
        cmocka_unit_test(a_deal_the_store_cannot_keep_waits_for_the_store),
        cmocka_unit_test(a_whole_event_and_the_same_event_killed_twice_end_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
