#!/usr/bin/env python3
"""Bufferize, plan, lower, run and compare the real network models in models/.

Subcommands (run `models.py SUBCOMMAND --help` for the options of each):

  bufferize MODEL.mlir -o OUT.mlir   linalg-on-tensors -> bufferized memrefs
  harness   BUF.mlir -o OUT.mlir     append a @main that feeds @forward and
                                     prints its result
  lower     IN.mlir -o OUT.mlir      lower a memref program to the LLVM dialect
  run       LOWERED.mlir             execute @main with mlir-runner
  e2e       MODEL.mlir               run a model unplanned and planned and
                                     compare the printed outputs
  table                              summarize every model in a markdown table

Tools (mlir-opt, mlir-runner, memplan-opt) are looked up on PATH, then in
/usr/lib/llvm-22/bin and build/bin of this repository; each can be overridden
with --mlir-opt, --mlir-runner and --memplan-opt.  Only the Python standard
library is used.
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import math
import os
import re
import shlex
import shutil
import tempfile
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
DEFAULT_MODEL_DIRS = [REPO_ROOT / "models" / "nelli", REPO_ROOT / "models" / "buddy"]
DEFAULT_COMPILE_TIMEOUT = 1800.0

BUFFERIZE_PASSES = [
    "--convert-elementwise-to-linalg",
    "--canonicalize",
    "--cse",
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--canonicalize",
    "--cse",
]

LOWER_PASSES = [
    "--convert-linalg-to-loops",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    # math.erf (GELU in ConvNeXt) has no LLVM intrinsic: turn the math ops
    # LLVM knows into intrinsics first, then the rest into libm calls.
    # (convert-math-to-libm alone would call the non-existent rsqrtf.)
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
]

RUNNER_LIBS = ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"]

# The JSON report the planning passes write with report=FILE (docs/report.md).
REPORT_SCHEMA = "memplan-report"
REPORT_VERSION = 1

# The planning passes memplan-opt has, by the name used on this command line.
PASSES = {"offsets": "memplan-offsets", "shared-objects": "memplan-shared-objects"}

# printMemrefF32 prints the buffer's address, which differs from run to run.
ADDRESS_RE = re.compile(r"base@ = 0x[0-9a-fA-F]+")


class ToolError(Exception):
    """A tool failed, timed out, or produced output we cannot use."""


class ToolTimeout(ToolError):
    """A tool ran longer than its time limit."""


# --------------------------------------------------------------------------
# Running tools


def find_tool(name, override=None):
    """Return the command for tool NAME: the override, PATH, or known dirs."""
    if override:
        found = shutil.which(override)
        if not found:
            raise ToolError(f"{name}: '{override}' is not an executable file or on PATH")
        return found
    found = shutil.which(name)
    if found:
        return found
    for directory in (LLVM_BIN, REPO_ROOT / "build" / "bin"):
        candidate = directory / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    raise ToolError(f"cannot find {name} on PATH, in {LLVM_BIN} or in build/bin; "
                    f"pass --{name} PATH")


class Tools:
    """The tools to run. Each is looked up on first use, so a subcommand only
    needs the tools it runs."""

    def __init__(self, mlir_opt=None, mlir_runner=None, memplan_opt=None,
                 lib_dir="/usr/lib/llvm-22/lib", compile_timeout=DEFAULT_COMPILE_TIMEOUT):
        self._overrides = {"mlir-opt": mlir_opt, "mlir-runner": mlir_runner,
                           "memplan-opt": memplan_opt}
        self._found = {}
        self._lib_dir = Path(lib_dir)
        self.compile_timeout = compile_timeout

    def _tool(self, name):
        if name not in self._found:
            self._found[name] = find_tool(name, self._overrides[name])
        return self._found[name]

    @property
    def mlir_opt(self):
        return self._tool("mlir-opt")

    @property
    def mlir_runner(self):
        return self._tool("mlir-runner")

    @property
    def memplan_opt(self):
        return self._tool("memplan-opt")

    @property
    def runner_libs(self):
        libs = [self._lib_dir / lib for lib in RUNNER_LIBS]
        for lib in libs:
            if not lib.is_file():
                raise ToolError(f"runtime library {lib} not found; pass --lib-dir")
        return libs


def tools_from_args(args):
    """Build a Tools record from the common command-line options."""
    return Tools(args.mlir_opt, args.mlir_runner, args.memplan_opt, args.lib_dir,
                 args.compile_timeout)


def stderr_tail(text, lines=15):
    tail = text.strip().splitlines()[-lines:]
    return "\n".join("    " + line for line in tail) if tail else "    (no stderr)"


def run_tool(cmd, what, timeout=None):
    """Run CMD; return (stdout, stderr). Raise ToolError with context on failure."""
    printable = " ".join(shlex.quote(str(part)) for part in cmd)
    try:
        proc = subprocess.run([str(part) for part in cmd], capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ToolTimeout(f"{what} timed out after {timeout:g} s: {printable}")
    except OSError as err:
        raise ToolError(f"{what} could not start: {printable}: {err}")
    if proc.returncode != 0:
        raise ToolError(f"{what} failed (exit code {proc.returncode}): {printable}\n"
                        f"  stderr tail:\n{stderr_tail(proc.stderr)}")
    return proc.stdout, proc.stderr


def write_generated(output, text, marker):
    """Writes TEXT, a generated document, to OUTPUT ("-": stdout). If OUTPUT
    already holds MARKER, what follows it there was written by hand and is
    kept after TEXT."""
    if output == "-":
        sys.stdout.write(text)
        return
    path = Path(output)
    old = path.read_text() if path.is_file() else ""
    if marker in old:
        text += "\n" + old[old.index(marker):]
    path.write_text(text)


def kib(value):
    """VALUE bytes in KiB, with one decimal and thousands separators."""
    return f"{value / 1024:,.1f}"


def markdown_rows(header, rows, cells_of):
    """A markdown table: HEADER, then a line per row of ROWS, its cells from
    cells_of(row), or for a row {"name", "error"} its name and the error.
    The first column is left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['name']} | fails: {row['error']} |" + " |" * (len(header) - 2))
        else:
            lines.append("| " + " | ".join(cells_of(row)) + " |")
    return lines


