"""``pokerlaws demo``: a seeded sitting among ``peel_bot``s, narrated as the book's worked
example narrates a game, each step with the law that governs it.

The same seed gives the same text: the packs and the bots' choices come from
``random.Random(seed)`` here (the caller's randomness, never the engine's). Every line is
at most 100 columns and escaped; colour only on a terminal.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from typing import TextIO, cast

import attrs

import pokerlaws as pl
from pokerlaws.cli.commands import add_demo_command, add_table_arguments
from pokerlaws.cli.output import OutputRefused, Reader, refusal, write_whole
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
from pokerlaws.render.steps import Names, Step, end_step, first_step, step

__all__ = ["add_demo_command", "add_table_arguments", "narrate_sitting", "run_demo"]

WIDTH = 100
_INDENT = "  "


def _wrap(text: str, indent: str = _INDENT) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_on_hyphens=False,
    ) or [indent.rstrip()]


class _Narrator:
    """Writes the narration: headings bold, the law cited after each step, dimmed."""

    def __init__(self, painter: Painter) -> None:
        self.painter = painter

    def heading(self, text: str) -> None:
        self.painter.line()
        for line in _wrap(text, ""):
            self.painter.line(line, "bold")

    def text(self, text: str, style: str = "") -> None:
        for line in _wrap(text):
            self.painter.line(line, style)

    def step(self, shown: Step) -> None:
        self.text(
            f"{shown.says[:1].upper()}{shown.says[1:]}. (Law {shown.law}: {shown.law_title})"
        )


def _cut(sitting: pl.Sitting, tell: _Narrator) -> None:
    for number, draws in enumerate(sitting.cut, start=1):
        drawn = ", ".join(f"{name} {card}" for name, card in draws)
        again = " (again, the lowest being tied)" if number > 1 else ""
        tell.text(f"The cut for the deal{again}: {drawn}.")
    tell.text(f"{sitting.dealer} cuts lowest and deals first, the ace counting low. (Law 2)")


def _game_heading(sitting: pl.Sitting, number: int, tell: _Narrator) -> None:
    game = sitting.game
    kind = "a jack-pot" if game.is_jackpot else "an ordinary game"
    tell.heading(
        f"Game {number}, {kind}. {sitting.dealer} deals (Law 18); {sitting.age} is the ante, "
        f"{sitting.number_one} is No. 1."
    )


def _deal(state: pl.GameState, names: Sequence[str], tell: _Narrator, shown: Step) -> None:
    dealt = next(ruling.law for ruling in shown.rulings if ruling.kind == "deal")
    tell.text(f"The deal, five cards each, one at a time from the dealer's left (Law {dealt}):")
    n = state.num_seats
    for seat in ((state.dealer + k) % n for k in range(1, n + 1)):
        hand = state.hands[seat]
        if hand:
            value = pl.evaluate(hand, state.rules.hands)
            tell.text(f"    {names[seat]}  {pl.format_cards(hand)}   {value}", "dim")


def _chips(sitting: pl.Sitting) -> str:
    return ", ".join(
        f"{name} {chips}" for name, chips in zip(sitting.seating, sitting.chips, strict=True)
    )


def _play_game(
    sitting: pl.Sitting, policy: Policy, rng: random.Random, tell: _Narrator
) -> pl.Sitting:
    names = Names(sitting.game_seating)
    state = sitting.game
    started = first_step(state, names)
    tell.step(started)
    if state.phase is not pl.Phase.STRADDLE:
        _deal(state, names, tell, started)
    while state.phase is not pl.Phase.OVER:
        seat = state.to_act
        assert seat is not None
        action = policy(pl.view(state, seat), rng)
        after = pl.play(sitting, action)
        if isinstance(after, pl.RuleViolation):  # a bot's mistake: say so, and play on
            tell.text(f"The table refuses {names[seat]}: {after.message} (Law {after.law})")
            action = pl.legal_actions(state)[0]
            after = pl.play(sitting, action)
            assert not isinstance(after, pl.RuleViolation)
        sitting = after
        new = sitting.game
        shown = step(state, action, new, names)
        tell.step(shown)
        if not any(state.hands) and any(new.hands):
            _deal(new, names, tell, shown)
        if isinstance(action, pl.Discard) and action.cards and new.hands[seat]:
            tell.text(f"    {names[seat]} now holds {pl.format_cards(new.hands[seat])}", "dim")
        state = new
    tell.step(end_step(state, names))
    tell.text(f"Chips: {_chips(sitting)}; pool {state.pool}.", "dim")
    return sitting


def narrate_sitting(
    out: TextIO,
    *,
    seed: int,
    players: int,
    games: int,
    rules: pl.Rules,
    policy: Policy | None = None,
) -> pl.Sitting:
    """Play and narrate a sitting of up to ``games`` games among ``players`` bots (peel_bot
    unless another policy is given) to ``out``; return the sitting."""
    tell = _Narrator(Painter.for_stream(out))
    bot = policy if policy is not None else peel_bot_policy()
    pack, rng = packs(seed, rules.joker)
    names = NAMES[:players]
    tell.painter.line(
        f"pokerlaws {pl.__version__}: a sitting of {games} games among {players} peel_bots, "
        f"seed {seed}",
        "bold",
    )
    tell.text(
        f"Ante {rules.ante}, limit {rules.limit}, {CHIPS} chips each; players "
        f"{', '.join(names)} in seat order, each turn passing to the left. "
        + _variants_line(rules),
    )
    sitting = pl.start_sitting(
        rules, [(name, CHIPS) for name in names], cut=cut_pack(pack), deck=pack()
    )
    _cut(sitting, tell)
    for number in range(1, games + 1):
        if number > 1:
            try:
                sitting = pl.deal_next(sitting, deck=pack())
            except pl.TableOver:
                tell.heading("The table breaks up: fewer than two players have chips.")
                break
        _game_heading(sitting, number, tell)
        sitting = _play_game(sitting, bot, rng, tell)
    _results(sitting, tell)
    return sitting


def _variants_line(rules: pl.Rules) -> str:
    plain = demo_rules()
    changed = [
        name
        for name, value in (*_fields(rules.hands), *_fields(rules))
        if value != dict((*_fields(plain.hands), *_fields(plain))).get(name)
    ]
    if not changed:
        return "Peel's laws as written, no variant (Law 81)."
    return f"Variants agreed before play (Law 81): {', '.join(changed)}."


def _fields(value: pl.Rules | pl.HandRules) -> list[tuple[str, object]]:
    return [
        (field.name, getattr(value, field.name))
        for field in attrs.fields(type(value))
        if isinstance(getattr(value, field.name), bool)
    ]


def _results(sitting: pl.Sitting, tell: _Narrator) -> None:
    settled = pl.settle(sitting)
    tell.heading(f"The sitting is settled after {len(sitting.games)} games:")
    for name, result in settled.results:
        tell.text(f"{name}  {result:+d}")
    if settled.pool:
        shares = ", ".join(f"{name} {chips}" for name, chips in settled.shares)
        tell.text(f"The pool of {settled.pool} left unwon is shared: {shares}.")


def run_demo(
    *,
    seed: int,
    players: int,
    games: int,
    variants: Sequence[str],
    record_path: str | None,
    out: TextIO,
    err: TextIO,
    policy: Policy | None = None,
) -> int:
    """Run ``pokerlaws demo``; return the exit status (0, or 2 for bad arguments or a
    record file that cannot be written)."""
    if not 2 <= players <= 10:
        say(err, f"pokerlaws demo: --players must be 2 to 10, not {players}")
        return 2
    if games < 1:
        say(err, f"pokerlaws demo: --games must be 1 or more, not {games}")
        return 2
    try:
        rules = demo_rules(variants)
    except ValueError as error:
        say(err, f"pokerlaws demo: {error}")
        return 2
    if record_path is None:
        narrate_sitting(out, seed=seed, players=players, games=games, rules=rules, policy=policy)
        return 0
    # Refused before the sitting is played, not after: a long demo, then "cannot write".
    why = refusal(record_path)
    if why is not None:
        say(err, f"pokerlaws: will not write {record_path}: {why}")
        return 2
    # The record is the command's promise, kept if the reader of the narration leaves
    # (``demo --record r | head -1``): the sitting is played out unheard and written
    # whole, and the status still says that the narration was cut short.
    reader = Reader(out)
    sitting = narrate_sitting(
        cast(TextIO, reader), seed=seed, players=players, games=games, rules=rules, policy=policy
    )
    status = write_sitting(sitting, record_path, cast(TextIO, reader), err)
    reader.flush()
    if reader.gone and status == 0:
        raise BrokenPipeError("the reader of the narration has gone")
    return status


def write_sitting(sitting: pl.Sitting, path: str, out: TextIO, err: TextIO) -> int:
    """Write the sitting record that ``pokerlaws check`` accepts to ``path``, whole or not
    at all (:func:`pokerlaws.cli.output.write_whole`)."""
    text = pl.format_sitting_record(pl.record_sitting(sitting))
    try:
        write_whole(path, text)
    except OutputRefused as refused:
        say(err, f"pokerlaws: {refused}")
        return 2
    except OSError as error:
        say(err, f"pokerlaws: cannot write {path}: {error.strerror or error}")
        return 2
    say(out, f"The sitting's record is in {path} (pokerlaws check {path} referees it).")
    return 0
