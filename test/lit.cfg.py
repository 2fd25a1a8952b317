# -*- Python -*-
# lit configuration for memplan's IR and end-to-end tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "memplan"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.memplan_obj_root, "test")

llvm_config.use_default_substitutions()

# A build with MEMPLAN_SANITIZE (build-sanitize/, scripts/test-sanitized.sh):
# memplan's tools are instrumented with ASan and UBSan. Tests that cannot run
# that way say `UNSUPPORTED: memplan-sanitize` (test/Plugin as a whole).
if config.memplan_sanitize:
    config.available_features.add("memplan-sanitize")

# memplan-opt comes from this build; mlir-opt, mlir-runner and FileCheck
# from the LLVM/MLIR installation.
llvm_config.with_environment("PATH", config.memplan_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%memplan_src_root", config.memplan_src_root))
config.substitutions.append(("%memplan_tools_dir", config.memplan_tools_dir))
config.substitutions.append(("%memplan_obj_root", config.memplan_obj_root))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
# The stock mlir-opt of the LLVM/MLIR installation, by its full path, and
# memplan's pass plugin for it (test/Plugin).
config.substitutions.append(
    ("%system_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt"))
)
config.substitutions.append(
    ("%memplan_plugin", os.path.join(config.memplan_libs_dir, "MemPlanPlugin.so"))
)
# Runs a command and prints `exit=N` after its output (memplan-solve tests).
config.substitutions.append(
    (
        "%exitcode",
        "%s %s"
        % (
            config.python_executable,
            os.path.join(config.memplan_src_root, "test", "memplan-solve",
                         "Inputs", "exit-code.py"),
        ),
    )
)

# Lowering to LLVM and running, for the end-to-end tests.
config.substitutions.append(
    (
        "%lower_to_llvm",
        "--convert-linalg-to-loops --expand-strided-metadata --lower-affine "
        "--convert-scf-to-cf --convert-math-to-llvm --convert-math-to-libm "
        "--convert-to-llvm --reconcile-unrealized-casts",
    )
)
# A miscompile that double-frees can stall in malloc's lock rather than crash,
# and Debian's lit has no per-test time limit (it needs psutil): `timeout`
# turns such a stall into a failure.
config.substitutions.append(
    (
        "%run_main",
        "timeout 300 mlir-runner -e main -entry-point-result=void "
        "-shared-libs=%s/libmlir_runner_utils.so,%s/libmlir_c_runner_utils.so"
        % (config.mlir_lib_dir, config.mlir_lib_dir),
    )
)

# printMemrefF32 prints the buffer's address, which differs from run to
# run: tests that print whole memrefs pipe the output through this.
config.substitutions.append(
    ("%strip_address", "sed -e 's/base@ = 0x[0-9a-fA-F]*/base@ = ADDRESS/'")
)

tools = ["memplan-opt", "memplan-solve", "memplan-planner-benchmark", "memplan-baselines",
         "memplan-pass-benchmark", "mlir-opt", "mlir-runner", "FileCheck", "not", "split-file"]
llvm_config.add_tool_substitutions(
    tools, [config.memplan_tools_dir, config.llvm_tools_dir]
)
