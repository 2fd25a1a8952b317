#!/usr/bin/env python3
"""Checks a memplan report (docs/report.md) against its schema.

Usage: check-report.py REPORT.json

Checks the types and presence of every field, then the plan itself: within
one function and memory space, planned buffers whose lifetimes overlap never
share a byte (offsets) or an object (shared objects), every offset is a
multiple of its buffer's alignment and every buffer fits in its slab or
object. Exits 0 if the report is valid, else 1 with the first problem on
stderr.
"""

import bisect
import json
import sys

SCHEMA = "memplan-report"
VERSION = 1
PASSES = ("memplan-offsets", "memplan-shared-objects")
LEFT_ALONE_KINDS = (
    "dynamic-shape",
    "layout",
    "unsized",
    "returned",
    "captured",
    "freed-elsewhere",
    "region",
    "loop-carried",
)


class ReportError(Exception):
    pass


def is_count(value):
    # JSON integers only: bool is an int in Python but not a count.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def require(obj, key, check, what, where):
    if not isinstance(obj, dict):
        raise ReportError(f"{where}: expected an object")
    if key not in obj:
        raise ReportError(f"{where}: missing '{key}'")
    if not check(obj[key]):
        raise ReportError(f"{where}: '{key}' must be {what}, not {obj[key]!r}")
    return obj[key]


def is_str(value):
    return isinstance(value, str)


def check_space(space, where, offsets_mode):
    require(space, "memory-space", is_str, "a string", where)
    require(space, "strategy", is_str, "a string", where)
    require(space, "buffers", is_count, "a count", where)
    require(space, "lower-bound", is_count, "a count", where)
    require(space, "naive", is_count, "a count", where)
    if "lifetimes-gapped" in space:
        gapped = require(space, "lifetimes-gapped", is_count, "a count", where)
        if gapped == 0 or gapped > space["buffers"]:
            raise ReportError(f"{where}: 'lifetimes-gapped' must be between "
                              "1 and the number of buffers")
    seconds = require(space, "seconds", is_number, "a number", where)
    if seconds < 0:
        raise ReportError(f"{where}: 'seconds' must not be negative")
    require(space, "placement",
            lambda v: v in ("alloc", "global", "argument", "stack"),
            "alloc, global, argument or stack", where)
    proven = require(space, "proven-bound", is_count, "a count", where)
    if proven < space["lower-bound"]:
        raise ReportError(f"{where}: the proven bound is below the lower bound")
    # Every allocation apart is a plan, so no bound passes it.
    if space["naive"] < space["lower-bound"]:
        raise ReportError(f"{where}: 'naive' is below the lower bound")
    if offsets_mode:
        slab = require(space, "slab-bytes", is_count, "a count", where)
        if proven > slab:
            raise ReportError(f"{where}: the proven bound is above the slab")
        require(space, "slab-alignment",
                lambda v: is_count(v) and v > 0 and v & (v - 1) == 0,
                "a power of two", where)
        if "arenas" in space:
            check_arenas(space, where)
    else:
        objects = require(
            space,
            "object-bytes",
            lambda v: isinstance(v, list) and all(is_count(x) for x in v),
            "a list of counts",
            where,
        )
        if proven > sum(objects):
            raise ReportError(f"{where}: the proven bound is above the "
                              "objects' total")


def check_live_ranges(ranges, start, end, where):
    """A gapped lifetime: its ranges are sorted, with gaps between, and
    [start, end) is their hull."""
    if not isinstance(ranges, list) or len(ranges) < 2 or not all(
            isinstance(r, list) and len(r) == 2 and all(is_count(x) for x in r)
            and r[0] < r[1] for r in ranges):
        raise ReportError(f"{where}: 'live-ranges' must be two or more "
                          "non-empty [start, end) pairs")
    if any(a[1] >= b[0] for a, b in zip(ranges, ranges[1:])):
        raise ReportError(f"{where}: 'live-ranges' must be sorted, with gaps")
    if ranges[0][0] != start or ranges[-1][1] != end:
        raise ReportError(f"{where}: 'live-ranges' must span [{start}, {end})")


