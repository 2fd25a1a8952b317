#!/usr/bin/env python3
"""Differential fuzzing of memplan's passes against unplanned programs.

For each seed, fuzz/generate_program.py writes a random memref program. Every
strategy of memplan-offsets and memplan-shared-objects plans it, under the
slab placements alloc, global and argument (in turn from seed to seed, or all
three with --all-slabs). memplan-variants merges the unplanned program and
every planned copy into one module, which is lowered once and run once with
mlir-runner; each copy's printed checksums must equal the unplanned ones. The
report of every plan is checked by scripts/check-report.py as well (no two
live buffers share a byte, every offset is aligned).

A difference, a failed plan, an invalid report or a crash is re-run on its own
with memplan-opt, and a reproducer is written to --failures: the program, the
options, the expected and actual output, a script that reproduces it and
(with --reduce) a reduced program from mlir-reduce.

Exit status: 0 when every seed agreed, 1 when something differed, 2 on a
usage error or a broken tool chain (the unplanned program does not run).
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import generate_program

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSES = ("memplan-offsets", "memplan-shared-objects")
SCHEDULE_ORDERS = ("best", "list", "dfs", "exact")
SLABS = ("alloc", "global", "argument")
# The passes' alignment option: the default (16) and two smaller ones, under
# which only what a buffer's own uses ask (its element type, its accesses'
# alignment attributes, its callees' views) keeps it aligned.
ALIGNMENTS = (16, 8, 1)
LOWERING = ["--convert-linalg-to-loops", "--expand-strided-metadata",
            "--lower-affine", "--convert-scf-to-cf", "--convert-math-to-llvm",
            "--convert-math-to-libm", "--convert-to-llvm",
            "--reconcile-unrealized-casts"]
# With --threads, parallel loops run on OpenMP threads. The memref ops are
# lowered before the loops in their bodies: scf-to-openmp puts each body in a
# memref.alloca_scope, which must keep a single block.
OPENMP_LOWERING = ["--scf-forall-to-parallel", "--convert-scf-to-openmp",
                   "--convert-linalg-to-loops", "--expand-strided-metadata",
                   "--lower-affine", "--finalize-memref-to-llvm",
                   "--convert-scf-to-cf", "--convert-math-to-llvm",
                   "--convert-math-to-libm", "--convert-to-llvm",
                   "--reconcile-unrealized-casts"]
# Programs with async.execute or async.func: the async runtime's lowering
# first, then a JIT at -O3, which lowers the coroutines it makes.
ASYNC_LOWERING = ["--async-func-to-async-runtime", "--async-to-async-runtime",
                  "--async-runtime-ref-counting",
                  "--async-runtime-ref-counting-opt", "--convert-async-to-llvm"]
MARKER = "@@ variant "
# printMemref prints where the data lies ("base@ = 0x7f..."), which differs
# from run to run and between planned and unplanned copies: it is not
# compared.
ADDRESS = re.compile(r"base@ = 0x[0-9a-fA-F]+")
def uses_async(text):
    """Whether a program needs the async runtime's lowering."""
    return "async.execute" in text or "async.func" in text


# --program: check these files instead of generated programs; seed N is the
# Nth file.
PROGRAMS = []


# Set by main: the mlir-opt that runs upstream_passes.
UPSTREAM_MLIR_OPT = []

# Set by main: whether the parallel loops run through OpenMP (--threads),
# which the generator must know (see generate_program's --openmp).
GENERATOR_OPTIONS = {"openmp": False}


