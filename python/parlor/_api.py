"""Typed Python wrappers over the native module parlor._parlor."""
from __future__ import annotations

import collections.abc as _abc
import copy as _copy
import json as _json
import os as _os
import warnings as _warnings
from typing import Any, Callable, Collection, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _parlor
from ._parlor import Action, DefinitionError, IllegalActionError, ParlorError, ScriptError, StateError


class ParlorWarning(UserWarning):
    """A problem parlor works around: a definition of the search path that does not
    load is left out of :func:`variants`; a ``names:`` key that looks misspelt
    (:meth:`Ruleset.warnings`) is kept."""

#: What a Python bot may return: an Action, its canonical text, or an index into `legal`.
Choice = Union[Action, str, int]
#: A bot: any callable ``bot(view, legal) -> Choice`` (or an object with such a
#: ``choose`` method), or the string ``"random"`` for the core's RandomBot or
#: ``"rules"`` for the definition's own bot (``hooks.bot``).
BotLike = Union[Callable[[Dict[str, Any], List[Action]], Choice], "Bot", str]


def _check_counts(what: str, counts: Sequence[Tuple[str, Any, int]]) -> None:
    """A StateError naming ``what`` for a count (name, value, least) that is no whole number of at least ``least``."""
    for name, value, least in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise StateError(f"{what}: {name} must be a whole number, {least} or more, not {value!r}")


def _rules_for(what: str, ruleset: Union["Ruleset", str], mods: Sequence[str], mode: Optional[str]) -> "Ruleset":
    """The ruleset ``conform`` or ``simulate`` plays: the one given, or a variant id or
    folder loaded with ``mods``; ``mode``, when given, must be one of its modes."""
    if isinstance(ruleset, Ruleset) and mods:
        raise StateError(f"{what}: mods= is for a variant given by id or folder; a Ruleset has its mods already "
                         f"({ruleset.id}): load it with them")
    rules = ruleset if isinstance(ruleset, Ruleset) else load(ruleset, mods)
    if mode is not None and mode not in rules.modes:
        raise StateError(f"unknown mode '{mode}' for {rules.id} (modes: {', '.join(rules.modes) or 'none'})")
    return rules


def conform(ruleset: Union["Ruleset", str], players: Optional[int] = None, mode: Optional[str] = None,
            games: int = 20, seed: int = 1, mods: Sequence[str] = (), max_actions: int = 0,
            options: Optional[Mapping[str, Any]] = None, policy: str = "both") -> List[Dict[str, Any]]:
    """Runs the conformance suite (``parlor conform``) on a ruleset, or a variant id or
    folder with ``mods``: each case (every seat count up to 6, and each mode with its
    fewest and most seats; ``players`` plays that many seats instead, without a mode
    and in each mode allowing it, more than 6 included; ``mode`` keeps only that mode)
    plays ``games`` random games from ``seed`` checking every promise of the engine,
    and three games between the definition's own bots, with the same checks and
    played again in a second runtime. Returns one dict a case: ``players``,
    ``mode`` (None: the default options), ``games``, ``actions``, ``failures`` (a
    list of messages; empty when the case passes) and ``notes`` (what a check could
    not check, and why: the first three; ``notes_left_off`` counts the others; a case
    with notes passes, docs/cli.md), so a test may
    ``assert not any(c["failures"] for c in parlor.conform(rules))``. Random play of
    some rule sets is long: a case stops starting games past 100,000 actions (playing
    at least 10), so ``games`` may be fewer than asked. ``max_actions`` bounds a game
    (default 200,000), for a quicker verdict on games that never end. ``options``
    (option id -> value, as ``new_game`` takes them) play in every case, over its
    mode's: a combination no mode names; a value the definition refuses is a
    ``StateError`` before any game. ``policy`` says how the random games choose:
    ``"uniform"`` among the legal actions, ``"by-type"`` an action type first (uniformly
    among the types listed), then one of its actions, or ``"both"`` (the default):
    ``games`` games of each, from the same seeds. A deduction game lists hundreds of
    accusations at most decisions, so its uniform games are a few actions long; drawn
    by type they reach interrogations and refutations. ``games`` and ``actions`` count
    every random game; ``games_by_type`` and ``actions_by_type`` those drawn by type,
    whose failures say "drawing by action type"."""
    if policy not in ("uniform", "by-type", "both"):
        raise StateError(f"conform: policy is 'uniform', 'by-type' or 'both', not {policy!r}")
    _check_counts("conform", (("games", games, 1), ("seed", seed, 0), ("max_actions", max_actions, 0)))
    # The native call takes a C int, a 64-bit seed and a size: past them pybind11 said
    # "incompatible function arguments" and listed its signature.
    if games > 2**31 - 1:
        raise StateError(f"conform: games must be at most {2**31 - 1}, not {games}")
    if seed > 2**64 - 1:
        raise StateError(f"conform: seed must be at most 2**64 - 1, not {seed}")
    if max_actions > 2**64 - 1:
        raise StateError(f"conform: max_actions must be at most 2**64 - 1, not {max_actions}")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise StateError(f"conform: players: a number of seats, not {players!r}")
    if players is not None and not 1 <= players <= 64:
        raise StateError(f"conform: players: a game has 1 to 64 seats, not {players}")
    rules = _rules_for("conform", ruleset, mods, mode)
    options = _options_dict(options, "conform")
    rules._check_option_types(options)
    cases = _parlor.conformance_cases(rules._rs, players or 0, mode or "")
    if not cases:
        raise StateError(f"{rules.id}" + (f" in mode '{mode}'" if mode else "") + f" is played by {players} "
                         f"players nowhere: it takes {rules.min_players} to {rules.max_players} players "
                         "(and its modes theirs)")
    out = []
    for n, m in cases:
        report = _parlor.conform(rules._rs, n, m, games, seed, max_actions, options, policy)
        out.append({"players": n, "mode": m or None, **report})
    return out


def simulate(ruleset: Union["Ruleset", str], players: Optional[int] = None, games: int = 100, seed: int = 1,
             options: Optional[Mapping[str, Any]] = None, mode: Optional[str] = None, bots: str = "auto",
             mods: Sequence[str] = (), max_actions: int = 100_000) -> Dict[str, Any]:
    """Bots play ``games`` games with seeds ``seed``, ``seed + 1``, ... and the result
    says what they add up to (``parlor simulate``). Each game is the one
    ``parlor play --seed`` (and ``play(game, "random" or "rules")`` on
    ``new_game(players, seed, options, mode)``) plays. ``players`` defaults to the
    mode's fewest, or the ruleset's; ``bots`` is ``"random"``, ``"rules"`` (the
    definition's own bot) or ``"auto"`` (``"rules"`` when it has one).

    Returns a dict: ``variant``, ``mods``, ``players``, ``options`` (as played, the
    mode's included), ``bots`` (``"random"`` or ``"rules"``), ``first_seed``,
    ``games``, ``ended``, ``not_ended_seeds`` (games stopped at ``max_actions``),
    ``actions`` and ``turns`` (over the games that ended: ``mean``, ``median``,
    ``min``, ``min_seed``, ``max``, ``max_seed``; None when none ended), ``wins`` (by
    seat: a game several seats win counts for each), ``no_winner``, ``shared_wins``,
    ``team_wins`` (``[{"seats": [...], "wins": n}]``), ``endings`` (reason -> games),
    ``mean_scores`` (by seat), ``scored`` (any seat scored in any game), and
    ``outcomes``: a dict a game (``seed``, ``ended``, ``actions``, ``turns``,
    ``winners``, ``end_reason``, ``scores``). Seeds are ints here (texts in the
    command's JSON). A game that fails raises its error (ScriptError for a rules
    error) with a message beginning "the game with seed N failed: ".

    Ctrl-C stops it with KeyboardInterrupt after the game being played, or at the
    rules' next Lua instruction. The games are played without the GIL: threads with
    a Ruleset each simulate in parallel (docs/python.md, "Threads, interrupts and
    copies")."""
    _check_counts("simulate", (("games", games, 1), ("seed", seed, 0), ("max_actions", max_actions, 1)))
    if games > 2**31 - 1:
        raise StateError(f"simulate: games must be at most {2**31 - 1}, not {games}")
    if seed + games - 1 > 2**64 - 1:
        raise StateError(f"simulate: seed {seed} with {games} games: the last game's seed would pass 2**64 - 1")
    if max_actions > 2**64 - 1:
        raise StateError(f"simulate: max_actions must be at most 2**64 - 1, not {max_actions}")
    if bots not in ("random", "rules", "auto"):
        raise StateError(f"simulate: bots is 'random', 'rules' or 'auto', not {bots!r}")
    rules = _rules_for("simulate", ruleset, mods, mode)
    if players is None:
        players = rules.modes[mode]["min_players"] if mode is not None else rules.min_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise StateError(f"players: a number of seats, not {players!r}")
    if not rules.min_players <= players <= rules.max_players:
        _c_int(players, "players")   # the engine says which counts the definition allows
    options = _options_dict(options, "simulate")
    rules._check_option_types(options)
    has_bot = "bot" in rules.hook_origins()
    if bots == "rules" and not has_bot:
        raise StateError(f"simulate: bots='rules', but {rules.id} has no bot of its own (hooks.bot); use 'random'")
    run = rules._rs.simulate(players, options, mode, bots, games, seed, max_actions)
    out = dict(run["summary"])
    del out["type"]
    for spread in ("actions", "turns"):
        if out[spread] is not None:
            out[spread]["min_seed"] = int(out[spread]["min_seed"])
            out[spread]["max_seed"] = int(out[spread]["max_seed"])
    out["not_ended_seeds"] = [int(s) for s in out["not_ended_seeds"]]
    outcomes = []
    for game in run["outcomes"]:
        game = dict(game, seed=int(game["seed"]))
        del game["type"]
        outcomes.append(game)
    out.update(variant=rules.id, mods=list(rules.mods), players=players, options=run["options"],
               bots="rules" if bots == "rules" or (bots == "auto" and has_bot) else "random", first_seed=seed,
               outcomes=outcomes)
    return out


class CheckFinding:
    """One problem or warning of :func:`check`: ``kind`` (one word: see
    docs/python.md, "Checking a definition"), ``message`` (the text ``parlor check``
    prints for it), and where it is when known, else None: ``file`` and ``line`` (of
    the YAML or Lua), ``key`` (the key path it is about, ``"options.motive"``)."""

    __slots__ = ("kind", "message", "file", "line", "key")

    def __init__(self, kind: str, message: str, file: Optional[str] = None, line: Optional[int] = None,
                 key: Optional[str] = None) -> None:
        self.kind, self.message, self.file, self.line, self.key = kind, message, file, line, key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheckFinding):
            return NotImplemented
        return all(getattr(self, a) == getattr(other, a) for a in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, a) for a in self.__slots__))

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        where = f"{self.file}:{self.line}" if self.file and self.line else (self.file or "")
        return f"CheckFinding({self.kind!r}, {where!r}, {self.message.splitlines()[0][:80]!r})"


