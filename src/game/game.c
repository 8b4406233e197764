/* game.c -- the game state machine: deal, bidding (叫分 and rob), doubling, play, undo,
 * and the seat views (RULES.md §2-§4); scoring is in score.c. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "ddz/game.h"

static inline int next_seat(int s) { return s == 2 ? 0 : s + 1; }

/* Deal ---------------------------------------------------------------------------------*/

void ddz_deck_shuffle(DdzRng *rng, DdzCard deck[DDZ_CARD_NB])
{
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    for (int i = DDZ_CARD_NB - 1; i > 0; i--) {
        int j = (int)ddz_rng_below(rng, (uint32_t)i + 1);
        DdzCard t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

/* Resets everything but the cards; phase BID with `first` to speak. */
static void start(DdzGame *g, const DdzOptions *opt, int first)
{
    g->opt = *opt;
    if (ddz_ruleset_is_48(opt->rules)) {
        /* RULES §8 is played as a whole: options of the 54-card game do not apply. */
        g->opt.bid_mode = DDZ_BID_POINTS;
        g->opt.first_bidder = DDZ_FIRST_GIVEN;
        g->opt.double_mode = DDZ_DOUBLE_NONE;
        g->opt.packet_deal = g->opt.forced_bid = g->opt.must_bid = g->opt.show_cards = g->opt.play_all = false;
    }
    g->phase = DDZ_PHASE_BID;
    g->turn = g->first = (uint8_t)first;
    g->landlord = g->bidder = DDZ_NO_SEAT;
    g->bid = g->robs = g->asked = g->passes = g->bombs = g->rockets = g->abandoned = g->letgo = 0;
    g->table = -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        g->dbl[s] = g->shown[s] = g->spoken[s] = g->plays[s] = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        g->abandoned_at[s] = 0;
    g->nhist = 0;
}

/* Seat holding card c, or -1 (bottom). */
static int holder(const DdzGame *g, DdzCard c)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_cards_has(g->hand[s], c))
            return s;
    return -1;
}

static int first_bidder(const DdzGame *g, const DdzOptions *opt, int given)
{
    int s = -1;
    if ((opt->first_bidder == DDZ_FIRST_REVEALED || opt->first_bidder == DDZ_FIRST_MIDDLE) && g->revealed >= 0)
        s = holder(g, g->revealed);
    else if (opt->first_bidder == DDZ_FIRST_HEART3)
        s = holder(g, DDZ_RANK_3 * 4 + DDZ_SUIT_HEARTS);
    return s >= 0 ? s : given;
}

void ddz_game_deal(DdzGame *g, const DdzOptions *opt, const DdzCard deck[DDZ_CARD_NB], int first,
                   int reveal_index)
{
    assert(first >= 0 && first < DDZ_SEAT_NB);
    DdzCards h[3] = {0, 0, 0};
    if (ddz_ruleset_is_48(opt->rules)) {
        /* RULES §8: 48 cards, 16 each, no bottom, no revealed card. The 48 cards come in the
         * order of the shuffled 54 (the six others skipped), so every shuffle of the 54 --
         * seeded or 256-bit -- deals a uniform shuffle of the 48. */
        for (int i = 0, k = 0; i < DDZ_CARD_NB; i++)
            if (ddz_cards_has(DDZ_DECK48, deck[i]))
                h[k++ % 3] |= ddz_cards_of(deck[i]);
        for (int s = 0; s < 3; s++)
            g->hand[s] = g->dealt[s] = h[s];
        g->bottom = 0;
        g->revealed = -1;
        start(g, opt, first);
        assert(ddz_game_ok(g));
        return;
    }
    if (opt->packet_deal) {
        /* Competition packets: 2 cards to each seat once, then 3 cards each, five times. */
        int i = 0;
        for (int s = 0; s < 3; s++, i += 2)
            h[s] |= ddz_cards_of(deck[i]) | ddz_cards_of(deck[i + 1]);
        for (int round = 0; round < 5; round++)
            for (int s = 0; s < 3; s++, i += 3)
                h[s] |= ddz_cards_of(deck[i]) | ddz_cards_of(deck[i + 1]) | ddz_cards_of(deck[i + 2]);
    } else {
        for (int i = 0; i < 51; i++)
            h[i % 3] |= ddz_cards_of(deck[i]);
    }
    for (int s = 0; s < 3; s++)
        g->hand[s] = g->dealt[s] = h[s];
    g->bottom = ddz_cards_of(deck[51]) | ddz_cards_of(deck[52]) | ddz_cards_of(deck[53]);
    bool any = opt->first_bidder == DDZ_FIRST_REVEALED && reveal_index >= 0 && reveal_index < 51;
    bool middle = opt->first_bidder == DDZ_FIRST_MIDDLE && reveal_index >= DDZ_MIDDLE_LO &&
                  reveal_index < DDZ_MIDDLE_HI;
    g->revealed = any || middle ? (int8_t)deck[reveal_index] : -1;
    start(g, opt, first_bidder(g, opt, first));
    assert(ddz_game_ok(g));
}

