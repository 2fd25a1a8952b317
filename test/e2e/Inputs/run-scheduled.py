#!/usr/bin/env python3
"""Runs each program unplanned and after memplan-schedule (then planned with
memplan-offsets) and compares the outputs. Prints one line per program and
order, and exits with 1 on the first difference.

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
        expected = execute(source, args.lower, args.runner)
        for order in args.orders.split(","):
            scheduled, remarks = run(["memplan-opt", "-", "--memplan-schedule="
                                      f"order={order} summary=true"], source)
            reordered = sum(int(n) for n in
                            re.findall(r"; (\d+) of \d+ blocks reordered", remarks))
            reordered_total += reordered
            planned, _ = run(["memplan-opt", "-", "--memplan-offsets=greedy-size"],
                             scheduled)
            for what, ir in (("scheduled", scheduled), ("scheduled and planned", planned)):
                if execute(ir, args.lower, args.runner) != expected:
                    print(f"{path}: order={order}: {what} output differs")
                    return 1
            print(f"{path.rsplit('/', 1)[-1]}: order={order}: same output, "
                  f"{reordered} blocks reordered")
    print(f"{reordered_total} blocks reordered in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
