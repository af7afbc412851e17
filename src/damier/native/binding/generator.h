/* Private to the CPython binding (generator.c, moves.c, moves_view.c): the Generator object and
 * the conversions between Python values and kernel values. Not part of the kernel's API. */
#ifndef DAMIER_BINDING_H
#define DAMIER_BINDING_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../kernel.h"
#include "convert.h"
#include "pytypes.h"

#define MOVE_SLOTS 7   /* the __slots__ of damier.core.move.Move that moves.c fills */

/* damier._kernel.Generator: the kernel of one rules object, scratch lists for its answers,
 * and (once bind_moves() ran) what it needs to build damier.core.move.Move objects. */
typedef struct {
    PyObject_HEAD
    dk_kernel *k;
    dk_paths *paths;          /* scratch: landing squares and victims of the last list */
    void *moves;              /* scratch: DK_MAX_MOVES moves of the kernel's width */
    PyObject *move_type;      /* damier.core.move.Move, or NULL before bind_moves() */
    PyObject *rules;          /* the Rules object its Moves carry */
    Py_ssize_t slot[MOVE_SLOTS];  /* offsets of Move's slots, in MOVE_SLOT_NAMES order */
    PyObject **tuples;        /* caches of the moves that recur (moves.c), or NULL */
    PyObject **objects;
    PyObject *fallback;       /* asked on overflow (its legal/moves/count), or NULL */
} GeneratorObject;

/* A move in 128-bit words, whatever the kernel's width (positions: dk_pos128, convert.h). */
typedef struct { dk_u128 frm, to, remove, kings_xor, huff; } wide_move;

/* moves.c: the i-th move of the scratch list (position `p`) as a fast-move tuple or as a
 * Move object (new references); bind_moves/clear_moves manage the Move type and caches. */
PyObject *move_tuple(GeneratorObject *self, const dk_pos128 *p, int i);
PyObject *move_object(GeneratorObject *self, const dk_pos128 *p, int i);
int bind_moves(GeneratorObject *self, PyObject *move_type, PyObject *rules);
void clear_moves(GeneratorObject *self);

/* generator.c: adds the Generator type to the module; -1 with an exception set. */
int generator_type_init(PyObject *module);

/* moves_view.c: adds the MovesView type to the module; -1 with an exception set on failure. */
int moves_view_init(PyObject *module);

/* replay.c: adds replay() and replay_indices() (the game database's bulk replay). */
int replay_init(PyObject *module);

/* postings.c: adds sort_postings() and count_postings() (the game database's index). */
int postings_init(PyObject *module);

#endif
