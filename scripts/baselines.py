#!/usr/bin/env python3
"""Sets other planners' rules beside memplan's on the same problems and writes
docs/baselines.md.

Usage: scripts/baselines.py [--build build] [--output docs/baselines.md]
                            [--jobs N] [--no-models]

The problems are every file of benchmarks/problems (MiniMalloc's suite and the
networks of the Pisarchyk & Lee paper), two that memplan-solve --generate
writes, and, for each bundled model of models/, the problem memplan-export
writes after the bufferization of scripts/models.py. Each is planned by memplan-baselines (the labelled
baselines of benchmarks/Baselines, checked by memplan's validator) and by
memplan-solve's greedy-size and best (the passes' default strategy, under its
default time limit). Python standard library only.
"""

import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import models  # noqa: E402  (the bufferization passes and run_tool, shared)

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
BASELINES = ["upstream-best-fit", "xla", "tvm-greedy-by-size",
             "tvm-greedy-by-conflicts"]
STRATEGIES = ["greedy-size", "best"]
# memplan-solve --generate, seed 1: an inference chain, and a training step
# at about the size of the smallest published one (docs/performance.md).
GENERATED = [(10000, "chain"), (20000, "long-lived")]


def run(command):
    """stdout and stderr of `command`; models.ToolError, with its stderr's
    tail, if it fails."""
    stdout, stderr = models.run_tool(command, Path(command[0]).name)
    return stdout + stderr


def baseline_slab(build, name, problem):
    """(buffers, lower bound, slab), the slab None where memplan's validator
    refuses the baseline's plan (TVM's rule, where alignments differ)."""
    try:
        line = run([str(build / "bin" / "memplan-baselines"),
                    "--baseline=" + name, str(problem)]).strip()
    except models.ToolError as error:
        if "fails validation" not in str(error):
            raise
        print("warning:", error, file=sys.stderr)
        return None
    _, _, buffers, bound, slab = line.rsplit(",", 4)
    return int(buffers), int(bound), int(slab)


def strategy_slab(build, name, problem):
    # memplan-solve prints its summary on stderr.
    output = run([str(build / "bin" / "memplan-solve"), "--strategy=" + name,
                  str(problem), "-o", os.devnull])
    found = re.search(r"slab:\s+(\d+) bytes", output)
    if not found:
        raise RuntimeError("no slab in memplan-solve's summary:\n" + output)
    return int(found.group(1))


def export_model(build, model, work):
    """The planning problem of a bundled model, or None if it has no buffer
    memplan plans."""
    name = model.parent.name + "-" + model.stem
    buffered = work / (name + ".buf.mlir")
    problem = work / (name + ".csv")
    run([MLIR_OPT, str(model), *models.BUFFERIZE_PASSES, "-o", str(buffered)])
    run([str(build / "bin" / "memplan-opt"), str(buffered),
         "--memplan-export=" + str(problem), "-o", os.devnull])
    if len(problem.read_text().splitlines()) < 2:
        return None
    return problem


def plan_all(build, problem):
    slabs = {}
    buffers = bound = None
    for name in BASELINES:
        result = baseline_slab(build, name, problem)
        if result:
            buffers, bound, slabs[name] = result
        else:
            slabs[name] = None
    if bound is None:
        raise RuntimeError("every baseline's plan of %s was refused" % problem)
    slabs.update({name: strategy_slab(build, name, problem)
                  for name in STRATEGIES})
    return buffers, bound, slabs


def smallest_other(slabs):
    return min(slabs[name] for name in BASELINES if slabs[name] is not None)


def ratio(numerator, denominator, digits=3):
    if numerator is None:
        return "refused"
    if denominator == 0:
        return "-"
    return "%.*f" % (digits, numerator / denominator)


def table(rows):
    names = BASELINES + STRATEGIES
    lines = ["| problem | buffers | lower bound | " + " | ".join(names) +
             " | best / smallest other |",
             "|---|---:|---:|" + "---:|" * len(names) + "---:|"]
    for name, (buffers, bound, slabs) in rows:
        cells = [ratio(slabs[n], bound) for n in names]
        lines.append("| %s | %d | %d | %s | %s |" % (
            name, buffers, bound, " | ".join(cells),
            ratio(slabs["best"], smallest_other(slabs))))
    return "\n".join(lines)


