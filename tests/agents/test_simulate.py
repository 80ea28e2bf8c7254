"""simulate: sitting ``i`` depends only on ``(seed, i)``, whatever the executor and chunks."""

from __future__ import annotations

import io
import pickle
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.bots import Policy, peel_bot, random_bot
from pokerlaws.simulation import IllegalPolicyAction, SimulationResult, Tally, simulate
from tests.skips import extra_reason

PLAYERS: dict[str, Policy] = {"peel": peel_bot, "chance": random_bot, "peel 2": peel_bot}


def small(**options: Any) -> SimulationResult:
    arguments: dict[str, Any] = {"sittings": 6, "games": 3, "seed": 11} | options
    return simulate(PLAYERS, **arguments)


def test_result_is_the_same_at_any_chunk_size() -> None:
    """Chunks change nothing: each sitting is played from its own seed."""
    whole = small()
    for size in (1, 4, 6, 100):
        assert small(chunk_size=size) == whole


def test_result_is_the_same_on_a_process_pool() -> None:
    """Two worker processes give the result of this process (only summaries cross)."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert small(executor=pool, chunk_size=2) == small()


def test_sitting_i_depends_only_on_the_seed_and_i() -> None:
    """The first sittings of a longer simulation are those of a shorter one."""
    assert small(sittings=9).per_sitting[:6] == small().per_sitting
    assert small(seed=12).per_sitting != small().per_sitting


def test_results_add_up_and_each_sitting_sums_to_zero() -> None:
    """Each sitting is settled (the unwon pool shared), so its results sum to zero, and the
    totals are the sums of the sittings."""
    result = small(sittings=10, games=4)
    assert len(result.per_sitting) == 10
    for sitting in result.per_sitting:
        assert sum(sitting.values()) == 0
    for name in PLAYERS:
        assert result.results[name] == sum(sitting[name] for sitting in result.per_sitting)
    assert 10 <= result.games <= 40
    assert 0 <= result.jackpots <= result.games
    assert result.seed == 11


def test_result_is_a_frozen_value_that_pickles_and_whose_repr_evaluates_back() -> None:
    """The result is hashable, equal to its pickled copy and to its evaluated repr; its
    tallies read like dicts."""
    result = small(sittings=2)
    assert pickle.loads(pickle.dumps(result)) == result
    assert eval(repr(result), {"SimulationResult": SimulationResult, "Tally": Tally}) == result
    assert hash(result) == hash(small(sittings=2))
    assert dict(result.results) == result.results
    assert list(result.results) == list(PLAYERS)
    with pytest.raises(KeyError):
        result.results["nobody"]


def test_peel_bot_beats_random_bot_over_a_hundred_seeded_sittings() -> None:
    """Heads up over 100 sittings of 5 games, peel_bot wins what random_bot loses."""
    result = simulate({"peel": peel_bot, "chance": random_bot}, sittings=100, games=5, seed=1)
    assert result.results["peel"] > 0
    assert result.results["peel"] == -result.results["chance"]


@pytest.mark.slow
def test_peel_bot_beats_random_bot_over_a_thousand_seeded_sittings() -> None:
    """Heads up over 1,000 sittings of 10 games, peel_bot wins more sittings than it loses
    and wins chips overall."""
    result = simulate({"peel": peel_bot, "chance": random_bot}, sittings=1000, games=10, seed=2)
    assert result.results["peel"] > 0
    won = sum(sitting["peel"] > 0 for sitting in result.per_sitting)
    lost = sum(sitting["peel"] < 0 for sitting in result.per_sitting)
    assert won > lost


def passer(view: pl.PlayerView, rng: random.Random) -> pl.Action:
    """Pass whatever the moment, straddling included, where the laws refuse it."""
    return pl.Pass(seat=view.seat)


def test_an_illegal_action_stops_the_simulation_naming_player_sitting_and_law() -> None:
    """A policy's refused action is an IllegalPolicyAction with the player, the sitting and
    the engine's violation (its law in the message); it pickles."""
    with pytest.raises(IllegalPolicyAction) as caught:
        simulate({"peel": peel_bot, "rogue": passer}, sittings=3, games=2, seed=5)
    error = caught.value
    assert error.violation is not None
    assert error.player == "rogue"
    assert error.sitting == 0
    assert f"Law {error.violation.law}: " in str(error)
    assert "'rogue'" in str(error)
    assert "sitting 0" in str(error)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.player, copy.sitting, copy.game, copy.violation) == (
        "rogue",
        0,
        error.game,
        error.violation,
    )


