"""Play many independent sittings among policies, in this process or on any executor.

Sitting ``i`` of a simulation depends on ``(seed, i)`` alone: each of its packs, and each
player's generator, is seeded from a SHA-512 digest of the seed, the sitting, and a domain
of its own ("pack" and its number, "player" and his place), the same in every process and on
every machine. So the result never depends on where or in what chunks the sittings were
played, and a player's generator (his to read) tells nothing of the packs. Only summaries
(a few ints a sitting) cross a process boundary, never states.

The trust model: a :data:`~pokerlaws.bots.Policy` runs in the caller's process and is
trusted code (it can reach whatever that process holds: frames, the garbage collector's
objects, the generators). ``simulate`` still takes from it only one of the seat's legal
actions. A stranger's bot is a :func:`pokerlaws.bots.process_bot`: a program in a process of
its own, which receives only its seat's documents. For play between strangers the seed must
be secret and at least 128 bits (``secrets.randbits(128)``): whoever knows it knows every
pack.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Any, cast

import attrs

from pokerlaws._extras import needs_extra
from pokerlaws.actions import ACTION_TYPES, Action
from pokerlaws.bots import Policy
from pokerlaws.cards import Card, shuffled_deck
from pokerlaws.faults import FaultReport
from pokerlaws.reports import REPORT_TYPES
from pokerlaws.rules import Rules
from pokerlaws.sitting.record import SittingRecord
from pokerlaws.state import GameState
from pokerlaws.violations import RuleViolation

__all__ = ["IllegalPolicyAction", "PolicyFailed", "SimulationResult", "Tally", "simulate"]

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
        faults: for each player, the defaults his seat took (a process bot's timeouts,
            crashes and bad answers, :func:`pokerlaws.bots.process_bot`); 0 for a policy
            in this process, which is never defaulted (it raises instead).
        records: each sitting's record, in order, when ``simulate(..., records=True)``
            asked for them; else empty.
        fault_reports: each player's faults by kind, and his first few with the sitting,
            game and decision they happened at (:meth:`fault_report`), in seating order.
    """

    results: Tally
    games: int
    per_sitting: tuple[Tally, ...]
    jackpots: int
    seed: int
    faults: Tally = Tally(())
    records: tuple[SittingRecord, ...] = ()
    fault_reports: tuple[tuple[str, FaultReport], ...] = ()

    def fault_report(self, name: str) -> FaultReport:
        """Player ``name``'s faults: how many of each kind, and the first few in full (none
        for a policy in this process, which is never defaulted).

        Raises:
            KeyError: no player is named ``name``.
        """
        if name not in self.results:
            raise KeyError(name)
        return dict(self.fault_reports).get(name, FaultReport())


class IllegalPolicyAction(ValueError):
    """A policy returned what is not one of its legal actions now: the simulation stops.

    ``simulate`` takes from a policy only one of ``view.legal_actions`` of the seat to act.
    A report (reports are the table's or a referee's input, never a player's), another
    seat's action, anything that is not an action, or an action the laws refuse (Law 25 and
    the rest) is this error, never passed on to the table.

    Attributes:
        player: the policy's name.
        sitting: the index of the sitting.
        game: the number of the game in the sitting (1 for the first).
        action: what the policy returned.
        violation: the engine's :class:`~pokerlaws.RuleViolation` refusing it (with its
            ``.law``), or None when the engine would have taken it (a report, a
            ``Shuffle`` with an order) or it is no action at all.
    """

    def __init__(
        self,
        player: str,
        sitting: int,
        game: int,
        action: object,
        violation: RuleViolation | None = None,
    ) -> None:
        where = f"policy {player!r} in sitting {sitting}, game {game}"
        if violation is not None:
            # The violation's message begins with its law ("Law 27: ..."): said once.
            why = violation.message
            if not why.startswith(f"Law {violation.law}"):
                why = f"Law {violation.law}: {why}"
            text = f"{where} made an illegal action {action!r}: {why}"
        elif isinstance(action, ACTION_TYPES):
            text = f"{where} returned {action!r}, which is not one of its legal actions now"
        elif isinstance(action, REPORT_TYPES):
            text = (
                f"{where} returned the report {action!r}: a policy makes one of its legal "
                "actions; reports are the table's or a referee's, never a player's"
            )
        else:
            text = f"{where} returned no action: {type(action).__name__} ({action!r})"
        super().__init__(text)
        self.player = player
        self.sitting = sitting
        self.game = game
        self.action = action
        self.violation = violation

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            IllegalPolicyAction,
            (self.player, self.sitting, self.game, self.action, self.violation),
        )


