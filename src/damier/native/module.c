/* The CPython binding: the extension module damier._kernel and its Generator type.
 *
 * A Generator is built from the parameters of one Rules object (core/kernel.py hands them
 * over) and answers with the values of core/movegen.py: positions are the four or five ints
 * (white, black, kings, turn, aux) and moves the fast-move tuples
 * (frm, to, remove, kings_xor, path, huff). Every int is checked here before it reaches the
 * kernel: a bad call raises TypeError, OverflowError or ValueError, never a crash. A result
 * that does not fit the kernel's lists (more than DK_MAX_MOVES moves) is None: the caller
 * then asks the pure-Python generator.
 *
 * This file must not generate moves itself (gen64.c / gen128.c do).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"
#include "kernel_py.h"
#include "search_binding.h"

typedef struct {
    PyObject_HEAD
    dk_kernel *k;
    dk_paths *paths;     /* scratch for legal(): landing squares of the last list */
    void *moves;         /* scratch for legal(): DK_MAX_MOVES moves of the kernel's width */
} GeneratorObject;

static PyTypeObject GeneratorType;

const dk_kernel *dk_kernel_from(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &GeneratorType)) {
        PyErr_SetString(PyExc_TypeError, "expected a damier._kernel.Generator");
        return NULL;
    }
    return ((GeneratorObject *)obj)->k;
}

/* -- ints <-> words ---------------------------------------------------------------------- */

/* Python ints <-> 128-bit words through their little-endian bytes (the byte-array calls of
 * CPython: public from 3.13, private before). */
static int bytes_of(PyObject *o, unsigned char *bytes)
{
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t n = PyLong_AsNativeBytes(o, bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN
                                        | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    return n < 0 ? -1 : n > 16 ? 1 : 0;
#else
    if (_PyLong_AsByteArray((PyLongObject *)o, bytes, 16, 1, 0) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        return 1;
    }
    return 0;
#endif
}

static int word_from(PyObject *o, dk_u128 *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) {
        if (small == -1 && PyErr_Occurred())
            return -1;
        if (small < 0)
            goto bad;
        *out = (dk_u128)small;
        return 0;
    }
    if (overflow < 0)
        goto bad;
    unsigned char bytes[16];
    int rc = bytes_of(o, bytes);
    if (rc < 0) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError) && !PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        goto bad;
    }
    if (rc > 0)
        goto bad;
    dk_u128 v = 0;
    for (int i = 15; i >= 0; i--)
        v = v << 8 | bytes[i];
    *out = v;
    return 0;
bad:
    PyErr_Format(PyExc_ValueError, "%s must be a bitboard of at most 128 bits (0 or more)", what);
    return -1;
}

static PyObject *word_to(dk_u128 x)
{
    if (!(x >> 64))
        return PyLong_FromUnsignedLongLong((uint64_t)x);
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++, x >>= 8)
        bytes[i] = (unsigned char)x;
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
}

/* A position in 128-bit words, whatever the kernel's width. */
typedef struct {
    dk_u128 white, black, kings, aux;
    int turn;
} wide_pos;

static void narrow_pos(const wide_pos *w, dk_pos64 *p)
{
    p->white = (uint64_t)w->white;
    p->black = (uint64_t)w->black;
    p->kings = (uint64_t)w->kings;
    p->aux = (uint64_t)w->aux;
    p->turn = w->turn;
}

static void widen_pos(const dk_pos128 *w, wide_pos *p)
{
    p->white = w->white;
    p->black = w->black;
    p->kings = w->kings;
    p->aux = w->aux;
    p->turn = w->turn;
}

/* Read (white, black, kings, turn[, aux]) from args[0..] and check it is a valid position. */
static int position_from(const dk_kernel *k, PyObject *const *args, Py_ssize_t nargs, wide_pos *p)
{
    static const char *names[] = {"white", "black", "kings", "turn", "aux"};
    dk_u128 v[5] = {0, 0, 0, 0, 0};
    if (nargs < 4 || nargs > 5) {
        PyErr_SetString(PyExc_TypeError, "expected white, black, kings, turn and optionally aux");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        if (word_from(args[i], &v[i], names[i]))
            return -1;
    p->white = v[0];
    p->black = v[1];
    p->kings = v[2];
    p->aux = v[4];
    if (v[3] > 1) {
        PyErr_SetString(PyExc_ValueError, "turn must be 0 (White) or 1 (Black)");
        return -1;
    }
    p->turn = (int)v[3];
    dk_pos128 q = {p->white, p->black, p->kings, p->aux, p->turn};
    dk_pos64 n;
    narrow_pos(p, &n);
    int valid = k->wide ? dk_valid_pos128(k, &q)
                        : !((p->white | p->black | p->kings | p->aux) >> 64) && dk_valid_pos64(k, &n);
    if (!valid) {
        PyErr_SetString(PyExc_ValueError,
                        "not a valid position of this variant (pieces off the board, on both sides, "
                        "kings without a piece, or a bad aux)");
        return -1;
    }
    return 0;
}

/* -- the Generator type ------------------------------------------------------------------ */

static int int_list(PyObject *seq, int *out, int *n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > DK_DIRECTIONS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most 8 directions", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
        if (v < 0 || v >= DK_DIRECTIONS) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: direction indices are 0-7", what);
            return -1;
        }
    }
    *n = (int)len;
    Py_DECREF(fast);
    return 0;
}

