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
    "loop overwriting a buffer allocated before it, first in each iteration":
        lambda text: loop_uses(text, first="overwrite"),
    "the same in the inner of two loops":
        lambda text: loop_uses(text, first="overwrite", nested=True),
    "loop writing part of a buffer allocated before it first":
        lambda text: loop_uses(text, first="partial"),
    "loop reading a buffer allocated before it, then overwriting it":
        lambda text: loop_uses(text, first="read", overwritten=True),
    "loop overwriting a buffer allocated before it under an scf.if":
        lambda text: loop_uses(text, first="conditional"),
    "read after a loop of no iteration that overwrites it":
        lambda text: loop_uses(text, first="overwrite", trips=0, read_after=True),
    "read after a loop of one iteration that overwrites it":
        lambda text: loop_uses(text, first="overwrite", trips=1, read_after=True),
    "read after a loop of several iterations that overwrites it":
        lambda text: loop_uses(text, first="overwrite", trips=2, read_after=True),
    "read after a loop of a dynamic trip count that overwrites it":
        lambda text: loop_uses(text, first="overwrite", trips=None, read_after=True),
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


# A loop's header line: its indentation, and which loop.
LOOP = re.compile(r"(\s*)(?:%\w+(?::\d+)? = )?(scf\.for|affine\.for|scf\.while) ")


def static_trips(header, constants):
    """The trip count of a loop's header line when its bounds are
    constants (`constants`: name to value), else None; an scf.while has
    none."""
    match = re.search(r"scf\.for (unsigned )?%\w+ = (%\w+) to (%\w+) step (%\w+)", header)
    if match:
        values = [constants.get(name) for name in match.group(2, 3, 4)]
        if None in values:
            return None
        lower, upper, step = values
        if match.group(1):
            bits = 32 if header.rstrip().endswith(": i32 {") else 64
            lower, upper = lower % (1 << bits), upper % (1 << bits)
        return max(0, -(-(upper - lower) // step))
    match = re.search(r"affine\.for %\w+ = (-?\d+) to (-?\d+)(?: step (\d+))?", header)
    if match:
        lower, upper = int(match.group(1)), int(match.group(2))
        return max(0, -(-(upper - lower) // int(match.group(3) or 1)))
    return None


def loop_uses(text, first, nested=False, overwritten=False, trips="any",
              read_after=False):
    """Whether a buffer allocated in a block before a loop of that block
    (scf.for, affine.for, scf.while) is first used in the loop's body as
    `first` says: "overwrite" (linalg.fill, linalg.map or linalg.generic
    into it, memref.copy to it), "partial" (a subview made there, then
    written), "read" (memref.load) or "conditional" (an overwrite in an
    scf.if). `nested`: the overwrite is in the body of an inner loop;
    `overwritten`: the body overwrites it later; `trips`: the loop's static
    trip count (2 for two or more, None for a dynamic one); `read_after`: it
    is loaded (or a subview of it made) after the loop."""
    lines = text.splitlines()
    constants = {name: int(value) for name, value in
                 re.findall(r"(%[ckn]\d+) = arith\.constant (-?\d+) :", text)}

    def indent(line):
        return len(line) - len(line.lstrip())

    def overwrite(line, name):
        return re.search(r"linalg\.(fill|map|generic) .*outs\(%s :|memref\.copy %%\w+, %s :"
                         % (name, name), line)

    for start, header in enumerate(lines):
        loop = LOOP.match(header)
        if not loop:
            continue
        count = static_trips(header, constants)
        if trips == 2:
            if count is None or count < 2:
                continue
        elif trips != "any" and count != trips:
            continue
        level = len(loop.group(1))
        end = start + 1
        while end < len(lines) and (indent(lines[end]) > level or lines[end].strip() != "}"):
            end += 1
        body = lines[start + 1:end]
        # Buffers allocated before the loop in its block.
        names = []
        for line in reversed(lines[:start]):
            if line.strip() and indent(line) < level:
                break
            made = re.match(r"\s*(%b\d+) = memref\.alloc", line)
            if made and indent(line) == level:
                names.append(made.group(1))
        for name in names:
            word = re.compile(re.escape(name) + r"(?!\d)")
            uses = [i for i, line in enumerate(body) if word.search(line)]
            if not uses:
                continue
            use = body[uses[0]]
            # The header of the region that holds the first use (the
            # after region of an scf.while counts as the loop's).
            holder = header
            for line in reversed(body[:uses[0]]):
                if (line.strip() and indent(line) < indent(use)
                        and not line.strip().startswith(("^bb", "} do"))):
                    holder = line
                    break
            if first == "overwrite":
                found = (overwrite(use, name) and LOOP.match(holder)
                         and (holder is not header) == nested)
            elif first == "partial":
                view = re.match(r"\s*(%s\d+) = memref\.subview " + name + r"\[", use)
                later = [line for line in body[uses[0] + 1:]
                         if view and re.search(view.group(1) + r"(?!\d)", line)]
                found = later and re.search(r"linalg\.fill .*outs\(%s |memref\.store .*, %s\["
                                            % (view.group(1), view.group(1)), later[0])
            elif first == "read":
                found = re.search(r"memref\.load %s\[" % name, use)
            else:
                found = overwrite(use, name) and "scf.if" in holder
            if not found:
                continue
            if overwritten and not any(overwrite(body[i], name) for i in uses[1:]):
                continue
            if read_after and not any(re.search(r"memref\.(load|subview) %s\[" % name, line)
                                      for line in lines[end + 1:]):
                continue
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
