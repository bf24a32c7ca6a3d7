"""docs/modding.md's Sorry! recipes, as the page gives them: a 4 that goes five
squares back (`cards: {four: {data: {back: 5}}}`), and no slides (`data: {slides: []}`,
`marks: ~`); and the slip the page warns of, `data: {slide: []}`, refused with the
key meant (it was accepted, and every slide stayed)."""
import pytest

import parlor


def mod(tmp_path, name, body):
    folder = tmp_path / name
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text(f"id: {name}\nextends: sorry\n{body}")
    return str(folder)


def play_games(ruleset, seeds=range(1, 6), seats=4):
    for seed in seeds:
        g = ruleset.new_game(seats, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=20000)
        assert g.over
        yield g


def test_a_four_goes_five_back(tmp_path):
    ruleset = parlor.load("sorry", mods=[mod(tmp_path, "four-back-five", "cards:\n  four: {data: {back: 5}}\n")])
    backs = []
    for g in play_games(ruleset):
        backs += [e["data"]["action"] for e in g.log() if e["type"] == "action"
                  and e["data"]["action"].startswith("back ")]
    steps = {text.split()[2] for text in backs}
    assert "5" in steps and "4" not in steps, steps


def test_no_slides(tmp_path):
    ruleset = parlor.load("sorry", mods=[mod(tmp_path, "no-slides", "data:\n  slides: []\nmarks: ~\n")])
    for g in play_games(ruleset):
        assert not [e for e in g.log() if e["type"] == "piece_moved" and e["data"].get("why") == "slide"]
    base = parlor.load("sorry")
    assert any(e["type"] == "piece_moved" and e["data"].get("why") == "slide"
               for g in play_games(base, seeds=[1]) for e in g.log())


def test_a_misspelt_slides_key_is_refused_with_the_key_meant(tmp_path):
    with pytest.raises(Exception) as e:
        parlor.load("sorry", mods=[mod(tmp_path, "no-slide", "data:\n  slide: []\n")])
    assert "data.slide: new key 'slide' beside 'slides' of the base" in str(e.value)
    assert "did you mean 'slides'?" in str(e.value)
