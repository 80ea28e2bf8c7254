"""Disputes (Laws 77-81): the laws applied literally, variants only by agreement."""

from __future__ import annotations

import pokerlaws as pl
from tests.laws._tables import play


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


def test_law_77_the_same_action_always_gets_the_same_ruling() -> None:
    """Law 77: a ruling follows from the laws alone, so it never varies between asks."""
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
