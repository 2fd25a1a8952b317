"""Checks that the --strategy=all table on stdin is aligned: every number
column ends where its heading ends."""

import re
import sys

lines = sys.stdin.read().splitlines()
header_index = next(i for i, line in enumerate(lines) if line.startswith("strategy "))
header = lines[header_index]
ends = [header.index(h) + len(h) for h in ("bytes", "/ lower bound", "time ms")]
for row in lines[header_index + 1 :]:
    # Columns, two spaces apart: name, bytes, ratio[, time[, details]].
    fields = re.split(r" {2,}", row.strip())
    cursor = len(fields[0])
    for end, field in zip(ends, fields[1:4]):
        position = row.index(field, cursor) + len(field)
        if position != end:
            sys.exit("misaligned: %r (%r ends at %d, not %d)" % (row, field, position, end))
        cursor = position
