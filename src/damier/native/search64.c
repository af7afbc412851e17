/* The search for 64-bit words (search_impl.h, root_impl.h). */
#include "width64.h"
#include "search_impl.h"
#include "root_impl.h"
