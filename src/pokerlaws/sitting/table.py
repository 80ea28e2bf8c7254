"""Between games: players coming and going, chips bought, rules asked for, the settlement.

The readings behind these (Law 81 and a change of players, a jack-pot that stays with the
table, where an unwon pool goes when the sitting ends) are set out in
:mod:`pokerlaws.sitting`. Each function checks everything before it changes anything, so a
refusal leaves the sitting as it was.
"""

from __future__ import annotations

import attrs

from pokerlaws import _shapes
from pokerlaws.engine import MAX_SEATS
from pokerlaws.rules import Rules
from pokerlaws.sitting.model import (
    Account,
    BuyChips,
    ChangeRules,
    Join,
    Leave,
    RulesFixed,
    Sitting,
    _between_games,
    _check,
    _count,
    _name,
)
from pokerlaws.sitting.playing import (
    _peel,
    _without,
)
from pokerlaws.state import seats_from
from pokerlaws.violations import RuleViolation

__all__ = ["Settlement", "buy_chips", "change_rules", "join", "leave", "settle"]


def join(sitting: Sitting, name: str, chips: int, *, seat: int | None = None) -> Sitting:
    """Seat a new player with ``chips`` between games, at ``seat`` (default: the last seat,
    on the right of seat 0). A change of players: the agreed variants end (Law 81).

    Raises:
        TypeError: an argument is of the wrong type.
        ValueError: a game is in play, the name is taken, the table is full (10 seats), or
            the seat or the chips are impossible.
    """
    _check(sitting, "join")
    name = _name(name)
    chips = _count(f"{name}'s chips", chips, least=1)
    n = len(sitting.seating)
    place = n if seat is None else _count("the seat", seat)
    _between_games(sitting, f"{name!r} may join")
    if name in sitting.seating:
        raise ValueError(
            f"a player named {name!r} already sits at the table, at seat "
            f"{sitting.seating.index(name)}"
        )
    if n >= MAX_SEATS:
        raise ValueError(
            f"the table is full: {MAX_SEATS} seats, for the pack deals ten hands of five at "
            "most (Ambiguity 24)"
        )
    if place > n:
        raise ValueError(f"{name!r} may take a seat from 0 to {n}, not {place}")
    accounts = list(sitting.accounts)
    known = [account.name for account in accounts]
    if name in known:
        back = accounts[known.index(name)]
        accounts[known.index(name)] = attrs.evolve(back, brought=back.brought + chips)
    else:
        accounts.append(Account(name=name, brought=chips))
    button = sitting.button + 1 if n and place <= sitting.button else sitting.button
    return _shapes.evolved(
        sitting,
        rules=_peel(sitting),
        seating=(*sitting.seating[:place], name, *sitting.seating[place:]),
        chips=(*sitting.chips[:place], chips, *sitting.chips[place:]),
        button=button,
        accounts=tuple(accounts),
        history=sitting.history.with_event(Join(name=name, chips=chips, seat=place)),
    )


def leave(sitting: Sitting, name: str) -> Sitting:
    """Let the player ``name`` leave between games with his chips. A change of players: the
    agreed variants end (Law 81); a jack-pot's pool stays with the table.

    Raises:
        ValueError: a game is in play, or nobody of that name sits at the table.
    """
    _check(sitting, "leave")
    _name(name)
    _between_games(sitting, f"{name!r} may leave")
    sitting.place_of(name)
    left = _without(sitting, name)
    return _shapes.evolved(left, history=left.history.with_event(Leave(name=name)))


def buy_chips(sitting: Sitting, name: str, chips: int) -> Sitting:
    """Sell the seated player ``name`` more chips between games (description 2.3). The same
    players remain, so the variants hold; a player who sat out for want of chips plays again.

    Raises:
        ValueError: a game is in play, nobody of that name sits there, or ``chips`` < 1.
    """
    _check(sitting, "buy_chips")
    chips = _count("the chips bought", chips, least=1)
    _between_games(sitting, f"{name!r} may buy chips")
    place = sitting.place_of(name)
    accounts = tuple(
        attrs.evolve(account, brought=account.brought + chips) if account.name == name else account
        for account in sitting.accounts
    )
    stacks = list(sitting.chips)
    stacks[place] += chips
    return _shapes.evolved(
        sitting,
        chips=tuple(stacks),
        accounts=accounts,
        history=sitting.history.with_event(BuyChips(name=name, chips=chips)),
    )


