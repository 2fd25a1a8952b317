#!/usr/bin/env python3
"""Measures how fast memplan plans and writes docs/performance.md.

Usage: scripts/performance.py [--build build] [--repetitions 3] [--render-only]
                              [--output docs/performance.md]

Runs, in one go on one machine, so that the ratios compare like with like:
  * memplan-planner-benchmark: every strategy of both modes on generated
    problems of 1k to 1M buffers (the median of the repetitions, CPU time);
  * memplan-pass-benchmark: the passes on generated functions and on the
    buddy models, and the default pass on every nelli model, next to
    upstream one-shot-bufferize;
  * memplan-opt -mlir-timing on each buddy model, bufferizing and planning
    in one run, and on generated functions of 10k and 100k allocations;
  * the peak resident memory of memplan-solve on 1M buffers;
  * exact asked to fit MiniMalloc's J one unit below its best known slab;
  * every bundled model (models/nelli and models/buddy): the default pass
    against one-shot-bufferize in process and in one memplan-opt run, what
    its summary proves, and the pass's wall time under short time limits.
It draws time against size on a log-log plot (docs/performance-scaling.svg)
and keeps the raw figures in docs/performance.json, from which
--render-only redraws the page. Python standard library only.
"""

import argparse
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

from results import minimalloc_best_known, summary_fields

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, "models", "buddy")
ALL_MODEL_DIRS = [os.path.join(ROOT, "models", "nelli"), MODELS]
# Time limits under which the pass's wall time is measured, with exact,
# which searches until the limit or a proof.
LIMITS = [0.1, 0.5]
SUMMARY_RE = re.compile(r"remark: memplan-offsets: @\S+: planned .*; (proven optimal|"
                        r"proven within (\d+) bytes)")
MINIMALLOC_J = os.path.join(ROOT, "benchmarks", "problems", "minimalloc", "J.1048576.csv")
# J's unit: all its sizes and times are multiples of 1024 bytes.
J_UNIT = 1024
# The exact search's budget there, in seconds (it counts steps, so the
# answer is the same on every machine).
J_TIME_LIMIT = 60
BUDDY = ["bert", "deepseek_r1_distill_decode", "llama_7b_decoder", "resnet18_tosa"]
SIZES = [1000, 10000, 100000, 1000000]
BUFFERIZE = [
    "--convert-elementwise-to-linalg", "--canonicalize", "--cse",
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--canonicalize", "--cse",
]
TIMING_RE = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(\S+)\s*$")
GIB = float(1 << 30)


def log(message):
    print(message, file=sys.stderr, flush=True)


def run_benchmark(binary, repetitions, extra=()):
    """The benchmark's cases as {name: entry}, the median over repetitions."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        command = [binary, "--benchmark_out=" + out.name,
                   "--benchmark_out_format=json",
                   "--benchmark_repetitions=%d" % repetitions, *extra]
        if repetitions > 1:
            command.append("--benchmark_report_aggregates_only=true")
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        data = json.load(open(out.name))
    cases = {}
    for entry in data["benchmarks"]:
        if entry.get("error_occurred"):
            raise SystemExit("%s: %s" % (entry["name"], entry.get("error_message")))
        if repetitions > 1 and entry.get("aggregate_name") != "median":
            continue
        cases[entry["run_name"]] = entry
    return cases, data["context"]


def milliseconds(entry):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[entry["time_unit"]]
    return entry["cpu_time"] * scale


def mlir_timing(command, env=None):
    """The wall time of each timer of one -mlir-timing run, in ms."""
    result = subprocess.run(command + ["-mlir-timing", "-o", os.devnull],
                            check=True, capture_output=True, text=True, env=env)
    times = {}
    for line in result.stderr.splitlines():
        match = TIMING_RE.match(line)
        if match:
            name = match.group(2)
            times[name] = times.get(name, 0.0) + float(match.group(1)) * 1e3
    return times


def median_timing(command, repetitions, env=None):
    runs = [mlir_timing(command, env) for _ in range(repetitions)]
    return {name: statistics.median(run.get(name, 0.0) for run in runs)
            for name in runs[0]}


def peak_rss(command):
    """Runs `command`; its peak resident memory in bytes (Linux: KiB units)."""
    return timed_peak_rss(command)[1]


def timed_peak_rss(command):
    """Runs `command`; its wall seconds and peak resident memory in bytes."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit("failed: " + " ".join(command))
    return time.monotonic() - start, usage.ru_maxrss * 1024


def fmt_ms(value):
    if value is None:
        return "-"
    if value >= 100:
        return "%.0f" % value
    if value >= 1:
        return "%.1f" % value
    return "%.3f" % value


def growth(times):
    """The slope of log time against log n over the two largest sizes."""
    known = [(n, t) for n, t in times if t]
    if len(known) < 2:
        return "-"
    (n0, t0), (n1, t1) = known[-2], known[-1]
    return "%.2f" % (math.log(t1 / t0) / math.log(n1 / n0))


def strategy_rows(cases, mode):
    names = []
    for name in cases:
        parts = name.split("/")
        if parts[0] == mode and parts[1] not in names:
            names.append(parts[1])
    rows = []
    for strategy in names:
        times = [(n, milliseconds(cases[key]) if key in cases else None)
                 for n in SIZES for key in ["%s/%s/%d" % (mode, strategy, n)]]
        largest = max(n for n, t in times if t is not None)
        entry = cases["%s/%s/%d" % (mode, strategy, largest)]
        rows.append({
            "strategy": strategy, "times": times, "largest": largest,
            "rate": entry.get("items_per_second"),
            "ratio": entry.get("slab_over_bound"),
        })
    return rows


