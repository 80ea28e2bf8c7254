"""The fast paths of the core held to their plain versions, and the core's import order."""

from __future__ import annotations

import ast
import base64
import pickle
import random
from pathlib import Path

import pokerlaws
import pokerlaws as pl
from pokerlaws.history import History

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


# --- Pickles ------------------------------------------------------------------------------

OLD_PICKLES = Path(__file__).parent / "data" / "old_state_pickles.txt"


def _pickled_games() -> list[list[pl.GameState]]:
    """The games whose states tests/data/old_state_pickles.txt holds, played again: the same
    seeds and the same random choices among the legal actions."""
    out = []
    for seed, rules, seats in (
        (1, pl.Rules(ante=1, limit=4), 5),
        (2, pl.Rules(ante=1, limit=4, joker=True, hands=pl.HandRules(blaze=True)), 6),
        (3, pl.Rules(ante=2, limit=8, recording_table=True), 4),
    ):
        rng = random.Random(seed)
        state = pl.new_game(
            rules,
            (50,) * seats,
            dealer=seed % seats,
            deck=pl.shuffled_deck(seed, joker=rules.joker),
        )
        states = [state]
        while state.phase is not pl.Phase.OVER:
            state = pl.apply_or_raise(state, rng.choice(pl.legal_actions(state)))
            states.append(state)
        out.append(states)
    return out


def test_states_pickled_before_compact_pickles_still_load() -> None:
    games = _pickled_games()
    lines = OLD_PICKLES.read_text(encoding="ascii").splitlines()[1:]
    assert len(lines) == 18
    for line in lines:
        game, at, protocol, data = line.split()
        loaded = pickle.loads(base64.b64decode(data))
        expected = games[int(game)][int(at)]
        assert type(loaded) is pl.GameState, protocol
        assert loaded == expected
        assert hash(loaded) == hash(expected)
        assert isinstance(loaded.history, History)
        assert loaded.history == expected.history
        # A loaded state plays on as the original does.
        assert pl.legal_actions(loaded) == pl.legal_actions(expected)
