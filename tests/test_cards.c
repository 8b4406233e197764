/* test_cards.c -- cards, card sets, rank counts and their text forms (cards.h, RULES.md §1).
 * Every fast bit trick is checked against a slow per-card or per-rank model built here from
 * the rules text alone, on fixed examples and on thousands of random sets. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

/* The model: names and counts written out from RULES §1, independent of the library. -----*/

static const char RANK_CHARS[] = "3456789TJQKA2BR";
static const char *const RANK_NAMES[13] = {"3", "4", "5",  "6", "7", "8", "9",
                                           "10", "J", "Q", "K", "A", "2"};
static const char *const SUIT_UNICODE[4] = {"♣", "♦", "♥", "♠"};
static const char *const SUIT_ASCII[4] = {"C", "D", "H", "S"};
static const char *const SUIT_CHINESE[4] = {"梅花", "方块", "红桃", "黑桃"};
static const DdzCardStyle STYLES[3] = {DDZ_STYLE_UNICODE, DDZ_STYLE_ASCII, DDZ_STYLE_CHINESE};

/* The expected text of one card in a style. */
static const char *model_card(DdzCard c, DdzCardStyle style, char *buf, size_t size)
{
    if (c == DDZ_CARD_BJ) {
        snprintf(buf, size, "%s", style == DDZ_STYLE_ASCII ? "BJ" : "小王");
        return buf;
    }
    if (c == DDZ_CARD_RJ) {
        snprintf(buf, size, "%s", style == DDZ_STYLE_ASCII ? "RJ" : "大王");
        return buf;
    }
    int rank = c / 4, suit = c % 4;
    if (style == DDZ_STYLE_ASCII) {
        snprintf(buf, size, "%s%c", SUIT_ASCII[suit], RANK_CHARS[rank]);
    } else {
        const char *s = style == DDZ_STYLE_UNICODE ? SUIT_UNICODE[suit] : SUIT_CHINESE[suit];
        snprintf(buf, size, "%s%s", s, RANK_NAMES[rank]);
    }
    return buf;
}

/* The expected text of a set: ascending id is rank then suit order, jokers last. */
static void model_cards(DdzCards set, DdzCardStyle style, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
        if (!((set >> c) & 1))
            continue;
        char one[32];
        model_card(c, style, one, sizeof one);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? " " : "", one);
        assert_true(len < size);
    }
}

static DdzRanks model_pack(const int count[DDZ_RANK_NB])
{
    DdzRanks r = 0;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        r |= (DdzRanks)count[i] << (4 * i);
    return r;
}

static void model_unpack(DdzRanks r, int count[DDZ_RANK_NB])
{
    for (int i = 0; i < DDZ_RANK_NB; i++)
        count[i] = (int)((r >> (4 * i)) & 15);
}

/* Rank counts of a set, one card at a time. */
static DdzRanks model_ranks_of_cards(DdzCards set)
{
    int count[DDZ_RANK_NB] = {0};
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
        if ((set >> c) & 1)
            count[c < 52 ? c / 4 : c == 52 ? 13 : 14]++;
    return model_pack(count);
}

/* Rank counts of a canonical rank string ("3456789TJQKA2BR" characters only). */
static DdzRanks model_ranks(const char *canon)
{
    int count[DDZ_RANK_NB] = {0};
    for (const char *p = canon; *p; p++) {
        const char *at = strchr(RANK_CHARS, *p);
        if (!at)
            fail_msg("test bug: '%c' in canonical '%s'", *p, canon);
        count[at - RANK_CHARS]++;
    }
    return model_pack(count);
}

static void model_format_ranks(DdzRanks r, char *buf)
{
    int count[DDZ_RANK_NB];
    model_unpack(r, count);
    char *p = buf;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        for (int k = 0; k < count[i]; k++)
            *p++ = RANK_CHARS[i];
    *p = '\0';
}

/* A random multiset of one deck; about a third of the ranks are forced empty. */
static DdzRanks random_ranks(DdzRng *rng)
{
    int count[DDZ_RANK_NB];
    for (int i = 0; i < DDZ_RANK_NB; i++) {
        int max = i < 13 ? 4 : 1;
        count[i] = ddz_rng_below(rng, 3) == 0 ? 0 : (int)ddz_rng_below(rng, (uint32_t)max + 1);
    }
    return model_pack(count);
}

/* A random subset of a card set. */
static DdzCards random_subset(DdzRng *rng, DdzCards set)
{
    DdzCards sub = 0;
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
        if (((set >> c) & 1) && ddz_rng_below(rng, 2))
            sub |= ddz_cards_of(c);
    return sub;
}

/* Checks a parse error: status, *out untouched, the position, and a message that names the
 * position and (when given) the offending text. */
