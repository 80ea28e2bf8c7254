"""The worked example of docs/strategies.md runs, passes, and would catch a bad bot."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, settings

import pokerlaws as pl

PAGE = Path(__file__).resolve().parents[1] / "docs" / "strategies.md"


def page_namespace() -> dict[str, Any]:
    """Run every Python block of the page, in order, in one namespace, as a reader would.

    Each block is compiled at its own lines of the page, so a traceback names the page's line;
    under a name that is no file (``<docs/strategies.md>``), because Hypothesis reads a test's
    source to seed it, and the lines around a block are Markdown, which Python 3.12's
    tokenizer refuses where 3.11's let it pass.
    """
    text = PAGE.read_text(encoding="utf-8")
    found = list(re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M))
    assert found, "docs/strategies.md has no Python example"
    namespace: dict[str, Any] = {"__name__": "strategies_doc"}
    for match in found:
        lines_before = text.count("\n", 0, match.start(1))
        code = "\n" * lines_before + match.group(1)
        exec(compile(code, "<docs/strategies.md>", "exec"), namespace)
    return namespace


def page_tests() -> list[str]:
    return sorted(name for name in page_namespace() if name.startswith("test_"))


def test_the_page_has_the_worked_example() -> None:
    assert "test_the_bot_never_makes_an_illegal_move" in page_tests()
    assert "test_the_bot_plays_whole_games_legally" in page_tests()


@pytest.mark.parametrize("name", page_tests())
def test_the_pages_tests_pass(name: str) -> None:
    test: Callable[[], None] = page_namespace()[name]
    test()


def _opens_short(state: pl.GameState) -> pl.Action:
    """The page's bug: open by staking only what is short of the highest stake."""
    seat = state.to_act
    assert seat is not None
    if state.phase is pl.Phase.STRADDLE:
        return pl.DeclineStraddle(seat=seat)
    if state.phase is pl.Phase.SAY and state.opener is None:
        short = state.highest_stake - state.stakes[seat]
        return pl.Stake(seat=seat, amount=max(1, min(short, state.stacks[seat])))
    action: pl.Action = pl.Pass(seat=seat)
    return action


@contextlib.contextmanager
def _unshrunk() -> Iterator[None]:
    """Settings made inside (the page's ``@settings``) draw examples but do not shrink the
    failure they find: shrinking replays hundreds of games, and what is checked here is only
    that a failure is found, and why."""
    settings.register_profile("_before_page", settings())
    settings.register_profile(
        "_page_unshrunk", settings(), phases=[Phase.explicit, Phase.reuse, Phase.generate]
    )
    settings.load_profile("_page_unshrunk")
    try:
        yield
    finally:
        settings.load_profile("_before_page")


def test_the_pages_property_catches_a_bot_that_opens_short() -> None:
    """Law 25: the opener stakes at least double the ante, so the bad bot is caught (in a
    jack-pot it may be caught sooner, without openers: Laws 30-32)."""
    with _unshrunk():
        namespace = page_namespace()
    namespace["toy_bot"] = _opens_short
    with pytest.raises(AssertionError, match=r"Law (25|30|31|32):"):
        namespace["test_the_bot_never_makes_an_illegal_move"]()
