/* The evaluation for 128-bit words (eval_impl.h). */
#include "width128.h"
#include "eval_impl.h"
