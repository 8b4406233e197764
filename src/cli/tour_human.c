/* tour_human.c -- a person's seat in ddz tournament --human / ddz play --tournament, line by
 * line: an agent that prints what its seat may see (its hand, the others' actions, the move to
 * beat) and reads the decision from standard input, in English or Chinese. An empty line takes
 * the computer's suggestion; "auto" (or the end of the input) lets the computer play the seat
 * from then on (托管, offline: no penalty). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "tour_human.h"

typedef struct Human {
    TourHumanConfig cfg;
    DdzAgent advisor;     /* the suggestion, and the player once on auto */
    bool autop;
    int seen;             /* actions already told */
    DdzCards mine;        /* the cards this seat holds or played in the game being told */
} Human;

static const char *T(const Human *h, const char *en, const char *zh) { return h->cfg.zh ? zh : en; }

static void say_action(const Human *h, const DdzView *v, const DdzAction *a)
{
    char text[96], who[24];
    bool you = a->seat == v->seat;
    if (you)
        snprintf(who, sizeof who, "%s", T(h, "You", "你"));
    else
        snprintf(who, sizeof who, h->cfg.zh ? "座位%d" : "Seat %d", a->seat);
    const char *what;
    text[0] = '\0';
    switch (a->kind) {
    case DDZ_ACT_BID:
        if (a->value)
            snprintf(text, sizeof text, "%d", a->value);
        what = a->value ? T(h, you ? "bid" : "bids", "叫分") : T(h, you ? "pass the bid" : "passes the bid", "不叫");
        break;
    case DDZ_ACT_DOUBLE:
        what = a->value ? T(h, you ? "double" : "doubles", "加倍")
                        : T(h, you ? "do not double" : "does not double", "不加倍");
        break;
    case DDZ_ACT_SHOW:
        what = T(h, you ? "show your hand" : "shows its hand", "明牌");
        break;
    default:
        if (a->move.type == DDZ_PASS) {
            what = T(h, you ? "pass" : "passes", "不要");
        } else {
            what = T(h, you ? "play" : "plays", "出");
            ddz_cards_format(a->cards, h->cfg.ascii ? DDZ_STYLE_ASCII : DDZ_STYLE_UNICODE, text, sizeof text);
        }
    }
    printf("  %s %s%s%s\n", who, what, text[0] ? " " : "", text);
}

/* Prints what happened since the last decision, the hand and the move to beat. */
static void tell(Human *h, const DdzView *v)
{
    DdzCards mine = v->hand | v->played[v->seat];
    if (v->nhist < h->seen || (h->mine & ~mine) || !h->mine) {
        h->seen = 0; /* a new game: within one game this seat's cards only grow (the bottom) */
        printf(h->cfg.zh ? "\n== 新的一局：你是座位%d ==\n" : "\n== A new game: you are seat %d ==\n", v->seat);
        if (v->revealed >= 0) {
            char card[32];
            ddz_card_format(v->revealed, h->cfg.ascii ? DDZ_STYLE_ASCII : DDZ_STYLE_UNICODE, card, sizeof card);
            printf(h->cfg.zh ? "  明牌 %s：座位%d先叫\n" : "  revealed card %s: seat %d bids first\n", card, v->first);
        }
    }
    for (int i = h->seen; i < v->nhist; i++)
        say_action(h, v, &v->hist[i]);
    h->seen = v->nhist;
    h->mine = mine;
    char hand[512];
    ddz_cards_format(v->hand, h->cfg.ascii ? DDZ_STYLE_ASCII : DDZ_STYLE_UNICODE, hand, sizeof hand);
    printf(h->cfg.zh ? "  你的牌 (%d)：%s\n" : "  Your hand (%d): %s\n", ddz_cards_size(v->hand), hand);
    printf(h->cfg.zh ? "  各家张数：%d %d %d" : "  Cards held: %d %d %d", v->count[0], v->count[1], v->count[2]);
    if (v->landlord != DDZ_NO_SEAT)
        printf(h->cfg.zh ? "；地主：座位%d\n" : "; landlord: seat %d\n", v->landlord);
    else
        printf("\n");
}

