"""Game.save_file(path): a save written straight to a file (session 39).

Game.save() returns the text as a str, so a long game's save sits in memory twice
(the text the engine makes and Python's str of it). save_file writes it as it is
made, through the writer `parlor play --save` uses (scripting/save_to_file.h): the
same text and newline, written beside the file and renamed over it.
"""
import json
import os

import pytest

import parlor
from test_save_memory_s36 import big_save  # noqa: F401 - big_save: the fixture, a save of 18.8 MB
from test_writing_s38_save import growth_while


def played(variant="sorry", players=4, seed=5, actions=150):
    game = parlor.new_game(variant, players, seed=seed)
    parlor.play(game, bots="random", max_actions=actions)
    return game


def test_the_file_holds_save_text_and_a_newline(tmp_path):
    game = played()
    for indent in (0, 1, 2):
        path = tmp_path / ("g%d.json" % indent)
        assert game.save_file(path, indent=indent) is None
        assert path.read_text(encoding="utf-8") == game.save(indent=indent) + "\n"
    # A str path too, and what it wrote loads back to the same game.
    game.save_file(str(tmp_path / "s.json"))
    assert parlor.load_game(None, (tmp_path / "s.json").read_text(encoding="utf-8")) == game


def test_the_bots_play_played_with_are_named_as_save_names_them(tmp_path):
    game = played("clue-1949", 3, seed=2, actions=60)
    game.save_file(tmp_path / "c.json")
    assert '"bots": "random"' in game.save()
    assert (tmp_path / "c.json").read_text(encoding="utf-8") == game.save() + "\n"


def test_a_save_over_an_older_file_replaces_it_and_leaves_no_part_file(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("an older save", encoding="utf-8")
    game = played()
    game.save_file(path)
    assert path.read_text(encoding="utf-8") == game.save() + "\n"
    assert sorted(os.listdir(tmp_path)) == ["g.json"]


def test_a_folder_or_a_missing_folder_is_an_oserror_naming_the_path(tmp_path):
    game = played(actions=5)
    with pytest.raises(OSError, match="cannot write .*: it is a folder; name a file in it"):
        game.save_file(tmp_path)
    missing = tmp_path / "nowhere" / "g.json"
    with pytest.raises(OSError, match="cannot write %s: no folder " % missing):
        game.save_file(missing)


def test_a_write_that_fails_leaves_the_older_file_as_it_was(tmp_path):
    # The part file cannot be made (a folder has its name): the write fails, and the
    # file named keeps what it held.
    path = tmp_path / "g.json"
    path.write_text("an older save", encoding="utf-8")
    (tmp_path / "g.json.part").mkdir()
    with pytest.raises(OSError, match="cannot write "):
        played(actions=5).save_file(path)
    assert path.read_text(encoding="utf-8") == "an older save"


def test_saving_a_big_game_to_a_file_holds_no_text_of_it(big_save, tmp_path):  # noqa: F811
    # The growth of the resident memory while the loaded 18.8 MB game is written:
    # Game.save() grows by about twice the save (test_writing_s38_save), save_file by
    # the megabyte the writer hands the file at a time and the state's small parts.
    folder, path = big_save
    out = tmp_path / "again.json"
    grown, _ = growth_while(folder, path, "game.save_file(sys.argv[3])\n", str(out))
    size = os.path.getsize(path)
    with open(path, encoding="utf-8") as f:
        assert out.read_text(encoding="utf-8") == f.read() + "\n"
    assert grown < 0.2 * size, "save_file grew by %.2f times the save's %d bytes" % (grown / size, size)


def test_a_device_is_refused_and_a_link_written_through(tmp_path):
    # As `parlor play --save`: renamed over /dev/null the save would put a file in the
    # device's place; a link is kept, the file it names replaced.
    game = played(actions=5)
    with pytest.raises(OSError, match="cannot write /dev/null: it is no regular file"):
        game.save_file("/dev/null")
    assert not os.path.isfile("/dev/null")
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(real)
    game.save_file(tmp_path / "link.json")
    assert (tmp_path / "link.json").is_symlink()
    assert real.read_text(encoding="utf-8") == game.save() + "\n"


@pytest.mark.parametrize("key", ["seed", "num_seats", "actions", "definition"])
def test_a_save_missing_a_field_says_it_is_missing(key):
    # It said "field 'seed': expected a string, got null", as for a null written.
    saved = json.loads(played(actions=5).save())
    del saved[key]
    with pytest.raises(parlor.StateError, match="saved game, field '%s': missing: expected " % key):
        parlor.load_game("sorry", json.dumps(saved))
    saved[key] = None
    with pytest.raises(parlor.StateError, match="saved game, field '%s': expected " % key):
        parlor.load_game("sorry", json.dumps(saved))
