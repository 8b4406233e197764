/* text.h -- people's text on the network (nicknames, room names, chat): what the server
 * accepts and what a client may print.
 *
 * Accepted text is valid UTF-8 of printable characters: no Unicode control (Cc: C0, DEL, C1),
 * format (Cf: bidi embeddings, overrides and isolates, zero-width characters, the BOM, ...) or
 * separator (Zl, Zp, and every Zs but the ASCII space) character, no private-use character or
 * noncharacter, no Hangul filler; and it must show something: at least one character that is
 * neither a space nor a combining mark. Clients also pass what they print through
 * ddz_text_sanitize, so an old or hostile server cannot reach their terminal either. */
#ifndef DDZ_TEXT_H
#define DDZ_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "ddz/cards.h"

/* Checks s (NUL-terminated, at most max_chars code points): 0, or -1 with err naming the
 * first offending character (as U+XXXX) and its position in characters. */
int ddz_text_check(const char *s, size_t max_chars, DdzError *err);

/* Whether code point cp may appear in accepted text. */
bool ddz_text_char_ok(unsigned cp);

/* Copies s into out (n bytes, NUL-terminated, truncated at a character boundary), each
 * invalid byte sequence and each character ddz_text_check refuses written as '?'. Returns
 * the length written. */
size_t ddz_text_sanitize(const char *s, char *out, size_t n);

/* Sanitises a whole JSON message in place before a client reads it: every refused character
 * in it, raw or written as a \uXXXX escape (or an escaped surrogate pair), becomes '?'; the
 * escapes \n, \r and \t are kept (game records hold them) and so is everything else. The
 * JSON stays valid. Returns the new length. */
size_t ddz_text_sanitize_json(char *buf, size_t len);

#endif
