"""docs/definition-format.md, "Zones, cards, pieces" and "Events", claim by claim:
each test writes the definition a claim is about and checks what the page says of
it (session 39)."""
import parlor
import pytest

from definition_claims_s39 import check, extension, one_problem, problems, root, run, variables

# The page's example, as written (Scarlet's start square is one of a grid's).
COMPONENTS = '''zones:
  box: {visibility: hidden}                 # the first zone is where cards start by default
  envelope: {visibility: hidden}
  hand: {visibility: owner, per_seat: true, ordered: false}   # "hand:0", "hand:1", ...
  discard: {visibility: public}
cards:
  scarlet: {category: suspect}
  knife: {category: weapon, data: {icon: K}}
  one: {category: move, count: 5, data: {value: 1}}   # five cards one-1 .. one-5
pieces:
  scarlet: {kind: suspect, owner: red, start: "0,1"}
  knife: {kind: weapon, occupies: false}             # off the board until set-up places it
board:
  grid: {map: "...", legend: {".": square}}
'''


# --- Zones ------------------------------------------------------------------------------

def test_cards_start_in_the_first_zone_by_default(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='g:set("_box", g:zone("box"))')
    assert variables(folder, "_box") == {"_box": ["scarlet", "knife", "one-1", "one-2", "one-3", "one-4", "one-5"]}


def test_a_per_seat_zone_has_a_copy_per_seat(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='g:set("_sizes", {g:zone_size("hand:0"), g:zone_size("hand:1")})')
    assert variables(folder, "_sizes", seats=2) == {"_sizes": [0, 0]}


def test_visibility_is_hidden_owner_or_public(tmp_path):
    folder = root(tmp_path, "zones: {box: {visibility: hiden}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:27: zones.box.visibility: expected hidden, owner or public, got 'hiden'; did you "
        "mean 'hidden'?")


def test_owner_visibility_needs_per_seat(tmp_path):
    folder = root(tmp_path, "zones: {hand: {visibility: owner}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:28: zones.hand.visibility: visibility 'owner' needs per_seat: true (only per-seat "
        "zones have an owner)")


def test_an_owner_zone_is_seen_by_its_seat_only_and_a_public_per_seat_zone_by_all(tmp_path):
    folder = root(tmp_path, "zones:\n  box: {}\n  hand: {visibility: owner, per_seat: true}\n"
                            "  books: {visibility: public, per_seat: true}\ncards: {a: {}, b: {}}\n",
                  probe='g:move_card("a", "hand:0"); g:move_card("b", "books:0")')
    g = parlor.load(folder).new_game(2, seed=1)
    other = g.view(1)["zones"]
    assert other["books:0"]["cards"] == ["b"]
    assert "cards" not in other["hand:0"] or other["hand:0"]["cards"] is None
    assert g.view(0)["zones"]["hand:0"]["cards"] == ["a"]


def test_an_unordered_zone_keeps_definition_order_and_a_pile_puts_the_last_on_top(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='for _, c in ipairs({"knife", "scarlet"}) do g:move_card(c, "hand:0") '
                                              'g:move_card(c == "knife" and "one-2" or "one-1", "discard") end\n'
                                              'g:set("_hand", g:zone("hand:0")); g:set("_pile", g:zone("discard")); '
                                              'g:set("_top", g:top("discard"))')
    assert variables(folder, "_hand", "_pile", "_top") == {"_hand": ["scarlet", "knife"], "_pile": ["one-2", "one-1"],
                                                           "_top": "one-1"}


def test_python_hand_reads_the_only_per_seat_zone(tmp_path):
    folder = root(tmp_path, "zones: {box: {}, books: {visibility: public, per_seat: true}}\ncards: {a: {}}\n",
                  probe='g:move_card("a", "books:1")')
    assert parlor.load(folder).new_game(2, seed=1).hand(1) == ["a"]


