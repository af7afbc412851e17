/* damier native kernel: the move-generation API (owner: native-gen; stable once landed).
 *
 * What this header owns: the plain rules parameters of a variant (dk_rules), the per-variant
 * read-only tables (dk_kernel), positions and moves in two word widths, and the calls that
 * generate, count, apply and perft. It has no variant names and no Python: the CPython binding
 * (module.c) fills dk_rules from a damier.core.rules.Rules object (core/kernel.py).
 *
 * Layout (the same as core/geometry.py, so positions cross the Python border as plain ints):
 *   dark boards (N x N, the dark squares): square i (0-based, Manoury order) is bit i + i / N;
 *   full boards (every cell): the cell (r, c) is bit r * (N + 1) + c.
 * One ghost bit per pair of rows (dark) or per row (full) makes every step in one direction the
 * same shift for every square. Boards up to 64 bits (8x8, 10x10) use uint64_t words, the others
 * (12x12: 77 bits, full 8x8: 71 bits) unsigned __int128: the same source is compiled once per
 * width (gen64.c, gen128.c include width64.h / width128.h, then the *_impl.h files).
 * k->wide says which width a variant uses; the *64 calls are for wide == 0, the *128 ones for
 * wide == 1.
 *
 * Directions are indices into (up-left, up-right, down-left, down-right, up, down, left, right):
 * rows grow towards White, "up" is towards Black's side. On dark boards the orthogonal steps
 * are two rows or two columns (the next dark square), as in core/geometry.py.
 *
 * Threads: dk_kernel_init fills a dk_kernel; after that it is only read, so one dk_kernel may be
 * shared by any number of threads. No call allocates memory or keeps global state.
 *
 * Errors: a call that cannot finish inside the caller's capacity (more legal moves than
 * `capacity`, a capture of more than DK_MAX_PATH pieces) returns -1 and never a partial answer.
 * Positions must be valid: white, black and kings inside k->all_bits, white & black == 0,
 * kings inside white | black, turn 0 or 1, aux as described below (dk_valid_pos* checks it).
 */
#ifndef DAMIER_KERNEL_H
#define DAMIER_KERNEL_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned __int128 dk_u128;

#define DK_MAX_SIZE 12       /* rows of the largest board */
#define DK_MAX_SQUARES 72    /* 12x12 dark squares; a full 8x8 board has 64 */
#define DK_DIRECTIONS 8
#define DK_MAX_PATH 64       /* pieces taken by one move (more returns -1) */
#define DK_MAX_MOVES 512     /* the list capacity of dk_count/dk_perft/dk_apply (see docs/core.md) */

enum dk_capture_rule {       /* Rules.capture_rule */
    DK_MAX_COUNT = 0, DK_FREE = 1, DK_ITALIAN = 2, DK_SPANISH = 3, DK_MAX_VALUE = 4
};
enum dk_promotion {          /* Rules.promotion_in_capture */
    DK_CONTINUE_AS_MAN = 0, DK_PROMOTE_AND_CONTINUE = 1, DK_PROMOTE_AND_STOP = 2
};

/* Every parameter of Rules that move generation reads (the names are those of Rules). */
typedef struct dk_rules {
    int size;                       /* rows = columns, even, 4..12 */
    int full_board;                 /* 0: shape "dark"; 1: shape "full" */
    int n_man_steps[2], man_steps[2][DK_DIRECTIONS];  /* per colour (0 White, 1 Black) */
    int n_man_captures[2], man_captures[2][DK_DIRECTIONS];
    int n_king_steps, king_steps[DK_DIRECTIONS];
    int n_king_captures, king_captures[DK_DIRECTIONS];
    int flying_kings;
    int capture_rule;               /* enum dk_capture_rule */
    int king_priority;
    int king_must_continue;
    int king_lands_behind;          /* a flying king lands only directly behind its victim (Thai) */
    int king_breaks_ties;           /* after the choice rule, a king's captures if any (Malaysian) */
    int promotion_in_capture;       /* enum dk_promotion */
    int remove_at_end;
    int no_reverse_capture;
    int men_capture_kings;
    int man_value, king_value;
    int king_move_limit;            /* Frisian: 0 = none */
    int huffing;
} dk_rules;

