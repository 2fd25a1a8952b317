# The tooling's sources, relative to lib/Tooling: heap maps (SVG), the
# problem generator and the MLIR problem writer. Kept in one list for the
# library (CMakeLists.txt beside this file) and for the libFuzzer build
# (fuzz/CMakeLists.txt).
set(MEMPLAN_TOOLING_SOURCES
  HeapMap.cpp
  ProblemGenerator.cpp
  ProblemMlir.cpp
  )