class CheckReport:
    """What :func:`check` found: ``problems`` (what ``parlor check`` counts in "N
    problem(s) found"; ``errors`` is the same list) and ``warnings``, each a list of
    :class:`CheckFinding`; ``ok`` (no problem: the command's exit code 0, warnings or
    not); ``text`` (what the command prints, byte for byte), ``exit_code`` (0 or 1),
    ``id`` and ``chain`` of the definition (``""`` and ``[]`` when it does not load)."""

    def __init__(self, native: Dict[str, Any]) -> None:
        self.id: str = native["id"]
        self.chain: List[str] = list(native["chain"])
        self.problems: List[CheckFinding] = [CheckFinding(**f) for f in native["problems"]]
        self.warnings: List[CheckFinding] = [CheckFinding(**f) for f in native["warnings"]]
        self.text: str = native["text"]
        self.exit_code: int = native["exit_code"]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def errors(self) -> List[CheckFinding]:
        return self.problems

    @property
    def findings(self) -> List[CheckFinding]:
        """The problems, then the warnings."""
        return self.problems + self.warnings

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return (f"<CheckReport {self.id or '(not loaded)'}: {len(self.problems)} problem(s), "
                f"{len(self.warnings)} warning(s)>")


def check(ruleset: Union["Ruleset", str, "_os.PathLike[str]"], mods: Sequence[str] = ()) -> CheckReport:
    """``parlor check`` from Python: loads a variant or mod (an id or a folder) with
    ``mods`` on top, or takes a loaded :class:`Ruleset`, and runs the command's own
    check on it: every load problem; its trial games (the fewest and the most
    players, default options and each mode, seed 1, 200 actions of random bots, then
    of its own bots, each action type tried once); and the warnings (``names:`` keys,
    hooks nothing calls, options no hook reads). Returns a :class:`CheckReport` with
    the findings and texts the command prints for the same arguments, so a modder's
    test may ``assert parlor.check("./my-mod").ok`` (no problem) and
    ``assert not parlor.check("./my-mod").warnings``. A definition with problems is
    a report, not an exception; a name that finds no definition at all raises
    DefinitionError, as the command exits with 2. A Ruleset is checked with rules
    loaded again (the games it played do not count, and the trial games change none
    of its games), as ``parlor check`` checks the id or folder and mods it was
    loaded from. Ctrl-C stops it with KeyboardInterrupt; it runs without the GIL."""
    if isinstance(mods, str):
        raise TypeError("mods must be a list of mod ids or folders, not a string")
    if isinstance(ruleset, Ruleset):
        if mods:
            raise StateError(f"check: mods= is for a variant given by id or folder; a Ruleset has its mods already "
                             f"({ruleset.id}): load it with them")
        return CheckReport(ruleset._rs.check())
    if not isinstance(ruleset, (str, _os.PathLike)):
        raise TypeError(f"check: the variant is an id or a folder (a str or path), or a Ruleset, not {ruleset!r}")
    for m in mods:
        if not isinstance(m, (str, _os.PathLike)):
            raise TypeError(f"check: a mod is an id or a folder (a str or path), not {m!r}")
    return CheckReport(_parlor.check(_os.fspath(ruleset), [_os.fspath(m) for m in mods]))


def data_dir() -> str:
    """The folder holding ``variants/`` and ``mods/`` ($PARLOR_HOME, the installed
    package's data folder, or the source tree)."""
    return _parlor.data_dir()


def variants() -> List[Dict[str, Any]]:
    """Every playable variant found in the search path ($PARLOR_PATH, then
    ``data_dir()/variants``), sorted by id.

    Each entry is a dict with ``id``, ``title`` (English, or the first one given),
    ``titles`` (language -> title), ``min_players``, ``max_players``, ``options``: a
    list of dicts with ``id``, ``type``, ``default``, ``help`` (and ``min``/``max``
    for int options, ``choices`` for choice options), ``modes`` (mode id -> dict
    with ``help``, ``options``, ``min_players``, ``max_players``) and ``folder``.

    A definition of the search path whose YAML does not load is left out with a
    warning (``ParlorWarning``) naming it and why, as ``parlor variants`` does; its Lua
    is not run here (a script's error shows at :func:`load`).
    """
    found = []
    for v in _parlor.variant_ids():
        try:
            found.append(_parlor.definition_info(v))
        except (DefinitionError, ScriptError) as e:
            _warnings.warn(f"{v} does not load: {e}", ParlorWarning, stacklevel=2)
    return found


