"""The table's rules: ante, limit, the hands in use and the agreed variants (Laws 19, 22, 81).

The ante and the limit are fixed before play (description 2.3); variants need everyone's
agreement before the first deal and hold for the sitting (Law 81), so a ``Rules`` value is
frozen and travels with every game state.
"""

from __future__ import annotations

import attrs

from pokerlaws.hands import PEEL_HANDS, HandRules

__all__ = ["InvalidRules", "Rules"]


class InvalidRules(ValueError):
    """Raised by :class:`Rules` for a table the laws do not allow; ``.law`` cites the law."""

    def __init__(self, law: int, message: str) -> None:
        super().__init__(f"Law {law}: {message}")
        self.law = law
        self.message = message

    def __reduce__(self) -> tuple[type[InvalidRules], tuple[int, str]]:
        # Rebuilt from its fields, so it crosses a process (a pool's worker) intact.
        return (InvalidRules, (self.law, self.message))


def _chip_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"the {name} must be an int number of chips, not {value!r}")
    return value


_SWITCHES = (
    "joker",
    "jackpot_straddles",
    "odd_chip_carries",
    "openers_on_honour",
    "recording_table",
)


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of one table, all keyword-only.

    Law 77: the engine applies the laws as written, never by implication; a reading that
    departs from them is one of these switches, agreed before play (Law 81), and the
    defaults are Peel read literally.

    Attributes:
        ante: the compulsory first stake, in chips; at most half the limit (Law 19).
        limit: the most by which any one action may increase the stake (description 2.3).
        hands: how hands rank (Laws 65-76 and the Modifications).
        joker: play with the 53rd card (Law 81 variant, Ambiguity 12).
        jackpot_straddles: whether straddling is allowed in a jack-pot. No law forbids it, so
            it is allowed by default (Ambiguity 13).
        odd_chip_carries: when equal hands share a pool that does not divide evenly (Law 76),
            leave the odd chips in the pool for the next game (Ambiguity 16, the default).
            With ``False`` they go one each to the sharers, beginning on the dealer's left.
        openers_on_honour: let any player open a jack-pot on his word, his openers proved
            only if he wins (Law 33, Ambiguity 13). If the opener is paid anything at the end
            (alone, sharing, or a Law 60 level) and his hand as dealt lacks the openers, the
            whole settlement is void: nobody is paid (not even another player's stake above
            a short opener's), the pool stays, he pays twice the ante into it (all he has if
            less, so nothing when he is all in), his hand is shown, and the next game is the
            next jack-pot in a row with fresh antes. An opener without openers who wins nothing
            incurs nothing. With ``False``, the default, such an opening is refused
            (Laws 30-32).
        recording_table: the engine records a physical table, where a deposit made out of
            turn is binding (Law 55, Ambiguity 21): a ``Stake`` by a player still to act in
            this round of the say or the betting, not at his turn, goes into the pool at
            once and counts toward his stake when his turn comes; then he stakes at least
            that much (the ``Stake`` at his turn counts the deposit) or passes and loses
            it. With ``False``, the default, an out-of-turn action is refused.
    """

    ante: int
    limit: int
    hands: HandRules = attrs.field(default=PEEL_HANDS)
    joker: bool = False
    jackpot_straddles: bool = True
    odd_chip_carries: bool = True
    openers_on_honour: bool = False
    recording_table: bool = False

    def __attrs_post_init__(self) -> None:
        ante = _chip_count("ante", self.ante)
        limit = _chip_count("limit", self.limit)
        if ante < 1:
            raise InvalidRules(19, f"the ante must be at least 1 chip, not {ante}")
        if limit < 1:
            raise InvalidRules(19, f"the limit must be at least 1 chip, not {limit}")
        # enforces: Law 19
        if 2 * ante > limit:
            raise InvalidRules(
                19, f"the ante ({ante}) may not be more than half the limit ({limit})"
            )
        if not isinstance(self.hands, HandRules):
            raise TypeError(f"hands must be a HandRules, not {type(self.hands).__name__}")
        for name in _SWITCHES:
            value = getattr(self, name)
            if not isinstance(value, bool):
                # A switch read by truth would turn "no" on: only a bool is a switch.
                raise TypeError(f"{name} must be a bool, not {type(value).__name__} ({value!r})")

    @property
    def highest_straddle(self) -> int:
        """The highest straddle level Law 22 allows: the largest multiple of the ante that is
        at most half the limit."""
        # enforces: Law 22
        return (self.limit // 2) // self.ante * self.ante