def test_zones_take_only_visibility_per_seat_and_ordered(tmp_path):
    folder = root(tmp_path, "zones: {box: {visible: hidden}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:15: zones.box.visible: unknown key 'visible'; did you mean 'visibility'?")


# --- Cards ------------------------------------------------------------------------------

def test_a_card_may_start_in_a_zone_or_in_one_seats_copy(tmp_path):
    folder = root(tmp_path, COMPONENTS.replace("  scarlet: {category: suspect}",
                                               '  scarlet: {category: suspect, zone: envelope}\n'
                                               '  rope: {category: weapon, zone: "hand:1"}'),
                  players="{min: 2, max: 3}",
                  probe='g:set("_env", g:zone("envelope")); g:set("_hand", g:zone("hand:1"))')
    assert variables(folder, "_env", "_hand", seats=2) == {"_env": ["scarlet"], "_hand": ["rope"]}


def test_a_card_starting_in_a_seats_copy_every_game_lacks_is_refused_at_load(tmp_path):
    # A game of 2 has no hand:2: set-up failed ("card rope starts in unknown zone
    # hand:2"), naming no file or line; the loader took it.
    folder = root(tmp_path, COMPONENTS.replace("  scarlet: {category: suspect}",
                                               '  scarlet: {category: suspect}\n  rope: {category: weapon, zone: "hand:2"}'),
                  players="{min: 2, max: 3}")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:11:34: cards.rope.zone: unknown zone 'hand:2': seat 2's copy of per-seat zone 'hand' "
        "is only in games of 3 players or more (players: min 2, max 3), and a game of 2 could not be set up; "
        "expected the copy of a seat every game has (hand:0 to hand:1)")


def test_a_card_starting_in_a_seats_copy_no_game_has_is_refused_saying_so(tmp_path):
    folder = root(tmp_path, COMPONENTS.replace("  scarlet: {category: suspect}",
                                               '  scarlet: {category: suspect}\n  rope: {category: weapon, zone: "hand:3"}'),
                  players="{min: 2, max: 3}")
    assert one_problem(folder).endswith(
        "cards.rope.zone: unknown zone 'hand:3': seat 3's copy of per-seat zone 'hand' is in no game (players: "
        "min 2, max 3); expected the copy of a seat every game has (hand:0 to hand:1)")


def test_a_seats_copy_is_named_by_the_seats_number_as_the_engine_names_it(tmp_path):
    # "hand:01" was taken for seat 1 by the loader, and then failed the set-up.
    folder = root(tmp_path, COMPONENTS.replace("  scarlet: {category: suspect}",
                                               '  scarlet: {category: suspect}\n  rope: {category: weapon, zone: "hand:01"}'),
                  players="{min: 2, max: 3}")
    assert one_problem(folder).endswith(
        "cards.rope.zone: unknown zone 'hand:01': a seat's copy of per-seat zone 'hand' is named by the seat's "
        "number, hand:0, hand:1, ...")


def test_a_card_with_count_stands_for_that_many_cards_of_its_category(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='g:set("_ones", g:cards("move")); g:set("_cat", g:category("one-5"))')
    assert variables(folder, "_ones", "_cat") == {"_ones": ["one-1", "one-2", "one-3", "one-4", "one-5"],
                                                  "_cat": "move"}


@pytest.mark.parametrize("count", ["0", "10001"])
def test_a_count_lies_from_1_to_10000(tmp_path, count):
    folder = root(tmp_path, f"zones: {{box: {{}}}}\ncards: {{one: {{count: {count}}}}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:5:22: cards.one.count: expected an integer from 1 to 10000, got {count}")


def test_categories_are_listed_in_order_of_first_appearance(tmp_path):
    folder = root(tmp_path, "zones: {box: {}}\ncards: {a: {category: z}, b: {category: m}, c: {category: z}, "
                            "d: {category: a}}\n", probe='g:set("_cats", g:categories())')
    assert variables(folder, "_cats") == {"_cats": ["z", "m", "a"]}


