#!/usr/bin/env python3
"""Show that two builds of memplan make byte-identical plans.

Runs the planners of two builds side by side on every benchmark problem and
every bundled model and compares what they write:

  * every CSV under benchmarks/problems, planned by memplan-solve with every
    strategy of both modes: the plan file byte for byte, and the summary on
    stderr without its `time:` line;
  * every model under models/, bufferized once with the pipeline of
    scripts/models.py, planned by memplan-opt under several configurations
    (both passes, several strategies, every slab placement): the planned IR
    byte for byte, the summary remarks, and the JSON report without its
    timings.

A run that a clock may have cut short (the summary says "stopped by the
clock" or "depend on machine speed" in either build) is counted apart: its
plan may legitimately differ between two runs of one build.

  scripts/compare-plans.py --baseline-bin OLD/bin --bin build/bin \\
      [--work DIR] [--jobs 2] [--models-only | --problems-only]
      [--strategies NAME,...] [--plans-only] [MODEL ...]

--strategies plans the problems with these offset strategies only (for a
change that promises identical plans of some strategies while others may
move); --plans-only compares the problems' exit codes and plan files but
not their summaries (for builds far apart, whose summaries say different
things of one plan).

Prints one line per difference and a summary; exits 1 on any difference.
Standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "scripts"))
import models  # noqa: E402  (scripts/models.py: the bufferize pipeline)

CLOCK_WORDS = ("stopped by the clock", "depend on machine speed")

# (pass, options) planned on every model.
MODEL_CONFIGS = [
    ("memplan-offsets", "strategy=naive"),
    ("memplan-offsets", "strategy=greedy-size"),
    ("memplan-offsets", "strategy=greedy-breadth"),
    ("memplan-offsets", "strategy=gergov"),
    ("memplan-offsets", "strategy=best time-limit=1"),
    ("memplan-offsets", "strategy=greedy-size slab=global"),
    ("memplan-offsets", "strategy=greedy-size slab=argument"),
    ("memplan-shared-objects", "strategy=greedy-size"),
    ("memplan-shared-objects", "strategy=best"),
    ("memplan-shared-objects", "strategy=greedy-breadth slab=global"),
]


def strategies(solve, mode):
    """The strategies memplan-solve lists for `mode` in its error message."""
    with tempfile.NamedTemporaryFile("w", suffix=".csv") as empty:
        empty.write("id,lower,upper,size\n")
        empty.flush()
        out = subprocess.run(
            [solve, f"--mode={mode}", "--strategy=?", empty.name],
            capture_output=True, text=True).stderr
    match = re.search(r"valid strategies: (.*)", out)
    if not match:
        sys.exit(f"cannot read the strategies of {solve}: {out}")
    return [name for name in match.group(1).strip().split(", ") if name != "all"]


def without_times(text):
    """The summary without what the clock decides: its `time:` line, and the
    milliseconds `best` reports in its strategy line."""
    lines = (line for line in text.splitlines()
             if not line.strip().startswith("time:"))
    return "\n".join(re.sub(r"\d+(\.\d+)? ms\b", "N ms", line)
                     for line in lines)


def is_clocked(*texts):
    return any(word in text for text in texts for word in CLOCK_WORDS)


def solve_once(solve, problem, mode, strategy, out):
    result = subprocess.run(
        [solve, f"--mode={mode}", f"--strategy={strategy}", "--time-limit=2",
         str(problem), "-o", str(out)], capture_output=True, text=True)
    plan = out.read_bytes() if out.exists() else b""
    return result.returncode, plan, without_times(result.stderr)


def compare_problem(args):
    old, new, problem, mode, strategy, work, plans_only = args
    name = f"{problem.relative_to(REPO_ROOT)} {mode} {strategy}"
    stem = re.sub(r"[^A-Za-z0-9.]+", "_", name)
    a = solve_once(old, problem, mode, strategy, work / f"{stem}.old.csv")
    b = solve_once(new, problem, mode, strategy, work / f"{stem}.new.csv")
    if a == b or (plans_only and a[:2] == b[:2]):
        return name, "identical"
    return name, "clocked" if is_clocked(a[2], b[2]) else "different"


def report_without_times(path):
    if not path.exists():
        return None
    report = json.loads(path.read_text())
    for function in report.get("functions", []):
        for space in function.get("spaces", []):
            space.pop("seconds", None)
    return json.dumps(report, sort_keys=True, indent=1)


def strip_object_details(remarks):
    """Shared-objects summaries end, since the Transforms redesign, with the
    strategy's details as offsets summaries do; the rest must be equal."""
    return re.sub(r"(memplan-shared-objects: @.* bytes) \(.*\)$", r"\1",
                  remarks, flags=re.MULTILINE)


