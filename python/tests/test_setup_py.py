"""setup.py's build folder is one per machine ($TMPDIR/parlor-setuptools-build), shared
by every tree installed there. setuptools copies a module into it only when the tree's
file is newer than the one already there, so installing a tree whose files are older
than an earlier install's (another clone, an older checkout) packaged the earlier
tree's Python files, and a module a tree no longer has was packaged too."""
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _tree(where, api_text, extra=None):
    """A tree with this repository's setup.py and a parlor package whose _api.py says
    ``api_text`` (only build_py is run: no CMake)."""
    (where / "python" / "parlor").mkdir(parents=True)
    shutil.copy(ROOT / "setup.py", where / "setup.py")
    for name in ("__init__.py", "_parlor.pyi", "py.typed"):
        (where / "python" / "parlor" / name).write_text("")
    (where / "python" / "parlor" / "_api.py").write_text(api_text)
    if extra:
        (where / "python" / "parlor" / extra).write_text("# only in this tree\n")
    (where / "variants").mkdir()
    (where / "mods").mkdir()
    return where


def _build_py(tree, tmpdir):
    env = dict(os.environ, TMPDIR=str(tmpdir))
    subprocess.run([sys.executable, "setup.py", "-q", "build_py"], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_a_tree_installed_after_another_packages_its_own_python_files(tmp_path):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    newer = _tree(tmp_path / "newer", "TREE = 'newer'\n", extra="_stale.py")
    older = _tree(tmp_path / "older", "TREE = 'older'\n")
    # The older tree's files are older than the newer tree's (an older checkout, say).
    past = 1_000_000_000
    for f in (older / "python" / "parlor").iterdir():
        os.utime(f, (past, past))
    _build_py(newer, tmpdir)
    _build_py(older, tmpdir)
    built = [p for p in tmpdir.rglob("parlor/_api.py")]
    assert built, "no build folder under $TMPDIR"
    newest = max(built, key=lambda p: p.stat().st_ctime_ns)   # the one written last (mtimes are copied)
    lib = newest.parent
    assert newest.read_text() == "TREE = 'older'\n"
    assert not (lib / "_stale.py").exists()
