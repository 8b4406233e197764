/* play.c -- the match loop of the single-player game and the human seat's actions, shared by
 * the curses screen and the line mode. The computer players see only their seat's view. */
#define _DEFAULT_SOURCE
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ddz/ai.h"
#include "ddz/record.h"
#include "play.h"

/* A seed for stream k of the match: deals, the first bidder and each computer player get
 * their own, so the same match seed gives the same deals whatever the person plays. */
static uint64_t derive(uint64_t seed, uint64_t k)
{
    uint64_t x = seed ^ (k * 0xD1B54A32D192ED03ull);
    return ddz_rng_splitmix(&x);
}

Play *play_new(const PlayConfig *cfg, DdzError *err)
{
    Play *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
#ifndef NDEBUG
    char bad[80];
    if (!play_text_ok(bad, sizeof bad)) {
        snprintf(err->msg, sizeof err->msg, "message %s: the languages take different conversions", bad);
        free(p);
        return NULL;
    }
#endif
    p->cfg = *cfg;
    /* Seat 0's agent is the normal level's, for the first hint. */
    if (ddz_ai_agent_new(&p->agent[PLAY_YOU], "normal", 0, err) != 0) {
        free(p);
        return NULL;
    }
    for (int s = 1; s < DDZ_SEAT_NB; s++)
        if (ddz_ai_agent_new(&p->agent[s], cfg->level, derive(cfg->seed, 100 + (uint64_t)s), err) != 0) {
            for (int k = 0; k < s; k++)
                ddz_agent_free(&p->agent[k]);
            free(p);
            return NULL;
        }
    play_sel_clear(p);
    p->sort = cfg->sort;
    if (p->sort == PLAY_SORT_COMBO)
        p->splitter = ddz_splitter_new(cfg->opt.rules, DDZ_SPLIT_PLAY_COST, 12);
    return p;
}

void play_free(Play *p)
{
    if (!p)
        return;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&p->agent[s]);
    play_sort_free(p);
    free(p);
}

void play_sel_clear(Play *p)
{
    memset(&p->sel, 0, sizeof p->sel);
    p->sel.hint = -1;
    p->sel.value = -1;
    p->nhints = 0;
    p->nreadings = 0;
}

/* The match loop ---------------------------------------------------------------------------*/