static void check_error(const char *input, int rc, uint64_t out, uint64_t sentinel,
                        const DdzError *err, int pos, const char *names)
{
    if (rc >= 0)
        fail_msg("'%s' parsed (rc %d) but must be an error", input, rc);
    if (out != sentinel)
        fail_msg("'%s': *out changed on error (0x%llx)", input, (unsigned long long)out);
    if (err->pos != pos)
        fail_msg("'%s': error position %d, want %d (msg: %s)", input, err->pos, pos, err->msg);
    size_t len = strnlen(err->msg, sizeof err->msg);
    if (len == 0 || len == sizeof err->msg)
        fail_msg("'%s': message empty or not NUL-terminated", input);
    char digits[16];
    snprintf(digits, sizeof digits, "%d", pos);
    if (!strstr(err->msg, digits))
        fail_msg("'%s': message '%s' does not mention position %d", input, err->msg, pos);
    if (names && !strstr(err->msg, names))
        fail_msg("'%s': message '%s' does not name '%s'", input, err->msg, names);
}

/* Card ids -------------------------------------------------------------------------------*/

static void card_ids_follow_botzone_encoding(void **state)
{
    (void)state;
    assert_int_equal(DDZ_RANK_NB, 15);
    assert_int_equal(DDZ_RANK_T, 7);
    assert_int_equal(DDZ_RANK_2, 12);
    assert_int_equal(DDZ_RANK_BJ, 13);
    assert_int_equal(DDZ_RANK_RJ, 14);
    assert_int_equal(DDZ_SUIT_CLUBS, 0);
    assert_int_equal(DDZ_SUIT_DIAMONDS, 1);
    assert_int_equal(DDZ_SUIT_HEARTS, 2);
    assert_int_equal(DDZ_SUIT_SPADES, 3);
    assert_int_equal(DDZ_CARD_NB, 54);
    assert_int_equal(DDZ_CARD_BJ, 52);
    assert_int_equal(DDZ_CARD_RJ, 53);
    for (int rank = 0; rank < 13; rank++)
        for (int suit = 0; suit < 4; suit++) {
            DdzCard c = rank * 4 + suit;
            assert_int_equal(ddz_card_rank(c), rank);
            assert_int_equal(ddz_card_suit(c), suit);
        }
    assert_int_equal(ddz_card_rank(52), DDZ_RANK_BJ);
    assert_int_equal(ddz_card_rank(53), DDZ_RANK_RJ);
    assert_int_equal(ddz_card_suit(52), -1);
    assert_int_equal(ddz_card_suit(53), -1);
    /* The deck is exactly bits 0..53. */
    assert_int_equal(ddz_cards_size(DDZ_DECK), 54);
    for (int c = 0; c < 64; c++)
        assert_int_equal(ddz_cards_has(DDZ_DECK, c), c < 54);
}

static void card_ids_name_the_right_cards(void **state)
{
    (void)state;
    /* Ties the id encoding to the text forms: 0 = ♣3, 3 = ♠3, 28 = ♣10, 47 = ♠A, 49 = ♦2. */
    static const struct {
        DdzCard id;
        const char *ascii, *unicode, *chinese;
    } cases[] = {
        {0, "C3", "♣3", "梅花3"},       {3, "S3", "♠3", "黑桃3"},   {28, "CT", "♣10", "梅花10"},
        {30, "HT", "♥10", "红桃10"},    {47, "SA", "♠A", "黑桃A"},  {49, "D2", "♦2", "方块2"},
        {43, "SK", "♠K", "黑桃K"},      {41, "DK", "♦K", "方块K"},  {52, "BJ", "小王", "小王"},
        {53, "RJ", "大王", "大王"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        assert_int_equal(ddz_card_format(cases[i].id, DDZ_STYLE_ASCII, buf, sizeof buf),
                         strlen(cases[i].ascii));
        assert_string_equal(buf, cases[i].ascii);
        assert_int_equal(ddz_card_format(cases[i].id, DDZ_STYLE_UNICODE, buf, sizeof buf),
                         strlen(cases[i].unicode));
        assert_string_equal(buf, cases[i].unicode);
        assert_int_equal(ddz_card_format(cases[i].id, DDZ_STYLE_CHINESE, buf, sizeof buf),
                         strlen(cases[i].chinese));
        assert_string_equal(buf, cases[i].chinese);
    }
}

static void cards_of_and_has_agree_for_every_card(void **state)
{
    (void)state;
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
        DdzCards s = ddz_cards_of(c);
        assert_int_equal(s, (DdzCards)1 << c);
        assert_int_equal(ddz_cards_size(s), 1);
        for (DdzCard d = 0; d < DDZ_CARD_NB; d++)
            assert_int_equal(ddz_cards_has(s, d), c == d);
    }
}

/* Rank counts ----------------------------------------------------------------------------*/

static void cards_ranks_of_each_single_card_counts_its_rank(void **state)
{
    (void)state;
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
        DdzRank rank = c < 52 ? c / 4 : c - 39;
        DdzRanks r = ddz_cards_ranks(ddz_cards_of(c));
        assert_int_equal(r, (DdzRanks)1 << (4 * rank));
        assert_int_equal(r, ddz_ranks_of(rank, 1));
        assert_int_equal(ddz_ranks_get(r, rank), 1);
        assert_int_equal(ddz_ranks_size(r), 1);
    }
}

