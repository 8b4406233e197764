/* cmd_stats.c -- ddz stats: your lifetime statistics per level from ddz play's profile
 * (src/play/profile.h): games, wins as landlord and as farmer, win rate, best and worst
 * game, springs and bombs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../play/play.h"
#include "cli.h"

int cmd_stats(int argc, char **argv)
{
    Play *p = calloc(1, sizeof *p); /* only for the words of the chosen language */
    if (!p)
        return cli_fail("stats: out of memory");
    p->cfg.lang = play_locale_lang();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lang") && i + 1 < argc && (!strcmp(argv[i + 1], "zh") || !strcmp(argv[i + 1], "en"))) {
            p->cfg.lang = !strcmp(argv[++i], "zh") ? PLAY_ZH : PLAY_EN;
        } else {
            free(p);
            return cli_fail("stats: unknown argument '%s' (ddz stats [--lang zh|en])", argv[i]);
        }
    }
    char path[1024], err[1200], buf[256];
    if (profile_path(path, sizeof path) != 0) {
        free(p);
        return cli_fail("stats: neither XDG_DATA_HOME nor HOME is set");
    }
    Profile *pf = profile_open(path, err, sizeof err);
    if (!pf) {
        free(p);
        return cli_fail("stats: %s", err);
    }
    ProfileStats st[32];
    int n = profile_stats(pf, st, 32);
    profile_close(pf);
    if (n == 0) {
        play_fmt(p, buf, sizeof buf, T_STATS_NONE, path);
        printf("%s\n", buf);
        free(p);
        return 0;
    }
    play_fmt(p, buf, sizeof buf, T_STATS_HEAD, path);
    printf("%s\n%s\n", buf, play_text(p, T_STATS_COLS));
    for (int i = 0; i < n; i++) {
        const ProfileStats *s = &st[i];
        const char *level = play_level_text(p, s->level);
        char lord[24], farmer[24];
        snprintf(lord, sizeof lord, "%d/%d", s->landlord_wins, s->landlord_games);
        snprintf(farmer, sizeof farmer, "%d/%d", s->farmer_wins, s->farmer_games);
        int won = s->landlord_wins + s->farmer_wins;
        printf("%s%*s %5d  %12s  %10s  %7d%%  %+5d  %+5d  %7d  %5d\n", level, 10 - play_utf8_width(level), "",
               s->games, lord, farmer, s->games ? 100 * won / s->games : 0, s->best, s->worst, s->springs, s->bombs);
    }
    free(p);
    return 0;
}
