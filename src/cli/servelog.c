/* servelog.c -- ddz serve's log lines (servelog.h). */
#include "servelog.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* $JOURNAL_STREAM is "DEVICE:INODE" of the stream systemd connected to the journal. */
static bool is_journal(FILE *out)
{
    const char *js = getenv("JOURNAL_STREAM");
    struct stat st;
    unsigned long long dev, ino;
    if (!js || sscanf(js, "%llu:%llu", &dev, &ino) != 2 || fstat(fileno(out), &st) != 0)
        return false;
    return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

void serve_log_init(ServeLog *log, FILE *out)
{
    log->out = out;
    log->journal = is_journal(out);
    const char *nc = getenv("NO_COLOR");
    log->color = !log->journal && isatty(fileno(out)) && !(nc && *nc);
}

static void vlog(ServeLog *log, int level, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
static void vlog(ServeLog *log, int level, const char *fmt, va_list ap)
{
    static const char *const WORD[] = {"", "", "", "error", "warning", "notice", "", ""};
    static const char *const COLOR[] = {"", "", "", "\033[31m", "\033[33m", "\033[36m", "", ""};
    if (level < 0 || level > 7)
        level = SERVE_LOG_INFO;
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    /* one message, one line: a newline inside would start a line of the default level */
    for (char *p = line; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    if (log->journal)
        fprintf(log->out, "<%d>%s\n", level, line);
    else if (!*WORD[level])
        fprintf(log->out, "ddz serve: %s\n", line);
    else if (log->color)
        fprintf(log->out, "ddz serve: %s%s\033[0m: %s\n", COLOR[level], WORD[level], line);
    else
        fprintf(log->out, "ddz serve: %s: %s\n", WORD[level], line);
    fflush(log->out);
}

void serve_log(ServeLog *log, int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog(log, level, fmt, ap);
    va_end(ap);
}

void serve_log_line(void *ctx, const char *line)
{
    int level = !strncmp(line, "cut connection", 14) ? SERVE_LOG_NOTICE : SERVE_LOG_WARNING;
    serve_log(ctx, level, "%s", line);
}

void serve_log_at(void *ctx, int level, const char *line)
{
    serve_log(ctx, level, "%s", line);
}
