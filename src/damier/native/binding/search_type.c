/* The CPython binding of the search (owner: native-search): damier._kernel.Search, and the
 * hook module.c calls to add it and the Evaluator (evaluator.c) to the module.
 *
 *   Search(generator, evaluator, rules, hash_mb)   `rules`: (repetition, quiet_plies,
 *       antidraughts, breakthrough);
 *       .start(root, history, reversible, endgame_remaining, root_moves, multipv, options,
 *              node_limit, seconds, keep_tt) -> number of root moves
 *       .next(max_depth, progress=None, every=0.25) -> None when done, else (depth, seldepth,
 *              nodes, complete, lines) with lines [(score, [(frm, to, remove, kings_xor, huff),
 *              ...]), ...]; the GIL is released while it searches, and taken back only to call
 *              progress(depth, seldepth, nodes, seconds) about every `every` seconds;
 *       .stop()  (any thread), .clear().
 *
 * Everything is checked here before it reaches C: types, ranges, positions (dk_valid_pos),
 * root moves (must be legal); a bad call raises TypeError or ValueError, a second thread
 * driving the same Search raises RuntimeError. A position with more moves than the kernel's
 * lists hold (huffing with many offenders) raises CapacityError (a RuntimeError): the Python
 * side then searches with the pure-Python search.
 */
#include "search_type.h"
#include "convert.h"
#include "pytypes.h"

#include <stdatomic.h>

#include "egdb_type.h"
#include "evaluator.h"
#include "../search.h"

/* damier._kernel.CapacityError: a position with more moves than the kernel's lists hold. */
static PyObject *CapacityError;

typedef struct {
    PyObject_HEAD
    PyObject *generator, *evaluator;
    PyObject *egdb;            /* the Egdb probed (strength's hook), kept alive; or NULL */
    dk_search *search;
    atomic_int busy;
} SearchObject;

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"generator", "evaluator", "rules", "hash_mb", NULL};
    PyObject *generator, *evaluator, *rules;
    long hash_mb = 32;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO|l", names, &generator, &evaluator, &rules, &hash_mb))
        return -1;
    const dk_kernel *k = dk_kernel_from(generator);
    const dk_eval *eval = k ? dk_eval_from(evaluator) : NULL;
    if (!eval)
        return -1;
    if (eval->k != k) {
        PyErr_SetString(PyExc_ValueError, "the evaluator belongs to another generator");
        return -1;
    }
    if (!PyTuple_Check(rules) || PyTuple_GET_SIZE(rules) != 4) {
        PyErr_SetString(PyExc_TypeError, "rules must be (repetition, quiet_plies, antidraughts, breakthrough)");
        return -1;
    }
    long r[4];
    for (int i = 0; i < 4; i++)
        if (dk_int_from(PyTuple_GET_ITEM(rules, i), 0, 100000, &r[i], "a rules item") < 0)
            return -1;
    if (hash_mb < 1 || hash_mb > 65536) {
        PyErr_SetString(PyExc_ValueError, "hash_mb must be in 1..65536");
        return -1;
    }
    if (atomic_load(&self->busy)) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running");
        return -1;
    }
    dk_search_rules sr = {(int)r[0], (int)r[1], (int)r[2], (int)r[3]};
    char err[200];
    dk_search *s = dk_search_new(k, eval, &sr, (size_t)hash_mb, err, sizeof err);
    if (!s) {
        PyErr_SetString(PyExc_MemoryError, err);
        return -1;
    }
    dk_search_free(self->search);
    self->search = s;
    Py_INCREF(generator);
    Py_INCREF(evaluator);
    Py_XSETREF(self->generator, generator);
    Py_XSETREF(self->evaluator, evaluator);
    return 0;
}

