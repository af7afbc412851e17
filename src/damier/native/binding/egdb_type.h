/* The C side of damier._kernel.Egdb for other C files of the extension (the search binding):
 * the database held by an Egdb object, and the module hook. */
#ifndef DAMIER_EGDB_PY_H
#define DAMIER_EGDB_PY_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../egdb.h"

/* The database of `obj`, or NULL with a TypeError set if `obj` is not a damier._kernel.Egdb. */
const dk_egdb *dk_egdb_from(PyObject *obj);

/* Adds the Egdb type to the module (called by module.c); -1 with an exception set. */
int egdb_binding_init(PyObject *module);

#endif
