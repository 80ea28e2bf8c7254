"""``pokerlaws replay RECORD --html FILE``: the replay page written by the command line."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from pokerlaws.cli import main
from pokerlaws.cli.pages import MAX_ACTIONS, write_page

GOLDEN = Path(__file__).parent / "golden"


def test_replay_html_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "peel.html"
    assert main(["replay", str(GOLDEN / "peel.record"), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert ">2 stake 6<" in text
    assert "winner: seat 2 (<bdi>C</bdi>) takes 126" in text
    assert "wrote" in capsys.readouterr().out


def test_replay_html_of_an_illegal_record_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "bad.record"
    text = (GOLDEN / "short.record").read_text(encoding="utf-8")
    record.write_text(text.replace("2 stake 4\n", "2 stake 40\n", 1), encoding="utf-8")
    page = tmp_path / "bad.html"
    assert main(["replay", str(record), "--html", str(page)]) == 1
    assert not page.exists()
    assert "illegal" in capsys.readouterr().out


def test_replay_html_to_an_unwritable_place_exits_2(tmp_path: Path) -> None:
    page = tmp_path / "missing" / "page.html"
    assert main(["replay", str(GOLDEN / "peel.record"), "--html", str(page)]) == 2


def test_replay_html_of_a_sitting_record_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "sitting.record"
    assert main(["demo", "--games", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    page = tmp_path / "sitting.html"
    assert main(["replay", str(record), "--html", str(page)]) == 2
    assert "one game's record" in capsys.readouterr().out
    assert not page.exists()


def test_replay_html_refuses_a_record_over_the_bound_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """More actions than --max-actions (100,000 unless raised): exit 2, one line, no page."""
    record = str(GOLDEN / "peel.record")
    page = tmp_path / "peel.html"
    assert main(["replay", record, "--html", str(page), "--max-actions", "16"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "17 actions, more than 16 (--max-actions N raises the bound)" in captured.err
    assert not page.exists()
    assert main(["replay", record, "--html", str(page), "--max-actions", "17"]) == 0
    assert page.exists()


def test_replay_html_bounds_a_record_at_100000_actions_by_default() -> None:
    assert MAX_ACTIONS == 100_000
    assert inspect.signature(write_page).parameters["max_actions"].default == MAX_ACTIONS


def test_replay_max_actions_must_be_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["replay", str(GOLDEN / "peel.record"), "--html", "x.html", "--max-actions", "-1"])
    assert exited.value.code == 2
    assert "a number of actions" in capsys.readouterr().err
