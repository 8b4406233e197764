/* cmd_loadtest.c -- ddz loadtest: many bot clients against a server (started here unless
 * --url names one); reports games finished, actions per second, latency and errors. The mixed
 * profile (--profile mixed) is the soak of issue 10: people at human pace, fast bots,
 * spectators, chatters, clients that drop and come back, openers of computer-only rooms and
 * a few attackers; --computer-rooms keeps rooms of computers playing besides, and reports how
 * long their computers take a move as the person in the room sees it; --csv writes one line a
 * second (latency, memory) and --plot draws it. */
#define _DEFAULT_SOURCE /* kill, fdopen */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "ddz/client.h"
#include "ddz/store.h"

/* What a client of the mixed profile does (the plain profile: everyone is R_FAST at --think). */
enum { R_HUMAN, R_FAST, R_WATCH, R_CHAT, R_RECONNECT, R_ROOMS, R_ATTACK, R_KEEP, R_NB };
static const char *const ROLE_NAME[R_NB] = {"people", "fast bots", "spectators", "chatters", "reconnecting",
                                            "computer rooms", "attackers", "kept rooms"};

typedef struct Bot {
    DdzClient c;
    long id;
    int role;
    char token[80];      /* to come back with (R_RECONNECT) */
    int64_t next_at;     /* the role's next move (us): chat, drop, watch, room, attack */
    int64_t ready_at;
    int step;
    int humans;          /* people seated in its room */
    int64_t act_at;      /* when to act (us), 0 none */
    int64_t sent_at;     /* when the last action went (us), 0 none pending */
    bool closed;
    long over_seen;
    int64_t seen_at;     /* R_KEEP: when its room's last action (or deal) was seen (us), 0 none */
} Bot;

typedef struct Load {
    DdzWsClient *ws;
    Bot *bots;
    int n, started, initial;
    const char *url;
    int think_ms;
    int64_t t0, ramp_end, end, connect_every;
    DdzRng rng;
    double *lat;         /* latencies, ms */
    size_t nlat, caplat;
    bool mixed;
    int cap;             /* connections that may be made (reconnects take new ones) */
    int *live, nlive;    /* the bots whose connection has not closed (closed ones leave lazily) */
    double *sec_lat;     /* people's latencies of the current second */
    size_t nsec, capsec;
    double *people_lat;  /* people's latencies, the whole run */
    size_t npeople, cappeople;
    int keep;            /* --computer-rooms: clients that keep a room of computers playing */
    const char *keep_level;
    double *comp_lat;    /* R_KEEP: ms from an action (or the deal) seen to the next one seen */
    size_t ncomp, capcomp;
    FILE *csv;
    int64_t next_sec;
    int64_t last_timer, timer_late; /* the generator's own lateness (its 10 ms timer), this second */
    long sec_actions;
    long expected;       /* refusals the attackers and room openers ask for */
    long reconnects, by_role_actions[R_NB];
    double *plot;        /* per second: t, p50, p99, rss */
    size_t nplot, capplot;
    double games;
    long actions, error_frames, closed, failed, timeouts, leaks, bad_frames;
    char first_error[256];
    struct {
        char what[48];
        long n;
    } kinds[8];
    pid_t server, server_pid;
} Load;

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void note_error(Load *l, const char *what, const char *detail)
{
    if (!l->first_error[0])
        snprintf(l->first_error, sizeof l->first_error, "%.60s: %.180s", what, detail);
    /* Counted by kind, for the report. */
    int i = 0;
    while (i < 8 && l->kinds[i].n && strcmp(l->kinds[i].what, what))
        i++;
    if (i < 8) {
        snprintf(l->kinds[i].what, sizeof l->kinds[i].what, "%s", what);
        l->kinds[i].n++;
    }
}

static void lt_open(void *ctx, long id)
{
    Load *l = ctx;
    Bot *b = &l->bots[id];
    char msg[192];
    if (b->token[0])
        snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", b->token);
    else
        snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"version\":1,\"name\":\"压测%ld\"}", id);
    ddz_ws_client_send(l->ws, id, msg, strlen(msg));
}

