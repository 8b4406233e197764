"""pip install ./python (from the repository root, after `make`): the ddz package with
libddz.so inside it. No compiler runs here: the library is the one `make` built
(build/libddz.so.VERSION), or the file named by $DDZ_LIB."""
import glob
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def find_library():
    env = os.environ.get("DDZ_LIB")
    if env:
        return os.path.realpath(env)
    found = sorted(glob.glob(os.path.join(HERE, "..", "build", "libddz.so.*.*.*")))
    if not found:
        raise SystemExit("ddz: build/libddz.so not found: run `make` in the repository root first "
                         "(or set DDZ_LIB to the library)")
    return os.path.realpath(found[-1])


class BuildWithLibrary(build_py):
    """Copies the shared library into the package as ddz/libddz.so.0 (its SONAME)."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "ddz", "libddz.so.0")
        shutil.copyfile(find_library(), target)
        os.chmod(target, 0o755)


def version():
    with open(os.path.join(HERE, "..", "Makefile")) as f:
        for line in f:
            if line.startswith("VERSION"):
                return line.split("=")[1].strip()
    return "0.0.0"


setup(
    name="ddz",
    version=version(),
    description="Dou Dizhu (斗地主) rules, games, agents and learning environments over the ddz C library",
    license="MIT",
    packages=["ddz", "ddz.douzero"],
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithLibrary},
    zip_safe=False,
)
