"""Researchers' interfaces: what the environments' wrappers and the information state cost.

Run from the repository root, with the ``pettingzoo`` and ``gymnasium`` extras installed::

    python benchmarks/bench_research.py [--steps N] [--seats S] [--repeat R]

Every loop takes a random legal id at each step, drawn by one numpy generator from the
mask (the bare loop from ``legal_ids``), at a table of ``--seats`` seats with 100 chips a
seat, ante 1, limit 4, one game an episode, and runs ``--steps`` agent steps; the loops take
turns ``--repeat`` times and the fastest of each is kept. The rows:

- the bare ``ActionSpace`` loop: ``new_game``, ``legal_ids``, ``step``, no view at all;
- the same loop building ``observation(view)`` or ``information_state(view)`` of the seat
  to act at every step (what a learner must pay for either);
- PettingZoo's ``raw_env`` and the wrapped ``env`` (``agent_iter``/``last``/``step``), with
  the observation and with ``observation="information"``;
- ``SeatEnv`` against ``peel_bot`` in every other seat, with either observation: its steps
  are the learner's, each paying for the bots' decisions played inside it.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

import numpy as np

import pokerlaws as pl
from pokerlaws.agents import ActionSpace, information_state, observation
from pokerlaws.bots import peel_bot
from pokerlaws.gymnasium import SeatEnv
from pokerlaws.pettingzoo import env as pz_env
from pokerlaws.pettingzoo import raw_env

RULES = pl.Rules(ante=1, limit=4)
CHIPS = 100


def bare(seats: int, steps: int, seen: Callable[[pl.PlayerView], object] | None) -> int:
    space = ActionSpace(RULES, seats)
    rng = np.random.default_rng(0)
    shuffler = random.Random(0)
    deck = list(pl.standard_deck())
    done = 0
    while done < steps:
        shuffler.shuffle(deck)
        state = pl.new_game(RULES, (CHIPS,) * seats, dealer=0, deck=deck)
        while state.phase is not pl.Phase.OVER and done < steps:
            if seen is not None and state.to_act is not None:
                seen(pl.view(state, state.to_act))
            ids = space.legal_ids(state)
            after = space.step(state, ids[int(rng.integers(len(ids)))])
            assert isinstance(after, pl.GameState)
            state = after
            done += 1
    return done


def petting(seats: int, steps: int, *, wrapped: bool, kind: str) -> int:
    table = (pz_env if wrapped else raw_env)(
        rules=RULES, seats=seats, chips=CHIPS, observation=kind
    )
    rng = np.random.default_rng(0)
    done, seed = 0, 0
    while done < steps:
        table.reset(seed=seed)
        seed += 1
        for _agent in table.agent_iter():
            observed, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observed["action_mask"]))))
            done += 1
    return done


def seat_env(seats: int, steps: int, kind: str) -> int:
    env = SeatEnv(RULES, seats, [peel_bot] * (seats - 1), chips=CHIPS, observation=kind)
    rng = np.random.default_rng(0)
    done, seed = 0, 0
    while done < steps:
        _, info = env.reset(seed=seed)
        seed += 1
        over = False
        while not over:
            _, _, over, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done += 1
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    seats, steps = options.seats, options.steps
    loops: dict[str, Callable[[], int]] = {
        "bare ActionSpace loop": lambda: bare(seats, steps, None),
        "  + observation(view)": lambda: bare(seats, steps, observation),
        "  + information_state(view)": lambda: bare(seats, steps, information_state),
        "raw_env": lambda: petting(seats, steps, wrapped=False, kind="observation"),
        "env (wrapped)": lambda: petting(seats, steps, wrapped=True, kind="observation"),
        "raw_env, information": lambda: petting(seats, steps, wrapped=False, kind="information"),
        "env (wrapped), information": lambda: petting(
            seats, steps, wrapped=True, kind="information"
        ),
        "SeatEnv vs peel_bot": lambda: seat_env(seats, steps, "observation"),
        "SeatEnv vs peel_bot, information": lambda: seat_env(seats, steps, "information"),
    }
    best = dict.fromkeys(loops, float("inf"))
    counts = dict.fromkeys(loops, 0)
    for _ in range(options.repeat):
        for name, loop in loops.items():
            start = time.perf_counter()
            counts[name] = loop()
            best[name] = min(best[name], time.perf_counter() - start)
    load = os.getloadavg()
    print(f"{seats} seats, {steps:,} steps a loop, fastest of {options.repeat}; load {load}")
    base = counts["bare ActionSpace loop"] / best["bare ActionSpace loop"]
    raw = counts["raw_env"] / best["raw_env"]
    print(f"{'loop':36} {'steps/s':>10} {'x bare':>7} {'x raw_env':>9}")
    for name in loops:
        rate = counts[name] / best[name]
        print(f"{name:36} {rate:10,.0f} {rate / base:7.2f} {rate / raw:9.2f}")


if __name__ == "__main__":
    main()
