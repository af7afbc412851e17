/* The CPython binding: the moves of a list as Python objects, the fast-move tuples of
 * core/fastmove.py and the Move objects of core/move.py.
 *
 * Building Python objects is most of what a legal-move list costs from Python (the kernel's
 * part is a fraction of a microsecond), so the moves that recur in every game are built once
 * per variant and shared: quiet moves and single man captures, whose tuple and Move depend
 * only on their start and end squares and on what they crown (a man's single capture always
 * takes the square between). Those objects are immutable. Other moves (multiple captures,
 * kings' captures, huffs) are built each time.
 *
 * A Move is made as core/notation.make_move makes it, without calling Move.__init__: the
 * object is allocated from the Move class and its seven __slots__ are filled through their
 * member descriptors, whose layout bind_moves() checks first (it refuses anything else).
 */
#include "generator.h"

#ifndef Py_T_OBJECT_EX
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#define Py_READONLY READONLY
#endif

static const char *const SLOT_NAMES[MOVE_SLOTS] = {
    "rules", "fast", "start", "end", "path_indices", "captured_indices", "huff_index",
};
enum { S_RULES, S_FAST, S_START, S_END, S_PATH, S_CAPTURED, S_HUFF };

/* The moves that recur, by what decides their objects (FRESH: built each time). */
enum { MAN_QUIET, MAN_CROWNS, KING_QUIET, MAN_TAKES, MAN_TAKES_CROWNS, N_KINDS, FRESH = -1 };

static inline void read_move(const GeneratorObject *self, int i, wide_move *m)
{
    if (self->k->wide) {
        const dk_move128 *w = (const dk_move128 *)self->moves + i;
        m->frm = w->frm, m->to = w->to, m->remove = w->remove, m->kings_xor = w->kings_xor, m->huff = w->huff;
    } else {
        const dk_move64 *w = (const dk_move64 *)self->moves + i;
        m->frm = w->frm, m->to = w->to, m->remove = w->remove, m->kings_xor = w->kings_xor, m->huff = w->huff;
    }
}

static inline int square_of(const dk_kernel *k, dk_u128 bit)
{
    uint64_t low = (uint64_t)bit;
    return k->square_of[low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(bit >> 64))];
}

/* The cache slot of move i, or -1. */
static inline Py_ssize_t cache_index(const GeneratorObject *self, const dk_pos128 *p, const wide_move *m, int i)
{
    int kind;
    int king = (p->kings & m->frm) != 0;
    if (m->huff)
        kind = FRESH;
    else if (!m->remove)
        kind = king ? KING_QUIET : m->kings_xor ? MAN_CROWNS : MAN_QUIET;
    else if (king || self->paths->len[i] != 1)
        kind = FRESH;
    else
        kind = m->kings_xor ? MAN_TAKES_CROWNS : MAN_TAKES;
    if (kind == FRESH)
        return -1;
    Py_ssize_t n = self->k->squares;
    return ((Py_ssize_t)kind * n + square_of(self->k, m->frm)) * n + square_of(self->k, m->to);
}

static int ensure_caches(GeneratorObject *self)
{
    if (self->tuples)
        return 0;
    size_t n = (size_t)N_KINDS * (size_t)self->k->squares * (size_t)self->k->squares;
    self->tuples = PyMem_Calloc(n, sizeof(PyObject *));
    self->objects = PyMem_Calloc(n, sizeof(PyObject *));
    if (!self->tuples || !self->objects) {
        PyMem_Free(self->tuples);
        PyMem_Free(self->objects);
        self->tuples = self->objects = NULL;
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *small_ints(const int8_t *squares, int n)
{
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int s = 0; s < n; s++) {
        PyObject *sq = PyLong_FromLong(squares[s]);
        if (!sq) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, s, sq);
    }
    return t;
}

