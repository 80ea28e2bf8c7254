"""simulate against hostile policies (API.md, "Bots and simulation"): it takes only a legal
action of the seat to act, reports a raising policy, and seeds packs and players apart.

The cheats are those the issue measured: reports used as weapons (a wrong hand size of an
opponent, a wrong number served him, a faced card of one's own weak hand, a report that
changes nothing and would loop for ever). Each cheat makes its report once, at a moment the
engine would accept it (``violation is None`` says so), and plays ``peel_bot`` otherwise,
so on code that passed the report to the table the simulation ran on and these tests fail.
"""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.bots import Policy, peel_bot, random_bot
from pokerlaws.reports import FacedCard, Lift, WrongHandSize, WrongNumberAsked
from pokerlaws.simulation import IllegalPolicyAction, PolicyFailed, simulate
from pokerlaws.views import HiddenDiscard


class Cheat:
    """Plays peel_bot, but makes the report ``make(view)`` gives (or None) once."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.done = False

    def __call__(self, view: pl.PlayerView, rng: random.Random) -> Any:
        report = None if self.done else self.make(view)
        if report is None:
            return peel_bot(view, rng)
        self.done = True
        return report


def wrong_hand_size(view: pl.PlayerView) -> Any:
    """The next opponent's hand is of the wrong size (a foul hand, Law 13), in the say."""
    if view.phase is not pl.Phase.SAY:
        return None
    return WrongHandSize(seat=(view.seat + 1) % len(view.stacks))


def wrong_number_asked(view: pl.PlayerView) -> Any:
    """The opponent who drew last was served as he asked, a wrong number (Law 45)."""
    drawn = [e.seat for e in view.history if isinstance(e, HiddenDiscard) and e.seat != view.seat]
    if view.phase not in (pl.Phase.DRAW, pl.Phase.BETTING) or not drawn:
        return None
    return WrongNumberAsked(seat=drawn[-1], served_as_asked=True)


def faced_card(view: pl.PlayerView) -> Any:
    """A card of one's own hand was faced in the deal (a misdeal, Law 10), before anyone
    has spoken."""
    spoken = any(isinstance(e, pl.Pass | pl.Stake) for e in view.history)
    return None if view.phase is not pl.Phase.SAY or spoken else FacedCard(seat=view.seat)


def lift(view: pl.PlayerView) -> Any:
    """The player takes up his cards: accepted, and the same seat is still to act, so a
    policy that makes it every time would loop for ever."""
    return Lift(seat=view.seat) if view.phase is pl.Phase.SAY else None


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (wrong_hand_size, WrongHandSize),
        (wrong_number_asked, WrongNumberAsked),
        (faced_card, FacedCard),
        (lift, Lift),
    ],
)
def test_a_report_from_a_policy_is_an_illegal_policy_action(make: Any, kind: type) -> None:
    """A policy's report, one the engine would accept, never reaches the table: it stops
    the simulation as an IllegalPolicyAction naming the player, sitting, game and report."""
    players: dict[str, Policy] = {"peel": peel_bot, "cheat": Cheat(make), "peel 2": peel_bot}
    with pytest.raises(IllegalPolicyAction) as caught:
        simulate(players, sittings=20, games=5, seed=7)
    error = caught.value
    assert error.player == "cheat"
    assert type(error.action) is kind
    assert error.violation is None  # the engine would have taken it
    assert error.game >= 1
    assert "report" in str(error)
    assert f"sitting {error.sitting}, game {error.game}" in str(error)


