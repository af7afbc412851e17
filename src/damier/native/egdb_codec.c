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
 * Version 2 then codes those token bytes with one Huffman code per table (canonical, at most
 * DK_EGDB_HUFFMAN_BITS bits, read least significant bit first; each block starts on a byte):
 * 1.6 times smaller again on International's tables of up to four pieces (6.7 MB in version 1
 * with blocks of 4096, 4.1 MB in version 2 with blocks of 2048, which a probe decodes as fast:
 * one table look-up a byte). Version 1 files (token bytes as they are) are still read.
 *
 * Layout: "DKEG" | u32 block_len | u64 size | u64 n_blocks | 16 bytes: the codes of symbols
 * 0-14 and the format's version (1 or 2) | version 2 only: 128 bytes, the code length of
 * each byte value (4 bits, the even value in the low half) | (n_blocks + 1) u64 offsets (from
 * the start of the data) | data; every integer little-endian.
 * No Python here. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "egdb.h"

#define HEADER 40
#define SYMBOLS 15
#define ESCAPE 15
#define LONG_RUN 15
#define VERSION 2
#define LENGTHS 128              /* version 2: the code lengths of the 256 byte values */
#define MAX_BITS DK_EGDB_HUFFMAN_BITS

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
    return HEADER + LENGTHS + (blocks + 1) * 8 + size * 3 + blocks * 20;
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

/* Huffman code lengths (at most MAX_BITS) of the byte values counted in freq, by the two-queue
 * method on the values sorted by (count, value), leaves first on equal weights; counts are
 * halved until the longest code fits. codec.py's huffman_lengths is the same algorithm (the
 * two encoders must agree byte for byte). */
static void huffman_lengths(const uint64_t *freq_in, uint8_t *length)
{
    uint64_t freq[256], weight[512];
    int order[256], parent[512], n = 0;
    memcpy(freq, freq_in, sizeof freq);
    for (;;) {
        n = 0;
        for (int v = 0; v < 256; v++)
            if (freq[v])
                order[n++] = v;
        memset(length, 0, 256);
        if (n == 0)
            return;
        if (n == 1) {
            length[order[0]] = 1;
            return;
        }
        for (int a = 1; a < n; a++)      /* insertion sort by (count, value): n <= 256 */
            for (int b = a; b > 0 && freq[order[b - 1]] > freq[order[b]]; b--) {
                int x = order[b];
                order[b] = order[b - 1];
                order[b - 1] = x;
            }
        for (int a = 0; a < n; a++)
            weight[a] = freq[order[a]];
        int leaf = 0, inner = n, made = n;
        for (int k = 0; k < n - 1; k++) {
            int pick[2];
            for (int q = 0; q < 2; q++) {
                if (leaf < n && (inner >= made || weight[leaf] <= weight[inner]))
                    pick[q] = leaf++;
                else
                    pick[q] = inner++;
            }
            weight[made] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made++;
        }
        int depth[512], longest = 0;
        depth[made - 1] = 0;
        for (int a = made - 2; a >= 0; a--) {
            depth[a] = depth[parent[a]] + 1;
            if (a < n && depth[a] > longest)
                longest = depth[a];
        }
        if (longest <= MAX_BITS) {
            for (int a = 0; a < n; a++)
                length[order[a]] = (uint8_t)depth[a];
            return;
        }
        for (int v = 0; v < 256; v++)
            if (freq[v])
                freq[v] = (freq[v] + 1) / 2;
    }
}

