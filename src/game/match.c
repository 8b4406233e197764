/* match.c -- the single-player game's running match: 100 points each, until someone is broke. */
#include <string.h>

#include "ddz/match.h"

void ddz_match_start(DdzMatch *m, DdzRng *rng)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        m->score[s] = DDZ_MATCH_START;
    m->games = m->redeals = 0;
    m->first = (int)ddz_rng_below(rng, DDZ_SEAT_NB);
}

void ddz_match_deal(DdzMatch *m, DdzGame *g, const DdzOptions *opt, DdzRng *rng)
{
    ddz_game_new(g, opt, rng, m->first);
    m->first = (m->first + 1) % DDZ_SEAT_NB;
}

void ddz_match_record(DdzMatch *m, const DdzGame *g)
{
    DdzResult r;
    if (ddz_game_result(g, &r) == 0) {
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            m->score[s] += r.score[s];
        m->games++;
    } else if (g->phase == DDZ_PHASE_REDEAL) {
        m->redeals++;
    }
}

bool ddz_match_over(const DdzMatch *m)
{
    return m->score[0] <= 0 || m->score[1] <= 0 || m->score[2] <= 0;
}

DdzTitle ddz_title_of(int score)
{
    if (score < 0)
        return DDZ_TITLE_BEGGAR;
    if (score < 100)
        return DDZ_TITLE_POOR;
    if (score < 200)
        return DDZ_TITLE_MIDDLE;
    if (score < 300)
        return DDZ_TITLE_RICH;
    return DDZ_TITLE_LANDLORD;
}

const char *ddz_title_name(DdzTitle t, const char *lang)
{
    static const char *const zh[] = {"乞丐", "贫农", "中农", "富农", "地主"};
    static const char *const en[] = {"beggar", "poor peasant", "middle peasant", "rich peasant", "landlord"};
    if ((unsigned)t > DDZ_TITLE_LANDLORD)
        return "?";
    return lang && !strcmp(lang, "en") ? en[t] : zh[t];
}
