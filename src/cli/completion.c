/* completion.c -- ddz help --completion bash|zsh: shell completion scripts written from the
 * command table (commands, each command's options, the values of --rules, the levels and
 * agents, the -o rule options, and the choices a synopsis spells out as a|b|c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/ai.h"

#define MAX_OPTS 96

/* Words separated by single spaces, appended to buf. */
typedef struct Words {
    char buf[4096];
    size_t len;
} Words;

static void words_add(Words *w, const char *s, size_t n)
{
    if (n == 0 || w->len + n + 2 > sizeof w->buf)
        return;
    /* each word once */
    for (const char *p = w->buf; p < w->buf + w->len;) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, s, n))
            return;
        p += k + 1;
    }
    if (w->len)
        w->buf[w->len++] = ' ';
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void words_add_list(Words *w, const char *list, const char *seps)
{
    while (*list) {
        size_t n = strcspn(list, seps);
        bool plain = true;
        for (size_t i = 0; i < n; i++)
            plain &= !isupper((unsigned char)list[i]) && list[i] != ':';
        if (plain)
            words_add(w, list, n);
        list += n;
        list += strspn(list, seps);
    }
}

static void presets(Words *w, const char *prefix)
{
    for (int r = 0; r < DDZ_RULES_NB; r++) {
        char word[64];
        snprintf(word, sizeof word, "%s%s", prefix, ddz_ruleset_name((DdzRuleset)r));
        words_add(w, word, strlen(word));
    }
}

/* The -o rule options: "bid=points bid=rob ... packet ... cap=" from ddz help options. */
static void rule_options(Words *w)
{
    for (const char *line = cli_options_help(); *line;) {
        size_t len = strcspn(line, "\n");
        if (len > 2 && line[0] == ' ' && line[1] == ' ' && islower((unsigned char)line[2])) {
            const char *t = line + 2;
            size_t tl = strcspn(t, " \n");
            const char *eq = memchr(t, '=', tl);
            if (!eq) {
                words_add(w, t, tl);
            } else {
                char name[48];
                size_t nl = (size_t)(eq - t) + 1;
                if (nl < sizeof name) {
                    memcpy(name, t, nl);
                    name[nl] = '\0';
                    const char *v = eq + 1;
                    size_t vl = tl - nl;
                    if (!strncmp(name, "rules=", 6))
                        presets(w, name);
                    else if (vl && islower((unsigned char)v[0])) {
                        while (vl) {
                            size_t k = strcspn(v, "|");
                            k = k < vl ? k : vl;
                            char word[96];
                            snprintf(word, sizeof word, "%s%.*s", name, (int)k, v);
                            words_add(w, word, strlen(word));
                            v += k;
                            vl -= k;
                            if (vl) {
                                v++;
                                vl--;
                            }
                        }
                    } else {
                        words_add(w, name, nl);
                    }
                }
            }
        }
        line += len + (line[len] == '\n');
    }
}

/* What follows option o: values to offer in *vals, or none (a number, a name, a file). */
static void option_values(const CliOption *o, Words *vals, bool *files)
{
    vals->len = 0;
    vals->buf[0] = '\0';
    *files = false;
    size_t nl = strlen(o->name);
    if (!strcmp(o->name, "--rules")) {
        presets(vals, "");
    } else if (!strcmp(o->name, "-o")) {
        rule_options(vals);
    } else if (!strcmp(o->name, "--level") || !strcmp(o->name, "--agent") || !strcmp(o->name, "--agents")) {
        words_add_list(vals, ddz_ai_agent_names(), ", ");
    } else if (nl > 6 && !strcmp(o->name + nl - 6, "-level")) {
        for (int l = 0; l < DDZ_LEVEL_NB; l++)
            words_add(vals, ddz_level_name((DdzLevel)l), strlen(ddz_level_name((DdzLevel)l)));
    } else if (strchr(o->arg, '|') && !isupper((unsigned char)o->arg[0])) {
        words_add_list(vals, o->arg, "|");
    } else {
        *files = strstr(o->arg, "FILE") || strstr(o->arg, "DIR") || strstr(o->arg, "RECORD") || !strcmp(o->arg, "F");
    }
}

