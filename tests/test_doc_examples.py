"""Every example of the docs runs as pasted: each page's Python blocks in order, in one
namespace, as a reader pastes them into one script; what a block prints is the text block
that follows it, or the comments of its ``print`` lines. And the README links every guide."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
PRINTS = re.compile(r"^\s*print\(.*\)\s+# (.*)$", re.M)

# Pages whose blocks another test runs, with what it checks of them.
RUN_ELSEWHERE = {
    "tutorial.md": "tests/test_tutorial_doc.py",
    "pokerkit.md": "tests/test_tutorial_doc.py",
    "strategies.md": "tests/test_strategies_doc.py",
    "bots.md": "tests/test_bots_doc.py",
}
RUN_HERE = ["irregularities.md", "notation.md", "odds.md", "overview.md", "views.md"]
# Pages run here by tests of their own, which check what the page claims besides.
RUN_BY_OWN_TESTS = ["agents.md", "backend.md", "batch.md", "openspiel.md", "service.md"]


def needs_extra(code: str) -> str | None:
    """The extra a block needs beyond the ``dev`` one the default suite has, if any: its
    blocks run in tests/agents/test_agents_page.py and the pages' own tests."""
    for module, extra in (
        ("distributed", "dask"),
        ("pettingzoo", "pettingzoo"),
        ("gymnasium", "gymnasium"),
        ("starlette", "service"),
    ):
        if module in code:
            return extra
    return None


def run_page(name: str, chosen: Callable[[str], bool] = lambda code: True) -> dict[str, Any]:
    """Run the page's chosen Python blocks in order in one namespace, as the script
    ``__main__`` they would be pasted into; each is compiled at its own lines of the page
    (a traceback names the page's line), under a name that is no file."""
    text = (DOCS / name).read_text(encoding="utf-8")
    found = list(BLOCK.finditer(text))
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for at, match in enumerate(found):
        kind, code = match.groups()
        if kind != "python" or not chosen(code):
            continue
        printed = io.StringIO()
        lines_before = text.count("\n", 0, match.start(2))
        with contextlib.redirect_stdout(printed):
            exec(compile("\n" * lines_before + code, f"<docs/{name}>", "exec"), namespace)
        following = found[at + 1] if at + 1 < len(found) else None
        # A text block right after the code (nothing but a blank line between) is its output.
        shows = following is not None and not text[match.end() : following.start()].strip()
        if following is not None and shows and following.group(1) == "text":
            expected = following.group(2)
        else:
            expected = "".join(f"{said}\n" for said in PRINTS.findall(code))
        assert printed.getvalue() == expected, (name, lines_before + 1)
    return namespace


def test_every_page_with_an_example_has_its_blocks_run() -> None:
    pages = {
        page.relative_to(DOCS).as_posix()
        for page in DOCS.rglob("*.md")
        if "```python\n" in page.read_text(encoding="utf-8")
    }
    assert pages == {*RUN_HERE, *RUN_BY_OWN_TESTS, *RUN_ELSEWHERE}


@pytest.mark.parametrize("name", RUN_HERE)
def test_the_pages_examples_run_as_pasted(name: str) -> None:
    run_page(name)


def test_the_agents_page_gives_one_result_on_every_executor() -> None:
    """Its blocks that need no extra: the simulation in this process and on a process pool
    give one result."""
    namespace = run_page("agents.md", lambda code: needs_extra(code) is None)
    assert namespace["same"] == namespace["result"]
    assert namespace["result"].games > 0


def test_the_backend_page_plays_whole_games_and_refuses_every_hostile_message() -> None:
    namespace = run_page("backend.md")
    table = namespace["table"]
    assert table.over
    broke = sum(chips > 0 for chips in table.sitting.chips) < 2  # the packs are the server's
    assert len(table.sitting.games) == 3 or broke
    assert len(namespace["hostile"]) >= 5


def test_the_readme_links_every_guide_and_every_link_to_the_docs_is_a_page() -> None:
    """Each Markdown page of docs/ (not the generated reference) is linked from the README
    (agents.md and sitting.md were not), and every link into docs/ names a file there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((docs/[^)#\s]+)", readme))
    guides = {f"docs/{page.name}" for page in DOCS.glob("*.md")}
    assert guides - linked == set()
    assert {link for link in linked if not (ROOT / link).exists()} == set()
