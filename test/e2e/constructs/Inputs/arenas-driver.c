/* Calls @net, compiled from MLIR through its C interface, and prints its
   output. With PLANNED, the program was planned with slab=argument and
   arenas: the driver gives @net its two arenas, sized and aligned as
   memplan's header says, as a runtime would carve them from SRAM and PSRAM;
   without, @net allocates its own buffers. */
#include <stdint.h>
#include <stdio.h>

#ifdef PLANNED
#include "net.h"
#endif

/* A rank-1 memref as MLIR's C interface passes it. */
typedef struct {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} Memref1D;

static Memref1D view(void *data, int64_t size) {
  Memref1D memref = {data, data, 0, {size}, {1}};
  return memref;
}

#ifdef PLANNED
void _mlir_ciface_net(Memref1D *in, Memref1D *out, Memref1D *sram,
                      Memref1D *psram);
/* The arenas, where a linker script would place them. */
static uint8_t sram[MEMPLAN_NET_SRAM_SLAB_BYTES]
    __attribute__((aligned(MEMPLAN_NET_SRAM_SLAB_ALIGNMENT)));
static uint8_t psram[MEMPLAN_NET_PSRAM_SLAB_BYTES]
    __attribute__((aligned(MEMPLAN_NET_PSRAM_SLAB_ALIGNMENT)));
#else
void _mlir_ciface_net(Memref1D *in, Memref1D *out);
#endif

int main(void) {
  float input[64], output[64];
  for (int i = 0; i < 64; ++i)
    input[i] = (float)(i % 7) - 3.0f;
  Memref1D in = view(input, 64), out = view(output, 64);
#ifdef PLANNED
  Memref1D sramArena = view(sram, (int64_t)sizeof sram);
  Memref1D psramArena = view(psram, (int64_t)sizeof psram);
  /* Stale bytes in the arenas must not matter. */
  for (size_t i = 0; i < sizeof sram; ++i)
    sram[i] = 0xA5;
  for (size_t i = 0; i < sizeof psram; ++i)
    psram[i] = 0x5A;
  _mlir_ciface_net(&in, &out, &sramArena, &psramArena);
#else
  _mlir_ciface_net(&in, &out);
#endif
  for (int i = 0; i < 64; ++i)
    printf("%d: %a\n", i, output[i]);
  return 0;
}
