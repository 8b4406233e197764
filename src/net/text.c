/* text.c -- people's text on the network: UTF-8 decoding, the characters refused (controls,
 * format characters, separators, private use, noncharacters, fillers), the check that text
 * shows something, and the sanitiser clients print through (include/ddz/text.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ddz/text.h"

/* Decodes one UTF-8 character at s (n bytes left): its length, or 0 for an invalid sequence
 * (overlong, surrogate, past U+10FFFF, truncated). */
static size_t utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
    if (n == 0)
        return 0;
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if ((c & 0xE0) == 0xC0) {
        len = 2, min = 0x80, c &= 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3, min = 0x800, c &= 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4, min = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return len;
}

typedef struct Range {
    unsigned lo, hi;
} Range;

/* Refused: Cc, Cf, Zl, Zp, Zs other than U+0020, Co, noncharacters, Hangul fillers. */
static const Range REFUSED[] = {
    {0x0000, 0x001F}, {0x007F, 0x009F}, {0x00A0, 0x00A0}, {0x00AD, 0x00AD}, {0x034F, 0x034F},
    {0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD}, {0x070F, 0x070F}, {0x0890, 0x0891},
    {0x08E2, 0x08E2}, {0x115F, 0x1160}, {0x1680, 0x1680}, {0x17B4, 0x17B5}, {0x180B, 0x180F},
    {0x2000, 0x200F}, {0x2028, 0x202F}, {0x205F, 0x206F}, {0x3000, 0x3000}, {0x3164, 0x3164},
    {0xD800, 0xF8FF}, {0xFDD0, 0xFDEF}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0},
    {0xFFF0, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},
    {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF}, {0xF0000, 0x10FFFF},
};

/* Characters that show nothing by themselves: combining marks and the blank braille cell. */
static const Range SHOWS_NOTHING[] = {
    {0x0020, 0x0020}, {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A},
    {0x064B, 0x065F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0x2800, 0x2800},
    {0x3099, 0x309A}, {0xFE20, 0xFE2F},
};

static bool in_ranges(const Range *r, size_t n, unsigned cp)
{
    for (size_t i = 0; i < n; i++)
        if (cp >= r[i].lo && cp <= r[i].hi)
            return true;
    return false;
}

bool ddz_text_char_ok(unsigned cp)
{
    if ((cp & 0xFFFE) == 0xFFFE) /* U+xFFFE, U+xFFFF: noncharacters of every plane */
        return false;
    return !in_ranges(REFUSED, sizeof REFUSED / sizeof *REFUSED, cp);
}

int ddz_text_check(const char *s, size_t max_chars, DdzError *err)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), chars = 0;
    bool shows = false;
    for (size_t i = 0; i < n; chars++) {
        unsigned cp;
        size_t len = utf8_decode(u + i, n - i, &cp);
        if (!len) {
            return ddz_error_set(err, (int)chars + 1, "character %zu is not valid UTF-8", chars + 1);
        }
        if (!ddz_text_char_ok(cp)) {
            return ddz_error_set(err, (int)chars + 1, "character %zu (U+%04X) is a control, format or separator "
                                 "character", chars + 1, cp);
        }
        shows |= !in_ranges(SHOWS_NOTHING, sizeof SHOWS_NOTHING / sizeof *SHOWS_NOTHING, cp);
        i += len;
    }
    if (chars > max_chars)
        return ddz_error_set(err, (int)max_chars, "%zu characters, more than %zu", chars, max_chars);
    if (!shows)
        return ddz_error_set(err, 0, "%s", chars ? "it shows nothing (only spaces or marks)" : "it is empty");
    return 0;
}

static int hexval(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | d;
    }
    return v;
}

size_t ddz_text_sanitize_json(char *buf, size_t len)
{
    const unsigned char *u = (const unsigned char *)buf;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (u[i] >= 0x20 && u[i] < 0x7F && u[i] != '\\') { /* printable ASCII, most of every message */
            buf[o++] = buf[i++];
            continue;
        }
        if (buf[i] == '\\' && i + 1 < len) {
            if (buf[i + 1] == 'u' && i + 6 <= len && hexval(buf + i + 2) >= 0) {
                unsigned cp = (unsigned)hexval(buf + i + 2);
                size_t w = 6;
                if (cp >= 0xD800 && cp <= 0xDBFF && i + 12 <= len && buf[i + 6] == '\\' && buf[i + 7] == 'u' &&
                    hexval(buf + i + 8) >= 0xDC00 && hexval(buf + i + 8) <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned)hexval(buf + i + 8) - 0xDC00);
                    w = 12;
                }
                bool keep = cp == '\n' || cp == '\r' || cp == '\t' || cp == '"' || cp == '\\' ||
                            (ddz_text_char_ok(cp) && !(cp >= 0xD800 && cp <= 0xDFFF));
                if (keep) {
                    memmove(buf + o, buf + i, w);
                    o += w;
                } else {
                    buf[o++] = '?';
                }
                i += w;
            } else { /* \n, \", \\ ...: kept whole */
                buf[o++] = buf[i];
                buf[o++] = buf[i + 1];
                i += 2;
            }
            continue;
        }
        unsigned cp;
        size_t k = utf8_decode(u + i, len - i, &cp);
        /* Raw bytes: the JSON's own newlines and tabs between tokens are kept. */
        if (k && (ddz_text_char_ok(cp) || cp == '\n' || cp == '\r' || cp == '\t')) {
            memmove(buf + o, buf + i, k);
            o += k;
            i += k;
        } else {
            buf[o++] = '?';
            i += k ? k : 1;
        }
    }
    return o;
}

size_t ddz_text_sanitize(const char *s, char *out, size_t n)
{
    if (n == 0)
        return 0;
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s), o = 0;
    for (size_t i = 0; i < len;) {
        unsigned cp;
        size_t k = utf8_decode(u + i, len - i, &cp);
        bool ok = k && ddz_text_char_ok(cp);
        size_t w = ok ? k : 1;
        if (o + w >= n)
            break;
        if (ok)
            memcpy(out + o, u + i, k);
        else
            out[o] = '?';
        o += w;
        i += k ? k : 1;
    }
    out[o] = '\0';
    return o;
}
