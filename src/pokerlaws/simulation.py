"""Play many independent sittings among policies, in this process or on any executor.

Sitting ``i`` of a simulation is dealt from packs drawn from a generator seeded with
``(seed, i)`` alone (a text seed, which :class:`random.Random` hashes with SHA-512, the same
in every process and on every machine), and each player's own generator likewise, so the
result never depends on where or in what chunks the sittings were played. Only summaries
(a few ints a sitting) cross a process boundary, never states.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import attrs

from pokerlaws.bots import Policy
from pokerlaws.cards import Card, standard_deck
from pokerlaws.rules import Rules
from pokerlaws.violations import RuleViolation

__all__ = ["IllegalPolicyAction", "SimulationResult", "Tally", "simulate"]

_MIN_PLAYERS, _MAX_PLAYERS = 2, 10


@attrs.frozen(eq=False)
class Tally(Mapping[str, int]):
    """Chips by player name, in seating order: a read-only, hashable mapping.

    ``tally["peel"]`` reads a player's chips; it equals a ``dict`` of the same items.
    """

    pairs: tuple[tuple[str, int], ...]

    def __getitem__(self, name: str) -> int:
        for who, chips in self.pairs:
            if who == name:
                return chips
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tally):
            return self.pairs == other.pairs
        if isinstance(other, Mapping):
            return dict(self.pairs) == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.pairs)


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` found.

    Attributes:
        results: each player's net chips over all the sittings (the unwon pool of each
            sitting's last game shared as :func:`pokerlaws.settle` shares it, so they sum
            to zero).
        games: the games played in all.
        per_sitting: each sitting's net chips by player, in the order of the sittings.
        jackpots: how many of the games were jack-pots (Law 29).
        seed: the seed every pack was drawn from.
    """

    results: Tally
    games: int
    per_sitting: tuple[Tally, ...]
    jackpots: int
    seed: int


class IllegalPolicyAction(ValueError):
    """A policy made an action the laws refuse: the simulation stops.

    Attributes:
        player: the policy's name.
        sitting: the index of the sitting.
        violation: the engine's :class:`~pokerlaws.RuleViolation` (with its ``.law``).
    """

    def __init__(self, player: str, sitting: int, violation: RuleViolation) -> None:
        super().__init__(
            f"policy {player!r} made an illegal action in sitting {sitting}: "
            f"Law {violation.law}: {violation.message}"
        )
        self.player = player
        self.sitting = sitting
        self.violation = violation

    def __reduce__(self) -> tuple[type[IllegalPolicyAction], tuple[str, int, RuleViolation]]:
        return (IllegalPolicyAction, (self.player, self.sitting, self.violation))


@attrs.frozen
class _Table:
    """Everything a worker needs to play any sitting of a simulation (it pickles)."""

    names: tuple[str, ...]
    policies: tuple[Policy, ...]
    rules: Rules
    chips: int
    games: int
    seed: int


_Summary = tuple[tuple[int, ...], int, int]
"""One sitting: each player's net chips in seating order, games played, jack-pots."""

_PACK = standard_deck()


def _generator(seed: int, sitting: int, stream: str) -> random.Random:
    # A text seed is hashed with SHA-512 (random.seed, version 2): the same generator in
    # every process, whatever PYTHONHASHSEED, and no global random state is touched.
    return random.Random(f"pokerlaws.simulate:{seed}:{sitting}:{stream}")


def _shuffled(rng: random.Random, pack: tuple[Card, ...]) -> list[Card]:
    cards = list(pack)
    rng.shuffle(cards)
    return cards


def _play_sitting(table: _Table, index: int) -> _Summary:
    """Play sitting ``index`` of ``table``: up to ``table.games`` games, fewer if the table
    is over (fewer than two players with chips), then settle it."""
    from pokerlaws import deal_next, play, settle, start_sitting, view
    from pokerlaws.violations import TableOver

    rules = table.rules
    packs = _generator(table.seed, index, "packs")
    pack = standard_deck(joker=rules.joker)
    rngs = [_generator(table.seed, index, f"player {k}") for k in range(len(table.names))]
    place = {name: k for k, name in enumerate(table.names)}
    sitting = start_sitting(
        rules,
        [(name, table.chips) for name in table.names],
        cut=_shuffled(packs, _PACK),
        deck=_shuffled(packs, pack),
    )
    played = jackpots = 0
    while True:
        game = sitting.game
        jackpots += game.jackpot_round > 0
        while (seat := game.to_act) is not None:
            name = sitting.game_seating[seat]
            k = place[name]
            action = table.policies[k](view(game, seat), rngs[k])
            try:
                after = play(sitting, action)
            except TypeError as error:
                raise TypeError(
                    f"policy {name!r} returned no action in sitting {index}: {error}"
                ) from None
            if isinstance(after, RuleViolation):
                raise IllegalPolicyAction(name, index, after)
            sitting = after
            game = sitting.game
        played += 1
        if played >= table.games:
            break
        try:
            sitting = deal_next(sitting, deck=_shuffled(packs, pack))
        except TableOver:
            break
    results = dict(settle(sitting).results)
    return tuple(results[name] for name in table.names), played, jackpots


