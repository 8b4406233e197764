/* cmd_connect.c -- ddz connect: the command line, the connection and its callbacks, which
 * hand every message to the curses screens (src/play/net.c), the line mode (connect_plain.c)
 * or the automatic client (connect_auto.c). */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include <unistd.h>

#include "cli.h"
#include "connect.h"
#include "ddz/movegen.h"

int64_t connect_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void connect_send(App *a, const char *text)
{
    if (a->id >= 0)
        ddz_ws_client_send(a->ws, a->id, text, strlen(text));
}

void connect_sendf(App *a, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    connect_send(a, buf);
}

/* A JSON string literal of s (for names, passwords and chat typed by people). */
char *connect_quoted(const char *s)
{
    json_t *j = json_string(s);
    char *out = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
    json_decref(j);
    return out ? out : strdup("\"\"");
}


/* Transport callbacks ---------------------------------------------------------------------------*/

static void on_open(void *ctx, long id)
{
    App *a = ctx;
    if (id != a->id)
        return;
    char *n = a->name ? connect_quoted(a->name) : NULL;
    connect_sendf(a, "{\"type\":\"hello\",\"version\":1%s%s%s%s%s}", n ? ",\"name\":" : "", n ? n : "",
          a->c.token[0] ? ",\"token\":\"" : "", a->c.token, a->c.token[0] ? "\"" : "");
    free(n);
}

static void save_token(App *a)
{
    DdzError err;
    if (a->token_file && a->c.token[0] && connect_token_save(a->token_file, a->c.token, &err) != 0 && !a->ui)
        fprintf(stderr, "ddz connect: the token is not kept: %s\n", err.msg);
}

static void on_message(void *ctx, long id, const char *data, size_t len)
{
    App *a = ctx;
    if (id != a->id)
        return;
    if (a->frames) {
        fwrite(data, 1, len, a->frames);
        fputc('\n', a->frames);
    }
    json_t *m = json_loadb(data, len, 0, NULL);
    if (!m) {
        a->errors++;
        return;
    }
    DdzClientEvent e = ddz_client_feed_json(&a->c, m);
    if (a->c.turn_deadline_frame == a->c.frames) /* whose turn it is, and until when */
        a->turn_at = a->c.turn_deadline_ms >= 0 ? connect_now_ms() + a->c.turn_deadline_ms : 0;
    if (e == DDZ_EV_WELCOME)
        save_token(a);
    if (e == DDZ_EV_ERROR && !a->c.player && !strcmp(a->c.error_code, "bad_token") && a->c.token[0]) {
        /* The server does not know the saved token: a new player, whose token is kept. */
        a->c.token[0] = '\0';
        on_open(a, a->id);
    }
    if (e == DDZ_EV_TURN || e == DDZ_EV_START || e == DDZ_EV_STATE)
        a->hint = -1;
    if ((e == DDZ_EV_OVER || e == DDZ_EV_REDEAL) && a->record_path && a->c.record) {
        FILE *f = fopen(a->record_path, "a");
        if (f) {
            fputs(a->c.record, f);
            fclose(f);
        }
    }
    if (e == DDZ_EV_ERROR && json_is_true(json_object_get(m, "fatal")) && !a->dropping && !a->hostile_on)
        a->exit_code = CLI_USAGE;
    if (a->ui)
        net_ui_message(a->ui, e, m);
    else
        connect_show_event(a, e, m);
    if (a->hostile_on)
        connect_hostile_step(a, e);
    else if (a->autoplay)
        connect_auto_after(a, e, m);
    json_decref(m);
}

static void on_closed(void *ctx, long id, const char *why)
{
    App *a = ctx;
    if (id != a->id)
        return;
    a->id = -1;
    if (a->hostile_on && a->hostile > CONNECT_HOSTILE_NB) {
        /* Cut off after the oversized frame: what we wanted, with or without its error (the
         * server closes while we still send, so the kernel may reset the connection). */
        a->hostile_cut = true;
        a->done = true;
    }
    if (a->dropping) {
        a->dropping = false;
        a->reconnects++;
        a->reconnect_at = connect_now_ms() + 500;
        return;
    }
    if (!a->done) {
        if (a->ui) {
            net_ui_free(a->ui);
            a->ui = NULL;
        }
        fprintf(stderr, "ddz connect: connection to %s lost (%s)\n", a->url, why);
        if (!a->exit_code)
            a->exit_code = CLI_USAGE;
    }
    ddz_ws_client_stop(a->ws);
}

static void on_timer(void *ctx)
{
    App *a = ctx;
    if (a->reconnect_at && connect_now_ms() >= a->reconnect_at) {
        a->reconnect_at = 0;
        DdzError err;
        a->id = ddz_ws_client_connect(a->ws, a->url, &err);
        if (a->id < 0) {
            fprintf(stderr, "ddz connect: %s\n", err.msg);
            a->exit_code = CLI_USAGE;
            ddz_ws_client_stop(a->ws);
            return;
        }
    }
    if (a->give_up_at && connect_now_ms() >= a->give_up_at) {
        fprintf(stderr, "ddz connect: gave up after --timeout (%ld of %ld games)\n", a->c.games_over, a->games_want);
        a->exit_code = 3;
        ddz_ws_client_stop(a->ws);
        return;
    }
    if (a->autoplay)
        connect_auto_timer(a);
    else if (a->ui) {
        if (net_ui_tick(a->ui) && !a->done) {
            a->done = true;
            if (a->id >= 0)
                ddz_ws_client_close(a->ws, a->id);
            else
                ddz_ws_client_stop(a->ws);
        }
    } else
        connect_line_timer(a);
}