static void cards_ranks_of_full_deck_is_deck_ranks(void **state)
{
    (void)state;
    assert_int_equal(ddz_cards_ranks(DDZ_DECK), DDZ_DECK_RANKS);
    assert_int_equal(model_ranks_of_cards(DDZ_DECK), DDZ_DECK_RANKS);
    assert_int_equal(ddz_ranks_size(DDZ_DECK_RANKS), 54);
    for (DdzRank r = 0; r < DDZ_RANK_NB; r++)
        assert_int_equal(ddz_ranks_get(DDZ_DECK_RANKS, r), r < 13 ? 4 : 1);
    assert_int_equal(ddz_cards_ranks(0), 0);
}

static void cards_ranks_matches_per_card_count_on_random_sets(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 1);
    for (int i = 0; i < 20000; i++) {
        int n = (int)ddz_rng_below(&rng, DDZ_CARD_NB + 1);
        DdzCards s = tu_random_cards(&rng, n);
        DdzRanks got = ddz_cards_ranks(s), want = model_ranks_of_cards(s);
        if (got != want)
            fail_msg("cards 0x%llx: ranks 0x%llx, want 0x%llx", (unsigned long long)s,
                     (unsigned long long)got, (unsigned long long)want);
        assert_int_equal(ddz_ranks_size(got), n);
    }
}

static void ranks_size_matches_slow_sum_on_random_multisets(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 2);
    assert_int_equal(ddz_ranks_size(0), 0);
    assert_int_equal(ddz_ranks_size(ddz_ranks_of(DDZ_RANK_RJ, 1)), 1);
    assert_int_equal(ddz_ranks_size(ddz_ranks_of(DDZ_RANK_2, 4) | ddz_ranks_of(DDZ_RANK_3, 4)), 8);
    for (int i = 0; i < 20000; i++) {
        DdzRanks r = random_ranks(&rng);
        int count[DDZ_RANK_NB], sum = 0;
        model_unpack(r, count);
        for (int k = 0; k < DDZ_RANK_NB; k++)
            sum += count[k];
        if (ddz_ranks_size(r) != sum)
            fail_msg("ranks 0x%llx: size %d, want %d", (unsigned long long)r, ddz_ranks_size(r),
                     sum);
    }
}

static bool model_contains(DdzRanks hand, DdzRanks sub)
{
    int h[DDZ_RANK_NB], s[DDZ_RANK_NB];
    model_unpack(hand, h);
    model_unpack(sub, s);
    for (int i = 0; i < DDZ_RANK_NB; i++)
        if (s[i] > h[i])
            return false;
    return true;
}

static void ranks_contains_matches_per_rank_comparison(void **state)
{
    (void)state;
    assert_true(ddz_ranks_contains(0, 0));
    assert_true(ddz_ranks_contains(DDZ_DECK_RANKS, DDZ_DECK_RANKS));
    assert_false(ddz_ranks_contains(0, ddz_ranks_of(DDZ_RANK_RJ, 1)));
    assert_false(ddz_ranks_contains(ddz_ranks_of(DDZ_RANK_BJ, 1), ddz_ranks_of(DDZ_RANK_RJ, 1)));
    assert_false(ddz_ranks_contains(ddz_ranks_of(DDZ_RANK_3, 3), ddz_ranks_of(DDZ_RANK_3, 4)));
    assert_true(ddz_ranks_contains(ddz_ranks_of(DDZ_RANK_3, 4), ddz_ranks_of(DDZ_RANK_3, 4)));
    /* A surplus elsewhere never makes up for a shortfall. */
    assert_false(ddz_ranks_contains(ddz_ranks_of(DDZ_RANK_4, 4) | ddz_ranks_of(DDZ_RANK_3, 1),
                                    ddz_ranks_of(DDZ_RANK_3, 2)));
    assert_false(ddz_ranks_contains(DDZ_DECK_RANKS & ~ddz_ranks_of(DDZ_RANK_2, 15),
                                    ddz_ranks_of(DDZ_RANK_2, 1)));
    DdzRng rng;
    ddz_rng_seed(&rng, 3);
    int yes = 0, no = 0;
    for (int i = 0; i < 50000; i++) {
        DdzRanks hand = random_ranks(&rng), sub;
        if (i % 2) {
            sub = random_ranks(&rng);
        } else {
            /* Mostly contained: lower each count at random, then maybe bump one rank. */
            int c[DDZ_RANK_NB];
            model_unpack(hand, c);
            for (int k = 0; k < DDZ_RANK_NB; k++)
                c[k] = (int)ddz_rng_below(&rng, (uint32_t)c[k] + 1);
            if (ddz_rng_below(&rng, 3) == 0) {
                int k = (int)ddz_rng_below(&rng, DDZ_RANK_NB);
                if (c[k] < (k < 13 ? 4 : 1))
                    c[k]++;
            }
            sub = model_pack(c);
        }
        bool want = model_contains(hand, sub);
        if (ddz_ranks_contains(hand, sub) != want)
            fail_msg("contains(0x%llx, 0x%llx) must be %d", (unsigned long long)hand,
                     (unsigned long long)sub, want);
        yes += want;
        no += !want;
    }
    assert_true(yes > 5000 && no > 5000);
}

