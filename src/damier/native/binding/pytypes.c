/* What every Python type of the binding shares: see pytypes.h. */
#include "pytypes.h"

int dk_initialised(int ready, const char *type)
{
    if (ready)
        return 1;
    PyErr_Format(PyExc_RuntimeError, "%s was not initialised", type);
    return 0;
}

int dk_add_type(PyObject *module, const char *name, PyTypeObject *type)
{
    if (PyType_Ready(type) < 0)
        return -1;
    return PyModule_AddObjectRef(module, name, (PyObject *)type);
}
