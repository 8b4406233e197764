/* test_think.c -- the server's computer players (issue 10): decisions leave the event loop as
 * jobs for a pool of threads (src/net/pool.c), a room nobody is in thinks at the normal level
 * in the background, a computer thinks during the bot delay a person waits anyway, and a
 * computer whose answer is later than the server's --computer-wait plays the normal level's
 * move instead, so a busy pool makes computers weaker, not slow. */
#include "server_harness.h"
#include <time.h>

#include "../src/net/pool.h"

/* The thinking hook of the tests: jobs wait in a list until the test answers them. */
typedef struct Thinker {
    DdzThinkJob jobs[64];
    int n;
    long max_per_room; /* the most jobs one room had out at once */
} Thinker;

static int test_think(void *ctx, const DdzThinkJob *job)
{
    Thinker *th = ctx;
    int same = 0;
    for (int i = 0; i < th->n; i++)
        same += th->jobs[i].room == job->room;
    if (same + 1 > th->max_per_room)
        th->max_per_room = same + 1;
    if (th->n == 64)
        return -1;
    th->jobs[th->n++] = *job;
    return 0;
}

static Thinker g_thinker;
static void with_thinker(DdzServerConfig *c)
{
    c->think = test_think;
    c->think_ctx = &g_thinker;
}

/* Answers the oldest job (as a worker would, on another thread). */
static void answer_one(T *t, bool stale)
{
    Thinker *th = &g_thinker;
    if (!th->n)
        return;
    DdzThinkJob job = th->jobs[0];
    memmove(th->jobs, th->jobs + 1, (size_t)(th->n - 1) * sizeof *th->jobs);
    th->n--;
    DdzAction a;
    int rc = ddz_server_think(&job, &a);
    ddz_server_thought(t->srv, job.room, stale ? job.key + 1 : job.key, rc == 0 ? &a : NULL, t->now);
    t_pump(t);
}

/* Issue 10 #3: computer decisions leave the core as jobs holding a copy of the seat's view,
 * one per room at a time; the tick never thinks; stale answers and answers for closed rooms
 * are dropped; games of computers play to their end through the answers. */
static void computer_decisions_are_handed_to_workers(void **state)
{
    (void)state;
    memset(&g_thinker, 0, sizeof g_thinker);
    T *t = t_new(21, ":memory:", with_thinker);
    /* A person opens three rooms of expert computers and leaves each (the reported attack). */
    int a = t_client(t, "A");
    for (int i = 0; i < 3; i++) {
        t_send(t, a, "{\"type\":\"create\"}");
        t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"normal\"}");
        t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"normal\"}");
        t_send(t, a, "{\"type\":\"ready\"}");
        t_send(t, a, "{\"type\":\"leave\"}");
    }
    /* Ticks hand out decisions and return at once: nothing is decided on this thread. */
    for (int i = 0; i < 5; i++)
        t_tick(t, 100);
    assert_int_equal(g_thinker.n, 3);
    assert_int_equal(g_thinker.max_per_room, 1);
    for (int i = 0; i < 3; i++)
        assert_true(g_thinker.jobs[i].view.seat == g_thinker.jobs[i].view.turn);
    /* A stale answer changes nothing; the decision stays out, and goes out again when no
     * answer came for 30 s (a lost job does not stop a room for good). */
    DdzServerStats after;
    long stale_room = g_thinker.jobs[0].room;
    answer_one(t, true);
    t_tick(t, 100);
    assert_int_equal(g_thinker.n, 2);
    t_tick(t, 30000);
    int out = 0;
    for (int i = 0; i < g_thinker.n; i++)
        out += g_thinker.jobs[i].room == stale_room;
    assert_int_equal(out, 1);
    /* Answer everything: the three games end and are stored. */
    for (int i = 0; i < 5000 && (g_thinker.n || i < 10); i++) {
        answer_one(t, false);
        t_tick(t, 10);
        ddz_server_stats(t->srv, &after);
        if (after.games_finished >= 3)
            break;
    }
    ddz_server_stats(t->srv, &after);
    assert_int_equal(after.games_finished, 3);
    assert_int_equal(after.rooms, 0);
    /* Answering for a closed room is harmless. */
    DdzThinkJob ghost = {.room = 999, .key = 1};
    DdzAction pass = ddz_action_play(0, ddz_move_pass(), 0);
    ddz_server_thought(t->srv, ghost.room, ghost.key, &pass, t->now);
    while (g_thinker.n)
        answer_one(t, false);
    t_free(t);
}

/* Issue 10, the soak: rooms of computers that everyone left piled up on a busy server (each
 * bot held an agent of ~1 MB it never used with a think pool; every decision took the search
 * levels' tens to hundreds of ms). A bot seat holds no agent when decisions go to the pool;
 * a game nobody is in (no person seated, no spectator) decides at the normal level, in the
 * background; one somebody watches keeps its computers' levels. */
