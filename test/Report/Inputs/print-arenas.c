/* Prints the arena sizes that memplan-offsets wrote into arenas.h, as a
   program sizing its arenas from them would read them. */
#include "arenas.h"

#include <stdio.h>

int main(void) {
  printf("layer sram %zu (align %zu)\n", MEMPLAN_LAYER_SRAM_SLAB_BYTES,
         MEMPLAN_LAYER_SRAM_SLAB_ALIGNMENT);
  printf("layer psram %zu\n", MEMPLAN_LAYER_PSRAM_SLAB_BYTES);
  printf("main sram %zu\n", MEMPLAN_MAIN_SRAM_SLAB_BYTES);
  printf("main psram %zu\n", MEMPLAN_MAIN_PSRAM_SLAB_BYTES);
  printf("main tcm %zu\n", MEMPLAN_MAIN_TCM_SLAB_BYTES);
  return 0;
}