static void push_lat(double **v, size_t *n, size_t *cap, double x)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 1 << 12;
        double *y = realloc(*v, c * sizeof *y);
        if (!y)
            return;
        *v = y;
        *cap = c;
    }
    (*v)[(*n)++] = x;
}

static void lt_message(void *ctx, long id, const char *data, size_t len)
{
    Load *l = ctx;
    Bot *b = &l->bots[id];
    json_t *m = json_loadb(data, len, 0, NULL);
    if (!m) {
        l->bad_frames++;
        return;
    }
    DdzClientEvent e = ddz_client_feed_json(&b->c, m);
    int64_t now = now_us();
    switch (e) {
    case DDZ_EV_WELCOME:
        if (!b->token[0] && b->c.token[0])
            snprintf(b->token, sizeof b->token, "%s", b->c.token);

        if (b->role == R_KEEP) {
            /* Its room: two computers and itself, and the computer plays its seat (auto). */
            char msg[96];
            ddz_ws_client_send(l->ws, id, "{\"type\":\"create\"}", 17);
            snprintf(msg, sizeof msg, "{\"type\":\"add_bot\",\"level\":\"%s\"}", l->keep_level);
            ddz_ws_client_send(l->ws, id, msg, strlen(msg));
            ddz_ws_client_send(l->ws, id, msg, strlen(msg));
            ddz_ws_client_send(l->ws, id, "{\"type\":\"ready\"}", 16);
            b->ready_at = now;
        } else if (b->role == R_WATCH || b->role == R_ROOMS || b->role == R_ATTACK) {
            b->next_at = now + 200000;
        } else if (json_is_true(json_object_get(m, "resumed"))) {
            b->step = 1; /* back: room and state follow; a quick match if it lost its seat */
            b->next_at = now + 1000000;
        } else {
            ddz_ws_client_send(l->ws, id, "{\"type\":\"quick\"}", 16);
        }
        break;
    case DDZ_EV_ROOMS:
        if (b->role == R_WATCH) {
            /* Watch one of the playing rooms of the page. */
            json_t *rooms = json_object_get(m, "rooms");
            size_t n = json_array_size(rooms);
            if (n) {
                json_t *r = json_array_get(rooms, ddz_rng_below(&l->rng, (uint32_t)n));
                char msg[96];
                snprintf(msg, sizeof msg, "{\"type\":\"watch\",\"room\":%lld}",
                         (long long)json_integer_value(json_object_get(r, "id")));
                ddz_ws_client_send(l->ws, id, msg, strlen(msg));
            }
        }
        break;
    case DDZ_EV_ROOM: {
        json_t *seats = json_object_get(json_object_get(m, "room"), "seats");
        b->humans = 0;
        for (size_t s = 0; s < 3; s++)
            b->humans += json_object_get(json_array_get(seats, s), "player") != NULL;
        const char *state = json_string_value(json_object_get(json_object_get(m, "room"), "state"));
        /* A quick match readies us for the first game; after each game we say ready again
         * (and when we came back to a waiting room). */
        bool me_ready = b->c.seat >= 0 && json_is_true(json_object_get(json_array_get(seats, (size_t)b->c.seat), "ready"));
        bool plays = b->role != R_WATCH && b->role != R_ATTACK && b->role != R_ROOMS;
        if (plays && state && !strcmp(state, "waiting") && b->c.seat >= 0 && now < l->end &&
            (b->c.games_over > b->over_seen || (!me_ready && now - b->ready_at > 1000000))) {
            b->over_seen = b->c.games_over;
            b->ready_at = now;
            ddz_ws_client_send(l->ws, id, "{\"type\":\"ready\"}", 16);
        }
        break;
    }
    case DDZ_EV_START:
        if (b->role == R_KEEP) {
            ddz_ws_client_send(l->ws, id, "{\"type\":\"auto\",\"on\":true}", 25);
            b->seen_at = now;
        }
        break;
    case DDZ_EV_TURN: {
        if (b->role == R_ROOMS || b->role == R_ATTACK || b->role == R_KEEP)
            break; /* it left its room of computers, or a computer plays its seat */
        int64_t think = (int64_t)l->think_ms * 1000;
        if (b->role == R_HUMAN || b->role == R_RECONNECT || b->role == R_CHAT)
            think = 3000000; /* 1.5 to 4.5 s: people */
        else if (b->role == R_FAST)
            think = l->mixed ? 20000 : think;
        b->act_at = now + think / 2 + (int64_t)ddz_rng_below(&l->rng, (uint32_t)(think + 1));
        break;
    }
    case DDZ_EV_ACTION:
        if (b->role == R_KEEP) {
            /* Every seat of its room is a computer's: the time since the last action (or the
             * deal) is how long a computer took, the server's bot delay included. */
            if (b->seen_at)
                push_lat(&l->comp_lat, &l->ncomp, &l->capcomp, (double)(now - b->seen_at) / 1000.0);
            b->seen_at = now;
        }
        if (json_integer_value(json_object_get(m, "seat")) == b->c.seat && b->sent_at) {
            if (l->nlat == l->caplat) {
                size_t cap = l->caplat ? l->caplat * 2 : 1 << 16;
                double *x = realloc(l->lat, cap * sizeof *x);
                if (x) {
                    l->lat = x;
                    l->caplat = cap;
                }
            }
            double ms = (double)(now - b->sent_at) / 1000.0;
            if (l->nlat < l->caplat)
                l->lat[l->nlat++] = ms;
            if (b->role == R_HUMAN || b->role == R_RECONNECT) {
                push_lat(&l->sec_lat, &l->nsec, &l->capsec, ms);
                push_lat(&l->people_lat, &l->npeople, &l->cappeople, ms);
            }
            b->sent_at = 0;
        }
        break;
    case DDZ_EV_OVER:
        b->seen_at = 0;
        l->games += b->humans > 0 ? 1.0 / b->humans : 0;
        break;
    case DDZ_EV_ERROR:
        if (b->role == R_ROOMS && !strcmp(b->c.error_code, "too_many_rooms") && !b->c.room) {
            b->step = 0; /* its rooms are all still playing: again later */
            b->next_at = now + 5000000;
        }
        if (b->role == R_ATTACK || (b->role == R_ROOMS && !strcmp(b->c.error_code, "too_many_rooms")) ||
            (b->role == R_WATCH && (!strcmp(b->c.error_code, "no_room") || !strcmp(b->c.error_code, "room_full") ||
                                    !strcmp(b->c.error_code, "in_room")))) {
            l->expected++;
        } else {
            char detail[200];
            snprintf(detail, sizeof detail, "%.150s (a client of role %s)", b->c.error, ROLE_NAME[b->role]);
            l->error_frames++;
            note_error(l, b->c.error_code, detail);
        }
        b->sent_at = 0;
        break;
    default:
        break;
    }
    json_decref(m);
}

