/* The CPython binding of the endgame databases: damier._kernel.Egdb (see egdb.h and
 * damier/engine/egdb.py, which owns the files and calls this).
 *
 * An Egdb is made for one Generator (its kernel); tables are added as Python buffers (raw
 * codes, or the compressed form, which is checked first) and kept referenced until the Egdb
 * goes. Positions cross as four ints (white, black, kings, turn) checked here. `solve` and
 * `encode` release the GIL. Tables must be added before probing starts in other threads
 * (the engine adds every file when it opens a database).
 *
 * This file must not read files or know where they are.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../egdb.h"
#include "convert.h"
#include "pytypes.h"
#include "egdb_type.h"

typedef struct {
    PyObject_HEAD
    dk_egdb *db;
    PyObject *generator;           /* keeps the kernel alive */
    Py_buffer *views[DK_EGDB_CONFIGS];
} EgdbObject;

static PyTypeObject EgdbType;

const dk_egdb *dk_egdb_from(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &EgdbType) || !((EgdbObject *)obj)->db) {
        PyErr_SetString(PyExc_TypeError, "expected a damier._kernel.Egdb");
        return NULL;
    }
    return ((EgdbObject *)obj)->db;
}

static int Egdb_init(EgdbObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"generator", NULL};
    PyObject *generator;
    char err[160];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", names, &generator))
        return -1;
    const dk_kernel *k = dk_kernel_from(generator);
    if (!k || self->db)
        return k ? (PyErr_SetString(PyExc_RuntimeError, "Egdb initialised twice"), -1) : -1;
    dk_egdb *db = PyMem_Calloc(1, sizeof *db);
    if (!db) {
        PyErr_NoMemory();
        return -1;
    }
    db->k = k;
    if (dk_egdb_geometry_init(&db->g, k, err, sizeof err) < 0) {
        PyMem_Free(db);
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    Py_INCREF(generator);
    self->generator = generator;
    self->db = db;
    return 0;
}

static void Egdb_dealloc(EgdbObject *self)
{
    if (self->db) {
        for (int i = 0; i < DK_EGDB_CONFIGS; i++) {
            PyMem_Free(self->db->tables[i]);
            if (self->views[i]) {
                PyBuffer_Release(self->views[i]);
                PyMem_Free(self->views[i]);
            }
        }
        PyMem_Free(self->db);
    }
    Py_XDECREF(self->generator);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(EgdbObject *self)
{
    return dk_initialised(self->db != NULL, "Egdb");
}

/* A configuration from a tuple (wm, wk, bm, bk) with a table on this board. */
static int config_from(EgdbObject *self, PyObject *o, dk_egdb_config *c)
{
    if (!PyArg_ParseTuple(o, "iiii;a configuration is (men, kings, opponent men, opponent kings)",
                          &c->wm, &c->wk, &c->bm, &c->bk))
        return -1;
    if (!dk_egdb_size(&self->db->g, *c) || c->wm + c->wk == 0 || c->bm + c->bk == 0) {
        PyErr_Format(PyExc_ValueError, "no table for configuration %d,%d,%d,%d on this board",
                     c->wm, c->wk, c->bm, c->bk);
        return -1;
    }
    return 0;
}

/* The position of a call `name`(white, black, kings, turn), valid on this board (read by
 * convert.c): 0, or -1 with an exception set (also if the database was not initialised). */
static int pos_from(EgdbObject *self, const char *name, PyObject *const *args, Py_ssize_t nargs,
                    dk_pos64 *p)
{
    dk_pos128 w;
    if (!ready(self))
        return -1;
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "%s(white, black, kings, turn)", name);
        return -1;
    }
    if (position_from(self->db->k, args, 4, &w) < 0)
        return -1;
    narrow_pos(&w, p);
    return 0;
}