def change_rules(sitting: Sitting, rules: Rules, *, name: str) -> Sitting | RuleViolation:
    """The player ``name`` asks to play on under ``rules``.

    Returns the sitting unchanged if they are the rules in force; otherwise a
    :class:`RulesFixed` violation (Law 81): the ante and the limit are fixed before play and
    never changed during the sitting (description 2.3), and a variant is agreed only before
    play begins.

    Raises:
        TypeError: ``rules`` is not a Rules.
        ValueError: nobody of that name sits at the table.
    """
    _check(sitting, "change_rules")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    seat = sitting.place_of(name)
    now = sitting.rules
    if rules == now:
        return sitting
    asked = ChangeRules(name=name, rules=rules)
    # enforces: Law 81
    if (rules.ante, rules.limit) != (now.ante, now.limit):
        message = (
            f"Law 81: {name} (seat {seat}) may not change the ante and limit (now {now.ante} "
            f"and {now.limit}) to {rules.ante} and {rules.limit}: they are fixed before play "
            "and never changed during the sitting"
        )
    else:
        message = (
            f"Law 81: {name} (seat {seat}) may not change the variants: they are agreed by "
            "everyone before play begins, and play has begun"
        )
    return RulesFixed(law=81, seat=seat, action=asked, message=message)


# --- Settling -----------------------------------------------------------------------------


_NAMED = _shapes.field(_shapes.tuple_of(_shapes.pair(_shapes.player_name, _shapes.integer)))


@attrs.frozen(kw_only=True)
class Settlement:
    """How a sitting ends (:func:`settle`): ``sum(results) + kitty == 0``.

    Attributes:
        results: each player's net result, the unwon pool's shares included: everyone who
            sat at the sitting, in the order they first sat down.
        pool: the chips left unwon in the pool at the end.
        shares: how that pool was divided, ``(name, chips)``.
        kitty: the kitty's chips (table expenses or a prize), with the pool if nobody dealt
            into the last game was left to share it.
    """

    results: tuple[tuple[str, int], ...] = attrs.field(validator=_NAMED)
    pool: int = attrs.field(validator=_shapes.field(_shapes.integer))
    shares: tuple[tuple[str, int], ...] = attrs.field(validator=_NAMED)
    kitty: int = attrs.field(validator=_shapes.field(_shapes.integer))

    def result(self, name: str) -> int:
        """The net result of the player ``name``."""
        for who, result in self.results:
            if who == name:
                return result
        raise ValueError(f"no player named {name!r} sat at this sitting")


def settle(sitting: Sitting) -> Settlement:
    """Settle the sitting: each player's net result, the unwon pool divided, the kitty.

    The pool left at the end goes in equal shares to the players dealt into the last game
    who still sit at the table, odd chips one each from the last dealer's left; with none of
    them left, to the kitty (Ambiguity 26; the reading is set out in :mod:`pokerlaws.sitting`).

    Raises:
        ValueError: a game is in play (finish it first).
    """
    _check(sitting, "settle")
    _between_games(sitting, "the sitting is settled")
    game = sitting.game
    order = seats_from(game.dealer + 1, game.seated, game.num_seats)
    sharers = [
        sitting.game_seating[s] for s in order if sitting.game_seating[s] in sitting.seating
    ]
    pool = game.pool
    shares: dict[str, int] = {}
    kitty = sitting.kitty
    if sharers:
        each, odd = divmod(pool, len(sharers))
        shares = {name: each + (i < odd) for i, name in enumerate(sharers)}
    else:
        kitty += pool
    now = dict(zip(sitting.seating, sitting.chips, strict=True))
    results = tuple(
        (
            account.name,
            now.get(account.name, 0)
            + shares.get(account.name, 0)
            + account.taken
            - account.brought,
        )
        for account in sitting.accounts
    )
    return Settlement(
        results=results,
        pool=pool,
        shares=tuple((name, shares[name]) for name in sharers if pool),
        kitty=kitty,
    )
