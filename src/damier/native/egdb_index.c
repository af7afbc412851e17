/* Endgame databases: the index of a position in its configuration's table (see egdb.h).
 * No Python here. */
#include <stdio.h>
#include <string.h>

#include "egdb.h"

/* Reverse the low `width` bits of x (the half turn of the board: the layout puts square
 * S - 1 - s at bit width - 1 - bit(s), checked by dk_egdb_geometry_init). */
static uint64_t reverse_bits(uint64_t x, int width)
{
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
    x = __builtin_bswap64(x);
    return x >> (64 - width);
}

static int fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    return -1;
}

/* Whether direction list b is list a turned half a circle (each direction reversed). */
static int mirrored(const dk_kernel *k, const int *a, int na, const int *b, int nb)
{
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int j = 0; j < nb; j++)
            found |= b[j] == k->reverse[a[i]];
        if (!found)
            return 0;
    }
    return 1;
}

static int symmetric(const dk_kernel *k, int width)
{
    const dk_rules *r = &k->rules;
    for (int s = 0; s < k->squares; s++)
        if (k->bit_of[k->squares - 1 - s] != width - 1 - k->bit_of[s])
            return 0;
    return mirrored(k, r->man_steps[0], r->n_man_steps[0], r->man_steps[1], r->n_man_steps[1])
        && mirrored(k, r->man_captures[0], r->n_man_captures[0], r->man_captures[1], r->n_man_captures[1])
        && mirrored(k, r->king_steps, r->n_king_steps, r->king_steps, r->n_king_steps)
        && reverse_bits(k->t.w64.promo[0], width) == k->t.w64.promo[1];
}

int dk_egdb_geometry_init(dk_egdb_geometry *g, const dk_kernel *k, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (k->wide)
        return fail(err, errlen, "endgame databases need a board of at most 64 bits");
    if (k->rules.huffing || k->rules.king_move_limit)
        return fail(err, errlen, "endgame databases need rules without state (no huffing, no king-move limit)");
    if (k->squares > 64 - 1)
        return fail(err, errlen, "too many squares for the endgame index");
    g->squares = k->squares;
    g->flip_width = k->bit_of[k->squares - 1] + 1;
    if (!symmetric(k, g->flip_width))
        return fail(err, errlen, "the rules do not look the same to both colours after a half turn");
    for (int c = 0; c < 2; c++) {
        memset(g->place_of[c], -1, sizeof g->place_of[c]);
        for (int s = 0; s < k->squares; s++)
            if (!(k->t.w64.promo[c] & k->t.w64.mask[s])) {
                g->place_of[c][s] = (int8_t)g->men_places[c];
                g->square_of_place[c][g->men_places[c]++] = (int8_t)s;
            }
    }
    for (int n = 0; n <= DK_MAX_SQUARES; n++) {
        g->binomial[n][0] = 1;
        for (int j = 1; j <= DK_EGDB_MAX_PIECES; j++)
            g->binomial[n][j] = n == 0 ? 0 : g->binomial[n - 1][j - 1] + g->binomial[n - 1][j];
    }
    return 0;
}

uint64_t dk_egdb_size(const dk_egdb_geometry *g, dk_egdb_config c)
{
    int men = c.wm + c.bm, s = g->squares;
    if (c.wm < 0 || c.wk < 0 || c.bm < 0 || c.bk < 0 || c.wm + c.wk + c.bm + c.bk > DK_EGDB_MAX_PIECES
        || c.wm > 7 || c.wk > 7 || c.bm > 7 || c.bk > 7 || men + c.wk + c.bk > s)
        return 0;
    return g->binomial[g->men_places[0]][c.wm] * g->binomial[g->men_places[1]][c.bm]
        * g->binomial[s - men][c.wk] * g->binomial[s - men - c.wk][c.bk];
}

void dk_egdb_turned(const dk_egdb_geometry *g, const dk_pos64 *p, dk_pos64 *out)
{
    uint64_t white = p->white;
    out->white = reverse_bits(p->black, g->flip_width);
    out->black = reverse_bits(white, g->flip_width);
    out->kings = reverse_bits(p->kings, g->flip_width);
    out->aux = 0;
    out->turn = !p->turn;
}

void dk_egdb_normal(const dk_egdb_geometry *g, const dk_pos64 *p, dk_pos64 *out)
{
    if (p->turn == 0) {
        *out = *p;
        out->aux = 0;
    } else {
        dk_egdb_turned(g, p, out);
    }
}

dk_egdb_config dk_egdb_config_of(const dk_pos64 *p)
{
    dk_egdb_config c = {
        __builtin_popcountll(p->white & ~p->kings), __builtin_popcountll(p->white & p->kings),
        __builtin_popcountll(p->black & ~p->kings), __builtin_popcountll(p->black & p->kings),
    };
    return c;
}

/* The squares of the pieces of `bb` in increasing order; their number. */
static int squares_of(const dk_kernel *k, uint64_t bb, int *out)
{
    int n = 0;
    while (bb) {
        out[n++] = k->square_of[__builtin_ctzll(bb)];
        bb &= bb - 1;
    }
    return n;
}

/* Colex rank of the sorted places a[0 .. n). */
static uint64_t rank(const dk_egdb_geometry *g, const int *a, int n)
{
    uint64_t r = 0;
    for (int j = 0; j < n; j++)
        r += g->binomial[a[j]][j + 1];
    return r;
}

