/* engine.c -- deciding for one seat from what it knows: the game rebuilt from public
 * information, the JSON engine protocol and the Botzone bot protocol (docs/ENGINE.md). */
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/engine.h"
#include "ddz/search.h"

static inline int next_seat(int s) { return s == 2 ? 0 : s + 1; }
/* Cards a seat was dealt, the bottom included for the landlord (20 and 17; hubei48 16). */
static inline int seat_size(int s, int landlord, DdzRuleset rules)
{
    return ddz_ruleset_hand_size(rules) + (s == landlord ? ddz_ruleset_bottom_size(rules) : 0);
}

/* The lowest n cards of *from, taken out of it. */
static DdzCards take_lowest(DdzCards *from, int n)
{
    DdzCards out = 0;
    for (; n > 0 && *from; n--) {
        DdzCards low = *from & (0 - *from);
        out |= low;
        *from &= ~low;
    }
    return out;
}

static void cards_text(DdzCards c, char *buf, size_t size)
{
    ddz_ranks_format(ddz_cards_ranks(c), buf, size);
}

/* Rebuild ---------------------------------------------------------------------------------*/

/* After the actions: the seat must be the one to act, in the phase asked for. */
static int check_turn(const DdzGame *g, const DdzKnown *k, DdzError *err)
{
    static const char *const names[] = {"bidding", "doubling", "play", "over", "redeal"};
    if (g->phase == DDZ_PHASE_OVER)
        return ddz_error_set(err, 0, "the game is over: seat %d has played its last card", g->hist[g->nhist - 1].seat);
    if (g->phase == DDZ_PHASE_REDEAL)
        return ddz_error_set(err, 0, "the bidding is over: everyone passed");
    if (g->phase != k->phase) {
        if (k->phase == DDZ_PHASE_BID)
            return ddz_error_set(err, 0, "the bidding is over: seat %d is the landlord", g->landlord);
        return ddz_error_set(err, 0, "it is the %s phase, not %s", names[g->phase], names[k->phase]);
    }
    if (g->turn != k->seat)
        return ddz_error_set(err, 0, "not this seat's turn: seat %d is to act, not seat %d", g->turn, k->seat);
    return 0;
}

static int apply_actions(DdzGame *g, const DdzKnown *k, DdzError *err)
{
    for (int i = 0; i < k->nactions; i++) {
        DdzError e;
        /* The others' hands are filler: a pass they made may look beatable (hubei48). */
        if (ddz_game_apply_known(g, &k->actions[i], &e) != 0)
            return ddz_error_set(err, i + 1, "%s", e.msg);
    }
    return check_turn(g, k, err);
}

static int rebuild_bidding(const DdzKnown *k, const DdzOptions *opt, DdzGame *g, DdzError *err)
{
    int me = k->seat;
    int each = ddz_ruleset_hand_size(opt->rules);
    DdzCards deck = ddz_ruleset_deck(opt->rules);
    if (ddz_cards_size(k->hand) != each)
        return ddz_error_set(err, 0, "the hand has %d cards: a seat holds %d while bidding", ddz_cards_size(k->hand),
                             each);
    if (k->first >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "first bidder %d: seats are 0, 1 and 2", k->first);
    for (int i = 0; i < k->nactions; i++)
        if (k->actions[i].kind != DDZ_ACT_BID)
            return ddz_error_set(err, i + 1, "only bids come before the landlord is known");
    DdzCards rest = deck & ~k->hand, dealt[DDZ_SEAT_NB];
    dealt[me] = k->hand;
    dealt[next_seat(me)] = take_lowest(&rest, each);
    dealt[next_seat(next_seat(me))] = take_lowest(&rest, each);
    if (ddz_game_from_hands(g, opt, dealt, rest, k->first, err) != 0)
        return -1;
    return apply_actions(g, k, err);
}

/* Doubling and play: the seats' original cards are known played cards, the bottom for the
 * landlord, the asking seat's hand, and filler. */
