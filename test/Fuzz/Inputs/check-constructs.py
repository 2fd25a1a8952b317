#!/usr/bin/env python3
"""Checks that generated programs, taken together, use every construct the
differential fuzzer promises (fuzz/generate_program.py): prints each one with
the number of files that use it, and exits 1 if one is never used."""

import re
import sys

CONSTRUCTS = {
    "alloc with alignment": r"memref\.alloc\(\) \{alignment = \d+",
    "dynamic alloc": r"memref\.alloc\(%",
    "scf.for carrying a buffer": r"scf\.for .*iter_args\(.*-> \(i64, memref<",
    "scf.if yielding a buffer": r"scf\.if .* -> \(memref<",
    "scf.while passing buffers": r"scf\.while \(.*memref<",
    "subview": r"memref\.subview ",
    "cast": r"memref\.cast ",
    "expand_shape": r"memref\.expand_shape ",
    "collapse_shape": r"memref\.collapse_shape ",
    "reinterpret_cast": r"memref\.reinterpret_cast ",
    "view": r"memref\.view ",
    "copy": r"memref\.copy ",
    "dealloc": r"memref\.dealloc ",
    "call": r"func\.call @f\d+\(",
    "scf.forall": r"scf\.forall \(",
    "async.execute awaited": r"async\.execute \{[\s\S]*async\.await",
    "scf.parallel": r"scf\.parallel \(",
    "call in a parallel loop": lambda text: called_in_parallel_loop(text),
    "function returning a buffer": r"func\.func private @f\d+\(.*\) -> memref<",
    "function reading buffers, returning a fresh one":
        lambda text: returns_fresh_from_buffers(text),
    "scf.parallel reducing with a body buffer": r"scf\.reduce\(%\w+ : i64\) \{",
    "global passed to a function that reads it": lambda text: global_passed_to_reader(text),
    "call through a pointer": r"func\.call_indirect ",
    "recursion through a pointer": r"func\.constant @\w+ : \(i64, i64\) -> i64",
    "callee viewing bytes as vectors":
        r"func\.func private @f\d+\(%\w+: memref<\d+xi8>, %\w+: i64\) -> i64 \{"
        r"(\n.*arith\.constant.*)*\n.*memref\.view .* to memref<\d+xvector<",
    "vector access with alignment": r"vector\.(load|store) .*\{alignment = \d+\}",
    "scalar access with alignment": r"memref\.(load|store) .*\{alignment = \d+\}",
    "assume_alignment": r"memref\.assume_alignment ",
    "i1": r"xi1>",
    "index": r"xindex>",
    "f64": r"xf64>",
    "rank 0": r"memref<(i|f)\d+>",
    "rank 2": r"memref<\d+x\d+x",
    "views chained across three lives": lambda text: views_across_lives(text),
}

def views_across_lives(text):
    """A subview of a subview made between two whole overwrites (linalg.fill)
    of the allocation the outer one views, read after the second."""
    for match in re.finditer(r"(%s\d+) = memref\.subview (%b\d+)\[.*\n"
                             r"(?:.*\n)*?.*linalg\.fill .* outs\(\2 .*\n"
                             r"(?:.*\n)*?.*(%s\d+) = memref\.subview \1\[.*\n"
                             r"(?:.*\n)*?.*linalg\.fill .* outs\(\2 .*\n"
                             r"(?:.*\n)*?.*memref\.load \3\[", text):
        return True
    return False


def returns_fresh_from_buffers(text):
    """A function that takes memrefs and returns one it allocated."""
    for match in re.finditer(r"func\.func private @f\d+\((%arg\d+: memref<.*?)\) -> memref<"
                             r"([\s\S]*?)\n\s*return (%\w+)", text):
        body, returned = match.group(2), match.group(3)
        if re.search(re.escape(returned) + r" = memref\.alloc", body):
            return True
    return False


def global_passed_to_reader(text):
    """A function that reads a global with memref.get_global and is called
    (directly or through a pointer) with that global as its argument."""
    for match in re.finditer(r"func\.func private @(f\d+)\(([^)]*)\)([\s\S]*?)\n  \}", text):
        name, body = match.group(1), match.group(3)
        for read in re.finditer(r"memref\.get_global @(\w+)", body):
            for value in re.findall(r"(%\w+) = memref\.get_global @" + read.group(1) + r"\b",
                                    text):
                if re.search(r"call @" + name + r"\(" + value + ",", text) or re.search(
                        r"(%\w+) = func\.constant @" + name + r"\b[\s\S]*call_indirect \1\("
                        + value + ",", text):
                    return True
    return False


def called_in_parallel_loop(text):
    """A func.call in the body of an scf.forall or scf.parallel: a line
    indented deeper than the loop, before the brace that closes it."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not re.search(r"scf\.(forall|parallel) \(", line):
            continue
        indent = len(line) - len(line.lstrip())
        for inner in lines[i + 1:]:
            if len(inner) - len(inner.lstrip()) <= indent:
                break
            if "func.call @f" in inner:
                return True
    return False


texts = [open(path).read() for path in sys.argv[1:]]
missing = []
for name, pattern in CONSTRUCTS.items():
    count = sum(1 for text in texts
                if (pattern(text) if callable(pattern) else re.search(pattern, text)))
    print("%s: %d" % (name, count))
    if count == 0:
        missing.append(name)
if missing:
    print("never generated: " + ", ".join(missing))
    sys.exit(1)
