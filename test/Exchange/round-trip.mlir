// memplan-export writes the problems; memplan-solve plans them offline;
// memplan-offsets{apply=FILE} applies the plan after checking that it is
// still the module's (docs/plan-exchange.md).

// RUN: memplan-opt %s --memplan-export=%t.problem.csv -o %t.unchanged.mlir
// RUN: FileCheck %s --check-prefix=CSV < %t.problem.csv
// RUN: memplan-opt %s | diff - %t.unchanged.mlir
// RUN: memplan-opt %s --memplan-export="file=%t.explicit.csv alignment=16" -o /dev/null
// RUN: diff %t.problem.csv %t.explicit.csv
// RUN: memplan-solve --strategy=exact --time-limit=60 %t.problem.csv -o %t.plan.csv
// RUN: memplan-opt %s --memplan-offsets="apply=%t.plan.csv" | FileCheck %s --check-prefix=APPLIED

// Offsets come from the file, not from a strategy: b moved to 128 gives a
// 160-byte slab that no strategy would choose.
// RUN: sed -e 's/^@chain\/0\/1,\(.*\),64$/@chain\/0\/1,\1,128/' %t.plan.csv > %t.moved.csv
// RUN: memplan-opt %s --memplan-offsets="apply=%t.moved.csv report=%t.report.json" | FileCheck %s --check-prefix=MOVED
// RUN: %python %memplan_src_root/scripts/check-report.py %t.report.json
// RUN: FileCheck %s --check-prefix=REPORT < %t.report.json

// Export takes the planning passes' alignment options, so a plan solved
// from the file applies under the same options.
// RUN: memplan-opt %s --memplan-export="file=%t.space.csv space-alignment=1:64" -o /dev/null
// RUN: FileCheck %s --check-prefix=SPACECSV < %t.space.csv
// RUN: memplan-solve --strategy=greedy-size %t.space.csv -o %t.space-plan.csv
// RUN: memplan-opt %s --memplan-offsets="apply=%t.space-plan.csv space-alignment=1:64" | FileCheck %s --check-prefix=SPACEAPPLIED
// @spaces numbers memory space 1 first, as its first buffer is there.
// SPACECSV: @spaces/0/0,16,25,16,64
// SPACECSV-NEXT: @spaces/0/1,18,25,16,64
// SPACECSV-NEXT: @spaces/1/0,25,33,16,16
// SPACEAPPLIED-LABEL: func.func @spaces
// SPACEAPPLIED: memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8, 1>

// CSV: id,lower,upper,size,alignment
// CSV-NEXT: @chain/0/0,0,5,64,16
// CSV-NEXT: @chain/0/1,4,12,32,16
// CSV-NEXT: @chain/0/2,6,12,64,16
// The returned buffer is left alone and not written.
// CSV-NEXT: @returned/0/0,12,16,16,16
// Each group starts where the previous one ended.
// CSV-NEXT: @spaces/0/0,16,25,16,16
// CSV-NEXT: @spaces/0/1,18,25,16,16
// CSV-NEXT: @spaces/1/0,25,33,16,16
// CSV-EMPTY:

// APPLIED-LABEL: func.func @chain
// APPLIED: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// APPLIED-DAG: %[[O0:.*]] = arith.constant 0 : index
// APPLIED-DAG: %[[O64:.*]] = arith.constant 64 : index
// APPLIED: memref.view %[[SLAB]][%[[O0]]][] : memref<96xi8> to memref<16xf32>
// APPLIED: memref.view %[[SLAB]][%[[O64]]][] : memref<96xi8> to memref<8xf32>
// APPLIED: memref.view %[[SLAB]][%[[O0]]][] : memref<96xi8> to memref<16xf32>
// APPLIED-LABEL: func.func @returned
// APPLIED: memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// APPLIED-LABEL: func.func @spaces
// APPLIED-DAG: memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// APPLIED-DAG: memref.alloc() {alignment = 16 : i64} : memref<32xi8, 1>

// MOVED-LABEL: func.func @chain
// MOVED: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<160xi8>
// MOVED: %[[O128:.*]] = arith.constant 128 : index
// MOVED: memref.view %[[SLAB]][%[[O128]]][] : memref<160xi8> to memref<8xf32>

// REPORT: "offset": 128,
// REPORT: "name": "chain",
// REPORT: "slab-bytes": 160,
// REPORT-NEXT: "strategy": "apply"
// REPORT: ],
// REPORT-NEXT: "strategy": "apply"

func.func @chain(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<8xf32>
  %a8 = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a8, %b : memref<8xf32, strided<[1]>> to memref<8xf32>
  %c = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<16xf32>)
  %c8 = memref.subview %c[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%b, %c8 : memref<8xf32>, memref<8xf32, strided<[1]>>) outs(%out : memref<8xf32>)
  return
}

func.func @returned() -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %local = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%local : memref<4xf32>)
  %ret = memref.alloc() : memref<4xf32>
  memref.copy %local, %ret : memref<4xf32> to memref<4xf32>
  return %ret : memref<4xf32>
}

func.func @spaces(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1>
  %y = memref.alloc() : memref<4xf32, 1>
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%x, %y : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
