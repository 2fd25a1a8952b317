/* Prints what the headers of test/Report/header.mlir say, as a program
   sizing its arenas would read them. */
#include "objects.h"
#include "offsets.h"

#include <stdio.h>

int main(void) {
  printf("fixed %zu %zu\n", MEMPLAN_FIXED_SLAB_BYTES,
         MEMPLAN_FIXED_SLAB_ALIGNMENT);
  printf("entry at 1: %zu, at 1000: %zu\n", memplan_entry_slab_bytes(1),
         memplan_entry_slab_bytes(1000));
  printf("scale at 1: %zu, at 1000: %zu\n", memplan_scale_slab_bytes(1),
         memplan_scale_slab_bytes(1000));
  return 0;
}
