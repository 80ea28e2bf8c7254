"""The lawbook accounts for all 81 laws, and every rule violation cites a law the engine models."""

from __future__ import annotations

import pytest

from pokerlaws import lawbook, violations
from pokerlaws.lawbook import LAWS, SECTIONS, Law, Treatment, cited_laws, law
from pokerlaws.violations import RuleViolation

# The book's sections and their laws, written out independently of the module under test.
BOOK_SECTIONS = {
    "The Deal": (1, 18),
    "The Ante": (19, 24),
    "The Play": (25, 28),
    "The Jack-pot": (29, 33),
    "The Draw": (34, 51),
    "The Betting": (52, 64),
    "The Hands": (65, 76),
    "Disputes": (77, 81),
}


def expected_section(number: int) -> str:
    return next(name for name, (lo, hi) in BOOK_SECTIONS.items() if lo <= number <= hi)


def violation_kinds() -> list[type[RuleViolation]]:
    """Every concrete violation class the violations module exports (not the base class)."""
    kinds = []
    for name in violations.__all__:
        obj = getattr(violations, name)
        if isinstance(obj, type) and issubclass(obj, RuleViolation) and obj is not RuleViolation:
            kinds.append(obj)
    return kinds


def test_book_holds_laws_1_to_81_in_order() -> None:
    """The book has 81 numbered laws (LAWS.md section 1); LAWS[n - 1] is law n."""
    assert [entry.number for entry in LAWS] == list(range(1, 82))
    assert all(isinstance(entry, Law) for entry in LAWS)


@pytest.mark.parametrize("entry", LAWS, ids=str)
def test_law_sits_in_its_section(entry: Law) -> None:
    """Each law belongs to the section the book prints it in."""
    assert entry.section == expected_section(entry.number)
    assert entry.number in SECTIONS[entry.section]


def test_sections_are_the_books_eight_in_order() -> None:
    """SECTIONS names the eight sections in the book's order, covering 1-81 without gaps."""
    assert list(SECTIONS) == list(BOOK_SECTIONS)
    for name, (lo, hi) in BOOK_SECTIONS.items():
        assert SECTIONS[name] == range(lo, hi + 1)


def test_sections_mapping_is_read_only() -> None:
    with pytest.raises(TypeError):
        SECTIONS["The Kitty"] = range(82, 83)  # type: ignore[index]


def test_titles_are_non_empty_and_distinct() -> None:
    titles = [entry.title for entry in LAWS]
    assert all(title.strip() for title in titles)
    assert len(set(titles)) == len(titles)


def test_summaries_are_non_empty_and_distinct() -> None:
    summaries = [entry.summary for entry in LAWS]
    assert all(summary.strip() for summary in summaries)
    assert len(set(summaries)) == len(summaries)


def test_every_law_has_a_note() -> None:
    """Every entry says how the engine treats the law."""
    assert all(entry.note.strip() for entry in LAWS)


@pytest.mark.parametrize(
    "entry",
    [entry for entry in LAWS if entry.treatment is Treatment.NOT_MODELLED],
    ids=str,
)
def test_not_modelled_law_gives_its_reason(entry: Law) -> None:
    """A law left out says why: a reason of more than a word or two."""
    assert len(entry.note.split()) >= 4


def test_law_returns_the_entry() -> None:
    assert law(1) is LAWS[0]
    assert law(81) is LAWS[-1]
    assert law(27).title == LAWS[26].title
    assert str(law(27)) == f"Law 27: {law(27).title}"


@pytest.mark.parametrize("number", [0, 82, -1, 1000])
def test_law_refuses_a_number_outside_the_book(number: int) -> None:
    with pytest.raises(ValueError, match=rf"^no law {number}: Peel's laws are numbered 1 to 81$"):
        law(number)


def test_law_refuses_a_bool() -> None:
    """True is an int to Python, but not a law number."""
    with pytest.raises(ValueError, match="no law True"):
        law(True)


def test_law_entries_are_frozen() -> None:
    with pytest.raises(AttributeError):
        law(1).number = 2  # type: ignore[misc]


def test_module_exports_what_it_defines() -> None:
    assert set(lawbook.__all__) == {"LAWS", "SECTIONS", "Law", "Treatment", "cited_laws", "law"}


def test_citation_parser_reads_the_forms_in_use() -> None:
    """Guard the regex the violation test relies on."""
    assert cited_laws("(Law 27)") == [27]
    assert cited_laws("(Laws 30-32)") == [30, 31, 32]
    assert cited_laws("(Laws 21, 25, 35, 53)") == [21, 25, 35, 53]
    assert cited_laws("serving Laws 26 and 53; Law 36") == [26, 53, 36]
    assert cited_laws("the laws of the game") == []


@pytest.mark.parametrize("kind", violation_kinds(), ids=lambda kind: kind.__name__)
def test_violation_cites_a_modelled_law(kind: type[RuleViolation]) -> None:
    """Every RuleViolation kind cites in its docstring at least one law, and only laws the
    engine models."""
    # __doc__ is the class's own: a class without a docstring does not inherit its base's.
    cited = cited_laws(kind.__doc__ or "")
    assert cited, f"{kind.__name__}'s docstring cites no law"
    for number in cited:
        assert 1 <= number <= 81, f"{kind.__name__} cites Law {number}, which does not exist"
        assert law(number).treatment is not Treatment.NOT_MODELLED, (
            f"{kind.__name__} cites Law {number}, which the lawbook marks not modelled"
        )


def test_there_are_violations_to_check() -> None:
    """The violation test above must not pass by finding nothing."""
    assert len(violation_kinds()) >= 10
