#!/usr/bin/env python3
"""Random memref programs for memplan's differential fuzzer.

`generate(seed)` returns one valid MLIR module whose `@main` prints checksums
of its buffers; the same seed always gives the same program. The programs are
written to break a planner that shares memory wrongly:

- every buffer is filled with values that depend on the seed, the buffer and
  the position, and is read (a checksum is printed) after other buffers were
  written, so any wrong sharing changes the output;
- buffers of mixed element types (i1 to f64, index), ranks 0 to 2, alignments
  and sizes, some of dynamic size;
- straight-line code, `scf.for` with buffers live across and inside the loop and
  passed through `iter_args`, `scf.if` and `scf.while` yielding buffers, chains
  of views (subview, cast, expand_shape, collapse_shape, reinterpret_cast,
  view), `memref.copy`;
- calls to private functions that read and write their arguments, return one
  of them, or return a buffer they allocate (an escape), some called twice;
- existing `memref.dealloc`s after a buffer's last use;
- buffers allocated before a sequential loop (`scf.for`, `affine.for`,
  `scf.while`), as `-buffer-loop-hoisting` leaves them, that each iteration
  overwrites whole first, writes through a subview, reads before
  overwriting, or overwrites under an `scf.if`, with static trip counts of
  0, 1 or more and dynamic ones, in nested loops too, read after the loop
  at times (`stmt_hoisted_loop`);
- parallel loops (`scf.forall`, `scf.parallel`) whose iterations allocate,
  fill and read buffers of their own, call functions on them and read
  buffers from outside, each storing one checksum into a buffer of results.
  Iterations write nothing shared and print nothing, so the unplanned
  program prints the same on any number of threads (the fuzzer's
  `--threads` runs them on OpenMP threads);
- in one seed of three, `async.execute` regions that fill a buffer while the
  code after them works on others, until an `async.await` before the buffer
  is read;
- shapes that review found memplan planning wrongly, each a statement of its
  own: an `scf.parallel` whose `scf.reduce` region reads a buffer of the body
  (not with `--openmp`, whose lowering cannot compile it); a writable
  `memref.global` that a function reads with `memref.get_global` and is also
  given as the argument it writes; calls through pointers
  (`func.constant`, `func.call_indirect`), among them a function that
  recurses through one with buffers live across the call; a function that
  views the bytes it is given as vectors of 16 bytes; `vector.load` /
  `vector.store` and `memref.load` / `memref.store` with `{alignment = N}`
  and `memref.assume_alignment`, only on buffers that are that aligned in
  the unplanned program.

Run as a script it writes the program of `--seed` to stdout or `-o`.
"""

import argparse
import random
import sys

# Element types: (bits, kind). Floats are read back through a bitcast, so
# the checksum sees every bit and no conversion can trap.
ELEMENTS = {
    "i1": (1, "int"),
    "i8": (8, "int"),
    "i16": (16, "int"),
    "i32": (32, "int"),
    "i64": (64, "int"),
    "index": (64, "index"),
    "f32": (32, "float"),
    "f64": (64, "float"),
}
# What memref.view may reinterpret bytes as (a byte width is needed).
VIEW_ELEMENTS = ["i8", "i16", "i32", "i64", "f32", "f64"]
ALIGNMENTS = [None, None, 8, 16, 32, 64, 128]
# The values of n at which @main runs @body(%n) where a seed's buffers of
# dynamic size are known only at run time; 0 gives the sizes of the other
# seeds.
RUN_TIME_SIZES = [0, 2, 5]
MULTIPLIER = 1000003
# -promote-buffers-to-stack (fuzz/differential.py gives it one seed of eight)
# turns allocations of up to this many bytes that are not freed into
# allocas, aligned to their element only. Bigger ones stay with malloc,
# which aligns to 16 bytes.
PROMOTE_LIMIT = 1024
MALLOC_ALIGNMENT = 16
# Vectors of 16 bytes, which LLVM moves with instructions that need 16-byte
# alignment: (element, lanes).
VECTORS = [("f32", 4), ("i32", 4), ("f64", 2), ("i64", 2)]


class Root:
    """What a buffer value may point into: one allocation, or (for a value
    that merges several, like a loop result) any of its parents."""

    def __init__(self, handle=None, parents=()):
        # The value to deallocate it by, when the scope that made it owns it
        # (an alloc, or a buffer a call returned).
        self.handle = handle
        self.parents = list(parents)
        self.escaped = False
        self.read = False
        # The largest alignment an access through it states (a function's
        # argument that needs it asks the same of every caller).
        self.needs_align = 1

    def may_point_into(self, other):
        seen, todo = set(), [self]
        while todo:
            root = todo.pop()
            if root is other:
                return True
            if id(root) not in seen:
                seen.add(id(root))
                todo += root.parents
        return False

    def escape(self):
        """Leaves its region through a yield or a return: never deallocated."""
        if not self.escaped:
            self.escaped = True
            for parent in self.parents:
                parent.escape()


class Buf:
    """An SSA memref value with what the generator knows of its layout."""

    def __init__(self, name, elem, shape, root, strides=None, offset=0,
                 layout=None, whole=False, align=None):
        self.name = name
        self.elem = elem
        # Sizes, None for a dynamic one.
        self.shape = shape
        self.root = root
        # Static strides and offset in elements, or None when not known.
        self.strides = strides
        self.offset = offset
        # The layout as written in the type, None for the identity.
        self.layout = layout
        # Identity layout, offset 0, covering its whole root allocation.
        self.whole = whole
        # Bytes that the address of its first element is known to be a
        # multiple of in the unplanned program (None: not known), for the
        # accesses that state their alignment.
        self.align = align

    @property
    def type(self):
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        layout = ", " + self.layout if self.layout else ""
        return "memref<%s%s%s>" % (dims, self.elem, layout)

    @property
    def static(self):
        return all(d is not None for d in self.shape)

    def elements(self):
        count = 1
        for d in self.shape:
            count *= d
        return count


def identity_strides(shape):
    strides, step = [], 1
    for d in reversed(shape):
        strides.insert(0, step)
        step *= d
    return strides


