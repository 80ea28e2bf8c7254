"""``pokerlaws play``: you at a terminal table against ``peel_bot``s.

You see your cards, the pool, each seat's stack and stake and whose turn it is
(:func:`pokerlaws.render.render_text` of your view: nothing you may not see), and your legal
actions as a numbered menu, each stake labelled (call, raise by N, make good, open) with the
total it makes (a stake's number is the chips it adds; the table shows totals). Answer
with a number, the record notation's words (``pass``, ``stand``, ``stake 4``,
``discard 2s 9h``, ``pat``) or players' words (``call``, ``raise 4``, ``fold``, ``check``;
:mod:`pokerlaws.cli.moves`); ``help`` or ``?`` prints the menu again; ``hint`` gives the
chances of the three best discards at your draw, else your equity (:mod:`pokerlaws.cli.hint`,
from your view alone). When the table refuses what you typed it quotes the law and prints
the menu again. Every line fits the terminal's width (80 to 100 columns). After the last
game, on ``quit`` or at the end of the input, the sitting's results are printed (``quit``
mid-game first finishes the game with you passing).
Exit status 0.
"""

from __future__ import annotations

import random
import shutil
import textwrap
from collections.abc import Sequence
from typing import TextIO

import pokerlaws as pl
from pokerlaws.cli.hint import HINT, hint_lines
from pokerlaws.cli.moves import ACCEPTED, HELP, MENU_NOTE, menu_lines, parse_move
from pokerlaws.cli.table import (
    CHIPS,
    NAMES,
    Painter,
    Policy,
    cut_pack,
    demo_rules,
    packs,
    peel_bot_policy,
)
from pokerlaws.cli.text import say
from pokerlaws.render.steps import Step, end_step, first_step, step
from pokerlaws.render.text import render_text

__all__ = ["YOU", "run_play"]

YOU = "you"
"""Your name at the table: seat 0."""

PROMPT = "your move> "

_QUIT = frozenset({"quit", "q", "exit", "leave"})


class _Quit(Exception):
    """The player left (``quit`` or the end of the input)."""


class _Table:
    """One human at a table of bots; reads moves from ``inp``, writes to ``out``."""

    def __init__(
        self, inp: TextIO, out: TextIO, bot: Policy, rng: random.Random, width: int
    ) -> None:
        self.inp = inp
        self.painter = Painter.for_stream(out)
        self.bot = bot
        self.rng = rng
        self.width = width
        self.leaving = False

    def line(self, text: str = "", style: str = "") -> None:
        """Write ``text``, wrapped within the width (a refusal's message can be long)."""
        if len(text) <= self.width:
            self.painter.line(text, style)
            return
        for part in textwrap.wrap(text, self.width, subsequent_indent="    "):
            self.painter.line(part, style)

    def menu(self, state: pl.GameState, menu: Sequence[pl.Action]) -> None:
        self.line("Your legal actions:", "bold")
        if any(isinstance(action, pl.Stake) for action in menu):
            self.line(f"  ({MENU_NOTE})")
        for text in menu_lines(state, menu, self.width):
            self.line(text)

    def ask(self, prompt: str) -> str:
        while True:
            self.painter.out.write(prompt)
            self.painter.out.flush()
            try:
                answer = _read_line(self.inp)
            except UnicodeDecodeError as error:
                # A line that is not text is refused, not the end of the table: the next
                # line is read as the menu is (what was played so far, and the results, stay).
                self.line(_not_text(error))
                continue
            break
        if not answer:
            self.line()
            raise _Quit
        isatty = getattr(self.inp, "isatty", None)
        if not (callable(isatty) and isatty()):  # a terminal echoes what is typed; a pipe not
            self.line(answer.strip())
        if answer.strip().lower() in _QUIT:
            raise _Quit
        return answer

    def your_move(self, sitting: pl.Sitting, seat: int) -> pl.Action:
        state = sitting.game
        seen = pl.view(state, seat)
        menu = pl.legal_actions(state)
        if self.leaving:  # you have left: the game ends with you out of it
            return _leaving_move(menu)
        self.line()
        for text in render_text(seen).splitlines():
            self.line(text)
        self.menu(state, menu)
        while True:
            try:
                answer = self.ask(PROMPT)
            except _Quit:
                self.leaving = True
                self.line("You leave the table; the game is played out without you.")
                return _leaving_move(menu)
            if answer.strip().lower() in HELP:
                self.menu(state, menu)
                self.line(f"Type {ACCEPTED}.")
                continue
            if answer.strip().lower() in HINT:
                for text in hint_lines(seen):
                    self.line(text)
                continue
            try:
                action = parse_move(answer, seat, menu, state)
            except ValueError as error:
                self.line(str(error))
                continue
            refused = pl.play(sitting, action)
            if isinstance(refused, pl.RuleViolation):
                cited = "" if refused.message.startswith("Law") else f"Law {refused.law}: "
                self.line(f"The table refuses: {cited}{refused.message}", "yellow")
                self.menu(state, menu)
                continue
            return action

    def game(self, sitting: pl.Sitting, number: int) -> pl.Sitting:
        names = sitting.game_seating
        state = sitting.game
        kind = "a jack-pot" if state.is_jackpot else "an ordinary game"
        self.line()
        self.line(
            f"Game {number}, {kind}. The dealer: {sitting.dealer} (Law 18); the ante: "
            f"{sitting.age} (Law {state.rulings.start[0].law}).",
            "bold",
        )
        self.say_step(first_step(state, names))
        you = names.index(YOU)
        while state.phase is not pl.Phase.OVER:
            seat = state.to_act
            assert seat is not None
            if seat == you:
                action = self.your_move(sitting, seat)
            else:
                action = self.bot(pl.view(state, seat), self.rng)
            after = pl.play(sitting, action)
            if isinstance(after, pl.RuleViolation):  # a bot's mistake: it passes instead
                action = _leaving_move(pl.legal_actions(state))
                after = pl.play(sitting, action)
                assert not isinstance(after, pl.RuleViolation)
            sitting = after
            self.say_step(step(state, action, sitting.game, names))
            state = sitting.game
        self.say_step(end_step(state, names))
        self.line()
        for text in render_text(pl.view(state, you)).splitlines():
            self.line(text)
        return sitting

    def say_step(self, shown: Step) -> None:
        text = f"{shown.says} (Law {shown.law}: {shown.law_title})"
        for line in textwrap.wrap(
            text, self.width, initial_indent="  ", subsequent_indent="      "
        ):
            self.painter.line(line, "dim")


