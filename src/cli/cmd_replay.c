/* cmd_replay.c -- ddz replay: reads game records (docs/RECORD.md), checks every game by
 * playing it again through the engine, and tells each one move by move for people. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../play/play.h"
#include "cli.h"
#include "ddz/record.h"
#include "ddz/tournament.h"

/* "standard rules" or "standard rules, bid=rob, double=farmer": the options in words. */
static void options_text(const DdzOptions *opt, char *buf, size_t size)
{
    char list[256];
    ddz_options_format(opt, list, sizeof list);
    const char *rest = strchr(list, ',');
    int n = snprintf(buf, size, "%s rules", ddz_ruleset_name(opt->rules));
    for (const char *p = rest; p && n >= 0 && (size_t)n < size; p = strchr(p + 1, ',')) {
        size_t len = strcspn(p + 1, ",");
        n += snprintf(buf + n, size - (size_t)n, ", %.*s", (int)len, p + 1);
    }
}

static void say_bid(const DdzGame *g, const DdzAction *a, bool called)
{
    if (g->opt.bid_mode == DDZ_BID_ROB) {
        if (a->value)
            printf("  seat %d %s\n", a->seat, called ? "robs the landlord (抢地主)" : "calls the landlord (叫地主)");
        else
            printf("  seat %d %s\n", a->seat, called ? "does not rob" : "does not call");
    } else if (a->value) {
        printf("  seat %d bids %d\n", a->seat, a->value);
    } else {
        printf("  seat %d passes\n", a->seat);
    }
}

static void say_double(const DdzGame *g, const DdzAction *a)
{
    if (g->opt.double_mode == DDZ_DOUBLE_APP) {
        static const char *const what[3] = {"does not double", "doubles (x2)", "super-doubles (x4)"};
        printf("  seat %d %s\n", a->seat, what[a->value % 3]);
    } else if (a->seat == g->landlord) {
        printf("  seat %d %s\n", a->seat, a->value ? "redoubles" : "does not redouble");
    } else {
        printf("  seat %d %s\n", a->seat, a->value ? "doubles" : "does not double");
    }
}

static void say_result(const DdzGame *g)
{
    if (g->phase == DDZ_PHASE_REDEAL) {
        printf("  everyone passed: redeal\n");
        return;
    }
    DdzResult r;
    ddz_game_result(g, &r);
    int f1 = (r.landlord + 1) % 3, f2 = (r.landlord + 2) % 3;
    if (r.landlord_won)
        printf("  the landlord, seat %d, wins", r.landlord);
    else
        printf("  the farmers, seats %d and %d, win", f1 < f2 ? f1 : f2, f1 < f2 ? f2 : f1);
    if (r.spring)
        printf(", spring");
    if (r.anti_spring)
        printf(", anti-spring");
    if (r.bombs)
        printf(", %d bomb%s", r.bombs, r.bombs == 1 ? "" : "s");
    printf("; base %d x %d; scores %+d %+d %+d", r.base, r.multiple, r.score[0], r.score[1], r.score[2]);
    if (r.fee)
        printf(" (house fee %d)", r.fee);
    printf("\n");
    /* The breakdown, one factor a line, when there is more to it than base x multiple. */
    bool plain = !r.cap && !r.fee && !r.house && r.stake_factor[f1] == 1 && r.stake_factor[f2] == 1;
    if (!plain) {
        char text[1024];
        ddz_result_format(&r, text, sizeof text);
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
            printf("    %s\n", line);
    }
}

/* Prints one game as read: header, deal, every action, result. */
static void say_game(const DdzGame *g, const DdzRecordInfo *info, long nb)
{
    char text[512];
    options_text(&g->opt, text, sizeof text);
    char hex[DDZ_SEED256_HEX];
    if (info->has_seed256)
        ddz_seed256_format(info->seed256, hex);
    if (info->has_seed)
        printf("#%ld seed %llu, %s\n", nb, (unsigned long long)info->seed, text);
    else if (info->has_seed256)
        printf("#%ld seed256 %s, %s\n", nb, hex, text);
    else
        printf("#%ld %s\n", nb, text);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        ddz_cards_format(g->dealt[s], DDZ_STYLE_UNICODE, text, sizeof text);
        printf("  seat %d%s%s%s  %s\n", s, info->seats[s][0] ? " (" : "", info->seats[s],
               info->seats[s][0] ? ")" : "", text);
    }
    ddz_cards_format(g->bottom, DDZ_STYLE_UNICODE, text, sizeof text);
    printf("  bottom  %s\n", text);
    if (g->revealed >= 0) {
        ddz_card_format(g->revealed, DDZ_STYLE_UNICODE, text, sizeof text);
        printf("  revealed %s: seat %d bids first\n", text, g->first);
    }
    int last_bid = -1;
    for (int i = 0; i < g->nhist; i++)
        if (g->hist[i].kind == DDZ_ACT_BID)
            last_bid = i;
    bool called = false;
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (((g->abandoned >> s) & 1) && g->abandoned_at[s] == i)
                printf("  seat %d left: the computer plays it from here (abandoned)\n", s);
        switch (a->kind) {
        case DDZ_ACT_BID:
            say_bid(g, a, called);
            called |= a->value != 0;
            break;
        case DDZ_ACT_DOUBLE:
            say_double(g, a);
            break;
        case DDZ_ACT_SHOW:
            printf("  seat %d shows its hand\n", a->seat);
            break;
        default:
            if (a->move.type == DDZ_PASS) {
                printf("  seat %d passes\n", a->seat);
            } else {
                ddz_ranks_format(a->move.ranks, text, sizeof text);
                printf("  seat %d plays %s (%s)\n", a->seat, text, ddz_move_type_name((DdzMoveType)a->move.type));
            }
            break;
        }
        if (i == last_bid && g->landlord != DDZ_NO_SEAT) {
            ddz_cards_format(g->bottom, DDZ_STYLE_UNICODE, text, sizeof text);
            printf("  seat %d is the landlord and takes %s\n", g->landlord, text);
        }
    }
    say_result(g);
}

