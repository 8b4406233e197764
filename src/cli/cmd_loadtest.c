/* cmd_loadtest.c -- ddz loadtest: many bot clients against a server (started here unless
 * --url names one); reports games finished, actions per second, latency and errors. */
#define _DEFAULT_SOURCE /* kill, fdopen */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "ddz/client.h"

typedef struct Bot {
    DdzClient c;
    long id;
    int humans;          /* people seated in its room */
    int64_t act_at;      /* when to act (us), 0 none */
    int64_t sent_at;     /* when the last action went (us), 0 none pending */
    bool closed;
    long over_seen;
} Bot;

typedef struct Load {
    DdzWsClient *ws;
    Bot *bots;
    int n, started;
    const char *url;
    int think_ms;
    int64_t t0, ramp_end, end, connect_every;
    DdzRng rng;
    double *lat;         /* latencies, ms */
    size_t nlat, caplat;
    double games;
    long actions, error_frames, closed, failed, timeouts, leaks, bad_frames;
    char first_error[256];
    pid_t server;
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
}

static void lt_open(void *ctx, long id)
{
    Load *l = ctx;
    char msg[96];
    snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"version\":1,\"name\":\"压测%ld\"}", id);
    ddz_ws_client_send(l->ws, id, msg, strlen(msg));
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
        ddz_ws_client_send(l->ws, id, "{\"type\":\"quick\"}", 16);
        break;
    case DDZ_EV_ROOM: {
        json_t *seats = json_object_get(json_object_get(m, "room"), "seats");
        b->humans = 0;
        for (size_t s = 0; s < 3; s++)
            b->humans += json_object_get(json_array_get(seats, s), "player") != NULL;
        const char *state = json_string_value(json_object_get(json_object_get(m, "room"), "state"));
        /* A quick match readies us for the first game; after each game we say ready again. */
        if (state && !strcmp(state, "waiting") && b->c.seat >= 0 && b->c.games_over > b->over_seen && now < l->end) {
            b->over_seen = b->c.games_over;
            ddz_ws_client_send(l->ws, id, "{\"type\":\"ready\"}", 16);
        }
        break;
    }
    case DDZ_EV_TURN: {
        int64_t think = (int64_t)l->think_ms * 1000;
        b->act_at = now + think / 2 + (int64_t)ddz_rng_below(&l->rng, (uint32_t)(think + 1));
        break;
    }
    case DDZ_EV_ACTION:
        if (json_integer_value(json_object_get(m, "seat")) == b->c.seat && b->sent_at) {
            if (l->nlat == l->caplat) {
                size_t cap = l->caplat ? l->caplat * 2 : 1 << 16;
                double *x = realloc(l->lat, cap * sizeof *x);
                if (x) {
                    l->lat = x;
                    l->caplat = cap;
                }
            }
            if (l->nlat < l->caplat)
                l->lat[l->nlat++] = (double)(now - b->sent_at) / 1000.0;
            b->sent_at = 0;
        }
        break;
    case DDZ_EV_OVER:
        l->games += b->humans > 0 ? 1.0 / b->humans : 0;
        break;
    case DDZ_EV_ERROR:
        l->error_frames++;
        note_error(l, b->c.error_code, b->c.error);
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
    if (now_us() < l->end) {
        if (b->c.player)
            l->closed++;
        else
            l->failed++;
        note_error(l, "a connection closed", why);
    }
}