static PyObject *Egdb_size(EgdbObject *self, PyObject *config)
{
    dk_egdb_config c;
    if (!ready(self) || config_from(self, config, &c) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(dk_egdb_size(&self->db->g, c));
}

static PyObject *Egdb_add(EgdbObject *self, PyObject *args)
{
    PyObject *config, *data;
    int raw;
    dk_egdb_config c;
    char err[160];
    if (!ready(self) || !PyArg_ParseTuple(args, "OOp", &config, &data, &raw) || config_from(self, config, &c) < 0)
        return NULL;
    int id = dk_egdb_config_id(c);
    if (self->db->tables[id]) {
        PyErr_Format(PyExc_ValueError, "configuration %d,%d,%d,%d already has a table", c.wm, c.wk, c.bm, c.bk);
        return NULL;
    }
    Py_buffer *view = PyMem_Calloc(1, sizeof *view);
    dk_egdb_table *t = PyMem_Calloc(1, sizeof *t);
    if (!view || !t) {
        PyMem_Free(view);
        PyMem_Free(t);
        return PyErr_NoMemory();
    }
    if (PyObject_GetBuffer(data, view, PyBUF_SIMPLE) < 0) {
        PyMem_Free(view);
        PyMem_Free(t);
        return NULL;
    }
    t->size = dk_egdb_size(&self->db->g, c);
    if (raw) {
        t->raw = view->buf;
        if ((uint64_t)view->len != t->size) {
            snprintf(err, sizeof err, "a raw table of %llu codes, not %llu", (unsigned long long)view->len,
                     (unsigned long long)t->size);
            goto bad;
        }
    } else {
        t->blob = view->buf;
        t->blob_size = (uint64_t)view->len;
        if (dk_egdb_table_check(t, err, sizeof err) < 0)
            goto bad;
    }
    self->views[id] = view;
    self->db->tables[id] = t;
    Py_RETURN_NONE;
bad:
    PyBuffer_Release(view);
    PyMem_Free(view);
    PyMem_Free(t);
    PyErr_SetString(PyExc_ValueError, err);
    return NULL;
}

static PyObject *Egdb_probe(EgdbObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    dk_pos64 p;
    if (pos_from(self, "probe", args, nargs, &p) < 0)
        return NULL;
    return PyLong_FromLong(dk_egdb_probe(self->db, &p));
}

static PyObject *Egdb_index(EgdbObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    dk_pos64 p, n;
    if (pos_from(self, "index", args, nargs, &p) < 0)
        return NULL;
    dk_egdb_normal(&self->db->g, &p, &n);
    dk_egdb_config c = dk_egdb_config_of(&n);
    if (c.wm > 7 || c.wk > 7 || c.bm > 7 || c.bk > 7 || c.wm + c.wk + c.bm + c.bk > DK_EGDB_MAX_PIECES) {
        PyErr_SetString(PyExc_ValueError, "too many pieces for an endgame index");
        return NULL;
    }
    return Py_BuildValue("((iiii)K)", c.wm, c.wk, c.bm, c.bk, (unsigned long long)dk_egdb_index(self->db, &n));
}

static PyObject *Egdb_position(EgdbObject *self, PyObject *args)
{
    PyObject *config;
    unsigned long long index;
    dk_egdb_config c;
    dk_pos64 p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OK", &config, &index) || config_from(self, config, &c) < 0)
        return NULL;
    if (index >= dk_egdb_size(&self->db->g, c)) {
        PyErr_SetString(PyExc_IndexError, "index out of the configuration's table");
        return NULL;
    }
    if (dk_egdb_position(self->db, c, index, &p) < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("(KKKi)", (unsigned long long)p.white, (unsigned long long)p.black,
                         (unsigned long long)p.kings, p.turn);
}

/* The table of configuration c, or NULL with KeyError. */
static const dk_egdb_table *table_for(EgdbObject *self, dk_egdb_config c)
{
    const dk_egdb_table *t = self->db->tables[dk_egdb_config_id(c)];
    if (!t)
        PyErr_Format(PyExc_KeyError, "no table of configuration %d,%d,%d,%d", c.wm, c.wk, c.bm, c.bk);
    return t;
}

/* The arguments (config, value) of a call: config, a tuple (wm, wk, bm, bk), into *c, and value
 * into *value by the second unit of `format`; the table of config, or NULL with an exception set. */
static const dk_egdb_table *table_call(EgdbObject *self, PyObject *args, const char *format, void *value,
                                       dk_egdb_config *c)
{
    PyObject *config;
    if (!ready(self) || !PyArg_ParseTuple(args, format, &config, value) || config_from(self, config, c) < 0)
        return NULL;
    return table_for(self, *c);
}

static PyObject *Egdb_code(EgdbObject *self, PyObject *args)
{
    unsigned long long index;
    dk_egdb_config c;
    const dk_egdb_table *t = table_call(self, args, "OK", &index, &c);
    if (!t)
        return NULL;
    if (index >= t->size) {
        PyErr_SetString(PyExc_IndexError, "index out of the configuration's table");
        return NULL;
    }
    return PyLong_FromLong(dk_egdb_table_code(t, index));
}

static PyObject *Egdb_decode(EgdbObject *self, PyObject *args)
{
    int dont_care;
    dk_egdb_config c;
    const dk_egdb_table *t = table_call(self, args, "Op", &dont_care, &c);
    if (!t)
        return NULL;
    PyObject *out = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)t->size);
    if (!out)
        return NULL;
    uint8_t *buf = (uint8_t *)PyByteArray_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    dk_egdb_table_decode(t, buf);
    if (dont_care)
        dk_egdb_mark_dont_care(self->db, c, buf);
    Py_END_ALLOW_THREADS
    return out;
}

