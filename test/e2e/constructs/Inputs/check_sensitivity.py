#!/usr/bin/env python3
"""Checks that an end-to-end construct test would notice a wrong plan.

Not a lit test (lit skips Inputs/). For one test file, plans it with
greedy-size, then, for every memref.view of a slab and every other offset
the function's plan uses (that keeps the view inside the slab and 16-byte
aligned), moves that one view to that offset, runs the program and compares
its output with the unplanned run. A move that leaves the output unchanged
is printed as UNDETECTED: either the two buffers are really never live at
the same time (a legitimate share), or the test does not read what it
should. Run from the repository root:

  python3 test/e2e/constructs/Inputs/check_sensitivity.py \\
      test/e2e/constructs/04-scf-if.mlir

Options: --memplan-opt PATH, --llvm-bin DIR (default /usr/lib/llvm-22/bin),
--pre-sed EXPR (a sed expression applied before lowering, e.g. to erase
memory spaces as 12-memory-spaces.mlir does).
"""
import argparse
import os
import re
import subprocess
import sys

LOWER = ("--convert-linalg-to-loops --expand-strided-metadata --lower-affine "
         "--convert-scf-to-cf --convert-math-to-llvm --convert-math-to-libm "
         "--convert-to-llvm --reconcile-unrealized-casts").split()

ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "f80": 16,
                 "i1": 1, "i8": 1, "i16": 2, "i24": 4, "i32": 4, "i64": 8,
                 "i128": 16, "index": 8, "complex<f32>": 8}


def view_bytes(memref_body):
    """Bytes of a 'NxMx<elt>' memref body; unknown element types count 16."""
    match = re.match(r"((?:\d+x)*)(.*)", memref_body)
    count = 1
    for dim in filter(None, match.group(1).split("x")):
        count *= int(dim)
    return count * ELEMENT_BYTES.get(match.group(2), 16)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("test")
    parser.add_argument("--memplan-opt", default="build/bin/memplan-opt")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    parser.add_argument("--pre-sed", default=None)
    args = parser.parse_args()
    lib = os.path.join(os.path.dirname(args.llvm_bin), "lib")
    runner = [os.path.join(args.llvm_bin, "mlir-runner"), "-e", "main",
              "-entry-point-result=void",
              "-shared-libs=%s/libmlir_runner_utils.so,"
              "%s/libmlir_c_runner_utils.so" % (lib, lib)]

    def run(ir):
        if args.pre_sed:
            ir = subprocess.run(["sed", "-e", args.pre_sed], input=ir,
                                capture_output=True, text=True).stdout
        lowered = subprocess.run(
            [os.path.join(args.llvm_bin, "mlir-opt"), "-"] + LOWER,
            input=ir, capture_output=True, text=True)
        if lowered.returncode:
            return "LOWERING FAILED\n" + lowered.stderr
        out = subprocess.run(runner, input=lowered.stdout,
                             capture_output=True, text=True, timeout=60)
        return (re.sub(r"base@ = 0x[0-9a-f]*", "base@", out.stdout) +
                "exit %d" % out.returncode)

    reference = run(open(args.test).read())
    planned = subprocess.run(
        [args.memplan_opt, args.test, "--memplan-offsets=greedy-size"],
        capture_output=True, text=True, check=True).stdout
    print("planned output equals unplanned:", run(planned) == reference)

    lines = planned.split("\n")
    func, constants, views = None, {}, []
    for number, line in enumerate(lines):
        match = re.match(r"\s*func\.func (?:private )?@([\w.]+)", line)
        if match:
            func = match.group(1)
            constants[func] = {}
        match = re.match(r"\s*(%c\w*) = arith\.constant (\d+) : index", line)
        if match and func:
            constants[func].setdefault(match.group(1), int(match.group(2)))
        match = re.search(r"memref\.view (%alloc\w*)\[(%c\w*)\]\[\] : "
                          r"memref<(\d+)xi8(?:, \d+)?> to memref<(.*)>", line)
        if match and func:
            views.append((number, func, match.group(2), int(match.group(3)),
                          match.group(4)))

    tried = undetected = 0
    for number, func, name, slab, body in views:
        current = constants[func].get(name)
        size = view_bytes(body.split(",")[0])
        names = {}
        for const, value in constants[func].items():
            names.setdefault(value, const)
        for offset, const in sorted(names.items()):
            if (offset == current or offset % 16 or size == 0 or
                    offset + size > slab):
                continue
            mutated = list(lines)
            mutated[number] = lines[number].replace("[%s]" % name,
                                                    "[%s]" % const, 1)
            tried += 1
            if run("\n".join(mutated)) == reference:
                undetected += 1
                print("UNDETECTED: @%s line %d (memref<%s>): offset %d -> %d"
                      % (func, number + 1, body, current, offset))
    print("%d of %d moves changed the output" % (tried - undetected, tried))


if __name__ == "__main__":
    sys.exit(main())