class Ruleset:
    """A loaded definition (YAML + Lua rules, with its bases and mods).

    Reusable: every game created from it shares the loaded rules, which hold no game
    state. Create one with :func:`parlor.load`.
    """

    def __init__(self, native: "_parlor.Ruleset") -> None:
        self._rs = native
        self._info = native.info()

    @property
    def id(self) -> str:
        """The loaded definition's id (``"demo-sleuth"``, ``"demo-sleuth+my-mod"``)."""
        return self._rs.id

    @property
    def source(self) -> str:
        """The variant id or folder as given to :func:`load`."""
        return self._rs.source

    @property
    def mods(self) -> List[str]:
        """The mods as given to :func:`load`."""
        return list(self._rs.mods)

    @property
    def title(self) -> str:
        return self._info["title"]

    @property
    def min_players(self) -> int:
        return self._info["min_players"]

    @property
    def max_players(self) -> int:
        return self._info["max_players"]

    @property
    def options(self) -> List[Dict[str, Any]]:
        """Declared options (dicts with id, type, default, help...)."""
        return list(self._info["options"])

    @property
    def modes(self) -> Dict[str, Dict[str, Any]]:
        """Named option sets the definition declares (``modes:``): mode id -> dict
        with ``help``, ``options``, ``min_players``, ``max_players``."""
        return {k: dict(v) for k, v in self._info["modes"].items()}

    def option_defaults(self) -> Dict[str, Any]:
        """Option id -> default value."""
        return {o["id"]: o["default"] for o in self._info["options"]}

    def cards(self, category: Optional[str] = None) -> List[str]:
        """Card ids in definition order; with ``category``, that category's cards only
        (``parlor.load("demo-inquest").cards("when")`` is ``['morning', 'evening',
        'midnight']``: what a test or a bot needs to note an answer about a whole
        category). A category that is none is a ``ValueError`` naming the categories."""
        if category is None:
            return self._rs.cards()
        kinds = dict(self._rs.card_categories())
        found = [card for card, kind in kinds.items() if kind == category]
        if not found:
            names = list(dict.fromkeys(kinds.values()))
            raise ValueError(f"{self.id}: {category!r} is no card category (the categories: "
                             f"{', '.join(names) if names else 'none'})")
        return found

    def card_copies(self) -> Dict[str, List[str]]:
        """Key -> its copies, lowest number first, for each card of the definition with
        ``count: N`` (``{"seven": ["seven-1", ..., "seven-4"], ...}``); the set-up
        edits take the key for one of its copies (:meth:`Game.setup`)."""
        return _copies_of(self._rs.cards())

    def card_key(self, card: str) -> str:
        """The key a card was made by: ``"seven"`` for ``"seven-2"`` (a copy of ``seven:
        {count: 4}``), the id itself for a card without ``count:`` (and for a key); so a
        test compares a hand with what a player reads, ``sorted(map(rules.card_key,
        game.hand(0)))``. Raises StateError for an unknown card."""
        if isinstance(card, str) and card in self.card_copies():
            return card
        if not isinstance(card, str) or card not in self._rs.cards():
            raise StateError(f"card_key: unknown card {card!r}"
                             + (_did_you_mean(card, [*self._rs.cards(), *self.card_copies()])
                                if isinstance(card, str) else ""))
        for key, copies in self.card_copies().items():
            if card in copies:
                return key
        return card

    def card_categories(self) -> Dict[str, str]:
        """Card id -> its category (``"suspect"``, ``"weapon"``, ``"room"``, a house
        rule's own...), in definition order: a test of a new deduction game need not
        write its categories out again."""
        return dict(self._rs.card_categories())

    def pieces(self) -> List[str]:
        """Piece ids in definition order."""
        return self._rs.pieces()

    def zones(self) -> List[Dict[str, Any]]:
        """Zone declarations: dicts with id, visibility, per_seat, ordered."""
        return self._rs.zones()

    def warnings(self) -> List[str]:
        """One of the warnings ``parlor check`` prints, found without playing:
        ``names:`` keys one typo from an id (``cedr`` for the card ``cedar``), each as
        ``file:line: names.<lang>.<key>: ...``. :func:`load` also issues each as a
        :class:`ParlorWarning`. :func:`check` has all the command's problems and
        warnings."""
        return list(self._rs.warnings())

    def hook_origins(self) -> Dict[str, str]:
        """Hook name -> "definition (file:line)" of the function in force."""
        return self._rs.hook_origins()

    def name(self, id: str, lang: str = "en") -> str:
        """Display name of a card, piece, place, zone, category or option in ``lang``
        (the definition's ``names:``), falling back to English, then (for a copy of a
        counted card, ``"seven-2"``) to its key's name, then to the id itself."""
        return self._rs.name(id, lang)

    def new_game(self, players: int, seed: int = 1, options: Optional[Mapping[str, Any]] = None,
                 mode: Optional[str] = None) -> "Game":
        """Starts a game for ``players`` seats (runs the ``setup`` hook).

        ``mode`` names one of :attr:`modes`: its options are used, and ``options``
        given here override them. An option's value has its Python type: a ``bool``
        option takes True or False (not ``"no"`` nor 1), an ``int`` option an int, a
        ``choice`` or ``string`` option a str. Raises StateError for a bad seat count,
        seed, mode or options, ScriptError if set-up fails.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise StateError(f"players: a number of seats, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            _c_int(players, "players")   # the engine says which counts the definition allows
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
            raise StateError(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
        options = _options_dict(options, "new_game")
        self._check_option_types(options)
        game = Game(self._rs.new_game(players, seed, options, mode))
        game.__dict__["_bots_played"] = ["", 0]   # the game its seed sets up (see _bots_record)
        return game

    def _check_option_types(self, options: Mapping[str, Any]) -> None:
        """A StateError for a value of the wrong Python type (the engine would read the
        text "no" as False, which is for the command line's NAME=VALUE)."""
        expects = {"bool": (bool,), "int": (int,), "choice": (str,), "string": (str,)}
        words = {"bool": "True or False", "int": "an int", "choice": "a str", "string": "a str"}
        for spec in self.options:
            if spec["id"] not in options:
                continue
            value, kind = options[spec["id"]], spec["type"]
            wrong_bool = kind == "int" and isinstance(value, bool)
            if kind in expects and (wrong_bool or not isinstance(value, expects[kind])):
                raise StateError(f"option '{spec['id']}' expects {words[kind]}, not {value!r}")

    def load_game(self, json_text: Union[str, Dict[str, Any]]) -> "Game":
        """Loads a game saved by :meth:`Game.save` (its final state is restored; set-up
        edits included), or a bare :meth:`Game.state` dumped as JSON, with these rules.
        Raises StateError for a malformed save."""
        if isinstance(json_text, dict):
            json_text = _json.dumps(json_text)
        game = Game(self._rs.load_game(json_text))
        if game._g.saved_bots:
            # The bots the save says played it from the start (parlor play's --bots, or
            # what play() noted): random ones given to play() next are caught up
            # (docs/python.md, "Determinism"), and the game's own save names them again.
            game.__dict__["_bots_played"] = [game._g.saved_bots, game._g.history_size]
        return game

    def __repr__(self) -> str:
        return f"<parlor.Ruleset {self.id}>"

    # game.ruleset makes a new wrapper at each reading: two wrappers of one loaded
    # definition are equal (and hash alike), so game.ruleset == rules and a dict keyed
    # by Ruleset find it. Two loads of the same files are two Rulesets.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self._rs is other._rs

    def __hash__(self) -> int:
        return hash(id(self._rs))

    def __reduce__(self) -> Any:
        # Pickled as what loads it again: the definition and mods by id, or by absolute
        # folder path (as saves name them), so it unpickles in another process.
        source, mods = self._rs.saved_names
        return (load, (source, list(mods)))

    # copy and deepcopy give the Ruleset itself, as for any value that does not change
    # (every game of it shares it already): reloading, as pickle must, read the files
    # again, which may have changed or gone (a mod in a temporary folder) since.
    def __copy__(self) -> "Ruleset":
        return self

    def __deepcopy__(self, memo: Any) -> "Ruleset":
        return self


def load(variant: str, mods: Sequence[str] = ()) -> Ruleset:
    """Loads a variant (an id searched in the search path, or a folder) with ``mods``
    (ids searched in the variant path then ``mods/``, or folders) layered on top.

    Raises DefinitionError (message: ``file:line:column: key: problem``) or
    ScriptError.
    """
    if isinstance(mods, str):
        raise TypeError("mods must be a list of mod ids or folders, not a string")
    if not isinstance(variant, (str, _os.PathLike)):
        # str(5) would be looked for as the variant '5', and str(None) as 'None'.
        raise TypeError(f"load: the variant is an id or a folder (a str or path), not {variant!r}")
    rules = Ruleset(_parlor.load_ruleset(str(variant), [str(m) for m in mods]))
    for w in rules.warnings():
        _warnings.warn(w, ParlorWarning, stacklevel=2)
    return rules


def new_game(variant: str, players: int, seed: int = 1, options: Optional[Mapping[str, Any]] = None,
             mods: Sequence[str] = (), mode: Optional[str] = None) -> "Game":
    """Shortcut for ``load(variant, mods).new_game(players, seed, options, mode)``."""
    return load(variant, mods).new_game(players, seed, options, mode)


def _saved_definition(saved: Dict[str, Any]) -> Optional[str]:
    """The definition a save names (None when it names none), or a StateError."""
    named = saved.get("definition")
    if named is not None and not isinstance(named, str):
        raise StateError(f"saved game, field 'definition': expected a variant id or folder, got {named!r}")
    return named


def _save_header(json_text: Any) -> Any:
    """What load_game reads of a save before the engine loads it: a dict of its top
    object's "format", "definition" and "mods" (as json.loads of the whole text has
    them), or the top value when it is no object (None stands for any). The engine
    reads the text (_parlor.save_header) without making a Python object of every event:
    json.loads of the whole save was the load's peak, some three times the save's
    size. A text its reader refuses is parsed here as before, so that the error is
    the one said before."""
    header = _parlor.save_header(json_text)
    if header is not None:
        is_object, values = header
        return {key: _json.loads(value) for key, value in values.items()} if is_object else None
    try:
        return _json.loads(json_text)
    except (ValueError, RecursionError) as e:
        # The engine's reader words it as every other load does ("invalid JSON at
        # offset 6: a number with a leading zero", "nesting too deep"); Python's says
        # something else, or raises RecursionError for nesting thousands deep.
        _parlor.loads_state(json_text)
        raise StateError(f"not JSON: {e}") from None


def load_game(ruleset_or_variant: Union[Ruleset, str, None], json_text: Union[str, Dict[str, Any]]) -> "Game":
    """Loads a saved game (the JSON text of :meth:`Game.save`), or a bare
    :meth:`Game.state` (as JSON text or as the dict itself).

    ``ruleset_or_variant`` is a :class:`Ruleset`, a variant id/folder (the save's
    mods are then loaded too), or None to use the definition and mods named in the
    save (a bare state names its definition by id, mods included as
    ``base+mod``, which only a Ruleset given here can load)."""
    if isinstance(json_text, dict):
        json_text = _json.dumps(json_text)
    if isinstance(json_text, str) and len(json_text) > _parlor.MAX_SAVE_BYTES:
        # Before json.loads below: a text past the limit is refused whole, as the CLI
        # refuses the file (a text within it in characters but not in UTF-8 bytes is
        # refused by the engine's own load).
        raise StateError(f"a saved game of {len(json_text)} characters is more than the "
                         f"{_parlor.MAX_SAVE_BYTES // (1024 * 1024)} MB a saved game may have (docs/cli.md)")
    if isinstance(ruleset_or_variant, Ruleset):
        return ruleset_or_variant.load_game(json_text)
    if ruleset_or_variant is not None and not isinstance(ruleset_or_variant, (str, _os.PathLike)):
        raise TypeError(f"load_game: the rules are a parlor.Ruleset, a variant id or folder, or None (the "
                        f"save's own), not {ruleset_or_variant!r}")
    saved = _save_header(json_text)
    mods: List[str] = []
    named_by_save = ruleset_or_variant is None
    if isinstance(saved, dict) and saved.get("format") == "parlor-game-1":
        named = saved.get("mods") or []
        if not isinstance(named, list) or not all(isinstance(m, str) for m in named):
            raise StateError(f"saved game, field 'mods': expected a list of mod ids or folders, got {named!r}")
        mods = named
        if ruleset_or_variant is None:
            ruleset_or_variant = _saved_definition(saved)
    elif isinstance(saved, dict) and saved.get("format") == "parlor-state-1" and ruleset_or_variant is None:
        ruleset_or_variant = _saved_definition(saved)
        if ruleset_or_variant and "+" in ruleset_or_variant:
            raise StateError(f"load_game: the state is of '{ruleset_or_variant}' (a definition with mods): give "
                             "the Ruleset it was played with, load_game(parlor.load(base, mods=[...]), state)")
    if not ruleset_or_variant:
        raise StateError("load_game: no ruleset or variant given and the save names none (its key "
                         "'definition' is missing or empty): give the Ruleset or variant it was played with")
    # Its names read, what was parsed of the save is dropped before the engine reads the
    # text (a text the engine refused was parsed whole by json.loads).
    del saved
    if named_by_save:
        try:
            rules = load(ruleset_or_variant, mods)
        except ParlorError as e:
            # As the CLI's --resume says it: the names came from the save, not from the
            # caller, so say so before the loader's own words.
            with_mods = f" with the mods {', '.join(mods)!r}" if mods else ""
            raise type(e)(f"the save names the definition {ruleset_or_variant!r}{with_mods}, which no longer "
                          f"load{'' if mods else 's'}:\n{e}") from None
        return rules.load_game(json_text)
    return load(ruleset_or_variant, mods).load_game(json_text)


class Game:
    """One game: a ruleset and its complete state.

    ``actor`` is the seat that must act now, ``turn`` the seat whose turn it is
    (they differ while, say, a refuter chooses a card to show). Every change either
    happens completely or raises and leaves the game exactly as it was.
    """

    def __init__(self, native: "_parlor.Game") -> None:
        self._g = native

    # ---- reading ------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played with."""
        return Ruleset(self._g.ruleset)

    @property
    def actor(self) -> int:
        """The seat that must act now (-1 once the game is over)."""
        return self._g.actor

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._g.turn

    @property
    def turn_number(self) -> int:
        return self._g.turn_number

    @property
    def over(self) -> bool:
        return self._g.over

    @property
    def winners(self) -> List[int]:
        """Winning seats once the game is over (may be empty)."""
        return list(self._g.winners)

    @property
    def end_reason(self) -> str:
        return self._g.end_reason

    @property
    def scores(self) -> List[int]:
        """Score per seat."""
        return list(self._g.scores)

    @property
    def statuses(self) -> List[str]:
        """Status per seat ("active", "out", ...)."""
        return list(self._g.statuses)

    @property
    def num_seats(self) -> int:
        return self._g.num_seats

    @property
    def seed(self) -> int:
        return self._g.seed

    def seat_name(self, seat: int, lang: Optional[str] = "en") -> Optional[str]:
        """What ``seat`` plays, as a person at the table knows it: ``"Mrs. White"`` for
        Clue's seat 2, ``"Red"`` for Sorry!'s seat 0, in ``lang`` (the definition's
        ``names:``, falling back to English, as :meth:`Ruleset.name`). ``lang=None``
        gives what the rules' hook ``seat_name`` returned, an id (``"white"``, the piece
        :meth:`where` finds) or a text. None when the rules name nothing for the seat
        (demo-heist, or a definition without the hook). Asked of the game as it stands;
        never recorded in the log. Raises StateError for a seat that does not exist,
        ScriptError when the hook fails or returns something else than a text or nil."""
        seat = self._seat(seat, "seat_name")
        if lang is None:
            name = self._g.seat_name(seat)
        elif isinstance(lang, str):
            name = self._g.seat_display_name(seat, lang)
        else:
            raise StateError(f"seat_name: lang is a language code such as 'en' or 'es', or None for the id, not {lang!r}")
        return name or None

    def notebook(self, seat: int) -> Optional[Dict[str, Any]]:
        """``seat``'s detective notebook: what the seat's own observations prove about
        who holds each card, as the rules' hook ``notebook`` says (docs/hooks.md; the
        deduction games' is ``deduction_bot.notebook``), from the seat's view only. A
        dict: ``cards`` maps every card id to ``{"holder": seat or None, "lacks":
        [seats known not to hold it]}``, ``solution`` lists the cards proved to be in
        the solution (in no hand), ``broken`` is True when the observations contradict
        each other, and ``seat`` is the seat. None when the rules keep no notebook
        (Sorry!, or a definition without the hook). Asked of the game as it stands;
        never recorded. Raises StateError for a seat that does not exist, ScriptError
        when the hook fails or answers something else than a notebook."""
        return self._g.notebook(self._seat(seat, "notebook"))

    @property
    def history(self) -> List[Action]:
        """Every action applied so far, in order."""
        return list(self._g.history)

    def legal_actions(self) -> List[Action]:
        """The actions the seat that must act may take, sorted by text (empty when over)."""
        return self._g.legal_actions()

    def state(self) -> Dict[str, Any]:
        """The full state as plain data (the save format: zones, pieces, seats, RNG,
        vars, log, history...)."""
        return self._g.state()

    def _seat_or_all(self, seat: Optional[int], what: str) -> int:
        """The engine's seat argument: -1 for None (everything); any other seat must
        exist. A -1 (``game.actor`` once the game is over) or a seat beyond the last
        would otherwise be read as "everything" or as a spectator."""
        if seat is None:
            return -1
        return self._seat(seat, what, "; None: everything")

    def _seat(self, seat: Any, what: str, more: str = "") -> int:
        """``seat`` when it is a seat of this game; a StateError naming ``what`` otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._g.num_seats:
            raise StateError(f"{what}: no seat {seat!r} (seats are 0..{self._g.num_seats - 1}{more})")
        return seat

    def view(self, seat: Optional[int]) -> Dict[str, Any]:
        """What ``seat`` may know, as plain data (None: the omniscient view)."""
        return self._g.view(self._seat_or_all(seat, "view"))

    def log(self, seat: Optional[int] = None, since: int = 0) -> List[Dict[str, Any]]:
        """Events ``seat`` may see (None: all), from ``seq`` ``since`` on. Each is a dict
        with ``seq`` (its position in the full log), ``type``, ``visible_to`` (``"all"``
        or a list of seats) and ``data``. ``log(seat, since=n)`` reads only what is new
        since the full log held ``n`` events (:attr:`log_size`)."""
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise StateError(f"log: since is a position in the log (0 or more), not {since!r}")
        # Past the log's end there is nothing new (2**70 did not fit the native call).
        return self._g.log(self._seat_or_all(seat, "log"), min(since, self._g.log_size))

    @property
    def log_size(self) -> int:
        """How many events the full log holds (the ``seq`` the next event will have)."""
        return self._g.log_size

    def zone(self, zone: str) -> List[str]:
        """Card ids in a zone (``"envelope"``, ``"hand:0"``); for piles the top is last."""
        try:
            return self._g.zone_cards(zone)
        except StateError:
            if zone in self._g.zone_ids():
                raise
        raise StateError(f"zone: unknown zone {zone!r} (zones are: {', '.join(self._g.zone_ids())})")

    def hand(self, seat: int) -> List[str]:
        """Cards in ``seat``'s copy of the definition's per-seat zone (of the one only
        its owner sees, when there are several)."""
        return self.zone(f"{self._per_seat_zone('hand()')}:{self._seat(seat, 'hand')}")

    def where(self, piece: str) -> Optional[str]:
        """The place of a piece, or None when it is off the board."""
        try:
            return self._g.piece_place(piece)
        except StateError:
            if piece in self._g.ruleset.pieces():
                raise
        raise StateError(f"where: unknown piece {piece!r} (pieces are: {', '.join(self._g.ruleset.pieces())})")

    # ---- acting -------------------------------------------------------------------

    def apply(self, action: Union[Action, str]) -> Action:
        """Applies an Action or its canonical text (``"move 3,1"``) for the seat that
        must act; returns the Action applied: the listed one, when the rules' same_as
        hook took the one given for another way of writing it (docs/hooks.md).

        Raises IllegalActionError (the message says why) or ScriptError; either way
        the game is left unchanged.
        """
        if isinstance(action, Action):
            # Action("move attic") is of type "move attic" with no argument: its text is
            # a listed action's, but it is no action the rules list. Say so rather than
            # "'move attic' is not legal ...; legal actions are: ... 'move attic'".
            words = [action.type, *action.args]
            if any(not w or any(ch in " \t\n\v\f\r" for ch in w) for w in words):   # as Action.parse splits
                raise IllegalActionError(
                    f"'{action.text}': an Action's type and each of its arguments are one word each, "
                    f"not type {action.type!r} with arguments {action.args!r}: apply the text, or make "
                    f"the Action with Action.parse({action.text!r}, seat)")
            # -1 (an Action made without a seat) means the seat that must act; no
            # other negative number is a seat.
            if action.actor == -1:
                action = Action(action.type, action.args, self._g.actor)
            elif action.actor < 0:
                raise IllegalActionError(f"'{action.text}': seat {action.actor} is no seat (an Action's actor is "
                                         f"a seat 0..{self.num_seats - 1}, or -1 for the seat that must act)")
            return self._g.apply(action)
        if isinstance(action, str):
            return self._g.apply_text(action)
        raise TypeError(f"apply() takes an Action or its text, not {type(action).__name__}")

    # ---- copies, saves, replays ---------------------------------------------------

    def clone(self) -> "Game":
        """An independent copy of the game's state (sharing the rules). The bots
        :func:`play` keeps with the game are not copied: ``"random"`` bots start their
        sequence afresh on the clone (see :meth:`__deepcopy__`)."""
        return Game(self._g.clone())

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "Game":
        """The game and what :func:`play` keeps with it: the ``"random"`` bots'
        generators where they stand, and how much of the log each Python bot has seen,
        so that ``play(copy.deepcopy(game), bots)`` plays exactly as ``play(game, bots)``
        would (the rules are shared, as the Ruleset is never copied; the bots given to
        ``play`` are the caller's and are not copied). The ``"rules"`` bots are not
        copied (a Lua bot's memory lives in the rules' Lua state): the copy's are made at
        its first ``play``, given the whole log. Other attributes a program set on the
        game are deep-copied."""
        twin = Game(self._g.clone())
        memo[id(self)] = twin
        for key, value in self.__dict__.items():
            if key == "_g":
                continue
            if key == "_python_bots_seen":
                # (seat, id(bot)) -> (bot, log size): the caller's bots themselves, not copies.
                twin.__dict__[key] = dict(value)
            elif key == "_rules_bots":
                # A Lua bot's memory lives in the rules' Lua state and is not copied: the
                # twin's own bots are made at its first play, given the whole log.
                continue
            else:
                twin.__dict__[key] = _copy.deepcopy(value, memo)
        return twin

    def __eq__(self, other: object) -> bool:
        """Two games are equal when their complete states are (RNG, log and history included)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._g.same_state(other._g)

    __hash__ = None  # type: ignore[assignment]

    def save(self, indent: int = 1) -> str:
        """The game as JSON text: definition, mods, seats, seed, options, every action
        and the complete final state (the format of ``parlor play --save``). A
        definition or mod loaded from a folder path is named by its absolute path
        (as it was when :func:`load` ran), so the save loads from any working
        folder; one loaded by id stays an id. A game :func:`play` played from its start
        with one kind of built-in bot (``"random"``, ``"rules"`` or ``"auto"``, a seat's
        Python bot aside) names it under ``"bots"``, as ``parlor play --save`` does, so
        that :func:`load_game` and ``parlor play --resume`` go on with the same bots."""
        return self._g.save_json(_indent(indent, "save"), self._saved_bots())

    def save_file(self, path: Union[str, _os.PathLike], indent: int = 1) -> None:
        """Writes :meth:`save`'s text, and a newline, to the file ``path``, as
        ``parlor play --save`` does: made and written part by part, so a long game's
        save never sits whole in memory (:meth:`save` holds it twice, as text and as
        the ``str``), and written beside the file first (``path + ".part"``) then
        renamed over it, so a write cut short leaves the file as it was. Raises
        OSError naming the path when it is a folder, a device or a pipe, its folder
        is missing or the write fails; a link is written through (the file it names
        replaced, the link kept)."""
        self._g.save_file(_os.fspath(path), _indent(indent, "save_file"), self._saved_bots())

    def _saved_bots(self) -> str:
        """What the save names under "bots" ("" for nothing): see _bots_record."""
        record = self.__dict__.get("_bots_played")
        if record is None or not record[0] or record[1] != self._g.history_size:
            return ""
        return str(record[0])

    def _edited(self, position: bool = True) -> None:
        """After an edit: the game is no longer what its seed and bots play (its save
        names no bots), and after an edit of the position (not of rigged outcomes) the
        definition's bots kept by play are dropped, to be made afresh at the next call
        and given the whole log: their memory was of a position that no longer is."""
        self.__dict__["_bots_played"] = [None, self._g.history_size]
        if position:
            self.__dict__.pop("_rules_bots", None)

    to_json = save

    def __reduce__(self) -> Any:
        # Pickled as its save (the final state is restored on loading, set-up edits and
        # rigged outcomes included), for multiprocessing and the like.
        return (_game_from_save, (self.save(indent=0),))

    @staticmethod
    def from_json(json_text: str, ruleset: Union[Ruleset, str, None] = None) -> "Game":
        """Inverse of :meth:`to_json`; see :func:`parlor.load_game`."""
        return load_game(ruleset, json_text)

    def replay_difference(self) -> str:
        """Re-creates the game from its seed and options, re-applies its history and
        returns the first difference from this game's state ("" when identical)."""
        return self._g.replay_difference()

    def replay(self) -> bool:
        """True when replaying seed + actions reaches exactly this state. Games edited
        with set-up methods do not replay (the edits are not actions)."""
        return self._g.replay_difference() == ""

    def check_invariants(self) -> str:
        """The first broken engine invariant, or "" (always "" unless something is wrong)."""
        return self._g.invariant_problem()

    # ---- scenario set-up ------------------------------------------------------------

    def place_card(self, card: str, zone: str) -> None:
        """Moves a card to the top of a zone (a card a pile holds already goes to its
        top too). Raises StateError for unknown names.

        A key of counted cards (``"seven"``) moves one of its copies. To a pile (an
        ordered zone), the lowest-numbered copy the pile holds goes on top (the
        lowest-numbered copy, wherever it is, when the pile has none); to a hand, the
        lowest-numbered copy not in it, so that each call adds one (when every copy
        is there, the hand is unchanged)."""
        _id_text(card, "place_card", "card")
        _id_text(zone, "place_card", "zone")
        if zone in self._g.zone_ids():
            names = _CardNames(self._g)
            here = self._g.zone_cards(zone)
            ordered = self._g.zone_ordered(zone)
            if names.is_key(card):
                copies = names.copies[card]
                if ordered:
                    card = next((c for c in copies if c in here), copies[0])
                else:
                    card = next((c for c in copies if c not in here), copies[0])
            if ordered and card in here:
                # The engine leaves a card where it is in its own zone; "to the top"
                # is what a test putting the next draw in place means.
                if here[-1] != card:
                    self._g.set_zone_order(zone, [c for c in here if c != card] + [card])
                    self._edited()
                return
        elif isinstance(card, str) and _CardNames(self._g).is_key(card):
            _known_zone(self._g, zone, "place_card")
        self._g.place_card(card, zone)
        self._edited()

    def place_piece(self, piece: str, place: Optional[str]) -> None:
        """Moves a piece to a place (None: off the board). Raises StateError for an
        unknown piece or place (walls are not places) or a full place."""
        _id_text(piece, "place_piece", "piece")
        if place is not None:
            _id_text(place, "place_piece", "place")
        self._g.place_piece(piece, place or "")
        self._edited()

    def rig_rolls(self, rolls: Iterable[int]) -> None:
        """Appends die results used before the RNG (after any still rigged)."""
        self._g.rig_rolls(_rolls(rolls, "rig_rolls"))
        self._edited(position=False)

    def clear_rigged(self) -> None:
        """Forgets the rigged rolls and shuffles not used yet (see :meth:`setup`)."""
        self._g.clear_rigged()
        self._edited(position=False)

    def rig_shuffle(self, zone: str, order: Sequence[str]) -> None:
        """Forces the order (top last) produced by the next shuffle of ``zone``. Cards
        are named by their ids; a key of counted cards (``"seven"``) only when the order
        lists every copy of it (by key or id): which copies the zone holds is known only
        at that shuffle, and with all of them listed none can be missing. The keys then
        take the copies not named by id, lowest number first."""
        what = f"rig_shuffle({zone!r})"
        self._g.rig_shuffle(zone, _CardNames(self._g).shuffled(_ids(order, what), what))
        self._edited(position=False)

    def set_zone_order(self, zone: str, order: Sequence[str]) -> None:
        """Reorders a zone (top last); ``order`` must be a permutation of its cards.
        A key of counted cards (``"seven"``) is the lowest-numbered copy of the zone
        not named by its id in ``order``."""
        what = f"set_zone_order({zone!r})"
        order = _ids(order, what)
        names = _CardNames(self._g)
        if any(names.is_key(c) for c in order):
            order = names.within(_known_zone(self._g, zone, what), order, what)
        self._g.set_zone_order(zone, order)
        self._edited()

    def stack_draws(self, zone: str, cards: Sequence[str]) -> None:
        """Makes ``cards`` the next cards drawn from the pile ``zone``, in draw order:
        ``cards[0]`` goes on top (the zone's last card), and the pile's other cards keep
        their order beneath them, as ``setup(draws={zone: cards})``. Each card must be in
        the pile, and no more than it holds (what is drawn after a refill is a rigged
        shuffle's: :meth:`rig_shuffle`). A key of counted cards (``"seven"``) is the
        lowest-numbered copy in the pile not named by its id in ``cards``."""
        what = f"stack_draws({zone!r})"
        cards = _ids(cards, what)
        _stack_draws(self._g, _CardNames(self._g), zone, cards, what)
        self._edited(position=False)

    def set_turn(self, seat: int) -> None:
        """Begins ``seat``'s turn (runs the ``turn_start`` hook)."""
        self._g.set_turn(self._seat(seat, "set_turn"))
        self._edited()

    def var(self, key: str) -> Any:
        """A game variable's value (``g:get``), or None when it is not set: what
        ``state()["vars"][key]`` holds, without building the whole state (whose cost
        grows with the log)."""
        if not isinstance(key, str):
            raise StateError(f"var: a variable's name is a str, not {key!r}")
        return self._g.var(key)

    def seat_var(self, seat: int, key: str) -> Any:
        """One of a seat's own variables (``g:seat_get``), or None when it is not set."""
        if not isinstance(key, str):
            raise StateError(f"seat_var: a variable's name is a str, not {key!r}")
        return self._g.seat_var(self._seat(seat, "seat_var"), key)

    def set_var(self, key: str, value: Any) -> None:
        """Sets a game variable (None deletes it)."""
        if not isinstance(key, str):
            raise StateError(f"set_var: a variable's name is a str, not {key!r}")
        self._g.set_var(key, value)
        self._edited()

    def set_seat_status(self, seat: int, status: str) -> None:
        """Sets a seat's status (only ``"active"`` seats take turns; Clue's wrong
        accuser is ``"out"``), recording the public ``status`` event the rules'
        ``g:set_status`` records."""
        if not isinstance(status, str) or not status:
            raise StateError(f"set_seat_status: a status is a non-empty str, not {status!r}")
        self._g.set_seat_status(self._seat(seat, "set_seat_status"), status)
        self._edited()

    def set_seat_var(self, seat: int, key: str, value: Any) -> None:
        """Sets one of a seat's own variables (``g:seat_get`` reads it; None deletes it)."""
        if not isinstance(key, str):
            raise StateError(f"set_seat_var: a variable's name is a str, not {key!r}")
        self._g.set_seat_var(self._seat(seat, "set_seat_var"), key, value)
        self._edited()

    def set_score(self, seat: int, score: int) -> None:
        """Sets a seat's score."""
        if isinstance(score, bool) or not isinstance(score, int) or not -2**63 <= score < 2**63:
            raise StateError(f"set_score: a score is a whole number that fits 64 bits, not {score!r}")
        self._g.set_score(self._seat(seat, "set_score"), score)
        self._edited()

    def setup(self, *, hands: Optional[Mapping[int, Sequence[str]]] = None,
              zones: Optional[Mapping[str, Sequence[str]]] = None,
              pieces: Optional[Mapping[str, Optional[str]]] = None,
              rolls: Optional[Sequence[int]] = None,
              deck_order: Optional[Mapping[str, Sequence[str]]] = None,
              shuffles: Optional[Mapping[str, Sequence[str]]] = None,
              draws: Optional[Mapping[str, Sequence[str]]] = None,
              vars: Optional[Mapping[str, Any]] = None,
              statuses: Optional[Mapping[int, str]] = None,
              seat_vars: Optional[Mapping[int, Mapping[str, Any]]] = None,
              scores: Optional[Mapping[int, int]] = None,
              turn: Optional[int] = None) -> "Game":
        """Sets up an exact position, all or nothing: on any problem StateError is
        raised and the game is unchanged.

        - ``hands={seat: [cards]}`` and ``zones={zone: [cards]}``: each listed zone
          ends up holding exactly the listed cards (ordered zones in the given
          order, top last). Cards a listed zone held but that are not listed go, one
          for one, to the zones the listed cards came from (so the other hands keep
          their sizes); any left over go to the definition's first zone.
        - A card made by ``count: N`` (``seven-1`` .. ``seven-4`` of ``seven: {count: 4}``)
          may be named by its key, ``"seven"``: one copy, never one this set-up names
          by its id for another zone; in ``hands``/``zones`` a copy drawn or ordered
          there by its id first, then one the listed zone holds already, then the
          lowest-numbered one; in ``deck_order``/``draws``
          the lowest-numbered one the zone holds that the same list does not name
          (``Ruleset.card_copies()`` lists the copies).
        - ``pieces={piece: place or None}``.
        - ``deck_order={zone: [cards]}``: a permutation of the zone's cards (top last).
        - ``draws={zone: [cards]}``: the next cards drawn from the pile ``zone``, in
          draw order (the first is put on top); its other cards keep their order
          beneath. Each must be in the pile (after ``zones``/``deck_order``), and no
          more than it holds: a rigged shuffle (``shuffles``) orders the draws after
          a refill.
        - ``shuffles={zone: [cards]}``: the order the next shuffle of ``zone`` yields
          (cards by their ids, or a key when the order lists every copy of it: which
          copies a zone holds is known only then; as :meth:`rig_shuffle`).
        - ``rolls=[...]``: rigged die results, used after any still rigged
          (:meth:`clear_rigged` forgets those). ``vars={key: value}``: game variables.
        - ``statuses={seat: status}``, ``seat_vars={seat: {key: value}}``,
          ``scores={seat: score}``: as :meth:`set_seat_status`, :meth:`set_seat_var`
          and :meth:`set_score` (a seat that made a wrong accusation in Clue:
          ``statuses={1: "out"}``).
        - ``turn=seat``: begins that seat's turn last (runs ``turn_start``).

        Returns the game, so ``game = parlor.new_game(...).setup(...)`` works.
        """
        work = self._g.clone()
        try:
            given = {"hands": hands, "zones": zones, "pieces": pieces, "deck_order": deck_order, "shuffles": shuffles,
                     "draws": draws, "vars": vars, "statuses": statuses, "seat_vars": seat_vars, "scores": scores}
            for what, value in given.items():
                # A list where a dict is meant (draws=["seven"] for the deck) was an
                # AttributeError: "'list' object has no attribute 'items'".
                if value is not None and not isinstance(value, Mapping):
                    raise StateError(f"{what}: a dict of {_SETUP_SHAPES[what]}, not {value!r}")
            self._setup_on(work, hands, zones, pieces, rolls, deck_order, shuffles, draws, vars, turn)
            self._seats_on(work, statuses, seat_vars, scores)
            if turn is not None:
                work.set_turn(turn)
        except StateError as e:
            msg = str(e)
            raise StateError(msg if msg.startswith("setup: ") else "setup: " + msg) from None
        self._g = work
        self._edited()
        return self

    def _per_seat_zone(self, asked_by: str = "hands=") -> str:
        """The zone hands= and hand() mean: the definition's one per-seat zone, or,
        among several (a card game's hands and the books laid in front of each
        player), the one only its owner sees."""
        zones = [z for z in self._g.ruleset.zones() if z["per_seat"]]
        if len(zones) > 1:
            zones = [z for z in zones if z["visibility"] == "owner"] or zones
        if len(zones) != 1:
            per_seat = [z["id"] for z in self._g.ruleset.zones() if z["per_seat"]]
            raise StateError(f"{asked_by} needs one per-seat zone in the definition, or one of them only its owner "
                             f"sees (the hand), found {len(per_seat)} ({', '.join(per_seat) or 'none'}"
                             f"{', none or several of them owner-only' if len(per_seat) > 1 else ''}); "
                             "use zones={'<zone>:<seat>': [...]} or zone('<zone>:<seat>')")
        return zones[0]["id"]

    def _setup_on(self, g: "_parlor.Game", hands, zones, pieces, rolls, deck_order, shuffles, draws, vars,
                  turn) -> None:
        known_zones = g.zone_ids()
        known_pieces = set(g.ruleset.pieces())
        wanted: Dict[str, List[str]] = {}
        if hands:
            hz = self._per_seat_zone()
            for seat, cards in hands.items():
                if not isinstance(seat, int) or not 0 <= seat < g.num_seats:
                    raise StateError(f"hands: no seat {seat!r} (seats are 0..{g.num_seats - 1})")
                wanted[f"{hz}:{seat}"] = _ids(cards, f"hands[{seat}]")
        for zone, cards in (zones or {}).items():
            if zone in wanted:
                raise StateError(f"zone '{zone}' is given twice (in hands= and zones=)")
            wanted[zone] = _ids(cards, f"zones[{zone!r}]")
        orders = {zone: _ids(order, f"deck_order[{zone!r}]") for zone, order in (deck_order or {}).items()}
        stacks = {zone: _ids(cards, f"draws[{zone!r}]") for zone, cards in (draws or {}).items()}
        rigged = {zone: _ids(order, f"shuffles[{zone!r}]") for zone, order in (shuffles or {}).items()}
        for zone in wanted:
            if zone not in known_zones:
                raise StateError(f"unknown zone '{zone}' (zones are: {', '.join(known_zones)})")
        # A key of counted cards ("seven") is one of its copies, never one that this
        # set-up names by its id for another zone ("seven-1" in another hand, or to be
        # drawn from the deck).
        names = _CardNames(g)
        pinned: Dict[str, List[str]] = {}
        for part in (orders, stacks):
            for zone, cards in part.items():
                pinned.setdefault(zone, []).extend(cards)
        wanted = names.zones(wanted, pinned)
        placed: Dict[str, str] = {}
        for zone, cards in wanted.items():
            for c in cards:
                if c in placed:
                    raise StateError(f"card '{c}' is put in two places in one set-up: "
                                     f"'{placed[c]}' and '{zone}'")
                placed[c] = zone
        for p in (pieces or {}):
            if p not in known_pieces:
                raise StateError(f"unknown piece '{p}' (pieces are: {', '.join(g.ruleset.pieces())})")

        # Cards.
        if wanted:
            before = {z: g.zone_cards(z) for z in known_zones}
            where = {c: z for z, cs in before.items() for c in cs}
            vacated: List[str] = []
            for zone, cards in wanted.items():
                for c in cards:
                    origin = where[c]
                    if origin != zone:
                        g.place_card(c, zone)
                        if origin not in wanted:
                            vacated.append(origin)
            displaced = [c for z in wanted for c in before[z] if c not in placed]
            spill = known_zones[0]
            for c in displaced:
                target = vacated.pop(0) if vacated else spill
                if target in wanted:
                    raise StateError(f"card '{c}' was in {where[c]} but is not listed, and there is "
                                     f"nowhere to put it ('{spill}' is listed too); list where it goes")
                g.place_card(c, target)
            for zone, cards in wanted.items():
                if g.zone_ordered(zone) and g.zone_cards(zone) != list(cards):
                    g.set_zone_order(zone, list(cards))
        # Pieces: lift every moved piece first so that pieces may swap places.
        if pieces:
            for p, at in pieces.items():
                if at is not None:
                    _id_text(at, "setup", f"pieces[{p!r}]: a place")
            targets = {p: (at or "") for p, at in pieces.items()}
            for p, at in targets.items():
                if (g.piece_place(p) or "") != at:
                    g.place_piece(p, "")
            for p, at in targets.items():
                if at and g.piece_place(p) != at:
                    try:
                        g.place_piece(p, at)
                    except StateError as e:
                        raise StateError(f"pieces: cannot put '{p}' on '{at}': {e}") from None
        # Orders after the cards moved: a key is a copy the zone then holds.
        for zone, order in orders.items():
            _known_zone(g, zone, "deck_order")
            g.set_zone_order(zone, names.within(zone, order, f"deck_order[{zone!r}]"))
        for zone, cards in stacks.items():
            _stack_draws(g, names, zone, cards, f"draws[{zone!r}]")
        for zone, order in rigged.items():
            g.rig_shuffle(zone, names.shuffled(order, f"shuffles[{zone!r}]"))
        if rolls:
            g.rig_rolls(_rolls(rolls))
        for key, value in (vars or {}).items():
            if not isinstance(key, str):
                raise StateError(f"vars: a variable's name is a str, not {key!r}")
            g.set_var(key, value)
        if turn is not None:
            if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < g.num_seats:
                raise StateError(f"turn: no seat {turn!r} (seats are 0..{g.num_seats - 1})")

    def _seats_on(self, g: "_parlor.Game", statuses, seat_vars, scores) -> None:
        """setup's seat edits, on the copy being set up (the turn begins after them:
        its turn_start hook sees the seats as set)."""
        def seat_of(seat: Any, what: str) -> int:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < g.num_seats:
                raise StateError(f"{what}: no seat {seat!r} (seats are 0..{g.num_seats - 1})")
            return seat
        for seat, status in (statuses or {}).items():
            if not isinstance(status, str) or not status:
                raise StateError(f"statuses[{seat!r}]: a status is a non-empty str, not {status!r}")
            g.set_seat_status(seat_of(seat, "statuses"), status)
        for seat, values in (seat_vars or {}).items():
            seat_of(seat, "seat_vars")
            if not isinstance(values, Mapping):
                raise StateError(f"seat_vars[{seat!r}]: a dict of variable name -> value, not {values!r}")
            for key, value in values.items():
                if not isinstance(key, str):
                    raise StateError(f"seat_vars[{seat!r}]: a variable's name is a str, not {key!r}")
                g.set_seat_var(seat, key, value)
        for seat, score in (scores or {}).items():
            if isinstance(score, bool) or not isinstance(score, int) or not -2**63 <= score < 2**63:
                raise StateError(f"scores[{seat!r}]: a whole number that fits 64 bits, not {score!r}")
            g.set_score(seat_of(seat, "scores"), score)

    def __repr__(self) -> str:
        status = f"over, winners {self.winners}" if self.over else f"seat {self.actor} to act"
        return f"<parlor.Game {self._g.ruleset.id} {self.num_seats} seats, {status}>"


def _game_from_save(json_text: str) -> "Game":
    return load_game(None, json_text)


def _id_text(value: Any, what: str, name: str) -> None:
    """A StateError for an id that is no str (the native call's TypeError listed its signature)."""
    if not isinstance(value, str):
        raise StateError(f"{what}: {name} is named by its id, a str, not {value!r}")


def _indent(indent: Any, what: str) -> int:
    """A save's indent, or a StateError: 10**9 spaces a level was the C++ library's
    "basic_string::_M_replace_aux" (a ValueError), and 2**40 pybind11's signature listing."""
    if isinstance(indent, bool) or not isinstance(indent, int) or indent > 64:
        raise StateError(f"{what}: indent is the spaces a level, a whole number up to 64 (0: one line), "
                         f"not {indent!r}")
    return max(indent, 0)


def _options_dict(options: Any, where: str) -> Dict[str, Any]:
    """``options=`` as a dict, or a TypeError saying what it takes (dict() said
    "dictionary update sequence element #0 has length 1" of the text "pawns=1")."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"{where}: options is a dict of option id -> value, such as {{'passages': False}}, "
                        f"not {options!r}")
    return dict(options)


def _c_int(value: Any, what: str) -> int:
    """A whole number the engine keeps in a C int (seats, seat counts, rolls), or a
    StateError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"{what}: a whole number, not {value!r}")
    if not -(1 << 31) <= value < (1 << 31):
        raise StateError(f"{what}: {value} is out of range (-2**31 .. 2**31 - 1)")
    return value


def _rolls(rolls: Iterable[Any], what: str = "rolls") -> List[int]:
    """Rigged die results as the engine takes them: whole numbers (2.7 or "3" is an
    error, not a roll of 2 or 3), given as a list (``rolls=3`` is an error naming
    ``what``, not "'int' object is not iterable")."""
    if isinstance(rolls, (str, bytes, _abc.Mapping)) or not isinstance(rolls, _abc.Iterable):
        raise StateError(f"{what}: a list of rigged die results, such as [3] or [6, 2], not {rolls!r}")
    out = []
    for r in rolls:
        if isinstance(r, bool) or not isinstance(r, int):
            raise StateError(f"rolls: a rigged roll is a whole number, not {r!r}")
        out.append(_c_int(r, "rolls"))
    return out


def _ids(cards: Any, what: str) -> List[str]:
    if isinstance(cards, str):
        raise StateError(f"{what}: expected a list of card ids, not the string {cards!r}")
    out = list(cards)
    for c in out:
        if not isinstance(c, str):
            raise StateError(f"{what}: card ids are strings, not {c!r}")
    return out


#: What each dict argument of Game.setup maps, for the error when it is no dict.
_SETUP_SHAPES = {
    "hands": "seat -> cards, such as {0: ['ash', 'axe']}",
    "zones": "zone -> cards, such as {'envelope': ['ash', 'axe', 'attic']}",
    "pieces": "piece -> place (None: off the board), such as {'red_1': 't4'}",
    "deck_order": "zone -> every card of it (top last), such as {'deck': [...]}",
    "shuffles": "zone -> the order its next shuffle yields (top last), such as {'deck': [...]}",
    "draws": "zone -> the next cards drawn from it, in draw order, such as {'deck': ['seven', 'three']}",
    "vars": "variable -> value, such as {'card': 'seven-1'}",
    "statuses": "seat -> status, such as {1: 'out'}",
    "seat_vars": "seat -> {variable: value}",
    "scores": "seat -> score, such as {0: 5}",
}


def _known_zone(g: "_parlor.Game", zone: Any, what: str) -> str:
    """``zone`` when the game has it; a StateError naming ``what`` and the zones otherwise."""
    zones = g.zone_ids()
    if not isinstance(zone, str) or zone not in zones:
        raise StateError(f"{what}: unknown zone {zone!r} (zones are: {', '.join(zones)})")
    return zone


def _stack_draws(g: "_parlor.Game", names: "_CardNames", zone: Any, cards: List[str], what: str) -> None:
    """Puts ``cards`` on top of the pile ``zone`` so that they are the next drawn, in
    that order (the top card, drawn first, is the zone's last); the pile's other cards
    keep their order beneath them. Each card must be in the pile already: taking it
    from a hand or a discard pile would change that zone too, which a set-up says
    with zones= or place_card."""
    _known_zone(g, zone, what)
    if not g.zone_ordered(zone):
        raise StateError(f"{what}: zone '{zone}' is not ordered (it keeps its cards in definition order), so "
                         "no card is on top of it to be drawn; stack the draws of an ordered zone (a pile)")
    pile = g.zone_cards(zone)
    for c in cards:
        if c not in names.known and not names.is_key(c):
            raise names.unknown(c, f"in {what}")
    if len(cards) > len(pile):
        raise StateError(f"{what}: {len(cards)} cards to draw, but '{zone}' holds {len(pile)}: the draws past "
                         "them come after the pile is refilled (a discard pile shuffled back, say), which a "
                         "rigged shuffle orders (shuffles= or rig_shuffle)")
    cards = names.within(zone, cards, what)
    here = set(pile)
    seen: set = set()
    for c in cards:
        if c in seen:
            raise StateError(f"{what}: card '{c}' is listed twice (a card is drawn once)")
        seen.add(c)
        if c not in here:
            at = next((z for z in g.zone_ids() if c in g.zone_cards(z)), "?")
            raise StateError(f"{what}: card '{c}' is in '{at}', not in '{zone}': only the pile's own cards are "
                             f"drawn from it (move it there first with zones= or place_card)")
    g.set_zone_order(zone, [c for c in pile if c not in seen] + cards[::-1])


def _edit_distance(a: str, b: str) -> int:
    """Case-blind edit distance with transpositions (core/suggest.cpp's EditDistance)."""
    a, b = a.lower(), b.lower()
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def _did_you_mean(word: str, candidates: Sequence[str]) -> str:
    """``"; did you mean 'x'?"`` as the engine words it (core/suggest.cpp's DidYouMean:
    one typo away for words of up to 3 characters, two for longer ones, else the one
    id the word begins), or "". The engine's own is for ids only, not for the keys of
    counted cards a set-up also takes."""
    limit = 1 if len(word) <= 3 else 2
    best, best_distance = None, limit + 1
    for c in candidates:
        if c != word:
            distance = _edit_distance(word, c)
            if distance < best_distance:
                best, best_distance = c, distance
    if best is None and len(word) >= 3:
        longer = [c for c in candidates if len(c) > len(word) and c.startswith(word)]
        best = longer[0] if len(longer) == 1 else None
    return f"; did you mean '{best}'?" if best else ""


def _copies_of(card_ids: Sequence[str]) -> Dict[str, List[str]]:
    """Key -> its copies, lowest number first, for every key of the definition that
    made copies: a card with ``count: N`` is the cards ``<key>-1`` .. ``<key>-N``
    (docs/definition-format.md). The engine keeps the copies alone, so they are known
    by their ids, as its display names know them (``Definition::Name``): ids
    ``<key>-<number>`` whose ``<key>`` is no card itself."""
    known = set(card_ids)
    out: Dict[str, List[str]] = {}
    for c in card_ids:
        key, dash, number = c.rpartition("-")
        if dash and key and number and all(ch in "0123456789" for ch in number) and key not in known:
            out.setdefault(key, []).append(c)
    for copies in out.values():
        copies.sort(key=lambda c: int(c.rpartition("-")[2]))
    return out


def _said(ids: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    ids = list(ids)
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]


class _CardNames:
    """The cards one set-up (or one single edit) names, a key of counted cards (``seven``
    of ``seven: {count: 4}``) standing for one of its copies. A copy is chosen
    deterministically and never twice, never one the set-up names by its id for
    another place (another zone's list, a card to draw from another pile), and, among
    the others, as each place that takes cards says (a copy already in the zone
    first, then the lowest-numbered one). A rigged shuffle binds no copy the other
    places take: the shuffle comes later, and its order is checked then."""

    def __init__(self, g: "_parlor.Game") -> None:
        self.g = g
        self.cards = g.ruleset.cards()       # definition order: the first of equals is meant
        self.known = set(self.cards)
        self.copies = _copies_of(self.cards)

    def is_key(self, name: str) -> bool:
        return name not in self.known and name in self.copies

    def unknown(self, name: str, where: str) -> StateError:
        """As the single edits say it (the engine's message): with the card or key meant."""
        return StateError(f"unknown card '{name}' ({where})" + _did_you_mean(name, [*self.cards, *self.copies]))

    def free(self, key: str, named: Collection[str], chosen: Collection[str]) -> List[str]:
        """The copies of ``key`` neither named by id nor chosen already for another key
        of the same step, lowest number first. Each step chooses afresh: a copy that
        zones= put in the deck may then be the one draws= takes from it."""
        return [c for c in self.copies[key] if c not in named and c not in chosen]

    def _short(self, key: str, asked: int, what: str, named: Collection[str], within: Optional[str] = None) -> StateError:
        """No copy left for ``what``: how many copies the key has and where each is."""
        copies = self.copies[key]
        at = {c: z for z in self.g.zone_ids() for c in self.g.zone_cards(z)}
        where = "; ".join(f"{c} in {at[c]}" + (" (named by its id in this set-up)" if c in named else "")
                          for c in copies)
        times = "once" if asked == 1 else f"{asked} times"
        if within is None:
            by_id = sum(1 for c in copies if c in named)
            have = f"it has {len(copies)} copies" + (f", {by_id} of them named by id in this set-up" if by_id else "")
        else:
            usable = sum(1 for c in copies if at[c] == within and c not in named)
            have = (f"'{within}' holds {usable} of its {len(copies)} copies not named by id here (a card is "
                    "drawn or ordered where it is; zones= or place_card moves one there)")
        return StateError(f"{what}: '{key}' is asked {times}, but {have}: {where}")

    def zones(self, wanted: Dict[str, List[str]], pinned: Mapping[str, Sequence[str]]) -> Dict[str, List[str]]:
        """Listed zones (``hands=``, ``zones=``): each key is a copy the set-up draws or
        orders in that zone by its id first, then one already in the listed zone, then
        the lowest-numbered copy left. ``pinned``: zone -> ids the set-up orders or
        draws there (they stay out of the other zones)."""
        for zone, cards in wanted.items():
            for c in cards:
                if c not in self.known and not self.is_key(c):
                    raise self.unknown(c, f"in {zone}")
        listed = {c for cards in wanted.values() for c in cards}
        named = {zone: listed | {c for other, cs in pinned.items() if other != zone for c in cs} for zone in wanted}
        taken: set = set()
        out = {zone: list(cards) for zone, cards in wanted.items()}
        def take_from(here_of):
            for zone, cards in out.items():
                here = here_of(zone)
                for i, c in enumerate(cards):
                    if self.is_key(c):
                        mine = [k for k in self.free(c, named[zone], taken) if k in here]
                        if mine:
                            cards[i] = mine[0]
                            taken.add(mine[0])

        # Copies the set-up draws or orders in this zone by their ids first (they
        # must end up there), then copies already there (they need not move).
        take_from(lambda zone: set(pinned.get(zone, ())))
        take_from(lambda zone: set(self.g.zone_cards(zone)))
        for zone, cards in out.items():
            for i, c in enumerate(cards):
                if self.is_key(c):
                    left = self.free(c, named[zone], taken)
                    if not left:
                        asked = sum(1 for cs in wanted.values() for k in cs if k == c)
                        raise self._short(c, asked, f"zone '{zone}'", named[zone])
                    cards[i] = left[0]
                    taken.add(left[0])
        return out

    def within(self, zone: str, cards: Sequence[str], what: str) -> List[str]:
        """Cards of ``zone`` (an order of its cards, ``deck_order=`` or ``draws=``):
        each key is the lowest-numbered copy the zone holds that ``cards`` does not
        name by its id."""
        here = set(self.g.zone_cards(zone))
        named = set(cards)
        taken: set = set()
        out = []
        for c in cards:
            if self.is_key(c):
                left = [k for k in self.free(c, named, taken) if k in here]
                if not left:
                    raise self._short(c, sum(1 for k in cards if k == c), what, named, zone)
                taken.add(left[0])
                c = left[0]
            out.append(c)
        return out

    def shuffled(self, cards: Sequence[str], what: str) -> List[str]:
        """A rigged shuffle's order (``shuffles=``, ``rig_shuffle``). Which copies the zone
        holds is known only at that shuffle (after a refill, say), so a key stands for
        its copies only when the order lists every one of them, by key or by id: then
        none can be missing at the shuffle, and the keys take the copies not named by id,
        lowest number first, in the order's order. Fewer is a StateError saying so."""
        named = {c for c in cards if not self.is_key(c)}
        free: Dict[str, List[str]] = {}
        for c in cards:
            if self.is_key(c) and c not in free:
                copies = self.copies[c]
                free[c] = [k for k in copies if k not in named]
                asked = sum(1 for k in cards if k == c)
                if asked != len(free[c]):
                    by_id = len(copies) - len(free[c])
                    listed = f"{asked} by key" + (f" and {by_id} by id" if by_id else "")
                    raise StateError(
                        f"{what}: '{c}' stands for one of {len(copies)} copies ({copies[0]} to {copies[-1]}), but "
                        f"a rigged shuffle names each card by its id unless it lists every copy of the key (here "
                        f"{listed} of {len(copies)}): which copies the zone holds is known only at that shuffle "
                        f"(after a refill); list them by id, or all {len(copies)}")
        taken = {key: iter(copies) for key, copies in free.items()}
        return [next(taken[c]) if c in taken else c for c in cards]

class Bot:
    """Base class for bots (optional: any callable ``bot(view, legal)`` works).

    ``choose`` receives the seat's view (plain data, never the full state) and the
    legal actions, and returns an Action, its text, or an index into ``legal``.
    """

    def choose(self, view: Dict[str, Any], legal: List[Action]) -> Choice:
        raise NotImplementedError(f"{type(self).__name__} is a parlor.Bot without its own "
                                  "choose(self, view, legal): define it to return an Action, its text or an index")

    def __call__(self, view: Dict[str, Any], legal: List[Action]) -> Choice:
        return self.choose(view, legal)


def play(game: Game, bots: Union[Mapping[int, BotLike], Sequence[BotLike], BotLike], max_actions: int = 100_000,
         seed: Optional[int] = None) -> Game:
    """Plays ``game`` until it is over or ``max_actions`` actions were applied.

    ``bots`` maps every seat (dict, or a list indexed by seat; one bot alone, such as
    ``"random"``, plays every seat) to a Python bot (a
    callable ``bot(view, legal) -> Action | str | int`` or a :class:`Bot`) or to
    ``"random"``, the core's RandomBot seeded from ``seed`` (default: the game's
    seed) and the seat, exactly as ``parlor play`` does, or to ``"rules"``, the bot the
    definition ships (``hooks.bot``, e.g. the deduction bot of clue-1949), or to
    ``"auto"``: ``"rules"`` when the definition has a bot, else ``"random"`` (as
    ``parlor play --bots auto`` and :func:`simulate`). Bots never see the full
    state. Returns the game (changed in place).

    A Python bot's ``view`` has, under ``"log"``, the events its seat may see that are
    new since that bot's previous decision for that seat (all of them at its first), as
    a Lua bot's ``view.log``: a bot keeps what it learns, as a deduction bot must,
    without reading the whole log at every decision. A step that failed (Ctrl-C in
    the bot, say, or the rules' error applying its choice) does not count: the next call
    gives the bot the same events again, and a ``"random"`` or ``"rules"`` bot stands
    where it stood before that step (its generator, its memory).

    A game played in several calls is the game of one call, in time in proportion to
    its length: a ``"random"`` bot is kept with the game (per seat and seed) and goes
    on with its random sequence at the next call, rather than starting it again, a
    ``"rules"`` bot is kept (per seat) with its memory and what it was given of the
    log, and a Python bot's ``view["log"]`` goes on from where it stopped. A
    :meth:`Game.clone` does not take the bots; an edit of the position (``setup()``,
    ``place_card``, ``set_var``...) drops the ``"rules"`` ones, made afresh at the next
    call. A game loaded from a save naming random bots (its ``"bots"``) and played on
    by ``"random"`` bots goes on as the game played in one go: the bots are first asked
    again at their seats' decisions of the game replayed, as ``parlor play --resume``
    does (docs/python.md, "Bots" and "Determinism").

    Ctrl-C stops it between two actions (or in a hook that loops), the game left as
    the last action applied made it.

    Raises StateError when a seat that must act has no bot or no legal action (a
    set-up can leave a game so), or a key of ``bots`` is no seat of the game,
    IllegalActionError when a Python bot picks an illegal action, TypeError when it
    returns something else than an Action, a text or an index, and whatever a bot
    raises.
    """
    if isinstance(bots, str) or callable(bots) or hasattr(bots, "choose"):
        # One bot for every seat: "random" was taken as a list of letters, one a seat.
        bots = {seat: bots for seat in range(game.num_seats)}
    elif not isinstance(bots, Mapping):
        try:
            bots = dict(enumerate(bots))
        except TypeError:
            # Not "'int' object is not iterable": say what bots= takes.
            raise TypeError(f"bots: a dict of seat -> bot, a list of one bot a seat, or one bot for every "
                            f"seat ('random', 'rules', 'auto', a function or a parlor.Bot), not {bots!r}") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64)):
        # As new_game's: -1 or 2**70 were taken silently, wrapped round to some seed.
        raise StateError(f"play: seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    base = game.seed if seed is None else seed
    seats = game.num_seats
    for seat in bots:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"bots: a seat is a number 0..{seats - 1}, not {seat!r}")
        if not 0 <= seat < seats:
            raise StateError(f"bots: no seat {seat} (seats are 0..{seats - 1})")
    natives: Dict[int, Any] = {}
    kept = game.__dict__.setdefault("_random_bots", {})
    # The definition's bots are kept with the game too, one a seat, so that a game
    # played in many calls is the game of one call, in time linear in its length (a
    # bot made at each call was given the seat's whole log at its first decision).
    # They are bound to one native game: setup() makes a new one, and edits drop them.
    own = game.__dict__.get("_rules_bots")
    if own is None or own[0] is not game._g:
        own = game.__dict__["_rules_bots"] = (game._g, {})
    played_by: Dict[int, Optional[str]] = {}   # seat -> the built-in bot named for it (None: a Python bot)
    has_bot = None
    new_random: Dict[int, Any] = {}
    for seat, bot in bots.items():
        if isinstance(bot, str):
            named = bot
            if bot == "auto":   # as `parlor play --bots auto` and simulate(bots="auto")
                has_bot = "bot" in game.ruleset.hook_origins() if has_bot is None else has_bot
                bot = "rules" if has_bot else "random"
            if bot == "random":
                key = (seat, base)
                if key in kept:
                    natives[seat] = kept[key]
                else:
                    # Kept below, once caught up: a call that fails before (a later
                    # seat's bot refused, Ctrl-C in the catch-up) leaves none behind
                    # that would go on from its first draws at the next call.
                    natives[seat] = new_random[seat] = _parlor.RandomBot((base * 1000003 + seat + 1) % (1 << 64))
                # Seeded otherwise than parlor play seeds them: no save can name them.
                played_by[seat] = named if base == game.seed else None
            elif bot == "rules":
                if seat not in own[1]:
                    own[1][seat] = _parlor.RulesBot(game._g, seat)
                natives[seat] = own[1][seat]
                played_by[seat] = named
            else:
                raise StateError(f"unknown built-in bot '{bot}' for seat {seat} ('random', 'rules' or 'auto')")
        elif not callable(bot) and not hasattr(bot, "choose"):
            raise TypeError(f"bot for seat {seat} is {bot!r}: a bot is 'random', 'rules', 'auto', a function "
                            f"(view, legal) -> choice or a parlor.Bot")
        else:
            played_by[seat] = None
    record = _bots_record(game)
    if base == game.seed and new_random and record[0] and game._g.history_size:
        _catch_up(game, record, new_random)
    for seat, bot in new_random.items():
        kept[(seat, base)] = bot
    applied = 0
    # (seat, id(bot)) -> (bot, log size at its last decision). The bot is kept with
    # its count, and compared: a new bot may get the id of one since freed.
    seen: Dict[Any, Any] = game.__dict__.setdefault("_python_bots_seen", {})
    while not game.over and applied < max_actions:
        seat = game.actor
        if seat not in bots:
            raise StateError(f"no bot for seat {seat}")
        if seat in natives:
            game._g.step_native(natives[seat])
            _note_played(game, record, played_by[seat])
        else:
            bot = bots[seat]
            legal = game.legal_actions()
            if not legal:
                raise StateError(f"seat {seat} must act but has no legal action, and the game is not over "
                                 "(after a set-up that left it none?); no bot can choose")
            fn = bot if callable(bot) else bot.choose  # type: ignore[union-attr]
            # As a Lua bot's view.log: the events this seat may see that are new since
            # this bot's previous decision for this seat of this game (all of them at its
            # first), in this call or an earlier one.
            view = game.view(seat)
            key = (seat, id(bot))
            last = seen.get(key)
            view["log"] = game.log(seat, since=last[1] if last is not None and last[0] is bot else 0)
            size = game.log_size
            choice = fn(view, list(legal))
            if isinstance(choice, bool) or not isinstance(choice, (int, str, Action)):
                raise TypeError(f"bot for seat {seat} returned {choice!r}; expected an Action, "
                                "its text or an index of the legal actions")
            if isinstance(choice, int):
                if not 0 <= choice < len(legal):
                    raise IllegalActionError(f"bot for seat {seat} chose index {choice}; "
                                             f"there are {len(legal)} legal actions")
                choice = legal[choice]
            game.apply(choice)
            # Noted once the action chosen was applied: a step that failed (Ctrl-C or an
            # error in the bot, a choice refused, the rules' own error) is asked again at
            # the next call with the same events, as the native bots are taken back
            # (step_native), rather than the bot never being given them.
            seen[key] = (bot, size)
            _note_played(game, record, None)
        applied += 1
    return game