class PolicyFailed(RuntimeError):
    """A policy raised an exception instead of choosing: the simulation stops.

    The policy's exception is the ``__cause__`` (and ``.error``).

    Attributes:
        player: the policy's name.
        sitting: the index of the sitting.
        game: the number of the game in the sitting (1 for the first).
        error: the exception the policy raised.
    """

    def __init__(self, player: str, sitting: int, game: int, error: BaseException) -> None:
        super().__init__(
            f"policy {player!r} failed in sitting {sitting}, game {game}: "
            f"{type(error).__name__}: {error}"
        )
        self.player = player
        self.sitting = sitting
        self.game = game
        self.error = error
        self.__cause__ = error

    def __reduce__(self) -> tuple[Any, ...]:
        error: BaseException = self.error
        try:
            pickle.dumps(error)
        except Exception:  # any exception may fail to pickle, in any way
            # What crosses a process must pickle: an error that does not is told by name.
            error = RuntimeError(f"{type(self.error).__name__}: {self.error}")
        return (PolicyFailed, (self.player, self.sitting, self.game, error))


@attrs.frozen
class _Table:
    """Everything a worker needs to play any sitting of a simulation (it pickles)."""

    names: tuple[str, ...]
    policies: tuple[Policy, ...]
    rules: Rules
    chips: int
    games: int
    seed: int
    records: bool = False


@attrs.frozen
class _Summary:
    """One sitting, as it crosses back from a worker: each player's net chips and faults in
    seating order, the games played, the jack-pots, and the sitting's record if asked."""

    nets: tuple[int, ...]
    played: int
    jackpots: int
    faults: tuple[int, ...]
    record: SittingRecord | None
    reports: tuple[FaultReport, ...] = ()


