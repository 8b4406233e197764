/* error.c -- filling a DdzError: the one way every layer reports what went wrong. */
#include <stdarg.h>
#include <stdio.h>

#include "ddz/cards.h"

int ddz_error_set(DdzError *err, int pos, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->pos = pos;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}
