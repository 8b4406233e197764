/* selfplay.c -- the games of a self-play run (selfplay.h). */
#include "selfplay.h"

#include "ddz/ai.h"

uint64_t ddz_selfplay_seat_seed(uint64_t seed, long game, int seat, uint64_t salt)
{
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + (uint64_t)game * 3 + (uint64_t)seat + salt;
    return ddz_rng_splitmix(&x);
}

int ddz_selfplay_agents_new(DdzAgent ag[DDZ_SEAT_NB], const char *name, uint64_t seed, long k, uint64_t salt,
                            DdzError *err)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_ai_agent_new(&ag[s], name, ddz_selfplay_seat_seed(seed, k, s, salt), err) != 0) {
            while (s-- > 0)
                ddz_agent_free(&ag[s]);
            return -1;
        }
    return 0;
}

int ddz_selfplay_deal(DdzGame *g, DdzRuleset rules, uint64_t seed, long k, DdzError *err)
{
    DdzOptions opt = ddz_options_default();
    opt.rules = rules;
    DdzRng rng;
    ddz_rng_seed(&rng, seed + (uint64_t)k);
    ddz_game_new(g, &opt, &rng, 0);
    return ddz_game_appoint(g, 0, err);
}