# What play's built-in bots played a game from its start, kept with the game under
# "_bots_played" as [bots, history size]: bots is what a save records for them (the
# --bots `parlor play` records: "random", "rules" or "auto"), "" while no action was
# played, None once an action was chosen otherwise (a Python bot, apply(), another
# kind of bot, random bots seeded by seed=) or the game was edited or rigged: such a
# game is no longer the game its seed and those bots play, and its save names none.
def _bots_record(game: "Game") -> List[Any]:
    size = game._g.history_size
    record = game.__dict__.get("_bots_played")
    if record is None:
        # Cloned or loaded from a save naming no bots (new_game notes its own). Before its
        # first action it may still be the game its seed sets up, or one edited first
        # (rigged, set up) whose edit no record says: the replay tells them apart.
        pristine = size == 0 and game._g.replay_difference() == ""
        record = game.__dict__["_bots_played"] = ["" if pristine else None, size]
    elif record[1] != size:   # actions applied by hand since
        record[0], record[1] = None, size
    return record


def _note_played(game: "Game", record: List[Any], named: Optional[str]) -> None:
    """Notes an action play applied, chosen by the built-in bot ``named`` (None: a Python bot)."""
    if record[0] == "":
        record[0] = named
    elif record[0] is not None and record[0] != named:
        # "auto" and what it stands for are the same bots; a save names those.
        a, b = (_resolved(game, k) for k in (record[0], named))
        record[0] = a if a is not None and a == b else None
    record[1] = game._g.history_size


