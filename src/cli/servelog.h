/* servelog.h -- ddz serve's log lines on standard error, fit for a terminal, a file and
 * the systemd journal alike.
 *
 * Under systemd (standard error is the journal stream that $JOURNAL_STREAM names) each line
 * carries its syslog level as a "<N>" prefix, which journald reads, and no program name
 * (the journal adds it). Elsewhere a line reads "ddz serve: LEVEL: message" (no level word
 * for plain information), coloured only on a terminal and without NO_COLOR. */
#ifndef DDZ_SERVELOG_H
#define DDZ_SERVELOG_H

#include <stdbool.h>
#include <stdio.h>

/* syslog levels */
enum { SERVE_LOG_ERR = 3, SERVE_LOG_WARNING = 4, SERVE_LOG_NOTICE = 5, SERVE_LOG_INFO = 6 };

typedef struct ServeLog {
    FILE *out;
    bool journal; /* "<N>" prefixes */
    bool color;
} ServeLog;

/* Looks at out (a terminal? the journal?) and the environment. */
void serve_log_init(ServeLog *log, FILE *out);

void serve_log(ServeLog *log, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The server core's log (DdzServerConfig.log; ctx is the ServeLog): a dropped connection is
 * a notice, anything else it reports (a game not stored, an action refused) a warning. */
void serve_log_line(void *ctx, const char *line);

/* The transport's own lines (DdzServeConfig.log; ctx is the ServeLog), at their level. */
void serve_log_at(void *ctx, int level, const char *line);

#endif
