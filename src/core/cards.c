/* cards.c -- parsing and printing cards and rank counts (RULES.md §1). */
#include <stdio.h>
#include <string.h>

#include "ddz/cards.h"

static const char RANK_CHARS[] = "3456789TJQKA2BR";

char ddz_rank_char(DdzRank rank)
{
    return rank >= 0 && rank < DDZ_RANK_NB ? RANK_CHARS[rank] : '?';
}

/* Length in bytes of the UTF-8 character starting with byte b (1 for stray bytes). */
static int utf8_len(unsigned char b)
{
    if (b >= 0xF0 && b < 0xF8)
        return 4;
    if (b >= 0xE0)
        return b < 0xF0 ? 3 : 1;
    if (b >= 0xC0)
        return 2;
    return 1;
}

/* Fills err with "MESSAGE at position POS" where the offending character is quoted. */
static void fail_at(DdzError *err, int pos, const char *s, int nbytes, const char *what)
{
    if (!err)
        return;
    err->pos = pos;
    char ch[16] = {0};
    if (nbytes > 0 && nbytes < (int)sizeof ch)
        memcpy(ch, s, (size_t)nbytes);
    if ((unsigned char)ch[0] < 0x20 || ch[0] == 0x7F)
        snprintf(ch, sizeof ch, "\\x%02x", (unsigned char)s[0]);
    snprintf(err->msg, sizeof err->msg, "%s '%s' at position %d", what, ch, pos);
}

/* Rank of one rank-notation character, -1 if it is none. */
static int rank_of_char(int c)
{
    switch (c) {
    case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return c - '3';
    case 'T': case 't': return DDZ_RANK_T;
    case 'J': case 'j': return DDZ_RANK_J;
    case 'Q': case 'q': return DDZ_RANK_Q;
    case 'K': case 'k': return DDZ_RANK_K;
    case 'A': case 'a': return DDZ_RANK_A;
    case '2': return DDZ_RANK_2;
    case 'B': case 'b': case 'X': case 'x': return DDZ_RANK_BJ;
    case 'R': case 'r': case 'D': case 'd': return DDZ_RANK_RJ;
    default: return -1;
    }
}

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int ddz_ranks_parse(const char *text, DdzRanks *out, DdzError *err)
{
    const char *p = text;
    while (is_blank((unsigned char)*p))
        p++;
    size_t n = strlen(p);
    while (n > 0 && is_blank((unsigned char)p[n - 1]))
        n--;
    if (n == 4 && (p[0] | 32) == 'p' && (p[1] | 32) == 'a' && (p[2] | 32) == 's' && (p[3] | 32) == 's') {
        *out = 0;
        return 0;
    }
    DdzRanks r = 0;
    int pos = 0;
    for (const char *s = text; *s;) {
        unsigned char b = (unsigned char)*s;
        int len = utf8_len(b);
        pos++;
        if (is_blank(b)) {
            s++;
            continue;
        }
        int rank = rank_of_char(b);
        if (b == '1' && s[1] == '0') {
            rank = DDZ_RANK_T;
            len = 2;
        } else if (b == '1') {
            fail_at(err, pos, s, 1, "lone");
            if (err)
                snprintf(err->msg + strlen(err->msg), sizeof err->msg - strlen(err->msg),
                         ": write ten as 10 or T");
            return -1;
        }
        if (rank < 0) {
            for (int i = 1; i < len; i++)
                if (!s[i]) {
                    len = i;
                    break;
                }
            fail_at(err, pos, s, len, "unknown character");
            if (err)
                snprintf(err->msg + strlen(err->msg), sizeof err->msg - strlen(err->msg),
                         " (ranks are 3456789TJQKA2BR)");
            return -1;
        }
        int have = ddz_ranks_get(r, rank);
        int limit = rank >= DDZ_RANK_BJ ? 1 : 4;
        if (have == limit) {
            if (err) {
                err->pos = pos;
                if (limit == 1)
                    snprintf(err->msg, sizeof err->msg,
                             "a second %s joker '%c' at position %d: a deck has only one",
                             rank == DDZ_RANK_BJ ? "small" : "big", RANK_CHARS[rank], pos);
                else
                    snprintf(err->msg, sizeof err->msg,
                             "a fifth '%c' at position %d: a deck has only four", RANK_CHARS[rank], pos);
            }
            return -1;
        }
        r += ddz_ranks_of(rank, 1);
        s += len;
        if (len == 2)
            pos++;
    }
    *out = r;
    return 0;
}