static void Search_dealloc(SearchObject *self)
{
    dk_search_free(self->search);
    Py_XDECREF(self->generator);
    Py_XDECREF(self->evaluator);
    Py_XDECREF(self->egdb);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Claim the search for this call (RuntimeError if another thread drives it). */
static int claim(SearchObject *self)
{
    if (!dk_initialised(self->search != NULL, "Search"))
        return 0;
    int idle = 0;
    if (!atomic_compare_exchange_strong(&self->busy, &idle, 1)) {
        PyErr_SetString(PyExc_RuntimeError, "the search is already running in another thread");
        return 0;
    }
    return 1;
}

static void release(SearchObject *self) { atomic_store(&self->busy, 0); }

static int move_item(PyObject *m, void *out, const dk_kernel *k)
{
    dk_wmove *w = out;
    (void)k;
    if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) != 4) {
        PyErr_SetString(PyExc_TypeError, "a root move must be a tuple (frm, to, remove, huff)");
        return -1;
    }
    if (dk_wide_from(PyTuple_GET_ITEM(m, 0), &w->frm, "frm") < 0 || dk_wide_from(PyTuple_GET_ITEM(m, 1), &w->to, "to") < 0
        || dk_wide_from(PyTuple_GET_ITEM(m, 2), &w->remove, "remove") < 0
        || dk_wide_from(PyTuple_GET_ITEM(m, 3), &w->huff, "huff") < 0)
        return -1;
    return 0;
}

static int history_item(PyObject *o, void *out, const dk_kernel *k)
{
    if (dk_wpos_from(o, out, "a history position") < 0)
        return -1;
    if (!dk_wpos_valid(k, out)) {
        PyErr_SetString(PyExc_ValueError, "a history position is not valid for this variant");
        return -1;
    }
    return 0;
}

static PyObject *Search_start(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"root", "history", "reversible", "endgame_remaining", "root_moves", "multipv",
                            "options", "node_limit", "seconds", "keep_tt", NULL};
    PyObject *root, *history, *root_moves, *options;
    int reversible, endgame, multipv, keep_tt;
    long long node_limit;
    double seconds;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiiOiOLdp", names, &root, &history, &reversible, &endgame,
                                     &root_moves, &multipv, &options, &node_limit, &seconds, &keep_tt))
        return NULL;
    if (!claim(self))
        return NULL;
    const dk_kernel *k = dk_kernel_from(self->generator);
    dk_search_setup setup = {0};
    dk_search_options opt = {0};
    dk_wpos *hist = NULL;
    dk_wmove *moves = NULL;
    PyObject *result = NULL;
    /* the largest value of each option, in the order of dk_search_options */
    static const long top[] = {1, 3, 1, 1000, 1, 1, 1};
    enum { N_OPTIONS = sizeof top / sizeof top[0] };
    long o[N_OPTIONS];
    if (!PyTuple_Check(options) || PyTuple_GET_SIZE(options) != N_OPTIONS) {
        PyErr_SetString(PyExc_TypeError, "options must be (threats, lmr, sacs, probcut, history, "
                                          "probcut_nested, probcut_captures)");
        goto done;
    }
    for (int i = 0; i < N_OPTIONS; i++)
        if (dk_int_from(PyTuple_GET_ITEM(options, i), 0, top[i], &o[i], "a search option") < 0)
            goto done;
    if (reversible < 0 || endgame < 0 || multipv < 1 || node_limit < 0 || !(seconds >= 0)) {
        PyErr_SetString(PyExc_ValueError, "reversible, endgame_remaining, node_limit and seconds must not be "
                                          "negative, multipv at least 1");
        goto done;
    }
    if (dk_wpos_from(root, &setup.root, "root") < 0)
        goto done;
    if (!dk_wpos_valid(k, &setup.root)) {
        PyErr_SetString(PyExc_ValueError, "the root is not a valid position of this variant");
        goto done;
    }
    hist = dk_sequence_from(history, 0, DK_MAX_HISTORY, sizeof(dk_wpos), "history", history_item, k,
                            &setup.n_history);
    if (!hist)
        goto done;
    if (root_moves != Py_None) {
        moves = dk_sequence_from(root_moves, 1, DK_MAX_MOVES, sizeof(dk_wmove), "root_moves", move_item, k,
                                 &setup.n_root_moves);
        if (!moves)
            goto done;
    }
    setup.history = hist;
    setup.root_moves = moves;
    setup.reversible = reversible;
    setup.endgame_remaining = endgame;
    setup.multipv = multipv;
    setup.node_limit = node_limit;
    setup.seconds = seconds;
    setup.keep_tt = keep_tt;
    opt = (dk_search_options){(int)o[0], (int)o[1], (int)o[2], (int)o[3], (int)o[4], (int)o[5], (int)o[6]};
    int started = dk_search_start(self->search, &setup, &opt);
    if (started < 0)
        PyErr_SetString(started == -2 ? CapacityError : PyExc_ValueError, dk_search_error(self->search));
    else
        result = PyLong_FromLong(dk_search_root_moves(self->search));
