"""scripts/oracle-sweep.py: a few of its games agree with the oracles (exit 0), and an
oracle made wrong on purpose is reported as a mismatch naming the variant, seed,
options, action index and the differing actions (exit 1) — the sweep can fail.

Run: PYTHONPATH=python /usr/bin/python3 -m pytest -q python/tests/test_oracle_sweep.py
"""
import importlib.util
import os

import clue_oracle
import sorry_oracle
import sorry_oracle_b

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "oracle-sweep.py")


def load_sweep():
    spec = importlib.util.spec_from_file_location("oracle_sweep", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SMALL = ["--games", "1", "--first-seed", "37000", "--starts", "new,position", "--only",
         r"^(clue clue-1949 3p mode=- bots=rules start=(new|position)|sorry/. sorry 2p mode=- bots=(random|rules) "
         r"start=(new|position))$"]


def test_every_configuration_is_listed(capsys):
    assert load_sweep().main(["--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    for want in ["clue cluedo-swedish 2p mode=declared passages=False bots=rules start=new",
                 "clue cluedo-italian 5p mode=unused-listed bots=random start=new",
                 "sorry/B sorry 4p mode=scoring teams=True bots=rules start=new",
                 "sorry/A sorry 4p mode=teams bots=random start=new"]:
        assert want in listed
    assert not any("cluedo-italian 6p mode=unused-listed" in line for line in listed)   # 2..5 seats


def test_a_few_games_agree(capsys):
    assert load_sweep().main(SMALL) == 0
    out = capsys.readouterr().out
    assert "10 configurations, 10 games (10 ended)" in out
    assert "0 mismatches" in out and "MISMATCH" not in out


def test_a_wrong_clue_oracle_is_reported(monkeypatch, capsys):
    legal = clue_oracle.Flow.legal
    monkeypatch.setattr(clue_oracle.Flow, "legal", lambda self: legal(self) - {"roll"})
    assert load_sweep().main(["--games", "1", "--only", "^clue clue-1949 3p mode=- bots=rules start=new$"]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH clue clue-1949 3p mode=- bots=rules start=new seed 37000 options {} action 0" in out
    assert "engine only ['roll']" in out


def test_wrong_sorry_oracles_are_reported(monkeypatch, capsys):
    monkeypatch.setattr(sorry_oracle, "base_actions", lambda *a: {})
    monkeypatch.setattr(sorry_oracle_b, "legal_base", lambda *a: {})
    assert load_sweep().main(["--games", "1", "--only", "^sorry/. sorry 2p mode=- bots=random start=new$"]) == 1
    out = capsys.readouterr().out
    assert out.count("MISMATCH sorry/") == 2 and "seed 37000" in out and "action 0" in out
    assert "oracle-only []" in out and "oracle only: []" in out       # (the two oracles' wordings)
