/* The move generator for boards of more than 64 bits (12x12, full 8x8) (see kernel.h and width128.h). */
#include <stdlib.h>

#include "width128.h"
#include "layout.h"
#include "tables_impl.h"
#include "choice_impl.h"
#include "capture_impl.h"
#include "quiet_impl.h"
#include "legal_impl.h"
#include "stateful_impl.h"
#include "api_impl.h"