def add_input_arguments(parser, default_program):
    """The options of the scripts that measure every bundled model and some
    programs (scripts/schedule.py, scripts/lives.py): the tools, --models,
    --program (DEFAULT_PROGRAM when not given), --jobs and -o."""
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--memplan-opt", default=None)
    parser.add_argument("--mlir-opt", default=None)
    parser.add_argument("--models", default="",
                        help="comma-separated model names (default: every bundled model)")
    parser.add_argument("--program", action="append", default=None,
                        help=f"a memref program to include (default: {default_program.name})")
    parser.add_argument("--jobs", type=int, default=2)
    parser.set_defaults(default_program=default_program)


def measure_inputs(args, one_input, prefix):
    """Calls one_input(tools, name, program, where, args) for every input
    that add_input_arguments' options pick, ARGS.jobs at a time: PROGRAM is
    the input in memrefs (a model bufferized as bufferize() does, a program
    copied) in WHERE, a folder of its own; returns the rows, in input order.
    A tool that fails gives the row {"name", "error"}."""
    tools = Tools(mlir_opt=args.mlir_opt, memplan_opt=args.memplan_opt)
    inputs = []
    picked = set(filter(None, args.models.split(",")))
    for path in model_files(DEFAULT_MODEL_DIRS):
        if not picked or Path(path).stem in picked:
            inputs.append((Path(path).stem, path, True))
    for path in (args.program if args.program is not None else [args.default_program]):
        inputs.append((Path(path).stem, path, False))

    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        work = Path(tmp)

        def run(item):
            name, source, is_model = item
            where = work / name
            where.mkdir()
            program = where / "program.mlir"
            try:
                if is_model:
                    bufferize(tools, source, program)
                else:
                    program.write_text(Path(source).read_text())
                return one_input(tools, name, program, where, args)
            except ToolError as err:
                return {"name": name, "error": str(err).splitlines()[0][:100]}

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            return list(pool.map(run, inputs))


# --------------------------------------------------------------------------
# Pipeline steps


def bufferize(tools, model, out):
    run_tool([tools.mlir_opt, model, *BUFFERIZE_PASSES, "-o", out],
             f"bufferizing {model}", tools.compile_timeout)


def lower(tools, src, out):
    run_tool([tools.mlir_opt, src, *LOWER_PASSES, "-o", out],
             f"lowering {src}", tools.compile_timeout)


def runner_command(tools, lowered):
    libs = ",".join(str(lib) for lib in tools.runner_libs)
    return [tools.mlir_runner, "-e", "main", "-entry-point-result=void",
            f"-shared-libs={libs}", lowered]


def run_lowered(tools, lowered, timeout):
    """Execute @main of a lowered program; return its stdout."""
    stdout, _ = run_tool(runner_command(tools, lowered), f"running {lowered}", timeout)
    return stdout


def plan(tools, src, out, strategy, pass_name="offsets", schedule="keep", extra=()):
    """Run memplan-opt with a JSON report; return (summaries, seconds).

    The report is written next to OUT, as OUT with the suffix .report.json.
    EXTRA holds more KEY=VALUE options of the planning pass.
    """
    report = Path(out).with_suffix(".report.json")
    # A report left by an earlier run must not pass for this one's.
    report.unlink(missing_ok=True)
    option = f'--{PASSES[pass_name]}=strategy={strategy} report="{report}"'
    if schedule != "keep":
        option += f" schedule={schedule}"
    for extra_option in extra:
        option += f" {extra_option}"
    start = time.monotonic()
    _, stderr = run_tool([tools.memplan_opt, src, option, "-o", out],
                         f"planning {src} with {strategy}", tools.compile_timeout)
    seconds = time.monotonic() - start
    try:
        document = json.loads(report.read_text())
    except (OSError, ValueError) as err:
        raise ToolError(f"memplan-opt wrote no readable report {report} for {src}: {err}\n"
                        f"  stderr tail:\n{stderr_tail(stderr)}")
    summaries = summaries_from_report(document, str(report))
    if not summaries:
        raise ToolError(f"the report {report} of {src} has no function")
    return summaries, seconds


# --------------------------------------------------------------------------
# Planner figures, from the JSON report


@dataclass
class Summary:
    """One function's figures, or the sum over several."""
    func: str
    planned: int = 0
    total: int = 0
    left: int = 0
    left_by_reason: dict = field(default_factory=dict)
    slab: int = 0
    naive: int = 0
    lower: int = 0
    strategy: str = ""
    # Per arena name (the `arenas` option): [slab bytes, capacity or None],
    # summed over functions.
    arenas: dict = field(default_factory=dict)


