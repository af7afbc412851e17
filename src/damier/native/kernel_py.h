/* The C side of damier._kernel.Generator for other C files of the extension (native-search's
 * binding): the dk_kernel held by a Generator object. */
#ifndef DAMIER_KERNEL_PY_H
#define DAMIER_KERNEL_PY_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"

/* The kernel of `obj`, or NULL with a TypeError set if `obj` is not a damier._kernel.Generator. */
const dk_kernel *dk_kernel_from(PyObject *obj);

#endif