void ddz_game_new(DdzGame *g, const DdzOptions *opt, DdzRng *rng, int first)
{
    DdzCard deck[DDZ_CARD_NB];
    ddz_deck_shuffle(rng, deck);
    int reveal = -1;
    if (opt->first_bidder == DDZ_FIRST_REVEALED)
        reveal = (int)ddz_rng_below(rng, 51);
    else if (opt->first_bidder == DDZ_FIRST_MIDDLE)
        reveal = DDZ_MIDDLE_LO + (int)ddz_rng_below(rng, DDZ_MIDDLE_HI - DDZ_MIDDLE_LO);
    ddz_game_deal(g, opt, deck, first, reveal);
}

int ddz_game_appoint(DdzGame *g, int landlord, DdzError *err)
{
    if (g->phase != DDZ_PHASE_BID || g->nhist != 0 || g->turn != landlord)
        return ddz_error_set(err, 0, "seat %d cannot be appointed the landlord: %s", landlord,
                             g->phase != DDZ_PHASE_BID || g->nhist != 0 ? "the bidding has begun or ended"
                                                                        : "it does not bid first");
    DdzAction a = ddz_action_bid(landlord, g->opt.bid_mode == DDZ_BID_ROB ? 1 : 3);
    int rc = ddz_game_apply(g, &a, err);
    while (rc == 0 && g->phase == DDZ_PHASE_BID) {
        a = ddz_action_bid(g->turn, 0);
        rc = ddz_game_apply(g, &a, err);
    }
    if (rc == 0)
        g->opt.appointed = true;
    return rc;
}

int ddz_game_from_hands(DdzGame *g, const DdzOptions *opt, const DdzCards hands[DDZ_SEAT_NB],
                        DdzCards bottom, int first, DdzError *err)
{
    if (first < 0 || first >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "first seat %d: seats are 0, 1 and 2", first);
    DdzCards seen = 0, deck = ddz_ruleset_deck(opt->rules);
    int each = ddz_ruleset_hand_size(opt->rules), nbottom = ddz_ruleset_bottom_size(opt->rules);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (ddz_cards_size(hands[s]) != each)
            return ddz_error_set(err, 0, "seat %d holds %d cards, not %d", s, ddz_cards_size(hands[s]), each);
        if (seen & hands[s])
            return ddz_error_set(err, 0, "seat %d holds a card another seat holds", s);
        seen |= hands[s];
    }
    if (ddz_cards_size(bottom) != nbottom)
        return ddz_error_set(err, 0, "the bottom has %d cards, not %d", ddz_cards_size(bottom), nbottom);
    if ((seen & bottom) || ((seen | bottom) & ~deck) || (seen | bottom) != deck)
        return ddz_error_set(err, 0, "the hands and the bottom are not the %d cards of the %s deck",
                             ddz_cards_size(deck), ddz_ruleset_name(opt->rules));
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        g->hand[s] = g->dealt[s] = hands[s];
    g->bottom = bottom;
    g->revealed = -1;
    start(g, opt, first_bidder(g, opt, first));
    return 0;
}

/* Bidding --------------------------------------------------------------------------------*/

