/* damier._kernel.sort_postings and count_postings: the game database's index segments, in
 * bulk (damier.analysis.gamestore is the specification and the pure-Python fallback).
 *
 * sort_postings(keys, vals, moves, threshold) sorts a segment's postings by (key, value) at
 * import; count_postings(vals, moves, facts, bounds, shift, top, newest) counts one key's
 * postings in one segment for an explorer question with filters (years, mean rating): at a
 * million games the start position has a million postings, about 0.7 s on the Python path.
 *
 * This file must not decide rules, read SQLite or know the summary's layout.
 */
#include "generator.h"

/* sort_postings: the postings of an index segment sorted by (key, value), and the runs of
 * equal keys of at least `threshold` postings (gamestore.py: sort_postings is the
 * specification and the pure-Python fallback). */
typedef struct {
    uint64_t key;
    uint32_t val;
    uint8_t move;
} posting;

static int posting_order(const void *a, const void *b)
{
    const posting *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->val < y->val ? -1 : x->val > y->val;
}

static PyObject *sort_postings(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1]) || !PyBytes_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "sort_postings(keys: bytes, vals: bytes, moves: bytes, threshold)");
        return NULL;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(args[2]);
    long threshold = PyLong_AsLong(args[3]);
    if (threshold == -1 && PyErr_Occurred())
        return NULL;
    if (PyBytes_GET_SIZE(args[0]) != 8 * n || PyBytes_GET_SIZE(args[1]) != 4 * n || threshold < 1) {
        PyErr_SetString(PyExc_ValueError, "sort_postings: 8, 4 and 1 bytes per posting, threshold >= 1");
        return NULL;
    }
    posting *all = PyMem_Malloc(sizeof(posting) * (size_t)(n ? n : 1));
    if (!all)
        return PyErr_NoMemory();
    const char *k = PyBytes_AS_STRING(args[0]), *v = PyBytes_AS_STRING(args[1]);
    const uint8_t *m = (const uint8_t *)PyBytes_AS_STRING(args[2]);
    for (Py_ssize_t i = 0; i < n; i++) {
        memcpy(&all[i].key, k + 8 * i, 8);
        memcpy(&all[i].val, v + 4 * i, 4);
        all[i].move = m[i];
    }
    Py_BEGIN_ALLOW_THREADS
    qsort(all, (size_t)n, sizeof(posting), posting_order);
    Py_END_ALLOW_THREADS
    PyObject *keys = PyBytes_FromStringAndSize(NULL, 8 * n);
    PyObject *vals = PyBytes_FromStringAndSize(NULL, 4 * n);
    PyObject *moves = PyBytes_FromStringAndSize(NULL, n);
    PyObject *runs = PyList_New(0);
    if (!keys || !vals || !moves || !runs)
        goto fail;
    char *ko = PyBytes_AS_STRING(keys), *vo = PyBytes_AS_STRING(vals), *mo = PyBytes_AS_STRING(moves);
    Py_ssize_t start = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        memcpy(ko + 8 * i, &all[i].key, 8);
        memcpy(vo + 4 * i, &all[i].val, 4);
        mo[i] = (char)all[i].move;
        if (i + 1 == n || all[i + 1].key != all[i].key) {
            if (i + 1 - start >= threshold) {
                PyObject *run = Py_BuildValue("(nn)", start, i + 1 - start);
                if (!run || PyList_Append(runs, run)) {
                    Py_XDECREF(run);
                    goto fail;
                }
                Py_DECREF(run);
            }
            start = i + 1;
        }
    }
    PyMem_Free(all);
    return Py_BuildValue("(NNNN)", keys, vals, moves, runs);
fail:
    PyMem_Free(all);
    Py_XDECREF(keys), Py_XDECREF(vals), Py_XDECREF(moves), Py_XDECREF(runs);
    return NULL;
}

/* count_postings: one segment's postings of one key counted for the explorer with filters
 * (gamestore.py: count_postings is the specification and the pure-Python fallback). The
 * postings are sorted by value, so a game's postings are adjacent and the first is its
 * earliest ply: a game counts once, with the move played there. */
typedef struct {
    uint32_t games, white, draws, black, rated;
    uint64_t rating_sum;
} move_count;

static int keeps(const uint8_t *fact, const long *bounds)
{
    long year = fact[1] ? fact[1] + 1800 : 0, mean = fact[2] | fact[3] << 8;
    if (bounds[0] >= 0 && (!year || year < bounds[0]))
        return 0;
    if (bounds[1] >= 0 && (!year || year > bounds[1]))
        return 0;
    if (bounds[2] >= 0 && (!mean || mean < bounds[2]))
        return 0;
    return !(bounds[3] >= 0 && (!mean || mean > bounds[3]));
}

typedef struct {
    long mean;
    uint32_t game;
} rated_game;

/* Keep the `top` best-rated games (highest mean rating, then the newest) in `best`, sorted. */
static void rank(rated_game *best, long *kept, long top, long mean, uint32_t game)
{
    long at = *kept;
    while (at > 0 && (best[at - 1].mean < mean || (best[at - 1].mean == mean && best[at - 1].game < game)))
        at--;
    if (at >= top)
        return;
    long last = *kept < top ? *kept : top - 1;
    memmove(best + at + 1, best + at, sizeof(rated_game) * (size_t)(last - at));
    best[at] = (rated_game){mean, game};
    if (*kept < top)
        (*kept)++;
}

