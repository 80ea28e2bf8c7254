"""The sitting record text (docs/notation.md, "Sitting records") is read exactly as strictly
as the page says: words between spaces and tabs only, names that are names, UTF-8 text."""

from __future__ import annotations

from pathlib import Path

import pytest

import pokerlaws as pl
from tests.test_notation import NOT_SEPARATORS

PAGE = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
TEXT = PAGE.split("## Sitting records", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]


def _replace(old: str, new: str) -> str:
    assert TEXT.count(old) == 1, old
    return TEXT.replace(old, new)


def _line_of(prefix: str, text: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(prefix))


def test_spaces_and_tabs_separate_words_and_a_carriage_return_ends_a_line() -> None:
    loose = TEXT.replace(" ", " \t ").replace("\n", " \r\n")
    assert pl.parse_sitting_record(loose) == pl.parse_sitting_record(TEXT)


LINES = [
    "pokerlaws-sitting 1",
    "term kitty_percent 0",
    'player "Ann" 20',
    "cut Qs 3d",
    "game 1",
    'join "Dee" 15 seat 1',
    "end sitting",
]


@pytest.mark.parametrize("separator", NOT_SEPARATORS, ids=ascii)
@pytest.mark.parametrize("line", LINES)
def test_no_other_white_space_separates_words(separator: str, line: str) -> None:
    spoilt = line.replace(" ", separator, 1)
    text = _replace(line, spoilt)
    with pytest.raises(pl.NotationError) as raised:
        pl.parse_sitting_record(text)
    assert raised.value.line == _line_of(spoilt, text)


@pytest.mark.parametrize("separator", NOT_SEPARATORS, ids=ascii)
def test_no_other_white_space_pads_a_line(separator: str) -> None:
    for line in ('player "Bob" 20\n', "end sitting\n", "game 2\n"):
        with pytest.raises(pl.NotationError):
            pl.parse_sitting_record(_replace(line, line.replace("\n", separator + "\n")))
        with pytest.raises(pl.NotationError):
            pl.parse_sitting_record(_replace(line, separator + line))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('player "Bob" 20', 'player "Bob"20', "followed by a space"),
        ('join "Dee" 15 seat 1', 'join "Dee"15 seat 1', "followed by a space"),
        ('player "Bob" 20', 'player "" 20', "a player's name must be printable"),
        ('player "Bob" 20', 'player " Bob" 20', "a player's name must be printable"),
        ('player "Bob" 20', 'player "Bob\\u001b[2J" 20', "a player's name must be printable"),
        ('join "Dee" 15 seat 1', 'join "Dee\\nlegal" 15 seat 1', "a player's name must be"),
        ('player "Bob" 20', 'player "\\ud800" 20', "lone surrogate"),
        ('player "Bob" 20', 'player "Bob\udc80" 20', "lone surrogate"),
        ("term kitty_chips 0", "term kitty_chips  0 0", "a term line is `term <name> <value>`"),
    ],
    ids=ascii,
)
def test_a_name_is_a_name_and_the_text_is_utf_8(old: str, new: str, message: str) -> None:
    """A name that is not printable text, or not followed by a space, is malformed at its
    line, as a lone surrogate is: not an IllegalSittingRecord when replayed."""
    text = _replace(old, new)
    with pytest.raises(pl.NotationError, match=message) as raised:
        pl.parse_sitting_record(text)
    assert raised.value.line == _line_of(new, text)


def test_a_lone_surrogate_is_refused_even_in_a_comment() -> None:
    text = TEXT.replace("\ngame 1\n", "\n# Ann \udc80\ngame 1\n")
    with pytest.raises(pl.NotationError, match="lone surrogate") as raised:
        pl.parse_sitting_record(text)
    assert raised.value.line == _line_of("# Ann", text)
