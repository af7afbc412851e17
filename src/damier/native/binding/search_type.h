/* Hook of the evaluation and search binding (owner: native-search): module.c calls it once
 * when damier._kernel is imported. Returns 0, or -1 with a Python exception set. */
#ifndef DAMIER_SEARCH_BINDING_H
#define DAMIER_SEARCH_BINDING_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

int search_binding_init(PyObject *module);

#endif
