/* serveconf.h -- the configuration file of ddz serve (/etc/ddz/serve.conf): the same
 * settings as its command-line options, one "name = value" a line.
 *
 *   # comment                 blank lines and lines starting with # are ignored
 *   port = 7733               an option that takes a value: --port 7733
 *   leaver-penalty = yes      an option without a value: yes/true/on/1 gives it, no/false/off/0 not
 *   option = bid=rob          the same name again: the option again (-o bid=rob)
 *   db = "/var/lib/ddz/ddz.db"  double quotes keep spaces and #; a # after a space starts a comment
 *
 * Each setting is handed, as the argument list the command line would have, to the same
 * function that reads the command-line options, so both accept and refuse the same values. */
#ifndef DDZ_SERVECONF_H
#define DDZ_SERVECONF_H

#include <stdbool.h>
#include <stdio.h>

#include "ddz/cards.h"

#define SERVE_CONF_DEFAULT "/etc/ddz/serve.conf"

/* A setting: its name in the file, the option it stands for, whether it takes a value. */
typedef struct ServeConfKey {
    char name[32];
    char flag[32];
    bool value;
} ServeConfKey;

/* Reads one option: argv[0] is the option, argv[1] its value (argc 1 or 2). Returns 0, or
 * -1 with err saying what is wrong with it. */
typedef int (*ServeConfApply)(void *ctx, int argc, char **argv, DdzError *err);

/* Reads the settings of f (named path in messages) and applies each in order. Returns 0, or
 * -1 with err "PATH:LINE: reason" at the first bad line (err->pos is the line). */
int serve_conf_read(FILE *f, const char *path, const ServeConfKey *keys, int nkeys, ServeConfApply apply, void *ctx,
                    DdzError *err);

#endif