static int Generator_init(GeneratorObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {
        "size", "full_board", "man_steps_white", "man_steps_black", "man_captures_white",
        "man_captures_black", "king_steps", "king_captures", "flying_kings", "capture_rule",
        "king_priority", "king_must_continue", "promotion_in_capture", "remove_at_end",
        "no_reverse_capture", "men_capture_kings", "man_value", "king_value", "king_move_limit",
        "huffing", "king_lands_behind", "king_breaks_ties", NULL};
    dk_rules r;
    PyObject *lists[6];
    memset(&r, 0, sizeof r);
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOOOOOOiiiiiiiiiiii|ii", kwlist, &r.size, &r.full_board,
                                     &lists[0], &lists[1], &lists[2], &lists[3], &lists[4], &lists[5],
                                     &r.flying_kings, &r.capture_rule, &r.king_priority,
                                     &r.king_must_continue, &r.promotion_in_capture, &r.remove_at_end,
                                     &r.no_reverse_capture, &r.men_capture_kings, &r.man_value,
                                     &r.king_value, &r.king_move_limit, &r.huffing,
                                     &r.king_lands_behind, &r.king_breaks_ties))
        return -1;
    if (int_list(lists[0], r.man_steps[0], &r.n_man_steps[0], "man_steps_white")
        || int_list(lists[1], r.man_steps[1], &r.n_man_steps[1], "man_steps_black")
        || int_list(lists[2], r.man_captures[0], &r.n_man_captures[0], "man_captures_white")
        || int_list(lists[3], r.man_captures[1], &r.n_man_captures[1], "man_captures_black")
        || int_list(lists[4], r.king_steps, &r.n_king_steps, "king_steps")
        || int_list(lists[5], r.king_captures, &r.n_king_captures, "king_captures"))
        return -1;
    if (!self->k && !(self->k = PyMem_Malloc(sizeof(dk_kernel))))
        goto nomem;
    if (!self->paths && !(self->paths = PyMem_Malloc(sizeof(dk_paths))))
        goto nomem;
    if (!self->moves && !(self->moves = PyMem_Malloc(sizeof(dk_move128) * DK_MAX_MOVES)))
        goto nomem;
    char err[200];
    if (dk_kernel_init(self->k, &r, err, sizeof err)) {
        PyMem_Free(self->k);
        self->k = NULL;
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    return 0;
nomem:
    PyErr_NoMemory();
    return -1;
}

