"""Session 38: an option name one typo from a declared one, given to `parlor play
--option` or to Python's `new_game(options=...)`, is refused with the declared
options and the one meant (the message came from core/table.cpp without a guess;
Lua's `g:option` had one)."""
import os
import subprocess

import pytest

import parlor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PARLOR = os.path.join(ROOT, "build", "bin", "parlor")


def test_python_names_the_option_meant():
    with pytest.raises(parlor.StateError) as e:
        parlor.load("clue-1949").new_game(3, seed=1, options={"pasages": False})
    assert str(e.value) == ("unknown option 'pasages' for clue-1949 (options: passages); "
                            "did you mean 'passages'?")


def test_the_cli_names_the_option_meant():
    r = subprocess.run([PARLOR, "play", "sorry", "--players", "2", "--option", "swap_slide=both"],
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "unknown option 'swap_slide' for sorry (options: " in r.stderr
    assert r.stderr.rstrip().endswith("did you mean 'swap_slides'?")


def test_a_name_near_nothing_gets_no_guess_and_odd_bytes_are_shown_escaped():
    with pytest.raises(parlor.StateError) as e:
        parlor.load("clue-1949").new_game(3, seed=1, options={"zzzzzzzz": 1})
    assert "did you mean" not in str(e.value)
    with pytest.raises(parlor.StateError) as e:
        parlor.load("clue-1949").new_game(3, seed=1, options={"x" * 5000: 1})
    assert len(str(e.value)) < 600
