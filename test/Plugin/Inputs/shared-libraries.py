"""Checks that a plugin uses the very libMLIR and libLLVM of a tool.

Usage: shared-libraries.py TOOL PLUGIN

Both are resolved with ldd. The plugin must need a libMLIR and a libLLVM,
and each must resolve to the same file as the tool's. Prints one line per
library; exits with 1 and says why otherwise.
"""

import os
import re
import subprocess
import sys


def shared_libraries(path):
    """{soname: real path} of the libMLIR and libLLVM that ldd gives for path."""
    out = subprocess.run(["ldd", path], check=True, capture_output=True,
                         text=True).stdout
    found = {}
    for line in out.splitlines():
        match = re.match(r"\s*(lib(?:MLIR|LLVM)[^ ]*\.so[^ ]*) => (\S+)", line)
        if match:
            found[match.group(1)] = os.path.realpath(match.group(2))
    return found


def main():
    tool, plugin = sys.argv[1:]
    tool_libraries = shared_libraries(tool)
    plugin_libraries = shared_libraries(plugin)
    problems = []
    for prefix in ("libMLIR", "libLLVM"):
        if not any(name.startswith(prefix) for name in plugin_libraries):
            problems.append(f"{plugin} does not link a shared {prefix}")
    for name, path in sorted(plugin_libraries.items()):
        if tool_libraries.get(name) != path:
            problems.append(f"{plugin} loads {name} from {path}, "
                            f"{tool} from {tool_libraries.get(name)}")
        else:
            print(f"{name}: {path}, as {os.path.basename(tool)}")
    for problem in problems:
        print("error: " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
