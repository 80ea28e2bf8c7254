"""What a person at ``pokerlaws play``'s table types, and the menu he answers.

A move is a menu number; the record notation's words (``pass``, ``stand``, ``stake 4``,
``discard 2s 9h``, ``pat``, ``straddle``, ``decline``); or the words players use: ``call``
(bring your stake up to the highest), ``raise N`` (N above the highest), ``open`` or
``bet`` (the least opening stake; ``open N``, N chips), ``fold`` (a pass) and ``check`` (a
stand). A stake's number is the chips it adds (the record's ``stake N``);
the table shows each seat's total, so each stake on the menu says what it is at that
moment and the total it makes: an opening, a making good before the draw (Law 36), a call,
or a raise by so many. Nobody calls or raises what nobody has opened, and nobody checks in
the say: those words are answered with the choices there are, never played as an opening.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pokerlaws as pl
from pokerlaws.laws.deposits import held
from pokerlaws.records.notation import format_action

__all__ = ["ACCEPTED", "HELP", "MENU_NOTE", "menu_lines", "parse_move", "stake_label"]

HELP = frozenset({"help", "?"})
"""The words that print the menu again."""

ACCEPTED = (
    "a menu number; call, raise N, open, fold or check; pass, stand, stake N, pat, discard CARDS, "
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


def parse_move(
    text: str, seat: int, menu: Sequence[pl.Action], state: pl.GameState | None = None
) -> pl.Action:
    """The action ``text`` names for ``seat``: a menu number, notation words or players' words.

    With ``state`` (the game as the menu was made), ``call`` brings the seat's stake up to
    the highest and ``raise N`` to N above it; when nobody has opened (or, after the draw,
    bet) they are refused with the choices there are, as ``check`` is in the say. Without
    it they are read against ``menu``'s least stake. The table, not this function, says
    whether the laws allow the action.

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
    if verb == "check" and not rest and state is not None:
        _can_check(state, seat, menu)
    if verb in simple and not rest:
        return simple[verb]
    amount = _number(rest[0]) if len(rest) == 1 else None
    if verb == "stake" and amount is not None:
        return pl.Stake(seat=seat, amount=amount)
    if verb == "call" and not rest:
        if state is None:
            return pl.Stake(seat=seat, amount=_least_stake(verb, menu))
        return pl.Stake(seat=seat, amount=_to_call(verb, state, seat, menu))
    if verb in ("open", "bet") and len(rest) <= 1 and (amount is not None or not rest):
        return pl.Stake(seat=seat, amount=_opening(verb, state, menu, amount))
    if verb == "raise" and amount is not None and amount > 0:
        if state is None:
            return pl.Stake(seat=seat, amount=_least_stake(verb, menu) + amount)
        return pl.Stake(seat=seat, amount=_to_call(verb, state, seat, menu) + amount)
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


def _unopened(state: pl.GameState) -> bool:
    """Whether a stake now would open: nobody has opened the say, or bet since the draw."""
    if state.phase is pl.Phase.SAY:
        return state.opener is None
    return state.phase is pl.Phase.BETTING and state.highest_stake == 0


def _choices(state: pl.GameState, menu: Sequence[pl.Action]) -> str:
    """The choices of an unopened say or betting, in words: ``pass (throw in your cards), or
    open for at least 6 chips (stake 6)``."""
    words = []
    if any(isinstance(action, pl.Pass) for action in menu):
        words.append("pass (throw in your cards)")
    if any(isinstance(action, pl.Stand) for action in menu):
        words.append("check (stand)")
    stakes = [action.amount for action in menu if isinstance(action, pl.Stake)]
    if stakes:
        verb = "open" if state.phase is pl.Phase.SAY else "bet"
        words.append(f"{verb} for at least {min(stakes)} chips (stake {min(stakes)})")
    return ", or ".join(words) if words else "what the menu offers (type help)"


def _to_call(verb: str, state: pl.GameState, seat: int, menu: Sequence[pl.Action]) -> int:
    """The chips that bring ``seat``'s stake up to the highest (all he has if fewer)."""
    if _unopened(state):
        what = "opened" if state.phase is pl.Phase.SAY else "bet since the draw"
        raise ValueError(
            f"nobody has {what}, so there is nothing to {verb}: you may {_choices(state, menu)}"
        )
    owed = state.highest_stake - state.stakes[seat]
    stakes = [action.amount for action in menu if isinstance(action, pl.Stake)]
    if not stakes:
        raise ValueError(f"you cannot {verb} now: no stake is on your menu (type help to see it)")
    return owed if owed in stakes or verb == "raise" else min(stakes)


def _opening(
    verb: str, state: pl.GameState | None, menu: Sequence[pl.Action], amount: int | None
) -> int:
    """The chips of ``open`` (the least opening) or ``open N`` (N chips)."""
    if state is not None and not _unopened(state):
        raise ValueError(
            f"you cannot {verb}: the highest stake is {state.highest_stake} already; "
            "call, raise N or pass"
        )
    return _least_stake(verb, menu) if amount is None else amount


def _can_check(state: pl.GameState, seat: int, menu: Sequence[pl.Action]) -> None:
    """Refuse ``check`` where it is no move, with the choices there are: in the say there is
    no standing (Laws 25, 53); facing a bet one calls, raises or passes."""
    if any(isinstance(action, pl.Stand) for action in menu):
        return
    if state.phase is pl.Phase.SAY and state.opener is None:
        raise ValueError(
            "there is no check before the draw (Laws 25, 53): nobody has opened, so you may "
            + _choices(state, menu)
        )
    if state.phase in (pl.Phase.SAY, pl.Phase.BETTING):
        owed = state.highest_stake - state.stakes[seat]
        raise ValueError(
            f"you cannot check: the highest stake is {state.highest_stake}; you may pass "
            f"(throw in your cards), call (stake {owed}) or raise (raise N)"
        )


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


MENU_NOTE = "stake N adds N chips; 'to T' is the total, as the table shows stakes"
"""The menu's line saying what its stakes' numbers count."""


def menu_lines(state: pl.GameState, menu: Sequence[pl.Action], width: int) -> list[str]:
    """The numbered menu, each stake labelled (:func:`stake_label`) with the total it makes
    (the table shows totals, the stake the chips added), in as many columns as fit in
    ``width``."""
    items = []
    for number, action in enumerate(menu, start=1):
        item = f"{number:>2}) {_notation(action)}"
        if isinstance(action, pl.Stake):
            total = state.stakes[action.seat] + action.amount
            label = stake_label(state, action)
            short = label.removesuffix(", all in")
            item += f" ({short} to {total}{label[len(short) :]})"
        items.append(item)
    column = max(map(len, items)) + 3
    per_line = max(1, (width - 2 + 3) // column)  # the last column needs no gap after it
    return [
        "  " + "".join(item.ljust(column) for item in items[at : at + per_line]).rstrip()
        for at in range(0, len(items), per_line)
    ]
