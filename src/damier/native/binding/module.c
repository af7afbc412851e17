/* The extension module damier._kernel: its init adds the types of the other binding files
 * (generator.c, moves_view.c, evaluator.c and search_type.c, egdb_type.c) and the constants.
 * Nothing here converts values or generates moves; no other file calls into this one. */
#include "generator.h"
#include "egdb_type.h"
#include "search_type.h"

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "damier._kernel",
    "damier's native kernel: move generation in C (see damier.core.kernel).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

/* Whether this build counts bits with the POPCNT instruction (setup.py enables it when the
 * build machine has it), and 0 if so and this CPU lacks it: a build copied to an older
 * machine then refuses to load (damier runs on the pure-Python path) instead of dying on an
 * illegal instruction. No code before this check counts bits. */
#if defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__))
#define BUILT_WITH_POPCNT 1
static int cpu_runs_this_build(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt");
}
#else
#define BUILT_WITH_POPCNT 0
static int cpu_runs_this_build(void) { return 1; }
#endif

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (!cpu_runs_this_build()) {
        PyErr_SetString(PyExc_ImportError, "damier._kernel was built for CPUs with the POPCNT instruction, "
                                           "which this one lacks (rebuild it here, or with DAMIER_PORTABLE=1)");
        return NULL;
    }
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m)
        return NULL;
    if (generator_type_init(m) < 0
        || PyModule_AddIntConstant(m, "MAX_MOVES", DK_MAX_MOVES) < 0
        || PyModule_AddIntConstant(m, "POPCNT", BUILT_WITH_POPCNT) < 0
        || moves_view_init(m) < 0 || replay_init(m) < 0 || postings_init(m) < 0
        || search_binding_init(m) < 0 || egdb_binding_init(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
