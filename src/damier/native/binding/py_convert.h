/* Python values <-> the kernel's words, checked (owner: native-search): the conversions the
 * evaluation and search bindings share. A bad value raises TypeError or ValueError. */
#ifndef DAMIER_PY_CONVERT_H
#define DAMIER_PY_CONVERT_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../search.h"

/* A non-negative Python int below 2**128 (`what` names it in the error). */
int dk_wide_from(PyObject *o, dk_u128 *out, const char *what);
PyObject *dk_wide_to(dk_u128 x);
/* An int in [lo, hi]. */
int dk_int_from(PyObject *o, long lo, long hi, long *out, const char *what);
/* A tuple (white, black, kings, turn[, aux]). */
int dk_wpos_from(PyObject *o, dk_wpos *p, const char *what);
/* 1 if `w` is a valid position of `k` (dk_valid_pos of its width). */
int dk_wpos_valid(const dk_kernel *k, const dk_wpos *w);
/* The items of a sequence of `count` in [lo, hi] items, each read by `item` into an array of
 * `size`-byte elements (PyMem_Calloc'ed, freed by the caller with PyMem_Free); NULL with an
 * exception set on failure. `what` names the sequence in the errors. */
void *dk_sequence_from(PyObject *o, Py_ssize_t lo, Py_ssize_t hi, size_t size, const char *what,
                       int (*item)(PyObject *, void *, const dk_kernel *), const dk_kernel *k, int *count);

#endif
