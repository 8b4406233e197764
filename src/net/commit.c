/* commit.c -- fair deals: the SHA-256 commitment to a deal's seed, records that carry it, and
 * ddz verify's check of both the deal and the commitment. */
#define _DEFAULT_SOURCE /* open_memstream */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "ddz/commit.h"

void ddz_hex(const void *bytes, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = '\0';
}

int ddz_commit_compute(uint64_t seed, const char *salt, char out[DDZ_COMMIT_HEX])
{
    if (strlen(salt) != 32 || strspn(salt, "0123456789abcdef") != 32 || sodium_init() < 0)
        return -1;
    char pre[96];
    int n = snprintf(pre, sizeof pre, "ddz-deal/1:%s:%llu", salt, (unsigned long long)seed);
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)pre, (unsigned long long)n);
    ddz_hex(h, sizeof h, out);
    return 0;
}

int ddz_commit_compute256(const uint8_t seed[DDZ_SEED256_BYTES], const char *salt, char out[DDZ_COMMIT_HEX])
{
    if (strlen(salt) != 32 || strspn(salt, "0123456789abcdef") != 32 || sodium_init() < 0)
        return -1;
    char pre[128], hex[DDZ_SEED256_HEX];
    ddz_seed256_format(seed, hex);
    int n = snprintf(pre, sizeof pre, "ddz-deal/2:%s:%s", salt, hex);
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)pre, (unsigned long long)n);
    ddz_hex(h, sizeof h, out);
    return 0;
}

int ddz_commit_compute_text(const char *seed, const char *salt, char out[DDZ_COMMIT_HEX])
{
    uint8_t wide[DDZ_SEED256_BYTES];
    if (strlen(seed) == 64 && ddz_seed256_parse(seed, wide, NULL) == 0)
        return ddz_commit_compute256(wide, salt, out);
    char *end;
    if (!*seed || !isdigit((unsigned char)*seed))
        return -1;
    unsigned long long x = strtoull(seed, &end, 10);
    return *end ? -1 : ddz_commit_compute(x, salt, out);
}

char *ddz_commit_record(const DdzGame *g, const DdzRecordInfo *info, const char *commit, const char *salt,
                        DdzError *err)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    int rc = ddz_record_write(f, g, info, err);
    fclose(f);
    if (rc != 0) {
        free(buf);
        return NULL;
    }
    /* Step 1. The header is the first line: add the commitment and the salt to it. */
    char *nl = buf ? strchr(buf, '\n') : NULL;
    if (!nl) {
        free(buf);
        snprintf(err->msg, sizeof err->msg, "the record has no header line");
        return NULL;
    }
    json_t *h = json_loadb(buf, (size_t)(nl - buf), 0, NULL);
    if (!h) {
        free(buf);
        snprintf(err->msg, sizeof err->msg, "the record's header is not JSON");
        return NULL;
    }
    json_object_set_new(h, "commit", json_string(commit));
    json_object_set_new(h, "salt", json_string(salt));
    char *head = json_dumps(h, JSON_COMPACT);
    json_decref(h);
    /* Step 2. The new header and the rest of the record. */
    size_t hn = head ? strlen(head) : 0, rest = strlen(nl);
    char *out = head ? malloc(hn + rest + 1) : NULL;
    if (out) {
        memcpy(out, head, hn);
        memcpy(out + hn, nl, rest + 1);
    } else {
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    free(head);
    free(buf);
    return out;
}

/* A game header seen in the first pass. */
typedef struct Header {
    long line;
    bool has_commit, has_seed, has_seed256;
    char commit[DDZ_COMMIT_HEX + 8], salt[DDZ_SALT_HEX + 8];
    uint64_t seed;
} Header;

static int read_seed(const json_t *v, uint64_t *seed)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *seed = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        if (!*s || !isdigit((unsigned char)*s))
            return -1;
        *seed = strtoull(s, &end, 10);
        return *end ? -1 : 0;
    }
    return -1;
}

