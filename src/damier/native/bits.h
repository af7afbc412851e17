/* Bit counting shared by the word widths (width64.h, width128.h). */
#ifndef DAMIER_BITS_H
#define DAMIER_BITS_H
#include <stdint.h>

/* The instruction where the compiler may use it (-mpopcnt, -march=...), else a few shifts
 * and adds: the libgcc call it replaces cost 6% of International perft (callgrind). */
static inline int popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
#endif