static void Generator_dealloc(GeneratorObject *self)
{
    PyMem_Free(self->k);
    PyMem_Free(self->paths);
    PyMem_Free(self->moves);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static const dk_kernel *ready(GeneratorObject *self)
{
    if (!self->k)
        PyErr_SetString(PyExc_RuntimeError, "Generator was not initialised");
    return self->k;
}

/* The legal moves of the i-th entry of the scratch list as a fast-move tuple. */
static PyObject *fast_move(GeneratorObject *self, int i)
{
    const dk_kernel *k = self->k;
    dk_u128 frm, to, remove, kx, huff;
    if (k->wide) {
        const dk_move128 *m = (const dk_move128 *)self->moves + i;
        frm = m->frm, to = m->to, remove = m->remove, kx = m->kings_xor, huff = m->huff;
    } else {
        const dk_move64 *m = (const dk_move64 *)self->moves + i;
        frm = m->frm, to = m->to, remove = m->remove, kx = m->kings_xor, huff = m->huff;
    }
    int len = self->paths->len[i];
    PyObject *path = PyTuple_New(len);
    if (!path)
        return NULL;
    for (int s = 0; s < len; s++) {
        PyObject *sq = PyLong_FromLong(self->paths->path[i][s]);
        if (!sq) {
            Py_DECREF(path);
            return NULL;
        }
        PyTuple_SET_ITEM(path, s, sq);
    }
    PyObject *items[6] = {word_to(frm), word_to(to), word_to(remove), word_to(kx), path, word_to(huff)};
    PyObject *tuple = PyTuple_New(6);
    for (int f = 0; f < 6; f++)
        if (!items[f] || !tuple) {
            for (int g = 0; g < 6; g++)
                Py_XDECREF(items[g]);
            Py_XDECREF(tuple);
            return NULL;
        }
    for (int f = 0; f < 6; f++)
        PyTuple_SET_ITEM(tuple, f, items[f]);
    return tuple;
}

static int legal_to_scratch(GeneratorObject *self, const wide_pos *p, int strict)
{
    const dk_kernel *k = self->k;
    if (k->wide) {
        dk_pos128 q = {p->white, p->black, p->kings, p->aux, p->turn};
        return (strict ? dk_legal_strict128 : dk_legal128)(k, &q, self->moves, DK_MAX_MOVES, self->paths);
    }
    dk_pos64 q;
    narrow_pos(p, &q);
    return (strict ? dk_legal_strict64 : dk_legal64)(k, &q, self->moves, DK_MAX_MOVES, self->paths);
}

static PyObject *legal_list(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs, int strict)
{
    wide_pos p;
    if (!ready(self) || position_from(self->k, args, nargs, &p))
        return NULL;
    int n = legal_to_scratch(self, &p, strict);
    if (n < 0)
        Py_RETURN_NONE;
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *m = fast_move(self, i);
        if (!m) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, m);
    }
    return list;
}

static PyObject *Generator_legal(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return legal_list(self, args, nargs, 0);
}

static PyObject *Generator_legal_strict(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return legal_list(self, args, nargs, 1);
}

static PyObject *count_moves(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs, int strict)
{
    wide_pos p;
    if (!ready(self) || position_from(self->k, args, nargs, &p))
        return NULL;
    int n;
    if (self->k->wide) {
        dk_pos128 q = {p.white, p.black, p.kings, p.aux, p.turn};
        n = (strict ? dk_count_strict128 : dk_count128)(self->k, &q);
    } else {
        dk_pos64 q;
        narrow_pos(&p, &q);
        n = (strict ? dk_count_strict64 : dk_count64)(self->k, &q);
    }
    if (n < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(n);
}

static PyObject *Generator_count(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return count_moves(self, args, nargs, 0);
}

static PyObject *Generator_count_strict(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return count_moves(self, args, nargs, 1);
}

static PyObject *Generator_has_capture(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    wide_pos p;
    if (!ready(self) || position_from(self->k, args, nargs, &p))
        return NULL;
    int yes;
    if (self->k->wide) {
        dk_pos128 q = {p.white, p.black, p.kings, p.aux, p.turn};
        yes = dk_has_capture128(self->k, &q);
    } else {
        dk_pos64 q;
        narrow_pos(&p, &q);
        yes = dk_has_capture64(self->k, &q);
    }
    return PyBool_FromLong(yes);
}

static PyObject *Generator_perft(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    wide_pos p;
    if (nargs < 5) {
        PyErr_SetString(PyExc_TypeError, "perft(white, black, kings, turn, aux, depth)");
        return NULL;
    }
    if (!ready(self) || position_from(self->k, args, nargs - 1, &p))
        return NULL;
    long depth = PyLong_AsLong(args[nargs - 1]);
    if (depth == -1 && PyErr_Occurred())
        return NULL;
    if (depth < 0 || depth > 64) {
        PyErr_SetString(PyExc_ValueError, "depth must be 0 to 64");
        return NULL;
    }
    int64_t n;
    const dk_kernel *k = self->k;
    Py_BEGIN_ALLOW_THREADS
    if (k->wide) {
        dk_pos128 q = {p.white, p.black, p.kings, p.aux, p.turn};
        n = dk_perft128(k, &q, (int)depth);
    } else {
        dk_pos64 q;
        narrow_pos(&p, &q);
        n = dk_perft64(k, &q, (int)depth);
    }
    Py_END_ALLOW_THREADS
    if (n < 0)
        Py_RETURN_NONE;
    return PyLong_FromLongLong(n);
}

/* apply(white, black, kings, turn, aux, move) -> (white, black, kings, turn, aux): the move
 * must be one of legal()'s moves of that position (its squares are checked, not its legality:
 * the Python wrapper only passes moves of the list). */
static PyObject *Generator_apply(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    static const char *names[] = {"frm", "to", "remove", "kings_xor", "path", "huff"};
    wide_pos p;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "apply(white, black, kings, turn, aux, move)");
        return NULL;
    }
    if (!ready(self) || position_from(self->k, args, 5, &p))
        return NULL;
    PyObject *mv = args[5];
    if (!PyTuple_Check(mv) || PyTuple_GET_SIZE(mv) != 6) {
        PyErr_SetString(PyExc_TypeError, "move must be a fast-move tuple of six items");
        return NULL;
    }
    dk_u128 f[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 6; i++)
        if (i != 4 && word_from(PyTuple_GET_ITEM(mv, i), &f[i], names[i]))
            return NULL;
    const dk_kernel *k = self->k;
    dk_u128 all = k->wide ? k->t.w128.all : k->t.w64.all;
    int single = f[0] && !(f[0] & (f[0] - 1)) && f[1] && !(f[1] & (f[1] - 1)) && !(f[5] & (f[5] - 1));
    if (!single || ((f[0] | f[1] | f[2] | f[3] | f[5]) & ~all)) {
        PyErr_SetString(PyExc_ValueError, "not a move of this variant's board");
        return NULL;
    }
    int rc;
    wide_pos out;
    if (k->wide) {
        dk_pos128 q = {p.white, p.black, p.kings, p.aux, p.turn}, r;
        dk_move128 m = {f[0], f[1], f[2], f[3], f[5], 0};
        rc = dk_apply128(k, &q, &m, &r);
        widen_pos(&r, &out);
    } else {
        dk_pos64 q, r;
        narrow_pos(&p, &q);
        dk_move64 m = {(uint64_t)f[0], (uint64_t)f[1], (uint64_t)f[2], (uint64_t)f[3], (uint64_t)f[5], 0};
        rc = dk_apply64(k, &q, &m, &r);
        out.white = r.white, out.black = r.black, out.kings = r.kings, out.aux = r.aux, out.turn = r.turn;
    }
    if (rc < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("(NNNiN)", word_to(out.white), word_to(out.black), word_to(out.kings), out.turn,
                         word_to(out.aux));
}

