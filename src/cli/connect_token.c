/* connect_token.c -- where ddz connect keeps its tokens: one file per server and name under
 * $XDG_CONFIG_HOME/ddz/tokens/ (default ~/.config/ddz/tokens/), readable by its owner only,
 * so that starting the client again gets the same player (and its seat) back. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "connect.h"

int connect_token_path(const char *url, const char *name, char *out, size_t size)
{
    char host[256], path[256], dir[512];
    int port;
    DdzError err;
    if (ddz_ws_url_parse(url, host, sizeof host, &port, path, sizeof path, &err) != 0)
        return -1;
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(dir, sizeof dir, "%s/ddz/tokens", xdg);
    else if (home && home[0])
        snprintf(dir, sizeof dir, "%s/.config/ddz/tokens", home);
    else
        return -1;
    /* HOST_PORT, and the name in hex (any UTF-8 makes a safe file name). */
    int n = snprintf(out, size, "%s/", dir);
    for (const char *h = host; *h && n > 0 && (size_t)n + 2 < size; h++)
        out[n++] = (char)(strchr(":/\\", *h) ? '_' : *h);
    if (n < 0 || (size_t)n >= size)
        return -1;
    n += snprintf(out + n, size - (size_t)n, "_%d", port);
    if (name && name[0] && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "-");
    for (const unsigned char *s = (const unsigned char *)name; s && *s && (size_t)n + 3 < size; s++)
        n += snprintf(out + n, size - (size_t)n, "%02x", *s);
    return (size_t)n < size ? 0 : -1;
}

void connect_token_load(const char *path, char *token, size_t size)
{
    token[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char buf[128];
    if (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n \t")] = '\0';
        if (strlen(buf) < size)
            snprintf(token, size, "%s", buf);
    }
    fclose(f);
}

/* mkdir -p of path's directory, each part 0700. */
static int make_dirs(const char *path)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

int connect_token_save(const char *path, const char *token, DdzError *err)
{
    if (make_dirs(path) != 0)
        return ddz_error_set(err, 0, "cannot make the directory of %s: %s", path, strerror(errno));
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        return ddz_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return ddz_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
    }
    fprintf(f, "%s\n", token);
    if (fclose(f) != 0)
        return ddz_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
    return 0;
}
