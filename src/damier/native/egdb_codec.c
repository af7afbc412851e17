/* Endgame databases: the compressed form of a table (see egdb.h), and reading one code.
 *
 * A table is cut into blocks of `block_len` indices; block b is found through an offset table
 * and decoded from its start until the index asked for. Inside a block the codes are runs,
 * one token each: a byte T whose low four bits name the code (0-14: the file's fifteen most
 * frequent codes, 15: the code is the next byte) and whose high four bits give the run's
 * length (0-14: length 1-15, 15: a base-128 varint follows holding length - 16, low bits
 * first). On International's tables of up to four pieces this is 1.9 times smaller than a
 * byte and a varint per run (6.6 MB instead of 12.3 MB). Where any value will do
 * (DK_EGDB_DONT_CARE) the encoder continues the current run (or starts the block with the
 * block's first real code), which makes runs long.
 *
 * Layout: "DKEG" | u32 block_len | u64 size | u64 n_blocks | 16 bytes: the codes of symbols
 * 0-14 and the format's version (1) | (n_blocks + 1) u64 offsets (from the start of the data) | data; every
 * integer little-endian.
 * No Python here. */
#include <stdio.h>
#include <string.h>

#include "egdb.h"

#define HEADER 40
#define SYMBOLS 15
#define ESCAPE 15
#define LONG_RUN 15
#define VERSION 1

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

static void put_u64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++, x >>= 8)
        p[i] = (uint8_t)x;
}

uint64_t dk_egdb_encode_bound(uint64_t size, uint32_t block_len)
{
    uint64_t blocks = block_len ? (size + block_len - 1) / block_len : 0;
    return HEADER + (blocks + 1) * 8 + size * 2 + blocks * 12;
}

/* The fifteen most frequent real codes, most frequent first (ties: the smaller code). */
static void symbol_table(const uint8_t *raw, uint64_t size, uint8_t *codes)
{
    uint64_t freq[256] = {0};
    for (uint64_t i = 0; i < size; i++)
        freq[raw[i]]++;
    freq[DK_EGDB_DONT_CARE] = 0;
    for (int s = 0; s < SYMBOLS; s++) {
        int best = 0;
        for (int c = 1; c < 256; c++)
            if (freq[c] > freq[best])
                best = c;
        codes[s] = (uint8_t)best;
        freq[best] = 0;
    }
}

static uint8_t *put_run(uint8_t *p, const int *symbol_of, uint8_t code, uint64_t length)
{
    int sym = symbol_of[code] < 0 ? ESCAPE : symbol_of[code];
    int run = length > LONG_RUN ? LONG_RUN : (int)length - 1;
    *p++ = (uint8_t)(run << 4 | sym);
    if (sym == ESCAPE)
        *p++ = code;
    if (run == LONG_RUN) {
        uint64_t x = length - (LONG_RUN + 1);
        while (x >= 0x80) {
            *p++ = (uint8_t)(x | 0x80);
            x >>= 7;
        }
        *p++ = (uint8_t)x;
    }
    return p;
}

static uint8_t *encode_block(const uint8_t *raw, uint64_t from, uint64_t to, const int *symbol_of, uint8_t *p)
{
    uint8_t code = 0;
    for (uint64_t i = from; i < to; i++)
        if (raw[i] != DK_EGDB_DONT_CARE) {
            code = raw[i];
            break;
        }
    uint64_t run = 0;
    for (uint64_t i = from; i < to; i++) {
        if (raw[i] == DK_EGDB_DONT_CARE || raw[i] == code) {
            run++;
            continue;
        }
        p = put_run(p, symbol_of, code, run);
        code = raw[i];
        run = 1;
    }
    return put_run(p, symbol_of, code, run);
}

uint64_t dk_egdb_encode(const uint8_t *raw, uint64_t size, uint32_t block_len, uint8_t *out, uint64_t capacity)
{
    if (!block_len || capacity < dk_egdb_encode_bound(size, block_len))
        return 0;
    uint64_t n_blocks = (size + block_len - 1) / block_len;
    uint8_t codes[SYMBOLS];
    int symbol_of[256];
    symbol_table(raw, size, codes);
    for (int c = 0; c < 256; c++)
        symbol_of[c] = -1;
    for (int s = SYMBOLS - 1; s >= 0; s--)
        symbol_of[codes[s]] = s;
    memset(out, 0, HEADER);
    memcpy(out, "DKEG", 4);
    for (int i = 0; i < 4; i++)
        out[4 + i] = (uint8_t)(block_len >> (8 * i));
    put_u64(out + 8, size);
    put_u64(out + 16, n_blocks);
    memcpy(out + 24, codes, SYMBOLS);
    out[24 + SYMBOLS] = VERSION;
    uint8_t *offsets = out + HEADER, *data = offsets + (n_blocks + 1) * 8, *p = data;
    for (uint64_t b = 0; b < n_blocks; b++) {
        put_u64(offsets + 8 * b, (uint64_t)(p - data));
        uint64_t to = (b + 1) * block_len < size ? (b + 1) * block_len : size;
        p = encode_block(raw, b * block_len, to, symbol_of, p);
    }
    put_u64(offsets + 8 * n_blocks, (uint64_t)(p - data));
    return (uint64_t)(p - out);
}

