#!/usr/bin/env python3
"""What splitting buffers into lives (split-lives) does to the planned slab.

For every bundled model (bufferized as scripts/models.py does) and the
programs given with --program, plans the program with memplan-offsets
twice, with split-lives=false and =true, and writes a markdown table: the
buffers, the lives after the first that overwrites begin, the slab and the
lower bound of each, and the seconds each plan took.

  python3 scripts/lives.py -o docs/lives.md

--models and --program pick inputs. The script uses the standard library
only.
"""

import argparse
import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "scripts"))
import models  # noqa: E402  (scripts/models.py: tools, bufferize passes, reports)

DEFAULT_PROGRAM = REPO_ROOT / "test/e2e/constructs/30-split-lives.mlir"
# The table ends here; what follows this line in the output file is kept.
MARKER = "<!-- The table above is generated; the text below is kept. -->"


def planned(tools, program, where, split, args):
    """(summary over the functions, later lives, seconds) of one plan."""
    out = where / f"split-{str(split).lower()}.mlir"
    extra = [f"split-lives={str(split).lower()}", f"time-limit={args.time_limit:g}"]
    summaries, seconds = models.plan(tools, program, out, args.strategy, extra=extra)
    report = json.loads(out.with_suffix(".report.json").read_text())
    later = sum(1 for function in report["functions"]
                for buffer in function["buffers"] if buffer.get("life", 0) > 0)
    return models.total_summary(summaries), later, seconds


def one_input(tools, name, program, where, args):
    whole, _, whole_s = planned(tools, program, where, False, args)
    split, later, split_s = planned(tools, program, where, True, args)
    print(f"{name}: done", file=sys.stderr)
    return {"name": name, "buffers": whole.total, "planned": whole.planned,
            "later": later, "whole": whole.slab, "split": split.slab,
            "whole_bound": whole.lower, "split_bound": split.lower,
            "whole_s": whole_s, "split_s": split_s}


def change(before, after):
    if before == after:
        return "="
    return f"{(after - before) / before * 100:+.1f}%"


def document(rows, args):
    out = [
        "# Lives of a buffer: what split-lives does to the slab",
        "",
        "Made by `scripts/lives.py` (the table; the text after it is kept when the",
        "script runs again). Each program is planned with",
        f"`memplan-offsets{{strategy={args.strategy} time-limit={args.time_limit:g}}}`",
        "and `split-lives=false` (*whole*: each buffer live from its first use to",
        "its last) or `split-lives=true`, the default (*split*: each op that",
        "writes all of a buffer and reads none begins a new life of it, planned",
        "on its own). The models are bufferized as `scripts/models.py` does.",
        "*Buffers* are the planned allocations, *later lives* the lives after",
        "their first. Slabs and bounds in KiB (all functions summed); the",
        "bound is the largest sum of bytes live at once, each buffer but the",
        "highest rounded up to the least alignment, which no plan of those",
        "lifetimes goes below. *s* is memplan-opt's wall-clock seconds.",
        "",
    ]
    header = ["program", "buffers", "later lives", "slab whole", "slab split",
              "change", "bound whole", "bound split", "s whole", "s split"]
    out += models.markdown_rows(header, rows, lambda row: [
        row["name"], str(row["planned"]), str(row["later"]), models.kib(row["whole"]),
        models.kib(row["split"]), change(row["whole"], row["split"]),
        models.kib(row["whole_bound"]), models.kib(row["split_bound"]),
        f"{row['whole_s']:.2f}", f"{row['split_s']:.2f}"])
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    models.add_input_arguments(parser, DEFAULT_PROGRAM)
    parser.add_argument("--strategy", default="best")
    parser.add_argument("--time-limit", type=float, default=2.0)
    args = parser.parse_args(argv)
    rows = models.measure_inputs(args, one_input, "memplan-lives-")
    models.write_generated(args.output, document(rows, args), MARKER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
