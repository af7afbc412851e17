/* The search for 128-bit words (search_impl.h). */
#include "width128.h"
#include "search_impl.h"
