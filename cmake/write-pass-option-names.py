#!/usr/bin/env python3
"""Writes the option names of every pass in Passes.td as an .inc file.

MLIR's pass options give no list of their names, so the planning passes'
check of an option string (normalizePlanningOptions) reads this list, made
from the records llvm-tblgen --dump-json gives for Passes.td: one

  MEMPLAN_PASS_OPTION("memplan-offsets", "strategy")

per option, in the order Passes.td gives them.

  write-pass-option-names.py Passes.json PassOptionNames.inc
"""

import json
import sys


def main():
    records_path, out_path = sys.argv[1:]
    with open(records_path) as records_file:
        records = json.load(records_file)
    lines = ["// Generated from include/memplan/Transforms/Passes.td by",
             "// cmake/write-pass-option-names.py; do not edit.", ""]
    for name in sorted(records["!instanceof"]["Pass"]):
        passRecord = records[name]
        for option in passRecord["options"]:
            lines.append('MEMPLAN_PASS_OPTION("%s", "%s")' % (
                passRecord["argument"], records[option["def"]]["argument"]))
    lines += ["", "#undef MEMPLAN_PASS_OPTION", ""]
    text = "\n".join(lines)
    # Unchanged output keeps its time stamp, so nothing rebuilds for it.
    try:
        with open(out_path) as old:
            if old.read() == text:
                return
    except OSError:
        pass
    with open(out_path, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
