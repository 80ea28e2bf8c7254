"""The strategies themselves: what they draw, what they refuse, and how they register."""

from __future__ import annotations

import importlib.metadata
import inspect
import itertools
import os
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, Phase, assume, event, find, given, settings
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import check_cards, chips

T = TypeVar("T")

HOOK = "pokerlaws.strategies:_hypothesis_setup_hook"
GAMES = settings.get_profile("games")
"""For tests drawing games or states, each played action by action (tests/conftest.py)."""
STRADDLING = ps.rules(ante=1, limit=st.integers(4, 20))
"""Tables where a straddle is possible (Law 22: twice the ante is at most half the limit)."""


def found(strategy: SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """Show that ``strategy`` can draw something meeting ``condition`` (the first found: no
    shrinking, which is slow for game states and proves nothing more). Derandomized, as
    under ``ci``: a search for a rare state draws the same examples, in the same time, on
    every run, rather than now a few, now hundreds of replayed games."""
    return find(
        strategy,
        condition,
        settings=settings(
            max_examples=10_000, database=None, phases=[Phase.generate], derandomize=True
        ),
    )


DRAW_ONE_OF_EACH = (
    "from hypothesis import Phase, find, settings\n"
    "once = settings(max_examples=100, phases=[Phase.generate], database=None)\n"
    "for cls in (pl.Card, pl.Rules, pl.HandRules, pl.HandValue, pl.GameState):\n"
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


@GAMES
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
def test_rules_keep_the_ante_at_most_half_the_limit(rules: pl.Rules) -> None:
    """Law 19: the ante is at least one chip and at most half the limit."""
    assert rules.ante >= 1
    assert 2 * rules.ante <= rules.limit


def test_rules_draw_tables_with_and_without_straddles() -> None:
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

NO_STRADDLE = pl.Rules(ante=1, limit=2)
"""A table where nobody may straddle (Law 22: twice the ante is above half the limit)."""

# Each bad call, and the words its InvalidArgument must hold (the argument and its value).
BAD_ARGUMENTS: list[tuple[Callable[[], SearchStrategy[Any]], str]] = [
    (lambda: ps.cards(joker="yes"), "joker='yes'"),  # type: ignore[arg-type]
    (lambda: ps.decks(joker=None), "joker=None"),  # type: ignore[arg-type]
    (lambda: ps.hands(joker=True, rules=NO_STRADDLE), "rules or joker"),
    (lambda: ps.hands(joker=1), "joker=1"),  # type: ignore[arg-type]
    (lambda: ps.hands(rules=st.just("table")), "rules='table'"),  # type: ignore[arg-type]
    (lambda: ps.hand_values(rules=st.just(3)), "rules=3"),  # type: ignore[arg-type]
    (lambda: ps.hand_values(joker=True, rules=NO_STRADDLE), "rules or joker"),
    (lambda: ps.hand_rules(no_such_switch=True), "no_such_switch"),
    (lambda: ps.hand_rules(blaze="on"), "blaze='on'"),  # type: ignore[arg-type]
    (lambda: ps.hand_rules(blaze=st.just(1)), "blaze=1"),  # type: ignore[arg-type]
    (lambda: ps.rules(ante=0), "ante=0"),
    (lambda: ps.rules(limit=1), "limit=1"),
    (lambda: ps.rules(ante=3, limit=5), "ante=3"),
    (lambda: ps.rules(ante=2.5), "ante=2.5"),  # type: ignore[arg-type]
    (lambda: ps.rules(ante="x"), "ante='x'"),  # type: ignore[arg-type]
    (lambda: ps.rules(ante=st.just("x")), "ante='x'"),  # type: ignore[arg-type]
    (lambda: ps.rules(ante=st.just(0)), "ante=0"),
    (lambda: ps.rules(limit=st.just(True)), "limit=True"),
    (lambda: ps.rules(hands=st.just(pl.Rules(ante=1, limit=2))), "hands=Rules"),  # type: ignore[arg-type]
    (lambda: ps.rules(joker=st.just("yes")), "joker='yes'"),  # type: ignore[arg-type]
    (lambda: ps.new_games(min_players=1), "min_players=1"),
    (lambda: ps.new_games(max_players=11), "max_players=11"),
    (lambda: ps.new_games(min_players=5, max_players=3), "min_players=5 > max_players=3"),
    (lambda: ps.new_games(min_players=True), "min_players=True"),
    (lambda: ps.new_games(stacks=0), "stacks=0"),
    (lambda: ps.new_games(stacks=-3), "stacks=-3"),
    (lambda: ps.new_games(stacks=st.just(-5)), "stacks=-5"),
    (lambda: ps.new_games(stacks=st.just("deep")), "stacks='deep'"),  # type: ignore[arg-type]
    (lambda: ps.new_games(rules=st.just("x")), "rules='x'"),  # type: ignore[arg-type]
    (lambda: ps.new_games(carried=-1), "carried=-1"),
    (lambda: ps.new_games(carried=st.just(-2)), "carried=-2"),
    (lambda: ps.new_games(jackpot_round=st.just(-1)), "jackpot_round=-1"),
    (lambda: ps.new_games(jackpot_round=1.0), "jackpot_round=1.0"),  # type: ignore[arg-type]
    (lambda: ps.game_states(phases=[]), "phases=[]"),
    (lambda: ps.game_states(phases=["say"]), "'say'"),  # type: ignore[list-item]
    (lambda: ps.game_states(phases="say"), "phases='say'"),  # type: ignore[arg-type]
    (lambda: ps.game_states(phases=3), "phases=3"),  # type: ignore[arg-type]
    (lambda: ps.game_states(max_games=0), "max_games=0"),
    (lambda: ps.game_states(min_players=3, max_players=2), "min_players=3"),
    (lambda: ps.game_states(stacks=st.just(-1)), "stacks=-1"),
    (lambda: ps.game_states(rules=NO_STRADDLE, phases=pl.Phase.STRADDLE), "phases="),
    (lambda: ps.game_states(stacks=1, phases=[pl.Phase.STRADDLE]), "stacks=1"),
    (
        lambda: ps.game_states(
            rules=pl.Rules(ante=1, limit=4, jackpot_straddles=False),
            jackpot_round=2,
            max_games=1,
            phases=pl.Phase.STRADDLE,
        ),
        "jackpot_round=2",
    ),
    (lambda: ps.games(max_players=12), "max_players=12"),
    (lambda: ps.games(carried=st.just(-4)), "carried=-4"),
    (lambda: ps.sittings(min_games=3, max_games=2), "min_games=3 > max_games=2"),
    (lambda: ps.sittings(min_games=0), "min_games=0"),
    (lambda: ps.sittings(stacks=st.just(-7)), "stacks=-7"),
    (lambda: ps.legal_actions("state"), "state='state'"),  # type: ignore[arg-type]
    (lambda: ps.illegal_actions(3), "state=3"),  # type: ignore[arg-type]
    (lambda: ps.actions(None), "state=None"),  # type: ignore[arg-type]
]

BAD_AT_IMPORT = ps.rules(ante="x")  # type: ignore[arg-type]
"""Made at import, as a test module would: a bad argument must not abort collection."""


def _draw_once(strategy: SearchStrategy[Any]) -> None:
    find(strategy, lambda _: True, settings=settings(max_examples=50, database=None))


@pytest.mark.parametrize(("call", "named"), BAD_ARGUMENTS)
def test_bad_arguments_raise_invalid_argument_when_drawn_not_when_called(
    call: Callable[[], SearchStrategy[Any]], named: str
) -> None:
    """Like st.integers(5, 3): calling is fine, drawing (or validating) names the argument."""
    strategy = call()
    assert isinstance(strategy, SearchStrategy)
    with pytest.raises(InvalidArgument, match=re.escape(named)):
        _draw_once(strategy)


@pytest.mark.parametrize(
    ("call", "named"),
    [(call, named) for call, named in BAD_ARGUMENTS if "just(" not in inspect.getsource(call)],
)
def test_bad_plain_arguments_raise_when_the_strategy_is_validated(
    call: Callable[[], SearchStrategy[Any]], named: str
) -> None:
    """As @given does before the first draw; a strategy-valued argument is checked later,
    on each value it draws."""
    with pytest.raises(InvalidArgument, match=re.escape(named)):
        call().validate()


@pytest.mark.parametrize(
    "outer",
    [
        lambda bad: ps.game_states(rules=bad),
        lambda bad: ps.games(rules=bad),
        lambda bad: ps.sittings(rules=bad),
        lambda bad: ps.hands(rules=bad),
        lambda bad: st.lists(ps.new_games(rules=bad), min_size=1),
    ],
)
def test_a_bad_argument_inside_another_strategy_names_itself(
    outer: Callable[[SearchStrategy[Any]], SearchStrategy[Any]],
) -> None:
    with pytest.raises(InvalidArgument, match=re.escape("ante=0")):
        _draw_once(outer(ps.rules(ante=0)))


def test_a_bad_argument_fails_only_the_test_that_draws_it() -> None:
    """The module-level BAD_AT_IMPORT did not stop this module loading; a test drawing
    from it fails with InvalidArgument when run."""

    @given(BAD_AT_IMPORT)
    def draws_it(rules: pl.Rules) -> None:
        raise AssertionError("never drawn")

    with pytest.raises(InvalidArgument, match="ante='x'"):
        draws_it()


def test_legal_actions_of_a_finished_game_is_an_invalid_argument() -> None:
    over = found(ps.games(max_players=3), lambda state: True)
    strategy = ps.legal_actions(over)
    with pytest.raises(InvalidArgument, match="finished game"):
        _draw_once(strategy)


# --- builds and from_type ---------------------------------------------------------------

BUILT_SOME_OTHER_WAY = {
    # Card's rank and suit are either both None (the Joker) or neither, and HandValue's
    # strength is a packed int: builds() infers each field alone from its validator, so it
    # draws impossible values; from_type(Card) and from_type(HandValue) are registered.
    pl.Card,
    pl.HandValue,
    # A state's fields depend on one another (the pack, the chips, the turn), and a state
    # built directly is checked, so builds() cannot invent one: from_type(GameState) draws
    # states reached by replaying legal actions.
    pl.GameState,
    # A sitting holds its game and the seating, chips and accounts that game left: from_type
    # draws one reached by play (sitting_states).
    pl.Sitting,
    # A sitting's view names its players half a dozen times, each a printable name that
    # builds() draws alone from str: it is made by view_sitting from a sitting reached by
    # play (tests/test_sitting.py), never invented field by field.
    pl.SittingView,
}
ATTRS_CLASSES = sorted(
    (obj for name in pl.__all__ if isinstance(obj := getattr(pl, name), type) and attrs.has(obj)),
    key=lambda cls: cls.__name__,
)
BUILDABLE = [cls for cls in ATTRS_CLASSES if cls not in BUILT_SOME_OTHER_WAY]


def test_every_public_class_is_accounted_for() -> None:
    assert {pl.Stake, pl.Pass, pl.Discard, pl.Shuffle, pl.Rules, pl.GameRecord} <= set(BUILDABLE)
    assert set(ATTRS_CLASSES) >= BUILT_SOME_OTHER_WAY


@st.composite
def _accepted(draw: st.DrawFn, cls: type) -> object:
    """A value ``st.builds(cls)`` draws that the class accepts: builds infers each field from
    its annotation alone, and the shape checks refuse some of what it draws (a negative
    count, a lone surrogate in a name), which is discarded rather than failed."""
    try:
        return draw(st.builds(cls))
    except (TypeError, ValueError) as refused:
        event(f"refused by {cls.__name__}: {type(refused).__name__}")
        assume(False)
        raise  # pragma: no cover - assume(False) never returns


@pytest.mark.parametrize("cls", BUILDABLE, ids=lambda cls: cls.__name__)
def test_builds_works_on_every_public_attrs_class(cls: type) -> None:
    """st.builds infers every required field (the string annotations are resolved), and
    draws values the class accepts."""

    @settings(
        max_examples=min(20, settings().max_examples),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(value=_accepted(cls))
    def built(value: object) -> None:
        assert isinstance(value, cls)

    built()


def test_builds_of_rules_gives_valid_tables_with_and_without_straddles() -> None:
    """Laws 19, 22: builds(Rules) only draws valid pairs, some with a straddle possible."""
    assert found(st.builds(pl.Rules), lambda rules: rules.highest_straddle >= 2 * rules.ante)
    assert found(st.builds(pl.Rules), lambda rules: rules.highest_straddle < 2 * rules.ante)


def test_builds_needs_no_import_of_the_strategies() -> None:
    """The entry point resolves the annotations: pokerlaws.strategies is never imported."""
    _python(
        "import sys, hypothesis.strategies as st, pokerlaws as pl\n"
        "from hypothesis import Phase, find, settings\n"
        "once = settings(database=None, phases=[Phase.generate])  # the first value, unshrunk\n"
        "for cls in (pl.Stake, pl.Discard, pl.Shuffle, pl.Rules, pl.GameRecord):\n"
        "    find(st.builds(cls), lambda x: True, settings=once)\n"
        "assert 'pokerlaws.strategies' in sys.modules  # loaded by the entry point only\n"
    )


@settings(deadline=None, max_examples=10)
@given(state=st.from_type(pl.GameState))
def test_from_type_game_state_is_a_state_reached_by_replay(state: pl.GameState) -> None:
    assert pl.replay(pl.record(state)) == state


@given(value=st.from_type(pl.HandValue), hand=ps.hands())
def test_from_type_hand_value_is_the_value_of_a_hand(value: pl.HandValue, hand: Any) -> None:
    assert isinstance(value, pl.HandValue)
    assert isinstance(value.category, pl.HandCategory)
    assert (value < pl.evaluate(hand)) or (value >= pl.evaluate(hand))


def test_hand_values_follow_the_rules_pack() -> None:
    """Law 81: a table with the Joker deals it, and its hands are valued with it."""
    assert found(ps.hand_values(rules=ps.rules(joker=True)), lambda value: value.joker)


# --- Games -------------------------------------------------------------------------------


@GAMES
@given(state=ps.new_games(min_players=3, max_players=5, stacks=st.integers(0, 40)))
def test_new_games_are_just_begun(state: pl.GameState) -> None:
    assert state.history == ()
    assert 3 <= state.num_seats <= 5
    assert len(state.players) >= 2
    assert state.phase in (pl.Phase.STRADDLE, pl.Phase.SAY, pl.Phase.OVER)


@pytest.mark.parametrize("phase", list(pl.Phase))
@GAMES
@given(data=st.data())
def test_game_states_are_in_the_phases_asked_for(phase: pl.Phase, data: st.DataObject) -> None:
    state = data.draw(ps.game_states(rules=STRADDLING, phases=phase, stacks=st.integers(5, 60)))
    assert state.phase is phase
    check_cards(state)


@GAMES
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
        ps.game_states(max_games=3, max_players=4, jackpot_round=0),
        lambda state: state.jackpot_round >= 2,
    )
    assert state.openers_required is pl.Rank.QUEEN
    assert state.history or state.carried > 0


@pytest.mark.parametrize("jackpot_round", [0, 1, 2, 3, 4])
def test_new_games_draw_ordinary_games_and_jackpots(jackpot_round: int) -> None:
    """Laws 29-32: by default most games are ordinary, some a jack-pot of any round."""
    game = found(ps.new_games(), lambda state: state.jackpot_round == jackpot_round)
    assert game.is_jackpot == (jackpot_round > 0)
    if game.is_jackpot:
        assert game.carried >= game.rules.ante


@GAMES
@given(
    state=ps.new_games(
        carried=st.integers(0, 9), jackpot_round=st.sampled_from([0, 2]), max_players=4
    ),
    fixed=ps.new_games(carried=7, jackpot_round=1),
)
def test_new_games_take_carried_and_jackpot_round(
    state: pl.GameState, fixed: pl.GameState
) -> None:
    assert 0 <= state.carried <= 9
    assert state.jackpot_round in (0, 2)
    assert (fixed.carried, fixed.jackpot_round) == (7, 1)


@GAMES
@given(
    state=ps.new_games(),
    own=ps.new_games(stacks=st.integers(0, 3), min_players=6),
)
def test_the_dealer_drawn_has_chips(state: pl.GameState, own: pl.GameState) -> None:
    """Law 18: the dealer is dealt into the game, so has chips as it begins."""
    for game in (state, own):
        assert game.starting_stacks[game.dealer] > 0


# --- Shrinking ---------------------------------------------------------------------------


def _minimal(strategy: SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    # Derandomized, so that how far a search shrinks is the same on every run.
    return find(
        strategy,
        condition,
        settings=settings(database=None, max_examples=2_000, derandomize=True),
    )


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 6, 10])
def test_seats_with_no_chips_shrink_away(seats: int) -> None:
    """A shrunk table has exactly the seats the failure needs, each with chips, though the
    default draws seats that sit out (one in eight). (Slow: each shrink draws some hundreds
    of tables, a new pack each.)"""
    assert found(ps.new_games(min_players=seats), lambda s: 0 in s.starting_stacks)
    table = _minimal(ps.new_games(), lambda state: state.num_seats >= seats)
    assert table.num_seats == seats
    assert 0 not in table.starting_stacks
    assert table.dealer == 0
    assert (table.carried, table.jackpot_round) == (0, 0)


@pytest.mark.slow
def test_a_shrunk_game_state_has_no_seat_without_chips() -> None:
    """As for new games, so for states played on from them (slow: a shrink of some hundreds
    of replayed games)."""
    state = _minimal(
        ps.game_states(phases=pl.Phase.DRAW),
        lambda state: state.num_seats >= 4 and len(state.players) >= 3,
    )
    assert 0 not in state.starting_stacks


# --- Reachability and Law 41 -------------------------------------------------------------


@GAMES
@given(state=ps.game_states(max_players=7, stacks=st.integers(1, 12)))
def test_generated_states_are_reached_by_replaying_their_history(state: pl.GameState) -> None:
    """Every state is new_game followed by its own history, legal action by action."""
    assert pl.replay(pl.record(state)) == state
    replayed = pl.new_game(
        state.rules,
        state.starting_stacks,
        dealer=state.dealer,
        deck=state.deck,
        carried=state.carried,
        jackpot_round=state.jackpot_round,
    )
    for action in state.history:
        replayed = pl.apply_or_raise(replayed, action)
    assert replayed == state


SHORT_PACK = ps.game_states(min_players=7, stacks=st.integers(1, 6), phases=pl.Phase.DRAW)
"""The recipe of docs/strategies.md: full tables, small stacks, aimed at the draw."""


def _shuffle_due(state: pl.GameState) -> bool:
    return any(isinstance(action, pl.Shuffle) for action in pl.legal_actions(state))


@pytest.fixture(scope="module")
def shuffle_due() -> pl.GameState:
    """A state of the recipe at the Law 41 shortage, found once for the three tests that
    need one (the search replays some tens of games)."""
    return found(SHORT_PACK, _shuffle_due)


def test_law_41_short_stacks_at_full_tables_run_the_pack_short(shuffle_due: pl.GameState) -> None:
    """Law 41: the pack runs short, and the dealer alone may shuffle the discards."""
    state = shuffle_due
    assert state.to_act == state.dealer
    assert pl.legal_actions(state) == (pl.Shuffle(seat=state.dealer),)


def test_law_41_a_dealer_who_passed_still_shuffles() -> None:
    """Laws 18, 41: the dealer shuffles even when he has passed."""
    state = found(SHORT_PACK, lambda s: _shuffle_due(s) and s.dealer not in s.players)
    assert state.to_act == state.dealer


def test_legal_actions_shuffle_in_the_listed_and_in_given_orders(
    shuffle_due: pl.GameState,
) -> None:
    state = shuffle_due
    shuffles = ps.legal_actions(state)
    assert found(shuffles, lambda action: action == pl.Shuffle(seat=state.dealer))
    ordered = found(shuffles, lambda action: isinstance(action, pl.Shuffle) and bool(action.order))
    assert isinstance(ordered, pl.Shuffle)
    assert ordered.order is not None
    assert sorted(map(str, ordered.order)) == sorted(map(str, state.discards))
    assert pl.is_legal(state, ordered)


def test_games_and_sittings_play_through_the_shuffle() -> None:
    def shuffled(game: pl.GameState) -> bool:
        return any(isinstance(action, pl.Shuffle) for action in game.history)

    small = {"min_players": 7, "stacks": st.integers(1, 6)}
    game = found(ps.games(**small), shuffled)  # type: ignore[arg-type]
    assert pl.replay(pl.record(game)) == game
    found(ps.sittings(**small, min_games=2), lambda games: any(map(shuffled, games)))  # type: ignore[arg-type]


def _by_the_dealer(state: pl.GameState, action: pl.Action) -> bool:
    return isinstance(action, pl.Shuffle) and action.seat == state.dealer


def test_law_41_illegal_actions_include_wrong_shuffles(shuffle_due: pl.GameState) -> None:
    """Law 41: only the dealer shuffles, only this draw's discards, only when they are due."""
    due = shuffle_due
    wrong = ps.illegal_actions(due)
    by_another = found(wrong, lambda a: isinstance(a, pl.Shuffle) and a.seat != due.dealer)
    of_wrong_cards = found(
        wrong, lambda a: isinstance(a, pl.Shuffle) and a.seat == due.dealer and bool(a.order)
    )
    # A state is slow to draw (it is replayed) and this shuffle is rare among the illegal
    # actions (one kind in seven, one seat of many), so each state serves sixteen.
    drawn, tried = found(
        ps.game_states(max_players=4).flatmap(
            lambda state: st.lists(ps.illegal_actions(state), min_size=16, max_size=16).map(
                lambda actions: (state, actions)
            )
        ),
        lambda pair: any(_by_the_dealer(pair[0], action) for action in pair[1]),
    )
    early = (drawn, next(action for action in tried if _by_the_dealer(drawn, action)))
    for state, action in ((due, by_another), (due, of_wrong_cards), early):
        assert isinstance(pl.apply(state, action), pl.RuleViolation)


def test_sittings_stop_when_the_table_is_over() -> None:
    """Ambiguity 26: a sitting ends when fewer than two seats have chips (TableOver)."""
    sitting = found(
        ps.sittings(max_players=2, stacks=st.integers(1, 3), min_games=1, max_games=5),
        lambda games: len(games) < 5,
    )
    with pytest.raises(pl.TableOver):
        pl.next_game(sitting[-1], deck=pl.standard_deck())


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_legal_actions_draws_only_legal_actions(state: pl.GameState, data: st.DataObject) -> None:
    """Listed actions, or at Law 41's shuffle the dealer's own order of the discards, or
    after a misdeal his own new pack (Law 8)."""
    if state.phase is pl.Phase.OVER:
        return
    action = data.draw(ps.legal_actions(state))
    assert action in pl.legal_actions(state) or (
        isinstance(action, pl.Shuffle | pl.Redeal) and pl.is_legal(state, action)
    )


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_illegal_actions_are_refused(state: pl.GameState, data: st.DataObject) -> None:
    action = data.draw(ps.illegal_actions(state))
    assert isinstance(pl.apply(state, action), pl.RuleViolation)


def _states_and_actions(
    phases: pl.Phase | None,
) -> SearchStrategy[tuple[pl.GameState, list[pl.Action]]]:
    """A state of a game of one and eight actions for it: a state is slow to draw (it is
    replayed), so each serves several actions."""
    return ps.game_states(max_players=4, max_games=1, phases=phases).flatmap(
        lambda state: st.lists(ps.actions(state), min_size=8, max_size=8).map(
            lambda actions: (state, actions)
        )
    )


@pytest.mark.parametrize(
    ("phases", "condition"),
    [
        pytest.param(None, lambda s, a: pl.is_legal(s, a), id="legal"),
        pytest.param(None, lambda s, a: not pl.is_legal(s, a), id="illegal"),
        pytest.param(None, lambda s, a: a.seat < 0, id="negative-seat"),
        pytest.param(None, lambda s, a: a.seat == s.num_seats, id="seat-past-the-table"),
        pytest.param(
            None, lambda s, a: isinstance(a, pl.Stake) and a.amount < 0, id="negative-amount"
        ),
        pytest.param(
            None, lambda s, a: isinstance(a, pl.Stake) and a.amount == 0, id="zero-amount"
        ),
        pytest.param(
            None, lambda s, a: isinstance(a, pl.Stake) and a.amount > 10**12, id="huge-amount"
        ),
        pytest.param(
            None,
            lambda s, a: isinstance(a, pl.Discard) and len(set(a.cards)) < len(a.cards),
            id="card-twice",
        ),
        pytest.param(
            None,
            lambda s, a: (
                isinstance(a, pl.Discard)
                and 0 <= a.seat < s.num_seats
                and not set(a.cards) <= set(s.hands[a.seat])
            ),
            id="card-not-held",
        ),
        # Few games of one reach the betting after the draw: the states are aimed at it.
        pytest.param(
            pl.Phase.BETTING,
            lambda s, a: isinstance(a, pl.Straddle) and s.phase is pl.Phase.BETTING,
            id="wrong-phase",
        ),
    ],
)
def test_actions_mix_legal_and_every_kind_of_illegal(
    phases: pl.Phase | None, condition: Callable[[pl.GameState, pl.Action], bool]
) -> None:
    found(
        _states_and_actions(phases),
        lambda pair: any(condition(pair[0], action) for action in pair[1]),
    )


@GAMES
@given(game=ps.games())
def test_games_are_finished(game: pl.GameState) -> None:
    assert game.phase is pl.Phase.OVER
    assert game.to_act is None
    check_cards(game)


@GAMES
@given(sitting=ps.sittings(min_games=2, max_games=4, max_players=5))
def test_law_18_sittings_chain_games_with_next_game(sitting: tuple[pl.GameState, ...]) -> None:
    """Law 18: each game of a sitting is dealt by the first seat with chips on the last
    dealer's left;
    the chips at the table carry over, and an unopened game makes a jack-pot (Law 29)."""
    assert 2 <= len(sitting) <= 4
    for last, game in itertools.pairwise(sitting):
        assert last.phase is game.phase is pl.Phase.OVER
        with_chips = [seat for seat, stack in enumerate(last.stacks) if stack > 0]
        left = [(last.dealer + step) % last.num_seats for step in range(1, last.num_seats + 1)]
        assert game.dealer == next(seat for seat in left if seat in with_chips)
        assert chips(game) == chips(last)
        # Law 33: a false opener's game counts as not opened.
        assert game.is_jackpot == (not last.opened or last.false_opener is not None)


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_reports_draws_only_what_may_be_reported(state: pl.GameState, data: st.DataObject) -> None:
    """ps.reports draws what reportable lists, and apply accepts it."""
    if not pl.reportable(state):
        with pytest.raises(InvalidArgument, match="nothing may be reported"):
            data.draw(ps.reports(state))
        return
    report = data.draw(ps.reports(state))
    assert report in pl.reportable(state)
    assert isinstance(pl.apply(state, report), pl.GameState)