static void a_room_nobody_is_in_costs_little(void **state)
{
    (void)state;
    memset(&g_thinker, 0, sizeof g_thinker);
    T *t = t_new(22, ":memory:", with_thinker);
    int a = t_client(t, "A"), w = t_client(t, "W");
    t_send(t, a, "{\"type\":\"create\"}");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"hard\"}");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"hard\"}");
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.agents, 0);
    t_sendf(t, w, "{\"type\":\"watch\",\"room\":%ld}", t->f[a].c.room);
    int mine = t->f[a].c.seat;
    t_send(t, a, "{\"type\":\"ready\"}");
    t_send(t, a, "{\"type\":\"leave\"}");
    t_tick(t, 100);
    /* Watched: the bots think at their own level, in the foreground. */
    bool hard_seen = false;
    for (int i = 0; i < 200 && !hard_seen && g_thinker.n; i++) {
        const DdzThinkJob *j = &g_thinker.jobs[0];
        assert_false(j->background);
        hard_seen = j->view.seat != mine && !strcmp(j->level, "hard");
        if (!hard_seen) {
            answer_one(t, false);
            t_tick(t, 10);
        }
    }
    assert_true(hard_seen);
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.unattended, 0);
    /* The spectator goes: from the next decision on, the normal level in the background. */
    t_send(t, w, "{\"type\":\"leave\"}");
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.playing, 1);
    assert_int_equal(st.unattended, 1);
    answer_one(t, false); /* the decision that was out */
    t_tick(t, 10);
    int after = 0;
    for (int i = 0; i < 5000 && g_thinker.n; i++) {
        const DdzThinkJob *j = &g_thinker.jobs[0];
        assert_true(j->background);
        assert_string_equal(j->level, "normal");
        after++;
        answer_one(t, false);
        t_tick(t, 10);
    }
    assert_true(after > 0);
    /* The game ends, its result is stored, and the room closes. */
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.games_finished, 1);
    assert_int_equal(st.rooms, 0);
    assert_int_equal(st.agents, 0);
    t_free(t);
}

static void with_thinker_and_delay(DdzServerConfig *c)
{
    with_thinker(c);
    c->bot_delay_ms = 800;
}

/* A server of seed with the tweak, a person A (*a) in a room with two computers of `level`,
 * everyone ready: the game starts. */