static void lt_closed(void *ctx, long id, const char *why)
{
    Load *l = ctx;
    Bot *b = &l->bots[id];
    if (b->closed)
        return;
    b->closed = true;
    if (b->role == R_ATTACK || b->step < 0) { /* cut for its attacks, or dropped on purpose */
        if (now_us() < l->end && l->started + 1 < l->cap) {
            DdzError err;
            long nid = ddz_ws_client_connect(l->ws, l->url, &err);
            if (nid >= 0) {
                Bot *nb = &l->bots[nid];
                ddz_client_init(&nb->c);
                l->live[l->nlive++] = (int)nid;
                nb->role = b->role;
                if (b->role == R_RECONNECT)
                    snprintf(nb->token, sizeof nb->token, "%s", b->token);
                nb->next_at = now_us() + (b->role == R_ATTACK ? 2000000 : 0);
                l->started = (int)nid + 1 > l->started ? (int)nid + 1 : l->started;
                l->reconnects++;
            }
        }
        return;
    }
    if (now_us() < l->end) {
        if (b->c.player)
            l->closed++;
        else
            l->failed++;
        char what[48];
        snprintf(what, sizeof what, "closed: %.38s", b->c.error_code[0] ? b->c.error_code : why);
        note_error(l, what, why);
    }
}

