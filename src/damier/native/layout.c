/* The board geometry of a variant and the checks on its rules (width-independent).
 *
 * This file owns dk_kernel_init: it checks the parameters handed over from Python, builds the
 * squares, bits, steps and rays exactly as core/geometry.py does, decides which of the Python
 * generator's fast paths the variant takes (the move order follows them, see gen_impl docs)
 * and calls the table builder of the variant's word width. It must not generate moves.
 */
#include <stdio.h>
#include <string.h>

#include "layout.h"

/* (d_row, d_col) of the eight directions; on dark boards the orthogonal steps are doubled */
static const int DIR_ROW[DK_DIRECTIONS] = {-1, -1, 1, 1, -1, 1, 0, 0};
static const int DIR_COL[DK_DIRECTIONS] = {-1, 1, -1, 1, 0, 0, -1, 1};
static const int REVERSE[DK_DIRECTIONS] = {3, 2, 1, 0, 5, 4, 7, 6};

static int fail(char *err, size_t errlen, const char *what)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", what);
    return -1;
}

static int check_directions(const int *dirs, int n)
{
    int seen = 0;
    if (n < 0 || n > DK_DIRECTIONS)
        return 0;
    for (int i = 0; i < n; i++) {
        if (dirs[i] < 0 || dirs[i] >= DK_DIRECTIONS || (seen >> dirs[i]) & 1)
            return 0;
        seen |= 1 << dirs[i];
    }
    return 1;
}

static int direction_set(const int *dirs, int n)
{
    int set = 0;
    for (int i = 0; i < n; i++)
        set |= 1 << dirs[i];
    return set;
}

static int is_flag(int v) { return v == 0 || v == 1; }

static int check_rules(const dk_rules *r, char *err, size_t errlen)
{
    if (r->size < 4 || r->size > DK_MAX_SIZE || r->size % 2)
        return fail(err, errlen, "board size must be an even number from 4 to 12");
    if (!is_flag(r->full_board))
        return fail(err, errlen, "full_board must be 0 or 1");
    if (r->full_board && r->size * (r->size + 1) > 128)
        return fail(err, errlen, "a full board of this size needs more than 128 bits");
    for (int c = 0; c < 2; c++)
        if (!check_directions(r->man_steps[c], r->n_man_steps[c])
            || !check_directions(r->man_captures[c], r->n_man_captures[c]))
            return fail(err, errlen, "bad man direction list");
    if (!check_directions(r->king_steps, r->n_king_steps)
        || !check_directions(r->king_captures, r->n_king_captures))
        return fail(err, errlen, "bad king direction list");
    if (r->capture_rule < DK_MAX_COUNT || r->capture_rule > DK_MAX_VALUE)
        return fail(err, errlen, "unknown capture rule");
    if (r->promotion_in_capture < DK_CONTINUE_AS_MAN || r->promotion_in_capture > DK_PROMOTE_AND_STOP)
        return fail(err, errlen, "unknown promotion_in_capture");
    if (!is_flag(r->flying_kings) || !is_flag(r->king_priority) || !is_flag(r->king_must_continue)
        || !is_flag(r->remove_at_end) || !is_flag(r->no_reverse_capture)
        || !is_flag(r->men_capture_kings) || !is_flag(r->huffing) || !is_flag(r->king_lands_behind)
        || !is_flag(r->king_breaks_ties))
        return fail(err, errlen, "a rule flag must be 0 or 1");
    if (r->man_value < 0 || r->man_value > 1000000 || r->king_value < 0 || r->king_value > 1000000)
        return fail(err, errlen, "capture values must be 0 to 1000000");
    if (r->king_move_limit < 0 || r->king_move_limit > 255)
        return fail(err, errlen, "king_move_limit must be 0 to 255");
    if (r->king_move_limit && r->huffing)
        return fail(err, errlen, "huffing and a king-move limit cannot share Position.aux");
    return 0;
}

