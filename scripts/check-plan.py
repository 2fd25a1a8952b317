#!/usr/bin/env python3
"""Checks a plan written by memplan-solve, independently of memplan's code.

Usage: scripts/check-plan.py PLAN.csv [--slab BYTES] [--problem PROBLEM.csv]

PLAN.csv has the columns id, lower, upper, size, offset and optionally
alignment (default 1), in any order. Every buffer must sit at a multiple of
its alignment, and two buffers live at the same time ([lower, upper)
intervals that overlap) must not share a byte. Prints the slab (the highest
end) and exits 1 on the first violation, if --slab is given and differs, or
if --problem is given and its buffers (id, lower, upper, size, alignment)
are not the plan's. Python standard library only.
"""

import argparse
import csv
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan")
    parser.add_argument("--slab", type=int, help="the slab the plan must have")
    parser.add_argument("--problem", help="the problem the plan must be of")
    args = parser.parse_args()

    def read(path):
        with open(path, newline="") as handle:
            return [(row["id"], int(row["lower"]), int(row["upper"]), int(row["size"]),
                     int(row.get("alignment") or 1), int(row.get("offset") or 0))
                    for row in csv.DictReader(handle)]

    buffers = read(args.plan)
    if args.problem:
        problem = [row[:5] for row in read(args.problem)]
        if problem != [row[:5] for row in buffers]:
            sys.exit("the plan's buffers are not those of %s" % args.problem)
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
