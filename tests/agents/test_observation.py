"""An observation is a seat's view as a fixed-length tuple of ints, and shows only it."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.agents import (
    OBSERVATION_FIELDS,
    OBSERVATION_LENGTH,
    card_code,
    observation,
    observation_array,
)
from tests.skips import extra_reason

GAMES = settings.get_profile("games")
"""Every example is a state reached by replaying a game (tests/conftest.py)."""


def field(values: tuple[int, ...], name: str) -> int:
    return values[OBSERVATION_FIELDS.index(name)]


@GAMES
@given(state=ps.game_states())
def test_observation_has_the_same_length_and_its_fields_read_the_view(
    state: pl.GameState,
) -> None:
    """Every observation has OBSERVATION_LENGTH ints whatever the table; each field holds
    the view's value, seats counted from the observer to his left."""
    n = state.num_seats
    for seat in range(n):
        seen = pl.view(state, seat)
        values = observation(seen)
        assert len(values) == OBSERVATION_LENGTH == len(OBSERVATION_FIELDS)
        assert all(type(value) is int and value >= -1 for value in values)
        assert field(values, "seat") == seat
        assert field(values, "seats") == n
        assert field(values, "pool") == state.pool
        assert field(values, "jackpot_round") == state.jackpot_round
        to_act = field(values, "to_act")
        assert to_act == (-1 if state.to_act is None else (state.to_act - seat) % n)
        assert field(values, "dealer") == (state.dealer - seat) % n
        hand = [field(values, f"hand_{k}") for k in range(5)]
        assert hand == [card_code(card) for card in state.hands[seat]] + [-1] * (
            5 - len(state.hands[seat])
        )
        for place in range(10):
            other = (seat + place) % n
            expected = state.stacks[other] if place < n else -1
            assert field(values, f"stack_{place}") == expected
            in_game = int(other in state.players) if place < n else -1
            assert field(values, f"in_game_{place}") == in_game


@GAMES
@given(state=ps.game_states(min_players=3))
def test_observation_does_not_change_with_another_players_hidden_cards(
    state: pl.GameState,
) -> None:
    """Law 6: the observation is made from the view alone, so a state that differs only in
    an unshown hand of another player gives the same observation."""
    seat = 0
    other = next((s for s in state.players if s != seat and s not in state.shown), None)
    if other is None or not state.hands[other]:
        return
    values = observation(pl.view(state, seat))
    stock = state.stock
    if not stock:
        return
    hand = state.hands[other]
    swapped_hand = (stock[0], *hand[1:])
    hands = tuple(swapped_hand if s == other else h for s, h in enumerate(state.hands))
    changed = state.evolve(hands=hands, stock=(hand[0], *stock[1:]))
    if pl.view(changed, seat) == pl.view(state, seat):
        assert observation(pl.view(changed, seat)) == values


def test_card_codes_run_from_the_two_of_clubs_to_the_ace_of_spades_then_the_joker() -> None:
    """Codes are 4 * (rank - 2) + suit: 0 to 51, and 52 for the Joker; all distinct."""
    (two_clubs,) = pl.parse_cards("2c")
    (ace_spades,) = pl.parse_cards("As")
    assert card_code(two_clubs) == 0
    assert card_code(ace_spades) == 51
    assert card_code(pl.JOKER) == 52
    codes = {card_code(card) for card in pl.standard_deck(joker=True)}
    assert codes == set(range(53))


def test_observation_refuses_what_is_not_a_view() -> None:
    """A state is not a view: an agent must not see the whole table."""
    state = pl.new_game(pl.Rules(ante=1, limit=4), (9, 9), dealer=0, deck=pl.shuffled_deck(1))
    with pytest.raises(TypeError, match="takes a PlayerView, not GameState"):
        observation(state)  # type: ignore[arg-type]


def test_observation_array_is_the_tuple_as_int64() -> None:
    """With numpy installed, observation_array is the same ints as a numpy array."""
    numpy = pytest.importorskip("numpy", reason=extra_reason("numpy", "pettingzoo"))
    state = pl.new_game(pl.Rules(ante=1, limit=4), (9, 9, 9), dealer=1, deck=pl.shuffled_deck(2))
    seen = pl.view(state, 2)
    array = observation_array(seen)
    assert array.dtype == numpy.int64
    assert tuple(int(value) for value in array) == observation(seen)
    assert attrs.has(type(seen))
