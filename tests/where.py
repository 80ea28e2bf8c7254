"""Where a differential test stands, for an assertion's message: written out only when an
assertion fails, since a game's history as text costs more than the comparison it labels (a
quarter of the batch's 100,000-game run went into messages no one read)."""

from __future__ import annotations

from pokerlaws.state import GameState


class At:
    """``label: history`` of ``state``, made when pytest shows the message."""

    __slots__ = ("label", "state")

    def __init__(self, label: str, state: GameState) -> None:
        self.label = label
        self.state = state

    def __repr__(self) -> str:
        return f"{self.label}: {self.state.history}"

    __str__ = __repr__
