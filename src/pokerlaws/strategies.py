"""Hypothesis strategies for pokerlaws: cards, hands, decks, rules, and reachable game states.

Install the extra (``pip install "pokerlaws[hypothesis]"``) and import this module yourself:
``import pokerlaws`` never imports Hypothesis. The strategies follow Hypothesis' own style:
plural names, keyword-only arguments that take a value or a strategy, and
:class:`~hypothesis.errors.InvalidArgument` naming the argument for one that makes no sense.
As with ``st.integers(5, 3)``, a bad argument is reported when the strategy is validated or
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


import functools
import typing
from collections.abc import Callable, Iterable
from typing import Annotated, Any, ParamSpec, TypeVar

import attrs
import hypothesis.strategies as st
from hypothesis import reject
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws._strategy_arguments import (
    _ANTE,
    _CARRIED,
    _GAMES,
    _LIMIT,
    _ROUND,
    _STACK,
    MAX_SEATS,
    MIN_SEATS,
    _as_strategy,
    _check_bool,
    _check_phases,
    _check_seats,
    _defined,
    _instance,
    _is_int,
    _lazy,
)

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

T = TypeVar("T")
P = ParamSpec("P")

_MAX_ANTE = 5
_STEP_GUARD = 2_000
"""No game drawn here takes this many actions: a larger count means the engine loops."""

_HUGE = (2**63, -(2**63), 10**30, -(10**30))
"""Numbers far outside any table, drawn as seats and amounts (integers() favours small ones)."""

# The kinds of action, in the order a drawn choice shrinks towards: Pass first, because
# passing ends a game soonest, so a failing example shrinks to a short game.
_KINDS: tuple[type, ...] = (
    pl.Pass,
    pl.DeclineStraddle,
    pl.Stand,
    pl.Discard,
    pl.Stake,
    pl.Straddle,
    pl.Shuffle,
    pl.Redeal,
)

_ORDER = {phase: i for i, phase in enumerate(pl.Phase)}
_LATE = frozenset({pl.Phase.DRAW, pl.Phase.BETTING})
"""The phases a game reaches only if players stay in, which game_states plays on to reach."""

_SITS_OUT = st.sampled_from((False,) * 7 + (True,))
"""Whether a seat of a default table sits the game out: one in eight, shrinking to no."""

# --- Arguments: pokerlaws._strategy_arguments -----------------------------------------


def _rules_arg(value: Any) -> SearchStrategy[pl.Rules]:
    if value is None:
        return _defined(rules())
    return _as_strategy("rules", value, _instance(pl.Rules))


def _can_straddle(table: pl.Rules) -> bool:
    """Law 22: a straddle is possible only if twice the ante is at most half the limit."""
    return 2 * table.ante <= table.highest_straddle


# --- Cards and hands --------------------------------------------------------------------


@functools.cache
def _pack(joker: bool) -> tuple[pl.Card, ...]:
    return pl.standard_deck(joker=joker)


@functools.cache
def _hands_of(joker: bool) -> SearchStrategy[tuple[pl.Card, ...]]:
    return st.lists(st.sampled_from(_pack(joker)), min_size=5, max_size=5, unique=True).map(tuple)


@functools.cache
def _decks_of(joker: bool) -> SearchStrategy[tuple[pl.Card, ...]]:
    return st.permutations(_pack(joker)).map(tuple)


@_lazy
def cards(*, joker: bool = False) -> SearchStrategy[pl.Card]:
    """Cards of the pack; with ``joker=True`` the Joker too (Law 81).

    Shrinks towards the two of clubs, the first card of :func:`pokerlaws.standard_deck`.
    """
    return st.sampled_from(_pack(_check_bool("joker", joker)))


def _hand_pack(joker: Any, table: Any) -> SearchStrategy[tuple[pl.Card, ...]]:
    """The hands of ``hands()`` and ``hand_values()``: of the pack ``joker`` or ``rules``
    names (a Rules value or strategy), with the table when there is one."""
    if joker is not None and table is not None:
        raise InvalidArgument("give rules or joker, not both: the rules set the pack")
    if table is None:
        return _hands_of(_check_bool("joker", False if joker is None else joker))
    return _rules_arg(table).flatmap(lambda chosen: _hands_of(chosen.joker))


@_lazy
def hands(
    *,
    joker: bool | None = None,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
) -> SearchStrategy[tuple[pl.Card, ...]]:
    """Five distinct cards from one pack, in no particular order.

    Args:
        joker: draw from the pack with the Joker (Law 81). Default ``False``.
        rules: draw from the pack these table rules use (``rules.joker``); a ``Rules`` value
            or a strategy of them. Give ``rules`` or ``joker``, not both.
    """
    return _hand_pack(joker, rules)


@_lazy
def hand_values(
    *,
    joker: bool | None = None,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
) -> SearchStrategy[pl.HandValue]:
    """The values (:func:`pokerlaws.evaluate`) of hands drawn as :func:`hands` draws them.

    Without ``rules`` the hands are valued as Peel ranks them (``HandRules()``); with
    ``rules`` (a value or a strategy) under ``rules.hands``, from the rules' pack. Values
    from different ``HandRules`` do not compare meaningfully, so fix ``rules`` to compare
    values with each other. ``st.from_type(pokerlaws.HandValue)`` is ``hand_values()``.
    """
    if rules is None:
        return _hand_pack(joker, None).map(pl.evaluate)
    if joker is not None:
        raise InvalidArgument("give rules or joker, not both: the rules set the pack")
    return _rules_arg(rules).flatmap(
        lambda table: _hands_of(table.joker).map(lambda hand: pl.evaluate(hand, table.hands))
    )


@_lazy
def decks(*, joker: bool = False) -> SearchStrategy[tuple[pl.Card, ...]]:
    """Whole packs in any order, ``deck[0]`` the top card; with ``joker=True``, 53 cards.

    Shrinks towards :func:`pokerlaws.standard_deck`'s order.
    """
    return _decks_of(_check_bool("joker", joker))


# --- Rules ------------------------------------------------------------------------------


def _switches(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s boolean switches: its attrs fields with a bool default."""
    return tuple(field.name for field in attrs.fields(cls) if isinstance(field.default, bool))


