/* Word width 128 for the *_impl.h templates: boards of more than 64 bits (12x12, full 8x8).
 * Include first, once per translation unit (gen128.c). See kernel.h. */
#ifndef DAMIER_WIDTH_H
#define DAMIER_WIDTH_H
#include "bits.h"
#include "kernel.h"

typedef dk_u128 BB;
#define FN(name) name##128
#define DK_POS dk_pos128
#define DK_MOVE dk_move128
#define DK_TABLES dk_tables128
#define TABLES_OF(k) (&(k)->t.w128)
#define BB_BITS 128

static inline int bb_popcount(BB x) { return popcount64((uint64_t)x) + popcount64((uint64_t)(x >> 64)); }
static inline int bb_ctz(BB x) /* x != 0 */
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline BB bb_lowbit(BB x) { return x & (~x + 1); }
static inline BB bb_highbit(BB x) /* x != 0 */
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? (BB)1 << (127 - __builtin_clzll(hi)) : (BB)1 << (63 - __builtin_clzll((uint64_t)x));
}
static inline BB bb_bit(int n) { return (BB)1 << n; }
#endif
