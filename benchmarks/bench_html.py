"""The replay page of a long record: bytes a step, CPU seconds and peak memory.

Run from the repository root::

    python benchmarks/bench_html.py [--actions N ...] [--seat S]

Two long games, built by replaying legal actions: one of reports (disputes, cut
objections and distractions while the deal lies, questions to the dealer after the draw:
steps after which the table shows the same), and a war of raises between two players with
deep stacks (a step after which every raise changes a stack, a stake and the pool). For
each, ``render_html`` of its record, for the whole game and (``--seat``) as one seat saw
it: the page's size over the record's actions, the CPU time (``time.process_time``) and,
in a second run, the peak of memory ``tracemalloc`` counts while the page is made.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

import pokerlaws as pl
from pokerlaws.render import render_html

RULES = pl.Rules(ante=2, limit=4)


def _go(state: pl.GameState, event: pl.Event) -> pl.GameState:
    return pl.apply_or_raise(state, event)


def game_of_reports(n: int) -> pl.GameState:
    """Three seats; ``n`` reports, a third while the deal lies, the rest after the draw."""
    state = pl.new_game(RULES, [40, 40, 40], dealer=0, deck=pl.shuffled_deck(1))
    at_the_deal = (
        pl.Dispute(seat=1, parties=(1, 2)),
        pl.Distraction(seat=1),
        pl.MissingCut(seat=2, during_deal=False),
    )
    for i in range(n // 3):
        state = _go(state, at_the_deal[i % 3])
    for event in (pl.Stake(seat=2, amount=4), pl.Stake(seat=0, amount=4)):
        state = _go(state, event)
    state = _go(state, pl.Stake(seat=1, amount=2))
    for seat in (1, 2, 0):
        state = _go(state, pl.Discard(seat=seat, cards=state.hands[seat][: seat + 1]))
    after_the_draw = (pl.AskDealerCount(seat=2), pl.Dispute(seat=2, parties=(0, 2)))
    for i in range(n - n // 3):
        state = _go(state, after_the_draw[i % 2])
    while state.to_act is not None:
        state = _go(state, pl.Pass(seat=state.to_act))
    return state


def war_of_raises(n: int) -> pl.GameState:
    """Two seats with deep stacks raising each other by one chip, ``n`` stakes in all."""
    state = pl.new_game(RULES, [10**9, 10**9], dealer=0, deck=pl.shuffled_deck(2))
    if state.phase is pl.Phase.STRADDLE:
        state = _go(state, pl.DeclineStraddle(seat=state.to_act or 0))
    for _ in range(n):
        seat = state.to_act
        assert seat is not None
        stakes = [a for a in pl.legal_actions(state) if isinstance(a, pl.Stake)]
        if state.phase is pl.Phase.DRAW:  # make good, then stand pat
            state = _go(state, stakes[0] if stakes else pl.Discard(seat=seat, cards=()))
            continue
        state = _go(state, stakes[min(1, len(stakes) - 1)])
    while state.phase is not pl.Phase.OVER:
        assert state.to_act is not None
        state = _go(state, pl.Pass(seat=state.to_act))
    return state


def measure(name: str, build: Callable[[int], pl.GameState], n: int, seat: int | None) -> None:
    game = pl.record(build(n))
    record_bytes = len(pl.format_record(game).encode("utf-8"))
    start = time.process_time()
    page = render_html(game, seat)
    seconds = time.process_time() - start
    size = len(page.encode("utf-8"))
    del page
    # The peak apart: tracemalloc slows the work it counts several times over.
    tracemalloc.start()
    render_html(game, seat)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    whose = "every hand" if seat is None else f"seat {seat}"
    print(
        f"{name:<8} {len(game.actions):>7} actions  record {record_bytes / 1e3:>7.1f} KB  "
        f"page {size / 1e6:>6.2f} MB  {size / len(game.actions):>5.0f} B/action  "
        f"{seconds:>6.2f} s  peak {peak / 1e6:>5.0f} MB  ({whose})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, nargs="+", default=[1_000, 32_000])
    parser.add_argument("--seat", type=int, default=0)
    args = parser.parse_args()
    for n in args.actions:
        for seat in (None, args.seat):
            measure("reports", game_of_reports, n, seat)
            measure("raises", war_of_raises, n, seat)


if __name__ == "__main__":
    main()
