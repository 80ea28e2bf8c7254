"""What the ``pokerlaws`` command prints: one line at a time, input escaped.

Record files come from strangers, and their tags, names, cards and the messages that quote
them reach the terminal. Every line the command prints goes through :func:`say`, which
escapes each character that is not printable (a control character such as ``\\x1b`` or
``\\n``, a line or paragraph separator such as ``\\u2028``, a format character such as
``\\u202e``, an unpaired surrogate such as ``\\ud800``) as ``repr`` escapes it. So no input
can move the cursor, clear the screen, add a line that looks like a verdict, or make the
output fail to encode; printable text, accented letters included, is printed as it is.
"""

from __future__ import annotations

from typing import TextIO

__all__ = ["printable", "say"]


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped as ``repr`` escapes it:
    ``printable("a\\x1bb\\n") == "a\\\\x1bb\\\\n"``; printable text is returned unchanged."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def say(out: TextIO, line: str) -> None:
    """Write ``line`` to ``out`` as one line: escaped (:func:`printable`), then a newline."""
    out.write(printable(line) + "\n")