def _resolved(game: "Game", named: Optional[str]) -> Optional[str]:
    if named == "auto":
        return "rules" if "bot" in game.ruleset.hook_origins() else "random"
    return named


def _catch_up(game: "Game", record: List[Any], new_random: Dict[int, Any]) -> None:
    """Random bots made for a game whose actions random bots seeded from its seed played
    from the start (a game loaded from a save naming them): each is asked again at each
    of its seat's decisions, on the game replayed from its seed, and has then drawn what
    it drew then, as `parlor play --resume` does (cli/play.cpp). The game goes on as the
    game played in one go. A game that does not replay (its rules changed since the
    save, or the save was edited) is said, and its random bots start afresh."""
    if _resolved(game, record[0]) != "random":
        return
    if not game._g.catch_up_random_bots(new_random):
        _warnings.warn(ParlorWarning(
            f"play: the save this {game.ruleset.id} game was loaded from says random bots played it, but its "
            f"{record[1]} actions replayed from its seed do not lead to its state (replay_difference(): "
            f"{game._g.replay_difference() or 'none'}; the rules changed since it was saved, or the save was "
            "edited): its random bots start afresh, from their first draws"), stacklevel=3)
        record[0] = None


def _deduction_notes_from_pickle(ids: List[str], numbers: List[int]) -> "_parlor.DeductionNotes":
    """Rebuilds pickled DeductionNotes (their __reduce__ names this function)."""
    return _parlor._deduction_notes_from_pickle(ids, numbers)
