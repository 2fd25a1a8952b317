#!/usr/bin/env python3
"""What memplan plans in the programs upstream pipelines hand it.

Each pipeline below is a list of stock mlir-opt passes that takes a program
from linalg on tensors (or TOSA) to memrefs, the way a compiler would run
it. For every pipeline and input this script prepares the program, plans it
with memplan-opt (--memplan-offsets with a JSON report, docs/report.md) and,
given --baseline-memplan-opt, with a memplan-opt built at an older commit,
and writes a markdown table per pipeline: buffers, planned, left alone by
reason, slab, naive and lower bound, before and after.

  python3 scripts/pipelines.py -o docs/pipelines.md \\
      --baseline-memplan-opt /path/to/old/build/bin/memplan-opt \\
      --baseline-label "a537134~1 (before issue 46)"

--option adds an option of memplan-offsets for this commit's memplan-opt
(the baseline's is --baseline-option). Each table also gives, per input,
the slab of the same program without the pipeline (the pipeline it starts
from, `without`), so that what a pipeline costs in reuse shows.

--pipelines and --inputs pick a subset (names as in the tables); --list
prints the names. The script uses the standard library only.
"""

import argparse
import collections
import concurrent.futures
import json
import re
import shlex
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "scripts"))
import models  # noqa: E402  (scripts/models.py: tools, bufferize passes, reports)

# --------------------------------------------------------------------------
# Inputs and pipelines


@dataclass(frozen=True)
class Input:
    name: str
    path: Path
    kind: str  # "model": linalg on tensors with @forward; "tosa"; "tiling"
    about: str


INPUTS = [
    Input("resnet18", REPO_ROOT / "models/nelli/resnet18.mlir", "model",
          "torchvision ResNet-18 (models/nelli)"),
    Input("mobilenet_v3_small", REPO_ROOT / "models/nelli/mobilenet_v3_small.mlir", "model",
          "torchvision MobileNetV3-Small (models/nelli)"),
    Input("squeezenet1_1", REPO_ROOT / "models/nelli/squeezenet1_1.mlir", "model",
          "torchvision SqueezeNet 1.1 (models/nelli)"),
    Input("bert", REPO_ROOT / "models/buddy/bert.mlir", "model",
          "BERT-base, sequence length 5, from buddy-mlir's TOSA path (models/buddy)"),
    Input("resnet18_tosa", REPO_ROOT / "models/buddy/resnet18_tosa.mlir", "tosa",
          "ResNet-18, 224x224, from buddy-mlir's TOSA path, already in linalg (models/buddy)"),
    Input("residual_block", REPO_ROOT / "test/e2e/constructs/27-tosa-to-linalg.mlir", "tosa",
          "a residual block written in TOSA (test/e2e/constructs/27)"),
    Input("two_layer_mlp", REPO_ROOT / "test/e2e/constructs/26-transform-tile-and-fuse.mlir",
          "tiling", "two tiled layers, 10x6 in 4x4 tiles (test/e2e/constructs/26)"),
    Input("attention_encoder", REPO_ROOT / "test/e2e/constructs/46-lives-in-hoisted-loops.mlir",
          "model", "two layers of attention in a loop over the layers, 4x8 "
          "(test/e2e/constructs/46)"),
    Input("transformer_layers",
          REPO_ROOT / "test/e2e/constructs/47-transformer-layers-through-pipelines.mlir",
          "model", "a transformer encoder of two layers in a loop (attention with a softmax, "
          "layer norm, ReLU MLP), 4x8 (test/e2e/constructs/47)"),
]

BUFFERIZE = models.BUFFERIZE_PASSES
NO_FUNCTION_BOUNDARIES = [p if not p.startswith("--one-shot-bufferize") else "--one-shot-bufferize"
                          for p in BUFFERIZE]
