/* damier._kernel.MovesView: the C twin of damier.core.legal_view.PureMovesView, the base of
 * damier.core.board.LegalMoves when the kernel is loaded.
 *
 * A board's live view keeps the Move list of the position it last listed and follows the
 * board's `_position`. `list(board.legal_moves)` asks len() and then iterates: written in
 * Python, those two slot calls and their attribute reads cost more than the kernel's list
 * itself (0.6 of 0.95 µs per middle-game position), so the view does them in C. It calls the
 * board's generator through the same two callables as the Python view (gen.moves, gen.count)
 * and answers exactly as it does; core/legal_view.py is the specification.
 *
 * This file must not generate moves; it caches what gen.moves returns.
 */
#include "generator.h"

#ifndef Py_T_OBJECT_EX
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#define Py_READONLY READONLY
#endif

typedef struct {
    PyObject_HEAD
    PyObject *board;      /* the Board it follows (its `_position`) */
    PyObject *moves_of;   /* gen.moves: position -> list of Move */
    PyObject *count_of;   /* gen.count: position -> int */
    int cheap;            /* gen.cheap_moves: a list costs about what a count costs */
    PyObject *listed;     /* the position `moves` belongs to, or NULL */
    PyObject *moves;      /* a list, or NULL */
} MovesViewObject;

/* The object fields the garbage collector follows: one list, so that traverse and clear
 * always cover the same ones. */
#define MOVES_VIEW_REFERENCES(apply) \
    apply(self->board) apply(self->moves_of) apply(self->count_of) apply(self->listed) apply(self->moves)

static PyTypeObject MovesViewType;
static PyObject *POSITION; /* interned "_position" */

static int view_ready(MovesViewObject *self)
{
    return dk_initialised(self->board != NULL, "MovesView") ? 0 : -1;
}

/* The Move list of position `pos` (borrowed from the view's cache), listed if not cached. */
static PyObject *list_of(MovesViewObject *self, PyObject *pos)
{
    if (self->listed != pos || !self->moves) {
        PyObject *moves = PyObject_CallOneArg(self->moves_of, pos);
        if (!moves)
            return NULL;
        if (!PyList_Check(moves)) {
            Py_DECREF(moves);
            PyErr_SetString(PyExc_TypeError, "gen.moves() must return a list");
            return NULL;
        }
        /* The cache's list goes to the board's own code (read only) and is copied for
         * everyone else, so it never joins a cycle: untracked, the collector does not walk
         * the lists of every board it meets (0.1 of 0.74 µs per position, 2,000 boards). */
        if (PyList_CheckExact(moves))
            PyObject_GC_UnTrack(moves);
        Py_XSETREF(self->moves, moves);
        Py_XSETREF(self->listed, Py_NewRef(pos));
    }
    return self->moves;
}

/* The board's current position (new reference), or NULL. */
static PyObject *current(MovesViewObject *self)
{
    if (view_ready(self))
        return NULL;
    return PyObject_GetAttr(self->board, POSITION);
}

static PyObject *MovesView_list(MovesViewObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *pos = current(self);
    if (!pos)
        return NULL;
    PyObject *moves = list_of(self, pos);
    Py_DECREF(pos);
    return Py_XNewRef(moves);
}

static Py_ssize_t MovesView_len(MovesViewObject *self)
{
    PyObject *pos = current(self);
    if (!pos)
        return -1;
    Py_ssize_t n;
    if ((self->listed == pos && self->moves) || self->cheap) {
        PyObject *moves = list_of(self, pos);
        n = moves ? PyList_GET_SIZE(moves) : -1;
    } else {
        PyObject *count = PyObject_CallOneArg(self->count_of, pos);
        n = count ? PyLong_AsSsize_t(count) : -1;
        Py_XDECREF(count);
        if (n < -1 || (n == -1 && !PyErr_Occurred())) {
            PyErr_SetString(PyExc_ValueError, "gen.count() returned a negative number");
            n = -1;
        }
    }
    Py_DECREF(pos);
    return n;
}

static PyObject *MovesView_iter(MovesViewObject *self)
{
    PyObject *moves = MovesView_list(self, NULL);
    if (!moves)
        return NULL;
    PyObject *it = PyObject_GetIter(moves);
    Py_DECREF(moves);
    return it;
}

