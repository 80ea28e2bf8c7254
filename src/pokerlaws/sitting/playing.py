"""Playing a sitting: the cut for the deal, the start, each action and report, and the next
deal (Laws 2, 18, 64, 81; the package's docstring gives the readings)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import compress
from typing import cast

import attrs

from pokerlaws import _shapes
from pokerlaws.cards import Card, Rank, standard_deck
from pokerlaws.engine import MAX_SEATS, MIN_SEATS, apply, new_game, next_game
from pokerlaws.history import History
from pokerlaws.records.game import GameRecord, record
from pokerlaws.reports import Event, FacedCard, MissingCut, Report
from pokerlaws.rules import Rules
from pokerlaws.sitting.model import (
    Account,
    CutDraw,
    Join,
    LateReport,
    Sitting,
    SittingTerms,
    _between_games,
    _check,
    _count,
    _name,
    _next_dealer,
)
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import NotAtThisMoment, RuleViolation, TableOver, refuse

__all__ = ["cut_for_deal", "deal_next", "play", "start_sitting"]


_CUT_PACK = Counter(standard_deck())


def _cut_value(card: Card) -> int:
    # Law 2: the ace counts lowest in the cut; suits do not count.
    assert card.rank is not None
    # enforces: Law 2
    return 1 if card.rank is Rank.ACE else int(card.rank)


def cut_for_deal(
    names: Sequence[str], cards: Sequence[Card]
) -> tuple[tuple[tuple[CutDraw, ...], ...], int]:
    """Cut for the first deal (Law 2) with ``cards`` drawn from the top, in seat order.

    Returns the rounds of the cut (each card drawn and by whom) and the seat of the dealer.
    Players tied for the lowest card draw again, only they, from the following cards.

    Raises:
        TypeError: ``names`` or ``cards`` is not a sequence of names or of cards.
        ValueError: nobody cuts, a card is the Joker (it has no rank to cut with), or the
            cards run out before one player is lowest.
    """
    for what, values, kind in (("names", names, str), ("cards", cards, Card)):
        if not isinstance(values, Sequence) or isinstance(values, (str, bytes)):
            raise TypeError(f"the cut takes its {what} as a sequence, not {type(values).__name__}")
        for value in values:
            if not isinstance(value, kind):
                raise TypeError(f"the cut's {what} hold {kind.__name__}s, not {value!r}")
    if not names:
        raise ValueError("nobody is there to cut for the deal")
    if any(card.rank is None for card in cards):
        raise ValueError("the Joker has no rank to cut with (Law 2): take it out for the cut")
    drawing = list(range(len(names)))
    rounds: list[tuple[CutDraw, ...]] = []
    position = 0
    while True:
        if position + len(drawing) > len(cards):
            tied = ", ".join(repr(names[seat]) for seat in drawing)
            raise ValueError(
                f"the pack ran out in the cut for the deal (Law 2): {len(cards)} cards, and "
                f"{tied} still tie for lowest"
            )
        drawn = [(seat, cards[position + i]) for i, seat in enumerate(drawing)]
        position += len(drawing)
        rounds.append(tuple((names[seat], card) for seat, card in drawn))
        lowest = min(_cut_value(card) for _, card in drawn)
        # enforces: Law 2
        drawing = [seat for seat, card in drawn if _cut_value(card) == lowest]
        if len(drawing) == 1:
            return tuple(rounds), drawing[0]


def _cut_pack(pack: object) -> tuple[Card, ...]:
    if not isinstance(pack, Sequence) or isinstance(pack, (str, bytes)):
        raise TypeError(
            f"the cut takes the pack as a sequence of cards, not {type(pack).__name__}"
        )
    cards = tuple(pack)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"the cut's pack holds cards, not {type(card).__name__} ({card!r})")
    if Counter(cards) != _CUT_PACK:
        held = Counter(cards)
        wrong = [str(c) for c in held if c not in _CUT_PACK]
        twice = [str(c) for c, k in held.items() if k > 1]
        missing = [str(c) for c in _CUT_PACK if c not in held]
        how = "; ".join(
            part
            for part in (
                f"not of the pack: {' '.join(wrong)}" if wrong else "",
                f"repeated: {' '.join(twice)}" if twice else "",
                f"missing: {' '.join(missing)}" if missing else "",
            )
            if part
        )
        raise ValueError(
            "the cut for the deal is made with the ordinary pack of 52 cards, each once "
            f"(Laws 1-2; the Joker has no rank to cut with): {how}"
        )
    return cards


# --- Starting, playing, the next game -----------------------------------------------------


def _players(players: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(players, Sequence) or isinstance(players, (str, bytes)):
        raise TypeError(
            "players must be a sequence of (name, chips) pairs in seat order, not "
            f"{type(players).__name__}"
        )
    pairs: list[tuple[str, int]] = []
    for pair in players:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"each player is a (name, chips) pair, not {pair!r}")
        name = _name(pair[0])
        pairs.append((name, _count(f"{name}'s chips", pair[1], least=1)))
    names = [name for name, _ in pairs]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"two players may not share a name: {', '.join(map(repr, twice))}")
    if not MIN_SEATS <= len(pairs) <= MAX_SEATS:
        raise ValueError(
            f"a sitting has {MIN_SEATS} to {MAX_SEATS} players (the pack deals ten hands of "
            f"five at most), not {len(pairs)}"
        )
    return tuple(pairs)


def start_sitting(
    rules: Rules,
    players: Sequence[tuple[str, int]],
    *,
    cut: Sequence[Card],
    deck: Sequence[Card],
    terms: SittingTerms | None = None,
) -> Sitting:
    """Sit the players down, cut for the deal (Law 2) and begin the first game.

    Args:
        rules: the rules agreed before play, variants included (Law 81).
        players: ``(name, chips)`` in seat order, 2 to 10 players, each with 1 chip or more.
        cut: the pack the players cut from: the ordinary 52 cards, top first.
        deck: the pack the first game is dealt from (``pokerlaws.new_game``).
        terms: the kitty and what becomes of broke players (default: neither).

    Raises:
        TypeError: an argument is of the wrong type.
        ValueError: a name is repeated, the cut's pack is not the pack or runs out, or the
            game cannot begin (the message says why).
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    terms = SittingTerms() if terms is None else terms
    if not isinstance(terms, SittingTerms):
        raise TypeError(f"terms must be a SittingTerms, not {type(terms).__name__}")
    pairs = _players(players)
    names = tuple(name for name, _ in pairs)
    rounds, dealer = cut_for_deal(names, _cut_pack(cut))
    return _begin(rules, pairs, rounds, dealer, deck, terms)


