#!/usr/bin/env python3
"""Writes a function of N blocks (test/Hostile/many-blocks.test).

Block K allocates a buffer and copies the previous block's buffer into it;
every 50th block may branch back to the one before it, a control-flow loop,
in which a buffer handed back through a block argument must be left alone.
"""

import sys

n = int(sys.argv[1])
out = ["func.func @many(%flag: i1) -> f32 {",
       "  %c0 = arith.constant 0 : index",
       "  %one = arith.constant 1.0 : f32",
       "  %b0 = memref.alloc() : memref<16xf32>",
       "  memref.store %one, %b0[%c0] : memref<16xf32>",
       "  cf.br ^bb1(%b0 : memref<16xf32>)"]
for k in range(1, n + 1):
    out.append("^bb%d(%%in%d: memref<16xf32>):" % (k, k))
    out.append("  %%b%d = memref.alloc() : memref<16xf32>" % k)
    out.append("  %%v%d = memref.load %%in%d[%%c0] : memref<16xf32>" % (k, k))
    out.append("  memref.store %%v%d, %%b%d[%%c0] : memref<16xf32>" % (k, k))
    if k == n:
        break
    if k % 50 == 0:
        # Back to the previous block, handing it this block's buffer.
        out.append("  cf.cond_br %%flag, ^bb%d(%%b%d : memref<16xf32>), ^bb%d(%%b%d : memref<16xf32>)"
                   % (k - 1, k, k + 1, k))
    else:
        out.append("  cf.br ^bb%d(%%b%d : memref<16xf32>)" % (k + 1, k))
out.append("  %%r = memref.load %%b%d[%%c0] : memref<16xf32>" % n)
out.append("  return %r : f32")
out.append("}")
print("\n".join(out))