def _seed_bytes(seed: int) -> bytes:
    # The seed's own bytes, whatever its size: no decimal text, so no digit limit.
    return seed.to_bytes(seed.bit_length() // 8 + 1, "big")


def _digest(seed: int, domain: str, sitting: int, number: int) -> int:
    """A one-way function of ``(seed, domain, sitting, number)``: 512 bits of SHA-512 over
    the fields, each length-prefixed so no two inputs share an encoding.

    A player's generator is seeded from the domain ``"player"``, the packs from
    ``"pack"``: knowing a player's generator (its state is his to read) gives a digest of
    another domain no better than a guess, so it tells nothing of the packs or the seed.
    """
    fields = (b"pokerlaws.simulate", domain.encode(), _seed_bytes(sitting), _seed_bytes(number))
    hasher = hashlib.sha512()
    for field in (*fields, _seed_bytes(seed)):
        hasher.update(len(field).to_bytes(8, "big"))
        hasher.update(field)
    return int.from_bytes(hasher.digest(), "big")


def _pack(seed: int, sitting: int, number: int, *, joker: bool) -> tuple[Card, ...]:
    """Pack ``number`` of a sitting: 0 is the cut's, 1 the first game's, and so on. Each
    pack has a digest of its own, so the cards seen in one game tell nothing of the next."""
    return shuffled_deck(_digest(seed, "pack", sitting, number), joker=joker)


def _player_generator(seed: int, sitting: int, place: int) -> random.Random:
    return random.Random(_digest(seed, "player", sitting, place))


def _seat_bots(table: _Table) -> list[Policy]:
    """The policies of one sitting: a process bot starts afresh for each (its own process,
    so what it kept from another sitting cannot change this one)."""
    from pokerlaws.seats import ProcessBot

    return [
        policy.fresh(name=name) if isinstance(policy, ProcessBot) else policy
        for name, policy in zip(table.names, table.policies, strict=True)
    ]


def _decide(
    policy: Policy, game: GameState, seat: int, rng: random.Random, where: tuple[str, int, int]
) -> Action:
    """The policy's choice, taken only if it is one of the seat's legal actions now."""
    from pokerlaws import apply, view

    seen = view(game, seat)
    try:
        action: object = policy(seen, rng)
    except Exception as error:
        raise PolicyFailed(*where, error) from error
    # The seat's view lists only its own legal actions, so this refuses another seat's too.
    # The exact type: a subclass of an action could compare equal to anything.
    if type(action) in ACTION_TYPES and action in seen.legal_actions:
        return action  # type: ignore[return-value]
    violation = None
    # The engine is asked why only for its own types: a subclass is no action of the laws
    # (and the engine's tables, keyed by type, do not know it).
    if type(action) in ACTION_TYPES:
        refused = apply(game, cast(Action, action))
        violation = refused if isinstance(refused, RuleViolation) else None
    raise IllegalPolicyAction(*where, action, violation)


def _play_sitting(table: _Table, index: int) -> _Summary:
    """Play sitting ``index`` of ``table``: up to ``table.games`` games, fewer if the table
    is over (fewer than two players with chips), then settle it."""
    from pokerlaws import deal_next, play, record_sitting, settle, start_sitting, view
    from pokerlaws.seats import ProcessBot
    from pokerlaws.violations import TableOver

    rules = table.rules
    names = table.names
    policies = _seat_bots(table)
    # The seat-protocol bots, who are told the end of each game and of the sitting.
    bots = {names[k]: p for k, p in enumerate(policies) if isinstance(p, ProcessBot)}
    rngs = [_player_generator(table.seed, index, k) for k in range(len(names))]
    place = {name: k for k, name in enumerate(names)}
    reports = [FaultReport()] * len(names)
    try:
        for bot in bots.values():
            bot.launch()
        sitting = start_sitting(
            rules,
            [(name, table.chips) for name in names],
            cut=_pack(table.seed, index, 0, joker=False),
            deck=_pack(table.seed, index, 1, joker=rules.joker),
        )
        played = jackpots = 0
        while True:
            game = sitting.game
            jackpots += game.jackpot_round > 0
            decisions = [0] * len(names)
            while (seat := game.to_act) is not None:
                name = sitting.game_seating[seat]
                k = place[name]
                decisions[k] += 1
                seated = bots.get(name)
                before = 0 if seated is None else seated.faults
                action = _decide(policies[k], game, seat, rngs[k], (name, index, played + 1))
                if seated is not None and seated.faults > before and seated.last_fault is not None:
                    # Where it happened, for the bot's author: the decision of the game.
                    fault = attrs.evolve(
                        seated.last_fault,
                        sitting=index,
                        game=played + 1,
                        decision=decisions[k],
                        phase=game.phase.value,
                    )
                    reports[k] += FaultReport.of([fault])
                after = play(sitting, action)
                # A legal action of the seat to act is never refused.
                assert not isinstance(after, RuleViolation), after
                sitting = after
                game = sitting.game
            played += 1
            for seat, name in enumerate(sitting.game_seating):
                if name in bots:
                    bots[name].game_over(view(game, seat))
            if played >= table.games:
                break
            try:
                sitting = deal_next(
                    sitting, deck=_pack(table.seed, index, played + 1, joker=rules.joker)
                )
            except TableOver:
                break
        results = dict(settle(sitting).results)
        for bot in bots.values():
            bot.bye(results)
        faults = tuple(bots[name].faults if name in bots else 0 for name in names)
    finally:
        for bot in bots.values():
            bot.close()
    return _Summary(
        nets=tuple(results[name] for name in names),
        played=played,
        jackpots=jackpots,
        faults=faults,
        record=record_sitting(sitting) if table.records else None,
        reports=tuple(reports),
    )


def _play_chunk(table: _Table, start: int, stop: int) -> tuple[_Summary, ...]:
    return tuple(_play_sitting(table, index) for index in range(start, stop))


def _count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} ({value!r})")
    if value < least:
        raise ValueError(f"{name} must be {least} or more, not {value}")
    return value


