/* Placeholder of the evaluation and search binding (owner: native-search, who replaces it):
 * adds nothing to the module yet. */
#include "search_binding.h"

int search_binding_init(PyObject *module)
{
    (void)module;
    return 0;
}
