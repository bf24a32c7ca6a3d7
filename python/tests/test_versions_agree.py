"""One version, said the same everywhere a user can read it: the CMake project
(which `parlor --version` prints), pyproject.toml, setup.py and `parlor.__version__`."""
import re
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI

ROOT = Path(__file__).resolve().parents[2]


def found(path, pattern):
    m = re.search(pattern, (ROOT / path).read_text(), re.M)
    assert m, f"no version in {path}"
    return m.group(1)


def test_every_place_gives_the_same_version():
    cmake = found("CMakeLists.txt", r"^project\(parlor VERSION (\d+\.\d+\.\d+)")
    assert found("pyproject.toml", r'^version = "([^"]+)"') == cmake
    assert found("setup.py", r'^\s*version="([^"]+)"') == cmake
    assert parlor.__version__ == cmake


@pytest.mark.skipif(not Path(PARLOR_CLI).exists(), reason="the parlor command is not built")
def test_the_command_prints_the_version():
    out = subprocess.run([PARLOR_CLI, "--version"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and out.stdout == f"parlor {parlor.__version__}\n"
