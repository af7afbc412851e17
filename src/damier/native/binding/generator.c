/* The CPython binding's Generator type (damier._kernel.Generator; the module is module.c).
 *
 * A Generator is built from the parameters of one Rules object (core/kernel.py hands them
 * over) and answers with the values of core/movegen.py: positions are the four or five ints
 * (white, black, kings, turn, aux), moves the fast-move tuples (frm, to, remove, kings_xor,
 * path, huff) or, from legal_moves(), damier.core.move.Move objects (moves.c). A position
 * is passed as its ints or as one tuple (a Position). Every int is
 * checked before it reaches the kernel (convert.c): a bad call raises TypeError or
 * ValueError, never a crash. A result that does not fit the kernel's lists (more than
 * DK_MAX_MOVES moves) comes from the fallback object (set_fallback: the pure-Python
 * generator) when the position was passed as one tuple, else it is None.
 *
 * This file must not generate moves itself (gen64.c / gen128.c do).
 */
#include "generator.h"

static PyTypeObject GeneratorType;

const dk_kernel *dk_kernel_from(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &GeneratorType)) {
        PyErr_SetString(PyExc_TypeError, "expected a damier._kernel.Generator");
        return NULL;
    }
    return ((GeneratorObject *)obj)->k;
}

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
    if (self->k)
        clear_moves(self);  /* initialised again: the caches belong to the old kernel */
    if ((!self->k && !(self->k = PyMem_Malloc(sizeof(dk_kernel))))
        || (!self->paths && !(self->paths = PyMem_Malloc(sizeof(dk_paths))))
        || (!self->moves && !(self->moves = PyMem_Malloc(sizeof(dk_move128) * DK_MAX_MOVES)))) {
        PyErr_NoMemory();
        return -1;
    }
    char err[200];
    if (dk_kernel_init(self->k, &r, err, sizeof err)) {
        PyMem_Free(self->k);
        self->k = NULL;
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    return 0;
}

static void Generator_dealloc(GeneratorObject *self)
{
    if (self->k)
        clear_moves(self);
    Py_CLEAR(self->fallback);
    PyMem_Free(self->k);
    PyMem_Free(self->paths);
    PyMem_Free(self->moves);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The position of the call, checked; -1 with an exception set. */
static int read_position(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs, dk_pos128 *p)
{
    if (!dk_initialised(self->k != NULL, "Generator"))
        return -1;
    return position_from(self->k, args, nargs, p);
}

/* The legal moves of p into the scratch list (strict: the rules without state). */
static int legal_to_scratch(GeneratorObject *self, const dk_pos128 *p, int strict)
{
    const dk_kernel *k = self->k;
    if (k->wide) {
        return (strict ? dk_legal_strict128 : dk_legal128)(k, p, self->moves, DK_MAX_MOVES, self->paths);
    }
    dk_pos64 q;
    narrow_pos(p, &q);
    return (strict ? dk_legal_strict64 : dk_legal64)(k, &q, self->moves, DK_MAX_MOVES, self->paths);
}

/* The answer to a call whose result did not fit the kernel's lists: the fallback's method
 * `name` on the position, or None. */
static PyObject *overflow(GeneratorObject *self, const char *name, PyObject *const *args, Py_ssize_t nargs)
{
    if (!self->fallback || nargs != 1)
        Py_RETURN_NONE;
    PyObject *method = PyUnicode_FromString(name);
    PyObject *answer = method ? PyObject_CallMethodOneArg(self->fallback, method, args[0]) : NULL;
    Py_XDECREF(method);
    return answer;
}

typedef PyObject *(*as_python)(GeneratorObject *, const dk_pos128 *, int);

static PyObject *move_list(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs, int strict,
                           as_python convert, const char *name)
{
    dk_pos128 p;
    if (read_position(self, args, nargs, &p))
        return NULL;
    int n = legal_to_scratch(self, &p, strict);
    if (n < 0)
        return overflow(self, name, args, nargs);
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *m = convert(self, &p, i);
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
    return move_list(self, args, nargs, 0, move_tuple, "legal");
}

static PyObject *Generator_legal_strict(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return move_list(self, args, nargs, 1, move_tuple, "legal_strict");
}

static PyObject *Generator_legal_moves(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return move_list(self, args, nargs, 0, move_object, "moves");
}

static PyObject *count_moves(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs, int strict)
{
    dk_pos128 p;
    if (read_position(self, args, nargs, &p))
        return NULL;
    int n;
    if (self->k->wide) {
        n = (strict ? dk_count_strict128 : dk_count128)(self->k, &p);
    } else {
        dk_pos64 q;
        narrow_pos(&p, &q);
        n = (strict ? dk_count_strict64 : dk_count64)(self->k, &q);
    }
    if (n < 0)
        return overflow(self, strict ? "count_strict" : "count", args, nargs);
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
    dk_pos128 p;
    if (read_position(self, args, nargs, &p))
        return NULL;
    int yes;
    if (self->k->wide) {
        yes = dk_has_capture128(self->k, &p);
    } else {
        dk_pos64 q;
        narrow_pos(&p, &q);
        yes = dk_has_capture64(self->k, &q);
    }
    return PyBool_FromLong(yes);
}

static PyObject *Generator_perft(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    dk_pos128 p;
    if (nargs < 5) {
        PyErr_SetString(PyExc_TypeError, "perft(white, black, kings, turn, aux, depth)");
        return NULL;
    }
    if (read_position(self, args, nargs - 1, &p))
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
        n = dk_perft128(k, &p, (int)depth);
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

/* The fields of a fast-move tuple (path not read), checked to lie on the board. */
static int move_from(const dk_kernel *k, PyObject *mv, wide_move *m)
{
    static const char *names[] = {"frm", "to", "remove", "kings_xor", "path", "huff"};
    if (!PyTuple_Check(mv) || PyTuple_GET_SIZE(mv) != 6) {
        PyErr_SetString(PyExc_TypeError, "move must be a fast-move tuple of six items");
        return -1;
    }
    dk_u128 f[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 6; i++)
        if (i != 4 && dk_wide_from(PyTuple_GET_ITEM(mv, i), &f[i], names[i]))
            return -1;
    dk_u128 all = k->wide ? k->t.w128.all : k->t.w64.all;
    int single = f[0] && !(f[0] & (f[0] - 1)) && f[1] && !(f[1] & (f[1] - 1)) && !(f[5] & (f[5] - 1));
    if (!single || ((f[0] | f[1] | f[2] | f[3] | f[5]) & ~all)) {
        PyErr_SetString(PyExc_ValueError, "not a move of this variant's board");
        return -1;
    }
    m->frm = f[0], m->to = f[1], m->remove = f[2], m->kings_xor = f[3], m->huff = f[5];
    return 0;
}

/* apply(white, black, kings, turn, aux, move) -> (white, black, kings, turn, aux): the move
 * must be one of legal()'s moves of that position (its squares are checked, not its legality:
 * the Python wrapper only passes moves of the list). */
static PyObject *Generator_apply(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    dk_pos128 p, out;
    wide_move m;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "apply(white, black, kings, turn, aux, move)");
        return NULL;
    }
    if (read_position(self, args, 5, &p) || move_from(self->k, args[5], &m))
        return NULL;
    const dk_kernel *k = self->k;
    int rc;
    if (k->wide) {
        dk_move128 w = {m.frm, m.to, m.remove, m.kings_xor, m.huff, 0};
        rc = dk_apply128(k, &p, &w, &out);
    } else {
        dk_pos64 q, r;
        narrow_pos(&p, &q);
        dk_move64 w = {(uint64_t)m.frm, (uint64_t)m.to, (uint64_t)m.remove, (uint64_t)m.kings_xor,
                       (uint64_t)m.huff, 0};
        rc = dk_apply64(k, &q, &w, &r);
        widen_pos(&r, &out);
    }
    if (rc < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("(NNNiN)", dk_wide_to(out.white), dk_wide_to(out.black), dk_wide_to(out.kings), out.turn,
                         dk_wide_to(out.aux));
}

static PyObject *Generator_bind_moves(GeneratorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "bind_moves(Move, rules)");
        return NULL;
    }
    if (!dk_initialised(self->k != NULL, "Generator"))
        return NULL;
    if (bind_moves(self, args[0], args[1]))
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Generator_set_fallback(GeneratorObject *self, PyObject *fallback)
{
    Py_XSETREF(self->fallback, Py_NewRef(fallback));
    Py_RETURN_NONE;
}