static PyObject *build_tuple(const GeneratorObject *self, const wide_move *m, int i)
{
    PyObject *items[6] = {dk_wide_to(m->frm), dk_wide_to(m->to), dk_wide_to(m->remove), dk_wide_to(m->kings_xor),
                          small_ints(self->paths->path[i], self->paths->len[i]), dk_wide_to(m->huff)};
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

PyObject *move_tuple(GeneratorObject *self, const dk_pos128 *p, int i)
{
    wide_move m;
    read_move(self, i, &m);
    Py_ssize_t at = cache_index(self, p, &m, i);
    if (at < 0 || ensure_caches(self))
        return at < 0 ? build_tuple(self, &m, i) : NULL;
    if (!self->tuples[at] && !(self->tuples[at] = build_tuple(self, &m, i)))
        return NULL;
    Py_INCREF(self->tuples[at]);
    return self->tuples[at];
}

static void set_slot(GeneratorObject *self, PyObject *obj, int slot, PyObject *value)
{
    *(PyObject **)((char *)obj + self->slot[slot]) = value; /* the new object's slots are NULL */
}

static PyObject *build_object(GeneratorObject *self, const dk_pos128 *p, const wide_move *m, int i)
{
    PyTypeObject *type = (PyTypeObject *)self->move_type;
    PyObject *fast = move_tuple(self, p, i);
    PyObject *obj = fast ? type->tp_alloc(type, 0) : NULL;
    PyObject *start = PyLong_FromLong(square_of(self->k, m->frm));
    PyObject *end = PyLong_FromLong(square_of(self->k, m->to));
    PyObject *captured = small_ints(self->paths->victim[i], self->paths->len[i]);
    PyObject *huff = m->huff ? PyLong_FromLong(square_of(self->k, m->huff)) : Py_NewRef(Py_None);
    if (!obj || !start || !end || !captured || !huff) {
        Py_XDECREF(fast);
        Py_XDECREF(obj);
        Py_XDECREF(start);
        Py_XDECREF(end);
        Py_XDECREF(captured);
        Py_XDECREF(huff);
        return NULL;
    }
    set_slot(self, obj, S_RULES, Py_NewRef(self->rules));
    set_slot(self, obj, S_PATH, Py_NewRef(PyTuple_GET_ITEM(fast, 4)));
    set_slot(self, obj, S_FAST, fast);
    set_slot(self, obj, S_START, start);
    set_slot(self, obj, S_END, end);
    set_slot(self, obj, S_CAPTURED, captured);
    set_slot(self, obj, S_HUFF, huff);
    return obj;
}

PyObject *move_object(GeneratorObject *self, const dk_pos128 *p, int i)
{
    if (!self->move_type) {
        PyErr_SetString(PyExc_RuntimeError, "bind_moves() was not called");
        return NULL;
    }
    wide_move m;
    read_move(self, i, &m);
    Py_ssize_t at = cache_index(self, p, &m, i);
    if (at < 0 || ensure_caches(self))
        return at < 0 ? build_object(self, p, &m, i) : NULL;
    if (!self->objects[at] && !(self->objects[at] = build_object(self, p, &m, i)))
        return NULL;
    Py_INCREF(self->objects[at]);
    return self->objects[at];
}

/* The offset of slot `name` of `type`: a writable object slot (a member descriptor), or -1
 * with TypeError set. */
static Py_ssize_t slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name); /* borrowed */
    if (!descr || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%.100s has no slot %s", type->tp_name, name);
        return -1;
    }
    PyMemberDef *def = ((PyMemberDescrObject *)descr)->d_member;
    if (def->type != Py_T_OBJECT_EX || (def->flags & Py_READONLY) || def->offset <= 0
        || def->offset + (Py_ssize_t)sizeof(PyObject *) > type->tp_basicsize) {
        PyErr_Format(PyExc_TypeError, "%.100s.%s is not a plain object slot", type->tp_name, name);
        return -1;
    }
    return def->offset;
}

int bind_moves(GeneratorObject *self, PyObject *move_type, PyObject *rules)
{
    if (!PyType_Check(move_type)) {
        PyErr_SetString(PyExc_TypeError, "bind_moves() expects the Move class");
        return -1;
    }
    Py_ssize_t slot[MOVE_SLOTS];
    for (int s = 0; s < MOVE_SLOTS; s++)
        if ((slot[s] = slot_offset((PyTypeObject *)move_type, SLOT_NAMES[s])) < 0)
            return -1;
    clear_moves(self);
    for (int s = 0; s < MOVE_SLOTS; s++)
        self->slot[s] = slot[s];
    self->move_type = Py_NewRef(move_type);
    self->rules = Py_NewRef(rules);
    return 0;
}

void clear_moves(GeneratorObject *self)
{
    if (self->tuples) {
        size_t n = (size_t)N_KINDS * (size_t)self->k->squares * (size_t)self->k->squares;
        for (size_t i = 0; i < n; i++) {
            Py_XDECREF(self->tuples[i]);
            Py_XDECREF(self->objects[i]);
        }
        PyMem_Free(self->tuples);
        PyMem_Free(self->objects);
        self->tuples = self->objects = NULL;
    }
    Py_CLEAR(self->move_type);
    Py_CLEAR(self->rules);
}
