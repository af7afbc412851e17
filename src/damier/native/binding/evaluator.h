/* The Evaluator type of damier._kernel (owner: native-search; see evaluator.c). */
#ifndef DAMIER_EVAL_BINDING_H
#define DAMIER_EVAL_BINDING_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../eval.h"

typedef struct {
    PyObject_HEAD
    PyObject *generator;
    dk_eval eval;
    int ready;
} EvaluatorObject;

extern PyTypeObject dk_EvaluatorType;

/* The evaluation held by an Evaluator, or NULL with TypeError / RuntimeError set. */
const dk_eval *dk_eval_from(PyObject *obj);

#endif
