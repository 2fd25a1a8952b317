# A Debian package of everything `cmake --install` installs, made with
# `cpack -G DEB` in the build folder (scripts/test-package.sh checks it):
# the libraries, public headers, CMake package, tools and plugin, under /usr.
# It depends on Debian's MLIR and LLVM of the version memplan was built
# against: their libraries are loaded by the tools and the plugin, and their
# headers and CMake packages are what find_package(memplan) finds.

set(CPACK_PACKAGE_NAME memplan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Static memory planning for MLIR programs: passes, planner core and tools")
set(CPACK_PACKAGE_DESCRIPTION
  "memplan finds the lifetime of every buffer of a bufferized MLIR program, \
plans them into one statically sized slab and rewrites the buffers into \
views of it. The package holds the memplan-opt and memplan-solve tools, the \
pass plugin for mlir-opt, and the static libraries, headers and CMake \
package for compilers that link the passes or the planner core.")
set(CPACK_PACKAGE_CONTACT "memplan maintainers <maintainers@users.noreply.a-seed-24e4d90c.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The MLIR major version is in Debian's package names (libmlir-22-dev), and
# its libraries' sonames follow major.minor (libMLIR.so.22.1): any 22.1.x.
math(EXPR _memplan_next_minor "${LLVM_VERSION_MINOR} + 1")
set(_memplan_depends)
foreach(_memplan_package libmlir-${LLVM_VERSION_MAJOR}-dev
                         llvm-${LLVM_VERSION_MAJOR}-dev)
  list(APPEND _memplan_depends
    "${_memplan_package} (>= 1:${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR})"
    "${_memplan_package} (<< 1:${LLVM_VERSION_MAJOR}.${_memplan_next_minor}~)")
endforeach()
list(APPEND _memplan_depends libc6 libstdc++6)
list(JOIN _memplan_depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
# The plugin's host.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mlir-${LLVM_VERSION_MAJOR}-tools")

set(CPACK_GENERATOR DEB)
include(CPack)