def check_buffer(buffer, where, offsets_mode):
    require(buffer, "location", is_str, "a string", where)
    require(buffer, "type", is_str, "a string", where)
    require(buffer, "memory-space", is_str, "a string", where)
    status = require(
        buffer, "status", lambda v: v in ("planned", "left-alone"),
        "'planned' or 'left-alone'", where)
    if status == "left-alone":
        reason = require(buffer, "left-alone", lambda v: isinstance(v, dict),
                         "an object", where)
        require(reason, "kind", lambda v: v in LEFT_ALONE_KINDS,
                "one of " + ", ".join(LEFT_ALONE_KINDS), where + ": left-alone")
        require(reason, "message", is_str, "a string", where + ": left-alone")
        return
    require(buffer, "bytes", is_count, "a count", where)
    alignment = require(buffer, "alignment", is_count, "a count", where)
    if alignment == 0 or alignment & (alignment - 1):
        raise ReportError(f"{where}: alignment {alignment} is not a power of two")
    start = require(buffer, "start", is_count, "a count", where)
    end = require(buffer, "end", is_count, "a count", where)
    # memplan gives a buffer it never uses the one point of its allocation:
    # an empty lifetime would hide a buffer from every overlap.
    if end <= start:
        raise ReportError(f"{where}: lifetime [{start}, {end}) is empty")
    if "live-ranges" in buffer:
        check_live_ranges(buffer["live-ranges"], start, end, where)
    if "life" in buffer:
        life = require(buffer, "life", is_count, "a count", where)
        if life:
            require(buffer, "life-begins-at", is_str, "a string", where)
    if "life-begins-each-iteration-at" in buffer:
        require(buffer, "life-begins-each-iteration-at", is_str, "a string",
                where)
    require(buffer, "offset" if offsets_mode else "object", is_count,
            "a count", where)


def check_arenas(space, where):
    arenas = require(space, "arenas", lambda v: isinstance(v, list) and v,
                     "a list of arenas", where)
    if "max-slab-bytes" in space:
        cap = require(space, "max-slab-bytes", is_count, "a count", where)
        if any(arena.get("capacity") != cap for arena in arenas):
            raise ReportError(f"{where}: a part's capacity is not "
                              "'max-slab-bytes'")
    else:
        require(space, "arena-choice",
                lambda v: v in ("best", "traffic", "accessed", "fall-through"),
                "best, traffic, accessed or fall-through", where)
    total = 0
    for arena in arenas:
        label = f"{where}: arena {arena.get('name')!r}"
        require(arena, "name", is_str, "a string", label)
        size = require(arena, "slab-bytes", is_count, "a count", label)
        require(arena, "slab-alignment",
                lambda v: is_count(v) and v > 0 and v & (v - 1) == 0,
                "a power of two", label)
        require(arena, "buffers", is_count, "a count", label)
        kept = require(arena, "accessed-bytes", is_count, "a count", label)
        if "capacity" in arena:
            capacity = require(arena, "capacity", is_count, "a count", label)
            if size > capacity:
                raise ReportError(f"{label}: {size} bytes, above its "
                                  f"capacity of {capacity}")
        if "accessed-bytes-bound" in arena:
            bound = require(arena, "accessed-bytes-bound", is_count,
                            "a count", label)
            if kept > bound or arena.get("fall-through-accessed-bytes", 0) > bound:
                raise ReportError(f"{label}: a choice keeps more accessed "
                                  "bytes than the bound")
        total += size
    if total != space["slab-bytes"]:
        raise ReportError(f"{where}: the arenas take {total} bytes, not the "
                          f"space's {space['slab-bytes']}")
    if sum(arena["buffers"] for arena in arenas) != space["buffers"]:
        raise ReportError(f"{where}: the arenas' buffers do not add up to "
                          "the space's")