/* Choices of the first argument a synopsis spells out: "[movegen|classify|...|all]". */
static void positional(const CliCommand *c, Words *w)
{
    w->len = 0;
    w->buf[0] = '\0';
    for (const char *p = strchr(c->synopsis, '['); p; p = strchr(p + 1, '[')) {
        size_t n = strcspn(p + 1, "]");
        if (p[1] != '-' && memchr(p + 1, '|', n) && !memchr(p + 1, ' ', n)) {
            char list[512];
            snprintf(list, sizeof list, "%.*s", (int)n, p + 1);
            words_add_list(w, list, "|");
        }
    }
}

/* Every option name of every command with the values that follow it, once per name. */
typedef struct AllOptions {
    CliOption opt[256];
    int n;
} AllOptions;

static void all_options(AllOptions *all)
{
    int nc;
    const CliCommand *cmds = cli_commands(&nc);
    all->n = 0;
    for (int i = 0; i < nc; i++) {
        CliOption o[MAX_OPTS];
        int n = cli_command_options(&cmds[i], o, MAX_OPTS);
        for (int k = 0; k < n; k++) {
            int j = 0;
            while (j < all->n && strcmp(all->opt[j].name, o[k].name))
                j++;
            if (j == all->n && all->n < 256)
                all->opt[all->n++] = o[k];
            else if (j < all->n && !all->opt[j].arg[0])
                memcpy(all->opt[j].arg, o[k].arg, sizeof o[k].arg);
        }
    }
}

static void command_words(Words *w)
{
    int nc;
    const CliCommand *cmds = cli_commands(&nc);
    w->len = 0;
    w->buf[0] = '\0';
    for (int i = 0; i < nc; i++)
        words_add(w, cmds[i].name, strlen(cmds[i].name));
}

static const char BASH_HEAD[] =
    "# bash completion for ddz -- generated by ddz help --completion bash from the command\n"
    "# table (src/cli/main.c); do not edit.\n"
    "_ddz()\n"
    "{\n"
    "    local line=${COMP_LINE:0:COMP_POINT} cur prev cmd words\n"
    "    read -ra words <<< \"$line\"\n"
    "    if [[ $line == *' ' ]]; then cur=''; else cur=${words[${#words[@]}-1]}; unset 'words[${#words[@]}-1]'; fi\n"
    "    prev=${words[${#words[@]}-1]}\n"
    "    cmd=${words[1]}\n"
    "    local IFS=$' \\t\\n'\n"
    "    _ddz_reply() {\n"
    "        COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))\n"
    "        if [[ $cur == *=* && $COMP_WORDBREAKS == *=* ]]; then\n"
    "            COMPREPLY=(\"${COMPREPLY[@]#\"${cur%=*}=\"}\")\n"
    "        fi\n"
    "    }\n";

static void bash(FILE *out)
{
    int nc;
    const CliCommand *cmds = cli_commands(&nc);
    Words cw, vals;
    command_words(&cw);
    fputs(BASH_HEAD, out);
    fprintf(out, "    if [ ${#words[@]} -le 1 ]; then\n"
                 "        _ddz_reply \"%s help --help --version\"\n        return\n    fi\n",
            cw.buf);
    fprintf(out, "    if [ \"$cmd\" = help ]; then\n"
                 "        case $prev in\n"
                 "        --completion) _ddz_reply \"bash zsh\" ;;\n"
                 "        help|--man) _ddz_reply \"%s options --man --completion\" ;;\n"
                 "        esac\n        return\n    fi\n",
            cw.buf);
    AllOptions *all = malloc(sizeof *all);
    if (!all)
        return;
    all_options(all);
    fputs("    case $prev in\n", out);
    for (int i = 0; i < all->n; i++) {
        bool files;
        option_values(&all->opt[i], &vals, &files);
        if (vals.len)
            fprintf(out, "    %s) _ddz_reply \"%s\"; return ;;\n", all->opt[i].name, vals.buf);
        else if (all->opt[i].arg[0] && !files)
            fprintf(out, "    %s) return ;;\n", all->opt[i].name);
        else if (files)
            fprintf(out, "    %s) COMPREPLY=(); return ;;\n", all->opt[i].name);
    }
    free(all);
    fputs("    esac\n    local opts='' args=''\n    case $cmd in\n", out);
    for (int i = 0; i < nc; i++) {
        CliOption o[MAX_OPTS];
        int n = cli_command_options(&cmds[i], o, MAX_OPTS);
        fprintf(out, "    %s) opts=\"--help", cmds[i].name);
        for (int k = 0; k < n; k++)
            if (strcmp(o[k].name, "--help"))
                fprintf(out, " %s", o[k].name);
        positional(&cmds[i], &vals);
        fprintf(out, "\" args=\"%s\" ;;\n", vals.buf);
    }
    fputs("    *) return ;;\n    esac\n"
          "    if [[ $cur == -* ]]; then _ddz_reply \"$opts\"; elif [ -n \"$args\" ]; then _ddz_reply \"$args\"; fi\n"
          "}\n"
          "complete -o default -F _ddz ddz\n",
          out);
}