/* Rank notation --------------------------------------------------------------------------*/

static void rank_char_gives_every_rank_letter(void **state)
{
    (void)state;
    for (DdzRank r = 0; r < DDZ_RANK_NB; r++)
        assert_int_equal(ddz_rank_char(r), RANK_CHARS[r]);
}

static void ranks_parse_reads_every_rank_char_once(void **state)
{
    (void)state;
    DdzRanks r = 0xDEAD;
    DdzError err;
    assert_int_equal(ddz_ranks_parse("3456789TJQKA2BR", &r, &err), 0);
    assert_int_equal(r, 0x111111111111111ull);
    char buf[64];
    assert_int_equal(ddz_ranks_format(r, buf, sizeof buf), 15);
    assert_string_equal(buf, "3456789TJQKA2BR");
}

static void ranks_parse_accepts_aliases_case_and_spaces(void **state)
{
    (void)state;
    static const struct {
        const char *text, *canon;
    } cases[] = {
        {"33344456", "33344456"},
        {"10", "T"},
        {"10JQKA", "TJQKA"},
        {"T10", "TT"},
        {"1010TT", "TTTT"},
        {"9 10 J", "9TJ"},
        {"tjqka", "TJQKA"},
        {"a2", "A2"},
        {"br", "BR"},
        {"BR", "BR"},
        {"X", "B"},
        {"D", "R"},
        {"XD", "BR"},
        {"xd", "BR"},
        {"3 3 3 4", "3334"},
        {"  5  ", "5"},
        {"2222BR", "2222BR"},
        {"R B 2 A K", "KA2BR"},
        {"QQQQ", "QQQQ"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzRanks r = 0xDEAD;
        DdzError err = {0, ""};
        int rc = ddz_ranks_parse(cases[i].text, &r, &err);
        if (rc != 0)
            fail_msg("'%s' rejected (rc %d, pos %d): %s", cases[i].text, rc, err.pos, err.msg);
        if (r != model_ranks(cases[i].canon))
            fail_msg("'%s' parsed as 0x%llx, want '%s' = 0x%llx", cases[i].text,
                     (unsigned long long)r, cases[i].canon,
                     (unsigned long long)model_ranks(cases[i].canon));
    }
}

static void ranks_parse_empty_and_pass_are_empty_set(void **state)
{
    (void)state;
    const char *const empty[] = {"", "pass", "   "};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        DdzRanks r = 0xDEAD;
        DdzError err = {0, ""};
        if (ddz_ranks_parse(empty[i], &r, &err) != 0)
            fail_msg("'%s' rejected: %s", empty[i], err.msg);
        if (r != 0)
            fail_msg("'%s' gave 0x%llx, want the empty set", empty[i], (unsigned long long)r);
    }
}

static void ranks_parse_rejects_bad_input_with_position_and_message(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int pos;
        const char *names; /* the text the message must contain, or NULL */
    } cases[] = {
        {"33Z4", 3, "Z"},
        {"3456789TJQKA2?", 14, "?"},
        {"33333", 5, NULL},   /* a fifth 3 */
        {"22222", 5, NULL},
        {"3 3 3 3 3", 9, NULL},
        {"BB", 2, NULL},      /* one small joker per deck */
        {"XB", 2, NULL},
        {"RD", 2, NULL},
        {"1", 1, "1"},
        {"0", 1, "0"},
        {"13", 1, "1"},
        {"3*", 2, "*"},
        {"E", 1, "E"},
        {"10Z", 3, "Z"},      /* "10" is two characters */
        {"100", 3, "0"},
        {"1010101010", 9, NULL}, /* a fifth ten, written "10" */
        {"TT 10 10 T", 10, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const DdzRanks sentinel = 0x5A5A5A5Aull;
        DdzRanks r = sentinel;
        DdzError err = {-7, ""};
        int rc = ddz_ranks_parse(cases[i].text, &r, &err);
        if (rc != -1)
            fail_msg("'%s': rc %d, want -1", cases[i].text, rc);
        check_error(cases[i].text, rc, r, sentinel, &err, cases[i].pos, cases[i].names);
    }
}

static void ranks_parse_error_names_non_ascii_character(void **state)
{
    (void)state;
    const DdzRanks sentinel = 77;
    DdzRanks r = sentinel;
    DdzError err = {0, ""};
    int rc = ddz_ranks_parse("33★4", &r, &err);
    check_error("33★4", rc, r, sentinel, &err, 3, "★");
}

