/* damier native kernel: the transposition table (owner: native-search).
 *
 * What this header owns: a table of search results keyed by 64-bit Zobrist keys, in buckets
 * of four 16-byte entries (one 64-byte cache line: the search prefetches the bucket of a child
 * before it gets there), replacing the shallowest entry of a full bucket. The low bits of a
 * key choose the bucket and its high 32 bits are kept to tell keys apart. The best move is kept
 * as its place in the position's move list + 1 (the generator's order is deterministic), so it
 * is found again exactly. Scores of wins are stored relative to the node (the search
 * converts). No Python, no global state.
 */
#ifndef DAMIER_TT_H
#define DAMIER_TT_H

#include <stddef.h>
#include <stdint.h>

enum dk_bound { DK_EXACT = 0, DK_LOWER = 1, DK_UPPER = 2 };

typedef struct dk_tt_entry {
    uint32_t check;  /* the high 32 bits of the key */
    int32_t score;
    uint32_t move;   /* the best move's place in the move list + 1, 0 for none */
    int16_t depth;
    uint8_t bound;   /* enum dk_bound */
    uint8_t used;
} dk_tt_entry;

#define DK_TT_WAYS 4

typedef struct dk_tt {
    dk_tt_entry *entries;  /* 64-byte aligned */
    size_t buckets;        /* a power of two */
    int mapped;            /* entries come from mmap (else aligned_alloc) */
    int dirty;             /* something was stored since the last clear */
} dk_tt;

/* A table of at most `megabytes` MB (at least one bucket); 0 on success, -1 out of memory. */
int dk_tt_init(dk_tt *tt, size_t megabytes);
void dk_tt_free(dk_tt *tt);
void dk_tt_clear(dk_tt *tt);
/* The entry of `key`, or NULL. */
const dk_tt_entry *dk_tt_probe(const dk_tt *tt, uint64_t key);
void dk_tt_store(dk_tt *tt, uint64_t key, int depth, int bound, int score, uint32_t move);

static inline dk_tt_entry *dk_tt_bucket(const dk_tt *tt, uint64_t key)
{
    return tt->entries + (size_t)(key & (tt->buckets - 1)) * DK_TT_WAYS;
}

/* Start loading the bucket of `key` into the cache. */
static inline void dk_tt_prefetch(const dk_tt *tt, uint64_t key)
{
    __builtin_prefetch(dk_tt_bucket(tt, key));
}

#endif