done:
    PyMem_Free(hist);
    PyMem_Free(moves);
    release(self);
    return result;
}

static PyObject *line_to(const dk_line *line)
{
    PyObject *pv = PyList_New(line->length);
    if (!pv)
        return NULL;
    for (int j = 0; j < line->length; j++) {
        const dk_wmove *m = &line->pv[j];
        PyObject *t = Py_BuildValue("(NNNNN)", dk_wide_to(m->frm), dk_wide_to(m->to), dk_wide_to(m->remove),
                                    dk_wide_to(m->kings_xor), dk_wide_to(m->huff));
        if (!t) {
            Py_DECREF(pv);
            return NULL;
        }
        PyList_SET_ITEM(pv, j, t);
    }
    return Py_BuildValue("(iN)", line->score, pv);
}

/* Reports while a depth runs: the GIL is taken back for the call of `progress`. */
typedef struct report_ctx {
    PyThreadState *thread;
    PyObject *progress;
    dk_search *search;
    int failed;
} report_ctx;

static void report(void *p)
{
    report_ctx *c = p;
    if (c->failed)
        return;
    dk_progress pr;
    dk_search_progress(c->search, &pr);
    PyEval_RestoreThread(c->thread);
    PyObject *r = PyObject_CallFunction(c->progress, "iiLd", pr.depth, pr.seldepth, (long long)pr.nodes,
                                        pr.seconds);
    if (r)
        Py_DECREF(r);
    else { /* the exception is raised when the search returns */
        c->failed = 1;
        dk_search_stop(c->search);
    }
    c->thread = PyEval_SaveThread();
}

static PyObject *Search_next(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"max_depth", "progress", "every", NULL};
    PyObject *max_obj, *progress = Py_None;
    double every = 0.25;
    long max_depth;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|Od", names, &max_obj, &progress, &every))
        return NULL;
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress must be callable or None");
        return NULL;
    }
    if (dk_int_from(max_obj, 1, DK_MAX_PLY, &max_depth, "max_depth") < 0 || !(every > 0) || !claim(self)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "every must be positive");
        return NULL;
    }
    dk_iteration it;
    report_ctx ctx = {NULL, progress, self->search, 0};
    dk_search_set_report(self->search, progress == Py_None ? NULL : report, &ctx, every);
    ctx.thread = PyEval_SaveThread();
    int status = dk_search_next(self->search, (int)max_depth, &it);
    PyEval_RestoreThread(ctx.thread);
    dk_search_set_report(self->search, NULL, NULL, every);
    PyObject *result = NULL;
    if (ctx.failed) {
        /* the exception of `progress` is set */
    } else if (status == DK_SEARCH_ERROR) {
        PyErr_SetString(dk_search_overflowed(self->search) ? CapacityError : PyExc_RuntimeError,
                        dk_search_error(self->search));
    } else if (status == DK_SEARCH_DONE) {
        result = Py_NewRef(Py_None);
    } else {
        PyObject *lines = PyList_New(it.n_lines);
        for (int i = 0; lines && i < it.n_lines; i++) {
            PyObject *line = line_to(&it.lines[i]);
            if (!line) {
                Py_CLEAR(lines);
                break;
            }
            PyList_SET_ITEM(lines, i, line);
        }
        if (lines)
            result = Py_BuildValue("(iiLON)", it.depth, it.seldepth, (long long)it.nodes,
                                   it.complete ? Py_True : Py_False, lines);
    }
    release(self);
    return result;
}

