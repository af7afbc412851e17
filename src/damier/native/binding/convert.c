/* The CPython binding's one conversion module: Python ints <-> kernel words, positions and
 * moves checked on the way in (see convert.h).
 *
 * Every int is checked before it reaches the kernel (type, sign, at most 128 bits, then
 * dk_valid_pos: pieces on playing squares, one colour per square, kings on pieces, a valid
 * aux): a bad call raises TypeError or ValueError, never a crash.
 */
#include "convert.h"

/* The little-endian bytes of a non-negative int of at most 128 bits: 0, 1 if it is larger,
 * -1 with an exception set (the byte-array calls of CPython: public from 3.13). */
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

int dk_wide_from(PyObject *o, dk_u128 *out, const char *what)
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

PyObject *dk_wide_to(dk_u128 x)
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

void narrow_pos(const dk_pos128 *w, dk_pos64 *p)
{
    *p = (dk_pos64){(uint64_t)w->white, (uint64_t)w->black, (uint64_t)w->kings, (uint64_t)w->aux, w->turn};
}

void widen_pos(const dk_pos64 *p, dk_pos128 *w)
{
    *w = (dk_pos128){p->white, p->black, p->kings, p->aux, p->turn};
}

/* Read (white, black, kings, turn[, aux]) from args[0..], or from the one tuple args[0] (a
 * Position), and check it is a valid position. */
int position_from(const dk_kernel *k, PyObject *const *args, Py_ssize_t nargs, dk_pos128 *p)
{
    static const char *names[] = {"white", "black", "kings", "turn", "aux"};
    dk_u128 v[5] = {0, 0, 0, 0, 0};
    if (nargs == 1 && PyTuple_Check(args[0])) {
        nargs = PyTuple_GET_SIZE(args[0]);
        args = &PyTuple_GET_ITEM(args[0], 0);
    }
    if (nargs < 4 || nargs > 5) {
        PyErr_SetString(PyExc_TypeError, "expected white, black, kings, turn and optionally aux");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        if (dk_wide_from(args[i], &v[i], names[i]))
            return -1;
    if (v[3] > 1) {
        PyErr_SetString(PyExc_ValueError, "turn must be 0 (White) or 1 (Black)");
        return -1;
    }
    p->white = v[0];
    p->black = v[1];
    p->kings = v[2];
    p->aux = v[4];
    p->turn = (int)v[3];
    if (!dk_wpos_valid(k, p)) {
        PyErr_SetString(PyExc_ValueError,
                        "not a valid position of this variant (pieces off the board, on both sides, "
                        "kings without a piece, or a bad aux)");
        return -1;
    }
    return 0;
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
int dk_wpos_from(PyObject *o, dk_pos128 *p, const char *what)
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

int dk_wpos_valid(const dk_kernel *k, const dk_pos128 *w)
{
    if (k->wide)
        return dk_valid_pos128(k, w);
    if ((w->white | w->black | w->kings | w->aux) >> 64)
        return 0;
    dk_pos64 p;
    narrow_pos(w, &p);
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