/* Writes the deal just finished to DIR/ddz-SEED-NNN.jsonl. */
static void write_record(Play *p)
{
    if (!p->cfg.record)
        return;
    if (mkdir(p->cfg.record, 0777) != 0 && errno != EEXIST) {
        play_say(p, MSG_ERROR, T_ERR_RECORD, p->cfg.record);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/ddz-%llu-%03d.jsonl", p->cfg.record, (unsigned long long)p->cfg.seed, p->deals);
    FILE *f = fopen(path, "w");
    if (!f) {
        play_say(p, MSG_ERROR, T_ERR_RECORD, path);
        return;
    }
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed = true;
    info.seed = p->deal_seed;
    info.game = p->deals;
    snprintf(info.seats[0], sizeof info.seats[0], "you");
    for (int s = 1; s < DDZ_SEAT_NB; s++)
        snprintf(info.seats[s], sizeof info.seats[s], "%.31s", p->cfg.level);
    DdzError err;
    if (ddz_record_write(f, &p->game, &info, &err) != 0)
        play_say(p, MSG_ERROR, T_ERR_RECORD, path);
    fclose(f);
}

bool play_note_action(Play *p, int i)
{
    const DdzAction *a = &p->game.hist[i];
    PlayNote *n = &p->note[a->seat];
    bool led = false;
    switch (a->kind) {
    case DDZ_ACT_BID:
        n->kind = NOTE_BID;
        n->value = a->value;
        n->rob = p->game.undo[i].bid != 0;
        break;
    case DDZ_ACT_DOUBLE:
        n->kind = NOTE_DOUBLE;
        n->value = a->value;
        break;
    case DDZ_ACT_SHOW:
        n->kind = NOTE_SHOW;
        break;
    default:
        if (a->move.type == DDZ_PASS) {
            n->kind = NOTE_PASS;
        } else {
            led = p->game.undo[i].table < 0;
            if (led)
                memset(p->note, 0, sizeof p->note);
            n->kind = NOTE_PLAY;
            n->move = a->move;
            n->cards = a->cards;
        }
        break;
    }
    return led;
}

/* Updates the seats' notes for history entry i and reports it. */
int play_report(Play *p, const PlayUi *ui, int i)
{
    PlayEvent e;
    memset(&e, 0, sizeof e);
    e.kind = EV_ACTION;
    e.action = p->game.hist[i];
    e.index = i;
    e.led = play_note_action(p, i);
    return ui->event(ui->ctx, p, &e);
}

static int emit(Play *p, const PlayUi *ui, int kind)
{
    PlayEvent e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    return ui->event(ui->ctx, p, &e);
}

static int apply(Play *p, const DdzAction *a);

/* Plays one deal to its end. Returns 0, 1 when the person quit, -1 on an internal error. */
static int play_deal(Play *p, const PlayUi *ui)
{
    DdzGame *g = &p->game;
    while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL) {
        int seat = g->turn, phase = g->phase, nh = g->nhist;
        if (seat == PLAY_YOU && p->autoplay) {
            /* 托管: the computer plays your seat, shown thinking like the others. */
            play_sel_clear(p);
            if (ui->think(ui->ctx, p, PLAY_YOU) != 0)
                return 1;
            if (p->autoplay && play_human_auto(p) != 0)
                return -1;
        } else if (seat == PLAY_YOU && p->cfg.autopass && play_cannot_beat(p)) {
            /* 要不起: nothing beats the table, so pass after a short pause. */
            char t[96];
            play_sel_clear(p);
            play_ranks_text(p, ddz_game_table(g).ranks, t, sizeof t);
            play_say(p, MSG_INFO, T_AUTO_PASS, t);
            if (ui->think(ui->ctx, p, PLAY_YOU) != 0)
                return 1;
            DdzAction a = ddz_action_play(PLAY_YOU, ddz_move_pass(), 0);
            if (apply(p, &a) != 0)
                return -1;
        } else if (seat == PLAY_YOU) {
            play_sel_clear(p);
            play_whole_hand(p); /* the whole hand in one move: offered, Enter plays it */
            if (ui->human(ui->ctx, p) != 0)
                return 1;
        } else {
            if (ui->think(ui->ctx, p, seat) != 0)
                return 1;
            DdzView v;
            DdzAction a;
            DdzError err;
            ddz_game_view(g, seat, &v);
            if (p->agent[seat].act(p->agent[seat].state, &v, &a) != 0) {
                play_say(p, MSG_ERROR, T_ERR_ENGINE, "a computer player did not decide");
                return -1;
            }
            if (ddz_game_apply(g, &a, &err) != 0) {
                play_say(p, MSG_ERROR, T_ERR_ENGINE, err.msg);
                return -1;
            }
        }
        for (int i = nh; i < g->nhist; i++)
            if (play_report(p, ui, i) != 0)
                return 1;
        if (phase == DDZ_PHASE_BID && g->phase != DDZ_PHASE_BID && g->phase != DDZ_PHASE_REDEAL)
            if (emit(p, ui, EV_LANDLORD) != 0)
                return 1;
    }
    return 0;
}

/* Keeps the match state (before the next deal) and, after a game, its statistics. */
static void save_progress(Play *p, bool game_over)
{
    if (!p->cfg.profile)
        return;
    ProfileMatch m;
    memset(&m, 0, sizeof m);
    m.seed = p->cfg.seed;
    snprintf(m.level, sizeof m.level, "%s", p->cfg.level);
    ddz_options_format(&p->cfg.opt, m.options, sizeof m.options);
    m.match = p->match;
    m.deals = p->deals;
    bool end = ddz_match_over(&p->match);
    int rc = game_over ? profile_game_over(p->cfg.profile, p->cfg.level, &p->result, end ? NULL : &m)
             : end     ? profile_match_clear(p->cfg.profile)
                       : profile_match_save(p->cfg.profile, &m);
    if (rc != 0)
        play_say(p, MSG_ERROR, T_ERR_SAVE);
}

