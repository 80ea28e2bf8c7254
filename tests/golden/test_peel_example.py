"""Peel's worked example of staking (LAWS.md 2.3, 2.7, 2.8), played as a golden game.

Five players A..E are seats 0..4; A deals, so B is the ante, C is No. 1, D No. 2, E No. 3.
The ante is 3d and the limit 1s (12d): one chip is a penny. Everyone starts with 200.
"""

from __future__ import annotations

import pokerlaws as pl
from tests.laws._tables import deck_for, play

A, B, C, D, E = range(5)
RULES = pl.Rules(ante=3, limit=12)

HANDS = {
    B: "Kc Kd 8s 5c 2d",
    C: "Ac Ad 9h 6c 3s",
    A: "Qs Qh 7d 4s Jc",
}
# B draws 4h 6h 9c, C draws Ah 7c Td, A draws 2c 3d.
DRAW = "4h 6h 9c Ah 7c Td 2c 3d"

Step = tuple[pl.Action, tuple[int, ...], tuple[int, ...], int]

# Each action, then every seat's stack and stake and the pool after it.
SAY: list[Step] = [
    (pl.Stake(seat=C, amount=6), (200, 197, 194, 200, 200), (0, 3, 6, 0, 0), 9),
    (pl.Pass(seat=D), (200, 197, 194, 200, 200), (0, 3, 6, 0, 0), 9),
    (pl.Stake(seat=E, amount=6), (200, 197, 194, 200, 194), (0, 3, 6, 0, 6), 15),
    # A, the dealer: 6d to match and a full 1s more.
    (pl.Stake(seat=A, amount=18), (182, 197, 194, 200, 194), (18, 3, 6, 0, 6), 33),
    # B, the ante, makes good 1s 3d.
    (pl.Stake(seat=B, amount=15), (182, 182, 194, 200, 194), (18, 18, 6, 0, 6), 48),
]
DRAWING: list[Step] = [
    (
        pl.Discard(seat=B, cards=pl.parse_cards("8s 5c 2d")),
        (182, 182, 194, 200, 194),
        (18, 18, 6, 0, 6),
        48,
    ),
    # C makes good 1s before he draws.
    (pl.Stake(seat=C, amount=12), (182, 182, 182, 200, 194), (18, 18, 18, 0, 6), 60),
    (
        pl.Discard(seat=C, cards=pl.parse_cards("9h 6c 3s")),
        (182, 182, 182, 200, 194),
        (18, 18, 18, 0, 6),
        60,
    ),
    # E will not make his 6d up to 1s 6d: he retires and loses it.
    (pl.Pass(seat=E), (182, 182, 182, 200, 194), (18, 18, 18, 0, 6), 60),
]
# After the draw the round's stakes start again from nothing; 5s is in the pool.
BETTING: list[Step] = [
    (pl.Stake(seat=C, amount=6), (182, 182, 176, 200, 194), (0, 0, 6, 0, 0), 66),
    (pl.Stake(seat=A, amount=6), (176, 182, 176, 200, 194), (6, 0, 6, 0, 0), 72),
    # B calls the 6d and raises 1s.
    (pl.Stake(seat=B, amount=18), (176, 164, 176, 200, 194), (6, 18, 6, 0, 0), 90),
    # C adds 2s: 1s to make up B's 1s 6d and a further 1s.
    (pl.Stake(seat=C, amount=24), (176, 164, 152, 200, 194), (6, 18, 30, 0, 0), 114),
    (pl.Pass(seat=A), (176, 164, 152, 200, 194), (6, 18, 30, 0, 0), 114),
]


def _run(state: pl.GameState, steps: list[Step]) -> pl.GameState:
    for action, stacks, stakes, pool in steps:
        assert state.to_act == action.seat, action
        state = play(state, action)
        assert (state.stacks, state.stakes, state.pool) == (stacks, stakes, pool), action
    return state


def test_peel_worked_example() -> None:
    """Laws 20-26, 36, 53, 59: Peel's own game, every stack, stake and pool figure checked."""
    deck = deck_for(HANDS, n=5, dealer=A, draw=DRAW)
    state = pl.new_game(RULES, (200,) * 5, dealer=A, deck=deck)

    # The ante: B stakes 3d. A straddle of 6d would be allowed (6 <= 12 // 2), so C is asked.
    assert state.phase is pl.Phase.STRADDLE
    assert state.to_act == C
    assert state.stakes == (0, 3, 0, 0, 0)
    assert state.pool == 3
    state = play(state, pl.DeclineStraddle(seat=C))
    assert state.phase is pl.Phase.SAY

    state = _run(state, SAY)

    # The draw, from the dealer's left: B, C, (D is out), E, then A.
    assert state.phase is pl.Phase.DRAW
    assert state.players == (A, B, C, E)
    state = _run(state, DRAWING)
    assert state.to_act == A
    state = play(state, pl.Discard(seat=A, cards=pl.parse_cards("7d 4s")))

    assert state.phase is pl.Phase.BETTING
    assert state.players == (A, B, C)
    assert state.pool == 60
    assert state.stakes == (0, 0, 0, 0, 0)
    assert set(state.hands[B]) == set(pl.parse_cards("Kc Kd 4h 6h 9c"))
    assert set(state.hands[C]) == set(pl.parse_cards("Ac Ad Ah 7c Td"))
    assert set(state.hands[A]) == set(pl.parse_cards("Qs Qh Jc 2c 3d"))

    # The betting, from the ante's left: C first.
    state = _run(state, BETTING)
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == B
    # B adds 1s: the stakes are equal and the hands are shown.
    state = play(state, pl.Stake(seat=B, amount=12))

    # The show: C's three aces beat B's kings; C takes 10s 6d (126d): B's 2s 6d and 5s 6d.
    assert state.phase is pl.Phase.OVER
    assert state.shown == frozenset({B, C})
    assert state.winners == (C,)
    assert state.payouts == (0, 0, 126, 0, 0)
    assert state.pool == 0
    assert state.stacks == (176, 152, 278, 200, 194)
    assert state.history[0] == pl.DeclineStraddle(seat=C)
    assert len(state.history) == 1 + len(SAY) + len(DRAWING) + 1 + len(BETTING) + 1
