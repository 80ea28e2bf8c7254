"""Agents' figures: whole games through integer ids against PokerKit, and simulate on two
processes against one.

Run from the repository root, in an environment with the ``bench`` extra installed::

    python benchmarks/bench_agents.py [--games N] [--seed S] [--repeat R]
                                      [--sittings N] [--sitting-games N]

**Integer actions.** The games of ``bench_game.py`` (its ``plan``: 4 to 6 seats, 1000 chips
a seat, ante 1, limit 4) and its protocol (a kind of action uniformly, then one of that
kind: pass, stand, straddle, decline, discard, a call, a raise; no pass when staying in is
free), played by ``ActionSpace.legal_ids`` and ``ActionSpace.step`` instead of
``legal_actions`` and ``apply``: the policy reads ids, and a call is a stake id whose amount
(``stake_range(state).start`` plus its offset) is no more than the seat's shortfall. The
PokerKit side is ``bench_game.play_pokerkit``, the same hands. The two take turns
``--repeat`` times, and the fastest of each is kept.

**simulate.** ``simulate`` of ``--sittings`` sittings of up to ``--sitting-games`` games
among two ``peel_bot`` and two ``random_bot`` players, in this process and then on a
``ProcessPoolExecutor`` of two workers (started inside the timing); the result is checked
equal.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import (
    MAX_ACTIONS,
    RULES,
    STACK,
    Game,
    machine,
    plan,
    play_pokerkit,
    play_pokerlaws,
    timed,
)

from pokerlaws import Action, GameState, Phase, apply, new_game, shuffled_deck, stake_range
from pokerlaws.agents import ActionSpace
from pokerlaws.agents.space import DISCARD, PASS, STAKE, STAND
from pokerlaws.bots import peel_bot, random_bot
from pokerlaws.simulation import simulate

SPACES = {seats: ActionSpace(RULES, seats) for seats in range(2, 11)}


def choose_id(rng: random.Random, state: GameState, ids: tuple[int, ...]) -> int:
    """``bench_game.choose`` over ids: a kind uniformly, then an id of that kind.

    The kinds are the ids below ``DISCARD`` one by one, the discards, the calls (stakes of
    no more than the shortfall) and the raises; a pass is left out when the seat may stand
    or discard. A check while recording the games below holds it to ``bench_game.choose``'s
    split of the amounts (``check_kinds``).
    """
    if len(ids) == 33:
        # The draw: a pass and the 32 discards; the pass is left out, as in bench_game.
        return DISCARD + rng.randrange(32)
    if ids[-1] < STAKE:
        return ids[0] if len(ids) == 1 else rng.choice(ids)
    seat = state.to_act
    assert seat is not None
    stakes = state.stakes
    # Only stake 0 can be a call: the least amount is the call itself when the seat faces
    # a stake (all he has, when that is less), and above it before anyone opens the say
    # (the least opening is double the ante or straddle). So the stake ids split into calls
    # and raises as bench_game.choose splits the amounts, without asking for the amounts.
    facing = max(stakes) > stakes[seat]
    calls = int(facing and (state.phase is not Phase.SAY or state.opener is not None))
    first = ids.index(STAKE) if STAKE in ids else len(ids)
    others = ids[:first]
    staking = len(ids) - first
    groups: list[tuple[int, int]] = []  # (first id, how many) of each kind
    if STAND in others:
        groups.append((STAND, 1))
    elif others:
        groups.append((PASS, 1))
    if calls > 0:
        groups.append((STAKE, min(calls, staking)))
    if staking > calls:
        start = max(calls, 0)
        groups.append((STAKE + start, staking - start))
    low, count = groups[0] if len(groups) == 1 else rng.choice(groups)
    return low if count == 1 else low + rng.randrange(count)


def check_kinds(games: list[Game], seed: int) -> None:
    """Check, on every state of ``games``, that ``choose_id`` counts as calls exactly the
    stakes ``bench_game.choose`` counts as calls (amounts no more than the shortfall)."""
    rng = random.Random(seed)
    for seats, deck_seed in games:
        space = SPACES[seats]
        state = new_game(
            RULES, (STACK,) * seats, dealer=rng.randrange(seats), deck=shuffled_deck(deck_seed)
        )
        while state.to_act is not None:
            seat = state.to_act
            shortfall = max(state.stakes) - state.stakes[seat]
            amounts = stake_range(state)
            calls = sum(amount <= shortfall for amount in amounts)
            facing = max(state.stakes) > state.stakes[seat]
            counted = int(facing and (state.phase is not Phase.SAY or state.opener is not None))
            if amounts and calls != counted:
                raise RuntimeError(f"choose_id counts {counted} calls, not {calls}, in {state}")
            result = space.step(state, choose_id(rng, state, space.legal_ids(state)))
            assert isinstance(result, GameState)
            state = result


def play_ids(rng: random.Random, game: Game) -> int:
    """Play one game of ``bench_game.plan`` by ids; return the number of actions."""
    seats, deck_seed = game
    space = SPACES[seats]
    state = new_game(
        RULES, (STACK,) * seats, dealer=rng.randrange(seats), deck=shuffled_deck(deck_seed)
    )
    legal_ids, step = space.legal_ids, space.step
    count = 0
    while state.phase is not Phase.OVER:
        result = step(state, choose_id(rng, state, legal_ids(state)))
        if not isinstance(result, GameState):
            raise RuntimeError(f"a legal id was refused: {result.message}")
        state = result
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"a game ran past {MAX_ACTIONS} actions")
    return count


def integer_games(games: list[Game], seed: int, repeat: int) -> dict[str, tuple[float, int]]:
    """Each side's fastest time over ``games`` and its number of actions, the sides taking
    turns: ids, the object API (bench_game's own loop) and PokerKit."""

    def run_ids() -> int:
        rng = random.Random(seed)
        return sum(play_ids(rng, game) for game in games)

    def run_objects() -> int:
        rng = random.Random(seed)
        return sum(play_pokerlaws(rng, game) for game in games)

    def run_pokerkit() -> int:
        rng = random.Random(seed)
        return sum(play_pokerkit(rng, seats) for seats, _ in games)

    sides = {"ids": run_ids, "objects": run_objects, "pokerkit": run_pokerkit}
    best = dict.fromkeys(sides, (float("inf"), 0))
    for _ in range(repeat):
        for name, run in sides.items():
            best[name] = min(best[name], timed(run))
    return best


def engine_floor(games: list[Game], seed: int, repeat: int) -> float:
    """The fastest seconds that ``new_game`` (with ``shuffled_deck``) and ``apply`` alone
    take over the games the ids play, replayed from recorded actions: what the games cost
    with ids and a policy that cost nothing."""
    rng = random.Random(seed)
    starts: list[tuple[int, int, int]] = []
    pairs: list[tuple[GameState, Action]] = []
    for seats, deck_seed in games:
        dealer = rng.randrange(seats)
        starts.append((seats, dealer, deck_seed))
        space = SPACES[seats]
        state = new_game(RULES, (STACK,) * seats, dealer=dealer, deck=shuffled_deck(deck_seed))
        while state.to_act is not None:
            i = choose_id(rng, state, space.legal_ids(state))
            pairs.append((state, space.decode(state, i)))
            result = space.step(state, i)
            assert isinstance(result, GameState)
            state = result

    def run() -> int:
        for seats, dealer, deck_seed in starts:
            new_game(RULES, (STACK,) * seats, dealer=dealer, deck=shuffled_deck(deck_seed))
        for state, action in pairs:
            apply(state, action)
        return 0

    return min(timed(run)[0] for _ in range(repeat))


PLAYERS = {"peel": peel_bot, "chance": random_bot, "peel 2": peel_bot, "chance 2": random_bot}


def simulations(sittings: int, games: int, seed: int) -> tuple[float, float, int]:
    """Seconds in this process and on two processes, and the games played."""
    start = time.perf_counter()
    alone = simulate(PLAYERS, sittings=sittings, games=games, seed=seed)
    one = time.perf_counter() - start
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(PLAYERS, sittings=sittings, games=games, seed=seed, executor=pool)
    two = time.perf_counter() - start
    if pooled != alone:
        raise RuntimeError("simulate gave another result on two processes")
    return one, two, alone.games


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per side (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every RNG (0)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions, fastest kept (3)")
    parser.add_argument("--sittings", type=int, default=400, help="sittings simulated (400)")
    parser.add_argument("--sitting-games", type=int, default=10, help="games a sitting (10)")
    args = parser.parse_args(argv)
    if min(args.games, args.repeat, args.sittings, args.sitting_games) < 1:
        parser.error("every count must be at least 1")
    games = plan(args.seed, args.games)
    check_kinds(games, args.seed)
    warm = random.Random(args.seed + 1)
    for game in games[:20]:
        play_ids(warm, game)
        play_pokerlaws(warm, game)
        play_pokerkit(warm, game[0])

    best = integer_games(games, args.seed, args.repeat)
    n = args.games
    print(f"Whole games by integer ids: {n} per side, seed {args.seed}, best of {args.repeat}")
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.2f}")
    print(f"pokerlaws {version('pokerlaws')}, PokerKit {version('pokerkit')}")
    print()
    print(f"{'':<30}{'games/s':>10}{'actions/game':>14}{'µs/action':>11}")
    labels = {
        "ids": "pokerlaws legal_ids + step",
        "objects": "pokerlaws legal_actions+apply",
        "pokerkit": "PokerKit (fixed-limit)",
    }
    for name, (seconds, actions) in best.items():
        rate = n / seconds
        print(
            f"{labels[name]:<30}{rate:>10,.0f}{actions / n:>14.1f}{seconds / actions * 1e6:>11.1f}"
        )
    ratio = best["pokerkit"][0] / best["ids"][0]
    verdict = "met" if ratio >= 25 else "NOT met"
    print(f"ratio ids/PokerKit: {ratio:.2f}x games/s (target >= 25x: {verdict})")
    print(f"ratio ids/objects: {best['objects'][0] / best['ids'][0]:.2f}x")
    floor = engine_floor(games, args.seed, args.repeat)
    print(
        f"engine floor (new_game and apply alone, {floor / n * 1e6:.0f} µs a game): "
        f"at most {best['pokerkit'][0] / floor:.2f}x PokerKit with free ids and policy"
    )
    print()
    one, two, played = simulations(args.sittings, args.sitting_games, args.seed)
    speedup = one / two
    verdict = "met" if speedup >= 1.7 else "NOT met"
    print(f"simulate: {args.sittings} sittings, {played} games, 2 peel_bot and 2 random_bot")
    print(f"  in-process   {one:7.2f} s  {played / one:8,.0f} games/s")
    print(f"  2 processes  {two:7.2f} s  {played / two:8,.0f} games/s")
    print(f"speed-up: {speedup:.2f}x (target >= 1.7x: {verdict})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
