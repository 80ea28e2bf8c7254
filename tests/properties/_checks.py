"""Invariants every reachable state keeps, and a guarded random walk through games.

Shared by the property tests, the state machine and the fuzz script. Each check raises
``AssertionError`` naming what broke.
"""

from __future__ import annotations

from collections import Counter

import pokerlaws as pl

__all__ = [
    "awaits_shuffle",
    "check_cards",
    "check_chips",
    "check_recorded",
    "check_shape",
    "chips",
    "game_bound",
    "has_next_game",
    "held_cards",
]


def chips(state: pl.GameState) -> int:
    """The chips at the table: every stack plus the pool (API.md: constant for a sitting)."""
    return sum(state.stacks) + state.pool


def check_chips(state: pl.GameState, total: int) -> None:
    """No chip was made or lost: stacks plus pool still come to ``total``."""
    assert chips(state) == total, (
        f"chips at the table went from {total} to {chips(state)} "
        f"(stacks {state.stacks}, pool {state.pool}) after {state.history[-1:]}"
    )


def held_cards(state: pl.GameState) -> Counter[pl.Card]:
    """Every card in the hands (dead hands of passed players too), the stock and the
    discards, counted."""
    counted: Counter[pl.Card] = Counter(state.stock)
    counted.update(state.discards)
    for hand in state.hands:
        counted.update(hand)
    return counted


def check_cards(state: pl.GameState) -> None:
    """Hands, stock and discards are the pack, each card exactly once (Laws 1, 37, 41)."""
    held = held_cards(state)
    pack = Counter(pl.standard_deck(joker=state.rules.joker))
    if held != pack:
        extra = sorted(str(card) for card in (held - pack).elements())
        missing = sorted(str(card) for card in (pack - held).elements())
        raise AssertionError(
            f"the cards are not the pack once: extra {extra}, missing {missing}, "
            f"after {state.history[-1:]}"
        )


def check_shape(state: pl.GameState) -> None:
    """What every state must look like, whatever happened before."""
    n = state.num_seats
    assert all(stack >= 0 for stack in state.stacks), state.stacks
    assert all(stake >= 0 for stake in state.stakes), state.stakes
    assert state.pool >= 0, state.pool
    assert len(state.stakes) == len(state.hands) == n
    assert len(set(state.players)) == len(state.players)
    assert all(0 <= seat < n for seat in state.players)
    if state.phase is pl.Phase.OVER:
        assert state.to_act is None, f"the game is over but seat {state.to_act} is to act"
        assert pl.legal_actions(state) == ()
        assert set(state.winners) <= set(range(n))
    elif awaits_shuffle(state):
        # Law 41: the dealer shuffles, even one who has passed (Law 18).
        assert state.to_act == state.dealer
        assert pl.legal_actions(state) == (pl.Shuffle(seat=state.dealer),)
    else:
        assert state.to_act in state.players, (
            f"seat {state.to_act} is to act in {state.phase} but the players are {state.players}"
        )
        assert state.winners == ()
        assert pl.legal_actions(state), f"no legal action in {state.phase}"
    owed = dict(state.owed)
    if state.phase in (pl.Phase.DRAW, pl.Phase.BETTING, pl.Phase.SAY):
        # Law 7: every player holds five cards once dealt (the draw exchanges, Law 36); a
        # player the short pack could not serve holds five less what he is owed (Law 41).
        for seat in state.players:
            assert len(state.hands[seat]) == 5 - owed.get(seat, 0), (seat, state.hands[seat])
    # Owed cards are served at the dealer's shuffle, or never, when the others all pass and
    # the owed player wins at once (Law 58): only then does a finished game show them.
    assert not owed or state.phase is pl.Phase.DRAW or len(state.players) == 1, (
        "cards are owed only during the draw, or to a player who won before the shuffle"
    )


def check_recorded(before: pl.GameState, action: pl.Event, after: pl.GameState) -> None:
    """``after``'s history is ``before``'s and ``action``; a ``Shuffle`` that left the order
    to the engine is recorded with the order it used (Law 41), and a ``Redeal`` that left
    the deck to the engine with the deck it used (Law 8), so that records replay."""
    assert after.history[:-1] == before.history
    if isinstance(action, pl.Shuffle) and action.order is None:
        used = after.history[-1]
        assert isinstance(used, pl.Shuffle)
        assert used.seat == action.seat
        assert used.order is not None
        assert Counter(used.order) == Counter(before.discards)
    elif isinstance(action, pl.Redeal) and action.deck is None:
        used = after.history[-1]
        assert isinstance(used, pl.Redeal)
        assert used.seat == action.seat == before.dealer
        assert used.deck is not None
        assert Counter(used.deck) == Counter(before.deck)
    else:
        assert after.history[-1] == action


def awaits_shuffle(state: pl.GameState) -> bool:
    """Whether the pack has run short and everyone has drawn: the dealer is to shuffle."""
    return state.phase is pl.Phase.DRAW and not state.pending and bool(state.owed)


def has_next_game(state: pl.GameState) -> bool:
    """Whether ``next_game`` can follow: the game is over and two seats still have chips."""
    return state.phase is pl.Phase.OVER and sum(1 for s in state.stacks if s > 0) >= 2


def game_bound(start: pl.GameState) -> int:
    """The most actions a game begun at ``start`` can take: ``S + 3p``.

    ``S`` is the chips in the stacks once the antes are posted (``sum(start.stacks)``) and
    ``p`` the players dealt in (``len(start.players)``). Every ``Straddle`` and ``Stake``
    moves at least one chip from a stack to the pool, and no chip goes back before the game
    ends, so there are at most ``S`` of them. Every other action is bounded by the seats:
    ``DeclineStraddle`` at most ``p - 1`` (the straddle goes once round, from No. 1 to the
    dealer, Law 21), ``Pass`` at most ``p - 1`` (each removes a player, and the game ends when
    one is left or nobody can open), ``Discard`` at most ``p`` (each player draws once,
    Law 38), ``Stand`` at most once (only the first bettor, once: the description), and
    ``Shuffle`` at most once (the pack runs short once at the draw, Law 41).
    """
    return sum(start.stacks) + 3 * len(start.players)


def reports_to_try(state: pl.GameState, reported: int) -> list[pl.Report]:
    """The reports a random table may make now: what ``reportable`` lists, disputes aside
    (they change nothing), none once ``reported`` reaches a dozen this game (a report may
    change nothing either, so play must go on), and after two redeals none that would
    misdeal again (a table may misdeal without end)."""
    if reported >= 12:
        return []
    listed: list[pl.Report] = [r for r in pl.reportable(state) if not isinstance(r, pl.Dispute)]
    if sum(isinstance(event, pl.Redeal) for event in state.history) >= 2:
        listed = [r for r in listed if pl.apply_or_raise(state, r).phase is not pl.Phase.MISDEAL]
    return listed
