/* cli.h -- what the ddz command's modules share: the command table and option helpers. */
#ifndef DDZ_CLI_H
#define DDZ_CLI_H

#include <stdio.h>

#include "ddz/moves.h"

/* Exit statuses: 0 done, 1 a negative answer (e.g. "not a move"), 2 bad usage or input. */
enum { CLI_OK = 0, CLI_NO = 1, CLI_USAGE = 2 };

typedef struct CliCommand {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
    const char *synopsis;
    const char *help;
} CliCommand;

/* Prints "ddz: MESSAGE" to standard error and returns CLI_USAGE. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Reads --rules P at argv[*i] (advancing *i); returns 0, or prints the error and returns -1. */
int cli_rules_option(int argc, char **argv, int *i, DdzRuleset *rules);

/* The command table of main.c and the rule options' help, for the generated documentation. */
const CliCommand *cli_commands(int *n);
const CliCommand *cli_command_find(const char *name);
const char *cli_options_help(void);

/* One option of a command as its help text writes it: "--port" with arg "N", "--plain" with
 * arg NULL, "--lang" with arg "zh|en". */
typedef struct CliOption {
    char name[32];
    char arg[48]; /* "" when the option takes no value */
} CliOption;

/* The options of c, each once, in the order its synopsis and help text first name them;
 * returns how many (at most max). */
int cli_command_options(const CliCommand *c, CliOption *out, int max);
/* The first sentence of c's help, for one-line summaries, into buf. */
void cli_command_summary(const CliCommand *c, char *buf, size_t size);

/* ddz help --man [COMMAND|ddz]: the roff manual page (manpage.c). */
int cli_man(const char *name, FILE *out);
/* ddz help --completion bash|zsh: the completion script (completion.c). */
int cli_completion(const char *shell, FILE *out);

int cmd_classify(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_universe(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_learn(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_botzone(int argc, char **argv);
int cmd_split(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_connect(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_web(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
/* ddz play --tournament [--players N] [--lang en|zh] [...]: cmd_tournament with a person. */
int cmd_play_tournament(int argc, char **argv);
int cmd_loadtest(int argc, char **argv);
/* plot.c: the loadtest's PNG from rows of (second, p50 ms, p99 ms, rss MB). */
int cli_plot_loadtest(const char *path, const double *rows, size_t n, DdzError *err);

#endif
