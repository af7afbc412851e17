/* Endgame databases: the probe (see egdb.h). The value of a position whose side to move can
 * capture is not read from the table (files keep any value there, which compresses better):
 * the captures are searched, each leading to a configuration with fewer pieces.
 * No Python here. */
#include "egdb.h"

/* The parent's code from the best of its children's codes (each for the opponent):
 * `child_best` accumulates with dk_egdb_child_code, then dk_egdb_parent_code reads it. */
typedef struct best { int win, draw, loss; } best;

static void add_child(best *b, int child)
{
    if (child == 0) {
        b->draw = 1;
    } else if (dk_egdb_is_loss(child)) {
        if (!b->win || child + 1 < b->win)
            b->win = child + 1;
    } else if (child + 1 > b->loss) {
        b->loss = child + 1;
    }
}

static int parent_code(const best *b)
{
    return b->win ? b->win : b->draw ? 0 : b->loss ? b->loss : 1;
}

static int probe_normal(const dk_egdb *db, const dk_pos64 *n);

/* The value of a position (White to move) by searching its captures. */
static int probe_captures(const dk_egdb *db, const dk_pos64 *n)
{
    dk_move64 moves[DK_MAX_MOVES];
    int count = dk_legal64(db->k, n, moves, DK_MAX_MOVES, NULL);
    if (count < 0)
        return DK_EGDB_UNKNOWN;
    best b = {0, 0, 0};
    for (int i = 0; i < count; i++) {
        dk_pos64 child, normal;
        if (dk_apply64(db->k, n, &moves[i], &child) < 0)
            return DK_EGDB_UNKNOWN;
        dk_egdb_normal(&db->g, &child, &normal);
        int code = probe_normal(db, &normal);
        if (code == DK_EGDB_UNKNOWN)
            return DK_EGDB_UNKNOWN;
        add_child(&b, code);
    }
    return parent_code(&b);
}

static int probe_normal(const dk_egdb *db, const dk_pos64 *n)
{
    if (!n->white)
        return 1;                      /* no piece: lost, no move left */
    if (!n->black)
        return DK_EGDB_UNKNOWN;        /* not a position of a game */
    dk_egdb_config c = dk_egdb_config_of(n);
    if (c.wm > 7 || c.wk > 7 || c.bm > 7 || c.bk > 7)
        return DK_EGDB_UNKNOWN;
    const dk_egdb_table *t = db->tables[dk_egdb_config_id(c)];
    if (!t)
        return DK_EGDB_UNKNOWN;
    if (dk_has_capture64(db->k, n))
        return probe_captures(db, n);
    return dk_egdb_table_code(t, dk_egdb_index(db, n));
}

int dk_egdb_probe(const dk_egdb *db, const dk_pos64 *p)
{
    dk_pos64 n;
    if (__builtin_popcountll(p->white | p->black) > DK_EGDB_MAX_PIECES)
        return DK_EGDB_UNKNOWN;
    dk_egdb_normal(&db->g, p, &n);
    return probe_normal(db, &n);
}

void dk_egdb_mark_dont_care(const dk_egdb *db, dk_egdb_config c, uint8_t *codes)
{
    uint64_t size = dk_egdb_size(&db->g, c);
    for (uint64_t i = 0; i < size; i++) {
        dk_pos64 p;
        if (dk_egdb_position(db, c, i, &p) < 0 || dk_has_capture64(db->k, &p))
            codes[i] = DK_EGDB_DONT_CARE;
    }
}
