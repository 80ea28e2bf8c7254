"""docs/tutorial.md and docs/pokerkit.md run: every Python block of a page in order, each
printing exactly the text block that follows it (a ``py`` block is shown, not run)."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "tutorial.md"
PAGES = [PAGE, ROOT / "docs" / "pokerkit.md"]
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)


def blocks(page: Path) -> list[tuple[str, str]]:
    return [(kind, body) for kind, body in BLOCK.findall(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_page_runs_and_prints_what_it_shows(
    page: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # not the checkout: a reader has only the package installed
    found = blocks(page)
    assert sum(kind == "python" for kind, _ in found) >= 4
    namespace: dict[str, Any] = {"__name__": "tutorial"}
    for at, (kind, body) in enumerate(found):
        if kind != "python":
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(body, str(page), "exec"), namespace)
        following = found[at + 1] if at + 1 < len(found) else ("", "")
        if following[0] == "text":
            assert printed.getvalue() == following[1], body
        else:
            assert printed.getvalue() == "", body


def test_the_tutorial_shows_the_screenshot_it_names() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for image in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert os.path.exists(PAGE.parent / image), image