def _begin(
    rules: Rules,
    pairs: tuple[tuple[str, int], ...],
    rounds: tuple[tuple[CutDraw, ...], ...],
    dealer: int,
    deck: Sequence[Card],
    terms: SittingTerms,
) -> Sitting:
    names = tuple(name for name, _ in pairs)
    stacks = tuple(chips for _, chips in pairs)
    game = new_game(rules, stacks, dealer=dealer, deck=deck)
    sitting = Sitting(
        agreed=rules,
        rules=rules,
        terms=terms,
        cut=rounds,
        seating=names,
        chips=game.stacks,
        game=game,
        game_seating=names,
        button=dealer,
        accounts=tuple(Account(name=name, brought=chips) for name, chips in pairs),
    )
    return _close(sitting, game) if game.phase is Phase.OVER else sitting


def play(sitting: Sitting, action: Event) -> Sitting | RuleViolation:
    """Apply ``action`` to the current game (``pokerlaws.apply``).

    Returns the sitting after it, or the :class:`RuleViolation` refusing it, the sitting
    unchanged. When the action ends the game, the kitty takes its share of the pool won and,
    under ``broke_players_leave``, players left without chips leave. Between games a report
    goes to the last game (Law 64, Ambiguity 27), whatever changed at the table since: it
    is settled again and the difference made on the accounts, never an error.

    Raises:
        TypeError: ``sitting`` is not a Sitting, or ``action`` no action (``apply`` says so).
    """
    _check(sitting, "play")
    result = apply(sitting.game, action)
    if isinstance(result, RuleViolation):
        return result
    if sitting.game.phase is Phase.OVER:
        if result.phase is not Phase.OVER:
            # A misdeal called on a game that reports alone ended in the deal (Ambiguity 17).
            return _reopen(sitting, result, cast(Report, action))
        # A report after the end (Law 64: a foul hand found at the show) settles the game
        # again, whatever changed at the table since it ended (Ambiguity 27).
        return _close_again(sitting, result, action)
    if result.phase is Phase.OVER:
        return _close(sitting, result)
    return _shapes.evolved(sitting, game=result, chips=result.stacks)


