/* client_tour.h -- the tournament messages of the client tracker (client_tour.c), called by
 * ddz_client_feed_json for tournaments, tour and tour_* (private to src/net). */
#ifndef DDZ_NET_CLIENT_TOUR_H
#define DDZ_NET_CLIENT_TOUR_H

#include "ddz/client.h"

struct json_t;

/* Follows one tournament message of type `type` into c->tour (allocating it); DDZ_EV_TOUR,
 * or DDZ_EV_BAD when a tour message has no tournament object. */
DdzClientEvent ddz_client_tour_feed(DdzClient *c, const char *type, struct json_t *msg);

#endif