bool ddz_hand_is_strong(DdzCards hand)
{
    DdzRanks r = ddz_cards_ranks(hand);
    int jokers = ddz_ranks_get(r, DDZ_RANK_BJ) + ddz_ranks_get(r, DDZ_RANK_RJ);
    int twos = ddz_ranks_get(r, DDZ_RANK_2), bombs = 0;
    for (int k = 0; k < DDZ_RANK_BJ; k++)
        bombs += ddz_ranks_get(r, k) == 4;
    return jokers == 2 || twos == 4 || (jokers >= 1 && twos >= 2) || (jokers >= 1 && bombs >= 2) ||
           (twos >= 2 && bombs >= 2) || bombs >= 3;
}

/* The bids a seat holding `hand` may make: pass unless forced, then every higher value.
 * Everything it reads is public or the seat's own, so views use it too. */
static int bid_values_of(const DdzOptions *opt, int bid, int asked, DdzCards hand, uint8_t out[4])
{
    int n = 0;
    bool must = opt->must_bid && ddz_hand_is_strong(hand);
    bool forced = opt->forced_bid && asked == 2 && bid == 0;
    if (!must && !forced)
        out[n++] = 0;
    if (opt->bid_mode == DDZ_BID_ROB || (forced && !must)) {
        out[n++] = 1;
        return n;
    }
    for (int v = bid + 1; v <= 3; v++)
        out[n++] = (uint8_t)v;
    return n;
}

static int bid_values(const DdzGame *g, uint8_t out[4])
{
    return bid_values_of(&g->opt, g->bid, g->asked, g->hand[g->turn], out);
}

static int double_values_of(const DdzOptions *opt, uint8_t out[4])
{
    out[0] = 0;
    out[1] = 1;
    if (opt->double_mode == DDZ_DOUBLE_APP) {
        out[2] = 2;
        return 3;
    }
    return 2;
}

static void enter_play(DdzGame *g)
{
    g->phase = DDZ_PHASE_PLAY;
    g->turn = g->landlord;
    g->table = -1;
    g->passes = 0;
    g->asked = 0;
}

/* The landlord is known: it takes the bottom cards; doubling or play begins. */
static void crown(DdzGame *g, int landlord)
{
    g->landlord = (uint8_t)landlord;
    g->hand[landlord] |= g->bottom;
    if (g->opt.double_mode == DDZ_DOUBLE_NONE) {
        enter_play(g);
    } else {
        g->phase = DDZ_PHASE_DOUBLE;
        g->asked = 0;
        g->turn = (uint8_t)next_seat(landlord);
    }
}

static void apply_bid(DdzGame *g, int seat, int value)
{
    g->spoken[seat] = (uint8_t)(1 + value);
    g->asked++;
    if (g->opt.bid_mode == DDZ_BID_ROB) {
        /* One round: the first "yes" calls, every later "yes" robs; the last one wins. */
        if (value) {
            if (g->bid)
                g->robs++;
            g->bid = 1;
            g->bidder = (uint8_t)seat;
        }
    } else if (value) {
        g->bid = (uint8_t)value;
        g->bidder = (uint8_t)seat;
        if (value == 3) {
            crown(g, seat);
            return;
        }
    }
    if (g->asked < 3) {
        g->turn = (uint8_t)next_seat(seat);
        return;
    }
    if (g->bid)
        crown(g, g->bidder);
    else
        g->phase = DDZ_PHASE_REDEAL;
}

/* Doubling -------------------------------------------------------------------------------*/

static int double_values(const DdzGame *g, uint8_t out[4]) { return double_values_of(&g->opt, out); }

static void apply_double(DdzGame *g, int seat, int value)
{
    int L = g->landlord;
    g->dbl[seat] = (uint8_t)value;
    g->asked++;
    if (g->opt.double_mode == DDZ_DOUBLE_APP) {
        /* landlord+1, landlord+2, then the landlord */
        if (g->asked == 3)
            enter_play(g);
        else
            g->turn = (uint8_t)next_seat(seat);
        return;
    }
    if (g->asked == 1) {
        g->turn = (uint8_t)next_seat(seat);
    } else if (g->asked == 2) {
        if (g->dbl[next_seat(L)] || g->dbl[next_seat(next_seat(L))])
            g->turn = (uint8_t)L; /* the landlord may redouble */
        else
            enter_play(g);
    } else {
        enter_play(g);
    }
}