int play_run(Play *p, const PlayUi *ui)
{
    DdzRng rng;
    for (;;) {
        if (p->cfg.resume) {
            p->match = p->cfg.resume->match;
            p->deals = p->cfg.resume->deals;
            p->cfg.resume = NULL;
            p->resumed = true;
        } else {
            ddz_rng_seed(&rng, derive(p->cfg.seed, 0));
            ddz_match_start(&p->match, &rng);
            p->deals = 0;
            save_progress(p, false);
        }
        while (!ddz_match_over(&p->match)) {
            p->deal_seed = derive(p->cfg.seed, 1000 + (uint64_t)p->deals);
            ddz_rng_seed(&rng, p->deal_seed);
            ddz_match_deal(&p->match, &p->game, &p->cfg.opt, &rng);
            p->deals++;
            memset(p->note, 0, sizeof p->note);
            play_sel_clear(p);
            p->over = false;
            p->msg[0] = '\0';
            p->msg_kind = MSG_NONE;
            memcpy(p->before, p->match.score, sizeof p->before);
            if (emit(p, ui, EV_DEAL) != 0)
                goto quit;
            int rc = play_deal(p, ui);
            if (rc < 0)
                return -1;
            if (rc > 0)
                goto quit;
            ddz_match_record(&p->match, &p->game);
            write_record(p);
            if (p->game.phase == DDZ_PHASE_OVER) {
                ddz_game_result(&p->game, &p->result);
                p->over = true;
                save_progress(p, true);
                if (emit(p, ui, EV_GAME_OVER) != 0)
                    goto quit;
            } else {
                save_progress(p, false);
                if (emit(p, ui, EV_REDEAL) != 0)
                    goto quit;
            }
        }
        if (emit(p, ui, EV_MATCH_OVER) != 1)
            return 0;
        /* A new match: the next seed, short enough to write down. */
        p->cfg.seed = derive(p->cfg.seed, 77) % 1000000000ull;
    }
quit:
    emit(p, ui, EV_QUIT);
    return 1;
}

/* The human's actions ------------------------------------------------------------------------*/

static bool my_turn(Play *p, int phase)
{
    if (p->game.turn == PLAY_YOU && p->game.phase == phase)
        return true;
    play_say(p, MSG_ERROR, T_ERR_NOT_NOW);
    return false;
}

static int apply(Play *p, const DdzAction *a)
{
    DdzError err;
    if (ddz_game_apply(&p->game, a, &err) != 0) {
        play_say(p, MSG_ERROR, T_ERR_ENGINE, err.msg);
        return -1;
    }
    p->msg[0] = '\0';
    p->msg_kind = MSG_NONE;
    play_sel_clear(p);
    return 0;
}

int play_values(const Play *p, uint8_t out[4])
{
    const DdzGame *g = &p->game;
    if (g->turn != PLAY_YOU)
        return 0;
    if (p->net.on) {
        memcpy(out, p->net.values, sizeof p->net.values);
        return p->net.nvalues;
    }
    if (g->phase == DDZ_PHASE_BID)
        return ddz_game_legal_values(g, DDZ_ACT_BID, out);
    if (g->phase == DDZ_PHASE_DOUBLE)
        return ddz_game_legal_values(g, DDZ_ACT_DOUBLE, out);
    return 0;
}

/* "1, 2, 3 or 0" for the refusal of a value. */
static void values_text(const Play *p, char *buf, size_t size)
{
    uint8_t v[4];
    int n = play_values(p, v);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d", i ? " / " : "", v[i]);
}

static int human_value(Play *p, int phase, int kind, int value)
{
    if (!my_turn(p, phase))
        return -1;
    uint8_t v[4];
    int n = play_values(p, v);
    bool ok = false;
    for (int i = 0; i < n; i++)
        ok |= v[i] == value;
    if (!ok) {
        char list[32];
        values_text(p, list, sizeof list);
        play_say(p, MSG_ERROR, kind == DDZ_ACT_BID ? T_ERR_BID : T_ERR_DOUBLE, value, list);
        return -1;
    }
    DdzAction a = kind == DDZ_ACT_BID ? ddz_action_bid(PLAY_YOU, value) : ddz_action_double(PLAY_YOU, value);
    return apply(p, &a);
}

int play_human_auto(Play *p)
{
    DdzView v;
    DdzAction a;
    ddz_game_view(&p->game, PLAY_YOU, &v);
    if (p->agent[PLAY_YOU].act(p->agent[PLAY_YOU].state, &v, &a) != 0) {
        play_say(p, MSG_ERROR, T_ERR_ENGINE, "the computer did not decide");
        return -1;
    }
    return apply(p, &a);
}