static void ui_send(void *ctx, const char *json)
{
    connect_send(ctx, json);
}

int cmd_connect(int argc, char **argv)
{
    App *a = calloc(1, sizeof *a);
    if (!a)
        return cli_fail("connect: out of memory");
    ddz_client_init(&a->c);
    a->id = -1;
    a->style = DDZ_STYLE_UNICODE;
    a->think_ms = 150;
    a->games_want = 1;
    a->bot_level = "normal";
    long timeout_s = 0;
    const char *frames_path = NULL;
    bool plain = false;
    int sort = PLAY_SORT_RANK;
    a->lang = play_locale_lang();
    int rc = CLI_OK;
    for (int i = 1; i < argc && rc == CLI_OK; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(o, "--name") || !strcmp(o, "--token-file") || !strcmp(o, "--record") ||
                     !strcmp(o, "--frames") || !strcmp(o, "--create") || !strcmp(o, "--join") ||
                     !strcmp(o, "--watch") || !strcmp(o, "--password") || !strcmp(o, "--games") ||
                     !strcmp(o, "--think") || !strcmp(o, "--bots") || !strcmp(o, "--bot-level") ||
                     !strcmp(o, "--drop-after") || !strcmp(o, "--timeout") || !strcmp(o, "--lang") || !strcmp(o, "--sort");
        if (takes && !v) {
            rc = cli_fail("connect: %s needs a value", o);
            break;
        }
        if (takes)
            i++;
        if (!strcmp(o, "--name"))
            a->name = v;
        else if (!strcmp(o, "--token-file"))
            a->token_file = v;
        else if (!strcmp(o, "--record"))
            a->record_path = v;
        else if (!strcmp(o, "--frames"))
            frames_path = v;
        else if (!strcmp(o, "--create") || !strcmp(o, "--join") || !strcmp(o, "--watch")) {
            a->goal = !strcmp(o, "--create") ? GOAL_CREATE : !strcmp(o, "--join") ? GOAL_JOIN : GOAL_WATCH;
            snprintf(a->goal_arg, sizeof a->goal_arg, "%s", v);
        } else if (!strcmp(o, "--quick"))
            a->goal = GOAL_QUICK;
        else if (!strcmp(o, "--password"))
            a->password = v;
        else if (!strcmp(o, "--bot-level"))
            a->bot_level = v;
        else if (!strcmp(o, "--games") || !strcmp(o, "--think") || !strcmp(o, "--bots") ||
                 !strcmp(o, "--drop-after") || !strcmp(o, "--timeout")) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 0 || n > 100000000) {
                rc = cli_fail("connect: %s needs a number, not '%s'", o, v);
                break;
            }
            if (!strcmp(o, "--games"))
                a->games_want = n;
            else if (!strcmp(o, "--think"))
                a->think_ms = (int)n;
            else if (!strcmp(o, "--bots"))
                a->bots = (int)(n > 2 ? 2 : n);
            else if (!strcmp(o, "--drop-after"))
                a->drop_after = n;
            else
                timeout_s = n;
        } else if (!strcmp(o, "--auto"))
            a->autoplay = true;
        else if (!strcmp(o, "--hostile"))
            a->hostile_on = true;
        else if (!strcmp(o, "--verbose") || !strcmp(o, "-v"))
            a->verbose = true;
        else if (!strcmp(o, "--new"))
            a->fresh = true;
        else if (!strcmp(o, "--plain"))
            plain = true;
        else if (!strcmp(o, "--lang")) {
            if (strcmp(v, "zh") && strcmp(v, "en")) {
                rc = cli_fail("connect: --lang takes zh or en");
                break;
            }
            a->lang = !strcmp(v, "zh") ? PLAY_ZH : PLAY_EN;
        }
        else if (!strcmp(o, "--ascii"))
            a->style = DDZ_STYLE_ASCII;
        else if (!strcmp(o, "--sort")) {
            if ((sort = play_sort_parse(v)) < 0) {
                rc = cli_fail("connect: --sort takes rank, group or combo");
                break;
            }
        }
        else if (!strncmp(o, "ws://", 5) && !a->url)
            a->url = o;
        else
            rc = cli_fail("connect: unknown argument '%s' (see ddz help connect)", o);
    }
    if (rc == CLI_OK && !a->url)
        rc = cli_fail("connect: where to? ddz connect ws://HOST:PORT");
    bool hostile_mode = a->hostile_on;
    if (a->hostile_on) {
        a->autoplay = true; /* quiet, no standard input */
        a->goal = GOAL_QUICK; /* never used: connect_hostile_step takes over after the welcome */
    }
    if (rc == CLI_OK && a->autoplay && a->goal == GOAL_NONE)
        rc = cli_fail("connect: --auto needs --create NAME, --join ROOM, --watch ROOM or --quick");
    if (rc != CLI_OK) {
        free(a);
        return rc;
    }
    /* People get their player back when they start again: the token is kept per server and
     * name, unless --token-file says where (the automatic clients keep none by default). */
    if (!a->token_file && !a->autoplay &&
        connect_token_path(a->url, a->name, a->token_path, sizeof a->token_path) == 0)
        a->token_file = a->token_path;
    if (a->token_file && !a->fresh)
        connect_token_load(a->token_file, a->c.token, sizeof a->c.token);
    if (frames_path && !(a->frames = fopen(frames_path, "w"))) {
        free(a);
        return cli_fail("connect: cannot write %s: %s", frames_path, strerror(errno));
    }
    uint64_t seed;
    if (ddz_seed_secure(&seed) != 0)
        seed = (uint64_t)time(NULL);
    ddz_rng_seed(&a->rng, seed);
    a->hints = malloc(sizeof *a->hints * DDZ_MAX_MOVES);
    a->tp = calloc(1, sizeof *a->tp);
    if (a->tp) {
        a->tp->cfg.lang = a->lang;
        a->tp->sort = sort; /* the line mode's hand (combo: a splitter made on demand) */
    }
    a->hint = -1;
    pthread_mutex_init(&a->mu, NULL);
    DdzWsHandler h = {on_open, on_message, on_closed, on_timer};
    DdzError err;
    a->ws = ddz_ws_client_new(&h, a, 8, &err);
    if (!a->ws || !a->hints || !a->tp) {
        ddz_ws_client_free(a->ws);
        free(a->hints);
        free(a->tp);
        free(a);
        return cli_fail("connect: %s", err.msg);
    }
    a->id = ddz_ws_client_connect(a->ws, a->url, &err);
    if (a->id < 0) {
        ddz_ws_client_free(a->ws);
        free(a->hints);
        free(a->tp);
        free(a);
        return cli_fail("connect: %s", err.msg);
    }
    if (a->goal == GOAL_QUICK)
        a->ready_for = 1; /* a quick match readies us for the first game */
    if (timeout_s)
        a->give_up_at = connect_now_ms() + timeout_s * 1000;
    if (!a->autoplay && !plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        a->ui = net_ui_new(&a->c, a->lang, a->style == DDZ_STYLE_ASCII, a->url, ui_send, a);
    if (a->ui)
        net_ui_sort(a->ui, sort);
    pthread_t th;
    bool threaded = !a->autoplay && !a->ui && pipe(a->reader_stop) == 0;
    if (threaded && pthread_create(&th, NULL, connect_reader, a) != 0) {
        close(a->reader_stop[0]);
        close(a->reader_stop[1]);
        threaded = false;
    }
    if (!a->autoplay)
        connect_sayt(a, T_L_CONNECTING, a->url);
    ddz_ws_client_run(a->ws, 50);
    if (a->ui) {
        net_ui_free(a->ui);
        a->ui = NULL;
    }
    rc = a->exit_code;
    if (hostile_mode) {
        bool ok = a->hostile_cut && rc == CLI_OK;
        printf("connect: hostile: %d bad messages answered, oversized frame %s\n", a->hostile > 0 ? a->hostile - 1 : 0,
               a->hostile_cut ? "cut off" : "NOT cut off");
        rc = ok ? CLI_OK : CLI_NO;
    } else if (a->autoplay) {
        DdzClient *c = &a->c;
        printf("connect: %s seat %d: %ld game%s, totals [%d,%d,%d], %ld frames, %ld leaks, commitments %s, "
               "%ld reconnects, %ld errors\n",
               c->name, c->seat, c->games_over, c->games_over == 1 ? "" : "s", c->totals[0], c->totals[1],
               c->totals[2], c->frames, c->leaks, c->games_over && c->commit_ok ? "ok" : c->games_over ? "BAD" : "-",
               a->reconnects, a->errors);
        if (c->leaks) {
            fprintf(stderr, "ddz connect: hidden cards were shown: %s\n", c->leak);
            rc = CLI_NO;
        } else if (rc == CLI_OK && (c->games_over < a->games_want || !c->commit_ok)) {
            rc = CLI_NO;
        }
    }
    if (threaded) {
        /* The connect_reader may be waiting for standard input: its stop pipe ends the wait. */
        ssize_t w;
        do
            w = write(a->reader_stop[1], "", 1);
        while (w < 0 && errno == EINTR);
        pthread_join(th, NULL);
        close(a->reader_stop[0]);
        close(a->reader_stop[1]);
    }
    ddz_ws_client_free(a->ws);
    for (Line *l = a->lines, *next; l; l = next) {
        next = l->next;
        free(l);
    }
    if (a->frames)
        fclose(a->frames);
    ddz_client_free(&a->c);
    free(a->hints);
    play_sort_free(a->tp);
    free(a->tp);
    free(a);
    return rc;
}

