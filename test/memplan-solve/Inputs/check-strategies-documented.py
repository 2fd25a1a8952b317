"""Checks that docs/strategies.md documents exactly the strategies that
`memplan-solve --list-strategies` lists (from Strategies.def), in the same
order: under "# Offset strategies" a "## NAME" heading per offsets strategy,
under "# Shared-object strategies" one per objects strategy ("## a and b"
documents two). Prints what drifted and exits 1, or prints the count.

  check-strategies-documented.py LIST.txt docs/strategies.md
"""

import re
import sys

SECTIONS = {"Offset strategies": "offsets",
            "Shared-object strategies": "objects"}


def listed(path):
    """(kind, name) pairs of the --list-strategies output, in order."""
    pairs = []
    for number, line in enumerate(open(path).read().splitlines(), 1):
        fields = line.split(None, 2)
        if len(fields) < 3 or fields[0] not in SECTIONS.values():
            sys.exit(f"{path}:{number}: not 'KIND NAME DESCRIPTION': {line!r}")
        pairs.append((fields[0], fields[1]))
    return pairs


def documented(path):
    """(kind, name) pairs of the `## ` headings of each kind's section."""
    pairs = []
    kind = None
    for line in open(path).read().splitlines():
        if line.startswith("# "):
            kind = SECTIONS.get(line[2:].strip())
        elif line.startswith("## ") and kind:
            names = re.split(r",\s*|\s+and\s+", line[3:].strip())
            pairs += [(kind, name.strip("`")) for name in names if name]
    return pairs


def main():
    listing, docs = sys.argv[1:3]
    want, have = listed(listing), documented(docs)
    problems = [f"not documented in {docs}: {kind} {name}"
                for kind, name in want if (kind, name) not in have]
    problems += [f"documented in {docs} but not listed: {kind} {name}"
                 for kind, name in have if (kind, name) not in want]
    if not problems and want != have:
        problems.append(f"{docs} documents them in another order than "
                        "Strategies.def lists them")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{len(want)} strategies listed and documented in order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
