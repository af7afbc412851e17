/* What every Python type of the binding shares (pytypes.c): the type object's common slots,
 * the fast-call method entry, the check that an object's __init__ ran, and adding a type to
 * the module. Private to the binding; no kernel file includes it. */
#ifndef DAMIER_BINDING_PYTYPES_H
#define DAMIER_BINDING_PYTYPES_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The slots every type of damier._kernel fills the same way, for a type `Name` whose object
 * struct is `Object` and whose functions are Name_init and Name_dealloc; the type object
 * adds its own (.tp_methods, .tp_getset, ...) after it. */
#define DK_TYPE_SLOTS(Name, Object, doc)                                                     \
    PyVarObject_HEAD_INIT(NULL, 0)                                                           \
    .tp_name = "damier._kernel." #Name, .tp_basicsize = sizeof(Object),                      \
    .tp_flags = Py_TPFLAGS_DEFAULT, .tp_doc = (doc), .tp_new = PyType_GenericNew,            \
    .tp_init = (initproc)Name##_init, .tp_dealloc = (destructor)Name##_dealloc

/* A PyMethodDef's function and flags for a METH_FASTCALL function `f`. */
#define DK_FASTCALL(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL

/* 1 if `ready` (what __init__ sets up is there), else 0 with a RuntimeError saying that the
 * `type` object was not initialised (its __init__ never ran, or failed). */
int dk_initialised(int ready, const char *type);

/* Readies `type` and adds it to `module` as `name`: 0, or -1 with an exception set. */
int dk_add_type(PyObject *module, const char *name, PyTypeObject *type);

#endif
