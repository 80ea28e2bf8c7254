"""Each step of a game in words, with the laws the engine applied at it.

A step is one action (or report) and the state it led to; the last step of a finished game
is its end: the show, and who takes the pool and why. Every law a step cites is one of the
rulings the engine made at it (``GameState.rulings``): this module only puts them into
words, so the replay page, the demo and ``play`` cite what the engine applied and keep no
table of laws of their own. Pure: nothing is printed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from pokerlaws.engine import apply
from pokerlaws.hands import evaluate
from pokerlaws.lawbook import law
from pokerlaws.records.game import GameRecord, IllegalRecord, begin
from pokerlaws.records.notation import format_action
from pokerlaws.reports import Event
from pokerlaws.ruling import Ruling, Rulings, keep_rulings
from pokerlaws.rulings import transition_rulings
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import RuleViolation

__all__ = ["Names", "Step", "each_step", "end_step", "first_step", "game_steps", "step"]

_WORDS = ("none", "one", "two", "three", "four", "five")
_OPENERS = {11: "knaves", 12: "queens", 13: "kings"}
_SEP = "; "
_FOUL = {
    13: "his hand, dealt him with the wrong number of cards, is found foul: he retires, "
    "losing his stake",
    45: "he was given the wrong number of cards, as he asked: his hand is foul, and he "
    "retires, losing his stake",
    47: "the dealer served himself the wrong number of cards: his hand is foul, and he "
    "retires, losing his stake",
    48: "his hand is found the wrong size after he lifted his draw: it is foul, and he "
    "retires, losing his stake",
    63: "his hand is found foul after he bet on it: he retires, losing all he staked",
    64: "his hand is found foul at the show: it loses, and the pool is settled again among "
    "the other hands shown",
}
_MISDEAL = {
    8: "objects that the pack was not cut: a misdeal, and the same dealer deals again",
    10: "reports a card faced in the pack: a misdeal, and the same dealer deals again",
    12: "reports his hand holds the wrong number of cards before he lifted it: a misdeal, "
    "and the same dealer deals again",
}
# The kinds of ruling that settle the pool: the end of the game tells them.
_SETTLING = frozenset(
    {
        "unopened",
        "uncalled",
        "openers shown",
        "false opener",
        "show",
        "best hand",
        "level",
        "share",
        "odd chip",
    }
)


@attrs.frozen(kw_only=True)
class Step:
    """One step of a game.

    Attributes:
        line: the step as its record-notation line (``"2 stake 6"``); ``"start"`` for the
            deal and ``"end"`` for the end of the game, as the notation begins and ends.
        law: the number of the law that governs the step: its first ruling's.
        law_title: that law's short title, from the lawbook.
        says: the step in words: ``"seat 2 opens, staking 6"``; every other law it cites,
            ``(Law N)``, is one of ``rulings``.
        state: the state the step led to.
        rulings: the engine's rulings this step tells (``GameState.rulings``), the step's
            own first.
    """

    line: str
    law: int
    law_title: str
    says: str
    state: GameState
    rulings: tuple[Ruling, ...] = ()


class Names(tuple[str, ...]):
    """Players' names by seat that are written alone (``C``), not after the seat
    (``seat 2 (C)``): the narration of a sitting, where the names are what a reader follows."""

    __slots__ = ()


def _seat_name(seat: int, names: Sequence[str]) -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat] if isinstance(names, Names) else f"seat {seat} ({names[seat]})"
    return f"seat {seat}"


def _told(line: str, state: GameState, rulings: Sequence[Ruling], parts: list[str]) -> Step:
    """The step whose first ruling is its law, ``parts`` the words of each ruling told
    (the first without its law, the others citing theirs where it differs)."""
    first = rulings[0].law
    return Step(
        line=line,
        law=first,
        law_title=law(first).title,
        says=_SEP.join(parts),
        state=state,
        rulings=tuple(rulings),
    )


def _cited(text: str, ruling: Ruling, first: int) -> str:
    # No. 1's chance to straddle is told with the ante; Law 21 is cited at his straddle or
    # his declining, the step that takes it.
    if ruling.law == first or ruling.kind == "straddle chance":
        return text
    return f"{text} (Law {ruling.law})"


def _openers(state: GameState) -> str:
    required = state.openers_required
    return _OPENERS.get(int(required), required.name.lower()) if required is not None else ""


def _words(ruling: Ruling, before: GameState, after: GameState, names: Sequence[str]) -> str:
    """One ruling of an event, or of the start, in words."""
    kind = ruling.kind
    who = _seat_name(ruling.seats[0], names) if ruling.seats else ""
    chips = ruling.chips
    if kind == "ante":
        return f"{who} antes {chips}"
    if kind == "jack-pot ante":
        return (
            f"a jack-pot: every player pays {chips} into the pool, which holds "
            f"{after.pool}; it opens on {_openers(after)} or better"
        )
    if kind == "straddle chance":
        return "No. 1 may straddle before the deal"
    if kind == "deal":
        if not after.history:  # the game's start
            return "the dealer deals five cards each, one at a time"
        return "the cards are dealt"
    if kind == "straddle":
        return f"{who} straddles: the ante is now {chips}"
    if kind == "decline":
        return f"{who} declines to straddle"
    if kind == "opening":
        return f"{who} opens the game, staking {chips} (at least double the ante)"
    if kind == "jack-pot opening":
        return f"{who} opens the jack-pot ({_openers(before)} or better), staking {chips}"
    if kind == "raise":
        if ruling.law == 26:
            return f"{who} plays and raises the stake to {chips}"
        return f"{who} raises: his stake is now {chips}"
    if kind == "play":
        return f"{who} plays, making his stake good to {chips}"
    if kind == "pass":
        return _pass(ruling, before, who)
    if kind == "all in short":
        return (
            f"{who} goes all in short: his last chips make his stake {chips}, below the "
            f"highest ({after.highest_stake}), and he is shown for what he staked"
        )
    if kind == "draw begins":
        return "the say is over and the draw begins"
    if kind == "make good":
        return f"{who} makes his stake good to {chips} before he draws"
    if kind == "stand pat":
        return f"{who} stands pat: he discards none and draws none"
    if kind == "discard":
        return f"{who} takes {_WORDS[chips] if chips < len(_WORDS) else chips}"
    if kind == "stock short":
        return (
            f"the stock runs short: {who} is owed {chips}, to be served once the dealer "
            "shuffles the discards"
        )
    if kind == "shuffle":
        return f"{who}, the dealer, shuffles the discards to serve those still owed cards"
    if kind == "betting begins":
        return "the draw is over and the betting begins"
    if kind == "bet":
        return f"{who} bets {chips}"
    if kind == "call":
        return f"{who} calls, making his stake {chips}"
    if kind == "stand":
        return f"{who} stands: he declines to bet for the moment"
    return _report_words(ruling, who, names)


def _pass(ruling: Ruling, before: GameState, who: str) -> str:
    if ruling.law == 54:
        return f"{who} passes, forfeiting his stake"
    seat = ruling.seats[0]
    if before.phase is Phase.DRAW and before.stakes[seat] < before.highest_stake:
        return f"{who} passes rather than make his stake good"
    return f"{who} passes and throws in his cards"


def _report_words(ruling: Ruling, who: str, names: Sequence[str]) -> str:
    kind = ruling.kind
    chips = ruling.chips
    if kind == "misdeal":
        return f"{who} {_MISDEAL[ruling.law]}"
    if kind == "redeal":
        return f"{who} deals again after the misdeal"
    if kind == "deal stands":
        return f"{who} objects, once the deal was complete, that the pack was not cut: it stands"
    if kind == "distraction":
        return f"{who} distracted the dealer: he pays the refund of any hand this deal makes foul"
    if kind == "exposed card":
        if ruling.law == 11:
            return f"{who} has a card exposed in the deal: he keeps it"
        return (
            f"{who} has a card exposed as the dealer serves his draw: it goes to the bottom "
            "of the stock, and he is served another in its place"
        )
    if kind == "lift":
        if ruling.law == 48:
            return f"{who} lifts his own cards, his draw: a wrong size found now makes it foul"
        return (
            f"{who} lifts his own cards: a wrong count found now makes his hand foul, no "
            "longer a misdeal"
        )
    if kind == "hand corrected":
        return (
            f"{who} has the wrong number of cards served, found before he lifted them: the "
            "dealer puts his draw right"
        )
    if kind == "foul":
        return f"{who}: {_FOUL[ruling.law]}"
    if kind == "wrong number":
        return f"{who} asked for the wrong number of cards and was given as many as he discarded"
    if kind == "deposit":
        return f"{who} deposits {chips} out of turn; it counts toward his stake at his turn"
    if kind == "question":
        return f"{who} asks the dealer how many cards he drew"
    if kind == "dispute":
        others = " and ".join(_seat_name(s, names) for s in ruling.seats)
        return f"a dispute between {others}, put to the one the laws name to settle it"
    if kind == "refund":
        payer, foul = (_seat_name(s, names) for s in ruling.seats)
        return f"{payer} refunds {chips} to {foul}, whose hand was foul as dealt"
    if kind == "retires broke":
        return f"{who}, left without a chip by the refund before he staked, retires"
    if kind == "all in broke":
        return f"{who}, left without a chip by the refund, plays on all in"
    raise ValueError(f"no words for a ruling of kind {kind!r}")  # pragma: no cover


def _tell(
    line: str,
    before: GameState,
    after: GameState,
    rulings: Sequence[Ruling],
    names: Sequence[str],
) -> Step:
    told = [r for r in rulings if r.kind not in _SETTLING]
    first = told[0].law
    parts = [_cited(_words(r, before, after, names), r, first) for r in told]
    parts[0] = _words(told[0], before, after, names)
    return _told(line, after, told, parts)


def first_step(state: GameState, names: Sequence[str] = ()) -> Step:
    """The game's start: the antes (Law 20, or Laws 30-32 in a jack-pot), and the deal (Law 7)
    unless No. 1 may straddle first (Law 21), as the engine ruled them."""
    return _tell("start", state, state, state.rulings.start, names)


def step(before: GameState, action: Event, after: GameState, names: Sequence[str] = ()) -> Step:
    """The step from ``before`` by ``action`` to ``after``, in words, with the laws the
    engine ruled at it (the last entry of ``after.rulings``)."""
    return _tell(format_action(action), before, after, _last_rulings(before, after), names)


def _last_rulings(
    before: GameState, after: GameState, keep: list[tuple[Ruling, ...]] | None = None
) -> tuple[Ruling, ...]:
    """``after.rulings[-1]``, made from ``before`` when ``after`` followed it by one event,
    so that narrating a game step by step replays it once, not at every step.

    Without ``keep``, ``after`` keeps its game's rulings (``before``'s and these), so that
    the next step finds them; a narrator of a whole game passes ``keep``, the rulings of
    each step so far, and the rulings are appended there instead: copying them into every
    state would cost the square of a long game's length."""
    history, earlier = after.history, before.history
    n = len(earlier)
    if len(history) != n + 1 or (n and history[n - 1] is not earlier[n - 1]):
        return after.rulings[-1]
    # The event as recorded: a shuffle or a redeal left to the engine holds its order.
    made = transition_rulings(before, history[n], after)
    if keep is None:
        kept = before.rulings
        keep_rulings(after, Rulings(start=kept.start, events=(*kept.events, made)))
    else:
        keep.append(made)
    return made