static void zsh_quote(FILE *out, const char *s)
{
    fputc('\'', out);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", out);
        else
            fputc(*s, out);
    fputc('\'', out);
}

static void zsh(FILE *out)
{
    int nc;
    const CliCommand *cmds = cli_commands(&nc);
    Words cw, vals;
    command_words(&cw);
    fputs("#compdef ddz\n"
          "# zsh completion for ddz -- generated by ddz help --completion zsh from the command\n"
          "# table (src/cli/main.c); do not edit.\n"
          "local -a cmds opts args\n"
          "cmds=(\n",
          out);
    for (int i = 0; i < nc; i++) {
        char sum[512], item[600];
        cli_command_summary(&cmds[i], sum, sizeof sum);
        if (strlen(sum) > 70) {
            size_t cut = 66;
            while (cut && ((unsigned char)sum[cut] & 0xC0) == 0x80) /* not inside a UTF-8 character */
                cut--;
            strcpy(sum + cut, " ...");
        }
        snprintf(item, sizeof item, "%s:%s", cmds[i].name, sum);
        fputs("    ", out);
        zsh_quote(out, item);
        fputc('\n', out);
    }
    fputs("    'help:the help of a command (--man: its manual page)'\n)\n"
          "if (( CURRENT == 2 )); then\n"
          "    if [[ $PREFIX == -* ]]; then compadd -- --help --version; else _describe -t commands 'ddz command' cmds; fi\n"
          "    return\nfi\n"
          "local cmd=${words[2]} prev=${words[CURRENT-1]}\n",
          out);
    fprintf(out, "if [[ $cmd == help ]]; then\n"
                 "    case $prev in\n"
                 "    --completion) compadd -- bash zsh ;;\n"
                 "    help|--man) compadd -- %s options --man --completion ;;\n"
                 "    esac\n    return\nfi\n",
            cw.buf);
    AllOptions *all = malloc(sizeof *all);
    if (!all)
        return;
    all_options(all);
    fputs("case $prev in\n", out);
    for (int i = 0; i < all->n; i++) {
        bool files;
        option_values(&all->opt[i], &vals, &files);
        if (vals.len)
            fprintf(out, "%s) compadd -- %s; return ;;\n", all->opt[i].name, vals.buf);
        else if (files)
            fprintf(out, "%s) _files; return ;;\n", all->opt[i].name);
        else if (all->opt[i].arg[0])
        {
            fprintf(out, "%s) _message ", all->opt[i].name);
            zsh_quote(out, all->opt[i].arg);
            fputs("; return ;;\n", out);
        }
    }
    free(all);
    fputs("esac\ncase $cmd in\n", out);
    for (int i = 0; i < nc; i++) {
        CliOption o[MAX_OPTS];
        int n = cli_command_options(&cmds[i], o, MAX_OPTS);
        fprintf(out, "%s) opts=(--help", cmds[i].name);
        for (int k = 0; k < n; k++)
            if (strcmp(o[k].name, "--help"))
                fprintf(out, " %s", o[k].name);
        positional(&cmds[i], &vals);
        fprintf(out, ") args=(%s) ;;\n", vals.buf);
    }
    fputs("*) return 1 ;;\nesac\n"
          "if [[ $PREFIX == -* ]]; then compadd -a opts; elif (( ${#args} )); then compadd -a args; else _files; fi\n",
          out);
}

int cli_completion(const char *shell, FILE *out)
{
    if (!strcmp(shell, "bash"))
        bash(out);
    else if (!strcmp(shell, "zsh"))
        zsh(out);
    else
        return cli_fail("help --completion: which shell? bash or zsh");
    return CLI_OK;
}
