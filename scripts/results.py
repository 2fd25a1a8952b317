#!/usr/bin/env python3
"""Runs memplan-solve on every benchmark problem and writes docs/results.md.

Usage: scripts/results.py [--solver build/bin/memplan-solve]
                          [--time-limit SECONDS] [--output docs/results.md]
                          [--exact-time-limit SECONDS]
                          [--exact-open-time-limit SECONDS] [--only-exact]

The strategies are discovered from `memplan-solve --strategy=all`, so the
page covers whatever the registry holds when it runs. The objects mode is
included when memplan-solve has it. Python standard library only.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBLEMS = os.path.join(ROOT, "benchmarks", "problems")
MIB = float(1 << 20)

# Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
# Inference", in MiB (the paper says MB; its figures match the problems in
# MiB, see benchmarks/problems/README.md). Only the networks both share.
PAPER_NETWORKS = ["mobilenet_v1", "mobilenet_v2", "inception_v3"]
PAPER_TABLE2 = {  # offset calculation
    "Greedy by Size": [4.594, 5.742, 7.914],
    "Greedy by Breadth": [4.594, 5.742, 7.914],
    "Greedy (Lee et al. 2019)": [6.125, 6.508, 10.624],
    "Strip Packing (Sekiyama et al. 2018)": [4.594, 6.029, 7.914],
    "Lower Bound": [4.594, 5.742, 7.914],
    "Naive": [19.248, 26.313, 54.010],
}
PAPER_TABLE1 = {  # shared objects
    "Greedy by Size": [4.594, 7.178, 10.337],
    "Greedy by Size Improved": [4.594, 6.891, 10.337],
    "Greedy by Breadth": [6.125, 6.699, 10.676],
    "Greedy (Lee et al. 2019)": [4.594, 8.039, 12.703],
    "Min-cost Flow (Lee et al. 2019)": [5.359, 7.513, 10.624],
    "Lower Bound": [4.594, 6.604, 8.955],
    "Naive": [19.248, 26.313, 54.010],
}


def minimalloc_best_known(column="best known slab", convert=int):
    """A column of the MiniMalloc suite's table in the README, by instance:
    by default the best known slabs."""
    best = {}
    with open(os.path.join(PROBLEMS, "README.md")) as readme:
        lines = readme.read().splitlines()
    header = None
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if column in cells:
            header = cells
            continue
        if header and len(cells) == len(header) and re.fullmatch(r"[A-Z]", cells[0]):
            best[cells[0]] = convert(cells[header.index(column)])
        elif header and not line.startswith("|"):
            header = None
    return best


class Unavailable(Exception):
    """The mode is not built into this memplan-solve."""


def run_all(solver, path, mode, time_limit):
    """Runs every strategy of `mode` on `path`; returns (rows, lower, naive).

    rows: [(strategy, bytes, seconds, details)] in registry order."""
    command = [solver, "--strategy=all", "--mode=" + mode, path]
    if time_limit is not None:
        command.append("--time-limit=%g" % time_limit)
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 2 and "mode" in result.stderr and path not in result.stderr:
        raise Unavailable(result.stderr.strip())
    if result.returncode != 0:
        sys.exit("%s failed (exit %d):\n%s" % (" ".join(command), result.returncode, result.stderr))
    lines = result.stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("strategy "))
    rows, lower, naive = [], None, None
    for line in lines[start + 1 :]:
        # Columns are two spaces apart: name, bytes, ratio[, time ms[, details]].
        cells = re.split(r" {2,}", line.strip())
        if len(cells) < 3:
            continue
        name, value = cells[0], int(cells[1])
        if name == "(lower bound)":
            lower = value
        elif name == "(naive)":
            naive = value
        else:
            seconds = float(cells[3]) / 1000 if len(cells) > 3 else 0.0
            details = cells[4] if len(cells) > 4 else ""
            rows.append((name, value, seconds, details))
    return rows, lower, naive


def ratio(value, reference):
    if not reference:
        return "—"
    return "%.3f" % (value / reference)


def problem_files():
    suites = []
    for suite in sorted(os.listdir(PROBLEMS)):
        directory = os.path.join(PROBLEMS, suite)
        if not os.path.isdir(directory):
            continue
        files = sorted(f for f in os.listdir(directory) if f.endswith(".csv"))
        suites.append((suite, [os.path.join(directory, f) for f in files]))
    return suites


def best_known_of(suite, name, rows, lower, known):
    if suite == "minimalloc":
        return known.get(name.split(".")[0])
    # Elsewhere the lower bound is the best known figure once it is reached.
    if rows and min(row[1] for row in rows) == lower:
        return lower
    return None


def mode_section(out, solver, mode, label, time_limit, known):
    """Writes the results of one mode; returns {network: (rows, lower, naive)}
    for the paper networks, or None if the mode is not built in."""
    results = {}
    for suite, files in problem_files():
        for path in files:
            try:
                results[(suite, path)] = run_all(solver, path, mode, time_limit)
            except Unavailable:
                return None
    out.append("## %s mode\n" % mode.capitalize())
    for suite, files in problem_files():
        out.append("### `%s/`\n" % suite)
        out.append(
            "| problem | strategy | %s bytes | / lower bound | / best known | time ms | details |" % label
        )
        out.append("|---|---|---:|---:|---:|---:|---|")
        for path in files:
            rows, lower, naive = results[(suite, path)]
            name = os.path.basename(path)[: -len(".csv")]
            best = best_known_of(suite, name, rows, lower, known) if mode == "offsets" else None
            first = True
            for strategy, value, seconds, details in rows:
                out.append(
                    "| %s | %s | %d | %s | %s | %.3f | %s |"
                    % (
                        name if first else "",
                        strategy,
                        value,
                        ratio(value, lower),
                        ratio(value, best),
                        seconds * 1000,
                        details,
                    )
                )
                first = False
            out.append(
                "| | *lower bound* | %d | 1.000 | %s | | |" % (lower, ratio(lower, best))
            )
            out.append("| | *naive* | %d | %s | %s | | |" % (naive, ratio(naive, lower), ratio(naive, best)))
            out.append(
                "| | *best known* | %s | %s | %s | | |"
                % ((best, ratio(best, lower), "1.000") if best else ("—", "—", "—"))
            )
        out.append("")
    return {
        os.path.basename(path)[: -len(".csv")]: value
        for (suite, path), value in results.items()
        if suite == "paper"
    }


def paper_section(out, title, table, measured):
    """Paper figures beside memplan's, in MiB, for the shared networks."""
    out.append("### %s\n" % title)
    out.append("| | " + " | ".join(PAPER_NETWORKS) + " |")
    out.append("|---|" + "---:|" * len(PAPER_NETWORKS))
    for row, figures in table.items():
        out.append("| paper: %s | %s |" % (row, " | ".join("%.3f" % f for f in figures)))
    if measured is None:
        out.append("")
        out.append("This memplan-solve has no objects mode, so there is nothing to compare yet.\n")
        return
    strategies = [row[0] for row in measured[PAPER_NETWORKS[0]][0]]
    for strategy in strategies:
        cells = []
        for network in PAPER_NETWORKS:
            value = next(row[1] for row in measured[network][0] if row[0] == strategy)
            cells.append("%.3f" % (value / MIB))
        out.append("| memplan: %s | %s |" % (strategy, " | ".join(cells)))
    for label, index in (("lower bound", 1), ("naive", 2)):
        cells = ["%.3f" % (measured[n][index] / MIB) for n in PAPER_NETWORKS]
        out.append("| memplan: *%s* | %s |" % (label, " | ".join(cells)))
    out.append("")