static void ranks_format_writes_lowest_rank_first(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(ddz_ranks_format(0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(ddz_ranks_format(ddz_ranks_of(DDZ_RANK_T, 1), buf, sizeof buf), 1);
    assert_string_equal(buf, "T");
    DdzRanks r = ddz_ranks_of(DDZ_RANK_RJ, 1) | ddz_ranks_of(DDZ_RANK_BJ, 1) |
                 ddz_ranks_of(DDZ_RANK_2, 2) | ddz_ranks_of(DDZ_RANK_3, 3) |
                 ddz_ranks_of(DDZ_RANK_T, 1);
    assert_int_equal(ddz_ranks_format(r, buf, sizeof buf), 8);
    assert_string_equal(buf, "333T22BR");
    const char *deck = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR";
    assert_int_equal(ddz_ranks_format(DDZ_DECK_RANKS, buf, sizeof buf), 54);
    assert_string_equal(buf, deck);
    DdzRanks back = 0;
    DdzError err;
    assert_int_equal(ddz_ranks_parse(buf, &back, &err), 0);
    assert_int_equal(back, DDZ_DECK_RANKS);
}

static void ranks_format_and_parse_round_trip_random_multisets(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 4);
    for (int i = 0; i < 20000; i++) {
        DdzRanks r = random_ranks(&rng);
        char got[64], want[64];
        model_format_ranks(r, want);
        size_t n = ddz_ranks_format(r, got, sizeof got);
        assert_int_equal(n, strlen(want));
        assert_string_equal(got, want);
        DdzRanks back = ~r;
        DdzError err = {0, ""};
        if (ddz_ranks_parse(got, &back, &err) != 0)
            fail_msg("'%s' rejected: %s", got, err.msg);
        assert_int_equal(back, r);
    }
}

static void ranks_format_truncates_like_snprintf(void **state)
{
    (void)state;
    DdzRanks r = model_ranks("33344456");
    char buf[16];
    memset(buf, '#', sizeof buf);
    assert_int_equal(ddz_ranks_format(r, buf, 4), 8);
    assert_string_equal(buf, "333");
    assert_int_equal(buf[4], '#');
    memset(buf, '#', sizeof buf);
    assert_int_equal(ddz_ranks_format(r, buf, 8), 8);
    assert_string_equal(buf, "3334445");
    memset(buf, '#', sizeof buf);
    assert_int_equal(ddz_ranks_format(r, buf, 9), 8);
    assert_string_equal(buf, "33344456");
    memset(buf, '#', sizeof buf);
    assert_int_equal(ddz_ranks_format(r, buf, 1), 8);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], '#');
    memset(buf, '#', sizeof buf);
    assert_int_equal(ddz_ranks_format(r, buf, 0), 8);
    assert_int_equal(buf[0], '#');
    assert_int_equal(ddz_ranks_format(r, NULL, 0), 8);
}

/* Card notation --------------------------------------------------------------------------*/

static void card_format_names_each_card_in_every_style(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++)
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
            char got[32], want[32];
            model_card(c, STYLES[s], want, sizeof want);
            memset(got, '#', sizeof got);
            size_t n = ddz_card_format(c, STYLES[s], got, sizeof got);
            if (strcmp(got, want) != 0 || n != strlen(want))
                fail_msg("card %d style %d: '%s' (len %zu), want '%s'", c, s, got, n, want);
        }
}