def check_plan(function, where, offsets_mode):
    # A slab is a memory space of the function (scope 0) or of each
    # execution of a scope's body (a parallel loop's iteration, an
    # allocation scope: 1, 2, ...); memref.allocas have stack slabs apart.
    spaces = {}
    for index, space in enumerate(function["spaces"]):
        name = (space["memory-space"], space.get("scope", 0),
                space.get("stack", False))
        if name in spaces:
            raise ReportError(f"{where}: memory space '{name[0]}' of scope "
                              f"{name[1]}{' (stack)' if name[2] else ''} "
                              "appears twice")
        spaces[name] = space
    planned = {}
    for index, buffer in enumerate(function["buffers"]):
        if buffer["status"] != "planned":
            continue
        name = (buffer["memory-space"], buffer.get("scope", 0),
                buffer.get("stack", False))
        if name not in spaces:
            raise ReportError(f"{where}: buffer {index} is planned in memory "
                              f"space '{name[0]}' of scope {name[1]}, which "
                              f"has no entry in 'spaces'")
        planned.setdefault(name, []).append((index, buffer))

    for name, space in spaces.items():
        members = planned.get(name, [])
        # Each arena is a slab of its own: its buffers are checked against
        # it and against one another only.
        if "arenas" in space:
            arenas = {arena["name"]: arena for arena in space["arenas"]}
            for index, buffer in members:
                if buffer.get("arena") not in arenas:
                    raise ReportError(f"{where}: buffer {index} names no "
                                      "arena of its space")
            for arena_name, arena in arenas.items():
                check_slab(name, dict(space, **{"slab-bytes": arena["slab-bytes"]}),
                           [m for m in members if m[1]["arena"] == arena_name],
                           f"{where}: arena '{arena_name}'", offsets_mode,
                           check_count=False)
            continue
        check_slab(name, space, members, where, offsets_mode)


def check_slab(name, space, members, where, offsets_mode, check_count=True):
    """The buffers of one slab (an arena's, with `check_count` false) fit
    it, are aligned, and share no byte (or object) while live together."""
    label = f"{where}: memory space '{name[0]}'"
    if name[1]:
        label += f" of scope {name[1]}"
    if name[2]:
        label += " (stack)"
    if check_count and space["buffers"] != len(members):
        raise ReportError(f"{label}: 'buffers' is {space['buffers']} but "
                          f"{len(members)} buffers are planned there")
    for index, buffer in members:
        if offsets_mode:
            offset = buffer["offset"]
            if offset % buffer["alignment"]:
                raise ReportError(
                    f"{label}: buffer {index} at offset {offset} is not "
                    f"aligned to {buffer['alignment']}")
            if offset + buffer["bytes"] > space["slab-bytes"]:
                raise ReportError(
                    f"{label}: buffer {index} ends at byte "
                    f"{offset + buffer['bytes']}, past the "
                    f"{space['slab-bytes']}-byte slab")
        else:
            objects = space["object-bytes"]
            if buffer["object"] >= len(objects):
                raise ReportError(f"{label}: buffer {index} is in object "
                                  f"{buffer['object']}, which does not exist")
            if buffer["bytes"] > objects[buffer["object"]]:
                raise ReportError(
                    f"{label}: buffer {index} has {buffer['bytes']} bytes, "
                    f"more than its object's {objects[buffer['object']]}")
    shared = find_shared(members, offsets_mode)
    if shared:
        what = "bytes" if offsets_mode else "an object"
        raise ReportError(
            f"{label}: buffers {min(shared)} and {max(shared)} are live "
            f"at the same time and share {what}")
    if not offsets_mode:
        check_object_sizes(space["object-bytes"], members, label)


def check_object_sizes(objects, members, label):
    """Each object holds a buffer and is as large as its largest."""
    largest = [None] * len(objects)
    for _, buffer in members:
        held = largest[buffer["object"]] or 0
        largest[buffer["object"]] = max(held, buffer["bytes"])
    for index, (size, needed) in enumerate(zip(objects, largest)):
        if needed is None:
            raise ReportError(f"{label}: object {index} holds no buffer")
        if size != needed:
            raise ReportError(f"{label}: object {index} has {size} bytes, but "
                              f"its largest buffer {needed}")


