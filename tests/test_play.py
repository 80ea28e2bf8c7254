"""``pokerlaws play``: a person at a terminal table against peel_bots, through a
pseudo-terminal (pexpect) as a person types, and the words a move may be typed in."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pexpect
import pytest

import pokerlaws as pl
from pokerlaws.cli.play import PROMPT, parse_move

MENU_ITEM = re.compile(r"(\d+)\) ([a-z]+(?: [0-9A-Za-z]+)*)")


def spawn(*args: str) -> pexpect.spawn[str]:
    return pexpect.spawn(
        sys.executable,
        ["-m", "pokerlaws", "play", *args],
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
        env={**os.environ, "TERM": "dumb", "NO_COLOR": "1"},
    )


def choose(menu: dict[str, str]) -> str:
    """A move that keeps the game going to the show: stay in, draw pat, call."""
    for words in ("decline", "pat", "stand"):
        if words in menu.values():
            return words
    stakes = [words for words in menu.values() if words.startswith("stake")]
    if stakes:
        return stakes[0]  # typed as words, not as the menu number
    return "1"


def test_a_whole_game_played_at_a_terminal_to_the_end() -> None:
    child = spawn("--seed", "2", "--players", "3", "--games", "1")
    refused = False
    moves = 0
    while True:
        found = child.expect([re.escape(PROMPT), "That was the last game", pexpect.EOF])
        if found == 1:
            break
        assert found == 0, child.before
        screen = str(child.before)
        assert "Your legal actions:" in screen
        assert "pool " in screen
        assert "seat 0 to act" in screen
        menu = dict(MENU_ITEM.findall(screen.rsplit("Your legal actions:", 1)[1]))
        if not refused:
            child.sendline("stake 999")  # more than the limit: the table quotes the law
            child.expect("The table refuses: Law \\d+: ")
            child.expect(re.escape(PROMPT))
            assert max(map(len, str(child.before).splitlines())) <= 100
            refused = True
        child.sendline(choose(menu))
        moves += 1
    assert moves >= 1
    child.expect(re.escape("> "))
    child.sendline("quit")
    child.expect("The sitting's results after 1 games:")
    child.expect("you ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_menu_numbers_play_too_and_the_show_is_printed() -> None:
    child = spawn("--seed", "4", "--players", "2", "--games", "2")
    while True:
        found = child.expect([re.escape(PROMPT), "That was the last game", pexpect.EOF])
        if found != 0:
            break
        menu = dict(MENU_ITEM.findall(str(child.before).rsplit("Your legal actions:", 1)[1]))
        number = next(
            (n for n, words in menu.items() if words in ("decline", "pat", "stand")),
            next((n for n, words in menu.items() if words.startswith("stake")), "1"),
        )
        child.sendline(number)
    assert found == 1
    child.sendeof()
    child.expect("The sitting's results after 2 games:")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_end_of_input_leaves_and_prints_the_results() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerlaws", "play", "--games", "2"],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert "The sitting's results after" in done.stdout
    assert max(map(len, done.stdout.splitlines())) <= 100


def test_quit_mid_game_finishes_the_game_and_prints_the_results() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerlaws", "play", "--games", "3"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert "You leave the table" in done.stdout
    assert max(map(len, done.stdout.splitlines())) <= 100
    assert "The sitting's results after 1 games:" in done.stdout


MENU = (pl.Pass(seat=1), pl.Stake(seat=1, amount=6))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("1", pl.Pass(seat=1)),
        ("2", pl.Stake(seat=1, amount=6)),
        ("pass", pl.Pass(seat=1)),
        ("stand", pl.Stand(seat=1)),
        ("pat", pl.Discard(seat=1, cards=())),
        ("stake 4", pl.Stake(seat=1, amount=4)),
        ("  STAKE 4 ", pl.Stake(seat=1, amount=4)),
        ("discard 2s 9h", pl.Discard(seat=1, cards=pl.parse_cards("2s 9h"))),
        ("decline", pl.DeclineStraddle(seat=1)),
        ("straddle", pl.Straddle(seat=1)),
    ],
)
def test_a_move_is_a_menu_number_or_the_notations_words(text: str, action: pl.Action) -> None:
    assert parse_move(text, 1, MENU) == action


@pytest.mark.parametrize("text", ["", "3", "0", "stake", "stake x", "discard 1z", "fold", "2 2"])
def test_what_names_no_move_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ValueError, match=r"."):
        parse_move(text, 1, MENU)
