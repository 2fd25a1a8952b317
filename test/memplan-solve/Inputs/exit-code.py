"""Runs a command and prints its stdout, its stderr, then `exit=N`.

lit's `not` only says that a command failed; memplan-solve's exit codes say
how, so the tests check them exactly: `%exitcode CMD ... | FileCheck`.
"""

import subprocess
import sys

result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(result.stdout)
sys.stdout.write(result.stderr)
print("exit=%d" % result.returncode)
