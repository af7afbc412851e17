/* The width-independent part of the evaluation: weights -> tables (see eval.h).
 *
 * Owns: the men's value tables, the pattern windows (their squares, index tables and the
 * half-turn partners' weights, as damier/engine/patterns.py defines them), the PTW1 file
 * format, the shifts of the mobility and support terms. The bitboard masks and the evaluation
 * itself are in eval_impl.h, compiled once per word width. No Python here.
 */
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dk_eval_coords(const dk_kernel *k, int i, int *row, int *col)
{
    int n = k->size;
    if (k->rules.full_board) {
        *row = i / n;
        *col = i % n;
    } else {
        int h = n / 2;
        *row = i / h;
        *col = 2 * (i % h) + (*row % 2 == 0 ? 1 : 0);
    }
}

/* Material, advancement, centre, flank and (with `guard`) the back-rank guard of a man of
 * `color` on square i (evalterms.men_values). */
static int man_value(const dk_eval *e, int color, int guard, int i)
{
    const dk_weights *w = &e->w;
    int n = e->k->size, r, c;
    dk_eval_coords(e->k, i, &r, &c);
    int rows = color == 0 ? n - 1 - r : r;
    int v = w->man + w->advance[rows < w->n_advance ? rows : w->n_advance - 1];
    /* size/4 - 1/2 <= c <= 3*size/4 - 1/2, in integers */
    if (4 * c >= n - 2 && 4 * c <= 3 * n - 2 && 4 * r >= n - 2 && 4 * r <= 3 * n - 2)
        v += w->centre;
    if (c == 0 || c == n - 1)
        v += w->edge;
    if (guard && r == (color == 0 ? n - 1 : 0))
        v += w->back_guard;
    return v;
}

static void men_tables(dk_eval *e)
{
    const dk_kernel *k = e->k;
    int value[DK_MAX_SQUARES * 2 + 16];
    e->chunks = (k->bits + 7) / 8;
    for (int color = 0; color < 2; color++)
        for (int guard = 0; guard < 2; guard++) {
            memset(value, 0, sizeof value);
            for (int i = 0; i < k->squares; i++)
                value[k->bit_of[i]] = man_value(e, color, guard, i);
            for (int j = 0; j < e->chunks; j++) {
                int32_t *table = e->men[color][guard][j];
                table[0] = 0;
                for (int v = 1; v < 256; v++) {
                    int low = __builtin_ctz((unsigned)v);
                    table[v] = table[v & (v - 1)] + value[8 * j + low];
                }
            }
        }
}

/* The shifts of the men's steps (mobility) and of the squares behind them (support). */
static void shifts(dk_eval *e)
{
    const dk_kernel *k = e->k;
    static const int behind[2][2] = {{2, 3}, {0, 1}}; /* down-left/right; up-left/right */
    for (int color = 0; color < 2; color++) {
        e->n_steps[color] = k->rules.n_man_steps[color];
        for (int j = 0; j < e->n_steps[color]; j++)
            e->step_shift[color][j] = k->shift[k->rules.man_steps[color][j]];
        for (int j = 0; j < 2; j++)
            e->behind_shift[color][j] = -k->shift[behind[color][j]];
    }
}

/* ---- pattern windows (patterns.py) ----------------------------------------------------- */

typedef struct window_squares { int own[8], partner[8]; } window_squares;

/* The learnt windows and their half-turn partners (patterns.windows). */
static int windows(const dk_kernel *k, window_squares *out)
{
    int h = k->size / 2, n = k->squares, last = k->size - 2;
    int rows = h > 4 ? last + 1 : last / 2 + 1, count = 0;
    for (int row = 0; row < rows; row++, count++) {
        int *own = out[count].own, *partner = out[count].partner;
        for (int j = 0; j < 4; j++) {
            own[j] = row * h + j;
            own[4 + j] = (row + 1) * h + j;
        }
        for (int j = 0; j < 8; j++) /* sorted(n - 1 - i for i in own): own is ascending */
            partner[j] = n - 1 - own[7 - j];
    }
    return count;
}

/* Index tables of a window (patterns._index_tables): allocated from *pool. */
static void index_tables(const dk_kernel *k, const int squares[8], dk_window *win, uint16_t **pool)
{
    int lo = 1 << 30, hi = -1;
    for (int j = 0; j < 8; j++) {
        int b = k->bit_of[squares[j]];
        lo = b < lo ? b : lo;
        hi = b > hi ? b : hi;
    }
    unsigned size = 1u << (hi - lo + 1);
    uint16_t *white = *pool, *black = *pool + size;
    *pool += 2 * size;
    white[0] = black[0] = 0;
    for (unsigned v = 1; v < size; v++) {
        int bit = __builtin_ctz(v) + lo, add = 0, power = 1;
        for (int j = 0; j < 8; j++, power *= 3)
            if (k->bit_of[squares[j]] == bit)
                add = power;
        white[v] = (uint16_t)(white[v & (v - 1)] + add);
        black[v] = (uint16_t)(black[v & (v - 1)] + 2 * add);
    }
    win->shift = lo;
    win->mask = size - 1;
    win->white = white;
    win->black = black;
}