def test_card_and_piece_data_reach_the_hooks_every_counted_card_the_same(tmp_path):
    folder = root(tmp_path, COMPONENTS.replace('{kind: weapon, occupies: false}',
                                               '{kind: weapon, occupies: false, data: {sharp: true}}'),
                  probe='local d = g:data(); g:set("_knife", d.card_data.knife); g:set("_five", d.card_data["one-5"]); '
                        'g:set("_piece", d.piece_data.knife); g:set("_none", d.card_data.scarlet == nil)')
    assert variables(folder, "_knife", "_five", "_piece", "_none") == {
        "_knife": {"icon": "K"}, "_five": {"value": 1}, "_piece": {"sharp": True}, "_none": True}


@pytest.mark.parametrize("key", ["card_data", "piece_data"])
def test_data_may_not_hold_the_two_reserved_keys(tmp_path, key):
    folder = root(tmp_path, f"data: {{{key}: 1}}\n")
    assert one_problem(folder).startswith(
        f"{folder}/variant.yaml:4:{8 + len(key) + 2}: data.{key}: '{key}' is reserved: the loader puts the ")


def test_cards_need_a_zone_declared(tmp_path):
    folder = root(tmp_path, "cards: {a: {}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:8: cards: cards need a zone to start in, but no zones are declared (add 'zones:')")


# --- Pieces ------------------------------------------------------------------------------

def test_pieces_occupy_by_default_and_occupies_false_shares(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='g:move("knife", "0,1"); g:set("_with_knife", g:pieces_at("0,1")); '
                                              'g:set("_occupied", g:occupied("0,2")); g:move("knife", "0,2"); '
                                              'g:set("_still_free", not g:occupied("0,2"))')
    assert variables(folder, "_with_knife", "_occupied", "_still_free") == {
        "_with_knife": ["scarlet", "knife"], "_occupied": False, "_still_free": True}


def test_a_piece_without_start_is_off_the_board(tmp_path):
    folder = root(tmp_path, COMPONENTS, probe='g:set("_where", g:where("knife") == nil); g:set("_s", g:where("scarlet"))')
    assert variables(folder, "_where", "_s") == {"_where": True, "_s": "0,1"}


def test_a_piece_start_written_as_a_door_at_is_refused_with_the_square_name(tmp_path):
    folder = root(tmp_path, COMPONENTS.replace('start: "0,1"', "start: [0, 1]"))
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:14:47: pieces.scarlet.start: expected a place id, got a list; a grid square is "
        "named \"row,col\" (start: \"0,1\"), an area by its id")


# --- Events -------------------------------------------------------------------------------

EVENTS = '''events:
  asked: {seats: [target]}          # g:emit("asked", {seat = s, target = t, rank = r})
  handed: {seats: [from, to]}
  reveal: {seats: [withheld_by, denied_to]}   # g:reveal's info fields
'''


def test_the_events_example_loads_and_play_names_the_seats(tmp_path):
    folder = root(tmp_path, EVENTS, probe='g:emit("asked", {seat = 0, target = 1, rank = 7})')
    code, out, err = run("play", folder, "-n", "2")
    assert code == 0, err
    assert "seat 0 — asked: rank 7, target seat 1" in out, out


def test_a_declared_field_holding_no_seat_is_refused_at_the_emit_line(tmp_path):
    folder = root(tmp_path, EVENTS, probe='g:emit("asked", {target = 7})')
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load(folder).new_game(2, seed=1)
    assert (f"rules.lua:2: event 'asked': field 'target' holds a seat (events.asked.seats in {folder}/variant.yaml:5), "
            "so it must be a seat number from 0 to 1, got 7") in str(e.value)


def test_a_declared_field_left_out_is_fine(tmp_path):
    folder = root(tmp_path, EVENTS, probe='g:emit("asked", {rank = 7}); g:set("_ok", true)')
    assert variables(folder, "_ok", seats=2) == {"_ok": True}