int play_human_bid(Play *p, int value) { return human_value(p, DDZ_PHASE_BID, DDZ_ACT_BID, value); }

int play_human_double(Play *p, int value) { return human_value(p, DDZ_PHASE_DOUBLE, DDZ_ACT_DOUBLE, value); }

bool play_can_show(const Play *p)
{
    if (p->net.on)
        return p->net.can_show && p->game.turn == PLAY_YOU;
    DdzAction a = ddz_action_show(PLAY_YOU);
    return ddz_game_check(&p->game, &a, NULL) == 0;
}

int play_human_show(Play *p)
{
    if (!play_can_show(p)) {
        play_say(p, MSG_ERROR, T_ERR_SHOW);
        return -1;
    }
    DdzAction a = ddz_action_show(PLAY_YOU);
    int rc = apply(p, &a);
    return rc;
}

int play_human_pass(Play *p)
{
    if (!my_turn(p, DDZ_PHASE_PLAY))
        return -1;
    if (ddz_game_table(&p->game).type == DDZ_PASS) {
        play_say(p, MSG_ERROR, T_ERR_LEAD_PASS);
        return -1;
    }
    DdzAction a = ddz_action_play(PLAY_YOU, ddz_move_pass(), 0);
    return apply(p, &a);
}

int play_human_cards(Play *p, DdzCards cards, int reading)
{
    if (!my_turn(p, DDZ_PHASE_PLAY))
        return -1;
    DdzCards hand = p->game.hand[PLAY_YOU];
    char text[96], ttext[96];
    if (!cards) {
        play_say(p, MSG_ERROR, T_ERR_NOTHING);
        return -1;
    }
    DdzRanks ranks = ddz_cards_ranks(cards);
    play_ranks_text(p, ranks, text, sizeof text);
    if (cards & ~hand) {
        play_say(p, MSG_ERROR, T_ERR_NOT_IN_HAND, text);
        return -1;
    }
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ranks, p->cfg.opt.rules, rd);
    if (n == 0) {
        play_say(p, MSG_ERROR, T_ERR_NOT_MOVE, text);
        return -1;
    }
    DdzMove table = ddz_game_table(&p->game), move;
    if (table.type == DDZ_PASS) {
        if (n > 1 && (reading < 0 || reading >= n)) {
            memcpy(p->readings, rd, sizeof rd);
            p->nreadings = n;
            play_say(p, MSG_INFO, T_READINGS, text);
            return 1;
        }
        move = rd[n > 1 ? reading : 0];
    } else {
        int k = -1;
        for (int i = 0; i < n && k < 0; i++)
            if (ddz_move_beats(&rd[i], &table))
                k = i;
        if (k < 0) {
            play_ranks_text(p, table.ranks, ttext, sizeof ttext);
            play_say(p, MSG_ERROR, T_ERR_NOT_BEAT, text, ttext);
            return -1;
        }
        move = rd[k];
    }
    DdzAction a = ddz_action_play(PLAY_YOU, move, cards);
    return apply(p, &a);
}

int play_typed_cards(Play *p, const char *text, DdzCards *out)
{
    DdzRanks ranks;
    DdzError err;
    if (ddz_ranks_parse(text, &ranks, &err) != 0) {
        if (strstr(err.msg, "lone"))
            play_say(p, MSG_ERROR, T_ERR_LONE_ONE, err.pos);
        else if (strstr(err.msg, "only"))
            play_say(p, MSG_ERROR, T_ERR_TOO_MANY, text);
        else
            play_say(p, MSG_ERROR, T_ERR_PARSE, text, err.pos);
        return -1;
    }
    if (!ddz_cards_pick(p->game.hand[PLAY_YOU], ranks, out)) {
        char rt[96];
        play_ranks_text(p, ranks, rt, sizeof rt);
        play_say(p, MSG_ERROR, T_ERR_NOT_IN_HAND, rt);
        return -1;
    }
    return 0;
}

