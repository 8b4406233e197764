/* store_sqlite.h -- the SQLite handle of a DdzStore, for the server's own tables kept beside
 * the store's (tourney_store.c: tournaments). */
#ifndef DDZ_NET_STORE_SQLITE_H
#define DDZ_NET_STORE_SQLITE_H

#include <sqlite3.h>

#include "ddz/store.h"

/* The store's SQLite database; NULL when it is PostgreSQL. */
sqlite3 *ddz_store_sqlite(DdzStore *st);

#endif
