#!/usr/bin/env python3
"""Runs every ```sh block of a Markdown guide, in order, in one bash.

Usage: scripts/check-guide.py GUIDE.md [--root DIR] [--tools-dir DIR]

The blocks run as one script under `set -euo pipefail` in a scratch folder,
with MEMPLAN set to the repository (--root, default: this script's
checkout) and --tools-dir put first on PATH. A failing command fails the
check and names its block. Prints "guide: N blocks ran" on success.
Python standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK_RE = re.compile(r"^```sh\n(.*?)^```$", re.S | re.M)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("guide")
    parser.add_argument("--root", default=ROOT)
    parser.add_argument("--tools-dir", default=None)
    args = parser.parse_args()

    blocks = BLOCK_RE.findall(open(args.guide).read())
    if not blocks:
        sys.exit("check-guide: no ```sh blocks in %s" % args.guide)
    script = ["set -euo pipefail"]
    for number, block in enumerate(blocks, 1):
        script.append("echo 'guide: block %d' >&2" % number)
        script.append(block)
    env = dict(os.environ, MEMPLAN=os.path.abspath(args.root))
    if args.tools_dir:
        env["PATH"] = os.path.abspath(args.tools_dir) + os.pathsep + env["PATH"]
    with tempfile.TemporaryDirectory() as work:
        result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work,
                                env=env, capture_output=True, text=True)
    if result.returncode != 0:
        reached = re.findall(r"guide: block (\d+)", result.stderr)
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit("check-guide: block %s of %s failed (exit %d)" % (
            reached[-1] if reached else "?", args.guide, result.returncode))
    print(result.stdout, end="")
    print("guide: %d blocks ran" % len(blocks))


if __name__ == "__main__":
    main()
