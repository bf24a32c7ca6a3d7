"""Saves name a definition or mod loaded from a folder path by its absolute path
(ids stay ids), as `parlor play --save` does, so that they load and replay from any
working folder."""
import json
import os
import subprocess
from pathlib import Path

import parlor
from conftest import PARLOR_CLI

ROOT = Path(__file__).resolve().parents[2]
PARLOR = Path(PARLOR_CLI)


def test_save_names_relative_folders_absolutely(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    rules = parlor.load("variants/demo-sleuth", mods=["./mods/demo-two-dice"])
    assert rules.source == "variants/demo-sleuth"  # as given
    game = rules.new_game(3, seed=2)
    parlor.play(game, bots={0: "random", 1: "random", 2: "random"}, max_actions=40)
    text = game.save()
    saved = json.loads(text)
    assert saved["definition"] == str(ROOT / "variants" / "demo-sleuth")
    assert saved["mods"] == [str(ROOT / "mods" / "demo-two-dice")]

    monkeypatch.chdir(tmp_path)  # elsewhere: the save still loads, and replays
    again = parlor.load_game(None, text)
    assert again == game and again.replay()
    if PARLOR.exists():
        (tmp_path / "s.json").write_text(text)
        out = subprocess.run([str(PARLOR), "replay", "s.json"], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "final state matches" in out.stdout


def test_save_made_after_a_chdir_names_the_folder_loaded(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT / "variants")
    rules = parlor.load("./demo-race")
    game = rules.new_game(2, seed=1)
    monkeypatch.chdir(tmp_path)
    assert json.loads(game.save())["definition"] == str(ROOT / "variants" / "demo-race")


def test_save_keeps_ids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = parlor.new_game("demo-sleuth", 3, seed=1, mods=["demo-two-dice"])
    saved = json.loads(game.save())
    assert saved["definition"] == "demo-sleuth"
    assert saved["mods"] == ["demo-two-dice"]


def test_cli_and_python_name_a_folder_alike(tmp_path, monkeypatch):
    if not PARLOR.exists():
        return
    monkeypatch.chdir(ROOT)
    cli_save = tmp_path / "cli.json"
    subprocess.run([str(PARLOR), "play", "./variants/demo-race", "-n", "2", "-q", "--save", str(cli_save)],
                   check=True, capture_output=True)
    py = json.loads(parlor.new_game("./variants/demo-race", 2, seed=1).save())
    assert json.loads(cli_save.read_text())["definition"] == py["definition"] == str(ROOT / "variants" / "demo-race")
    assert os.path.isabs(py["definition"])
