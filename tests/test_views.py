"""``view(state, seat)``: what one seat may know, checked against ``tests/reference_views``.

The leak tests never read the view's own logic: one finds every card anywhere in a view and
checks the seat could have seen it; the other builds two games that differ only in cards the
seat never sees and checks the two views are equal.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

import pokerlaws as pl
from tests.generated_states import states_and_seats
from tests.properties.test_reference import Start, begin, play_reporting, starts
from tests.reference_views import follow, seen_by

RULES = pl.Rules(ante=1, limit=4)
GAMES = settings.get_profile("games")
"""For tests drawing played states (tests/conftest.py)."""


def cards_in(value: object) -> Iterator[pl.Card]:
    """Every card anywhere inside ``value``, however deeply nested."""
    if isinstance(value, pl.Card):
        yield value
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from cards_in(item)
    elif attrs.has(type(value)) and not isinstance(value, pl.Rules):
        for item in attrs.astuple(value, recurse=False):  # type: ignore[arg-type]
            yield from cards_in(item)


# --- The contract -----------------------------------------------------------------------


def test_view_refuses_what_is_not_a_state_or_a_seat() -> None:
    """``view`` takes a GameState and an int seat at the table (a bool is no seat)."""
    state = pl.new_game(RULES, [10, 10, 10], dealer=0, deck=pl.shuffled_deck(1))
    with pytest.raises(TypeError):
        pl.view(pl.record(state), 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pl.view(state, True)
    with pytest.raises(TypeError):
        pl.view(state, "0")  # type: ignore[arg-type]
    for seat in (-1, 3):
        with pytest.raises(ValueError, match="not at this table"):
            pl.view(state, seat)


def test_view_is_frozen() -> None:
    """A view is a value: it cannot be changed."""
    state = pl.new_game(RULES, [10, 10], dealer=0, deck=pl.shuffled_deck(2))
    seen = pl.view(state, 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        seen.pool = 0  # type: ignore[misc]


@GAMES
@given(states_and_seats())
def test_view_has_the_public_table_and_his_turn(case: tuple[pl.GameState, int]) -> None:
    """Chips, players and the turn are public; legal actions only on his own turn."""
    state, seat = case
    seen = pl.view(state, seat)
    assert (seen.stacks, seen.stakes, seen.pool) == (state.stacks, state.stakes, state.pool)
    assert (seen.players, seen.to_act, seen.phase) == (state.players, state.to_act, state.phase)
    assert (seen.winners, seen.payouts) == (state.winners, state.payouts)
    assert len(seen.history) == len(state.history)
    if state.to_act == seat:
        assert seen.legal_actions == pl.legal_actions(state)
    else:
        assert seen.legal_actions == ()


# --- Nothing leaks ----------------------------------------------------------------------


@GAMES
@given(states_and_seats())
def test_law_6_a_view_holds_only_cards_the_seat_has_seen(case: tuple[pl.GameState, int]) -> None:
    """Law 6: cards go face down to their owner; a view names no card its seat has not held
    or seen laid face up (Laws 28 and 58 included: passed and uncalled hands stay hidden)."""
    state, seat = case
    seen = pl.view(state, seat)
    allowed = seen_by(state, seat)
    assert set(cards_in(seen)) <= allowed
    assert all(not isinstance(step, pl.Discard) or step.seat == seat for step in seen.history), (
        "another player's discard appears only as a count"
    )
    assert all(not isinstance(step, pl.Shuffle) or step.order is None for step in seen.history)


@GAMES
@given(states_and_seats())
def test_a_view_has_his_hand_the_counts_and_the_show(
    case: tuple[pl.GameState, int],
) -> None:
    """What a view shows (Laws 39, 41, 59 decide it): his own hand (short of five while
    owed cards), each player's count of cards exchanged, and the hands laid face up, in the
    order shown."""
    state, seat = case
    seen = pl.view(state, seat)
    table = follow(state)
    assert sorted(map(str, seen.hand)) == sorted(map(str, table.hands.get(seat, [])))
    assert seen.exchanged == tuple(table.exchanged.get(s) for s in range(state.num_seats))
    assert {shown.seat for shown in seen.shown} == set(table.shown)
    assert tuple(shown.seat for shown in seen.shown) == state.show_order
    for shown in seen.shown:
        assert set(shown.cards) == set(table.hands[shown.seat])
    hidden = sum(isinstance(step, pl.HiddenDiscard) for step in seen.history)
    assert hidden == sum(1 for s in table.exchanged if s != seat)


def _relabel(card: pl.Card, mapping: dict[pl.Card, pl.Card]) -> pl.Card:
    return mapping.get(card, card)


def _relabel_action(action: pl.Event, mapping: dict[pl.Card, pl.Card]) -> pl.Event:
    if isinstance(action, pl.Discard):
        return pl.Discard(seat=action.seat, cards=[_relabel(c, mapping) for c in action.cards])
    if isinstance(action, pl.Shuffle) and action.order is not None:
        return pl.Shuffle(seat=action.seat, order=[_relabel(c, mapping) for c in action.order])
    if isinstance(action, pl.Redeal) and action.deck is not None:
        return pl.Redeal(seat=action.seat, deck=[_relabel(c, mapping) for c in action.deck])
    if isinstance(action, pl.ExposedCard):
        return pl.ExposedCard(seat=action.seat, card=_relabel(action.card, mapping))
    return action


@GAMES
@given(states_and_seats(), st.data())
def test_law_6_cards_a_seat_never_sees_do_not_change_his_view(
    case: tuple[pl.GameState, int], data: st.DataObject
) -> None:
    """Law 6: two games that differ only in cards a seat never sees look the same to him.

    The second game is the first replayed on a pack where the unseen cards are permuted
    among themselves, every action naming them relabelled alike (so it stays legal, unless a
    jack-pot opener no longer holds his openers, Law 30: such draws are dropped).
    """
    state, seat = case
    seen = seen_by(state, seat)
    unseen = sorted((card for card in state.deck if card not in seen), key=str)
    assume(len(unseen) >= 2)
    permuted = data.draw(st.permutations(unseen))
    assume(permuted != unseen)
    mapping = dict(zip(unseen, permuted, strict=True))
    game = pl.record(state)
    other = attrs.evolve(
        game,
        deck=tuple(_relabel(card, mapping) for card in game.deck),
        actions=tuple(_relabel_action(action, mapping) for action in game.actions),
    )
    try:
        twin = pl.replay(other)
    except pl.IllegalRecord as refused:
        if refused.violation.law not in (30, 31, 32):
            raise
        reject()
    assert twin != state
    assert pl.view(twin, seat) == pl.view(state, seat)


# --- Law 41 -----------------------------------------------------------------------------


def _short_pack_game() -> pl.GameState:
    """Ten seats, the dealer passes in the say, everyone else calls and throws five: the
    pack runs short (Law 41) and the dealer, out of the game, is to shuffle."""
    state = pl.new_game(RULES, [20] * 10, dealer=0, deck=pl.shuffled_deck(7))
    while state.phase is not pl.Phase.DRAW or state.pending:
        choices = pl.legal_actions(state)
        seat = state.to_act
        if state.phase is pl.Phase.STRADDLE:
            action: pl.Action = pl.DeclineStraddle(seat=seat)  # type: ignore[arg-type]
        elif state.phase is pl.Phase.SAY and seat == state.dealer:
            action = pl.Pass(seat=seat)
        elif state.phase is pl.Phase.SAY:
            action = min((a for a in choices if isinstance(a, pl.Stake)), key=lambda a: a.amount)
        else:
            action = next(a for a in choices if isinstance(a, pl.Discard) and len(a.cards) == 5)
        state = pl.apply_or_raise(state, action)
    return state


def test_a_view_of_a_player_owed_cards_holds_fewer_than_five_and_the_dealer_shuffles() -> None:
    """What views show at Law 41's shuffle: while a player is owed cards his view holds fewer
    than five; the dealer, though he passed (Law 18), sees the Shuffle as his one action, and
    nobody sees an order."""
    state = _short_pack_game()
    assert state.owed
    assert state.dealer not in state.players
    owed_seat, count = state.owed[0]
    seen = pl.view(state, owed_seat)
    assert len(seen.hand) == 5 - count
    assert seen.owed == state.owed
    assert seen.legal_actions == ()
    dealer = pl.view(state, state.dealer)
    assert dealer.to_act == state.dealer
    assert dealer.legal_actions == (pl.Shuffle(seat=state.dealer),)
    assert dealer.hand == state.hands[state.dealer]
    after = pl.apply_or_raise(state, pl.Shuffle(seat=state.dealer))
    for seat in range(10):
        steps = pl.view(after, seat).history
        assert steps[-1] == pl.Shuffle(seat=state.dealer)
        assert set(cards_in(pl.view(after, seat))) <= seen_by(after, seat)
    assert len(pl.view(after, owed_seat).hand) == 5


def test_a_view_shows_his_own_discards_and_only_the_count_of_others() -> None:
    """A view holds the seat's own discards; another's he knows only by their count (that
    discards are final is Law 37's test in tests/laws/test_draw.py)."""
    state = _short_pack_game()
    seat = state.players[0]
    seen = pl.view(state, seat)
    assert seen.discarded == state.thrown[seat]
    assert pl.Discard(seat=seat, cards=state.thrown[seat]) in seen.history
    other = state.players[1]
    assert pl.HiddenDiscard(seat=other, count=5) in seen.history


@GAMES
@given(st.data(), starts(recording=True))
def test_law_6_views_of_games_with_irregularities_hold_no_unseen_card(
    data: st.DataObject, start: Start
) -> None:
    """Laws 6, 11, 40, 49-51: at every step of a game mixing reports with play, each view
    names only cards its seat held or saw exposed or shown; a redeal's pack stays hidden;
    only the asker hears the dealer's count."""
    for state in play_reporting(data, begin(start)):
        for seat in range(state.num_seats):
            seen = pl.view(state, seat)
            assert set(cards_in(seen)) <= seen_by(state, seat)
            assert all(not isinstance(s, pl.Redeal) or s.deck is None for s in seen.history)
            asked = any(isinstance(e, pl.AskDealerCount) and e.seat == seat for e in state.history)
            assert (seen.told is not None) == (asked and seat != state.dealer)
