/* helptext.c -- reading the command table's help texts: each command's options and its
 * one-line summary. The manual pages, the shell completions and the serve config file
 * all take them from here, so the help text stays the one source. */
#include <ctype.h>
#include <string.h>

#include "cli.h"

/* An option starts at a dash that follows a space, an opening bracket or a separator. */
static bool option_start(const char *text, const char *p)
{
    if (p > text && !strchr(" \n[(|,", p[-1]))
        return false;
    if (p[1] == '-')
        return islower((unsigned char)p[2]);
    /* a short option: one letter alone (-o, -h) */
    return islower((unsigned char)p[1]) && !isalnum((unsigned char)p[2]) && p[2] != '-';
}

/* The value an option takes, as written right after it: "N", "FILE", "zh|en", "A,B,C",
 * "ws://HOST:PORT". Prose ("--auto plays by itself") is no value. */
static void option_arg(const char *p, char *out, size_t size)
{
    out[0] = '\0';
    if (*p != ' ')
        return;
    p++;
    size_t n = strcspn(p, " \n])");
    while (n && strchr(",.:;", p[n - 1]))
        n--;
    if (n == 0 || p[0] == '-' || p[0] == '(' || n >= size)
        return;
    bool upper = false, bar = false;
    for (size_t i = 0; i < n; i++) {
        upper |= isupper((unsigned char)p[i]) != 0;
        bar |= p[i] == '|';
    }
    if (!upper && !bar)
        return;
    memcpy(out, p, n);
    out[n] = '\0';
}

static int scan(const char *text, CliOption *out, int n, int max)
{
    for (const char *p = strchr(text, '-'); p; p = strchr(p + 1, '-')) {
        if (!option_start(text, p))
            continue;
        size_t len = 1;
        while (isalnum((unsigned char)p[len]) || p[len] == '-')
            len++;
        while (len > 1 && p[len - 1] == '-')
            len--;
        if (len >= sizeof out[0].name)
            continue;
        char arg[sizeof out[0].arg];
        option_arg(p + len, arg, sizeof arg);
        int k = 0;
        while (k < n && !(strlen(out[k].name) == len && !strncmp(out[k].name, p, len)))
            k++;
        if (k == n) {
            if (n == max)
                continue;
            memcpy(out[n].name, p, len);
            out[n].name[len] = '\0';
            out[n].arg[0] = '\0';
            n++;
        }
        if (!out[k].arg[0])
            memcpy(out[k].arg, arg, sizeof arg);
    }
    return n;
}

int cli_command_options(const CliCommand *c, CliOption *out, int max)
{
    int n = scan(c->synopsis, out, 0, max);
    return scan(c->help, out, n, max);
}

void cli_command_summary(const CliCommand *c, char *buf, size_t size)
{
    const char *h = c->help;
    size_t n = 0;
    /* up to the first full stop (not the one of "e.g.") or the first indented line */
    while (h[n] && !(h[n] == '.' && (h[n + 1] == ' ' || h[n + 1] == '\n' || !h[n + 1]) &&
                     !(n >= 3 && (!strncmp(h + n - 3, "e.g", 3) || !strncmp(h + n - 3, "i.e", 3)))) &&
           !(h[n] == '\n' && h[n + 1] == ' '))
        n++;
    while (n && (h[n - 1] == ',' || h[n - 1] == ' ' || h[n - 1] == ':'))
        n--;
    if (n >= 5 && !strncmp(h + n - 5, " e.g.", 5))
        n -= 5;
    while (n && (h[n - 1] == ',' || h[n - 1] == ' ' || h[n - 1] == ':'))
        n--;
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < size; i++)
        buf[k++] = h[i] == '\n' ? ' ' : h[i];
    buf[k] = '\0';
}
