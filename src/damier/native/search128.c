/* The search for 128-bit words (search_impl.h, root_impl.h). */
#include "width128.h"
#include "search_impl.h"
#include "root_impl.h"