int play_human_typed(Play *p, const char *text)
{
    DdzCards cards;
    if (!my_turn(p, DDZ_PHASE_PLAY))
        return -1;
    if (play_typed_cards(p, text, &cards) != 0)
        return -1;
    if (!cards)
        return play_human_pass(p);
    return play_human_cards(p, cards, -1);
}

int play_human_selection(Play *p)
{
    const DdzGame *g = &p->game;
    if (g->turn == PLAY_YOU && (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE)) {
        if (p->sel.value < 0) {
            play_say(p, MSG_ERROR, T_ERR_NOTHING);
            return -1;
        }
        return g->phase == DDZ_PHASE_BID ? play_human_bid(p, p->sel.value) : play_human_double(p, p->sel.value);
    }
    if (!my_turn(p, DDZ_PHASE_PLAY))
        return -1;
    if (p->sel.typed[0])
        return play_human_typed(p, p->sel.typed);
    if (p->sel.cards) {
        /* A hint's cards play as the hint's reading. */
        if (p->sel.hint >= 0 && p->sel.hint < p->nhints && p->hints[p->sel.hint].ranks == ddz_cards_ranks(p->sel.cards)) {
            DdzAction a = ddz_action_play(PLAY_YOU, p->hints[p->sel.hint], p->sel.cards);
            return apply(p, &a);
        }
        return play_human_cards(p, p->sel.cards, -1);
    }
    if (p->sel.pass_hint)
        return play_human_pass(p);
    play_say(p, MSG_ERROR, T_ERR_NOTHING);
    return -1;
}

/* Hints ----------------------------------------------------------------------------------*/

int play_value_hint(const Play *p)
{
    const DdzGame *g = &p->game;
    uint8_t v[4];
    int n = play_values(p, v);
    if (n == 0)
        return -1;
    int s = ddz_easy_strength(g->hand[PLAY_YOU]), want;
    if (g->phase == DDZ_PHASE_BID) {
        if (g->opt.bid_mode == DDZ_BID_ROB)
            want = s >= (g->bid ? 8 : 5) ? 1 : 0;
        else
            want = s >= 10 ? 3 : s >= 7 ? 2 : s >= 5 ? 1 : 0;
    } else if (g->opt.double_mode == DDZ_DOUBLE_APP) {
        want = s >= 13 ? 2 : s >= 9 ? 1 : 0;
    } else {
        want = s >= (g->landlord == PLAY_YOU ? 12 : 10) ? 1 : 0;
    }
    /* The highest legal value not above the wish; the lowest legal one if none is. */
    int best = -1;
    for (int i = 0; i < n; i++)
        if (v[i] <= want)
            best = v[i];
    if (best > 0 && g->phase == DDZ_PHASE_BID && g->opt.bid_mode == DDZ_BID_POINTS && best <= g->bid)
        best = -1;
    return best >= 0 ? best : v[0];
}

/* Moves hint k to the front, keeping the others' order. */
static void hint_first(Play *p, int k)
{
    DdzMove m = p->hints[k];
    memmove(p->hints + 1, p->hints, sizeof p->hints[0] * (size_t)k);
    p->hints[0] = m;
}

bool play_hint_lets_go(const Play *p, const DdzMove *m)
{
    const DdzGame *g = &p->game;
    int next = (PLAY_YOU + 1) % DDZ_SEAT_NB;
    if (!ddz_ruleset_is_48(g->opt.rules) || m->type != DDZ_SINGLE || g->landlord >= DDZ_SEAT_NB ||
        ddz_cards_size(g->hand[next]) != 1 || (g->landlord == PLAY_YOU) == (g->landlord == next))
        return false; /* a partner at one card is fed, not let go */
    DdzRanks hand = ddz_cards_ranks(g->hand[PLAY_YOU]);
    int top = DDZ_RANK_NB - 1;
    while (top > 0 && ddz_ranks_get(hand, (DdzRank)top) == 0)
        top--;
    return m->rank < top;
}

/* The hint list of the turn: the whole hand when it goes out in one move, then the move the
 * normal-level computer would play, then the rest in the hint order of the rules core (only
 * the whole hand when play_all forces it). Under hubei48 the singles that would let the next
 * seat go (放走包赔) come last, whichever they are. */