PUBLISHED_SIZES = [20000, 30000, 60000]


def published_speedups(cases, strategies):
    """{strategy: {n: the reference loop's time / the strategy's}} in the
    published mode, at the sizes both ran at."""
    result = {}
    for name in strategies:
        by_size = {}
        for n in PUBLISHED_SIZES:
            ours = cases.get("published/%s/%d" % (name, n))
            reference = cases.get("published/reference-loop/%d" % n)
            if ours and reference:
                by_size[n] = milliseconds(reference) / milliseconds(ours)
        result[name] = by_size
    return result


def published_table(cases, strategies):
    speedups = published_speedups(cases, strategies)
    lines = ["| strategy | %s |" % " | ".join("%dk" % (n // 1000) for n in PUBLISHED_SIZES),
             "|---|" + "---:|" * len(PUBLISHED_SIZES)]
    for name in strategies + ["reference-loop"]:
        cells = []
        for n in PUBLISHED_SIZES:
            entry = cases.get("published/%s/%d" % (name, n))
            cell = "%s ms" % fmt_ms(milliseconds(entry)) if entry else "-"
            if n in speedups.get(name, {}):
                cell += " (%.1fx)" % speedups[name][n]
            cells.append(cell)
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    return "\n".join(lines)


# Strategies whose time is their time limit, or that run at one size only:
# a slope between their sizes says nothing about the algorithm.
BUDGETED = {"hill-climb", "exact", "best", "mincost-flow"}


def strategy_table(rows, what):
    lines = ["| %s | 1k | 10k | 100k | 1M | growth | buffers/s at largest | %s at largest |" % (
        "strategy", what), "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        cells = [fmt_ms(t) for _, t in row["times"]]
        rate = "%.2fM" % (row["rate"] / 1e6) if row["rate"] else "-"
        ratio = "%.3f" % row["ratio"] if row["ratio"] is not None else "-"
        lines.append("| %s | %s | %s | %s | %s |" % (
            row["strategy"], " | ".join(cells),
            "-" if row["strategy"] in BUDGETED else growth(row["times"]), rate, ratio))
    return "\n".join(lines)


COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939"]


def svg_panel(rows, title, left, top, width, height, low, high):
    """One log-log panel: milliseconds against buffers, a line a strategy."""
    parts = []
    x0, x1 = math.log10(SIZES[0]), math.log10(SIZES[-1])
    y0, y1 = math.floor(math.log10(low)), math.ceil(math.log10(high))

    def x(n):
        return left + (math.log10(n) - x0) / (x1 - x0) * width

    def y(ms):
        return top + height - (math.log10(ms) - y0) / (y1 - y0) * height

    parts.append('<text x="%g" y="%g" font-size="15" font-weight="bold">%s</text>'
                 % (left, top - 12, title))
    for decade in range(y0, y1 + 1):
        yy = y(10 ** decade)
        parts.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#ddd"/>'
                     % (left, yy, left + width, yy))
        label = ("%g ms" % 10 ** decade) if decade >= 0 else ("%g ms" % round(10 ** decade, -decade))
        parts.append('<text x="%g" y="%g" font-size="11" text-anchor="end">%s</text>'
                     % (left - 6, yy + 4, label))
    for n in SIZES:
        xx = x(n)
        parts.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#ddd"/>'
                     % (xx, top, xx, top + height))
        parts.append('<text x="%g" y="%g" font-size="11" text-anchor="middle">%s</text>'
                     % (xx, top + height + 16, {1000: "1k", 10000: "10k",
                                                100000: "100k", 1000000: "1M"}[n]))
    parts.append('<text x="%g" y="%g" font-size="12" text-anchor="middle">buffers (log)</text>'
                 % (left + width / 2, top + height + 34))
    parts.append('<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#444"/>'
                 % (left, top, width, height))
    # A line of slope one through the lowest 1k time: linear growth.
    base = min(t for row in rows for n, t in row["times"] if n == SIZES[0] and t)
    parts.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000" stroke-dasharray="5,4"/>'
                 % (x(SIZES[0]), y(base), x(SIZES[-1]), y(base * SIZES[-1] / SIZES[0])))
    legend_y = top + 8
    parts.append('<text x="%g" y="%g" font-size="11">- - - linear</text>'
                 % (left + width + 14, legend_y + 4))
    for index, row in enumerate(rows):
        colour = COLOURS[index % len(COLOURS)]
        dash = ' stroke-dasharray="2,3"' if index >= len(COLOURS) else ""
        points = [(x(n), y(t)) for n, t in row["times"] if t]
        parts.append('<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s">'
                     '<title>%s</title></polyline>'
                     % (colour, dash, " ".join("%.1f,%.1f" % p for p in points), row["strategy"]))
        for (px, py), (n, t) in zip(points, [(n, t) for n, t in row["times"] if t]):
            parts.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s, %d buffers: %s ms</title></circle>'
                         % (px, py, colour, row["strategy"], n, fmt_ms(t)))
        legend_y += 17
        parts.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="2"%s/>'
                     % (left + width + 14, legend_y, left + width + 34, legend_y, colour, dash))
        parts.append('<text x="%g" y="%g" font-size="11">%s</text>'
                     % (left + width + 40, legend_y + 4, row["strategy"]))
    return parts


