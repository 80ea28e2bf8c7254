"""A seat's equity: its expected share of the pool at the show (Laws 59, 65-76), from its view.

What is assumed, stated once:

* **The others' hands.** Every player still in whose hand the seat has not seen holds, at
  the show, five cards drawn at random from the cards the seat has not seen. This is the
  rule "only the number of cards they took": kept cards and drawn cards are both unseen to
  the seat, so whatever number a player exchanged (``view.exchanged``), or will exchange,
  his final hand is any five unseen cards, all sets equally likely. No strategy is read into
  a draw of one card or three. A hand laid face up is the hand itself.
* **The seat's own hand.** After its draw, the hand it holds. Before it (and while the stock
  owes it cards, Law 41), it keeps what :func:`~pokerlaws.odds.best_discards` ranks first
  (by the expected kind of its final hand) and draws the rest from the unseen cards.
* **The share.** The best hand takes the pool; equal hands share it (Law 76), each value
  compared as :func:`~pokerlaws.hands.evaluate` orders them under the table's ``HandRules``.
  A seat alone in the game takes it all; a seat out of it takes nothing. Side stakes of
  short players (Law 60) are not modelled: the share is of the whole pool.
* **Exact or sampled.** When the deals to consider number at most :data:`EXACT_LIMIT`,
  every one is valued (``exact``, error 0). Otherwise ``samples`` deals (default 10,000) are
  drawn by a ``random.Random(seed)`` of the call's own (``seed`` None is 0), and the result
  carries the standard error of their mean. The same deals are valued with
  :func:`pokerlaws.batch.evaluate` when numpy is installed, with the core's evaluator
  otherwise: the same strengths, so the same numbers.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from math import comb

import attrs

from pokerlaws.cards import Card, standard_deck
from pokerlaws.hands import HandRules, evaluate
from pokerlaws.odds._source import seen_by
from pokerlaws.odds.draws import best_discards
from pokerlaws.views import PlayerView

__all__ = ["EXACT_LIMIT", "Equity", "equity"]

EXACT_LIMIT = 20_000
"""Deals up to this many are all valued; more are sampled."""

DEFAULT_SAMPLES = 10_000

RULE = "others: any five unseen cards, whatever they drew; self: best_discards' first choice"


@attrs.frozen
class Equity:
    """A seat's expected share of the pool at the show (1 is the whole pool).

    Attributes:
        value: the expected share, 0 to 1.
        error: the standard error of ``value``; 0 when exact.
        exact: whether every deal was valued.
        deals: how many deals were valued (all of them when exact, else the samples).
        discard: the cards the seat is taken to throw out at its draw (empty after it).
        hidden: how many other players' hands were drawn from the unseen cards.
        rule: how the hands were drawn, in words.
    """

    value: float
    error: float
    exact: bool
    deals: int
    discard: tuple[Card, ...]
    hidden: int
    rule: str = RULE


def _share(own: int, others: Sequence[int]) -> float:
    """Law 76: the best hand takes the pool; equal best hands share it equally."""
    best = max(others, default=own)
    if own < best:
        return 0.0
    return 1.0 / (1 + sum(1 for other in others if other == own))


def _deal_count(unseen: int, own_draw: int, hidden: int) -> int:
    count = comb(unseen, own_draw)
    left = unseen - own_draw
    for _ in range(hidden):
        count *= comb(left, 5)
        left -= 5
    return count


def _deal(pool: list[int], needed: int, draw: Callable[[], float]) -> list[int]:
    """Shuffle the first ``needed`` places of ``pool`` (Fisher and Yates, stopped early) and
    return them: every choice of ``needed`` entries in every order equally likely, whatever
    order ``pool`` was left in by the deal before."""
    size = len(pool)
    for i in range(needed):
        j = i + int(draw() * (size - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:needed]


def _shares_numpy(
    kept: tuple[Card, ...],
    known: tuple[tuple[Card, ...], ...],
    hidden: int,
    unseen: tuple[Card, ...],
    deals: list[list[int]],
    rules: HandRules,
) -> list[float] | None:
    """The seat's share in each deal, the hands valued by the batch evaluator; None without
    numpy."""
    try:
        import numpy as np

        from pokerlaws.agents.observation import card_code
        from pokerlaws.batch import evaluate as evaluate_many
    except ImportError:
        return None
    codes = np.array([card_code(card) for card in unseen], dtype=np.int64)
    drawn = codes[np.array(deals, dtype=np.int64).reshape(len(deals), -1)]
    count = len(deals)
    own_draw = 5 - len(kept)
    own_cards = np.hstack(
        [
            np.tile(np.array([card_code(c) for c in kept], dtype=np.int64), (count, 1)),
            drawn[:, :own_draw],
        ]
    )
    own = evaluate_many(own_cards, rules)
    columns = []
    for hand in known:
        strength = evaluate(hand, rules).strength
        columns.append(np.full(count, strength, dtype=np.int64))
    if hidden:
        theirs = drawn[:, own_draw:].reshape(count * hidden, 5)
        columns.extend(evaluate_many(theirs, rules).reshape(count, hidden).T)
    others = np.vstack(columns).T
    best = others.max(axis=1)
    ties = (others == own[:, None]).sum(axis=1)
    shares = np.where(own >= best, 1.0 / (1 + ties), 0.0)
    return [float(share) for share in shares]


def _shares_plain(
    kept: tuple[Card, ...],
    known: tuple[tuple[Card, ...], ...],
    hidden: int,
    unseen: tuple[Card, ...],
    deals: list[list[int]],
    rules: HandRules,
) -> list[float]:
    """The seat's share in each deal, each hand valued by the core's evaluator."""
    own_draw = 5 - len(kept)
    fixed = [evaluate(hand, rules).strength for hand in known]
    shares = []
    for deal in deals:
        cards = [unseen[i] for i in deal]
        own = evaluate((*kept, *cards[:own_draw]), rules).strength
        others = fixed + [
            evaluate(tuple(cards[own_draw + 5 * i : own_draw + 5 * i + 5]), rules).strength
            for i in range(hidden)
        ]
        shares.append(_share(own, others))
    return shares


def _equity_of(
    kept: tuple[Card, ...],
    known: tuple[tuple[Card, ...], ...],
    hidden: int,
    unseen: tuple[Card, ...],
    rules: HandRules,
    *,
    samples: int,
    seed: int,
    exact_limit: int = EXACT_LIMIT,
    batch: bool = True,
) -> tuple[float, float, bool, int]:
    """The expected share of a hand ``kept`` (completed from ``unseen``) against the hands
    ``known`` and ``hidden`` hands of five unseen cards: (value, error, exact, deals).
    ``batch=False`` values the deals with the core's evaluator even where numpy is."""
    own_draw = 5 - len(kept)
    needed = own_draw + 5 * hidden
    if needed > len(unseen):
        # Only at a crowded table, where Law 41 would shuffle the discards to serve the draw:
        # the seat cannot tell which of its own discards another player would get.
        raise ValueError(
            f"too few unseen cards for every hand: {needed} are needed (a draw of "
            f"{own_draw} and {hidden} hands of five) and {len(unseen)} are unseen"
        )
    exact = _deal_count(len(unseen), own_draw, hidden) <= exact_limit
    if exact:
        deals = _every_deal(len(unseen), own_draw, hidden)
    else:
        pool = list(range(len(unseen)))
        draw = random.Random(seed).random
        deals = [_deal(pool, needed, draw) for _ in range(samples)]
    shares = None
    if batch:
        shares = _shares_numpy(kept, known, hidden, unseen, deals, rules)
    if shares is None:
        shares = _shares_plain(kept, known, hidden, unseen, deals, rules)
    mean = math.fsum(shares) / len(shares)
    if exact or len(shares) < 2:
        return mean, 0.0, exact, len(shares)
    variance = math.fsum((share - mean) ** 2 for share in shares) / (len(shares) - 1)
    return mean, math.sqrt(variance / len(shares)), False, len(shares)


