"""Builds and installs the `parlor` Python package.

The extension parlor._parlor is built by CMake (target `_parlor`, tests off) in a
temporary build folder; the variants/ and mods/ folders are shipped as package data
in parlor/data, which parlor/__init__.py hands to the engine through PARLOR_HOME.

    /usr/bin/python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation .
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))

# setuptools' own build folder: out of the repository's CMake build/ folder, and one
# per tree, so that two trees installed at once (two clones, two checkouts) do not
# write their modules into the same folder.
SETUPTOOLS_BUILD = os.path.join(
    tempfile.gettempdir(),
    "parlor-setuptools-build-" + hashlib.sha256(ROOT.encode()).hexdigest()[:12])


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Runs `cmake` configure + build for the `_parlor` target."""

    def build_extension(self, ext):
        out = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        os.makedirs(out, exist_ok=True)
        build_dir = tempfile.mkdtemp(prefix="parlor-cmake-")
        try:
            configure = [
                "cmake", "-S", ROOT, "-B", build_dir,
                "-DCMAKE_BUILD_TYPE=Release",
                "-DPARLOR_BUILD_TESTS=OFF",
                "-DPARLOR_BUILD_PYTHON=ON",
                f"-DPython3_EXECUTABLE={sys.executable}",
                f"-DPARLOR_PYTHON_OUTPUT_DIR={out}",
            ]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            subprocess.check_call(configure)
            jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
            subprocess.check_call(["cmake", "--build", build_dir, "--target", "_parlor", "-j", jobs])
        finally:
            shutil.rmtree(build_dir, ignore_errors=True)
        built = os.path.abspath(self.get_ext_fullpath(ext.name))
        if not os.path.exists(built):
            raise RuntimeError(f"CMake did not produce {built}")


class BuildPyWithData(build_py):
    """Copies the package, always, and variants/ and mods/ into parlor/data.

    The build folder (below) outlives an install, and setuptools copies a module only
    when the tree's file is newer than the one there: after a checkout of older files,
    the last build's modules would ship. So every module is copied, and one the tree
    no longer has is removed."""

    def initialize_options(self):
        super().initialize_options()
        self.force = True

    def finalize_options(self):
        super().finalize_options()
        self.force = True

    def run(self):
        package = os.path.join(self.build_lib, "parlor")
        source = os.path.join(ROOT, "python", "parlor")
        if os.path.isdir(package):
            for name in os.listdir(package):
                if name.endswith((".py", ".pyi")) and not os.path.exists(os.path.join(source, name)):
                    os.remove(os.path.join(package, name))
        super().run()
        data = os.path.join(self.build_lib, "parlor", "data")
        for folder in ("variants", "mods"):
            src = os.path.join(ROOT, folder)
            dst = os.path.join(data, folder)
            if os.path.exists(dst):
                shutil.rmtree(dst)
            if os.path.isdir(src):
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                os.makedirs(dst, exist_ok=True)


setup(
    name="parlor",
    version="0.1.0",
    package_dir={"": "python"},
    packages=["parlor"],
    package_data={"parlor": ["py.typed", "*.pyi"]},
    ext_modules=[CMakeExtension("parlor._parlor")],
    cmdclass={"build_ext": CMakeBuild, "build_py": BuildPyWithData},
    zip_safe=False,
    options={"build": {"build_base": SETUPTOOLS_BUILD}},
)