static PyObject *Search_stop(SearchObject *self, PyObject *unused)
{
    (void)unused;
    if (self->search)
        dk_search_stop(self->search);
    Py_RETURN_NONE;
}

static PyObject *Search_clear(SearchObject *self, PyObject *unused)
{
    (void)unused;
    if (!claim(self))
        return NULL;
    dk_search_clear(self->search);
    release(self);
    Py_RETURN_NONE;
}

/* set_egdb(egdb or None, pieces): the endgame database to probe (strength's hook). */
static PyObject *Search_set_egdb(SearchObject *self, PyObject *args)
{
    PyObject *db;
    int pieces;
    if (!PyArg_ParseTuple(args, "Oi", &db, &pieces))
        return NULL;
    const dk_egdb *e = db == Py_None ? NULL : dk_egdb_from(db);
    if (db != Py_None && !e)
        return NULL;
    if (pieces < 0 || pieces > DK_EGDB_MAX_PIECES) {
        PyErr_SetString(PyExc_ValueError, "pieces must be 0..8");
        return NULL;
    }
    if (!claim(self))
        return NULL;
    if (e && e->k != dk_kernel_from(self->generator)) {
        release(self);
        PyErr_SetString(PyExc_ValueError, "the database belongs to another generator");
        return NULL;
    }
    dk_search_set_egdb(self->search, e, e ? pieces : 0);
    release(self);
    Py_XINCREF(e ? db : NULL);
    Py_XSETREF(self->egdb, e ? db : NULL);
    Py_RETURN_NONE;
}

static PyMethodDef Search_methods[] = {
    {"start", (PyCFunction)(void (*)(void))Search_start, METH_VARARGS | METH_KEYWORDS,
     "start(root, history, reversible, endgame_remaining, root_moves, multipv, options, node_limit, "
     "seconds, keep_tt) -> number of root moves"},
    {"next", (PyCFunction)(void (*)(void))Search_next, METH_VARARGS | METH_KEYWORDS,
     "next(max_depth, progress=None, every=0.25) -> the next depth's result, or None; "
     "progress(depth, seldepth, nodes, seconds) is called about every `every` seconds meanwhile"},
    {"stop", (PyCFunction)Search_stop, METH_NOARGS, "ask the running search to stop (any thread)"},
    {"clear", (PyCFunction)Search_clear, METH_NOARGS, "forget the transposition table"},
    {"set_egdb", (PyCFunction)Search_set_egdb, METH_VARARGS,
     "set_egdb(egdb, pieces): probe this damier._kernel.Egdb (None: none) at nodes of at most pieces"},
    {NULL, NULL, 0, NULL},
};

static PyObject *Search_running(SearchObject *self, void *unused)
{
    (void)unused;
    return PyBool_FromLong(atomic_load(&self->busy));
}

static PyGetSetDef Search_getset[] = {
    {"running", (getter)Search_running, NULL,
     "whether a thread is inside next() or clear() now (the search runs without the GIL)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    DK_TYPE_SLOTS(Search, SearchObject, "The native search of a variant (see damier.engine.native)."),
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

int search_binding_init(PyObject *module)
{
    if (dk_add_type(module, "Evaluator", &dk_EvaluatorType) < 0
        || dk_add_type(module, "Search", &SearchType) < 0)
        return -1;
    if (PyModule_AddIntConstant(module, "SEARCH_MAX_PLY", DK_MAX_PLY) < 0)
        return -1;
    CapacityError = PyErr_NewException("damier._kernel.CapacityError", PyExc_RuntimeError, NULL);
    if (!CapacityError || PyModule_AddObjectRef(module, "CapacityError", CapacityError) < 0)
        return -1;
    return 0;
}
