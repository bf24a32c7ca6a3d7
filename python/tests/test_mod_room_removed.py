"""A house rule taking a room out of a Cluedo edition (docs/modding.md, "Taking
something away"): the card deleted, the room's squares turned into walls through the
legend, the doors list given without the room's doors. The deduction bots solve the
smaller case; a layout of weapons naming the room taken away is said with the hook
that gave it (it was the engine's "unknown place 'kitchen'" at a line of
variants/lib/deduction.lua)."""
import pytest

import parlor

DOORS = [
    "{area: kitchen, at: [7, 4], dir: up}",
    "{area: ballroom, at: [5, 7], dir: right}",
    "{area: ballroom, at: [5, 16], dir: left}",
    "{area: ballroom, at: [8, 9], dir: up}",
    "{area: ballroom, at: [8, 14], dir: up}",
    "{area: conservatory, at: [5, 18], dir: up}",
    "{area: dining_room, at: [12, 8], dir: left}",
    "{area: dining_room, at: [16, 6], dir: up}",
    "{area: billiard_room, at: [9, 17], dir: right}",
    "{area: billiard_room, at: [13, 22], dir: up}",
    "{area: library, at: [13, 20], dir: down}",
    "{area: library, at: [16, 16], dir: right}",
    "{area: lounge, at: [18, 6], dir: down}",
    "{area: hall, at: [17, 11], dir: down}",
    "{area: hall, at: [17, 12], dir: down}",
    "{area: hall, at: [20, 15], dir: left}",
    "{area: study, at: [20, 17], dir: down}",
]


def room_removed_mod(tmp_path, room, letter, extra=""):
    folder = tmp_path / f"no-{room.replace('_', '-')}"
    folder.mkdir()
    doors = "\n".join(f"      - {d}" for d in DOORS if f"area: {room}," not in d)
    folder.joinpath("mod.yaml").write_text(
        f"id: no-{room.replace('_', '-')}\nextends: cluedo-italian\nboard:\n  grid:\n{extra}"
        f"    legend:\n      \"{letter}\": wall\n    doors:\n{doors}\ncards:\n  {room}: ~\n")
    return str(folder)


def test_bots_solve_the_case_without_the_billiard_room(tmp_path):
    ruleset = parlor.load("cluedo-italian", mods=[room_removed_mod(tmp_path, "billiard_room", "R")])
    for seats in (3, 5):
        for seed in range(1, 6):
            g = ruleset.new_game(seats, seed=seed)
            assert "billiard_room" not in g.zone("envelope") and "billiard_room" not in ruleset.cards()
            parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=20000)
            assert g.over and g.end_reason == "correct accusation", (seats, seed)
            named = [e["data"].get("room") for e in g.log() if e["type"] == "suggestion"]
            assert named and "billiard_room" not in named


def test_a_weapon_layout_naming_the_room_taken_away_names_the_hook(tmp_path):
    mod = room_removed_mod(tmp_path, "kitchen", "K", extra="    passages: [[lounge, conservatory]]\n")
    ruleset = parlor.load("cluedo-italian", mods=[mod])
    ruleset.new_game(4, seed=1)                      # the random layout needs no kitchen
    with pytest.raises(Exception) as e:
        ruleset.new_game(4, seed=1, mode="booklet-weapons")
    message = str(e.value)
    assert "the weapon layout handed to D.place_weapons (by hook 'place_weapons' of cluedo-italian" in message
    assert "puts the weapon 'wrench' in 'kitchen', which is no place of the board; expected one of its rooms:" in message
