"""``pokerlaws play``: a person at a terminal table against peel_bots, through a
pseudo-terminal (pexpect) as a person types, and the words a move may be typed in."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Callable

import attrs
import pexpect
import pytest

import pokerlaws as pl
from pokerlaws.cli.moves import menu_lines, parse_move, stake_label
from pokerlaws.cli.play import PROMPT

# A menu item: its number, the notation's words, and the stake's label if it has one.
MENU_ITEM = re.compile(r"(\d+)\) ([a-z]+(?: [0-9A-Za-z]+)*)(?: \(([a-z0-9 ,]+)\))?")
RESULTS = "The sitting's results after"
# The old table's prompt after the last game: a line that is only "> ".
LAST_PROMPT = r"\n> "

Menu = dict[str, tuple[str, str]]  # number -> (words, label)
Chooser = Callable[[Menu], str]


def spawn(*args: str, columns: int = 120) -> pexpect.spawn[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return pexpect.spawn(
        sys.executable,
        ["-m", "pokerlaws", "play", *args],
        encoding="utf-8",
        timeout=60,
        dimensions=(50, columns),
        env={**env, "TERM": "dumb", "NO_COLOR": "1"},
    )


def menu_of(screen: str) -> Menu:
    """The last menu printed on ``screen``."""
    items = MENU_ITEM.findall(screen.rsplit("Your legal actions:", 1)[1])
    return {number: (words, label) for number, words, label in items}


def notation(menu: Menu) -> str:
    """A move that keeps the game going to the show, in the notation's words."""
    words = [words for words, _ in menu.values()]
    for simple in ("decline", "pat", "stand"):
        if simple in words:
            return simple
    stakes = [w for w in words if w.startswith("stake")]
    return stakes[0] if stakes else "1"


def players_words(menu: Menu) -> str:
    """The same, in the words players use: call, check, pat."""
    words = [words for words, _ in menu.values()]
    if "decline" in words:
        return "decline"
    if "pat" in words:
        return "pat"
    if "stand" in words:
        return "check"
    labels = [label for _, label in menu.values()]
    if any(label.startswith("open") for label in labels):
        return "open"
    return "call" if any(w.startswith("stake") for w in words) else "fold"


def play_out(child: pexpect.spawn[str], choose: Chooser) -> list[str]:
    """Answer every prompt with ``choose`` until the results are printed; return each screen
    seen before a prompt. The table must not prompt after the last game."""
    screens: list[str] = []
    while True:
        found = child.expect([re.escape(PROMPT), RESULTS, LAST_PROMPT])
        assert found != 2, "a prompt after the last game"
        if found == 1:
            return screens
        screen = str(child.before)
        assert "not an action" not in screen, screen
        screens.append(screen)
        child.sendline(choose(menu_of(screen)))


def finish(child: pexpect.spawn[str]) -> None:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_whole_game_played_at_a_terminal_to_the_end() -> None:
    child = spawn("--seed", "2", "--players", "3", "--games", "1")
    screens = play_out(child, notation)
    assert screens
    for screen in screens:
        assert "Your legal actions:" in screen
        assert "pool " in screen
        assert "seat 0 to act" in screen
    child.expect("you ")
    finish(child)


def test_a_refusal_quotes_the_law_and_prints_the_menu_again() -> None:
    child = spawn("--seed", "2", "--players", "3", "--games", "1")
    child.expect(re.escape(PROMPT))
    child.sendline("stake 999")  # not at this moment: before the deal nobody stakes
    child.expect(r"The table refuses: Law 25: ")
    child.expect(re.escape(PROMPT))
    assert "Your legal actions:" in str(child.before)
    assert menu_of(str(child.before))
    child.sendline("quit")
    child.expect(RESULTS)
    finish(child)


