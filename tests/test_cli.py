"""The ``pokerlaws`` command, run as a subprocess: check, replay, exit statuses, JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import pokerlaws as pl

GOLDEN = Path(__file__).parent / "golden"
SHORT = GOLDEN / "short.record"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerlaws", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def illegal_copy(tmp_path: Path) -> tuple[Path, int]:
    """The short game with the opener's stake raised past the limit, and that line."""
    lines = SHORT.read_text(encoding="utf-8").split("\n")
    line = lines.index("2 stake 4") + 1
    lines[line - 1] = "2 stake 9"
    path = tmp_path / "illegal.record"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, line


def malformed_copy(tmp_path: Path) -> tuple[Path, int]:
    lines = SHORT.read_text(encoding="utf-8").split("\n")
    line = lines.index("0 pass") + 1
    lines[line - 1] = "7 pass"
    path = tmp_path / "malformed.record"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, line


def test_check_a_legal_record() -> None:
    done = run("check", SHORT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "legal",
        "phase over",
        "stacks 40 48 32",
        "pool 0",
        "payouts 0 16 0",
        "winners 1",
    ]


def test_check_a_legal_record_as_json() -> None:
    done = run("check", SHORT, "--json")
    assert done.returncode == 0
    verdict = json.loads(done.stdout)
    assert verdict["result"] == "legal"
    assert verdict["phase"] == "over"
    assert verdict["stacks"] == [40, 48, 32]
    assert verdict["payouts"] == [0, 16, 0]
    assert verdict["winners"] == [1]
    assert verdict["actions"] == 8


def test_check_an_illegal_action_names_its_line_and_law(tmp_path: Path) -> None:
    path, line = illegal_copy(tmp_path)
    done = run("check", path)
    assert done.returncode == 1
    first, second = done.stdout.splitlines()
    assert first == f"illegal at line {line}: 2 stake 9"
    assert second.startswith("Law 25: seat 2 may add at most 8, not 9")
    verdict = json.loads(run("check", "--json", path).stdout)
    assert verdict["result"] == "illegal"
    assert (verdict["line"], verdict["index"], verdict["law"]) == (line, 0, 25)
    assert verdict["violation"] == "StakeOverLimit"
    assert verdict["action"] == "2 stake 9"


def test_check_a_malformed_record_names_its_line(tmp_path: Path) -> None:
    path, line = malformed_copy(tmp_path)
    done = run("check", path)
    assert done.returncode == 2
    assert done.stdout.splitlines() == [
        "malformed: 1 problem",
        f"line {line}: seat 7 is not at this table: its seats are 0 to 2",
    ]
    verdict = json.loads(run("check", path, "--json").stdout)
    assert verdict["result"] == "malformed"
    assert verdict["line"] == line
    assert len(verdict["problems"]) == 1


def test_check_an_unreadable_file(tmp_path: Path) -> None:
    done = run("check", tmp_path / "missing.record")
    assert done.returncode == 2
    assert "cannot read" in done.stderr
    binary = tmp_path / "binary.record"
    binary.write_bytes(b"\xff\xfe\x00")
    assert run("check", binary).returncode == 2
    assert json.loads(run("check", "--json", binary).stdout)["result"] == "unreadable"


def test_usage_errors_exit_2() -> None:
    assert run("check").returncode == 2
    assert run("verify", SHORT).returncode == 2


def test_replay_prints_the_game_step_by_step() -> None:
    done = run("replay", GOLDEN / "peel.record")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("5 seats, ante 3, limit 12, dealer seat 0")
    assert any("seat 2 is dealt Ac Ad 9h 6c 3s" in line for line in lines)
    assert any(line.split()[:3] == ["29", "1", "stake"] and "draw" in line for line in lines)
    assert "show     seat 2: Ac Ad Ah 7c Td  (three aces)" in lines
    assert "winners  2" in lines
    assert lines[-2:] == ["payouts  0 0 126 0 0", "stacks   176 152 278 200 194"]


def test_replay_stops_at_an_illegal_action(tmp_path: Path) -> None:
    path, line = illegal_copy(tmp_path)
    done = run("replay", path)
    assert done.returncode == 1
    assert f"illegal at line {line}: 2 stake 9" in done.stdout.splitlines()
    assert run("replay", malformed_copy(tmp_path)[0]).returncode == 2


def test_hands_prints_the_sample_of_hands() -> None:
    """``python -m pokerlaws hands`` prints the version and the ranked sample."""
    done = run("hands")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == f"pokerlaws {pl.__version__}"
    assert lines[1] == "Hands ranked best first (Peel's laws; 8 dealt from seed 1891):"


@pytest.mark.parametrize("name", ["peel.record", "ten-seats-shuffle.record"])
def test_main_in_process(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pokerlaws.cli import main

    assert main(["check", str(GOLDEN / name)]) == 0
    assert capsys.readouterr().out.startswith("legal\n")


def test_check_reads_a_json_record_too(tmp_path: Path) -> None:
    """A record in pokerlaws JSON is refereed like the text notation; an illegal action is
    named by its JSON path, and JSON of the wrong type is malformed."""
    game = pl.parse_record(SHORT.read_text(encoding="utf-8"))
    path = tmp_path / "short.json"
    path.write_text(pl.to_json(game), encoding="utf-8")
    done = run("check", path)
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[0] == "legal"
    state = pl.replay(game)
    path.write_text(pl.to_json(state), encoding="utf-8")
    assert run("check", path).returncode == 0
    actions = list(game.actions)
    index = actions.index(pl.Stake(seat=2, amount=4))
    actions[index] = pl.Stake(seat=2, amount=9)
    path.write_text(pl.to_json(attrs.evolve(game, actions=tuple(actions))), encoding="utf-8")
    done = run("check", path, "--json")
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert (verdict["path"], verdict["law"]) == (f"$.actions[{index}]", 25)
    assert run("check", path).stdout.startswith(f"illegal at $.actions[{index}]")
    done = run("replay", path)
    assert done.returncode == 1
    assert f"illegal at $.actions[{index}]" in done.stdout
    path.write_text(pl.to_json(pl.Pass(seat=0)), encoding="utf-8")
    done = run("check", path)
    assert done.returncode == 2
    assert "GameRecord" in done.stdout