static PyObject *Generator_get_wide(GeneratorObject *self, void *closure)
{
    (void)closure;
    if (!dk_initialised(self->k != NULL, "Generator"))
        return NULL;
    return PyBool_FromLong(self->k->wide);
}

static PyMethodDef Generator_methods[] = {
    {"legal", DK_FASTCALL(Generator_legal),
     "legal(white, black, kings, turn, aux=0) -> list of fast moves, or None if too many"},
    {"legal_strict", DK_FASTCALL(Generator_legal_strict),
     "legal_strict(white, black, kings, turn) -> legal() under the strict rules (no state)"},
    {"legal_moves", DK_FASTCALL(Generator_legal_moves),
     "legal_moves(white, black, kings, turn, aux=0) -> list of Move objects (see bind_moves), or None"},
    {"count", DK_FASTCALL(Generator_count),
     "count(white, black, kings, turn, aux=0) -> number of legal moves, or None if too many"},
    {"count_strict", DK_FASTCALL(Generator_count_strict),
     "count_strict(white, black, kings, turn) -> count() under the strict rules (no state)"},
    {"has_capture", DK_FASTCALL(Generator_has_capture),
     "has_capture(white, black, kings, turn) -> whether the side to move can capture"},
    {"perft", DK_FASTCALL(Generator_perft),
     "perft(white, black, kings, turn, aux, depth) -> leaves (bulk counting), or None"},
    {"apply", DK_FASTCALL(Generator_apply),
     "apply(white, black, kings, turn, aux, move) -> the position after move, or None"},
    {"set_fallback", (PyCFunction)Generator_set_fallback, METH_O,
     "set_fallback(obj): lists too long for the kernel come from obj.legal/moves/count(position)"},
    {"bind_moves", DK_FASTCALL(Generator_bind_moves),
     "bind_moves(Move, rules): legal_moves() builds Move objects of this class carrying rules"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Generator_getset[] = {
    {"wide", (getter)Generator_get_wide, NULL, "whether the board needs 128-bit words", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject GeneratorType = {
    DK_TYPE_SLOTS(Generator, GeneratorObject,
                  "The native move generator of one rules object (see damier.core.kernel)."),
    .tp_methods = Generator_methods,
    .tp_getset = Generator_getset,
};

/* Adds the Generator type to the module (called by module.c); -1 with an exception set. */
int generator_type_init(PyObject *module)
{
    return dk_add_type(module, "Generator", &GeneratorType);
}