/* First pass: every game header's line, commitment, salt and seed. */
static Header *scan_headers(FILE *f, long *n, DdzError *err)
{
    Header *hs = NULL;
    long cap = 0, line = 0;
    *n = 0;
    char *text = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&text, &size, f)) >= 0) {
        line++;
        json_t *o = json_loadb(text, (size_t)len, 0, NULL);
        json_t *t = o ? json_object_get(o, "type") : NULL;
        if (json_is_string(t) && !strcmp(json_string_value(t), "game")) {
            if (*n == cap) {
                cap = cap ? 2 * cap : 64;
                Header *nh = realloc(hs, (size_t)cap * sizeof *nh);
                if (!nh) {
                    json_decref(o);
                    free(hs);
                    free(text);
                    snprintf(err->msg, sizeof err->msg, "out of memory");
                    return NULL;
                }
                hs = nh;
            }
            Header *h = &hs[(*n)++];
            memset(h, 0, sizeof *h);
            h->line = line;
            json_t *c = json_object_get(o, "commit"), *s = json_object_get(o, "salt");
            if (json_is_string(c) && json_is_string(s) && json_string_length(c) < sizeof h->commit &&
                json_string_length(s) < sizeof h->salt) {
                h->has_commit = true;
                snprintf(h->commit, sizeof h->commit, "%s", json_string_value(c));
                snprintf(h->salt, sizeof h->salt, "%s", json_string_value(s));
            }
            h->has_seed = read_seed(json_object_get(o, "seed"), &h->seed) == 0;
            h->has_seed256 = json_is_string(json_object_get(o, "seed256"));
        }
        json_decref(o);
    }
    free(text);
    return hs ? hs : calloc(1, sizeof *hs);
}

/* The header of the game that starts after line `after`. */
static const Header *header_after(const Header *hs, long n, long after)
{
    for (long i = 0; i < n; i++)
        if (hs[i].line > after)
            return &hs[i];
    return NULL;
}

int ddz_commit_verify(FILE *f, FILE *out, FILE *errout, const char *fname, long *games, DdzError *err)
{
    *games = 0;
    long nh;
    Header *hs = scan_headers(f, &nh, err);
    if (!hs)
        return -1;
    if (fseek(f, 0, SEEK_SET) != 0) {
        free(hs);
        snprintf(err->msg, sizeof err->msg, "%s: cannot read it twice (not a regular file)", fname);
        return -1;
    }
    DdzRecordReader rd;
    ddz_record_reader_init(&rd, f);
    DdzGame *g = malloc(sizeof *g);
    if (!g) {
        free(hs);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    int bad = 0;
    for (;;) {
        long start = rd.line;
        DdzRecordInfo info;
        DdzError e;
        int rc = ddz_record_read(&rd, g, &info, &e);
        if (rc == 0)
            break;
        (*games)++;
        if (rc < 0) {
            fprintf(errout, "ddz: %s:%d: %s\n", fname, e.pos, e.msg);
            bad++;
            continue;
        }
        const Header *h = header_after(hs, nh, start);
        long line = h ? h->line : start + 1;
        if ((!info.has_seed && !info.has_seed256) || !h || (!h->has_seed && !h->has_seed256)) {
            fprintf(errout, "ddz: %s:%ld: the record has no seed, so its deal cannot be checked\n", fname, line);
            bad++;
            continue;
        }
        if (!h->has_commit) {
            fprintf(errout, "ddz: %s:%ld: the record has no commitment (\"commit\" and \"salt\")\n", fname, line);
            bad++;
            continue;
        }
        char want[DDZ_COMMIT_HEX], seed_text[DDZ_SEED256_HEX];
        if (info.has_seed256)
            ddz_seed256_format(info.seed256, seed_text);
        else
            snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)info.seed);
        if (ddz_commit_compute_text(seed_text, h->salt, want) != 0) {
            fprintf(errout, "ddz: %s:%ld: the salt is not 32 lower-case hex digits\n", fname, line);
            bad++;
            continue;
        }
        if (strcmp(want, h->commit)) {
            fprintf(errout, "ddz: %s:%ld: the commitment does not match: SHA-256 of seed %s and salt %s is %s, "
                            "the record says %s\n",
                    fname, line, seed_text, h->salt, want, h->commit);
            bad++;
            continue;
        }
        if (out)
            fprintf(out, "game %ld (line %ld): seed %s deals the recorded hands; commitment %.16s... matches\n",
                    info.game, line, seed_text, h->commit);
    }
    free(g);
    free(hs);
    return bad;
}
