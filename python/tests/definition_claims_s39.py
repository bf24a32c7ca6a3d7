"""Helpers of the session-39 audit of docs/definition-format.md
(test_definition_claims_s39_*.py): each test writes a small definition under its
tmp_path, as an outside modder would, and checks what the page promises of it
through the documented ways in: `parlor.load`, a game's variables set by a probe
`setup` hook, and the `parlor check` command."""
import os
import subprocess

import parlor
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PARLOR = os.environ.get("PARLOR_CLI") or os.path.join(ROOT, "build", "bin", "parlor")

# The least rules a definition needs to load and play: one action, which ends the
# game. `{probe}` is the body of the setup hook: the Lua that reads what a claim is
# about and keeps it in a game variable (named with '_': a variable may hold what a
# seat may not see, and `parlor check` would say so of a public one).
RULES = """function hooks.setup(g)
{probe}
end
function hooks.actions(g, seat, out) out:add("stop") end
function hooks.apply(g, a) g:finish({{}}, "stopped") end
"""


def write(folder, yaml, lua=None, file="variant.yaml"):
    """`folder` (a pathlib.Path, made) holding `file` with the text `yaml` and, when
    `lua` is given, rules.lua holding it. Returns the folder as a str."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(yaml, encoding="utf-8")
    if lua is not None:
        (folder / "rules.lua").write_text(lua, encoding="utf-8")
    return str(folder)


def root(tmp_path, yaml="", probe="", name="claim", players="{min: 1, max: 2}"):
    """A root definition `name` (its own id) of the given seat range whose rules are
    RULES with the setup body `probe`, and the YAML lines `yaml` after its header."""
    head = f"id: {name}\nplayers: {players}\nscripts: [rules.lua]\n"
    return write(tmp_path / name, head + yaml, RULES.format(probe=probe))


def extension(tmp_path, base, yaml="", name="ext", file="variant.yaml"):
    """A definition `name` extending `base` (an id or a path), with the YAML lines `yaml`."""
    return write(tmp_path / name, f"id: {name}\nextends: {base}\n" + yaml, file=file)


def problems(folder, mods=()):
    """The text of the DefinitionError loading `folder` raises (each problem a line)."""
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(folder, mods=list(mods))
    return str(e.value)


def one_problem(folder, mods=()):
    """The single problem loading `folder` reports, as `file:line:column: key: message`."""
    text = problems(folder, mods)
    assert "\n" not in text, text
    return text


def variables(folder, *names, seats=1, **game):
    """The values of the game variables `names` after set-up of a game of `folder`."""
    g = parlor.load(folder).new_game(seats, seed=1, **game)
    return {n: g.var(n) for n in names}


def check(*args, env=None, cwd=None):
    """`parlor check ARGS...`: (exit code, stdout + stderr)."""
    done = subprocess.run([PARLOR, "check", *args], capture_output=True, text=True, env=env, cwd=cwd)
    return done.returncode, done.stdout + done.stderr


def run(*args, env=None, cwd=None):
    """`parlor ARGS...`: (exit code, stdout, stderr)."""
    done = subprocess.run([PARLOR, *args], capture_output=True, text=True, env=env, cwd=cwd)
    return done.returncode, done.stdout, done.stderr


def env_with(**values):
    """The environment with `values` set (PARLOR_PATH...)."""
    env = dict(os.environ)
    env.update(values)
    return env
