/* The transposition table (see tt.h). */
#define _DEFAULT_SOURCE
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

int dk_tt_init(dk_tt *tt, size_t megabytes)
{
    size_t bytes = megabytes * 1024 * 1024, bucket = DK_TT_WAYS * sizeof(dk_tt_entry);
    size_t buckets = 1;
    while (buckets * 2 * bucket <= bytes)
        buckets *= 2;
    size_t size = buckets * bucket;
    tt->buckets = buckets;
    tt->dirty = 0;
    tt->mapped = 0;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (size >= (2u << 20)) { /* zeroed pages on first touch; huge pages where the system has them */
        void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
#ifdef MADV_HUGEPAGE
            madvise(p, size, MADV_HUGEPAGE); /* fewer TLB misses; only advice */
#endif
            tt->entries = p;
            tt->mapped = 1;
            return 0;
        }
    }
#endif
    tt->entries = aligned_alloc(64, size);
    if (!tt->entries) {
        tt->buckets = 0;
        return -1;
    }
    tt->dirty = 1;
    dk_tt_clear(tt);
    return 0;
}

void dk_tt_free(dk_tt *tt)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (tt->mapped) {
        munmap(tt->entries, tt->buckets * DK_TT_WAYS * sizeof(dk_tt_entry));
        tt->entries = NULL;
        tt->buckets = 0;
        return;
    }
#endif
    free(tt->entries);
    tt->entries = NULL;
    tt->buckets = 0;
}

void dk_tt_clear(dk_tt *tt)
{
    if (tt->dirty)
        memset(tt->entries, 0, tt->buckets * DK_TT_WAYS * sizeof(dk_tt_entry));
    tt->dirty = 0;
}

const dk_tt_entry *dk_tt_probe(const dk_tt *tt, uint64_t key)
{
    const dk_tt_entry *b = dk_tt_bucket(tt, key);
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < DK_TT_WAYS; i++)
        if (b[i].used && b[i].check == check)
            return &b[i];
    return NULL;
}

void dk_tt_store(dk_tt *tt, uint64_t key, int depth, int bound, int score, uint32_t move)
{
    dk_tt_entry *b = dk_tt_bucket(tt, key), *slot = NULL;
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < DK_TT_WAYS && !slot; i++)
        if (!b[i].used || b[i].check == check)
            slot = &b[i];
    if (!slot) { /* a full bucket: replace the shallowest entry */
        slot = &b[0];
        for (int i = 1; i < DK_TT_WAYS; i++)
            if (b[i].depth < slot->depth)
                slot = &b[i];
    }
    slot->check = check;
    slot->depth = (int16_t)depth;
    slot->bound = (uint8_t)bound;
    slot->score = score;
    slot->move = move;
    slot->used = 1;
    tt->dirty = 1;
}
