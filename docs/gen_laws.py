"""Write ``docs/laws.md``, the index of Peel's 81 laws, from :mod:`pokerlaws.lawbook`.

Besides each law's treatment it shows, for a law the engine enforces or remedies, where it
does so, and which tests exercise each law (the tests named ``test_law_<n>_...``).

The places come from two things at the code itself, never from docstrings or free comments:

- a call ``refuse(Kind, 36, ...)``, which refuses an action citing the law it names;
- a marker comment on, or on the line above, the code that computes or remedies a law::

      # enforces: Law 59
      # enforces: Laws 30-32
      # remedies: Laws 42, 43

  ``enforces`` marks a law the lawbook treats as enforced, ``remedies`` one it treats as
  remedied (``tests/test_docs.py`` checks both, and that every such law has a place). A
  comment that begins like a marker but is not one exactly is an error, not ignored.

A refusal that names a law only to say where the game stands, enforcing nothing of it (the
game is over, the seat is not at the table or sits the game out), carries ``# cites: Law 29``
on, or on the line above, its ``refuse(...)`` call: it is then no place. A ``cites`` marker
on anything but a refusal citing that law is an error.

Run it from anywhere after changing the lawbook, the engine or the tests::

    python docs/gen_laws.py

Importing this file writes nothing; ``tests/test_docs.py`` imports it to check that the
committed page matches :func:`render`.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from pokerlaws.lawbook import LAWS, SECTIONS, Treatment

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = Path(__file__).with_name("laws.md")
SOURCE = ROOT / "src" / "pokerlaws"
TESTS = ROOT / "tests"
_TEST_NAME = re.compile(r"^\s*def (test_law_(\d+)_\w+)\(", re.MULTILINE)

MARKER_VERBS = {"enforces": Treatment.ENFORCED, "remedies": Treatment.REMEDIED}
"""The marker comments' verbs, and the treatment of the laws each may mark."""
CITES = "cites"
"""The verb of the marker that takes a refusal out of the places: it only cites its law."""
# Anything that starts like a marker is read as one, so a misspelt marker fails loudly.
_LIKE_A_MARKER = re.compile(r"#\s*(?:enforc|remed|cite)", re.IGNORECASE)
_NUMBERS = r"[1-9][0-9]*(?:-[1-9][0-9]*)?"
_MARKER = re.compile(
    rf"# (?P<verb>enforces|remedies|cites): (?P<word>Laws?) "
    rf"(?P<laws>{_NUMBERS}(?:, {_NUMBERS})*)"
)
_USAGE = (
    "write '# enforces: Law 59', '# enforces: Laws 30-32', '# remedies: Laws 42, 43' or "
    "'# cites: Law 29'"
)


class MarkerError(ValueError):
    """A comment that starts like a marker but is not a well-formed one."""


class Place(NamedTuple):
    """One place in ``src/pokerlaws`` that enforces or remedies one law.

    Attributes:
        law: the law's number.
        kind: ``"refuses"`` (a ``refuse()`` call), or the marker's verb.
        where: the innermost function or class holding the code, dotted from the package
            (the module, for code outside any).
        path: the file, relative to the repository.
        line: the line of the code (the call, or the code the marker stands on or above).
    """

    law: int
    kind: str
    where: str
    path: str
    line: int


def parse_marker(comment: str) -> tuple[str, tuple[int, ...]] | None:
    """Read one comment: its verb and laws if it is a marker, None if it is no marker.

    Raises:
        MarkerError: the comment starts like a marker (``# enforces``, ``# remedied``...)
            but is not exactly one, or cites a law the book does not have.
    """
    text = comment.rstrip()
    if not _LIKE_A_MARKER.match(text):
        return None
    match = _MARKER.fullmatch(text)
    if match is None:
        raise MarkerError(f"malformed marker {text!r}: {_USAGE}")
    numbers: list[int] = []
    for part in match["laws"].split(", "):
        first, _, last = part.partition("-")
        low, high = int(first), int(last or first)
        if not 1 <= low <= high <= len(LAWS) or (last and low == high):
            raise MarkerError(
                f"marker {text!r} cites {part}: the laws are numbered 1 to {len(LAWS)}, "
                "and a range runs upward"
            )
        numbers.extend(range(low, high + 1))
    if len(set(numbers)) != len(numbers):
        raise MarkerError(f"marker {text!r} cites a law twice")
    if (match["word"] == "Law") != (len(numbers) == 1):
        raise MarkerError(f"marker {text!r}: 'Law' cites one law, 'Laws' several")
    return match["verb"], tuple(numbers)