typedef struct progress_ctx { PyObject *fn; int failed; } progress_ctx;

static void report(void *ctx, uint64_t done, uint64_t total)
{
    progress_ctx *pc = ctx;
    if (!pc->fn || pc->failed)
        return;
    PyGILState_STATE state = PyGILState_Ensure();
    PyObject *r = PyObject_CallFunction(pc->fn, "KK", (unsigned long long)done, (unsigned long long)total);
    if (!r) {
        PyErr_Clear();
        pc->failed = 1;      /* a broken callback stops reporting, not solving */
    }
    Py_XDECREF(r);
    PyGILState_Release(state);
}

/* A writable buffer of exactly `size` bytes. */
static int writable(PyObject *o, Py_buffer *view, uint64_t size, const char *what)
{
    if (PyObject_GetBuffer(o, view, PyBUF_WRITABLE) < 0)
        return -1;
    if ((uint64_t)view->len != size) {
        PyErr_Format(PyExc_ValueError, "%s must hold %llu bytes, not %zd", what, (unsigned long long)size, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *Egdb_solve(EgdbObject *self, PyObject *args)
{
    PyObject *config, *out, *swapped, *scratch, *fn = Py_None;
    dk_egdb_config c;
    Py_buffer v[3];
    char err[200];
    if (!ready(self) || !PyArg_ParseTuple(args, "OOOO|O", &config, &out, &swapped, &scratch, &fn)
        || config_from(self, config, &c) < 0)
        return NULL;
    dk_egdb_config other = {c.bm, c.bk, c.wm, c.wk};
    uint64_t n = dk_egdb_size(&self->db->g, c), m = dk_egdb_size(&self->db->g, other);
    int same = dk_egdb_config_id(c) == dk_egdb_config_id(other);
    if (writable(out, &v[0], n, "out") < 0)
        return NULL;
    if (writable(swapped, &v[1], same ? n : m, "out_swapped") < 0) {
        PyBuffer_Release(&v[0]);
        return NULL;
    }
    if (writable(scratch, &v[2], same ? n : n + m, "scratch") < 0) {
        PyBuffer_Release(&v[0]);
        PyBuffer_Release(&v[1]);
        return NULL;
    }
    progress_ctx pc = {fn == Py_None ? NULL : fn, 0};
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = dk_egdb_solve(self->db, c, v[0].buf, same ? v[0].buf : v[1].buf, v[2].buf, report, &pc, err, sizeof err);
    Py_END_ALLOW_THREADS
    for (int i = 0; i < 3; i++)
        PyBuffer_Release(&v[i]);
    if (rc < 0) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Egdb_encode(EgdbObject *self, PyObject *args)
{
    Py_buffer raw;
    unsigned int block_len;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*I", &raw, &block_len))
        return NULL;
    if (block_len == 0 || block_len > (1u << 24)) {
        PyBuffer_Release(&raw);
        PyErr_SetString(PyExc_ValueError, "block_len must be 1 .. 2**24");
        return NULL;
    }
    uint64_t bound = dk_egdb_encode_bound((uint64_t)raw.len, block_len), size;
    uint8_t *buf = PyMem_RawMalloc(bound);
    if (!buf) {
        PyBuffer_Release(&raw);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    size = dk_egdb_encode(raw.buf, (uint64_t)raw.len, block_len, buf, bound);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&raw);
    if (size == 0) {
        PyMem_RawFree(buf);
        return PyErr_NoMemory();
    }
    PyObject *result = PyBytes_FromStringAndSize((const char *)buf, (Py_ssize_t)size);
    PyMem_RawFree(buf);
    return result;
}

static PyObject *Egdb_histogram(EgdbObject *self, PyObject *arg)
{
    Py_buffer raw;
    uint64_t counts[256] = {0};
    (void)self;
    if (PyObject_GetBuffer(arg, &raw, PyBUF_SIMPLE) < 0)
        return NULL;
    const uint8_t *p = raw.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < raw.len; i++)
        counts[p[i]]++;
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&raw);
    PyObject *list = PyList_New(256);
    for (int i = 0; list && i < 256; i++) {
        PyObject *n = PyLong_FromUnsignedLongLong(counts[i]);
        if (!n) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, n);
    }
    return list;
}

static PyMethodDef Egdb_methods[] = {
    {"size", (PyCFunction)Egdb_size, METH_O, "size((wm, wk, bm, bk)) -> number of indices of the configuration"},
    {"add", (PyCFunction)Egdb_add, METH_VARARGS,
     "add((wm, wk, bm, bk), buffer, raw) -> None: a table, raw codes or the compressed form"},
    {"probe", DK_FASTCALL(Egdb_probe),
     "probe(white, black, kings, turn) -> the code of the position for its side to move, or -1"},
    {"index", DK_FASTCALL(Egdb_index),
     "index(white, black, kings, turn) -> ((wm, wk, bm, bk), index) seen from the side to move"},
    {"position", (PyCFunction)Egdb_position, METH_VARARGS,
     "position((wm, wk, bm, bk), index) -> (white, black, kings, 0), or None where men overlap"},
    {"code", (PyCFunction)Egdb_code, METH_VARARGS,
     "code((wm, wk, bm, bk), index) -> the code stored at index (any value where the file does not care)"},
    {"decode", (PyCFunction)Egdb_decode, METH_VARARGS,
     "decode((wm, wk, bm, bk), dont_care) -> bytearray: every code of the table (255 where the "
     "file need not keep one: men overlap, or the side to move can capture, when dont_care)"},
    {"solve", (PyCFunction)Egdb_solve, METH_VARARGS,
     "solve(config, out, out_swapped, scratch, progress=None): the codes of config and its swap"},
    {"histogram", (PyCFunction)Egdb_histogram, METH_O, "histogram(raw) -> how many times each byte value occurs"},
    {"encode", (PyCFunction)Egdb_encode, METH_VARARGS, "encode(raw, block_len) -> the compressed form"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EgdbType = {
    DK_TYPE_SLOTS(Egdb, EgdbObject, "The endgame database of one variant (see damier.engine.egdb)."),
    .tp_methods = Egdb_methods,
};

int egdb_binding_init(PyObject *module)
{
    return dk_add_type(module, "Egdb", &EgdbType);
}