static void lt_timer(void *ctx)
{
    Load *l = ctx;
    int64_t now = now_us();
    /* Ramp up: connect at an even pace. */
    while (l->started < l->n && now >= l->t0 + l->started * l->connect_every) {
        DdzError err;
        long id = ddz_ws_client_connect(l->ws, l->url, &err);
        if (id < 0) {
            l->failed++;
            note_error(l, "connect", err.msg);
            break;
        }
        l->started++;
    }
    for (int i = 0; i < l->started; i++) {
        Bot *b = &l->bots[i];
        if (b->closed)
            continue;
        if (b->act_at && now >= b->act_at) {
            b->act_at = 0;
            char msg[256];
            size_t len = ddz_client_auto(&b->c, &l->rng, msg, sizeof msg);
            if (len && now < l->end) {
                ddz_ws_client_send(l->ws, i, msg, len);
                b->sent_at = now;
                l->actions++;
            }
        }
        if (b->sent_at && now - b->sent_at > 5000000) {
            l->timeouts++;
            note_error(l, "no answer to an action", "within 5 s");
            b->sent_at = 0;
        }
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

/* Starts ddz serve on a free port; returns its pid and writes its URL. */
static pid_t start_server(const char *db, char *url, size_t size)
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
        execl("/proc/self/exe", "ddz", "serve", "--port", "0", "--quiet", "--bot-delay", "0", "--quick-wait", "5",
              "--db", db, (char *)NULL);
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
    long clients = 300, duration = 20, think = 300, server_pid = 0;
    const char *url = NULL, *db = NULL;
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
        else if (!strcmp(o, "--clients") && num && n >= 1 && n <= 100000)
            clients = n;
        else if (!strcmp(o, "--duration") && num && n >= 1)
            duration = n;
        else if (!strcmp(o, "--think") && num)
            think = n;
        else if (!strcmp(o, "--server-pid") && num)
            server_pid = n;
        else
            return cli_fail("loadtest: bad argument %s %s (see ddz help loadtest)", o, v);
    }
    Load *l = calloc(1, sizeof *l);
    if (!l || !(l->bots = calloc((size_t)clients, sizeof *l->bots))) {
        free(l);
        return cli_fail("loadtest: out of memory");
    }
    char own_url[64], db_path[64] = "";
    if (!url) {
        if (!db) {
            snprintf(db_path, sizeof db_path, "/tmp/ddz-loadtest-%d.db", (int)getpid());
            db = db_path;
        }
        l->server = start_server(db, own_url, sizeof own_url);
        if (l->server < 0) {
            free(l->bots);
            free(l);
            return cli_fail("loadtest: could not start ddz serve");
        }
        url = own_url;
        server_pid = l->server;
    }
    l->n = (int)clients;
    l->url = url;
    l->think_ms = (int)think;
    for (int i = 0; i < l->n; i++)
        ddz_client_init(&l->bots[i].c);
    ddz_rng_seed(&l->rng, 20260101);
    DdzWsHandler h = {lt_open, lt_message, lt_closed, lt_timer};
    DdzError err;
    l->ws = ddz_ws_client_new(&h, l, l->n, &err);
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
        printf("loadtest: %d clients against %s for %ld s (think %ld ms)\n", l->n, url, duration, think);
        fflush(stdout);
        ddz_ws_client_run(l->ws, 10);
        double secs = (double)(now_us() - l->t0) / 1e6;
        double peak = -1, rss = -1;
        if (server_pid)
            memory_of((pid_t)server_pid, &peak, &rss);
        for (int i = 0; i < l->n; i++)
            l->leaks += l->bots[i].c.leaks;
        qsort(l->lat, l->nlat, sizeof *l->lat, cmp_double);
        double p50 = l->nlat ? l->lat[l->nlat / 2] : 0, p99 = l->nlat ? l->lat[(size_t)((double)l->nlat * 0.99)] : 0;
        double mx = l->nlat ? l->lat[l->nlat - 1] : 0;
        long errors = l->error_frames + l->closed + l->failed + l->timeouts + l->leaks + l->bad_frames;
        printf("  tables          %d\n", (l->n + 2) / 3);
        printf("  games finished  %.0f\n", l->games);
        printf("  actions         %ld (%.1f/s)\n", l->actions, (double)l->actions / secs);
        printf("  latency         p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu samples)\n", p50, p99, mx, l->nlat);
        printf("  errors          %ld (error frames %ld, lost connections %ld, failed connects %ld, "
               "no answer %ld, leaks %ld, bad frames %ld)\n",
               errors, l->error_frames, l->closed, l->failed, l->timeouts, l->leaks, l->bad_frames);
        if (l->first_error[0])
            printf("  first error     %s\n", l->first_error);
        if (peak >= 0)
            printf("  server memory   peak %.1f MB, now %.1f MB\n", peak, rss);
        ddz_ws_client_free(l->ws);
        rc = errors ? CLI_NO : CLI_OK;
    }
    if (l->server > 0) {
        kill(l->server, SIGTERM);
        waitpid(l->server, NULL, 0);
    }
    if (db_path[0]) {
        char p[80];
        unlink(db_path);
        snprintf(p, sizeof p, "%s-wal", db_path);
        unlink(p);
        snprintf(p, sizeof p, "%s-shm", db_path);
        unlink(p);
    }
    for (int i = 0; i < l->n; i++)
        ddz_client_free(&l->bots[i].c);
    free(l->lat);
    free(l->bots);
    free(l);
    return rc;
}
