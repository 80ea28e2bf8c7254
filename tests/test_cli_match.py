"""``pokerlaws match`` (API.md, "Bots from strangers"), run as a subprocess: stdio bots, a
hanging bot and a crashing bot play to the end, their faults counted, their standard error
kept out of the table's output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlaws as pl
from pokerlaws.cli.main import main
from pokerlaws.cli.match import _log_files
from pokerlaws.faults import FAULT_KINDS

PYTHON = sys.executable
HANG = f"{PYTHON} -c 'import time; time.sleep(60)'"
CRASH = f"{PYTHON} -c 'import sys; sys.stderr.write(\"STRANGER-STDERR\"); sys.exit(3)'"
NOISY = f"{PYTHON} {Path(__file__).parent / 'agents' / 'bots' / 'scripted.py'}"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PYTHON, "-m", "pokerlaws", "match", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_match_of_stdio_bots_a_hanging_bot_and_a_crashing_bot_completes(
    tmp_path: Path,
) -> None:
    """Two stdio bots, a bot that never answers and one that dies at once: the match ends
    with exit 0, the two misbehaving bots' faults counted, by kind, and none for the
    others; each sitting's record is written and is legal; no bot's standard error is
    printed, and ``--bot-log`` keeps it in a file a bot (issue 33, item 6)."""
    script = tmp_path / "script.json"
    script.write_text(json.dumps([{"kind": "stderr"}] * 50), "utf-8")
    records = tmp_path / "records"
    logs = tmp_path / "bot logs"
    done = run(
        "--bot",
        f"peel={PYTHON} -m pokerlaws.bots peel",
        "--bot",
        f"noisy={NOISY} {script} {tmp_path / 'count'}",
        "--bot",
        f"hang={HANG}",
        "--bot",
        f"crash={CRASH}",
        "--random",
        "chance",
        "--sittings",
        "1",
        "--games",
        "3",
        "--seed",
        "8",
        "--timeout",
        "0.5",
        "--startup",
        "3",
        "--record",
        records,
        "--bot-log",
        logs,
        "--json",
    )
    assert done.returncode == 0, done.stderr
    assert "STRANGER-STDERR" not in done.stdout + done.stderr
    assert done.stderr == ""
    result = json.loads(done.stdout)
    players = {player["name"]: player for player in result["players"]}
    assert list(players) == ["peel", "noisy", "hang", "crash", "chance"]
    assert players["hang"]["faults"] > 0
    assert players["crash"]["faults"] > 0
    assert players["peel"]["faults"] == players["noisy"]["faults"] == 0
    assert players["chance"]["faults"] == 0
    # Each player's faults by kind, every kind listed, and the first three in full.
    for player in players.values():
        assert list(player["fault_kinds"]) == list(FAULT_KINDS)
        assert sum(player["fault_kinds"].values()) == player["faults"]
        assert len(player["first_faults"]) == min(3, player["faults"])
    assert players["hang"]["fault_kinds"]["timeout"] == players["hang"]["faults"]
    assert players["crash"]["fault_kinds"]["dead process"] == players["crash"]["faults"]
    first = players["hang"]["first_faults"][0]
    assert set(first) == {"sitting", "game", "decision", "phase", "kind", "detail"}
    assert (first["sitting"], first["game"], first["kind"]) == (0, 1, "timeout")
    assert first["detail"] == "no answer within 0.5 s"
    assert sorted(path.name for path in logs.iterdir()) == [
        "crash.log",
        "hang.log",
        "noisy.log",
        "peel.log",
    ]
    assert "STRANGER-STDERR" in (logs / "noisy.log").read_text("utf-8")
    assert "STRANGER-STDERR" in (logs / "crash.log").read_text("utf-8")
    assert sum(player["net"] for player in players.values()) == 0
    assert all(player["games"] == result["games"] for player in players.values())
    assert result["seed"] == 8
    written = sorted(records.iterdir())
    assert [path.name for path in written] == ["sitting-0000.txt"]
    for path in written:
        sitting = pl.replay_sitting(pl.parse_sitting_record(path.read_text("utf-8")))
        assert sitting.between_games
        checked = subprocess.run(
            [PYTHON, "-m", "pokerlaws", "check", str(path)], capture_output=True, text=True
        )
        assert checked.returncode == 0
        assert checked.stdout.startswith("legal")


def test_a_match_prints_each_players_net_games_and_faults() -> None:
    """Without --json: a line a player, with his kind, net chips, games and faults, and
    the seed last; a secret seed when none is given."""
    done = run("--peel", "a", "--random", "b", "--sittings", "2", "--games", "2")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["player", "kind", "net", "games", "faults"]
    rows = {line.split()[0]: line.split() for line in lines[2:4]}
    assert rows["a"][1] == "peel"
    assert rows["b"][1] == "random"
    assert int(rows["a"][2]) + int(rows["b"][2]) == 0
    assert rows["a"][3] == rows["b"][3]
    assert rows["a"][4] == rows["b"][4] == "0"
    seed = int(lines[-1].removeprefix("seed "))
    assert seed >= 0
    again = run("--peel", "a", "--random", "b", "--sittings", "2", "--games", "2")
    assert int(again.stdout.splitlines()[-1].removeprefix("seed ")) != seed


def test_a_match_that_describes_no_match_is_refused_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A --bot without NAME=COMMAND, one player, a name twice, a bad seed: exit 2."""
    for args in (
        ["--bot", "nobody", "--peel", "a"],
        ["--peel", "a"],
        ["--peel", "a", "--random", "a"],
        ["--peel", "a", "--random", "b", "--seed", "-3"],
        ["--peel", "a", "--random", "b", "--timeout", "0"],
    ):
        try:
            status: object = main(["match", *args, "--sittings", "1", "--games", "1"])
        except SystemExit as exit:
            status = exit.code
        assert status == 2, args
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert err.strip()


