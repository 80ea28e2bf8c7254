"""Hypothesis strategies for pokerlaws: cards, hands, decks, rules, and reachable game states.

Install the extra (from a checkout, ``python -m pip install -e ".[hypothesis]"``; once
pokerlaws is published, ``python -m pip install "pokerlaws[hypothesis]"``) and import this
module yourself: ``import pokerlaws`` never imports Hypothesis. The strategies follow
Hypothesis' own style: plural names, keyword-only arguments that take a value or a strategy,
and :class:`~hypothesis.errors.InvalidArgument` naming the argument for one that makes no
sense. As with ``st.integers(5, 3)``, a bad argument is reported when the strategy is validated or
drawn from (so it fails only the test that uses it), never when the function is called; a
strategy given as an argument is checked on every value it draws.

Every :class:`~pokerlaws.GameState` drawn here is reached by replaying legal actions from a
generated deck through :func:`pokerlaws.apply_or_raise`, never assembled field by field, so it
is a state the laws can reach, and it shrinks towards a short game of passes at a table of
few seats, every one of them with chips.

The strategies are registered with Hypothesis (through its ``hypothesis`` entry point, and
again whenever this module is imported), so ``st.from_type`` works for ``Card``, ``Rules``,
``HandRules``, ``HandValue`` and ``GameState``, and ``st.builds`` for the public attrs
classes: the registration resolves their string annotations (the modules use
``from __future__ import annotations``).
"""

# The entry-point hook is defined before Hypothesis is imported: when this module is imported
# first, importing Hypothesis runs its entry points, which load this module while it is still
# half-initialised and look the hook up at once. Hence the late imports below.
# ruff: noqa: E402

from __future__ import annotations

_READY = False


def _hypothesis_setup_hook() -> None:
    """Register pokerlaws' types with Hypothesis; its ``hypothesis`` entry point calls this.

    When Hypothesis is imported by this module's own import, the module is not ready yet; it
    registers the types itself once it is (the last line of the module).
    """
    if _READY:
        _register_types()


__all__ = [
    "actions",
    "cards",
    "decks",
    "game_states",
    "games",
    "hand_rules",
    "hand_values",
    "hands",
    "illegal_actions",
    "legal_actions",
    "new_games",
    "reports",
    "rules",
    "sitting_states",
    "sittings",
]

from pokerlaws._extras import needs_extra

# Every module of the package loads from here (a submodule imported by name runs this first),
# so a missing Hypothesis says once which extra brings it.
with needs_extra("hypothesis", "pokerlaws.strategies"):
    from pokerlaws.strategies._games import game_states, games, new_games
    from pokerlaws.strategies._moves import actions, illegal_actions, legal_actions, reports
    from pokerlaws.strategies._registry import _register_types
    from pokerlaws.strategies._sittings import sitting_states, sittings
    from pokerlaws.strategies._values import cards, decks, hand_rules, hand_values, hands, rules

_register_types()
_READY = True
