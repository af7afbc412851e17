/* The evaluation for 64-bit words (eval_impl.h). */
#include "width64.h"
#include "eval_impl.h"
