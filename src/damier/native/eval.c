/* The width-independent part of the evaluation: weights -> tables (see eval.h).
 *
 * Owns: the men's value tables, the pattern windows (their squares, index tables and the
 * half-turn partners' weights, as damier/engine/patterns.py defines them), the PTW1 and PTW2
 * file formats, the shifts of the mobility and support terms. The bitboard masks and the evaluation
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

static void partner_of(const dk_kernel *k, window_squares *w)
{
    for (int j = 0; j < 8; j++) /* sorted(n - 1 - i for i in own): own is ascending */
        w->partner[j] = k->squares - 1 - w->own[7 - j];
}

/* The learnt row windows and their half-turn partners (patterns.windows). */
static int row_windows(const dk_kernel *k, window_squares *out)
{
    int h = k->size / 2, last = k->size - 2;
    int rows = h > 4 ? last + 1 : last / 2 + 1, count = 0;
    for (int row = 0; row < rows; row++, count++) {
        int *own = out[count].own;
        for (int j = 0; j < 4; j++) {
            own[j] = row * h + j;
            own[4 + j] = (row + 1) * h + j;
        }
        partner_of(k, &out[count]);
    }
    return count;
}

/* The learnt block windows (patterns.block_windows): squares j, j + 1 of rows r .. r + 3 for
 * even r, skipping a block whose half-turn partner is already learnt. None on full boards. */
static int block_windows(const dk_kernel *k, window_squares *out)
{
    int h = k->size / 2, count = 0;
    if (k->rules.full_board)
        return 0;
    for (int row = 0; row + 3 < k->size; row += 2)
        for (int first = 0; first < h - 1; first++) {
            window_squares w;
            for (int d = 0; d < 4; d++)
                for (int j = 0; j < 2; j++)
                    w.own[2 * d + j] = (row + d) * h + first + j;
            partner_of(k, &w);
            int learnt = 0;
            for (int t = 0; t < count && !learnt; t++)
                learnt = memcmp(out[t].own, w.partner, sizeof w.partner) == 0;
            if (!learnt)
                out[count++] = w;
        }
    return count;
}

static unsigned index_span(const dk_kernel *k, const int *squares, int n)
{
    int lo = 1 << 30, hi = -1;
    for (int j = 0; j < n; j++) {
        int b = k->bit_of[squares[j]];
        lo = b < lo ? b : lo;
        hi = b > hi ? b : hi;
    }
    return 1u << (hi - lo + 1);
}

/* Index tables of the `n` squares of a window part whose digits start at 3**first
 * (patterns._index_tables): allocated from *pool. */
