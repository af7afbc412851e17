/* damier native kernel: endgame databases (owner: strength).
 *
 * What this header owns: the index of a position inside its material configuration, the
 * tables of a variant's database (one per configuration, raw or compressed in blocks), the
 * probe (with the captures of the side to move resolved by a small search), and the
 * retrograde solver that builds one table from the tables it leads to.
 *
 * Positions are stored from the side to move's point of view: a position with Black to move
 * is turned half a circle and its colours swapped (square s <-> squares - 1 - s), so one table
 * per configuration (side to move's men and kings, then the opponent's) holds both colours.
 * Boards of 64-bit kernels only (k->wide == 0) and variants without state (no huffing, no
 * king-move limit): the databases know nothing of draw counters (values are those of the game
 * without the move-count draw rules, as is usual for draughts databases).
 *
 * A value (a "code") is one byte: 0 a draw, 1 + d a win (d odd) or a loss (d even) of the side
 * to move in d plies with best play (the winner shortest, the loser longest; a position
 * without legal moves is lost in 0 plies). DK_EGDB_UNKNOWN (-1) from a probe: not in the
 * database. Inside a file, positions whose side to move can capture, and indices whose men
 * overlap, hold whatever value compresses best: the probe resolves captures by searching them.
 *
 * Index of a position (configuration wm, wk, bm, bk = the side to move's men and kings, the
 * opponent's men and kings): the men as combinations of the squares a man of their colour may
 * stand on (not its promotion row), then the kings as combinations of the squares left free
 * by the men, the side to move's kings first:
 *     index = ((rank(wm) * C(men_b, bm) + rank(bm)) * C(S - wm - bm, wk) + rank(wk)) * C(S - wm - bm - wk, bk) + rank(bk)
 * where rank is the colex rank of the sorted places (sum of C(place_j, j), j from 1).
 *
 * Threads: a dk_egdb is read-only once its tables are set; probing allocates nothing.
 * No Python here.
 */
#ifndef DAMIER_EGDB_H
#define DAMIER_EGDB_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

#define DK_EGDB_MAX_PIECES 8      /* per configuration, both sides */
#define DK_EGDB_CONFIGS 4096      /* configurations by their id (4 counts of 3 bits) */
#define DK_EGDB_UNKNOWN (-1)
#define DK_EGDB_DONT_CARE 255     /* in a raw table being written: any value will do */
#define DK_EGDB_MAX_PLIES 253     /* the longest distance a code holds */

#define DK_EGDB_HUFFMAN_BITS 12   /* the longest Huffman code of a compressed table */

typedef struct dk_egdb_config { int wm, wk, bm, bk; } dk_egdb_config;

/* The squares of a variant as the index sees them. */
typedef struct dk_egdb_geometry {
    int squares;                              /* S */
    int flip_width;                           /* a position is turned by reversing this many bits */
    int men_places[2];                        /* squares a man of colour c may stand on */
    int8_t place_of[2][DK_MAX_SQUARES];       /* square -> place of a man of colour c, or -1 */
    int8_t square_of_place[2][DK_MAX_SQUARES];
    uint64_t binomial[DK_MAX_SQUARES + 1][DK_EGDB_MAX_PIECES + 1];
} dk_egdb_geometry;

/* One configuration's table: either `raw` (one code per index) or `blob`, the compressed form
 * (see egdb_codec.c): `blocks` offsets into `blob` then the encoded blocks. */
typedef struct dk_egdb_table {
    uint64_t size;                 /* number of indices */
    const uint8_t *raw;
    const uint8_t *blob;
    uint64_t blob_size;
    uint32_t block_len;            /* indices per block */
    uint64_t n_blocks;
    const uint8_t *blocks;         /* n_blocks + 1 little-endian uint64 offsets into data */
    const uint8_t *data;
    uint8_t symbols[16];           /* the codes of the tokens' symbols 0-14 */
    int version;                   /* 1: token bytes as they are; 2: Huffman-coded token bytes */
    uint16_t lut[1 << DK_EGDB_HUFFMAN_BITS];   /* version 2: next bits -> byte << 4 | code length */
} dk_egdb_table;

