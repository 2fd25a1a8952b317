# How memplan's libraries, headers and tools are installed and exported as
# the CMake package `memplan` (memplanConfig.cmake.in).
#
# LLVM's and MLIR's add_*_library would install the libraries themselves,
# into no export set; memplan's libraries opt out of that (BUILDTREE_ONLY,
# DISABLE_INSTALL) and are installed here instead, into the export set
# memplanTargets, under the names of the package (memplan::Planner, ...).

include(GNUInstallDirs)

# memplan_export_library(TARGET NAME): installs the static library TARGET and
# exports it as memplan::NAME. The build tree gets the same name as an alias,
# so that code in it and code against the package read alike. The include
# directories of LLVM and MLIR are not recorded here, as they belong to the
# machine that uses the package: memplanConfig.cmake adds the ones it finds.
function(memplan_export_library target name)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  add_library(memplan::${name} ALIAS ${target})
  target_include_directories(${target} INTERFACE
    $<BUILD_INTERFACE:${MEMPLAN_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${MEMPLAN_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    )
  # LLVM 22's headers need C++17.
  target_compile_features(${target} INTERFACE cxx_std_17)
  install(TARGETS ${target}
    EXPORT memplanTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    )
endfunction()

# memplan_install_tool(TARGET): installs the executable TARGET into bin/ and
# exports it as memplan::TARGET, so that a build can run the installed tool.
function(memplan_install_tool target)
  install(TARGETS ${target}
    EXPORT memplanTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    )
endfunction()

# Where the pass plugin for a stock mlir-opt goes: a folder of memplan's own,
# since it is loaded by path (--load-pass-plugin), never linked.
set(MEMPLAN_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/memplan)

# The installed tools and the plugin load libMLIR and libLLVM from the
# folder of the MLIR they were built against (/usr/lib/llvm-22/lib on
# Debian), which is not on the loader's path. Setting this before the tools
# are added also keeps llvm_setup_rpath from replacing it with
# $ORIGIN/../lib, where memplan installs no shared library.
set(CMAKE_INSTALL_RPATH ${LLVM_LIBRARY_DIR})