/* Canonical codes of the lengths, bit-reversed for reading least significant bit first. */
static void canonical_codes(const uint8_t *length, uint16_t *code)
{
    int next = 0;
    for (int len = 1; len <= MAX_BITS; len++) {
        for (int v = 0; v < 256; v++) {
            if (length[v] != len)
                continue;
            uint16_t r = 0;
            for (int b = 0; b < len; b++)
                r = (uint16_t)(r | ((next >> b) & 1) << (len - 1 - b));
            code[v] = r;
            next++;
        }
        next <<= 1;
    }
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
    /* the token bytes of every block first (version 1's data), then their Huffman code */
    uint8_t *tokens = malloc(size * 2 + n_blocks * 12 + 1);
    uint64_t *ends = malloc((n_blocks + 1) * sizeof *ends);
    if (!tokens || !ends) {
        free(tokens);
        free(ends);
        return 0;
    }
    uint8_t *p = tokens;
    uint64_t freq[256] = {0};
    for (uint64_t b = 0; b < n_blocks; b++) {
        uint64_t to = (b + 1) * block_len < size ? (b + 1) * block_len : size;
        p = encode_block(raw, b * block_len, to, symbol_of, p);
        ends[b] = (uint64_t)(p - tokens);
    }
    for (uint8_t *q = tokens; q < p; q++)
        freq[*q]++;
    uint8_t length[256];
    uint16_t code[256] = {0};
    huffman_lengths(freq, length);
    canonical_codes(length, code);
    memset(out, 0, HEADER + LENGTHS);
    memcpy(out, "DKEG", 4);
    for (int i = 0; i < 4; i++)
        out[4 + i] = (uint8_t)(block_len >> (8 * i));
    put_u64(out + 8, size);
    put_u64(out + 16, n_blocks);
    memcpy(out + 24, codes, SYMBOLS);
    out[24 + SYMBOLS] = VERSION;
    for (int v = 0; v < 256; v++)
        out[HEADER + v / 2] |= (uint8_t)(length[v] << (4 * (v & 1)));
    uint8_t *offsets = out + HEADER + LENGTHS, *data = offsets + (n_blocks + 1) * 8, *w = data;
    uint64_t from = 0;
    for (uint64_t b = 0; b < n_blocks; b++) {
        put_u64(offsets + 8 * b, (uint64_t)(w - data));
        uint64_t bits = 0;
        int nbits = 0;
        for (uint64_t q = from; q < ends[b]; q++) {
            bits |= (uint64_t)code[tokens[q]] << nbits;
            nbits += length[tokens[q]];
            while (nbits >= 8) {
                *w++ = (uint8_t)bits;
                bits >>= 8;
                nbits -= 8;
            }
        }
        if (nbits)
            *w++ = (uint8_t)bits;
        from = ends[b];
    }
    put_u64(offsets + 8 * n_blocks, (uint64_t)(w - data));
    free(tokens);
    free(ends);
    return (uint64_t)(w - out);
}

/* The bytes of a block: as they are (version 1), or decoded from its Huffman code. */
typedef struct reader {
    const dk_egdb_table *t;
    const uint8_t *p, *end;
    uint64_t bits;
    int nbits;
} reader;

static void reader_at(reader *r, const dk_egdb_table *t, uint64_t b)
{
    r->t = t;
    r->p = t->data + get_u64(t->blocks + 8 * b);
    r->end = t->data + get_u64(t->blocks + 8 * b + 8);
    r->bits = 0;
    r->nbits = 0;
}

/* The next byte, or -1 past the end of the block. */
static int next_byte(reader *r)
{
    if (r->t->version == 1)
        return r->p < r->end ? *r->p++ : -1;
    while (r->nbits <= 56 && r->p < r->end) {
        r->bits |= (uint64_t)*r->p++ << r->nbits;
        r->nbits += 8;
    }
    if (r->nbits == 0)
        return -1;
    uint16_t e = r->t->lut[r->bits & ((1u << MAX_BITS) - 1)];
    int len = e & 15;
    if (len == 0 || len > r->nbits)
        return -1;
    r->bits >>= len;
    r->nbits -= len;
    return e >> 4;
}

/* The decoding table of the code lengths in the header: 0, or -1 if they are no prefix code. */
static int build_lut(dk_egdb_table *t, const uint8_t *lengths)
{
    uint8_t length[256];
    uint16_t code[256] = {0};
    uint32_t kraft = 0;
    for (int v = 0; v < 256; v++) {
        length[v] = (uint8_t)(lengths[v / 2] >> (4 * (v & 1)) & 15);
        if (length[v] > MAX_BITS)
            return -1;
        if (length[v])
            kraft += 1u << (MAX_BITS - length[v]);
    }
    if (kraft > 1u << MAX_BITS)
        return -1;
    canonical_codes(length, code);
    memset(t->lut, 0, sizeof t->lut);
    for (int v = 0; v < 256; v++)
        for (uint32_t x = code[v]; length[v] && x < 1u << MAX_BITS; x += 1u << length[v])
            t->lut[x] = (uint16_t)(v << 4 | length[v]);
    return 0;
}

