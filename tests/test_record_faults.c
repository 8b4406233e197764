/* test_record_faults.c -- every kind of damage to a game record (record.h, docs/RECORD.md)
 * reported at its line, with the reading going on at the next game; blank lines counted;
 * streams that cannot seek. Round trips and the sample records: test_record.c. */
#include "record_helpers.h"

/* Faults, each at its line, the next game read after it --------------------------------------*/

static void record_rejects_a_changed_card_in_the_deal(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    /* Seat 0 given one of seat 1's cards: no longer a deck. */
    DdzCards h0 = fx->game.dealt[0], h1 = fx->game.dealt[1];
    DdzCards moved = h1 & -h1;
    DdzCards changed = (h0 & ~(h0 & -h0)) | moved;
    char text[512];
    ddz_cards_format(changed, DDZ_STYLE_ASCII, text, sizeof text);
    json_t *hands = json_pack("[sss]", text, "", "");
    json_t *orig = json_loads(fx->bad.line[0], 0, NULL);
    for (int s = 1; s < 3; s++)
        json_array_set(hands, (size_t)s, json_array_get(json_object_get(orig, "hands"), (size_t)s));
    json_decref(orig);
    lines_set_field(&fx->bad, 0, "hands", hands);
    expect_fault(fx, 1, "holds a card another seat holds");
    fixture_free(fx);
}

static void record_rejects_a_deal_that_is_not_the_seeds(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    /* Two cards swapped between seats 0 and 2: still a deck, but not what the seed deals. */
    DdzCards h0 = fx->game.dealt[0], h2 = fx->game.dealt[2];
    DdzCards a = h0 & -h0, b = h2 & -h2;
    char t0[512], t2[512], t1[512];
    ddz_cards_format((h0 & ~a) | b, DDZ_STYLE_ASCII, t0, sizeof t0);
    ddz_cards_format(fx->game.dealt[1], DDZ_STYLE_ASCII, t1, sizeof t1);
    ddz_cards_format((h2 & ~b) | a, DDZ_STYLE_ASCII, t2, sizeof t2);
    lines_set_field(&fx->bad, 0, "hands", json_pack("[sss]", t0, t1, t2));
    expect_fault(fx, 1, "does not deal these cards (seat 0's hand differs)");
    fixture_free(fx);
}

static void record_rejects_a_wrong_seed(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 0, "seed", json_integer((json_int_t)fx->info.seed + 1));
    expect_fault(fx, 1, "does not deal these cards");
    lines_set_field(&fx->bad, 0, "seed", json_string("18446744073709551616")); /* 2^64 */
    expect_fault(fx, 1, "\"seed\"");
    lines_set_field(&fx->bad, 0, "seed", json_integer(-1));
    expect_fault(fx, 1, "\"seed\"");
    /* Without the seed the same deal reads: the hands are the deal. */
    lines_set_field(&fx->bad, 0, "seed", NULL);
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_false(info.has_seed);
    assert_same_game(&fx->game, g);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_a_card_the_player_does_not_hold(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    const DdzGame *g = &fx->game;
    /* The first play: one of its cards swapped for the same rank in another suit the seat
     * never held. */
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type == DDZ_PASS)
            continue;
        DdzCards own = g->dealt[a->seat] | (a->seat == g->landlord ? g->bottom : 0);
        for (DdzCard c = 0; c < 52; c++) {
            if (!ddz_cards_has(a->cards, c))
                continue;
            for (DdzCard d = c & ~3; d < (c & ~3) + 4; d++) {
                if (ddz_cards_has(own, d))
                    continue;
                char text[512];
                ddz_cards_format((a->cards & ~ddz_cards_of(c)) | ddz_cards_of(d), DDZ_STYLE_ASCII, text,
                                 sizeof text);
                lines_set_field(&fx->bad, action_line(i), "cards", json_string(text));
                expect_fault(fx, action_line(i) + 1, "not in your hand");
                fixture_free(fx);
                return;
            }
        }
    }
    fail_msg("no play to damage");
}

