/* refusal.h -- a server refusal (an "error" message, docs/PROTOCOL.md) worded in the player's
 * language from its code and arguments, for ddz connect's screens and line mode. */
#ifndef DDZ_PLAY_REFUSAL_H
#define DDZ_PLAY_REFUSAL_H

#include <stddef.h>

#include "ddz/client.h"
#include "play.h"

struct json_t;

/* Writes the refusal msg in p's language; c names the seats (not_your_turn) and gives the
 * rules that read the moves. A code it does not know keeps the server's English sentence. */
void play_refusal_text(const Play *p, const DdzClient *c, struct json_t *msg, char *buf, size_t size);

#endif
