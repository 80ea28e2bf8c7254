"""``pokerlaws check`` on a sitting record, text or JSON, run as a subprocess."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pokerlaws as pl
from tests.sitting_play import pack_starting, play_games


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerlaws", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def sitting() -> pl.Sitting:
    start = pl.start_sitting(
        pl.Rules(ante=1, limit=4),
        [("Ann", 10), ("Bob", 10)],
        cut=pack_starting("Kc 4d"),
        deck=pl.shuffled_deck(1),
    )
    played = play_games(start, random.Random(5), 2)
    return pl.join(played, "Cy", 10)


def write(tmp_path: Path, text: str, name: str = "sitting.record") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_a_legal_sitting_record(tmp_path: Path) -> None:
    played = sitting()
    text = pl.format_sitting_record(pl.record_sitting(played))
    done = run("check", write(tmp_path, text))
    assert done.returncode == 0, done.stderr
    results = [f'result "{name}" {result:+d}' for name, result in played.results]
    assert done.stdout.splitlines() == [
        "legal",
        f"games {len(played.games)}",
        "phase over",
        *results,
        f"pool {played.game.pool}",
        "kitty 0",
    ]


def test_check_a_sitting_in_json(tmp_path: Path) -> None:
    played = sitting()
    done = run("check", write(tmp_path, pl.to_json(played), "sitting.json"), "--json")
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["result"] == "legal"
    assert verdict["results"] == dict(played.results)
    assert verdict["games"] == len(played.games)


def test_check_names_the_line_of_a_refused_action(tmp_path: Path) -> None:
    text = pl.format_sitting_record(pl.record_sitting(sitting()))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.endswith(" pass"))
    seat = lines[at].split()[0]
    lines[at] = f"{seat} stake 99"
    done = run("check", write(tmp_path, "\n".join(lines)), "--json")
    assert done.returncode == 1, done.stdout
    verdict = json.loads(done.stdout)
    assert verdict["result"] == "illegal"
    assert verdict["line"] == at + 1
    assert verdict["action"] == f"{seat} stake 99"
    assert verdict["message"].startswith(f"Law {verdict['law']}:")


def test_check_names_a_refused_table_change(tmp_path: Path) -> None:
    text = pl.format_sitting_record(pl.record_sitting(sitting()))
    text = text.replace('join "Cy" 10 seat 2', 'join "Bob" 10 seat 2')
    done = run("check", write(tmp_path, text))
    assert done.returncode == 1
    line = text.split("\n").index('join "Bob" 10 seat 2') + 1
    assert done.stdout.splitlines()[0] == f'illegal at line {line}: join "Bob" 10 seat 2'
    assert "already sits at the table" in done.stdout


def test_check_a_malformed_sitting_record(tmp_path: Path) -> None:
    text = pl.format_sitting_record(pl.record_sitting(sitting()))
    done = run("check", write(tmp_path, text.replace('player "Bob" 10', "player Bob 10")))
    assert done.returncode == 2
    assert done.stdout.splitlines()[1].startswith("line 6: a player's name is written")


def test_check_names_a_game_that_begins_otherwise_and_a_json_action_by_path(
    tmp_path: Path,
) -> None:
    record = pl.record_sitting(sitting())
    lines = pl.format_sitting_record(record).split("\n")
    second = lines.index("game 2")
    at = next(i for i in range(second, len(lines)) if lines[i].startswith("carried "))
    lines[at] = "carried 99"
    done = run("check", write(tmp_path, "\n".join(lines)))
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == f"illegal at line {second + 1}"
    assert "the game does not begin as the sitting deals it: carried 99" in done.stdout

    document = json.loads(pl.to_json(record))
    document["entries"][0]["actions"][0] = {"type": "Stake", "seat": 0, "amount": 99}
    done = run("check", write(tmp_path, json.dumps(document), "bad.json"), "--json")
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert (verdict["path"], verdict["line"], verdict["action"]) == (
        "$.entries[0].actions[0]",
        None,
        "0 stake 99",
    )


def test_replay_a_sitting_game_by_game(tmp_path: Path) -> None:
    """``pokerlaws replay`` on a sitting: its players and cut, each game step by step, each
    table change, then the results (Laws 2, 18)."""
    played = sitting()
    record = pl.record_sitting(played)
    done = run("replay", write(tmp_path, pl.format_sitting_record(record)))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "sitting of 2: Ann 10, Bob 10"
    assert lines[1] == "cut Kc 4d"
    games = sum(isinstance(entry, pl.GameRecord) for entry in record.entries)
    assert [line for line in lines if line.startswith("game ")] == [
        f"game {k}" for k in range(1, games + 1)
    ]
    assert any(line.startswith("join") and "Cy" in line for line in lines)
    assert lines[-2:] == [f"pool {played.game.pool}", "kitty 0"]
    # The JSON of the same sitting replays the same way.
    again = run("replay", write(tmp_path, pl.to_json(record), "sitting.json"))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[-2:] == lines[-2:]


def test_replay_a_sitting_stops_at_a_refused_action(tmp_path: Path) -> None:
    played = sitting()
    text = pl.format_sitting_record(pl.record_sitting(played))
    first = next(line for line in text.splitlines() if line.endswith((" straddle", " pass")))
    bad = text.replace(f"\n{first}\n", f"\n{first.split()[0]} stake 999\n", 1)
    assert bad != text
    done = run("replay", write(tmp_path, bad))
    assert done.returncode == 1
    assert any(line.startswith("illegal at line") for line in done.stdout.splitlines())