def plan_once(opt, model, pass_name, options, out, report):
    result = subprocess.run(
        [opt, str(model), f"--{pass_name}={options} summary=true report={report}",
         "-o", str(out)], capture_output=True, text=True)
    ir = out.read_bytes() if out.exists() else b""
    return (result.returncode, ir, without_times(result.stderr),
            report_without_times(report))


def compare_model(args):
    old, new, model, pass_name, options, work = args
    name = f"{model.stem} {pass_name}{{{options}}}"
    stem = re.sub(r"[^A-Za-z0-9.]+", "_", name)
    a = plan_once(old, model, pass_name, options, work / f"{stem}.old.mlir",
                  work / f"{stem}.old.json")
    b = plan_once(new, model, pass_name, options, work / f"{stem}.new.mlir",
                  work / f"{stem}.new.json")
    if a[0] != 0 or b[0] != 0:
        return name, "different" if a[0] != b[0] else "failed in both"
    if a[1:] == b[1:]:
        return name, "identical"
    if is_clocked(a[2], b[2]):
        return name, "clocked"
    if a[1] == b[1] and a[3] == b[3] and \
            strip_object_details(a[2]) == strip_object_details(b[2]):
        return name, "identical plan; the summary names the winner"
    what = [label for label, x, y in zip(("IR", "remarks", "report"), a[1:], b[1:])
            if x != y]
    return name, "different (" + ", ".join(what) + ")"


def bufferize(args):
    model, out = args
    if out.exists():
        return model, True
    tools = models.Tools(mlir_opt=str(models.LLVM_BIN / "mlir-opt"),
                         mlir_runner=None, memplan_opt=None)
    try:
        models.bufferize(tools, model, out)
        return model, True
    except Exception as error:  # one model's failure must not stop the rest
        print(f"cannot bufferize {model}: {error}", file=sys.stderr)
        return model, False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-bin", required=True, type=Path)
    parser.add_argument("--bin", required=True, type=Path)
    parser.add_argument("--work", type=Path,
                        default=Path(tempfile.gettempdir()) / "memplan-compare")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--models-only", action="store_true")
    parser.add_argument("--problems-only", action="store_true")
    parser.add_argument("--strategies",
                        help="plan the problems with these offset strategies "
                             "only (comma-separated)")
    parser.add_argument("--plans-only", action="store_true",
                        help="compare the problems' exit codes and plan "
                             "files, not their summaries")
    parser.add_argument("models", nargs="*", type=Path,
                        help="models to compare (default: every bundled one)")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)

    jobs = []
    if not args.models_only:
        problems = sorted((REPO_ROOT / "benchmarks" / "problems").rglob("*.csv"))
        old, new = args.baseline_bin / "memplan-solve", args.bin / "memplan-solve"
        for mode in ("offsets", "objects"):
            if args.strategies:
                names = args.strategies.split(",") if mode == "offsets" else []
            else:
                names = strategies(new, mode)
                if names != strategies(old, mode):
                    print(f"the strategies of mode {mode} differ", file=sys.stderr)
                    return 1
            jobs += [(compare_problem, (old, new, problem, mode, name, args.work,
                                        args.plans_only))
                     for problem in problems for name in names]
    if not args.problems_only:
        chosen = [m.resolve() for m in args.models] or sorted(
            p for d in models.DEFAULT_MODEL_DIRS for p in d.glob("*.mlir"))
        buffered = {m: args.work / f"{m.parent.name}.{m.stem}.buf.mlir"
                    for m in chosen}
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            ready = [m for m, ok in pool.map(bufferize, buffered.items()) if ok]
        old, new = args.baseline_bin / "memplan-opt", args.bin / "memplan-opt"
        jobs += [(compare_model, (old, new, buffered[m], pass_name, options,
                                  args.work))
                 for m in ready for pass_name, options in MODEL_CONFIGS]

    counts = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, verdict in pool.map(lambda job: job[0](job[1]), jobs):
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict != "identical":
                print(f"{verdict}: {name}")
    print(", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items())))
    return 1 if any(v.startswith("different") for v in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
