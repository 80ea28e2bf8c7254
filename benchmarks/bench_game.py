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
TARGET = 15
"""Issue 18's target for the engines alone, pokerlaws' games/s over PokerKit's."""
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
    seat = state.to_act
    assert seat is not None
    shortfall = max(state.stakes) - state.stakes[seat]
    # The engine hands out the same tuple for the same stake menu (it caches them), so the
    # grouping of a menu is remembered by the tuple's identity (the entry keeps the tuple,
    # so its id is not reused): the same groups, hence the same choices, at less cost.
    known = _GROUPS.get(id(actions))
    if known is not None and known[0] is actions and known[1] == shortfall:
        groups = known[2]
    else:
        if len(actions) > _SHORT and set(map(type, actions)) - {Pass} == {Discard}:
            # The draw: the one kind left is Discard. Drawing until a Discard comes is
            # uniform over the discards and saves grouping 33 actions on every draw.
            while True:
                action = rng.choice(actions)
                if isinstance(action, Discard):
                    return action
        groups = _grouped(actions, shortfall)
        if len(_GROUPS) >= _GROUPS_KEPT:
            _GROUPS.clear()
        _GROUPS[id(actions)] = (actions, shortfall, groups)
    group = groups[0] if len(groups) == 1 else rng.choice(groups)
    return group[0] if len(group) == 1 else rng.choice(group)


def _grouped(actions: Sequence[Action], shortfall: int) -> list[list[Action]]:
    """The kinds of ``actions`` (see :func:`choose`), each a list of its actions."""
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
    return list(kinds.values())


_GROUPS: dict[int, tuple[Sequence[Action], int, list[list[Action]]]] = {}
_GROUPS_KEPT = 4096
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


Decisions = list[int]
"""One game's decisions, replayable without the policy: for pokerlaws the position of each
chosen action in ``legal_actions``; for PokerKit, a discard's mask of kept cards, or the
position of the chosen kind among those available."""


def record_pokerlaws(rng: random.Random, game: Game) -> tuple[int, Decisions]:
    """Play one game as :func:`play_pokerlaws` does (the same choices); return its dealer
    and each decision as a position in ``legal_actions``."""
    seats, deck_seed = game
    dealer = rng.randrange(seats)
    state = new_game(RULES, (STACK,) * seats, dealer=dealer, deck=shuffled_deck(deck_seed))
    decisions: Decisions = []
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = choose(rng, state, actions)
        decisions.append(actions.index(action))
        result = apply(state, action)
        assert isinstance(result, GameState)
        state = result
    return dealer, decisions


def replay_pokerlaws(game: Game, dealer: int, decisions: Decisions) -> int:
    """Play a recorded game again through ``new_game`` / ``legal_actions`` / ``apply``,
    every choice already made (the engine's cost without the policy's)."""
    seats, deck_seed = game
    state = new_game(RULES, (STACK,) * seats, dealer=dealer, deck=shuffled_deck(deck_seed))
    for position in decisions:
        result = apply(state, legal_actions(state)[position])
        assert isinstance(result, GameState)
        state = result
    assert state.phase is Phase.OVER
    return len(decisions)


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


def play_pokerkit(rng: random.Random, seats: int, decisions: Decisions | None = None) -> int:
    """Play one hand to its end; return the number of player actions. ``decisions``
    collects each decision (see :data:`Decisions`)."""
    state = new_pokerkit_hand(seats)
    count = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            drawer = state.stand_patter_or_discarder_index
            assert drawer is not None
            hole = state.hole_cards[drawer]
            keep = rng.getrandbits(len(hole))  # uniform over the subsets, as for pokerlaws
            state.stand_pat_or_discard([card for i, card in enumerate(hole) if not keep >> i & 1])
            choice = keep
        else:
            kinds: list[Callable[[], object]] = []
            if state.can_fold():
                kinds.append(state.fold)
            if state.can_check_or_call():
                kinds.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                kinds.append(state.complete_bet_or_raise_to)  # fixed limit: one amount
            choice = rng.randrange(len(kinds))  # what rng.choice(kinds) draws
            kinds[choice]()
        if decisions is not None:
            decisions.append(choice)
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"a hand ran past {MAX_ACTIONS} actions")
    return count


def replay_pokerkit(seats: int, decisions: Decisions) -> int:
    """Play a recorded hand again, every choice already made: the same questions to the
    state (what it allows), then the recorded answer. Its cards are shuffled anew, which
    no decision depends on."""
    state = new_pokerkit_hand(seats)
    for choice in decisions:
        if state.can_stand_pat_or_discard():
            drawer = state.stand_patter_or_discarder_index
            assert drawer is not None
            hole = state.hole_cards[drawer]
            state.stand_pat_or_discard(
                [card for i, card in enumerate(hole) if not choice >> i & 1]
            )
        else:
            kinds: list[Callable[[], object]] = []
            if state.can_fold():
                kinds.append(state.fold)
            if state.can_check_or_call():
                kinds.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                kinds.append(state.complete_bet_or_raise_to)
            kinds[choice]()
    assert not state.status
    return len(decisions)