static int rebuild_crowned(const DdzKnown *k, const DdzOptions *opt, DdzGame *g, DdzError *err)
{
    int me = k->seat, L = k->landlord;
    char text[96];
    if (L >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "landlord %d: seats are 0, 1 and 2", L);
    if (k->bid < 1 || k->bid > 3)
        return ddz_error_set(err, 0, "bid %d: the landlord's bid is 1, 2 or 3", k->bid);
    DdzCards deck = ddz_ruleset_deck(opt->rules);
    if (ddz_cards_size(k->bottom) != ddz_ruleset_bottom_size(opt->rules))
        return ddz_error_set(err, 0, "the bottom has %d cards, not %d", ddz_cards_size(k->bottom),
                             ddz_ruleset_bottom_size(opt->rules));
    /* Step 1. The cards each seat has played, each card once, farmers never a bottom card. */
    DdzCards played[DDZ_SEAT_NB] = {0, 0, 0}, all = 0;
    for (int i = 0; i < k->nactions; i++) {
        const DdzAction *a = &k->actions[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type == DDZ_PASS)
            continue;
        DdzCards c = a->cards;
        if (a->seat >= DDZ_SEAT_NB)
            return ddz_error_set(err, i + 1, "seat %d: seats are 0, 1 and 2", a->seat);
        if (!c || (c & ~deck) || ddz_cards_ranks(c) != a->move.ranks)
            return ddz_error_set(err, i + 1, "the cards played are not given, or are not the move");
        if (c & all) {
            cards_text(c & all, text, sizeof text);
            return ddz_error_set(err, i + 1, "%s played a second time", text);
        }
        if (a->seat != L && (c & k->bottom)) {
            cards_text(c & k->bottom, text, sizeof text);
            return ddz_error_set(err, i + 1, "seat %d is a farmer but plays %s of the bottom, which the landlord holds",
                        a->seat, text);
        }
        played[a->seat] |= c;
        all |= c;
        int held = ddz_cards_size(played[a->seat] | (a->seat == L ? k->bottom : 0));
        if (a->seat != me && held > seat_size(a->seat, L, opt->rules))
            return ddz_error_set(err, i + 1, "seat %d has now played more cards than it was dealt", a->seat);
    }
    /* Step 2. The asking seat: hand and plays make what it was dealt. */
    if (k->hand & ~deck)
        return ddz_error_set(err, 0, "the hand holds a card the %s deck lacks", ddz_ruleset_name(opt->rules));
    if (k->hand & all) {
        cards_text(k->hand & all, text, sizeof text);
        return ddz_error_set(err, 0, "the hand holds %s, already played", text);
    }
    DdzCards full[DDZ_SEAT_NB];
    full[me] = k->hand | played[me];
    int n = ddz_cards_size(full[me]);
    if (n != seat_size(me, L, opt->rules))
        return ddz_error_set(err, 0, "seat %d holds %d cards and has played %d: %d in all, but the %s has %d",
                    me, ddz_cards_size(k->hand), ddz_cards_size(played[me]), n, me == L ? "landlord" : "farmer",
                    seat_size(me, L, opt->rules));
    if (me == L && (k->bottom & ~full[me])) {
        cards_text(k->bottom & ~full[me], text, sizeof text);
        return ddz_error_set(err, 0, "the landlord's hand and plays lack bottom cards %s", text);
    }
    if (me != L && (k->bottom & full[me])) {
        cards_text(k->bottom & full[me], text, sizeof text);
        return ddz_error_set(err, 0, "the hand or plays of farmer %d hold %s of the bottom", me, text);
    }
    /* Step 3. The others: what they played (and the bottom), then unseen cards. */
    DdzCards rest = deck & ~full[me];
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != me) {
            full[s] = played[s] | (s == L ? k->bottom : 0);
            rest &= ~full[s];
        }
    DdzCards dealt[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (s != me)
            full[s] |= take_lowest(&rest, seat_size(s, L, opt->rules) - ddz_cards_size(full[s]));
        dealt[s] = full[s] & ~(s == L ? k->bottom : 0);
    }
    /* A play request carries no bids: the landlord's bid below is a formality. */
    DdzOptions appointed = *opt;
    appointed.appointed = true;
    if (ddz_game_from_hands(g, &appointed, dealt, k->bottom, L, err) != 0)
        return -1;
    /* Step 4. The landlord bids first and wins with k->bid; then the actions, checked. */
    DdzError e;
    DdzAction bids[3] = {ddz_action_bid(L, k->bid), ddz_action_bid(next_seat(L), 0),
                         ddz_action_bid(next_seat(next_seat(L)), 0)};
    for (int i = 0; i < (k->bid == 3 ? 1 : 3); i++)
        if (ddz_game_apply(g, &bids[i], &e) != 0)
            return ddz_error_set(err, 0, "cannot make seat %d the landlord with bid %d: %s", L, k->bid, e.msg);
    return apply_actions(g, k, err);
}

int ddz_engine_rebuild(const DdzKnown *k, DdzGame *g, DdzError *err)
{
    if (k->seat >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "seat %d: seats are 0, 1 and 2", k->seat);
    if (k->nactions < 0 || k->nactions > DDZ_MAX_ACTIONS - 3)
        return ddz_error_set(err, 0, "%d actions: more than any game has", k->nactions);
    DdzOptions opt = k->opt;
    opt.first_bidder = DDZ_FIRST_GIVEN;
    if (k->phase == DDZ_PHASE_BID)
        return rebuild_bidding(k, &opt, g, err);
    if (k->phase != DDZ_PHASE_DOUBLE && k->phase != DDZ_PHASE_PLAY)
        return ddz_error_set(err, 0, "phase %d: ask for a bid, a double or a play", k->phase);
    if (k->phase == DDZ_PHASE_DOUBLE && ddz_ruleset_is_48(opt.rules))
        return ddz_error_set(err, 0, "the 48-card game (hubei48) has no doubling");
    if (k->phase == DDZ_PHASE_DOUBLE && opt.double_mode == DDZ_DOUBLE_NONE)
        return ddz_error_set(err, 0, "a doubling decision needs a doubling rule (double=farmer)");
    opt.bid_mode = DDZ_BID_POINTS;
    opt.must_bid = opt.forced_bid = opt.show_cards = false;
    return rebuild_crowned(k, &opt, g, err);
}

