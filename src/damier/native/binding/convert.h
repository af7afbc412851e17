/* The CPython binding's one conversion module (convert.c): Python values <-> the kernel's
 * words and positions, every value checked on the way in (a bad value raises TypeError or
 * ValueError naming `what`, never a crash). Every C file of the binding converts through it;
 * no kernel file includes it. */
#ifndef DAMIER_BINDING_CONVERT_H
#define DAMIER_BINDING_CONVERT_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../kernel.h"

/* The kernel of `obj`, or NULL with a TypeError set if `obj` is not a damier._kernel.Generator
 * (module.c). */
const dk_kernel *dk_kernel_from(PyObject *obj);

/* A non-negative Python int of at most 128 bits as a word (narrow it for a 64-bit kernel after
 * checking x >> 64 == 0): 0, or -1 with TypeError (not an int) or ValueError. */
int dk_wide_from(PyObject *o, dk_u128 *out, const char *what);
/* A word as a Python int (a new reference, NULL with an exception set on failure). */
PyObject *dk_wide_to(dk_u128 x);
/* An int in [lo, hi]. */
int dk_int_from(PyObject *o, long lo, long hi, long *out, const char *what);

/* Positions: dk_pos128 is the one wide position type (the kernel's, kernel.h); a 64-bit
 * kernel's dk_pos64 is narrowed from it and widened back. */
void narrow_pos(const dk_pos128 *w, dk_pos64 *p);
void widen_pos(const dk_pos64 *p, dk_pos128 *w);
/* A tuple (white, black, kings, turn[, aux]). */
int dk_wpos_from(PyObject *o, dk_pos128 *p, const char *what);
/* 1 if `w` is a valid position of `k` (dk_valid_pos of its width). */
int dk_wpos_valid(const dk_kernel *k, const dk_pos128 *w);
/* (white, black, kings, turn[, aux]) from args[0..], or from the one tuple args[0] (a
 * Position), checked valid for `k`: 0, or -1 with an exception set. */
int position_from(const dk_kernel *k, PyObject *const *args, Py_ssize_t nargs, dk_pos128 *p);

/* The items of a sequence of `count` in [lo, hi] items, each read by `item` into an array of
 * `size`-byte elements (PyMem_Calloc'ed, freed by the caller with PyMem_Free); NULL with an
 * exception set on failure. `what` names the sequence in the errors. */
void *dk_sequence_from(PyObject *o, Py_ssize_t lo, Py_ssize_t hi, size_t size, const char *what,
                       int (*item)(PyObject *, void *, const dk_kernel *), const dk_kernel *k, int *count);

#endif