def malloc_alignment(elem, shape):
    """The alignment an allocation without an alignment attribute is sure
    to get in the unplanned program, or None."""
    count = 1
    for d in shape:
        count *= d
    if count * max(1, ELEMENTS[elem][0] // 8) > PROMOTE_LIMIT:
        return MALLOC_ALIGNMENT
    return None


def power_of_two_dividing(*values):
    """The largest power of two that divides every value (0 divides
    nothing away)."""
    result = 1 << 12
    for v in values:
        while v % result:
            result //= 2
    return result


def strided_layout(strides, offset):
    return "strided<[%s], offset: %d>" % (", ".join(map(str, strides)), offset)


# What each iteration of a hoisted loop does to a buffer allocated before
# it (stmt_hoisted_loop), with weights.
HOISTED_MODES = [("whole", 4), ("partial", 1.5), ("read_first", 1.5),
                 ("conditional", 1.5)]


class HoistPlan:
    """A buffer allocated before a loop of stmt_hoisted_loop, and what each
    iteration does to it."""

    def __init__(self, mode):
        self.mode = mode
        self.buf = None
        # Allocated and not written before the loop.
        self.bare = False
        # A subview made before the loop, or None.
        self.view = None
        # The value that names it where the generator is: the allocation,
        # or an iter_args argument or a loop result that carries it.
        self.current = None


class Loop:
    """A loop of stmt_hoisted_loop being generated."""

    def __init__(self, kind):
        # "for" (over index), "for_int" (i32 or i64), "affine" or "while".
        self.kind = kind
        self.iv64 = None  # its induction variable as an i64
        self.acc = None  # the i64 it carries, as the body has it now
        self.result = None  # that i64 after the loop
        self.carried = []  # (plan, iter_args argument)
        # Whether the generator knows it runs its body at least once.
        self.surely = True
        self.region = None  # scf.while: "before" or "after"
        self.limit = None  # scf.while: the i64 its counter stops at


class Scope:
    def __init__(self, kind):
        # "function", "loop" (a loop body or condition) or "branch".
        self.kind = kind
        self.bufs = []
        self.ints = []  # i64 values usable as salts
        self.roots = []  # roots this scope owns, in order


class Function:
    def __init__(self, name):
        self.name = name
        self.lines = []
        self.indent = 1
        # Constants, defined once at the top of the function so that the
        # program (and the time to compile it) stays small.
        self.constants = {}
        self.constant_lines = []

    def text(self, header):
        return [header] + self.constant_lines + self.lines + ["}"]


class Generator:
    def __init__(self, seed, openmp=False):
        self.rng = random.Random(seed)
        self.seed = seed
        # The parallel loops will run through OpenMP (--convert-scf-to-openmp),
        # which moves a reduction's region out of its loop's body: there it
        # cannot read a buffer of the body.
        self.openmp = openmp
        self.globals = []  # memref.global lines
        self.counter = 0
        self.functions = []
        self.helpers = []  # dicts: name, kind, params, result (, template)
        self.helper_count = 0
        # Roots a construct being generated still needs.
        self.protected = set()
        self.fn = None
        self.scopes = []
        self.budget = 0
        # Code that may run on several threads at once prints nothing: the
        # body of a parallel loop and the helpers it calls.
        self.quiet = False
        # The async runtime needs a slower JIT (coroutines), so only some
        # seeds use it.
        self.allow_async = seed % 3 == 0
        # Some seeds run their body at several sizes from one compiled
        # program: @main calls @body(%n), whose buffers of dynamic size are
        # (n + 1) times as long, known only at run time (RUN_TIME_SIZES).
        self.run_time_sizes = seed % 4 == 2
        self.body_fn = None

    # --- output ----------------------------------------------------------

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def emit(self, line):
        self.fn.lines.append("  " * self.fn.indent + line)

    def constant(self, value, type_name, prefix):
        key = (value, type_name)
        if key not in self.fn.constants:
            name = self.fresh(prefix)
            self.fn.constants[key] = name
            self.fn.constant_lines.append(
                "  %s = arith.constant %d : %s" % (name, value, type_name))
        return self.fn.constants[key]

    def const_index(self, value):
        return self.constant(value, "index", "c")

    def const_i64(self, value):
        return self.constant(value, "i64", "k")

    # --- scopes ----------------------------------------------------------

    def visible_bufs(self):
        return [b for s in self.scopes for b in s.bufs]

    def visible_ints(self):
        return [v for s in self.scopes for v in s.ints]

    def add_buf(self, buf):
        self.scopes[-1].bufs.append(buf)
        return buf

    def salt(self):
        """An i64 that mixes a fresh constant with a value computed so far."""
        k = self.const_i64(self.rng.randrange(1, 1 << 40))
        ints = self.visible_ints()
        if not ints or self.rng.random() < 0.3:
            return k
        name = self.fresh()
        self.emit("%s = arith.addi %s, %s : i64" % (name, k, self.rng.choice(ints)))
        return name

    # --- element conversions --------------------------------------------

    def to_element(self, x, elem):
        bits, kind = ELEMENTS[elem]
        name = self.fresh()
        if kind == "index":
            self.emit("%s = arith.index_cast %s : i64 to index" % (name, x))
        elif kind == "float":
            self.emit("%s = arith.sitofp %s : i64 to %s" % (name, x, elem))
        elif bits == 64:
            return x
        else:
            self.emit("%s = arith.trunci %s : i64 to %s" % (name, x, elem))
        return name

    def to_i64(self, v, elem):
        bits, kind = ELEMENTS[elem]
        name = self.fresh()
        if kind == "index":
            self.emit("%s = arith.index_cast %s : index to i64" % (name, v))
        elif kind == "float":
            raw = self.fresh()
            self.emit("%s = arith.bitcast %s : %s to i%d" % (raw, v, elem, bits))
            if bits == 64:
                return raw
            self.emit("%s = arith.extui %s : i%d to i64" % (name, raw, bits))
        elif bits == 64:
            return v
        else:
            self.emit("%s = arith.extui %s : %s to i64" % (name, v, elem))
        return name

    # --- loops over a buffer's elements --------------------------------

    def bounds(self, buf):
        result = []
        for i, d in enumerate(buf.shape):
            if d is None:
                dim = self.fresh("d")
                self.emit("%s = memref.dim %s, %s : %s"
                          % (dim, buf.name, self.const_index(i), buf.type))
                result.append(dim)
            else:
                result.append(self.const_index(d))
        return result

    def fill(self, buf, salt):
        """Writes salt + i*P0 + j*P1 (converted) at every [i, j]."""
        uppers = self.bounds(buf)
        c0, c1 = self.const_index(0), self.const_index(1)
        ivs = []
        for upper in uppers:
            iv = self.fresh("i")
            self.emit("scf.for %s = %s to %s step %s {" % (iv, c0, upper, c1))
            self.fn.indent += 1
            ivs.append(iv)
        x = salt
        for iv in ivs:
            wide = self.fresh()
            self.emit("%s = arith.index_cast %s : index to i64" % (wide, iv))
            scaled = self.fresh()
            factor = self.const_i64(self.rng.choice([3, 7, 1009, 65537]))
            self.emit("%s = arith.muli %s, %s : i64" % (scaled, wide, factor))
            total = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (total, x, scaled))
            x = total
        value = self.to_element(x, buf.elem)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (value, buf.name, ", ".join(ivs), buf.type))
        for _ in ivs:
            self.fn.indent -= 1
            self.emit("}")

    def checksum(self, buf):
        """An i64 of every element, in order; marks the buffer read."""
        buf.root.read = True
        uppers = self.bounds(buf)
        c0, c1 = self.const_index(0), self.const_index(1)
        acc = self.const_i64(self.rng.randrange(1, 1 << 20))
        results, ivs = [], []
        for upper in uppers:
            iv, result, inner = self.fresh("i"), self.fresh("h"), self.fresh("a")
            self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (i64) {"
                      % (result, iv, c0, upper, c1, inner, acc))
            self.fn.indent += 1
            ivs.append(iv)
            results.append(result)
            acc = inner
        value = self.fresh()
        self.emit("%s = memref.load %s[%s] : %s"
                  % (value, buf.name, ", ".join(ivs), buf.type))
        wide = self.to_i64(value, buf.elem)
        factor = self.const_i64(MULTIPLIER)
        scaled, total = self.fresh(), self.fresh()
        self.emit("%s = arith.muli %s, %s : i64" % (scaled, acc, factor))
        self.emit("%s = arith.addi %s, %s : i64" % (total, scaled, wide))
        for i in reversed(range(len(ivs))):
            self.emit("scf.yield %s : i64" % total)
            self.fn.indent -= 1
            self.emit("}")
            total = results[i]
        return total

    # --- statements ------------------------------------------------------

    def random_shape(self):
        r = self.rng.random()
        if r < 0.08:
            return []
        if r < 0.65:
            return [self.rng.choice([1, 2, 3, 4, 5, 8, 12, 16, 24, 33, 64, 100, 256])]
        return [self.rng.choice([1, 2, 3, 4, 6]), self.rng.choice([1, 2, 4, 5, 8])]

    def stmt_alloc(self, elem=None, shape=None, alignment="random", dynamic=True,
                   filled=True, exact=False):
        """Allocates a buffer and fills it. Unless `filled`, it is left as
        allocated and not made visible: the caller must write it whole
        before anything reads it. With `exact`, a buffer of dynamic size
        has the size of `shape` at run time too (a copy's destination),
        never one scaled by @body's argument."""
        elem = elem or self.rng.choice(list(ELEMENTS))
        shape = self.random_shape() if shape is None else shape
        name = self.fresh("b")
        if alignment == "random":
            alignment = self.rng.choice(ALIGNMENTS)
        attr = " {alignment = %d : i64}" % alignment if alignment else ""
        root = Root()
        # Where sizes are known only at run time, more of them.
        share = 0.35 if self.fn is self.body_fn else 0.12
        if len(shape) == 1 and self.rng.random() < share and dynamic:
            size = self.const_index(shape[0])
            if self.fn is self.body_fn and not exact:
                # shape[0] * (n + 1) elements: a polynomial of @body's
                # argument, never fewer than shape[0].
                scaled = self.fresh("rt")
                self.emit("%s = arith.muli %%n1, %s : index" % (scaled, size))
                size = scaled
            buf = Buf(name, elem, [None], root, whole=True)
            self.emit("%s = memref.alloc(%s)%s : %s" % (name, size, attr, buf.type))
        else:
            buf = Buf(name, elem, shape, root, strides=identity_strides(shape),
                      whole=True, align=alignment or malloc_alignment(elem, shape))
            self.emit("%s = memref.alloc()%s : %s" % (name, attr, buf.type))
        root.handle = buf
        self.scopes[-1].roots.append(root)
        if not filled:
            return buf
        self.fill(buf, self.salt())
        return self.add_buf(buf)

    def stmt_check(self, buf=None):
        buf = buf or self.rng.choice(self.visible_bufs())
        h = self.checksum(buf)
        if not self.quiet:
            self.emit("vector.print %s : i64" % h)
        self.scopes[-1].ints.append(h)

    def stmt_free(self):
        """Deallocates a buffer early, after its last use: one its own region
        made or, from a branch of an scf.if, one the enclosing region made
        (then the other branch leaks it)."""
        scopes = self.scopes[-2:] if self.scopes[-1].kind == "branch" else self.scopes[-1:]
        candidates = [(root, scope) for scope in scopes for root in scope.roots
                      if not root.escaped
                      and not any(p.may_point_into(root) for p in self.protected)]
        if not candidates:
            return self.stmt_check()
        root, owner = self.rng.choice(candidates)
        if not root.read:
            self.stmt_check(root.handle)
        self.emit("memref.dealloc %s : %s" % (root.handle.name, root.handle.type))
        owner.roots.remove(root)
        # Nothing that may point into it is used again.
        for scope in self.scopes:
            scope.bufs = [b for b in scope.bufs if not b.root.may_point_into(root)]

    def stmt_mix(self):
        """dst = f(checksum(src)): a data dependence between two buffers."""
        bufs = self.visible_bufs()
        src, dst = self.rng.choice(bufs), self.rng.choice(bufs)
        h = self.checksum(src)
        self.scopes[-1].ints.append(h)
        k = self.const_i64(self.rng.randrange(1, 1 << 30))
        salt = self.fresh()
        self.emit("%s = arith.xori %s, %s : i64" % (salt, h, k))
        self.fill(dst, salt)

    def stmt_copy(self):
        # Between distinct allocations only: memref.copy of overlapping
        # buffers is undefined.
        bufs = [b for b in self.visible_bufs() if b.static and b.root.handle]
        pairs = [(a, b) for a in bufs for b in bufs
                 if a.elem == b.elem and a.shape == b.shape
                 and a.root is not b.root]
        if pairs:
            src, dst = self.rng.choice(pairs)
        elif bufs:
            # A fresh destination of the same shape.
            src = self.rng.choice(bufs)
            dst = self.stmt_alloc(elem=src.elem, shape=list(src.shape),
                                  exact=True)
        else:
            return self.stmt_mix()
        src.root.read = True
        self.emit("memref.copy %s, %s : %s to %s" % (src.name, dst.name, src.type, dst.type))

    def stmt_map(self):
        """dst = src + src, or dst = src + dst, elementwise by linalg.map.
        The map overwrites all of dst: ignoring dst's element, it begins a
        new life of dst (split-lives); reading it (the body's last argument),
        or with dst as its input too, it must not."""
        bufs = [b for b in self.visible_bufs() if b.static]
        pairs = [(a, b) for a in bufs for b in bufs
                 if a.elem == b.elem and a.shape == b.shape
                 and (a is b or a.root is not b.root)]
        if not pairs:
            return self.stmt_copy()
        src, dst = self.rng.choice(pairs)
        reads_dst = src is dst or self.rng.random() < 0.5
        src.root.read = True
        dst.root.read |= reads_dst
        add = "arith.addf" if ELEMENTS[src.elem][1] == "float" else "arith.addi"
        a, b, r = self.fresh("a"), self.fresh("b"), self.fresh()
        self.emit("linalg.map ins(%s : %s) outs(%s : %s)"
                  % (src.name, src.type, dst.name, dst.type))
        self.emit("  (%s: %s, %s: %s) {" % (a, src.elem, b, dst.elem))
        self.emit("    %s = %s %s, %s : %s"
                  % (r, add, a, b if reads_dst else a, src.elem))
        self.emit("    linalg.yield %s : %s" % (r, src.elem))
        self.emit("  }")

    def stmt_relive(self):
        """Three lives of one allocation (split-lives) with views chained
        across them: a subview made before the first whole overwrite, a
        subview of it made in the second life and read again in the third,
        which must make the chain again from its own view, link by link."""
        scope = self.scopes[-1]
        bufs = [b for b in scope.bufs
                if b.root.handle is b and b.root in scope.roots and b.static
                and b.shape and all(d > 0 for d in b.shape)]
        if not bufs:
            return self.stmt_view()
        buf = self.rng.choice(bufs)
        outer = self.view_subview(buf)
        self.overwrite(buf)
        inner = self.view_subview(outer)
        self.stmt_check(inner)
        # A buffer live across the second overwrite, which may take bytes
        # of the lives around it.
        self.stmt_alloc()
        self.overwrite(buf)
        self.stmt_check(inner)
        self.stmt_check(outer)

    def overwrite(self, buf):
        """Writes every element of `buf` by one linalg.fill, which reads
        none: a new life of its allocation begins there."""
        value = self.to_element(self.salt(), buf.elem)
        self.emit("linalg.fill ins(%s : %s) outs(%s : %s)"
                  % (value, buf.elem, buf.name, buf.type))

    # --- lives in loops --------------------------------------------------

    def stmt_hoisted_loop(self):
        """Buffers allocated before a sequential loop, as
        -buffer-loop-hoisting leaves a body's temporaries, that each
        iteration treats in one of four ways (HOISTED_MODES):

        - "whole": written whole first (linalg.fill, memref.copy, or a
          linalg.map or linalg.generic that reads none of it), then read.
          Such a buffer is live per iteration only, from the overwrite to
          the iteration's last use, and may share bytes with what the
          iteration uses before the overwrite. Some are allocated without
          a fill, as the hoisting leaves them;
        - "partial": written through a subview, then read whole;
        - "read_first": read, then written whole, then read;
        - "conditional": written whole under an scf.if, then read.

        The last three must stay live across iterations. The loop is an
        scf.for (over index, i32 or i64, some unsigned), an affine.for or
        an scf.while (working in its before or its after region), of a
        static trip count of 0 (some with the lower bound above the upper,
        or unsigned bounds that a signed comparison would run), 1 or
        several, or of a dynamic one (a checksum's low bits, a buffer's
        size). At times two loops nest, the buffers used in the inner body.
        Some buffers are used before the loop (the loop may begin a later
        life of them), some read after it (the last iteration's value, or
        the value from before a loop that ran no iteration), one may be
        carried through iter_args. Buffers allocated in the body, before
        the loop and after it may take their bytes. Every checksum the
        iterations take is mixed into an i64 the loop carries, which is
        printed. Now and then the loop is an scf.parallel or scf.forall
        instead (see hoisted_parallel)."""
        if self.rng.random() < 0.12:
            return self.hoisted_parallel()
        modes, weights = zip(*HOISTED_MODES)
        plans = []
        for _ in range(self.rng.randrange(1, 4)):
            plans.append(self.hoisted_buffer(self.rng.choices(modes, weights)[0], plans))
        hidden = self.hide(plans)
        # Before the loop: earlier uses of some of them, views of them made
        # here and used in the loop, and buffers that may take their bytes
        # until the loop begins.
        seqs = []
        for plan in plans:
            seq = []
            if not plan.bare and self.rng.random() < 0.4:
                seq.append(("read", plan))
            # Most of all for a partial write, which may then be the
            # first op of the body to touch the buffer.
            if plan.buf.static and plan.buf.shape and self.rng.random() < (
                    0.6 if plan.mode == "partial" else 0.3):
                seq.append(("view", plan))
            seqs.append(seq)
        seqs += [[("temp",)] for _ in range(self.rng.randrange(0, 3))]
        self.run_events(seqs, [])
        levels = 2 if self.rng.random() < 0.25 else 1
        result, surely = self.hoisted_loop(plans, levels, [])
        if not self.quiet:
            self.emit("vector.print %s : i64" % result)
        self.scopes[-1].ints.append(result)
        self.unhide(hidden)
        # After the loop: reads of what the last iteration left (or what
        # was there before a loop that ran none), and buffers that may take
        # the bytes of a life that ended at the loop.
        seqs = []
        for plan in plans:
            if plan.bare and not surely:
                # The loop may have run no iteration: nothing wrote it.
                plan.buf.root.read = True
                continue
            if plan.bare:
                self.add_buf(plan.buf)
            if plan.view is not None:
                self.add_buf(plan.view)
            if plan.current is not plan.buf:
                self.add_buf(plan.current)
            # Most of all after a loop that may run no iteration.
            if self.rng.random() < (0.6 if surely else 0.9):
                seqs.append([("read", plan)])
        seqs += [[("temp",)] for _ in range(self.rng.randrange(0, 2))]
        self.run_events(seqs, [])

    def hoisted_buffer(self, mode, plans):
        """A buffer for stmt_hoisted_loop: one visible allocation, or a new
        one, filled or, for "whole", not."""
        taken = [p.buf.root for p in plans]
        existing = [b for b in self.visible_bufs()
                    if b.root.handle is b and b.whole and b.root not in taken
                    and (mode != "partial" or (b.static and b.shape))]
        plan = HoistPlan(mode)
        r = self.rng.random()
        if existing and r < 0.3:
            plan.buf = self.rng.choice(existing)
        elif mode == "whole" and r < 0.65:
            plan.buf = self.stmt_alloc(filled=False)
            plan.bare = True
        else:
            shape = self.random_shape()
            if mode == "partial" and not shape:
                shape = [self.rng.choice([2, 5, 8])]
            plan.buf = self.stmt_alloc(shape=shape, dynamic=mode != "partial")
        plan.current = plan.buf
        return plan

    def hide(self, plans):
        """Takes every buffer that may point into the plans' allocations
        out of sight of the random statements, which would change the
        shapes; returns them for unhide."""
        def touches(buf):
            return any(buf.root.may_point_into(p.buf.root)
                       or p.buf.root.may_point_into(buf.root) for p in plans)
        hidden = []
        for scope in self.scopes:
            hidden += [(scope, b) for b in scope.bufs if touches(b)]
            scope.bufs = [b for b in scope.bufs if not touches(b)]
        return hidden

    def unhide(self, hidden):
        for scope, buf in hidden:
            if buf not in scope.bufs:
                scope.bufs.append(buf)

    def hoisted_loop(self, plans, levels, nest):
        """A loop of `levels` nested loops whose innermost body works on
        the plans' buffers: (its result, whether every loop of it surely
        runs its body)."""
        carried = []
        if levels == 1 and not nest and self.rng.random() < 0.2:
            candidates = [p for p in plans if p.mode in ("whole", "read_first")]
            if candidates:
                carried = [self.rng.choice(candidates)]
        loop = self.open_loop(carried, top_level=not nest and len(self.scopes) == 1)
        nest = nest + [loop]
        surely = loop.surely
        if levels > 1:
            # Work of the outer body around the inner loop, which alone
            # uses the buffers, unless the outer body reads one after it.
            for _ in range(self.rng.randrange(0, 2)):
                self.hoisted_temp(nest, None)
            inner, inner_surely = self.hoisted_loop(plans, levels - 1, nest)
            surely = surely and inner_surely
            loop.acc = self.mix(loop.acc, inner)
            readable = [p for p in plans if not p.bare]
            if readable and self.rng.random() < 0.2:
                self.hoisted_read(self.rng.choice(readable), nest)
            for _ in range(self.rng.randrange(0, 2)):
                self.hoisted_temp(nest, None)
        else:
            seqs = [self.iteration_events(p) for p in plans]
            seqs += [[("temp",)] for _ in range(self.rng.randrange(0, 3))]
            if self.rng.random() < 0.4:
                seqs.append([("random",)])
            self.run_events(seqs, nest)
        return self.close_loop(loop), surely

    def iteration_events(self, plan):
        """What an iteration does to a buffer, in order."""
        if plan.mode == "whole":
            return [("write", plan), ("read", plan)] + (
                [("read", plan)] if self.rng.random() < 0.3 else [])
        if plan.mode == "partial":
            return [("partial", plan), ("read", plan)]
        if plan.mode == "read_first":
            return [("read", plan), ("write", plan)] + (
                [("read", plan)] if self.rng.random() < 0.6 else [])
        return [("cond", plan), ("read", plan)]

    def run_events(self, seqs, nest):
        """Runs the events of `seqs` (lists in order) interleaved at
        random, in the innermost loop of `nest` (or outside any)."""
        seqs = [s for s in seqs if s]
        while seqs:
            seq = self.rng.choice(seqs)
            event = seq.pop(0)
            if not seq:
                seqs = [s for s in seqs if s is not seq]
            kind = event[0]
            if kind == "read":
                self.hoisted_read(event[1], nest)
            elif kind == "write":
                self.hoisted_write(event[1].current, nest)
            elif kind == "partial":
                self.hoisted_partial(event[1], nest)
            elif kind == "cond":
                self.hoisted_conditional(event[1], nest)
            elif kind == "view":
                event[1].view = self.hidden_subview(event[1].buf)
            elif kind == "temp":
                self.hoisted_temp(nest, seqs)
            elif kind == "read_buf":
                if event[1] in self.visible_bufs():
                    self.hoisted_read_buf(event[1], nest)
            elif kind == "random":
                self.body(1)

    def hoisted_temp(self, nest, seqs):
        """A buffer of its own, which may take bytes of a hoisted one: read
        at once, or (when `seqs` can take it) by a later event."""
        buf = self.stmt_alloc()
        if seqs is not None and self.rng.random() < 0.5:
            seqs.append([("read_buf", buf)])
        else:
            self.hoisted_read_buf(buf, nest)

    def hidden_subview(self, buf):
        view = self.view_subview(buf)
        self.scopes[-1].bufs.remove(view)
        return view

    def hoisted_read(self, plan, nest):
        """Reads a plan's buffer whole, or through a view of it: the one
        made before the loop, or one made here."""
        buf = plan.current
        options = [buf]
        if plan.view is not None:
            options.append(plan.view)
        if buf.static and buf.shape and buf.strides is not None and self.rng.random() < 0.3:
            options = [self.hidden_subview(buf)]
        self.hoisted_read_buf(self.rng.choice(options), nest)

    def hoisted_read_buf(self, buf, nest):
        """A checksum of `buf`: printed outside a loop, mixed into the
        innermost loop's i64 in one."""
        if not nest:
            return self.stmt_check(buf)
        loop = nest[-1]
        h = self.checksum(buf)
        if not self.quiet and self.rng.random() < 0.25:
            self.emit("vector.print %s : i64" % h)
        self.scopes[-1].ints.append(h)
        loop.acc = self.mix(loop.acc, h)

    def mix(self, acc, h):
        scaled, total = self.fresh(), self.fresh()
        self.emit("%s = arith.muli %s, %s : i64" % (scaled, acc, self.const_i64(MULTIPLIER)))
        self.emit("%s = arith.addi %s, %s : i64" % (total, scaled, h))
        return total

    def iteration_salt(self, nest):
        """A salt that differs from iteration to iteration of `nest`."""
        x = self.salt()
        for loop in nest:
            scaled, total = self.fresh(), self.fresh()
            factor = self.const_i64(self.rng.choice([5, 131, 65599]))
            self.emit("%s = arith.muli %s, %s : i64" % (scaled, loop.iv64, factor))
            self.emit("%s = arith.addi %s, %s : i64" % (total, x, scaled))
            x = total
        return x

    def hoisted_write(self, buf, nest):
        """Writes every element of `buf` and reads none: linalg.fill,
        linalg.generic (on its indices), or from another buffer of its type
        (memref.copy, or a linalg.map that ignores its init)."""
        options = ["fill", "fill"]
        if buf.shape:
            options.append("generic")
        if buf.static:
            options += ["copy", "map"]
        how = self.rng.choice(options)
        if how == "fill":
            value = self.to_element(self.iteration_salt(nest), buf.elem)
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)"
                      % (value, buf.elem, buf.name, buf.type))
        elif how == "generic":
            self.write_generic(buf, self.iteration_salt(nest))
        else:
            sources = [b for b in self.visible_bufs() if b.type == buf.type
                       and not b.root.may_point_into(buf.root)
                       and not buf.root.may_point_into(b.root)]
            if sources and self.rng.random() < 0.5:
                source = self.rng.choice(sources)
            else:
                # A buffer of the iteration, whose life ends where the
                # overwrite's begins.
                source = self.stmt_alloc(elem=buf.elem, shape=list(buf.shape),
                                         dynamic=False)
            source.root.read = True
            if how == "copy":
                self.emit("memref.copy %s, %s : %s to %s"
                          % (source.name, buf.name, source.type, buf.type))
            else:
                add = "arith.addf" if ELEMENTS[buf.elem][1] == "float" else "arith.addi"
                a, b, r = self.fresh("a"), self.fresh("b"), self.fresh()
                self.emit("linalg.map ins(%s : %s) outs(%s : %s)"
                          % (source.name, source.type, buf.name, buf.type))
                self.emit("  (%s: %s, %s: %s) {" % (a, buf.elem, b, buf.elem))
                self.emit("    %s = %s %s, %s : %s" % (r, add, a, a, buf.elem))
                self.emit("    linalg.yield %s : %s" % (r, buf.elem))
                self.emit("  }")

    def write_generic(self, buf, salt):
        """A linalg.generic that writes salt + i*P0 + j*P1 at every element
        from its indices, its init unread (its map at times transposed)."""
        rank = len(buf.shape)
        dims = ["d%d" % i for i in range(rank)]
        results = list(reversed(dims)) if rank == 2 and self.rng.random() < 0.4 else dims
        self.emit('linalg.generic {indexing_maps = [affine_map<(%s) -> (%s)>], '
                  'iterator_types = [%s]} outs(%s : %s) {'
                  % (", ".join(dims), ", ".join(results),
                     ", ".join(['"parallel"'] * rank), buf.name, buf.type))
        self.emit("^bb0(%s: %s):" % (self.fresh("o"), buf.elem))
        self.fn.indent += 1
        x = salt
        for d in range(rank):
            index, wide = self.fresh("i"), self.fresh()
            self.emit("%s = linalg.index %d : index" % (index, d))
            self.emit("%s = arith.index_cast %s : index to i64" % (wide, index))
            scaled, total = self.fresh(), self.fresh()
            factor = self.const_i64(self.rng.choice([3, 7, 1009, 65537]))
            self.emit("%s = arith.muli %s, %s : i64" % (scaled, wide, factor))
            self.emit("%s = arith.addi %s, %s : i64" % (total, x, scaled))
            x = total
        value = self.to_element(x, buf.elem)
        self.emit("linalg.yield %s : %s" % (value, buf.elem))
        self.fn.indent -= 1
        self.emit("}")

    def hoisted_partial(self, plan, nest):
        """Writes part of the buffer: through a subview (the one made
        before the loop, or one made here), by linalg.fill or stores."""
        view = plan.view
        if view is None or self.rng.random() < 0.4:
            view = self.hidden_subview(plan.current)
        salt = self.iteration_salt(nest)
        if self.rng.random() < 0.6:
            value = self.to_element(salt, view.elem)
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)"
                      % (value, view.elem, view.name, view.type))
        else:
            self.fill(view, salt)

    def hoisted_conditional(self, plan, nest):
        """Writes the buffer whole under an scf.if of the iteration (and,
        at times, part of it in the else branch)."""
        if nest and self.rng.random() < 0.6:
            x = self.rng.choice(nest).iv64
            bit, cond = self.fresh(), self.fresh()
            self.emit("%s = arith.andi %s, %s : i64"
                      % (bit, x, self.const_i64(1 << self.rng.randrange(2))))
            self.emit("%s = arith.cmpi eq, %s, %s : i64" % (cond, bit, self.const_i64(0)))
        else:
            cond = self.condition()
        self.emit("scf.if %s {" % cond)
        self.fn.indent += 1
        self.scopes.append(Scope("branch"))
        self.hoisted_write(plan.current, nest)
        self.close_scope()
        self.fn.indent -= 1
        buf = plan.current
        if buf.static and buf.shape and self.rng.random() < 0.3:
            self.emit("} else {")
            self.fn.indent += 1
            self.scopes.append(Scope("branch"))
            self.hoisted_partial(plan, nest)
            self.close_scope()
            self.fn.indent -= 1
        self.emit("}")

    def const_of(self, value, itype):
        if itype == "index":
            return self.const_index(value)
        if itype == "i64":
            return self.const_i64(value)
        return self.constant(value, itype, "n")

    def from_i64(self, x, itype):
        if itype == "i64":
            return x
        name = self.fresh()
        if itype == "index":
            self.emit("%s = arith.index_cast %s : i64 to index" % (name, x))
        else:
            self.emit("%s = arith.trunci %s : i64 to %s" % (name, x, itype))
        return name

    def dynamic_count(self, mask, itype):
        """A value of 0 to `mask` the program computes (a checksum's low
        bits), which no pass can know."""
        x = self.rng.choice(self.visible_ints() or [self.salt()])
        bits = self.fresh()
        self.emit("%s = arith.andi %s, %s : i64" % (bits, x, self.const_i64(mask)))
        return self.from_i64(bits, itype)

    def static_bounds(self, unsigned, low=0):
        """(lower, upper, step, trips) of a loop of a static trip count."""
        trips = self.rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
        step = self.rng.choice([1, 1, 2, 3])
        lower = self.rng.choice([0, 0, 1, 5] + ([low] if low < 0 else []))
        if trips:
            upper = lower + (trips - 1) * step + 1 + self.rng.randrange(step)
        elif unsigned and self.rng.random() < 0.5:
            # Above the upper bound unsigned, below it signed: a signed
            # comparison would run three iterations.
            lower, upper = -2, 1
        else:
            upper = lower - self.rng.choice([0, 0, 1, 3])
            if unsigned:
                upper = max(0, upper)
        return lower, upper, step, trips

    def open_loop(self, carried, top_level):
        """Opens a sequential loop that carries an i64 (its `acc`, which
        its reads are mixed into) and the buffers of `carried` (plans);
        the body's scope is pushed."""
        kind = self.rng.choices(["for", "for_int", "affine", "while"], [5, 2, 2, 2])[0]
        if carried:
            kind = self.rng.choice(["for", "for_int"])
        loop = Loop(kind)
        acc0 = self.salt()
        loop.result = self.fresh("r")
        loop.acc = self.fresh("a")
        if kind in ("for", "for_int"):
            itype = "index" if kind == "for" else self.rng.choice(["i32", "i64"])
            unsigned = kind == "for_int" and self.rng.random() < 0.3
            r = self.rng.random()
            if r < 0.6:
                lower, upper, step, trips = self.static_bounds(unsigned, low=-3)
                lb, ub, st = (self.const_of(v, itype) for v in (lower, upper, step))
                loop.surely = trips > 0
            else:
                loop.surely = False
                dims = [b for b in self.visible_bufs() if b.shape == [None]]
                if itype == "index" and dims and r < 0.7:
                    # A buffer's size, modulo 5.
                    size, sized = self.fresh("d"), self.rng.choice(dims)
                    self.emit("%s = memref.dim %s, %s : %s" % (
                        size, sized.name, self.const_index(0), sized.type))
                    ub = self.fresh()
                    self.emit("%s = arith.remui %s, %s : index"
                              % (ub, size, self.const_index(5)))
                else:
                    ub = self.dynamic_count(3, itype)
                lb = (self.dynamic_count(1, itype) if self.rng.random() < 0.3
                      else self.const_of(0, itype))
                st = self.const_of(self.rng.choice([1, 1, 2]), itype)
            iv = self.fresh("i")
            args = ["%s = %s" % (loop.acc, acc0)]
            types = ["i64"]
            for plan in carried:
                m = self.fresh("m")
                args.append("%s = %s" % (m, plan.current.name))
                types.append(plan.current.type)
                loop.carried.append((plan, m))
            result = loop.result if not carried else "%s:%d" % (loop.result, len(types))
            self.emit("%s = scf.for%s %s = %s to %s step %s iter_args(%s) -> (%s)%s {"
                      % (result, " unsigned" if unsigned else "", iv, lb, ub, st,
                         ", ".join(args), ", ".join(types),
                         "" if itype == "index" else " : " + itype))
            self.fn.indent += 1
            if itype == "index":
                loop.iv64 = self.fresh()
                self.emit("%s = arith.index_cast %s : index to i64" % (loop.iv64, iv))
            elif itype == "i32":
                loop.iv64 = self.fresh()
                self.emit("%s = arith.%s %s : i32 to i64"
                          % (loop.iv64, "extui" if unsigned else "extsi", iv))
            else:
                loop.iv64 = iv
            for plan, m in loop.carried:
                plan.current = self.alias(m, plan.buf, plan.buf.root)
            if carried:
                loop.result += "#0"
        elif kind == "affine":
            iv = self.fresh("i")
            if top_level and self.rng.random() < 0.4:
                # Symbols the program computes, defined at the function's
                # top level as affine.for needs.
                loop.surely = False
                ub = self.dynamic_count(3, "index")
                lb = self.dynamic_count(1, "index") if self.rng.random() < 0.3 else "0"
                step = 1
            else:
                lower, upper, step, trips = self.static_bounds(False)
                lb, ub = str(lower), str(upper)
                loop.surely = trips > 0
            self.emit("%s = affine.for %s = %s to %s%s iter_args(%s = %s) -> (i64) {"
                      % (loop.result, iv, lb, ub, " step %d" % step if step > 1 else "",
                         loop.acc, acc0))
            self.fn.indent += 1
            loop.iv64 = self.fresh()
            self.emit("%s = arith.index_cast %s : index to i64" % (loop.iv64, iv))
        else:
            loop.region = self.rng.choice(["before", "after"])
            if self.rng.random() < 0.6:
                limit = self.rng.choice([0, 1, 2, 3])
                loop.limit = self.const_i64(limit)
                loop.surely = loop.region == "before" or limit > 0
            else:
                loop.limit = self.dynamic_count(3, "i64")
                loop.surely = loop.region == "before"
            n = self.fresh("n")
            self.emit("%s:2 = scf.while (%s = %s, %s = %s) : (i64, i64) -> (i64, i64) {"
                      % (loop.result, n, self.const_i64(0), loop.acc, acc0))
            self.fn.indent += 1
            if loop.region == "after":
                cond = self.fresh()
                self.emit("%s = arith.cmpi slt, %s, %s : i64" % (cond, n, loop.limit))
                self.emit("scf.condition(%s) %s, %s : i64, i64" % (cond, n, loop.acc))
                self.fn.indent -= 1
                n, loop.acc = self.fresh("n"), self.fresh("a")
                self.emit("} do {")
                self.emit("^bb0(%s: i64, %s: i64):" % (n, loop.acc))
                self.fn.indent += 1
            loop.iv64 = n
            loop.result += "#1"
        self.scopes.append(Scope("loop"))
        self.scopes[-1].ints += [loop.iv64, loop.acc]
        return loop

    def close_loop(self, loop):
        """Closes a loop open_loop opened; its result (the i64)."""
        ints = self.scopes[-1].ints[2:]
        if ints and self.rng.random() < 0.5:
            loop.acc = self.mix(loop.acc, self.rng.choice(ints))
        self.close_scope()
        if loop.kind in ("for", "for_int"):
            values = [loop.acc] + [m for _, m in loop.carried]
            types = ["i64"] + [plan.buf.type for plan, _ in loop.carried]
            self.emit("scf.yield %s : %s" % (", ".join(values), ", ".join(types)))
            for index, (plan, _) in enumerate(loop.carried):
                plan.current = self.alias("%s#%d" % (loop.result[:-2], index + 1),
                                          plan.buf, plan.buf.root)
        elif loop.kind == "affine":
            self.emit("affine.yield %s : i64" % loop.acc)
        elif loop.region == "before":
            cond = self.fresh()
            self.emit("%s = arith.cmpi slt, %s, %s : i64" % (cond, loop.iv64, loop.limit))
            self.emit("scf.condition(%s) %s, %s : i64, i64" % (cond, loop.iv64, loop.acc))
            self.fn.indent -= 1
            n, a = self.fresh("n"), self.fresh("a")
            self.emit("} do {")
            self.emit("^bb0(%s: i64, %s: i64):" % (n, a))
            self.fn.indent += 1
            n2 = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (n2, n, self.const_i64(1)))
            self.emit("scf.yield %s, %s : i64, i64" % (n2, a))
        else:
            n2 = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (n2, loop.iv64, self.const_i64(1)))
            self.emit("scf.yield %s, %s : i64, i64" % (n2, loop.acc))
        self.fn.indent -= 1
        self.emit("}")
        return loop.result

    def hoisted_parallel(self):
        """An scf.parallel or scf.forall whose iterations each write some
        buffers allocated before it whole, with the same values in every
        iteration (so the unplanned program gives the same on any number
        of threads), and read them; each iteration stores its checksum in
        a buffer of results. Its iterations may run at once: no buffer of
        it may be narrowed to an iteration."""
        # Enough iterations that threads overlap (as in stmt_parallel).
        trips = self.rng.choice([1, 3, 16, 64, 256])
        plans = []
        for _ in range(self.rng.randrange(2, 4)):
            plans.append(self.hoisted_buffer("whole", plans))
        # Made after the plans are chosen, so that none of them is it, and
        # out of sight in the body, which must not read it (a copy from it
        # would race with the iterations' stores).
        results = self.stmt_alloc(elem="i64", shape=[trips], dynamic=False)
        self.scopes[-1].bufs.remove(results)
        hidden = [(self.scopes[-1], results)] + self.hide(plans)
        iv = self.fresh("p")
        forall = self.rng.random() < 0.5
        if forall:
            self.emit("scf.forall (%s) in (%s) {" % (iv, self.const_index(trips)))
        else:
            self.emit("scf.parallel (%s) = (%s) to (%s) step (%s) {" % (
                iv, self.const_index(0), self.const_index(trips), self.const_index(1)))
        self.fn.indent += 1
        self.scopes.append(Scope("loop"))
        saved_quiet, self.quiet = self.quiet, True
        total = self.salt()
        for plan in plans:
            if self.rng.random() < 0.4:
                own = self.stmt_alloc()
                mixed = self.fresh()
                self.emit("%s = arith.addi %s, %s : i64" % (mixed, total, self.checksum(own)))
                total = mixed
            self.hoisted_write(plan.buf, [])
            mixed = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (mixed, total, self.checksum(plan.buf)))
            total = mixed
        self.emit("memref.store %s, %s[%s] : %s" % (total, results.name, iv, results.type))
        self.close_scope()
        self.quiet = saved_quiet
        if not forall:
            self.emit("scf.reduce")
        self.fn.indent -= 1
        self.emit("}")
        self.unhide(hidden)
        for plan in plans:
            if plan.bare:
                self.add_buf(plan.buf)
            if self.rng.random() < 0.5:
                self.stmt_check(plan.buf)
        self.stmt_check(results)

    def stmt_view(self):
        bufs = self.visible_bufs()
        buf = self.rng.choice(bufs)
        options = []
        if buf.static and buf.strides is not None and buf.shape:
            options.append(self.view_subview)
        if buf.whole and buf.static and len(buf.shape) == 1 and buf.shape[0] > 0:
            options += [self.view_cast_dynamic, self.view_reinterpret]
            if buf.shape[0] % 2 == 0 or buf.shape[0] % 3 == 0:
                options.append(self.view_expand)
            if buf.elem == "i8":
                options += [self.view_bytes, self.view_bytes]
        if buf.whole and buf.static and len(buf.shape) == 2:
            options += [self.view_collapse, self.view_reinterpret]
        if buf.static and buf.strides is not None and buf.shape and not buf.whole:
            options.append(self.view_cast_layout)
        if not options:
            return self.stmt_alloc(elem="i8", shape=[self.rng.choice([16, 48, 96, 200])])
        return self.rng.choice(options)(buf)

    def view_subview(self, buf):
        offsets, sizes, steps = [], [], []
        for d in buf.shape:
            if d == 0:
                offsets.append(0), sizes.append(0), steps.append(1)
                continue
            step = self.rng.choice([1, 1, 1, 2])
            offset = self.rng.randrange(d)
            size = self.rng.randrange(1, (d - 1 - offset) // step + 2)
            offsets.append(offset), sizes.append(size), steps.append(step)
        strides = [s * k for s, k in zip(buf.strides, steps)]
        offset = buf.offset + sum(o * s for o, s in zip(offsets, buf.strides))
        name = self.fresh("s")
        view = Buf(name, buf.elem, sizes, buf.root, strides=strides, offset=offset,
                   layout=strided_layout(strides, offset))
        self.emit("%s = memref.subview %s[%s] [%s] [%s] : %s to %s"
                  % (name, buf.name, ", ".join(map(str, offsets)),
                     ", ".join(map(str, sizes)), ", ".join(map(str, steps)),
                     buf.type, view.type))
        return self.add_buf(view)

    def view_cast_dynamic(self, buf):
        name = self.fresh("s")
        view = Buf(name, buf.elem, [None], buf.root, whole=True)
        self.emit("%s = memref.cast %s : %s to %s" % (name, buf.name, buf.type, view.type))
        return self.add_buf(view)

    def view_cast_layout(self, buf):
        name = self.fresh("s")
        layout = "strided<[%s], offset: ?>" % ", ".join("?" for _ in buf.shape)
        view = Buf(name, buf.elem, list(buf.shape), buf.root, layout=layout)
        self.emit("%s = memref.cast %s : %s to %s" % (name, buf.name, buf.type, view.type))
        return self.add_buf(view)

    def view_expand(self, buf):
        n = buf.shape[0]
        a = self.rng.choice([d for d in (2, 3) if n % d == 0])
        shape = [a, n // a] if self.rng.random() < 0.5 else [n // a, a]
        name = self.fresh("s")
        view = Buf(name, buf.elem, shape, buf.root, strides=identity_strides(shape),
                   whole=True)
        self.emit("%s = memref.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                  % (name, buf.name, shape[0], shape[1], buf.type, view.type))
        return self.add_buf(view)

    def view_collapse(self, buf):
        shape = [buf.shape[0] * buf.shape[1]]
        name = self.fresh("s")
        view = Buf(name, buf.elem, shape, buf.root, strides=[1], whole=True,
                   align=buf.align)
        self.emit("%s = memref.collapse_shape %s [[0, 1]] : %s into %s"
                  % (name, buf.name, buf.type, view.type))
        return self.add_buf(view)

    def view_reinterpret(self, buf):
        n = buf.elements()
        offset = self.rng.randrange(n)
        room = n - offset
        if room >= 4 and self.rng.random() < 0.5:
            cols = self.rng.randrange(1, min(room, 4) + 1)
            stride = self.rng.randrange(cols, min(room, 2 * cols) + 1)
            rows = (room - cols) // stride + 1
            sizes, strides = [rows, cols], [stride, 1]
        else:
            sizes, strides = [self.rng.randrange(1, room + 1)], [1]
        name = self.fresh("s")
        view = Buf(name, buf.elem, sizes, buf.root, strides=strides, offset=offset,
                   layout=strided_layout(strides, offset))
        self.emit("%s = memref.reinterpret_cast %s to offset: [%d], sizes: [%s], strides: [%s] : %s to %s"
                  % (name, buf.name, offset, ", ".join(map(str, sizes)),
                     ", ".join(map(str, strides)), buf.type, view.type))
        return self.add_buf(view)

    def view_bytes(self, buf):
        elem = self.rng.choice(VIEW_ELEMENTS)
        width = ELEMENTS[elem][0] // 8
        if buf.shape[0] < width:
            return self.view_subview(buf)
        start = self.rng.randrange(buf.shape[0] // width) * width
        count = self.rng.randrange(1, (buf.shape[0] - start) // width + 1)
        byte_offset = self.const_index(start)
        name = self.fresh("s")
        if self.rng.random() < 0.25:
            size = self.const_index(count)
            view = Buf(name, elem, [None], buf.root)
            self.emit("%s = memref.view %s[%s][%s] : %s to %s"
                      % (name, buf.name, byte_offset, size, buf.type, view.type))
        else:
            align = power_of_two_dividing(buf.align, start) if buf.align else None
            view = Buf(name, elem, [count], buf.root, strides=[1], align=align)
            self.emit("%s = memref.view %s[%s][] : %s to %s"
                      % (name, buf.name, byte_offset, buf.type, view.type))
        return self.add_buf(view)

    def alias(self, name, like, root):
        """A value of `like`'s type pointing into `root`."""
        return Buf(name, like.elem, list(like.shape), root,
                   strides=like.strides, offset=like.offset, layout=like.layout)

    def same_type(self, buf):
        return [b for b in self.visible_bufs() if b.type == buf.type]

    def pick_yield(self, like, merged):
        """A visible buffer of `like`'s type to yield, which `merged` (the
        region's result) may then point into; what leaves a region escapes."""
        choice = self.rng.choice(self.same_type(like))
        choice.root.escape()
        if choice.root is not merged:
            merged.parents.append(choice.root)
        return choice

    def stmt_for(self):
        carried = self.rng.choice(self.visible_bufs())
        h0 = self.salt()
        c0, c1 = self.const_index(0), self.const_index(1)
        trips = self.const_index(self.rng.choice([0, 1, 2, 2, 3, 3]))
        iv, acc, m = self.fresh("i"), self.fresh("a"), self.fresh("m")
        result = self.fresh("r")
        self.emit("%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (i64, %s) {"
                  % (result, iv, c0, trips, c1, acc, h0, m, carried.name, carried.type))
        self.fn.indent += 1
        self.scopes.append(Scope("loop"))
        wide = self.fresh()
        self.emit("%s = arith.index_cast %s : index to i64" % (wide, iv))
        self.scopes[-1].ints += [acc, wide]
        merged = Root(parents=[carried.root])
        self.add_buf(self.alias(m, carried, merged))
        self.body(self.rng.randrange(1, 5))
        out = self.pick_yield(carried, merged)
        h = self.fresh()
        self.emit("%s = arith.addi %s, %s : i64" % (h, acc, self.rng.choice(self.visible_ints())))
        self.close_scope()
        self.emit("scf.yield %s, %s : i64, %s" % (h, out.name, carried.type))
        self.fn.indent -= 1
        self.emit("}")
        self.scopes[-1].ints.append(result + "#0")
        self.add_buf(self.alias(result + "#1", carried, merged))

    def stmt_parallel(self):
        """A parallel loop: each iteration allocates and fills buffers of its
        own (salted by the induction variable), may call a quiet "work"
        helper on them and read a buffer from outside, and stores the
        checksum of it all into its element of a buffer of results.

        An scf.parallel may also reduce the iterations' checksums, in a
        region that reads a buffer of the body as well: that region runs
        after the iteration's body, so a planner must not have freed the
        buffer's bytes by then (only when the loops run sequentially: see
        `openmp`)."""
        # Enough iterations that threads overlap, which races need to show.
        trips = self.rng.choice([1, 3, 16, 64, 256])
        results = self.stmt_alloc(elem="i64", shape=[trips])
        outside = [b for b in self.visible_bufs() if b is not results]
        iv = self.fresh("p")
        forall = self.rng.random() < 0.5
        reduced = not forall and self.rng.random() < 0.5 and not self.openmp
        if forall:
            self.emit("scf.forall (%s) in (%s) {" % (iv, self.const_index(trips)))
        elif reduced:
            init, reduction = self.salt(), self.fresh("r")
            self.emit("%s = scf.parallel (%s) = (%s) to (%s) step (%s) init (%s) -> i64 {" % (
                reduction, iv, self.const_index(0), self.const_index(trips),
                self.const_index(1), init))
        else:
            self.emit("scf.parallel (%s) = (%s) to (%s) step (%s) {" % (
                iv, self.const_index(0), self.const_index(trips),
                self.const_index(1)))
        self.fn.indent += 1
        self.scopes.append(Scope("loop"))
        saved_quiet, self.quiet = self.quiet, True
        wide = self.fresh()
        self.emit("%s = arith.index_cast %s : index to i64" % (wide, iv))
        self.scopes[-1].ints.append(wide)
        own = [self.stmt_alloc() for _ in range(self.rng.randrange(1, 4))]
        if self.rng.random() < 0.5:
            arg = self.rng.choice(own)
            helpers = [h for h in self.helpers if h["kind"] == "work" and h["quiet"]
                       and h["params"] == [arg.type]
                       and (arg.align or 1) >= h["needs"][0]]
            if helpers and self.rng.random() < 0.5:
                self.emit_call(self.rng.choice(helpers), [arg])
            elif self.helper_count < 5:
                self.emit_call(self.define_helper("work", [arg]), [arg])
        if outside and self.rng.random() < 0.5:
            self.scopes[-1].ints.append(self.checksum(self.rng.choice(outside)))
        total = self.salt()
        for buf in own:
            h = self.checksum(buf)
            mixed = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (mixed, total, h))
            total = mixed
        self.emit("memref.store %s, %s[%s] : %s" % (total, results.name, iv, results.type))
        if reduced:
            # Read again by the reduction: never freed in the body.
            seen = self.rng.choice(own)
            seen.root.escape()
        self.close_scope()
        self.quiet = saved_quiet
        if reduced:
            lhs, rhs = self.fresh("l"), self.fresh("x")
            self.emit("scf.reduce(%s : i64) {" % total)
            self.emit("^bb0(%s: i64, %s: i64):" % (lhs, rhs))
            self.fn.indent += 1
            h = self.checksum(seen)
            scaled, mixed, combined = self.fresh(), self.fresh(), self.fresh()
            self.emit("%s = arith.muli %s, %s : i64" % (scaled, lhs, self.const_i64(MULTIPLIER)))
            self.emit("%s = arith.addi %s, %s : i64" % (mixed, scaled, rhs))
            self.emit("%s = arith.xori %s, %s : i64" % (combined, mixed, h))
            self.emit("scf.reduce.return %s : i64" % combined)
            self.fn.indent -= 1
            self.emit("}")
        elif not forall:
            self.emit("scf.reduce")
        self.fn.indent -= 1
        self.emit("}")
        results.root.read = False
        if reduced:
            if not self.quiet:
                self.emit("vector.print %s : i64" % reduction)
            self.scopes[-1].ints.append(reduction)

    def stmt_async(self):
        """An async.execute fills a whole buffer while the code after it
        goes on with other buffers; an async.await comes before the buffer,
        or anything that may point into it, is used again."""
        targets = [b for b in self.visible_bufs()
                   if b.static and b.root.handle is b and not b.root.escaped]
        if self.quiet or not targets:
            return self.stmt_alloc()
        target = self.rng.choice(targets)
        token = self.fresh("t")
        self.emit("%s = async.execute {" % token)
        self.fn.indent += 1
        self.fill(target, self.salt())
        self.emit("async.yield")
        self.fn.indent -= 1
        self.emit("}")
        def touches(buf):
            return (buf.root.may_point_into(target.root)
                    or target.root.may_point_into(buf.root))
        hidden = []
        for scope in self.scopes:
            hidden += [(scope, b) for b in scope.bufs if touches(b)]
            scope.bufs = [b for b in scope.bufs if not touches(b)]
        protected = self.protected
        self.protected = protected | {target.root}
        self.body(self.rng.randrange(1, 4))
        self.protected = protected
        self.emit("async.await %s : !async.token" % token)
        for scope, buf in hidden:
            if buf not in scope.bufs:
                scope.bufs.append(buf)
        self.stmt_check(target)

    # --- what review found planners getting wrong -----------------------

    def aligned_buffers(self, elems, need=MALLOC_ALIGNMENT):
        """Visible static one-dimensional buffers of `elems`, contiguous,
        whose first element is known to lie on a multiple of `need` bytes
        in the unplanned program."""
        return [b for b in self.visible_bufs()
                if b.elem in elems and b.static and len(b.shape) == 1
                and b.layout is None and (b.align or 1) >= need]

    def vector_to_i64(self, v, elem, lanes):
        """An i64 of every bit of a vector (floats through a bitcast)."""
        bits = ELEMENTS[elem][0]
        if ELEMENTS[elem][1] == "float":
            raw = self.fresh()
            self.emit("%s = arith.bitcast %s : vector<%dx%s> to vector<%dxi%d>"
                      % (raw, v, lanes, elem, lanes, bits))
            v = raw
        folded = self.fresh()
        self.emit("%s = vector.reduction <xor>, %s : vector<%dxi%d> into i%d"
                  % (folded, v, lanes, bits, bits))
        return self.to_i64(folded, "i%d" % bits)

    def salted_vector(self, v, elem, lanes, salt):
        """v plus a salt in every lane."""
        vtype = "vector<%dx%s>" % (lanes, elem)
        splat, total = self.fresh(), self.fresh()
        self.emit("%s = vector.broadcast %s : %s to %s"
                  % (splat, self.to_element(salt, elem), elem, vtype))
        add = "arith.addf" if ELEMENTS[elem][1] == "float" else "arith.addi"
        self.emit("%s = %s %s, %s : %s" % (total, add, v, splat, vtype))
        return total

    def stmt_aligned(self):
        """Accesses that state their alignment: vector.load and
        vector.store, memref.load and memref.store with {alignment = N},
        some through memref.assume_alignment, each at an element that is
        that aligned in the unplanned program (the allocation's attribute
        says so, or it is too big to become an alloca and malloc gives 16
        bytes). LLVM moves such vectors with instructions that fault when
        the address is not aligned, so the planned program crashes if a
        plan puts the buffer on a smaller multiple, for example under the
        alignment=8 or alignment=1 option."""
        elems = [e for e, _ in VECTORS]
        bufs = [b for b in self.aligned_buffers(elems) if b.shape[0] >= 4]
        if bufs and self.rng.random() < 0.6:
            buf = self.rng.choice(bufs)
        else:
            elem = self.rng.choice(elems)
            width = ELEMENTS[elem][0] // 8
            if self.rng.random() < 0.7:
                # Aligned by malloc only: no attribute tells a planner.
                count = PROMOTE_LIMIT // width + self.rng.choice([1, 4, 8, 60])
                alignment = None
            else:
                count = self.rng.choice([4, 8, 12, 16, 33])
                alignment = self.rng.choice([16, 32, 64])
            buf = self.stmt_alloc(elem=elem, shape=[count], alignment=alignment,
                                  dynamic=False)
        elem, lanes = buf.elem, dict(VECTORS)[buf.elem]
        width = ELEMENTS[elem][0] // 8
        need = self.rng.choice([a for a in (16, 16, 16, 32, 64) if a <= buf.align])
        buf.root.needs_align = max(buf.root.needs_align, need)
        target = buf
        if self.rng.random() < 0.4:
            target = self.fresh("s")
            self.emit("%s = memref.assume_alignment %s, %d : %s"
                      % (target, buf.name, need, buf.type))
            target = self.add_buf(Buf(target, elem, list(buf.shape), buf.root,
                                      strides=buf.strides, layout=buf.layout,
                                      whole=buf.whole, align=buf.align))
        # Element indices that are `need`-aligned with a whole vector after
        # them.
        step = need // width
        slots = (buf.shape[0] - lanes) // step + 1
        vtype = "vector<%dx%s>" % (lanes, elem)
        attr = "{alignment = %d}" % need
        if slots > 3 and self.rng.random() < 0.5:
            # Every slot, in a loop.
            c0, iv = self.const_index(0), self.fresh("i")
            acc, result = self.fresh("a"), self.fresh("h")
            self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (i64) {"
                      % (result, iv, c0, self.const_index(slots * step),
                         self.const_index(step), acc, self.salt()))
            self.fn.indent += 1
            positions, outer = [iv], result
        else:
            chosen = self.rng.sample(range(slots), self.rng.randrange(1, min(slots, 3) + 1))
            positions, outer = [self.const_index(p * step) for p in chosen], None
            acc = self.salt()
        for index in positions:
            v = self.fresh()
            self.emit("%s = vector.load %s[%s] %s : %s, %s"
                      % (v, target.name, index, attr, target.type, vtype))
            h = self.vector_to_i64(v, elem, lanes)
            mixed = self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (mixed, acc, h))
            acc = mixed
            w = self.salted_vector(v, elem, lanes, acc)
            self.emit("vector.store %s, %s[%s] %s : %s, %s"
                      % (w, target.name, index, attr, target.type, vtype))
        if outer:
            self.emit("scf.yield %s : i64" % acc)
            self.fn.indent -= 1
            self.emit("}")
            acc = outer
        if self.rng.random() < 0.5:
            # A scalar moved from one aligned element to another.
            source, dest = (self.const_index(self.rng.randrange(slots) * step)
                            for _ in range(2))
            x = self.fresh()
            self.emit("%s = memref.load %s[%s] %s : %s" % (x, target.name, source, attr, target.type))
            self.emit("memref.store %s, %s[%s] %s : %s" % (x, target.name, dest, attr, target.type))
        self.scopes[-1].ints.append(acc)

    def stmt_vectors(self):
        """Calls a function that views the bytes it is given
        (memref<Nxi8>) as vectors of 16 bytes, loads and stores them: the
        caller's buffer needs the vectors' alignment although nothing in
        the caller says so. Its buffer is aligned in the unplanned
        program (see stmt_aligned)."""
        bufs = [b for b in self.aligned_buffers(["i8"]) if b.shape[0] >= 16]
        for helper in self.rng.sample(self.helpers, len(self.helpers)):
            if not helper.get("vectors") or (self.quiet and not helper["quiet"]):
                continue
            matching = [b for b in bufs if b.type == helper["params"][0]]
            if matching and self.rng.random() < 0.5:
                return self.emit_call(helper, [self.rng.choice(matching)])
        if self.helper_count >= 5:
            return self.stmt_aligned()
        if bufs and self.rng.random() < 0.5:
            buf = self.rng.choice(bufs)
        elif self.rng.random() < 0.7:
            buf = self.stmt_alloc(elem="i8", shape=[self.rng.choice([1040, 1100, 2048])],
                                  alignment=None, dynamic=False)
        else:
            buf = self.stmt_alloc(elem="i8", shape=[self.rng.choice([16, 40, 64, 100])],
                                  alignment=self.rng.choice([16, 32, 64]), dynamic=False)
        self.emit_call(self.define_vectors(buf), [buf])

    def define_vectors(self, buf):
        """A "work" function that views some of its bytes as vectors, adds
        its salt to each and returns a checksum of what it loaded."""
        name = "f%d" % self.helper_count
        self.helper_count += 1
        helper = {"name": name, "kind": "work", "params": [buf.type], "result": "i64",
                  "quiet": self.quiet, "needs": [MALLOC_ALIGNMENT], "vectors": True}
        saved = (self.fn, self.scopes)
        self.fn, self.scopes = Function(name), [Scope("function")]
        arg, salt = self.fresh("arg"), self.fresh("arg")
        elem, lanes = self.rng.choice(VECTORS)
        vtype = "vector<%dx%s>" % (lanes, elem)
        available = buf.shape[0] // 16
        first = self.rng.randrange(available)
        count = self.rng.randrange(1, min(available - first, 8) + 1)
        view = self.fresh("s")
        vmem = "memref<%dx%s>" % (count, vtype)
        self.emit("%s = memref.view %s[%s][] : %s to %s"
                  % (view, arg, self.const_index(16 * first), buf.type, vmem))
        iv, acc, result = self.fresh("i"), self.fresh("a"), self.fresh("h")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (i64) {"
                  % (result, iv, self.const_index(0), self.const_index(count),
                     self.const_index(1), acc, salt))
        self.fn.indent += 1
        v = self.fresh()
        # As memref.load / memref.store of vector elements, or as
        # vector.load / vector.store: both move 16 aligned bytes.
        as_vector = self.rng.random() < 0.5
        if as_vector:
            self.emit("%s = vector.load %s[%s] : %s, %s" % (v, view, iv, vmem, vtype))
        else:
            self.emit("%s = memref.load %s[%s] : %s" % (v, view, iv, vmem))
        h = self.vector_to_i64(v, elem, lanes)
        scaled, total = self.fresh(), self.fresh()
        self.emit("%s = arith.muli %s, %s : i64" % (scaled, acc, self.const_i64(MULTIPLIER)))
        self.emit("%s = arith.addi %s, %s : i64" % (total, scaled, h))
        w = self.salted_vector(v, elem, lanes, total)
        if as_vector:
            self.emit("vector.store %s, %s[%s] : %s, %s" % (w, view, iv, vmem, vtype))
        else:
            self.emit("memref.store %s, %s[%s] : %s" % (w, view, iv, vmem))
        self.emit("scf.yield %s : i64" % total)
        self.fn.indent -= 1
        self.emit("}")
        self.emit("return %s : i64" % result)
        self.functions.append(self.fn.text("func.func private @%s(%s: %s, %s: i64) -> i64 {"
                                           % (name, arg, buf.type, salt)))
        self.helpers.append(helper)
        self.fn, self.scopes = saved
        return helper

    def stmt_recursive(self):
        """Calls a function that calls itself through a pointer
        (func.constant and func.call_indirect), directly or through a
        function that calls it back, and reads its buffers after that
        call: several of its calls are active at once, each with buffers
        of its own, and no graph of direct calls shows the cycle."""
        name = "f%d" % self.helper_count
        self.helper_count += 1
        signature = "(i64, i64) -> i64"
        pointee = name
        if self.rng.random() < 0.5:
            pointee = "f%d" % self.helper_count
            self.helper_count += 1
            self.functions.append([
                "func.func private @%s(%%depth: i64, %%salt: i64) -> i64 {" % pointee,
                "  %%r = func.call @%s(%%depth, %%salt) : %s" % (name, signature),
                "  return %r : i64",
                "}"])
        saved = (self.fn, self.scopes)
        self.fn, self.scopes = Function(name), [Scope("function")]
        depth, salt = self.fresh("arg"), self.fresh("arg")
        self.scopes[-1].ints += [depth, salt]
        for _ in range(self.rng.randrange(1, 3)):
            self.stmt_alloc()
        self.body(self.rng.randrange(0, 3), nesting=3)
        more = self.fresh()
        self.emit("%s = arith.cmpi sgt, %s, %s : i64" % (more, depth, self.const_i64(0)))
        below = self.fresh("r")
        self.emit("%s = scf.if %s -> (i64) {" % (below, more))
        self.fn.indent += 1
        next_depth, pointer, result = self.fresh(), self.fresh("fp"), self.fresh()
        self.emit("%s = arith.subi %s, %s : i64" % (next_depth, depth, self.const_i64(1)))
        next_salt = self.salt()
        self.emit("%s = func.constant @%s : %s" % (pointer, pointee, signature))
        self.emit("%s = func.call_indirect %s(%s, %s) : %s"
                  % (result, pointer, next_depth, next_salt, signature))
        self.emit("scf.yield %s : i64" % result)
        self.fn.indent -= 1
        self.emit("} else {")
        self.emit("  scf.yield %s : i64" % salt)
        self.emit("}")
        # Its buffers, read after the calls below have made and filled
        # theirs.
        total = below
        for buf in self.scopes[-1].bufs:
            h, mixed = self.checksum(buf), self.fresh()
            self.emit("%s = arith.addi %s, %s : i64" % (mixed, total, h))
            total = mixed
        self.close_scope()
        self.emit("return %s : i64" % total)
        self.functions.append(self.fn.text("func.func private @%s(%s: i64, %s: i64) -> i64 {"
                                           % (name, depth, salt)))
        self.fn, self.scopes = saved
        out, start = self.fresh("r"), self.const_i64(self.rng.randrange(1, 4))
        operands = "%s, %s" % (start, self.salt())
        if self.rng.random() < 0.5:
            self.emit("%s = func.call @%s(%s) : %s" % (out, name, operands, signature))
        else:
            pointer = self.fresh("fp")
            self.emit("%s = func.constant @%s : %s" % (pointer, name, signature))
            self.emit("%s = func.call_indirect %s(%s) : %s" % (out, pointer, operands, signature))
        if not self.quiet:
            self.emit("vector.print %s : i64" % out)
        self.scopes[-1].ints.append(out)

    def stmt_global(self):
        """A writable memref.global that a function reads
        (memref.get_global) and is also given as its argument, which it
        writes: it copies the global into a buffer, then writes the
        argument, then reads the copy. The read must stay before the
        write, the argument being the global; a reordering that takes
        arguments and globals for different memory moves the write first
        (it would, to end a buffer's life before the copy is made).
        Called with the global, and at times with a buffer of its own."""
        if self.quiet:
            # A write of the global in a parallel loop would race.
            return self.stmt_alloc()
        elem = self.rng.choice(["i32", "i64", "f32", "f64"])
        shape = [self.rng.choice([4, 16, 64, 100])]
        global_name = "g%d" % len(self.globals)
        gtype = "memref<%dx%s>" % (shape[0], elem)
        value = self.rng.randrange(1, 1000)
        self.globals.append('memref.global "private" @%s : %s = dense<%s>' % (
            global_name, gtype, "%d.0" % value if elem[0] == "f" else value))
        name = "f%d" % self.helper_count
        self.helper_count += 1
        helper = {"name": name, "kind": "work", "params": [gtype], "result": "i64",
                  "quiet": False, "needs": [1]}
        saved = (self.fn, self.scopes)
        self.fn, self.scopes = Function(name), [Scope("function")]
        arg, salt = self.fresh("arg"), self.fresh("arg")
        self.scopes[-1].ints.append(salt)
        param = Buf(arg, elem, shape, Root(), strides=[1])
        # A buffer of its own, filled first and written into the argument:
        # moving that write up lets it die before the copy is made.
        source = self.stmt_alloc(elem=elem, shape=shape, dynamic=False)
        g, copy = self.fresh("g"), self.fresh("b")
        self.emit("%s = memref.get_global @%s : %s" % (g, global_name, gtype))
        root = Root()
        root.handle = Buf(copy, elem, shape, root, strides=[1], whole=True)
        self.emit("%s = memref.alloc() : %s" % (copy, gtype))
        self.scopes[-1].roots.append(root)
        self.emit("memref.copy %s, %s : %s to %s" % (g, copy, gtype, gtype))
        if self.rng.random() < 0.7:
            self.emit("memref.copy %s, %s : %s to %s" % (source.name, arg, gtype, gtype))
            source.root.read = True
        else:
            self.fill(param, self.salt())
        h = self.checksum(root.handle)
        self.close_scope()
        self.emit("return %s : i64" % h)
        self.functions.append(self.fn.text("func.func private @%s(%s: %s, %s: i64) -> i64 {"
                                           % (name, arg, gtype, salt)))
        self.helpers.append(helper)
        self.fn, self.scopes = saved
        g = self.fresh("g")
        self.emit("%s = memref.get_global @%s : %s" % (g, global_name, gtype))
        target = self.add_buf(Buf(g, elem, shape, Root(), strides=[1], whole=True))
        self.emit_call(helper, [target])
        self.stmt_check(target)
        if self.rng.random() < 0.3:
            other = self.stmt_alloc(elem=elem, shape=shape, dynamic=False)
            self.emit_call(helper, [other])
            self.stmt_check(other)

    def condition(self):
        x = self.rng.choice(self.visible_ints() or [self.salt()])
        bit = self.fresh()
        one = self.const_i64(1 << self.rng.randrange(3))
        self.emit("%s = arith.andi %s, %s : i64" % (bit, x, one))
        zero = self.const_i64(0)
        cond = self.fresh()
        self.emit("%s = arith.cmpi eq, %s, %s : i64" % (cond, bit, zero))
        return cond

    def stmt_if(self):
        cond = self.condition()
        like = self.rng.choice(self.visible_bufs())
        with_results = self.rng.random() < 0.7
        # The branches yield a buffer of its type: they must not free it.
        protected = self.protected
        self.protected = protected | {like.root}
        result = self.fresh("r")
        merged = Root()
        if with_results:
            self.emit("%s:2 = scf.if %s -> (%s, i64) {" % (result, cond, like.type))
        else:
            self.emit("scf.if %s {" % cond)
        for branch in range(2):
            if branch:
                self.emit("} else {")
            self.fn.indent += 1
            self.scopes.append(Scope("branch"))
            self.body(self.rng.randrange(0, 4))
            if with_results:
                out = self.pick_yield(like, merged)
                h = self.rng.choice(self.visible_ints() or [self.salt()])
                self.close_scope()
                self.emit("scf.yield %s, %s : %s, i64" % (out.name, h, like.type))
            else:
                self.close_scope()
            self.fn.indent -= 1
        self.emit("}")
        self.protected = protected
        if with_results:
            self.add_buf(self.alias(result + "#0", like, merged))
            self.scopes[-1].ints.append(result + "#1")

    def stmt_while(self):
        first = self.rng.choice(self.visible_bufs())
        others = [b for b in self.same_type(first) if b is not first]
        second = self.rng.choice(others) if others else first
        limit = self.const_i64(self.rng.randrange(1, 4))
        start = self.const_i64(0)
        t = first.type
        result = self.fresh("w")
        a, b, n = self.fresh("p"), self.fresh("q"), self.fresh("n")
        self.emit("%s:3 = scf.while (%s = %s, %s = %s, %s = %s) : (%s, %s, i64) -> (%s, %s, i64) {"
                  % (result, a, first.name, b, second.name, n, start, t, t, t, t))
        self.fn.indent += 1
        self.scopes.append(Scope("loop"))
        merged = Root(parents=[first.root, second.root])
        self.add_buf(self.alias(a, first, merged))
        self.add_buf(self.alias(b, first, merged))
        self.scopes[-1].ints.append(n)
        if self.rng.random() < 0.5:
            self.stmt_check()
        cond = self.fresh()
        self.emit("%s = arith.cmpi slt, %s, %s : i64" % (cond, n, limit))
        self.close_scope()
        self.emit("scf.condition(%s) %s, %s, %s : %s, %s, i64" % (cond, a, b, n, t, t))
        self.fn.indent -= 1
        a2, b2, n2 = self.fresh("p"), self.fresh("q"), self.fresh("n")
        self.emit("} do {")
        self.emit("^bb0(%s: %s, %s: %s, %s: i64):" % (a2, t, b2, t, n2))
        self.fn.indent += 1
        self.scopes.append(Scope("loop"))
        pa = self.add_buf(self.alias(a2, first, merged))
        pb = self.add_buf(self.alias(b2, first, merged))
        self.scopes[-1].ints.append(n2)
        self.body(self.rng.randrange(1, 4))
        # Ping-pong, or a buffer of the same type from here or outside.
        out_a = pb if self.rng.random() < 0.7 else self.pick_yield(first, merged)
        out_b = pa if self.rng.random() < 0.7 else self.pick_yield(first, merged)
        one = self.const_i64(1)
        n3 = self.fresh()
        self.emit("%s = arith.addi %s, %s : i64" % (n3, n2, one))
        self.close_scope()
        self.emit("scf.yield %s, %s, %s : %s, %s, i64" % (out_a.name, out_b.name, n3, t, t))
        self.fn.indent -= 1
        self.emit("}")
        self.add_buf(self.alias(result + "#0", first, merged))
        self.add_buf(self.alias(result + "#1", first, merged))
        self.scopes[-1].ints.append(result + "#2")

    def stmt_call(self):
        """Calls a private function: one that reads and writes its buffers
        ("work"), returns its first one ("identity"), or returns a buffer it
        allocates, having read and written those it was given ("make").
        Existing functions are called again at times."""
        kind = self.rng.choice(["work", "work", "identity", "make"])
        for helper in self.rng.sample(self.helpers, len(self.helpers)):
            if helper["kind"] != kind or self.rng.random() < 0.5:
                continue
            if self.quiet and not helper["quiet"]:
                continue
            args = []
            for param, need in zip(helper["params"], helper["needs"]):
                matching = [b for b in self.visible_bufs()
                            if b.type == param and (b.align or 1) >= need]
                if not matching:
                    break
                args.append(self.rng.choice(matching))
            if len(args) == len(helper["params"]):
                return self.emit_call(helper, args)
        if kind == "make":
            # It may read buffers of the caller: the buffer it returns is
            # still its own, not an alias of theirs.
            count = self.rng.randrange(0, 3)
            args = [self.rng.choice(self.visible_bufs()) for _ in range(count)]
        else:
            count = 1 if kind == "identity" else self.rng.randrange(1, 3)
            args = [self.rng.choice(self.visible_bufs()) for _ in range(count)]
        self.emit_call(self.define_helper(kind, args), args)

    def emit_call(self, helper, args):
        salt = self.salt()
        operands = ", ".join([a.name for a in args] + [salt])
        types = ", ".join([a.type for a in args] + ["i64"])
        out = self.fresh("r")
        if self.rng.random() < 0.25:
            # Through a pointer: the callee's address is taken, and the call
            # names no callee, so a planner must assume it may reach any
            # function whose address is taken.
            pointer = self.fresh("fp")
            signature = "(%s) -> %s" % (types, helper["result"])
            self.emit("%s = func.constant @%s : %s" % (pointer, helper["name"], signature))
            self.emit("%s = func.call_indirect %s(%s) : %s"
                      % (out, pointer, operands, signature))
        else:
            self.emit("%s = func.call @%s(%s) : (%s) -> %s"
                      % (out, helper["name"], operands, types, helper["result"]))
        for a, need in zip(args, helper["needs"]):
            a.root.read = True
            # What the callee's accesses ask of the argument, the caller's
            # own argument must give too.
            a.root.needs_align = max(a.root.needs_align, need)
        if helper["kind"] == "work":
            self.scopes[-1].ints.append(out)
        elif helper["kind"] == "identity":
            self.add_buf(self.alias(out, args[0], args[0].root))
        else:
            root = Root()
            root.handle = self.add_buf(self.alias(out, helper["template"], root))
            root.handle.whole = True
            self.scopes[-1].roots.append(root)

    def define_helper(self, kind, args):
        # Named before its body, which may define helpers of its own.
        name = "f%d" % self.helper_count
        self.helper_count += 1
        helper = {"name": name, "kind": kind, "params": [a.type for a in args],
                  "quiet": self.quiet}
        saved = (self.fn, self.scopes)
        fn = Function(name)
        self.fn, self.scopes = fn, [Scope("function")]
        names = [self.fresh("arg") for _ in args]
        salt = self.fresh("arg")
        params = []
        for n, a in zip(names, args):
            param = self.add_buf(self.alias(n, a, Root()))
            # As aligned as this call's argument: accesses that rely on it
            # make the function ask it of every later caller ("needs").
            param.align = a.align
            params.append(param)
        self.scopes[-1].ints.append(salt)
        self.body(self.rng.randrange(1, 6), nesting=3)
        if kind == "work":
            helper["result"] = "i64"
            ret = self.rng.choice(self.visible_ints())
        elif kind == "identity":
            helper["result"] = args[0].type
            ret = names[0]
        else:
            made = self.stmt_alloc()
            made.root.escape()
            helper["template"] = made
            helper["result"] = made.type
            ret = made.name
        self.close_scope()
        helper["needs"] = [p.root.needs_align for p in params]
        self.emit("return %s : %s" % (ret, helper["result"]))
        params = ["%s: %s" % (n, t) for n, t in zip(names, helper["params"])]
        self.functions.append(fn.text("func.func private @%s(%s) -> %s {" % (
            name, ", ".join(params + [salt + ": i64"]), helper["result"])))
        self.helpers.append(helper)
        self.fn, self.scopes = saved
        return helper

    # --- blocks --------------------------------------------------------

    def close_scope(self):
        """Reads every buffer the scope made and nobody read, then
        deallocates some of those that did not leave it."""
        scope = self.scopes[-1]
        for root in scope.roots:
            if not root.read:
                self.stmt_check(root.handle)
        for root in scope.roots:
            if not root.escaped and self.rng.random() < 0.5:
                self.emit("memref.dealloc %s : %s" % (root.handle.name, root.handle.type))
        self.scopes.pop()

    def body(self, count, nesting=None):
        """`count` random statements; regions nest at most 3 deep."""
        depth = len(self.scopes) if nesting is None else nesting
        for _ in range(count):
            if self.budget <= 0:
                return
            self.budget -= 1
            if len(self.visible_bufs()) < 2:
                self.stmt_alloc()
                continue
            choices = [(self.stmt_alloc, 5), (self.stmt_check, 3), (self.stmt_mix, 4),
                       (self.stmt_view, 4), (self.stmt_copy, 1), (self.stmt_map, 2),
                       (self.stmt_free, 1), (self.stmt_aligned, 1),
                       (self.stmt_relive, 1)]
            if depth < 4:
                choices += [(self.stmt_for, 2), (self.stmt_if, 2), (self.stmt_while, 1),
                            (self.stmt_parallel, 2), (self.stmt_hoisted_loop, 1)]
                if self.allow_async:
                    choices.append((self.stmt_async, 2))
                if self.helper_count < 5:
                    choices += [(self.stmt_call, 2), (self.stmt_vectors, 1),
                                (self.stmt_recursive, 1)]
                    if not self.quiet:
                        choices.append((self.stmt_global, 1))
            funcs, weights = zip(*choices)
            self.rng.choices(funcs, weights)[0]()

    def program(self):
        main = Function("body" if self.run_time_sizes else "main")
        self.fn, self.scopes = main, [Scope("function")]
        if self.run_time_sizes:
            self.body_fn = main
            self.emit("%%n1 = arith.addi %%n, %s : index" % self.const_index(1))
        self.budget = self.rng.randrange(8, 40)
        self.body(self.budget)
        self.close_scope()
        self.emit("return")
        if self.run_time_sizes:
            self.functions.append(main.text("func.func @body(%n: index) {"))
            calls = Function("main")
            self.fn = calls
            for n in RUN_TIME_SIZES:
                self.emit("func.call @body(%s) : (index) -> ()" %
                          self.const_index(n))
            self.emit("return")
            self.functions.append(calls.text("func.func @main() {"))
        else:
            self.functions.append(main.text("func.func @main() {"))
        header = "// memplan differential fuzzer, seed %d\n" % self.seed
        return header + "module {\n" + "".join(
            "  " + line + "\n" for line in self.globals) + "\n".join(
            "  " + line for lines in self.functions for line in lines) + "\n}\n"


def generate(seed, openmp=False):
    return Generator(seed, openmp=openmp).program()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    parser.add_argument("--openmp", action="store_true",
                        help="the parallel loops will run through OpenMP: no "
                             "reduction reads a buffer of its loop's body")
    args = parser.parse_args()
    text = generate(args.seed, openmp=args.openmp)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