def summaries_from_report(document, where):
    """One Summary per function of a report (docs/report.md): its buffers,
    those planned and those left alone by reason, and per memory space the
    slab (offsets) or the objects (shared objects), naive and lower bound
    bytes, summed over the spaces."""
    if (document.get("schema") != REPORT_SCHEMA
            or document.get("version") != REPORT_VERSION):
        raise ToolError(f"{where}: not a version {REPORT_VERSION} {REPORT_SCHEMA} "
                        f"(schema {document.get('schema')!r}, "
                        f"version {document.get('version')!r})")
    objects = document.get("pass") == "memplan-shared-objects"
    found = []
    try:
        for function in document["functions"]:
            # Each later life of a split buffer has an entry of its own.
            buffers = [buffer for buffer in function["buffers"]
                       if buffer.get("life", 0) == 0]
            reasons = collections.Counter(buffer["left-alone"]["kind"]
                                          for buffer in buffers
                                          if buffer["status"] == "left-alone")
            spaces = function["spaces"]
            arenas = {}
            for space in spaces:
                for arena in space.get("arenas", []):
                    entry = arenas.setdefault(arena["name"],
                                              [0, arena.get("capacity")])
                    entry[0] += arena["slab-bytes"]
            found.append(Summary(
                func=function["name"],
                planned=sum(buffer["status"] == "planned" for buffer in buffers),
                total=len(buffers),
                left=sum(reasons.values()),
                left_by_reason=dict(reasons),
                slab=sum(sum(space["object-bytes"]) if objects else space["slab-bytes"]
                         for space in spaces),
                naive=sum(space["naive"] for space in spaces),
                lower=sum(space["lower-bound"] for space in spaces),
                strategy=function["strategy"],
                arenas=arenas))
    except (KeyError, TypeError) as err:
        raise ToolError(f"{where}: malformed report: missing or bad field {err}")
    return found


def total_summary(summaries):
    """Sum SUMMARIES over functions."""
    total = Summary(func=",".join(s.func for s in summaries))
    reasons = collections.Counter()
    for s in summaries:
        total.planned += s.planned
        total.total += s.total
        total.left += s.left
        reasons.update(s.left_by_reason)
        total.slab += s.slab
        total.naive += s.naive
        total.lower += s.lower
        for name, (size, capacity) in s.arenas.items():
            entry = total.arenas.setdefault(name, [0, capacity])
            entry[0] += size
        total.strategy = s.strategy
    total.left_by_reason = dict(reasons)
    return total


# --------------------------------------------------------------------------
# Harness: a @main for a bufferized model
#
# The nelli models' weights are splat constants (dense<c>): every output
# channel computes the same value, and a ReLU after an all-negative filter
# zeroes a whole feature map, so the printed result is often a constant (the
# last bias) that no corrupted intermediate buffer can change. With
# --weights=varied (the default) the harness therefore turns every splat
# filter/matrix constant (rank >= 2, fan-in > 1) into a writable global that
# @main fills with a zero-mean pattern of variance 2/fan_in (He
# initialization) before it calls the model. Biases, batch-norm parameters and epsilons (rank 1, or
# Cx1x1) keep their published values. The buffers, ops and lifetimes the
# planner sees are unchanged; only the numbers flowing through them are.


MEMREF_F32_RE = re.compile(r"memref<((?:\d+x)*)f32>")
SPLAT_GLOBAL_RE = re.compile(
    r'^(?P<indent>\s*)memref\.global "private" constant @(?P<name>[\w$.-]+) : '
    r'memref<(?P<shape>(?:\d+x)+)f32> = dense<(?P<value>[-+0-9.eE]+)>(?P<rest>.*)$',
    re.MULTILINE)
SPLITMIX_GOLDEN = 0x9E3779B97F4A7C15
SPLITMIX_MUL1 = 0xBF58476D1CE4E5B9
SPLITMIX_MUL2 = 0x94D049BB133111EB
WEIGHT_CHOICES = ("varied", "published")


@dataclass
class MemrefType:
    shape: list

    @property
    def text(self):
        return "memref<" + "".join(f"{d}x" for d in self.shape) + "f32>"

    @property
    def rank(self):
        return len(self.shape)

    @property
    def num_elements(self):
        count = 1
        for dim in self.shape:
            count *= dim
        return count


@dataclass
class Signature:
    args: list = field(default_factory=list)
    results: list = field(default_factory=list)


@dataclass
class Fill:
    """A global that @main fills with harness_value(i, scale, seed)."""
    name: str
    type: MemrefType
    scale: float
    seed: int


def parse_memref_list(text, what):
    """Parse a comma-separated list of static f32 memref types."""
    types = []
    for part in split_top_level(text):
        part = re.sub(r"%[\w.$-]+\s*:\s*", "", part).strip()
        match = MEMREF_F32_RE.fullmatch(part)
        if not match:
            raise ToolError(f"harness supports only static identity-layout f32 memrefs; "
                            f"{what} has type '{part}'")
        dims = [int(d) for d in match.group(1).split("x") if d]
        types.append(MemrefType(dims))
    return types


def split_top_level(text):
    """Split TEXT at commas that are not nested inside <>, () or []."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return parts


def find_signature(ir, entry):
    """Argument and result types of func.func @ENTRY in bufferized IR."""
    match = re.search(r"func\.func\s+(?:public\s+)?@" + re.escape(entry)
                      + r"\((?P<args>[^)]*)\)\s*(?:->\s*(?P<results>.*?))?\s*"
                        r"(?:attributes\s*\{.*?\})?\s*\{\s*$", ir, re.MULTILINE)
    if not match:
        raise ToolError(f"no 'func.func @{entry}(...)' with a body found")
    results = (match["results"] or "").strip()
    if results.startswith("(") and results.endswith(")"):
        results = results[1:-1]
    return Signature(args=parse_memref_list(match["args"], f"an argument of @{entry}"),
                     results=parse_memref_list(results, f"a result of @{entry}"))


def is_filter_shape(shape):
    """Conv filters and matmul weights: rank >= 2 with more than one input per output."""
    return len(shape) >= 2 and math.prod(shape[1:]) > 1


def filter_scale(shape):
    """Width of the uniform fill giving He initialization's variance 2/fan_in.

    A uniform value on [-a/2, a/2) has variance a*a/12. (Keeping the published
    magnitude |c| instead makes activations vanish to ~1e-40 in deep models.)
    """
    return math.sqrt(12.0 * 2.0 / math.prod(shape[1:]))


def vary_weights(ir):
    """Make splat filter constants writable globals; return (ir, fills)."""
    fills = []

    def replace(match):
        shape = [int(d) for d in match["shape"].split("x") if d]
        if not is_filter_shape(shape):
            return match.group(0)
        scale = filter_scale(shape)
        seed = 1 + 101 * len(fills)
        fills.append(Fill(match["name"], MemrefType(shape), scale, seed))
        return (f'{match["indent"]}memref.global "private" @{match["name"]} : '
                f'{MemrefType(shape).text} = uninitialized{match["rest"]}')

    return SPLAT_GLOBAL_RE.sub(replace, ir), fills


def collapse_to_1d(value, ty, name):
    """MLIR lines that collapse VALUE of type TY to 1-D as %NAME."""
    flat = f"memref<{ty.num_elements}xf32>"
    if ty.rank == 1:
        return [f"    %{name} = memref.cast {value} : {ty.text} to {flat}"]
    reassoc = "[[" + ", ".join(str(i) for i in range(ty.rank)) + "]]"
    return [f"    %{name} = memref.collapse_shape {value} {reassoc} : {ty.text} into {flat}"]


def signed_i64(value):
    """VALUE (taken modulo 2**64) as the signed decimal MLIR expects for i64."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >= 1 << 63 else value


