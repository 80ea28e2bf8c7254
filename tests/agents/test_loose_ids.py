"""Ids are taken as ``operator.index`` takes them, and large limits cost no more than asked.

An agent's id is often a numpy integer (``np.argmax`` gives one): it is an id. A bool, a
float or text is not, in :class:`ActionSpace` and in both PettingZoo environments alike,
and a refused id leaves everything as it was. At a limit of millions, a refused id's
message gives the legal stakes as a range, and the environment's bounds are clear
``ValueError``s (API.md, "Agents: integer actions"); none of this is a law of the book.
"""

from __future__ import annotations

from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.agents import ActionSpace
from pokerlaws.agents.space import DECLINE, DISCARD, PASS, SHUFFLE, STAKE, STRADDLE
from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "pettingzoo"))
pytest.importorskip("pettingzoo", reason=extra_reason("pettingzoo", "pettingzoo"))

from pokerlaws.pettingzoo import MAX_IDS, env, raw_env  # noqa: E402

RULES = pl.Rules(ante=1, limit=4)
DECK = pl.shuffled_deck(7)
MILLIONS = 4 * 10**6

NOT_IDS: tuple[Any, ...] = (True, False, np.True_, 3.9, 3.0, np.float64(3.0), "40", "3", None)
"""What int() or a loose check once took as an id (3.9 as 3, "40" as 40, True as 1)."""


def _say(rules: pl.Rules = RULES, chips: int = 20) -> pl.GameState:
    """Three seats in the say: No. 1 has declined to straddle."""
    state = pl.new_game(rules, [chips] * 3, dealer=0, deck=DECK)
    return pl.apply_or_raise(state, pl.DeclineStraddle(seat=2))


@pytest.mark.parametrize(
    "make", [np.int64, np.int32, np.uint8, np.intp, lambda i: np.array(i, dtype=np.int16)]
)
def test_a_numpy_integer_is_an_id(make: Any) -> None:
    """decode, step and describe take a numpy integer (a 0-d integer array too) as the int
    it holds, as ``operator.index`` does."""
    space, state = ActionSpace(RULES, 3), _say()
    for i in (PASS, STAKE, STAKE + 2):
        assert space.decode(state, make(i)) == space.decode(state, i)
        assert space.step(state, make(i)) == space.step(state, i)
        assert space.describe(make(i)) == space.describe(i)
    with pytest.raises(ValueError, match=r"action id 4 \(shuffle\) is not legal now"):
        space.step(state, make(SHUFFLE))
    with pytest.raises(ValueError, match="out of range"):
        space.decode(state, make(space.size))


@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
def test_a_bool_a_float_or_text_is_no_id(bad: Any) -> None:
    """Neither rounded nor parsed nor counted as 1: a TypeError naming the type."""
    space, state = ActionSpace(RULES, 3), _say()
    for call in (space.decode, space.step):
        with pytest.raises(TypeError, match=f"action id must be an int.*not {type(bad).__name__}"):
            call(state, bad)
    with pytest.raises(TypeError, match="action id must be an int"):
        space.describe(bad)


def test_the_type_error_quotes_a_huge_value_shortly() -> None:
    """A megabyte of text as an id is refused in a message of a line."""
    space, state = ActionSpace(RULES, 3), _say()
    with pytest.raises(TypeError) as refused:
        space.step(state, "4" * 10**6)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("bad", NOT_IDS[:-1], ids=repr)
def test_the_raw_environment_refuses_what_is_no_id_and_changes_nothing(bad: Any) -> None:
    """raw_env.step(3.9) once took id 3 and step("40") id 40: now a TypeError, and the
    sitting, the agent to act and the rewards are as they were."""
    environment = raw_env(seats=2, rules=pl.Rules(ante=1, limit=40))
    environment.reset(seed=0)
    before = (
        environment.sitting,
        environment.agent_selection,
        dict(environment._cumulative_rewards),
    )
    with pytest.raises(TypeError, match="action id must be an int"):
        environment.step(bad)
    after = (
        environment.sitting,
        environment.agent_selection,
        dict(environment._cumulative_rewards),
    )
    assert after == before


def test_both_environments_take_a_numpy_integer_from_argmax() -> None:
    """The id np.argmax gives of the mask is played, wrapped or not, as its int."""
    for environment in (raw_env(seats=3, games=3), env(seats=3, games=3)):
        environment.reset(seed=4)
        twin = raw_env(seats=3, games=3)
        twin.reset(seed=4)
        steps = 0
        while not any(twin.terminations.values()):
            mask = environment.observe(environment.agent_selection)["action_mask"]
            # The highest legal id: a stake when one is legal, so the game goes on.
            chosen = mask.size - 1 - np.argmax(mask[::-1])
            steps += 1
            assert isinstance(chosen, np.integer)
            environment.step(chosen)
            twin.step(int(chosen))
            assert environment.unwrapped.sitting == twin.sitting
        assert steps > 6


@pytest.mark.parametrize("bad", [True, np.True_, 3.9, "40"], ids=repr)
def test_the_wrapped_environment_refuses_what_is_no_id(bad: Any) -> None:
    """The wrapped env refuses a bool as well as a float or text (PettingZoo's bounds check
    counts True as 1, so the refusal is the raw env's TypeError), and nothing changes."""
    environment = env(seats=2, rules=pl.Rules(ante=1, limit=40))
    environment.reset(seed=0)
    before = environment.unwrapped.sitting
    with pytest.raises((TypeError, AssertionError)):
        environment.step(bad)
    assert environment.unwrapped.sitting == before