/* Decide ----------------------------------------------------------------------------------*/

/* The first legal action: the smallest move that beats the table (pass only when there is
 * none), or the lowest bid or double. */
static DdzAction first_legal(const DdzGame *g)
{
    int s = g->turn;
    if (g->phase == DDZ_PHASE_PLAY) {
        static const DdzMove none = {0, DDZ_PASS, 0, 0, 0};
        DdzMove *moves = malloc((DDZ_MAX_MOVES + 1) * sizeof *moves);
        DdzMove m = none;
        if (moves) {
            int n = ddz_game_legal_moves(g, moves);
            if (n > 0)
                m = moves[n > 1 && moves[0].type == DDZ_PASS ? 1 : 0];
            free(moves);
        }
        return ddz_action_play(s, m, 0);
    }
    uint8_t vals[4] = {0};
    int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
    ddz_game_legal_values(g, kind, vals);
    return kind == DDZ_ACT_BID ? ddz_action_bid(s, vals[0]) : ddz_action_double(s, vals[0]);
}

int ddz_engine_decide(const DdzGame *g, const char *name, uint64_t seed, DdzAction *out, bool *warned,
                      DdzError *err)
{
    DdzAgent a;
    if (ddz_ai_agent_new(&a, name, seed, err) != 0)
        return -1;
    DdzView v;
    ddz_game_view(g, g->turn, &v);
    DdzAction act;
    bool ok = a.act(a.state, &v, &act) == 0 && act.seat == g->turn && act.kind != DDZ_ACT_SHOW &&
              ddz_game_check(g, &act, NULL) == 0;
    ddz_agent_free(&a);
    *warned = !ok;
    if (!ok)
        act = first_legal(g);
    if (act.kind == DDZ_ACT_PLAY && act.move.type != DDZ_PASS && !act.cards &&
        !ddz_cards_pick(g->hand[g->turn], act.move.ranks, &act.cards))
        return ddz_error_set(err, 0, "internal error: the move chosen is not in the hand");
    *out = act;
    return 0;
}

/* The agent name with an option: NAME:OPTION for agents that take it (search:1000,
 * search:adp), else NAME unchanged. */
static void option_name(char *buf, size_t size, const char *option)
{
    char with[96];
    if (snprintf(with, sizeof with, "%s:%s", buf, option) >= (int)sizeof with)
        return;
    DdzAgent a;
    if (ddz_ai_agent_new(&a, with, 1, NULL) == 0) {
        ddz_agent_free(&a);
        snprintf(buf, size, "%s", with);
    }
}

/* The agent name with a time budget (time_ms > 0) and an objective (non-NULL), each for
 * agents that take one. */
static void budget_name(const char *name, long time_ms, const char *objective, char *buf, size_t size)
{
    snprintf(buf, size, "%s", name);
    if (time_ms > 0) {
        char ms[24];
        snprintf(ms, sizeof ms, "%ld", time_ms);
        option_name(buf, size, ms);
    }
    if (objective)
        option_name(buf, size, objective);
}

/* The JSON engine protocol ----------------------------------------------------------------*/

static const char *json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Reads an integer field in [lo, hi]: 1 read, 0 absent (and not required), -1 error. */
static int get_int(const json_t *o, const char *field, bool required, long lo, long hi, long *out, DdzError *err)
{
    const json_t *v = json_object_get(o, field);
    if (!v)
        return required ? ddz_error_set(err, 0, "missing field '%s'", field) : 0;
    if (!json_is_integer(v))
        return ddz_error_set(err, 0, "field '%s' must be an integer from %ld to %ld, not %s", field, lo, hi, json_kind(v));
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return ddz_error_set(err, 0, "field '%s' is %lld: it must be from %ld to %ld", field, (long long)x, lo, hi);
    *out = (long)x;
    return 1;
}

static int get_string(const json_t *o, const char *field, bool required, const char **out, DdzError *err)
{
    const json_t *v = json_object_get(o, field);
    if (!v)
        return required ? ddz_error_set(err, 0, "missing field '%s'", field) : 0;
    if (!json_is_string(v))
        return ddz_error_set(err, 0, "field '%s' must be a string, not %s", field, json_kind(v));
    *out = json_string_value(v);
    return 1;
}

static int get_ranks(const json_t *o, const char *field, DdzRanks *out, DdzError *err)
{
    const char *s;
    if (get_string(o, field, true, &s, err) != 1)
        return -1;
    DdzError e;
    if (ddz_ranks_parse(s, out, &e) != 0)
        return ddz_error_set(err, 0, "field '%s': %s", field, e.msg);
    return 0;
}