size_t ddz_ranks_format(DdzRanks ranks, char *buf, size_t size)
{
    size_t n = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        for (int k = ddz_ranks_get(ranks, r); k > 0; k--) {
            if (n + 1 < size)
                buf[n] = RANK_CHARS[r];
            n++;
        }
    if (size > 0)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}

/* Suited notation ------------------------------------------------------------------------*/

/* Rank names used when printing suited cards: ten is "10" in Unicode and Chinese. */
static const char *const RANK_NAMES[13] = {"3", "4", "5", "6", "7", "8", "9", "10",
                                           "J", "Q", "K", "A", "2"};
static const char *const SUIT_UNICODE[4] = {"\u2663", "\u2666", "\u2665", "\u2660"};
static const char *const SUIT_ASCII[4] = {"C", "D", "H", "S"};
static const char *const SUIT_CHINESE[4] = {"梅花", "方块", "红桃", "黑桃"};

/* Every spelling the parser accepts for a suit, with the suit it names. */
static const struct {
    const char *text;
    int suit;
} SUIT_WORDS[] = {
    {"\u2663", 0}, {"\u2667", 0}, {"\u2666", 1}, {"\u2662", 1}, {"\u2665", 2}, {"\u2661", 2},
    {"\u2660", 3}, {"\u2664", 3}, {"梅花", 0}, {"方块", 1}, {"方片", 1}, {"红桃", 2},
    {"红心", 2}, {"黑桃", 3}, {"C", 0}, {"c", 0}, {"D", 1}, {"d", 1}, {"H", 2}, {"h", 2},
    {"S", 3}, {"s", 3},
};

static const struct {
    const char *text;
    int card;
} JOKER_WORDS[] = {
    {"小王", DDZ_CARD_BJ}, {"大王", DDZ_CARD_RJ}, {"BJ", DDZ_CARD_BJ}, {"bj", DDZ_CARD_BJ},
    {"Bj", DDZ_CARD_BJ}, {"RJ", DDZ_CARD_RJ}, {"rj", DDZ_CARD_RJ}, {"Rj", DDZ_CARD_RJ},
};

static int starts_with(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(s, prefix, n) == 0 ? (int)n : 0;
}

