"""Helpers for the sitting tests: packs in a chosen order, and games played to their end.

Sittings are built by playing actions the engine lists (never by assembling a ``Sitting``
by hand), from packs given in full, so every sitting a test sees is one the laws allow.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pokerlaws as pl

__all__ = [
    "check_books",
    "finish",
    "pack_starting",
    "passing",
    "pick",
    "play_games",
    "staying",
    "total_in",
]


def pack_starting(text: str, *, joker: bool = False) -> tuple[pl.Card, ...]:
    """The whole pack with the cards of ``text`` on top, in that order, the rest after."""
    top = pl.parse_cards(text)
    return (*top, *(card for card in pl.standard_deck(joker=joker) if card not in top))


def pick(rng: random.Random, state: pl.GameState) -> pl.Action:
    """A legal action: a kind first (so passing is as likely as staking), then one of it."""
    groups: dict[type, list[pl.Action]] = {}
    for action in pl.legal_actions(state):
        groups.setdefault(type(action), []).append(action)
    kinds = sorted(groups, key=lambda kind: kind.__name__)
    return rng.choice(groups[rng.choice(kinds)])


def passing(rng: random.Random, state: pl.GameState) -> pl.Action:
    """Decline and pass whenever the laws allow it, so nobody opens (Law 29)."""
    actions = pl.legal_actions(state)
    for action in actions:
        if isinstance(action, pl.DeclineStraddle | pl.Pass):
            return action
    return actions[0]


def staying(rng: random.Random, state: pl.GameState) -> pl.Action:
    """A legal action other than passing where there is one, so the game goes to a show."""
    actions = [a for a in pl.legal_actions(state) if not isinstance(a, pl.Pass)]
    return rng.choice(actions) if actions else pl.legal_actions(state)[0]


Policy = Callable[[random.Random, pl.GameState], pl.Action]


def finish(sitting: pl.Sitting, rng: random.Random, policy: Policy = pick) -> pl.Sitting:
    """Play the current game to its end with ``policy``."""
    while not sitting.between_games:
        result = pl.play(sitting, policy(rng, sitting.game))
        assert isinstance(result, pl.Sitting), result
        sitting = result
    return sitting


def total_in(sitting: pl.Sitting) -> int:
    """Every chip the players brought, less what they took away: what the table holds."""
    return sum(a.brought - a.taken for a in sitting.accounts)


def check_books(sitting: pl.Sitting) -> None:
    """No chip made or lost: the chips, the pool and the kitty are what the players brought
    less what they took away, and the results, the pool and the kitty sum to zero."""
    assert sum(sitting.chips) + sitting.game.pool + sitting.kitty == total_in(sitting)
    assert sum(result for _, result in sitting.results) + sitting.game.pool + sitting.kitty == 0


def play_games(
    sitting: pl.Sitting, rng: random.Random, games: int, policy: Policy = pick
) -> pl.Sitting:
    """Finish the current game and play up to ``games`` more, stopping if the table is over."""
    sitting = finish(sitting, rng, policy)
    for _ in range(games):
        try:
            deck = pl.shuffled_deck(rng.randrange(2**32), joker=sitting.rules.joker)
            sitting = pl.deal_next(sitting, deck=deck)
        except pl.TableOver:
            break
        sitting = finish(sitting, rng, policy)
    return sitting
