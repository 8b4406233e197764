/* text.c -- the game's words: the message table in both languages, card faces, and actions,
 * moves and notes written for people. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/match.h"
#include "play.h"

#define PLAY_TEXT_ROW(id, en, zh) {en, zh},
static const char *const TEXTS[T_NB][2] = {PLAY_TEXTS(PLAY_TEXT_ROW)};
#undef PLAY_TEXT_ROW
#define PLAY_TEXT_NAME(id, en, zh) #id,
static const char *const TEXT_NAMES[T_NB] = {PLAY_TEXTS(PLAY_TEXT_NAME)};
#undef PLAY_TEXT_NAME

const char *play_text(const Play *p, PlayText id)
{
    return (unsigned)id < T_NB ? TEXTS[id][p->cfg.lang == PLAY_ZH] : "?";
}

/* The conversions of a format, e.g. "d s llu", with flags and widths dropped. */
static void conversions(const char *f, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (; *f; f++) {
        if (*f != '%')
            continue;
        f++;
        if (*f == '%')
            continue;
        while (*f && strchr("+- #0123456789.", *f))
            f++;
        while (*f && strchr("hlqjzt", *f) && n + 1 < size)
            out[n++] = *f++;
        if (*f && n + 2 < size) {
            out[n++] = *f;
            out[n++] = ' ';
        }
        out[n] = '\0';
        if (!*f)
            break;
    }
}

bool play_text_ok(char *bad, size_t size)
{
    for (int i = 0; i < T_NB; i++) {
        char a[64], b[64];
        conversions(TEXTS[i][0], a, sizeof a);
        conversions(TEXTS[i][1], b, sizeof b);
        if (strcmp(a, b) != 0) {
            snprintf(bad, size, "%s", TEXT_NAMES[i]);
            return false;
        }
    }
    return true;
}