# A --pass-pipeline cannot be mixed with other passes on one command line:
# STAGE ends one mlir-opt run and starts the next on its output.
STAGE = "|"
TOSA_TO_LINALG = [
    "--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,tosa-infer-shapes,"
    "tosa-make-broadcastable,tosa-to-linalg-named,canonicalize,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor),linalg-fuse-elementwise-ops,canonicalize,cse)",
    STAGE,
]
TILE_AND_FUSE = [
    "-transform-preload-library=transform-library-paths="
    + str(REPO_ROOT / "test/e2e/constructs/Inputs/tile-and-fuse-4x4.mlir"),
    "-transform-interpreter",
    "--canonicalize",
]
FUNCTION_BOUNDARIES = ("--one-shot-bufferize=bufferize-function-boundaries "
                       "function-boundary-type-conversion=identity-layout-map")


@dataclass(frozen=True)
class Pipeline:
    name: str
    title: str
    kinds: tuple      # the input kinds it applies to
    passes: tuple     # mlir-opt arguments, input to the program memplan plans
    after: tuple = ()  # mlir-opt arguments run on memplan's output: must succeed
    note: str = ""
    without: str = ""  # the pipeline whose program is this one's before its passes


PIPELINES = [
    Pipeline("function-boundaries", "One-Shot Bufferize of function boundaries",
             ("model",), tuple(BUFFERIZE),
             note="The bufferization scripts/models.py runs for every model table."),
    Pipeline("no-function-boundaries", "One-Shot Bufferize without function boundaries",
             ("model",), tuple(NO_FUNCTION_BOUNDARIES),
             note="Arguments reach the body through `bufferization.to_buffer`; the result "
                  "leaves it through `bufferization.to_tensor`."),
    Pipeline("buffer-hoisting", "then -buffer-hoisting", ("model",),
             tuple(BUFFERIZE + ["--buffer-hoisting"]),
             note="Allocations move up to the top of the function.",
             without="function-boundaries"),
    Pipeline("buffer-loop-hoisting", "then -buffer-loop-hoisting", ("model",),
             tuple(BUFFERIZE + ["--buffer-loop-hoisting"]),
             note="Allocations of loop bodies move out of the loops: each iteration "
                  "writes them whole before reading them, so they are live per "
                  "iteration (lives in loops).",
             without="function-boundaries"),
    Pipeline("promote-buffers-to-stack", "then -promote-buffers-to-stack", ("model",),
             tuple(BUFFERIZE + ["--promote-buffers-to-stack=max-alloc-size-in-bytes=65536"]),
             note="Buffers of up to 64 KiB become `memref.alloca`s (the stack slabs).",
             without="function-boundaries"),
    Pipeline("buffer-results-to-out-params", "then -buffer-results-to-out-params",
             ("model",),
             tuple(BUFFERIZE + ["--buffer-results-to-out-params=hoist-static-allocs "
                                "modify-public-functions"]),
             note="The result becomes an argument (of the public `@forward` too); with "
                  "hoist-static-allocs the last op writes into it.",
             without="function-boundaries"),
    Pipeline("linalg-to-loops", "then -convert-linalg-to-loops", ("model",),
             tuple(BUFFERIZE + ["--convert-linalg-to-loops"]),
             note="Every structured op becomes a nest of `scf.for`s of loads and stores: "
                  "a nest storing every element of a buffer once writes it whole.",
             without="function-boundaries"),
    Pipeline("linalg-to-loops-hoisting", "then -convert-linalg-to-loops and "
             "-buffer-loop-hoisting", ("model",),
             tuple(BUFFERIZE + ["--convert-linalg-to-loops", "--buffer-loop-hoisting"]),
             without="function-boundaries"),
    Pipeline("loop-hoisting-cf", "then -buffer-loop-hoisting and -convert-scf-to-cf",
             ("model",),
             tuple(BUFFERIZE + ["--buffer-loop-hoisting", "--convert-scf-to-cf"]),
             note="The loops over the layers become loops of blocks, their temporaries "
                  "allocated before them and written first in each trip.",
             without="function-boundaries"),
    Pipeline("scf-to-cf", "then loops and -convert-scf-to-cf", ("model",),
             tuple(BUFFERIZE + ["--convert-linalg-to-loops", "--convert-scf-to-cf"]),
             note="Every op becomes a loop nest of blocks: liveness on the CFG.",
             without="function-boundaries"),
    Pipeline("dealloc-before", "memplan, then -buffer-deallocation-pipeline", ("model",),
             tuple(BUFFERIZE), after=("--buffer-deallocation-pipeline",),
             note="The column *pipeline* says whether the deallocation pipeline accepts "
                  "memplan's output."),
    Pipeline("ownership-dealloc", "after -ownership-based-buffer-deallocation", ("model",),
             tuple(BUFFERIZE + ["--ownership-based-buffer-deallocation", "--canonicalize",
                                "--buffer-deallocation-simplification"]),
             note="Frees are `bufferization.dealloc`s, not yet lowered.",
             without="function-boundaries"),
    Pipeline("dealloc-pipeline", "after -buffer-deallocation-pipeline", ("model",),
             tuple(BUFFERIZE + ["--buffer-deallocation-pipeline"]),
             note="Frees are lowered: `memref.dealloc`s, some under `scf.if`s on "
                  "ownership flags.",
             without="function-boundaries"),
    Pipeline("loop-hoisting-dealloc", "then -buffer-loop-hoisting and "
             "-buffer-deallocation-pipeline", ("model",),
             tuple(BUFFERIZE + ["--buffer-loop-hoisting", "--buffer-deallocation-pipeline"]),
             without="function-boundaries"),
    Pipeline("tosa-to-linalg", "TOSA through tosa-to-linalg, then One-Shot Bufferize",
             ("tosa",), tuple(TOSA_TO_LINALG + [FUNCTION_BOUNDARIES, "--canonicalize", "--cse"])),
    Pipeline("tile-and-fuse", "transform-dialect tile and fuse, then One-Shot Bufferize",
             ("tiling",), tuple(TILE_AND_FUSE + [FUNCTION_BOUNDARIES]),
             note="Tiles of 4x4 on 10x6: the last tiles are partial, their buffers sized "
                  "by `affine.min`."),
    Pipeline("tile-and-fuse-loop-hoisting", "tile and fuse, then -buffer-loop-hoisting",
             ("tiling",), tuple(TILE_AND_FUSE + [FUNCTION_BOUNDARIES, "--buffer-loop-hoisting"]),
             note="The tiles' sizes are computed in the loops, so nothing can leave them.",
             without="tile-and-fuse"),
]