/* One jump of a piece standing on a square: the square jumped over and the landing square. */
#define DK_JUMP_FIELDS(BB) struct { BB over, land_bit; int8_t over_sq, land, dir, pad_; }

/* The word-width tables of one variant (built by dk_kernel_init). */
#define DK_TABLES_FIELDS(BB)                                                                   \
    BB mask[DK_MAX_SQUARES];          /* square -> its bit */                                 \
    BB all;                           /* every playing square */                              \
    BB promo[2];                      /* the rows where White's / Black's men are crowned */  \
    BB row[DK_MAX_SIZE];              /* row r (0 = Black's side) */                          \
    BB ray_mask[DK_DIRECTIONS][DK_MAX_SQUARES];  /* the squares of a ray, not the start */    \
    BB src1[DK_DIRECTIONS];           /* squares with a neighbour in direction d */           \
    BB src2[DK_DIRECTIONS];           /* squares with two squares in direction d */           \
    BB man_near[2][DK_MAX_SQUARES];   /* squares a man of a colour could jump over */         \
    BB king_reach[2][DK_DIRECTIONS][DK_MAX_SQUARES]; /* see capture_impl.h */                \
    /* jumps of a man in the order its capture search tries them (see capture_impl.h) */   \
    DK_JUMP_FIELDS(BB) man_jump[2][DK_MAX_SQUARES][DK_DIRECTIONS];                          \
    DK_JUMP_FIELDS(BB) king_jump[DK_MAX_SQUARES][DK_DIRECTIONS]; /* short kings */          \
    uint8_t n_man_jump[2][DK_MAX_SQUARES];                                                    \
    uint8_t n_king_jump[DK_MAX_SQUARES]

typedef struct dk_tables64 { DK_TABLES_FIELDS(uint64_t); } dk_tables64;
typedef struct dk_tables128 { DK_TABLES_FIELDS(dk_u128); } dk_tables128;

/* A variant: its rules, the board geometry and the tables of its word width. */
typedef struct dk_kernel {
    dk_rules rules;
    int wide;                         /* 0: 64-bit words, 1: 128-bit words */
    int size, squares, bits;          /* bits: highest bit of a square + 1 */
    int bit_of[DK_MAX_SQUARES];       /* square -> bit position */
    int8_t square_of[128];            /* bit position -> square, -1 for a ghost bit */
    int8_t row_of[DK_MAX_SQUARES];    /* square -> its row (0 = Black's side) */
    int shift[DK_DIRECTIONS];         /* bit delta of one step in direction d */
    int left[DK_DIRECTIONS], right[DK_DIRECTIONS]; /* a step is x << left[d] >> right[d] */
    int n_listed[2], listed[2][DK_DIRECTIONS]; /* man capture directions, in listing order */
    int reverse[DK_DIRECTIONS];       /* the opposite direction */
    int8_t step[DK_DIRECTIONS][DK_MAX_SQUARES];            /* neighbour or -1 */
    uint8_t ray_len[DK_DIRECTIONS][DK_MAX_SQUARES];
    int8_t ray[DK_DIRECTIONS][DK_MAX_SQUARES][DK_MAX_SIZE]; /* squares from i to the edge */
    /* how the Python generator lists this variant's moves (the order follows it) */
    int diagonal_men;                 /* pure_movegen.diagonal_men(): men step diagonally */
    int plain_men, plain_kings;       /* plain_men.py, plain_kings.py: the common-rule searches */
    int victims_differ;               /* Spanish / value rules rank single captures */
    int men_back;                     /* men capture backwards too */
    uint64_t zobrist[4][DK_MAX_SQUARES]; /* white man, black man, white king, black king */
    uint64_t zobrist_turn;            /* xor-ed in when Black is to move */
    union { dk_tables64 w64; dk_tables128 w128; } t;
} dk_kernel;

/* Position.aux: huffing variants: the bitboard of the pieces of the side that just moved
 * that may be huffed; king_move_limit variants: for each side the square + 1 (0 = none) of
 * the king that made the last quiet king moves and how many in a row: bits 0-7 / 8-15 for
 * White, 16-23 / 24-31 for Black (core/kingmoves.py); 0 for every other variant. */
typedef struct dk_pos64 { uint64_t white, black, kings, aux; int turn; } dk_pos64;
typedef struct dk_pos128 { dk_u128 white, black, kings, aux; int turn; } dk_pos128;

