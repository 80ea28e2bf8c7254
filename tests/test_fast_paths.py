"""The fast paths of the core held to their plain versions, and the core's import order."""

from __future__ import annotations

import ast
from pathlib import Path

import pokerlaws

PACKAGE = Path(pokerlaws.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    """Every pokerlaws module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "pokerlaws":
                found.update(f"pokerlaws.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("pokerlaws")}


def test_hand_tables_never_import_the_evaluator() -> None:
    # hands imports the tables (on first use); the reverse would close an import circle.
    assert "pokerlaws.hands" not in _imported_modules(PACKAGE / "_hand_tables.py")
    assert "pokerlaws.hands" not in _imported_modules(PACKAGE / "_hand_values.py")
    assert "pokerlaws._hand_tables" not in _imported_modules(PACKAGE / "_hand_values.py")


def test_hand_values_keep_their_public_home() -> None:
    # Pickles and reprs name the classes where users import them from.
    assert pokerlaws.HandValue.__module__ == "pokerlaws.hands"
    assert pokerlaws.HandCategory.__module__ == "pokerlaws.hands"
    assert pokerlaws.hands.HandValue is pokerlaws.HandValue
