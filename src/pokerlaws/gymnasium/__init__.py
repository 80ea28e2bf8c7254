"""Gymnasium environments over the book's game (the ``gymnasium`` extra): one learning seat
against policies for the others (:class:`SeatEnv`), and many such seats at once over the
batch tables (:class:`VectorSeatEnv`, with the ``batch`` extra's numpy)."""

from __future__ import annotations

from pokerlaws._extras import needs_extra

# The environments load from here (a submodule imported by name runs this first); the
# gymnasium extra brings PettingZoo and numpy too, which pokerlaws.pettingzoo and the batch
# they use need, so their missing extras are told as this one.
with needs_extra("gymnasium", "pokerlaws.gymnasium"):
    from pokerlaws.gymnasium.seat import SeatEnv
    from pokerlaws.gymnasium.vector import VectorSeatEnv

__all__ = ["SeatEnv", "VectorSeatEnv"]