/* Play -----------------------------------------------------------------------------------*/

DdzMove ddz_game_table(const DdzGame *g)
{
    return g->table >= 0 ? g->hist[g->table].move : ddz_move_pass();
}

/* Readings of the whole hand that may be played now (play_all), written to out. */
static int whole_hand_moves(DdzCards hand, const DdzMove *table, DdzRuleset rules, DdzMove *out)
{
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ddz_cards_ranks(hand), rules, rd), k = 0;
    for (int i = 0; i < n; i++)
        if (ddz_move_beats(&rd[i], table))
            out[k++] = rd[i];
    return k;
}

/* RULES §8: under hubei48 a player who can beat the move on the table must. */
static inline bool must_beat(const DdzOptions *opt) { return ddz_ruleset_is_48(opt->rules); }

static int legal_moves(DdzCards hand, const DdzMove *table, const DdzOptions *opt, DdzMove *out)
{
    bool leading = table->type == DDZ_PASS;
    if (opt->play_all) {
        int k = whole_hand_moves(hand, table, opt->rules, out);
        if (k > 0)
            return k;
    }
    int n = 0;
    if (!leading)
        out[n++] = ddz_move_pass();
    int k = ddz_moves_generate(ddz_cards_ranks(hand), leading ? NULL : table, opt->rules, out + n);
    if (n && k && must_beat(opt)) {
        /* 有出必出: pass only when nothing beats the move on the table. */
        memmove(out, out + 1, (size_t)k * sizeof *out);
        return k;
    }
    return n + k;
}

int ddz_game_legal_moves(const DdzGame *g, DdzMove *out)
{
    if (g->phase != DDZ_PHASE_PLAY)
        return 0;
    DdzMove t = ddz_game_table(g);
    return legal_moves(g->hand[g->turn], &t, &g->opt, out);
}

int ddz_game_legal_values(const DdzGame *g, int kind, uint8_t out[4])
{
    if (kind == DDZ_ACT_BID && g->phase == DDZ_PHASE_BID)
        return bid_values(g, out);
    if (kind == DDZ_ACT_DOUBLE && g->phase == DDZ_PHASE_DOUBLE)
        return double_values(g, out);
    return 0;
}

static bool is_reading(const DdzMove *m, DdzRuleset rules)
{
    /* Plain groups, most of all plays, are checked directly; the rest by classification. */
    static const uint8_t group_size[DDZ_MOVE_TYPE_NB] = {[DDZ_SINGLE] = 1, [DDZ_PAIR] = 2, [DDZ_TRIO] = 3,
                                                         [DDZ_BOMB] = 4};
    int k = group_size[m->type];
    if (k && !(m->type == DDZ_TRIO && ddz_ruleset_is_48(rules))) /* hubei48's trio is trio_short */
        return m->len == 1 && m->size == k && m->rank < (k == 1 ? DDZ_RANK_NB : DDZ_RANK_BJ) &&
               m->ranks == ddz_ranks_of(m->rank, k);
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(m->ranks, rules, rd);
    for (int i = 0; i < n; i++)
        if (ddz_move_equal(&rd[i], m) && rd[i].size == m->size)
            return true;
    return false;
}

static const char *const PHASE_NAMES[] = {"bidding", "doubling", "play", "over", "redeal"};
static const char *const KIND_NAMES[] = {"bid", "double", "show", "play"};

