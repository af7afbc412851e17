/* Python values <-> the kernel's words (see py_convert.h). */
#include "py_convert.h"

/* A non-negative Python int below 2**128. */
int dk_wide_from(PyObject *o, dk_u128 *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    PyObject *zero = PyLong_FromLong(0);
    int negative = zero ? PyObject_RichCompareBool(o, zero, Py_LT) : -1;
    Py_XDECREF(zero);
    if (negative < 0)
        return -1;
    if (negative) {
        PyErr_Format(PyExc_ValueError, "%s must not be negative", what);
        return -1;
    }
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = shift ? PyNumber_Rshift(o, shift) : NULL;
    Py_XDECREF(shift);
    if (!high)
        return -1;
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "%s is too large for a bitboard", what);
        return -1;
    }
    *out = (dk_u128)hi << 64 | PyLong_AsUnsignedLongLongMask(o);
    return 0;
}

PyObject *dk_wide_to(dk_u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    if (!hi)
        return PyLong_FromUnsignedLongLong((uint64_t)x);
    PyObject *h = PyLong_FromUnsignedLongLong(hi), *l = PyLong_FromUnsignedLongLong((uint64_t)x);
    PyObject *shift = PyLong_FromLong(64), *shifted = NULL, *out = NULL;
    if (h && l && shift && (shifted = PyNumber_Lshift(h, shift)))
        out = PyNumber_Or(shifted, l);
    Py_XDECREF(h);
    Py_XDECREF(l);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return out;
}

/* An int in [lo, hi]. */
int dk_int_from(PyObject *o, long lo, long hi, long *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be in %ld..%ld", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* A tuple (white, black, kings, turn[, aux]). */
int dk_wpos_from(PyObject *o, dk_wpos *p, const char *what)
{
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) < 4 || PyTuple_GET_SIZE(o) > 5) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple (white, black, kings, turn[, aux])", what);
        return -1;
    }
    long turn;
    p->aux = 0;
    if (dk_wide_from(PyTuple_GET_ITEM(o, 0), &p->white, what) < 0
        || dk_wide_from(PyTuple_GET_ITEM(o, 1), &p->black, what) < 0
        || dk_wide_from(PyTuple_GET_ITEM(o, 2), &p->kings, what) < 0
        || dk_int_from(PyTuple_GET_ITEM(o, 3), 0, 1, &turn, what) < 0
        || (PyTuple_GET_SIZE(o) == 5 && dk_wide_from(PyTuple_GET_ITEM(o, 4), &p->aux, what) < 0))
        return -1;
    p->turn = (int)turn;
    return 0;
}

int dk_wpos_valid(const dk_kernel *k, const dk_wpos *w)
{
    if (k->wide) {
        dk_pos128 p = {w->white, w->black, w->kings, w->aux, w->turn};
        return dk_valid_pos128(k, &p);
    }
    if ((w->white | w->black | w->kings | w->aux) >> 64)
        return 0;
    dk_pos64 p = {(uint64_t)w->white, (uint64_t)w->black, (uint64_t)w->kings, (uint64_t)w->aux, w->turn};
    return dk_valid_pos64(k, &p);
}

void *dk_sequence_from(PyObject *o, Py_ssize_t lo, Py_ssize_t hi, size_t size, const char *what,
                       int (*item)(PyObject *, void *, const dk_kernel *), const dk_kernel *k, int *count)
{
    PyObject *fast = PySequence_Fast(o, what);
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    char *out = NULL;
    if (n < lo || n > hi)
        PyErr_Format(PyExc_ValueError, "%zd items in %s (%zd to %zd)", n, what, lo, hi);
    else if (!(out = PyMem_Calloc((size_t)n + 1, size)))
        PyErr_NoMemory();
    for (Py_ssize_t i = 0; out && i < n; i++)
        if (item(PySequence_Fast_GET_ITEM(fast, i), out + (size_t)i * size, k) < 0) {
            PyMem_Free(out);
            out = NULL;
        }
    Py_DECREF(fast);
    *count = out ? (int)n : 0;
    return out;
}
