/* The C side of damier._kernel.Generator for other C files of the extension (native-search's
 * binding): the dk_kernel held by a Generator object. */
#ifndef DAMIER_KERNEL_PY_H
#define DAMIER_KERNEL_PY_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../kernel.h"

/* The kernel of `obj`, or NULL with a TypeError set if `obj` is not a damier._kernel.Generator. */
const dk_kernel *dk_kernel_from(PyObject *obj);

/* A Python int as a word (128 bits; narrow it for a 64-bit kernel after checking x >> 64 == 0):
 * 0, or -1 with TypeError (not an int) or ValueError (negative, more than 128 bits) naming
 * `what`. */
int dk_word_from_py(PyObject *o, dk_u128 *out, const char *what);

/* A word as a Python int (a new reference, NULL with an exception set on failure). */
PyObject *dk_word_to_py(dk_u128 x);

#endif