static int check_play(const DdzGame *g, const DdzAction *a, bool known, DdzCards *cards, DdzError *err)
{
    const DdzMove *m = &a->move;
    DdzMove table = ddz_game_table(g);
    char text[96], ttext[96];
    DdzCards hand = g->hand[a->seat];
    if (m->type == DDZ_PASS) {
        if (table.type == DDZ_PASS)
            return ddz_error_set(err, 0, "you lead: you cannot pass");
        if (must_beat(&g->opt) && !known) {
            DdzMove beat[DDZ_MAX_MOVES];
            if (ddz_moves_generate(ddz_cards_ranks(hand), &table, g->opt.rules, beat) > 0) {
                ddz_move_format(&table, g->opt.rules, ttext, sizeof ttext);
                ddz_move_format(&beat[0], g->opt.rules, text, sizeof text);
                return ddz_error_set(err, 0, "you can beat %s, so you must (有出必出): %s does, for one", ttext, text);
            }
        }
        if (g->opt.play_all) {
            DdzMove whole[DDZ_MAX_READINGS];
            if (whole_hand_moves(hand, &table, g->opt.rules, whole) > 0) {
                ddz_ranks_format(ddz_cards_ranks(hand), text, sizeof text);
                return ddz_error_set(err, 0, "your whole hand %s is a move that may be played now: play it all at once", text);
            }
        }
        *cards = 0;
        return 0;
    }
    /* The move's text is only formatted on the error paths: this is the hot path of play. */
#define MOVE_TEXT() ddz_ranks_format(m->ranks, text, sizeof text)
    if (m->type >= DDZ_MOVE_TYPE_NB || ddz_ranks_size(m->ranks) != m->size || !is_reading(m, g->opt.rules))
        return MOVE_TEXT(), ddz_error_set(err, 0, "%s is not a move under the %s rules", text, ddz_ruleset_name(g->opt.rules));
    if (a->cards) {
        if ((a->cards & ~hand) != 0)
            return MOVE_TEXT(), ddz_error_set(err, 0, "not in your hand: %s", text);
        if (ddz_cards_ranks(a->cards) != m->ranks)
            return MOVE_TEXT(), ddz_error_set(err, 0, "the cards given are not the move %s", text);
        *cards = a->cards;
    } else if (!ddz_cards_pick(hand, m->ranks, cards)) {
        return MOVE_TEXT(), ddz_error_set(err, 0, "not in your hand: %s", text);
    }
    if (ddz_move_is_short(m) && *cards != hand)
        return MOVE_TEXT(), ddz_error_set(err, 0, "%s may be played only as your last cards: a trio takes two cards, "
                                          "a plane two cards per trio", text);
    if (!ddz_move_beats(m, &table)) {
        MOVE_TEXT();
        ddz_move_format(&table, g->opt.rules, ttext, sizeof ttext);
        return ddz_error_set(err, 0, "%s does not beat %s", text, ttext);
    }
#undef MOVE_TEXT
    if (g->opt.play_all && *cards != hand) {
        DdzMove whole[DDZ_MAX_READINGS];
        if (whole_hand_moves(hand, &table, g->opt.rules, whole) > 0) {
            ddz_ranks_format(ddz_cards_ranks(hand), ttext, sizeof ttext);
            return ddz_error_set(err, 0, "your whole hand %s is a move that may be played now: play it all at once", ttext);
        }
    }
    return 0;
}