def _close(sitting: Sitting, game: GameState) -> Sitting:
    """The game has ended: the kitty takes its share, broke players may leave."""
    takes = sitting.terms.kitty_takes(game.payouts, game.dealer)
    chips = tuple(stack - take for stack, take in zip(game.stacks, takes, strict=True))
    closed = _shapes.evolved(
        sitting,
        game=game,
        chips=chips,
        kitty=sitting.kitty + sum(takes),
        history=sitting.history.with_event(record(game)),
    )
    if sitting.terms.broke_players_leave:
        for name, left in zip(sitting.game_seating, chips, strict=True):
            if not left:
                closed = _without(closed, name)
    return closed


def _close_again(sitting: Sitting, game: GameState, report: Event) -> Sitting:
    """Settle the last game again after ``report`` (Law 64, Ambiguity 27).

    The kitty gives back its take from the old payouts and takes its share of the new, and
    each player of the game is given the difference on his account: on his chips if he has
    stayed at the table since, on what he took away if he has left (even to come back), which
    may leave him owing the table. Nobody is seated or removed by it: a player it leaves
    without chips sits out the next deal as usual. The game's seats are mapped to the
    players who played it (``game_seating``), so a newcomer has no part in it.
    """
    ended = sitting.game
    terms = sitting.terms
    before = terms.kitty_takes(ended.payouts, ended.dealer)
    after = terms.kitty_takes(game.payouts, game.dealer)
    entries = sitting.history
    # The last game's place: the index finds it, however many late reports followed it.
    last = entries.last((GameRecord,))
    assert last is not None, "a report after the end comes after a finished game"
    since = len(entries) > last + 1
    # A player of the game who joined since had left since (a broke player may have left
    # as the game ended, under the terms, which leaves no entry of its own).
    gone = {name for name in sitting.game_seating if name not in sitting.seating}
    gone |= {entry.name for entry in entries.events_of(Join, start=last + 1)}
    chips = list(sitting.chips)
    owed: dict[str, int] = {}
    for seat, name in enumerate(sitting.game_seating):
        change = (game.stacks[seat] - after[seat]) - (ended.stacks[seat] - before[seat])
        if name in gone:
            owed[name] = change
        else:
            chips[sitting.seating.index(name)] += change
    accounts = tuple(
        attrs.evolve(account, taken=account.taken + owed[account.name])
        if owed.get(account.name)
        else account
        for account in sitting.accounts
    )
    if since:
        # apply refuses every action once the game is over (GameIsOver): this is a report.
        history = entries.with_event(LateReport(report=cast(Report, report)))
    else:
        # Nothing changed at the table since: the report is part of the game's own record.
        history = History(entries[:last]).with_event(record(game))
    return _shapes.evolved(
        sitting,
        game=game,
        chips=tuple(chips),
        accounts=accounts,
        kitty=sitting.kitty - sum(before) + sum(after),
        history=history,
    )


