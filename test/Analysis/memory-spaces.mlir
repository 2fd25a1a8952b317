// Every buffer carries its memory space, which groups the buffers into one
// problem per space; spaces that are not integers are kept as attributes.
// Sizes and lifetimes do not depend on the space.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// Numbers: 0 %one, 1 %x, 2 %y, 3 %z, 4 %w, 5-6 fill, 7-8 fill, 9-10 fill,
// 11 extf, 12-13 fill, 14-16 add, 17-19 add, 20 copy, 21 return.
// CHECK-LABEL: @spaces: 4 buffers
// CHECK-NEXT:  "x" memref<4xf32, 1>: planned [5, 17), 16 bytes, align 16, space 1, 0 aliases, 0 deallocs
// CHECK-NEXT:  "y" memref<4xf32, 1>: planned [7, 17), 16 bytes, align 16, space 1, 0 aliases, 0 deallocs
// CHECK-NEXT:  "z" memref<4xf32>: planned [9, 20), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "w" memref<2xf64, #gpu.address_space<workgroup>>: planned [12, 21), 16 bytes, align 16, space #gpu.address_space<workgroup>, 0 aliases, 0 deallocs
func.func @spaces(%out: memref<4xf32>, %wout: memref<2xf64, #gpu.address_space<workgroup>>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1> loc("x")
  %y = memref.alloc() : memref<4xf32, 1> loc("y")
  %z = memref.alloc() : memref<4xf32> loc("z")
  %w = memref.alloc() : memref<2xf64, #gpu.address_space<workgroup>> loc("w")
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  %onef64 = arith.extf %one : f32 to f64
  linalg.fill ins(%onef64 : f64) outs(%w : memref<2xf64, #gpu.address_space<workgroup>>)
  linalg.add ins(%x, %y : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.copy %w, %wout : memref<2xf64, #gpu.address_space<workgroup>> to memref<2xf64, #gpu.address_space<workgroup>>
  return
}

// A memory-space cast is a view: it keeps the buffer alive and is an alias.
// Numbers: 0 %g, 1 %any, 2 %c0, 3 %v, 4 store, 5 return.
// CHECK-LABEL: @space_cast: 1 buffer
// CHECK-NEXT:  "g" memref<4xf32, 2>: planned [1, 5), 16 bytes, align 16, space 2, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.memory_space_cast' "any"
func.func @space_cast() {
  %g = memref.alloc() : memref<4xf32, 2> loc("g")
  %any = memref.memory_space_cast %g : memref<4xf32, 2> to memref<4xf32> loc("any")
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.0 : f32
  memref.store %v, %any[%c0] : memref<4xf32>
  return
}
