"""parlor.DeductionNotes: the engine's deduction solver from Python (docs/python.md,
"Deduction notes"), fed from a real game's log as the page shows."""
import pytest

import parlor

CARDS = ["s1", "s2", "s3", "w1", "w2", "w3", "r1", "r2", "r3"]


def test_conclusions_chain_and_come_as_news():
    notes = parlor.DeductionNotes(2, CARDS)
    notes.hand_size(0, 3)
    notes.hand_size(1, 3)
    for card in ["s1", "w1", "r1"]:
        notes.holds(0, card)
    for card in ["s2", "w2", "r2"]:
        notes.lacks(1, card)
    notes.settle()
    assert notes.take_news() == ["s1", "w1", "r1", "s3", "w3", "r3", "s2", "w2", "r2"]
    assert notes.take_news() == []
    assert notes.holder("s3") == 1 and notes.holder("s2") is None
    assert notes.unheld("s2") and not notes.may_hold(0, "s2")
    assert not notes.broken and notes.open_notes == 0


def test_one_of_down_to_one_card_names_it_and_contradictions_break():
    notes = parlor.DeductionNotes(3, CARDS)
    notes.one_of(2, ["s1", "w1", "r1"])
    notes.lacks(2, "s1")
    notes.lacks(2, "w1")
    notes.settle()
    assert notes.holder("r1") == 2
    notes.holds(1, "r1")
    assert notes.broken


def test_mistakes_are_named():
    notes = parlor.DeductionNotes(3, CARDS)
    with pytest.raises(ValueError, match="'x9' is not one of the notes' cards"):
        notes.holds(0, "x9")
    with pytest.raises(IndexError, match="seat 3"):
        notes.lacks(3, "s1")
    with pytest.raises(ValueError, match="listed twice"):
        parlor.DeductionNotes(2, ["a", "a"])


def test_the_docs_example_reads_a_game_log():
    game = parlor.new_game("clue-1949", 3, seed=2)
    parlor.play(game, bots={0: "rules", 1: "rules", 2: "rules"}, max_actions=40)
    notes = parlor.DeductionNotes(game.num_seats, game.ruleset.cards())
    for seat in range(game.num_seats):
        notes.hand_size(seat, len(game.hand(seat)))
    for card in game.hand(0):
        notes.holds(0, card)
    named = None
    for event in game.log(0):
        kind, data = event["type"], event["data"]
        if kind == "suggestion":
            named = [data["suspect"], data["weapon"], data["room"]]
        elif kind == "no_card":
            for card in named:
                notes.lacks(data["seat"], card)
        elif kind == "reveal" and "card" in data:
            notes.holds(data["by"], data["card"])
        elif kind == "reveal":
            notes.one_of(data["by"], named)
    notes.settle()
    assert notes.take_news() == ["scarlet", "green", "revolver", "billiard_room", "library", "study",
                                 "ballroom", "mustard", "candlestick", "knife"]
    assert notes.holder("ballroom") == 1
    # Everything concluded is true: a holder really holds the card.
    for card in game.ruleset.cards():
        if notes.holder(card) is not None:
            assert card in game.hand(notes.holder(card))


def test_notes_pickle_with_their_open_facts_and_news():
    """A bot's notes cross to another process (multiprocessing pickles them): the
    copy holds the facts not yet settled and the news not yet taken."""
    import pickle

    notes = parlor.DeductionNotes(3, CARDS)
    notes.holds(0, "s1")
    notes.one_of(2, ["s2", "w1", "r1"])
    notes.lacks(2, "s2")
    notes.lacks(2, "w1")  # not settled yet
    copy = pickle.loads(pickle.dumps(notes))
    assert copy.open_notes == 1 and copy.holder("r1") is None
    copy.settle()
    notes.settle()
    assert copy.holder("r1") == 2
    assert copy.take_news() == notes.take_news() == ["s1", "r1"]
    copy.holds(1, "s3")  # the copy is independent
    assert notes.holder("s3") is None


def test_a_tampered_notes_pickle_is_a_value_error():
    rebuild, (ids, numbers) = parlor.DeductionNotes(2, CARDS).__reduce__()
    with pytest.raises(ValueError, match="a pickle of 9 cards names 2 card ids"):
        rebuild(["a", "b"], numbers)
    with pytest.raises(ValueError, match="numbers are left over"):
        rebuild(ids, numbers + [0])


