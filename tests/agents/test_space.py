"""The integer action ids name exactly the legal actions, and stepping by id is ``apply``.

States are reached by replaying legal actions (``pokerlaws.strategies``), at 2 to 10 seats,
with straddles, jack-pots in a row, misdeals, the Law 41 shuffle and reports of every kind
the table may make, so every state checked is one the laws allow.
"""

from __future__ import annotations

import pickle

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.agents import ActionSpace
from pokerlaws.agents.space import DECLINE, DISCARD, PASS, SHUFFLE, STAKE

GAMES = settings.get_profile("games")
"""Every example plays games action by action (tests/conftest.py)."""

REPORTS = 2
"""The most reports of irregularities drawn in one game of a walk."""

GAME_BOUND = 2_000
"""More actions than any game takes, so a walk that does not end fails instead of hanging."""


def check_space(space: ActionSpace, state: pl.GameState) -> None:
    """Check every id of ``space`` in ``state`` against ``legal_actions`` and ``apply``."""
    listed = pl.legal_actions(state)
    ids = space.legal_ids(state)
    encoded = [space.encode(state, action) for action in listed]
    assert ids == tuple(sorted(encoded)), "legal_ids is not the encoded legal_actions"
    assert len(set(encoded)) == len(encoded), "two legal actions share an id"
    assert space.legal_mask(state) == sum(1 << i for i in ids)
    ranges = space.legal_ranges(state)
    assert all(ranges), "an empty range among the legal ranges"
    assert tuple(i for ids_ in ranges for i in ids_) == ids, "legal_ranges is not legal_ids"
    for action, i in zip(listed, encoded, strict=True):
        assert space.decode(state, i) == action
        assert space.step(state, i) == pl.apply(state, action)
    legal = set(ids)
    for i in range(space.size):
        if i in legal:
            continue
        with pytest.raises(ValueError, match=f"action id {i} "):
            space.decode(state, i)
        with pytest.raises(ValueError, match=f"action id {i} "):
            space.step(state, i)
    for i in (-1, space.size):
        with pytest.raises(ValueError, match="out of range"):
            space.step(state, i)


def walk(data: st.DataObject, state: pl.GameState, *, games: int = 2) -> None:
    """Check the space at every state from ``state`` on, playing by drawn ids (now and then
    a drawn report of an irregularity instead) for up to ``games`` games."""
    space = ActionSpace(state.rules, state.num_seats)
    for _ in range(games):
        reports = 0
        for _ in range(GAME_BOUND):
            check_space(space, state)
            if state.phase is pl.Phase.OVER:
                break
            # A few reports a game: each misdeal deals again, so more could go on forever.
            if reports < REPORTS and pl.reportable(state) and data.draw(st.integers(0, 9)) == 0:
                reports += 1
                state = pl.apply_or_raise(state, data.draw(ps.reports(state)))
                continue
            after = space.step(state, data.draw(st.sampled_from(space.legal_ids(state))))
            assert isinstance(after, pl.GameState)
            state = after
        else:
            raise AssertionError(f"the game did not end within {GAME_BOUND} actions")
        try:
            state = pl.next_game(state, deck=data.draw(ps.decks(joker=state.rules.joker)))
        except pl.TableOver:
            return


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_ids_are_the_legal_actions_in_any_reachable_state(
    data: st.DataObject, state: pl.GameState
) -> None:
    """legal_ids is exactly the encoded legal_actions, decode inverts encode, step is apply
    of the decoded action and every other id is refused, from any state to the game's end
    and through the next game."""
    walk(data, state)


@GAMES
@given(
    data=st.data(),
    state=ps.game_states(
        min_players=7, stacks=st.integers(1, 6), phases=pl.Phase.DRAW, max_games=2
    ),
)
def test_ids_hold_at_the_law_41_shuffle_and_short_stacks(
    data: st.DataObject, state: pl.GameState
) -> None:
    """The ids hold at a full table of short stacks, where the pack runs short at the draw
    (Law 41) and all-ins are common."""
    walk(data, state, games=1)


@GAMES
@given(data=st.data(), state=ps.game_states(phases=(pl.Phase.STRADDLE, pl.Phase.MISDEAL)))
def test_ids_hold_from_straddles_and_misdeals(data: st.DataObject, state: pl.GameState) -> None:
    """The ids hold from straddling (Laws 21-22) and from a misdeal's redeal (Law 8)."""
    walk(data, state, games=1)


@GAMES
@given(
    data=st.data(),
    state=ps.game_states(rules=ps.rules(recording_table=True, openers_on_honour=True)),
)
def test_ids_hold_at_a_recording_table(data: st.DataObject, state: pl.GameState) -> None:
    """The ids hold where deposits out of turn count (Law 55) and openers are on honour
    (Law 33)."""
    walk(data, state)


@pytest.mark.slow
@settings(GAMES, max_examples=GAMES.max_examples * 4)
@given(data=st.data(), state=ps.game_states(max_games=4))
def test_ids_are_the_legal_actions_over_many_games(
    data: st.DataObject, state: pl.GameState
) -> None:
    """The long run of the id check over sittings of several games."""
    walk(data, state, games=4)


# --- The space as a value --------------------------------------------------------------

RULES = pl.Rules(ante=1, limit=4)


def first_game(seats: int = 4) -> pl.GameState:
    """A game in its say: No. 1 has declined to straddle."""
    state = pl.new_game(RULES, (20,) * seats, dealer=0, deck=pl.shuffled_deck(7))
    after = ActionSpace(RULES, seats).step(state, DECLINE)
    assert isinstance(after, pl.GameState)
    assert after.phase is pl.Phase.SAY
    return after


