"""Session 38's outside check of Sorry! (issue #5): a model of the rules written from
the Spanish booklet, the rule digest (SRY-*, SRYT-*, SRYS-*) and the board file only,
plus the position helper its tests share. It never reads variants/sorry/*.lua: where
the booklet leaves a choice, it follows the reading docs/variants/sorry.md documents
("Readings chosen ...").

Places are the documented ids: loop squares t0..t59, lanes <colour>_s1.._s5,
<colour>_home, <colour>_start. Pawns are <colour>_1.._4 (ruleset.pieces())."""
import parlor

COLOURS = ["red", "blue", "yellow", "green"]
PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}
FORWARD_CARDS = {"one": 1, "two": 2, "three": 3, "five": 5, "seven": 7, "eight": 8,
                 "ten": 10, "eleven": 11, "twelve": 12}
VALUE = dict(FORWARD_CARDS, four=4, sorry=0)


def colour_of(pawn_or_place):
    return pawn_or_place.split("_")[0]


def base(colour):
    """The square +0 of the colour's side (boards/sorry.md: red 0, blue 15, ...)."""
    return 15 * COLOURS.index(colour)


def t(k):
    return f"t{k % 60}"


def loop_index(place):
    if place and place.startswith("t") and place[1:].isdigit():
        return int(place[1:])
    return None


def entrance(colour):
    return t(base(colour) + 2)


def diamond(colour):
    return t(base(colour) + 3)


def start_exit(colour):
    return t(base(colour) + 4)


def start(colour):
    return f"{colour}_start"


def home(colour):
    return f"{colour}_home"


def lane(colour, j):
    return f"{colour}_s{j}"


# Slides: (triangle, end, colour). Short +1 -> +4, long +9 -> +13 (boards/sorry.md).
SLIDES = [(base(c) + 1, base(c) + 4, c) for c in COLOURS] + \
         [(base(c) + 9, base(c) + 13, c) for c in COLOURS]


def slide_at(place):
    k = loop_index(place)
    for tri, end, colour in SLIDES:
        if k == tri:
            return tri, end, colour
    return None


def step_forward(colour, place):
    """One step forward of a pawn of `colour`, or None past HOME."""
    if place == home(colour):
        return None
    if place.startswith(f"{colour}_s"):
        j = int(place[-1])
        return lane(colour, j + 1) if j < 5 else home(colour)
    if place == entrance(colour):
        return lane(colour, 1)               # the fork into the SAFETY ZONE (SRY-14)
    return t(loop_index(place) + 1)


def step_backward(colour, place):
    if place.startswith(f"{colour}_s"):
        j = int(place[-1])
        return lane(colour, j - 1) if j > 1 else entrance(colour)   # out of the zone (SRY-18)
    return t(loop_index(place) - 1)           # never into a lane backward


def forward(colour, place, n):
    """Where n steps forward lead (before any slide), None if it overshoots HOME."""
    if place in (start(colour), home(colour)) or place is None:
        return None
    for _ in range(n):
        place = step_forward(colour, place)
        if place is None:
            return None
    return place


def backward(colour, place, n):
    if place in (start(colour), home(colour)) or place is None:
        return None
    for _ in range(n):
        place = step_backward(colour, place)
    return place


def steps_to_home(colour, place):
    """The exact count HOME (SRY-19) from a loop or lane square."""
    n = 0
    while place != home(colour):
        place = step_forward(colour, place)
        n += 1
    return n


def land(pos, pawn, place):
    """pos with `pawn` landed on `place` (bump, then the slide: SRY-10, SRY-12), or
    None when a pawn of its own colour holds the square (SRY-07/09; HOME holds any
    number). Every other pawn on the square goes to its START (a partner's too: SRYT-03)."""
    mine = colour_of(pawn)
    pos = dict(pos)
    if place != home(mine):
        for other, where in pos.items():
            if other != pawn and where == place:
                if colour_of(other) == mine:
                    return None
                pos[other] = start(colour_of(other))
    pos[pawn] = place
    slide = slide_at(place)
    if slide and slide[2] != mine:
        tri, end, _ = slide
        swept = {t(k) for k in range(tri, end + 1)}
        for other, where in pos.items():
            if other != pawn and where in swept:
                pos[other] = start(colour_of(other))
        pos[pawn] = t(end)
    return pos


def after_forward(pos, pawn, n):
    dest = forward(colour_of(pawn), pos[pawn], n)
    return None if dest is None else land(pos, pawn, dest)


def after_backward(pos, pawn, n):
    dest = backward(colour_of(pawn), pos[pawn], n)
    return None if dest is None else land(pos, pawn, dest)


def after_split(pos, first, a, second, b):
    """A 7 split: parts played in the order named, each legal when played (SRY-16)."""
    mid = after_forward(pos, first, a)
    if mid is None:
        return None
    return after_forward(mid, second, b)


def after_swap(pos, mine, theirs, both=True):
    """The 11 swap, then the slides: the player's pawn first, then the opponent's
    (swap_slides=both), or only the player's (mover)."""
    a, b = pos[mine], pos[theirs]
    new = dict(pos)
    new[mine], new[theirs] = b, a
    for pawn in ([mine, theirs] if both else [mine]):
        place = new[pawn]
        slide = slide_at(place)
        if slide and slide[2] != colour_of(pawn) and place == t(slide[0]):
            tri, end, _ = slide
            swept = {t(k) for k in range(tri, end + 1)}
            for other, where in new.items():
                if other != pawn and where in swept:
                    new[other] = start(colour_of(other))
            new[pawn] = t(end)
    return new