static void compute_hints(Play *p)
{
    const DdzGame *g = &p->game;
    DdzMove table = ddz_game_table(g);
    DdzRanks hand = ddz_cards_ranks(g->hand[PLAY_YOU]);
    p->nhints = ddz_moves_hint(hand, table.type == DDZ_PASS ? NULL : &table, g->opt.rules, p->hints);
    if (g->opt.play_all) {
        DdzMove legal[DDZ_MAX_MOVES + 1];
        int n = ddz_game_legal_moves(g, legal);
        if (n > 0 && legal[0].type != DDZ_PASS && legal[0].ranks == hand) {
            memcpy(p->hints, legal, sizeof legal[0] * (size_t)n);
            p->nhints = n;
            return;
        }
    }
    DdzView v;
    DdzAction a;
    ddz_game_view(g, PLAY_YOU, &v);
    if (p->agent[PLAY_YOU].act && p->agent[PLAY_YOU].act(p->agent[PLAY_YOU].state, &v, &a) == 0 &&
        a.kind == DDZ_ACT_PLAY && a.move.type != DDZ_PASS)
        for (int i = 0; i < p->nhints; i++)
            if (ddz_move_equal(&p->hints[i], &a.move)) {
                hint_first(p, i);
                break;
            }
    for (int i = 0; i < p->nhints; i++)
        if (p->hints[i].ranks == hand) {
            hint_first(p, i);
            break;
        }
    /* A stable partition: the moves that let the next seat go after all the others. */
    DdzMove late[DDZ_MAX_MOVES];
    int kept = 0, nlate = 0;
    for (int i = 0; i < p->nhints; i++) {
        if (play_hint_lets_go(p, &p->hints[i]))
            late[nlate++] = p->hints[i];
        else
            p->hints[kept++] = p->hints[i];
    }
    memcpy(p->hints + kept, late, sizeof late[0] * (size_t)nlate);
}

bool play_whole_hand(Play *p)
{
    const DdzGame *g = &p->game;
    if (g->turn != PLAY_YOU || g->phase != DDZ_PHASE_PLAY)
        return false;
    compute_hints(p);
    if (p->nhints == 0 || p->hints[0].ranks != ddz_cards_ranks(g->hand[PLAY_YOU]))
        return false;
    char text[128];
    p->sel.hint = 0;
    p->sel.cards = g->hand[PLAY_YOU];
    p->sel.typed[0] = '\0';
    play_move_text(p, &p->hints[0], text, sizeof text);
    play_say(p, MSG_HINT, T_HINT_ALL, text);
    return true;
}

bool play_cannot_beat(const Play *p)
{
    const DdzGame *g = &p->game;
    if (g->turn != PLAY_YOU || g->phase != DDZ_PHASE_PLAY || ddz_game_table(g).type == DDZ_PASS)
        return false;
    DdzMove legal[DDZ_MAX_MOVES + 1];
    return ddz_game_legal_moves(g, legal) == 1 && legal[0].type == DDZ_PASS; /* only the pass */
}

void play_hint_next(Play *p)
{
    const DdzGame *g = &p->game;
    if (g->turn != PLAY_YOU) {
        play_say(p, MSG_ERROR, T_HINT_NOT_NOW);
        return;
    }
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        p->sel.value = play_value_hint(p);
        PlayNote n = {g->phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, p->sel.value, g->bid != 0, ddz_move_pass(), 0};
        char word[64];
        play_note_word(p, PLAY_YOU, &n, word, sizeof word);
        play_say(p, MSG_HINT, g->phase == DDZ_PHASE_BID ? T_HINT_BID : T_HINT_DOUBLE, p->sel.value, word);
        return;
    }
    if (g->phase != DDZ_PHASE_PLAY)
        return;
    if (p->sel.hint < 0 || p->nhints == 0)
        compute_hints(p);
    p->sel.typed[0] = '\0';
    char text[128], ttext[96];
    if (p->nhints == 0) {
        p->sel.cards = 0;
        p->sel.pass_hint = true;
        p->sel.hint = 0;
        play_ranks_text(p, ddz_game_table(g).ranks, ttext, sizeof ttext);
        play_say(p, MSG_HINT, T_HINT_NONE, ttext);
        return;
    }
    p->sel.hint = (p->sel.hint + 1) % p->nhints;
    const DdzMove *m = &p->hints[p->sel.hint];
    DdzCards cards = 0;
    ddz_cards_pick(g->hand[PLAY_YOU], m->ranks, &cards);
    p->sel.cards = cards;
    play_move_text(p, m, text, sizeof text);
    play_say(p, MSG_HINT, T_HINT_N, p->sel.hint + 1, p->nhints, text);
    if (play_hint_lets_go(p, m)) {
        /* Marked: a farmer who plays it pays the side's loss if the landlord goes out. */
        char mark[160];
        play_fmt(p, mark, sizeof mark, T_HINT_LETGO, play_seat_name(p, (PLAY_YOU + 1) % DDZ_SEAT_NB));
        size_t n = strlen(p->msg);
        snprintf(p->msg + n, sizeof p->msg - n, "%s", mark);
    }
}