def _scopes(tree: ast.Module) -> list[tuple[int, int, str]]:
    """The functions and classes of a module, as (first line, last line, dotted name); the
    first line is a decorator's, when there is one."""
    found: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                found.append((first, child.end_lineno or child.lineno, name))
                visit(child, f"{name}.")

    visit(tree, "")
    return found


_NOT_CODE = frozenset(
    {
        tokenize.COMMENT,
        tokenize.NL,
        tokenize.NEWLINE,
        tokenize.INDENT,
        tokenize.DEDENT,
        tokenize.ENCODING,
    }
)


def markers(text: str, name: str = "<text>") -> list[tuple[int, str, tuple[int, ...]]]:
    """The markers in Python source ``text``: (line of the code marked, verb, laws).

    A marker at the end of a line of code marks that line; a marker on a line of its own
    marks the next line of code. Only comments are read: a docstring is never a marker.

    Raises:
        MarkerError: a malformed marker, or one with no code after it (``name`` and the
            line are in the message).
    """
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    found: list[tuple[int, str, tuple[int, ...]]] = []
    code_row = 0  # the last row holding code so far
    for index, token in enumerate(tokens):
        if token.type != tokenize.COMMENT:
            if token.type not in _NOT_CODE and token.type != tokenize.ENDMARKER:
                code_row = token.end[0]
            continue
        row = token.start[0]
        try:
            marker = parse_marker(token.string)
        except MarkerError as error:
            raise MarkerError(f"{name}:{row}: {error}") from None
        if marker is None:
            continue
        if code_row == row:
            target = row
        else:
            following = next(
                tokens[later]
                for later in range(index + 1, len(tokens))
                if tokens[later].type not in _NOT_CODE
            )
            if following.type == tokenize.ENDMARKER:
                raise MarkerError(f"{name}:{row}: the marker {token.string!r} marks no code")
            target = following.start[0]
        found.append((target, *marker))
    return found


def _refusals(tree: ast.Module) -> list[tuple[int, int]]:
    """The ``refuse(Kind, law, ...)`` calls whose law is a number: (line, law)."""
    return [
        (node.lineno, node.args[1].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "refuse"
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, int)
    ]


def refusals(
    text: str, name: str = "<text>", tree: ast.Module | None = None
) -> list[tuple[int, int]]:
    """The ``refuse(Kind, law, ...)`` calls of Python source ``text`` that are places, as
    (line, law): every one whose law is a number, except those marked ``# cites:``.

    Raises:
        MarkerError: a malformed marker, or a ``cites`` marker on no refusal citing its law
            (``name`` and the line are in the message).
    """
    found = _refusals(ast.parse(text) if tree is None else tree)
    cited = {
        (line, law) for line, verb, laws in markers(text, name) if verb == CITES for law in laws
    }
    stray = sorted(cited - set(found))
    if stray:
        line, law = stray[0]
        raise MarkerError(
            f"{name}:{line}: '# cites: Law {law}' marks no refuse() citing Law {law}"
        )
    return sorted(place for place in found if place not in cited)


@functools.cache
def places() -> tuple[Place, ...]:
    """Every place in ``src/pokerlaws`` that refuses an action citing a law (unless the
    refusal is marked ``# cites:``), or carries a marker, in file and line order (read once a
    process).

    Raises:
        MarkerError: a malformed marker somewhere in the package, or a ``cites`` marker on
            no refusal citing its law.
    """
    found: list[Place] = []
    for path in sorted(SOURCE.rglob("*.py")):
        module = ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts)
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        scopes = _scopes(tree)
        marked = [(line, "refuses", (law,)) for line, law in refusals(text, relative, tree)]
        marked += [marker for marker in markers(text, relative) if marker[1] != CITES]
        for line, kind, laws in sorted(marked):
            inside = [scope for scope in scopes if scope[0] <= line <= scope[1]]
            where = module
            if inside:
                where = f"{module}.{max(inside, key=lambda scope: scope[0])[2]}"
            found.extend(Place(law, kind, where, relative, line) for law in laws)
    return tuple(found)


