"""Disputes (Laws 46, 77-81): who rules, whose word settles a count, the laws applied
literally, variants only by agreement."""

from __future__ import annotations

import pytest

import pokerlaws as pl
from pokerlaws.disputes import arbiter, count_witnesses, settled_count
from tests.laws._tables import play

DECK = pl.shuffled_deck(46)


def test_law_77_the_defaults_are_peel_read_literally() -> None:
    """Law 77: the laws are applied as written, so every default is the literal reading."""
    rules = pl.Rules(ante=1, limit=4)
    assert rules.hands == pl.HandRules()
    assert rules.hands.heart_flushes_first  # Law 69 as written
    assert not rules.hands.ace_high_sequences  # Law 71 as written
    assert not rules.hands.blaze
    assert not rules.hands.skip_sequence
    assert not rules.joker  # Law 1: the ordinary pack
    assert rules.odd_chip_carries  # Ambiguity 16's reading


def test_the_same_action_always_gets_the_same_ruling() -> None:
    """A ruling follows from the laws alone (the pure core), so it never varies between
    asks."""
    state = pl.new_game(pl.Rules(ante=1, limit=4), (20,) * 4, dealer=0, deck=pl.shuffled_deck(3))
    action = pl.Stake(seat=state.to_act or 0, amount=99)
    first, second = pl.apply(state, action), pl.apply(state, action)
    assert first == second
    assert isinstance(first, pl.RuleViolation)


def test_law_81_a_variant_is_fixed_before_play_and_travels_with_the_game() -> None:
    """Law 81: agreed departures are fixed before play; the rules cannot change mid-game."""
    rules = pl.Rules(ante=1, limit=4, hands=pl.HandRules(blaze=True))
    state = pl.new_game(rules, (20,) * 3, dealer=0, deck=pl.shuffled_deck(5))
    assert state.rules is rules
    later = play(state, *pl.legal_actions(state)[-1:])
    assert later.rules is rules


# Six seats, dealer 0: seat 1 is on his left, seat 5 on his right. Seat 3 sits out.
TABLE = pl.new_game(pl.Rules(ante=1, limit=4), (20, 20, 20, 0, 20, 20), dealer=0, deck=DECK)


def test_law_46_the_dealers_left_speaks_first_and_the_right_is_final() -> None:
    """Law 46: the dealer's left is asked first, then the dealer's right, whose word is final,
    then leftward from the disputing player's left."""
    assert count_witnesses(TABLE, 2) == (1, 5, 3, 4)
    assert settled_count(TABLE, 2, {1: 3, 5: 2, 4: 1}, discarded=3) == 3
    assert settled_count(TABLE, 2, {1: None, 5: 2, 4: 1}, discarded=3) == 2
    assert settled_count(TABLE, 2, {4: 1, 3: 4}, discarded=3) == 4


def test_law_46_the_left_who_disputes_gives_way_to_the_right() -> None:
    """Law 46: when the dealer's left is himself the disputing player, the right is asked."""
    assert count_witnesses(TABLE, 1) == (5, 2, 3, 4)
    assert settled_count(TABLE, 1, {5: 1, 2: 2}, discarded=2) == 1
    assert count_witnesses(TABLE, 5) == (1, 2, 3, 4)


def test_law_46_a_player_out_of_the_game_is_still_a_witness() -> None:
    """Law 46: the dealer's left is asked whether or not he is still playing."""
    table = pl.new_game(pl.Rules(ante=1, limit=4), (20, 20, 20), dealer=2, deck=DECK)
    # Seat 0 is on the dealer's left; he gives up in his say.
    table = play(table, pl.DeclineStraddle(seat=1), pl.Stake(seat=1, amount=2))
    table = play(table, pl.Pass(seat=2), pl.Pass(seat=0))
    assert 0 not in table.players
    assert count_witnesses(table, 1) == (0,)
    assert settled_count(table, 1, {0: 4}, discarded=2) == 4


def test_law_46_if_nobody_can_say_he_asked_for_the_right_number() -> None:
    """Law 46: with no witness able to say, the player is taken to have asked correctly."""
    assert settled_count(TABLE, 4, {}, discarded=2) == 2
    assert settled_count(TABLE, 4, {1: None, 5: None}, discarded=0) == 0
    # The parties' own words are not evidence.
    assert settled_count(TABLE, 4, {0: 5, 4: 5}, discarded=1) == 1


def test_law_46_bad_questions_are_refused() -> None:
    """Law 46 settles a player's dispute with the dealer, over 0 to 5 cards (Law 36)."""
    with pytest.raises(ValueError, match="deals"):
        count_witnesses(TABLE, 0)
    with pytest.raises(ValueError, match="0 to 5"):
        settled_count(TABLE, 2, {1: 6}, discarded=1)
    with pytest.raises(TypeError, match="int count"):
        settled_count(TABLE, 2, {1: "2"}, discarded=1)  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="int seat"):
        count_witnesses(TABLE, True)
    with pytest.raises(ValueError, match="seat from 0 to 5"):
        settled_count(TABLE, 2, {9: 1}, discarded=1)
    with pytest.raises(TypeError, match="GameState"):
        count_witnesses(None, 2)  # type: ignore[arg-type]


def test_law_78_the_dealer_rules_unless_a_party_then_his_left_then_his_right() -> None:
    """Laws 77-78: the dealer decides a dispute he is not party to; otherwise the player on his
    left, or if he too is a party, the player on his right."""
    assert arbiter(TABLE, [2, 4]) == 0
    assert arbiter(TABLE, (0, 2)) == 1
    assert arbiter(TABLE, {0, 1}) == 5
    with pytest.raises(ValueError, match="name no one"):
        arbiter(TABLE, [0, 1, 5])
    with pytest.raises(ValueError, match="at least one"):
        arbiter(TABLE, [])
    with pytest.raises(TypeError, match="iterable of seats"):
        arbiter(TABLE, "01")  # type: ignore[arg-type]
    heads_up = pl.new_game(pl.Rules(ante=1, limit=4), (20, 20), dealer=1, deck=DECK)
    assert arbiter(heads_up, [1]) == 0
