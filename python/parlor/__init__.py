"""parlor: a scriptable board-game rules engine (Python bindings).

Load a rule set, start a game, list and apply actions, set up exact positions for
tests, save/load/replay games and play them out with bots::

    import parlor
    game = parlor.new_game("demo-sleuth", players=3, seed=7)
    print(game.legal_actions())
    game.apply("roll")
    parlor.play(game, bots={0: "random", 1: "random", 2: "random"})
    print(game.over, game.winners)

See docs/python.md for the full guide.
"""
from __future__ import annotations

import os as _os

# Installed packages ship the variants/ and mods/ folders in parlor/data; the engine
# finds them through $PARLOR_HOME, which must be set before anything is loaded. An
# explicit PARLOR_HOME always wins; in the source tree the compiled-in folder is used.
_DATA = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "data")
if not _os.environ.get("PARLOR_HOME") and _os.path.isdir(_os.path.join(_DATA, "variants")):
    _os.environ["PARLOR_HOME"] = _DATA

from . import _parlor  # noqa: E402
from ._parlor import (  # noqa: E402
    Action,
    BoardError,
    DeductionNotes,
    DefinitionError,
    IllegalActionError,
    ParlorError,
    ScriptError,
    StateError,
)
from ._api import (  # noqa: E402
    Bot,
    CheckFinding,
    CheckReport,
    Game,
    ParlorWarning,
    Ruleset,
    check,
    conform,
    data_dir,
    load,
    load_game,
    new_game,
    play,
    simulate,
    variants,
)

def _refusal_reason(error: IllegalActionError) -> str:
    """The why of a refusal without the action and seat before it: the message is
    "'<action>' is not legal for seat N now: <why>" (or "...now; legal actions are:
    ...", "'<action>': <why>"); a message of another form is returned whole."""
    message = str(error)
    for separator in (" now: ", " now; ", "': "):
        at = message.find(separator)
        if at >= 0:
            return message[at + len(separator):]
    return message


IllegalActionError.reason = property(  # type: ignore[attr-defined]
    _refusal_reason, doc="Why the action was refused, without the action and seat that str(error) starts with.")

__all__ = [
    "Action",
    "BoardError",
    "Bot",
    "CheckFinding",
    "CheckReport",
    "DeductionNotes",
    "DefinitionError",
    "Game",
    "IllegalActionError",
    "ParlorError",
    "ParlorWarning",
    "Ruleset",
    "ScriptError",
    "StateError",
    "check",
    "conform",
    "data_dir",
    "load",
    "load_game",
    "new_game",
    "play",
    "simulate",
    "variants",
]
__version__ = "0.1.0"