/* The reader needs to give a line back now and then; a pipe cannot seek, so standard input
 * is first copied to a temporary file. */
static FILE *open_input(const char *name)
{
    if (strcmp(name, "-") != 0)
        return fopen(name, "r");
    FILE *t = tmpfile();
    if (!t)
        return NULL;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
        if (fwrite(buf, 1, n, t) != n)
            break;
    if (ferror(stdin) || ferror(t) || fseek(t, 0, SEEK_SET) != 0) {
        fclose(t);
        return NULL;
    }
    return t;
}

/* --view: every game of the record in memory, then stepped through (src/play/replay.c). A
 * record that does not read is refused whole, saying where. */
static int view(FILE *f, const char *name, int lang, bool ascii, bool plain)
{
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzRecordInfo info;
    DdzError err;
    PlayReplayGame *games = NULL;
    int n = 0, cap = 0, rc;
    DdzGame *g = malloc(sizeof *g);
    bool oom = !g;
    while (!oom && (rc = ddz_record_read(&r, g, &info, &err)) != 0) {
        if (rc < 0) {
            const char *reason = err.msg;
            char prefix[32];
            int k = snprintf(prefix, sizeof prefix, "line %d: ", err.pos);
            if (k > 0 && !strncmp(reason, prefix, (size_t)k))
                reason += k;
            free(games);
            free(g);
            return cli_fail("replay: %s:%d: %s (nothing to view until the record reads)", name, err.pos, reason);
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            PlayReplayGame *more = realloc(games, sizeof *games * (size_t)cap);
            if (!more) {
                oom = true;
                break;
            }
            games = more;
        }
        PlayReplayGame *rg = &games[n++];
        memset(rg, 0, sizeof *rg);
        rg->game = *g;
        rg->number = info.game > 0 ? info.game : n;
        rg->seed = info.has_seed ? info.seed : 0;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            snprintf(rg->names[s], sizeof rg->names[s], "%.31s", info.seats[s]);
    }
    free(g);
    if (oom || n == 0) {
        free(games);
        return oom ? cli_fail("replay: out of memory") : cli_fail("replay: %s holds no game", name);
    }
    rc = play_replay_view(games, n, lang, ascii, plain, stdout);
    free(games);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    const char *name = NULL;
    bool quiet = false, do_view = false, plain = false, ascii = false;
    int lang = play_locale_lang();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q"))
            quiet = true;
        else if (!strcmp(argv[i], "--view"))
            do_view = true;
        else if (!strcmp(argv[i], "--plain"))
            plain = true;
        else if (!strcmp(argv[i], "--ascii"))
            ascii = true;
        else if (!strcmp(argv[i], "--lang")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "zh") && strcmp(argv[i + 1], "en")))
                return cli_fail("replay: --lang takes zh or en");
            lang = !strcmp(argv[++i], "zh") ? PLAY_ZH : PLAY_EN;
        } else if (argv[i][0] == '-' && argv[i][1])
            return cli_fail("replay: unknown option '%s' (see ddz help replay)", argv[i]);
        else if (name)
            return cli_fail("replay: one FILE at a time (see ddz help replay)");
        else
            name = argv[i];
    }
    if (!name)
        return cli_fail("replay: which file? ddz replay FILE (- for standard input)");
    FILE *f = open_input(name);
    if (!f)
        return cli_fail("replay: cannot read %s: %s", name, strerror(errno));
    if ((plain || ascii) && !do_view) {
        fclose(f);
        return cli_fail("replay: --plain and --ascii go with --view");
    }
    if (do_view) {
        if (ddz_tour_file_is_event(f)) {
            fclose(f);
            return cli_fail("replay: %s is a tournament: --view steps through game records", name);
        }
        int vrc = view(f, name, lang, ascii, plain);
        fclose(f);
        return vrc;
    }
    if (ddz_tour_file_is_event(f)) {
        /* A whole tournament: its draws, games and standings, told round by round. */
        DdzError terr;
        int trc = ddz_tour_verify(f, quiet ? NULL : stdout, &terr);
        fclose(f);
        if (trc != 0)
            return cli_fail("replay: %s:%d: %s", name, terr.pos, terr.msg);
        printf("the event replays: every draw, game, result and the standings check out\n");
        return CLI_OK;
    }
    DdzGame *g = malloc(sizeof *g);
    if (!g) {
        fclose(f);
        return cli_fail("replay: out of memory");
    }
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzRecordInfo info;
    DdzError err;
    long games = 0, errors = 0;
    int rc;
    while ((rc = ddz_record_read(&r, g, &info, &err)) != 0) {
        if (rc < 0) {
            /* err.msg is "line N: reason"; the line goes into the FILE:LINE prefix instead. */
            const char *reason = err.msg;
            char prefix[32];
            int n = snprintf(prefix, sizeof prefix, "line %d: ", err.pos);
            if (n > 0 && !strncmp(reason, prefix, (size_t)n))
                reason += n;
            fflush(stdout);
            fprintf(stderr, "ddz: %s:%d: %s\n", name, err.pos, reason);
            errors++;
            continue;
        }
        games++;
        if (!quiet) {
            say_game(g, &info, info.game > 0 ? info.game : games + errors);
            printf("\n");
        }
    }
    fclose(f);
    free(g);
    printf("%ld game%s, %ld error%s\n", games, games == 1 ? "" : "s", errors, errors == 1 ? "" : "s");
    return errors ? CLI_USAGE : CLI_OK;
}