# --------------------------------------------------------------------------
# Figures

ALLOC_RE = re.compile(r"=\s*memref\.(alloca|alloc)\b(?!_)[^\n]*?:\s*(memref<[^\n]*>)\s*$",
                      re.MULTILINE)
ELEMENT_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2, "bf16": 2,
                 "f32": 4, "f64": 8, "index": 8}


def static_bytes(memref_type):
    """Bytes of a memref type with a static shape, or None."""
    match = re.match(r"memref<([^,>]*)", memref_type)
    if not match:
        return None
    *dims, element = match.group(1).split("x")
    if element not in ELEMENT_BYTES or any(not d.isdigit() for d in dims):
        return None
    count = 1
    for d in dims:
        count *= int(d)
    return count * ELEMENT_BYTES[element]


@dataclass
class Figures:
    """One memplan-opt run on one prepared program."""
    error: str = ""
    buffers: int = 0          # memref.alloc and memref.alloca ops in the program
    allocas: int = 0
    planned: int = 0
    left: dict = field(default_factory=dict)   # reason -> count
    unseen: int = 0           # buffers the report does not list at all
    slab: int = 0
    naive: int = 0
    lower: int = 0
    gapped: int = 0
    outside_bytes: int = 0    # static bytes of the buffers not planned
    outside_dynamic: int = 0  # buffers not planned whose size is not static
    pipeline_ok: bool = None  # dealloc-before only


