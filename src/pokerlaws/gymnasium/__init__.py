"""Gymnasium environments over the book's game (the ``gymnasium`` extra): one learning seat
against policies for the others (:class:`SeatEnv`), and many such seats at once over the
batch tables (:class:`VectorSeatEnv`, with the ``batch`` extra's numpy)."""

from __future__ import annotations

from pokerlaws.gymnasium.seat import SeatEnv
from pokerlaws.gymnasium.vector import VectorSeatEnv

__all__ = ["SeatEnv", "VectorSeatEnv"]