static int cmp_double(const void *a, const void *b);
static void memory_of(pid_t pid, double *peak, double *now);

/* The mixed profile's moves besides playing. */
static void role_move(Load *l, Bot *b, int id, int64_t now)
{
    char msg[256];
    b->next_at = 0;
    switch (b->role) {
    case R_CHAT:
        if (b->c.room) {
            snprintf(msg, sizeof msg, "{\"type\":\"chat\",\"text\":\"第%d句：加油！\"}", ++b->step);
            ddz_ws_client_send(l->ws, id, msg, strlen(msg));
        }
        b->next_at = now + 2500000;
        break;
    case R_RECONNECT:
        if (b->step == 1) { /* just back */
            b->step = 0;
            if (!b->c.room)
                ddz_ws_client_send(l->ws, id, "{\"type\":\"quick\"}", 16);
            b->next_at = now + 15000000 + (int64_t)ddz_rng_below(&l->rng, 15000000);
            break;
        }
        /* Drop the connection (at any moment, in a game or not) and come back with the token. */
        b->step = -1;
        ddz_ws_client_drop(l->ws, id);
        break;
    case R_WATCH:
        if (b->c.room)
            ddz_ws_client_send(l->ws, id, "{\"type\":\"leave\"}", 16);
        {
            static const char list[] = "{\"type\":\"rooms\",\"state\":\"playing\",\"limit\":20}";
            ddz_ws_client_send(l->ws, id, list, sizeof list - 1);
        }
        b->next_at = now + 20000000 + (int64_t)ddz_rng_below(&l->rng, 10000000);
        break;
    case R_ROOMS: {
        /* A room of computers, left at once: it plays on by itself. */
        static const char *const steps[] = {"{\"type\":\"create\"}", "{\"type\":\"add_bot\",\"level\":\"hard\"}",
                                            "{\"type\":\"add_bot\",\"level\":\"hard\"}", "{\"type\":\"ready\"}",
                                            "{\"type\":\"leave\"}"};
        if (b->step % 5 && !b->c.room) { /* no room yet: the server is slow (a refusal restarts) */
            b->next_at = now + 200000;
            break;
        }
        const char *m = steps[b->step % 5];
        ddz_ws_client_send(l->ws, id, m, strlen(m));
        b->step++;
        b->next_at = now + (b->step % 5 ? 200000 : 5000000);
        break;
    }
    case R_ATTACK: {
        /* Issue 10's attacks at a slow pace: a bad name, a C1 control in chat, a password guess,
         * garbage, a bidi override; the server refuses each and in the end cuts the line. */
        static const char *const bad[] = {
            "{\"type\":\"join\",\"room\":1,\"password\":\"0000\"}", "{not json",
            "{\"type\":\"chat\",\"text\":\"\\u009b31m\"}", "{\"type\":\"create\",\"name\":\"\\u202e\"}",
            "{\"type\":\"play\",\"move\":\"22222\"}", "{\"type\":\"nope\"}"};
        const char *m = bad[b->step++ % 6];
        ddz_ws_client_send(l->ws, id, m, strlen(m));
        b->next_at = now + 300000;
        break;
    }
    default:
        break;
    }
}

/* One line a second: people's latency in that second, all actions, server memory. */
static void per_second(Load *l, int64_t now)
{
    double p50 = 0, p99 = 0, mx = 0, peak = -1, rss = -1;
    if (l->nsec) {
        qsort(l->sec_lat, l->nsec, sizeof *l->sec_lat, cmp_double);
        p50 = l->sec_lat[l->nsec / 2];
        p99 = l->sec_lat[(size_t)((double)l->nsec * 0.99)];
        mx = l->sec_lat[l->nsec - 1];
    }
    if (l->server_pid)
        memory_of(l->server_pid, &peak, &rss);
    double t = (double)(now - l->t0) / 1e6;
    if (l->csv)
        fprintf(l->csv, "%.0f,%d,%zu,%.2f,%.2f,%.2f,%ld,%.0f,%.1f,%.1f\n", t, l->started, l->nsec, p50, p99, mx,
                l->sec_actions, l->games, rss, (double)l->timer_late / 1000.0);
    l->timer_late = 0;
    if (l->csv)
        fflush(l->csv); /* a long soak can be watched while it runs */
    if (l->nplot + 4 > l->capplot) {
        size_t c = l->capplot ? l->capplot * 2 : 1024;
        double *y = realloc(l->plot, c * sizeof *y);
        if (y) {
            l->plot = y;
            l->capplot = c;
        }
    }
    if (l->nplot + 4 <= l->capplot) {
        l->plot[l->nplot++] = t;
        l->plot[l->nplot++] = p50;
        l->plot[l->nplot++] = p99;
        l->plot[l->nplot++] = rss;
    }
    l->nsec = 0;
    l->sec_actions = 0;
}

