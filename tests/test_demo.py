"""``pokerlaws demo`` and ``python -m pokerlaws``: a seeded sitting among peel_bots, narrated
with the law behind each step."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlaws as pl
from pokerlaws.cli import main
from pokerlaws.cli.demo import narrate_sitting
from pokerlaws.cli.table import Painter, demo_rules, variant_rules


def demo(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["demo", *args])
    return status, capsys.readouterr().out


def test_the_same_seed_gives_the_same_text(capsys: pytest.CaptureFixture[str]) -> None:
    first = demo(capsys, "--seed", "5", "--games", "3")
    assert first == demo(capsys, "--seed", "5", "--games", "3")
    assert first[0] == 0
    assert demo(capsys, "--seed", "6", "--games", "3")[1] != first[1]


def test_the_demo_stays_within_100_columns_without_colour_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = demo(capsys, "--players", "10", "--games", "3")
    assert status == 0
    assert max(map(len, text.splitlines())) <= 100
    assert "\x1b" not in text


def test_the_demo_narrates_each_part_of_a_game_with_its_law(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = demo(capsys)
    assert status == 0
    for expected in (
        "The cut for the deal",
        "(Law 2)",
        "antes 3",
        "(Law 20: ",
        "(Law 7)",
        "(Law 21: ",
        "opens the",
        "takes ",
        "The sitting is settled after 6 games",
    ):
        assert expected in text, expected
    assert "(Law 39: " in text or "(Law 36: " in text  # the draw
    assert "(Law 59: " in text or "(Law 58: " in text  # the show, or an uncalled bet


def test_a_jackpot_is_narrated_with_its_openers(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(40):
        status, text = demo(capsys, "--seed", str(seed), "--games", "6")
        assert status == 0
        if re.search(r"^Game \d+, a jack-pot\.", text, re.MULTILINE):
            assert "(Law 29: " in text
            assert "opens on knaves or better" in text
            return
    pytest.fail("no seed of 40 led to a jack-pot")


def test_the_demo_record_is_a_sitting_record_check_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.record"
    status, text = demo(capsys, "--games", "3", "--record", str(path))
    assert status == 0
    assert str(path) in text
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("legal")
    sitting = pl.replay_sitting(pl.parse_sitting_record(path.read_text(encoding="utf-8")))
    assert len(sitting.games) == 3


def test_variants_are_named_as_their_switches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "joker.record"
    status, text = demo(capsys, "--variant", "joker", "--variant", "blaze", "--record", str(path))
    assert status == 0
    assert "Variants agreed before play (Law 81): blaze, joker." in text
    record = pl.parse_sitting_record(path.read_text(encoding="utf-8"))
    sitting = pl.replay_sitting(record)
    assert sitting.agreed.joker
    assert sitting.agreed.hands.blaze
    assert variant_rules(demo_rules(), ["no-heart-flushes-first"]).hands.heart_flushes_first is (
        False
    )


def test_an_unknown_variant_or_table_size_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "wild\x1b[2J"]) == 2
    assert "\x1b" not in capsys.readouterr().err
    assert main(["demo", "--players", "11"]) == 2
    assert main(["demo", "--games", "0"]) == 2


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    terminal = Terminal()
    assert Painter.for_stream(terminal).colour
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Painter.for_stream(terminal).colour
    painted = Painter(terminal, colour=True)
    painted.line("seat\x1b[2J 1", "bold")
    assert terminal.getvalue() == "\x1b[1mseat\\x1b[2J 1\x1b[0m\n"
    assert not Painter.for_stream(io.StringIO()).colour


def test_narrate_sitting_returns_the_sitting_played() -> None:
    out = io.StringIO()
    sitting = narrate_sitting(out, seed=1, players=3, games=2, rules=demo_rules())
    assert len(sitting.games) == 2
    assert sum(result for _, result in sitting.results) + sitting.game.pool == 0


def test_python_m_pokerlaws_with_no_arguments_runs_the_demo() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerlaws"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == (
        f"pokerlaws {pl.__version__}: a sitting of 6 games among 4 peel_bots, seed 1891"
    )
    assert "The sitting is settled after" in done.stdout


def test_the_readme_shows_what_the_first_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("```text\n", 1)[1].split("...\n```", 1)[0]
    assert main([]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(shown)
    assert len(shown.splitlines()) >= 10