def _reopen(sitting: Sitting, game: GameState, report: Report) -> Sitting | RuleViolation:
    """Take back the close of a game that reports alone ended in the deal, now a misdeal
    (Laws 8, 10, 12; Ambiguity 17): the game is in play again, its dealer to deal again.

    Only while nothing has changed at the table since it ended: the players who left broke
    as it closed (the misdeal gives them their chips back) are seated again, and the
    variants their leaving ended are agreed again. Once a player has come or gone, or the
    table has bought chips, the deal is past calling a misdeal.
    """
    entries = sitting.history
    last = entries.last((GameRecord,))
    assert last is not None, "a report after the end comes after a finished game"
    if len(entries) > last + 1:
        law = {MissingCut: 8, FacedCard: 10}.get(type(report), 12)
        return refuse(
            NotAtThisMoment,
            law,
            report,
            "cannot call a misdeal on the last game: the table has changed since it ended",
        )
    ended = sitting.game
    takes = sitting.terms.kitty_takes(ended.payouts, ended.dealer)
    return _shapes.evolved(
        sitting,
        game=game,
        rules=game.rules,
        seating=sitting.game_seating,
        chips=game.stacks,
        button=game.dealer,
        kitty=sitting.kitty - sum(takes),
        history=History(entries[:last]),
    )


def _round_after(game: GameState) -> int:
    """The jack-pot round of the game after ``game``, as ``next_game`` gives it: the next
    in a row after an unopened game (Law 29) or a false opening (Law 33), else 0."""
    unopened = not game.opened or game.false_opener is not None
    return game.jackpot_round + 1 if unopened else 0


def deal_next(sitting: Sitting, *, deck: Sequence[Card]) -> Sitting:
    """Begin the next game from ``deck``: the deal passes left (Law 18) and a jack-pot's pool
    and round carry (Laws 29-32).

    With the same players, chips and rules this is exactly ``pokerlaws.next_game``; after a
    change (players came or went, the kitty took chips, the variants ended) it is
    ``pokerlaws.new_game`` with the pool carried and the round that ``next_game`` would give.

    Raises:
        TableOver: fewer than two seated players have chips (``.pool`` is what is left).
        ValueError: a game is in play, or the deck is not the pack.
    """
    _check(sitting, "deal_next")
    _between_games(sitting, "the next game is dealt")
    last = sitting.game
    dealer = _next_dealer(sitting.button, sitting.chips)
    if dealer is None:
        raise TableOver(tuple(compress(range(len(sitting.chips)), sitting.chips)), last.pool)
    unchanged = (
        sitting.seating == sitting.game_seating
        and sitting.chips == last.stacks
        and sitting.rules == last.rules
    )
    if unchanged:
        following = next_game(last, deck=deck)
    else:
        following = new_game(
            sitting.rules,
            sitting.chips,
            dealer=dealer,
            deck=deck,
            carried=last.pool,
            jackpot_round=_round_after(last),
        )
    dealt = _shapes.evolved(
        sitting,
        game=following,
        chips=following.stacks,
        game_seating=sitting.seating,
        button=following.dealer,
    )
    # A game can end as it begins (the antes leave nobody able to open): it is finished all
    # the same, so the kitty and the broke players are seen to at once.
    return _close(dealt, following) if following.phase is Phase.OVER else dealt


# --- A player leaves (here, for a broke player leaves as a game ends) ---------------------


def _peel(sitting: Sitting) -> Rules:
    """Law 81: a change of players ends the agreed variants; the ante and limit stay."""
    # enforces: Law 81
    return Rules(ante=sitting.agreed.ante, limit=sitting.agreed.limit)


def _without(sitting: Sitting, name: str) -> Sitting:
    place = sitting.seating.index(name)
    n = len(sitting.seating) - 1
    button = sitting.button
    if place <= button:
        # The deal passes from the player on his right when the dealer himself leaves.
        button = (button - 1) % n if n else 0
    accounts = tuple(
        attrs.evolve(account, taken=account.taken + sitting.chips[place])
        if account.name == name
        else account
        for account in sitting.accounts
    )
    return _shapes.evolved(
        sitting,
        rules=_peel(sitting),
        seating=sitting.seating[:place] + sitting.seating[place + 1 :],
        chips=sitting.chips[:place] + sitting.chips[place + 1 :],
        button=button,
        accounts=accounts,
    )