static PyObject *counted(const move_count *counts, const rated_game *best, long kept,
                         PyObject *newest)
{
    PyObject *moves = PyList_New(0), *rated = PyList_New(0);
    for (int m = 0; moves && rated && m < 256; m++) {
        const move_count *c = &counts[m];
        if (!c->games)
            continue;
        PyObject *row = Py_BuildValue("(iIIIIIK)", m, c->games, c->white, c->draws, c->black,
                                      c->rated, (unsigned long long)c->rating_sum);
        if (!row || PyList_Append(moves, row))
            Py_CLEAR(moves);
        Py_XDECREF(row);
    }
    for (long i = 0; moves && rated && i < kept; i++) {
        PyObject *pair = Py_BuildValue("(lI)", best[i].mean, best[i].game);
        if (!pair || PyList_Append(rated, pair))
            Py_CLEAR(rated);
        Py_XDECREF(pair);
    }
    if (!moves || !rated) {
        Py_XDECREF(moves), Py_XDECREF(rated), Py_DECREF(newest);
        return NULL;
    }
    return Py_BuildValue("(NNN)", moves, rated, newest);
}

static PyObject *count_postings(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    long bounds[4];
    if (nargs != 7 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1]) || !PyBytes_Check(args[2])
        || !PyTuple_Check(args[3]) || PyTuple_GET_SIZE(args[3]) != 4) {
        PyErr_SetString(PyExc_TypeError, "count_postings(vals: bytes, moves: bytes, facts: bytes, "
                                         "bounds: 4-tuple, shift, top, newest)");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        bounds[i] = PyLong_AsLong(PyTuple_GET_ITEM(args[3], i));
        if (bounds[i] == -1 && PyErr_Occurred())
            return NULL;
    }
    long shift = PyLong_AsLong(args[4]), top = PyLong_AsLong(args[5]), want = PyLong_AsLong(args[6]);
    if (PyErr_Occurred())
        return NULL;
    Py_ssize_t n = PyBytes_GET_SIZE(args[1]), games = PyBytes_GET_SIZE(args[2]) / 4;
    if (PyBytes_GET_SIZE(args[0]) != 4 * n || shift < 1 || shift > 31 || top < 0 || top > 1024
        || want < 0) {
        PyErr_SetString(PyExc_ValueError, "count_postings: 4 and 1 bytes per posting, "
                                          "1 <= shift <= 31, 0 <= top <= 1024");
        return NULL;
    }
    const char *v = PyBytes_AS_STRING(args[0]);
    const uint8_t *m = (const uint8_t *)PyBytes_AS_STRING(args[1]);
    const uint8_t *facts = (const uint8_t *)PyBytes_AS_STRING(args[2]);
    move_count counts[256] = {{0}};
    rated_game best[1024];
    long kept = 0;
    PyObject *newest = PyList_New(0);
    if (!newest)
        return NULL;
    uint32_t last = UINT32_MAX;
    for (Py_ssize_t i = n - 1; i >= 0; i--) { /* newest game first: `newest` fills in order */
        uint32_t val;
        memcpy(&val, v + 4 * i, 4);
        uint32_t game = val >> shift;
        if (game == last)
            continue;
        last = game;
        Py_ssize_t first = i; /* the game's earliest ply: the lowest posting of its run */
        for (uint32_t before; first > 0; first--) {
            memcpy(&before, v + 4 * (first - 1), 4);
            if (before >> shift != game)
                break;
        }
        if ((Py_ssize_t)game >= games) {
            PyErr_SetString(PyExc_ValueError, "count_postings: a posting's game has no facts");
            Py_DECREF(newest);
            return NULL;
        }
        const uint8_t *fact = facts + 4 * (size_t)game;
        if (!keeps(fact, bounds))
            continue;
        long mean = fact[2] | fact[3] << 8;
        move_count *c = &counts[m[first]];
        c->games++;
        c->white += fact[0] == 1, c->draws += fact[0] == 2, c->black += fact[0] == 3;
        if (mean) {
            c->rated++, c->rating_sum += (uint64_t)mean;
            rank(best, &kept, top, mean, game);
        }
        if (PyList_GET_SIZE(newest) < want) {
            PyObject *id = PyLong_FromUnsignedLong(game);
            if (!id || PyList_Append(newest, id)) {
                Py_XDECREF(id);
                Py_DECREF(newest);
                return NULL;
            }
            Py_DECREF(id);
        }
    }
    return counted(counts, best, kept, newest);
}

static PyMethodDef postings_methods[] = {
    {"sort_postings", DK_FASTCALL(sort_postings),
     "sort_postings(keys, vals, moves, threshold) -> (keys, vals, moves, runs)"},
    {"count_postings", DK_FASTCALL(count_postings),
     "count_postings(vals, moves, facts, bounds, shift, top, newest) -> (moves, rated, newest)"},
    {NULL, NULL, 0, NULL},
};

int postings_init(PyObject *module)
{
    return PyModule_AddFunctions(module, postings_methods);
}