static unsigned index_span(const dk_kernel *k, const int squares[8])
{
    int lo = 1 << 30, hi = -1;
    for (int j = 0; j < 8; j++) {
        int b = k->bit_of[squares[j]];
        lo = b < lo ? b : lo;
        hi = b > hi ? b : hi;
    }
    return 1u << (hi - lo + 1);
}

/* A partner window's configuration read in its own window with colours swapped
 * (patterns._turn_index): `order[j]` is the position in the partner of own square j. */
static int turn_index(int index, const int order[8])
{
    static const int power[9] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561};
    int mirrored = 0;
    for (int j = 0; j < 8; j++) {
        int trit = index / power[order[j]] % 3;
        mirrored += (trit ? 3 - trit : 0) * power[j];
    }
    return mirrored;
}

static int read_ptw(const unsigned char *ptw, size_t len, int *count, char *err, size_t errlen)
{
    if (len < 8 || memcmp(ptw, "PTW1", 4) != 0) {
        snprintf(err, errlen, "not a pattern weight file");
        return -1;
    }
    *count = ptw[4] | ptw[5] << 8;
    int entries = ptw[6] | ptw[7] << 8;
    if (entries != DK_PATTERN_ENTRIES) {
        snprintf(err, errlen, "%d entries per table, expected %d", entries, DK_PATTERN_ENTRIES);
        return -1;
    }
    if (len != 8 + (size_t)*count * DK_PATTERN_ENTRIES * 2) {
        snprintf(err, errlen, "%zu bytes for %d tables", len, *count);
        return -1;
    }
    return 0;
}

static int16_t ptw_value(const unsigned char *ptw, int table, int index)
{
    size_t at = 8 + ((size_t)table * DK_PATTERN_ENTRIES + (size_t)index) * 2;
    return (int16_t)(uint16_t)(ptw[at] | ptw[at + 1] << 8);
}

static int pattern_tables(dk_eval *e, const unsigned char *ptw, size_t len, char *err, size_t errlen)
{
    const dk_kernel *k = e->k;
    window_squares sq[DK_MAX_SIZE];
    int learnt = windows(k, sq), count;
    if (read_ptw(ptw, len, &count, err, errlen) < 0)
        return -1;
    e->sets = e->w.pattern_split > 0 ? 2 : 1;
    if (count != learnt * e->sets) {
        snprintf(err, errlen, "%d weight tables for %d windows%s", count, learnt,
                 e->sets == 2 ? " in two sets (pattern_split)" : "");
        return -1;
    }
    size_t index_entries = 0;
    for (int t = 0; t < learnt; t++)
        index_entries += 2 * (size_t)(index_span(k, sq[t].own) + index_span(k, sq[t].partner));
    size_t weight_entries = (size_t)2 * learnt * e->sets * DK_PATTERN_ENTRIES;
    e->storage = malloc(index_entries * sizeof(uint16_t) + weight_entries * sizeof(int16_t));
    if (!e->storage) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int16_t *weights = (int16_t *)e->storage;
    uint16_t *pool = (uint16_t *)(weights + weight_entries);
    e->n_windows = 2 * learnt;
    for (int t = 0; t < learnt; t++) {
        dk_window *own = &e->window[2 * t], *partner = &e->window[2 * t + 1];
        index_tables(k, sq[t].own, own, &pool);
        index_tables(k, sq[t].partner, partner, &pool);
        int order[8];
        for (int j = 0; j < 8; j++)
            for (int m = 0; m < 8; m++)
                if (sq[t].partner[m] == k->squares - 1 - sq[t].own[j])
                    order[j] = m;
        for (int set = 0; set < 2; set++) {
            int table = set < e->sets ? set * learnt + t : t; /* one set: both point at it */
            int16_t *mine = weights, *turned = weights + DK_PATTERN_ENTRIES;
            if (set < e->sets) {
                weights += 2 * DK_PATTERN_ENTRIES;
                for (int i = 0; i < DK_PATTERN_ENTRIES; i++) {
                    mine[i] = ptw_value(ptw, table, i);
                    turned[i] = (int16_t)-ptw_value(ptw, table, turn_index(i, order));
                }
                own->weights[set] = mine;
                partner->weights[set] = turned;
            } else {
                own->weights[set] = own->weights[0];
                partner->weights[set] = partner->weights[0];
            }
        }
    }
    return 0;
}

int dk_eval_init(dk_eval *e, const dk_kernel *k, const dk_weights *w,
                 const unsigned char *ptw, size_t ptw_len, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->k = k;
    e->w = *w;
    if (w->n_advance < 1 || w->n_advance > DK_MAX_SIZE || w->n_runaway < 1 || w->n_runaway > DK_MAX_SIZE) {
        snprintf(err, errlen, "advance and runaway need 1 to %d values", DK_MAX_SIZE);
        return -1;
    }
    e->support = k->rules.full_board ? 0 : w->support;
    e->long_weight = k->rules.flying_kings ? w->long_diagonal : 0;
    e->big = k->size > 8;
    men_tables(e);
    shifts(e);
    if (ptw && pattern_tables(e, ptw, ptw_len, err, errlen) < 0) {
        dk_eval_free(e);
        return -1;
    }
    if (k->wide)
        dk_eval_build128(e);
    else
        dk_eval_build64(e);
    return 0;
}

void dk_eval_free(dk_eval *e)
{
    free(e->storage);
    e->storage = NULL;
    e->n_windows = 0;
}