/* A [seat, value] pair of an array field: value an integer 0..hi, or a boolean when hi is 1. */
static int get_pair(const json_t *arr, const char *field, size_t i, int hi, int *seat, int *value, DdzError *err)
{
    const json_t *p = json_array_get(arr, i);
    const json_t *s = json_array_get(p, 0), *v = json_array_get(p, 1);
    if (!json_is_array(p) || json_array_size(p) != 2)
        return ddz_error_set(err, 0, "%s[%zu] must be a [seat, %s] pair", field, i, hi == 1 ? "true|false" : "value");
    if (!json_is_integer(s) || json_integer_value(s) < 0 || json_integer_value(s) > 2)
        return ddz_error_set(err, 0, "%s[%zu]: the seat must be an integer from 0 to 2", field, i);
    *seat = (int)json_integer_value(s);
    if (hi == 1 && json_is_boolean(v))
        *value = json_is_true(v);
    else if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= hi)
        *value = (int)json_integer_value(v);
    else
        return ddz_error_set(err, 0, "%s[%zu]: the value must be %s", field, i,
                    hi == 1 ? "true or false" : "an integer from 0 to 3 (0 passes)");
    return 0;
}

/* The rank counts of a multiset, one int per rank (sums of many moves would overflow a nibble). */
static void add_counts(int cnt[DDZ_RANK_NB], DdzRanks r)
{
    for (int i = 0; i < DDZ_RANK_NB; i++)
        cnt[i] += ddz_ranks_get(r, i);
}

/* The i-th card (in id order) of `rank` in the deck (the suit for the 54-card deck). */
static DdzCard card_of(DdzCards deck, int rank, int i)
{
    DdzCards of = rank < DDZ_RANK_BJ ? deck & ((DdzCards)15 << (4 * rank)) : deck & ((DdzCards)1 << (rank + 39));
    for (; i > 0 && of; i--)
        of &= of - 1;
    return of ? __builtin_ctzll(of) : 0;
}

/* Per rank: the bottom takes the lowest suits; a landlord who asks holds them among its own;
 * otherwise the asking seat's cards come next, the landlord's plays reuse the bottom's suits
 * before new ones, and every other play takes new suits. More cards of a rank than the deck
 * holds is the error "already played". */
int ddz_engine_known_suits(DdzKnown *k, DdzRanks hand, DdzRanks bottom, DdzError *err)
{
    int me = k->seat, L = k->landlord;
    int H[DDZ_RANK_NB] = {0}, B[DDZ_RANK_NB] = {0}, P[DDZ_SEAT_NB][DDZ_RANK_NB] = {{0}};
    add_counts(H, hand);
    add_counts(B, bottom);
    for (int i = 0; i < k->nactions; i++)
        if (k->actions[i].kind == DDZ_ACT_PLAY && k->actions[i].seat < DDZ_SEAT_NB)
            add_counts(P[k->actions[i].seat], k->actions[i].move.ranks);
    k->hand = k->bottom = 0;
    DdzCards deck = ddz_ruleset_deck(k->opt.rules);
    for (int r = 0; r < DDZ_RANK_NB; r++) {
        int cap = ddz_ranks_get(ddz_ruleset_deck_ranks(k->opt.rules), r), M = H[r] + P[me][r];
        int history = P[0][r] + P[1][r] + P[2][r];
        char rc = ddz_rank_char(r);
        if (me == L && M < B[r])
            return ddz_error_set(err, 0, "the bottom holds %d %c but the landlord's hand and plays only %d", B[r], rc, M);
        int start = me == L ? 0 : B[r];               /* the asking seat's suits: [start, start+M) */
        int free_suit = start + M > B[r] ? start + M : B[r];
        int mine = start, bottom_reuse = 0;
        for (int i = 0; i < k->nactions && history; i++) {
            DdzAction *a = &k->actions[i];
            if (a->kind != DDZ_ACT_PLAY || a->seat >= DDZ_SEAT_NB)
                continue;
            for (int c = ddz_ranks_get(a->move.ranks, r); c > 0; c--) {
                int suit;
                if (a->seat == me)
                    suit = mine++;
                else if (a->seat == L && bottom_reuse < B[r])
                    suit = bottom_reuse++;
                else
                    suit = free_suit++;
                if (suit >= cap)
                    break;
                a->cards |= ddz_cards_of(card_of(deck, r, suit));
            }
        }
        if (free_suit > cap || start + M > cap)
            return ddz_error_set(err, 0, "too many %c: the hand holds %d, the bottom %d and the history %d, and a deck has %d%s",
                        rc, H[r], B[r], history, cap,
                        H[r] && history ? " (the hand holds cards already played)" : "");
        for (int s = mine; s < start + M; s++)
            k->hand |= ddz_cards_of(card_of(deck, r, s));
        for (int s = 0; s < B[r]; s++)
            k->bottom |= ddz_cards_of(card_of(deck, r, s));
    }
    return 0;
}

/* Reads the "doubles" array into actions (double=farmer); returns the count or -1. */
static int read_doubles(const json_t *req, DdzKnown *k, DdzError *err)
{
    const json_t *d = json_object_get(req, "doubles");
    if (!d)
        return 0;
    if (!json_is_array(d))
        return ddz_error_set(err, 0, "field 'doubles' must be an array of [seat, true|false] pairs, not %s", json_kind(d));
    if (json_array_size(d) > 3)
        return ddz_error_set(err, 0, "field 'doubles' has %zu entries: there are at most 3 decisions", json_array_size(d));
    k->opt.double_mode = DDZ_DOUBLE_FARMER;
    for (size_t i = 0; i < json_array_size(d); i++) {
        int seat, value;
        if (get_pair(d, "doubles", i, 1, &seat, &value, err) != 0)
            return -1;
        k->actions[k->nactions++] = ddz_action_double(seat, value);
    }
    return (int)json_array_size(d);
}

