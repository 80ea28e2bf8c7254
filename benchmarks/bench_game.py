"""Whole games: pokerlaws against PokerKit, both played out by random legal actions.

Run from the repository root, in an environment with the ``bench`` extra installed::

    python benchmarks/bench_game.py [--games N] [--seed S] [--repeat R]

Both sides play the same games in number and size: 4 to 6 seats (drawn from a seeded
``random.Random``), 1000 chips a seat, ante 1, limit 4. What is measured:

- **pokerlaws**: ``new_game`` on ``shuffled_deck(seed)``, then ``legal_actions``, a random
  choice and ``apply`` until ``Phase.OVER``. Games per second, actions per game; then the
  mean cost of one ``apply`` and one ``legal_actions`` call, timed on (state, action) pairs
  recorded beforehand, so the random choice and the bookkeeping stay outside the timed loop.
- **PokerKit**: fixed-limit five-card draw (high) built from its generic ``State``: antes,
  five cards dealt down, a betting street, a draw street (burn, discard, replace) and a second
  betting street, ranked by ``StandardHighHand``; dealing, collecting, showdown and pushing
  the chips are automated. Hands per second, actions per hand.

The random policy, the same on both sides: choose the *kind* of action uniformly among the
kinds available, then one action of that kind uniformly (see :func:`choose`). A whole-game
figure includes the policy and the shuffle on both sides (PokerKit shuffles inside ``State``,
with the module-level ``random``, which this script leaves alone: its cards are not seeded, but
its actions are, and with this policy they never depend on the cards).
Each side plays the same games ``--repeat`` times, the two sides taking turns, and the fastest
repetition of each is reported: the usual way to read through noise from other processes.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from pokerlaws import (
    Action,
    Discard,
    GameState,
    Pass,
    Phase,
    Rules,
    Stake,
    Stand,
    apply,
    legal_actions,
    new_game,
    shuffled_deck,
)

RULES = Rules(ante=1, limit=4)
STACK = 1000
FEWEST_SEATS, MOST_SEATS = 4, 6
MAX_ACTIONS = 100_000
"""A guard: random play ends a game in a few dozen actions; one that runs this long is a bug."""

Game = tuple[int, int]
"""One planned game: its number of seats and the seed of its deck."""


def plan(seed: int, games: int) -> list[Game]:
    """Draw each game's seat count (4-6) and deck seed; both sides play these games."""
    rng = random.Random(seed)
    return [(rng.randint(FEWEST_SEATS, MOST_SEATS), rng.getrandbits(32)) for _ in range(games)]


# --- pokerlaws --------------------------------------------------------------------------------


def choose(rng: random.Random, state: GameState, actions: Sequence[Action]) -> Action:
    """Choose a kind of action uniformly, then one action of that kind uniformly.

    The kinds: ``Pass``, ``Stand``, ``Straddle``, ``DeclineStraddle``, ``Discard`` (uniform
    over the subsets of the hand, pat included), a *call* (a ``Stake`` no larger than the
    seat's shortfall: calling, making good, or all in for less) and a *raise* (any larger
    ``Stake``: opening, betting, raising, uniform over the amounts). A pass is left out when
    the seat can stay in for nothing (it may stand, or discard with its stake good), as
    PokerKit refuses a fold when checking is free; so every game ends (a pass is always among
    the kinds when a stake is asked of the seat, and stacks are finite).
    """
    if len(actions) > _SHORT and set(map(type, actions)) - {Pass} == {Discard}:
        # The draw: the one kind left is Discard. Drawing until a Discard comes is uniform
        # over the discards and saves grouping 33 actions on every draw.
        while True:
            action = rng.choice(actions)
            if isinstance(action, Discard):
                return action
    seat = state.to_act
    assert seat is not None
    shortfall = max(state.stakes) - state.stakes[seat]
    # Kinds in order of first appearance, so the choice is deterministic; a Stake is a call
    # (True) or a raise (False).
    kinds: dict[object, list[Action]] = {}
    for action in actions:
        kind: object = type(action)
        if kind is Stake:
            assert isinstance(action, Stake)
            kind = action.amount <= shortfall
        group = kinds.get(kind)
        if group is None:
            kinds[kind] = [action]
        else:
            group.append(action)
    if Pass in kinds and (Stand in kinds or Discard in kinds):
        del kinds[Pass]
    groups = list(kinds.values())
    group = groups[0] if len(groups) == 1 else rng.choice(groups)
    return group[0] if len(group) == 1 else rng.choice(group)


_SHORT = 8
"""Longer lists of actions are worth checking for the draw's shape (a pass, 32 discards)."""


def play_pokerlaws(
    rng: random.Random,
    game: Game,
    record: list[tuple[GameState, Action]] | None = None,
) -> int:
    """Play one game to its end; return the number of actions. ``record`` collects the
    (state, action) pairs."""
    seats, deck_seed = game
    state = new_game(
        RULES, (STACK,) * seats, dealer=rng.randrange(seats), deck=shuffled_deck(deck_seed)
    )
    count = 0
    while state.phase is not Phase.OVER:
        action = choose(rng, state, legal_actions(state))
        if record is not None:
            record.append((state, action))
        result = apply(state, action)
        if not isinstance(result, GameState):
            raise RuntimeError(f"legal_actions offered a refused action: {result.message}")
        state = result
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"a game ran past {MAX_ACTIONS} actions")
    return count


# --- PokerKit ---------------------------------------------------------------------------------

PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
# Street(card_burning_status, hole_dealing_statuses, board_dealing_count, draw_status, opening,
#        min_completion_betting_or_raising_amount, max_completion_betting_or_raising_count),
# as pokerkit.games.SingleDraw builds them. No cap on raises: Peel has none.
PK_STREETS = (
    Street(False, (False,) * 5, 0, False, Opening.POSITION, RULES.limit, None),
    Street(True, (), 0, True, Opening.POSITION, RULES.limit, None),
)


def new_pokerkit_hand(seats: int) -> State:
    """Start a hand of fixed-limit five-card draw, everyone anteing; the deal is automatic."""
    return State(
        PK_AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
        PK_STREETS,
        BettingStructure.FIXED_LIMIT,
        True,  # ante trimming: uniform antes
        RULES.ante,  # raw antes: every player
        0,  # raw blinds or straddles: none
        0,  # bring-in: none
        (STACK,) * seats,
        seats,
    )


def play_pokerkit(rng: random.Random, seats: int) -> int:
    """Play one hand to its end; return the number of player actions."""
    state = new_pokerkit_hand(seats)
    count = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            drawer = state.stand_patter_or_discarder_index
            assert drawer is not None
            hole = state.hole_cards[drawer]
            keep = rng.getrandbits(len(hole))  # uniform over the subsets, as for pokerlaws
            state.stand_pat_or_discard([card for i, card in enumerate(hole) if not keep >> i & 1])
        else:
            kinds: list[Callable[[], object]] = []
            if state.can_fold():
                kinds.append(state.fold)
            if state.can_check_or_call():
                kinds.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                kinds.append(state.complete_bet_or_raise_to)  # fixed limit: one amount
            rng.choice(kinds)()
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"a hand ran past {MAX_ACTIONS} actions")
    return count


# --- timing -----------------------------------------------------------------------------------


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """Run ``run`` once; return the seconds it took and what it returned."""
    gc.collect()
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    """Run ``run`` ``repeat`` times; return the fastest time and what it returned."""
    return min(timed(run) for _ in range(repeat))


def whole_games(games: list[Game], seed: int, repeat: int) -> tuple[float, int, float, int]:
    """Play ``games`` on both sides ``repeat`` times, the sides taking turns so that a burst
    of load elsewhere on the machine falls on both; return each side's fastest time and its
    number of actions: pokerlaws first, then PokerKit."""

    def run_pokerlaws() -> int:
        rng = random.Random(seed)
        return sum(play_pokerlaws(rng, game) for game in games)

    def run_pokerkit() -> int:
        rng = random.Random(seed)
        return sum(play_pokerkit(rng, seats) for seats, _ in games)

    pl_best = pk_best = (float("inf"), 0)
    for _ in range(repeat):
        pl_best = min(pl_best, timed(run_pokerlaws))
        pk_best = min(pk_best, timed(run_pokerkit))
    return (*pl_best, *pk_best)


def per_call(pairs: list[tuple[GameState, Action]], repeat: int) -> tuple[float, float]:
    """Return the mean seconds of one ``apply`` and one ``legal_actions`` call on ``pairs``.

    Every state has been seen before (while recording, and in the earlier repetitions): a
    cache inside the engine would flatter these figures, not the whole-game rate.
    """
    states = [state for state, _ in pairs]
    legal = legal_actions
    step = apply

    def run_legal() -> int:
        for state in states:
            legal(state)
        return 0

    def run_apply() -> int:
        for state, action in pairs:
            step(state, action)
        return 0

    legal_time, _ = best_of(repeat, run_legal)
    apply_time, _ = best_of(repeat, run_apply)
    return apply_time / len(pairs), legal_time / len(states)


def machine() -> str:
    """Describe the interpreter, the system and the processor."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {model}, {os.cpu_count()} CPUs"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per side (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every RNG (0)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions, fastest kept (3)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    games = plan(args.seed, args.games)

    # Warm up both sides (first calls, lazily built tables), untimed.
    warm = random.Random(args.seed + 1)
    for game in games[:20]:
        play_pokerlaws(warm, game)
        play_pokerkit(warm, game[0])

    pl_time, pl_actions, pk_time, pk_actions = whole_games(games, args.seed, args.repeat)

    pairs: list[tuple[GameState, Action]] = []
    rng = random.Random(args.seed)
    for game in games:
        play_pokerlaws(rng, game, pairs)
    apply_cost, legal_cost = per_call(pairs, args.repeat)

    n = args.games
    pl_rate, pk_rate = n / pl_time, n / pk_time
    print(
        f"Whole games: {n} per side, {FEWEST_SEATS}-{MOST_SEATS} seats, "
        f"seed {args.seed}, best of {args.repeat}"
    )
    print(f"machine: {machine()}")
    print(f"pokerlaws {version('pokerlaws')}, PokerKit {version('pokerkit')}")
    print()
    print(f"{'':<22}{'games/s':>10}{'actions/game':>14}{'µs/action':>11}")
    for name, rate, actions, seconds in (
        ("pokerlaws", pl_rate, pl_actions, pl_time),
        ("PokerKit (fixed-limit)", pk_rate, pk_actions, pk_time),
    ):
        print(f"{name:<22}{rate:>10,.0f}{actions / n:>14.1f}{seconds / actions * 1e6:>11.1f}")
    ratio = pl_rate / pk_rate
    verdict = "met" if ratio >= 10 else "NOT met"
    print(f"ratio pokerlaws/PokerKit: {ratio:.2f}x games/s (target >= 10x: {verdict})")
    print()
    print(f"pokerlaws per call, over {len(pairs):,} recorded (state, action) pairs:")
    print(f"  apply          {apply_cost * 1e6:6.2f} µs")
    print(f"  legal_actions  {legal_cost * 1e6:6.2f} µs")


if __name__ == "__main__":
    main()
