/* cmd_web.c -- ddz web: the game in a browser. A server on this machine with the built-in
 * client; the printed address opens a table with two computer players (#solo=LEVEL). */
#define _DEFAULT_SOURCE /* environ */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "ddz/ai.h"
#include "ddz/http.h"
#include "ddz/server.h"

extern char **environ;

typedef struct WebStart {
    char level[16];
    bool open;
} WebStart;

/* Whether an executable called name is on PATH. */
static bool on_path(const char *name)
{
    const char *path = getenv("PATH");
    char buf[4096];
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        if (n && n < sizeof buf - strlen(name) - 2) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
            if (access(buf, X_OK) == 0)
                return true;
        }
        path = colon ? colon + 1 : NULL;
    }
    return false;
}

static void listening(void *ctx, const char *iface, int port)
{
    WebStart *ws = ctx;
    char url[256], path[48];
    snprintf(path, sizeof path, "/#solo=%s", ws->level);
    bool any = ddz_http_url(iface, port, path, url, sizeof url);
    printf("ddz web: play at %s  (Ctrl-C stops the server)\n", url);
    if (any) /* every address: other machines use this one's */
        printf("ddz web: listening on every address: from another machine, open http://THIS-MACHINE:%d%s\n", port,
               path);
    fflush(stdout);
    bool display = getenv("DISPLAY") || getenv("WAYLAND_DISPLAY");
    if (!ws->open || !display || !on_path("xdg-open"))
        return;
    /* The browser opener runs on its own; its exit is reaped right away (xdg-open returns
     * once the browser is started), its output left to the terminal. */
    char *argv[] = {"xdg-open", url, NULL};
    pid_t pid;
    if (posix_spawnp(&pid, "xdg-open", NULL, NULL, argv, environ) == 0)
        waitpid(pid, NULL, WNOHANG);
}

int cmd_web(int argc, char **argv)
{
    DdzServeConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.iface = "127.0.0.1";
    cfg.port = 0;
    cfg.quiet = true;
    cfg.server = ddz_server_config_default();
    cfg.server.turn_ms = 0;
    WebStart ws = {"normal", true};
    DdzWebSite dir_site = {NULL, 0, "dev", NULL};
    cfg.web = &ddz_web_builtin;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--no-open")) {
            ws.open = false;
            continue;
        }
        if (i + 1 >= argc)
            return cli_fail("web: unknown argument '%s' or a missing value (see ddz help web)", a);
        const char *val = argv[++i];
        char *end;
        errno = 0;
        long v = strtol(val, &end, 10);
        bool num = !*end && !errno && end != val;
        if (!strcmp(a, "--level")) {
            DdzLevel lv;
            DdzError err;
            if (ddz_level_parse(val, &lv, &err) != 0)
                return cli_fail("web: --level: %s", err.msg);
            snprintf(ws.level, sizeof ws.level, "%s", ddz_level_name(lv));
        } else if (!strcmp(a, "--port")) {
            if (!num || v < 0 || v > 65535)
                return cli_fail("web: --port: '%s' is not a number from 0 to 65535", val);
            cfg.port = (int)v;
        } else if (!strcmp(a, "--turn")) {
            if (!num || v < 0 || v > 3600)
                return cli_fail("web: --turn: '%s' is not a number from 0 to 3600", val);
            cfg.server.turn_ms = (int)v * 1000;
        } else if (!strcmp(a, "--listen")) {
            cfg.iface = val;
        } else if (!strcmp(a, "--db")) {
            cfg.db = val;
        } else if (!strcmp(a, "--web")) {
            dir_site.dir = val;
            cfg.web = &dir_site;
        } else {
            return cli_fail("web: unknown argument '%s' (see ddz help web)", a);
        }
    }
    cfg.listening = listening;
    cfg.listening_ctx = &ws;
    DdzError err;
    if (ddz_serve_run(&cfg, &err) != 0)
        return cli_fail("web: %s", err.msg);
    return CLI_OK;
}