/* Reads "history": every play since the landlord's lead, [seat, "cards"] ("" passes). */
static int read_history(const json_t *req, DdzKnown *k, DdzError *err)
{
    const json_t *h = json_object_get(req, "history");
    if (!h)
        return ddz_error_set(err, 0, "missing field 'history'");
    if (!json_is_array(h))
        return ddz_error_set(err, 0, "field 'history' must be an array of [seat, \"cards\"] pairs, not %s", json_kind(h));
    if (json_array_size(h) > (size_t)(DDZ_MAX_ACTIONS - 8))
        return ddz_error_set(err, 0, "field 'history' has %zu entries: more than any game", json_array_size(h));
    for (size_t i = 0; i < json_array_size(h); i++) {
        const json_t *p = json_array_get(h, i);
        const json_t *s = json_array_get(p, 0), *c = json_array_get(p, 1);
        if (!json_is_array(p) || json_array_size(p) != 2 || !json_is_integer(s) || !json_is_string(c))
            return ddz_error_set(err, 0, "history[%zu] must be a [seat, \"cards\"] pair, e.g. [0, \"33344\"] or [1, \"\"]", i);
        if (json_integer_value(s) < 0 || json_integer_value(s) > 2)
            return ddz_error_set(err, 0, "history[%zu]: seat %lld: seats are 0, 1 and 2", i, (long long)json_integer_value(s));
        DdzMove m;
        DdzError e;
        if (ddz_move_parse(json_string_value(c), k->opt.rules, &m, &e) != 0)
            return ddz_error_set(err, 0, "history[%zu]: \"%.40s\": %s", i, json_string_value(c), e.msg);
        k->actions[k->nactions++] = ddz_action_play((int)json_integer_value(s), m, 0);
    }
    return 0;
}

/* The field an action came from, for error messages: "bids[2]", "history[0]", ... */
static void action_field(const DdzKnown *k, int index, int ndoubles, char *buf, size_t size)
{
    const DdzAction *a = &k->actions[index];
    if (a->kind == DDZ_ACT_BID)
        snprintf(buf, size, "bids[%d]", index);
    else if (a->kind == DDZ_ACT_DOUBLE)
        snprintf(buf, size, "doubles[%d]", index);
    else
        snprintf(buf, size, "history[%d]", index - ndoubles);
}

/* Builds k from a request; returns 0 or -1 with err naming the field. *ndoubles receives
 * the number of doubling decisions that precede the plays in k->actions. */
static int read_request(const json_t *req, DdzKnown *k, int *ndoubles, DdzError *err)
{
    const char *type, *rules = "standard";
    long seat, v;
    memset(k, 0, offsetof(DdzKnown, actions));
    k->opt = ddz_options_default();
    *ndoubles = 0;
    if (get_string(req, "type", true, &type, err) != 1)
        return -1;
    if (get_string(req, "rules", false, &rules, err) < 0)
        return -1;
    DdzRuleset rs;
    DdzError e;
    if (ddz_ruleset_parse(rules, &rs, &e) != 0)
        return ddz_error_set(err, 0, "field 'rules': %s", e.msg);
    k->opt.rules = rs;
    if (get_int(req, "seat", true, 0, 2, &seat, err) != 1)
        return -1;
    k->seat = (uint8_t)seat;
    DdzRanks hand, bottom = 0;
    if (get_ranks(req, "hand", &hand, err) != 0)
        return -1;
    if (!strcmp(type, "bid")) {
        k->phase = DDZ_PHASE_BID;
        const json_t *b = json_object_get(req, "bids");
        if (b && !json_is_array(b))
            return ddz_error_set(err, 0, "field 'bids' must be an array of [seat, bid] pairs, not %s", json_kind(b));
        size_t nb = b ? json_array_size(b) : 0;
        if (nb > 3)
            return ddz_error_set(err, 0, "field 'bids' has %zu entries: each seat bids once", nb);
        for (size_t i = 0; i < nb; i++) {
            int s, value;
            if (get_pair(b, "bids", i, 3, &s, &value, err) != 0)
                return -1;
            k->actions[k->nactions++] = ddz_action_bid(s, value);
        }
        k->first = nb ? k->actions[0].seat : k->seat;
        int r = get_int(req, "first", false, 0, 2, &v, err);
        if (r < 0)
            return -1;
        if (r > 0)
            k->first = (uint8_t)v;
        if (!ddz_cards_pick(ddz_ruleset_deck(k->opt.rules), hand, &k->hand))
            return ddz_error_set(err, 0, "field 'hand': more cards of a rank than a deck holds");
        return 0;
    }
    bool play = !strcmp(type, "play");
    if (!play && strcmp(type, "double"))
        return ddz_error_set(err, 0, "field 'type' is \"%.40s\": it must be \"play\", \"bid\" or \"double\"", type);
    k->phase = play ? DDZ_PHASE_PLAY : DDZ_PHASE_DOUBLE;
    if (get_int(req, "landlord", true, 0, 2, &v, err) != 1)
        return -1;
    k->landlord = (uint8_t)v;
    k->bid = 3;
    int r = get_int(req, "bid", false, 1, 3, &v, err);
    if (r < 0)
        return -1;
    if (r > 0)
        k->bid = (uint8_t)v;
    if (get_ranks(req, "bottom", &bottom, err) != 0)
        return -1;
    if (ddz_ranks_size(bottom) != ddz_ruleset_bottom_size(k->opt.rules))
        return ddz_error_set(err, 0, "field 'bottom' has %d cards, not %d", ddz_ranks_size(bottom),
                             ddz_ruleset_bottom_size(k->opt.rules));
    if (!play)
        k->opt.double_mode = DDZ_DOUBLE_FARMER;
    if ((*ndoubles = read_doubles(req, k, err)) < 0)
        return -1;
    if (play && read_history(req, k, err) != 0)
        return -1;
    return ddz_engine_known_suits(k, hand, bottom, err);
}

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

