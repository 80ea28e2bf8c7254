"""The committed docs agree with the code: the laws index is current and the nav is complete."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from pokerlaws.lawbook import LAWS, Treatment

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GENERATOR = DOCS / "gen_laws.py"
LAWS_PAGE = DOCS / "laws.md"


def load_generator() -> ModuleType:
    """Import docs/gen_laws.py from its path (docs/ is not a package)."""
    spec = importlib.util.spec_from_file_location("gen_laws", GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_laws_page_is_up_to_date() -> None:
    """docs/laws.md is what docs/gen_laws.py renders from the lawbook; rerun it if this fails."""
    render: Callable[[], str] = load_generator().render
    committed = LAWS_PAGE.read_text(encoding="utf-8")
    assert committed == render(), "docs/laws.md is stale: run `python docs/gen_laws.py`"


def test_laws_page_has_a_row_per_law() -> None:
    rows = re.findall(r"^\| (\d+) \|", LAWS_PAGE.read_text(encoding="utf-8"), re.MULTILINE)
    assert [int(number) for number in rows] == [entry.number for entry in LAWS]


def test_importing_the_generator_writes_nothing() -> None:
    before = LAWS_PAGE.stat().st_mtime_ns
    load_generator()
    assert LAWS_PAGE.stat().st_mtime_ns == before


def test_nav_lists_every_page_and_only_pages_that_exist() -> None:
    """mkdocs.yml's nav names each Markdown page in docs/ once, and no page that is missing."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = re.findall(r"^\s*-\s*[^:\n]+:\s*(\S+\.md)\s*$", config, re.MULTILINE)
    pages = sorted(path.name for path in DOCS.glob("*.md"))
    assert sorted(nav) == pages
    assert len(set(nav)) == len(nav)


def test_every_enforced_law_has_a_test_named_after_it() -> None:
    """A law the lawbook marks enforced is exercised by at least one test_law_<n>_ test."""
    tests: dict[int, list[str]] = load_generator().tests_by_law()
    untested = [
        entry.number
        for entry in LAWS
        if entry.treatment is Treatment.ENFORCED and not tests.get(entry.number)
    ]
    assert not untested, f"enforced laws with no test_law_<n>_ test: {untested}"


def test_every_enforced_law_is_cited_where_it_is_enforced() -> None:
    """A law the lawbook marks enforced is cited (``Law N``) somewhere in the engine."""
    where: dict[int, list[str]] = load_generator().enforcement()
    uncited = [
        entry.number
        for entry in LAWS
        if entry.treatment is Treatment.ENFORCED and not where[entry.number]
    ]
    assert not uncited, f"enforced laws cited nowhere in src/pokerlaws: {uncited}"


def test_law_8_the_irregularities_page_example_runs() -> None:
    """The example at the head of docs/irregularities.md runs as written (a misdeal and
    the redeal, Law 8)."""
    text = (DOCS / "irregularities.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    exec(compile(block, "docs/irregularities.md", "exec"), {})


def test_every_law_the_engine_models_has_a_test_named_after_it() -> None:
    """Every law from 1 to 81 is accounted for: enforced, remedied or recorded, each with
    a test named ``test_law_<n>_...``, or not modelled with its reason (test_lawbook)."""
    tested = load_generator().tests_by_law()
    untested = [
        entry.number
        for entry in LAWS
        if entry.treatment is not Treatment.NOT_MODELLED and not tested[entry.number]
    ]
    assert not untested, f"laws modelled but tested nowhere by name: {untested}"
    assert [entry.number for entry in LAWS] == list(range(1, 82))