def find_shared(members, offsets_mode):
    """Two buffers live at the same time that share a byte (or an object),
    or None. A sweep over time: the live buffers are kept in offset order, so
    a new one can only overlap its neighbours, and a plan of many buffers
    live at once is checked in O(n log n) rather than pair by pair. A
    zero-byte buffer or an empty lifetime shares nothing; a gapped lifetime
    enters and leaves the sweep once per interval of its live-ranges."""
    events = []
    for index, buffer in members:
        if buffer["start"] >= buffer["end"] or (offsets_mode and not buffer["bytes"]):
            continue
        # At equal times ends (0) come first: lifetimes are half-open.
        for start, end in buffer.get("live-ranges",
                                     [[buffer["start"], buffer["end"]]]):
            events.append((start, 1, index, buffer))
            events.append((end, 0, index, buffer))
    events.sort(key=lambda event: event[:3])
    live = []  # (offset, end, index) in offset order, or object -> index
    holders = {}
    for _, starts, index, buffer in events:
        if not offsets_mode:
            key = buffer["object"]
            if not starts:
                del holders[key]
            elif key in holders:
                return holders[key], index
            else:
                holders[key] = index
            continue
        item = (buffer["offset"], buffer["offset"] + buffer["bytes"], index)
        at = bisect.bisect_left(live, item)
        if not starts:
            del live[at]
            continue
        if at > 0 and live[at - 1][1] > item[0]:
            return live[at - 1][2], index
        if at < len(live) and live[at][0] < item[1]:
            return live[at][2], index
        live.insert(at, item)
    return None


def check_lives(buffers, where):
    """Each later life of a split allocation follows the one before it, of
    the same allocation, and begins after it ends."""
    for index, buffer in enumerate(buffers):
        life = buffer.get("life", 0)
        if not life:
            continue
        before = buffers[index - 1] if index else {}
        if (before.get("life") != life - 1
                or before.get("location") != buffer["location"]
                or before.get("type") != buffer["type"]):
            raise ReportError(f"{where}: buffers[{index}] is life {life} of "
                              "an allocation, but the entry before it is not "
                              f"its life {life - 1}")
        if buffer["start"] < before["end"]:
            raise ReportError(f"{where}: buffers[{index}] (life {life}) "
                              f"begins at {buffer['start']}, before life "
                              f"{life - 1} ends at {before['end']}")


def check_report(report):
    where = "report"
    require(report, "schema", lambda v: v == SCHEMA, repr(SCHEMA), where)
    require(report, "version", lambda v: v == VERSION, str(VERSION), where)
    pass_name = require(report, "pass", lambda v: v in PASSES,
                        " or ".join(PASSES), where)
    offsets_mode = pass_name == "memplan-offsets"
    options = require(report, "options", lambda v: isinstance(v, dict),
                      "an object", where)
    require(options, "strategy", is_str, "a string", "options")
    require(options, "alignment", is_count, "a count", "options")
    require(options, "time-limit", is_number, "a number", "options")
    functions = require(report, "functions", lambda v: isinstance(v, list),
                        "a list", where)
    for index, function in enumerate(functions):
        fwhere = f"functions[{index}]"
        name = require(function, "name", is_str, "a string", fwhere)
        fwhere += f" (@{name})"
        require(function, "location", is_str, "a string", fwhere)
        require(function, "strategy", is_str, "a string", fwhere)
        spaces = require(function, "spaces", lambda v: isinstance(v, list),
                         "a list", fwhere)
        buffers = require(function, "buffers", lambda v: isinstance(v, list),
                          "a list", fwhere)
        for s, space in enumerate(spaces):
            check_space(space, f"{fwhere}: spaces[{s}]", offsets_mode)
        for b, buffer in enumerate(buffers):
            check_buffer(buffer, f"{fwhere}: buffers[{b}]", offsets_mode)
        check_lives(buffers, fwhere)
        check_plan(function, fwhere, offsets_mode)


def main(argv):
    if len(argv) != 2:
        print("usage: check-report.py REPORT.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as error:
        print(f"{argv[1]}: error: cannot read the report: {error}",
              file=sys.stderr)
        return 1
    try:
        check_report(report)
    except ReportError as error:
        print(f"{argv[1]}: error: {error}", file=sys.stderr)
        return 1
    print(f"{argv[1]}: valid memplan report, "
          f"{len(report['functions'])} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
