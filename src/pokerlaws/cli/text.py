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

import json
from typing import Any, TextIO

__all__ = ["json_line", "printable", "printable_data", "say"]


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped as ``repr`` escapes it:
    ``printable("a\\x1bb\\n") == "a\\\\x1bb\\\\n"``; printable text is returned unchanged."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def printable_data(data: Any) -> Any:
    """``data`` (a verdict for ``json.dumps``) with each string in it, a member's name too,
    made :func:`printable`. JSON's own escapes would let a reader of the document print
    ``\\x1b`` or a line break that came from the file; the verdict's text says what the
    text mode says, escaped the same way."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, dict):
        return {printable(name): printable_data(value) for name, value in data.items()}
    if isinstance(data, list | tuple):
        return [printable_data(value) for value in data]
    return data


def json_line(verdict: dict[str, Any]) -> str:
    """``verdict`` as one line of JSON, its text escaped as the text mode escapes it."""
    return json.dumps(printable_data(verdict))  # ASCII: json escapes every other character


def say(out: TextIO, line: str) -> None:
    """Write ``line`` to ``out`` as one line: escaped (:func:`printable`), then a newline."""
    out.write(printable(line) + "\n")