def test_a_step_before_reset_says_to_reset() -> None:
    """Not an AttributeError from inside the environment: a ValueError that says why."""
    with pytest.raises(ValueError, match="must be reset before it is used"):
        raw_env(seats=2).step(STRADDLE)
    with pytest.raises(ValueError, match="must be reset before it is used"):
        raw_env(seats=2).observe("seat_0")


def test_chips_beyond_the_observation_s_int64_are_refused_when_built() -> None:
    """raw_env(chips=10**30) once failed inside Gymnasium; the bound is documented."""
    with pytest.raises(ValueError, match=r"seats \* chips \+ games must be at most 2\*\*63 - 1"):
        raw_env(seats=2, chips=10**30)
    with pytest.raises(ValueError, match=r"must be at most 2\*\*63 - 1"):
        raw_env(seats=2, games=2**63)
    most = (2**63 - 1 - 1) // 4
    environment = raw_env(seats=4, chips=most)
    environment.reset(seed=1)
    observed = environment.observe(environment.agent_selection)["observation"]
    assert environment.observation_space("seat_0")["observation"].contains(observed)


def test_a_limit_past_the_mask_bound_is_refused_and_the_bound_itself_plays() -> None:
    """raw_env at limit 2**62 once raised MemoryError building its spaces; a limit past
    MAX_IDS - 39 is a ValueError naming the bound, and the largest allowed plays."""
    with pytest.raises(ValueError, match=f"more than this environment's {MAX_IDS}"):
        raw_env(seats=2, rules=pl.Rules(ante=1, limit=2**62))
    with pytest.raises(ValueError, match=f"a limit of at most {MAX_IDS - STAKE - 1}"):
        raw_env(seats=2, rules=pl.Rules(ante=1, limit=MAX_IDS - STAKE))
    largest = pl.Rules(ante=1, limit=MAX_IDS - STAKE - 1)
    environment = raw_env(seats=2, rules=largest, chips=10**7)
    assert environment.space.size == MAX_IDS
    environment.reset(seed=2)
    for _ in range(3):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        assert environment.sitting is not None
        legal = environment.space.legal_ranges(environment.sitting.game)
        assert int(mask.sum()) == sum(len(ids) for ids in legal)
        environment.step(int(np.flatnonzero(mask)[-1]))


def test_at_a_limit_of_millions_a_refusal_gives_the_stakes_as_a_range() -> None:
    """One refused id once listed four million names (a 59 MB message): now the stakes are
    one range, with their chips, and the message is a line."""
    rules = pl.Rules(ante=1, limit=MILLIONS)
    space, state = ActionSpace(rules, 3), _say(rules, chips=10 * MILLIONS)
    amounts = pl.stake_range(state)
    with pytest.raises(ValueError, match="is not legal now") as refused:
        space.decode(state, DECLINE)
    message = str(refused.value)
    assert len(message) < 300
    assert f"stake {amounts.start}..{amounts[-1]} (stake ids {STAKE}..{STAKE + MILLIONS})" in (
        message
    )
    assert message.startswith("action id 3 (decline) is not legal now (say): seat 2 may now ")
    assert space.legal_ranges(state) == (range(PASS, PASS + 1), range(STAKE, STAKE + MILLIONS + 1))


def test_a_refusal_in_the_draw_gives_the_discards_as_a_range() -> None:
    """The 32 discards of a five-card hand are one range of ids in the message."""
    space, state = ActionSpace(RULES, 3), _say()
    while state.phase is not pl.Phase.DRAW:
        state = pl.apply_or_raise(state, pl.legal_actions(state)[1])
    with pytest.raises(ValueError, match=f"discard ids {DISCARD}..{DISCARD + 31}"):
        space.decode(state, STAKE)


def test_a_limit_past_sys_maxsize_still_decodes_and_refuses() -> None:
    """At limit 10**100 a range has no len(): decode and the refusal use its bounds."""
    rules = pl.Rules(ante=1, limit=10**100)
    space, state = ActionSpace(rules, 3), _say(rules, chips=10**101)
    assert space.decode(state, STAKE + 10**100) == pl.Stake(seat=2, amount=2 + 10**100)
    with pytest.raises(ValueError, match=r"stake ids 38\.\.10{98}38"):
        space.decode(state, SHUFFLE)


def test_legal_ids_at_a_large_limit_are_the_ranges_and_keep_no_menu() -> None:
    """legal_ids stays exact at a large limit (a tuple of every stake id, its cost in
    proportion to the limit, as documented), and no such menu is kept after the call:
    a kept menu per run length would hold gigabytes over a game."""
    from pokerlaws.agents import space as module

    rules = pl.Rules(ante=1, limit=10**5)
    space = ActionSpace(rules, 3)
    state = _say(rules, chips=10**6)
    module._cached_menu.cache_clear()
    ids = space.legal_ids(state)
    assert ids == tuple(i for run in space.legal_ranges(state) for i in run)
    assert len(ids) == 1 + 10**5 + 1
    assert module._cached_menu.cache_info().currsize == 0
