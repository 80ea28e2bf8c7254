"""Hypothesis strategies for pokerlaws: cards, hands, decks, rules, and reachable game states.

Install the extra (``pip install "pokerlaws[hypothesis]"``) and import this module yourself:
``import pokerlaws`` never imports Hypothesis. The strategies follow Hypothesis' own style:
plural names, keyword-only arguments that take a value or a strategy, and
:class:`~hypothesis.errors.InvalidArgument` for arguments that make no sense.

Every :class:`~pokerlaws.GameState` drawn here is reached by replaying legal actions from a
generated deck through :func:`pokerlaws.apply_or_raise`, never assembled field by field, so it
is a state the laws can reach, and it shrinks towards a short game of passes.

The strategies are registered with Hypothesis (through its ``hypothesis`` entry point, and
again whenever this module is imported), so ``st.from_type(pokerlaws.Card)``,
``st.from_type(pokerlaws.Rules)``, ``st.from_type(pokerlaws.HandRules)`` and
``st.from_type(pokerlaws.GameState)`` work.
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


from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs
import hypothesis.strategies as st
from hypothesis import reject
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl

__all__ = [
    "actions",
    "cards",
    "decks",
    "game_states",
    "games",
    "hand_rules",
    "hands",
    "illegal_actions",
    "legal_actions",
    "new_games",
    "rules",
    "sittings",
]

T = TypeVar("T")

MIN_SEATS = 2
MAX_SEATS = 10  # Ambiguity 24: the pack deals ten hands of five at most.

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
)


_ORDER = {phase: i for i, phase in enumerate(pl.Phase)}
_LATE = frozenset({pl.Phase.DRAW, pl.Phase.BETTING})
"""The phases a game reaches only if players stay in, which game_states plays on to reach."""

# --- Arguments --------------------------------------------------------------------------


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} must be a bool")
    return value


def _strategy(
    name: str, value: T | SearchStrategy[T] | None, kind: type[T], default: SearchStrategy[T]
) -> SearchStrategy[T]:
    """Return ``value`` as a strategy: itself, ``st.just`` of a plain value, or ``default``."""
    if value is None:
        return default
    if isinstance(value, SearchStrategy):
        return value
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return st.just(value)
    raise InvalidArgument(
        f"{name}={value!r} must be a {kind.__name__} or a strategy of {kind.__name__}"
    )


def _check_seats(min_players: int, max_players: int) -> None:
    for name, value in (("min_players", min_players), ("max_players", max_players)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"{name}={value!r} must be an int")
        if not MIN_SEATS <= value <= MAX_SEATS:
            raise InvalidArgument(
                f"{name}={value} is outside {MIN_SEATS}..{MAX_SEATS}: a table has two to ten "
                "seats (the pack deals ten hands of five at most)"
            )
    if min_players > max_players:
        raise InvalidArgument(f"min_players={min_players} > max_players={max_players}")


def _check_phases(phases: pl.Phase | Iterable[pl.Phase] | None) -> frozenset[pl.Phase]:
    if phases is None:
        return frozenset(pl.Phase)
    wanted = frozenset([phases] if isinstance(phases, pl.Phase) else phases)
    for phase in wanted:
        if not isinstance(phase, pl.Phase):
            raise InvalidArgument(f"phases holds {phase!r}, which is not a pokerlaws.Phase")
    if not wanted:
        raise InvalidArgument("phases is empty: no state could be drawn")
    return wanted


def _check_games(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgument(f"{name}={value!r} must be an int of at least 1")
    return value


# --- Cards and hands --------------------------------------------------------------------


def cards(*, joker: bool = False) -> SearchStrategy[pl.Card]:
    """Cards of the pack; with ``joker=True`` the Joker too (Law 81).

    Shrinks towards the two of clubs, the first card of :func:`pokerlaws.standard_deck`.
    """
    return st.sampled_from(pl.standard_deck(joker=_check_bool("joker", joker)))


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
    if joker is not None and rules is not None:
        raise InvalidArgument("give hands() rules or joker, not both: the rules set the pack")
    if rules is None:
        pack = pl.standard_deck(joker=_check_bool("joker", False if joker is None else joker))
        return st.lists(st.sampled_from(pack), min_size=5, max_size=5, unique=True).map(tuple)
    return _strategy("rules", rules, pl.Rules, _rules_default()).flatmap(
        lambda table: hands(joker=table.joker)
    )


def decks(*, joker: bool = False) -> SearchStrategy[tuple[pl.Card, ...]]:
    """Whole packs in any order, ``deck[0]`` the top card; with ``joker=True``, 53 cards.

    Shrinks towards :func:`pokerlaws.standard_deck`'s order.
    """
    pack = pl.standard_deck(joker=_check_bool("joker", joker))
    return st.permutations(pack).map(tuple)


# --- Rules ------------------------------------------------------------------------------


def _switches(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s boolean switches: its attrs fields with a bool default."""
    return tuple(field.name for field in attrs.fields(cls) if isinstance(field.default, bool))


