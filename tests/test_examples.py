"""``pokerlaws.examples``: the recorded games shipped in the package, and the commands and
pages that read them, run from a directory that is not the checkout (issue 24: the first
hour's friction)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlaws as pl
from pokerlaws import examples

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(?:console|sh)\n(.*?)^```$", re.S | re.M)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerlaws", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


def test_the_examples_are_the_golden_records_the_tests_check() -> None:
    """Each shipped record is byte for byte its copy in tests/golden, whose outcomes
    tests/golden/test_records.py checks; so what a user replays is what the suite referees."""
    assert {"peel", "short"} <= set(examples.names())
    for name in examples.names():
        golden = (GOLDEN / f"{name}.record").read_text(encoding="utf-8")
        assert examples.text(name) == golden, name
        assert examples.load(name) == pl.parse_record(golden)


def test_peel_is_the_books_worked_example_and_c_takes_the_pool() -> None:
    peel = examples.peel()
    assert peel == examples.load("peel")
    assert (peel.rules, peel.stacks, peel.dealer) == (pl.Rules(ante=3, limit=12), (200,) * 5, 0)
    state = pl.replay(peel)
    assert (state.winners, state.payouts) == ((2,), (0, 0, 126, 0, 0))


def test_the_top_level_package_offers_the_examples_on_first_use() -> None:
    assert pl.examples is examples
    assert "examples" in dir(pl)


@pytest.mark.parametrize("name", ["nope", "../golden/peel", "peel.record", "", "PEEL"])
def test_an_unknown_example_is_a_value_error_naming_those_there_are(name: str) -> None:
    with pytest.raises(ValueError, match=r"the examples are peel, .*short"):
        examples.load(name)


def test_an_example_named_by_no_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="string"):
        examples.load(1)  # type: ignore[arg-type]


def test_replay_example_runs_from_any_directory(tmp_path: Path) -> None:
    done = run("replay", "--example", "peel", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "payouts  0 0 126 0 0" in done.stdout
    page = tmp_path / "peel.html"
    done = run("replay", "--example", "peel", "--html", str(page), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", examples.names())
def test_every_example_is_legal_by_check(name: str, tmp_path: Path) -> None:
    done = run("check", "--example", name, cwd=tmp_path)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "legal")


def test_an_unknown_example_on_the_command_line_is_unreadable(tmp_path: Path) -> None:
    done = run("replay", "--example", "nope", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "pokerlaws: no example 'nope': the examples are " + ", ".join(examples.names()) + "\n"
    )
    done = run("check", "--example", "nope", "--json", cwd=tmp_path)
    assert done.returncode == 2
    assert '"result": "unreadable"' in done.stdout


@pytest.mark.parametrize(
    "args", [("replay",), ("check",), ("replay", "x.record", "--example", "peel")]
)
def test_a_record_or_an_example_exactly_one(args: tuple[str, ...], tmp_path: Path) -> None:
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert "--example" in done.stderr


def test_no_page_names_a_record_of_the_checkout() -> None:
    """A reader with only the package installed has no tests/golden."""
    for page in PAGES:
        assert "tests/golden" not in page.read_text(encoding="utf-8"), page.name


def commands() -> list[tuple[str, str, str]]:
    """Each ``check`` or ``replay`` command of a shell block in the README and the guides:
    (page, command, the output shown under it, if any)."""
    found = []
    for page in PAGES:
        for block in BLOCK.findall(page.read_text(encoding="utf-8")):
            lines = block.splitlines()
            for at, line in enumerate(lines):
                command = line.removeprefix("$ ")
                placeholder = re.search(r"\b[A-Z]{2,}\b", command)  # RECORD, NAME, FILE
                if not re.match(r"pokerlaws (check|replay) ", command) or placeholder:
                    continue
                shown = []
                for after in lines[at + 1 :]:
                    if after.startswith("$ ") or not line.startswith("$ "):
                        break
                    shown.append(after)
                found.append((page.name, command, "".join(f"{out}\n" for out in shown)))
    return found


@pytest.mark.parametrize(("page", "command", "shown"), commands())
def test_the_pages_record_commands_run_from_any_directory(
    page: str, command: str, shown: str, tmp_path: Path
) -> None:
    words = shlex.split(command.split("  #")[0])
    done = run(*words[1:], cwd=tmp_path)
    assert done.returncode == 0, (page, command, done.stderr)
    if shown:
        assert done.stdout == shown, (page, command)


def test_the_pages_show_the_example_commands() -> None:
    shown = {(page, command) for page, command, _ in commands()}
    assert ("README.md", "pokerlaws replay --example peel --html peel.html") in shown
    assert ("tutorial.md", "pokerlaws replay --example peel --html peel.html") in shown
    assert ("notation.md", "pokerlaws check --example short") in shown