def fill_function_text():
    """@__harness_fill(buf, scale, seed): buf[i] = scale * (u(i, seed) - 0.5).

    u is the splitmix64 finalizer of i*golden+seed, top 24 bits, scaled to
    [0, 1): cheap, deterministic and free of the short-period structure of a
    small linear congruence (which left AlexNet's fully connected layers
    computing nothing but their biases).
    """
    return "\n".join([
        "  func.func private @__harness_fill(%buf: memref<?xf32>, %scale: f32, %seed: i64) {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %golden = arith.constant {signed_i64(SPLITMIX_GOLDEN)} : i64",
        f"    %mix1 = arith.constant {signed_i64(SPLITMIX_MUL1)} : i64",
        f"    %mix2 = arith.constant {signed_i64(SPLITMIX_MUL2)} : i64",
        "    %s30 = arith.constant 30 : i64",
        "    %s27 = arith.constant 27 : i64",
        "    %s31 = arith.constant 31 : i64",
        "    %s40 = arith.constant 40 : i64",
        "    %two_m24 = arith.constant 5.9604644775390625e-08 : f32",
        "    %fhalf = arith.constant 0.5 : f32",
        "    %n = memref.dim %buf, %c0 : memref<?xf32>",
        "    scf.for %i = %c0 to %n step %c1 {",
        "      %i64 = arith.index_cast %i : index to i64",
        "      %z0a = arith.muli %i64, %golden : i64",
        "      %z0 = arith.addi %z0a, %seed : i64",
        "      %z1a = arith.shrui %z0, %s30 : i64",
        "      %z1b = arith.xori %z0, %z1a : i64",
        "      %z1 = arith.muli %z1b, %mix1 : i64",
        "      %z2a = arith.shrui %z1, %s27 : i64",
        "      %z2b = arith.xori %z1, %z2a : i64",
        "      %z2 = arith.muli %z2b, %mix2 : i64",
        "      %z3a = arith.shrui %z2, %s31 : i64",
        "      %z3 = arith.xori %z2, %z3a : i64",
        "      %top = arith.shrui %z3, %s40 : i64",
        "      %top_f = arith.uitofp %top : i64 to f32",
        "      %unit = arith.mulf %top_f, %two_m24 : f32",
        "      %centered = arith.subf %unit, %fhalf : f32",
        "      %val = arith.mulf %centered, %scale : f32",
        "      memref.store %val, %buf[%i] : memref<?xf32>",
        "    }",
        "    return",
        "  }",
    ])


def harness_value(i, scale=1.0, seed=0):
    """What @__harness_fill stores at element I (for reference and tests)."""
    mask = (1 << 64) - 1
    z = (i * SPLITMIX_GOLDEN + seed) & mask
    z = ((z ^ (z >> 30)) * SPLITMIX_MUL1) & mask
    z = ((z ^ (z >> 27)) * SPLITMIX_MUL2) & mask
    z ^= z >> 31
    return ((z >> 40) / float(1 << 24) - 0.5) * scale


def fill_call_lines(index, fill):
    """Call @__harness_fill on global FILL (the INDEXth fill)."""
    ty, name = fill.type, f"fill{index}"
    lines = [f"    %{name} = memref.get_global @{fill.name} : {ty.text}"]
    lines += collapse_to_1d(f"%{name}", ty, f"{name}_flat")
    lines += [
        f"    %{name}_dyn = memref.cast %{name}_flat : memref<{ty.num_elements}xf32> "
        "to memref<?xf32>",
        f"    %{name}_scale = arith.constant {fill.scale:.9e} : f32",
        f"    %{name}_seed = arith.constant {fill.seed} : i64",
        f"    call @__harness_fill(%{name}_dyn, %{name}_scale, %{name}_seed) "
        ": (memref<?xf32>, f32, i64) -> ()",
    ]
    return lines


def print_result_lines(index, ty):
    """Print result INDEX with printMemrefF32, then its exact bit patterns."""
    n = ty.num_elements
    value = f"%out#{index}"
    lines = [
        f"    %out{index}_u = memref.cast {value} : {ty.text} to memref<*xf32>",
        f"    call @printMemrefF32(%out{index}_u) : (memref<*xf32>) -> ()",
    ]
    lines += collapse_to_1d(value, ty, f"out{index}_flat")
    lines += [
        f"    %bits{index} = memref.get_global @__harness_bits{index} : memref<{n}xi32>",
        f"    %out{index}_n = arith.constant {n} : index",
        f"    scf.for %i = %c0 to %out{index}_n step %c1 {{",
        f"      %x = memref.load %out{index}_flat[%i] : memref<{n}xf32>",
        "      %b = arith.bitcast %x : f32 to i32",
        f"      memref.store %b, %bits{index}[%i] : memref<{n}xi32>",
        "    }",
        f"    %bits{index}_u = memref.cast %bits{index} : memref<{n}xi32> to memref<*xi32>",
        f"    call @printMemrefI32(%bits{index}_u) : (memref<*xi32>) -> ()",
    ]
    return lines


