"""Ready players: a policy takes a seat's view and a random generator, and returns an action.

A :data:`Policy` sees only its own :class:`~pokerlaws.PlayerView` (Law 6: his cards, never
another's) and chooses among ``view.legal_actions``, so it can never make an action the laws
refuse. :func:`random_bot` chooses a kind of action, then one of that kind; :func:`peel_bot`
plays as a sound player of the book's day would: it opens a jack-pot only on the openers
in its hand (Laws 30-32), draws to pairs and to four-card flushes and sequences, and bets on
strength.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeAlias

from pokerlaws.actions import (
    ACTION_TYPES,
    Action,
    DeclineStraddle,
    Discard,
    LegalActions,
    Pass,
    Stake,
    Stand,
)
from pokerlaws.cards import Card, Rank
from pokerlaws.hands import HandCategory, evaluate
from pokerlaws.laws.jackpot import qualifies
from pokerlaws.seats import process_bot
from pokerlaws.state import Phase
from pokerlaws.views import PlayerView

__all__ = ["Policy", "peel_bot", "process_bot", "random_bot"]

Policy: TypeAlias = Callable[[PlayerView, random.Random], Action]
"""Any callable ``policy(view, rng) -> Action``: a bot sees only its own view, and draws
any chance it takes from ``rng`` (never from global random state), so a seeded game is
played the same way everywhere."""


def _legal(view: PlayerView) -> Sequence[Action]:
    if not view.legal_actions:
        raise ValueError(
            f"seat {view.seat} has no action to take now: it is "
            + ("nobody's turn" if view.to_act is None else f"seat {view.to_act}'s turn")
        )
    return view.legal_actions


def random_bot(view: PlayerView, rng: random.Random) -> Action:
    """Choose a kind of legal action uniformly (pass, stake, discard...), then one of that
    kind uniformly, so passing is as likely as staking however many amounts are legal.

    Raises:
        ValueError: it is not this seat's turn (the view lists no legal action).
    """
    legal = _legal(view)
    groups: dict[type, list[Action]] = {}
    for action in legal if len(legal) <= 64 else legal[:8]:
        # Past the first few entries a long menu holds only stakes (LegalActions), which
        # are drawn from their range below without listing them.
        groups.setdefault(type(action), []).append(action)
    kinds = [kind for kind in ACTION_TYPES if kind in groups]
    kind = kinds[0] if len(kinds) == 1 else rng.choice(kinds)
    if kind is Stake and len(legal) > 64:
        first = legal.index(groups[Stake][0])
        return legal[first + rng.randrange(len(legal) - first)]
    group = groups[kind]
    return group[0] if len(group) == 1 else rng.choice(group)


# --- peel_bot --------------------------------------------------------------------------


def _ranks(hand: Sequence[Card]) -> Counter[int]:
    return Counter(int(card.rank) for card in hand if card.rank is not None)


def _pair_rank(hand: Sequence[Card]) -> int:
    """The highest rank held twice or more (the Joker pairing the highest card), or 0."""
    counts = _ranks(hand)
    repeated = [rank for rank, count in counts.items() if count >= 2]
    if repeated:
        return max(repeated)
    if any(card.rank is None for card in hand) and counts:
        return max(counts)
    return 0


def _flush_draw(hand: Sequence[Card]) -> tuple[Card, ...] | None:
    """The odd card of a four-card flush, as a one-card discard, or None."""
    suits = Counter(card.suit for card in hand if card.suit is not None)
    if not suits:
        return None
    suit, count = suits.most_common(1)[0]
    if count != 4 or len(hand) != 5:
        return None
    odd = tuple(card for card in hand if card.suit is not suit and card.rank is not None)
    return odd if len(odd) == 1 else None


def _sequence_draw(hand: Sequence[Card]) -> tuple[Card, ...] | None:
    """The odd card of a four-card sequence (four ranks in a row, the ace high or low), or
    None."""
    if len(hand) != 5:
        return None
    for low in range(1, 12):
        run = set(range(low, low + 4))
        inside = [card for card in hand if _seq_rank(card) in run or _ace_low(card, run)]
        ranks = {_seq_rank(card) if _seq_rank(card) in run else 1 for card in inside}
        if len(ranks) == 4:
            kept: set[int] = set()
            keep: list[Card] = []
            for card in inside:
                rank = _seq_rank(card) if _seq_rank(card) in run else 1
                if rank not in kept:
                    kept.add(rank)
                    keep.append(card)
            odd = tuple(card for card in hand if card not in keep)
            return odd if len(odd) == 1 else None
    return None


def _seq_rank(card: Card) -> int:
    return 0 if card.rank is None else int(card.rank)


def _ace_low(card: Card, run: set[int]) -> bool:
    return card.rank is Rank.ACE and 1 in run


def _category(view: PlayerView) -> HandCategory:
    hand = view.hand
    if len(hand) != 5:
        counts = sorted(_ranks(hand).values(), reverse=True)
        if counts and counts[0] >= 3:
            return HandCategory.TRIPLETS
        if counts and counts[0] == 2:
            return (
                HandCategory.TWO_PAIRS if len(counts) > 1 and counts[1] == 2 else HandCategory.PAIR
            )
        return HandCategory.NO_PAIR
    return evaluate(hand, view.rules.hands).category


def _discard_for(view: PlayerView) -> tuple[Card, ...]:
    """What a sound player throws out: nothing from a made hand of five (a sequence and up);
    the odd card of two pairs, fours or a four-card flush or sequence; the cards beside a
    pair or triplets; else all but the two highest cards."""
    hand = view.hand
    category = _category(view)
    if category >= HandCategory.SEQUENCE and category != HandCategory.FOURS:
        return ()
    if category in (HandCategory.BLAZE, HandCategory.SKIP_SEQUENCE):
        return ()
    counts = _ranks(hand)
    if category >= HandCategory.PAIR:
        return tuple(
            card for card in hand if card.rank is not None and counts[int(card.rank)] == 1
        )
    draw = _flush_draw(hand) or _sequence_draw(hand)
    if draw is not None:
        return draw
    by_rank = sorted(
        (card for card in hand if card.rank is not None), key=lambda card: int(card.rank or 0)
    )
    jokers = len(hand) - len(by_rank)
    return tuple(by_rank[: max(0, len(by_rank) - max(0, 2 - jokers))])


def _strength(view: PlayerView, *, before_draw: bool) -> int:
    """How much a hand is worth staking on, 0 (nothing) to 4 (raise to the cap)."""
    category = _category(view)
    if category >= HandCategory.TRIPLETS:
        return 4 if category >= HandCategory.SEQUENCE or not before_draw else 3
    if category == HandCategory.TWO_PAIRS:
        return 3 if before_draw else 2
    if category == HandCategory.PAIR:
        rank = _pair_rank(view.hand)
        if rank >= Rank.JACK:
            return 2
        return 1 if before_draw and rank >= Rank.SEVEN else 0
    if before_draw and (_flush_draw(view.hand) or _sequence_draw(view.hand)):
        return 1
    return 0


def _opened(view: PlayerView) -> bool:
    return any(isinstance(event, Stake) for event in view.history)


def _stakes_of(legal: Sequence[Action]) -> tuple[Stake, ...]:
    """The least and the most legal stake (one stake when only one amount is legal), or
    none, without listing a long run of stakes (a :class:`LegalActions` holds it as a
    range)."""
    if isinstance(legal, LegalActions):
        amounts = legal.amounts
        return (
            Stake(seat=legal.seat, amount=amounts[0]),
            Stake(seat=legal.seat, amount=amounts[-1]),
        )
    stakes = [action for action in legal if isinstance(action, Stake)]
    return (stakes[0], stakes[-1]) if stakes else ()


def _choose_stake(view: PlayerView, legal: Sequence[Action], strength: int) -> Action:
    """Pass, call or raise as ``strength`` says: a weak hand calls only a small stake, a
    strong one raises until its stake reaches a cap that grows with it."""
    stakes = _stakes_of(legal)
    # A long run of stakes is never listed: only the other actions are looked through.
    others = legal.others if isinstance(legal, LegalActions) else legal
    passing = next(action for action in others if isinstance(action, Pass))
    stand = next((action for action in others if isinstance(action, Stand)), None)
    if not stakes:
        return passing
    least, most = stakes[0], stakes[-1]
    limit = view.rules.limit
    me = view.seat
    cost = least.amount
    if strength == 0:
        return stand or passing
    if strength == 1:
        # A pair below knaves or a four-card draw: in the say, call one bet, no more.
        if cost <= view.rules.ante * 2 + (limit if _opened(view) else 0) // 2:
            return least
        return stand or passing
    cap = {2: 1, 3: 3, 4: 8}[strength] * limit + 2 * view.rules.ante
    if view.stakes[me] + cost >= cap or most.amount == least.amount:
        return least if strength >= 2 or stand is None else stand
    raise_by = limit if strength >= 3 else max(1, limit // 2)
    amount = min(most.amount, least.amount + raise_by, max(least.amount, cap - view.stakes[me]))
    return Stake(seat=me, amount=amount)


def peel_bot(view: PlayerView, rng: random.Random) -> Action:
    """A sound player: declines to straddle; in a jack-pot opens only on the openers in
    his hand as dealt (Laws 30-32), at a table that takes them on honour (Law 33) too;
    stays in the say with a pair of sevens or a four-card flush or sequence and raises on
    two pairs and up; draws to his pairs and four-card draws (keeping the high cards
    otherwise); after the draw bets on two pairs and up, calls on knaves, and stands or
    passes on less. Every action it returns is one of ``view.legal_actions``; it draws
    on ``rng`` only to vary an equal choice.

    Raises:
        ValueError: it is not this seat's turn (the view lists no legal action).
    """
    legal = _legal(view)
    first = legal[0]
    if len(legal) == 1:
        return first
    if view.phase is Phase.STRADDLE:
        return next(action for action in legal if isinstance(action, DeclineStraddle))
    if view.phase is Phase.DRAW:
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            wanted = Discard(seat=view.seat, cards=_discard_for(view))
            return wanted if wanted in discards else rng.choice(discards)
        # Law 36: make the stake good before drawing, or pass.
        return _choose_stake(view, legal, min(_strength(view, before_draw=True), 2))
    before = view.phase is Phase.SAY
    strength = _strength(view, before_draw=before)
    if before and view.openers_required is not None and not _opened(view):
        # Laws 30-32: a jack-pot opens only on the openers in the hand as dealt (in the say
        # his hand is still that hand). The bot judges them itself: at a table that takes
        # openers on honour (Law 33) the engine lists every stake, and opening without
        # them there is a false opening.
        holds = qualifies(view.hand, view.openers_required, view.rules.hands)
        strength = max(strength, 2) if holds and _stakes_of(legal) else 0
    return _choose_stake(view, legal, strength)


if __name__ == "__main__":
    # python -m pokerlaws.bots peel: a ready bot over the seat protocol (pokerlaws.seats).
    import sys

    from pokerlaws.seats import main

    sys.exit(main(sys.argv[1:], {"peel": peel_bot, "random": random_bot}))
