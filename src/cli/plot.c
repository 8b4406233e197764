/* plot.c -- the loadtest's picture: a PNG of people's latency (p50, p99) and the server's
 * memory over time, written here with no library: RGB pixels, lines, a 5x7 font for the
 * labels, and PNG's stored (uncompressed) deflate blocks with their CRC-32 and Adler-32. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct Img {
    int w, h;
    uint8_t *px; /* RGB */
} Img;

static void dot(Img *im, int x, int y, uint32_t rgb)
{
    if (x < 0 || y < 0 || x >= im->w || y >= im->h)
        return;
    uint8_t *p = im->px + ((size_t)y * (size_t)im->w + (size_t)x) * 3;
    p[0] = (uint8_t)(rgb >> 16);
    p[1] = (uint8_t)(rgb >> 8);
    p[2] = (uint8_t)rgb;
}

static void line(Img *im, int x0, int y0, int x1, int y1, uint32_t rgb)
{
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, e = dx + dy;
    for (;;) {
        dot(im, x0, y0, rgb);
        dot(im, x0, y0 + 1, rgb);
        if (x0 == x1 && y0 == y1)
            break;
        int e2 = 2 * e;
        if (e2 >= dy) {
            e += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            e += dx;
            y0 += sy;
        }
    }
}

/* 5x7 glyphs, one byte a row (low 5 bits, leftmost is bit 4). */
static const struct {
    char c;
    uint8_t rows[7];
} FONT[] = {
    {'0', {14, 17, 19, 21, 25, 17, 14}}, {'1', {4, 12, 4, 4, 4, 4, 14}},   {'2', {14, 17, 1, 2, 4, 8, 31}},
    {'3', {31, 2, 4, 2, 1, 17, 14}},     {'4', {2, 6, 10, 18, 31, 2, 2}},  {'5', {31, 16, 30, 1, 1, 17, 14}},
    {'6', {6, 8, 16, 30, 17, 17, 14}},   {'7', {31, 1, 2, 4, 8, 8, 8}},    {'8', {14, 17, 17, 14, 17, 17, 14}},
    {'9', {14, 17, 17, 15, 1, 2, 12}},   {'.', {0, 0, 0, 0, 0, 12, 12}},   {'-', {0, 0, 0, 14, 0, 0, 0}},
    {'(', {2, 4, 8, 8, 8, 4, 2}},        {')', {8, 4, 2, 2, 2, 4, 8}},     {',', {0, 0, 0, 0, 12, 4, 8}},
    {'A', {14, 17, 17, 31, 17, 17, 17}}, {'B', {30, 17, 17, 30, 17, 17, 30}}, {'C', {14, 17, 16, 16, 16, 17, 14}},
    {'D', {28, 18, 17, 17, 17, 18, 28}}, {'E', {31, 16, 16, 30, 16, 16, 31}}, {'F', {31, 16, 16, 30, 16, 16, 16}},
    {'G', {14, 17, 16, 23, 17, 17, 15}}, {'H', {17, 17, 17, 31, 17, 17, 17}}, {'I', {14, 4, 4, 4, 4, 4, 14}},
    {'K', {17, 18, 20, 24, 20, 18, 17}}, {'L', {16, 16, 16, 16, 16, 16, 31}}, {'M', {17, 27, 21, 21, 17, 17, 17}},
    {'N', {17, 17, 25, 21, 19, 17, 17}}, {'O', {14, 17, 17, 17, 17, 17, 14}}, {'P', {30, 17, 17, 30, 16, 16, 16}},
    {'R', {30, 17, 17, 30, 20, 18, 17}}, {'S', {15, 16, 16, 14, 1, 1, 30}},   {'T', {31, 4, 4, 4, 4, 4, 4}},
    {'U', {17, 17, 17, 17, 17, 17, 14}}, {'V', {17, 17, 17, 17, 17, 10, 4}},  {'W', {17, 17, 17, 21, 21, 21, 10}},
    {'Y', {17, 17, 10, 4, 4, 4, 4}},
};

static void text(Img *im, int x, int y, const char *s, uint32_t rgb)
{
    for (; *s; s++, x += 6)
        for (size_t g = 0; g < sizeof FONT / sizeof *FONT; g++)
            if (FONT[g].c == *s)
                for (int r = 0; r < 7; r++)
                    for (int b = 0; b < 5; b++)
                        if (FONT[g].rows[r] >> (4 - b) & 1)
                            dot(im, x + b, y + r, rgb);
}