def harness_text(sig, entry, weight_fills):
    """The MLIR text of the globals, declarations and @main for SIG."""
    # Inputs and the bit-pattern buffers are globals, not memref.alloc, so
    # @main holds nothing for the planner to plan and the report counts
    # only the model's own buffers.
    lines = ["", "  // ---- harness appended by scripts/models.py ----"]
    input_fills = [Fill(f"__harness_input{i}", ty, 1.0, 0) for i, ty in enumerate(sig.args)]
    for fill in input_fills:
        lines.append(f'  memref.global "private" @{fill.name} : {fill.type.text} = uninitialized')
    for i, ty in enumerate(sig.results):
        lines.append(f'  memref.global "private" @__harness_bits{i} : '
                     f'memref<{ty.num_elements}xi32> = uninitialized')
    lines += [
        "  func.func private @printMemrefF32(memref<*xf32>)",
        "  func.func private @printMemrefI32(memref<*xi32>)",
        fill_function_text(),
        "  func.func @main() {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
    ]
    for i, fill in enumerate(input_fills + weight_fills):
        lines += fill_call_lines(i, fill)
    arg_values = ", ".join(f"%fill{i}" for i in range(len(sig.args)))
    arg_types = ", ".join(ty.text for ty in sig.args)
    result_types = ", ".join(ty.text for ty in sig.results)
    call = f"call @{entry}({arg_values}) : ({arg_types}) -> ({result_types})"
    lines.append(f"    %out:{len(sig.results)} = {call}" if sig.results else f"    {call}")
    for i, ty in enumerate(sig.results):
        lines += print_result_lines(i, ty)
    lines += ["    return", "  }"]
    return "\n".join(lines) + "\n"


def add_harness(ir, entry="forward", weights="varied"):
    """IR with a @main appended inside its (last) module."""
    if re.search(r"func\.func\s+@main\b", ir):
        raise ToolError("the program already has a @main")
    sig = find_signature(ir, entry)
    if not sig.results:
        raise ToolError(f"@{entry} returns nothing; there is nothing to print")
    fills = []
    if weights == "varied":
        ir, fills = vary_weights(ir)
    end = ir.rstrip().rfind("}")
    if end < 0:
        raise ToolError("no closing '}' of the module found")
    return ir[:end].rstrip() + "\n" + harness_text(sig, entry, fills) + "}\n"


def write_harness(src, out, entry="forward", weights="varied"):
    text = add_harness(Path(src).read_text(), entry, weights)
    Path(out).write_text(text)


# --------------------------------------------------------------------------
# End-to-end comparison


def normalize_output(text):
    """Runner output with the run-dependent buffer addresses masked."""
    return ADDRESS_RE.sub("base@ = <address>", text)


@dataclass
class E2EResult:
    verdict: str          # "identical", "DIFFERENT"
    summary: Summary
    unplanned_seconds: float
    planned_seconds: float
    plan_seconds: float


def first_difference(a, b):
    """Line number and lines where A and B first differ."""
    a_lines, b_lines = a.splitlines(), b.splitlines()
    for number, (x, y) in enumerate(zip(a_lines, b_lines), start=1):
        if x != y:
            return f"line {number}: unplanned {x[:120]!r} vs planned {y[:120]!r}"
    return f"lengths differ: {len(a_lines)} vs {len(b_lines)} lines"


def timed_run(tools, lowered, timeout):
    start = time.monotonic()
    out = run_lowered(tools, lowered, timeout)
    return normalize_output(out), time.monotonic() - start


def prepare_unplanned(tools, buf, work, weights):
    """Harness and lower bufferized BUF in WORK; return (harnessed, lowered)."""
    harnessed, lowered = work / "harnessed.mlir", work / "unplanned.ll.mlir"
    write_harness(buf, harnessed, "forward", weights)
    lower(tools, harnessed, lowered)
    return harnessed, lowered


def run_e2e(tools, model, strategy, timeout, work, weights, pass_name="offsets",
            schedule="keep", extra=()):
    """Run MODEL unplanned and planned in directory WORK; compare outputs."""
    buf = work / "model.buf.mlir"
    bufferize(tools, model, buf)
    harnessed, unplanned_ll = prepare_unplanned(tools, buf, work, weights)
    unplanned_out, unplanned_s = timed_run(tools, unplanned_ll, timeout)
    (work / "unplanned.out").write_text(unplanned_out)
    return run_planned_and_compare(tools, harnessed, strategy, timeout, work,
                                   unplanned_out, unplanned_s, pass_name, schedule,
                                   extra)


def run_planned_and_compare(tools, harnessed, strategy, timeout, work,
                            unplanned_out, unplanned_s, pass_name="offsets",
                            schedule="keep", extra=()):
    planned, planned_ll = work / f"planned.{strategy}.mlir", work / f"planned.{strategy}.ll.mlir"
    summaries, plan_s = plan(tools, harnessed, planned, strategy, pass_name, schedule,
                             extra)
    lower(tools, planned, planned_ll)
    planned_out, planned_s = timed_run(tools, planned_ll, timeout)
    (work / f"planned.{strategy}.out").write_text(planned_out)
    same = planned_out == unplanned_out and planned_out.strip() != ""
    return E2EResult("identical" if same else "DIFFERENT", total_summary(summaries),
                     unplanned_s, planned_s, plan_s)