static void cards_format_sorts_by_rank_then_suit(void **state)
{
    (void)state;
    /* ♠A ♥10 ♣3 小王 大王 ♦K: shown low to high, jokers last. */
    DdzCards s = ddz_cards_of(47) | ddz_cards_of(30) | ddz_cards_of(0) | ddz_cards_of(52) |
                 ddz_cards_of(53) | ddz_cards_of(41);
    static const struct {
        DdzCardStyle style;
        const char *text;
    } cases[] = {
        {DDZ_STYLE_UNICODE, "♣3 ♥10 ♦K ♠A 小王 大王"},
        {DDZ_STYLE_ASCII, "C3 HT DK SA BJ RJ"},
        {DDZ_STYLE_CHINESE, "梅花3 红桃10 方块K 黑桃A 小王 大王"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[128];
        size_t n = ddz_cards_format(s, cases[i].style, buf, sizeof buf);
        assert_string_equal(buf, cases[i].text);
        assert_int_equal(n, strlen(cases[i].text));
    }
    /* All four suits of one rank: ♣ < ♦ < ♥ < ♠. */
    char buf[64];
    ddz_cards_format(0xFull << 28, DDZ_STYLE_UNICODE, buf, sizeof buf);
    assert_string_equal(buf, "♣10 ♦10 ♥10 ♠10");
    ddz_cards_format(0xFull << 48, DDZ_STYLE_ASCII, buf, sizeof buf);
    assert_string_equal(buf, "C2 D2 H2 S2");
    assert_int_equal(ddz_cards_format(0, DDZ_STYLE_ASCII, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

static void cards_format_matches_model_on_random_sets(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 5);
    for (int i = 0; i < 3000; i++) {
        DdzCards set = tu_random_cards(&rng, (int)ddz_rng_below(&rng, DDZ_CARD_NB + 1));
        for (int s = 0; s < 3; s++) {
            char got[512], want[512];
            model_cards(set, STYLES[s], want, sizeof want);
            size_t n = ddz_cards_format(set, STYLES[s], got, sizeof got);
            if (strcmp(got, want) != 0 || n != strlen(want))
                fail_msg("style %d: '%s' (len %zu), want '%s'", s, got, n, want);
        }
    }
}

static void cards_format_full_deck_fits_512_and_truncates_to_a_prefix(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++) {
        char full[512], want[1024];
        model_cards(DDZ_DECK, STYLES[s], want, sizeof want);
        size_t n = ddz_cards_format(DDZ_DECK, STYLES[s], full, sizeof full);
        assert_true(n < sizeof full);
        assert_int_equal(n, strlen(want));
        assert_string_equal(full, want);
        /* Truncated: still the length needed, a NUL inside the buffer, a prefix of the text. */
        for (size_t size = 1; size < n + 1; size += 7) {
            char small[512];
            memset(small, '#', sizeof small);
            assert_int_equal(ddz_cards_format(DDZ_DECK, STYLES[s], small, size), n);
            size_t len = strnlen(small, size);
            if (len >= size)
                fail_msg("style %d size %zu: not NUL-terminated", s, size);
            assert_memory_equal(small, want, len);
            /* Either snprintf's byte cut (size - 1 bytes) or a cut after the last whole card
             * that fits; the header only promises snprintf's return value. */
            bool byte_cut = len == size - 1;
            bool card_cut = len == 0 || want[len] == ' ';
            if (card_cut && !byte_cut) {
                size_t next = strcspn(want + len + (len > 0), " ") + (len > 0);
                if (len + next < size)
                    card_cut = false; /* the next card would have fit */
            }
            if (!byte_cut && !card_cut)
                fail_msg("style %d size %zu: cut to '%s' (%zu bytes)", s, size, small, len);
            assert_int_equal(small[size], '#');
        }
        assert_int_equal(ddz_cards_format(DDZ_DECK, STYLES[s], NULL, 0), n);
    }
}

static void cards_parse_reads_each_style(void **state)
{
    (void)state;
    const DdzCards five = ddz_cards_of(47) | ddz_cards_of(30) | ddz_cards_of(0) |
                          ddz_cards_of(52) | ddz_cards_of(53);
    static const struct {
        const char *text;
        DdzCards extra; /* cards beyond the five above */
    } cases[] = {
        {"♠A ♥10 ♣3 小王 大王", 0},
        {"SA HT C3 BJ RJ", 0},
        {"SA H10 C3 BJ RJ", 0},
        {"黑桃A 红桃10 梅花3 方块K 小王 大王", (DdzCards)1 << 41},
        {"RJ BJ C3 HT SA", 0},
        {"SA,HT,C3,BJ,RJ", 0},
        {"SA, HT ,C3 ,BJ,  RJ", 0},
        {"  SA   HT C3 BJ RJ  ", 0},
        {"♠A,♥10,♣3,小王,大王", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzCards got = 0xDEAD;
        DdzError err = {0, ""};
        int rc = ddz_cards_parse(cases[i].text, &got, &err);
        if (rc != 0)
            fail_msg("'%s' rejected (rc %d, pos %d): %s", cases[i].text, rc, err.pos, err.msg);
        if (got != (five | cases[i].extra))
            fail_msg("'%s' gave 0x%llx, want 0x%llx", cases[i].text, (unsigned long long)got,
                     (unsigned long long)(five | cases[i].extra));
    }
    DdzCards got = 0xDEAD;
    DdzError err;
    assert_int_equal(ddz_cards_parse("", &got, &err), 0);
    assert_int_equal(got, 0);
}

static void cards_parse_reads_every_single_card_in_every_style(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++)
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
            char text[32];
            model_card(c, STYLES[s], text, sizeof text);
            DdzCards got = 0;
            DdzError err = {0, ""};
            if (ddz_cards_parse(text, &got, &err) != 0)
                fail_msg("'%s' rejected: %s", text, err.msg);
            if (got != ddz_cards_of(c))
                fail_msg("'%s' gave 0x%llx, want card %d", text, (unsigned long long)got, c);
        }
}

static void cards_round_trip_full_deck_and_random_sets_in_every_style(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 6);
    for (int i = 0; i < 3001; i++) {
        DdzCards set = i == 0 ? DDZ_DECK
                              : tu_random_cards(&rng, (int)ddz_rng_below(&rng, DDZ_CARD_NB + 1));
        for (int s = 0; s < 3; s++) {
            char text[512];
            ddz_cards_format(set, STYLES[s], text, sizeof text);
            DdzCards back = ~set;
            DdzError err = {0, ""};
            if (ddz_cards_parse(text, &back, &err) != 0)
                fail_msg("'%s' rejected: pos %d: %s", text, err.pos, err.msg);
            if (back != set)
                fail_msg("'%s' gave 0x%llx, want 0x%llx", text, (unsigned long long)back,
                         (unsigned long long)set);
        }
    }
}