def _switch_strategies(
    cls: type, given: dict[str, bool | SearchStrategy[bool] | None]
) -> dict[str, SearchStrategy[bool]]:
    names = _switches(cls)
    for name in given:
        if name not in names:
            raise InvalidArgument(
                f"{cls.__name__} has no switch {name!r}; its switches are {', '.join(names)}"
            )
    return {name: _strategy(name, given.get(name), bool, st.booleans()) for name in names}


def hand_rules(**switches: bool | SearchStrategy[bool] | None) -> SearchStrategy[pl.HandRules]:
    """:class:`pokerlaws.HandRules` with every switch drawn, unless fixed by a keyword.

    ``hand_rules(blaze=True)`` fixes one switch; each keyword takes a bool or a strategy of
    bools. Every boolean field of ``HandRules`` is drawn, including ones added later.
    """
    return st.fixed_dictionaries(_switch_strategies(pl.HandRules, switches)).map(
        lambda chosen: pl.HandRules(**chosen)
    )


def _rules_default() -> SearchStrategy[pl.Rules]:
    return rules()


def rules(
    *,
    ante: int | SearchStrategy[int] | None = None,
    limit: int | SearchStrategy[int] | None = None,
    hands: pl.HandRules | SearchStrategy[pl.HandRules] | None = None,
    joker: bool | SearchStrategy[bool] | None = None,
    jackpot_straddles: bool | SearchStrategy[bool] | None = None,
    odd_chip_carries: bool | SearchStrategy[bool] | None = None,
) -> SearchStrategy[pl.Rules]:
    """Valid table rules: ante at least 1, at most half the limit (Law 19), every variant drawn.

    Each keyword takes a value or a strategy. By default the ante is 1 to 5 and the limit
    from twice the ante (no straddle possible) to six times it (straddles possible, Law 22).
    A drawn pair the laws forbid (``2 * ante > limit``) is rejected; a given pair raises
    ``InvalidArgument``. Every other boolean switch of ``Rules`` is drawn too.
    """
    if isinstance(ante, int) and not isinstance(ante, bool) and ante < 1:
        raise InvalidArgument(f"ante={ante} must be at least 1 chip (Law 19)")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit < 2:
        raise InvalidArgument(f"limit={limit} must be at least 2: twice the least ante")
    if (
        isinstance(ante, int)
        and isinstance(limit, int)
        and not isinstance(ante, bool)
        and not isinstance(limit, bool)
        and 2 * ante > limit
    ):
        raise InvalidArgument(f"ante={ante} is more than half limit={limit} (Law 19)")
    antes = None if ante is None else _strategy("ante", ante, int, st.nothing())
    limits = None if limit is None else _strategy("limit", limit, int, st.nothing())
    hand_strategy = _strategy("hands", hands, pl.HandRules, hand_rules())
    flags = _switch_strategies(
        pl.Rules,
        {
            "joker": joker,
            "jackpot_straddles": jackpot_straddles,
            "odd_chip_carries": odd_chip_carries,
        },
    )

    @st.composite
    def tables(draw: st.DrawFn) -> pl.Rules:
        if antes is None and limits is None:
            chosen_ante = draw(st.integers(1, _MAX_ANTE))
            chosen_limit = 2 * chosen_ante + draw(st.integers(0, 4 * chosen_ante))
        elif limits is None:
            assert antes is not None
            chosen_ante = draw(antes)
            if chosen_ante < 1:
                reject()
            chosen_limit = 2 * chosen_ante + draw(st.integers(0, 4 * chosen_ante))
        elif antes is None:
            chosen_limit = draw(limits)
            if chosen_limit < 2:
                reject()
            chosen_ante = draw(st.integers(1, min(chosen_limit // 2, _MAX_ANTE)))
        else:
            chosen_ante, chosen_limit = draw(antes), draw(limits)
            if chosen_ante < 1 or 2 * chosen_ante > chosen_limit:
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
    the draw and the betting more often.
    """
    groups = _by_kind(pl.legal_actions(state))
    if not groups:
        raise InvalidArgument(f"the game is over: no action is legal (phase {state.phase})")
    if play_on and len(groups) > 1:
        groups = [groups[0], *(group for group in groups[1:] for _ in range(3))]
    group = groups[0] if len(groups) == 1 else draw(st.sampled_from(groups))
    return group[0] if len(group) == 1 else draw(st.sampled_from(group))


def legal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """The actions :func:`pokerlaws.apply` accepts in ``state``.

    Each kind of action (pass, stake, discard...) is equally likely, then each action of that
    kind; shrinks towards passing. Raises ``InvalidArgument`` when the game is over.
    """
    if not isinstance(state, pl.GameState):
        raise InvalidArgument(f"state={state!r} must be a pokerlaws.GameState")
    if not pl.legal_actions(state):
        raise InvalidArgument("the game is over: no action is legal; use next_game")

    @st.composite
    def legal(draw: st.DrawFn) -> pl.Action:
        return _draw_legal(draw, state)

    return legal()


def _illegal_candidates(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions of any kind by any seat, mostly illegal: out-of-range seats, bad amounts,
    discards of cards not held or named twice."""
    n = state.num_seats
    actor = state.to_act if state.to_act is not None else 0
    seats = st.one_of(
        st.sampled_from(sorted({actor, -1, n, *range(n)})),
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
    card_pool: SearchStrategy[pl.Card] = cards(joker=True)
    if hand:
        card_pool = st.one_of(st.sampled_from(hand), card_pool)
    thrown = st.lists(card_pool, max_size=7).map(tuple)
    return st.one_of(
        st.builds(pl.Pass, seat=seats),
        st.builds(pl.Stake, seat=seats, amount=amounts),
        st.builds(pl.Discard, seat=seats, cards=thrown),
        st.builds(pl.Stand, seat=seats),
        st.builds(pl.Straddle, seat=seats),
        st.builds(pl.DeclineStraddle, seat=seats),
    )


def illegal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions :func:`pokerlaws.apply` refuses in ``state``, of every kind (see :func:`actions`).

    Useful to check that a refusal changes nothing and cites a law.
    """
    if not isinstance(state, pl.GameState):
        raise InvalidArgument(f"state={state!r} must be a pokerlaws.GameState")
    listed = frozenset(pl.legal_actions(state))
    return _illegal_candidates(state).filter(lambda action: action not in listed)


def actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Legal and illegal actions for ``state``, for robustness tests (about half legal).

    The illegal ones cover every kind of action in every phase, any seat (out-of-range ones
    such as -1 and ``num_seats`` included), amounts of zero, negative, huge and one past each
    bound, and discards of cards not held, named twice, or more than five.
    """
    if not isinstance(state, pl.GameState):
        raise InvalidArgument(f"state={state!r} must be a pokerlaws.GameState")
    candidates = _illegal_candidates(state)
    if not pl.legal_actions(state):
        return candidates
    return st.one_of(legal_actions(state), candidates)


# --- Game states ------------------------------------------------------------------------


def _stack_strategy(
    stacks: int | SearchStrategy[int] | None, table: pl.Rules
) -> SearchStrategy[int]:
    if stacks is None:
        # From nothing (the seat sits out) and less than the ante (all in at once) to deep
        # enough for several raises of the limit.
        return st.integers(min_value=0, max_value=8 * table.limit)
    return _strategy("stacks", stacks, int, st.nothing())


def _check_stacks(stacks: int | SearchStrategy[int] | None) -> None:
    if stacks is None or isinstance(stacks, SearchStrategy):
        return
    if isinstance(stacks, bool) or not isinstance(stacks, int) or stacks < 1:
        raise InvalidArgument(f"stacks={stacks!r} must be a positive int or a strategy of ints")


def new_games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
) -> SearchStrategy[pl.GameState]:
    """Games just begun with :func:`pokerlaws.new_game`: the ante posted, no action yet.

    Args:
        rules: the table's rules, a value or a strategy; default :func:`rules`.
        min_players: the fewest seats at the table (2-10).
        max_players: the most seats at the table (2-10).
        stacks: each seat's chips: an int for every seat, or a strategy drawn once per seat.
            A seat with none sits the game out; at least two seats get chips (draws with
            fewer are rejected). Default: 0 to eight times the limit.
    """
    _check_seats(min_players, max_players)
    _check_stacks(stacks)
    tables = _strategy("rules", rules, pl.Rules, _rules_default())

    @st.composite
    def started(draw: st.DrawFn) -> pl.GameState:
        table = draw(tables)
        n = draw(st.integers(min_players, max_players))
        chips = draw(st.lists(_stack_strategy(stacks, table), min_size=n, max_size=n))
        if sum(1 for stack in chips if stack > 0) < MIN_SEATS or min(chips) < 0:
            reject()
        dealer = draw(st.sampled_from([seat for seat in range(n) if chips[seat] > 0]))
        return pl.new_game(table, chips, dealer=dealer, deck=draw(decks(joker=table.joker)))

    return started()


def _can_continue(state: pl.GameState) -> bool:
    """Whether a next game can follow ``state``: over, with two seats still holding chips."""
    return state.phase is pl.Phase.OVER and sum(1 for s in state.stacks if s > 0) >= MIN_SEATS


def _play_out(draw: st.DrawFn, state: pl.GameState) -> pl.GameState:
    for _ in range(_STEP_GUARD):
        if state.phase is pl.Phase.OVER:
            return state
        state = pl.apply_or_raise(state, _draw_legal(draw, state))
    raise AssertionError(f"a game took more than {_STEP_GUARD} actions: {state.history}")


def game_states(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    phases: pl.Phase | Iterable[pl.Phase] | None = None,
    stacks: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Reachable game states: a new game, then legal actions replayed one by one.

    One of ``phases`` is drawn as the aim, then a number of legal actions is played (each
    drawn as :func:`legal_actions` draws them), and the first state after it in the aimed
    phase is returned. When a game ends it is followed by :func:`pokerlaws.next_game` on a
    fresh deck, up to ``max_games`` games, so jack-pots are reached too. If no state in the
    aimed phase comes after that many actions, the last one before is returned, or else the
    last state seen in any of ``phases``, preferring one still in play (a draw that saw none
    is rejected). Shrinks towards the first state of a short game.

    Args:
        rules, min_players, max_players, stacks: as for :func:`new_games`.
        phases: a :class:`pokerlaws.Phase` or several; default every phase.
        max_games: the most games played at the table, the returned one included.
    """
    wanted = _check_phases(phases)
    aims = [phase for phase in pl.Phase if phase in wanted]
    _check_games("max_games", max_games)
    starts = new_games(
        rules=rules, min_players=min_players, max_players=max_players, stacks=stacks
    )

    @st.composite
    def states(draw: st.DrawFn) -> pl.GameState:
        state = draw(starts)
        # Aim at one wanted phase, so that each is as likely as the laws let it be.
        aim = draw(st.sampled_from(aims))
        target = draw(st.integers(min_value=0, max_value=40))
        played, games, seen, seen_aim = 0, 1, None, None
        for _ in range(_STEP_GUARD * max_games):
            if state.phase is aim:
                if played >= target:
                    return state
                seen_aim = state
            if state.phase in wanted and (seen is None or state.phase is not pl.Phase.OVER):
                seen = state
            if state.phase is pl.Phase.OVER:
                if games >= max_games or not _can_continue(state):
                    break
                state = pl.next_game(state, deck=draw(decks(joker=state.rules.joker)))
                games += 1
                continue
            play_on = _ORDER[state.phase] <= _ORDER[aim] and aim in _LATE
            state = pl.apply_or_raise(state, _draw_legal(draw, state, play_on=play_on))
            played += 1
        if seen_aim is not None:
            return seen_aim
        if seen is None:
            reject()
        return seen

    return states()


def games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Finished games: states in ``Phase.OVER`` whose ``history`` records every action.

    The game may follow earlier ones at the same table (up to ``max_games`` in all), so it
    may be a jack-pot. Arguments as for :func:`game_states`.
    """
    return game_states(
        rules=rules,
        min_players=min_players,
        max_players=max_players,
        stacks=stacks,
        phases=pl.Phase.OVER,
        max_games=max_games,
    )


def sittings(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    min_games: int = 1,
    max_games: int = 5,
) -> SearchStrategy[tuple[pl.GameState, ...]]:
    """Successive finished games at one table, each begun by :func:`pokerlaws.next_game`
    from the one before on a fresh deck (Law 18: the deal passes left).

    ``min_games`` to ``max_games`` games; a sitting ends sooner only when fewer than two seats
    have chips left, and such a draw is rejected if it is shorter than ``min_games``.
    """
    _check_games("min_games", min_games)
    _check_games("max_games", max_games)
    if min_games > max_games:
        raise InvalidArgument(f"min_games={min_games} > max_games={max_games}")
    starts = new_games(
        rules=rules, min_players=min_players, max_players=max_players, stacks=stacks
    )

    @st.composite
    def played(draw: st.DrawFn) -> tuple[pl.GameState, ...]:
        count = draw(st.integers(min_games, max_games))
        finished = [_play_out(draw, draw(starts))]
        while len(finished) < count and _can_continue(finished[-1]):
            following = pl.next_game(
                finished[-1], deck=draw(decks(joker=finished[-1].rules.joker))
            )
            finished.append(_play_out(draw, following))
        if len(finished) < min_games:
            reject()
        return tuple(finished)

    return played()


# --- Registration -----------------------------------------------------------------------


def _register_types() -> None:
    registered: dict[type, Callable[[], SearchStrategy[Any]]] = {
        pl.Card: cards,
        pl.HandRules: hand_rules,
        pl.Rules: rules,
        pl.GameState: game_states,
    }
    for cls, strategy in registered.items():
        st.register_type_strategy(cls, strategy())


_READY = True
_register_types()