def verdict_line(model, strategy, result, pass_name="offsets"):
    s = result.summary
    into = (f"a {s.slab}-byte slab" if pass_name == "offsets"
            else f"shared objects of {s.slab} bytes in all")
    if s.arenas:
        into = f"{s.slab} bytes in arenas " + ", ".join(
            f"{name} {size}" + (f" (capacity {capacity})" if capacity else "")
            for name, (size, capacity) in s.arenas.items())
    return (f"{result.verdict}; planned {s.planned} of {s.total} buffers into "
            f"{into} using {strategy} (naive {s.naive} bytes, lower bound "
            f"{s.lower} bytes) [{Path(model).stem}: unplanned run "
            f"{result.unplanned_seconds:.1f} s, planned run {result.planned_seconds:.1f} s]")


class WorkDir:
    """A temporary directory, or the --keep directory (kept afterwards)."""

    def __init__(self, keep):
        self.keep = keep
        self._tmp = None

    def __enter__(self):
        if self.keep:
            path = Path(self.keep)
            path.mkdir(parents=True, exist_ok=True)
            return path
        self._tmp = tempfile.TemporaryDirectory(prefix="memplan-models-")
        return Path(self._tmp.name)

    def __exit__(self, *exc):
        if self._tmp:
            self._tmp.cleanup()
        return False


# --------------------------------------------------------------------------
# Table over all models


@dataclass
class TableRow:
    model: str
    greedy: Summary = None
    naive: Summary = None
    plan_seconds: float = 0.0
    e2e: str = "-"
    error: str = ""


def model_files(dirs):
    files = []
    for directory in dirs:
        found = sorted(Path(directory).glob("*.mlir"))
        if not found:
            raise ToolError(f"no *.mlir models in {directory}")
        files += found
    return files


def is_runnable_family(model):
    """Only the nelli models have self-contained weights and a harnessable @forward."""
    return Path(model).parent.name == "nelli"


def short_reason(err):
    first = str(err).splitlines()[0]
    return first if len(first) <= 100 else first[:97] + "..."


def e2e_cell(tools, buf, work, run_timeout, weights):
    """The e2e verdict for the table: run unplanned first, plan only if it finishes."""
    try:
        harnessed, unplanned_ll = prepare_unplanned(tools, buf, work, weights)
    except ToolError as err:
        return f"not runnable: {short_reason(err)}"
    try:
        unplanned_out, unplanned_s = timed_run(tools, unplanned_ll, run_timeout)
    except ToolTimeout:
        return f"not run (>{run_timeout:g} s)"
    except ToolError as err:
        return f"not runnable: {short_reason(err)}"
    try:
        result = run_planned_and_compare(tools, harnessed, "greedy-size", run_timeout * 4,
                                         work, unplanned_out, unplanned_s)
    except ToolError as err:
        return f"ERROR: {short_reason(err)}"
    return result.verdict


def table_row(tools, model, run_timeout, weights, log):
    row = TableRow(model=Path(model).stem)
    with tempfile.TemporaryDirectory(prefix="memplan-table-") as tmp:
        work = Path(tmp)
        try:
            buf = work / "model.buf.mlir"
            bufferize(tools, model, buf)
            greedy, row.plan_seconds = plan(tools, buf, work / "greedy.mlir", "greedy-size")
            naive, _ = plan(tools, buf, work / "naive.mlir", "naive")
            row.greedy, row.naive = total_summary(greedy), total_summary(naive)
        except ToolError as err:
            row.error = short_reason(err)
            log(f"{row.model}: {err}")
            return row
        if is_runnable_family(model):
            row.e2e = e2e_cell(tools, buf, work, run_timeout, weights)
    log(f"{row.model}: {row.greedy.planned}/{row.greedy.total} planned, "
        f"slab {row.greedy.slab}, e2e {row.e2e}")
    return row


def ratio(slab, lower_bound):
    return f"{slab / lower_bound:.3f}" if lower_bound else "-"


TABLE_COLUMNS = ["model", "buffers", "planned", "naive bytes", "lower bound bytes",
                 "greedy-size slab bytes", "slab / lower bound", "naive strategy slab bytes",
                 "e2e", "plan s"]


def markdown_row(cells):
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def format_row(row, family):
    name = f"{family}/{row.model}"
    if row.error:
        cells = [name, f"error: {row.error}"] + [""] * (len(TABLE_COLUMNS) - 2)
        return markdown_row(cells)
    g, n = row.greedy, row.naive
    return markdown_row([name, g.total, g.planned, g.naive, g.lower, g.slab,
                         ratio(g.slab, g.lower), n.slab, row.e2e, f"{row.plan_seconds:.2f}"])


