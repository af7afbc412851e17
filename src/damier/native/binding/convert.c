/* The CPython binding: Python ints <-> kernel words, and positions checked on the way in.
 *
 * Every int is checked before it reaches the kernel (type, sign, at most 128 bits, then
 * dk_valid_pos: pieces on playing squares, one colour per square, kings on pieces, a valid
 * aux): a bad call raises TypeError or ValueError, never a crash.
 */
#include "generator.h"

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

int dk_word_from_py(PyObject *o, dk_u128 *out, const char *what)
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

PyObject *dk_word_to_py(dk_u128 x)
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

void narrow_pos(const wide_pos *w, dk_pos64 *p)
{
    p->white = (uint64_t)w->white;
    p->black = (uint64_t)w->black;
    p->kings = (uint64_t)w->kings;
    p->aux = (uint64_t)w->aux;
    p->turn = w->turn;
}

void wide_to_pos128(const wide_pos *w, dk_pos128 *p)
{
    p->white = w->white;
    p->black = w->black;
    p->kings = w->kings;
    p->aux = w->aux;
    p->turn = w->turn;
}

void pos128_to_wide(const dk_pos128 *p, wide_pos *w)
{
    w->white = p->white;
    w->black = p->black;
    w->kings = p->kings;
    w->aux = p->aux;
    w->turn = p->turn;
}

void pos64_to_wide(const dk_pos64 *p, wide_pos *w)
{
    w->white = p->white;
    w->black = p->black;
    w->kings = p->kings;
    w->aux = p->aux;
    w->turn = p->turn;
}

/* Read (white, black, kings, turn[, aux]) from args[0..], or from the one tuple args[0] (a
 * Position), and check it is a valid position. */
int position_from(const dk_kernel *k, PyObject *const *args, Py_ssize_t nargs, wide_pos *p)
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
        if (dk_word_from_py(args[i], &v[i], names[i]))
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
    int valid;
    if (k->wide) {
        dk_pos128 q;
        wide_to_pos128(p, &q);
        valid = dk_valid_pos128(k, &q);
    } else {
        dk_pos64 q;
        narrow_pos(p, &q);
        valid = !((p->white | p->black | p->kings | p->aux) >> 64) && dk_valid_pos64(k, &q);
    }
    if (!valid) {
        PyErr_SetString(PyExc_ValueError,
                        "not a valid position of this variant (pieces off the board, on both sides, "
                        "kings without a piece, or a bad aux)");
        return -1;
    }
    return 0;
}
