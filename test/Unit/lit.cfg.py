# -*- Python -*-
# Runs the GoogleTest unit tests through lit, so check-memplan runs them too.

import os

import lit.formats

config.name = "memplan-unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.memplan_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
