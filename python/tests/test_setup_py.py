"""setup.py's build folder ($TMPDIR/parlor-setuptools-build-<tree hash>) outlives an
install. setuptools copies a module into it only when the tree's file is newer than the
one already there, so installing a tree whose files are older than an earlier install's
(an older checkout) packaged the earlier files, and a module a tree no longer has was
packaged too. The folder was once one per machine, shared by every tree: two trees
installed at once wrote into the same folder."""
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


def _built(tmpdir):
    """The parlor/_api.py files under $TMPDIR's build folders, by folder."""
    return {p.relative_to(tmpdir).parts[0]: p for p in tmpdir.rglob("parlor/_api.py")}


def test_an_older_checkout_packages_its_own_python_files(tmp_path):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    tree = _tree(tmp_path / "tree", "TREE = 'newer'\n", extra="_stale.py")
    _build_py(tree, tmpdir)
    # Check out older files: an older _api.py, and no _stale.py.
    (tree / "python" / "parlor" / "_stale.py").unlink()
    (tree / "python" / "parlor" / "_api.py").write_text("TREE = 'older'\n")
    past = 1_000_000_000
    for f in (tree / "python" / "parlor").iterdir():
        os.utime(f, (past, past))
    _build_py(tree, tmpdir)
    built = _built(tmpdir)
    assert len(built) == 1, built
    (api,) = built.values()
    assert api.read_text() == "TREE = 'older'\n"
    assert not (api.parent / "_stale.py").exists()


def test_two_trees_build_in_folders_of_their_own(tmp_path):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    first = _tree(tmp_path / "first", "TREE = 'first'\n", extra="_first_only.py")
    second = _tree(tmp_path / "second", "TREE = 'second'\n")
    _build_py(first, tmpdir)
    _build_py(second, tmpdir)
    built = _built(tmpdir)
    assert len(built) == 2, f"two trees shared a build folder: {sorted(built)}"
    texts = sorted(p.read_text() for p in built.values())
    assert texts == ["TREE = 'first'\n", "TREE = 'second'\n"]
    for p in built.values():
        assert (p.parent / "_first_only.py").exists() == (p.read_text() == "TREE = 'first'\n")