static int act(void *state, const DdzView *v, DdzAction *out)
{
    Human *h = state;
    DdzAction hint;
    if (h->advisor.act(h->advisor.state, v, &hint) != 0)
        return -1;
    if (h->autop) {
        *out = hint;
        return 0;
    }
    tell(h, v);
    char line[256], text[96];
    for (;;) {
        if (v->phase == DDZ_PHASE_BID)
            printf(h->cfg.zh ? "  叫分？(0 不叫，1-3；回车：%d) > " : "  Your bid? (0 pass, 1-3; Enter: %d) > ", hint.value);
        else if (v->phase == DDZ_PHASE_DOUBLE)
            printf(h->cfg.zh ? "  加倍？(1 加倍，0 不加倍；回车：%d) > " : "  Double? (1 yes, 0 no; Enter: %d) > ", hint.value);
        else {
            if (v->table.type != DDZ_PASS) {
                ddz_ranks_format(v->table.ranks, text, sizeof text);
                printf(h->cfg.zh ? "  要压：%s\n" : "  To beat: %s\n", text);
            }
            if (hint.move.type == DDZ_PASS)
                snprintf(text, sizeof text, "pass");
            else
                ddz_ranks_format(hint.move.ranks, text, sizeof text);
            printf(h->cfg.zh ? "  出牌？(如 33344，pass 不要，auto 托管；回车：%s) > "
                             : "  Your play? (ranks like 33344, pass, auto; Enter: %s) > ",
                   text);
        }
        fflush(stdout);
        if (!fgets(line, sizeof line, h->cfg.in)) {
            printf("\n");
            h->autop = true; /* the input ended: the computer plays the seat from now on */
            *out = hint;
            return 0;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0]) {
            *out = hint;
            return 0;
        }
        if (!strcmp(line, "auto")) {
            h->autop = true;
            *out = hint;
            return 0;
        }
        if (v->phase != DDZ_PHASE_PLAY) {
            uint8_t vals[4];
            int n = ddz_view_legal_values(v, v->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE, vals);
            char *end;
            long x = strtol(line, &end, 10);
            for (int i = 0; !*end && i < n; i++)
                if (vals[i] == x) {
                    *out = v->phase == DDZ_PHASE_BID ? ddz_action_bid(v->seat, (int)x) : ddz_action_double(v->seat, (int)x);
                    return 0;
                }
            printf(h->cfg.zh ? "  不行：可选" : "  Not allowed: choose");
            for (int i = 0; i < n; i++)
                printf(" %d", vals[i]);
            printf("\n");
            continue;
        }
        static DdzMove moves[DDZ_MAX_MOVES + 1];
        int n = ddz_view_legal_moves(v, moves);
        DdzRanks r = 0;
        DdzError err;
        bool pass = !strcmp(line, "pass") || !strcmp(line, "p") || !strcmp(line, "不要");
        if (!pass && ddz_ranks_parse(line, &r, &err) != 0) {
            printf("  %s\n", err.msg);
            continue;
        }
        for (int i = 0; i < n; i++)
            if ((pass && moves[i].type == DDZ_PASS) || (!pass && moves[i].type != DDZ_PASS && moves[i].ranks == r)) {
                *out = ddz_action_play(v->seat, moves[i], 0);
                return 0;
            }
        printf(h->cfg.zh ? "  不行：不在你的牌里、不是牌型、压不过，或此时不能不要\n"
                         : "  Not allowed: not in your hand, not a move, does not beat the table, or you must play\n");
    }
}

static void human_free(void *state)
{
    Human *h = state;
    ddz_agent_free(&h->advisor);
    free(h);
}

int tour_human_new(const TourHumanConfig *cfg, DdzAgent *out, DdzError *err)
{
    Human *h = calloc(1, sizeof *h);
    if (!h)
        return ddz_error_set(err, 0, "out of memory");
    h->cfg = *cfg;
    if (ddz_ai_agent_new(&h->advisor, "normal", 1, err) != 0) {
        free(h);
        return -1;
    }
    out->name = "human";
    out->state = h;
    out->act = act;
    out->free = human_free;
    return 0;
}
