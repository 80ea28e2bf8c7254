"""How the table reads a seat's answer (the seat protocol, :mod:`pokerlaws.seats`): the
action an id of the :class:`~pokerlaws.agents.ActionSpace` names, the default a faulty seat
takes, and a bot's answer line judged: the legal action it names, or the kind of fault it is
(:mod:`pokerlaws.faults`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pokerlaws.actions import (
    ACTION_TYPES,
    Action,
    DeclineStraddle,
    Discard,
    LegalActions,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
from pokerlaws.agents.space import DECLINE, DISCARD, DISCARDS, PASS, REDEAL, SHUFFLE, STAKE
from pokerlaws.agents.space import STAND as STAND_ID
from pokerlaws.agents.space import STRADDLE as STRADDLE_ID
from pokerlaws.faults import ILLEGAL, NO_ACTION, NOT_JSON, OTHER_SEAT, REPORT, excerpt
from pokerlaws.records.jsonio import FORMAT, from_json
from pokerlaws.reports import REPORT_TYPES
from pokerlaws.views import PlayerView

__all__ = ["default_action", "judge_answer", "read_answer"]

_SIMPLE_IDS: dict[int, type] = {
    PASS: Pass,
    STAND_ID: Stand,
    STRADDLE_ID: Straddle,
    DECLINE: DeclineStraddle,
    SHUFFLE: Shuffle,
    REDEAL: Redeal,
}


def _others(legal: Sequence[Action]) -> Sequence[Action]:
    # A long run of stakes is never listed: only the other actions are looked through.
    return legal.others if isinstance(legal, LegalActions) else legal


def _least_stake(legal: Sequence[Action]) -> Stake | None:
    if isinstance(legal, LegalActions):
        return Stake(seat=legal.seat, amount=legal.amounts[0])
    return next((action for action in legal if type(action) is Stake), None)


def default_action(legal: Sequence[Action]) -> Action:
    """The action a faulty seat takes: the first legal of ``Pass``, ``DeclineStraddle``,
    ``Stand``, a pat ``Discard`` and the least ``Stake``, else the only action left (the
    dealer's Law 41 ``Shuffle``, a Law 8 ``Redeal``).

    Raises:
        ValueError: ``legal`` is empty (it is not the seat's turn).
    """
    if not legal:
        raise ValueError("no legal action: it is not this seat's turn")
    others = _others(legal)
    for kind in (Pass, DeclineStraddle, Stand):
        for action in others:
            if type(action) is kind:
                return action
    for action in others:
        if type(action) is Discard and not action.cards:
            return action
    return _least_stake(legal) or legal[0]


def _action_of_id(view: PlayerView, i: int) -> Action | None:
    """The legal action id ``i`` of the table's ``ActionSpace`` names in ``view``, or None.

    Ids name actions relative to the state, which the view shows enough of: a discard by
    the positions of the cards in ``view.hand``, ``stake k`` as the least legal stake plus
    ``k``."""
    legal = view.legal_actions
    others = _others(legal)
    kind = _SIMPLE_IDS.get(i)
    if kind is not None:
        return next((action for action in others if type(action) is kind), None)
    if DISCARD <= i < DISCARD + DISCARDS:
        bits = i - DISCARD
        hand = view.hand
        if bits >> len(hand):
            return None
        wanted = Discard(
            seat=view.seat, cards=tuple(c for k, c in enumerate(hand) if bits >> k & 1)
        )
        return wanted if wanted in others else None
    least = _least_stake(legal)
    if least is None or i < STAKE or i - STAKE > view.rules.limit:
        return None
    stake = Stake(seat=view.seat, amount=least.amount + i - STAKE)
    return stake if stake in legal else None


def read_answer(line: bytes, view: PlayerView) -> Action | None:
    """The legal action of ``view``'s seat that a bot's answer ``line`` names, or None for
    anything else (not UTF-8, not JSON, no action, a report, another seat's action, an
    action not legal now)."""
    judged = judge_answer(line, view)
    return judged if isinstance(judged, ACTION_TYPES) else None  # type: ignore[return-value]


def judge_answer(line: bytes, view: PlayerView) -> Action | tuple[str, str]:
    """The legal action of ``view``'s seat that ``line`` names, or the fault it is: its
    kind (:data:`pokerlaws.faults.FAULT_KINDS`) and a short detail for the bot's author."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return NOT_JSON, f"not UTF-8: {excerpt(line)}"
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, nested without end
        return NOT_JSON, excerpt(text.rstrip("\n"))
    if type(document) is not dict:
        return NO_ACTION, excerpt(text.rstrip("\n"))
    if document.keys() == {"id"}:
        i = document["id"]
        if type(i) is not int:
            return NO_ACTION, excerpt(text.rstrip("\n"))
        chosen = _action_of_id(view, i)
        return (ILLEGAL, f"id {i}: no legal action now") if chosen is None else chosen
    document.setdefault("format", FORMAT)
    try:
        action = from_json(json.dumps(document))
    except Exception as error:  # whatever a stranger's document makes the reader do
        return NO_ACTION, excerpt(str(error))
    said = str(action)[:80]
    # The exact type: only the engine's own actions, which compare as values.
    if type(action) in REPORT_TYPES:
        return REPORT, said
    if type(action) not in ACTION_TYPES:
        return NO_ACTION, f"a {type(action).__name__} document"
    if action.seat != view.seat:
        return OTHER_SEAT, said
    if action in view.legal_actions:
        return action  # type: ignore[no-any-return]
    return ILLEGAL, said
