#!/usr/bin/env python3
"""Holds check-report.py's sweep (find_shared) to the pair-by-pair test on
random plans, good and bad, in both modes: zero-byte buffers and empty
lifetimes share nothing."""

import importlib.util
import random
import sys

spec = importlib.util.spec_from_file_location("check_report", sys.argv[1])
check_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_report)


def share_by_pairs(members, offsets_mode):
    for i, (_, a) in enumerate(members):
        for _, b in members[i + 1:]:
            if a["start"] >= a["end"] or b["start"] >= b["end"]:
                continue
            if not (a["start"] < b["end"] and b["start"] < a["end"]):
                continue
            if not offsets_mode:
                if a["object"] == b["object"]:
                    return True
            elif a["bytes"] and b["bytes"] and \
                    a["offset"] < b["offset"] + b["bytes"] and \
                    b["offset"] < a["offset"] + a["bytes"]:
                return True
    return False


rng = random.Random(7)
counts = {True: 0, False: 0}
for trial in range(20000):
    offsets_mode = trial % 2 == 0
    members = []
    for index in range(rng.randrange(1, 9)):
        start = rng.randrange(5)
        members.append((index, {
            "start": start, "end": start + rng.randrange(4),
            "offset": rng.randrange(6), "bytes": rng.randrange(4),
            "object": rng.randrange(3)}))
    expected = share_by_pairs(members, offsets_mode)
    found = check_report.find_shared(members, offsets_mode)
    if (found is not None) != expected:
        sys.exit("disagree on %r (offsets mode %s)" % (members, offsets_mode))
    counts[expected] += 1
print("agree on %d plans that share and %d that do not"
      % (counts[True], counts[False]))