def summary_fields(text):
    """The indented "name: value" lines of memplan-solve's summary, by name."""
    fields = {}
    for line in text.splitlines():
        match = re.match(r"\s+([a-z ]+):\s+(.*)", line)
        if match:
            fields[match.group(1)] = match.group(2)
    return fields


def run_exact(solver, path, time_limit):
    """Runs the exact strategy; returns (slab, live bound, proven lower bound,
    optimal, nodes, seconds, details)."""
    command = [solver, "--strategy=exact", "--time-limit=%g" % time_limit, path, "-o", os.devnull]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("%s failed (exit %d):\n%s" % (" ".join(command), result.returncode, result.stderr))
    fields = summary_fields(result.stderr)
    details = re.fullmatch(r"exact \((.*)\)", fields["strategy"]).group(1)
    slab = int(fields["slab"].split()[0])
    live = int(fields["lower bound"].split()[0])
    optimal = details.startswith("optimal")
    bound = slab if optimal else int(re.search(r"lower bound (\d+)", details).group(1))
    nodes = int(re.search(r"(\d+) nodes", details).group(1))
    seconds = float(fields["time"].split()[0]) / 1000
    return slab, live, bound, optimal, nodes, seconds, details


def exact_section(out, solver, limit, open_limit):
    """The exact strategy on every problem: slab, proof and time."""
    known = minimalloc_best_known()
    proven = minimalloc_best_known("proven optimal", str)
    minimalloc_seconds = minimalloc_best_known(
        "MiniMalloc: time to find a plan within 1,048,576", lambda cell: cell)
    out.append("## The exact strategy\n")
    out.append(
        "`memplan-solve --strategy=exact --time-limit=T` on every problem, with T = %g s, and\n"
        "%g s on the MiniMalloc instances whose optimum nobody has proven (D and J; their\n"
        "steps are cheaper than average, so that limit takes ten to eleven minutes of wall time\n"
        "there). The search stops by counted steps, so slabs, bounds and nodes are the same\n"
        "on every run; the times are wall-clock on the 2-core machine that generated the page.\n"
        "\"proven\" means the slab equals a proven lower bound: max-live, or higher when\n"
        "the search refuted smaller slabs. For MiniMalloc's own solver, the benchmarks'\n"
        "README gives the time to find a plan within 1,048,576 bytes on the same kind of\n"
        "machine (which for A, B, E-I and K is also the optimum).\n" % (limit, open_limit))
    for suite, files in problem_files():
        out.append("### `%s/`\n" % suite)
        header = "| problem | max-live bound | best known | exact slab | proven bound | status | nodes | time s |"
        if suite == "minimalloc":
            header += " MiniMalloc s |"
        out.append(header)
        out.append("|---" + "|---:" * (header.count("|") - 2) + "|")
        for path in files:
            name = os.path.basename(path)[: -len(".csv")]
            instance = name.split(".")[0]
            is_open = suite == "minimalloc" and proven.get(instance) == "no"
            slab, live, bound, optimal, nodes, seconds, details = run_exact(
                solver, path, open_limit if is_open else limit)
            best = known.get(instance) if suite == "minimalloc" else None
            status = "optimal" if optimal else "gap %.2f%%" % (100.0 * (slab - bound) / bound)
            cells = [name, str(live), str(best) if best else "—", str(slab), str(bound), status,
                     str(nodes), "%.2f" % seconds]
            if suite == "minimalloc":
                cells.append(minimalloc_seconds.get(instance, "—"))
            out.append("| " + " | ".join(cells) + " |")
            print("exact %s: %s" % (name, details), file=sys.stderr)
        out.append("")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solver", default=os.path.join(ROOT, "build", "bin", "memplan-solve"))
    parser.add_argument("--time-limit", type=float, default=None)
    parser.add_argument("--output", default=os.path.join(ROOT, "docs", "results.md"))
    parser.add_argument("--exact-time-limit", type=float, default=60,
                        help="limit of the exact section's runs (default 60 s)")
    parser.add_argument("--exact-open-time-limit", type=float, default=1000,
                        help="limit for instances whose optimum is not proven (default 1000 s, "
                        "ten to eleven minutes of wall time on D and J)")
    parser.add_argument("--only-exact", action="store_true",
                        help="write only the exact section (to try it quickly)")
    args = parser.parse_args()

    known = minimalloc_best_known()
    out = [
        "# memplan-solve on the benchmark problems",
        "",
        "Generated by `scripts/results.py` from `memplan-solve --strategy=all` on every",
        "file of `benchmarks/problems` (see its README for where they come from). Every",
        "plan passed the validator. Ratios are to the lower bound (largest sum of sizes",
        "live at once) and to the best known slab: for MiniMalloc's suite the figure in",
        "`benchmarks/problems/README.md`, for the networks the lower bound when some",
        "strategy reaches it (— otherwise). Times are wall-clock on the machine that",
        "generated the page and vary from run to run.",
        "",
    ]
    exact_section(out, args.solver, args.exact_time_limit, args.exact_open_time_limit)
    if args.only_exact:
        with open(args.output, "w") as page:
            page.write("\n".join(out).rstrip() + "\n")
        print("wrote %s" % args.output)
        return
    offsets = mode_section(out, args.solver, "offsets", "slab", args.time_limit, known)
    objects = mode_section(out, args.solver, "objects", "objects", args.time_limit, known)
    if objects is None:
        out.append("## Objects mode\n")
        out.append("This memplan-solve has no objects mode (no shared-objects strategies).\n")

    out.append("## Beside Pisarchyk & Lee\n")
    out.append(
        "Figures in MiB. The paper used TFLite's graphs; mobilenet_v1 and v2 here match its\n"
        "figures, torchvision's Inception v3 differs slightly.\n"
    )
    paper_section(out, "Offsets (paper's Table 2)", PAPER_TABLE2, offsets)
    paper_section(out, "Shared objects (paper's Table 1)", PAPER_TABLE1, objects)

    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w") as page:
        page.write("\n".join(out).rstrip() + "\n")
    print("wrote %s" % args.output)


if __name__ == "__main__":
    main()