static void record_rejects_a_move_that_does_not_beat(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    DdzGame *h = malloc(sizeof *h);
    /* The first following play: replaced by a single card of the seat that cannot beat the
     * table (a single never beats another type; against a single, one of no higher rank). */
    for (int i = 0; i < fx->game.nhist; i++) {
        *h = fx->game;
        while (h->nhist > i)
            ddz_game_undo(h);
        const DdzAction *a = &fx->game.hist[i];
        DdzMove table = ddz_game_table(h);
        if (a->kind != DDZ_ACT_PLAY || table.type == DDZ_PASS || ddz_move_is_bomb(&table))
            continue;
        DdzCards hand = h->hand[a->seat];
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
            if (!ddz_cards_has(hand, c) || (table.type == DDZ_SINGLE && ddz_card_rank(c) > table.rank))
                continue;
            char cards[16], move[4] = {ddz_rank_char(ddz_card_rank(c)), 0};
            ddz_card_format(c, DDZ_STYLE_ASCII, cards, sizeof cards);
            lines_set_field(&fx->bad, action_line(i), "type", json_string("play"));
            lines_set_field(&fx->bad, action_line(i), "cards", json_string(cards));
            lines_set_field(&fx->bad, action_line(i), "move", json_string(move));
            expect_fault(fx, action_line(i) + 1, "does not beat");
            free(h);
            fixture_free(fx);
            return;
        }
    }
    fail_msg("no play to damage");
}

static void record_rejects_cards_that_are_not_the_move(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    for (int i = 0; i < fx->game.nhist; i++) {
        const DdzAction *a = &fx->game.hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type != DDZ_SINGLE)
            continue;
        lines_set_field(&fx->bad, action_line(i), "move", json_string(a->move.rank == 0 ? "4" : "3"));
        expect_fault(fx, action_line(i) + 1, "are not the move");
        fixture_free(fx);
        return;
    }
    fail_msg("no single to damage");
}

static void record_rejects_a_wrong_result(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int last = fx->bad.n - 1;
    DdzResult res;
    ddz_game_result(&fx->game, &res);
    lines_set_field(&fx->bad, last, "scores", json_pack("[iii]", res.score[0] + 1, res.score[1], res.score[2]));
    char want[128];
    snprintf(want, sizeof want, "result says scores [%d,%d,%d] but the game gives [%d,%d,%d]", res.score[0] + 1,
             res.score[1], res.score[2], res.score[0], res.score[1], res.score[2]);
    expect_fault(fx, last + 1, want);
    lines_set_field(&fx->bad, last, "scores", json_pack("[iii]", res.score[0], res.score[1], res.score[2]));
    lines_set_field(&fx->bad, last, "landlord_won", json_boolean(!res.landlord_won));
    expect_fault(fx, last + 1, "result says landlord_won");
    lines_set_field(&fx->bad, last, "landlord_won", json_boolean(res.landlord_won));
    lines_set_field(&fx->bad, last, "multiple", json_integer(res.multiple * 2));
    expect_fault(fx, last + 1, "result says multiple");
    lines_set_field(&fx->bad, last, "multiple", json_integer(res.multiple));
    lines_set_field(&fx->bad, last, "stakes", json_pack("[iii]", 1, 2, 3));
    expect_fault(fx, last + 1, "result says stakes [1,2,3]");
    fixture_free(fx);
}

static void record_rejects_truncated_json(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int k = action_line(3);
    fx->bad.line[k][strlen(fx->bad.line[k]) / 2] = '\0';
    expect_fault(fx, k + 1, "not JSON: ");
    fixture_free(fx);
    /* The header cut short, too. */
    fx = fixture_new("");
    fx->bad.line[0][40] = '\0';
    expect_fault(fx, 1, "not JSON: ");
    fixture_free(fx);
    /* JSON, but not an object. */
    fx = fixture_new("");
    lines_set(&fx->bad, 4, "[1,2,3]");
    expect_fault(fx, 5, "not a JSON object");
    fixture_free(fx);
}

static void record_rejects_an_unknown_type(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 5, "type", json_string("dance"));
    expect_fault(fx, 6, "unknown line type \"dance\"");
    fixture_free(fx);
}

static void record_rejects_a_game_without_result_line(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 1);
    /* Noticed at the next header, which still starts the next game. */
    expect_fault(fx, fx->bad.n + 1, "has no result line");
    /* At the end of the file: reported at the last line. */
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), -1);
    assert_int_equal(err.pos, fx->bad.n);
    assert_non_null(strstr(err.msg, "without the result line"));
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_a_result_before_the_game_is_over(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 2); /* the winning play */
    expect_fault(fx, fx->bad.n, "a result, but the game is still in play");
    fixture_free(fx);
}

