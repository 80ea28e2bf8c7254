"""docs/bots.md runs as written: its bot is a whole bot, and its match plays it."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.bots import process_bot

PAGE = Path(__file__).resolve().parents[1] / "docs" / "bots.md"


def blocks() -> list[tuple[int, str]]:
    """Each Python block of the page with the number of lines before it."""
    text = PAGE.read_text(encoding="utf-8")
    found = list(re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M))
    return [(text.count("\n", 0, match.start(1)), match.group(1)) for match in found]


def test_the_page_runs_in_order_its_bot_written_to_the_file_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A block whose first line names a file (``# mybot.py``) is that file; the others run
    in order, in one namespace, in the folder that holds it."""
    found = blocks()
    assert len(found) == 2
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "bots_doc"}
    for before, code in found:
        first = code.splitlines()[0]
        if re.fullmatch(r"# \w+\.py", first):
            (tmp_path / first[2:]).write_text(code, "utf-8")
            continue
        exec(compile("\n" * before + code, "<docs/bots.md>", "exec"), namespace)
    assert namespace["result"].games >= 4


def test_the_pages_bot_answers_only_legal_actions_and_reads_the_protocol(
    tmp_path: Path,
) -> None:
    """The page's bot, over every turn of a few games, answers a legal action each time
    and exits on Bye."""
    (_, code), _ = blocks()
    path = tmp_path / "mybot.py"
    path.write_text(code, "utf-8")
    bot = process_bot([sys.executable, os.fspath(path)], timeout=2.0)
    rules = pl.Rules(ante=1, limit=4)
    for seed in range(3):
        state = pl.new_game(rules, [50] * 4, dealer=seed, deck=pl.shuffled_deck(seed))
        while state.to_act is not None:
            seen = pl.view(state, state.to_act)
            action = bot(seen, random.Random(seed))
            assert action in seen.legal_actions
            after = pl.apply(state, action)
            assert isinstance(after, pl.GameState)
            state = after
        bot.game_over(pl.view(state, 0))
    assert bot.faults == 0
    process = bot._process
    assert process is not None
    bot.bye({"a": 0})
    bot.close()
    assert process.returncode == 0


def test_the_page_shows_the_documents_as_the_table_writes_them() -> None:
    """The Hello example on the page names the members the table sends."""
    text = PAGE.read_text(encoding="utf-8")
    (hello,) = re.findall(r'^\{"format": "pokerlaws/1", "type": "Hello".*?\}$', text, re.S | re.M)
    members = set(re.findall(r'"(\w+)":', hello))
    assert {"format", "type", "name", "seat", "seats", "rules", "seed"} <= members
