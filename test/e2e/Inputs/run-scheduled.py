#!/usr/bin/env python3
"""Runs each program unplanned and after memplan-schedule (alone, and then
planned with memplan-offsets) and compares the outputs. Prints one line per
program and order, and exits with 1 on the first difference. A program that
no order changes is not run again (its reordered text is the input's), nor
is a reordered program another order already gave.

  run-scheduled.py --lower "PASSES" --runner "mlir-runner ..." --orders best,list FILE...

memplan-opt, mlir-opt and the runner are taken from PATH."""

import argparse
import re
import shlex
import subprocess
import sys

ADDRESS = re.compile(r"base@ = 0x[0-9a-fA-F]+")


def run(command, stdin=None):
    result = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(shlex.quote, command))}\n{result.stderr}")
    return result.stdout, result.stderr


def execute(ir, lower, runner):
    lowered, _ = run(["mlir-opt", *shlex.split(lower)], ir)
    output, _ = run(shlex.split(runner), lowered)
    return ADDRESS.sub("base@ = ADDRESS", output)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lower", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--orders", default="best")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    reordered_total = 0
    for path in args.files:
        source = open(path).read()
        as_is, _ = run(["memplan-opt", "-"], source)
        expected = None
        seen = {as_is}
        for order in args.orders.split(","):
            scheduled, remarks = run(["memplan-opt", "-", "--memplan-schedule="
                                      f"order={order} summary=true"], source)
            reordered = sum(int(n) for n in
                            re.findall(r"; (\d+) of \d+ blocks reordered", remarks))
            reordered_total += reordered
            name = path.rsplit('/', 1)[-1]
            if (reordered == 0) != (scheduled == as_is):
                print(f"{name}: order={order}: the text changed "
                      f"{'but' if reordered == 0 else 'and'} {reordered} blocks reordered")
                return 1
            if scheduled in seen:
                print(f"{name}: order={order}: same program as before, "
                      f"{reordered} blocks reordered")
                continue
            seen.add(scheduled)
            if expected is None:
                expected = execute(source, args.lower, args.runner)
            planned, _ = run(["memplan-opt", "-", "--memplan-offsets=greedy-size"],
                             scheduled)
            for what, ir in (("scheduled", scheduled), ("scheduled and planned", planned)):
                if execute(ir, args.lower, args.runner) != expected:
                    print(f"{path}: order={order}: {what} output differs")
                    return 1
            print(f"{name}: order={order}: same output, {reordered} blocks reordered")
    print(f"{reordered_total} blocks reordered in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
