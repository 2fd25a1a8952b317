//===- Passes.td - memplan pass definitions ----------------*- tablegen -*-===//

#ifndef MEMPLAN_TRANSFORMS_PASSES
#define MEMPLAN_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

// Both planning passes take the same options and report the same figures
// (lib/Transforms/PlanningPassSupport.h reads them by these names).
defvar planningOptions = [
    Option<"strategy", "strategy", "std::string", /*default=*/"\"best\"",
           "Planning strategy (see the pass description)">,
    Option<"alignment", "alignment", "uint64_t", /*default=*/"16",
           "Minimum alignment in bytes of every planned buffer (a power of "
           "two); the default matches what malloc guarantees">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each buffer left alone, with the reason">,
    Option<"summary", "summary", "bool", /*default=*/"false",
           "Emit a remark on each function with what was planned">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"2.0",
           "Wall-clock seconds for the whole pass, from its start: every "
           "search of every function, memory space and strategy stops at "
           "its end, and the search time is shared among the spaces whose "
           "plans may still shrink, by their numbers of buffers; 0 means no "
           "limit. exact counts its share in steps and gives the same plan "
           "on any machine fast enough to spend them; a search stopped by "
           "the clock may give a plan that depends on the machine's speed. "
           "The quick strategies stop there too (all but naive, which is "
           "linear, and mincost-flow's flow, used up to 1000 buffers), and "
           "the buffers they have not placed share memory with no other "
           "(stacked above the rest, or each in an object of its own): the "
           "pass warns">,
    Option<"gapTolerance", "gap-tolerance", "double", /*default=*/"0.001",
           "best searches (hill-climb, exact) only where its quick "
           "strategies' plan is more than this fraction over the lower "
           "bound, as a MIP solver's relative gap; 0 searches wherever "
           "the plan is above the bound">,
    Option<"parallelMinBuffers", "parallel-min-buffers", "unsigned",
           /*default=*/"1024",
           "Use MLIR's threads (for the memory spaces of the module, and "
           "for best's strategies on one space) only where there are at "
           "least this many buffers to plan: on fewer, a strategy takes "
           "less time than handing it to a thread. The plans do not "
           "depend on it">,
    Option<"slab", "slab", "::memplan::SlabKind",
           /*default=*/"::memplan::SlabKind::Alloc",
           "Where slabs (or objects) live: alloc (a memref.alloc at the "
           "entry, freed before every return), global (a private "
           "memref.global per function, memory space and slab, taken with "
           "memref.get_global) or argument (a trailing argument of private "
           "functions called only by func.call, which their callers plan, "
           "and of public ones that say memplan.arena_arguments, whose "
           "callers outside the module pass them); "
           "recursive functions, and functions that may run on several "
           "threads at once, keep alloc",
           "::memplan::getSlabKindValues()">,
    Option<"capacity", "capacity", "uint64_t", /*default=*/"0",
           "Bytes the planned buffers of the default memory space of one "
           "function may take; 0 means no limit">,
    ListOption<"spaceCapacity", "space-capacity", "std::string",
               "Capacities of numbered memory spaces, as SPACE:BYTES,...">,
    ListOption<"spaceAlignment", "space-alignment", "std::string",
               "Minimum alignments of numbered memory spaces, as "
               "SPACE:BYTES,... (at least `alignment`)">,
    ListOption<"sharedSpaces", "shared-spaces", "uint64_t",
               "Numbered memory spaces whose memory every work-item of a "
               "GPU group shares, as #gpu.address_space<workgroup> is: their "
               "buffers share bytes only across a gpu.barrier "
               "(docs/concurrency.md)">,
    ListOption<"arenas", "arenas", "std::string",
               "memplan-offsets: the arenas of memory space `arena-space`, "
               "fastest first, as NAME:BYTES,...,NAME[:BYTES] (only the last "
               "may have no capacity): each function's buffers there go to "
               "one arena each, each arena a slab of its own, and the arenas "
               "before the last keep the buffers with the most accessed "
               "bytes per byte of their lifetime; a memref.alloc with a "
               "`memplan.arena` string attribute goes to that arena "
               "(docs/arenas.md)">,
    Option<"arenaSpace", "arena-space", "uint64_t", /*default=*/"0",
           "The numbered memory space that `arenas` divides">,
    ListOption<"arenaSections", "arena-sections", "std::string",
               "With slab=global, the linker section of each arena's "
               "globals, as ARENA:SECTION,... (sram:.sram), so that a linker "
               "script can place them: the globals carry `memplan.section`, "
               "and memplan-set-sections sets it on their LLVM globals once "
               "the module is lowered">,
    Option<"arenaChoice", "arena-choice", "std::string",
           /*default=*/"\"best\"",
           "How the arenas before the last are filled: traffic (the most "
           "accessed bytes per byte of the arena's time first), accessed "
           "(the most accessed bytes first), fall-through (TVM USMP's rule: "
           "the largest buffer first, each into the first arena it still "
           "fits) or best (each of them, keeping the most accessed bytes in "
           "the first arena); the report gives fall-through's figures "
           "beside">,
    Option<"maxSlabBytes", "max-slab-bytes", "uint64_t", /*default=*/"0",
           "memplan-offsets: split each slab that would be larger into "
           "several, none above this many bytes, with the fewest the "
           "planner finds (XLA's size-constrained heaps, IREE's maximum "
           "allocation size); a buffer larger than it is an error. 0: no "
           "cap (docs/arenas.md)">,
    Option<"allocas", "allocas", "bool", /*default=*/"true",
           "Plan memref.alloca ops into a stack slab, a memref.alloca of "
           "bytes at the start of the function (or of the "
           "memref.alloca_scope that frees them); false leaves them as they "
           "are">,
    Option<"splitLives", "split-lives", "bool", /*default=*/"true",
           "Plan each life of a buffer on its own: an op that writes every "
           "element of a buffer and reads none (a structured op of parallel "
           "loops whose body does not read its init, a memref.copy into it) "
           "begins a new life, whose view may lie elsewhere in the slab, so "
           "that the bytes between two lives serve other buffers; false "
           "keeps each buffer whole from its first use to its last">,
    Option<"insertBarriers", "insert-barriers", "bool", /*default=*/"false",
           "In memory shared by a GPU group, add the gpu.barriers that let "
           "buffers share bytes instead of keeping them apart: the fewest, "
           "at the top level of kernels of one block">,
    Option<"schedule", "schedule", "std::string", /*default=*/"\"keep\"",
           "Reorder the ops of each block first, as memplan-schedule does "
           "with this order strategy (keep, list, dfs, exact or best), "
           "within time-limit; keep plans the program's order">,
    Option<"reportFile", "report", "std::string", /*default=*/"\"\"",
           "Write what was planned, buffer by buffer, to this JSON file "
           "(docs/report.md)">,
    Option<"headerFile", "header", "std::string", /*default=*/"\"\"",
           "Write a C header with the bytes and alignment of every slab "
           "(every object, for shared objects) of every function, as "
           "constants, or where sizes are known only at run time as a C "
           "function of them, and for slab=argument the argument that takes "
           "each (docs/arenas.md)">,
    Option<"applyFile", "apply", "std::string", /*default=*/"\"\"",
           "memplan-offsets only: take the offsets from this plan of a "
           "problem written by memplan-export and solved by memplan-solve, "
           "instead of a strategy (docs/plan-exchange.md)">,
    Option<"sizeHint", "size-hint", "uint64_t", /*default=*/"128",
           "memplan-offsets: the value of every run-time size (an index "
           "argument, a dimension of an argument) at which buffers whose "
           "sizes are polynomials of them are first planned; the plan holds "
           "for every value (docs/dynamic.md)">,
    Option<"sizeRange", "size-range", "std::string",
           /*default=*/"\"1:4096\"",
           "memplan-offsets: LOWEST:HIGHEST, the run-time sizes over which "
           "plans of such buffers are weighed and their worst ratio of slab "
           "to lower bound is reported">,
    Option<"heapmap", "heapmap", "std::string", /*default=*/"\"\"",
           "Draw each plan as an SVG heap map: into this file if it ends in "
           ".svg (one picture per function and memory space), else into "
           "this folder, one file <func>[.<space>].svg each">
  ];