def _switch_strategies(cls: type, given: dict[str, Any]) -> dict[str, SearchStrategy[bool]]:
    names = _switches(cls)
    for name in given:
        if name not in names:
            raise InvalidArgument(
                f"{cls.__name__} has no switch {name!r}; its switches are {', '.join(names)}"
            )
    return {
        name: st.booleans()
        if given.get(name) is None
        else _as_strategy(name, given[name], _check_bool)
        for name in names
    }


@_lazy
def hand_rules(**switches: bool | SearchStrategy[bool] | None) -> SearchStrategy[pl.HandRules]:
    """:class:`pokerlaws.HandRules` with every switch drawn, unless fixed by a keyword.

    ``hand_rules(blaze=True)`` fixes one switch; each keyword takes a bool or a strategy of
    bools. Every boolean field of ``HandRules`` is drawn, including ones added later.
    """
    return st.fixed_dictionaries(_switch_strategies(pl.HandRules, switches)).map(
        lambda chosen: pl.HandRules(**chosen)
    )


@_lazy
def rules(
    *,
    ante: int | SearchStrategy[int] | None = None,
    limit: int | SearchStrategy[int] | None = None,
    hands: pl.HandRules | SearchStrategy[pl.HandRules] | None = None,
    joker: bool | SearchStrategy[bool] | None = None,
    jackpot_straddles: bool | SearchStrategy[bool] | None = None,
    odd_chip_carries: bool | SearchStrategy[bool] | None = None,
    openers_on_honour: bool | SearchStrategy[bool] | None = None,
    recording_table: bool | SearchStrategy[bool] | None = None,
) -> SearchStrategy[pl.Rules]:
    """Valid table rules: ante at least 1, at most half the limit (Law 19), every variant drawn.

    Each keyword takes a value or a strategy. By default the ante is 1 to 5 and the limit
    from twice the ante (no straddle possible) to six times it (straddles possible, Law 22).
    An ante below 1 or a limit below 2, given or drawn, is an ``InvalidArgument``; so is a
    given pair the laws forbid (``2 * ante > limit``), while such a pair drawn from two
    strategies is rejected. Every other boolean switch of ``Rules`` is drawn too.
    """
    antes = None if ante is None else _as_strategy("ante", ante, _ANTE)
    limits = None if limit is None else _as_strategy("limit", limit, _LIMIT)
    if (
        not isinstance(ante, SearchStrategy)
        and not isinstance(limit, SearchStrategy)
        and ante is not None
        and limit is not None
        and 2 * ante > limit
    ):
        raise InvalidArgument(f"ante={ante} is more than half limit={limit} (Law 19)")
    hand_strategy = (
        _defined(hand_rules())
        if hands is None
        else _as_strategy("hands", hands, _instance(pl.HandRules))
    )
    flags = _switch_strategies(
        pl.Rules,
        {
            "joker": joker,
            "jackpot_straddles": jackpot_straddles,
            "odd_chip_carries": odd_chip_carries,
            "openers_on_honour": openers_on_honour,
            "recording_table": recording_table,
        },
    )

    @st.composite
    def tables(draw: st.DrawFn) -> pl.Rules:
        if limits is None:
            chosen_ante = draw(st.integers(1, _MAX_ANTE) if antes is None else antes)
            chosen_limit = 2 * chosen_ante + draw(st.integers(0, 4 * chosen_ante))
        elif antes is None:
            chosen_limit = draw(limits)
            chosen_ante = draw(st.integers(1, min(chosen_limit // 2, _MAX_ANTE)))
        else:
            chosen_ante, chosen_limit = draw(antes), draw(limits)
            if 2 * chosen_ante > chosen_limit:
                reject()
        return pl.Rules(
            ante=chosen_ante,
            limit=chosen_limit,
            hands=draw(hand_strategy),
            **{name: draw(flag) for name, flag in flags.items()},
        )

    return tables()


# --- Legal and illegal actions ----------------------------------------------------------


def _by_kind(choices: tuple[pl.Action, ...]) -> list[list[pl.Action]]:
    groups: dict[type, list[pl.Action]] = {}
    for action in choices:
        groups.setdefault(type(action), []).append(action)
    return [groups[kind] for kind in _KINDS if kind in groups]


def _draw_legal(draw: st.DrawFn, state: pl.GameState, *, play_on: bool = False) -> pl.Action:
    """Draw a legal action: a kind first, then one of that kind.

    Choosing the kind first keeps passing as likely as staking, however many amounts are
    legal, so unopened games and jack-pots come up often; Pass shrinks first. With
    ``play_on`` every other kind is three times as likely as passing, so that games reach
    the draw and the betting more often. The dealer's shuffle of Law 41 is the listed
    ``Shuffle(seat=dealer)`` (the engine orders the discards) or, as often, the caller's
    own order: a permutation of the discards of this draw.
    """
    groups = _by_kind(pl.legal_actions(state))
    if not groups:
        raise InvalidArgument(f"the game is over: no action is legal (phase {state.phase})")
    if play_on and len(groups) > 1:
        groups = [groups[0], *(group for group in groups[1:] for _ in range(3))]
    group = groups[0] if len(groups) == 1 else draw(st.sampled_from(groups))
    action = group[0] if len(group) == 1 else draw(st.sampled_from(group))
    if isinstance(action, pl.Shuffle) and draw(st.booleans()):
        order = draw(st.permutations(state.discards))
        return pl.Shuffle(seat=action.seat, order=tuple(order))
    if isinstance(action, pl.Redeal) and draw(st.booleans()):
        return pl.Redeal(seat=action.seat, deck=tuple(draw(st.permutations(state.deck))))
    return action


def _check_state(name: str, state: Any) -> pl.GameState:
    if not isinstance(state, pl.GameState):
        raise InvalidArgument(f"{name}={state!r} must be a pokerlaws.GameState")
    return state


@_lazy
def reports(state: pl.GameState) -> SearchStrategy[pl.Report]:
    """The reports of irregularities :func:`pokerlaws.reportable` lists in ``state``
    (misdeals, foul hands, cards exposed, deposits out of turn...), each equally likely;
    shrinks towards the first listed. A state where nothing may be reported is an
    ``InvalidArgument``.
    """
    _check_state("state", state)
    listed = pl.reportable(state)
    if not listed:
        raise InvalidArgument("nothing may be reported in this state: reportable is empty")
    return st.sampled_from(listed)


@_lazy
def legal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """The actions :func:`pokerlaws.apply` accepts in ``state``.

    Each kind of action (pass, stake, discard...) is equally likely, then each action of that
    kind; shrinks towards passing. At Law 41's shuffle, either the listed
    ``Shuffle(seat=dealer)`` or one with an explicit order of the discards. A finished game
    (no action legal) is an ``InvalidArgument``.
    """
    _check_state("state", state)
    if not pl.legal_actions(state):
        raise InvalidArgument("state is a finished game: no action is legal; use next_game")

    @st.composite
    def legal(draw: st.DrawFn) -> pl.Action:
        return _draw_legal(draw, state)

    return legal()


def _illegal_candidates(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions of any kind by any seat, mostly illegal: out-of-range seats, bad amounts,
    discards of cards not held or named twice, shuffles by the wrong seat, of the wrong
    cards or at the wrong moment."""
    n = state.num_seats
    actor = state.to_act if state.to_act is not None else state.dealer
    seats = st.one_of(
        st.sampled_from(sorted({actor, state.dealer, -1, n, *range(n)})),
        st.integers(min_value=-(2**63), max_value=2**63),
        st.sampled_from(_HUGE),
    )
    highest = max(state.stakes)
    stack = state.stacks[actor]
    limit = state.rules.limit
    edges = {
        0,
        1,
        -1,
        stack,
        stack + 1,
        stack - 1,
        highest - state.stakes[actor],
        highest - state.stakes[actor] + 1,
        highest - state.stakes[actor] - 1,
        highest + limit - state.stakes[actor],
        highest + limit - state.stakes[actor] + 1,
        2 * state.straddle_level,
        2 * state.straddle_level - 1,
    }
    amounts = st.one_of(
        st.sampled_from(sorted(edges)),
        st.integers(min_value=-limit, max_value=stack + 2 * limit),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.sampled_from(_HUGE),
    )
    hand = state.hands[actor]
    card_pool: SearchStrategy[pl.Card] = st.sampled_from(_pack(True))
    if hand:
        card_pool = st.one_of(st.sampled_from(hand), card_pool)
    thrown = st.lists(card_pool, max_size=7).map(tuple)
    # Law 41: the order must hold exactly this draw's discards, each once.
    gathered = state.discards
    stranger = next(card for card in _pack(True) if card not in gathered)
    wrong_orders: list[tuple[pl.Card, ...]] = [(), (stranger,), (*gathered, stranger)]
    if gathered:
        wrong_orders += [gathered[1:], (*gathered, gathered[0]), (stranger, *gathered[1:])]
    orders = st.one_of(
        st.none(),
        st.sampled_from(wrong_orders),
        st.lists(card_pool, max_size=12).map(tuple),
    )
    return st.one_of(
        st.builds(pl.Pass, seat=seats),
        st.builds(pl.Stake, seat=seats, amount=amounts),
        st.builds(pl.Discard, seat=seats, cards=thrown),
        st.builds(pl.Stand, seat=seats),
        st.builds(pl.Straddle, seat=seats),
        st.builds(pl.DeclineStraddle, seat=seats),
        st.builds(pl.Shuffle, seat=seats, order=orders),
    )


@_lazy
def illegal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions :func:`pokerlaws.apply` refuses in ``state``, of every kind (see :func:`actions`).

    Useful to check that a refusal changes nothing and cites a law.
    """
    _check_state("state", state)
    return _illegal_candidates(state).filter(lambda action: not pl.is_legal(state, action))


@_lazy
def actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Legal and illegal actions for ``state``, for robustness tests (about half legal).

    The illegal ones cover every kind of action in every phase, any seat (out-of-range ones
    such as -1 and ``num_seats`` included), amounts of zero, negative, huge and one past each
    bound, discards of cards not held, named twice, or more than five, and shuffles by
    the wrong seat, at the wrong moment, or of the wrong cards (Law 41).
    """
    _check_state("state", state)
    candidates = _illegal_candidates(state)
    if not pl.legal_actions(state):
        return candidates
    return st.one_of(_defined(legal_actions(state)), candidates)


# --- Game states ------------------------------------------------------------------------


@attrs.frozen
class _Table:
    """How ``new_games`` draws a table: its arguments, checked and made strategies."""

    rules: SearchStrategy[pl.Rules]
    min_players: int
    max_players: int
    stacks: SearchStrategy[int] | None
    """The user's stacks, or None for the default (chips for every seat, some sitting out)."""
    carried: SearchStrategy[int] | None
    jackpot_round: SearchStrategy[int] | None


def _table(
    rules: Any, min_players: Any, max_players: Any, stacks: Any, carried: Any, jackpot_round: Any
) -> _Table:
    _check_seats(min_players, max_players)
    if _is_int(stacks) and stacks == 0:
        raise InvalidArgument("stacks=0 gives no seat any chips: a game needs two players")
    return _Table(
        rules=_rules_arg(rules),
        min_players=min_players,
        max_players=max_players,
        stacks=None if stacks is None else _as_strategy("stacks", stacks, _STACK),
        carried=None if carried is None else _as_strategy("carried", carried, _CARRIED),
        jackpot_round=(
            None if jackpot_round is None else _as_strategy("jackpot_round", jackpot_round, _ROUND)
        ),
    )


def _default_round() -> SearchStrategy[int]:
    # Mostly ordinary games; the first jack-pots of a run (knaves, queens, kings) and one
    # more, where the openers cycle back to knaves (Laws 29-32).
    return st.sampled_from((0,) * 6 + (1, 2, 3, 4))


def _default_carried(table: pl.Rules, seats: int, jackpot_round: int) -> SearchStrategy[int]:
    if jackpot_round == 0:
        # An ordinary game carries at most the odd chips of a shared pool (Ambiguity 16).
        return st.one_of(st.just(0), st.just(0), st.just(0), st.integers(1, seats - 1))
    # A jack-pot carries the pool of the unopened game before: its antes and straddles.
    return st.integers(table.ante, (jackpot_round * seats + 1) * table.highest_straddle)


def _default_stacks(table: pl.Rules) -> SearchStrategy[int]:
    """1 to eight times the limit, shrinking towards four times it: deep enough for a game
    of several bets, so that a shrunk game is not all in at the ante (and a sitting of
    them not a run of tables that end at once)."""
    deepest = 8 * table.limit
    return st.integers(0, deepest - 1).map(lambda k: (k + 4 * table.limit - 1) % deepest + 1)


def _start(draw: st.DrawFn, table: _Table) -> pl.GameState:
    """Draw a game just begun at ``table``: the number of seats first, so that it shrinks to
    the fewest; by default each seat sits out with a separately drawn flag that shrinks to
    "no", so seats with no chips shrink away; the dealer is a seat with chips (Law 18)."""
    chosen = draw(table.rules)
    n = draw(st.integers(table.min_players, table.max_players))
    if table.stacks is None:
        chips: list[int] = []
        for _ in range(n):
            # Both are drawn for every seat, so that a seat sitting out makes the example
            # no shorter than one with chips: the shrinker then prefers the chips.
            sits_out = draw(_SITS_OUT)
            stack = draw(_default_stacks(chosen))
            chips.append(0 if sits_out and chips.count(0) < n - MIN_SEATS else stack)
    else:
        chips = [draw(table.stacks) for _ in range(n)]
    seated = [seat for seat, stack in enumerate(chips) if stack > 0]
    if len(seated) < MIN_SEATS:
        reject()
    dealer = draw(st.sampled_from(seated))
    jackpot_round = draw(_default_round() if table.jackpot_round is None else table.jackpot_round)
    carried = draw(
        _default_carried(chosen, n, jackpot_round) if table.carried is None else table.carried
    )
    return pl.new_game(
        chosen,
        chips,
        dealer=dealer,
        deck=draw(_decks_of(chosen.joker)),
        carried=carried,
        jackpot_round=jackpot_round,
    )


@_lazy
def new_games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
) -> SearchStrategy[pl.GameState]:
    """Games just begun with :func:`pokerlaws.new_game`: the ante posted, no action yet.

    Args:
        rules: the table's rules, a value or a strategy; default :func:`rules`.
        min_players: the fewest seats at the table (2-10).
        max_players: the most seats at the table (2-10).
        stacks: each seat's chips: an int for every seat, or a strategy drawn once per seat,
            whose 0 seats a player out (a draw leaving fewer than two with chips is
            rejected). Default: 1 to eight times the limit (shrinking towards four times
            it, deep enough for a game of several bets), and one seat in eight sits out,
            drawn apart so that such seats shrink away. Small stacks such as
            ``st.integers(1, 6)`` make all-ins common; with ``min_players=7`` they make
            the pack run short at the draw (Law 41) often.
        carried: chips already in the pool (Law 29). Default: in an ordinary game mostly
            none, else a few odd chips; in a jack-pot an ante or more.
        jackpot_round: 0 for an ordinary game, *k* for the *k*-th jack-pot in a row
            (Laws 29-32). Default: mostly 0, otherwise 1 to 4.

    The dealer is drawn among the seats with chips.
    """
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)

    @st.composite
    def started(draw: st.DrawFn) -> pl.GameState:
        return _start(draw, table)

    return started()


def _next(draw: st.DrawFn, state: pl.GameState) -> pl.GameState | None:
    """The following game at the table on a fresh deck, or None if it cannot go on."""
    try:
        return pl.next_game(state, deck=draw(_decks_of(state.rules.joker)))
    except pl.TableOver:
        return None


def _play_out(draw: st.DrawFn, state: pl.GameState) -> pl.GameState:
    for _ in range(_STEP_GUARD):
        if state.phase is pl.Phase.OVER:
            return state
        state = pl.apply_or_raise(state, _draw_legal(draw, state))
    raise AssertionError(f"a game took more than {_STEP_GUARD} actions: {state.history}")


def _check_reachable(
    wanted: frozenset[pl.Phase], rules: Any, stacks: Any, jackpot_round: Any, max_games: int
) -> None:
    """Refuse phases no table with these arguments can reach: straddling needs a table
    where a straddle is possible (Law 22), No. 1 with the chips for it, and, in a run of
    jack-pots that cannot end, rules that let jack-pots be straddled."""
    if wanted != {pl.Phase.STRADDLE}:
        return
    fixed = rules if isinstance(rules, pl.Rules) else None
    if fixed is not None and not _can_straddle(fixed):
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with rules={fixed!r}: twice the "
            "ante is above half the limit, so nobody may straddle (Law 22)"
        )
    least = 2 * (fixed.ante if fixed is not None else 1)
    if _is_int(stacks) and stacks < least:
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with stacks={stacks}: a straddle "
            f"takes {least} chips (Laws 21-22)"
        )
    if (
        fixed is not None
        and not fixed.jackpot_straddles
        and _is_int(jackpot_round)
        and jackpot_round > 0
        and max_games == 1
    ):
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with jackpot_round={jackpot_round}"
            " and max_games=1 at a table whose rules forbid straddling a jack-pot"
        )