def test_a_match_on_worker_processes_is_the_same_match() -> None:
    """--workers 2 plays the sittings on a process pool, the bots started by each worker:
    the same results as in one process."""
    args = [
        "--bot",
        f"stdio={PYTHON} -m pokerlaws.bots peel",
        "--peel",
        "peel",
        "--random",
        "chance",
        "--sittings",
        "3",
        "--games",
        "2",
        "--seed",
        "12",
        "--timeout",
        "2",
        "--json",
    ]
    alone = run(*args)
    pooled = run(*args, "--workers", "2")
    assert alone.returncode == pooled.returncode == 0
    assert json.loads(alone.stdout) == json.loads(pooled.stdout)


def test_a_match_with_chips_starts_each_sitting_with_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--chips 50``: every player brings 50 chips to each sitting, as its record says.

    Mutant killed: ``chips=args.chips`` dropped from ``simulate(...)`` in ``run_match``
    (every sitting began with simulate's default, 100).
    """
    records = tmp_path / "records"
    args = ["--peel", "a", "--random", "b", "--sittings", "2", "--games", "1", "--seed", "4"]
    assert main(["match", *args, "--chips", "50", "--record", str(records), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert sum(player["net"] for player in result["players"]) == 0
    written = sorted(records.iterdir())
    assert len(written) == 2
    for path in written:
        sitting = pl.replay_sitting(pl.parse_sitting_record(path.read_text("utf-8")))
        assert [account.brought for account in sitting.accounts] == [50, 50]


def test_a_match_of_ten_players_the_most_a_table_seats_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ten players, the most a table seats, play;
    an eleventh is refused with one line.

    Mutant killed: ``2 <= len(players) <= 10`` read ``2 <= len(players) < 10`` in
    ``cli.match._players`` (a full table refused).
    """
    ten = [arg for k in range(10) for arg in ("--peel" if k % 2 else "--random", f"p{k}")]
    rounds = ["--sittings", "1", "--games", "2", "--seed", "9", "--json"]
    assert main(["match", *ten, *rounds]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [player["name"] for player in result["players"]] == [f"p{k}" for k in range(10)]
    assert result["games"] >= 1
    assert sum(player["net"] for player in result["players"]) == 0
    assert main(["match", *ten, "--peel", "p10", *rounds]) == 2
    assert "2 to 10 players" in capsys.readouterr().err


def test_a_match_says_each_players_faults_by_kind_and_the_first_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In the text: for a player with faults, a line of his counts by kind, then his first
    three faults, each with the sitting, game, decision and phase it happened at and what
    the bot did; nothing for a player without. The bot's own standard error stays out.
    A bot's name is a stranger's text: its log file's name keeps only safe characters."""
    logs = tmp_path / "logs"
    args = ["--bot", f"../crash={CRASH}", "--peel", "p", "--sittings", "2", "--games", "2"]
    status = main(["match", *args, "--seed", "6", "--timeout", "1", "--bot-log", str(logs)])
    assert status == 0
    printed = capsys.readouterr()
    assert "STRANGER-STDERR" not in printed.out + printed.err
    lines = printed.out.splitlines()
    heading = next(k for k, line in enumerate(lines) if line.startswith("faults of"))
    count = int(lines[1 + [line.split()[0] for line in lines[1:]].index("../crash")].split()[-1])
    assert lines[heading] == f"faults of ../crash: {count} dead process"
    shown = lines[heading + 1 : heading + 4]
    assert len(shown) == 3, lines
    assert all(line.startswith("  sitting ") for line in shown), lines
    assert all(": dead process: " in line for line in shown)
    assert shown[0].startswith("  sitting 0, game 1, decision 1 (")
    assert not any(line.startswith("faults of p") for line in lines)
    assert [path.name for path in logs.iterdir()] == ["_crash.log"]
    assert "STRANGER-STDERR" in (logs / "_crash.log").read_text("utf-8")


def test_two_bots_whose_names_make_the_same_file_name_log_apart(tmp_path: Path) -> None:
    """``a/b`` and ``a_b`` would both be ``a_b.log``: each gets its place at the table too;
    a name of dots alone is no file name of its own."""
    files = _log_files(["a/b", "a_b", "x", ".."], tmp_path)
    assert [path.name for path in files.values()] == ["a_b-0.log", "a_b-1.log", "x.log", "bot.log"]
    assert all(path.parent == tmp_path for path in files.values())


def test_match_help_names_every_option_with_its_value_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``pokerlaws match --help`` is the bot author's first page: each option with the
    placeholder of its value and what it does, the defaults said. (mutmut: the help's
    sentences and metavars of ``add_match_command`` changed, none failed before.)"""
    with pytest.raises(SystemExit) as done:
        main(["match", "--help"])
    assert done.value.code == 0
    printed = " ".join(capsys.readouterr().out.split())
    for said in (
        "--sittings N --games N [--seed N] [--timeout S] [--startup S] [--chips N]",
        "[--workers N] [--record DIR] [--bot-log DIR] [--json]",
        "players, seated in the order given, and print each player's net chips, games and "
        "faults. options:",
        "--bot NAME=COMMAND a bot program (COMMAND split as a shell would, never run by one)",
        "--peel NAME a peel_bot",
        "--games N games a sitting, at most (fewer if a table is left with one player)",
        "--seed N the packs' seed (default: 128 secret bits)",
        "--record DIR write each sitting's record into DIR",
        "--bot-log DIR keep each bot's standard error in DIR, in a file a bot (NAME.log)",
        "--workers N play the sittings on N worker processes (1: in this one)",
    ):
        assert said in printed, said


@pytest.mark.parametrize(
    "args",
    [
        ["--peel", "a", "--random", "b", "--games", "1"],  # no --sittings
        ["--peel", "a", "--random", "b", "--sittings", "1"],  # no --games
        ["--peel", "a", "--random", "b", "--sittings", "1", "--games", "1", "--workers", "0"],
        # A decimal digit that is not ASCII (a full-width three) is no seed.
        ["--peel", "a", "--random", "b", "--sittings", "1", "--games", "1", "--seed", "\uff13"],
    ],
)
def test_a_match_without_its_counts_or_with_a_wrong_one_is_refused(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--sittings`` and ``--games`` are required; ``--workers 0`` and a seed of a digit
    that is not ASCII are refused, exit 2 with one line and no traceback."""
    with pytest.raises(SystemExit) as done:
        main(["match", *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "pokerlaws match: error:" in err


def test_a_matchs_json_names_each_players_kind_and_faults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In-process, the JSON document's members for each player: his kind as given
    (``peel`` plays peel_bot), his faults, their kinds (every kind, 0 for none) and the
    first ones in full; the crashing bot's all of one kind."""
    args = ["--peel", "p", "--random", "r", "--bot", f"crash={CRASH}"]
    rounds = ["--sittings", "1", "--games", "2", "--seed", "2", "--timeout", "1", "--json"]
    assert main(["match", *args, *rounds]) == 0
    players = {player["name"]: player for player in json.loads(capsys.readouterr().out)["players"]}
    assert [players[name]["kind"] for name in ("p", "r", "crash")] == ["peel", "random", "bot"]
    for player in players.values():
        assert set(player) == {
            "name",
            "kind",
            "net",
            "games",
            "faults",
            "fault_kinds",
            "first_faults",
        }
        assert list(player["fault_kinds"]) == list(FAULT_KINDS)
    assert players["p"]["faults"] == 0
    assert players["p"]["first_faults"] == []
    crash = players["crash"]
    assert crash["faults"] == crash["fault_kinds"]["dead process"] > 0
    assert [fault["kind"] for fault in crash["first_faults"]] == ["dead process"] * min(
        3, crash["faults"]
    )