def summary(rows):
    ratios = [slabs["best"] / smallest_other(slabs)
              for _, (_, _, slabs) in rows if smallest_other(slabs)]
    smaller = sum(r < 1 for r in ratios)
    larger = sum(r > 1 for r in ratios)
    medians = []
    for name in BASELINES:
        against = [slabs["best"] / slabs[name] for _, (_, _, slabs) in rows
                   if slabs[name]]
        if against:
            medians.append("%s %.3f" % (name, statistics.median(against)))
    return ("memplan's best is smaller than the smallest of the other "
            "planners' slabs on %d of %d (down to %.4f of it), equal on %d, "
            "larger on %d; the median of its ratio to each: %s" % (
                smaller, len(ratios), min(ratios),
                len(ratios) - smaller - larger, larger, ", ".join(medians)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--output", default=str(ROOT / "docs" / "baselines.md"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-models", action="store_true")
    args = parser.parse_args()
    build = Path(args.build)

    groups = []
    for folder in ["minimalloc", "paper"]:
        problems = sorted((ROOT / "benchmarks" / "problems" / folder).glob(
            "*.csv"))
        groups.append((folder, [(p.stem, p) for p in problems]))

    with tempfile.TemporaryDirectory() as temp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        work = Path(temp)
        generated = []
        for count, shape in GENERATED:
            problem = work / ("%s-%d.csv" % (shape, count))
            run([str(build / "bin" / "memplan-solve"), "--generate=%d" % count,
                 "--generate-shape=" + shape, "--seed=1", "-o", str(problem)])
            generated.append(("%s, %dk buffers" % (shape, count // 1000),
                              problem))
        groups.append(("generated", generated))
        if not args.no_models:
            model_files = sorted(ROOT.glob("models/*/*.mlir"))
            exported = pool.map(lambda m: export_model(build, m, work),
                                model_files)
            groups.append(("models", [
                (m.parent.name + "/" + m.stem, p)
                for m, p in zip(model_files, exported) if p is not None]))
        results = []
        for folder, problems in groups:
            rows = list(pool.map(lambda item: (item[0], plan_all(build,
                                                                 item[1])),
                                 problems))
            results.append((folder, rows))

    sections = []
    for folder, rows in results:
        if not rows:
            continue
        sections.append("### %s\n\n%s\n\nHere %s.\n" % (folder, table(rows),
                                                        summary(rows)))
    every = [row for _, rows in results for row in rows]
    Path(args.output).write_text(PAGE % (summary(every), "\n".join(sections)))
    print("wrote", args.output)


PAGE = """# memplan beside other planners

Generated by `scripts/baselines.py`. Each planner's slab is given as its
ratio to the lower bound (the largest sum of sizes live at once, in bytes);
the last column is memplan's `best` over the smallest slab of the other
planners. Every plan passed memplan's validator.

- **upstream-best-fit** is the rule of the static memory planner upstream
  MLIR gained after LLVM 22 (`static-memory-planner-analysis
  {algorithm=best-fit}`), written here as a labelled baseline
  (`benchmarks/Baselines/UpstreamBestFit.h`): buffers by start time, each in
  the smallest gap among those still live, or in the room between the
  highest of them and the arena's top if smaller, else above them. It is not
  a strategy of memplan's registry.
- **xla** is the layout XLA's buffer assignment gives one unconstrained
  heap: its decreasing-size best-fit heap in the spatial order (size, then
  lifetime) and in the temporal order (lifetime, then size), the smaller
  kept (`benchmarks/Baselines/XlaHeapSimulator.h`).
- **tvm-greedy-by-size** (TVM's default) and **tvm-greedy-by-conflicts**
  are the greedy algorithms of TVM's Unified Static Memory Planner, for one
  pool: each buffer at the lowest offset above every placed buffer live with
  it (`benchmarks/Baselines/TvmUsmpGreedy.h`). TVM removed USMP in 2025;
  they are the rules it had. Its hill climb is not here.
- **greedy-size** is memplan's greedy by size (Pisarchyk & Lee), whose plans
  are those of the O(n^2) loop of TFLite's GPU delegate byte for byte
  (`benchmarks/Baselines/ReferenceGreedyLoop.h`, `docs/performance.md`).
  TFLite's CPU arena planner takes tensors in the same order (largest
  first, then earlier first use) and places them by the same smallest-gap
  rule, except that it places first the tensors live for the whole run, and
  that an op may write its output over its input's buffer, which a problem
  of lifetimes does not hold; so greedy-size stands for it too.
- **best** is the passes' default strategy under its default time limit of
  2 s: `memplan-solve --strategy=best`. Where its search runs to the limit
  (the generated problems), its plan depends on how far the machine gets.

Not here: MiniMalloc, an exact solver, whose best known slabs on its suite
`docs/results.md` sets beside memplan's `exact`; idealloc; TVM's hill climb.

Only the planning rules are compared, on the same lifetimes. The passes
differ as well in what they plan: upstream's takes `memref.alloc`s of static
shape paired with a `memref.dealloc` (it asks for the deallocation pipeline
to run first, and which pairs it takes has changed between revisions);
memplan's the buffers of `docs/design.md`, loops, branches, views and calls
included. For a bundled model the problem is what `memplan-export` writes
(`docs/plan-exchange.md`) after the bufferization of `scripts/models.py`:
every function and memory space one after the other, so the slab is the
largest one needs. The generated problems are `memplan-solve --generate=N --seed=1`, of the chain
and long-lived shapes of `docs/performance.md`.

Over every problem below, %s.

%s"""

if __name__ == "__main__":
    main()