static T *person_and_two_computers(uint64_t seed, void (*tweak)(DdzServerConfig *), const char *level, int *a)
{
    memset(&g_thinker, 0, sizeof g_thinker);
    T *t = t_new(seed, ":memory:", tweak);
    *a = t_client(t, "A");
    t_send(t, *a, "{\"type\":\"create\"}");
    t_sendf(t, *a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", level);
    t_sendf(t, *a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", level);
    t_send(t, *a, "{\"type\":\"ready\"}");
    return t;
}

/* Plays the person's turns (120 ms each) and lets time pass until a computer's job is out:
 * true then, false once the game is over. */
static bool until_a_job_is_out(T *t, int a)
{
    for (int step = 0; step < 20000 && t->f[a].c.games_over < 1; step++) {
        char msg[256];
        size_t len = ddz_client_auto(&t->f[a].c, &t->play_rng, msg, sizeof msg);
        if (len) {
            t->now += 120;
            t_send(t, a, msg);
        } else if (g_thinker.n) {
            return true;
        } else {
            t_tick(t, 10);
        }
    }
    return false;
}

/* A computer thinks during the bot delay a person waits anyway (the search levels take up
 * to 50 ms of CPU a decision, and a busy pool queues them): its job goes out within a tick of
 * its turn, its answer waits for the delay's end, then is played without a second job. */
static void computers_think_during_the_bot_delay(void **state)
{
    (void)state;
    int a;
    T *t = person_and_two_computers(23, with_thinker_and_delay, "normal", &a);
    int early = 0;
    while (until_a_job_is_out(t, a)) {
        /* A job is out: handed out within a tick or two of the turn's start. */
        int64_t turn_began = t->last_action;
        assert_true(t->now - turn_began <= 40);
        int64_t key = g_thinker.jobs[0].key;
        answer_one(t, false);
        assert_int_equal(t->last_action, turn_began); /* not played before the delay */
        while (t->last_action == turn_began) {
            t_tick(t, 10);
            for (int i = 0; i < g_thinker.n; i++) /* no second job for the same decision */
                assert_true(g_thinker.jobs[i].key != key);
            assert_true(t->now - turn_began <= 800 + 40);
        }
        assert_true(t->now - turn_began >= 800);
        early++;
    }
    assert_int_equal(t->f[a].c.games_over, 1);
    assert_true(early >= 10);
    assert_int_equal(g_thinker.max_per_room, 1);
    t_no_leaks(t);
    t_free(t);
}

static void with_thinker_delay_and_wait(DdzServerConfig *c)
{
    with_thinker_and_delay(c);
    c->computer_wait_ms = 500;
}

/* A thinker that does not answer in time (a busy pool): the computer plays the normal level's
 * move cfg.computer_wait_ms after its bot delay, the job says when it is no longer wanted,
 * and the answer that comes later is stale. The whole game plays on so and is stored. */
static void a_computer_later_than_its_wait_plays_the_normal_move(void **state)
{
    (void)state;
    int a;
    T *t = person_and_two_computers(24, with_thinker_delay_and_wait, "hard", &a);
    int shed = 0;
    while (until_a_job_is_out(t, a)) {
        int64_t turn_began = t->last_action;
        DdzThinkJob held = g_thinker.jobs[0];
        g_thinker.n = 0; /* never answered in time */
        assert_string_equal(held.level, "hard");
        assert_false(held.background);
        /* Not wanted after the delay and the wait, counted from when it went out. */
        assert_true(held.give_up_ms > 800 + 500 - 40 && held.give_up_ms <= 800 + 500);
        const DdzGame *g = ddz_server_game(t->srv, held.room);
        int nhist = g->nhist;
        while (t->last_action == turn_began) {
            t_tick(t, 10);
            assert_true(t->now - turn_began <= 800 + 500 + 40);
        }
        assert_true(t->now - turn_began >= 800 + 500);
        DdzServerStats st;
        ddz_server_stats(t->srv, &st);
        assert_int_equal(st.computer_shed, ++shed);
        /* The answer, late: stale, nothing more is played. */
        DdzAction late;
        assert_int_equal(ddz_server_think(&held, &late), 0);
        g = ddz_server_game(t->srv, held.room);
        int after = g ? g->nhist : -1;
        assert_true(!g || after == nhist + 1); /* one move, the shed one (none when it ended the game) */
        ddz_server_thought(t->srv, held.room, held.key, &late, t->now);
        t_pump(t);
        g = ddz_server_game(t->srv, held.room);
        assert_int_equal(g ? g->nhist : -1, after);
    }
    assert_int_equal(t->f[a].c.games_over, 1);
    assert_true(shed >= 10);
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.games_finished, 1);
    t_no_leaks(t);
    t_free(t);
}

/* The pool drops a job that waited longer than its give_up_ms, unanswered: a busy pool spends
 * no thread on a move the server played another way. */
static void the_pool_drops_a_job_past_its_give_up_time(void **state)
{
    (void)state;
    DdzOptions opt = ddz_options_default();
    DdzGame *g = calloc(1, sizeof *g);
    DdzRng rng;
    DdzError err;
    ddz_rng_seed(&rng, 5);
    ddz_game_new(g, &opt, &rng, 0);
    assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
    /* One thread: a slow decision first (a fixed 400 samples of the expert search from the
     * first lead), then one that may wait 1 ms, then one that may wait for ever. */
    DdzPool *pool = ddz_pool_new(1, NULL, NULL);
    assert_non_null(pool);
    DdzThinkJob job;
    memset(&job, 0, sizeof job);
    ddz_game_view(g, g->turn, &job.view);
    job.room = 9001;
    snprintf(job.level, sizeof job.level, "expert:0/400");
    assert_int_equal(ddz_pool_submit(pool, &job), 0);
    job.room = 9002;
    snprintf(job.level, sizeof job.level, "normal");
    job.give_up_ms = 1;
    assert_int_equal(ddz_pool_submit(pool, &job), 0);
    job.room = 9003;
    job.give_up_ms = 0;
    assert_int_equal(ddz_pool_submit(pool, &job), 0);
    T *t = t_new(25, ":memory:", NULL);
    int pending = 3;
    int64_t wait = 0;
    long dropped = 0;
    for (int i = 0; i < 6000 && pending; i++) {
        nanosleep(&(struct timespec){0, 1000000}, NULL);
        ddz_pool_drain(pool, t->srv, t->now); /* rooms the server does not have: ignored */
        ddz_pool_stats(pool, &pending, &wait, &dropped);
    }
    assert_int_equal(pending, 0);
    assert_int_equal(dropped, 1);
    ddz_pool_free(pool);
    t_free(t);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(computer_decisions_are_handed_to_workers),
        cmocka_unit_test(a_room_nobody_is_in_costs_little),
        cmocka_unit_test(computers_think_during_the_bot_delay),
        cmocka_unit_test(a_computer_later_than_its_wait_plays_the_normal_move),
        cmocka_unit_test(the_pool_drops_a_job_past_its_give_up_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
