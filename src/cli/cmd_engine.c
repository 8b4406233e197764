/* cmd_engine.c -- ddz engine and ddz botzone: answering other programs, one line at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/engine.h"

/* Reads --agent NAME at argv[*i]; returns 1 if it was one, 0 if not, -1 on error. */
static int agent_option(int argc, char **argv, int *i, const char *cmd, const char **agent)
{
    if (strcmp(argv[*i], "--agent") && strcmp(argv[*i], "--level"))
        return 0;
    if (*i + 1 >= argc) {
        cli_fail("%s: %s needs a name, e.g. --agent search", cmd, argv[*i]);
        return -1;
    }
    *agent = argv[++*i];
    return 1;
}

/* One line of standard input without its line end, in *line (grown as needed); returns its
 * length, or -1 at the end of input. */
static long read_line(char **line, size_t *cap)
{
    ssize_t n = getline(line, cap, stdin);
    if (n < 0)
        return -1;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    return (long)n;
}

int cmd_engine(int argc, char **argv)
{
    const char *agent = "expert";
    for (int i = 1; i < argc; i++) {
        int k = agent_option(argc, argv, &i, "engine", &agent);
        if (k < 0)
            return CLI_USAGE;
        if (k == 0)
            return cli_fail("engine: unknown argument '%s' (see ddz help engine)", argv[i]);
    }
    char *line = NULL;
    size_t cap = 0;
    long n;
    while ((n = read_line(&line, &cap)) >= 0) {
        char *answer = NULL;
        ddz_engine_answer(line, (size_t)n, agent, &answer);
        puts(answer ? answer : "{\"error\":\"out of memory\"}");
        fflush(stdout);
        free(answer);
    }
    free(line);
    return CLI_OK;
}

int cmd_botzone(int argc, char **argv)
{
    const char *agent = "expert";
    bool keep = false;
    for (int i = 1; i < argc; i++) {
        int k = agent_option(argc, argv, &i, "botzone", &agent);
        if (k < 0)
            return CLI_USAGE;
        if (k > 0)
            continue;
        if (!strcmp(argv[i], "--keep-running"))
            keep = true;
        else
            return cli_fail("botzone: unknown argument '%s' (see ddz help botzone)", argv[i]);
    }
    DdzBotzone *b = ddz_botzone_new(agent, 0x5EEDB07ull);
    if (!b)
        return cli_fail("botzone: out of memory");
    char *line = NULL;
    size_t cap = 0;
    long n;
    int rc = CLI_OK;
    while ((n = read_line(&line, &cap)) >= 0) {
        if (n == 0)
            continue;
        char *answer = NULL;
        if (ddz_botzone_answer(b, line, (size_t)n, &answer) != 0)
            rc = CLI_USAGE;
        puts(answer ? answer : "{\"response\":[],\"debug\":\"ddz error: out of memory\"}");
        free(answer);
        if (!keep)
            break;
        puts(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<");
        fflush(stdout);
    }
    fflush(stdout);
    free(line);
    ddz_botzone_free(b);
    return rc;
}