defvar planningStatistics = [
    Statistic<"numBuffers", "buffers", "memref.alloc ops found">,
    Statistic<"numPlanned", "planned", "Buffers placed in a slab">,
    Statistic<"numLeftAlone", "left-alone", "Buffers left as they were">,
    Statistic<"numDynamicShape", "left-alone-dynamic-shape",
              "Buffers left alone: dynamic size with no constant bound">,
    Statistic<"numLayout", "left-alone-layout",
              "Buffers left alone: non-identity layout">,
    Statistic<"numUnsized", "left-alone-unsized",
              "Buffers left alone: no byte size in the data layout">,
    Statistic<"numReturned", "left-alone-returned",
              "Buffers left alone: returned from the function">,
    Statistic<"numCaptured", "left-alone-captured",
              "Buffers left alone: may be captured or used in an unknown way">,
    Statistic<"numFreedElsewhere", "left-alone-freed-elsewhere",
              "Buffers left alone: freed by something other than "
              "memref.dealloc">,
    Statistic<"numUnsupportedRegion", "left-alone-region",
              "Buffers left alone: allocated in a region with unknown, "
              "parallel or isolated control flow">,
    Statistic<"numLoopCarried", "left-alone-loop-carried",
              "Buffers left alone: may outlive one loop iteration">,
    Statistic<"numSlabs", "slabs", "Slabs created">,
    Statistic<"slabBytes", "slab-bytes", "Bytes of all slabs">,
    Statistic<"naiveBytes", "naive-bytes",
              "Bytes the planned buffers take without reuse">,
    Statistic<"lowerBoundBytes", "lower-bound-bytes",
              "Largest sum of planned bytes live at one time">,
    Statistic<"numStackPlanned", "stack-planned",
              "memref.alloca ops placed in a stack slab">,
    Statistic<"stackBytes", "stack-slab-bytes",
              "Bytes of all stack slabs (memref.alloca of bytes)">,
    Statistic<"numAtUpperBound", "planned-at-upper-bound",
              "Planned buffers of dynamic size, at a constant upper bound">,
    Statistic<"upperBoundBytes", "upper-bound-bytes",
              "Bytes of the buffers planned at an upper bound of their size">,
    Statistic<"numAtRunTimeSize", "planned-at-run-time-size",
              "Planned buffers whose sizes are known only at run time">,
    Statistic<"runTimeSizeOps", "run-time-size-ops",
              "Operations emitted to compute the offsets and slab sizes of "
              "such buffers at run time">,
    Statistic<"numGapped", "lifetimes-gapped",
              "Planned buffers whose lifetime has gaps (control flow "
              "between blocks), planned interval by interval">,
    Statistic<"numLaterLives", "later-lives",
              "Lives after the first of buffers that overwrites split "
              "(split-lives), each planned as a buffer of its own">
  ];