static char *dump(json_t *o)
{
    char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return s;
}

static int answer_error(char **answer, const char *msg)
{
    *answer = dump(json_pack("{s:s}", "error", msg));
    return -1;
}

typedef struct Work {
    DdzKnown known;
    DdzGame game;
} Work;

int ddz_engine_answer(const char *request, size_t len, const char *default_agent, char **answer)
{
    *answer = NULL;
    json_error_t jerr;
    json_t *req = json_loadb(request, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!req) {
        char msg[300];
        snprintf(msg, sizeof msg, "bad JSON at column %d: %s", jerr.column, jerr.text);
        return answer_error(answer, msg);
    }
    DdzError err = {0, ""};
    Work *w = malloc(sizeof *w);
    int rc = -1, ndoubles = 0;
    const char *name = default_agent ? default_agent : "expert", *level = NULL, *objective = NULL;
    long time_ms = 0, seed = 0;
    if (!w) {
        snprintf(err.msg, sizeof err.msg, "out of memory");
    } else if (!json_is_object(req)) {
        snprintf(err.msg, sizeof err.msg, "the request must be a JSON object, not %s", json_kind(req));
    } else if (read_request(req, &w->known, &ndoubles, &err) == 0 &&
               get_string(req, "agent", false, &name, &err) >= 0 &&
               get_string(req, "level", false, &level, &err) >= 0 &&
               get_int(req, "time_ms", false, 0, 600000, &time_ms, &err) >= 0 &&
               get_int(req, "seed", false, 0, LONG_MAX, &seed, &err) >= 0 &&
               get_string(req, "objective", false, &objective, &err) >= 0) {
        DdzObjective obj;
        if (level && !json_object_get(req, "agent"))
            name = level;
        if (objective && ddz_objective_parse(objective, &obj) != 0) {
            snprintf(err.msg, sizeof err.msg, "objective: \"%.40s\" is not \"wp\" or \"adp\"", objective);
        } else if (ddz_engine_rebuild(&w->known, &w->game, &err) != 0) {
            if (err.pos > 0) {
                char field[32], msg[sizeof err.msg];
                action_field(&w->known, err.pos - 1, ndoubles, field, sizeof field);
                snprintf(msg, sizeof msg, "%s: %.220s", field, err.msg);
                memcpy(err.msg, msg, sizeof msg);
            }
        } else {
            char agent[96];
            budget_name(name, time_ms, objective, agent, sizeof agent);
            uint64_t s = json_object_get(req, "seed") ? (uint64_t)seed : fnv1a(request, len);
            DdzAction act;
            bool warned;
            if (ddz_engine_decide(&w->game, agent, s, &act, &warned, &err) == 0) {
                json_t *o;
                if (act.kind == DDZ_ACT_PLAY) {
                    char text[96] = "";
                    if (act.move.type != DDZ_PASS)
                        ddz_move_format(&act.move, w->known.opt.rules, text, sizeof text);
                    o = json_pack("{s:s}", "move", text);
                } else if (act.kind == DDZ_ACT_BID) {
                    o = json_pack("{s:i}", "bid", act.value);
                } else {
                    o = json_pack("{s:b}", "double", act.value != 0);
                }
                if (o && warned)
                    json_object_set_new(o, "warning", json_string("the agent gave no legal answer: this is the first legal one"));
                *answer = dump(o);
                rc = 0;
            }
        }
    }
    free(w);
    json_decref(req);
    if (rc != 0)
        return answer_error(answer, err.msg[0] ? err.msg : "bad request");
    return *answer ? 0 : -1;
}

/* Botzone --------------------------------------------------------------------------------*/

struct DdzBotzone {
    char name[64];
    uint64_t seed;
    json_t *requests;  /* owned */
    json_t *responses; /* owned */
    Work work;
};

DdzBotzone *ddz_botzone_new(const char *name, uint64_t seed)
{
    DdzBotzone *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    snprintf(b->name, sizeof b->name, "%s", name);
    b->seed = seed;
    b->requests = json_array();
    b->responses = json_array();
    if (!b->requests || !b->responses) {
        ddz_botzone_free(b);
        return NULL;
    }
    return b;
}