static void record_rejects_actions_after_the_game_is_over(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    int winner = fx->game.hist[fx->game.nhist - 1].seat;
    char line[64];
    snprintf(line, sizeof line, "{\"type\":\"pass\",\"seat\":%d}", (winner + 1) % 3);
    lines_insert(&fx->bad, fx->bad.n - 1, line);
    expect_fault(fx, fx->bad.n - 1, "after the game is over");
    fixture_free(fx);
    /* After the result line: the game reads, then the line is outside any game. */
    fx = fixture_new("");
    lines_insert(&fx->bad, fx->bad.n, line);
    FILE *f = tmpfile();
    write_lines(f, &fx->bad);
    write_lines(f, &fx->good);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), -1);
    assert_int_equal(err.pos, fx->bad.n);
    assert_non_null(strstr(err.msg, "a \"pass\" line outside a game"));
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->next, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_rejects_redeal_and_result_mixed_up(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set(&fx->bad, fx->bad.n - 1, "{\"type\":\"redeal\"}");
    expect_fault(fx, fx->bad.n, "a redeal, but the game is over");
    fixture_free(fx);
    /* A redeal given a result line. */
    fx = fixture_new("");
    DdzRng rng;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    ddz_rng_seed(&rng, 3);
    ddz_game_new(g, &opt, &rng, 0);
    for (int s = 0; s < 3; s++) {
        DdzAction a = ddz_action_bid(g->turn, 0);
        assert_int_equal(ddz_game_apply(g, &a, NULL), 0);
    }
    assert_int_equal(g->phase, DDZ_PHASE_REDEAL);
    lines_free(&fx->bad);
    DdzRecordInfo info = info_of(3, true, 1);
    lines_of_game(g, &info, &fx->bad);
    assert_int_equal(fx->bad.n, 5);
    assert_string_equal(fx->bad.line[4], "{\"type\":\"redeal\"}");
    lines_set(&fx->bad, 4, "{\"type\":\"result\"}");
    expect_fault(fx, 5, "the record should say redeal");
    free(g);
    fixture_free(fx);
}