def _hand(state: GameState, seat: int) -> str:
    return str(evaluate(state.hands[seat], state.rules.hands))


def _settled(state: GameState) -> tuple[Ruling, ...]:
    """The rulings of the transition that last settled the pool (or of the start, when
    the game ended as it began)."""
    rulings = state.rulings
    for group in reversed((rulings.start, *rulings.events)):
        if any(r.kind in _SETTLING for r in group):
            return group
    raise ValueError("the game is over, yet no ruling settled its pool")  # pragma: no cover


def end_step(state: GameState, names: Sequence[str] = ()) -> Step:
    """The end of a finished game: the show in its order and who takes the pool and why,
    as the engine settled it (Laws 29, 33, 58-60, 64, 76)."""
    group = _settled(state)
    settling = [r for r in group if r.kind in _SETTLING]
    # A hand found foul at the show (Law 64) is told with the settlement it made again.
    foul = [r for r in group if r.kind == "foul" and r.law == 64]
    if any(r.kind == "level" for r in settling):
        first = 60
    else:
        first = next((r.law for r in settling if r.kind not in ("show", "share")), 0)
        first = first or settling[0].law
    ordered = sorted([*settling, *foul], key=lambda r: r.law != first)
    shown = ""
    parts: list[str] = []
    for at, ruling in enumerate(settling):
        if ruling.kind == "show":
            shown = _SEP.join(
                f"{_seat_name(s, names)} shows {_hand(state, s)}" for s in ruling.seats
            )
            shown = f"the show, in order: {shown}. "
            continue
        after_level = at > 0 and settling[at - 1].kind == "level"
        parts.append(_end_words(ruling, settling, state, names, first, after_level=after_level))
    parts.extend(
        f"{_seat_name(r.seats[0], names)}'s hand, found foul at the show, loses (Law 64)"
        for r in foul
    )
    return Step(
        line="end",
        law=first,
        law_title=law(first).title,
        says=shown + _SEP.join(parts),
        state=state,
        rulings=tuple(ordered),
    )


