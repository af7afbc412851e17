/* The move generator for boards of at most 64 bits (see kernel.h and width64.h). */
#include <stdlib.h>

#include "width64.h"
#include "layout.h"
#include "tables_impl.h"
#include "choice_impl.h"
#include "capture_impl.h"
#include "quiet_impl.h"
#include "legal_impl.h"
#include "stateful_impl.h"
#include "api_impl.h"
