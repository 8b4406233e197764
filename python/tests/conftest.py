"""pytest set-up: the package from this tree (python/), the ddz program and the test data."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

DDZ_BIN = os.environ.get("DDZ_BIN", os.path.join(ROOT, "build", "ddz"))
DATA = os.path.join(ROOT, "tests", "data")