def _end_words(
    ruling: Ruling,
    group: Sequence[Ruling],
    state: GameState,
    names: Sequence[str],
    first: int,
    *,
    after_level: bool,
) -> str:
    kind = ruling.kind
    who = " and ".join(_seat_name(s, names) for s in ruling.seats)
    chips = ruling.chips
    if kind == "unopened":
        text = f"nobody opened: the pool of {chips} stays for the next game, a jack-pot"
    elif kind == "false opener":
        text = (
            f"{who} opened without the openers: he pays {chips} as the penalty and the pool "
            f"of {state.pool} goes to the next jack-pot"
        )
    elif kind == "uncalled":
        text = f"nobody called: {who} takes {chips} without showing his hand"
        if any(r.kind == "openers shown" for r in group):
            text = f"nobody called: {who} takes {chips}"
    elif kind == "openers shown":
        text = "he shows his openers, as a jack-pot's opener must"
    elif kind == "best hand":
        text = f"{who} takes {chips} with the best hand"
    elif kind == "level":
        short, *takers = ruling.seats
        whose = "his own" if takers == [short] else f"{_seat_name(short, names)}'s"
        who = " and ".join(_seat_name(s, names) for s in takers)
        verb = "takes" if len(takers) == 1 else "take"
        text = f"{who} {verb} {chips}, the level of {whose} stake, short of the highest"
    elif kind == "share":
        text = (
            "with equal hands, they share it"
            if after_level
            else f"{who} share {chips} with equal hands"
        )
    else:
        assert kind == "odd chip"
        text = f"{chips} stays in the pool, the odd chip of a share"
    return _cited(text, ruling, first)


def game_steps(game: GameRecord, names: Sequence[str] = ()) -> tuple[Step, ...]:
    """Every step of a recorded game: the start, each action, and the end if it is over.

    Raises:
        IllegalRecord: an action of the record is refused (as :func:`replay` raises it).
        ValueError: the game cannot begin.
    """
    return tuple(each_step(game, names))


def each_step(game: GameRecord, names: Sequence[str] = ()) -> Iterator[Step]:
    """The steps of :func:`game_steps` one at a time, so that a long game's page holds one
    state at a time, not all of them."""
    state = begin(game)
    start = state.rulings.start
    yield first_step(state, names)
    made: list[tuple[Ruling, ...]] = []
    for index, action in enumerate(game.actions):
        result = apply(state, action)
        if isinstance(result, RuleViolation):
            raise IllegalRecord(index, result)
        told = _last_rulings(state, result, made)
        yield _tell(format_action(action), state, result, told, names)
        state = result
    if state.phase is Phase.OVER:
        keep_rulings(state, Rulings(start=start, events=tuple(made)))
        yield end_step(state, names)