/* A panel: frame, grid with labels, and up to two series (column c of rows of 4 values). */
static void panel(Img *im, int top, int height, const double *rows, size_t n, const int cols[2], const uint32_t col[2],
                  int ncols, const char *title)
{
    int left = 60, right = im->w - 20, bottom = top + height;
    double tmax = n ? rows[(n - 1) * 4] : 1, ymax = 0;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < ncols; k++)
            ymax = rows[i * 4 + cols[k]] > ymax ? rows[i * 4 + cols[k]] : ymax;
    ymax = ymax > 0 ? ymax * 1.1 : 1;
    if (tmax <= 0)
        tmax = 1;
    for (int g = 0; g <= 4; g++) {
        int y = bottom - g * height / 4;
        for (int x = left; x <= right; x += 3)
            dot(im, x, y, 0xDDDDDD);
        char lab[32];
        snprintf(lab, sizeof lab, ymax * g / 4 >= 10 ? "%.0f" : "%.1f", ymax * g / 4);
        text(im, left - 6 - 6 * (int)strlen(lab), y - 3, lab, 0x333333);
    }
    for (int g = 0; g <= 5; g++) {
        int x = left + g * (right - left) / 5;
        line(im, x, bottom, x, bottom + 3, 0x333333);
        char lab[32];
        snprintf(lab, sizeof lab, "%.0f", tmax * g / 5);
        text(im, x - 3 * (int)strlen(lab), bottom + 6, lab, 0x333333);
    }
    line(im, left, top, left, bottom, 0x000000);
    line(im, left, bottom, right, bottom, 0x000000);
    text(im, left, top - 12, title, 0x000000);
    for (int k = 0; k < ncols; k++) {
        int px = -1, py = -1;
        for (size_t i = 0; i < n; i++) {
            int x = left + (int)(rows[i * 4] / tmax * (right - left));
            int y = bottom - (int)(rows[i * 4 + cols[k]] / ymax * height);
            if (px >= 0)
                line(im, px, py, x, y, col[k]);
            px = x;
            py = y;
        }
    }
}

static uint32_t crc_table[256];

static uint32_t crc(uint32_t c, const uint8_t *p, size_t n)
{
    if (!crc_table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t v = i;
            for (int k = 0; k < 8; k++)
                v = v & 1 ? 0xEDB88320u ^ (v >> 1) : v >> 1;
            crc_table[i] = v;
        }
    c = ~c;
    for (size_t i = 0; i < n; i++)
        c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return ~c;
}

static void be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t head[8];
    be32(head, (uint32_t)n);
    memcpy(head + 4, type, 4);
    uint32_t c = crc(crc(0, head + 4, 4), data, n);
    uint8_t tail[4];
    be32(tail, c);
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, n, f) == n && fwrite(tail, 1, 4, f) == 4 ? 0 : -1;
}

static int write_png(const Img *im, const char *path)
{
    size_t row = (size_t)im->w * 3 + 1, raw = row * (size_t)im->h;
    size_t blocks = (raw + 65534) / 65535;
    size_t zlen = 2 + raw + blocks * 5 + 4;
    uint8_t *z = malloc(zlen), *r = malloc(raw);
    if (!z || !r) {
        free(z);
        free(r);
        return -1;
    }
    for (int y = 0; y < im->h; y++) {
        r[(size_t)y * row] = 0; /* filter: none */
        memcpy(r + (size_t)y * row + 1, im->px + (size_t)y * (size_t)im->w * 3, (size_t)im->w * 3);
    }
    size_t o = 0;
    z[o++] = 0x78;
    z[o++] = 0x01;
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < raw; i++) {
        a = (a + r[i]) % 65521;
        b = (b + a) % 65521;
    }
    for (size_t at = 0; at < raw; at += 65535) {
        size_t len = raw - at < 65535 ? raw - at : 65535;
        z[o++] = at + len == raw; /* BFINAL, stored */
        z[o++] = (uint8_t)len;
        z[o++] = (uint8_t)(len >> 8);
        z[o++] = (uint8_t)~len;
        z[o++] = (uint8_t)(~len >> 8);
        memcpy(z + o, r + at, len);
        o += len;
    }
    be32(z + o, b << 16 | a);
    o += 4;
    uint8_t ihdr[13];
    be32(ihdr, (uint32_t)im->w);
    be32(ihdr + 4, (uint32_t)im->h);
    ihdr[8] = 8;  /* bits */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    FILE *f = fopen(path, "wb");
    int rc = -1;
    if (f) {
        static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        rc = fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) == 0 && chunk(f, "IDAT", z, o) == 0 &&
                     chunk(f, "IEND", NULL, 0) == 0
                 ? 0
                 : -1;
        if (fclose(f) != 0)
            rc = -1;
    }
    free(z);
    free(r);
    return rc;
}

int cli_plot_loadtest(const char *path, const double *rows, size_t n, DdzError *err)
{
    Img im = {900, 560, NULL};
    im.px = malloc((size_t)im.w * (size_t)im.h * 3);
    if (!im.px)
        return ddz_error_set(err, 0, "plot: out of memory");
    memset(im.px, 0xFF, (size_t)im.w * (size_t)im.h * 3);
    static const int lat_cols[2] = {2, 1}, mem_cols[2] = {3, 3};
    static const uint32_t lat_rgb[2] = {0xD62728, 0x1F77B4}, mem_rgb[2] = {0x2CA02C, 0x2CA02C};
    panel(&im, 30, 200, rows, n, lat_cols, lat_rgb, 2, "PEOPLE ACTION LATENCY (MS) PER SECOND: P99 RED, P50 BLUE");
    panel(&im, 300, 200, rows, n, mem_cols, mem_rgb, 1, "SERVER MEMORY, RSS (MB)");
    text(&im, im.w / 2 - 60, im.h - 20, "TIME (S)", 0x000000);
    int rc = write_png(&im, path);
    free(im.px);
    return rc ? ddz_error_set(err, 0, "plot: cannot write %s", path) : 0;
}