def test_another_seats_action_is_an_illegal_policy_action() -> None:
    """A pass in another seat's name is refused, with the engine's violation."""

    def impostor(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        return pl.Pass(seat=(view.seat + 1) % len(view.stacks))

    with pytest.raises(IllegalPolicyAction) as caught:
        simulate({"peel": peel_bot, "impostor": impostor}, sittings=2, games=2, seed=3)
    assert caught.value.player == "impostor"
    assert caught.value.violation is not None


def test_the_law_is_named_once_in_the_message() -> None:
    """An illegal action's message gives its law once (it read "Law 27: Law 27: ...")."""

    def passer(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        return pl.Pass(seat=view.seat)

    with pytest.raises(IllegalPolicyAction) as caught:
        simulate({"peel": peel_bot, "rogue": passer}, sittings=3, games=2, seed=5)
    error = caught.value
    assert error.violation is not None
    assert str(error).count(f"Law {error.violation.law}") == 1


def test_something_that_is_no_action_is_an_illegal_policy_action() -> None:
    """None, a string or an action's id is no action."""
    for answer in (None, "pass", 0):
        players: dict[str, Any] = {"mute": lambda view, rng, a=answer: a, "chance": random_bot}
        with pytest.raises(IllegalPolicyAction, match="'mute' in sitting 0, game 1 returned no"):
            simulate(players, sittings=2, games=2, seed=0)


def test_an_illegal_policy_action_pickles_with_its_attributes() -> None:
    """Every attribute survives a pickle round trip (it crosses process pools)."""
    with pytest.raises(IllegalPolicyAction) as caught:
        simulate({"a": peel_bot, "b": Cheat(wrong_hand_size)}, sittings=5, games=5, seed=2)
    error = caught.value
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalPolicyAction
    fields = ("player", "sitting", "game", "action", "violation")
    assert [getattr(copy, f) for f in fields] == [getattr(error, f) for f in fields]
    assert str(copy) == str(error)


class Boom(Exception):
    pass


def exploding(view: pl.PlayerView, rng: random.Random) -> pl.Action:
    raise Boom("no more")


def test_a_raising_policy_is_policy_failed_with_its_exception_as_cause() -> None:
    """A policy that raises stops the simulation as PolicyFailed, a RuntimeError naming the
    player, the sitting and the game, the policy's exception its cause; it pickles."""
    with pytest.raises(PolicyFailed) as caught:
        simulate({"peel": peel_bot, "boom": exploding}, sittings=2, games=2, seed=4)
    error = caught.value
    assert isinstance(error, RuntimeError)
    assert (error.player, error.sitting, error.game) == ("boom", 0, 1)
    assert isinstance(error.__cause__, Boom)
    assert error.error is error.__cause__
    assert "'boom'" in str(error)
    assert "sitting 0, game 1" in str(error)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.player, copy.sitting, copy.game) == ("boom", 0, 1)
    assert type(copy.error) is Boom
    assert copy.error.args == ("no more",)
    assert isinstance(copy.__cause__, Boom)
    assert str(copy) == str(error)


def test_a_raising_policy_on_a_process_pool_is_policy_failed_too() -> None:
    """The error crosses the process boundary with its attributes."""
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(PolicyFailed) as caught:
        simulate({"peel": peel_bot, "boom": exploding}, sittings=2, games=2, seed=4, executor=pool)
    error = caught.value
    assert (error.player, error.sitting, error.game) == ("boom", 0, 1)
    assert type(error.error) is Boom


# --- Seeds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "error"),
    [(True, TypeError), (1.0, TypeError), (-5, ValueError), (-1, ValueError)],
)
def test_a_seed_is_a_non_negative_int(seed: Any, error: type[Exception]) -> None:
    """A bool, a float or a negative number is refused: no two seeds deal alike."""
    with pytest.raises(error, match="seed must be"):
        simulate({"a": peel_bot, "b": peel_bot}, sittings=1, games=1, seed=seed)


def games_of(record: pl.SittingRecord) -> list[pl.GameRecord]:
    return [entry for entry in record.entries if isinstance(entry, pl.GameRecord)]


def first_decks(seed: int, sittings: int = 3) -> list[tuple[pl.Card, ...]]:
    result = simulate(
        {"a": peel_bot, "b": random_bot}, sittings=sittings, games=2, seed=seed, records=True
    )
    return [games_of(record)[0].deck for record in result.records]


def test_a_huge_seed_deals_and_differs_from_its_neighbour() -> None:
    """A seed of any size works (its bytes are hashed, never its decimal text), and the
    next int deals otherwise."""
    huge = 10**5000
    assert first_decks(huge) != first_decks(huge + 1)
    assert first_decks(huge) == first_decks(huge)


