/* damier._kernel.replay and replay_indices: a game's moves replayed in one call, for the game
 * database (damier.analysis.gamekeys is the specification and the pure-Python fallback).
 *
 * replay(gen, position, texts, numbers, letters, salt) reads move texts as PDN writes them
 * ("32-28", "28x19", "28x17x8", "c3:e5"): each text's squares are looked up in two tables
 * (numbers[n] and letters[file * 16 + rank]: the square index + 1, 0 for none), the move is
 * the one legal move of the position with those squares (with a long form: those landing
 * squares), and it is applied. It stops at the first text it cannot match alone (unknown
 * square, several or no legal moves with those squares, a huff, a list over the kernel's
 * capacity): the caller replays the rest on the Python path. replay_indices(gen, position,
 * indices, salt) replays moves given as their indices in the legal list (the database's
 * storage of a game), stopping at an index out of range.
 *
 * Both return (count, indices, keys, material, position): `count` moves replayed, their
 * indices in the legal list (one byte each), the 64-bit key of every position met (count + 1
 * of them, little-endian: see gamekeys.position_key), its material (four bytes each: white
 * men, black men, white kings, black kings) and the last position as a tuple.
 *
 * The index's postings are sorted and counted in postings.c.
 *
 * This file must not decide rules (the kernel's dk_legal and dk_apply do) nor store keys.
 */
#include "generator.h"

#define LETTER_SLOTS (26 * 16)

/* The key's random numbers: splitmix64's finaliser of a counter (gamekeys.py: _mix). */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

#define KEY_SEED 0x64616D6965720000ULL /* "damier" */

typedef struct {
    uint64_t piece[4][DK_MAX_SQUARES]; /* white man, black man, white king, black king */
    uint64_t turn;
} key_table;

static key_table KEYS;
static int keys_ready;

static void keys_init(void)
{
    for (int kind = 0; kind < 4; kind++)
        for (int sq = 0; sq < DK_MAX_SQUARES; sq++)
            KEYS.piece[kind][sq] = mix(KEY_SEED + (uint64_t)(kind * 256 + sq));
    KEYS.turn = mix(KEY_SEED + 0xFFFF);
    keys_ready = 1;
}

/* Parsed move text: squares (indices) and how many; -1 when it is not a plain text. */
static int parse_text(const char *s, Py_ssize_t len, const uint8_t *numbers, const uint8_t *letters,
                      int *squares)
{
    int n = 0;
    Py_ssize_t i = 0;
    while (i < len) {
        if (n == DK_MAX_PATH + 1)
            return -1;
        int sq;
        if (s[i] >= '0' && s[i] <= '9') {
            int v = 0, digits = 0;
            while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 4)
                v = v * 10 + (s[i++] - '0'), digits++;
            if (digits > 3 || v > 255 || !numbers[v])
                return -1;
            sq = numbers[v] - 1;
        } else if (s[i] >= 'a' && s[i] <= 'z') {
            int file = s[i++] - 'a', v = 0, digits = 0;
            while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 3)
                v = v * 10 + (s[i++] - '0'), digits++;
            if (!digits || v > 15 || !letters[file * 16 + v])
                return -1;
            sq = letters[file * 16 + v] - 1;
        } else {
            return -1;
        }
        squares[n++] = sq;
        if (i == len)
            break;
        if (s[i] != '-' && s[i] != 'x' && s[i] != ':')
            return -1;
        i++;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == len)
            return -1;
    }
    return n >= 2 ? n : -1;
}

/* Output buffers of one replay. */
typedef struct {
    uint8_t *indices;
    uint64_t *keys;
    uint8_t *material;
    Py_ssize_t capacity;
} replay_out;