def write_svg(path, offsets, objects):
    times = [t for rows in (offsets, objects) for row in rows for _, t in row["times"] if t]
    low, high = min(times), max(times)
    width, height = 420, 330
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="1340" height="430" '
             'font-family="sans-serif">',
             '<rect width="100%" height="100%" fill="white"/>']
    parts += svg_panel(offsets, "Offsets: CPU time to plan", 70, 40, width, height, low, high)
    parts += svg_panel(objects, "Shared objects: CPU time to plan", 730, 40, width, height, low, high)
    parts.append("</svg>")
    with open(path, "w") as out:
        out.write("\n".join(parts) + "\n")


def benchmark_version():
    result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libbenchmark-dev"],
                            capture_output=True, text=True)
    return result.stdout.strip() or "?"


def machine():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return "%s, %d cores, %s" % (model or platform.processor(), os.cpu_count(),
                                 platform.platform())


def measure(args):
    """Runs everything; the raw figures, as kept in docs/performance.json."""
    bin_dir = os.path.join(args.build, "bin")
    opt = os.path.join(bin_dir, "memplan-opt")
    solve = os.path.join(bin_dir, "memplan-solve")
    repetitions = args.repetitions

    log("planner benchmark (every strategy, 1k to 1M buffers)")
    planner, context = run_benchmark(os.path.join(bin_dir, "memplan-planner-benchmark"),
                                     repetitions)
    log("pass benchmark (generated functions, every bundled model)")
    passes, _ = run_benchmark(os.path.join(bin_dir, "memplan-pass-benchmark"), repetitions)
    offsets = strategy_rows(planner, "offsets")
    objects = strategy_rows(planner, "objects")

    log("-mlir-timing on the buddy models")
    timing_rows = []
    for model in BUDDY:
        base = [opt, os.path.join(MODELS, model + ".mlir"), *BUFFERIZE]
        row = {"model": model}
        no_verify = ["--verify-each=false"]
        for key, flags in [
                ("offsets", ["--memplan-offsets=strategy=greedy-size"]),
                ("offsets-unverified", ["--memplan-offsets=strategy=greedy-size"] + no_verify),
                ("objects", ["--memplan-shared-objects=strategy=greedy-size"] + no_verify),
                ("best", ["--memplan-offsets"] + no_verify)]:
            times = median_timing(base + flags, repetitions)
            pass_name = "MemPlanSharedObjects" if key == "objects" else "MemPlanOffsets"
            row[key] = (times["OneShotBufferizePass"], times[pass_name])
        timing_rows.append(row)

    log("-mlir-timing on generated functions")
    generated_rows = []
    with tempfile.TemporaryDirectory() as work:
        for n in [10000, 100000]:
            path = os.path.join(work, "g%d.mlir" % n)
            subprocess.run([solve, "--generate=%d" % n, "--generate-as=mlir", "-o", path],
                           check=True)
            row = {"n": n}
            for key, flag, timer in [
                    ("offsets", "--memplan-offsets=strategy=greedy-size", "MemPlanOffsets"),
                    ("objects", "--memplan-shared-objects=strategy=greedy-size",
                     "MemPlanSharedObjects"),
                    ("best", "--memplan-offsets", "MemPlanOffsets")]:
                times = median_timing([opt, path, flag], repetitions)
                row[key] = times[timer]
                row[key + "-total"] = times["Total"]
            generated_rows.append(row)

        log("peak memory at 1M buffers")
        csv = os.path.join(work, "g1000000.csv")
        subprocess.run([solve, "--generate=1000000", "-o", csv], check=True)
        memory_rows = [("(read and check the problem only: naive)",
                        peak_rss([solve, "--strategy=naive", csv, "-o", os.devnull]))]
        for mode, rows in [("offsets", offsets), ("objects", objects)]:
            for row in rows:
                if row["largest"] == SIZES[-1] and row["strategy"] != "naive":
                    memory_rows.append(("%s %s" % (mode, row["strategy"]), peak_rss(
                        [solve, "--mode=" + mode, "--strategy=" + row["strategy"],
                         csv, "-o", os.devnull])))

        log("greedy-size on 1M long-lived buffers")
        csv = os.path.join(work, "l1000000.csv")
        subprocess.run([solve, "--generate=1000000", "--generate-shape=long-lived",
                        "-o", csv], check=True)
        long_lived_1m = timed_peak_rss([solve, "--strategy=greedy-size", csv,
                                        "-o", os.devnull])
        objects_long_lived_1m = timed_peak_rss([solve, "--mode=objects",
                                                "--strategy=greedy-size", csv,
                                                "-o", os.devnull])

        log("the wall-clock limit on 1M long-lived buffers")
        limits_at_scale = measure_limits_at_scale(solve, csv)

    log("exact on MiniMalloc's J, one unit below its best known slab")
    exact_j = measure_exact_j(solve)

    log("the default pass and the time limit on every bundled model")
    budget_rows = measure_budget(opt, repetitions, passes)

    return {"planner": planner, "passes": passes, "context": context,
            "repetitions": repetitions, "machine": machine(),
            "benchmark_version": benchmark_version(), "timing_rows": timing_rows,
            "generated_rows": generated_rows, "memory_rows": memory_rows,
            "budget_rows": budget_rows, "long_lived_1m": long_lived_1m,
            "objects_long_lived_1m": objects_long_lived_1m,
            "limits_at_scale": limits_at_scale, "exact_j": exact_j}


