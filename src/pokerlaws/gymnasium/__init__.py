"""Gymnasium environments over the book's game (the ``gymnasium`` extra): one learning seat
against policies for the others (:class:`SeatEnv`)."""

from __future__ import annotations

from pokerlaws.gymnasium.seat import SeatEnv

__all__ = ["SeatEnv"]