/* A move, as the Python fast move (core/fastmove.py) without its path: single-bit masks of
 * the start and end squares (equal when a king comes back to its square), the opponent
 * pieces removed (captured, plus the huffed piece), what to xor into kings after removing
 * them, and the huffed piece (0 almost always). `info` is private to the generator. */
typedef struct dk_move64 { uint64_t frm, to, remove, kings_xor, huff, info; } dk_move64;
typedef struct dk_move128 { dk_u128 frm, to, remove, kings_xor, huff; uint64_t info; } dk_move128;

/* Landing squares of the moves of a list (path[i][0 .. len[i] - 1]), for callers that want
 * them (the Python binding); pass NULL to skip them. `victim` holds the captured squares in
 * the order they were jumped. */
typedef struct dk_paths {
    uint8_t len[DK_MAX_MOVES];
    int8_t path[DK_MAX_MOVES][DK_MAX_PATH];
    int8_t victim[DK_MAX_MOVES][DK_MAX_PATH];
} dk_paths;

/* Fill `k` from `rules`; 0 on success, -1 with a reason in err (rules no kernel can hold). */
int dk_kernel_init(dk_kernel *k, const dk_rules *rules, char *err, size_t errlen);

/* 1 if `p` is a valid position for `k` (see "Positions must be valid" above), else 0. */
int dk_valid_pos64(const dk_kernel *k, const dk_pos64 *p);
int dk_valid_pos128(const dk_kernel *k, const dk_pos128 *p);

/* The legal moves of `p` under every rule of the variant (choice rules, duplicate routes
 * removed, huffing, the king-move limit), in exactly the order of the Python generator;
 * their number, or -1 if more than `capacity` (<= DK_MAX_MOVES with paths). */
int dk_legal64(const dk_kernel *k, const dk_pos64 *p, dk_move64 *out, int capacity, dk_paths *paths);
int dk_legal128(const dk_kernel *k, const dk_pos128 *p, dk_move128 *out, int capacity, dk_paths *paths);

/* The number of legal moves (quiet moves and single captures are counted, not built);
 * -1 as dk_legal with DK_MAX_MOVES. */
int dk_count64(const dk_kernel *k, const dk_pos64 *p);
int dk_count128(const dk_kernel *k, const dk_pos128 *p);

/* dk_legal and dk_count under the strict rules only: captures compulsory as the capture
 * rules say, no huffing, no king-move limit, aux ignored (MoveGenerator.legal_raw). The same
 * as dk_legal / dk_count for variants without state. */
int dk_legal_strict64(const dk_kernel *k, const dk_pos64 *p, dk_move64 *out, int capacity, dk_paths *paths);
int dk_legal_strict128(const dk_kernel *k, const dk_pos128 *p, dk_move128 *out, int capacity, dk_paths *paths);
int dk_count_strict64(const dk_kernel *k, const dk_pos64 *p);
int dk_count_strict128(const dk_kernel *k, const dk_pos128 *p);

/* Whether the side to move can capture (ignoring huffing's freedom not to). */
int dk_has_capture64(const dk_kernel *k, const dk_pos64 *p);
int dk_has_capture128(const dk_kernel *k, const dk_pos128 *p);

/* The position after legal move `m` of `p` (side to move switched, aux updated); 0, or -1
 * when the huffing judge overflows DK_MAX_MOVES. */
int dk_apply64(const dk_kernel *k, const dk_pos64 *p, const dk_move64 *m, dk_pos64 *out);
int dk_apply128(const dk_kernel *k, const dk_pos128 *p, const dk_move128 *m, dk_pos128 *out);

/* Positions after `depth` plies (no draw rules), bulk-counted at the last ply; -1 on overflow. */
int64_t dk_perft64(const dk_kernel *k, const dk_pos64 *p, int depth);
int64_t dk_perft128(const dk_kernel *k, const dk_pos128 *p, int depth);

/* Zobrist hash: pieces, side to move and dk_hash_aux(aux). */
uint64_t dk_hash64(const dk_kernel *k, const dk_pos64 *p);
uint64_t dk_hash128(const dk_kernel *k, const dk_pos128 *p);
uint64_t dk_hash_aux(uint64_t aux_low, uint64_t aux_high);

#endif