def program_buffers(ir):
    """(allocs and allocas, allocas, static bytes by type list) in IR text."""
    found = ALLOC_RE.findall(ir)
    return found


def figures_of(ir, document):
    buffers = program_buffers(ir)
    figures = Figures(buffers=len(buffers),
                      allocas=sum(kind == "alloca" for kind, _ in buffers))
    summaries = models.summaries_from_report(document, "report")
    total = models.total_summary(summaries)
    figures.planned = total.planned
    figures.left = dict(total.left_by_reason)
    figures.slab, figures.naive, figures.lower = total.slab, total.naive, total.lower
    figures.unseen = figures.buffers - total.total
    figures.gapped = sum(space.get("lifetimes-gapped", 0)
                          for function in document["functions"]
                          for space in function["spaces"])
    all_static = 0
    dynamic = 0
    for _, memref_type in buffers:
        size = static_bytes(memref_type)
        if size is None:
            dynamic += 1
        else:
            all_static += size
    planned_static = 0
    planned_dynamic = 0
    for function in document["functions"]:
        for buffer in function["buffers"]:
            # A later life of a split buffer is the same bytes again.
            if buffer["status"] != "planned" or buffer.get("life", 0):
                continue
            if static_bytes(buffer["type"]) is None:
                planned_dynamic += 1
            else:
                planned_static += buffer["bytes"]
    figures.outside_bytes = all_static - planned_static
    figures.outside_dynamic = dynamic - planned_dynamic
    return figures


def run_memplan(memplan_opt, program, work, label, strategy, after, mlir_opt,
                options=()):
    planned = work / f"{label}.planned.mlir"
    try:
        models.plan(models.Tools(memplan_opt=memplan_opt), program, planned, strategy,
                    extra=options)
        document = json.loads(planned.with_suffix(".report.json").read_text())
        figures = figures_of(Path(program).read_text(), document)
    except (models.ToolError, OSError, ValueError) as err:
        return Figures(error=short_error(err))
    if after:
        try:
            models.run_tool([mlir_opt, planned, *after, "-o", work / f"{label}.after.mlir"],
                            f"mlir-opt after memplan ({label})", timeout=1800)
            figures.pipeline_ok = True
        except models.ToolError:
            figures.pipeline_ok = False
    return figures


def short_error(err):
    """The first `error:` line of a tool's failure, without the file name."""
    lines = str(err).splitlines()
    first = next((line.strip() for line in lines if "error:" in line), lines[0])
    return first.split("error:", 1)[-1].strip()[:120]


def prepare(mlir_opt, pipeline, source, out):
    stages = [[]]
    for argument in pipeline.passes:
        if argument == STAGE:
            stages.append([])
        else:
            stages[-1].append(argument)
    current = source
    for index, stage in enumerate(stages):
        target = out if index == len(stages) - 1 else Path(f"{out}.stage{index}")
        models.run_tool([mlir_opt, current, *stage, "-o", target],
                        f"{pipeline.name} on {source}", timeout=1800)
        current = target


# --------------------------------------------------------------------------
# Markdown

# The tables end here; what follows this line in the output file is kept.
MARKER = "<!-- The tables above are generated; the text below is kept. -->"


def kib(value):
    return f"{value / 1024:,.1f}" if value >= 1024 else f"{value} B"


def reasons_text(figures):
    parts = [f"{count} {kind}" for kind, count in sorted(figures.left.items())]
    if figures.unseen:
        parts.append(f"{figures.unseen} not seen")
    return ", ".join(parts) if parts else "–"


def outside_text(figures):
    text = kib(figures.outside_bytes) if figures.outside_bytes else "0"
    if figures.outside_dynamic:
        text += f" + {figures.outside_dynamic} dynamic"
    return text