SUMMARY_FIELD_RE = re.compile(r"^\s+(strategy|slab|objects|time):\s+(.*)$", re.M)
# How many buffers a strategy stopped by the clock left sharing nothing, as
# its summary says it: the strategy's own details, or under best the
# winner's entry (offsets) or the winner's details appended (objects).
STACKED_RE = re.compile(r"the other (\d+) (?:are stacked|have objects)")
BEST_WINNER_RE = re.compile(r"best: (\S+) won")


def stacked_count(strategy_field):
    winner = BEST_WINNER_RE.search(strategy_field)
    if winner:
        entry = re.search(re.escape(winner.group(1)) +
                          r" \d+ \(stopped by the clock, (\d+) buffers stacked\)",
                          strategy_field)
        if entry:
            return int(entry.group(1))
    match = STACKED_RE.search(strategy_field)
    return int(match.group(1)) if match else 0
SCALE_LIMITS = [1, 2, 5]


def measure_limits_at_scale(solve, csv):
    """memplan-solve on the 1M long-lived problem under --wall-limit=L (and
    --time-limit=L, for the searches of best): per mode, strategy and limit,
    the strategy's time as the summary gives it, its slab or total, and how
    many buffers were left sharing nothing; without a limit for greedy-size,
    the plan the others are held to."""
    rows = []
    for mode in ["offsets", "objects"]:
        for strategy in ["greedy-size", "best"]:
            for limit in [0] + SCALE_LIMITS:
                if limit == 0 and strategy == "best":
                    continue
                command = [solve, "--mode=" + mode, "--strategy=" + strategy, csv,
                           "-o", os.devnull]
                if limit:
                    command += ["--wall-limit=%g" % limit, "--time-limit=%g" % limit]
                result = subprocess.run(command, check=True, capture_output=True,
                                        text=True)
                fields = dict(SUMMARY_FIELD_RE.findall(result.stderr))
                size = fields.get("slab") or fields.get("objects")
                rows.append({"mode": mode, "strategy": strategy, "limit": limit,
                             "ms": float(fields["time"].split()[0]),
                             "bytes": int(size.split()[0]),
                             "stacked": stacked_count(fields.get("strategy", ""))})
                log("  %s %s limit %g: %.0f ms" % (mode, strategy, limit, rows[-1]["ms"]))
    return rows


def limits_at_scale_section(rows):
    """The table of the wall-clock limit on 1M long-lived buffers."""
    if not rows:
        return []
    full = {row["mode"]: row["bytes"] for row in rows
            if row["strategy"] == "greedy-size" and row["limit"] == 0}
    lines = ["| mode | strategy | limit | strategy's time | over the limit | "
             "buffers left sharing nothing | plan / greedy-size's unlimited |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        limit = row["limit"]
        lines.append("| %s | %s | %s | %s ms | %s | %d | %.4f |" % (
            row["mode"], row["strategy"], "%g s" % limit if limit else "none",
            fmt_ms(row["ms"]), "%+.0f ms" % (row["ms"] - 1e3 * limit) if limit else "-",
            row["stacked"], row["bytes"] / full[row["mode"]]))
    return ["""### The limit at scale

The bundled models plan in milliseconds, so only a search can run past
their limit. On the 1M-buffer long-lived problem a quick strategy alone
takes longer than the limit: `memplan-solve --wall-limit=L` (best with
`--time-limit=L` as well) bounds each strategy's run as the pass's
`time-limit` bounds the pass. The quick strategies (all but naive and
mincost-flow's flow, which handles up to 1000 buffers) look at the clock
every 256 buffers and, past it, leave the buffers they have not placed
sharing memory with no other (stacked above the rest, or each in an object
of its own; the pass warns). The time is the summary's: the strategy's
run, with best's lower bound, without reading and writing the files. What
runs past the limit is what cannot look at the clock: a sort begun before
it (greedy-size's order of a million buffers, a tenth of a second) and the
check of the plan kept; the set-ups after the sort (offset greedy-size's
gap tree, object greedy-size's time slots and sweep orders) look at the
clock as they go. Greedy-size places the largest first, so what is left is
the small end; where its set-up outlasts the limit, it stops there with
nothing placed. Under a limit, where this many buffers are live at once
(or 250k buffers or more, however few are), the offset best runs first the
strategies whose cost ignores overlap (naive and start-best-fit), then
greedy-size and the rest, and checks the smallest plan before greedy-size
starts, within the limit: at 2 s, the pass's default, start-best-fit's
whole plan is at hand, and checked, when greedy-size is stopped.

%s
""" % "\n".join(lines)]


def measure_exact_j(solve):
    """memplan-solve --capacity one unit below J's best known slab: the
    capacity, the best known slab, the answer (exit status 0 fits, 4 does
    not, 5 unknown), what exact says and its wall time in ms."""
    best_known = minimalloc_best_known()["J"]
    capacity = best_known - J_UNIT
    result = subprocess.run([solve, "--capacity=%d" % capacity,
                             "--time-limit=%d" % J_TIME_LIMIT, MINIMALLOC_J,
                             "-o", os.devnull], capture_output=True, text=True)
    fields = summary_fields(result.stdout + result.stderr)
    return {"capacity": capacity, "best_known": best_known,
            "status": result.returncode, "strategy": fields.get("strategy", ""),
            "bound": fields.get("lower bound", ""),
            "ms": float(fields.get("time", "0 ms").split()[0])}


def measure_budget(opt, repetitions, passes):
    """Per bundled model: one-shot-bufferize and the default memplan-offsets
    in one process after a first run (memplan-pass-benchmark's cases, from
    `passes`) and in one memplan-opt run (median wall ms), the functions
    proven optimal and the bytes of the gaps proven, and the pass's wall ms
    with exact under each limit."""
    rows = []
    for directory in ALL_MODEL_DIRS:
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".mlir"):
                continue
            model = os.path.join(directory, name)
            base = [opt, model, *BUFFERIZE]
            row = {"model": os.path.basename(directory) + "/" + name[:-5]}
            row["bufferize_in_process"] = milliseconds(
                passes[row["model"] + "/one-shot-bufferize"])
            row["default_in_process"] = milliseconds(
                passes[row["model"] + "/memplan-offsets-best"])
            times = median_timing(base + ["--memplan-offsets", "--verify-each=false"],
                                  repetitions)
            row["bufferize"] = times["OneShotBufferizePass"]
            row["default"] = times["MemPlanOffsets"]
            result = subprocess.run(base + ["--memplan-offsets=summary=true", "-o", os.devnull],
                                    check=True, capture_output=True, text=True)
            proofs = SUMMARY_RE.findall(result.stderr)
            row["functions"] = len(proofs)
            row["optimal"] = sum(1 for whole, _ in proofs if whole == "proven optimal")
            row["gap_bytes"] = sum(int(gap) for _, gap in proofs if gap)
            row["limits"] = {}
            for limit in LIMITS:
                flag = "--memplan-offsets=strategy=exact time-limit=%g" % limit
                runs = [mlir_timing(base + [flag, "--verify-each=false"])["MemPlanOffsets"]
                        for _ in range(repetitions)]
                row["limits"]["%g" % limit] = max(runs)
            rows.append(row)
            log("  %s: %.1f / %.1f ms" % (row["model"], row["default"], row["bufferize"]))
    return rows


