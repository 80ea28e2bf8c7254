"""``pokerlaws play``: you at a terminal table against ``peel_bot``s.

You see your cards, the pool, each seat's stack and stake and whose turn it is
(:func:`pokerlaws.render.render_text` of your view: nothing you may not see), and your legal
actions as a numbered menu. Answer with a number or the record notation's words (``pass``,
``stand``, ``stake 4``, ``discard 2s 9h``, ``pat``); the table quotes the law when it
refuses what you typed. ``quit``, or the end of the input, leaves: the game in play is
finished with you passing, and the sitting's results are printed. Exit status 0.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from typing import TextIO

import pokerlaws as pl
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
from pokerlaws.records.notation import format_action
from pokerlaws.render.steps import Step, end_step, first_step, step
from pokerlaws.render.text import render_text

__all__ = ["YOU", "parse_move", "run_play"]

YOU = "you"
"""Your name at the table: seat 0."""

PROMPT = "your move> "

_QUIT = frozenset({"quit", "q", "exit", "leave"})


class _Quit(Exception):
    """The player left (``quit`` or the end of the input)."""


def _words(action: pl.Action) -> str:
    """The action in the record notation's words, without the seat: ``stake 4``."""
    return format_action(action).split(" ", 1)[1]


def parse_move(text: str, seat: int, menu: Sequence[pl.Action]) -> pl.Action:
    """The action ``text`` names for ``seat``: a menu number, or notation words.

    Raises:
        ValueError: the text names no action (the message says what would).
    """
    words = text.split()
    if not words:
        raise ValueError("type a menu number or an action, such as pass, stake 4 or pat")
    verb, rest = words[0].lower(), words[1:]
    if verb.isdigit() and not rest:
        number = int(verb)
        if 1 <= number <= len(menu):
            return menu[number - 1]
        raise ValueError(f"the menu runs from 1 to {len(menu)}, not {number}")
    simple: dict[str, pl.Action] = {
        "pass": pl.Pass(seat=seat),
        "stand": pl.Stand(seat=seat),
        "pat": pl.Discard(seat=seat, cards=()),
        "straddle": pl.Straddle(seat=seat),
        "decline": pl.DeclineStraddle(seat=seat),
        "shuffle": pl.Shuffle(seat=seat),
    }
    if verb in simple and not rest:
        return simple[verb]
    if verb == "stake" and len(rest) == 1 and rest[0].isdigit():
        return pl.Stake(seat=seat, amount=int(rest[0]))
    if verb == "discard" and rest:
        try:
            cards = pl.parse_cards(" ".join(rest))
        except pl.NotationError as error:
            raise ValueError(str(error)) from None
        if len(set(cards)) != len(cards):
            raise ValueError("name each card you discard once")
        return pl.Discard(seat=seat, cards=cards)
    raise ValueError(
        f"not an action: {text.strip()!r}; type a menu number, or pass, stand, pat, "
        "straddle, decline, stake N or discard CARDS"
    )


def _menu_lines(menu: Sequence[pl.Action]) -> list[str]:
    """The numbered menu, in columns within 100 characters."""
    items = [f"{number:>2}) {_words(action)}" for number, action in enumerate(menu, start=1)]
    width = max(map(len, items)) + 3
    per_line = max(1, 98 // width)
    return [
        "  " + "".join(item.ljust(width) for item in items[at : at + per_line]).rstrip()
        for at in range(0, len(items), per_line)
    ]


class _Table:
    """One human at a table of bots; reads moves from ``inp``, writes to ``out``."""

    def __init__(self, inp: TextIO, out: TextIO, bot: Policy, rng: random.Random) -> None:
        self.inp = inp
        self.painter = Painter.for_stream(out)
        self.bot = bot
        self.rng = rng
        self.leaving = False

    def line(self, text: str = "", style: str = "") -> None:
        """Write ``text``, wrapped within 100 columns (a refusal's message can be long)."""
        if len(text) <= 100:
            self.painter.line(text, style)
            return
        for part in textwrap.wrap(text, 100, subsequent_indent="    "):
            self.painter.line(part, style)

    def ask(self, prompt: str) -> str:
        self.painter.out.write(prompt)
        self.painter.out.flush()
        answer = self.inp.readline()
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
        self.line("Your legal actions:", "bold")
        for text in _menu_lines(menu):
            self.line(text)
        while True:
            try:
                answer = self.ask(PROMPT)
            except _Quit:
                self.leaving = True
                self.line("You leave the table; the game is played out without you.")
                return _leaving_move(menu)
            try:
                action = parse_move(answer, seat, menu)
            except ValueError as error:
                self.line(str(error))
                continue
            refused = pl.play(sitting, action)
            if isinstance(refused, pl.RuleViolation):
                cited = "" if refused.message.startswith("Law") else f"Law {refused.law}: "
                self.line(f"The table refuses: {cited}{refused.message}", "yellow")
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
        for line in textwrap.wrap(text, 100, initial_indent="  ", subsequent_indent="      "):
            self.painter.line(line, "dim")


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
) -> int:
    """Run ``pokerlaws play``; return the exit status (0, or 2 for bad arguments)."""
    if not 2 <= players <= 10:
        say(err, f"pokerlaws play: --players must be 2 to 10, not {players}")
        return 2
    if games < 1:
        say(err, f"pokerlaws play: --games must be 1 or more, not {games}")
        return 2
    rules = demo_rules()
    pack, rng = packs(seed, rules.joker)
    table = _Table(inp, out, policy if policy is not None else peel_bot_policy(), rng)
    names = (YOU, *NAMES[1:players])
    sitting = pl.start_sitting(
        rules, [(name, CHIPS) for name in names], cut=cut_pack(pack), deck=pack()
    )
    table.line(
        f"pokerlaws {pl.__version__}: you sit at seat 0 against {players - 1} peel_bots, "
        f"ante {rules.ante}, limit {rules.limit}, {CHIPS} chips each, {games} games.",
        "bold",
    )
    table.line("Answer with a menu number or the words: pass, stand, stake 4, discard 2s 9h, pat.")
    table.line("Type quit to leave; each turn passes to the left.")
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
    if not table.leaving:
        table.line()
        table.line("That was the last game. Type quit (or end the input) for the results.")
        try:
            while True:
                table.ask("> ")
                table.line("The sitting is over: type quit for the results.")
        except _Quit:
            pass
    settled = pl.settle(sitting)
    table.line()
    table.line(f"The sitting's results after {len(sitting.games)} games:", "bold")
    for name, result in settled.results:
        table.line(f"  {name:<4} {result:+d}")
    return 0
