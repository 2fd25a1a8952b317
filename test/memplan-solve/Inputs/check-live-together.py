"""Checks a plan of buffers that are all live at one moment: every pair
overlaps in time, so the plan is valid iff no two byte ranges meet. Sorting
by offset checks that in O(n log n), where scripts/check-plan.py, which
sweeps time, takes O(n^2) on such a plan.

Usage: check-live-together.py PLAN.csv"""

import csv
import sys

with open(sys.argv[1], newline="") as handle:
    rows = [(row["id"], int(row["lower"]), int(row["upper"]), int(row["size"]),
             int(row.get("alignment") or 1), int(row["offset"]))
            for row in csv.DictReader(handle)]
if not rows or max(r[1] for r in rows) >= min(r[2] for r in rows):
    sys.exit("the buffers are not all live at one moment")
end = 0
for name, _, _, size, alignment, offset in sorted(rows, key=lambda r: r[5]):
    if offset % alignment:
        sys.exit("%s: offset %d is not a multiple of %d" % (name, offset, alignment))
    # A zero-byte buffer shares no byte, wherever it is.
    if size and offset < end:
        sys.exit("%s at %d shares bytes with a buffer below it" % (name, offset))
    end = max(end, offset + size)
print("valid plan of %d buffers live together, slab %d bytes" % (len(rows), end))