/* The formats come from the table above, whose two languages are checked to take the same
 * conversions; the compiler cannot see through the table. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void vfmt(const Play *p, char *buf, size_t size, PlayText id, va_list ap)
{
    vsnprintf(buf, size, play_text(p, id), ap);
}
#pragma GCC diagnostic pop

void play_vfmt(const Play *p, char *buf, size_t size, PlayText id, va_list ap)
{
    vfmt(p, buf, size, id, ap);
}

void play_fmt(const Play *p, char *buf, size_t size, PlayText id, ...)
{
    va_list ap;
    va_start(ap, id);
    vfmt(p, buf, size, id, ap);
    va_end(ap);
}

void play_say(Play *p, int kind, PlayText id, ...)
{
    char tmp[sizeof p->msg];
    va_list ap;
    va_start(ap, id);
    vfmt(p, tmp, sizeof tmp, id, ap);
    va_end(ap);
    memcpy(p->msg, tmp, sizeof tmp);
    p->msg_kind = kind;
}

const char *play_seat_name(const Play *p, int seat)
{
    static const PlayText names[DDZ_SEAT_NB] = {T_SEAT_YOU, T_SEAT_EAST, T_SEAT_WEST};
    if ((p->net.on || p->replay) && (unsigned)seat < DDZ_SEAT_NB && p->net.names[seat][0])
        return p->net.names[seat];
    return (unsigned)seat < DDZ_SEAT_NB ? play_text(p, names[seat]) : "?";
}

const char *play_type_name(const Play *p, int type)
{
    return (unsigned)type < DDZ_MOVE_TYPE_NB ? play_text(p, (PlayText)(T_TYPE_PASS + type)) : "?";
}

const char *play_title(const Play *p, int score)
{
    return ddz_title_name(ddz_title_of(score), p->cfg.lang == PLAY_ZH ? "zh" : "en");
}

void play_card_face(const Play *p, DdzCard c, char rank[8], char suit[8], bool *red)
{
    static const char *const RANKS[13] = {"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"};
    static const char *const SUITS[2][4] = {{"♣", "♦", "♥", "♠"}, {"C", "D", "H", "S"}};
    int s = ddz_card_suit(c);
    *red = s == DDZ_SUIT_HEARTS || s == DDZ_SUIT_DIAMONDS || c == DDZ_CARD_RJ;
    if (s >= 0) {
        snprintf(rank, 8, "%s", RANKS[ddz_card_rank(c)]);
        snprintf(suit, 8, "%s", SUITS[p->cfg.ascii][s]);
    } else if (p->cfg.lang == PLAY_ZH && !p->cfg.ascii) {
        snprintf(rank, 8, "%s", c == DDZ_CARD_RJ ? "大" : "小");
        snprintf(suit, 8, "王");
    } else {
        snprintf(rank, 8, "%s", c == DDZ_CARD_RJ ? "RJ" : "BJ");
        suit[0] = '\0';
    }
}

void play_cards_text(const Play *p, DdzCards cards, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (DdzCard c = 0; c < DDZ_CARD_NB && n < size; c++) {
        if (!ddz_cards_has(cards, c))
            continue;
        char r[8], s[8];
        bool red;
        play_card_face(p, c, r, s, &red);
        const char *sep = n ? " " : "";
        if (c >= DDZ_CARD_BJ)
            n += (size_t)snprintf(buf + n, size - n, "%s%s%s", sep, r, s);
        else if (p->cfg.ascii)
            n += (size_t)snprintf(buf + n, size - n, "%s%s%s", sep, s, strcmp(r, "10") ? r : "T");
        else
            n += (size_t)snprintf(buf + n, size - n, "%s%s%s", sep, s, r);
    }
}

void play_landlord_text(const Play *p, const char *who, DdzCards bottom, char *buf, size_t size)
{
    char cards[96];
    play_cards_text(p, bottom, cards, sizeof cards);
    play_fmt(p, buf, size, bottom ? T_EV_LANDLORD : T_EV_LANDLORD_NB, who, play_base(p), cards);
}

void play_ranks_text(const Play *p, DdzRanks ranks, char *buf, size_t size)
{
    static const char *const RANKS[DDZ_RANK_NB] = {"3", "4", "5", "6", "7", "8", "9", "10",
                                                    "J", "Q", "K", "A", "2", "BJ", "RJ"};
    bool zh = p->cfg.lang == PLAY_ZH && !p->cfg.ascii;
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < DDZ_RANK_NB; k++)
        for (int i = ddz_ranks_get(ranks, k); i > 0 && n < size; i--) {
            const char *r = zh && k == DDZ_RANK_BJ ? "小王" : zh && k == DDZ_RANK_RJ ? "大王" : RANKS[k];
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? " " : "", r);
        }
}

void play_move_text(const Play *p, const DdzMove *m, char *buf, size_t size)
{
    char r[80];
    play_ranks_text(p, m->ranks, r, sizeof r);
    snprintf(buf, size, p->cfg.lang == PLAY_ZH ? "%s（%s）" : "%s (%s)", r, play_type_name(p, m->type));
}

void play_reading_text(const Play *p, const DdzMove *m, char *buf, size_t size)
{
    static const char *const RANKS[DDZ_RANK_NB] = {"3", "4", "5", "6", "7", "8", "9", "10",
                                                    "J", "Q", "K", "A", "2", "BJ", "RJ"};
    char text[128];
    play_move_text(p, m, text, sizeof text);
    if (m->len > 1)
        play_fmt(p, buf, size, T_READING_CHAIN, text, RANKS[m->rank % DDZ_RANK_NB], m->len);
    else
        play_fmt(p, buf, size, T_READING_MAIN, text, RANKS[m->rank % DDZ_RANK_NB]);
}

void play_note_word(const Play *p, int seat, const PlayNote *n, char *buf, size_t size)
{
    const DdzOptions *o = &p->game.opt;
    buf[0] = '\0';
    switch (n->kind) {
    case NOTE_BID:
        if (o->bid_mode == DDZ_BID_ROB)
            snprintf(buf, size, "%s",
                     play_text(p, n->rob ? (n->value ? T_ROB_ROB : T_ROB_NO_ROB) : (n->value ? T_ROB_CALL : T_ROB_NO_CALL)));
        else if (n->value)
            play_fmt(p, buf, size, T_BID_N, n->value);
        else
            snprintf(buf, size, "%s", play_text(p, T_BID_PASS));
        break;
    case NOTE_DOUBLE:
        if (o->double_mode == DDZ_DOUBLE_APP)
            snprintf(buf, size, "%s", play_text(p, n->value == 2 ? T_APP_X4 : n->value ? T_APP_X2 : T_APP_NONE));
        else if (seat == p->game.landlord)
            snprintf(buf, size, "%s", play_text(p, n->value ? T_REDBL_YES : T_REDBL_NO));
        else
            snprintf(buf, size, "%s", play_text(p, n->value ? T_DBL_YES : T_DBL_NO));
        break;
    case NOTE_SHOW:
        snprintf(buf, size, "%s", play_text(p, T_SHOW));
        break;
    case NOTE_PASS:
        snprintf(buf, size, "%s", play_text(p, T_PASS));
        break;
    default:
        break;
    }
}

void play_action_text(const Play *p, int i, char *buf, size_t size)
{
    const DdzAction *a = &p->game.hist[i];
    const char *who = play_seat_name(p, a->seat);
    char word[64], cards[256];
    PlayNote n;
    memset(&n, 0, sizeof n);
    n.value = a->value;
    switch (a->kind) {
    case DDZ_ACT_PLAY:
        if (a->move.type != DDZ_PASS) {
            play_cards_text(p, a->cards, cards, sizeof cards);
            play_fmt(p, buf, size, T_EV_PLAY, who, cards, play_type_name(p, a->move.type));
            return;
        }
        n.kind = NOTE_PASS;
        break;
    case DDZ_ACT_SHOW:
        play_cards_text(p, p->game.hand[a->seat], cards, sizeof cards);
        play_fmt(p, buf, size, T_EV_SHOW, who, cards);
        return;
    case DDZ_ACT_BID:
        n.kind = NOTE_BID;
        n.rob = p->game.undo[i].bid != 0;
        break;
    default:
        n.kind = NOTE_DOUBLE;
        break;
    }
    play_note_word(p, a->seat, &n, word, sizeof word);
    play_fmt(p, buf, size, T_EV_NOTE, who, word);
}

const char *play_level_text(const Play *p, const char *level)
{
    static const char *const NAMES[] = {"easy", "normal", "hard", "expert", "random", "greedy"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(level, NAMES[i]))
            return play_text(p, (PlayText)(T_LEVEL_EASY + i));
    return level;
}

void play_options_text(const Play *p, const DdzOptions *o, char *buf, size_t size)
{
    static const PlayText RULES[] = {T_OPT_STANDARD, T_OPT_CLASSIC, T_OPT_DOUZERO, T_OPT_BOTZONE};
    static const PlayText FIRST[] = {T_OPT_GIVEN, T_OPT_REVEALED, T_OPT_HEART3, T_OPT_MIDDLE};
    const char *sep = play_text(p, T_OPT_SEP);
    char part[128];
    size_t n = 0;
    buf[0] = '\0';
#define PART(...)                                                                                      \
    do {                                                                                               \
        play_fmt(p, part, sizeof part, __VA_ARGS__);                                                   \
        if (n < size)                                                                                  \
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? sep : "", part);                     \
    } while (0)
    PART(ddz_ruleset_is_48(o->rules) ? T_OPT_HUBEI48 : (unsigned)o->rules < 4 ? RULES[o->rules] : T_OPT_STANDARD);
    PART(o->bid_mode == DDZ_BID_ROB ? T_OPT_ROB : T_OPT_POINTS);
    PART(o->first_bidder < 4 ? FIRST[o->first_bidder] : T_OPT_GIVEN);
    if (o->double_mode == DDZ_DOUBLE_FARMER)
        PART(T_OPT_FARMER);
    if (o->double_mode == DDZ_DOUBLE_APP)
        PART(T_OPT_APP);
    if (o->packet_deal)
        PART(T_OPT_PACKET);
    if (o->forced_bid)
        PART(T_OPT_FORCED);
    if (o->must_bid)
        PART(T_OPT_MUST);
    if (o->show_cards)
        PART(T_OPT_SHOW);
    if (o->play_all)
        PART(T_OPT_PLAY_ALL);
    if (o->spring_off)
        PART(T_OPT_SPRING_OFF);
    if (o->leaver_penalty)
        PART(T_OPT_LEAVER);
    if (o->base != ddz_options_default().base)
        PART(T_OPT_BASE, o->base);
    if (o->cap)
        PART(T_OPT_CAP, o->cap);
    if (o->fee_percent)
        PART(T_OPT_FEE, o->fee_percent);
#undef PART
}

int play_utf8_width(const char *s)
{
    int w = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned c = *u++;
        if (c >= 0xC0) {
            int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
            c &= 0x3Fu >> more;
            for (; more > 0 && (*u & 0xC0) == 0x80; more--)
                c = (c << 6) | (*u++ & 0x3Fu);
        }
        /* East Asian wide: Hangul Jamo, CJK and Hangul, compatibility forms, full-width forms. */
        bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                    (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                    (c >= 0xFFE0 && c <= 0xFFE6);
        w += wide ? 2 : 1;
    }
    return w;
}

int play_locale_lang(void)
{
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return !strncmp(v, "zh", 2) ? PLAY_ZH : PLAY_EN;
    }
    return PLAY_EN;
}