static void lt_timer(void *ctx)
{
    Load *l = ctx;
    int64_t now = now_us();
    if (l->last_timer && now - l->last_timer - 10000 > l->timer_late)
        l->timer_late = now - l->last_timer - 10000;
    l->last_timer = now;
    /* Ramp up: connect at an even pace. */
    while (l->initial < l->n && now >= l->t0 + l->initial * l->connect_every) {
        DdzError err;
        long id = ddz_ws_client_connect(l->ws, l->url, &err);
        if (id < 0) {
            l->failed++;
            note_error(l, "connect", err.msg);
            break;
        }
        Bot *b = &l->bots[id];
        ddz_client_init(&b->c);
        l->live[l->nlive++] = (int)id;
        b->role = R_FAST;
        if (l->initial < l->keep) {
            b->role = R_KEEP;
        } else if (l->mixed) {
            static const int mix[20] = {R_HUMAN, R_HUMAN, R_HUMAN, R_HUMAN, R_HUMAN, R_HUMAN, R_HUMAN,
                                        R_HUMAN, R_HUMAN, R_HUMAN, R_HUMAN, R_FAST, R_FAST, R_FAST,
                                        R_WATCH, R_CHAT, R_RECONNECT, R_ROOMS, R_ATTACK, R_HUMAN};
            b->role = mix[(l->initial - l->keep) % 20];
            if (b->role == R_CHAT)
                b->next_at = now + 3000000;
            if (b->role == R_RECONNECT)
                b->next_at = now + 15000000 + (int64_t)ddz_rng_below(&l->rng, 15000000);
        }
        l->initial++;
        if ((int)id + 1 > l->started)
            l->started = (int)id + 1;
    }
    for (int k = 0; k < l->nlive;) {
        int i = l->live[k];
        Bot *b = &l->bots[i];
        if (b->closed) {
            l->live[k] = l->live[--l->nlive];
            continue;
        }
        k++;
        if (l->mixed && b->c.player && b->next_at && now >= b->next_at && now < l->end)
            role_move(l, b, i, now);
        if (b->act_at && now >= b->act_at) {
            b->act_at = 0;
            char msg[256];
            size_t len = ddz_client_auto(&b->c, &l->rng, msg, sizeof msg);
            if (len && now < l->end) {
                ddz_ws_client_send(l->ws, i, msg, len);
                b->sent_at = now;
                l->actions++;
                l->sec_actions++;
                l->by_role_actions[b->role]++;
            }
        }
        if (b->sent_at && now - b->sent_at > 5000000) {
            l->timeouts++;
            note_error(l, "no answer to an action", "within 5 s");
            b->sent_at = 0;
        }
    }
    if (now >= l->next_sec) {
        per_second(l, now);
        l->next_sec += 1000000;
    }
    if (now >= l->end + 500000)
        ddz_ws_client_stop(l->ws);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* VmHWM and VmRSS of a process, in MB; -1 when unknown. */
static void memory_of(pid_t pid, double *peak, double *now)
{
    char path[64], line[256];
    *peak = *now = -1;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        long kb;
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
            *peak = kb / 1024.0;
        else if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
            *now = kb / 1024.0;
    }
    fclose(f);
}

