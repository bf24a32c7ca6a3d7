"""Generated definitions of growing size, for the session 35 scale audit.

Shared by bench/scale_s35.py (measurements, printed) and
python/tests/test_scale_s35.py (correctness at size). Each function writes one
definition folder (variant.yaml + rules.lua) under `root` and returns its path:
the shipped games are small, and a game a user builds may be a hundred times
bigger, so the sizes are parameters.
"""
import os
import textwrap


def _write(root, name, yaml_text, lua_text):
    folder = os.path.join(str(root), name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "variant.yaml"), "w", encoding="utf-8") as f:
        f.write(yaml_text)
    with open(os.path.join(folder, "rules.lua"), "w", encoding="utf-8") as f:
        f.write(textwrap.dedent(lua_text))
    return folder


# ---- boards ------------------------------------------------------------------------

ROOM_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz"  # not '.', '#', 'X'


def grid_game(root, side, rooms=0, pieces=2, seats=2, name=None, passages=True):
    """A side x side grid of squares; `rooms` one-cell areas on a diagonal lattice,
    each with a door on all four sides; a passage between every two rooms (when
    `passages`); `pieces` tokens on the first squares, row by row (at least one a seat). A turn:
    `move <place>` to any place g:reachable finds for the option `steps`, then the
    next seat; the game ends after the option `turns` moves."""
    assert rooms <= len(ROOM_LETTERS)
    cells = [["." for _ in range(side)] for _ in range(side)]
    doors, room_ids = [], []
    step = max(3, side // (int(rooms ** 0.5) + 1)) if rooms else 0
    r = c = 2
    for k in range(rooms):
        if r >= side - 2:
            raise ValueError("board too small for %d rooms" % rooms)
        letter = ROOM_LETTERS[k]
        cells[r][c] = letter
        room = "room%d" % k
        room_ids.append(room)
        doors += ["{area: %s, at: [%d, %d], dir: down}" % (room, r - 1, c),
                  "{area: %s, at: [%d, %d], dir: up}" % (room, r + 1, c),
                  "{area: %s, at: [%d, %d], dir: right}" % (room, r, c - 1),
                  "{area: %s, at: [%d, %d], dir: left}" % (room, r, c + 1)]
        c += step
        if c >= side - 2:
            c = 2
            r += step
    legend = ['    ".": square']
    legend += ['    "%s": {area: room%d}' % (ROOM_LETTERS[k], k) for k in range(rooms)]
    pairs = []
    if passages:
        pairs = ["[%s, %s]" % (room_ids[i], room_ids[j]) for i in range(rooms) for j in range(i + 1, rooms)]
    # Row by row from the top left, skipping rooms (a room is no square).
    free = [(r, c) for r in range(side) for c in range(side) if cells[r][c] == "."]
    if pieces > len(free):
        raise ValueError("%d pieces do not fit %d squares" % (pieces, len(free)))
    # Two YAML values a piece (no kind): 48,000 pieces stay under the loader's limit
    # of 100,000 values of parlor before session 35, for a test of both.
    piece_lines = ["  p%d: {start: \"%d,%d\"}" % ((i,) + free[i]) for i in range(pieces)]
    yaml_text = "\n".join([
        "id: %s" % (name or "scale-grid-%d" % side),
        "title: {en: \"Scale grid %d\"}" % side,
        "players: {min: 1, max: %d}" % seats,
        "scripts: [rules.lua]",
        "options:",
        "  steps: {type: int, default: 6, min: 1, max: 100000}",
        "  turns: {type: int, default: 10, min: 1, max: 10000000}",
        "board:",
        "  grid:",
        "    map: |",
    ] + ["      " + "".join(row) for row in cells] + [
        "    legend:",
    ] + ["  " + line for line in legend] + ([
        "    doors:",
    ] + ["      - " + d for d in doors] if doors else []) + ([
        "    passages: [%s]" % ", ".join(pairs)] if pairs else []) + [
        "pieces:",
    ] + piece_lines) + "\n"
    lua = """
    function hooks.setup(g) g:set("moves", 0); g:begin_turn(0) end
    local function token(g, seat) return "p" .. seat end   -- pieces >= seats
    function hooks.actions(g, seat, out)
      local from = g:where(token(g, seat))
      for _, p in ipairs(g:reachable(from, g:option("steps"), {passages = true})) do out:add("move", p) end
      out:add("stay")
    end
    function hooks.apply(g, a)
      if a.type == "move" then g:move(token(g, a.actor), a.args[1]) end
      g:set("moves", g:get("moves") + 1)
      if g:get("moves") >= g:option("turns") then g:finish({}, "enough"); return end
      g:end_turn()
    end
    """
    return _write(root, name or "grid-%d" % side, yaml_text, lua)


def track_game(root, loop, lanes=0, name=None):
    """A track of `loop` squares with `lanes` lanes of 5 places (one owner each, whose
    piece is off the board); a move advances the runner (owner o0) by the option
    `steps`."""
    lane_lines = ["      - {owner: o%d, from: %d, places: [%s]}" % (
        k, (k * 7) % loop, ", ".join("o%d_l%d" % (k, i) for i in range(5))) for k in range(lanes)]
    yaml_text = "\n".join([
        "id: %s" % (name or "scale-track-%d" % loop),
        "players: {min: 1, max: 2}",
        "scripts: [rules.lua]",
        "options:",
        "  steps: {type: int, default: 6, min: 1, max: 10000000}",
        "  turns: {type: int, default: 10, min: 1, max: 10000000}",
        "board:",
        "  track:",
        "    loop: %d" % loop,
        "    id_format: \"t{i}\"",
    ] + (["    lanes:"] + lane_lines if lanes else []) + [
        "pieces:",
        "  runner: {kind: pawn, owner: o0, start: t0}",
    ] + ["  waiter%d: {kind: pawn, owner: o%d}" % (k, k) for k in range(1, lanes)]) + "\n"
    lua = """
    function hooks.setup(g) g:set("moves", 0); g:begin_turn(0) end
    function hooks.actions(g, seat, out)
      out:add("go", g:advance(g:where("runner"), g:option("steps"), "") or "none")
    end
    function hooks.apply(g, a)
      if a.args[1] ~= "none" then g:move("runner", a.args[1]) end
      g:set("moves", g:get("moves") + 1)
      if g:get("moves") >= g:option("turns") then g:finish({}, "enough"); return end
      g:end_turn()
    end
    """
    return _write(root, name or "track-%d" % loop, yaml_text, lua)


# ---- decks -------------------------------------------------------------------------

def deck_game(root, cards, piles=0, seats=2, name=None):
    """`cards` cards (one category per 100), a deck, a discard pile, a hand per seat
    and `piles` more public zones. Set-up shuffles and deals 5 cards a seat. A turn:
    `draw` (the discard pile is put back and shuffled when the deck is empty), or
    `play <card>` of a card in the hand onto the discard pile or onto a pile; the
    game ends after the option `turns` actions."""
    per = 100
    card_lines = ["  c%d: {category: k%d, count: %d}" % (k, k, min(per, cards - k * per))
                  for k in range((cards + per - 1) // per)]
    pile_lines = ["  pile%d: {visibility: public}" % i for i in range(piles)]
    yaml_text = "\n".join([
        "id: %s" % (name or "scale-deck-%d" % cards),
        "players: {min: 1, max: %d}" % seats,
        "scripts: [rules.lua]",
        "options:",
        "  turns: {type: int, default: 10, min: 1, max: 10000000}",
        "  deal: {type: int, default: 5, min: 0, max: 10000000}",
        "zones:",
        "  deck: {visibility: hidden}",
        "  discard: {visibility: public}",
        "  hand: {visibility: owner, per_seat: true, ordered: false}",
    ] + pile_lines + [
        "cards:",
    ] + card_lines) + "\n"
    lua = """
    local piles = nil
    function hooks.setup(g)
      g:shuffle("deck")
      local hands = {}
      for s = 0, g.num_seats - 1 do hands[#hands + 1] = g:seat_zone("hand", s) end
      g:deal("deck", hands, g:option("deal") * g.num_seats)
      g:set("moves", 0)
      g:begin_turn(0)
    end
    function hooks.actions(g, seat, out)
      out:add("draw")
      local hand = g:zone(g:seat_zone("hand", seat))
      for _, c in ipairs(hand) do out:add("play", c) end
    end
    function hooks.apply(g, a)
      local hand = g:seat_zone("hand", a.actor)
      if a.type == "draw" then
        if g:zone_size("deck") == 0 then
          g:move_all("discard", "deck")
          g:shuffle("deck")
        end
        g:draw("deck", hand)
      else
        local n = g:get("moves")
        local to = "discard"
        if %d > 0 and n %% 2 == 1 then to = "pile" .. (n %% %d) end
        g:move_card(a.args[1], to)
      end
      g:set("moves", g:get("moves") + 1)
      if g:get("moves") >= g:option("turns") then g:finish({}, "enough"); return end
      g:end_turn()
    end
    """ % (piles, max(piles, 1))
    return _write(root, name or "deck-%d-%d" % (cards, piles), yaml_text, lua)


# ---- listings, long games, big variables -------------------------------------------

def listing_game(root, name="scale-listing"):
    """Each decision lists the option `n` actions, with out:add (option `how` =
    add), with out:add in reverse text order (`reverse`), or as a product of two
    lists of `n` words each (`product`: n*n actions; `product3`, `product4`: n^3,
    n^4), or a product plus one listed
    action inside its range (`mixed`: the engine must expand the product). The game
    ends after the option `turns` actions."""
    yaml_text = textwrap.dedent("""\
        id: %s
        players: {min: 1, max: 4}
        scripts: [rules.lua]
        options:
          n: {type: int, default: 1000, min: 1, max: 100000000}
          how: {type: choice, choices: [add, reverse, product, product3, product4, mixed], default: add}
          turns: {type: int, default: 10, min: 1, max: 10000000}
        """ % name)
    lua = """
    local words = {}
    local function list(n)
      if words[n] == nil then
        local l = {}
        for i = 1, n do l[i] = string.format("w%07d", i) end
        words[n] = l
      end
      return words[n]
    end
    function hooks.setup(g) g:set("moves", 0); g:begin_turn(0) end
    function hooks.actions(g, seat, out)
      local n, how = g:option("n"), g:option("how")
      local l = list(n)
      if how == "add" then
        for i = 1, n do out:add("pick", l[i]) end
      elseif how == "reverse" then
        for i = n, 1, -1 do out:add("pick", l[i]) end
      elseif how == "product" then
        out:add_product("pair", l, l)
      elseif how == "product3" then
        out:add_product("trio", l, l, l)
      elseif how == "product4" then
        out:add_product("quad", l, l, l, l)
      else
        out:add_product("pair", l, l)
        out:add("pair", l[1], l[n] .. "x")
      end
    end
    function hooks.apply(g, a)
      g:set("moves", g:get("moves") + 1)
      g:set("last", a.text)
      if g:get("moves") >= g:option("turns") then g:finish({}, "enough"); return end
      g:end_turn()
    end
    """
    return _write(root, name, yaml_text, lua)


def long_game(root, name="scale-long"):
    """Two actions a decision (`tick`, `tock`), each recording an event of its own and
    a variable; the game ends after the option `turns` actions. With the option
    `big` > 0 each action also stores a table of `big` numbers in a variable and
    reads it back."""
    yaml_text = textwrap.dedent("""\
        id: %s
        players: {min: 1, max: 64}
        scripts: [rules.lua]
        options:
          turns: {type: int, default: 1000, min: 1, max: 10000000}
          big: {type: int, default: 0, min: 0, max: 10000000}
        """ % name)
    lua = """
    function hooks.setup(g) g:set("moves", 0); g:begin_turn(0) end
    function hooks.actions(g, seat, out) out:add("tick"); out:add("tock") end
    function hooks.apply(g, a)
      local n = g:get("moves") + 1
      g:set("moves", n)
      g:emit("ticked", {seat = a.actor, n = n})
      local big = g:option("big")
      if big > 0 then
        local t = {}
        for i = 1, big do t[i] = i + n end
        g:set("big", t)
        assert(#g:get("big") == big)
      end
      if n >= g:option("turns") then g:finish({a.actor}, "enough"); return end
      g:end_turn()
    end
    """
    return _write(root, name, yaml_text, lua)


def heist_game(root, categories, per_category, seats, name=None):
    """demo-heist's rules (variants/demo-heist/rules.lua, the shared deduction
    machinery and bot) with `categories` categories of `per_category` cards each."""
    here = os.path.dirname(os.path.abspath(__file__))
    rules = os.path.join(here, "..", "..", "variants", "demo-heist", "rules.lua")
    with open(rules, encoding="utf-8") as f:
        lua = f.read()
    card_lines = ["  k%dc%d: {category: cat%d}" % (k, i, k) for k in range(categories) for i in range(per_category)]
    yaml_text = "\n".join([
        "id: %s" % (name or "scale-heist-%d-%d" % (categories, per_category)),
        "players: {min: 2, max: %d}" % seats,
        "scripts: [rules.lua]",
        "options:",
        "  open_refutations: {type: bool, default: false}",
        "zones:",
        "  box: {visibility: hidden}",
        "  envelope: {visibility: hidden}",
        "  deck: {visibility: hidden}",
        "  hand: {visibility: owner, per_seat: true, ordered: false}",
        "private_actions: [show]",
        "cards:",
    ] + card_lines) + "\n"
    return _write(root, name or "heist-%d-%d-%d" % (categories, per_category, seats), yaml_text, lua)
