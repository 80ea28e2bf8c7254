"""The committed docs agree with the code: the laws index is current and the nav is complete."""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from pokerlaws.lawbook import LAWS, Treatment, law

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


@functools.cache
def generator() -> ModuleType:
    """The generator, loaded once for the tests that read the whole package through it."""
    return load_generator()


def test_laws_page_is_up_to_date() -> None:
    """docs/laws.md is what docs/gen_laws.py renders from the lawbook; rerun it if this fails."""
    render: Callable[[], str] = generator().render
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
    """mkdocs.yml's nav names each Markdown page in docs/ (and docs/reference/) once, the two
    pages docs/hooks.py makes from the READMEs, and no page that is missing."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = re.findall(r"^\s*-\s*[^:\n]+:\s*(\S+\.md)\s*$", config, re.MULTILINE)
    pages = [path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")]
    assert sorted(nav) == sorted([*pages, "index.md", "benchmarks.md"])
    assert len(set(nav)) == len(nav)


def test_the_reference_documents_every_module_of_the_package() -> None:
    """Each module of src/pokerlaws but the private ones has a ``::: module`` entry in
    docs/reference/ (check_site.py checks the built site has every public name)."""
    package = ROOT / "src" / "pokerlaws"
    modules = set()
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if not any(part.startswith("_") for part in parts):
            modules.add(".".join(parts))
    entries = set()
    for page in (DOCS / "reference").glob("*.md"):
        entries |= set(re.findall(r"^::: (\S+)\s*$", page.read_text("utf-8"), re.MULTILINE))
    assert modules - entries == set()
    assert entries - modules == set()


def test_every_enforced_law_has_a_test_named_after_it() -> None:
    """A law the lawbook marks enforced is exercised by at least one test_law_<n>_ test."""
    tests: dict[int, list[str]] = generator().tests_by_law()
    untested = [
        entry.number
        for entry in LAWS
        if entry.treatment is Treatment.ENFORCED and not tests.get(entry.number)
    ]
    assert not untested, f"enforced laws with no test_law_<n>_ test: {untested}"


def test_every_enforced_or_remedied_law_has_a_place() -> None:
    """A law the lawbook marks enforced or remedied has a place in the engine that does it:
    a refuse() citing it, or its marker on the code (see docs/gen_laws.py)."""
    where: dict[int, list[str]] = generator().enforcement()
    placeless = [
        entry.number
        for entry in LAWS
        if entry.treatment in (Treatment.ENFORCED, Treatment.REMEDIED) and not where[entry.number]
    ]
    assert not placeless, f"enforced or remedied laws with no place in src/pokerlaws: {placeless}"


def test_every_place_cites_a_law_of_its_treatment() -> None:
    """``# enforces:`` marks only laws the lawbook marks enforced, ``# remedies:`` only laws
    it marks remedied, and every refuse() cites a law that is one or the other."""
    verbs: dict[str, Treatment] = generator().MARKER_VERBS
    wrong = []
    for place in generator().places():
        treatment = law(place.law).treatment
        allowed = {verbs[place.kind]} if place.kind in verbs else set(verbs.values())
        if treatment not in allowed:
            wrong.append(f"{place.path}:{place.line} {place.kind} Law {place.law} ({treatment})")
    assert not wrong, "places citing a law of another treatment:\n" + "\n".join(wrong)
    kinds = {place.kind for place in generator().places()}
    assert kinds == {"refuses", *verbs}, "each kind of place is found"


def test_a_marker_marks_its_own_line_or_the_next_line_of_code() -> None:
    markers = generator().markers
    source = (
        '"""A docstring that mentions Law 59 and even # enforces: Law 5."""\n'
        "x = 1  # enforces: Law 59\n"
        "# Law 36: a comment that cites a law is no marker.\n"
        "if x:\n"
        "    # enforces: Laws 30-32\n"
        "\n"
        "    y = 2  # remedies: Laws 42, 43\n"
    )
    assert markers(source) == [
        (2, "enforces", (59,)),
        (7, "enforces", (30, 31, 32)),
        (7, "remedies", (42, 43)),
    ]