def test_seat_of_an_emit_is_read_as_a_seat_whatever_events_says(tmp_path):
    folder = root(tmp_path, "", probe='g:emit("asked", {seat = 9})')
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load(folder).new_game(2, seed=1)
    assert "rules.lua:2:" in str(e.value) and "got 9" in str(e.value)


def test_only_own_event_types_and_reveal_may_be_declared(tmp_path):
    folder = root(tmp_path, "events: {piece_moved: {seats: [x]}}\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:10: events.piece_moved: 'piece_moved' events are the engine's")


def test_an_event_type_is_one_word(tmp_path):
    folder = root(tmp_path, 'events: {"two words": {seats: [x]}}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:10: events: an event type is one word, without spaces or control characters (the "
        "type g:emit records, such as 'asked'), not 'two words'")


def test_card_and_cards_hold_card_ids_never_seats(tmp_path):
    folder = root(tmp_path, "events: {asked: {seats: [cards]}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:26: events.asked.seats: field 'cards' holds card ids (g:emit checks them as such), "
        "not seats")


def test_an_extensions_events_add_types_and_replace_a_named_types_list(tmp_path):
    base = root(tmp_path, EVENTS, name="events-base")
    folder = extension(tmp_path, base, "events:\n  asked: {seats: [asker]}\n  told: {seats: [teller]}\n")
    code, out = check(folder)
    assert code == 0, out
    assert f"events.asked.seats = set by {folder}/variant.yaml:4; before: {base}/variant.yaml:5" in out, out
    # The base's other types stay: a field of `handed` still must hold a seat.
    (tmp_path / "ext" / "variant.yaml").write_text(
        f"id: ext\nextends: {base}\nevents:\n  asked: {{seats: [asker]}}\nscripts: [more.lua]\n")
    (tmp_path / "ext" / "more.lua").write_text(
        'function hooks.setup(g) g:emit("handed", {to = 5}) end\n')
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load(folder).new_game(2, seed=1)
    assert "field 'to' holds a seat" in str(e.value)


def test_saves_and_the_log_keep_the_seat_number(tmp_path):
    folder = root(tmp_path, EVENTS, probe='g:emit("asked", {seat = 0, target = 1, rank = 7})')
    g = parlor.load(folder).new_game(2, seed=1)
    asked = [e for e in g.log() if e["type"] == "asked"]
    assert asked[0]["data"] == {"seat": 0, "target": 1, "rank": 7}


def test_a_field_named_as_its_event_is_printed_as_its_value_alone(tmp_path):
    folder = root(tmp_path, "", probe='g:emit("mood", {mood = "tense", level = 2})')
    code, out, err = run("play", folder, "-n", "1")
    assert code == 0, err
    assert "mood: level 2, tense" in out, out


def _reveal_error(tmp_path, yaml, info):
    folder = root(tmp_path, "zones: {box: {}}\ncards: {a: {}}\n" + yaml, probe=f'g:reveal("a", {{0}}, {info})')
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load(folder).new_game(2, seed=1)
    return folder, str(e.value)


def test_a_declared_reveal_field_holding_no_seat_is_refused_at_the_reveal_line(tmp_path):
    folder, text = _reveal_error(tmp_path, "events: {reveal: {seats: [denied_to]}}\n", "{denied_to = 4}")
    assert (f"rules.lua:2: event 'reveal': field 'denied_to' holds a seat (events.reveal.seats in "
            f"{folder}/variant.yaml:6), so it must be a seat number from 0 to 1, got 4") in text


def test_by_and_to_of_reveals_info_are_seats_whatever_events_says(tmp_path):
    folder, text = _reveal_error(tmp_path, "", "{to = 9}")
    assert "rules.lua:2: g:reveal: info field 'to' holds a seat" in text and "got 9" in text


def test_reveals_info_may_not_hold_card(tmp_path):
    folder, text = _reveal_error(tmp_path, "", '{card = "a"}')
    assert "rules.lua:2: g:reveal: info field 'card' is the engine's" in text
