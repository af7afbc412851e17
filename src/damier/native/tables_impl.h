/* Template (see width64.h): the word-width tables of a variant, built once by dk_kernel_init
 * after layout.c has filled the geometry. Nothing here runs while generating moves.
 *
 * The men's jumps are stored in the order the variant's capture search tries them, because
 * the Python generator's move order follows it (core/capture_search.py): the search of the
 * common rules (plain_men) visits the pieces next to the man by increasing bit, the general
 * search visits the capture directions in the order of Rules.man_captures.
 */

static void add_jump_table(const dk_kernel *k, DK_TABLES *t, int color)
{
    const dk_rules *r = &k->rules;
    for (int i = 0; i < k->squares; i++) {
        int n = 0;
        t->man_near[color][i] = 0;
        for (int a = 0; a < r->n_man_captures[color]; a++) {
            int d = r->man_captures[color][a];
            int over = k->step[d][i];
            int land = over >= 0 ? k->step[d][over] : -1;
            if (land < 0)
                continue;
            t->man_jump[color][i][n].over = t->mask[over];
            t->man_jump[color][i][n].land_bit = t->mask[land];
            t->man_jump[color][i][n].over_sq = (int8_t)over;
            t->man_jump[color][i][n].land = (int8_t)land;
            t->man_jump[color][i][n].dir = (int8_t)d;
            t->man_near[color][i] |= t->mask[over];
            n++;
        }
        if (k->plain_men) { /* by increasing bit of the piece jumped over (insertion sort) */
            for (int a = 1; a < n; a++)
                for (int b = a; b > 0 && t->man_jump[color][i][b].over < t->man_jump[color][i][b - 1].over; b--) {
                    __typeof__(t->man_jump[color][i][0]) tmp = t->man_jump[color][i][b];
                    t->man_jump[color][i][b] = t->man_jump[color][i][b - 1];
                    t->man_jump[color][i][b - 1] = tmp;
                }
        }
        t->n_man_jump[color][i] = (uint8_t)n;
    }
}

void FN(dk_tables_build)(dk_kernel *k)
{
    DK_TABLES *t = TABLES_OF(k);
    const dk_rules *r = &k->rules;
    t->all = 0;
    for (int i = 0; i < k->squares; i++) {
        t->mask[i] = bb_bit(k->bit_of[i]);
        t->all |= t->mask[i];
    }
    for (int row = 0; row < k->size; row++)
        t->row[row] = 0;
    for (int i = 0; i < k->squares; i++) {
        int row = r->full_board ? i / k->size : i / (k->size / 2);
        t->row[row] |= t->mask[i];
    }
    t->promo[0] = t->row[0];
    t->promo[1] = t->row[k->size - 1];
    for (int d = 0; d < DK_DIRECTIONS; d++) {
        t->src1[d] = t->src2[d] = 0;
        for (int i = 0; i < k->squares; i++) {
            BB m = 0;
            for (int s = 0; s < k->ray_len[d][i]; s++)
                m |= t->mask[k->ray[d][i][s]];
            t->ray_mask[d][i] = m;
            if (k->ray_len[d][i] >= 1)
                t->src1[d] |= t->mask[i];
            if (k->ray_len[d][i] >= 2)
                t->src2[d] |= t->mask[i];
        }
    }
    add_jump_table(k, t, 0);
    add_jump_table(k, t, 1);
    for (int i = 0; i < k->squares; i++) {
        int n = 0;
        for (int a = 0; a < r->n_king_captures; a++) {
            int d = r->king_captures[a];
            int over = k->step[d][i];
            int land = over >= 0 ? k->step[d][over] : -1;
            if (land < 0)
                continue;
            t->king_jump[i][n].over = t->mask[over];
            t->king_jump[i][n].land_bit = t->mask[land];
            t->king_jump[i][n].over_sq = (int8_t)over;
            t->king_jump[i][n].land = (int8_t)land;
            t->king_jump[i][n].dir = (int8_t)d;
            n++;
        }
        t->n_king_jump[i] = (uint8_t)n;
    }
    /* king_reach[first][via][j]: the squares of the rays a flying king of the common rules
     * looks along from landing square j, reached in direction via: every capture direction
     * but the way back, and not straight on either unless j is the first square past the
     * piece taken (capture_impl.h, plain_king_search). */
    for (int f = 0; f < 2; f++)
        for (int via = 0; via < DK_DIRECTIONS; via++)
            for (int j = 0; j < k->squares; j++) {
                BB m = 0;
                for (int a = 0; a < r->n_king_captures; a++) {
                    int e = r->king_captures[a];
                    if (k->ray_len[e][j] < 2 || e == k->reverse[via] || (!f && e == via))
                        continue;
                    m |= t->ray_mask[e][j];
                }
                t->king_reach[f][via][j] = m;
            }
}