void ddz_botzone_free(DdzBotzone *b)
{
    if (!b)
        return;
    json_decref(b->requests);
    json_decref(b->responses);
    free(b);
}

/* A Botzone card list: an array of distinct ids 0..53. */
static int read_ids(const json_t *arr, const char *what, DdzCards *out, DdzError *err)
{
    if (!json_is_array(arr))
        return ddz_error_set(err, 0, "%s must be an array of card ids 0..53", what);
    DdzCards c = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *x = json_array_get(arr, i);
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) >= DDZ_CARD_NB)
            return ddz_error_set(err, 0, "%s[%zu] is not a card id 0..53", what, i);
        DdzCard id = (DdzCard)json_integer_value(x);
        if (ddz_cards_has(c, id))
            return ddz_error_set(err, 0, "%s names card %d twice", what, id);
        c |= ddz_cards_of(id);
    }
    *out = c;
    return 0;
}

/* Appends the play of `seat` with exact cards to k; the reading is the botzone one. */
static int add_play(DdzKnown *k, int seat, DdzCards cards, const char *what, DdzError *err)
{
    if (k->nactions >= DDZ_MAX_ACTIONS - 8)
        return ddz_error_set(err, 0, "more plays than any game has");
    DdzMove rd[DDZ_MAX_READINGS];
    if (!cards) {
        k->actions[k->nactions++] = ddz_action_play(seat, ddz_move_pass(), 0);
        return 0;
    }
    if (ddz_move_classify(ddz_cards_ranks(cards), k->opt.rules, rd) == 0) {
        char text[96];
        cards_text(cards, text, sizeof text);
        return ddz_error_set(err, 0, "%s: %s is not a move under the %s rules", what, text, ddz_ruleset_name(k->opt.rules));
    }
    k->actions[k->nactions++] = ddz_action_play(seat, rd[0], cards);
    return 0;
}

/* Reads the whole conversation into b->work.known; returns 0 or -1 with err. */
static int botzone_known(DdzBotzone *b, DdzError *err)
{
    DdzKnown *k = &b->work.known;
    memset(k, 0, offsetof(DdzKnown, actions));
    k->opt = ddz_options_default();
    k->opt.rules = DDZ_RULES_BOTZONE;
    size_t n = json_array_size(b->requests);
    if (n == 0)
        return ddz_error_set(err, 0, "no requests");
    const json_t *first = json_array_get(b->requests, 0), *last = json_array_get(b->requests, n - 1);
    if (!json_is_object(first) || !json_is_object(last))
        return ddz_error_set(err, 0, "each request must be an object");
    DdzCards own;
    if (read_ids(json_object_get(first, "own"), "requests[0].own", &own, err) != 0)
        return -1;
    const json_t *bids = json_object_get(first, "bid");
    if (bids && !json_is_array(bids))
        return ddz_error_set(err, 0, "requests[0].bid must be an array of the bids before yours");
    const json_t *history = json_object_get(last, "history");
    /* Step 1. FightTheLandlord2's bidding: "bid" lists the bids before ours, from seat 0. */
    if (!history || json_is_null(history)) {
        if (!bids || n != 1)
            return ddz_error_set(err, 0, "the last request has neither a history nor a bid to answer");
        if (json_array_size(bids) > 2)
            return ddz_error_set(err, 0, "requests[0].bid has %zu bids: at most 2 come before yours", json_array_size(bids));
        k->phase = DDZ_PHASE_BID;
        k->seat = (uint8_t)json_array_size(bids);
        k->first = 0;
        k->hand = own;
        for (size_t i = 0; i < json_array_size(bids); i++) {
            const json_t *x = json_array_get(bids, i);
            if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 3)
                return ddz_error_set(err, 0, "requests[0].bid[%zu] must be a bid 0..3", i);
            k->actions[k->nactions++] = ddz_action_bid((int)i, (int)json_integer_value(x));
        }
        return 0;
    }
    /* Step 2. Who is who: FightTheLandlord2 says it (landlord, pos, finalbid, publiccard);
     * in FightTheLandlord seat 0 is the landlord and the first history tells our seat. */
    int L = -1, pos = bids ? (int)json_array_size(bids) : -1, bid = 3;
    DdzCards bottom = 0;
    bool have_bottom = false;
    for (size_t j = 0; j < n; j++) {
        const json_t *r = json_array_get(b->requests, j), *x;
        if ((x = json_object_get(r, "landlord")) && json_is_integer(x))
            L = (int)json_integer_value(x);
        if ((x = json_object_get(r, "pos")) && json_is_integer(x))
            pos = (int)json_integer_value(x);
        if ((x = json_object_get(r, "finalbid")) && json_is_integer(x))
            bid = (int)json_integer_value(x);
        if (!have_bottom && ((x = json_object_get(r, "publiccard")) || (x = json_object_get(r, "public")))) {
            if (read_ids(x, "publiccard", &bottom, err) != 0)
                return -1;
            have_bottom = true;
        }
    }
    if (!have_bottom)
        return ddz_error_set(err, 0, "no request gives the bottom cards (publiccard)");
    if (L < 0) {
        const json_t *h = json_object_get(first, "history");
        if (!json_is_array(h) || json_array_size(h) != 2)
            return ddz_error_set(err, 0, "requests[0].history must hold two plays");
        L = 0;
        if (pos < 0)
            pos = json_array_size(json_array_get(h, 0)) ? 2 : json_array_size(json_array_get(h, 1)) ? 1 : 0;
    }
    if (L > 2 || pos < 0 || pos > 2)
        return ddz_error_set(err, 0, "landlord %d, position %d: seats are 0, 1 and 2", L, pos);
    k->phase = DDZ_PHASE_PLAY;
    k->seat = (uint8_t)pos;
    k->landlord = (uint8_t)L;
    k->bid = (uint8_t)(bid < 1 ? 1 : bid > 3 ? 3 : bid);
    k->bottom = bottom;
    /* Step 3. The plays: each request's history holds the two previous seats' plays, our
     * response follows; in the first one only the plays since the landlord's lead count. */
    DdzCards mine = 0, original = own | (pos == L ? bottom : 0);
    bool started = false;
    for (size_t j = 0; j < n; j++) {
        const json_t *h = json_object_get(json_array_get(b->requests, j), "history");
        char what[64];
        if (!h || json_is_null(h))
            continue;
        if (!json_is_array(h) || json_array_size(h) != 2)
            return ddz_error_set(err, 0, "requests[%zu].history must hold two plays", j);
        int skip = started ? 0 : 2 - (pos - L + 3) % 3;
        started = true;
        for (int i = skip; i < 2; i++) {
            DdzCards c;
            snprintf(what, sizeof what, "requests[%zu].history[%d]", j, i);
            if (read_ids(json_array_get(h, (size_t)i), what, &c, err) != 0 ||
                add_play(k, (pos + 1 + i) % 3, c, what, err) != 0)
                return -1;
        }
        if (j + 1 < n) {
            DdzCards c;
            snprintf(what, sizeof what, "responses[%zu]", j);
            if (read_ids(json_array_get(b->responses, j), what, &c, err) != 0 || add_play(k, pos, c, what, err) != 0)
                return -1;
            mine |= c;
        }
    }
    if (mine & ~original)
        return ddz_error_set(err, 0, "our responses play cards we were not dealt");
    k->hand = original & ~mine;
    return 0;
}