def upstream_passes(seed, text):
    """The upstream passes a generated program goes through before it is
    planned, as pipelines hand memplan their output, by seed: one seed of
    four is lowered to blocks (-lower-affine -convert-scf-to-cf: an
    affine.for must become an scf.for first, as its body must stay one
    block; parallel loops become sequential there), one of eight has its allocations hoisted
    (-buffer-hoisting, -buffer-loop-hoisting, which expect a program without
    frees: its memref.deallocs are dropped first, as a pipeline would free
    after hoisting) and one of eight has its small
    buffers promoted to allocas (-promote-buffers-to-stack). Not for
    programs with async.execute or async.func, whose regions must keep one
    block and whose buffers must stay on the heap."""
    if uses_async(text):
        return []
    if seed % 4 == 2:
        return ["--lower-affine", "--convert-scf-to-cf"]
    if seed % 8 == 3:
        return ["--buffer-hoisting", "--buffer-loop-hoisting"]
    if seed % 8 == 7:
        return ["--promote-buffers-to-stack"]
    return []


def program_source(seed):
    if PROGRAMS:
        with open(PROGRAMS[seed - 1]) as f:
            return f.read()
    text = generate_program.generate(seed, **GENERATOR_OPTIONS)
    passes = upstream_passes(seed, text)
    if "--buffer-hoisting" in passes:
        text = re.sub(r"^\s*memref\.dealloc .*\n", "", text, flags=re.M)
    if passes:
        text = subprocess.run(UPSTREAM_MLIR_OPT + passes, input=text,
                              capture_output=True, text=True, check=True).stdout
    return text