def _every_deal(unseen: int, own_draw: int, hidden: int) -> list[list[int]]:
    """Every deal of ``own_draw`` cards and then ``hidden`` hands of five from ``unseen``
    cards (as their places), each once."""
    deals: list[list[int]] = [[]]
    for size in (own_draw, *([5] * hidden)):
        grown: list[list[int]] = []
        for deal in deals:
            rest = [place for place in range(unseen) if place not in deal]
            grown.extend([*deal, *chosen] for chosen in itertools.combinations(rest, size))
        deals = grown
    return deals


def _count_argument(name: str, value: object, *, least: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, not {value}")
    return value


def equity(view: PlayerView, *, samples: int | None = None, seed: int | None = None) -> Equity:
    """Return the seat's expected share of the pool at the show, from what its view holds.

    The assumptions (how the others' hands and the seat's own draw are taken) are in this
    module's docstring: exact where the deals are few, else sampled with ``seed``.

    Args:
        view: the seat's :class:`~pokerlaws.views.PlayerView`.
        samples: how many deals to sample when they are too many to value all (default
            10,000).
        seed: the seed of the sampling (default 0); nothing else random is touched.

    Raises:
        TypeError: ``view`` is not a PlayerView, or ``samples`` or ``seed`` not an int.
        ValueError: ``samples`` is below 1 or ``seed`` below 0, or the unseen cards are too
            few for the seat's draw and every other hand (a table of nine or ten before the
            draw, where Law 41 would gather the discards).
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"equity takes a PlayerView, not {type(view).__name__}")
    count = _count_argument("samples", samples, least=1) or DEFAULT_SAMPLES
    start = _count_argument("seed", seed, least=0) or 0
    seat = view.seat
    if seat not in view.players:
        return Equity(0.0, 0.0, True, 1, (), 0)
    others = [player for player in view.players if player != seat]
    if not others:
        return Equity(1.0, 0.0, True, 1, (), 0)
    shown = {hand.seat: hand.cards for hand in view.shown}
    known = tuple(shown[player] for player in others if player in shown)
    hidden = len(others) - len(known)
    discard: tuple[Card, ...] = ()
    if view.exchanged[seat] is None and len(view.hand) == 5:
        discard = best_discards(view)[0].discard
    kept = tuple(card for card in view.hand if card not in discard)
    seen = seen_by(view)
    unseen = tuple(card for card in standard_deck(joker=view.rules.joker) if card not in seen)
    value, error, exact, deals = _equity_of(
        kept, known, hidden, unseen, view.rules.hands, samples=count, seed=start
    )
    return Equity(value, error, exact, deals, discard, hidden)
