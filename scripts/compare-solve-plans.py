#!/usr/bin/env python3
"""Show that two builds of memplan-solve write byte-identical plans.

For every CSV under benchmarks/problems (recursively) and every strategy of
both modes, runs both builds' memplan-solve with --time-limit=2 and -o to a
file, and compares the plan files byte for byte and the summaries on stderr
without their `time:` lines. Then asks both builds --capacity questions on a
few problems, at the slab of `best` (offsets) and one byte either side of
it, and compares the answers (exit codes), the plans and the summaries the
same way.

`best`, `hill-climb` and `exact` may be cut short by a clock; a run whose
summary says "stopped by the clock" or "depend on machine speed" in either
build is counted apart, since two runs of one build may differ there.

  scripts/compare-solve-plans.py --baseline-bin OLD/bin --bin build/bin \\
      [--work DIR] [--jobs 1] [--strategy NAME ...] [--no-capacity]

Prints one line per difference and per clocked run, then the figures; exits
1 on any difference. Standard library only.
"""

import argparse
import concurrent.futures
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = REPO_ROOT / "benchmarks" / "problems"
CLOCK_WORDS = ("stopped by the clock", "depend on machine speed")
TIME_LIMIT = "--time-limit=2"
# The --capacity questions: problems where exact proves quickly and where it
# searches, from both sets.
CAPACITY_PROBLEMS = [
    "paper/mobilenet_v1.csv",
    "paper/googlenet.csv",
    "paper/inception_v3.csv",
    "minimalloc/A.1048576.csv",
    "minimalloc/C.1048576.csv",
]


def list_strategies(solve, mode):
    """The strategies of `mode`, from the error memplan-solve gives for an
    unknown one (which every build has, unlike --list-strategies)."""
    with tempfile.NamedTemporaryFile("w", suffix=".csv") as empty:
        empty.write("id,lower,upper,size\n")
        empty.flush()
        err = subprocess.run(
            [str(solve), f"--mode={mode}", "--strategy=?", empty.name],
            capture_output=True, text=True).stderr
    match = re.search(r"valid strategies: (.*)", err)
    if not match:
        sys.exit(f"cannot read the strategies of {solve}: {err}")
    return [n for n in match.group(1).strip().split(", ") if n != "all"]


def without_times(summary):
    """The summary without what the clock decides: its `time:` line, and the
    milliseconds `best` reports in its strategy line."""
    lines = (line for line in summary.splitlines()
             if not line.strip().startswith("time:"))
    return "\n".join(re.sub(r"\d+(\.\d+)? ms\b", "N ms", line)
                     for line in lines)


def is_clocked(*summaries):
    return any(word in s for s in summaries for word in CLOCK_WORDS)


def run(solve, arguments, out):
    """Exit code, plan file and summary of one run."""
    out.unlink(missing_ok=True)
    result = subprocess.run([str(solve), *arguments, "-o", str(out)],
                            capture_output=True, text=True)
    plan = out.read_bytes() if out.exists() else None
    return result.returncode, plan, without_times(result.stderr), result.stderr


def compare(job):
    """(name, verdict, baseline summary) of one pair of runs."""
    old, new, name, arguments, work = job
    stem = re.sub(r"[^A-Za-z0-9.]+", "_", name)
    a = run(old, arguments, work / f"{stem}.old.csv")
    b = run(new, arguments, work / f"{stem}.new.csv")
    if a[:3] == b[:3]:
        verdict = "identical"
    elif is_clocked(a[2], b[2]):
        verdict = "clocked"
    else:
        what = [label for label, x, y in
                zip(("exit code", "plan", "summary"), a[:3], b[:3]) if x != y]
        verdict = "different (" + ", ".join(what) + ")"
    return name, verdict, a[3], a[1] is not None


def run_all(jobs, workers):
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(compare, jobs))


def slab_of(summary):
    match = re.search(r"^\s*slab:\s+(\d+) bytes", summary, re.MULTILINE)
    return int(match.group(1)) if match else None


def tally(title, results):
    counts = {}
    for name, verdict, _, _ in results:
        counts[verdict] = counts.get(verdict, 0) + 1
        if verdict != "identical":
            print(f"{verdict}: {name}")
    plans = sum(1 for _, verdict, _, wrote in results if wrote)
    identical_plans = sum(1 for _, verdict, _, wrote in results
                          if wrote and verdict == "identical")
    figures = ", ".join(f"{count} {verdict}"
                        for verdict, count in sorted(counts.items()))
    print(f"{title}: {len(results)} runs ({figures}); {plans} plan files "
          f"written by the baseline, {identical_plans} of them identical "
          f"with identical summaries")
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-bin", required=True, type=Path)
    parser.add_argument("--bin", required=True, type=Path)
    parser.add_argument("--work", type=Path, default=Path(
        tempfile.gettempdir()) / "memplan-compare-solve")
    parser.add_argument("--jobs", type=int, default=1,
                        help="runs at once; more than the idle cores makes "
                        "clocked runs likelier")
    parser.add_argument("--strategy", action="append",
                        help="compare only these strategies (repeatable)")
    parser.add_argument("--no-capacity", action="store_true")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    old = args.baseline_bin / "memplan-solve"
    new = args.bin / "memplan-solve"

    problems = sorted(PROBLEMS.rglob("*.csv"))
    jobs = []
    for mode in ("offsets", "objects"):
        names = list_strategies(new, mode)
        if names != list_strategies(old, mode):
            print(f"the strategies of mode {mode} differ", file=sys.stderr)
            return 1
        if args.strategy:
            names = [n for n in names if n in args.strategy]
        jobs += [(old, new,
                  f"{p.relative_to(PROBLEMS)} --mode={mode} --strategy={n}",
                  [f"--mode={mode}", f"--strategy={n}", TIME_LIMIT, str(p)],
                  args.work)
                 for p in problems for n in names]
    results = run_all(jobs, args.jobs)
    counts = tally("strategies", results)

    if not args.no_capacity:
        best_slabs = {}
        for name, verdict, summary, _ in results:
            problem, mode, strategy = name.split(" ")
            if mode == "--mode=offsets" and strategy == "--strategy=best":
                best_slabs[problem] = slab_of(summary)
        jobs = []
        for problem in CAPACITY_PROBLEMS:
            slab = best_slabs.get(problem)
            if slab is None:
                # best was not among the strategies compared: ask for it.
                _, _, _, summary = run(old, ["--strategy=best", TIME_LIMIT,
                                             str(PROBLEMS / problem)],
                                       args.work / "capacity-best.csv")
                slab = slab_of(summary)
            for capacity in (slab - 1, slab, slab + 1):
                jobs.append((old, new, f"{problem} --capacity={capacity}",
                             [f"--capacity={capacity}", TIME_LIMIT,
                              str(PROBLEMS / problem)], args.work))
        capacity_results = run_all(jobs, args.jobs)
        for name, verdict, summary, _ in capacity_results:
            answer = re.search(r"capacity:\s+\d+ bytes: (.*)", summary)
            print(f"  {name}: {answer.group(1) if answer else '?'}")
        capacity_counts = tally("capacity", capacity_results)
        for verdict, count in capacity_counts.items():
            counts[verdict] = counts.get(verdict, 0) + count

    return 1 if any(v.startswith("different") for v in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