@pytest.mark.parametrize("word", ["help", "?", "HELP"])
def test_help_prints_the_menu_again(word: str) -> None:
    child = spawn("--seed", "2", "--players", "3", "--games", "1")
    child.expect(re.escape(PROMPT))
    first = menu_of(str(child.before))
    child.sendline(word)
    child.expect(re.escape(PROMPT))
    again = str(child.before)
    assert "not an action" not in again
    assert menu_of(again) == first
    assert "call, raise N, open, fold or check" in again
    child.sendline("quit")
    child.expect(RESULTS)
    finish(child)


def test_a_game_played_in_players_words_to_the_last_game_and_no_prompt_after_it() -> None:
    """call, check, fold and pat as players say them; after the last game the results
    follow with no further prompt, and "1 game" is said as one game."""
    child = spawn("--seed", "7", "--players", "2", "--games", "1")
    screens = play_out(child, players_words)
    assert [players_words(menu_of(screen)) for screen in screens] == [
        "decline",
        "open",
        "pat",
        "check",
    ]
    child.expect(r" 1 game:")
    finish(child)
    assert "1 game;" in screens[0]  # the table's header


def test_law_25_call_raise_and_check_before_an_opening_are_refused_with_the_choices() -> None:
    """Nobody has opened: ``call``, ``raise 2`` and ``check`` are no opening; each is answered
    with the choices (pass, or open for at least the least stake), and the play goes on."""
    child = spawn("--seed", "5", "--players", "4", "--games", "1")
    child.expect(re.escape(PROMPT))
    child.sendline("decline")
    child.expect(re.escape(PROMPT))
    menu = menu_of(str(child.before))
    least = min(int(w.split()[1]) for w, _ in menu.values() if w.startswith("stake"))
    choices = f"you may pass (throw in your cards), or open for at least {least} chips"
    said = {
        "call": f"nobody has opened, so there is nothing to call: {choices}",
        "raise 2": f"nobody has opened, so there is nothing to raise: {choices}",
        "check": "there is no check before the draw (Laws 25, 53): nobody has opened, so "
        + choices,
    }
    for word, sentence in said.items():
        child.sendline(word)
        child.expect(re.escape(PROMPT))
        assert sentence in " ".join(str(child.before).split()), str(child.before)
    assert "opens the game" not in str(child.before)
    child.sendline(f"stake {least + 2}")
    child.expect(rf"seat 0 \(you\) opens the game, staking {least + 2}")
    child.expect(re.escape(PROMPT))
    child.sendline("fold")
    child.expect(r"seat 0 \(you\) passes")
    child.expect(RESULTS)
    finish(child)


def test_each_stake_on_the_menu_is_labelled() -> None:
    """Each stake says what it is (an opening, a call, a raise by N, a making good before the
    draw), as the game stands when the menu is printed."""
    child = spawn("--seed", "5", "--players", "4", "--games", "1")
    labels: set[str] = set()
    for screen in play_out(child, notation):
        for words, label in menu_of(screen).values():
            assert bool(label) == words.startswith("stake"), (words, label)
            if label:
                label = re.sub(r" to \d+", "", label.removesuffix(", all in"))
                labels.add(re.sub(r"\d+", "N", label))
    finish(child)
    assert labels == {"open", "call", "raise by N", "make good"}


@pytest.mark.parametrize("players", [2, 10])
def test_every_line_fits_an_80_column_terminal(players: int) -> None:
    child = spawn("--seed", "3", "--players", str(players), "--games", "2", columns=80)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect(re.escape(PROMPT))  # the header and the first table, menu and prompt
    assert max(map(len, str(child.before).splitlines())) <= 80
    child.sendline(notation(menu_of(str(child.before))))
    play_out(child, notation)
    finish(child)
    lines = seen.getvalue().replace("\r\n", "\n").split("\n")
    assert max(map(len, lines)) <= 80
    assert max(map(len, lines)) > 60  # the width is used, not a narrow column


