"""Misdeals and the redeal: Laws 8, 10 and 12 (Ambiguity 17).

A pack dealt uncut and objected to during the deal (Law 8), a card found face up in the pack
during the deal (Law 10), or a hand of the wrong size reported before it is lifted (Law 12)
makes a misdeal: the same dealer deals again. The ante and the straddles already staked
stand for the redeal, and nobody stakes them again (Ambiguity 17); anything staked since the
deal was staked on cards that are no longer dealt, so it goes back to its owner, as does a
Law 14 refund paid for a foul hand of the voided deal, and every seat dealt in is a player
again. A game that reports alone ended before anyone acted (refunds that retired players)
is over for actions only, and its deal may still be called a misdeal, which undoes those
refunds. The new pack order is the dealer's action (:class:`~pokerlaws.Redeal`), whose deck
the caller supplies, as with the Law 41 shuffle.
"""

from __future__ import annotations

from operator import sub
from typing import TypeAlias

from pokerlaws.actions import Action, Redeal
from pokerlaws.cards import Card, pack_set
from pokerlaws.laws import deal
from pokerlaws.laws.draw import keyed_order
from pokerlaws.reports import FacedCard, MissingCut, WrongHandSize
from pokerlaws.ruling import noted
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import RuleViolation, WrongDeck, refuse

__all__ = ["apply_redeal", "default_deck", "legal", "misdeal", "misdeal_law"]

Misdealt: TypeAlias = MissingCut | FacedCard | WrongHandSize
"""The reports that may call a misdeal."""
_MISDEALT = (MissingCut, FacedCard, WrongHandSize)


def misdeal_law(report: Misdealt) -> int:
    """The law of the misdeal ``report`` calls: Law 8 an uncut pack, Law 10 a card faced in
    the pack, Law 12 a hand of the wrong size not yet lifted."""
    if isinstance(report, MissingCut):
        return 8
    return 10 if isinstance(report, FacedCard) else 12


def misdeal(state: GameState, report: Misdealt) -> GameState:
    """Call a misdeal: back to the moment after the ante and straddles, the dealer to deal."""
    # remedies: Laws 8, 10, 12
    voluntary = state.voluntary
    # Law 55 deposits made out of turn go back too: they were staked on the dealt cards.
    held = state.deposits or (0,) * state.num_seats
    # Every chip moved since the ante and straddles goes back: stakes, deposits, and a Law 14
    # refund paid for a hand of this deal (Ambiguity 17), so each seat holds what he began
    # with less his forced stakes, which stand.
    stacks = tuple(map(sub, state.starting_stacks, state.forced))
    staked = tuple(map(sub, state.staked, voluntary))
    # Before the draw a seat's stake is his whole stake so far (a jack-pot ante of any seat
    # but the ante seat is in neither).
    stakes = tuple(map(sub, state.stakes, voluntary))
    top = max(staked)
    all_in = frozenset(seat for seat in state.seated if stacks[seat] == 0)
    # Only a shortness the forced stakes made survives (a seat short of the ante).
    shorts = tuple(
        short for short in state.shorts if short.seat in all_in and staked[short.seat] < top
    )
    called = state.with_changes(
        {
            "phase": Phase.MISDEAL,
            "to_act": state.dealer,
            "pending": (state.dealer,),
            "players": state.seated,
            "stacks": stacks,
            "stakes": stakes,
            "staked": staked,
            "pool": state.pool - sum(voluntary) - sum(held),
            "deposits": (),
            "voluntary": (0,) * state.num_seats,
            "all_in": all_in,
            "shorts": shorts,
            "opener": None,
            "last_staker": None,
            "may_stand": None,
            "owed": (),
            "foul": frozenset(),
            "refunds": (),
            "history": state.history.with_event(report),
        }
    )
    return noted(called, ((misdeal_law(report), "misdeal", (report.seat,), 0),))


def _dealt_again_for(state: GameState) -> int:
    """The law of the misdeal the dealer now deals again for: in a misdeal nothing but a
    dispute may be reported, so the last report that may call one called it."""
    history = state.history
    last = history.last(_MISDEALT)
    assert last is not None, "a misdeal is called by a report"
    called_by = history[last]
    assert isinstance(called_by, _MISDEALT)
    return misdeal_law(called_by)


def default_deck(state: GameState) -> tuple[Card, ...]:
    """The pack order the engine gives a redeal when the caller gives none.

    Each card is ranked by a hash keyed with the game's whole original deck order and the
    number of this redeal, which no single player knows (each has seen only his own cards);
    it is never taken from the cards alone.
    """
    redeals = state.history.tally((Redeal,))
    return keyed_order(" ".join(map(str, state.deck)) + f" redeal {redeals + 1}", state.deck)


def apply_redeal(state: GameState, action: Action) -> GameState | RuleViolation:
    """Deal again from ``action.deck`` (Laws 8, 10, 12): the say begins afresh."""
    assert isinstance(action, Redeal)
    deck = action.deck
    if deck is None:
        deck = default_deck(state)
    else:
        pack = pack_set(joker=state.rules.joker)
        if len(deck) != len(pack) or frozenset(deck) != pack:
            return refuse(
                WrongDeck,
                1,
                action,
                f"must deal again from the whole pack of {len(pack)} cards, each once, "
                f"not {len(deck)} cards that are not that pack",
            )
    n = state.num_seats
    # The redeal is the misdeal's remedy: it is ruled under the law that called the misdeal,
    # noted before the deal, whose own steps (a game nobody can open) come after it.
    redealt = noted(state, ((_dealt_again_for(state), "redeal", (action.seat,), 0),))
    return deal.deal(
        redealt.with_changes({"stock": deck}),
        {
            "discards": (),
            "thrown": ((),) * n,
            "history": state.history.with_event(Redeal(seat=action.seat, deck=deck)),
        },
    )


def legal(state: GameState) -> tuple[Action, ...]:
    """The dealer's one action after a misdeal: deal again (the order left to the engine)."""
    return (Redeal(seat=state.dealer),)
