"""``pokerlaws replay RECORD --html FILE``: the replay page written by the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerlaws.cli import main

GOLDEN = Path(__file__).parent / "golden"


def test_replay_html_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "peel.html"
    assert main(["replay", str(GOLDEN / "peel.record"), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert ">2 stake 6<" in text
    assert "winner: seat 2 (C) takes 126" in text
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