#define DEFINE_REPLAY(W, BB)                                                                        \
    static uint64_t key##W(const dk_kernel *k, const dk_pos##W *p, uint64_t salt, uint8_t *mat)     \
    {                                                                                               \
        uint64_t key = salt ^ (p->turn ? KEYS.turn : 0);                                            \
        int count[4] = {0, 0, 0, 0};                                                                \
        for (int side = 0; side < 2; side++) {                                                      \
            BB pieces = side ? p->black : p->white;                                                 \
            while (pieces) {                                                                        \
                int bit = dk_ctz##W(pieces);                                                         \
                pieces &= pieces - 1;                                                               \
                int kind = side + (((p->kings >> bit) & 1) ? 2 : 0);                                \
                count[kind]++;                                                                      \
                key ^= KEYS.piece[kind][k->square_of[bit]];                                         \
            }                                                                                       \
        }                                                                                           \
        for (int i = 0; i < 4; i++)                                                                 \
            mat[i] = (uint8_t)count[i];                                                             \
        return key;                                                                                 \
    }                                                                                               \
                                                                                                    \
    /* The index of the legal move with these squares, or -1 (none, several, a huff). */           \
    static int match##W(const dk_kernel *k, const dk_move##W *moves, int n, const dk_paths *paths, \
                        const int *squares, int len)                                                \
    {                                                                                               \
        BB frm = (BB)1 << k->bit_of[squares[0]], to = (BB)1 << k->bit_of[squares[len - 1]];       \
        int found = -1;                                                                             \
        for (int i = 0; i < n; i++) {                                                               \
            if (moves[i].frm != frm || moves[i].to != to)                                           \
                continue;                                                                           \
            if (len > 2) {                                                                          \
                if (paths->len[i] != len - 1)                                                       \
                    continue;                                                                       \
                int same = 1;                                                                       \
                for (int j = 1; j < len && same; j++)                                               \
                    same = paths->path[i][j - 1] == squares[j];                                     \
                if (!same)                                                                          \
                    continue;                                                                       \
            }                                                                                       \
            if (found >= 0 || moves[i].huff)                                                        \
                return -1;                                                                          \
            found = i;                                                                              \
        }                                                                                           \
        return found;                                                                               \
    }                                                                                               \
                                                                                                    \
    /* Replay from p; `next(i, moves, n, paths)` gives the index of move i or -1 to stop. */        \
    static Py_ssize_t run##W(GeneratorObject *g, dk_pos##W *p, uint64_t salt, Py_ssize_t total,    \
                             int (*next)(void *, Py_ssize_t, const dk_kernel *, const void *, int,  \
                                         const dk_paths *),                                          \
                             void *ctx, replay_out *out)                                            \
    {                                                                                               \
        const dk_kernel *k = g->k;                                                                  \
        dk_move##W *moves = g->moves;                                                               \
        Py_ssize_t done = 0;                                                                        \
        out->keys[0] = key##W(k, p, salt, out->material);                                           \
        for (; done < total; done++) {                                                              \
            int n = dk_legal##W(k, p, moves, DK_MAX_MOVES, g->paths);                               \
            if (n <= 0)                                                                             \
                break;                                                                              \
            int i = next(ctx, done, k, moves, n, g->paths);                                         \
            if (i < 0 || i >= n)                                                                    \
                break;                                                                              \
            dk_pos##W after;                                                                        \
            if (dk_apply##W(k, p, &moves[i], &after) < 0)                                           \
                break;                                                                              \
            *p = after;                                                                             \
            out->indices[done] = (uint8_t)i;                                                        \
            out->keys[done + 1] = key##W(k, p, salt, out->material + 4 * (done + 1));               \
        }                                                                                           \
        return done;                                                                                \
    }

static inline int dk_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int dk_ctz128(dk_u128 x)
{
    uint64_t low = (uint64_t)x;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

DEFINE_REPLAY(64, uint64_t)
DEFINE_REPLAY(128, dk_u128)

/* The texts of a replay() call and their square tables. */
typedef struct {
    PyObject *texts;
    const uint8_t *numbers, *letters;
} text_source;

static int next_text(void *ctx, Py_ssize_t i, const dk_kernel *k, const void *moves, int n,
                     const dk_paths *paths)
{
    text_source *src = ctx;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(PyList_GET_ITEM(src->texts, i), &len);
    if (!s) {
        PyErr_Clear();
        return -1;
    }
    int squares[DK_MAX_PATH + 1];
    int count = parse_text(s, len, src->numbers, src->letters, squares);
    if (count < 0)
        return -1;
    return k->wide ? match128(k, moves, n, paths, squares, count)
                   : match64(k, moves, n, paths, squares, count);
}

static int next_index(void *ctx, Py_ssize_t i, const dk_kernel *k, const void *moves, int n,
                      const dk_paths *paths)
{
    (void)k, (void)moves, (void)paths;
    int v = ((const uint8_t *)ctx)[i];
    return v < n ? v : -1;
}

/* The common part of both calls: checks, buffers, the run, the answer. */
static PyObject *replay_common(PyObject *gen, PyObject *position, Py_ssize_t total, PyObject *salt_obj,
                               int (*next)(void *, Py_ssize_t, const dk_kernel *, const void *, int,
                                           const dk_paths *),
                               void *ctx)
{
    if (!dk_kernel_from(gen))
        return NULL;
    GeneratorObject *g = (GeneratorObject *)gen;
    if (!dk_initialised(g->k != NULL, "Generator"))
        return NULL;
    if (!keys_ready)
        keys_init();
    uint64_t salt = PyLong_AsUnsignedLongLongMask(salt_obj);
    if (PyErr_Occurred())
        return NULL;
    dk_pos128 w;
    if (position_from(g->k, &position, 1, &w))
        return NULL;
    PyObject *indices = PyBytes_FromStringAndSize(NULL, total);
    PyObject *keys = PyBytes_FromStringAndSize(NULL, 8 * (total + 1));
    PyObject *material = PyBytes_FromStringAndSize(NULL, 4 * (total + 1));
    if (!indices || !keys || !material) {
        Py_XDECREF(indices), Py_XDECREF(keys), Py_XDECREF(material);
        return NULL;
    }
    replay_out out = {(uint8_t *)PyBytes_AS_STRING(indices), (uint64_t *)PyBytes_AS_STRING(keys),
                      (uint8_t *)PyBytes_AS_STRING(material), total};
    Py_ssize_t done;
    if (g->k->wide) {
        done = run128(g, &w, salt, total, next, ctx, &out);
    } else {
        dk_pos64 q;
        narrow_pos(&w, &q);
        done = run64(g, &q, salt, total, next, ctx, &out);
        widen_pos(&q, &w);
    }
    if (_PyBytes_Resize(&indices, done) || _PyBytes_Resize(&keys, 8 * (done + 1))
        || _PyBytes_Resize(&material, 4 * (done + 1))) {
        Py_XDECREF(indices), Py_XDECREF(keys), Py_XDECREF(material);
        return NULL;
    }
    return Py_BuildValue("(nNNN(NNNiN))", done, indices, keys, material, dk_wide_to(w.white),
                         dk_wide_to(w.black), dk_wide_to(w.kings), w.turn, dk_wide_to(w.aux));
}

static PyObject *replay(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 6 || !PyList_Check(args[2]) || !PyBytes_Check(args[3]) || PyBytes_GET_SIZE(args[3]) != 256
        || !PyBytes_Check(args[4]) || PyBytes_GET_SIZE(args[4]) != LETTER_SLOTS) {
        PyErr_SetString(PyExc_TypeError, "replay(gen, position, texts: list, numbers: 256 bytes, "
                                         "letters: 416 bytes, salt)");
        return NULL;
    }
    text_source src = {args[2], (const uint8_t *)PyBytes_AS_STRING(args[3]),
                       (const uint8_t *)PyBytes_AS_STRING(args[4])};
    return replay_common(args[0], args[1], PyList_GET_SIZE(args[2]), args[5], next_text, &src);
}

static PyObject *replay_indices(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4 || !PyBytes_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "replay_indices(gen, position, indices: bytes, salt)");
        return NULL;
    }
    return replay_common(args[0], args[1], PyBytes_GET_SIZE(args[2]), args[3], next_index,
                         PyBytes_AS_STRING(args[2]));
}

static PyMethodDef replay_methods[] = {
    {"replay", DK_FASTCALL(replay),
     "replay(gen, position, texts, numbers, letters, salt) -> (count, indices, keys, material, position)"},
    {"replay_indices", DK_FASTCALL(replay_indices),
     "replay_indices(gen, position, indices, salt) -> (count, indices, keys, material, position)"},
    {NULL, NULL, 0, NULL},
};

int replay_init(PyObject *module)
{
    return PyModule_AddFunctions(module, replay_methods);
}