/* Checks a; for a play also returns the exact cards it takes. */
/* known: the action was legal in the real game (ddz_game_apply_known). */
static int check(const DdzGame *g, const DdzAction *a, bool known, DdzCards *cards, DdzError *err)
{
    if (a->kind >= DDZ_ACT_KIND_NB)
        return ddz_error_set(err, 0, "unknown action kind %d", a->kind);
    if (a->seat >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "seat %d: seats are 0, 1 and 2", a->seat);
    if (g->phase == DDZ_PHASE_OVER || g->phase == DDZ_PHASE_REDEAL)
        return ddz_error_set(err, 0, "the game is %s", g->phase == DDZ_PHASE_OVER ? "over" : "void: deal again");
    if (a->kind == DDZ_ACT_SHOW) {
        if (!g->opt.show_cards)
            return ddz_error_set(err, 0, "showing cards (明牌) is not in these rules");
        if (a->seat != g->turn)
            return ddz_error_set(err, 0, "not your turn: seat %d is to act", g->turn);
        if (g->shown[a->seat])
            return ddz_error_set(err, 0, "your hand is already shown");
        if (g->phase == DDZ_PHASE_BID && !g->spoken[a->seat])
            return 0;
        if (g->phase == DDZ_PHASE_PLAY && a->seat == g->landlord && g->plays[a->seat] == 0)
            return 0;
        return ddz_error_set(err, 0, "you may show your hand only before your bid, or as landlord before your first play");
    }
    static const uint8_t phase_of[] = {DDZ_PHASE_BID, DDZ_PHASE_DOUBLE, 0, DDZ_PHASE_PLAY};
    if (g->phase != phase_of[a->kind])
        return ddz_error_set(err, 0, "it is the %s phase: no %s now", PHASE_NAMES[g->phase], KIND_NAMES[a->kind]);
    if (a->seat != g->turn)
        return ddz_error_set(err, 0, "not your turn: seat %d is to act", g->turn);
    if (a->kind == DDZ_ACT_PLAY)
        return check_play(g, a, known, cards, err);
    uint8_t vals[4];
    int n = a->kind == DDZ_ACT_BID ? bid_values(g, vals) : double_values(g, vals);
    for (int i = 0; i < n; i++)
        if (vals[i] == a->value)
            return 0;
    if (a->kind == DDZ_ACT_DOUBLE)
        return ddz_error_set(err, 0, "double %d: choose %s", a->value,
                    g->opt.double_mode == DDZ_DOUBLE_APP ? "0 (none), 1 (x2) or 2 (x4)" : "0 (no) or 1 (yes)");
    if (a->value == 0)
        return ddz_error_set(err, 0, g->opt.forced_bid && g->asked == 2 && g->bid == 0
                             ? "you may not pass: both others passed, so you must bid 1"
                             : "you may not pass: a hand this strong must bid");
    if (g->opt.bid_mode == DDZ_BID_ROB)
        return ddz_error_set(err, 0, "bid %d: say 0 (no) or 1 (call or rob)", a->value);
    if (a->value > 3)
        return ddz_error_set(err, 0, "bid %d: bids are 1, 2 or 3 points, or 0 to pass", a->value);
    if (vals[n - 1] == 1 && n <= 2 && g->bid == 0 && a->value > 1)
        return ddz_error_set(err, 0, "bid %d: you must bid exactly 1", a->value);
    return ddz_error_set(err, 0, "bid %d is not above the best bid so far, %d", a->value, g->bid);
}

int ddz_game_check(const DdzGame *g, const DdzAction *a, DdzError *err)
{
    DdzCards cards;
    return check(g, a, false, &cards, err);
}

static int apply(DdzGame *g, const DdzAction *a, bool known, DdzError *err);

/* 放走 (RULES §8): seat s plays the single m while the next seat holds one card, and m is
 * not the highest card s holds. */
static bool lets_go(const DdzGame *g, int s, const DdzMove *m)
{
    if (ddz_cards_size(g->hand[next_seat(s)]) != 1)
        return false;
    int top = (63 - __builtin_clzll(g->hand[s])) >> 2; /* suited cards only under hubei48 */
    return m->rank < top;
}

int ddz_game_apply(DdzGame *g, const DdzAction *a, DdzError *err)
{
    return apply(g, a, false, err);
}

int ddz_game_apply_known(DdzGame *g, const DdzAction *a, DdzError *err)
{
    return apply(g, a, true, err);
}

