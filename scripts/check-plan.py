#!/usr/bin/env python3
"""Checks a plan written by memplan-solve, independently of memplan's code.

Usage: scripts/check-plan.py PLAN.csv [--slab BYTES]

PLAN.csv has the columns id, lower, upper, size, offset and optionally
alignment (default 1), in any order. Every buffer must sit at a multiple of
its alignment, and two buffers live at the same time ([lower, upper)
intervals that overlap) must not share a byte. Prints the slab (the highest
end) and exits 1 on the first violation, or if --slab is given and differs.
Python standard library only.
"""

import argparse
import csv
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan")
    parser.add_argument("--slab", type=int, help="the slab the plan must have")
    args = parser.parse_args()

    with open(args.plan, newline="") as handle:
        rows = list(csv.DictReader(handle))
    buffers = []
    for row in rows:
        buffers.append((row["id"], int(row["lower"]), int(row["upper"]), int(row["size"]),
                        int(row.get("alignment") or 1), int(row["offset"])))
    slab = 0
    for name, lower, upper, size, alignment, offset in buffers:
        if offset % alignment:
            sys.exit("%s: offset %d is not a multiple of %d" % (name, offset, alignment))
        slab = max(slab, offset + size)
    # Sweep by start time, keeping the buffers still live.
    live = []
    for current in sorted(buffers, key=lambda b: b[1]):
        name, lower, upper, size, _, offset = current
        live = [b for b in live if b[2] > lower]
        for other in live:
            if size and other[3] and offset < other[5] + other[3] and other[5] < offset + size:
                sys.exit("%s and %s are live together and share bytes" % (other[0], name))
        live.append(current)
    print("valid plan of %d buffers, slab %d bytes" % (len(buffers), slab))
    if args.slab is not None and slab != args.slab:
        sys.exit("the slab is %d bytes, not %d" % (slab, args.slab))


if __name__ == "__main__":
    main()