def load_report_checker():
    path = os.path.join(ROOT, "scripts", "check-report.py")
    spec = importlib.util.spec_from_file_location("check_report", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_report = load_report_checker()


class Tools:
    def __init__(self, args):
        self.memplan_opt = os.path.join(args.memplan_bin, "memplan-opt")
        self.variants = os.path.join(args.memplan_bin, "memplan-variants")
        self.mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
        self.runner = os.path.join(args.llvm_bin, "mlir-runner")
        self.reducer = os.path.join(args.llvm_bin, "mlir-reduce")
        libs = os.path.join(os.path.dirname(args.llvm_bin), "lib")
        shared_libs = ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"]
        self.lowering = LOWERING
        self.env = None
        if args.threads:
            self.lowering = OPENMP_LOWERING
            shared_libs.append("libomp.so")
            self.env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
        self.run_command = [
            self.runner, "-e", "main", "-entry-point-result=void",
            "-shared-libs=" + ",".join(os.path.join(libs, lib) for lib in shared_libs)]
        self.async_run_command = self.run_command[:-1] + [
            "-O3", "-shared-libs=" + ",".join(
                os.path.join(libs, lib)
                for lib in shared_libs + ["libmlir_async_runtime.so"])]
        # Races show on some runs only: each program runs this many times and
        # its output is that of every run.
        self.repeat = args.repeat
        self.timeout = args.timeout
        self.time_limit = args.time_limit

    def call(self, command, stdin=None, env=None):
        try:
            return subprocess.run(command, input=stdin, capture_output=True,
                                  text=True, timeout=self.timeout, env=env)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(command, -1, "", "timed out")

    def execute(self, program_file):
        """Lowers and runs a program: (ok, output, error text)."""
        lowering, run_command = self.commands_for(program_file)
        lowered = self.call([self.mlir_opt, program_file] + lowering)
        if lowered.returncode != 0:
            return False, "", "lowering failed: " + lowered.stderr[-2000:]
        output = ""
        for _ in range(self.repeat):
            ran = self.call(run_command, stdin=lowered.stdout, env=self.env)
            output += ADDRESS.sub("base@", ran.stdout)
            if ran.returncode != 0:
                return False, output, "run failed (exit %d): %s" % (
                    ran.returncode, ran.stderr[-2000:])
        return True, output, ""

    def commands_for(self, program_file):
        """The lowering and the run command for a program."""
        with open(program_file) as f:
            if uses_async(f.read()):
                return ASYNC_LOWERING + self.lowering, self.async_run_command
        return self.lowering, self.run_command

    def strategies(self, pass_name):
        """The pass's strategies, as its own error message lists them."""
        probe = self.call([self.memplan_opt, "--pass-pipeline=builtin.module(%s{strategy=?})"
                           % pass_name], stdin="")
        marker = "valid strategies are: "
        for line in probe.stderr.splitlines():
            if marker in line:
                return line.split(marker, 1)[1].strip().split(", ")
        raise SystemExit("cannot list the strategies of %s: %s" % (pass_name, probe.stderr))


class Config:
    """One way to plan: a pass, a strategy, a slab placement and an
    alignment option, or an external planner command."""

    def __init__(self, pass_name, strategy, slab, time_limit, external=None,
                 schedule=None, alignment=ALIGNMENTS[0], extra=""):
        self.pass_name, self.strategy, self.slab = pass_name, strategy, slab
        self.alignment = alignment
        # More options of the planning pass, such as arenas.
        self.extra = extra
        self.time_limit = time_limit
        self.external = external
        # An order strategy of memplan-schedule to run first, or None.
        self.schedule = schedule

    @property
    def label(self):
        if self.external:
            return "external"
        label = "%s/%s/%s/align%d" % (self.pass_name, self.strategy, self.slab,
                                      self.alignment)
        if self.schedule:
            label = "memplan-schedule/%s+%s" % (self.schedule, label)
        if self.extra:
            label += "/" + self.extra.replace(" ", "/")
        return label

    def pipeline(self, report=None):
        options = "strategy=%s slab=%s alignment=%d time-limit=%g" % (
            self.strategy, self.slab, self.alignment, self.time_limit)
        if self.extra:
            options += " " + self.extra
        if report:
            options += " report=" + report
        planning = "%s{%s}" % (self.pass_name, options)
        if self.schedule:
            return "memplan-schedule{order=%s time-limit=%g},%s" % (
                self.schedule, self.time_limit, planning)
        return planning


def configs_for_seed(seed, strategies, args):
    configs = []
    index = turn = 0
    for pass_name in PASSES:
        for strategy in strategies[pass_name]:
            slabs = SLABS if args.all_slabs else [SLABS[(seed + index) % len(SLABS)]]
            for slab in slabs:
                # The alignment options take turns as well, from configuration
                # to configuration, starting one further every third seed, so
                # that each strategy and slab placement meets all three
                # within nine seeds.
                alignment = ALIGNMENTS[(seed // len(SLABS) + turn) % len(ALIGNMENTS)]
                configs.append(Config(pass_name, strategy, slab, args.time_limit,
                                      alignment=alignment))
                turn += 1
            index += 1
    # Each seed is also reordered by memplan-schedule (an order strategy by
    # seed) before its first configuration plans it.
    if configs:
        first = configs[0]
        configs.append(Config(first.pass_name, first.strategy, first.slab,
                              args.time_limit, alignment=first.alignment,
                              schedule=SCHEDULE_ORDERS[seed % len(SCHEDULE_ORDERS)]))
    # And planned into a small fast arena and an unbounded slow one (the
    # fast arena's capacity by seed, 64 bytes to 1 KiB), the placement by
    # seed: buffers of one function in two slabs, chosen by traffic.
    offsets = [c for c in configs if c.pass_name == "memplan-offsets" and not c.schedule]
    if offsets:
        first = offsets[seed % len(offsets)]
        configs.append(Config(first.pass_name, first.strategy,
                              SLABS[seed % len(SLABS)], args.time_limit,
                              alignment=first.alignment,
                              extra="arenas=fast:%d,slow" % (64 << (seed % 5))))
    if args.external:
        configs.append(Config(None, None, None, 0, external=args.external))
    return configs


class Finding:
    def __init__(self, seed, config, kind, message, expected="", actual=""):
        self.seed, self.config, self.kind, self.message = seed, config, kind, message
        self.expected, self.actual = expected, actual


def split_variants(output):
    sections, current = {}, None
    for line in output.splitlines(keepends=True):
        if line.startswith(MARKER):
            current = int(line[len(MARKER):])
            sections.setdefault(current, "")
        elif current is not None:
            sections[current] += line
    return sections


def validate_report(path, tally=None):
    """The first problem of a plan's report, or None; adds how many buffers
    were planned or left alone (by reason) to `tally`."""
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
        check_report.check_report(report)
    except (OSError, ValueError, check_report.ReportError) as error:
        return str(error)
    if tally is not None:
        for function in report["functions"]:
            for buffer in function["buffers"]:
                key = buffer["status"]
                if key == "left-alone":
                    key += ": " + buffer["left-alone"]["kind"]
                tally[key] = tally.get(key, 0) + 1
    return None


def plan_alone(tools, config, program, planned, report=None):
    """Plans with one configuration by itself: (ok, error text)."""
    if config.external:
        result = tools.call(shlex.split(config.external) + [program, planned])
    else:
        result = tools.call([tools.memplan_opt, program, "-o", planned,
                             "--pass-pipeline=builtin.module(%s)" % config.pipeline(report)])
    if result.returncode != 0:
        return False, "planning failed (exit %d): %s" % (result.returncode, result.stderr[-2000:])
    return True, ""


def recheck_alone(tools, seed, config, program, expected, work):
    """Plans and runs one configuration by itself; a Finding or None."""
    planned = os.path.join(work, "planned.mlir")
    report = os.path.join(work, "report.json") if not config.external else None
    ok, error = plan_alone(tools, config, program, planned, report)
    if not ok:
        kind = "crash" if "exit -" in error or "Stack dump" in error else "plan-error"
        return Finding(seed, config, kind, error)
    if report:
        problem = validate_report(report)
        if problem:
            return Finding(seed, config, "invalid-plan", problem)
    ok, actual, error = tools.execute(planned)
    if not ok:
        return Finding(seed, config, "run-failed", error, expected, actual)
    if actual != expected:
        return Finding(seed, config, "mismatch", "output differs", expected, actual)
    return None


def check_seed(tools, seed, configs, work_root):
    """Every configuration of one seed: (findings, error of the unplanned run,
    buffers of the plans by status)."""
    work = tempfile.mkdtemp(prefix="seed-%d-" % seed, dir=work_root)
    try:
        return check_seed_in(tools, seed, configs, work)
    finally:
        # A long soak would otherwise keep gigabytes; reproducers are
        # written from the seed, not from here.
        shutil.rmtree(work, ignore_errors=True)


def check_seed_in(tools, seed, configs, work):
    tally = {}
    program = os.path.join(work, "program.mlir")
    with open(program, "w") as f:
        f.write(program_source(seed))

    internal = [c for c in configs if not c.external]
    reports = [os.path.join(work, "v%d.json" % (i + 1)) for i in range(len(internal))]
    command = [tools.variants, program, "-o", os.path.join(work, "all.mlir")]
    command += ["--pipeline=" + c.pipeline(r) for c, r in zip(internal, reports)]
    externals = [c for c in configs if c.external]
    for i, config in enumerate(externals):
        planned = os.path.join(work, "external-%d.mlir" % i)
        ok, error = plan_alone(tools, config, program, planned)
        if not ok:
            return [Finding(seed, config, "plan-error", error)], None, tally
        command.append("--planned=" + planned)
    merged = tools.call(command)

    fast = merged.returncode in (0, 3)
    if fast:
        ok, output, error = tools.execute(os.path.join(work, "all.mlir"))
        fast = ok
    if fast:
        sections = split_variants(output)
        expected = sections.get(0)
        status = {}
        for line in merged.stderr.splitlines():
            if line.startswith("variant ") and ": " in line:
                number, what = line[len("variant "):].split(": ", 1)
                status[int(number)] = what
        suspects = []
        for number, config in enumerate(internal + externals, start=1):
            what, runs_as = status.get(number), number
            if what and what.startswith("same as "):
                # memplan-variants ran the identical copy once.
                what, runs_as = "ok", int(what[len("same as "):])
            if what != "ok" or sections.get(runs_as) != expected:
                suspects.append(config)
            elif not config.external:
                if validate_report(reports[number - 1], tally):
                    suspects.append(config)
    else:
        suspects = list(configs)

    # Everything suspect is checked again on its own, which is also what a
    # reproducer records; the merged run is only the fast path.
    if not suspects:
        return [], None, tally
    ok, expected, error = tools.execute(program)
    if not ok:
        return [], "the unplanned program did not run: " + error, tally
    findings = []
    for config in suspects:
        alone = tempfile.mkdtemp(prefix="alone-", dir=work)
        finding = recheck_alone(tools, seed, config, program, expected, alone)
        if finding:
            findings.append(finding)
        elif fast:
            findings.append(Finding(seed, config, "merged-only",
                                    "differed only inside the merged module"))
    return findings, None, tally


INTERESTING = """#!/bin/sh
# mlir-reduce's test: exit 1 (interesting) while the unplanned program runs
# and the planned one prints something else, fails or is not planned.
in="$1"
expected=$(%(lower)s "$in" | %(run)s 2>/dev/null) || exit 0
%(plan)s 2>/dev/null || exit 1
actual=$(%(lower)s "$in.planned" | %(run)s 2>/dev/null) || exit 1
# printMemref's data addresses are not compared.
address='s/base@ = 0x[0-9a-fA-F]*/base@/'
expected=$(printf '%%s\\n' "$expected" | sed -e "$address")
actual=$(printf '%%s\\n' "$actual" | sed -e "$address")
[ "$expected" = "$actual" ] && exit 0
exit 1
"""


def plan_command(tools, config, source, target):
    """The shell command that plans `source` into `target`."""
    if config.external:
        return "%s %s %s" % (config.external, source, target)
    return "%s %s -o %s --pass-pipeline=%s" % (
        shlex.quote(tools.memplan_opt), source, target,
        shlex.quote("builtin.module(%s)" % config.pipeline()))


def write_reproducer(tools, finding, failures, reduce):
    name = "seed-%d-%s" % (finding.seed, finding.config.label.replace("/", "-"))
    folder = os.path.join(failures, name)
    os.makedirs(folder, exist_ok=True)
    program = os.path.join(folder, "program.mlir")
    with open(program, "w") as f:
        f.write(program_source(finding.seed))
    for file, text in (("expected.txt", finding.expected), ("actual.txt", finding.actual)):
        with open(os.path.join(folder, file), "w") as f:
            f.write(text)
    lowering, run_command = tools.commands_for(program)
    lower = " ".join([shlex.quote(tools.mlir_opt)] + lowering)
    run = " ".join(shlex.quote(part) for part in run_command)
    if tools.env:
        run = "OMP_NUM_THREADS=%s %s" % (tools.env["OMP_NUM_THREADS"], run)
    with open(os.path.join(folder, "info.txt"), "w") as f:
        f.write("seed: %d\nconfiguration: %s\nkind: %s\nmessage: %s\n"
                % (finding.seed, finding.config.label, finding.kind, finding.message))
        f.write("reproduce: sh reproduce.sh\n")
    with open(os.path.join(folder, "reproduce.sh"), "w") as f:
        f.write("#!/bin/sh\n# Plans, lowers and runs program.mlir; compare with expected.txt.\n")
        f.write("cd \"$(dirname \"$0\")\"\n")
        f.write("%s\n%s planned.mlir | %s\n" % (
            plan_command(tools, finding.config, "program.mlir", "planned.mlir"), lower, run))
    script = os.path.join(folder, "interesting.sh")
    with open(script, "w") as f:
        f.write(INTERESTING % {"lower": lower, "run": run, "plan": plan_command(
            tools, finding.config, '"$in"', '"$in.planned"')})
    os.chmod(script, 0o755)
    if reduce:
        reduced = os.path.join(folder, "reduced.mlir")
        tools.call([tools.reducer, program, "-o", reduced,
                    "--reduction-tree=traversal-mode=0 test=%s" % script])
    return folder


def split_label(label):
    """(pass, strategy, slab, alignment) of a configuration's label; the pass
    of a reordered copy is "memplan-schedule/ORDER+PASS", that of one with
    more options "PASS[OPTIONS]"."""
    schedule, _, planning = label.rpartition("+")
    pass_name, strategy, slab, alignment, *extra = planning.split("/")
    if schedule:
        pass_name = schedule + "+" + pass_name
    if extra:
        pass_name += "[" + " ".join(extra) + "]"
    return pass_name, strategy, slab, int(alignment[len("align"):])


def summarize(results, configs_seen, findings, errors, seconds, args):
    by_config, by_slab, by_alignment = {}, {}, {}
    for label in configs_seen:
        by_config[label] = configs_seen[label]
        if label != "external":
            _, _, slab, alignment = split_label(label)
            by_slab[slab] = by_slab.get(slab, 0) + configs_seen[label]
            by_alignment[alignment] = by_alignment.get(alignment, 0) + configs_seen[label]
    return {
        "seeds": results,
        "first_seed": args.first,
        "last_seed": args.first + args.count - 1,
        "all_slabs": args.all_slabs,
        "time_limit": args.time_limit,
        "checks": sum(configs_seen.values()),
        "differences": len(findings),
        "broken_programs": len(errors),
        "seconds": round(seconds, 1),
        "per_configuration": by_config,
        "per_slab": by_slab,
        "per_alignment": dict(sorted(by_alignment.items(), reverse=True)),
        "findings": [{"seed": f.seed, "configuration": f.config.label,
                      "kind": f.kind, "message": f.message[:500]} for f in findings],
        "errors": errors[:20],
    }


def source_commit():
    """The commit of the checkout being fuzzed, as git names it."""
    described = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                               capture_output=True, text=True)
    return described.stdout.strip() or "unknown"


def write_record(path, summary, command):
    """The soak's results as Markdown, for docs/."""
    strategies = {}
    for label, count in summary["per_configuration"].items():
        if label == "external":
            continue
        pass_name, strategy, slab, _ = split_label(label)
        slabs = strategies.setdefault((pass_name, strategy), {})
        slabs[slab] = slabs.get(slab, 0) + count
    lines = [
        "<!-- Written by fuzz/differential.py --record; do not edit. -->",
        "# Differential fuzzing: last soak",
        "",
        "Command: `%s`, at commit %s." % (command, summary.get("commit", "unknown")),
        "",
        "- Seeds %d to %d: %d programs, %d planned copies checked against the "
        "unplanned run, in %.0f s." % (summary["first_seed"], summary["last_seed"],
                                       summary["seeds"], summary["checks"],
                                       summary["seconds"]),
        "- Differences: **%d**. Programs the tool chain could not run: %d." % (
            summary["differences"], summary["broken_programs"]),
        "- Buffers in the checked plans: %s." % ", ".join(
            "%s %d" % item for item in summary["buffers"].items()),
        "- Planned copies per slab placement (the strategies of a seed take "
        "turns, so every seed meets all three): %s." % ", ".join(
            "%s %d" % (slab, summary["per_slab"][slab]) for slab in sorted(summary["per_slab"])),
        "- Planned copies per alignment option (they take turns too): %s." % ", ".join(
            "alignment=%s %d" % item for item in summary["per_alignment"].items()),
        "",
        "Seeds per strategy and slab placement:",
        "",
        "| pass | strategy | alloc | global | argument | all |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for (pass_name, strategy), slabs in sorted(strategies.items()):
        lines.append("| %s | %s | %d | %d | %d | %d |" % (
            pass_name, strategy, slabs.get("alloc", 0), slabs.get("global", 0),
            slabs.get("argument", 0), sum(slabs.values())))
    for finding in summary["findings"]:
        lines.append("- seed %d, %s: %s (%s)" % (finding["seed"], finding["configuration"],
                                              finding["kind"], finding["message"][:200]))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1, help="first seed")
    parser.add_argument("--count", type=int, default=100, help="number of seeds")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--all-slabs", action="store_true",
                        help="every strategy under every slab placement for every seed "
                             "(default: the placements take turns)")
    parser.add_argument("--time-limit", type=float, default=0.05,
                        help="time-limit option of the searching strategies (s)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds any one command may take")
    parser.add_argument("--memplan-bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    parser.add_argument("--failures", default="fuzz-failures",
                        help="folder for the reproducers")
    parser.add_argument("--reduce", action="store_true",
                        help="reduce every reproducer with mlir-reduce")
    parser.add_argument("--external",
                        help="also check this planner: a command given PROGRAM OUTPUT")
    parser.add_argument("--only-external", action="store_true",
                        help="check --external alone, not memplan's strategies")
    parser.add_argument("--program", action="append", default=[],
                        help="check this program instead of generated ones (repeatable; "
                             "seed N is the Nth)")
    parser.add_argument("--threads", type=int, default=0,
                        help="lower parallel loops to OpenMP and run them on this many "
                             "threads (0: sequential, without OpenMP)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run each program this many times; every run must agree")
    parser.add_argument("--summary", help="write the results as JSON here")
    parser.add_argument("--record", help="write the results as Markdown here (docs/)")
    args = parser.parse_args(argv)
    if args.only_external and not args.external:
        parser.error("--only-external needs --external")

    if args.program:
        PROGRAMS.extend(os.path.abspath(p) for p in args.program)
        args.first, args.count = 1, len(args.program)
    tools = Tools(args)
    UPSTREAM_MLIR_OPT.append(tools.mlir_opt)
    GENERATOR_OPTIONS["openmp"] = bool(args.threads)
    # Taken now: the checkout may move on during a long soak.
    commit = source_commit()
    strategies = {p: ([] if args.only_external else tools.strategies(p)) for p in PASSES}
    configs_seen, findings, errors, tally = {}, [], [], {}
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="memplan-fuzz-") as work_root, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {}
        for seed in range(args.first, args.first + args.count):
            configs = configs_for_seed(seed, strategies, args)
            for config in configs:
                configs_seen[config.label] = configs_seen.get(config.label, 0) + 1
            jobs[pool.submit(check_seed, tools, seed, configs, work_root)] = seed
        done = 0
        for future in concurrent.futures.as_completed(jobs):
            seed = jobs[future]
            seed_findings, error, seed_tally = future.result()
            for key, count in seed_tally.items():
                tally[key] = tally.get(key, 0) + count
            done += 1
            if error:
                errors.append({"seed": seed, "error": error[:1000]})
                print("seed %d: %s" % (seed, error.splitlines()[0]), file=sys.stderr)
            for finding in seed_findings:
                folder = write_reproducer(tools, finding, args.failures, args.reduce)
                print("seed %d: %s: %s: %s (reproducer: %s)" % (
                    seed, finding.config.label, finding.kind,
                    finding.message.splitlines()[0] if finding.message else "", folder),
                    file=sys.stderr)
            findings += seed_findings
            if done % 100 == 0:
                print("%d/%d seeds, %d differences, %.0f s" % (
                    done, args.count, len(findings), time.monotonic() - start),
                    file=sys.stderr)
    summary = summarize(args.count, configs_seen, findings, errors,
                        time.monotonic() - start, args)
    summary["buffers"] = dict(sorted(tally.items()))
    summary["commit"] = commit
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f, indent=1)
    if args.record:
        write_record(args.record, summary, "fuzz/differential.py " + " ".join(argv))
    print("%d seeds, %d planned copies checked, %d differences, %d broken programs, %.0f s"
          % (args.count, summary["checks"], len(findings), len(errors), summary["seconds"]))
    if errors:
        return 2
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