def table(pipeline, rows, baseline, without):
    """`without` maps an input's name to its figures without the pipeline."""
    header = ["input", "buffers"]
    if baseline:
        header += ["before: planned", "before: slab", "before: outside"]
    header += ["planned", "left alone", "slab", "naive", "lower bound", "slab / bound",
               "outside"]
    if pipeline.without:
        header += ["slab without", "slab / without"]
    if pipeline.after:
        if baseline:
            header.append("before: pipeline")
        header.append("pipeline")
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for name, before, after in rows:
        cells = [name]
        if after.error and not after.buffers:
            buffers = before.buffers if before and not before.error else "?"
        else:
            buffers = after.buffers
        allocas = after.allocas if not after.error else 0
        cells.append(f"{buffers}" + (f" ({allocas} allocas)" if allocas else ""))
        if baseline:
            if before.error:
                cells += [f"fails: {before.error}", "–", "–"]
            else:
                cells += [f"{before.planned}", kib(before.slab), outside_text(before)]
        if after.error:
            cells += [f"fails: {after.error}"] + ["–"] * 6
        else:
            ratio = f"{after.slab / after.lower:.3f}" if after.lower else "–"
            if after.gapped:
                ratio += f" ({after.gapped} gapped)"
            cells += [f"{after.planned}", reasons_text(after), kib(after.slab),
                      kib(after.naive), kib(after.lower), ratio, outside_text(after)]
        if pipeline.without:
            other = without.get(name)
            if other is None or other.error or after.error:
                cells += ["–", "–"]
            else:
                cells += [kib(other.slab),
                          f"{after.slab / other.slab:.3f}" if other.slab else "–"]
        if pipeline.after:
            verdict = {True: "accepts", False: "rejects", None: "–"}
            if baseline:
                cells.append(verdict[before.pipeline_ok])
            cells.append(verdict[after.pipeline_ok])
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def document(results, args):
    out = [
        "# What memplan plans after upstream pipelines",
        "",
        "Made by `scripts/pipelines.py` (do not edit by hand): each table is one",
        "pipeline of stock MLIR 22 passes, run on the inputs below with `mlir-opt`,",
        "then planned with `memplan-opt --memplan-offsets="
        f"{' '.join([f'strategy={args.strategy}', *args.option])}`.",
    ]
    if args.baseline_memplan_opt:
        out += [f"*Before* columns are a `memplan-opt` built at {args.baseline_label},",
                "run on the same programs; the others are this commit's."]
    out += [
        "",
        "Columns: *buffers* counts the `memref.alloc`s and `memref.alloca`s in the",
        "program memplan receives; *left alone* gives the reasons (`docs/report.md`;",
        "*not seen*: a buffer that version does not plan or report, such as an",
        "alloca before issue 15); *slab* is the bytes of all slabs, *naive* the",
        "bytes of the planned buffers with no reuse, *lower bound* the largest sum",
        "of planned bytes live at one time on the real lifetimes (alignment padding",
        "not counted, so a slab of buffers aligned to 64 can exceed it by up to 63",
        "bytes a buffer; *slab / bound* is 1.000 when they are equal to a tenth of a",
        "percent); *gapped* counts lifetimes with gaps over control flow,",
        "planned interval by interval;",
        "*outside* is what stays outside the slabs: the static bytes of the buffers",
        "not planned, plus those of dynamic size; *slab without* is the slab of",
        "the same input through the pipeline this one starts from (named in its",
        "text), and *slab / without* what the pipeline's own passes cost (1.000:",
        "nothing). Sizes in KiB unless in B.",
        "What the tables show is written after them.",
        "",
        "Inputs:",
        "",
    ]
    used = {name for pipeline_rows in results.values() for name, _, _ in pipeline_rows}
    for item in INPUTS:
        if item.name in used:
            out.append(f"- `{item.name}`: {item.about}")
    for index, (pipeline, rows) in enumerate(
            ((p, results[p.name]) for p in PIPELINES if p.name in results), 1):
        passes = " ".join(shlex.quote(p) if p != STAGE else "|\n  mlir-opt"
                          for p in pipeline.passes).replace(str(REPO_ROOT) + "/", "")
        out += ["", f"## {index}. {pipeline.title} (`{pipeline.name}`)", ""]
        if pipeline.note:
            out += [pipeline.note, ""]
        out += ["```", f"mlir-opt INPUT {passes}"]
        if pipeline.after:
            out.append(f"# then, on memplan's output: mlir-opt {' '.join(pipeline.after)}")
        out += ["```", ""]
        without = {name: figures for name, _, figures in results.get(pipeline.without, [])}
        if pipeline.without:
            out += [f"Without the pipeline: `{pipeline.without}`.", ""]
        out.append(table(pipeline, rows, bool(args.baseline_memplan_opt), without))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-o", "--output", default="-", help="markdown file (default stdout)")
    parser.add_argument("--memplan-opt", default=None)
    parser.add_argument("--mlir-opt", default=None)
    parser.add_argument("--baseline-memplan-opt", default=None,
                        help="an older memplan-opt for the 'before' columns")
    parser.add_argument("--baseline-label", default="an older commit")
    parser.add_argument("--strategy", default="best")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="another memplan-offsets option for this commit's "
                        "memplan-opt (repeatable)")
    parser.add_argument("--baseline-option", action="append", default=[],
                        metavar="KEY=VALUE",
                        help="another memplan-offsets option for the baseline")
    parser.add_argument("--pipelines", default="", help="comma-separated names (default all)")
    parser.add_argument("--inputs", default="", help="comma-separated names (default all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", action="store_true", help="print the names and exit")
    args = parser.parse_args(argv)

    if args.list:
        print("pipelines:", " ".join(p.name for p in PIPELINES))
        print("inputs:", " ".join(i.name for i in INPUTS))
        return 0
    pick_pipelines = set(filter(None, args.pipelines.split(",")))
    pick_inputs = set(filter(None, args.inputs.split(",")))
    unknown = (pick_pipelines - {p.name for p in PIPELINES}) | (
        pick_inputs - {i.name for i in INPUTS})
    if unknown:
        parser.error(f"unknown names: {', '.join(sorted(unknown))} (see --list)")
    try:
        mlir_opt = models.find_tool("mlir-opt", args.mlir_opt)
        memplan_opt = models.find_tool("memplan-opt", args.memplan_opt)
        baseline = (models.find_tool("memplan-opt", args.baseline_memplan_opt)
                    if args.baseline_memplan_opt else None)
    except models.ToolError as err:
        print(f"pipelines.py: {err}", file=sys.stderr)
        return 2

    jobs = [(p, i) for p in PIPELINES if not pick_pipelines or p.name in pick_pipelines
            for i in INPUTS if i.kind in p.kinds and (not pick_inputs or i.name in pick_inputs)]
    if not jobs:
        parser.error("no pipeline applies to the inputs chosen")

    with tempfile.TemporaryDirectory(prefix="memplan-pipelines-") as tmp:
        work = Path(tmp)

        def one(job):
            pipeline, item = job
            where = work / f"{pipeline.name}.{item.name}"
            where.mkdir()
            program = where / "program.mlir"
            try:
                prepare(mlir_opt, pipeline, item.path, program)
            except models.ToolError as err:
                failed = Figures(error=f"the pipeline fails: {short_error(err)}")
                return failed, failed
            before = (run_memplan(baseline, program, where, "before", args.strategy,
                                  pipeline.after, mlir_opt, args.baseline_option)
                      if baseline else None)
            after = run_memplan(memplan_opt, program, where, "after", args.strategy,
                                pipeline.after, mlir_opt, args.option)
            print(f"{pipeline.name} {item.name}: done", file=sys.stderr)
            return before, after

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(one, jobs))

    results = collections.OrderedDict()
    for (pipeline, item), (before, after) in zip(jobs, outcomes):
        results.setdefault(pipeline.name, []).append((item.name, before, after))
    models.write_generated(args.output, document(results, args), MARKER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