/* Starts ddz serve on a free port with a bot delay of bot_delay ms (and --computer-wait
 * computer_wait ms, unless it is negative: the server's default), quiet or logging to
 * log_path; returns its pid and writes its URL. */
static pid_t start_server(const char *db, const char *log_path, long bot_delay, long computer_wait, char *url,
                          size_t size)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        int logfd = log_path ? open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
        if (logfd >= 0) {
            dup2(logfd, 2);
            close(logfd);
        }
        /* Every client comes from 127.0.0.1: no limit of rooms per address. */
        char delay[24], wait[24];
        snprintf(delay, sizeof delay, "%ld", bot_delay);
        snprintf(wait, sizeof wait, "%ld", computer_wait);
        char *args[] = {"ddz", "serve", "--port", "0", "--bot-delay", delay, "--quick-wait", "5",
                        "--rooms-per-address", "100000", "--db", strdup(db), NULL, NULL, NULL, NULL};
        int n = 12;
        if (logfd < 0)
            args[n++] = "--quiet";
        if (computer_wait >= 0) {
            args[n++] = "--computer-wait";
            args[n++] = wait;
        }
        if (args[11])
            execv("/proc/self/exe", args);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char line[256] = "";
    int port = 0;
    if (f && fgets(line, sizeof line, f)) {
        char *p = strstr(line, "127.0.0.1:");
        if (p)
            port = atoi(p + 10);
    }
    if (f)
        fclose(f);
    if (port <= 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
        return -1;
    }
    snprintf(url, size, "ws://127.0.0.1:%d", port);
    return pid;
}