/* The places (0-based, increasing) of the colex rank r of n places among `places`. */
static void unrank(const dk_egdb_geometry *g, uint64_t r, int n, int places, int *out)
{
    int a = places - 1;
    for (int j = n; j >= 2; j--) {
        /* the largest a with C(a, j) <= r, by bisection of [j - 1, a] (C grows with a) */
        int lo = j - 1, hi = a;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (g->binomial[mid][j] <= r)
                lo = mid;
            else
                hi = mid - 1;
        }
        out[j - 1] = lo;
        r -= g->binomial[lo][j];
        a = lo - 1;
    }
    if (n >= 1)
        out[0] = (int)r;     /* C(a, 1) = a */
}

/* Places of the kings among the squares not in `taken` (a mask of squares). */
static void free_places(const int *squares, int n, uint64_t taken, int *out)
{
    for (int j = 0; j < n; j++)
        out[j] = squares[j] - __builtin_popcountll(taken & ((1ull << squares[j]) - 1));
}

uint64_t dk_egdb_index(const dk_egdb *db, const dk_pos64 *p)
{
    const dk_egdb_geometry *g = &db->g;
    const dk_kernel *k = db->k;
    int wm[DK_EGDB_MAX_PIECES], wk[DK_EGDB_MAX_PIECES], bm[DK_EGDB_MAX_PIECES], bk[DK_EGDB_MAX_PIECES];
    int places[DK_EGDB_MAX_PIECES];
    int nwm = squares_of(k, p->white & ~p->kings, wm), nwk = squares_of(k, p->white & p->kings, wk);
    int nbm = squares_of(k, p->black & ~p->kings, bm), nbk = squares_of(k, p->black & p->kings, bk);
    uint64_t men = 0;
    for (int j = 0; j < nwm; j++) {
        men |= 1ull << wm[j];
        places[j] = g->place_of[0][wm[j]];
    }
    uint64_t index = rank(g, places, nwm);
    for (int j = 0; j < nbm; j++) {
        men |= 1ull << bm[j];
        places[j] = g->place_of[1][bm[j]];
    }
    index = index * g->binomial[g->men_places[1]][nbm] + rank(g, places, nbm);
    int s = g->squares - nwm - nbm;
    free_places(wk, nwk, men, places);
    index = index * g->binomial[s][nwk] + rank(g, places, nwk);
    uint64_t taken = men;
    for (int j = 0; j < nwk; j++)
        taken |= 1ull << wk[j];
    free_places(bk, nbk, taken, places);
    return index * g->binomial[s - nwk][nbk] + rank(g, places, nbk);
}

/* The squares not in `taken` at the given places (increasing). */
static void squares_at(const int *places, int n, uint64_t taken, int *out)
{
    /* the place-th free square: start at the place, step over each taken square up to it
     * (a few pieces, rather than every square below) */
    for (int j = 0; j < n; j++) {
        int sq = places[j];
        for (uint64_t t = taken; t; t &= t - 1) {
            if (__builtin_ctzll(t) <= sq)
                sq++;
            else
                break;
        }
        out[j] = sq;
    }
}

int dk_egdb_position(const dk_egdb *db, dk_egdb_config c, uint64_t index, dk_pos64 *out)
{
    const dk_egdb_geometry *g = &db->g;
    const dk_kernel *k = db->k;
    int s = g->squares - c.wm - c.bm;
    uint64_t nbk = g->binomial[s - c.wk][c.bk], nwk = g->binomial[s][c.wk];
    uint64_t nbm = g->binomial[g->men_places[1]][c.bm];
    uint64_t rbk = index % nbk, rwk = index / nbk % nwk, men = index / nbk / nwk;
    uint64_t rbm = men % nbm, rwm = men / nbm;
    int places[DK_EGDB_MAX_PIECES], sq[DK_EGDB_MAX_PIECES];
    uint64_t taken = 0;
    memset(out, 0, sizeof *out);
    unrank(g, rwm, c.wm, g->men_places[0], places);
    for (int j = 0; j < c.wm; j++) {
        int square = g->square_of_place[0][places[j]];
        taken |= 1ull << square;
        out->white |= k->t.w64.mask[square];
    }
    unrank(g, rbm, c.bm, g->men_places[1], places);
    for (int j = 0; j < c.bm; j++) {
        int square = g->square_of_place[1][places[j]];
        if (taken >> square & 1)
            return -1;
        taken |= 1ull << square;
        out->black |= k->t.w64.mask[square];
    }
    unrank(g, rwk, c.wk, s, places);
    squares_at(places, c.wk, taken, sq);
    for (int j = 0; j < c.wk; j++) {
        out->white |= k->t.w64.mask[sq[j]];
        out->kings |= k->t.w64.mask[sq[j]];
    }
    for (int j = 0; j < c.wk; j++)
        taken |= 1ull << sq[j];
    unrank(g, rbk, c.bk, s - c.wk, places);
    squares_at(places, c.bk, taken, sq);
    for (int j = 0; j < c.bk; j++) {
        out->black |= k->t.w64.mask[sq[j]];
        out->kings |= k->t.w64.mask[sq[j]];
    }
    return 0;
}