int ddz_botzone_answer(DdzBotzone *b, const char *input, size_t len, char **answer)
{
    *answer = NULL;
    json_error_t jerr;
    DdzError err = {0, ""};
    json_t *in = json_loadb(input, len, 0, &jerr), *response = NULL;
    int rc = -1;
    bool warned = false;
    if (!in) {
        snprintf(err.msg, sizeof err.msg, "bad JSON at column %d: %s", jerr.column, jerr.text);
    } else if (!json_is_object(in)) {
        snprintf(err.msg, sizeof err.msg, "the input must be a JSON object");
    } else {
        json_t *reqs = json_object_get(in, "requests");
        bool ok = true;
        if (json_is_array(reqs)) {
            /* A whole input: it replaces what the session held. */
            json_t *resps = json_object_get(in, "responses");
            json_array_clear(b->requests);
            json_array_clear(b->responses);
            json_array_extend(b->requests, reqs);
            if (json_is_array(resps))
                json_array_extend(b->responses, resps);
        } else if (json_array_size(b->requests) > 0) {
            /* Keep-running: the next request alone (bare, or wrapped as "requests"). */
            json_array_append(b->requests, json_is_object(reqs) ? reqs : in);
        } else {
            snprintf(err.msg, sizeof err.msg, "no \"requests\" array");
            ok = false;
        }
        DdzKnown *k = &b->work.known;
        DdzAction act;
        if (ok && botzone_known(b, &err) == 0 && ddz_engine_rebuild(k, &b->work.game, &err) == 0 &&
            ddz_engine_decide(&b->work.game, b->name, b->seed ^ json_array_size(b->requests), &act, &warned,
                              &err) == 0) {
            if (act.kind == DDZ_ACT_BID) {
                response = json_integer(act.value);
            } else {
                response = json_array();
                for (DdzCards c = act.cards; c; c &= c - 1)
                    json_array_append_new(response, json_integer(__builtin_ctzll(c)));
            }
            rc = 0;
        } else if (ok && err.pos > 0) {
            char msg[sizeof err.msg];
            snprintf(msg, sizeof msg, "action %d of the game: %.220s", err.pos, err.msg);
            memcpy(err.msg, msg, sizeof msg);
        }
    }
    json_decref(in);
    char debug[300];
    if (rc == 0)
        snprintf(debug, sizeof debug, "ddz %s%s", b->name, warned ? ": the agent failed, first legal action" : "");
    else
        snprintf(debug, sizeof debug, "ddz error: %s", err.msg);
    json_t *out = json_object();
    if (out) {
        json_object_set_new(out, "response", response ? json_incref(response) : json_array());
        json_object_set_new(out, "debug", json_string(debug));
    }
    if (response) {
        /* Our response, for the next request of a keep-running session. */
        json_array_append(b->responses, response);
        json_decref(response);
    }
    *answer = dump(out);
    return *answer ? rc : -1;
}