static int apply(DdzGame *g, const DdzAction *a, bool known, DdzError *err)
{
    DdzCards cards = 0;
    if (check(g, a, known, &cards, err) != 0)
        return -1;
    int i = g->nhist++, s = a->seat;
    DdzUndo *u = &g->undo[i];
    u->table = g->table;
    u->phase = g->phase;
    u->turn = g->turn;
    u->landlord = g->landlord;
    u->passes = g->passes;
    u->bid = g->bid;
    u->bidder = g->bidder;
    u->robs = g->robs;
    u->asked = g->asked;
    u->letgo = g->letgo;
    DdzAction *h = &g->hist[i];
    *h = *a;
    switch (a->kind) {
    case DDZ_ACT_BID:
        apply_bid(g, s, a->value);
        break;
    case DDZ_ACT_DOUBLE:
        apply_double(g, s, a->value);
        break;
    case DDZ_ACT_SHOW:
        g->shown[s] = g->phase == DDZ_PHASE_BID ? 3 : 2;
        break;
    default:
        h->cards = cards;
        if (a->move.type == DDZ_PASS) {
            h->move = ddz_move_pass();
            h->cards = 0;
            if (++g->passes == 2) {
                g->table = -1;
                g->passes = 0;
            }
        } else {
            if (a->move.type == DDZ_SINGLE && ddz_ruleset_is_48(g->opt.rules) && lets_go(g, s, &a->move))
                g->letgo |= (uint8_t)(1u << s);
            g->hand[s] &= ~cards;
            g->plays[s]++;
            g->bombs += ddz_move_is_bomb(&a->move);
            g->rockets += a->move.type == DDZ_ROCKET;
            g->table = (int16_t)i;
            g->passes = 0;
            if (!g->hand[s]) {
                g->phase = DDZ_PHASE_OVER;
                break;
            }
        }
        g->turn = (uint8_t)next_seat(s);
        break;
    }
    assert(ddz_game_ok(g));
    return 0;
}

int ddz_game_abandon(DdzGame *g, int seat, DdzError *err)
{
    if (seat < 0 || seat >= DDZ_SEAT_NB)
        return ddz_error_set(err, 0, "seat %d: seats are 0, 1 and 2", seat);
    if (g->phase == DDZ_PHASE_OVER || g->phase == DDZ_PHASE_REDEAL)
        return ddz_error_set(err, 0, "the game is %s: no seat can be abandoned",
                             g->phase == DDZ_PHASE_OVER ? "over" : "void");
    if (!((g->abandoned >> seat) & 1))
        g->abandoned_at[seat] = g->nhist;
    g->abandoned |= (uint8_t)(1u << seat);
    return 0;
}

int ddz_game_undo(DdzGame *g)
{
    if (g->nhist == 0)
        return -1;
    int i = --g->nhist;
    const DdzAction *a = &g->hist[i];
    const DdzUndo *u = &g->undo[i];
    int s = a->seat;
    switch (a->kind) {
    case DDZ_ACT_BID:
        g->spoken[s] = 0;
        if (u->landlord == DDZ_NO_SEAT && g->landlord != DDZ_NO_SEAT)
            g->hand[g->landlord] &= ~g->bottom;
        break;
    case DDZ_ACT_DOUBLE:
        g->dbl[s] = 0;
        break;
    case DDZ_ACT_SHOW:
        g->shown[s] = 0;
        break;
    default:
        if (a->move.type != DDZ_PASS) {
            g->hand[s] |= a->cards;
            g->plays[s]--;
            g->bombs -= ddz_move_is_bomb(&a->move);
            g->rockets -= a->move.type == DDZ_ROCKET;
        }
        break;
    }
    g->table = u->table;
    g->phase = u->phase;
    g->turn = u->turn;
    g->landlord = u->landlord;
    g->passes = u->passes;
    g->bid = u->bid;
    g->bidder = u->bidder;
    g->robs = u->robs;
    g->asked = u->asked;
    g->letgo = u->letgo;
    assert(ddz_game_ok(g));
    return 0;
}