def enforcement() -> dict[int, list[str]]:
    """Map each law to the functions and classes that refuse citing it or carry its marker,
    in file and line order, each once; a law with none maps to an empty list."""
    where: dict[int, list[str]] = {law: [] for law in range(1, len(LAWS) + 1)}
    for place in places():
        if place.where not in where[place.law]:
            where[place.law].append(place.where)
    return where


def tests_by_law() -> dict[int, list[str]]:
    """Map each law to the tests named after it (``test_law_<n>_...``), as module::name."""
    found: dict[int, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("test_*.py")):
        module = path.relative_to(ROOT).as_posix()
        for match in _TEST_NAME.finditer(path.read_text(encoding="utf-8")):
            found[int(match.group(2))].append(f"{module}::{match.group(1)}")
    return dict(found)


def _places(names: list[str]) -> str:
    return "<br>".join(f"`{name}`" for name in names) if names else "—"


def _tests(names: list[str]) -> str:
    if not names:
        return "—"
    modules = sorted({name.split("::")[0].removeprefix("tests/") for name in names})
    return f"{len(names)}: " + ", ".join(f"`{module}`" for module in modules)


_LEGEND = {
    Treatment.ENFORCED: "the engine refuses what the law forbids, or computes what it prescribes.",
    Treatment.REMEDIED: "the engine applies the law's consequence to an irregularity that the "
    "table reports.",
    Treatment.RECORDED: "conduct the engine cannot check; it only records it.",
    Treatment.NOT_MODELLED: "left out of the engine for now; the note gives the reason.",
}


# The treatments whose laws have places in the engine (the "where enforced" column).
_PLACED = frozenset(MARKER_VERBS.values())


def _cell(text: str) -> str:
    # A pipe would end the table cell early.
    return text.replace("|", "\\|")


def render() -> str:
    """Return the Markdown of the laws index.

    Returns:
        The page: an introduction, the legend with a count per treatment, then one table row
        per law giving its number, section, title, summary, treatment, note, where the engine
        enforces it and which tests exercise it.
    """
    counts = Counter(entry.treatment for entry in LAWS)
    lines = [
        "<!-- Generated by docs/gen_laws.py from pokerlaws.lawbook: edit those, not this. -->",
        "",
        "# The laws",
        "",
        f"W. H. Peel's *Round Games with Cards* (1891) gives poker {len(LAWS)} numbered laws in "
        f"{len(SECTIONS)} sections. Each row below restates one law in this project's words "
        "(the book's own text is not reproduced) and says how pokerlaws treats it. The same "
        "data is importable as `pokerlaws.lawbook`; see also the [glossary](glossary.md).",
        "",
        "## Legend",
        "",
        "| treatment | meaning | laws |",
        "|---|---|---|",
    ]
    lines.extend(
        f"| {treatment.value} | {_LEGEND[treatment]} | {counts[treatment]} |"
        for treatment in Treatment
    )
    lines += [
        "",
        "## Index",
        "",
        "Where enforced, for a law enforced or remedied: the functions and classes whose code "
        "refuses an action citing the law (`refuse(Kind, law, ...)`) or carries its marker, "
        "`# enforces: Law N` or `# remedies: Law N`, on the code that computes or remedies it "
        "(the module, for code outside any function). A refusal marked `# cites: Law N` names "
        "the law only to say where the game stands (the game is over, the seat is not in it) "
        "and is no place. Docstrings and other comments do not count. Tests: how many tests "
        "are named after the law (`test_law_<n>_...`), and in which modules.",
        "",
        "| law | section | title | summary | treatment | note | where enforced | tests |",
        "|---:|---|---|---|---|---|---|---|",
    ]
    where, tests = enforcement(), tests_by_law()
    lines.extend(
        f"| {entry.number} | {entry.section} | {_cell(entry.title)} | {_cell(entry.summary)} "
        f"| {entry.treatment.value} | {_cell(entry.note)} "
        f"| {_places(where[entry.number]) if entry.treatment in _PLACED else '—'} "
        f"| {_tests(tests.get(entry.number, []))} |"
        for entry in LAWS
    )
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write :func:`render`'s page to ``docs/laws.md``."""
    OUTPUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
