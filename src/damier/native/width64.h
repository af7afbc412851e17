/* Word width 64 for the *_impl.h templates: boards whose squares fit in 64 bits (8x8, 10x10).
 * Include first, once per translation unit (gen64.c). See kernel.h. */
#ifndef DAMIER_WIDTH_H
#define DAMIER_WIDTH_H
#include "bits.h"
#include "kernel.h"

typedef uint64_t BB;
#define FN(name) name##64
#define DK_POS dk_pos64
#define DK_MOVE dk_move64
#define DK_TABLES dk_tables64
#define TABLES_OF(k) (&(k)->t.w64)
#define BB_BITS 64

static inline int bb_popcount(BB x) { return popcount64(x); }
static inline int bb_ctz(BB x) { return __builtin_ctzll(x); }            /* x != 0 */
static inline BB bb_lowbit(BB x) { return x & (~x + 1); }
static inline BB bb_highbit(BB x) { return (BB)1 << (63 - __builtin_clzll(x)); } /* x != 0 */
static inline BB bb_bit(int n) { return (BB)1 << n; }
#endif
