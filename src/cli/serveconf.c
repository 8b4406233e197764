/* serveconf.c -- reading ddz serve's configuration file (serveconf.h). */
#include "serveconf.h"

#include <ctype.h>
#include <string.h>

#define CONF_LINE_MAX 4096

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool is_word(const char *v, const char *const *words)
{
    for (; *words; words++)
        if (!strcmp(v, *words))
            return true;
    return false;
}

/* The value after '=': quotes removed, a comment after unquoted whitespace dropped. Returns
 * it (inside v), or NULL with err. */
static char *value_of(char *v, const char *path, int line, DdzError *err)
{
    v = trim(v);
    if (*v == '"') {
        char *end = strchr(v + 1, '"');
        if (!end) {
            ddz_error_set(err, line, "%s:%d: a value opened with \" is not closed", path, line);
            return NULL;
        }
        char *rest = trim(end + 1);
        if (*rest && *rest != '#') {
            ddz_error_set(err, line, "%s:%d: '%.40s' after the quoted value", path, line, rest);
            return NULL;
        }
        *end = '\0';
        return v + 1;
    }
    for (char *p = v; *p; p++)
        if (*p == '#' && p > v && isspace((unsigned char)p[-1])) {
            *p = '\0';
            break;
        }
    return trim(v);
}

static void key_list(const ServeConfKey *keys, int nkeys, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < nkeys && k + 1 < size; i++) {
        int w = snprintf(buf + k, size - k, "%s%s", i ? ", " : "", keys[i].name);
        if (w < 0 || (size_t)w >= size - k)
            break;
        k += (size_t)w;
    }
}

int serve_conf_read(FILE *f, const char *path, const ServeConfKey *keys, int nkeys, ServeConfApply apply, void *ctx,
                    DdzError *err)
{
    static const char *const YES[] = {"yes", "true", "on", "1", NULL};
    static const char *const NO[] = {"no", "false", "off", "0", NULL};
    char buf[CONF_LINE_MAX + 2];
    int line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        size_t len = strlen(buf);
        if (len == sizeof buf - 1 && buf[len - 1] != '\n')
            return ddz_error_set(err, line, "%s:%d: line longer than %d characters", path, line, CONF_LINE_MAX);
        char *s = trim(buf);
        if (!*s || *s == '#')
            continue;
        char *eq = strchr(s, '=');
        if (!eq)
            return ddz_error_set(err, line, "%s:%d: expected NAME = VALUE, got '%.60s'", path, line, s);
        *eq = '\0';
        char *name = trim(s), *value = eq + 1;
        int k = 0;
        while (k < nkeys && strcmp(keys[k].name, name))
            k++;
        if (k == nkeys) {
            char list[1024];
            key_list(keys, nkeys, list, sizeof list);
            return ddz_error_set(err, line, "%s:%d: unknown setting '%.40s' (settings: %s)", path, line, name, list);
        }
        value = value_of(value, path, line, err);
        if (!value)
            return -1;
        char flag[sizeof keys[k].flag];
        memcpy(flag, keys[k].flag, sizeof flag);
        char *argv[3] = {flag, value, NULL};
        int argc = 2;
        if (!keys[k].value) {
            if (is_word(value, NO))
                continue;
            if (!is_word(value, YES))
                return ddz_error_set(err, line, "%s:%d: %s: yes or no, not '%.40s'", path, line, name, value);
            argc = 1;
        } else if (!*value) {
            return ddz_error_set(err, line, "%s:%d: %s needs a value", path, line, name);
        }
        DdzError e = {0, ""};
        if (apply(ctx, argc, argv, &e) != 0)
            return ddz_error_set(err, line, "%s:%d: %s", path, line, e.msg);
    }
    if (ferror(f))
        return ddz_error_set(err, 0, "%s: read error", path);
    return 0;
}
