"""What a person at ``pokerlaws play``'s table types, and the menu he answers.

A move is a menu number; the record notation's words (``pass``, ``stand``, ``stake 4``,
``discard 2s 9h``, ``pat``, ``straddle``, ``decline``); or the words players use: ``call``
(the least stake on the menu), ``raise N`` (N more than that), ``fold`` (a pass) and
``check`` (a stand). Each stake on the menu says what it is at that moment, as the state
has it: an opening, a making good before the draw (Law 36), a call, or a raise by so many.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pokerlaws as pl
from pokerlaws.laws.deposits import held
from pokerlaws.records.notation import format_action

__all__ = ["ACCEPTED", "HELP", "menu_lines", "parse_move", "stake_label"]

HELP = frozenset({"help", "?"})
"""The words that print the menu again."""

ACCEPTED = (
    "a menu number; call, raise N, fold or check; pass, stand, stake N, pat, discard CARDS, "
    "straddle or decline; help or ? for the menu; quit to leave"
)
"""What a player may type, in one line: the answer to a word that names no move."""


# ASCII digits only: str.isdigit() also takes "²" and other digits int() refuses, and a
# number of thousands of digits would meet int()'s own limit and message.
_NUMBER = re.compile(r"[0-9]{1,18}")


def _number(word: str) -> int | None:
    """The count ``word`` writes in ASCII digits (at most 18), or None if it is none."""
    return int(word) if _NUMBER.fullmatch(word) else None


def _notation(action: pl.Action) -> str:
    """The action in the record notation's words, without the seat: ``stake 4``."""
    return format_action(action).split(" ", 1)[1]


def parse_move(text: str, seat: int, menu: Sequence[pl.Action]) -> pl.Action:
    """The action ``text`` names for ``seat``: a menu number, notation words or players' words.

    ``call`` and ``raise N`` are read against ``menu``'s least stake, whatever it is at that
    moment (a call, the least opening, the shortfall before the draw); the table, not this
    function, says whether the laws allow the action.

    Raises:
        ValueError: the text names no action (the message says what would).
    """
    words = text.split()
    if not words:
        raise ValueError(f"type {ACCEPTED}")
    verb, rest = words[0].lower(), words[1:]
    number = _number(verb)
    if number is not None and not rest:
        if 1 <= number <= len(menu):
            return menu[number - 1]
        raise ValueError(f"the menu runs from 1 to {len(menu)}, not {number}")
    simple: dict[str, pl.Action] = {
        "pass": pl.Pass(seat=seat),
        "fold": pl.Pass(seat=seat),
        "stand": pl.Stand(seat=seat),
        "check": pl.Stand(seat=seat),
        "pat": pl.Discard(seat=seat, cards=()),
        "straddle": pl.Straddle(seat=seat),
        "decline": pl.DeclineStraddle(seat=seat),
        "shuffle": pl.Shuffle(seat=seat),
    }
    if verb in simple and not rest:
        return simple[verb]
    amount = _number(rest[0]) if len(rest) == 1 else None
    if verb == "stake" and amount is not None:
        return pl.Stake(seat=seat, amount=amount)
    if verb == "call" and not rest:
        return pl.Stake(seat=seat, amount=_least_stake(verb, menu))
    if verb == "raise" and amount is not None and amount > 0:
        return pl.Stake(seat=seat, amount=_least_stake(verb, menu) + amount)
    if verb == "raise":
        raise ValueError("say how much above a call: raise 4 stakes 4 more than call would")
    if verb == "discard" and rest:
        try:
            cards = pl.parse_cards(" ".join(rest))
        except pl.NotationError as error:
            raise ValueError(str(error)) from None
        if len(set(cards)) != len(cards):
            raise ValueError("name each card you discard once")
        return pl.Discard(seat=seat, cards=cards)
    raise ValueError(f"not an action: {text.strip()!r}; type {ACCEPTED}")


def _least_stake(verb: str, menu: Sequence[pl.Action]) -> int:
    stakes = [action.amount for action in menu if isinstance(action, pl.Stake)]
    if not stakes:
        raise ValueError(f"you cannot {verb} now: no stake is on your menu (type help to see it)")
    return min(stakes)


def stake_label(state: pl.GameState, stake: pl.Stake) -> str:
    """What ``stake`` is if the seat to act makes it now: ``open``, ``make good`` (the
    shortfall he stakes before he draws, Law 36), ``call`` (his stake becomes the highest) or
    ``raise by N`` (N above the highest); with ``, all in`` when it is all he has, and
    ``short`` before it when that is less than the highest (Law 60 settles it at the show)."""
    seat = stake.seat
    highest = state.highest_stake
    total = state.stakes[seat] + stake.amount
    if state.phase is pl.Phase.DRAW:
        label = "make good"
    elif (state.phase is pl.Phase.SAY and state.opener is None) or highest == 0:
        label = "open"  # the say's opening (Laws 25, 30-32), or the first bet after the draw
    elif total > highest:
        label = f"raise by {total - highest}"
    else:
        label = "call"
    if total < highest:  # only all he has can fall short of the highest
        return f"short {label}, all in"
    # A deposit made out of turn (Law 55) counts toward the stake at his turn.
    if stake.amount == state.stacks[seat] + held(state, seat):
        label += ", all in"
    return label


def menu_lines(state: pl.GameState, menu: Sequence[pl.Action], width: int) -> list[str]:
    """The numbered menu, each stake labelled (:func:`stake_label`), in as many columns as
    fit in ``width``."""
    items = []
    for number, action in enumerate(menu, start=1):
        item = f"{number:>2}) {_notation(action)}"
        if isinstance(action, pl.Stake):
            item += f" ({stake_label(state, action)})"
        items.append(item)
    column = max(map(len, items)) + 3
    per_line = max(1, (width - 2 + 3) // column)  # the last column needs no gap after it
    return [
        "  " + "".join(item.ljust(column) for item in items[at : at + per_line]).rstrip()
        for at in range(0, len(items), per_line)
    ]