# --- timing -----------------------------------------------------------------------------------


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """Run ``run`` once; return the CPU seconds it took and what it returned.

    CPU time of this process: on a shared machine, time spent waiting for a CPU while
    another process runs is left out (it would fall on whichever side was running)."""
    gc.collect()
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    """Run ``run`` ``repeat`` times; return the fastest time and what it returned."""
    return min(timed(run) for _ in range(repeat))


Timings = dict[str, tuple[float, int]]


def whole_games(games: list[Game], seed: int, repeat: int) -> Timings:
    """Time four runs over ``games``, ``repeat`` rounds of them, the four taking turns in
    each round so that a burst of load elsewhere on the machine falls on all of them; return
    each run's fastest CPU time and its number of actions.

    The runs: each side playing with the random policy (``pokerlaws``, ``PokerKit``), and
    each side replaying those very games from their recorded decisions (``pokerlaws
    replay``, ``PokerKit replay``): the same engine calls without the policy's.
    """
    rng = random.Random(seed)
    recorded = [record_pokerlaws(rng, game) for game in games]
    rng = random.Random(seed)
    pk_recorded: list[Decisions] = []
    for seats, _ in games:
        pk_recorded.append([])
        play_pokerkit(rng, seats, pk_recorded[-1])

    def run_pokerlaws() -> int:
        rng = random.Random(seed)
        return sum(play_pokerlaws(rng, game) for game in games)

    def run_pokerkit() -> int:
        rng = random.Random(seed)
        return sum(play_pokerkit(rng, seats) for seats, _ in games)

    def replay_pl() -> int:
        return sum(
            replay_pokerlaws(game, dealer, decisions)
            for game, (dealer, decisions) in zip(games, recorded, strict=True)
        )

    def replay_pk() -> int:
        return sum(
            replay_pokerkit(seats, decisions)
            for (seats, _), decisions in zip(games, pk_recorded, strict=True)
        )

    runs = {
        "pokerlaws": run_pokerlaws,
        "PokerKit": run_pokerkit,
        "pokerlaws replay": replay_pl,
        "PokerKit replay": replay_pk,
    }
    best: Timings = dict.fromkeys(runs, (float("inf"), 0))
    for _ in range(repeat):
        for name, run in runs.items():
            best[name] = min(best[name], timed(run))
    return best


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


def load() -> str:
    """The system's load averages over 1, 5 and 15 minutes."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


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

    timings = whole_games(games, args.seed, args.repeat)
    pl_time, pl_actions = timings["pokerlaws"]
    pk_time, pk_actions = timings["PokerKit"]
    pl_replay, _ = timings["pokerlaws replay"]
    pk_replay, _ = timings["PokerKit replay"]

    pairs: list[tuple[GameState, Action]] = []
    rng = random.Random(args.seed)
    for game in games:
        play_pokerlaws(rng, game, pairs)
    apply_cost, legal_cost = per_call(pairs, args.repeat)

    n = args.games
    print(
        f"Whole games: {n} per side, {FEWEST_SEATS}-{MOST_SEATS} seats, "
        f"seed {args.seed}, best of {args.repeat} rounds (CPU time)"
    )
    print(f"machine: {machine()}, load average {load()}")
    print(f"pokerlaws {version('pokerlaws')}, PokerKit {version('pokerkit')}")
    print()
    print(f"{'':<24}{'games/s':>10}{'actions/game':>14}{'µs/game':>10}{'µs/action':>11}")
    for name, seconds, actions in (
        ("pokerlaws", pl_time, pl_actions),
        ("PokerKit (fixed-limit)", pk_time, pk_actions),
        ("pokerlaws, replayed", pl_replay, pl_actions),
        ("PokerKit, replayed", pk_replay, pk_actions),
    ):
        print(
            f"{name:<24}{n / seconds:>10,.0f}{actions / n:>14.1f}"
            f"{seconds / n * 1e6:>10.1f}{seconds / actions * 1e6:>11.1f}"
        )
    print()
    print(
        f"the random policy, a game: pokerlaws {(pl_time - pl_replay) / n * 1e6:.1f} µs, "
        f"PokerKit {(pk_time - pk_replay) / n * 1e6:.1f} µs (whole game less its replay)"
    )
    whole = pk_time / pl_time
    engine = pk_replay / pl_replay
    print(f"ratio pokerlaws/PokerKit, whole games with the policy: {whole:.2f}x")
    verdict = "met" if engine >= TARGET else "NOT met"
    print(
        f"ratio pokerlaws/PokerKit, the engines alone (replayed): {engine:.2f}x "
        f"(target >= {TARGET:g}x: {verdict})"
    )
    print()
    print(f"pokerlaws per call, over {len(pairs):,} recorded (state, action) pairs:")
    print(f"  apply          {apply_cost * 1e6:6.2f} µs")
    print(f"  legal_actions  {legal_cost * 1e6:6.2f} µs")


if __name__ == "__main__":
    main()
