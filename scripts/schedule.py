#!/usr/bin/env python3
"""What reordering ops (memplan-schedule) does to the planned slab.

For every bundled model (bufferized as scripts/models.py does) and the
programs given with --program, plans the program with memplan-offsets
(strategy best) in its own order and after each order strategy of
memplan-schedule, and writes a markdown table: the slab of each, the peak
of live plannable bytes before and after, the bound no order can beat, and
the time memplan-schedule took.

  python3 scripts/schedule.py -o docs/schedule.md

--models and --program pick inputs; --orders the order strategies. The
script uses the standard library only.
"""

import argparse
import re
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "scripts"))
import models  # noqa: E402  (scripts/models.py: tools, bufferize passes, reports)

ORDERS = ["list", "dfs", "exact", "best"]
DEFAULT_PROGRAM = REPO_ROOT / "test/e2e/constructs/29-schedule.mlir"
SUMMARY_RE = re.compile(
    r"memplan-schedule: @(\S+): peak of live plannable bytes (\d+) -> (\d+); "
    r"no order goes below (\d+)( \(proven optimal\))?; (\d+) of (\d+) blocks reordered")
# The tables end here; what follows this line in the output file is kept.
MARKER = "<!-- The table above is generated; the text below is kept. -->"


def slab_of(tools, program, work, label, order, strategy, time_limit):
    """The total slab bytes memplan-offsets plans after `order`."""
    summaries, _ = models.plan(tools, program, work / f"{label}.mlir", strategy,
                               schedule=order, extra=[f"time-limit={time_limit:g}"])
    return models.total_summary(summaries).slab


def schedule_figures(tools, program, order, time_limit):
    """(seconds, peak before, peak after, bound, proven, blocks reordered),
    over the functions: the largest peaks and bound, all proven."""
    start = time.monotonic()
    _, stderr = models.run_tool(
        [tools.memplan_opt, program,
         f"--memplan-schedule=order={order} time-limit={time_limit:g} summary=true",
         "-o", "/dev/null"], f"scheduling {program}", 3600)
    seconds = time.monotonic() - start
    before = after = bound = reordered = 0
    proven = True
    for match in SUMMARY_RE.finditer(stderr):
        before = max(before, int(match.group(2)))
        after = max(after, int(match.group(3)))
        bound = max(bound, int(match.group(4)))
        proven &= bool(match.group(5))
        reordered += int(match.group(6))
    return seconds, before, after, bound, proven, reordered


def one_input(tools, name, program, where, args):
    row = {"name": name}
    row["keep"] = slab_of(tools, program, where, "keep", "keep", args.strategy,
                          args.time_limit)
    for order in args.orders:
        row[order] = slab_of(tools, program, where, order, order, args.strategy,
                             args.time_limit)
    (row["seconds"], row["peak"], row["peak_after"], row["bound"], row["proven"],
     row["reordered"]) = schedule_figures(tools, program, "best", args.time_limit)
    print(f"{name}: done", file=sys.stderr)
    return row


def document(rows, args):
    out = [
        "# Reordering ops: what memplan-schedule does to the slab",
        "",
        "Made by `scripts/schedule.py` (the table; the text after it is kept when",
        "the script runs again). Each program is planned with",
        f"`memplan-offsets{{strategy={args.strategy} time-limit={args.time_limit:g}}}`",
        "in its own order (*keep*) and after each order strategy of",
        "`memplan-schedule` (`schedule=ORDER`). The models are bufferized as",
        "`scripts/models.py` does. Slabs in KiB (all functions summed); *peak* is",
        "the largest sum of live plannable bytes at one op of the function's",
        "blocks, before and after `order=best`; *bound* is what no order can go",
        "below (each op's own buffers live together, or the exact search's",
        "proven minimum); *proven* says the peak after reordering meets it; *s*",
        "is the wall-clock seconds of `memplan-schedule{order=best}` alone.",
        "",
    ]
    header = ["program", "keep"] + args.orders + [
        "peak", "after", "bound", "proven", "blocks reordered", "s"]

    def cells_of(row):
        cells = [row["name"], models.kib(row["keep"])]
        for order in args.orders:
            value = row[order]
            mark = "" if value == row["keep"] else (" (smaller)" if value < row["keep"]
                                                    else " (LARGER)")
            cells.append(models.kib(value) + mark)
        return cells + [models.kib(row["peak"]), models.kib(row["peak_after"]),
                        models.kib(row["bound"]), "yes" if row["proven"] else "no",
                        str(row["reordered"]), f"{row['seconds']:.2f}"]

    out += models.markdown_rows(header, rows, cells_of)
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    models.add_input_arguments(parser, DEFAULT_PROGRAM)
    parser.add_argument("--orders", default=",".join(ORDERS))
    parser.add_argument("--strategy", default="best")
    parser.add_argument("--time-limit", type=float, default=1.0)
    args = parser.parse_args(argv)
    args.orders = [o for o in args.orders.split(",") if o]
    rows = models.measure_inputs(args, one_input, "memplan-schedule-")
    models.write_generated(args.output, document(rows, args), MARKER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