def test_an_unknown_word_is_answered_with_what_is_accepted() -> None:
    child = spawn("--seed", "2", "--players", "3", "--games", "1")
    child.expect(re.escape(PROMPT))
    child.sendline("dance")
    child.expect(r"not an action: 'dance'; type a menu number; call, raise N, open, fold or")
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect(RESULTS)
    finish(child)


def test_menu_numbers_play_too_and_the_show_is_printed() -> None:
    child = spawn("--seed", "4", "--players", "2", "--games", "2")

    def by_number(menu: Menu) -> str:
        move = notation(menu)
        return next((n for n, (words, _) in menu.items() if words == move), "1")

    play_out(child, by_number)
    child.expect(" 2 games:")
    finish(child)


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
    assert "The sitting's results after 1 game:" in done.stdout


MENU = (pl.Pass(seat=1), pl.Stake(seat=1, amount=6), pl.Stake(seat=1, amount=7))


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
        ("fold", pl.Pass(seat=1)),
        ("check", pl.Stand(seat=1)),
        ("call", pl.Stake(seat=1, amount=6)),
        ("Call", pl.Stake(seat=1, amount=6)),
        ("raise 4", pl.Stake(seat=1, amount=10)),
        ("open", pl.Stake(seat=1, amount=6)),
        ("open 9", pl.Stake(seat=1, amount=9)),
    ],
)
def test_a_move_is_a_menu_number_the_notations_words_or_players_words(
    text: str, action: pl.Action
) -> None:
    assert parse_move(text, 1, MENU) == action


@pytest.mark.parametrize(
    "text",
    [
        *("", "4", "0", "stake", "stake x", "discard 1z", "folds", "2 2"),
        *("raise", "raise 0", "raise -1", "call 6"),
    ],
)
def test_what_names_no_move_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ValueError, match=r"."):
        parse_move(text, 1, MENU)


def test_law_26_call_and_raise_count_from_the_highest_stake() -> None:
    """With the game's state, ``call`` brings his stake up to the highest and ``raise N`` to
    N above it, whatever the least stake on the menu is."""
    state = peel_before(5)  # B, the ante, his 3 against A's 18
    seat = state.to_act
    assert seat is not None
    menu = pl.legal_actions(state)
    assert parse_move("call", seat, menu, state) == pl.Stake(seat=seat, amount=15)
    assert parse_move("raise 2", seat, menu, state) == pl.Stake(seat=seat, amount=17)
    state = peel_before(3)  # E, after C opened for 6
    seat = state.to_act
    assert seat is not None
    menu = pl.legal_actions(state)
    assert parse_move("raise 4", seat, menu, state) == pl.Stake(seat=seat, amount=10)
    with pytest.raises(ValueError, match=r"you cannot check: the highest stake is 6; you may "):
        parse_move("check", seat, menu, state)


def test_law_53_after_the_draw_call_before_any_bet_gives_the_choices() -> None:
    state = peel_before(11)  # C first to bet after the draw
    seat = state.to_act
    assert seat is not None
    menu = pl.legal_actions(state)
    with pytest.raises(ValueError, match=r"nobody has bet since the draw, so there is nothing"):
        parse_move("call", seat, menu, state)
    assert parse_move("check", seat, menu, state) == pl.Stand(seat=seat)


def test_call_and_raise_need_a_stake_on_the_menu() -> None:
    for text in ("call", "raise 2"):
        with pytest.raises(ValueError, match="no stake is on your menu"):
            parse_move(text, 1, (pl.Pass(seat=1), pl.Stand(seat=1)))


def peel_before(index: int) -> pl.GameState:
    """The worked example's state before its action ``index``, by replaying the others."""
    game = pl.examples.peel()
    return pl.replay(attrs.evolve(game, actions=game.actions[:index]))


def labels(state: pl.GameState) -> dict[int, str]:
    return {
        action.amount: stake_label(state, action)
        for action in pl.legal_actions(state)
        if isinstance(action, pl.Stake)
    }


