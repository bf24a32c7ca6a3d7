"""docs/cli.md documents every option of every `parlor` subcommand and every command a
person may type at a `--human` seat. A new option or prompt command that the page does
not name fails here: what is not documented cannot be used."""
import re
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
SUBCOMMANDS = ["play", "simulate", "check", "conform", "replay", "variants"]
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")


def section(title):
    """The text of docs/cli.md from the `## title` heading to the next `## ` one."""
    text = DOC.read_text()
    start = text.index("\n## " + title + "\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def options_in_help(subcommand):
    """The options `parlor SUBCOMMAND --help` lists: the long form, or the short one
    when there is no long form."""
    out = subprocess.run([str(PARLOR), subcommand, "--help"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    found = []
    for line in out.stdout.splitlines():
        m = re.match(r"\s+(-[\w-]+(?:,-[\w-]+)*)\s", line)
        if not m:
            continue
        names = m.group(1).split(",")
        longs = [n for n in names if n.startswith("--")]
        found.append(longs[0] if longs else names[0])
    return [o for o in found if o != "--help"]


@pytest.mark.parametrize("subcommand", SUBCOMMANDS)
def test_every_option_of_the_help_is_in_its_section(subcommand):
    options = options_in_help(subcommand)
    if subcommand in ("play", "simulate", "conform"):
        assert options, "the help listed no option: the parser above no longer reads it"
    text = section(f"`parlor {subcommand}`")
    missing = [o for o in options if not re.search(re.escape(o) + r"(?![\w-])", text)]
    assert not missing, f"docs/cli.md's `parlor {subcommand}` section does not name {missing}"


def test_the_page_has_a_section_for_every_subcommand_the_help_lists():
    out = subprocess.run([str(PARLOR), "--help"], capture_output=True, text=True, timeout=30)
    listed = re.findall(r"^\s{2}(\w+)\s{2,}", out.stdout.split("SUBCOMMANDS:")[-1], re.M)
    assert set(listed) == set(SUBCOMMANDS), listed
    for subcommand in listed:
        section(f"`parlor {subcommand}`")


def test_every_command_of_the_prompt_help_is_documented():
    out = subprocess.run([str(PARLOR), "play", "demo-sleuth", "-n", "3", "--human", "0"],
                         input="help\nquit\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 4, out.stderr
    # The help's lines, from the prompt's answer to `help` to the next prompt: two
    # spaces, the command word, its argument, then at least two spaces and what it does.
    answer = out.stdout.split("seat 0> ")[1]
    commands = re.findall(r"^  ([a-z]+)(?: [A-Z\[\]]+)?  ", "  " + answer.lstrip(), re.M)
    assert {"actions", "view", "log", "board", "save", "quit"} <= set(commands), out.stdout
    text = section("`parlor play`")
    missing = [c for c in commands + ["help"] if f"`{c}" not in text]
    assert not missing, f"docs/cli.md's human-play part does not name the prompt commands {missing}"