@pytest.mark.parametrize("protocol", range(0, 6))
def test_notes_pickle_with_every_protocol(protocol):
    # Protocols 0 and 1 aborted the process (pybind11's pickle support needs 2 or more;
    # found by an outside audit).
    import pickle

    notes = parlor.DeductionNotes(2, CARDS)
    notes.holds(1, "w2")
    copy = pickle.loads(pickle.dumps(notes, protocol))
    assert copy.holder("w2") == 1


def test_lacks_takes_several_cards_as_in_lua():
    """A bot ported from Lua calls lacks(seat, card, ...): the same call works here."""
    notes = parlor.DeductionNotes(2, CARDS)
    notes.hand_size(1, 3)
    notes.lacks(1, "s2", "w2", "r2")
    notes.lacks(1, "s1")  # one card, as before
    notes.lacks(seat=1, card="w1")
    notes.settle()
    assert [notes.may_hold(1, c) for c in ["s1", "s2", "w1", "w2", "r2"]] == [False] * 5
    assert notes.holder("s3") is None  # s3 w3 r1 r3 still open for three cards


def test_lacks_checks_every_card_before_noting_any():
    notes = parlor.DeductionNotes(2, CARDS)
    with pytest.raises(ValueError, match="'x9' is not one of the notes' cards"):
        notes.lacks(1, "s1", "x9")
    with pytest.raises(TypeError, match=r"lacks: cards are card ids \(str\), not int"):
        notes.lacks(1, "s1", 3)
    assert notes.may_hold(1, "s1")


def test_count_exactly_one_of_three_and_one_seen_lacks_the_others():
    notes = parlor.DeductionNotes(3, CARDS)
    notes.count(2, ["s1", "w1", "r1"], 1, 1)  # "how many of these?" "one"
    notes.settle()
    assert notes.open_notes == 1 and notes.may_hold(2, "s1")
    notes.holds(2, "w1")
    notes.settle()
    assert not notes.may_hold(2, "s1") and not notes.may_hold(2, "r1")
    assert notes.open_notes == 0 and not notes.broken


def test_count_at_least_with_as_many_cards_left_holds_them():
    notes = parlor.DeductionNotes(3, CARDS)
    notes.count(1, ["s1", "w1", "r1", "r2"], 2, 4)  # at least two
    notes.lacks(1, "s1", "r2")
    notes.settle()
    assert notes.take_news() == ["w1", "r1"]
    assert notes.holder("w1") == 1 and notes.holder("r1") == 1


def test_count_at_most_and_contradictions():
    notes = parlor.DeductionNotes(3, CARDS)
    notes.count(0, ["s1", "s2"], 0, 0)  # at most none
    notes.settle()
    assert not notes.may_hold(0, "s1") and not notes.may_hold(0, "s2")
    notes.holds(1, "w1")
    notes.holds(1, "w2")
    notes.count(1, ["w1", "w2", "w3"], 0, 1)  # at most one, but two are known
    notes.settle()
    assert notes.broken
    with pytest.raises(ValueError, match="0 <= lo <= hi"):
        parlor.DeductionNotes(2, CARDS).count(0, ["s1"], 2, 1)
    with pytest.raises(ValueError, match="'x9' is not one of the notes' cards"):
        parlor.DeductionNotes(2, CARDS).count(0, ["x9"], 0, 1)


def test_open_counts_pickle():
    import pickle

    notes = parlor.DeductionNotes(3, CARDS)
    notes.count(2, ["s1", "w1", "r1"], 1, 1)
    copy = pickle.loads(pickle.dumps(notes))
    assert copy.open_notes == 1
    copy.holds(2, "r1")
    copy.settle()
    assert not copy.may_hold(2, "s1") and copy.open_notes == 0
    assert notes.may_hold(2, "s1")  # the original is untouched


def test_a_pickle_made_before_count_still_loads():
    """Format version 1 (no count facts) is still read: the same numbers without
    each seat's number of counts, which follows its one_of sets."""
    notes = parlor.DeductionNotes(2, CARDS)
    notes.holds(0, "s1")
    notes.one_of(1, ["s2", "w2"])
    rebuild, (ids, numbers) = notes.__reduce__()
    assert numbers[0] == 2
    old, at = [1] + numbers[1:6], 6
    for _ in range(2):  # seats: held, size, dirty, two sets of 4 words, one_of sets
        end = at + 12 + 4 * numbers[at + 11]
        old += numbers[at:end]
        assert numbers[end] == 0
        at = end + 1
    old += numbers[at:]
    loaded = rebuild(ids, old)
    assert loaded.__reduce__()[1] == (ids, numbers)
    assert loaded.holder("s1") == 0 and loaded.open_notes == 1