def test_each_sitting_is_dealt_its_own_packs() -> None:
    """Sitting i's packs depend on i: no two sittings of a seed share a first deck or a cut."""
    result = simulate({"a": peel_bot, "b": peel_bot}, sittings=6, games=3, seed=9, records=True)
    decks = [game.deck for record in result.records for game in games_of(record)]
    assert len(set(decks)) == len(decks)
    cuts = [record.cut for record in result.records]
    assert len(set(cuts)) == len(cuts)


class Spy:
    """Plays peel_bot and keeps its generator's state as it was first handed over, in each
    sitting (a fresh copy is pickled to each worker: this one stays in this process)."""

    def __init__(self) -> None:
        self.states: list[Any] = []
        self.seen: list[random.Random] = []  # held, so no two share an id()

    def __call__(self, view: pl.PlayerView, rng: random.Random) -> pl.Action:
        if not any(rng is known for known in self.seen):
            self.seen.append(rng)
            self.states.append(rng.getstate())
        return peel_bot(view, rng)


def test_players_generators_are_their_own_and_tell_nothing_of_the_packs() -> None:
    """Each player's generator differs from every other's and from every sitting's; and
    none of them, run as the table shuffles, deals any pack of the sittings: the packs and
    the players are separate domains of the seed."""
    spies = [Spy(), Spy(), Spy()]
    players: dict[str, Policy] = {f"spy {k}": spy for k, spy in enumerate(spies)}
    result = simulate(players, sittings=4, games=3, seed=7, records=True)
    states = [state for spy in spies for state in spy.states]
    assert len(states) >= 10
    assert len(set(states)) == len(states)
    packs = {game.deck for record in result.records for game in games_of(record)}
    packs |= {record.cut for record in result.records}
    for state in states:
        rng = random.Random()
        rng.setstate(state)
        for _ in range(4):
            cards = list(pl.standard_deck())
            rng.shuffle(cards)
            assert tuple(cards) not in packs


def test_the_seed_gives_the_same_packs_whoever_plays() -> None:
    """The packs come from the seed alone: other players, the same cards."""
    one = simulate({"a": peel_bot, "b": peel_bot}, sittings=2, games=1, seed=5, records=True)
    two = simulate({"x": random_bot, "y": Spy()}, sittings=2, games=1, seed=5, records=True)
    assert [r.cut for r in one.records] == [r.cut for r in two.records]
    assert [games_of(r)[0].deck for r in one.records] == [games_of(r)[0].deck for r in two.records]


def test_records_and_faults_are_kept_and_compare() -> None:
    """records=True keeps each sitting's record, which replays to its results; faults are
    0 for policies in this process."""
    result = simulate({"a": peel_bot, "b": random_bot}, sittings=3, games=3, seed=1, records=True)
    assert len(result.records) == 3
    assert dict(result.faults) == {"a": 0, "b": 0}
    for record, nets in zip(result.records, result.per_sitting, strict=True):
        sitting = pl.replay_sitting(record)
        assert dict(pl.settle(sitting).results) == dict(nets)
    plain = simulate({"a": peel_bot, "b": random_bot}, sittings=3, games=3, seed=1)
    assert plain.records == ()
    assert plain.results == result.results


class _EqualToAll(pl.Pass):
    """A pass that says it equals anything: ``in legal_actions`` would always hold."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = pl.Pass.__hash__


def test_an_action_subclass_equal_to_everything_is_an_illegal_policy_action() -> None:
    """Only the engine's own action types are taken: a policy's subclass of ``Pass`` whose
    ``__eq__`` always answers True, in another seat's name, is refused (IllegalPolicyAction)
    and never played.

    Mutant killed: ``type(action) in ACTION_TYPES`` read ``isinstance(action, ACTION_TYPES)``
    in ``simulation._decide`` (the subclass compared equal to a legal action and was played).
    This test found a bug besides: the refusal asked the engine why for any subclass too,
    and the engine's tables, keyed by exact type, raised KeyError instead.
    """

    def liar(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        return _EqualToAll(seat=(view.seat + 1) % len(view.stacks))

    with pytest.raises(IllegalPolicyAction) as caught:
        simulate({"peel": peel_bot, "liar": liar}, sittings=2, games=2, seed=3)
    assert caught.value.player == "liar"
    assert type(caught.value.action) is _EqualToAll
