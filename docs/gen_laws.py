"""Write ``docs/laws.md``, the index of Peel's 81 laws, from :mod:`pokerlaws.lawbook`.

Besides each law's treatment it shows where the engine enforces the law (every function or
class in ``src/pokerlaws`` whose docstring or comments cite it, else the module whose header
does) and which tests exercise it (the tests named ``test_law_<n>_...``).

Run it from anywhere after changing the lawbook, the engine or the tests::

    python docs/gen_laws.py

Importing this file writes nothing; ``tests/test_docs.py`` imports it to check that the
committed page matches :func:`render`.
"""

from __future__ import annotations

import ast
import re
from collections import Counter, defaultdict
from pathlib import Path

from pokerlaws.lawbook import LAWS, SECTIONS, Treatment, cited_laws

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = Path(__file__).with_name("laws.md")
SOURCE = ROOT / "src" / "pokerlaws"
TESTS = ROOT / "tests"
# The modules that describe laws (records, data, docs) rather than enforce them.
_DESCRIPTIVE = {"actions", "lawbook", "reports", "state", "strategies", "violations"}
_TEST_NAME = re.compile(r"^\s*def (test_law_(\d+)_\w+)\(", re.MULTILINE)


def _scopes(tree: ast.Module) -> list[tuple[int, int, str]]:
    """The functions and classes of a module, as (first line, last line, dotted name)."""
    found: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                found.append((child.lineno, child.end_lineno or child.lineno, name))
                visit(child, f"{name}.")

    visit(tree, "")
    return found


def enforcement() -> dict[int, list[str]]:
    """Map each law to the places in ``src/pokerlaws`` that cite it, innermost scope first
    found; a law cited only in a module's header maps to the module."""
    places: dict[int, list[str]] = defaultdict(list)
    headers: dict[int, list[str]] = defaultdict(list)
    for path in sorted(SOURCE.rglob("*.py")):
        module = ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if path.stem in _DESCRIPTIVE:
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        scopes = _scopes(tree)
        # A law is cited in a comment or docstring ("Law 36"), or handed to refuse() as the
        # law a violation cites: refuse(Kind, 36, ...).
        cited: dict[int, list[int]] = defaultdict(list)
        for number, line in enumerate(text.splitlines(), start=1):
            cited[number].extend(cited_laws(line))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "refuse"
                and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, int)
            ):
                cited[node.lineno].append(node.args[1].value)
        for number, laws in sorted(cited.items()):
            if not laws:
                continue
            inside = [scope for scope in scopes if scope[0] <= number <= scope[1]]
            if inside:
                innermost = max(inside, key=lambda scope: scope[0])
                target, where = places, f"{module}.{innermost[2]}"
            else:
                target, where = headers, module
            for law in laws:
                if where not in target[law]:
                    target[law].append(where)
    return {law: places.get(law) or headers.get(law, []) for law in range(1, len(LAWS) + 1)}


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
        "Where enforced: the functions and classes whose docstrings or comments cite the law "
        "(the module, where only its header does). Tests: how many tests are named after the "
        "law (`test_law_<n>_...`), and in which modules.",
        "",
        "| law | section | title | summary | treatment | note | where enforced | tests |",
        "|---:|---|---|---|---|---|---|---|",
    ]
    where, tests = enforcement(), tests_by_law()
    lines.extend(
        f"| {entry.number} | {entry.section} | {_cell(entry.title)} | {_cell(entry.summary)} "
        f"| {entry.treatment.value} | {_cell(entry.note)} "
        f"| {_places(where[entry.number]) if entry.treatment is Treatment.ENFORCED else '—'} "
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
