/* The CPython binding of the evaluation (owner: native-search): damier._kernel.Evaluator.
 *
 *   Evaluator(generator, weights, ptw)   the evaluation of a variant: `weights` is the tuple of
 *       damier.engine.native.weight_tuple, `ptw` the bytes of a PTW1 file or None;
 *       .evaluate(white, black, kings, turn) -> centi-men for the side to move.
 *
 * Weights are bounded (|w| <= 1,000,000) and the file is checked (eval.c) before anything is
 * built; a bad call raises TypeError or ValueError. An Evaluator is initialised once (a Search
 * may hold a pointer to its tables).
 */
#include "evaluator.h"
#include "convert.h"
#include "pytypes.h"


#define WEIGHT_LIMIT 1000000L

/* damier.engine.native.weight_tuple: man, king, advance (tuple), centre, edge, back_guard,
 * support, runaway (tuple), king_mobility, long_diagonal, tempo, mobility, balance,
 * pattern_split, lone_king_scale, kings_only_scale. */
static int weights_from(PyObject *o, dk_weights *w)
{
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != 16) {
        PyErr_SetString(PyExc_TypeError, "weights must be a tuple of 16 items (see engine.native)");
        return -1;
    }
    int *plain[16] = {&w->man, &w->king, NULL, &w->centre, &w->edge, &w->back_guard, &w->support, NULL,
                      &w->king_mobility, &w->long_diagonal, &w->tempo, &w->mobility, &w->balance,
                      &w->pattern_split, &w->lone_king_scale, &w->kings_only_scale};
    for (int i = 0; i < 16; i++) {
        PyObject *item = PyTuple_GET_ITEM(o, i);
        long v;
        if (plain[i]) {
            if (dk_int_from(item, -WEIGHT_LIMIT, WEIGHT_LIMIT, &v, "a weight") < 0)
                return -1;
            *plain[i] = (int)v;
            continue;
        }
        int *n = i == 2 ? &w->n_advance : &w->n_runaway, *values = i == 2 ? w->advance : w->runaway;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1) {
            PyErr_SetString(PyExc_TypeError, "advance and runaway must be non-empty tuples");
            return -1;
        }
        *n = PyTuple_GET_SIZE(item) < DK_MAX_SIZE ? (int)PyTuple_GET_SIZE(item) : DK_MAX_SIZE;
        for (int j = 0; j < *n; j++) {
            if (dk_int_from(PyTuple_GET_ITEM(item, j), -WEIGHT_LIMIT, WEIGHT_LIMIT, &v, "a weight") < 0)
                return -1;
            values[j] = (int)v;
        }
    }
    if (w->lone_king_scale < 1 || w->kings_only_scale < 1) {
        PyErr_SetString(PyExc_ValueError, "the endgame scales must be at least 1");
        return -1;
    }
    return 0;
}

static int Evaluator_init(EvaluatorObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"generator", "weights", "ptw", NULL};
    PyObject *generator, *weights, *ptw;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO", names, &generator, &weights, &ptw))
        return -1;
    const dk_kernel *k = dk_kernel_from(generator);
    dk_weights w;
    if (!k || weights_from(weights, &w) < 0)
        return -1;
    if (ptw != Py_None && !PyBytes_Check(ptw)) {
        PyErr_SetString(PyExc_TypeError, "ptw must be bytes or None");
        return -1;
    }
    if (self->ready) { /* a Search may hold this evaluation */
        PyErr_SetString(PyExc_RuntimeError, "Evaluator is already initialised");
        return -1;
    }
    char err[200];
    const unsigned char *data = ptw == Py_None ? NULL : (const unsigned char *)PyBytes_AS_STRING(ptw);
    size_t len = ptw == Py_None ? 0 : (size_t)PyBytes_GET_SIZE(ptw);
    if (dk_eval_init(&self->eval, k, &w, data, len, err, sizeof err) < 0) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    Py_INCREF(generator);
    Py_XSETREF(self->generator, generator);
    self->ready = 1;
    return 0;
}

static void Evaluator_dealloc(EvaluatorObject *self)
{
    if (self->ready)
        dk_eval_free(&self->eval);
    Py_XDECREF(self->generator);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(EvaluatorObject *self)
{
    return dk_initialised(self->ready, "Evaluator");
}

static PyObject *Evaluator_evaluate(EvaluatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!ready(self))
        return NULL;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "evaluate(white, black, kings, turn)");
        return NULL;
    }
    dk_pos128 w;
    PyObject *tuple = PyTuple_Pack(4, args[0], args[1], args[2], args[3]);
    int bad = !tuple || dk_wpos_from(tuple, &w, "the position") < 0;
    Py_XDECREF(tuple);
    if (bad)
        return NULL;
    const dk_kernel *k = self->eval.k;
    if (!dk_wpos_valid(k, &w)) {
        PyErr_SetString(PyExc_ValueError, "not a valid position of this variant");
        return NULL;
    }
    if (k->wide) {
        dk_pos128 p = {w.white, w.black, w.kings, 0, w.turn};
        return PyLong_FromLong(dk_evaluate128(&self->eval, &p));
    }
    dk_pos64 p = {(uint64_t)w.white, (uint64_t)w.black, (uint64_t)w.kings, 0, w.turn};
    return PyLong_FromLong(dk_evaluate64(&self->eval, &p));
}

static PyMethodDef Evaluator_methods[] = {
    {"evaluate", DK_FASTCALL(Evaluator_evaluate),
     "evaluate(white, black, kings, turn) -> centi-men for the side to move"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject dk_EvaluatorType = {
    DK_TYPE_SLOTS(Evaluator, EvaluatorObject,
                  "The native evaluation of a variant (see damier.engine.native)."),
    .tp_methods = Evaluator_methods,
};

const dk_eval *dk_eval_from(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &dk_EvaluatorType)) {
        PyErr_Format(PyExc_TypeError, "expected a damier._kernel.Evaluator, not %.50s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    EvaluatorObject *self = (EvaluatorObject *)obj;
    return ready(self) ? &self->eval : NULL;
}