/* The next token of a block: its code and length; 0, or -1 if the block is damaged. */
static int token(reader *r, int *code, uint64_t *length)
{
    int byte = next_byte(r);
    if (byte < 0)
        return -1;
    int sym = byte & 15, run = byte >> 4;
    if (sym == ESCAPE) {
        if ((*code = next_byte(r)) < 0)
            return -1;
    } else {
        *code = r->t->symbols[sym];
    }
    if (run < LONG_RUN) {
        *length = (uint64_t)run + 1;
        return 0;
    }
    uint64_t x = 0;
    for (int shift = 0;; shift += 7) {
        int b = next_byte(r);
        if (b < 0 || shift > 56)
            return -1;
        x |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80))
            break;
    }
    *length = x + LONG_RUN + 1;
    return 0;
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
    t->version = t->blob[24 + SYMBOLS];
    if (t->version != 1 && t->version != 2)
        return fail(err, errlen, "a table of another format version");
    uint64_t header = HEADER + (t->version == 2 ? LENGTHS : 0);
    if (t->blob_size < header)
        return fail(err, errlen, "not a compressed endgame table");
    if (t->version == 2 && build_lut(t, t->blob + HEADER) < 0)
        return fail(err, errlen, "a damaged Huffman code");
    t->block_len = (uint32_t)t->blob[4] | (uint32_t)t->blob[5] << 8 | (uint32_t)t->blob[6] << 16
                   | (uint32_t)t->blob[7] << 24;
    uint64_t size = get_u64(t->blob + 8), n_blocks = get_u64(t->blob + 16);
    if (size != t->size)
        return fail(err, errlen, "the table's size is not its configuration's");
    if (!t->block_len || n_blocks != (size + t->block_len - 1) / t->block_len
        || n_blocks + 1 > (t->blob_size - header) / 8)
        return fail(err, errlen, "a damaged block table");
    memcpy(t->symbols, t->blob + 24, SYMBOLS);
    t->n_blocks = n_blocks;
    t->blocks = t->blob + header;
    t->data = t->blocks + (n_blocks + 1) * 8;
    uint64_t data_size = t->blob_size - header - (n_blocks + 1) * 8, previous = 0;
    for (uint64_t b = 0; b <= n_blocks; b++) {
        uint64_t offset = get_u64(t->blocks + 8 * b);
        if (offset < previous || offset > data_size)
            return fail(err, errlen, "a damaged block table");
        previous = offset;
    }
    /* every block decodes to exactly its length inside its bytes, with codes a table holds */
    for (uint64_t b = 0; b < n_blocks; b++) {
        reader r;
        reader_at(&r, t, b);
        uint64_t want = b + 1 < n_blocks ? t->block_len : size - b * t->block_len, got = 0, length;
        int code;
        while (got < want) {
            if (token(&r, &code, &length) < 0 || code > DK_EGDB_MAX_PLIES + 1 || length > want - got)
                return fail(err, errlen, "a damaged block");
            got += length;
        }
        if (t->version == 1 && r.p != r.end)
            return fail(err, errlen, "a damaged block");
    }
    return 0;
}

int dk_egdb_table_code(const dk_egdb_table *t, uint64_t index)
{
    if (t->raw)
        return t->raw[index];
    uint64_t b = index / t->block_len, left = index % t->block_len, length;
    reader r;
    reader_at(&r, t, b);
    int code = 0;
    while (token(&r, &code, &length) == 0 && left >= length)
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
        reader r;
        reader_at(&r, t, b);
        uint64_t i = b * t->block_len, end = b + 1 < t->n_blocks ? i + t->block_len : t->size, length;
        int code;
        while (i < end && token(&r, &code, &length) == 0) {
            memset(out + i, code, length);
            i += length;
        }
    }
}