int cmd_loadtest(int argc, char **argv)
{
    long clients = 300, duration = 20, think = 300, server_pid = 0, keep = 0, bot_delay = -1, computer_wait = -1;
    const char *url = NULL, *db = NULL, *profile = "plain", *csv = NULL, *plot = NULL, *keep_level = "hard";
    const char *server_log = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (i + 1 >= argc)
            return cli_fail("loadtest: %s needs a value (see ddz help loadtest)", o);
        const char *v = argv[++i];
        char *end;
        long n = strtol(v, &end, 10);
        bool num = !*end && n >= 0;
        if (!strcmp(o, "--url"))
            url = v;
        else if (!strcmp(o, "--db"))
            db = v;
        else if (!strcmp(o, "--server-log"))
            server_log = v;
        else if (!strcmp(o, "--clients") && num && n >= 1 && n <= 100000)
            clients = n;
        else if (!strcmp(o, "--duration") && num && n >= 1 && n <= 86400)
            duration = n;
        else if (!strcmp(o, "--think") && num)
            think = n;
        else if (!strcmp(o, "--server-pid") && num)
            server_pid = n;
        else if (!strcmp(o, "--profile") && (!strcmp(v, "plain") || !strcmp(v, "mixed")))
            profile = v;
        else if (!strcmp(o, "--computer-rooms") && num && n <= 10000)
            keep = n;
        else if (!strcmp(o, "--bot-delay") && num && n <= 60000)
            bot_delay = n;
        else if (!strcmp(o, "--computer-wait") && num && n <= 600000)
            computer_wait = n;
        else if (!strcmp(o, "--computer-level") && (!strcmp(v, "easy") || !strcmp(v, "normal") ||
                                                     !strcmp(v, "hard") || !strcmp(v, "expert")))
            keep_level = v;
        else if (!strcmp(o, "--csv"))
            csv = v;
        else if (!strcmp(o, "--plot"))
            plot = v;
        else
            return cli_fail("loadtest: bad argument %s %s (see ddz help loadtest)", o, v);
    }
    if (url && (bot_delay >= 0 || computer_wait >= 0))
        return cli_fail("loadtest: --bot-delay and --computer-wait set the server it starts; with --url "
                        "the server's own settings hold (see ddz help loadtest)");
    Load *l = calloc(1, sizeof *l);
    /* Reconnects take new connections: of every 20 clients, an attacker is cut and comes back
     * every 5 s or so, a reconnecting client every 15 to 30 s. */
    long per20 = duration / 4 + duration / 10 + 4;
    int cap = (int)(clients + keep + (clients / 20 + 1) * per20) + 64;
    if (!l || !(l->bots = calloc((size_t)cap, sizeof *l->bots)) || !(l->live = calloc((size_t)cap, sizeof *l->live))) {
        if (l)
            free(l->bots);
        free(l);
        return cli_fail("loadtest: out of memory");
    }
    char own_url[64], db_path[64] = "";
    if (!url) {
        if (!db) {
            snprintf(db_path, sizeof db_path, "/tmp/ddz-loadtest-%d.db", (int)getpid());
            db = db_path;
        }
        l->server = start_server(db, server_log, bot_delay < 0 ? 0 : bot_delay, computer_wait, own_url, sizeof own_url);
        if (l->server < 0) {
            free(l->bots);
            free(l->live);
            free(l);
            return cli_fail("loadtest: could not start ddz serve");
        }
        url = own_url;
        server_pid = l->server;
    }
    l->n = (int)(clients + keep);
    l->keep = (int)keep;
    l->keep_level = keep_level;
    l->cap = cap;
    l->url = url;
    l->think_ms = (int)think;
    l->mixed = !strcmp(profile, "mixed");
    l->server_pid = (pid_t)server_pid;
    if (csv && !(l->csv = fopen(csv, "w")))
        fprintf(stderr, "loadtest: cannot write %s\n", csv);
    if (l->csv)
        fprintf(l->csv, "second,clients,people_samples,people_p50_ms,people_p99_ms,people_max_ms,actions,games,"
                        "server_rss_mb,generator_late_ms\n");
    ddz_rng_seed(&l->rng, 20260101);
    DdzWsHandler h = {lt_open, lt_message, lt_closed, lt_timer};
    DdzError err;
    l->ws = ddz_ws_client_new(&h, l, cap, &err);
    int rc = CLI_OK;
    if (!l->ws) {
        rc = cli_fail("loadtest: %s", err.msg);
    } else {
        /* Connect everyone within a tenth of the run (at most 10 s), at least 2 ms apart. */
        l->t0 = now_us();
        int64_t ramp = duration * 100000 < 10000000 ? duration * 100000 : 10000000;
        l->connect_every = l->n > 1 ? ramp / l->n : 0;
        l->ramp_end = l->t0 + ramp;
        l->end = l->t0 + duration * 1000000;
        l->next_sec = l->t0 + 1000000;
        printf("loadtest: %ld clients (%s profile) against %s for %ld s (think %ld ms)", clients, profile, url,
               duration, think);
        if (keep)
            printf(", and %ld rooms of %s computers", keep, keep_level);
        if (l->server > 0 && computer_wait >= 0)
            printf("; its own server's bot delay %ld ms, computer wait %ld ms", bot_delay < 0 ? 0 : bot_delay,
                   computer_wait);
        else if (l->server > 0)
            printf("; its own server's bot delay %ld ms", bot_delay < 0 ? 0 : bot_delay);
        printf("\n");
        fflush(stdout);
        ddz_ws_client_run(l->ws, 10);
        double secs = (double)(now_us() - l->t0) / 1e6;
        double peak = -1, rss = -1;
        if (server_pid)
            memory_of((pid_t)server_pid, &peak, &rss);
        for (int i = 0; i < l->started; i++)
            l->leaks += l->bots[i].c.leaks;
        qsort(l->lat, l->nlat, sizeof *l->lat, cmp_double);
        double p50 = l->nlat ? l->lat[l->nlat / 2] : 0, p99 = l->nlat ? l->lat[(size_t)((double)l->nlat * 0.99)] : 0;
        double mx = l->nlat ? l->lat[l->nlat - 1] : 0;
        long errors = l->error_frames + l->closed + l->failed + l->timeouts + l->leaks + l->bad_frames;
        printf("  tables          %ld\n", (clients + 2) / 3 + keep);
        printf("  games finished  %.0f\n", l->games);
        printf("  actions         %ld (%.1f/s)\n", l->actions, (double)l->actions / secs);
        printf("  latency         p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu samples)\n", p50, p99, mx, l->nlat);
        printf("  errors          %ld (error frames %ld, lost connections %ld, failed connects %ld, "
               "no answer %ld, leaks %ld, bad frames %ld)\n",
               errors, l->error_frames, l->closed, l->failed, l->timeouts, l->leaks, l->bad_frames);
        if (l->first_error[0])
            printf("  first error     %s\n", l->first_error);
        for (int i = 0; i < 8 && l->kinds[i].n; i++)
            printf("    %-28s %ld\n", l->kinds[i].what, l->kinds[i].n);
        if (peak >= 0)
            printf("  server memory   peak %.1f MB, now %.1f MB\n", peak, rss);
        if (l->npeople) {
            qsort(l->people_lat, l->npeople, sizeof *l->people_lat, cmp_double);
            printf("  people          p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu actions at human pace)\n",
                   l->people_lat[l->npeople / 2], l->people_lat[(size_t)((double)l->npeople * 0.99)],
                   l->people_lat[l->npeople - 1], l->npeople);
        }
        if (l->ncomp) {
            /* As the person in a room of computers sees them: the bot delay, the wait for a
             * think thread and the thinking, and the frames' way. */
            qsort(l->comp_lat, l->ncomp, sizeof *l->comp_lat, cmp_double);
            printf("  computers       a move %.0f ms after the one before at the median, p99 %.0f ms, max %.0f ms "
                   "(%zu moves in the %ld rooms of computers)\n",
                   l->comp_lat[l->ncomp / 2], l->comp_lat[(size_t)((double)l->ncomp * 0.99)],
                   l->comp_lat[l->ncomp - 1], l->ncomp, keep);
        }
        if (l->mixed) {
            /* People's latency over the whole run, from the per-second samples' p99s. */
            double worst = 0;
            for (size_t i = 0; i + 3 < l->nplot; i += 4)
                worst = l->plot[i + 2] > worst ? l->plot[i + 2] : worst;
            printf("  mixed profile   %ld reconnects, %ld refusals asked for (attackers, room openers); "
                   "worst per-second p99 of people %.2f ms\n", l->reconnects, l->expected, worst);
            for (int r = 0; r < R_NB; r++)
                printf("    %-15s %ld actions\n", ROLE_NAME[r], l->by_role_actions[r]);
        }
        if (plot) {
            DdzError perr;
            if (cli_plot_loadtest(plot, l->plot, l->nplot / 4, &perr) != 0)
                fprintf(stderr, "loadtest: %s\n", perr.msg);
            else
                printf("  plot            %s\n", plot);
        }
        ddz_ws_client_free(l->ws);
        rc = errors ? CLI_NO : CLI_OK;
    }
    if (l->server > 0) {
        kill(l->server, SIGTERM);
        waitpid(l->server, NULL, 0);
    }
    if (db && l->ws) {
        /* Every result stored once: the scores equal the sum of the stored results. */
        DdzError serr;
        DdzStore *st = ddz_store_open_readonly(db, &serr);
        DdzStoreStats ss;
        if (st && ddz_store_stats(st, &ss, &serr) == 0) {
            printf("  store           %lld games finished, %lld redealt, %lld aborted at the stop, %lld playing; "
                   "scores %s the stored results\n", (long long)ss.finished, (long long)ss.redeals,
                   (long long)ss.aborted, (long long)ss.playing, ss.score_sum == ss.result_sum ? "equal" : "DIFFER FROM");
            if (ss.score_sum != ss.result_sum || ss.playing)
                rc = CLI_NO;
        }
        ddz_store_close(st);
    }
    if (db_path[0]) {
        char p[80];
        unlink(db_path);
        snprintf(p, sizeof p, "%s-wal", db_path);
        unlink(p);
        snprintf(p, sizeof p, "%s-shm", db_path);
        unlink(p);
    }
    for (int i = 0; i < l->started; i++)
        ddz_client_free(&l->bots[i].c);
    free(l->live);
    if (l->csv)
        fclose(l->csv);
    free(l->plot);
    free(l->sec_lat);
    free(l->people_lat);
    free(l->comp_lat);
    free(l->lat);
    free(l->bots);
    free(l);
    return rc;
}