/* One token at p (before end): its code and length; the next token, or NULL if damaged. */
static const uint8_t *token(const dk_egdb_table *t, const uint8_t *p, const uint8_t *end, int *code,
                            uint64_t *length)
{
    if (p >= end)
        return NULL;
    int sym = *p & 15, run = *p++ >> 4;
    if (sym == ESCAPE) {
        if (p >= end)
            return NULL;
        *code = *p++;
    } else {
        *code = t->symbols[sym];
    }
    if (run < LONG_RUN) {
        *length = (uint64_t)run + 1;
        return p;
    }
    uint64_t x = 0;
    for (int shift = 0;; shift += 7) {
        if (p >= end || shift > 56)
            return NULL;
        x |= (uint64_t)(*p & 0x7F) << shift;
        if (!(*p++ & 0x80))
            break;
    }
    *length = x + LONG_RUN + 1;
    return p;
}

static int fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    return -1;
}

int dk_egdb_table_check(dk_egdb_table *t, char *err, size_t errlen)
{
    if (t->blob_size < HEADER || memcmp(t->blob, "DKEG", 4) != 0)
        return fail(err, errlen, "not a compressed endgame table");
    if (t->blob[24 + SYMBOLS] != VERSION)
        return fail(err, errlen, "a table of another format version");
    t->block_len = (uint32_t)t->blob[4] | (uint32_t)t->blob[5] << 8 | (uint32_t)t->blob[6] << 16
                   | (uint32_t)t->blob[7] << 24;
    uint64_t size = get_u64(t->blob + 8), n_blocks = get_u64(t->blob + 16);
    if (size != t->size)
        return fail(err, errlen, "the table's size is not its configuration's");
    if (!t->block_len || n_blocks != (size + t->block_len - 1) / t->block_len
        || n_blocks + 1 > (t->blob_size - HEADER) / 8)
        return fail(err, errlen, "a damaged block table");
    memcpy(t->symbols, t->blob + 24, SYMBOLS);
    t->n_blocks = n_blocks;
    t->blocks = t->blob + HEADER;
    t->data = t->blocks + (n_blocks + 1) * 8;
    uint64_t data_size = t->blob_size - HEADER - (n_blocks + 1) * 8, previous = 0;
    for (uint64_t b = 0; b <= n_blocks; b++) {
        uint64_t offset = get_u64(t->blocks + 8 * b);
        if (offset < previous || offset > data_size)
            return fail(err, errlen, "a damaged block table");
        previous = offset;
    }
    /* every block decodes to exactly its length inside its bytes, with codes a table holds */
    for (uint64_t b = 0; b < n_blocks; b++) {
        const uint8_t *p = t->data + get_u64(t->blocks + 8 * b), *end = t->data + get_u64(t->blocks + 8 * b + 8);
        uint64_t want = b + 1 < n_blocks ? t->block_len : size - b * t->block_len, got = 0, length;
        int code;
        while (p < end) {
            p = token(t, p, end, &code, &length);
            if (!p || code > DK_EGDB_MAX_PLIES + 1 || length > want - got)
                return fail(err, errlen, "a damaged block");
            got += length;
        }
        if (got != want)
            return fail(err, errlen, "a damaged block");
    }
    return 0;
}

int dk_egdb_table_code(const dk_egdb_table *t, uint64_t index)
{
    if (t->raw)
        return t->raw[index];
    uint64_t b = index / t->block_len, left = index % t->block_len, length;
    const uint8_t *p = t->data + get_u64(t->blocks + 8 * b), *end = t->data + get_u64(t->blocks + 8 * b + 8);
    int code = 0;
    while ((p = token(t, p, end, &code, &length)) != NULL && left >= length)
        left -= length;
    return code;
}

void dk_egdb_table_decode(const dk_egdb_table *t, uint8_t *out)
{
    if (t->raw) {
        memcpy(out, t->raw, t->size);
        return;
    }
    for (uint64_t b = 0; b < t->n_blocks; b++) {
        const uint8_t *p = t->data + get_u64(t->blocks + 8 * b), *end = t->data + get_u64(t->blocks + 8 * b + 8);
        uint64_t i = b * t->block_len, length;
        int code;
        while ((p = token(t, p, end, &code, &length)) != NULL) {
            memset(out + i, code, length);
            i += length;
        }
    }
}