static void cards_parse_rejects_bad_input_with_position_and_message(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int pos;
        const char *names;
    } cases[] = {
        {"SA HT SA", 7, NULL},   /* named twice: the second one */
        {"BJ C3 BJ", 7, NULL},
        {"SA H10 HT", 8, NULL},  /* ten written two ways */
        {"C3,C3", 4, NULL},
        {"SA ZT", 4, "Z"},       /* unknown suit */
        {"SA HZ", 5, "Z"},       /* unknown rank */
        {"SA H1", 5, "1"},       /* 1 is no rank unless 10 */
        {"SA H0", 5, "0"},
        {"SA; HT", 3, ";"},      /* stray characters */
        {"SA HT!", 6, "!"},
        {"SA HT #", 7, "#"},
        {"?", 1, "?"},
        {"H10 H10", 5, NULL},    /* "10" is two characters */
        {"H10 HZ", 6, "Z"},
        {"H10,H1", 6, "1"},
        {"SA BJ SA", 7, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const DdzCards sentinel = 0x5A5A5A5Aull;
        DdzCards got = sentinel;
        DdzError err = {-7, ""};
        int rc = ddz_cards_parse(cases[i].text, &got, &err);
        check_error(cases[i].text, rc, got, sentinel, &err, cases[i].pos, cases[i].names);
    }
}

static void cards_parse_missing_rank_is_an_error_whose_message_agrees_with_pos(void **state)
{
    (void)state;
    /* "SA H": the suit at 4 has no rank; either 4 (the suit) or the place right after it
     * (5, or 6 after the two characters of 红桃) is fair, but the message and err.pos must
     * name the same one. */
    const struct {
        const char *text;
        int end;
    } inputs[] = {{"SA H", 5}, {"SA ♥", 5}, {"SA 红桃", 6}};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        const DdzCards sentinel = 0x77;
        DdzCards got = sentinel;
        DdzError err = {-7, ""};
        int rc = ddz_cards_parse(inputs[i].text, &got, &err);
        if (err.pos != 4 && err.pos != inputs[i].end)
            fail_msg("'%s': position %d, want 4 or %d (msg: %s)", inputs[i].text, err.pos, inputs[i].end,
                     err.msg);
        check_error(inputs[i].text, rc, got, sentinel, &err, err.pos, NULL);
    }
}

/* pos is "the 1-based character position": in UTF-8 text a character is a code point, not
 * a byte. */
static void cards_parse_error_position_counts_characters_not_bytes(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int pos;
        const char *names;
    } cases[] = {
        {"♠A ♠A", 4, NULL},         /* byte offset would be 5 */
        {"黑桃A 黑桃A", 5, NULL},   /* byte offset would be 9 */
        {"小王 小王", 4, NULL},
        {"♠A ♥Z", 5, "Z"},
        {"♠A ★A", 4, "★"},          /* ★ is no suit */
        {"SA 黑A", 4, NULL},        /* half a Chinese suit name */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const DdzCards sentinel = 99;
        DdzCards got = sentinel;
        DdzError err = {-7, ""};
        int rc = ddz_cards_parse(cases[i].text, &got, &err);
        check_error(cases[i].text, rc, got, sentinel, &err, cases[i].pos, cases[i].names);
    }
}

/* Picking cards --------------------------------------------------------------------------*/

static void cards_pick_takes_lowest_suits_first(void **state)
{
    (void)state;
    DdzCards hand = 0, out = 0;
    DdzError err;
    assert_int_equal(ddz_cards_parse("♣3 ♥3 ♠3 ♦5 ♥5 ♠5 小王 ♠2", &hand, &err), 0);
    static const struct {
        const char *want, *cards; /* rank notation, ASCII cards */
    } cases[] = {
        {"3", "C3"},
        {"33", "C3 H3"},
        {"333", "C3 H3 S3"},
        {"35", "C3 D5"},
        {"355", "C3 D5 H5"},
        {"B", "BJ"},
        {"2B", "S2 BJ"},
        {"", ""},
        {"33355522B", NULL},
        {"3333", NULL},
        {"R", NULL},
        {"4", NULL},
        {"5555", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzRanks want = tu_ranks(cases[i].want);
        const DdzCards sentinel = 0x1234;
        out = sentinel;
        bool ok = ddz_cards_pick(hand, want, &out);
        if (!cases[i].cards) {
            if (ok || out != sentinel)
                fail_msg("pick '%s' must fail and leave *out (ok %d, out 0x%llx)",
                         cases[i].want, ok, (unsigned long long)out);
            continue;
        }
        DdzCards expect = 0;
        assert_int_equal(ddz_cards_parse(cases[i].cards, &expect, &err), 0);
        if (!ok || out != expect)
            fail_msg("pick '%s': ok %d out 0x%llx, want 0x%llx", cases[i].want, ok,
                     (unsigned long long)out, (unsigned long long)expect);
    }
    /* Counts no deck holds: two small jokers, five 3s. */
    DdzCards out2 = 0x1234;
    assert_false(ddz_cards_pick(DDZ_DECK, ddz_ranks_of(DDZ_RANK_BJ, 2), &out2));
    assert_false(ddz_cards_pick(DDZ_DECK, ddz_ranks_of(DDZ_RANK_RJ, 2), &out2));
    assert_false(ddz_cards_pick(DDZ_DECK, ddz_ranks_of(DDZ_RANK_3, 5), &out2));
    assert_int_equal(out2, 0x1234);
    assert_true(ddz_cards_pick(DDZ_DECK, DDZ_DECK_RANKS, &out2));
    assert_int_equal(out2, DDZ_DECK);
}

/* The model of pick: per rank, the lowest `want` suits held. */
static bool model_pick(DdzCards hand, DdzRanks want, DdzCards *out)
{
    DdzCards got = 0;
    int need[DDZ_RANK_NB];
    model_unpack(want, need);
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++) {
        int rank = c < 52 ? c / 4 : c - 39;
        if (((hand >> c) & 1) && need[rank] > 0) {
            got |= ddz_cards_of(c);
            need[rank]--;
        }
    }
    for (int i = 0; i < DDZ_RANK_NB; i++)
        if (need[i] > 0)
            return false;
    *out = got;
    return true;
}