def MemPlanOffsets : Pass<"memplan-offsets", "::mlir::ModuleOp"> {
  let summary = "Plan local memref.alloc buffers as views of one static slab "
                "per function and memory space";
  let description = [{
    For every function (any op implementing `FunctionOpInterface`) in the
    module, finds each `memref.alloc` whose lifetime can be proven local,
    computes its live interval, places all such buffers at byte offsets of one
    statically sized `i8` slab per memory space with the chosen strategy, and
    rewrites each of them into a `memref.view` of that slab. The slab is a
    `memref.alloc` at the function entry, aligned for every buffer in it, and
    freed before every return. Existing `memref.dealloc`s of planned buffers
    are removed.

    A buffer is live from the first use of it or of any alias to the last
    (views, casts, reshapes, values passed through region or block
    arguments, results of calls that may return it): a fresh allocation
    holds nothing before its first use. A use inside a loop or other region
    op keeps the buffer live for the whole op; in a region of several blocks
    the lifetime comes from the control-flow graph. A buffer of dynamic size
    with a constant upper bound (an `affine.min` of a tile size, say, or the
    `arith.minsi` that `-lower-affine` makes of it) is planned at that bound
    and becomes a view with its dynamic sizes.

    An op that writes every element of a buffer and reads none (a structured
    op of parallel loops whose body does not read its init, such as a fill,
    a transpose or an elementwise op; a `memref.copy` into it) begins a new
    life of the buffer. With `split-lives` (the default) each life is
    planned as a buffer of its own, with a view made where it begins, so
    that the bytes between two lives serve other buffers: bufferization
    often gives the temporaries of successive layers one buffer. A buffer is
    split only when it and all its uses are in one block, no use is
    asynchronous or compares addresses, and each alias is made and used in
    one life, but for views made at the top level of the block, which later
    lives make again from their own view.

    A buffer is left alone, with a reason, when it has a dynamic size with
    no constant upper bound or a non-identity layout, when its element type has no size in the data
    layout, when it escapes (returned, captured by an op whose behaviour is
    unknown, passed to a function whose body is not visible or that keeps
    it), when it is freed by anything other than `memref.dealloc`, when it is
    allocated in a region whose control flow is unknown or parallel, and when
    it may outlive one iteration of the loop that allocates it.

    The strategy can be given bare (`--memplan-offsets=greedy-size`) or as an
    option (`--memplan-offsets="strategy=greedy-size alignment=64"`).
    Strategies (docs/strategies.md): `naive`, `greedy-size`,
    `greedy-breadth`, `greedy-in-order`, `mincost-flow`, `strip-best-fit`,
    `path-cover`, `start-best-fit`, `gergov`, `hill-climb`, `exact` (branch
    and bound: the smallest slab, proven optimal when `time-limit` allows,
    docs/exact.md), and `best` (the default), which runs the others within
    `time-limit`, exact last from their smallest plan, and keeps the
    smallest slab; it stops at the first plan that meets the lower bound,
    which none can beat. The quick strategies of every space run first,
    then mincost-flow and the searches of the spaces left more than
    `gap-tolerance` above their bound, the spaces in parallel unless
    threading is disabled or there are fewer than `parallel-min-buffers`
    buffers; the output is the same either way. The summary ends with the gap the plan is proven within, or
    "proven optimal".

    Placement (`slab=alloc|global`): with `global`, each slab is a private,
    uninitialized `memref.global` (per function and memory space, named
    `__memplan_slab_<func>`, with `_space<k>` after the function in memory
    space `k`; a shared object's is `__memplan_object_<func>[_space<k>]_<i>`,
    `i` its index in the report; a name already taken gets a suffix) read with
    `memref.get_global` at the entry, and nothing is allocated or freed.
    With `argument`, a private `func.func` whose every use is a `func.call`
    takes each slab as a new trailing `memref<Nxi8, space>` argument with
    the attributes `memplan.slab_size` and `memplan.slab_alignment`, and
    every call passes a `memref.alloc` of that size made right before it and
    freed right after, which the caller then plans like its own buffers:
    functions are planned callees first, so arenas nest, and a public
    function (an entry point, whose callers outside the module would pass
    nothing) allocates its slab, holding the arenas of what it calls.
    Recursive functions keep `alloc` in both modes, with a remark, as do
    functions whose slabs cannot be placed as asked.

    Capacity (`capacity=BYTES` for the default memory space,
    `space-capacity=SPACE:BYTES,...` for numbered ones) and alignment
    (`space-alignment=SPACE:BYTES,...`, never below `alignment`) are per
    memory space. The capacity holds each slab of the space on its own: the
    function's, its stack slab of allocas, and the slab of each parallel
    loop's body, of which every running iteration allocates one (so the
    bytes in use at once may reach the function's slab plus one body slab
    per running iteration). A plan larger than its capacity is first handed
    to `exact` with the capacity; if that finds no plan that fits, it is an
    error naming the function, the memory space, the best size and the lower
    bound, and no function of the module is rewritten.

    Every plan is checked by an independent validator before the IR is
    changed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect"
  ];
  let options = planningOptions;
  let statistics = planningStatistics;
}