void play_sel_describe(const Play *p, char *buf, size_t size)
{
    const DdzGame *g = &p->game;
    buf[0] = '\0';
    if (g->phase != DDZ_PHASE_PLAY || g->turn != PLAY_YOU)
        return;
    DdzRanks ranks;
    DdzError err;
    if (p->sel.typed[0]) {
        DdzCards c;
        if (ddz_ranks_parse(p->sel.typed, &ranks, &err) != 0)
            return;
        if (!ddz_cards_pick(g->hand[PLAY_YOU], ranks, &c)) {
            char rt[96];
            play_ranks_text(p, ranks, rt, sizeof rt);
            play_fmt(p, buf, size, T_ERR_NOT_IN_HAND, rt);
            return;
        }
    } else {
        ranks = ddz_cards_ranks(p->sel.cards);
    }
    if (!ranks) {
        if (!p->sel.typed[0])
            play_fmt(p, buf, size, T_SEL_NONE);
        return;
    }
    char text[96], ttext[96];
    play_ranks_text(p, ranks, text, sizeof text);
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ranks, g->opt.rules, rd);
    if (n == 0) {
        play_fmt(p, buf, size, T_SEL_NOT_MOVE, text);
        return;
    }
    DdzMove table = ddz_game_table(g);
    if (table.type == DDZ_PASS) {
        play_fmt(p, buf, size, T_SEL_MOVE, text, play_type_name(p, rd[0].type));
        return;
    }
    for (int i = 0; i < n; i++)
        if (ddz_move_beats(&rd[i], &table)) {
            play_fmt(p, buf, size, T_SEL_BEATS, text, play_type_name(p, rd[i].type));
            return;
        }
    play_ranks_text(p, table.ranks, ttext, sizeof ttext);
    play_fmt(p, buf, size, T_SEL_NOT_BEAT, text, ttext);
}

/* Counter and multiple ----------------------------------------------------------------------*/

void play_unseen(const Play *p, int count[DDZ_RANK_NB])
{
    DdzView v;
    ddz_game_view(&p->game, PLAY_YOU, &v);
    DdzCards seen = v.hand | v.played[0] | v.played[1] | v.played[2];
    DdzRanks r = ddz_cards_ranks(ddz_ruleset_deck(p->game.opt.rules) & ~seen);
    for (int k = 0; k < DDZ_RANK_NB; k++)
        count[k] = ddz_ranks_get(r, k);
}

bool play_lifetime(const Play *p, char *buf, size_t size)
{
    ProfileStats st[16];
    int n = p->cfg.profile ? profile_stats(p->cfg.profile, st, 16) : 0;
    for (int i = 0; i < n; i++)
        if (!strcmp(st[i].level, p->cfg.level) && st[i].games > 0) {
            int won = st[i].landlord_wins + st[i].farmer_wins;
            play_fmt(p, buf, size, T_LIFETIME, play_level_text(p, p->cfg.level), st[i].games, won,
                     100 * won / st[i].games, st[i].best, st[i].worst);
            return true;
        }
    return false;
}

void play_resumed_text(const Play *p, char *buf, size_t size)
{
    play_fmt(p, buf, size, T_RESUMED, (unsigned long long)p->cfg.seed, p->match.games + 1, p->match.score[0],
             p->match.score[1], p->match.score[2]);
}

int play_base(const Play *p)
{
    const DdzGame *g = &p->game;
    if (g->opt.bid_mode == DDZ_BID_ROB)
        return g->bid ? g->opt.base : 0;
    return g->bid;
}
