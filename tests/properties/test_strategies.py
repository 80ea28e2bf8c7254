"""The strategies themselves: what they draw, what they refuse, and how they register."""

from __future__ import annotations

import importlib.metadata
import itertools
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import check_cards, chips

T = TypeVar("T")

HOOK = "pokerlaws.strategies:_hypothesis_setup_hook"
STRADDLING = ps.rules(ante=1, limit=st.integers(4, 20))
"""Tables where a straddle is possible (Law 22: twice the ante is at most half the limit)."""


def found(strategy: SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """Show that ``strategy`` can draw something meeting ``condition`` (the first found: no
    shrinking, which is slow for game states and proves nothing more)."""
    return find(
        strategy,
        condition,
        settings=settings(max_examples=10_000, database=None, phases=[Phase.generate]),
    )


DRAW_ONE_OF_EACH = (
    "from hypothesis import Phase, find, settings\n"
    "once = settings(max_examples=100, phases=[Phase.generate], database=None)\n"
    "for cls in (pl.Card, pl.Rules, pl.HandRules, pl.GameState):\n"
    "    assert isinstance(find(st.from_type(cls), lambda x: True, settings=once), cls)\n"
)
"""Code for a fresh interpreter: draw one value of each registered type through from_type."""


def _python(code: str, **env: str) -> None:
    """Run ``code`` in a fresh interpreter, so that nothing is imported beforehand."""
    subprocess.run(
        [sys.executable, "-c", code], check=True, env={**os.environ, **env}, timeout=120
    )


# --- Import and registration ------------------------------------------------------------


def test_importing_pokerlaws_does_not_import_hypothesis() -> None:
    """Hypothesis is an optional extra: the core package never imports it."""
    _python(
        "import sys, pokerlaws\n"
        "leaked = sorted(name for name in sys.modules if name.startswith('hypothesis'))\n"
        "assert not leaked, leaked"
    )


def test_the_hypothesis_entry_point_names_the_setup_hook() -> None:
    """pyproject declares the hook under Hypothesis' entry-point group (reinstall to update)."""
    hooks = [entry.value for entry in importlib.metadata.entry_points(group="hypothesis")]
    assert HOOK in hooks


def test_the_entry_point_registers_the_types_without_importing_the_module() -> None:
    """``st.from_type`` works with nothing imported but Hypothesis and pokerlaws."""
    _python("import hypothesis.strategies as st, pokerlaws as pl\n" + DRAW_ONE_OF_EACH)


@pytest.mark.parametrize("plugins", ["on", "off"])
def test_importing_the_strategies_first_registers_the_types(plugins: str) -> None:
    """Imported before Hypothesis (which then loads the module half-built through its entry
    point), or with plugins off, the module still registers the types itself."""
    env = {"HYPOTHESIS_NO_PLUGINS": "1"} if plugins == "off" else {}
    _python(
        "import pokerlaws.strategies\n"
        "import hypothesis.strategies as st, pokerlaws as pl\n" + DRAW_ONE_OF_EACH,
        **env,
    )


@settings(deadline=None)
@given(
    card=st.from_type(pl.Card),
    rules=st.from_type(pl.Rules),
    hand_rules=st.from_type(pl.HandRules),
    state=st.from_type(pl.GameState),
)
def test_from_type_draws_pokerlaws_values(
    card: pl.Card, rules: pl.Rules, hand_rules: pl.HandRules, state: pl.GameState
) -> None:
    assert card in pl.standard_deck()
    assert rules.ante >= 1
    assert 2 * rules.ante <= rules.limit
    assert isinstance(hand_rules, pl.HandRules)
    check_cards(state)


# --- Cards, hands, decks, rules ---------------------------------------------------------


@given(card=ps.cards(), with_joker=ps.cards(joker=True))
def test_cards_come_from_the_pack(card: pl.Card, with_joker: pl.Card) -> None:
    assert card in pl.standard_deck()
    assert with_joker in pl.standard_deck(joker=True)


def test_cards_include_the_joker_only_when_asked() -> None:
    assert found(ps.cards(joker=True), lambda card: card.is_joker) == pl.JOKER


@given(hand=ps.hands(), joker_hand=ps.hands(joker=True))
def test_hands_are_five_distinct_cards_of_the_pack(
    hand: tuple[pl.Card, ...], joker_hand: tuple[pl.Card, ...]
) -> None:
    for cards, pack in ((hand, pl.standard_deck()), (joker_hand, pl.standard_deck(joker=True))):
        assert len(cards) == len(set(cards)) == 5
        assert set(cards) <= set(pack)


def test_hands_follow_the_rules_pack() -> None:
    joker_hand = found(ps.hands(rules=ps.rules(joker=True)), lambda hand: pl.JOKER in hand)
    assert len(set(joker_hand)) == 5


@given(hand=ps.hands(rules=pl.Rules(ante=1, limit=2)))
def test_hands_of_a_table_without_the_joker_never_hold_it(hand: tuple[pl.Card, ...]) -> None:
    assert pl.JOKER not in hand


@given(deck=ps.decks(), joker_deck=ps.decks(joker=True))
def test_decks_are_the_whole_pack_once(
    deck: tuple[pl.Card, ...], joker_deck: tuple[pl.Card, ...]
) -> None:
    assert sorted(deck, key=str) == sorted(pl.standard_deck(), key=str)
    assert sorted(joker_deck, key=str) == sorted(pl.standard_deck(joker=True), key=str)


def _switches(cls: type) -> list[str]:
    return [field.name for field in attrs.fields(cls) if isinstance(field.default, bool)]


@pytest.mark.parametrize("name", _switches(pl.HandRules))
@pytest.mark.parametrize("value", [False, True])
def test_hand_rules_draw_every_switch_both_ways(name: str, value: bool) -> None:
    found(ps.hand_rules(), lambda rules: getattr(rules, name) is value)
    fixed: dict[str, Any] = {name: value}
    assert getattr(found(ps.hand_rules(**fixed), lambda rules: True), name) is value


@pytest.mark.parametrize("name", _switches(pl.Rules))
@pytest.mark.parametrize("value", [False, True])
def test_rules_draw_every_switch_both_ways(name: str, value: bool) -> None:
    found(ps.rules(), lambda rules: getattr(rules, name) is value)


@given(rules=ps.rules())
def test_law_19_rules_keep_the_ante_at_most_half_the_limit(rules: pl.Rules) -> None:
    """Law 19: the ante is at least one chip and at most half the limit."""
    assert rules.ante >= 1
    assert 2 * rules.ante <= rules.limit


def test_law_22_rules_draw_tables_with_and_without_straddles() -> None:
    """Law 22: a straddle is possible only where twice the ante is at most half the limit."""
    found(ps.rules(), lambda rules: rules.highest_straddle >= 2 * rules.ante)
    found(ps.rules(), lambda rules: rules.highest_straddle < 2 * rules.ante)


@given(
    fixed=ps.rules(ante=3, limit=7),
    limited=ps.rules(limit=st.integers(10, 12)),
    both=ps.rules(ante=st.integers(1, 9), limit=st.integers(2, 10)),
)
def test_rules_take_values_and_strategies(
    fixed: pl.Rules, limited: pl.Rules, both: pl.Rules
) -> None:
    assert (fixed.ante, fixed.limit) == (3, 7)
    assert 10 <= limited.limit <= 12
    assert 2 * both.ante <= both.limit <= 10


# --- Bad arguments ----------------------------------------------------------------------


BAD_ARGUMENTS: list[Callable[[], object]] = [
    lambda: ps.cards(joker="yes"),  # type: ignore[arg-type]
    lambda: ps.hands(joker=True, rules=pl.Rules(ante=1, limit=2)),
    lambda: ps.hands(joker=1),  # type: ignore[arg-type]
    lambda: ps.hand_rules(no_such_switch=True),
    lambda: ps.hand_rules(blaze="on"),  # type: ignore[arg-type]
    lambda: ps.rules(ante=0),
    lambda: ps.rules(limit=1),
    lambda: ps.rules(ante=3, limit=5),
    lambda: ps.rules(ante=2.5),  # type: ignore[arg-type]
    lambda: ps.new_games(min_players=1),
    lambda: ps.new_games(max_players=11),
    lambda: ps.new_games(min_players=5, max_players=3),
    lambda: ps.new_games(stacks=0),
    lambda: ps.game_states(phases=[]),
    lambda: ps.game_states(phases=["say"]),  # type: ignore[list-item]
    lambda: ps.game_states(max_games=0),
    lambda: ps.game_states(min_players=3, max_players=2),
    lambda: ps.games(max_players=12),
    lambda: ps.sittings(min_games=3, max_games=2),
    lambda: ps.sittings(min_games=0),
    lambda: ps.legal_actions("state"),  # type: ignore[arg-type]
    lambda: ps.actions(None),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", BAD_ARGUMENTS)
def test_bad_arguments_raise_invalid_argument(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument):
        call()


def test_legal_actions_of_a_finished_game_is_an_invalid_argument() -> None:
    over = found(ps.games(max_players=3), lambda state: True)
    with pytest.raises(InvalidArgument):
        ps.legal_actions(over)


# --- Games -------------------------------------------------------------------------------


@settings(deadline=None)
@given(state=ps.new_games(min_players=3, max_players=5, stacks=st.integers(0, 40)))
def test_new_games_are_just_begun(state: pl.GameState) -> None:
    assert state.history == ()
    assert 3 <= state.num_seats <= 5
    assert len(state.players) >= 2
    assert state.phase in (pl.Phase.STRADDLE, pl.Phase.SAY, pl.Phase.OVER)


@pytest.mark.parametrize("phase", list(pl.Phase))
@settings(deadline=None)
@given(data=st.data())
def test_game_states_are_in_the_phases_asked_for(phase: pl.Phase, data: st.DataObject) -> None:
    state = data.draw(ps.game_states(rules=STRADDLING, phases=phase, stacks=st.integers(5, 60)))
    assert state.phase is phase
    check_cards(state)


@settings(deadline=None)
@given(
    state=ps.game_states(
        min_players=4, max_players=6, phases=[pl.Phase.DRAW, pl.Phase.BETTING], stacks=30
    )
)
def test_game_states_take_several_phases_and_a_seat_count(state: pl.GameState) -> None:
    assert state.phase in (pl.Phase.DRAW, pl.Phase.BETTING)
    assert 4 <= state.num_seats <= 6


def test_game_states_reach_later_jackpots() -> None:
    """Laws 29-31: chaining next_game reaches a second jack-pot in a row (queens)."""
    state = found(
        ps.game_states(max_games=3, max_players=4), lambda state: state.jackpot_round >= 2
    )
    assert state.openers_required is pl.Rank.QUEEN


@settings(deadline=None)
@given(data=st.data(), state=ps.game_states())
def test_legal_actions_draws_only_listed_actions(state: pl.GameState, data: st.DataObject) -> None:
    if state.phase is pl.Phase.OVER:
        return
    assert data.draw(ps.legal_actions(state)) in pl.legal_actions(state)


@settings(deadline=None)
@given(data=st.data(), state=ps.game_states())
def test_illegal_actions_are_refused(state: pl.GameState, data: st.DataObject) -> None:
    action = data.draw(ps.illegal_actions(state))
    assert isinstance(pl.apply(state, action), pl.RuleViolation)


_STATE_AND_ACTION = ps.game_states(max_players=4, max_games=1).flatmap(
    lambda state: ps.actions(state).map(lambda action: (state, action))
)


@pytest.mark.parametrize(
    "condition",
    [
        pytest.param(lambda s, a: pl.is_legal(s, a), id="legal"),
        pytest.param(lambda s, a: not pl.is_legal(s, a), id="illegal"),
        pytest.param(lambda s, a: a.seat < 0, id="negative-seat"),
        pytest.param(lambda s, a: a.seat == s.num_seats, id="seat-past-the-table"),
        pytest.param(lambda s, a: isinstance(a, pl.Stake) and a.amount < 0, id="negative-amount"),
        pytest.param(lambda s, a: isinstance(a, pl.Stake) and a.amount == 0, id="zero-amount"),
        pytest.param(lambda s, a: isinstance(a, pl.Stake) and a.amount > 10**12, id="huge-amount"),
        pytest.param(
            lambda s, a: isinstance(a, pl.Discard) and len(set(a.cards)) < len(a.cards),
            id="card-twice",
        ),
        pytest.param(
            lambda s, a: (
                isinstance(a, pl.Discard)
                and 0 <= a.seat < s.num_seats
                and not set(a.cards) <= set(s.hands[a.seat])
            ),
            id="card-not-held",
        ),
        pytest.param(
            lambda s, a: isinstance(a, pl.Straddle) and s.phase is pl.Phase.BETTING,
            id="wrong-phase",
        ),
    ],
)
def test_actions_mix_legal_and_every_kind_of_illegal(
    condition: Callable[[pl.GameState, pl.Action], bool],
) -> None:
    found(_STATE_AND_ACTION, lambda pair: condition(*pair))


@settings(deadline=None)
@given(game=ps.games())
def test_games_are_finished(game: pl.GameState) -> None:
    assert game.phase is pl.Phase.OVER
    assert game.to_act is None
    check_cards(game)


@settings(deadline=None)
@given(sitting=ps.sittings(min_games=2, max_games=4, max_players=5))
def test_law_18_sittings_chain_games_with_next_game(sitting: tuple[pl.GameState, ...]) -> None:
    """Law 18: each game of a sitting is dealt by the left-hand neighbour of the last dealer;
    the chips at the table carry over, and an unopened game makes a jack-pot (Law 29)."""
    assert 2 <= len(sitting) <= 4
    for last, game in itertools.pairwise(sitting):
        assert last.phase is game.phase is pl.Phase.OVER
        assert game.dealer == (last.dealer + 1) % last.num_seats
        assert chips(game) == chips(last)
        assert game.is_jackpot == (not last.opened)