def budget_sections(rows):
    """The tables of the default pass's cost and of the time limit."""
    if not rows:
        return []
    def share(row):
        return row["default_in_process"] / row["bufferize_in_process"]

    def cold_share(row):
        return row["default"] / row["bufferize"]

    shares = [share(row) for row in rows]
    worst = max(rows, key=share)
    cold_worst = max(rows, key=cold_share)
    lines = ["| model | one-shot-bufferize ms | memplan-offsets (best) ms | share | "
             "memplan-opt: bufferize ms | memplan-opt: pass ms | memplan-opt: share | "
             "functions proven optimal | bytes of the gaps proven |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        lines.append("| %s | %s | %s | %.1f%% | %s | %s | %.1f%% | %d of %d | %d |" % (
            row["model"], fmt_ms(row["bufferize_in_process"]),
            fmt_ms(row["default_in_process"]), 100 * share(row),
            fmt_ms(row["bufferize"]), fmt_ms(row["default"]), 100 * cold_share(row),
            row["optimal"], row["functions"], row["gap_bytes"]))
    median = statistics.median(shares)
    out = ["""## The default pass on every bundled model

One-shot-bufferize and the default planning pass (`best`, `time-limit=2`) on
each model, timed two ways: in one process after a first run, as a compiler
that links them runs them (`memplan-pass-benchmark`'s
`<collection>/<model>/one-shot-bufferize` and `.../memplan-offsets-best`, CPU
ms, the median of the repetitions), and in one `memplan-opt MODEL <bufferize>
--memplan-offsets --verify-each=false -mlir-timing` run (median wall ms),
where the pass also pays its code's first page faults and the dynamic
linker's binding of the MLIR functions it calls (on small models about a
third of its time). The target is read on the first. The pass stops `best`
at the first plan that meets the lower bound, which counts alignment
padding, and gives search time only to the spaces left above it. The last
two columns come from its summaries: the functions whose plans are proven
optimal, and the bytes by which the others may exceed their optimum.

Median share %.1f%% (target: at most 10%%: %s); worst %.1f%% on %s
(target: at most 100%%: %s). In memplan-opt: median %.1f%%, worst %.1f%% on %s.

%s
""" % (100 * median, "met" if median <= 0.10 else "missed",
       100 * max(shares), worst["model"], "met" if max(shares) <= 1.0 else "missed",
       100 * statistics.median(cold_share(row) for row in rows),
       100 * cold_share(cold_worst), cold_worst["model"],
       "\n".join(lines))]

    lines = ["| model | " + " | ".join("time-limit=%g: pass ms | overshoot ms" % limit
                                        for limit in LIMITS) + " |",
             "|---|" + "---:|---:|" * len(LIMITS)]
    worst_over = {}
    for row in rows:
        cells = []
        for limit in LIMITS:
            ms = row["limits"]["%g" % limit]
            over = ms - 1e3 * limit
            allowed = 1e3 * limit * 0.1 + 50
            worst_over[limit] = max(worst_over.get(limit, -1e9), over - allowed)
            cells += [fmt_ms(ms), "%+.0f" % over]
        lines.append("| %s | %s |" % (row["model"], " | ".join(cells)))
    verdicts = ", ".join("time-limit=%g: %s" % (
        limit, "met" if worst_over[limit] <= 0 else "missed by %.0f ms" % worst_over[limit])
        for limit in LIMITS)
    out.append("""## The time limit

`--memplan-offsets="strategy=exact time-limit=T"`, whose search runs until it
proves its plan optimal or the limit ends: the pass's wall time from
`-mlir-timing` (the largest of the runs), and how far past T it ran
(negative: it finished early, with a proof). The limit is the whole pass's,
from its start: analysis, every function and memory space and every
strategy. Target: at most 10%% + 50 ms over T on every model (%s).

%s
""" % (verdicts, "\n".join(lines)))
    return out