/* Number of UTF-8 characters in the first n bytes of s. */
static int char_count(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

int ddz_cards_parse(const char *text, DdzCards *out, DdzError *err)
{
    DdzCards set = 0;
    const char *s = text;
    while (*s) {
        unsigned char b = (unsigned char)*s;
        if (is_blank(b) || b == ',') {
            s++;
            continue;
        }
        int pos = char_count(text, (size_t)(s - text)) + 1;
        const char *start = s;
        int card = -1, k;
        for (size_t i = 0; i < sizeof JOKER_WORDS / sizeof JOKER_WORDS[0] && card < 0; i++)
            if ((k = starts_with(s, JOKER_WORDS[i].text)) > 0) {
                card = JOKER_WORDS[i].card;
                s += k;
            }
        if (card < 0) {
            int suit = -1;
            for (size_t i = 0; i < sizeof SUIT_WORDS / sizeof SUIT_WORDS[0] && suit < 0; i++)
                if ((k = starts_with(s, SUIT_WORDS[i].text)) > 0) {
                    suit = SUIT_WORDS[i].suit;
                    s += k;
                }
            if (suit < 0) {
                fail_at(err, pos, s, utf8_len(b), "unknown suit");
                if (err)
                    snprintf(err->msg + strlen(err->msg), sizeof err->msg - strlen(err->msg),
                             " (a card is a suit ♠♥♣♦, S H C D or 黑桃 红桃 梅花 方块, then a rank; "
                             "jokers are 小王 大王 or BJ RJ)");
                return -1;
            }
            int rpos = char_count(text, (size_t)(s - text)) + 1;
            int rank;
            if (s[0] == '1' && s[1] == '0') {
                rank = DDZ_RANK_T;
                s += 2;
            } else {
                rank = rank_of_char((unsigned char)*s);
                if (rank < 0 || rank > DDZ_RANK_2) {
                    if (!*s) {
                        if (err) {
                            err->pos = rpos;
                            snprintf(err->msg, sizeof err->msg,
                                     "missing rank at position %d: a suit needs a rank after it",
                                     rpos);
                        }
                    } else {
                        fail_at(err, rpos, s, utf8_len((unsigned char)*s), "unknown rank");
                    }
                    return -1;
                }
                s++;
            }
            card = rank * 4 + suit;
        }
        if (ddz_cards_has(set, card)) {
            if (err) {
                char name[16];
                ddz_card_format(card, DDZ_STYLE_UNICODE, name, sizeof name);
                err->pos = pos;
                snprintf(err->msg, sizeof err->msg, "%s named twice ('%.*s' at position %d)", name,
                         (int)(s - start), start, pos);
            }
            return -1;
        }
        set |= ddz_cards_of(card);
    }
    *out = set;
    return 0;
}

size_t ddz_card_format(DdzCard card, DdzCardStyle style, char *buf, size_t size)
{
    const char *suit = "", *rank;
    char ascii_rank[2] = {0, 0};
    if (card == DDZ_CARD_BJ || card == DDZ_CARD_RJ) {
        if (style == DDZ_STYLE_ASCII)
            rank = card == DDZ_CARD_BJ ? "BJ" : "RJ";
        else
            rank = card == DDZ_CARD_BJ ? "小王" : "大王";
    } else if (card >= 0 && card < 52) {
        int r = ddz_card_rank(card), su = ddz_card_suit(card);
        if (style == DDZ_STYLE_ASCII) {
            suit = SUIT_ASCII[su];
            ascii_rank[0] = RANK_CHARS[r];
            rank = ascii_rank;
        } else {
            suit = style == DDZ_STYLE_CHINESE ? SUIT_CHINESE[su] : SUIT_UNICODE[su];
            rank = RANK_NAMES[r];
        }
    } else {
        rank = "?";
    }
    int n = snprintf(buf, size, "%s%s", suit, rank);
    return n < 0 ? 0 : (size_t)n;
}

size_t ddz_cards_format(DdzCards cards, DdzCardStyle style, char *buf, size_t size)
{
    size_t n = 0;
    char one[16];
    if (size > 0)
        buf[0] = '\0';
    for (DdzCards s = cards & DDZ_DECK; s; s &= s - 1) {
        size_t k = ddz_card_format(__builtin_ctzll(s), style, one, sizeof one);
        size_t need = k + (n > 0);
        if (n + need < size) {
            if (n > 0)
                buf[n] = ' ';
            memcpy(buf + n + (n > 0), one, k + 1);
        } else if (size > 0 && n < size) {
            buf[n] = '\0';
        }
        n += need;
    }
    return n;
}

bool ddz_cards_pick(DdzCards hand, DdzRanks want, DdzCards *out)
{
    DdzCards got = 0;
    /* Visit only the ranks wanted: the lowest nonzero nibble each time. */
    for (DdzRanks left = want; left;) {
        int r = __builtin_ctzll(left) >> 2, w = ddz_ranks_get(want, r);
        left &= ~((DdzRanks)15 << (4 * r));
        if (r >= DDZ_RANK_BJ) {
            DdzCard c = r == DDZ_RANK_BJ ? DDZ_CARD_BJ : DDZ_CARD_RJ;
            if (w > 1 || !ddz_cards_has(hand, c))
                return false;
            got |= ddz_cards_of(c);
            continue;
        }
        DdzCards nib = (hand >> (4 * r)) & 15;
        if (__builtin_popcountll(nib) < w)
            return false;
        while (w-- > 0) {
            DdzCards low = nib & (0 - nib);
            nib ^= low;
            got |= low << (4 * r);
        }
    }
    *out = got;
    return true;
}