def _read_line(inp: TextIO) -> str:
    """The next line of ``inp``, ``""`` at its end.

    A terminal's or a pipe's standard input is read as bytes, a line at a time, and each
    line decoded alone: a line that is not text in the stream's encoding raises
    :class:`UnicodeDecodeError` for that line only, and the next line reads as usual (the
    text layer would fail on its whole buffer, and the play with it).

    Raises:
        UnicodeDecodeError: the line is not text in ``inp``'s encoding.
    """
    raw = getattr(inp, "buffer", None)
    if raw is None:  # a stream of text already (a test's StringIO)
        return inp.readline()
    line: bytes = raw.readline()
    return line.decode(getattr(inp, "encoding", None) or "utf-8")


def _not_text(error: UnicodeDecodeError) -> str:
    """The one-line refusal of a line that is not text."""
    bad = error.object[error.start : error.start + 1].hex() or "missing"
    return (
        f"That line is not {error.encoding.upper()} text (byte {error.start + 1} is "
        f"0x{bad}): it is no move; type it again."
    )


def _leaving_move(menu: Sequence[pl.Action]) -> pl.Action:
    """What a player who has left does: pass, or what stands for it before the deal."""
    for kind in (pl.Pass, pl.DeclineStraddle, pl.Stand):
        for action in menu:
            if isinstance(action, kind):
                return action
    return menu[0]


def run_play(
    *,
    seed: int,
    players: int,
    games: int,
    inp: TextIO,
    out: TextIO,
    err: TextIO,
    policy: Policy | None = None,
    width: int | None = None,
) -> int:
    """Run ``pokerlaws play``; return the exit status (0, or 2 for bad arguments).

    ``width`` is the terminal's columns (asked of the terminal if None), held to 80-100."""
    if not 2 <= players <= 10:
        say(err, f"pokerlaws play: --players must be 2 to 10, not {players}")
        return 2
    if games < 1:
        say(err, f"pokerlaws play: --games must be 1 or more, not {games}")
        return 2
    rules = demo_rules()
    pack, rng = packs(seed, rules.joker)
    columns = shutil.get_terminal_size().columns if width is None else width
    bot = policy if policy is not None else peel_bot_policy()
    table = _Table(inp, out, bot, rng, min(max(columns, 80), 100))
    names = (YOU, *NAMES[1:players])
    sitting = pl.start_sitting(
        rules, [(name, CHIPS) for name in names], cut=cut_pack(pack), deck=pack()
    )
    bots = _count(players - 1, "peel_bot")
    table.line(f"pokerlaws {pl.__version__}: you sit at seat 0 against {bots}.", "bold")
    table.line(
        f"Ante {rules.ante}, limit {rules.limit}, {CHIPS} chips each, {_count(games, 'game')}; "
        "each turn passes to the left."
    )
    table.line("Answer with a menu number or in words: call, raise 4, fold, check, pat,")
    table.line("discard 2s 9h, or the notation's stake 4, pass, stand; help or ? shows the")
    table.line("menu again; quit leaves.")
    table.line("hint gives the chances of your best discards at the draw, else your equity.")
    for number in range(1, games + 1):
        if number > 1:
            try:
                sitting = pl.deal_next(sitting, deck=pack())
            except pl.TableOver:
                table.line("The table breaks up: fewer than two players have chips.")
                break
        sitting = table.game(sitting, number)
        if table.leaving:
            break
    settled = pl.settle(sitting)
    table.line()
    table.line(f"The sitting's results after {_count(len(sitting.games), 'game')}:", "bold")
    for name, result in settled.results:
        table.line(f"  {name:<4} {result:+d}")
    return 0


def _count(number: int, noun: str) -> str:
    """``1 game``, ``3 games``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