def _table(
    policies: object,
    sittings: object,
    games: object,
    seed: object,
    rules: object,
    chips: object,
    records: object = False,
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
        # No repr: a huge int's decimal text passes Python's digit limit.
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        # Two seeds must never deal alike: -5 is no other name for 5.
        raise ValueError("seed must be 0 or more, not a negative number")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    stack = _count("chips", chips, 1)
    if type(records) is not bool:
        raise TypeError(f"records must be a bool, not {type(records).__name__}")
    return _Table(
        names=tuple(policies),
        policies=tuple(policies.values()),
        rules=rules,
        chips=stack,
        games=most,
        seed=seed,
        records=records,
    )


def _progress_bar(total: int) -> Callable[[int], None] | None:
    """A function advancing a progress bar on the terminal by n sittings, or None when
    standard error is no terminal.

    Raises:
        ImportError: tqdm is not installed; the message names the ``progress`` extra and
            how to install it.
    """
    with needs_extra("progress", "simulate(progress=True)"):
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
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
    records: bool = False,
) -> SimulationResult:
    """Play ``sittings`` independent sittings of up to ``games`` games each among
    ``policies`` (name -> policy, seated in that order, each beginning with ``chips``).

    Sitting ``i`` depends only on ``(seed, i)``: its cut, its packs and each player's
    generator are drawn from them, so the result is the same in this process, at any
    ``chunk_size``, and on any ``executor`` (a ``ProcessPoolExecutor``, a Dask
    ``distributed.Client(...).get_executor()``...), which is sent chunks of
    ``chunk_size`` sittings (by default about a sixty-fourth of them, at most 250) and
    sends back a few ints a sitting. The policies must then pickle (a function defined at
    a module's top level does, and a :func:`~pokerlaws.bots.process_bot` does, as its
    command). A sitting ends early when fewer than two players have chips; each is settled
    as :func:`pokerlaws.settle` settles it.

    A policy is trusted code in this process (the module's docstring says what it can
    reach); its answer is still taken only if it is one of ``view.legal_actions`` of the
    seat to act. A stranger's bot belongs in a ``process_bot``, which starts afresh in
    each sitting and whose faults are counted, not raised. For play between strangers the
    seed must be secret, ``secrets.randbits(128)`` or more.

    Args:
        seed: a non-negative int of any size; each pack and each player's generator is a
            one-way function of it (SHA-512, a domain for each), so a player's generator
            tells nothing of the packs.
        progress: show a progress bar (tqdm, the ``progress`` extra) when standard error
            is a terminal.
        records: keep each sitting's record (``SimulationResult.records``).

    Raises:
        IllegalPolicyAction: a policy returned a report, another seat's action, something
            that is no action, or an action the laws refuse (a ``ValueError`` naming the
            player, the sitting, the game and what it returned); the simulation stops.
        PolicyFailed: a policy raised (a ``RuntimeError`` naming the player, the sitting and
            the game; the policy's exception is its ``__cause__``); the simulation stops.
        TypeError, ValueError: an argument is of the wrong type or value (the message
            names it): a ``seed`` that is a bool, a float or negative among them.
        ImportError: ``progress=True`` without tqdm installed.
    """
    table = _table(policies, sittings, games, seed, rules, chips, records)
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
    faults = [0] * len(names)
    reports = [FaultReport()] * len(names)
    for summary in summaries:
        for k, (net, fault) in enumerate(zip(summary.nets, summary.faults, strict=True)):
            totals[k] += net
            faults[k] += fault
        for k, report in enumerate(summary.reports):
            reports[k] += report
    return SimulationResult(
        results=Tally(tuple(zip(names, totals, strict=True))),
        games=sum(summary.played for summary in summaries),
        per_sitting=tuple(
            Tally(tuple(zip(names, summary.nets, strict=True))) for summary in summaries
        ),
        jackpots=sum(summary.jackpots for summary in summaries),
        seed=table.seed,
        faults=Tally(tuple(zip(names, faults, strict=True))),
        records=tuple(summary.record for summary in summaries if summary.record is not None),
        fault_reports=tuple(
            (name, report) for name, report in zip(names, reports, strict=True) if report.total
        ),
    )