def _play_chunk(table: _Table, start: int, stop: int) -> tuple[_Summary, ...]:
    return tuple(_play_sitting(table, index) for index in range(start, stop))


def _count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} ({value!r})")
    if value < least:
        raise ValueError(f"{name} must be {least} or more, not {value}")
    return value


def _table(
    policies: object, sittings: object, games: object, seed: object, rules: object, chips: object
) -> _Table:
    if not isinstance(policies, Mapping):
        raise TypeError(
            f"policies must be a mapping of player name to policy, not {type(policies).__name__}"
        )
    if not _MIN_PLAYERS <= len(policies) <= _MAX_PLAYERS:
        raise ValueError(
            f"policies must seat {_MIN_PLAYERS} to {_MAX_PLAYERS} players (ten hands of five "
            f"are all the pack deals), not {len(policies)}"
        )
    for name, policy in policies.items():
        if not isinstance(name, str):
            raise TypeError(f"a player's name must be a str, not {type(name).__name__}")
        if not callable(policy):
            raise TypeError(f"policy {name!r} must be callable (view, rng) -> Action")
    _count("sittings", sittings, 1)
    most = _count("games", games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__} ({seed!r})")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    stack = _count("chips", chips, 1)
    return _Table(
        names=tuple(policies),
        policies=tuple(policies.values()),
        rules=rules,
        chips=stack,
        games=most,
        seed=seed,
    )


def _progress_bar(total: int) -> Callable[[int], None] | None:
    """A function advancing a progress bar on the terminal by n sittings, or None when
    standard error is no terminal.

    Raises:
        ImportError: tqdm (the ``progress`` extra) is not installed.
    """
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError as missing:
        raise ImportError(
            'progress=True needs tqdm: pip install "pokerlaws[progress]"'
        ) from missing
    if not sys.stderr.isatty():
        return None
    bar: Any = tqdm(total=total, unit="sitting", file=sys.stderr)

    def advance(n: int) -> None:
        bar.update(n)
        if bar.n >= total:
            bar.close()

    return advance


def simulate(
    policies: Mapping[str, Policy],
    *,
    sittings: int,
    games: int,
    seed: int,
    rules: Rules = Rules(ante=1, limit=4),  # noqa: B008 - a frozen value, as API.md writes it
    chips: int = 100,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``sittings`` independent sittings of up to ``games`` games each among
    ``policies`` (name -> policy, seated in that order, each beginning with ``chips``).

    Sitting ``i`` depends only on ``(seed, i)``: its cut, its packs and each player's
    generator are drawn from them, so the result is the same in this process, at any
    ``chunk_size``, and on any ``executor`` (a ``ProcessPoolExecutor``, a Dask
    ``distributed.Client(...).get_executor()``...), which is sent chunks of
    ``chunk_size`` sittings (by default about a sixty-fourth of them, at most 250) and
    sends back a few ints a sitting. The policies must then pickle (a function defined at
    a module's top level does). A sitting ends early when fewer than two players have
    chips; each is settled as :func:`pokerlaws.settle` settles it.

    Args:
        progress: show a progress bar (tqdm, the ``progress`` extra) when standard error
            is a terminal.

    Raises:
        IllegalPolicyAction: a policy made an action the laws refuse (a ``ValueError``
            naming the player, the sitting and the law); the simulation stops.
        TypeError, ValueError: an argument is of the wrong type or value (the message
            names it), or a policy returned something that is not an action.
        ImportError: ``progress=True`` without tqdm installed.
    """
    table = _table(policies, sittings, games, seed, rules, chips)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor or None, not "
            f"{type(executor).__name__}"
        )
    if chunk_size is not None:
        _count("chunk_size", chunk_size, 1)
    if type(progress) is not bool:
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    advance = _progress_bar(sittings) if progress else None
    size = chunk_size or max(1, min(250, math.ceil(sittings / 64)))
    bounds = [(start, min(start + size, sittings)) for start in range(0, sittings, size)]
    summaries: list[_Summary] = []
    if executor is None:
        for start, stop in bounds:
            summaries.extend(_play_chunk(table, start, stop))
            if advance is not None:
                advance(stop - start)
    else:
        futures: list[Future[tuple[_Summary, ...]]] = [
            executor.submit(_play_chunk, table, start, stop) for start, stop in bounds
        ]
        try:
            for future, (start, stop) in zip(futures, bounds, strict=True):
                summaries.extend(future.result())
                if advance is not None:
                    advance(stop - start)
        finally:
            for future in futures:
                future.cancel()
    return _result(table, summaries)


def _result(table: _Table, summaries: Sequence[_Summary]) -> SimulationResult:
    names = table.names
    totals = [0] * len(names)
    for nets, _, _ in summaries:
        for k, net in enumerate(nets):
            totals[k] += net
    return SimulationResult(
        results=Tally(tuple(zip(names, totals, strict=True))),
        games=sum(played for _, played, _ in summaries),
        per_sitting=tuple(Tally(tuple(zip(names, nets, strict=True))) for nets, _, _ in summaries),
        jackpots=sum(jackpots for _, _, jackpots in summaries),
        seed=table.seed,
    )