bool ddz_game_ok(const DdzGame *g)
{
    if (g->phase > DDZ_PHASE_REDEAL || g->turn >= DDZ_SEAT_NB || g->first >= DDZ_SEAT_NB)
        return false;
    /* Step 1. The deal is a partition of the deck. */
    DdzCards all = g->bottom, deck = ddz_ruleset_deck(g->opt.rules);
    if (ddz_cards_size(g->bottom) != ddz_ruleset_bottom_size(g->opt.rules))
        return false;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (ddz_cards_size(g->dealt[s]) != ddz_ruleset_hand_size(g->opt.rules) || (all & g->dealt[s]))
            return false;
        all |= g->dealt[s];
    }
    if (all != deck || (g->letgo && !ddz_ruleset_is_48(g->opt.rules)) || g->letgo > 7)
        return false;
    /* Step 2. Every card is held, played once, or still in the bottom. */
    bool crowned = g->landlord != DDZ_NO_SEAT;
    if (crowned != (g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY || g->phase == DDZ_PHASE_OVER))
        return false;
    if (crowned && g->landlord >= DDZ_SEAT_NB)
        return false;
    DdzCards played[3] = {0, 0, 0}, seen = crowned ? 0 : g->bottom;
    int plays[3] = {0, 0, 0}, bombs = 0, rockets = 0;
    if (g->nhist > DDZ_MAX_ACTIONS)
        return false;
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type == DDZ_PASS)
            continue;
        if ((played[a->seat] & a->cards) || ddz_cards_ranks(a->cards) != a->move.ranks)
            return false;
        played[a->seat] |= a->cards;
        plays[a->seat]++;
        bombs += ddz_move_is_bomb(&a->move);
        rockets += a->move.type == DDZ_ROCKET;
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards own = g->dealt[s] | (crowned && s == g->landlord ? g->bottom : 0);
        if ((seen & (g->hand[s] | played[s])) || (g->hand[s] & played[s]) || (g->hand[s] | played[s]) != own)
            return false;
        seen |= g->hand[s] | played[s];
        if (plays[s] != g->plays[s])
            return false;
    }
    if (seen != deck || bombs != g->bombs || rockets != g->rockets || g->abandoned > 7)
        return false;
    /* Step 3. Play: the table is a real move of the history, at most one pass since. */
    if (g->phase == DDZ_PHASE_PLAY || g->phase == DDZ_PHASE_OVER) {
        if (g->table >= g->nhist || g->passes > 1)
            return false;
        if (g->table >= 0 && (g->hist[g->table].kind != DDZ_ACT_PLAY || g->hist[g->table].move.type == DDZ_PASS))
            return false;
        if (g->table < 0 && g->passes != 0)
            return false;
        bool empty = !g->hand[0] || !g->hand[1] || !g->hand[2];
        if (empty != (g->phase == DDZ_PHASE_OVER))
            return false;
    }
    return true;
}

/* Views ------------------------------------------------------------------------------------*/

void ddz_game_view(const DdzGame *g, int seat, DdzView *v)
{
    bool crowned = g->landlord != DDZ_NO_SEAT;
    v->opt = g->opt;
    v->seat = (uint8_t)seat;
    v->phase = g->phase;
    v->turn = g->turn;
    v->first = g->first;
    v->landlord = g->landlord;
    v->bid = g->bid;
    v->robs = g->robs;
    v->passes = g->passes;
    v->asked = g->asked;
    v->revealed = g->revealed;
    v->hand = g->hand[seat];
    v->bottom = crowned ? g->bottom : 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards own = g->dealt[s] | (crowned && s == g->landlord ? g->bottom : 0);
        v->shown[s] = g->shown[s] ? g->hand[s] : 0;
        v->played[s] = own & ~g->hand[s];
        v->count[s] = (uint8_t)ddz_cards_size(g->hand[s]);
        v->dbl[s] = g->dbl[s];
    }
    v->table = ddz_game_table(g);
    v->table_seat = g->table >= 0 ? g->hist[g->table].seat : -1;
    v->nhist = g->nhist;
    v->hist = g->hist;
}

int ddz_view_legal_moves(const DdzView *v, DdzMove *out)
{
    if (v->phase != DDZ_PHASE_PLAY || v->turn != v->seat)
        return 0;
    return legal_moves(v->hand, &v->table, &v->opt, out);
}

int ddz_view_legal_values(const DdzView *v, int kind, uint8_t out[4])
{
    if (v->turn != v->seat)
        return 0;
    if (kind == DDZ_ACT_BID && v->phase == DDZ_PHASE_BID)
        return bid_values_of(&v->opt, v->bid, v->asked, v->hand, out);
    if (kind == DDZ_ACT_DOUBLE && v->phase == DDZ_PHASE_DOUBLE)
        return double_values_of(&v->opt, out);
    return 0;
}
