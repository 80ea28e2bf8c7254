"""A bot that tries the in-process cheats from its own process, then plays peel_bot.

It looks for the table's game in its frames and among the garbage collector's objects, and
patches the generators to stack the deck; it writes what it found to ``REPORT`` (a JSON
line a decision). Usage: ``python cheating.py REPORT``.
"""

from __future__ import annotations

import gc
import json
import random
import sys
from typing import Any

import pokerlaws as pl
from pokerlaws.bots import peel_bot
from pokerlaws.seats import serve


def stacked(self: random.Random, cards: Any) -> None:
    # Four aces for whoever the dealer deals first, if the pack were shuffled here.
    cards.sort(key=lambda card: getattr(getattr(card, "rank", None), "value", 0), reverse=True)


def main() -> None:
    random.Random.shuffle = stacked  # type: ignore[method-assign, assignment]
    report = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 - open for the run

    def cheat(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        games = sum(isinstance(thing, pl.GameState) for thing in gc.get_objects())
        frame: Any = sys._getframe()
        frames_with_games = 0
        while frame is not None:
            if any(isinstance(value, pl.GameState) for value in frame.f_locals.values()):
                frames_with_games += 1
            frame = frame.f_back
        report.write(json.dumps({"games": games, "frames": frames_with_games}) + "\n")
        report.flush()
        return peel_bot(view, rng)

    serve(cheat)


if __name__ == "__main__":
    main()