def MemPlanSharedObjects : Pass<"memplan-shared-objects", "::mlir::ModuleOp"> {
  let summary = "Plan local memref.alloc buffers as views of a few shared "
                "objects per function and memory space";
  let description = [{
    For targets that need whole objects rather than offsets (GPU textures,
    per-object DMA). Buffers are found, analysed and left alone exactly as
    by `memplan-offsets`; each planned buffer is then assigned a shared
    object, two buffers whose lifetimes overlap never share one, and each
    object is an `i8` `memref.alloc` at the function entry as large as the
    largest buffer assigned to it, aligned for all of them and freed before
    every return. Each planned buffer becomes a `memref.view` at offset 0 of
    its object. The lower bound reported is the sum of positional maximums
    (Pisarchyk & Lee, section 4.1).

    Strategies (docs/shared-objects.md): `naive`, `greedy-size`,
    `greedy-size-improved`, `greedy-breadth`, `greedy-in-order`,
    `mincost-flow`, and `best` (the default), which keeps the smallest total.
    `slab`, `capacity`, `space-capacity` and `space-alignment` are as for
    `memplan-offsets`, applied to the objects: one global per object, and a
    capacity bounds the sum of a space's objects (there is no exact search
    for objects, so a plan over it is an error at once).
    Every plan is checked by an independent validator before the IR is
    changed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect"
  ];
  let options = planningOptions;
  let statistics = planningStatistics;
}