def after_sorry(pos, mine, theirs):
    new = dict(pos)
    place = new[theirs]
    new[theirs] = start(colour_of(theirs))
    return land(new, mine, place)


def after_enter(pos, pawn):
    return land(pos, pawn, start_exit(colour_of(pawn)))


# ---- positions through the documented Python interface -----------------------------

def pawns(colour):
    return [f"{colour}_{i}" for i in range(1, 5)]


def game_position(players=2, pieces=None, cards=(), turn=0, mode=None, options=None,
                  hands=None, seed=1, zones=None, shuffles=None):
    """A game where every pawn of the colours in play is in its START but those named
    in `pieces`, the next cards drawn are `cards` (keys, in draw order), and `turn`'s
    turn has begun (it has drawn the first of them)."""
    game = parlor.new_game("sorry", players, seed=seed, options=options, mode=mode)
    colours = COLOURS[:players]
    places = {p: start(c) for c in colours for p in pawns(c)}
    places.update(pieces or {})
    kw = {"pieces": places, "turn": turn}
    if cards:
        kw["draws"] = {"deck": list(cards)}
    if hands:
        kw["hands"] = hands
    if zones:
        kw["zones"] = zones
    if shuffles:
        kw["shuffles"] = shuffles
    game.setup(**kw)
    return game


def places(game, players=None):
    n = players or game.num_seats
    return {p: game.where(p) for c in COLOURS[:n] for p in pawns(c)}


def texts(game):
    return sorted(str(a) for a in game.legal_actions())


def result_of(game, action):
    copy = game.clone()
    copy.apply(action)
    return places(copy)


def model_actions(pos, card, colour, opponents, swap_both=True, team=False):
    """Every legal action of the seat playing `colour` (base rules, or team play with
    `team`: its partner's pawns too, SRYT-02..04 with team_seven=may_split), as
    text -> the position after it. A split is listed in the order named; both orders
    appear when both are legal. Only the lowest-numbered pawn of a colour in START is
    offered (pawns in START are interchangeable)."""
    value = VALUE[card]
    colours = [colour, PARTNER[colour]] if team else [colour]
    mine = [p for p in sorted(pos) if colour_of(p) in colours]
    first_in_start = [min(p for p in mine if colour_of(p) == c and pos[p] == start(c))
                      for c in colours if any(colour_of(p) == c and pos[p] == start(c) for p in mine)]
    on_board = [p for p in mine if pos[p] not in (start(colour_of(p)), home(colour_of(p)))]
    theirs = [p for p in sorted(pos) if colour_of(p) in opponents and loop_index(pos[p]) is not None]
    out = {}

    def add(text, after):
        if after is not None:
            out[text] = after

    if value in (1, 2):
        for p in first_in_start:
            add(f"enter {p}", after_enter(pos, p))
    if value not in (0, 4):
        for p in on_board:
            add(f"move {p} {value}", after_forward(pos, p, value))
    if value == 4:
        for p in on_board:
            add(f"back {p} 4", after_backward(pos, p, 4))
    if value == 10:
        for p in on_board:
            add(f"back {p} 1", after_backward(pos, p, 1))
    if value == 7:
        for p in on_board:
            for q in on_board:
                if p != q:
                    for a in range(1, 7):
                        add(f"split {p} {a} {q} {7 - a}", after_split(pos, p, a, q, 7 - a))
    forward_11 = value == 11 and any(f"move {p} 11" in out for p in on_board)
    if value == 11:
        for p in on_board:
            if loop_index(pos[p]) is not None:
                for q in theirs:
                    add(f"swap {p} {q}", after_swap(pos, p, q, swap_both))
    if value == 0:
        for p in first_in_start:
            for q in theirs:
                add(f"sorry {p} {q}", after_sorry(pos, p, q))
        own = [p for p in first_in_start if colour_of(p) == colour]
        if team and own and not theirs:      # SRYT-03: the partner, only without opponents
            for q in sorted(pos):
                if colour_of(q) == PARTNER[colour] and loop_index(pos[q]) is not None:
                    add(f"sorry {own[0]} {q}", after_sorry(pos, own[0], q))
    if not out or (value == 11 and not forward_11):
        out["pass"] = dict(pos)
    return out


def other_order(text):
    _, p, a, q, b = text.split()
    return f"split {q} {b} {p} {a}"


def assert_matches_model(game, colour, opponents, swap_both=True, team=False):
    """The engine's legal actions and the place of every pawn after each are the
    model's; a split whose two orders end alike is listed once, and the other order is
    still accepted and plays alike (docs/variants/sorry.md, "Actions")."""
    pos = places(game)
    card = game.ruleset.card_key(game.var("card"))
    model = model_actions(pos, card, colour, opponents, swap_both, team)
    listed = texts(game)
    for text in listed:
        assert text in model, f"{card}: the engine lists {text!r}, which the model refuses ({pos})"
        assert result_of(game, text) == model[text], f"{card}: {text}"
    for text, after in model.items():
        if text in listed:
            continue
        assert text.startswith("split"), f"{card}: the model allows {text!r}, not listed: {listed} ({pos})"
        assert other_order(text) in listed and model.get(other_order(text)) == after, \
            f"{card}: {text!r} is legal, its other order is not listed alike: {listed}"
        assert result_of(game, text) == after
    for text in listed:
        if text.startswith("split") and other_order(text) in listed:
            assert model[text] != model[other_order(text)], f"both orders of {text} listed, ending alike"
