"""The end of a game: the show and the sharing of the pool (Laws 29, 33, 58-61, 76).

Law 58: a bet nobody calls takes the pool unshown. Law 59: when the stakes are equal every
player still in shows, beginning on the left of the last to stake (Ambiguity 7), and the best
hand takes the pool. Laws 60-61: a player who staked his last chip is shown for what he
staked (arithmetic of Ambiguity 14). Law 76: equal hands share; an odd chip stays in the
pool unless the table agreed otherwise (Ambiguity 16). Law 29: an unopened game keeps its
pool for the next. Law 33: a jack-pot's opener shows his hand when he wins it.
"""

from __future__ import annotations

from itertools import compress
from operator import add

from pokerlaws.hands import evaluate
from pokerlaws.state import GameState, Phase, seats_from

__all__ = ["not_opened", "showdown", "uncontested"]


def _end(state: GameState, payouts: list[int], shown: frozenset[int]) -> GameState:
    paid = sum(payouts)
    stacks = tuple(map(add, state.stacks, payouts))
    winners = tuple(compress(range(len(payouts)), payouts))  # the seats paid anything
    return state.with_changes(
        {
            "phase": Phase.OVER,
            "to_act": None,
            "pending": (),
            "stacks": stacks,
            "pool": state.pool - paid,
            "payouts": tuple(payouts),
            "winners": winners,
            "shown": shown,
            "may_stand": None,
        }
    )


def not_opened(state: GameState) -> GameState:
    """End a game nobody opened; its pool waits for the next game, a jack-pot (Law 29)."""
    return _end(state, [0] * state.num_seats, frozenset())


def uncontested(state: GameState) -> GameState:
    """Give the pool to the one player left (Law 58): unshown, unless he opened a jack-pot
    (Law 33), who shows to prove his openers."""
    (winner,) = state.players
    payouts = [0] * state.num_seats
    payouts[winner] = state.pool
    shown = frozenset({winner}) if state.is_jackpot and winner == state.opener else frozenset()
    return _end(state, payouts, shown)


def _best(strengths: dict[int, int], seats: frozenset[int] | set[int]) -> list[int]:
    top = max(strengths[seat] for seat in seats)
    return [seat for seat in seats if strengths[seat] == top]


def _share(state: GameState, amount: int, sharers: list[int], payouts: list[int]) -> int:
    """Share ``amount`` equally among ``sharers`` (Law 76); return the odd chips left over.

    With ``odd_chip_carries`` the odd chips stay in the pool (Ambiguity 16); otherwise they
    go one each to the sharers, beginning on the dealer's left.
    """
    each, odd = divmod(amount, len(sharers))
    order = seats_from(state.dealer + 1, frozenset(sharers), state.num_seats)
    for seat in order:
        payouts[seat] += each
    if not state.rules.odd_chip_carries:
        for seat in order[:odd]:
            payouts[seat] += 1
        return 0
    return odd


def showdown(state: GameState) -> GameState:
    """Show every remaining hand and pay the pool (Laws 59-61, 76; Ambiguity 14).

    The pool is paid in layers. Each player who went all in claims all forced chips (antes,
    straddles, jack-pot antes, carried chips) and, from every player still in when he staked
    his last chip, as much of that player's voluntary stake as his own. Claims are settled
    smallest first (the order they went short, except where a later one staked less, so no
    chip is counted twice); the best hand among those still contending takes each layer, and
    the best of the rest takes what remains.
    """
    contenders = set(state.players)
    # Hands compare by their strength alone (HandValue orders on it); comparing the integers
    # spares attrs' ordering methods, which cost about 1 us a comparison.
    values = {seat: evaluate(state.hands[seat], state.rules.hands).strength for seat in contenders}
    payouts = [0] * state.num_seats
    forced = sum(state.forced) + state.carried
    taken = [0] * state.num_seats
    odd = 0
    last_sharers: list[int] = []
    for claim in sorted(
        (c for c in state.claims if c.seat in contenders), key=lambda c: c.voluntary
    ):
        layer = forced
        forced = 0
        for seat in claim.live:
            share = max(0, min(claim.voluntary, state.voluntary[seat]) - taken[seat])
            taken[seat] += share
            layer += share
        last_sharers = _best(values, contenders)
        odd += _share(state, layer, last_sharers, payouts)
        if len(contenders) > 1:
            contenders.discard(claim.seat)
    rest = forced + sum(state.voluntary) - sum(taken)
    if rest:
        odd += _share(state, rest, _best(values, contenders) or last_sharers, payouts)
    assert sum(payouts) + odd == state.pool, "the pool must be paid out exactly"
    return _end(state, payouts, frozenset(state.players))
