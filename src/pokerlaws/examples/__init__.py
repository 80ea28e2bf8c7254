"""Recorded games shipped with the package: the book's worked example and a few others.

The records are package data, read through :mod:`importlib.resources`, so they are there
wherever the package is installed: ``pokerlaws.examples.peel()`` and
``pokerlaws replay --example peel`` work from any directory, not only from a checkout.

- ``peel``: Peel's worked example of staking, five seats, ante 3 and limit 12;
- ``short``: a short ordinary game at three seats (the example of ``docs/notation.md``);
- ``unopened-1`` and ``unopened-2``: a game nobody opens, then the knaves jack-pot after it
  (Laws 29, 30);
- ``queens-jackpot``: the queens jack-pot after two unopened games (Law 31);
- ``ten-seats-shuffle``: ten seats draw three each, and the dealer shuffles the discards
  (Law 41).

The test suite's golden records (``tests/golden``) are the same files; a test keeps the two
copies equal.
"""

from __future__ import annotations

import functools
from importlib import resources

from pokerlaws.records.game import GameRecord
from pokerlaws.records.notation import parse_record

__all__ = ["load", "names", "peel", "text"]

_SUFFIX = ".record"


@functools.cache
def names() -> tuple[str, ...]:
    """The examples' names, in alphabetical order: ``("peel", "queens-jackpot", ...)``."""
    here = resources.files(__name__)
    return tuple(
        sorted(
            entry.name.removesuffix(_SUFFIX)
            for entry in here.iterdir()
            if entry.name.endswith(_SUFFIX)
        )
    )


def text(name: str) -> str:
    """The record notation of the example ``name``, comments included, as the file holds it.

    Raises:
        TypeError: ``name`` is not a string.
        ValueError: there is no example of that name (the message lists the names there are).
    """
    if not isinstance(name, str):
        raise TypeError(f"an example's name is a string, not a {type(name).__name__}")
    if name not in names():  # also keeps a name such as ../x from reaching the file system
        raise ValueError(f"no example {name!r}: the examples are {', '.join(names())}")
    return resources.files(__name__).joinpath(name + _SUFFIX).read_text(encoding="utf-8")


def load(name: str) -> GameRecord:
    """The example ``name`` as a :class:`GameRecord`: ``replay(load("short"))`` plays it.

    Raises:
        TypeError: ``name`` is not a string.
        ValueError: there is no example of that name (the message lists the names there are).
    """
    return parse_record(text(name))


def peel() -> GameRecord:
    """Peel's worked example of staking: A to E at seats 0-4, A deals, ante 3, limit 12. C
    opens, A raises, B, C and A draw; after the draw C, A and B bet, A passes, and C's hand
    takes the pool of 126."""
    return load("peel")