def test_the_first_stake_of_the_say_is_labelled_open() -> None:
    """Law 25: nobody has opened, so any stake opens the game."""
    state = peel_before(1)  # C, No. 1, to say; nobody has opened
    assert set(labels(state).values()) == {"open"}


def test_in_the_say_a_stake_is_labelled_call_or_raise_by_so_many() -> None:
    """Law 26: a stake that brings his up to the highest calls; more raises by the excess."""
    state = peel_before(3)  # E, after C opened for 6
    assert labels(state)[6] == "call"
    assert labels(state)[7] == "raise by 1"
    assert labels(state)[18] == "raise by 12"
    state = peel_before(5)  # B, the ante, his 3 against A's 18: 15 makes his stake good
    assert labels(state)[15] == "call"


def test_the_stake_before_the_draw_is_labelled_make_good() -> None:
    """Law 36: before he draws a player short of the highest makes his stake good."""
    state = peel_before(7)  # C, 6 against 18, to draw
    assert labels(state) == {12: "make good"}


def test_after_the_draw_the_first_bet_is_labelled_open_then_call_and_raise() -> None:
    """Law 53: the first bet after the draw opens the betting; later stakes call or raise."""
    state = peel_before(11)  # C first to bet after the draw
    assert set(labels(state).values()) == {"open"}
    state = peel_before(12)  # A, against C's 6
    assert (labels(state)[6], labels(state)[8]) == ("call", "raise by 2")


def test_a_stake_short_of_the_highest_is_labelled_short_and_all_in() -> None:
    """Law 60: all he has, short of the highest, in the draw and in the betting."""
    rules = pl.Rules(ante=1, limit=4)
    state = pl.new_game(rules, (20, 20, 3), dealer=0, deck=pl.standard_deck())
    say: list[pl.Action] = [
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=0, amount=6),
    ]
    for action in (*say, pl.Stake(seat=1, amount=5), pl.Discard(seat=1, cards=())):
        state = pl.apply_or_raise(state, action)
    assert (state.phase, state.to_act) == (pl.Phase.DRAW, 2)
    assert labels(state) == {1: "short make good, all in"}  # 1 of the 4 he owes
    state = pl.new_game(rules, (20, 20, 5), dealer=0, deck=pl.standard_deck())
    say = [pl.DeclineStraddle(seat=2), pl.Stake(seat=2, amount=2), pl.Stake(seat=0, amount=2)]
    draw: list[pl.Action] = [pl.Stake(seat=1, amount=1)]
    draw += [pl.Discard(seat=seat, cards=()) for seat in (1, 2, 0)]
    betting: list[pl.Action] = [
        pl.Stake(seat=2, amount=1),
        pl.Stake(seat=0, amount=5),
        pl.Pass(seat=1),
    ]
    for action in (*say, *draw, *betting):
        state = pl.apply_or_raise(state, action)
    assert (state.phase, state.to_act) == (pl.Phase.BETTING, 2)
    assert labels(state) == {2: "short call, all in"}  # 2 of the 4 he owes


def test_the_menu_fits_its_width_in_columns() -> None:
    state = peel_before(3)
    menu = pl.legal_actions(state)
    for width in (80, 100):
        lines = menu_lines(state, menu, width)
        assert max(map(len, lines)) <= width
        assert len(lines) < len(menu)
    assert " 2) stake 6 (call to 6)" in menu_lines(state, menu, 80)[0]


@pytest.mark.parametrize("text", ["²", "stake ²", "raise ³", "٣", "stake " + "9" * 5000, "9" * 19])
def test_a_number_in_other_digits_or_of_thousands_of_digits_is_no_move(text: str) -> None:
    """str.isdigit() takes superscripts and other scripts' digits, which int() refuses, and
    int() refuses 5,000 digits with its own message: the table answers with what it takes."""
    with pytest.raises(
        ValueError, match=r"type a menu number|say how much above a call"
    ) as refused:
        parse_move(text, 1, MENU)
    assert "int()" not in str(refused.value)
    assert "digits" not in str(refused.value)