def test_size_is_six_kinds_thirty_two_discards_and_a_stake_per_step_of_the_limit() -> None:
    """The size depends only on the limit: 6 + 32 + limit + 1 ids."""
    assert ActionSpace(RULES, 2).size == 43
    assert ActionSpace(pl.Rules(ante=2, limit=10), 10).size == 49


def test_space_is_a_hashable_value_whose_repr_evaluates_back() -> None:
    """Equal spaces are equal and hash alike; repr and pickle give the space back."""
    space = ActionSpace(RULES, 4)
    assert space == ActionSpace(pl.Rules(ante=1, limit=4), 4)
    assert hash(space) == hash(ActionSpace(pl.Rules(ante=1, limit=4), 4))
    namespace = {name: getattr(pl, name) for name in ("Rules", "HandRules")}
    assert eval(repr(space), {"ActionSpace": ActionSpace, **namespace}) == space
    assert pickle.loads(pickle.dumps(space)) == space


def test_space_refuses_a_bad_table_with_type_and_value_errors() -> None:
    """Seats are an int from 2 to 10, and rules a Rules."""
    with pytest.raises(TypeError, match="seats must be an int"):
        ActionSpace(RULES, True)
    with pytest.raises(ValueError, match="2 to 10"):
        ActionSpace(RULES, 11)
    with pytest.raises(TypeError, match="must be a Rules"):
        ActionSpace("rules", 4)  # type: ignore[arg-type]


def test_an_id_that_is_no_int_is_a_type_error() -> None:
    """A bool, a float or text is not an id: TypeError, as ill-typed input is no violation."""
    space, state = ActionSpace(RULES, 4), first_game()
    for bad in (True, 1.0, "0", None):
        with pytest.raises(TypeError, match="must be an int"):
            space.decode(state, bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="must be an int"):
            space.step(state, bad)  # type: ignore[arg-type]


def test_a_state_of_another_table_is_refused() -> None:
    """Ids are fixed for one table: a state of other rules or seats is a ValueError."""
    with pytest.raises(ValueError, match="not of this space's 5 seats"):
        ActionSpace(RULES, 5).legal_ids(first_game(4))
    with pytest.raises(TypeError, match="takes a GameState"):
        ActionSpace(RULES, 4).legal_ids("state")  # type: ignore[arg-type]


def test_stake_zero_is_the_least_legal_stake_and_pat_is_the_first_discard() -> None:
    """``stake 0`` is the smallest legal amount (here the smallest opening, double the
    ante); discard id 6 plays pat; id 0 passes."""
    space, state = ActionSpace(RULES, 4), first_game()
    seat = state.to_act
    assert seat is not None
    assert space.decode(state, STAKE) == pl.Stake(seat=seat, amount=2)
    assert space.describe(STAKE + 2) == "stake 2"
    assert space.decode(state, PASS) == pl.Pass(seat=seat)
    assert space.describe(DISCARD) == "discard none (pat)"
    assert space.describe(DISCARD + 0b10010) == "discard positions 1, 4"


def test_the_refusal_says_what_the_id_names_and_what_is_legal() -> None:
    """A refused id's message names it and lists what the seat may do now."""
    space, state = ActionSpace(RULES, 4), first_game()
    with pytest.raises(ValueError, match=r"action id 4 \(shuffle\) is not legal now \(say\)"):
        space.decode(state, SHUFFLE)


def test_encode_refuses_an_action_that_is_not_listed_now() -> None:
    """Only a listed action has an id: a stake above the limit, another seat's pass, or a
    shuffle in its own order are ValueErrors; a non-action is a TypeError."""
    space, state = ActionSpace(RULES, 4), first_game()
    seat = state.to_act
    assert seat is not None
    for action in (
        pl.Stake(seat=seat, amount=50),
        pl.Pass(seat=(seat + 1) % 4),
        pl.Shuffle(seat=state.dealer, order=()),
        pl.Discard(seat=seat, cards=()),
    ):
        with pytest.raises(ValueError, match="not a legal action now"):
            space.encode(state, action)
    with pytest.raises(TypeError, match="takes an action"):
        space.encode(state, "pass")  # type: ignore[arg-type]


def test_no_id_is_legal_when_the_game_is_over() -> None:
    """A finished game has no legal id, and every id is refused."""
    space, state = ActionSpace(RULES, 2), first_game(2)
    while state.phase is not pl.Phase.OVER:
        after = space.step(state, PASS)
        assert isinstance(after, pl.GameState)
        state = after
    assert space.legal_ids(state) == ()
    assert space.legal_mask(state) == 0
    with pytest.raises(ValueError, match="the game is over"):
        space.step(state, PASS)


def test_the_law_41_shuffle_has_its_id_when_the_pack_runs_short() -> None:
    """Law 41: at ten seats, when everyone stays and throws out three cards, the stock
    cannot serve them all; the dealer's shuffle is then the one legal id, and every
    state on the way passes the full check."""
    rules = pl.Rules(ante=1, limit=4)
    space = ActionSpace(rules, 10)
    state = pl.new_game(rules, (20,) * 10, dealer=0, deck=pl.shuffled_deck(3))
    shuffled = False
    while state.phase is not pl.Phase.OVER:
        check_space(space, state)
        ids = space.legal_ids(state)
        if ids == (SHUFFLE,):
            shuffled = True
        if state.phase is pl.Phase.DRAW and DISCARD + 0b111 in ids:
            choice = DISCARD + 0b111
        elif STAKE in ids:
            choice = STAKE
        else:
            choice = ids[-1] if state.phase is not pl.Phase.STRADDLE else DECLINE
        after = space.step(state, choice)
        assert isinstance(after, pl.GameState)
        state = after
    assert shuffled