/* The database of one variant: the kernel it was built with and the tables it has. */
typedef struct dk_egdb {
    const dk_kernel *k;
    dk_egdb_geometry g;
    int max_pieces;                /* every configuration up to this many pieces is present */
    dk_egdb_table *tables[DK_EGDB_CONFIGS];
} dk_egdb;

static inline int dk_egdb_config_id(dk_egdb_config c) { return c.wm | c.wk << 3 | c.bm << 6 | c.bk << 9; }

/* 0 and fill `g`, or -1 with a reason: a 64-bit kernel without state whose rules look the
 * same to both colours after the half turn. */
int dk_egdb_geometry_init(dk_egdb_geometry *g, const dk_kernel *k, char *err, size_t errlen);

/* The number of indices of a configuration (0 when it cannot exist on this board). */
uint64_t dk_egdb_size(const dk_egdb_geometry *g, dk_egdb_config c);

/* The position turned half a circle with the colours swapped (and the other side to move). */
void dk_egdb_turned(const dk_egdb_geometry *g, const dk_pos64 *p, dk_pos64 *out);
/* A position seen from its side to move (turn 0, colours swapped if Black was to move). */
void dk_egdb_normal(const dk_egdb_geometry *g, const dk_pos64 *p, dk_pos64 *out);
/* The configuration of a position with White to move. */
dk_egdb_config dk_egdb_config_of(const dk_pos64 *p);
/* The index of a position with White to move in its configuration's table. */
uint64_t dk_egdb_index(const dk_egdb *db, const dk_pos64 *p);
/* The position (White to move) of `index`; 0, or -1 when the men of that index overlap. */
int dk_egdb_position(const dk_egdb *db, dk_egdb_config c, uint64_t index, dk_pos64 *out);

/* The code stored at `index` (egdb_codec.c decodes one block; no allocation). */
int dk_egdb_table_code(const dk_egdb_table *t, uint64_t index);
/* Every code of a table into out (dk_egdb_size codes; a checked table). */
void dk_egdb_table_decode(const dk_egdb_table *t, uint8_t *out);
/* Set DK_EGDB_DONT_CARE in codes (a table of configuration c) where the men of the index
 * overlap or the side to move can capture: the values a file need not keep. */
void dk_egdb_mark_dont_care(const dk_egdb *db, dk_egdb_config c, uint8_t *codes);
/* Check a compressed table before use: 0, or -1 with a reason. */
int dk_egdb_table_check(dk_egdb_table *t, char *err, size_t errlen);
/* Compress `raw` (`size` codes, DK_EGDB_DONT_CARE where any value will do) into blocks of
 * `block_len`; writes at most `capacity` bytes to out and returns the size, or 0 if it did not
 * fit (capacity dk_egdb_encode_bound is always enough). */
uint64_t dk_egdb_encode(const uint8_t *raw, uint64_t size, uint32_t block_len, uint8_t *out, uint64_t capacity);
uint64_t dk_egdb_encode_bound(uint64_t size, uint32_t block_len);

/* The value of `p` (any side to move) for its side to move: a code, or DK_EGDB_UNKNOWN when
 * its configuration (or one a capture leads to) is not in the database. */
int dk_egdb_probe(const dk_egdb *db, const dk_pos64 *p);

/* Codes: combine a child's code (for the opponent) into the parent's view. */
static inline int dk_egdb_is_win(int code) { return code > 0 && ((code - 1) & 1); }
static inline int dk_egdb_is_loss(int code) { return code > 0 && !((code - 1) & 1); }

/* Solve configuration `c` and, together with it, the configuration with the sides swapped:
 * `out` and `out_swapped` (dk_egdb_size of each; the same buffer when c is its own swap)
 * receive the codes, DK_EGDB_DONT_CARE at overlapping men. Every configuration a capture or a
 * promotion leads to must be in `db`. Returns 0, -1 with a reason (a missing table, a
 * distance too long for a code), and reports progress through `progress(ctx, done, total)`
 * if not NULL. `scratch` holds one byte per index of both tables (counters). */
typedef void (*dk_egdb_progress_fn)(void *ctx, uint64_t done, uint64_t total);
int dk_egdb_solve(const dk_egdb *db, dk_egdb_config c, uint8_t *out, uint8_t *out_swapped,
                  uint8_t *scratch, dk_egdb_progress_fn progress, void *ctx, char *err, size_t errlen);

#endif