@pytest.mark.parametrize(
    "comment",
    [
        "# enforces: Law 0",
        "# enforces: Law 82",
        "# enforces: Law 059",
        "# enforces: Law 5x",
        "# enforces: Laws 32-30",
        "# enforces: Laws 30-30",
        "# enforces: Laws 30-",
        "# enforces: Laws 42, 42",
        "# enforces: Law 42, 43",
        "# enforces: Laws 42",
        "# enforces: Law",
        "# enforces Law 59",
        "# enforce: Law 59",
        "# Enforces: Law 59",
        "# remedied: Law 14",
        "#enforces: Law 59",
        "# enforces: Law 59 (the show)",
    ],
)
def test_a_malformed_marker_fails(comment: str) -> None:
    """A comment that starts like a marker must be one exactly, citing laws of the book."""
    gen = generator()
    with pytest.raises(gen.MarkerError):
        gen.parse_marker(comment)
    with pytest.raises(gen.MarkerError, match=r"^here\.py:2: "):
        gen.markers(f"x = 1\n{comment}\ny = 2\n", "here.py")


def test_refusals_that_only_cite_a_law_are_none_of_its_places() -> None:
    """The refusal of actions after the game is no place of the law that ended it (Laws 29,
    33, 58, 59), nor that of a seat sitting out of Law 18's rotation (Ambiguity 26), nor
    that of a seat not at the table of Law 7's deal, nor that of a second Lift of Law 6."""
    where = generator().enforcement()
    for number in (7, 29, 33, 58, 59):
        assert "pokerlaws.engine.apply" not in where[number], number
    assert "pokerlaws.laws.irregular.apply_report" not in where[7] + where[18]
    assert "pokerlaws.laws.irregular._lift" not in where[6]
    assert where[59] == ["pokerlaws.laws.show.showdown"]


def test_tests_named_for_a_law_check_that_law() -> None:
    """A test of a view, a schema, a command or a record is named for no law (the index's
    tests column counts only tests of the law itself)."""
    tests = generator().tests_by_law()
    views = tests[37] + tests[41] + tests[59]
    assert not [name for name in views if name.startswith("tests/test_views")]
    assert not [name for name in tests[64] if "json" in name or "command" in name]
    assert not [name for name in tests[18] if "sitting_out_reports" in name]


def test_a_refusal_marked_cites_is_no_place() -> None:
    """A refusal that only cites its law (``# cites:``) is no place; every other refusal
    with a number for its law is one."""
    source = (
        "def f(state, action):\n"
        "    if state:\n"
        "        # cites: Law 59\n"
        "        return refuse(GameIsOver, 59, action, 'the game is over')\n"
        "    return refuse(NotYourTurn, 35, action, 'out of turn')  # cites: Law 35\n"
        "def g(action):\n"
        "    return refuse(StakeTooSmall, 53, action, 'too small')\n"
    )
    assert generator().refusals(source) == [(7, 53)]


def test_a_cites_marker_on_no_refusal_of_its_law_fails() -> None:
    gen = generator()
    with pytest.raises(
        gen.MarkerError, match=r"^here\.py:3: .* marks no refuse\(\) citing Law 58"
    ):
        gen.refusals("x = 1\n# cites: Law 58\nrefuse(GameIsOver, 59, a, 'over')\n", "here.py")


def test_a_marker_with_no_code_after_it_fails() -> None:
    gen = generator()
    with pytest.raises(gen.MarkerError, match="marks no code"):
        gen.markers("x = 1\n# enforces: Law 59\n", "here.py")


def test_free_mentions_of_a_law_are_no_place() -> None:
    """Docstrings and comments that only mention a law do not make a place (Laws 65-76 are
    mentioned in the CLI's sample, Laws 30-32 in PlayerView's docstring, 69 in Suit's)."""
    places = generator().places()
    assert not [place for place in places if place.where.startswith("pokerlaws.cli")]
    assert not [place for place in places if place.where.startswith("pokerlaws.cards")]
    assert "pokerlaws.views.PlayerView" not in {place.where for place in places}


def test_the_irregularities_page_example_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The example at the head of docs/irregularities.md runs as written (a misdeal and
    the redeal, Law 8), from a directory that is not the checkout."""
    monkeypatch.chdir(tmp_path)
    text = (DOCS / "irregularities.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    exec(compile(block, "docs/irregularities.md", "exec"), {})


def test_every_law_the_engine_models_has_a_test_named_after_it() -> None:
    """Every law from 1 to 81 is accounted for: enforced, remedied or recorded, each with
    a test named ``test_law_<n>_...``, or not modelled with its reason (test_lawbook)."""
    tested = generator().tests_by_law()
    untested = [
        entry.number
        for entry in LAWS
        if entry.treatment is not Treatment.NOT_MODELLED and not tested[entry.number]
    ]
    assert not untested, f"laws modelled but tested nowhere by name: {untested}"
    assert [entry.number for entry in LAWS] == list(range(1, 82))