static void cards_pick_matches_model_on_random_hands(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 7);
    int succeeded = 0, failed = 0;
    for (int i = 0; i < 30000; i++) {
        DdzCards hand = tu_random_cards(&rng, (int)ddz_rng_below(&rng, DDZ_CARD_NB + 1));
        DdzRanks want;
        if (i % 2)
            want = random_ranks(&rng);
        else
            want = ddz_cards_ranks(random_subset(&rng, hand));
        DdzCards expect = 0xAAAA, got = 0xBBBB;
        bool expect_ok = model_pick(hand, want, &expect);
        bool ok = ddz_cards_pick(hand, want, &got);
        if (ok != expect_ok)
            fail_msg("pick(0x%llx, 0x%llx) returned %d, want %d", (unsigned long long)hand,
                     (unsigned long long)want, ok, expect_ok);
        if (!ok) {
            assert_int_equal(got, 0xBBBB);
            failed++;
            continue;
        }
        succeeded++;
        /* A subset of the hand, with exactly the wanted counts, lowest suits first. */
        assert_int_equal(got & ~hand, 0);
        assert_int_equal(ddz_cards_ranks(got), want);
        if (got != expect)
            fail_msg("pick(0x%llx, 0x%llx) = 0x%llx, want 0x%llx", (unsigned long long)hand,
                     (unsigned long long)want, (unsigned long long)got,
                     (unsigned long long)expect);
    }
    assert_true(succeeded > 10000 && failed > 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_ids_follow_botzone_encoding),
        cmocka_unit_test(card_ids_name_the_right_cards),
        cmocka_unit_test(cards_of_and_has_agree_for_every_card),
        cmocka_unit_test(cards_ranks_of_each_single_card_counts_its_rank),
        cmocka_unit_test(cards_ranks_of_full_deck_is_deck_ranks),
        cmocka_unit_test(cards_ranks_matches_per_card_count_on_random_sets),
        cmocka_unit_test(ranks_size_matches_slow_sum_on_random_multisets),
        cmocka_unit_test(ranks_contains_matches_per_rank_comparison),
        cmocka_unit_test(rank_char_gives_every_rank_letter),
        cmocka_unit_test(ranks_parse_reads_every_rank_char_once),
        cmocka_unit_test(ranks_parse_accepts_aliases_case_and_spaces),
        cmocka_unit_test(ranks_parse_empty_and_pass_are_empty_set),
        cmocka_unit_test(ranks_parse_rejects_bad_input_with_position_and_message),
        cmocka_unit_test(ranks_parse_error_names_non_ascii_character),
        cmocka_unit_test(ranks_format_writes_lowest_rank_first),
        cmocka_unit_test(ranks_format_and_parse_round_trip_random_multisets),
        cmocka_unit_test(ranks_format_truncates_like_snprintf),
        cmocka_unit_test(card_format_names_each_card_in_every_style),
        cmocka_unit_test(cards_format_sorts_by_rank_then_suit),
        cmocka_unit_test(cards_format_matches_model_on_random_sets),
        cmocka_unit_test(cards_format_full_deck_fits_512_and_truncates_to_a_prefix),
        cmocka_unit_test(cards_parse_reads_each_style),
        cmocka_unit_test(cards_parse_reads_every_single_card_in_every_style),
        cmocka_unit_test(cards_round_trip_full_deck_and_random_sets_in_every_style),
        cmocka_unit_test(cards_parse_rejects_bad_input_with_position_and_message),
        cmocka_unit_test(cards_parse_missing_rank_is_an_error_whose_message_agrees_with_pos),
        cmocka_unit_test(cards_parse_error_position_counts_characters_not_bytes),
        cmocka_unit_test(cards_pick_takes_lowest_suits_first),
        cmocka_unit_test(cards_pick_matches_model_on_random_hands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
