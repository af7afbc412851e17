/* Internal to the kernel: the per-width table builders that dk_kernel_init calls (layout.c
 * fills the width-independent geometry first). Not part of the API in kernel.h. */
#ifndef DAMIER_LAYOUT_H
#define DAMIER_LAYOUT_H
#include "kernel.h"

void dk_tables_build64(dk_kernel *k);
void dk_tables_build128(dk_kernel *k);

#endif