def exact_j_figure(exact_j):
    """The Targets table's account of measure_exact_j."""
    if not exact_j:
        return "-"
    answer = {0: "fits", 4: "does not fit (proven)", 5: "unknown at the limit"}.get(
        exact_j["status"], "failed (exit %d)" % exact_j["status"])
    return ("%d bytes (best known %d) %s: `%s`, %.1f s under `--time-limit=%d`; "
            "lower bound %s" % (
                exact_j["capacity"], exact_j["best_known"], answer, exact_j["strategy"],
                exact_j["ms"] / 1000, J_TIME_LIMIT, exact_j.get("bound", "-")))


def render(data, output):
    """Writes the page and the plot from the raw figures."""
    planner, passes, context = data["planner"], data["passes"], data["context"]
    repetitions = data["repetitions"]
    timing_rows, generated_rows = data["timing_rows"], data["generated_rows"]
    memory_rows = data["memory_rows"]
    offsets = strategy_rows(planner, "offsets")
    objects = strategy_rows(planner, "objects")
    bounds = strategy_rows(planner, "bounds")
    long_lived = strategy_rows(planner, "long-lived")
    objects_long_lived = strategy_rows(planner, "objects-long-lived")
    objects_1m = data.get("objects_long_lived_1m")
    svg = os.path.join(os.path.dirname(output), "performance-scaling.svg")
    write_svg(svg, offsets, objects)

    def case_ms(name):
        return milliseconds(passes[name]) if name in passes else None

    greedy = dict(next(r for r in offsets if r["strategy"] == "greedy-size")["times"])
    worst_rss = max(rss for _, rss in memory_rows)
    worst_ratio = max(case_ms("buddy/%s/memplan-offsets" % m) / case_ms("buddy/%s/one-shot-bufferize" % m)
                      for m in BUDDY)
    worst_single = max(row["offsets-unverified"][1] / row["offsets-unverified"][0]
                       for row in timing_rows)
    worst_verified = max(row["offsets"][1] / row["offsets"][0] for row in timing_rows)
    generated_100k = case_ms("generated/memplan-offsets/100000")
    # Speed-ups over the O(n^2) reference loop at 100k, per greedy and
    # best-fit strategy (the ones the loop stands for).
    gap_strategies = ["greedy-size", "greedy-breadth", "start-best-fit", "strip-best-fit"]

    def speedups(rows):
        times = {row["strategy"]: dict(row["times"]) for row in rows}
        reference = times.get("reference-loop", {}).get(100000)
        return {name: reference / times[name][100000] for name in gap_strategies
                if reference and times.get(name, {}).get(100000)}

    chain_speedups, long_speedups = speedups(offsets), speedups(long_lived)
    # Each strategy's smallest speed-up over the published sizes.
    published_worst = {name: min(by_size.values())
                       for name, by_size in published_speedups(planner, gap_strategies).items()
                       if by_size}
    long_1m = data.get("long_lived_1m")

    def verdict(ok):
        return "met" if ok else "**missed**"

    out = []
    out.append("""# Performance

How fast memplan plans, how that grows with the number of buffers, and what
the passes cost next to bufferization. Every figure on this page comes from
one run of `scripts/performance.py` on one machine, so the ratios compare
like with like; absolute times move with the machine and its load.

- Machine: %s.
- Load average when the benchmarks started: %s.
- Google Benchmark %s (Debian); each figure is the median of %d repetitions, in CPU
  time (the strategies and passes are single-threaded). Debian's
  libbenchmark is built without optimisation, which only affects the
  harness's own loop.

Reproduce with:

```sh
scripts/setup.sh                      # installs and builds (as the README's test command)
python3 scripts/performance.py        # about 25 minutes; rewrites this page and the plot
# or one benchmark at a time:
build/bin/memplan-planner-benchmark --benchmark_filter='offsets/greedy-size/'
build/bin/memplan-pass-benchmark --benchmark_filter='buddy/bert/'
build/bin/memplan-solve --generate=1000000 -o g1M.csv && build/bin/memplan-solve --strategy=greedy-size g1M.csv -o /dev/null
```
""" % (data["machine"], ", ".join("%.2f" % v for v in context.get("load_avg", [])) or "-",
       data["benchmark_version"], repetitions))

    out.append("""## Targets

| target | measured | |
|---|---|---|
| greedy-size plans 100k buffers in under 0.2 s | %s ms | %s |
| greedy-size plans 1M buffers in under 2 s | %s ms | %s |
| 1M buffers in under 1 GiB peak memory (memplan-solve, any strategy that runs at 1M) | %.2f GiB at most | %s |
| memplan-offsets under 10%% of one-shot-bufferize on every buddy model | %.1f%% at most in the steady state, %.1f%% in one `-mlir-timing` run (%.1f%% with the verifier after the pass charged to it) | %s |
| a generated function of 100k allocations planned and rewritten in under 5 s | %s ms | %s |
| every greedy and best-fit strategy at least 5x faster than the O(n^2) reference loop, chain shape, 100k | %s | %s |
| the same, long-lived shape, 100k | %s | %s |
| the same, long-lived shape, at 20k, 30k and 60k (about the sizes of the published instances; the smallest speed-up of the three) | %s | %s |
| greedy-size on 1M long-lived buffers in under 5 s and 1 GiB (memplan-solve, whole run) | %s | %s |
| exact proves MiniMalloc's J optimal or beats its best known slab | %s | %s |
""" % (fmt_ms(greedy[100000]), verdict(greedy[100000] < 200),
       fmt_ms(greedy[1000000]), verdict(greedy[1000000] < 2000),
       worst_rss / GIB, verdict(worst_rss < GIB),
       100 * worst_ratio, 100 * worst_single, 100 * worst_verified,
       verdict(max(worst_ratio, worst_single) < 0.1),
       fmt_ms(generated_100k), verdict(generated_100k < 5000),
       ", ".join("%s %.1fx" % item for item in chain_speedups.items()),
       verdict(chain_speedups and min(chain_speedups.values()) >= 5),
       ", ".join("%s %.1fx" % item for item in long_speedups.items()),
       verdict(long_speedups and min(long_speedups.values()) >= 5),
       ", ".join("%s %.1fx" % item for item in published_worst.items()),
       verdict(published_worst and min(published_worst.values()) >= 5),
       "%.1f s, %.2f GiB" % (long_1m[0], long_1m[1] / GIB) if long_1m else "-",
       verdict(long_1m and long_1m[0] < 5 and long_1m[1] < GIB),
       exact_j_figure(data.get("exact_j")),
       verdict(data.get("exact_j") and data["exact_j"]["status"] == 0)))

    out.append("""## Planning time against the number of buffers

The problems come from `memplan-solve --generate=N` (seed 1,
`ProblemGenerator.h`): a chain of ops, one buffer in eight kept for a skip
connection, one in 256 for thousands of ops, scratch buffers, sizes from
64 B to 6 MiB. Times are in milliseconds; *growth* is the slope of log time
against log n between the two largest sizes run (1 is linear, 2 quadratic).
The last column is the plan's size over the lower bound on the largest
problem. A dash means the case is not run: mincost-flow builds its flow
network only up to 1000 buffers (above that it is greedy-size's plan), and
hill-climb, exact and best search for as long as their time limit allows
(2 s by default), so at 100k and above they would measure the limit rather
than the algorithm, and their growth is not given. `best` runs the other
strategies in table order and stops at the first plan that meets the lower
bound, which none can beat: at 1k that is an early greedy one, so `best`
costs little more; at 10k none meets it, and `best` runs them all,
mincost-flow's network and the searches included.

![Planning time against buffers, log-log](performance-scaling.svg)

### Offsets

%s

*reference-loop* is not a strategy but the labelled baseline of
`benchmarks/Baselines/ReferenceGreedyLoop.h`: the O(n^2) loop of the TFLite
GPU paper (sort by size; for each buffer walk every placed one in offset
order, skip those not live with it, take the smallest gap that fits). Its
plans are greedy-size's, byte for byte, in every case run here. How the
slabs of memplan's strategies compare with other planners' rules (upstream
MLIR's best-fit, XLA's heap, TVM's USMP) is in `docs/baselines.md`.

### Offsets, long-lived problems

`memplan-solve --generate=N --generate-shape=long-lived` (seed 1): a
training step of N / 4 ops, half the buffers short, a fifth up to a
hundredth of the program, some up to a sixth, and activations of the
forward half kept until the backward half, so that about N / 11 are live
at once; sizes from 4 B to 384 MiB. Only the strategies that finish on their
own are run, up to 100k buffers.

%s

### Long-lived problems at the sizes of published instances

The instances the O(n^2) reference loop was first measured on (training
steps and an NPU model of 18.7k, 28.5k and 62.2k buffers) are where it is
hardest to beat: its cost grows with n^2, a greedy or best-fit strategy's with
about n log n. The long-lived shape at about those sizes, in milliseconds,
and each strategy's speed-up over the loop:

%s

### Shared objects

%s

### Shared objects, long-lived problems

The long-lived problems above, up to 100k buffers. Where tens of thousands
of lifetimes overlap, most buffers find most objects busy, so a strategy
that asks the objects one by one grows with n times the objects.
Greedy-size sweeps the buffers of each size instead (`SizeClassSweep.h`);
on the 1M-buffer problem, memplan-solve's whole run takes %s (it took
165 s before the sweep). Greedy-breadth skips the search of a buffer that
would find every object busy at its operator (counted, not asked), four
fifths of its checks; the rest it still asks object by object.

%s

### Lower bounds

%s
""" % (strategy_table(offsets, "slab / bound"), strategy_table(long_lived, "slab / bound"),
       published_table(planner, gap_strategies),
       strategy_table(objects, "total / bound"),
       "%.1f s, %.2f GiB" % (objects_1m[0], objects_1m[1] / GIB) if objects_1m else "-",
       strategy_table(objects_long_lived, "total / bound"),
       strategy_table(bounds, "-")))

    lines = ["| program | memplan-offsets | memplan-shared-objects | allocations/s (offsets) |",
             "|---|---:|---:|---:|"]
    for n in [1000, 10000, 100000]:
        name = "generated/memplan-offsets/%d" % n
        rate = passes[name].get("items_per_second") if name in passes else None
        lines.append("| generated, %dk allocations | %s ms | %s ms | %s |" % (
            n // 1000, fmt_ms(case_ms(name)),
            fmt_ms(case_ms("generated/memplan-shared-objects/%d" % n)),
            "%.0fk" % (rate / 1e3) if rate else "-"))
    out.append("""## The passes

`memplan-pass-benchmark` runs each pass on a fresh clone of a parsed module
(the clone is not timed, nor is the verifier, for any pass), with greedy-size
unless said otherwise. The generated functions come from
`memplan-solve --generate=N --generate-as=mlir`: one `memref.alloc`, store
and load per buffer, with the lifetimes of the generated problem.

%s
""" % "\n".join(lines))

    lines = ["| model | one-shot-bufferize | memplan-offsets | share | memplan-shared-objects | share | memplan-offsets (best) | share |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for model in BUDDY:
        bufferize = case_ms("buddy/%s/one-shot-bufferize" % model)
        cells = [fmt_ms(bufferize)]
        for suffix in ["memplan-offsets", "memplan-shared-objects", "memplan-offsets-best"]:
            value = case_ms("buddy/%s/%s" % (model, suffix))
            cells += [fmt_ms(value), "%.1f%%" % (100 * value / bufferize)]
        lines.append("| %s | %s |" % (model, " | ".join(cells)))
    out.append("""### Against one-shot-bufferize on the buddy models, steady state

The same benchmark binary bufferizes each buddy model (after
`--convert-elementwise-to-linalg --canonicalize --cse`, as
`scripts/plan-model.sh` does) and plans the bufferized model; times in ms,
share = the pass's time over one-shot-bufferize's. `best`, the passes'
default, stops at the first plan that meets the lower bound, which counts
the alignment padding of every buffer below the highest live one; where
none does, mincost-flow's flow network (up to 1000 buffers) and the
searches of hill-climb and exact dominate it, up to its `time-limit` (2 s,
for the whole pass).

%s
""" % "\n".join(lines))

    lines = ["| model | one-shot-bufferize | memplan-offsets | share | one-shot-bufferize, unverified | memplan-offsets, unverified | share | memplan-shared-objects, unverified | share | memplan-offsets (best), unverified | share |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in timing_rows:
        cells = [fmt_ms(row["offsets"][0]), fmt_ms(row["offsets"][1]),
                 "%.1f%%" % (100 * row["offsets"][1] / row["offsets"][0]),
                 fmt_ms(row["offsets-unverified"][0])]
        for key in ["offsets-unverified", "objects", "best"]:
            bufferize, planned = row[key]
            cells += [fmt_ms(planned), "%.1f%%" % (100 * planned / bufferize)]
        lines.append("| %s | %s |" % (row["model"], " | ".join(cells)))
    out.append("""### In one memplan-opt run, with -mlir-timing

`memplan-opt MODEL %s --memplan-offsets=strategy=greedy-size -mlir-timing`
(and the same with the other passes), median wall times in ms of %d runs,
each pass's share taken against one-shot-bufferize of the same run.
`-mlir-timing` charges each pass with the verification of the whole module
that follows it: on the small resnet18_tosa, verifying its linalg ops takes
longer than planning them. The *unverified* columns add
`--verify-each=false`, which shows each pass's own cost, as the
steady-state table above does.

%s
""" % (" ".join("'%s'" % p if " " in p else p for p in BUFFERIZE), repetitions,
       "\n".join(lines)))

    lines = ["| function | memplan-offsets (greedy-size) | whole run | memplan-shared-objects | memplan-offsets (best) | whole run |",
             "|---|---:|---:|---:|---:|---:|"]
    for row in generated_rows:
        lines.append("| %dk allocations | %s | %s | %s | %s | %s |" % (
            row["n"] // 1000, fmt_ms(row["offsets"]), fmt_ms(row["offsets-total"]),
            fmt_ms(row["objects"]), fmt_ms(row["best"]), fmt_ms(row["best-total"])))
    out.append("""### Generated functions in memplan-opt

`memplan-solve --generate=N --generate-as=mlir -o g.mlir` then
`memplan-opt g.mlir --memplan-offsets=strategy=greedy-size -mlir-timing`;
median wall times in ms. The whole run includes parsing and printing the
function, which cost more than planning it.

%s
""" % "\n".join(lines))

    lines = ["| memplan-solve on 1M buffers | peak resident memory |", "|---|---:|"]
    for name, rss in memory_rows:
        lines.append("| %s | %.0f MiB |" % (name, rss / float(1 << 20)))
    out.append("""## Memory

Peak resident memory of the whole `memplan-solve` process (reading the
26 MB CSV, checking the problem, planning, validating the plan and writing
it to /dev/null) on the 1M-buffer problem, for every strategy that runs at
that size. Most of it is the tool's: it keeps the text of every field so
that the plan can be written with the input's own columns, and the first
row (naive, which plans in a few milliseconds) shows that share; a strategy
adds the difference.

%s
""" % "\n".join(lines))

    out += budget_sections(data.get("budget_rows", []))
    out += limits_at_scale_section(data.get("limits_at_scale", []))

    with open(output, "w") as page:
        page.write("\n".join(out))
    log("wrote %s and %s" % (output, svg))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--output", default=os.path.join(ROOT, "docs", "performance.md"))
    parser.add_argument("--render-only", action="store_true",
                        help="redraw the page and plot from the kept figures, "
                             "docs/performance.json, without measuring")
    args = parser.parse_args()
    raw = os.path.join(os.path.dirname(args.output), "performance.json")
    if args.render_only:
        data = json.load(open(raw))
    else:
        data = measure(args)
        with open(raw, "w") as out:
            # In the order measured, which --render-only keeps for the rows.
            json.dump(data, out, indent=1)
    render(data, args.output)


if __name__ == "__main__":
    main()
