"""What the ``demo`` and ``play`` commands share: the table they sit, its packs, the
variants, and lines written with colour only on a terminal.

The packs come from the caller's seeded generator, ``random.Random(seed)``, here at the
edge: the rules engine never draws a random number (STYLE.md, principle 1).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

import pokerlaws as pl
from pokerlaws.cli.text import printable

__all__ = [
    "CHIPS",
    "NAMES",
    "VARIANTS",
    "Painter",
    "Policy",
    "demo_rules",
    "packs",
    "peel_bot_policy",
    "variant_rules",
]

CHIPS = 200
"""Each player's chips at the start: the book's worked example plays for pennies with
ante 3d and limit 1s, and 200 lets a sitting of a few games run its course."""

NAMES = tuple("ABCDEFGHIJ")
"""The players, named by letter as the book names them in its worked example."""

Policy = Callable[[pl.PlayerView, random.Random], pl.Action]


def _switches() -> dict[str, tuple[bool, str]]:
    """Every yes/no switch of ``Rules`` and ``HandRules``: name -> (is a hand rule, field)."""
    found: dict[str, tuple[bool, str]] = {}
    for hand, cls in ((False, pl.Rules), (True, pl.HandRules)):
        for field in attrs.fields(cls):
            if field.type in (bool, "bool"):
                found[field.name] = (hand, field.name)
    return found


VARIANTS = _switches()
"""The variant switches ``--variant`` names (``blaze``, ``joker``, ...)."""


def variant_rules(rules: pl.Rules, names: Sequence[str]) -> pl.Rules:
    """``rules`` with each named switch turned on (``blaze``), or off (``no-blaze``); a dash
    may stand for an underscore.

    Raises:
        ValueError: a name is no switch, or the rules it makes are impossible.
    """
    hands: dict[str, bool] = {}
    table: dict[str, bool] = {}
    for raw in names:
        name = raw.strip().lower().replace("-", "_")
        value = not name.startswith("no_")
        name = name.removeprefix("no_")
        if name not in VARIANTS:
            choices = ", ".join(sorted(VARIANTS))
            raise ValueError(f"no variant {printable(raw)!r}: the switches are {choices}")
        hand, field = VARIANTS[name]
        (hands if hand else table)[field] = value
    return attrs.evolve(rules, hands=attrs.evolve(rules.hands, **hands), **table)


def peel_bot_policy() -> Policy:
    """``pokerlaws.bots.peel_bot``, loaded when a table is sat, not with the command."""
    from pokerlaws.bots import peel_bot

    policy: Policy = peel_bot
    return policy


def demo_rules(variants: Sequence[str] = ()) -> pl.Rules:
    """The book's worked example's table, ante 3 and limit 12, with the variants named."""
    return variant_rules(pl.Rules(ante=3, limit=12), variants)


def packs(seed: int, joker: bool) -> tuple[Callable[[], tuple[pl.Card, ...]], random.Random]:
    """A source of packs and a generator for the bots, both from ``seed`` alone: the same
    seed deals the same packs and the bots choose the same."""
    rng = random.Random(seed)
    bots = random.Random(rng.getrandbits(64))

    def pack() -> tuple[pl.Card, ...]:
        return pl.shuffled_deck(rng.getrandbits(64), joker=joker)

    return pack, bots


def cut_pack(pack: Callable[[], tuple[pl.Card, ...]]) -> tuple[pl.Card, ...]:
    """The 52 cards the players cut from (Law 2: the Joker has no rank to cut with)."""
    return tuple(card for card in pack() if card != pl.JOKER)


@attrs.frozen
class Painter:
    """Writes lines, each escaped (:func:`printable`), in colour only on a terminal."""

    out: TextIO
    colour: bool

    @staticmethod
    def for_stream(out: TextIO) -> Painter:
        """Colour when ``out`` is a terminal and ``NO_COLOR`` is not set."""
        isatty = getattr(out, "isatty", None)
        tty = bool(isatty()) if callable(isatty) else False
        return Painter(
            out, tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        )

    def line(self, text: str = "", style: str = "") -> None:
        """Write ``text`` as one line; ``style`` is ``bold``, ``dim``, ``green`` or none."""
        body = printable(text)
        code = {"bold": "1", "dim": "2", "green": "32", "yellow": "33"}.get(style)
        if self.colour and code and body:
            body = f"\x1b[{code}m{body}\x1b[0m"
        self.out.write(body + "\n")