static void build_geometry(dk_kernel *k)
{
    const dk_rules *r = &k->rules;
    int n = r->size;
    int index_at[DK_MAX_SIZE][DK_MAX_SIZE];
    int row_of[DK_MAX_SQUARES], col_of[DK_MAX_SQUARES];
    int squares = 0;
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            index_at[row][col] = -1;
            if (r->full_board || (row + col) % 2 == 1) {
                row_of[squares] = row;
                col_of[squares] = col;
                index_at[row][col] = squares++;
            }
        }
    k->size = n;
    k->squares = squares;
    memset(k->square_of, -1, sizeof k->square_of);
    k->bits = 0;
    for (int i = 0; i < squares; i++) {
        int bit = r->full_board ? row_of[i] * (n + 1) + col_of[i] : i + i / n;
        k->bit_of[i] = bit;
        k->row_of[i] = (int8_t)row_of[i];
        k->square_of[bit] = (int8_t)i;
        if (bit + 1 > k->bits)
            k->bits = bit + 1;
    }
    for (int d = 0; d < DK_DIRECTIONS; d++) {
        int scale = (d >= 4 && !r->full_board) ? 2 : 1;
        int dr = DIR_ROW[d] * scale, dc = DIR_COL[d] * scale;
        k->reverse[d] = REVERSE[d];
        k->shift[d] = 0;
        for (int i = 0; i < squares; i++) {
            int rr = row_of[i] + dr, cc = col_of[i] + dc, len = 0;
            k->step[d][i] = -1;
            while (rr >= 0 && rr < n && cc >= 0 && cc < n && index_at[rr][cc] >= 0) {
                int j = index_at[rr][cc];
                if (len == 0) {
                    k->step[d][i] = (int8_t)j;
                    k->shift[d] = k->bit_of[j] - k->bit_of[i];
                }
                k->ray[d][i][len++] = (int8_t)j;
                rr += dr;
                cc += dc;
            }
            k->ray_len[d][i] = (uint8_t)len;
        }
    }
}

/* Which fast paths of core/movegen.py the variant takes: the Python generator's move order
 * differs between them and the kernel reproduces it. */
static void choose_paths(dk_kernel *k)
{
    const dk_rules *r = &k->rules;
    for (int d = 0; d < DK_DIRECTIONS; d++) {
        k->left[d] = k->shift[d] > 0 ? k->shift[d] : 0;
        k->right[d] = k->shift[d] < 0 ? -k->shift[d] : 0;
    }
    int caps = direction_set(r->man_captures[0], r->n_man_captures[0]);
    k->diagonal_men = !r->full_board
        && direction_set(r->man_steps[0], r->n_man_steps[0]) == 0x3
        && (caps == 0x3 || caps == 0xF)
        && direction_set(r->king_steps, r->n_king_steps)
               == direction_set(r->king_captures, r->n_king_captures);
    k->men_back = r->n_man_captures[0] == 4;
    k->plain_men = r->remove_at_end && !r->no_reverse_capture
        && r->promotion_in_capture == DK_CONTINUE_AS_MAN;
    k->plain_kings = r->flying_kings && r->remove_at_end && !r->no_reverse_capture
        && r->king_must_continue && !r->king_lands_behind;
    k->victims_differ = r->capture_rule == DK_SPANISH || r->capture_rule == DK_MAX_VALUE;
    /* the order in which single man captures are listed: diagonal variants by lanes
     * (up-left, up-right, down-left, down-right), the others as Rules.man_captures */
    for (int c = 0; c < 2; c++) {
        int n = 0;
        if (k->diagonal_men) {
            for (int d = 0; d < 4; d++)
                for (int a = 0; a < r->n_man_captures[c]; a++)
                    if (r->man_captures[c][a] == d)
                        k->listed[c][n++] = d;
        } else {
            for (int a = 0; a < r->n_man_captures[c]; a++)
                k->listed[c][n++] = r->man_captures[c][a];
        }
        k->n_listed[c] = n;
    }
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t dk_hash_aux(uint64_t aux_low, uint64_t aux_high)
{
    if (!aux_low && !aux_high)
        return 0;
    uint64_t state = aux_low ^ (aux_high * 0xD6E8FEB86659FD93ULL);
    return splitmix64(&state);
}

int dk_kernel_init(dk_kernel *k, const dk_rules *rules, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    if (check_rules(rules, err, errlen))
        return -1;
    k->rules = *rules;
    build_geometry(k);
    if (k->bits > 128)
        return fail(err, errlen, "the board needs more than 128 bits");
    k->wide = k->bits > 64;
    choose_paths(k);
    uint64_t state = 0x64616D696572ULL; /* fixed: hashes are the same run to run */
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < DK_MAX_SQUARES; i++)
            k->zobrist[p][i] = splitmix64(&state);
    k->zobrist_turn = splitmix64(&state);
    if (k->wide)
        dk_tables_build128(k);
    else
        dk_tables_build64(k);
    return 0;
}