def table_markdown(rows, families, command):
    today = datetime.date.today().isoformat()
    lines = [
        "# memplan on the bundled models",
        "",
        f"Generated on {today} by:",
        "",
        "```",
        command,
        "```",
        "",
        "Each model is bufferized with the pipeline in models/README.md and then planned by",
        "`memplan-opt --memplan-offsets=\"strategy=S report=FILE.json\"` for S = greedy-size",
        "and S = naive. The numbers come from the JSON reports (docs/report.md), summed",
        "over the model's functions. *buffers* counts the `memref.alloc`s and *planned*",
        "those placed in the slab. *naive bytes* and *lower bound bytes* are the two",
        "reference sizes the greedy-size report gives. *e2e* runs a nelli model",
        "under mlir-runner once unplanned and once planned with greedy-size, and",
        "compares the printed outputs (`scripts/models.py e2e`). It is skipped when",
        "the unplanned run exceeds the time limit. The buddy models have no",
        "self-contained weights and are not run. *plan s* is the wall time of the",
        "greedy-size memplan-opt process, parsing and printing included.",
        "",
        markdown_row(TABLE_COLUMNS),
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    lines += [format_row(row, family) for row, family in zip(rows, families)]
    return "\n".join(lines) + "\n"


def table_command_line(argv):
    """The command that regenerates the table, as typed in the repository root."""
    if Path.cwd().resolve() == REPO_ROOT:
        script = "scripts/models.py"
    else:
        script = str(Path(__file__).resolve())
    return " ".join(["python3", shlex.quote(script), *map(shlex.quote, argv)])


# --------------------------------------------------------------------------
# Subcommand handlers


def cmd_bufferize(args):
    bufferize(tools_from_args(args), args.model, args.output)


def cmd_harness(args):
    write_harness(args.input, args.output, args.entry, args.weights)


def cmd_lower(args):
    lower(tools_from_args(args), args.input, args.output)


def cmd_run(args):
    out = run_lowered(tools_from_args(args), args.input, args.timeout)
    sys.stdout.write(out)


def cmd_e2e(args):
    tools = tools_from_args(args)
    with WorkDir(args.keep) as work:
        try:
            result = run_e2e(tools, args.model, args.strategy, args.timeout, work,
                             args.weights, args.pass_name, args.schedule,
                             args.option)
        except ToolError as err:
            print(f"ERROR [{Path(args.model).stem}]: {err}")
            return 2
        print(verdict_line(args.model, args.strategy, result, args.pass_name))
        if result.verdict != "identical":
            unplanned = (work / "unplanned.out").read_text()
            planned = (work / f"planned.{args.strategy}.out").read_text()
            print(f"  first difference: {first_difference(unplanned, planned)}")
            return 1
    return 0


def cmd_table(args, argv):
    tools = tools_from_args(args)
    tools.memplan_opt  # fail now, not once per model, if there is no planner
    models = model_files(args.models or DEFAULT_MODEL_DIRS)
    families = [Path(m).parent.name for m in models]

    def log(message):
        print(message, file=sys.stderr, flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(
            lambda m: table_row(tools, m, args.run_timeout, args.weights, log), models))
    text = table_markdown(rows, families, table_command_line(argv))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(text)
        print(f"wrote {args.output} ({len(rows)} models)", file=sys.stderr)
    return 1 if any(r.error or r.e2e.startswith(("DIFFERENT", "ERROR")) for r in rows) else 0


# --------------------------------------------------------------------------
# Arenas: what a fast arena keeps


def arena_rows(tools, model, capacities, strategy, work):
    """Bufferize MODEL into WORK and plan it with arenas=fast:C,slow for each
    C of CAPACITIES; one dict of figures per capacity, summed over the
    functions and spaces the arenas divide."""
    buf = work / "model.buf.mlir"
    bufferize(tools, model, buf)
    single, _ = plan(tools, buf, work / "single.mlir", strategy)
    rows = []
    for capacity in capacities:
        out = work / f"arenas.{capacity}.mlir"
        plan(tools, buf, out, strategy,
             extra=(f"arenas=fast:{capacity},slow",))
        document = json.loads(out.with_suffix(".report.json").read_text())
        row = collections.Counter()
        for function in document["functions"]:
            for space in function["spaces"]:
                arenas = space.get("arenas")
                if not arenas:
                    continue
                fast, slow = arenas
                row["fast bytes"] += fast["slab-bytes"]
                row["slow bytes"] += slow["slab-bytes"]
                row["fast buffers"] += fast["buffers"]
                row["buffers"] += space["buffers"]
                row["by traffic"] += fast["accessed-bytes"]
                row["by fall-through"] += fast["fall-through-accessed-bytes"]
                row["bound"] += fast["accessed-bytes-bound"]
                row["all"] += fast["accessed-bytes"] + slow["accessed-bytes"]
        row["capacity"] = capacity
        row["slab"] = total_summary(single).slab
        rows.append(row)
    return rows


def arenas_markdown(results, command_line):
    lines = [
        "<!-- Generated by: " + command_line + " -->",
        "",
        "| model (one slab) | fast arena | fast: buffers | fast: bytes | slow: bytes "
        "| accessed fast: memplan | fall-through | bound | accessed in all |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, rows in results:
        for index, row in enumerate(rows):
            first = f"{name} ({row['slab']})" if index == 0 else ""
            mark = ("**" if row["by traffic"] > row["by fall-through"] else "")
            lines.append(markdown_row([
                first, f"{row['capacity'] // 1024} KiB",
                f"{row['fast buffers']} of {row['buffers']}", row["fast bytes"],
                row["slow bytes"], f"{mark}{row['by traffic']}{mark}",
                row["by fall-through"], row["bound"], row["all"]]))
    return "\n".join(lines) + "\n"


def cmd_arenas(args, argv):
    tools = tools_from_args(args)
    tools.memplan_opt
    models = [Path(m) for m in args.models] or model_files(DEFAULT_MODEL_DIRS)
    capacities = [int(c) for c in args.capacities.split(",")]

    def one(model):
        with tempfile.TemporaryDirectory(prefix="memplan-arenas-") as tmp:
            start = time.monotonic()
            rows = arena_rows(tools, str(model), capacities, args.strategy, Path(tmp))
            print(f"{model.stem}: {time.monotonic() - start:.1f} s", file=sys.stderr,
                  flush=True)
            return model.stem, rows

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(one, models))
    text = arenas_markdown(results, "python3 scripts/models.py " + " ".join(
        shlex.quote(a) for a in argv))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text)
    return 0


# --------------------------------------------------------------------------
# Command line


def add_tool_options(parser):
    group = parser.add_argument_group("tools")
    group.add_argument("--mlir-opt", metavar="PATH", help="mlir-opt to use (default: PATH lookup)")
    group.add_argument("--mlir-runner", metavar="PATH",
                       help="mlir-runner to use (default: PATH lookup)")
    group.add_argument("--memplan-opt", metavar="PATH",
                       help="planner to use (default: memplan-opt on PATH)")
    group.add_argument("--lib-dir", metavar="DIR", default="/usr/lib/llvm-22/lib",
                       help="directory holding %s (default: %%(default)s)"
                       % " and ".join(RUNNER_LIBS))
    group.add_argument("--compile-timeout", type=float, default=DEFAULT_COMPILE_TIMEOUT,
                       metavar="SECONDS",
                       help="time limit for each mlir-opt/memplan-opt call (default: %(default)g)")