static void record_rejects_missing_and_mistyped_fields(void **state)
{
    (void)state;
    static const struct {
        int line; /* 0-based; -1 the result line */
        const char *key;
        const char *value; /* JSON, or NULL to delete the field */
        const char *needle;
    } cases[] = {
        {1, "seat", NULL, "field \"seat\" is missing"},
        {1, "seat", "\"0\"", "field \"seat\" must be an integer, not a string"},
        {1, "seat", "3", "field \"seat\" is 3: it must be from 0 to 2"},
        {1, "value", "1.5", "field \"value\" must be an integer, not a number with a fraction"},
        {1, "type", NULL, "field \"type\" is missing"},
        {1, "type", "7", "field \"type\" must be a string"},
        {0, "options", NULL, "field \"options\" is missing"},
        {0, "options", "\"rules=chess\"", "options: "},
        {0, "options", "\"rules=standard,turbo\"", "unknown option 'turbo'"},
        {0, "hands", "[\"S3\",\"S4\"]", "field \"hands\" must be an array of 3 strings"},
        {0, "hands", "[\"S3 XX\",\"S4\",\"S5\"]", "hands[0] \"S3 XX\": "},
        {0, "bottom", "true", "field \"bottom\" must be a string, not a boolean"},
        {0, "first", "null", "field \"first\" must be an integer, not null"},
        {0, "seats", "[\"a\",2,\"c\"]", "field \"seats\" must be an array of 3 strings"},
        {0, "revealed", "5", "a revealed card, but the options have no first=revealed"},
        {0, "version", "2", "record version 2 is not supported"},
        {0, "version", NULL, "field \"version\" is missing"},
        {-1, "fee", NULL, "field \"fee\" is missing"},
        {-1, "spring", "0", "field \"spring\" must be true or false, not an integer"},
        {-1, "scores", "[1,2]", "field \"scores\" must be an array of 3 integers"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Fixture *fx = fixture_new("");
        int line = cases[k].line < 0 ? fx->bad.n - 1 : cases[k].line;
        json_t *v = cases[k].value ? json_loads(cases[k].value, JSON_DECODE_ANY, NULL) : NULL;
        assert_true(v || !cases[k].value);
        lines_set_field(&fx->bad, line, cases[k].key, v);
        expect_fault(fx, line + 1, cases[k].needle);
        fixture_free(fx);
    }
}

static void record_rejects_a_refused_bid(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    assert_int_equal(fx->game.hist[0].kind, DDZ_ACT_BID);
    lines_set_field(&fx->bad, 1, "value", json_integer(5));
    expect_fault(fx, 2, "seat 0: bid 5");
    fixture_free(fx);
    fx = fixture_new("");
    lines_set_field(&fx->bad, 1, "seat", json_integer(1));
    expect_fault(fx, 2, "not your turn");
    fixture_free(fx);
}

static void record_counts_blank_lines_in_line_numbers(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_set_field(&fx->bad, 3, "type", json_string("dance"));
    lines_insert(&fx->bad, 1, "");
    lines_insert(&fx->bad, 1, "  ");
    expect_fault(fx, 6, "unknown line type");
    fixture_free(fx);
}

static void record_recovers_on_a_stream_that_cannot_seek(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    lines_delete(&fx->bad, fx->bad.n - 1);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    FILE *w = fdopen(fds[1], "w"), *r = fdopen(fds[0], "r");
    /* Both records fit in the pipe's buffer, so writing does not block. */
    write_lines(w, &fx->bad);
    write_lines(w, &fx->good);
    fclose(w);
    expect_fault_in(r, fx, fx->bad.n + 1, "has no result line");
    fclose(r);
    fixture_free(fx);
}

static void record_revealed_card_must_match_the_first_bidder(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=revealed");
    json_t *head = json_loads(fx->bad.line[0], 0, NULL);
    int revealed = (int)json_integer_value(json_object_get(head, "revealed"));
    json_decref(head);
    assert_int_equal(revealed, fx->game.revealed);
    /* A card of another seat. */
    int other = (fx->game.first + 1) % 3;
    DdzCards h = fx->game.dealt[other];
    lines_set_field(&fx->bad, 0, "revealed", json_integer(__builtin_ctzll(h)));
    char want[64];
    snprintf(want, sizeof want, "the revealed card is held by seat %d", other);
    expect_fault(fx, 1, want);
    fixture_free(fx);
}

static void record_first_bidder_must_follow_the_options(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=heart3");
    int holder = -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_cards_has(fx->game.dealt[s], DDZ_RANK_3 * 4 + DDZ_SUIT_HEARTS))
            holder = s;
    int wrong = (fx->game.first + 1) % 3;
    lines_set_field(&fx->bad, 0, "first", json_integer(wrong));
    char want[96];
    snprintf(want, sizeof want, "\"first\" says seat %d, but under these options seat %d bids first", wrong,
             holder);
    assert_true(holder >= 0); /* the fixture's deal has ♥3 in a hand, not the bottom */
    expect_fault(fx, 1, want);
    fixture_free(fx);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(record_rejects_a_changed_card_in_the_deal),
        cmocka_unit_test(record_rejects_a_deal_that_is_not_the_seeds),
        cmocka_unit_test(record_rejects_a_wrong_seed),
        cmocka_unit_test(record_rejects_a_card_the_player_does_not_hold),
        cmocka_unit_test(record_rejects_a_move_that_does_not_beat),
        cmocka_unit_test(record_rejects_cards_that_are_not_the_move),
        cmocka_unit_test(record_rejects_a_wrong_result),
        cmocka_unit_test(record_rejects_truncated_json),
        cmocka_unit_test(record_rejects_an_unknown_type),
        cmocka_unit_test(record_rejects_a_game_without_result_line),
        cmocka_unit_test(record_rejects_a_result_before_the_game_is_over),
        cmocka_unit_test(record_rejects_actions_after_the_game_is_over),
        cmocka_unit_test(record_rejects_redeal_and_result_mixed_up),
        cmocka_unit_test(record_rejects_missing_and_mistyped_fields),
        cmocka_unit_test(record_rejects_a_refused_bid),
        cmocka_unit_test(record_counts_blank_lines_in_line_numbers),
        cmocka_unit_test(record_recovers_on_a_stream_that_cannot_seek),
        cmocka_unit_test(record_revealed_card_must_match_the_first_bidder),
        cmocka_unit_test(record_first_bidder_must_follow_the_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
