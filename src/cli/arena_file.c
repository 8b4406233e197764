/* arena_file.c -- the games file of ddz arena (arena_file.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arena_file.h"

#define MAGIC "# ddz arena games 1"

int arena_file_write(const char *path, const DdzArenaConfig *cfg, DdzError *err)
{
    FILE *fp = fopen(path, "w");
    if (!fp) {
        snprintf(err->msg, sizeof err->msg, "%.150s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(fp, MAGIC "\n# a %s\n# b %s\n# rules %s\n# options %s\n# bidding %d\n# seed %llu\n# deals %ld\n", cfg->a,
            cfg->b, ddz_ruleset_name(cfg->rules), cfg->options && *cfg->options ? cfg->options : "-",
            cfg->bidding ? 1 : 0, (unsigned long long)cfg->seed, cfg->deals);
    for (long k = 0; k < cfg->deals; k++) {
        const DdzArenaGame *g = &cfg->games[2 * k];
        fprintf(fp, "%ld %d %d %d %d\n", k, g[0].won, g[0].points, g[1].won, g[1].points);
    }
    if (ferror(fp) | (fclose(fp) != 0)) {
        snprintf(err->msg, sizeof err->msg, "%.150s: could not write it all", path);
        return -1;
    }
    return 0;
}

void arena_file_free(ArenaFile *f)
{
    free(f->games);
    f->games = NULL;
}

/* Copies the value of header line "# KEY VALUE" into dst when the line names key. */
static bool header_value(const char *line, const char *key, char *dst, size_t size)
{
    size_t n = strlen(key);
    if (strncmp(line + 2, key, n) != 0 || line[2 + n] != ' ')
        return false;
    const char *v = line + 3 + n;
    size_t len = strcspn(v, "\n");
    if (len >= size)
        len = size - 1;
    memcpy(dst, v, len);
    dst[len] = '\0';
    return true;
}

static int bad(DdzError *err, const char *path, long line, const char *what)
{
    snprintf(err->msg, sizeof err->msg, "%.120s:%ld: %s", path, line, what);
    return -1;
}

int arena_file_read(const char *path, ArenaFile *f, DdzError *err)
{
    memset(f, 0, sizeof *f);
    f->deals = -1;
    f->bidding = -1;
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err->msg, sizeof err->msg, "%.150s: %s", path, strerror(errno));
        return -1;
    }
    char line[512], num[32];
    long lineno = 0, k = 0;
    int rc = 0;
    bool seed = false;
    while (rc == 0 && fgets(line, sizeof line, fp)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(fp)) {
            rc = bad(err, path, lineno, "line too long");
        } else if (lineno == 1) {
            if (strncmp(line, MAGIC, strlen(MAGIC)) != 0 || (line[strlen(MAGIC)] != '\n' && line[strlen(MAGIC)]))
                rc = bad(err, path, lineno, "not a games file of ddz arena --games (it starts '" MAGIC "')");
        } else if (line[0] == '#') {
            char *end;
            if (f->games) {
                rc = bad(err, path, lineno, "a header line after the games");
            } else if (header_value(line, "a", f->a, sizeof f->a) || header_value(line, "b", f->b, sizeof f->b) ||
                       header_value(line, "rules", f->rules, sizeof f->rules) ||
                       header_value(line, "options", f->options, sizeof f->options)) {
            } else if (header_value(line, "bidding", num, sizeof num)) {
                if (strcmp(num, "0") && strcmp(num, "1"))
                    rc = bad(err, path, lineno, "bidding is 0 or 1");
                f->bidding = num[0] == '1';
            } else if (header_value(line, "seed", num, sizeof num)) {
                f->seed = strtoull(num, &end, 10);
                if (!num[0] || *end)
                    rc = bad(err, path, lineno, "the seed is not a number");
                seed = true;
            } else if (header_value(line, "deals", num, sizeof num)) {
                f->deals = strtol(num, &end, 10);
                if (!num[0] || *end || f->deals < 1 || f->deals > 100000000)
                    rc = bad(err, path, lineno, "deals is not a number from 1 to 100000000");
            } else {
                rc = bad(err, path, lineno, "an unknown header line");
            }
        } else {
            if (!f->games) {
                if (!f->a[0] || !f->b[0] || !f->rules[0] || !f->options[0] || f->bidding < 0 || !seed ||
                    f->deals < 1) {
                    rc = bad(err, path, lineno, "the header lacks a, b, rules, options, bidding, seed or deals");
                    break;
                }
                if (!(f->games = calloc((size_t)f->deals * 2, sizeof *f->games))) {
                    rc = bad(err, path, lineno, "out of memory");
                    break;
                }
            }
            long d;
            int w0, p0, w1, p1, used = 0;
            if (sscanf(line, "%ld %d %d %d %d%n", &d, &w0, &p0, &w1, &p1, &used) != 5 || line[used] != '\n' ||
                (unsigned)w0 > 1 || (unsigned)w1 > 1)
                rc = bad(err, path, lineno, "a game line is 'DEAL WON POINTS WON POINTS', WON 0 or 1");
            else if (d != k)
                rc = bad(err, path, lineno, "the deals are not in order from 0");
            else if (k >= f->deals)
                rc = bad(err, path, lineno, "more deals than the header's");
            else {
                f->games[2 * k] = (DdzArenaGame){w0 == 1, p0};
                f->games[2 * k + 1] = (DdzArenaGame){w1 == 1, p1};
                k++;
            }
        }
    }
    if (rc == 0 && ferror(fp))
        rc = bad(err, path, lineno, "could not read it");
    if (rc == 0 && lineno == 0)
        rc = bad(err, path, 1, "empty: not a games file of ddz arena --games");
    if (rc == 0 && !f->games) {
        rc = bad(err, path, lineno, "no games in it");
    } else if (rc == 0 && k != f->deals) {
        char what[96];
        snprintf(what, sizeof what, "%ld deals of the header's %ld (a run cut short?)", k, f->deals);
        rc = bad(err, path, lineno, what);
    }
    fclose(fp);
    if (rc != 0)
        arena_file_free(f);
    return rc;
}