def add_weights_option(parser):
    parser.add_argument(
        "--weights", choices=WEIGHT_CHOICES, default="varied",
        help="'varied' (default) refills splat conv/matmul filters with a zero-mean pattern "
        "so that the output depends on every intermediate buffer; 'published' keeps the "
        "model's splat constants (the output is then often one constant value)")


def build_parser():
    parser = argparse.ArgumentParser(
        prog="models.py", description=__doc__.split("\n\nTools")[0],
        epilog="Bufferize pipeline: mlir-opt " + " ".join(shlex.quote(p) for p in BUFFERIZE_PASSES)
        + "\nLower pipeline: mlir-opt " + " ".join(LOWER_PASSES),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")

    p = sub.add_parser("bufferize", help="bufferize a linalg-on-tensors model")
    p.add_argument("model", help="model in linalg-on-tensors form")
    p.add_argument("-o", "--output", required=True, help="bufferized output file")
    add_tool_options(p)
    p.set_defaults(handler=cmd_bufferize)

    p = sub.add_parser("harness", help="append a @main that feeds @forward and prints its result",
                       description="Append a @main that fills the inputs of the entry function "
                       "with deterministic pseudo-random values in [-0.5, 0.5), calls it, "
                       "and prints each result with printMemrefF32 and its exact bits with "
                       "printMemrefI32. "
                       "Inputs and outputs must be static f32 memrefs.")
    p.add_argument("input", help="bufferized program")
    p.add_argument("-o", "--output", required=True, help="output file")
    p.add_argument("--entry", default="forward", help="function to call (default: %(default)s)")
    add_weights_option(p)
    p.set_defaults(handler=cmd_harness)

    p = sub.add_parser("lower", help="lower a memref program to the LLVM dialect")
    p.add_argument("input")
    p.add_argument("-o", "--output", required=True)
    add_tool_options(p)
    p.set_defaults(handler=cmd_lower)

    p = sub.add_parser("run", help="execute @main of a lowered program with mlir-runner")
    p.add_argument("input", help="program in the LLVM dialect")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="kill the run after this many seconds (default: no limit)")
    add_tool_options(p)
    p.set_defaults(handler=cmd_run)

    p = sub.add_parser("e2e", help="run a model unplanned and planned; compare outputs",
                       description="Bufferize MODEL, append the harness, run it unplanned and "
                       "planned (memplan-opt --memplan-offsets=\"strategy=S report=FILE.json\"), and "
                       "compare the printed outputs byte for byte (buffer addresses masked). "
                       "Prints one verdict line; exits 1 if the outputs differ, 2 on an error.")
    p.add_argument("model", help="model in linalg-on-tensors form with a @forward")
    p.add_argument("--pass", dest="pass_name", choices=sorted(PASSES),
                   default="offsets",
                   help="planning pass: memplan-offsets or memplan-shared-objects "
                   "(default: %(default)s)")
    p.add_argument("--strategy", default="greedy-size",
                   help="planning strategy (default: %(default)s)")
    p.add_argument("--schedule", default="keep",
                   help="reorder ops first with this order strategy of "
                   "memplan-schedule (default: %(default)s)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="another option of the planning pass, such as "
                   "split-lives=true (repeatable)")
    p.add_argument("--timeout", type=float, default=300, metavar="SECONDS",
                   help="time limit for each mlir-runner run (default: %(default)g)")
    p.add_argument("--keep", metavar="DIR", help="keep intermediate files in DIR")
    add_weights_option(p)
    add_tool_options(p)
    p.set_defaults(handler=cmd_e2e)

    p = sub.add_parser("table", help="plan every model and write a markdown table")
    p.add_argument("--models", nargs="+", metavar="DIR",
                   help="model directories (default: models/nelli models/buddy)")
    p.add_argument("-o", "--output", default=str(REPO_ROOT / "docs" / "models.md"),
                   help="markdown output, '-' for stdout (default: docs/models.md)")
    p.add_argument("--run-timeout", type=float, default=30, metavar="SECONDS",
                   help="skip e2e when the unplanned run takes longer (default: %(default)g)")
    p.add_argument("--jobs", type=int, default=1, help="models processed at once (default: 1)")
    add_weights_option(p)
    add_tool_options(p)
    p.set_defaults(handler=cmd_table)

    p = sub.add_parser("arenas", help="plan models into a fast and a slow arena; "
                       "write a markdown table",
                       description="Plan each model with arenas=fast:C,slow for each "
                       "capacity C and tabulate the bytes accessed in the fast arena by "
                       "memplan's choice, by TVM's fall-through rule and the bound "
                       "(docs/arenas.md); bold where memplan keeps more.")
    p.add_argument("models", nargs="*", help="models (default: every bundled model)")
    p.add_argument("--capacities", default="32768,131072,524288,2097152",
                   help="fast arena capacities in bytes (default: %(default)s)")
    p.add_argument("--strategy", default="best", help="planning strategy (default: %(default)s)")
    p.add_argument("-o", "--output", default="-", help="markdown output (default: stdout)")
    p.add_argument("--jobs", type=int, default=1, help="models processed at once (default: 1)")
    add_tool_options(p)
    p.set_defaults(handler=cmd_arenas)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    try:
        if args.handler in (cmd_table, cmd_arenas):
            return args.handler(args, argv)
        return args.handler(args) or 0
    except ToolError as err:
        print(f"models.py {args.command}: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