@_lazy
def game_states(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    phases: pl.Phase | Iterable[pl.Phase] | None = None,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Reachable game states: a new game, then legal actions replayed one by one.

    One of ``phases`` is drawn as the aim, then a number of legal actions is played (each
    drawn as :func:`legal_actions` draws them, the dealer's Law 41 shuffle included), and
    the first state after it in the aimed phase is returned. When a game ends it is
    followed by :func:`pokerlaws.next_game` on a fresh deck, up to ``max_games`` games, so
    jack-pots are reached too (and the table stops when it is over: ``TableOver``). If no
    state in the aimed phase comes after that many actions, the last one before is
    returned, or else the last state seen in any of ``phases``, preferring one still in
    play (a draw that saw none is rejected). Shrinks towards the first state of a short
    game. A phase that no table with these arguments can reach is an ``InvalidArgument``.

    Args:
        rules, min_players, max_players, stacks, carried, jackpot_round: as for
            :func:`new_games`; they set the first game.
        phases: a :class:`pokerlaws.Phase` or several; default every phase.
        max_games: the most games played at the table, the returned one included.
    """
    wanted = _check_phases(phases)
    aims = [phase for phase in pl.Phase if phase in wanted]
    _GAMES("max_games", max_games)
    _check_reachable(wanted, rules, stacks, jackpot_round, max_games)
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)

    @st.composite
    def states(draw: st.DrawFn) -> pl.GameState:
        state = _start(draw, table)
        # Aim at one wanted phase, so that each is as likely as the laws let it be.
        aim = draw(st.sampled_from(aims))
        target = draw(st.integers(min_value=0, max_value=40))
        played, games, seen, seen_aim = 0, 1, None, None
        played_since_deal = False
        for _ in range(_STEP_GUARD * max_games):
            if state.phase is aim:
                if played >= target:
                    return state
                seen_aim = state
            if state.phase in wanted and (seen is None or state.phase is not pl.Phase.OVER):
                seen = state
            if state.phase is pl.Phase.OVER:
                following = None if games >= max_games else _next(draw, state)
                if following is None:
                    break
                state = following
                games += 1
                played_since_deal = False
                continue
            if aim is pl.Phase.MISDEAL and state.phase is pl.Phase.SAY and not played_since_deal:
                # A misdeal comes only from a report (Laws 8, 10, 12): the table reports
                # one while the deal is in progress.
                state = pl.apply_or_raise(
                    state, pl.MissingCut(seat=state.dealer, during_deal=True)
                )
                continue
            play_on = _ORDER[state.phase] <= _ORDER[aim] and aim in _LATE
            state = pl.apply_or_raise(state, _draw_legal(draw, state, play_on=play_on))
            played_since_deal = state.phase is not pl.Phase.SAY
            played += 1
        if seen_aim is not None:
            return seen_aim
        if seen is None:
            reject()
        return seen

    return states()


@_lazy
def games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Finished games: states in ``Phase.OVER`` whose ``history`` records every action.

    The game may follow earlier ones at the same table (up to ``max_games`` in all), so it
    may be a jack-pot. Arguments as for :func:`game_states`.
    """
    return _defined(
        game_states(
            rules=rules,
            min_players=min_players,
            max_players=max_players,
            stacks=stacks,
            carried=carried,
            jackpot_round=jackpot_round,
            phases=pl.Phase.OVER,
            max_games=max_games,
        )
    )


@_lazy
def sittings(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    min_games: int = 1,
    max_games: int = 5,
) -> SearchStrategy[tuple[pl.GameState, ...]]:
    """Successive finished games at one table, each begun by :func:`pokerlaws.next_game`
    from the one before on a fresh deck (Law 18: the deal passes left).

    ``min_games`` to ``max_games`` games; a sitting ends sooner only when the table is over
    (:class:`pokerlaws.TableOver`: fewer than two seats have chips left), and such a draw is
    rejected if it is shorter than ``min_games``. Other arguments as for :func:`new_games`;
    they set the first game.
    """
    _GAMES("min_games", min_games)
    _GAMES("max_games", max_games)
    if min_games > max_games:
        raise InvalidArgument(f"min_games={min_games} > max_games={max_games}")
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)

    @st.composite
    def played(draw: st.DrawFn) -> tuple[pl.GameState, ...]:
        count = draw(st.integers(min_games, max_games))
        finished = [_play_out(draw, _start(draw, table))]
        while len(finished) < count:
            following = _next(draw, finished[-1])
            if following is None:
                break
            finished.append(_play_out(draw, following))
        if len(finished) < min_games:
            reject()
        return tuple(finished)

    return played()


def _runs_of_stakes() -> SearchStrategy[range]:
    """More than ``LegalActions.FEWEST`` amounts in a row, up to 10**12 of them."""
    return st.builds(
        lambda least, count: range(least, least + count),
        st.integers(1, 10**6),
        st.integers(pl.LegalActions.FEWEST + 1, 10**12),
    )


def _legal_menus() -> SearchStrategy[pl.LegalActions]:
    """A long menu of stakes as a view holds it (``LegalActions``): a pass, a stand or
    neither, then a run of more than ``LegalActions.FEWEST`` stakes, up to a limit of
    10**12."""

    def menu(seat: int, amounts: range, stand: bool) -> pl.LegalActions:
        others: tuple[pl.Action, ...] = (pl.Pass(seat=seat), *((pl.Stand(seat=seat),) * stand))
        return pl.LegalActions(others=others, seat=seat, amounts=amounts)

    return st.builds(menu, st.integers(0, 9), _runs_of_stakes(), st.booleans())


def _sitting_terms() -> SearchStrategy[pl.SittingTerms]:
    """A sitting's terms: the kitty on as often as not (a share of the pool is 0 to 100
    percent), broke players sitting out or leaving."""
    return st.builds(
        pl.SittingTerms,
        kitty_percent=st.sampled_from((0, 0, 5, 10, 100)),
        kitty_chips=st.sampled_from((0, 0, 1, 3)),
        broke_players_leave=st.booleans(),
    )


@_lazy
def sitting_states(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    max_games: int = 3,
) -> SearchStrategy[pl.Sitting]:
    """Sittings reached by play (:func:`pokerlaws.start_sitting` and what follows it).

    Named players with small stacks (all-ins and broke seats are common) cut for the deal
    from a drawn pack (Law 2); then up to ``max_games`` games are played with drawn legal
    actions, players joining, leaving or buying chips between them, and the last game may
    stop at any point. The kitty is on as often as not.

    Args:
        rules: the rules agreed for the sitting, a value or a strategy; default
            :func:`rules`.
        min_players: the fewest players at the start (2-10).
        max_players: the most players at the start (2-10).
        max_games: the most games begun (1 or more).
    """
    table = _table(rules, min_players, max_players, None, None, None)
    _GAMES("max_games", max_games)
    terms = _sitting_terms()

    @st.composite
    def seated(draw: st.DrawFn) -> pl.Sitting:
        chosen = draw(table.rules)
        n = draw(st.integers(table.min_players, table.max_players))
        stacks = st.integers(1, 4 * chosen.limit)
        players = [(f"P{seat}", draw(stacks)) for seat in range(n)]
        sitting = pl.start_sitting(
            chosen,
            players,
            cut=draw(st.permutations(pl.standard_deck())),
            deck=draw(_decks_of(chosen.joker)),
            terms=draw(terms),
        )
        newcomers = n
        for game in range(draw(st.integers(1, max_games))):
            if game:
                while draw(st.booleans()):
                    seating = sitting.seating
                    if len(seating) < MAX_SEATS and draw(st.booleans()):
                        seat = draw(st.integers(0, len(seating)))
                        chips = draw(stacks)
                        sitting = pl.join(sitting, f"P{newcomers}", chips, seat=seat)
                        newcomers += 1
                    elif bool(seating) and draw(st.booleans()):
                        sitting = pl.leave(sitting, draw(st.sampled_from(seating)))
                    elif seating:
                        name = draw(st.sampled_from(seating))
                        sitting = pl.buy_chips(sitting, name, draw(stacks))
                if sitting.next_dealer is None:
                    break
                sitting = pl.deal_next(sitting, deck=draw(_decks_of(sitting.rules.joker)))
            for _ in range(_STEP_GUARD):
                if sitting.between_games or not draw(st.integers(0, 19)):
                    break
                played = pl.play(sitting, _draw_legal(draw, sitting.game))
                assert isinstance(played, pl.Sitting), played
                sitting = played
            if not sitting.between_games:
                break
        return sitting

    return seated()


# --- Registration -----------------------------------------------------------------------


def _attrs_classes() -> list[type]:
    """The attrs classes of pokerlaws' public names, and every attrs class their fields
    name (``GameState.shorts`` holds ``Short``), each once."""
    found: list[type] = []
    todo = [getattr(pl, name) for name in pl.__all__]
    while todo:
        thing = todo.pop()
        if isinstance(thing, type) and attrs.has(thing) and thing not in found:
            found.append(thing)
            attrs.resolve_types(thing)
            todo.extend(field.type for field in attrs.fields(thing))
        elif typing.get_args(thing):
            todo.extend(typing.get_args(thing))
    return found


# What builds(Rules) draws for its two required fields: every pair valid (Law 19: the ante
# at most half the limit), straddles possible at some (Law 22). from_type(Rules) and
# rules() draw every valid table.
_RULES_FIELDS = {
    "ante": st.integers(1, _MAX_ANTE),
    "limit": st.integers(2 * _MAX_ANTE, 8 * _MAX_ANTE),
}


def _register_types() -> None:
    # st.builds infers an attrs class's required fields from their types, which these
    # modules write as strings (from __future__ import annotations): resolve them once.
    _attrs_classes()
    # Rules checks its fields together, which builds cannot know: annotate the resolved
    # int types with strategies whose every pair is valid (Annotated[int, ...] is still
    # int to typing.get_type_hints).
    for field in attrs.fields(pl.Rules):
        if field.name in _RULES_FIELDS and field.type is int:
            object.__setattr__(field, "type", Annotated[int, _RULES_FIELDS[field.name]])
    # LegalActions holds a long run of stakes, which from_type(range) does not draw.
    amounts = attrs.fields(pl.LegalActions).amounts
    if amounts.type is range:
        object.__setattr__(amounts, "type", Annotated[range, _runs_of_stakes()])
    registered: dict[type, Callable[[], SearchStrategy[Any]]] = {
        pl.Card: cards,
        pl.HandRules: hand_rules,
        pl.HandValue: hand_values,
        pl.LegalActions: _legal_menus,
        pl.Rules: rules,
        pl.GameState: game_states,
        pl.Sitting: sitting_states,
        pl.SittingTerms: _sitting_terms,
    }
    for cls, strategy in registered.items():
        st.register_type_strategy(cls, strategy())


_READY = True
_register_types()