def MemPlanSetSections : Pass<"memplan-set-sections", "::mlir::ModuleOp"> {
  let summary = "Put the arenas' globals into the sections arena-sections "
                "named, once they are LLVM globals";
  let description = [{
    `memplan-offsets{slab=global arena-sections=sram:.sram}` records, in the
    module attribute `memplan.sections`, the section of each arena's global
    (upstream's lowering of `memref.global` keeps no section). Run after
    the conversion to the LLVM dialect (`finalize-memref-to-llvm`,
    `convert-to-llvm`), this pass sets `section` on each of those
    `llvm.mlir.global`s and drops the module attribute, so that the object
    file holds them in those sections for a linker script to place
    (docs/arenas.md). A global still a `memref.global`, or missing, is an
    error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def MemPlanExport : Pass<"memplan-export", "::mlir::ModuleOp"> {
  let summary = "Write the planning problems of a module as memplan-solve CSV";
  let description = [{
    Analyses every function as the planning passes do and writes the
    planned buffers of each function and memory space as one memplan-solve
    problem, with ids `@FUNC/SPACE/N`, for planning offline and applying
    with `memplan-offsets{apply=FILE}` (docs/plan-exchange.md). The IR is
    not changed. `--memplan-export=FILE` is short for `file=FILE`.
  }];
  let options = [
    Option<"file", "file", "std::string", /*default=*/"\"\"",
           "The CSV file to write">,
    Option<"alignment", "alignment", "uint64_t", /*default=*/"16",
           "Minimum alignment in bytes of every buffer, as in the planning "
           "passes">,
    ListOption<"spaceAlignment", "space-alignment", "std::string",
               "Minimum alignment of the buffers of numbered memory spaces, "
               "SPACE:BYTES,..., as in the planning passes; a plan applied "
               "with other alignment options is refused">,
    ListOption<"sharedSpaces", "shared-spaces", "uint64_t",
               "Numbered memory spaces shared by the work-items of a GPU "
               "group, as in the planning passes: their lifetimes are "
               "written in barrier epochs">,
    Option<"allocas", "allocas", "bool", /*default=*/"true",
           "Export the problems of memref.alloca ops too, as the planning "
           "passes plan them">,
    Option<"splitLives", "split-lives", "bool", /*default=*/"true",
           "Export each life of a buffer that overwrites split as a buffer "
           "of its own, as the planning passes' split-lives does">,
    Option<"accessedBytes", "accessed-bytes", "bool", /*default=*/"false",
           "Add the column `accessed`, the bytes the program moves through "
           "each buffer (the report's accessed-bytes), which memplan-solve "
           "--arenas weighs (docs/arenas.md)">,
    Option<"runTimeSizes", "run-time-sizes", "bool", /*default=*/"false",
           "Also export the buffers whose sizes are polynomials of their "
           "function's arguments, their sizes as such (`256*mlp_arg0_d0`, "
           "the symbol named after its function), for memplan-solve's "
           "--size-hint and --size-points; apply takes only files written "
           "without it, as memplan-offsets{apply=...} plans sizes known at "
           "compile time only">
  ];
}

def MemPlanSchedule : Pass<"memplan-schedule", "::mlir::ModuleOp"> {
  let summary = "Reorder the ops of each block so that fewer planned bytes "
                "are live at once";
  let description = [{
    For every block of every function, reorders its ops (the terminator
    stays last) so that the peak of bytes of plannable buffers live at one
    time drops, with lifetimes as the planning passes take them: from the
    first use of a buffer or an alias to the last. Planning after this pass
    then starts from a lower bound.

    An op may move past another only if neither uses a value the other
    defines and they do not access memory that may overlap where one of
    them writes or frees: buffers are told apart by their allocation, global
    or the function's arguments, through views and casts. Ops whose effects
    are unknown (calls, prints), and accesses to memory of unknown origin,
    keep their place relative to every op that touches memory. An op with
    regions moves as a whole. Functions in GPU code are left as they are.
    Each allocation then moves to just before its first use.

    Orders (`order=`): `keep` (the program's), `list` (take the ready op that
    adds the fewest live bytes), `dfs` (depth first, heaviest subgraph
    first, as XLA's), `exact` (branch and bound over the sets of ops done,
    within `time-limit` and a node budget: proves the smallest peak of a
    block when it finishes) and `best` (all of them). An order wins when
    greedy-size plans its buffers into a smaller slab and its peak is no
    larger, or into the same slab with a smaller peak; a block is reordered
    only when an order wins. `summary=true` emits, per function,
    the peak before and after and a bound that no order can beat.
  }];
  let options = [
    Option<"order", "order", "std::string", /*default=*/"\"best\"",
           "keep, list, dfs, exact or best">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"2.0",
           "Seconds the exact search may spend on one block; 0 means no "
           "limit (the node budget still bounds it)">,
    Option<"nodeBudget", "node-budget", "uint64_t", /*default=*/"200000",
           "Search nodes the exact search may expand in one block">,
    Option<"alignment", "alignment", "uint64_t", /*default=*/"16",
           "Minimum alignment in bytes of every buffer where orders are "
           "compared by the slabs greedy-size plans for them, as in the "
           "planning passes">,
    ListOption<"spaceAlignment", "space-alignment", "std::string",
               "Minimum alignments of numbered memory spaces, as "
               "SPACE:BYTES,... (at least `alignment`), as in the planning "
               "passes">,
    Option<"splitLives", "split-lives", "bool", /*default=*/"true",
           "Count each life of a buffer that overwrites split as a buffer "
           "of its own, as the planning passes' split-lives does">,
    Option<"summary", "summary", "bool", /*default=*/"false",
           "Emit a remark on each function with its peak before and after">
  ];
}

#endif // MEMPLAN_TRANSFORMS_PASSES