static void index_tables(const dk_kernel *k, const int *squares, int n, int first, dk_window_part *part,
                         uint16_t **pool)
{
    int lo = 1 << 30;
    for (int j = 0; j < n; j++)
        lo = k->bit_of[squares[j]] < lo ? k->bit_of[squares[j]] : lo;
    unsigned size = index_span(k, squares, n);
    uint16_t *white = *pool, *black = *pool + size;
    *pool += 2 * size;
    white[0] = black[0] = 0;
    for (unsigned v = 1; v < size; v++) {
        int bit = __builtin_ctz(v) + lo, add = 0, power = 1;
        for (int j = 0; j < first; j++)
            power *= 3;
        for (int j = 0; j < n; j++, power *= 3)
            if (k->bit_of[squares[j]] == bit)
                add = power;
        white[v] = (uint16_t)(white[v & (v - 1)] + add);
        black[v] = (uint16_t)(black[v & (v - 1)] + 2 * add);
    }
    part->shift = lo;
    part->mask = size - 1;
    part->white = white;
    part->black = black;
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

typedef struct ptw_header { int count, phases, layout, full; size_t head; } ptw_header;

static int read_u16(const unsigned char *at) { return at[0] | at[1] << 8; }

/* The header of a PTW1 or PTW2 file (patterns.read), checked against the file's length. */
static int read_ptw(const unsigned char *ptw, size_t len, ptw_header *hd, char *err, size_t errlen)
{
    int v2 = len >= 14 && memcmp(ptw, "PTW2", 4) == 0;
    if (!v2 && (len < 8 || memcmp(ptw, "PTW1", 4) != 0)) {
        snprintf(err, errlen, "not a pattern weight file");
        return -1;
    }
    hd->count = read_u16(ptw + 4);
    int entries = read_u16(ptw + 6);
    hd->phases = v2 ? read_u16(ptw + 8) : 1;
    hd->layout = v2 ? read_u16(ptw + 10) : 0;
    hd->full = v2 ? read_u16(ptw + 12) : 0;
    hd->head = v2 ? 14 : 8;
    if (entries != DK_PATTERN_ENTRIES) {
        snprintf(err, errlen, "%d entries per table, expected %d", entries, DK_PATTERN_ENTRIES);
        return -1;
    }
    if (hd->phases < 1 || hd->phases > 2 || hd->layout > 1 || (hd->phases == 2 && hd->full < 1)) {
        snprintf(err, errlen, "%d phases, layout %d, %d men: not a known form", hd->phases, hd->layout,
                 hd->full);
        return -1;
    }
    if (len != hd->head + (size_t)hd->count * hd->phases * DK_PATTERN_ENTRIES * 2) {
        snprintf(err, errlen, "%zu bytes for %d tables", len, hd->count);
        return -1;
    }
    return 0;
}

/* Entry `index` of phase `phase` of table `table`. */
static int16_t ptw_value(const unsigned char *ptw, const ptw_header *hd, int table, int phase, int index)
{
    size_t at = hd->head + (((size_t)table * hd->phases + phase) * DK_PATTERN_ENTRIES + (size_t)index) * 2;
    return (int16_t)(uint16_t)(ptw[at] | ptw[at + 1] << 8);
}

/* The weights of window t (and its partner) for every set, phases interleaved by index. */
static void window_weights(dk_eval *e, const unsigned char *ptw, const ptw_header *hd, const window_squares *sq,
                           int t, int learnt, int16_t **pool)
{
    dk_window *own = &e->window[2 * t], *partner = &e->window[2 * t + 1];
    int order[8], ph = hd->phases, size = ph * DK_PATTERN_ENTRIES;
    for (int j = 0; j < 8; j++)
        for (int m = 0; m < 8; m++)
            if (sq->partner[m] == e->k->squares - 1 - sq->own[j])
                order[j] = m;
    for (int set = 0; set < 2; set++) {
        if (set >= e->sets) { /* one set: both point at it */
            own->weights[set] = own->weights[0];
            partner->weights[set] = partner->weights[0];
            continue;
        }
        int16_t *mine = *pool, *turned = *pool + size;
        *pool += 2 * size;
        int table = set * learnt + t;
        for (int i = 0; i < DK_PATTERN_ENTRIES; i++) {
            int ti = turn_index(i, order);
            for (int p = 0; p < ph; p++) {
                mine[i * ph + p] = ptw_value(ptw, hd, table, p, i);
                turned[i * ph + p] = (int16_t)-ptw_value(ptw, hd, table, p, ti);
            }
        }
        own->weights[set] = mine;
        partner->weights[set] = turned;
    }
}

/* The parts of the block windows (eval.h) and, per block window, its two parts. */
static void part_squares(const dk_kernel *k, int part, int squares[4])
{
    int h = k->size / 2, p = part / (h - 1), j = part % (h - 1);
    squares[0] = 2 * p * h + j;
    squares[1] = squares[0] + 1;
    squares[2] = (2 * p + 1) * h + j;
    squares[3] = squares[2] + 1;
}

static void block_parts(dk_eval *e, const window_squares *sq, int rows, int learnt, uint16_t **pool)
{
    const dk_kernel *k = e->k;
    int h = k->size / 2;
    e->n_parts = (k->size / 2) * (h - 1);
    for (int part = 0; part < e->n_parts; part++) {
        int squares[4];
        part_squares(k, part, squares);
        index_tables(k, squares, 4, 0, &e->part[part], pool);
    }
    for (int t = rows; t < learnt; t++)
        for (int side = 0; side < 2; side++) {
            int first = side ? sq[t].partner[0] : sq[t].own[0], row = first / h;
            dk_window *win = &e->window[2 * t + side];
            win->top = (row / 2) * (h - 1) + first % h;
            win->bottom = win->top + h - 1;
        }
}

static int pattern_tables(dk_eval *e, const unsigned char *ptw, size_t len, char *err, size_t errlen)
{
    const dk_kernel *k = e->k;
    window_squares sq[DK_MAX_WINDOWS / 2 + 1];
    ptw_header hd;
    if (read_ptw(ptw, len, &hd, err, errlen) < 0)
        return -1;
    int rows = row_windows(k, sq);
    int learnt = rows + (hd.layout == 1 ? block_windows(k, sq + rows) : 0);
    e->sets = e->w.pattern_split > 0 ? 2 : 1;
    e->phases = hd.phases;
    e->full_men = hd.full;
    if (hd.count != learnt * e->sets) {
        snprintf(err, errlen, "%d weight tables for %d windows%s", hd.count, learnt,
                 e->sets == 2 ? " in two sets (pattern_split)" : "");
        return -1;
    }
    size_t index_entries = 0;
    for (int part = 0; learnt > rows && part < (k->size / 2) * (k->size / 2 - 1); part++) {
        int squares[4];
        part_squares(k, part, squares);
        index_entries += 2 * (size_t)index_span(k, squares, 4);
    }
    for (int t = 0; t < rows; t++)
        index_entries += 2 * (size_t)(index_span(k, sq[t].own, 8) + index_span(k, sq[t].partner, 8));
    size_t weight_entries = (size_t)2 * learnt * e->sets * hd.phases * DK_PATTERN_ENTRIES;
    e->storage = malloc(index_entries * sizeof(uint16_t) + weight_entries * sizeof(int16_t));
    if (!e->storage) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int16_t *weights = (int16_t *)e->storage;
    uint16_t *pool = (uint16_t *)(weights + weight_entries);
    e->n_windows = 2 * learnt;
    e->n_row_windows = 2 * rows;
    for (int t = 0; t < rows; t++) {
        index_tables(k, sq[t].own, 8, 0, &e->window[2 * t].part, &pool);
        index_tables(k, sq[t].partner, 8, 0, &e->window[2 * t + 1].part, &pool);
    }
    if (learnt > rows)
        block_parts(e, sq, rows, learnt, &pool);
    for (int t = 0; t < learnt; t++)
        window_weights(e, ptw, &hd, &sq[t], t, learnt, &weights);
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
