"""The game in play as its players tell it, for the table pages' log and show: each step
in words with the law the engine applied at it (``pokerlaws.render.steps``, from
``GameState.rulings``: no table of laws here), and at a game's end the hands laid face up
in Law 59's order, with who takes what.

All of it is public: a step tells a draw by its count (Law 51), never its cards, and the
hands told are those the laws show to the whole table (``show_order``). So one story serves
every seat and spectator, worked out once a state and only when a page asks for it (the
players' actions never wait for it).
"""

from __future__ import annotations

from typing import Any

from pokerlaws.hands import evaluate
from pokerlaws.records.game import record
from pokerlaws.render.steps import Names, game_steps
from pokerlaws.service.sittings import Table
from pokerlaws.state import Phase

__all__ = ["story"]


def story(table: Table) -> dict[str, Any]:
    """The story of ``table``'s game in play (or just ended): ``steps`` (each ``says``,
    ``law`` and ``title``) and, once it is over, ``shown`` (each hand face up, in order)."""
    found: dict[str, Any] = table.kept("story", _story)
    return found


def _story(table: Table) -> dict[str, Any]:
    sitting = table.sitting
    state = sitting.game
    names = Names(sitting.game_seating)
    steps = [
        {"says": step.says, "law": step.law, "title": step.law_title}
        for step in game_steps(record(state), names)
    ]
    over = state.phase is Phase.OVER
    shown = [
        {
            "seat": seat,
            "name": names[seat],
            "cards": [str(card) for card in state.hands[seat]],
            "hand": str(evaluate(state.hands[seat], state.rules.hands)),
        }
        for seat in (state.show_order if over else ())
    ]
    return {
        "seq": table.seq,
        "game": len(sitting.games) + (0 if over else 1),
        "steps": steps,
        "over": over,
        "shown": shown,
        "winners": [names[seat] for seat in state.winners] if over else [],
        "payouts": list(state.payouts) if over else [],
    }
