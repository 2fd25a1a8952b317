#!/usr/bin/env python3
"""A broken planner for the differential fuzzer's own tests.

Usage: overlapping-planner.py MEMPLAN_OPT PROGRAM OUTPUT

Plans PROGRAM with memplan-offsets (greedy-size), then moves every buffer
planned into a slab to offset 0, so buffers that are live together share
bytes. The fuzzer must notice, write a reproducer and reduce it.
"""

import re
import subprocess
import sys

memplan_opt, program, output = sys.argv[1:4]
planned = subprocess.run(
    [memplan_opt, program, "--memplan-offsets=greedy-size"],
    check=True, capture_output=True, text=True).stdout

slab = re.compile(r"^(\s*)(%alloc[\w]*) = memref\.alloc\(\).*xi8>$")
view = re.compile(r"memref\.view (%alloc[\w]*)\[%[\w]+\]")
zero_of = {}
lines = []
for line in planned.splitlines():
    lines.append(line)
    match = slab.match(line)
    if match:
        zero = "%%zero%d" % len(lines)
        zero_of[match.group(2)] = zero
        lines.append("%s%s = arith.constant 0 : index" % (match.group(1), zero))
        continue
    lines[-1] = view.sub(
        lambda m: "memref.view %s[%s]" % (m.group(1), zero_of[m.group(1)]), line)
with open(output, "w") as f:
    f.write("\n".join(lines) + "\n")
