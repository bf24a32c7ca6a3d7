"""What `pip install .` installs, without the minutes of compiling it: setup.py's
build_py run on this tree lays out the package and its data (every folder of
variants/ and mods/ in parlor/data), and that package, given the module the tree
built, plays from another folder without PARLOR_HOME: its own variants and mods, by
id and by path, never the tree's (docs/python.md, "With pip"). The full install is
checked by hand: README.md, "Python"."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "python" / "parlor").glob("_parlor*.so"))
pytestmark = pytest.mark.skipif(not MODULES, reason="the _parlor module is not built")


def _built_package(tmp_path):
    """parlor/ as setup.py's build_py writes it (under $TMPDIR), plus the tree's module.
    build_py runs egg_info first, which writes python/parlor.egg-info into the tree
    unless told where: under tmp_path, so that two tests building at once (pytest -n)
    do not write the same files, and the tree is left as it was."""
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    egg = tmp_path / "egg"
    egg.mkdir()
    subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(egg), "build_py"],
                   cwd=ROOT, check=True,
                   env=dict(os.environ, TMPDIR=str(tmpdir)),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (package,) = [p.parent for p in tmpdir.rglob("parlor/__init__.py")]
    site = tmp_path / "site"
    shutil.copytree(package, site / "parlor")
    shutil.copy(MODULES[0], site / "parlor")
    return site


def _python_folder():
    """Every file under the tree's python/ (but Python's own caches), with its mtime."""
    return {p.relative_to(ROOT).as_posix(): p.stat().st_mtime_ns for p in (ROOT / "python").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_every_variant_and_mod_is_in_the_data(tmp_path):
    before = _python_folder()
    data = _built_package(tmp_path) / "parlor" / "data"
    # Nothing written into the tree (python/parlor.egg-info was, by every run).
    assert _python_folder() == before
    for folder in ("variants", "mods"):
        tree = sorted(p.relative_to(ROOT / folder).as_posix() for p in (ROOT / folder).rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)
        shipped = sorted(p.relative_to(data / folder).as_posix() for p in (data / folder).rglob("*")
                         if p.is_file())
        assert shipped == tree, folder


def test_the_package_plays_its_own_data_from_elsewhere(tmp_path):
    site = _built_package(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PARLOR_HOME", "PARLOR_PATH")}
    env["PYTHONPATH"] = str(site)
    script = """
import os, parlor
data = os.path.join(os.path.dirname(parlor.__file__), "data")
assert parlor.data_dir() == data, parlor.data_dir()
assert all(v["folder"].startswith(data) for v in parlor.variants())
assert "demo-inquest" in [v["id"] for v in parlor.variants()]
game = parlor.new_game("sorry", 4, seed=1)
parlor.play(game, bots="auto")
assert game.over and game.winners == [0], game.winners
by_id = parlor.load("clue-1949", mods=["clue-doorway-suggestions"])
by_path = parlor.load("clue-1949", mods=[os.path.join(data, "mods", "clue-room-without-card")])
for rules in (by_id, by_path):
    game = rules.new_game(4, seed=1)
    parlor.play(game, bots="rules")
    assert game.end_reason == "correct accusation", game.end_reason
assert parlor.load("demo-inquest").cards("when") == ["morning", "evening", "midnight"]
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", script], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stderr