def test_an_illegal_action_on_a_process_pool_stops_it_too() -> None:
    """The error crosses the process boundary intact."""
    with (
        ProcessPoolExecutor(max_workers=2) as pool,
        pytest.raises(IllegalPolicyAction, match="'rogue'"),
    ):
        simulate({"peel": peel_bot, "rogue": passer}, sittings=3, games=2, seed=5, executor=pool)


def test_a_policy_that_returns_no_action_is_an_illegal_policy_action_naming_it() -> None:
    """Something that is not an action is never passed to the table (API.md)."""
    players: dict[str, Any] = {"mute": lambda view, rng: None, "chance": random_bot}
    with pytest.raises(
        IllegalPolicyAction, match="policy 'mute' in sitting 0, game 1 returned no"
    ):
        simulate(players, sittings=5, games=5, seed=0)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"policies": [peel_bot, random_bot]}, TypeError, "policies must be a mapping"),
        ({"policies": {"a": peel_bot}}, ValueError, "2 to 10 players"),
        ({"policies": {"a": peel_bot, "b": 3}}, TypeError, "policy 'b' must be callable"),
        ({"policies": {1: peel_bot, "b": peel_bot}}, TypeError, "name must be a str"),
        ({"sittings": 0}, ValueError, "sittings must be 1 or more, not 0"),
        ({"sittings": 2.0}, TypeError, "sittings must be an int"),
        ({"games": True}, TypeError, "games must be an int"),
        ({"seed": "1"}, TypeError, "seed must be an int"),
        ({"rules": None}, TypeError, "rules must be a Rules"),
        ({"chips": 0}, ValueError, "chips must be 1 or more"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be 1 or more"),
        ({"executor": map}, TypeError, "executor must be a concurrent.futures.Executor"),
        ({"progress": 1}, TypeError, "progress must be a bool"),
    ],
)
def test_bad_arguments_are_refused_with_precise_messages(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Each argument is checked for type and value before any sitting is played."""
    arguments: dict[str, Any] = {"policies": PLAYERS, "sittings": 1, "games": 1, "seed": 0}
    with pytest.raises(error, match=message):
        simulate(**(arguments | options))


def test_progress_off_a_terminal_changes_nothing() -> None:
    """With progress asked for but no terminal, no bar is drawn and the result is the same."""
    pytest.importorskip("tqdm", reason=extra_reason("tqdm", "progress"))
    assert small(progress=True) == small()


class Terminal(io.StringIO):
    """A standard error that says it is a terminal, and keeps what is written to it."""

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_draws_a_bar_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a terminal, progress=True draws a bar counting the sittings on standard error."""
    pytest.importorskip("tqdm", reason=extra_reason("tqdm", "progress"))
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert small(progress=True, chunk_size=2) == small()
    assert "6/6" in terminal.getvalue()


def test_progress_without_tqdm_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """progress=True without tqdm installed is an ImportError naming the extra."""
    monkeypatch.setitem(sys.modules, "tqdm", None)
    with pytest.raises(ImportError, match=r"pokerlaws\[progress\]"):
        small(progress=True)


def test_result_is_the_same_on_a_dask_cluster_of_two_worker_processes() -> None:
    """A Dask LocalCluster of two worker processes, through Client.get_executor(), gives
    the result of this process."""
    distributed = pytest.importorskip("distributed", reason=extra_reason("distributed", "dask"))
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert small(executor=client.get_executor(), chunk_size=2) == small()
