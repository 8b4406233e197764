/* net.h -- the curses screens of ddz connect: the lobby, a room, and the table of ddz play
 * for a game on a server. The caller owns the connection: it feeds every message it
 * received (after ddz_client_feed_json) and calls net_ui_tick from its timer; the screens
 * send through the caller's send function. Single-threaded, like curses. */
#ifndef DDZ_PLAY_NET_H
#define DDZ_PLAY_NET_H

#include <stdbool.h>

#include "ddz/client.h"

struct json_t;

typedef struct NetUi NetUi;
typedef void (*NetSend)(void *ctx, const char *json);

/* Starts curses; returns NULL when the terminal cannot be used. lang: PLAY_EN or PLAY_ZH. */
NetUi *net_ui_new(DdzClient *c, int lang, bool ascii, const char *url, NetSend send, void *ctx);
/* One message from the server, already fed to the client. */
void net_ui_message(NetUi *u, DdzClientEvent e, struct json_t *msg);
/* The order the hand is shown in at the start (PLAY_SORT_*; s changes it at the table). */
void net_ui_sort(NetUi *u, int mode);
/* Reads the keys typed and redraws; returns 1 when the person asked to quit. */
int net_ui_tick(NetUi *u);
/* Ends curses and frees. */
void net_ui_free(NetUi *u);

#endif