static PyObject *Generator_get_wide(GeneratorObject *self, void *closure)
{
    (void)closure;
    if (!ready(self))
        return NULL;
    return PyBool_FromLong(self->k->wide);
}

static PyMethodDef Generator_methods[] = {
    {"legal", (PyCFunction)(void (*)(void))Generator_legal, METH_FASTCALL,
     "legal(white, black, kings, turn, aux=0) -> list of fast moves, or None if too many"},
    {"legal_strict", (PyCFunction)(void (*)(void))Generator_legal_strict, METH_FASTCALL,
     "legal_strict(white, black, kings, turn) -> legal() under the strict rules (no state)"},
    {"count", (PyCFunction)(void (*)(void))Generator_count, METH_FASTCALL,
     "count(white, black, kings, turn, aux=0) -> number of legal moves, or None if too many"},
    {"count_strict", (PyCFunction)(void (*)(void))Generator_count_strict, METH_FASTCALL,
     "count_strict(white, black, kings, turn) -> count() under the strict rules (no state)"},
    {"has_capture", (PyCFunction)(void (*)(void))Generator_has_capture, METH_FASTCALL,
     "has_capture(white, black, kings, turn) -> whether the side to move can capture"},
    {"perft", (PyCFunction)(void (*)(void))Generator_perft, METH_FASTCALL,
     "perft(white, black, kings, turn, aux, depth) -> leaves (bulk counting), or None"},
    {"apply", (PyCFunction)(void (*)(void))Generator_apply, METH_FASTCALL,
     "apply(white, black, kings, turn, aux, move) -> the position after move, or None"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Generator_getset[] = {
    {"wide", (getter)Generator_get_wide, NULL, "whether the board needs 128-bit words", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject GeneratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "damier._kernel.Generator",
    .tp_basicsize = sizeof(GeneratorObject),
    .tp_dealloc = (destructor)Generator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native move generator of one rules object (see damier.core.kernel).",
    .tp_methods = Generator_methods,
    .tp_getset = Generator_getset,
    .tp_init = (initproc)Generator_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "damier._kernel",
    "damier's native kernel: move generation in C (see damier.core.kernel).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (PyType_Ready(&GeneratorType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m)
        return NULL;
    Py_INCREF(&GeneratorType);
    if (PyModule_AddObject(m, "Generator", (PyObject *)&GeneratorType) < 0
        || PyModule_AddIntConstant(m, "MAX_MOVES", DK_MAX_MOVES) < 0
        || search_binding_init(m) < 0) {
        Py_DECREF(&GeneratorType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