static PyObject *MovesView_adopt(MovesViewObject *self, PyObject *other)
{
    if (!PyObject_TypeCheck(other, &MovesViewType)) {
        PyErr_SetString(PyExc_TypeError, "_adopt() takes a view of the same kind");
        return NULL;
    }
    MovesViewObject *from = (MovesViewObject *)other;
    Py_XSETREF(self->listed, Py_XNewRef(from->listed));
    Py_XSETREF(self->moves, Py_XNewRef(from->moves));
    Py_RETURN_NONE;
}

static PyObject *MovesView_forget(MovesViewObject *self, PyObject *unused)
{
    (void)unused;
    Py_CLEAR(self->listed);
    Py_CLEAR(self->moves);
    Py_RETURN_NONE;
}

static int MovesView_init(MovesViewObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"board", NULL};
    PyObject *board;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O", kwlist, &board))
        return -1;
    PyObject *gen = PyObject_GetAttrString(board, "gen");
    if (!gen)
        return -1;
    PyObject *moves_of = PyObject_GetAttrString(gen, "moves");
    PyObject *count_of = moves_of ? PyObject_GetAttrString(gen, "count") : NULL;
    PyObject *cheap = count_of ? PyObject_GetAttrString(gen, "cheap_moves") : NULL;
    int yes = cheap ? PyObject_IsTrue(cheap) : -1;
    Py_DECREF(gen);
    Py_XDECREF(cheap);
    if (yes < 0) {
        Py_XDECREF(moves_of);
        Py_XDECREF(count_of);
        return -1;
    }
    Py_XSETREF(self->board, Py_NewRef(board));
    Py_XSETREF(self->moves_of, moves_of);
    Py_XSETREF(self->count_of, count_of);
    self->cheap = yes;
    Py_CLEAR(self->listed);
    Py_CLEAR(self->moves);
    return 0;
}

static int MovesView_traverse(MovesViewObject *self, visitproc visit, void *arg)
{
#define VISIT(field) Py_VISIT(field);
    MOVES_VIEW_REFERENCES(VISIT)
#undef VISIT
    return 0;
}

static int MovesView_clear(MovesViewObject *self)
{
#define CLEAR(field) Py_CLEAR(field);
    MOVES_VIEW_REFERENCES(CLEAR)
#undef CLEAR
    return 0;
}

static void MovesView_dealloc(MovesViewObject *self)
{
    PyObject_GC_UnTrack(self);
    MovesView_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef MovesView_methods[] = {
    {"_list", (PyCFunction)MovesView_list, METH_NOARGS, "the Move list of the board's position"},
    {"_adopt", (PyCFunction)MovesView_adopt, METH_O, "_adopt(view): take view's cached list"},
    {"_forget", (PyCFunction)MovesView_forget, METH_NOARGS, "drop the cached list"},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef MovesView_members[] = {
    {"_board", Py_T_OBJECT_EX, offsetof(MovesViewObject, board), Py_READONLY, "the board it follows"},
    {NULL, 0, 0, 0, NULL},
};

static PySequenceMethods MovesView_sequence = {
    .sq_length = (lenfunc)MovesView_len,
};

static PyTypeObject MovesViewType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "damier._kernel.MovesView",
    .tp_basicsize = sizeof(MovesViewObject),
    .tp_dealloc = (destructor)MovesView_dealloc,
    .tp_as_sequence = &MovesView_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "MovesView(board): the cached legal Move list of board's position "
              "(see damier.core.legal_view).",
    .tp_traverse = (traverseproc)MovesView_traverse,
    .tp_clear = (inquiry)MovesView_clear,
    .tp_iter = (getiterfunc)MovesView_iter,
    .tp_methods = MovesView_methods,
    .tp_members = MovesView_members,
    .tp_init = (initproc)MovesView_init,
    .tp_new = PyType_GenericNew,
};

int moves_view_init(PyObject *module)
{
    if (!POSITION && !(POSITION = PyUnicode_InternFromString("_position")))
        return -1;
    return dk_add_type(module, "MovesView", &MovesViewType);
}
