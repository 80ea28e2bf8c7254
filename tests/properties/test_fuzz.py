"""The fuzzer: a short run in every suite, the full million when slow tests are asked for."""

from __future__ import annotations

import pytest

import pokerlaws as pl
from tests.properties import fuzz


def test_a_short_fuzz_run_breaks_nothing() -> None:
    report = fuzz.fuzz(5_000, seed=0)
    assert report.actions == 5_000
    assert report.accepted > 1_000
    assert report.refused > 1_000
    assert report.tables > 1


def test_a_short_fuzz_run_with_irregularities_breaks_nothing() -> None:
    """Reports mixed with the actions (misdeals, foul hands, deposits out of turn...), every
    game checked against the reference."""
    report = fuzz.fuzz(5_000, seed=1, small_stacks=True, reports=True)
    assert report.actions == 5_000
    assert report.games > 100


def test_the_command_line_reports_and_replays_one_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert fuzz.main(["--actions", "500", "--seed", "7"]) == 0
    assert "500 actions" in capsys.readouterr().out
    assert fuzz.main(["--table", "12345", "--actions", "200"]) == 0
    assert "no broken invariant" in capsys.readouterr().out


def test_the_fuzzer_catches_a_lost_chip(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer can fail: an engine that loses a chip on a three-chip stake is caught."""
    apply = pl.apply

    def leaky(state: pl.GameState, action: pl.Action) -> pl.GameState | pl.RuleViolation:
        result = apply(state, action)
        if isinstance(result, pl.GameState) and action == pl.Stake(seat=action.seat, amount=3):
            return result.evolve(pool=result.pool - 1)
        return result

    monkeypatch.setattr(pl, "apply", leaky)
    with pytest.raises(fuzz.FuzzFailure, match="table seed"):
        fuzz.fuzz(20_000, seed=0)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(5))
@pytest.mark.parametrize("irregular", [False, True], ids=["plain", "irregularities"])
def test_a_million_random_actions_break_nothing(irregular: bool, part: int) -> None:
    """Half a million random actions, and half a million more with small stacks and
    irregularities reported, each in five parts of 100,000 from seeds 0 to 4, so that
    pytest-xdist spreads them (one run of a million kept one worker busy for eight minutes
    while the other waited; CI's time asked for half). Each part must still meet thousands
    of games over hundreds of tables and tens of thousands of refusals (measured: about
    7,000 games, 1,300 tables and 38,000 refusals a part). The million of docs/strategies.md
    ("Fuzzing") is ``python -m tests.properties.fuzz --actions 1000000``."""
    if irregular:
        run = fuzz.fuzz(100_000, seed=part, small_stacks=True, reports=True)
        assert run.games > 2_000
    else:
        run = fuzz.fuzz(100_000, seed=part)
    assert run.actions == 100_000
    assert run.refused > 20_000
    assert run.tables > 500
