"""VectorSeatEnv: many learning seats over the batch tables, held to the object engine.

Against ``"peel"`` the other seats' play is known in advance: ``peel_bot`` decides by the
view alone. So at every step and table the test plays the learner's id and then
``peel_bot`` for the others through the object engine, from the table's state before the
step, and the environment must reach the same game (``Tables.state``), answer with that
game's observation and mask, reward the learner's chips won or lost by the games that
ended (with the unwon pool shared as ``settle`` shares it at an episode's end), and end
the episode where the sitting ends. Against ``"random"`` each answer is held to the state
reached; and the Gymnasium conventions (spaces, same-step autoreset, seeding, refusals).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.skips import extra_reason

gymnasium = pytest.importorskip("gymnasium", reason=extra_reason("gymnasium", "gymnasium"))
np = pytest.importorskip("numpy", reason=extra_reason("numpy", "gymnasium"))

import pokerlaws as pl  # noqa: E402
from pokerlaws.agents import ActionSpace, information_state, observation  # noqa: E402
from pokerlaws.agents.space import SHUFFLE  # noqa: E402
from pokerlaws.batch.bots import random_ids  # noqa: E402
from pokerlaws.bots import peel_bot  # noqa: E402
from pokerlaws.gymnasium import VectorSeatEnv  # noqa: E402
from pokerlaws.state import GameState, seats_from  # noqa: E402

RULES = pl.Rules(ante=1, limit=4)
_NOBODY = random.Random(0)  # peel_bot draws on it only where no game takes it


def _stepped(space: ActionSpace, state: GameState, i: int) -> GameState:
    after = space.step(state, i)
    assert isinstance(after, GameState)
    return after


def _forward(space: ActionSpace, state: GameState, seat: int) -> GameState:
    """Play ``peel_bot`` for every seat but ``seat`` (and the dealer's Law 41 shuffle,
    which the batch takes inside its step) until ``seat`` is to act or the game is over."""
    while not state.is_over:
        if state.phase is pl.Phase.DRAW and not state.pending:
            state = _stepped(space, state, SHUFFLE)
            continue
        if state.to_act == seat:
            return state
        to_act = state.to_act
        assert to_act is not None
        action = peel_bot(pl.view(state, to_act), _NOBODY)
        state = _stepped(space, state, space.encode(state, action))
    return state


def _share(state: GameState, seat: int) -> int:
    """The seat's share of the pool left when the sitting ends (``settle``)."""
    order = seats_from(state.dealer + 1, state.seated, state.num_seats)
    if seat not in order:
        return 0
    each, odd = divmod(state.pool, len(order))
    return each + (order.index(seat) < odd)


def _mask_of(space: ActionSpace, state: GameState) -> list[int]:
    bits = space.legal_mask(state)
    return [bits >> i & 1 for i in range(space.size)]


def _check_answer(env: VectorSeatEnv, obs: Any, info: dict[str, Any]) -> list[GameState]:
    """Every table's answer is its game's: the learner to act, his observation and mask."""
    states = [env.tables.state(i) for i in range(env.num_envs)]
    for i, state in enumerate(states):
        assert state.to_act == env.seat, f"table {i}: not the learner's turn"
        seen = pl.view(state, env.seat)
        want = observation(seen) if env.observation_kind == "observation" else None
        if want is None:
            want = information_state(seen)
        assert tuple(obs[i].tolist()) == want, f"table {i}"
        assert info["action_mask"][i].tolist() == _mask_of(env.space, state), f"table {i}"
        assert info["action_mask"][i].any()
    assert env.observation_space.contains(obs)
    return states


def _run_against_peel(
    rules: pl.Rules, seats: int, seat: int, chips: int, games: int, steps: int, seed: int
) -> dict[str, int]:
    """Step a random learner ``steps`` times at 6 tables, each answer held to the engine's
    play; how many times each kind of answer was checked."""
    env = VectorSeatEnv(rules, seats, 6, opponents="peel", seat=seat, chips=chips, games=games)
    space = env.space
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    states = _check_answer(env, obs, info)
    checked = {"went on": 0, "ended": 0, "next game": 0, "unforeseen": 0}
    # The learner's chips as his rewards so far account for them: an episode starts with
    # ``chips``, and a step pays what the games ended since the last one changed.
    accounted = [chips] * env.num_envs
    for _ in range(steps):
        ids = random_ids(info["action_mask"].astype(bool), rng)
        # The games each episode has played so far, as the environment counts them.
        played_before = env._played.copy()
        obs, rewards, terminated, truncated, info = env.step(ids)
        assert not truncated.any()
        after = _check_answer(env, obs, info)
        for i, before in enumerate(states):
            reached = _forward(space, _stepped(space, before, int(ids[i])), seat)
            if not reached.is_over:
                # The game goes on: the same game, paying only the games ended before it.
                assert after[i] == reached, f"table {i}"
                assert rewards[i] == reached.starting_stacks[seat] - accounted[i]
                assert not terminated[i]
                accounted[i] = reached.starting_stacks[seat]
                checked["went on"] += 1
                continue
            gained = reached.stacks[seat] - accounted[i]
            sitting_over = played_before[i] + 1 >= games or sum(s > 0 for s in reached.stacks) < 2
            if sitting_over:
                assert terminated[i], f"table {i}: the sitting is over"
                assert rewards[i] == gained + _share(reached, seat), f"table {i}"
                final = info["final_obs"][i]
                assert tuple(final.tolist()) == observation(pl.view(reached, seat))
                checked["ended"] += 1
                accounted[i] = chips
                continue
            if terminated[i] or env._played[i] != played_before[i] + 1:
                # The next game ended too before the learner's turn (the sitting with it,
                # perhaps): its pack is unseen.
                checked["unforeseen"] += 1
                accounted[i] = chips if terminated[i] else after[i].starting_stacks[seat]
                if not terminated[i]:
                    assert (
                        rewards[i]
                        == after[i].starting_stacks[seat] - reached.stacks[seat] + gained
                    )
                continue
            nxt = pl.next_game(reached, deck=after[i].deck)
            ahead = _forward(space, nxt, seat)
            assert after[i] == ahead, f"table {i}: the next game"
            assert rewards[i] == gained, f"table {i}"
            accounted[i] = reached.stacks[seat]
            checked["next game"] += 1
        states = after
    return checked


@pytest.mark.parametrize(
    ("rules", "seats", "seat", "chips", "games"),
    [
        (RULES, 2, 1, 30, 1),
        (RULES, 6, 0, 100, 1),
        (pl.Rules(ante=1, limit=6, joker=True, openers_on_honour=True), 4, 2, 12, 3),
        (pl.Rules(ante=2, limit=4, hands=pl.HandRules(blaze=True)), 10, 9, 25, 2),
    ],
)
def test_the_other_seats_play_peel_bot_and_the_learner_is_paid_his_result(
    rules: pl.Rules, seats: int, seat: int, chips: int, games: int
) -> None:
    """Laws 29-33, 58-60, 76 at the learner's seat: every step answers with the game the
    engine reaches by the learner's id and peel_bot's play; a finished game pays him what
    he won or lost, an ended sitting his share of the pool left too, and ends the
    episode."""
    checked = _run_against_peel(rules, seats, seat, chips, games, 30, seats)
    assert checked["went on"] > 50
    assert checked["ended"] > 5
    if games > 1:
        assert checked["next game"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("seats", range(2, 11))
def test_the_other_seats_play_peel_bot_at_every_size(seats: int) -> None:
    """The same over longer runs, at every table size, with jack-pots of several games."""
    rules = pl.Rules(ante=1, limit=4, joker=seats % 2 == 0, openers_on_honour=seats % 3 == 0)
    checked = _run_against_peel(rules, seats, seats // 2, 15, 4, 150, 100 + seats)
    assert checked["ended"] > 10
    assert checked["next game"] > 10


def test_random_opponents_answer_with_the_game_reached() -> None:
    """Against "random" the answers are the states the tables reach, the masks never empty,
    and the rewards of an episode are whole chips."""
    env = VectorSeatEnv(RULES, 5, 8, opponents="random", seat=3, chips=20, games=2)
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=5)
    _check_answer(env, obs, info)
    ended = 0
    for _ in range(40):
        obs, rewards, terminated, _, info = env.step(
            random_ids(info["action_mask"].astype(bool), rng)
        )
        _check_answer(env, obs, info)
        assert (rewards == np.round(rewards)).all()
        ended += int(terminated.sum())
    assert ended > 5


def test_information_observations_are_the_information_states() -> None:
    """observation="information": each answer is information_state of the learner's view,
    in the PettingZoo environment's space."""
    env = VectorSeatEnv(RULES, 3, 3, seat=1, chips=20, observation="information")
    rng = np.random.default_rng(2)
    obs, info = env.reset(seed=2)
    assert env.single_observation_space.shape == (pl.agents.information_length(3, 60),)
    _check_answer(env, obs, info)
    for _ in range(10):
        obs, _, _, _, info = env.step(random_ids(info["action_mask"].astype(bool), rng))
        _check_answer(env, obs, info)


def test_it_is_a_gymnasium_vector_env_with_same_step_autoreset() -> None:
    """The Gymnasium conventions: a VectorEnv, batched spaces of the PettingZoo
    environment's single ones, same-step autoreset with the ended episode's last
    observation in info["final_obs"], and the same seed playing the same games."""
    env = VectorSeatEnv(RULES, 4, 16, chips=30)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(env.space.size)
    assert env.action_space.shape == (16,)
    assert env.observation_space.shape == (16, len(pl.agents.OBSERVATION_FIELDS))
    again = VectorSeatEnv(RULES, 4, 16, chips=30)
    first, info = env.reset(seed=9)
    second, info_again = again.reset(seed=9)
    assert (first == second).all()
    assert (info["action_mask"] == info_again["action_mask"]).all()
    other, _ = again.reset(seed=10)
    assert not (other == first).all()
    again.reset(seed=9)
    rng = np.random.default_rng(3)
    for _ in range(30):
        ids = random_ids(info["action_mask"].astype(bool), rng)
        obs, rewards, terminated, _, info = env.step(ids)
        obs_again, rewards_again, _, _, _ = again.step(ids)
        assert (obs == obs_again).all()
        assert (rewards == rewards_again).all()
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
            for i in np.flatnonzero(terminated):
                assert info["final_obs"][i].shape == obs[i].shape
                assert info["final_obs"][i][2] == 5  # the phase: over
            assert (obs[terminated][:, 2] != 5).all()  # the next episode's first decision


def test_an_illegal_id_is_refused_naming_its_table_and_nothing_changes() -> None:
    """An id not legal at a table raises ValueError naming that table; no table changes.
    Wrong types and sizes are refused too, and stepping before a reset."""
    env = VectorSeatEnv(RULES, 3, 4, chips=20)
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(4, np.int64))
    _, info = env.reset(seed=1)
    ids = info["action_mask"].argmax(axis=1)
    bad = ids.copy()
    bad[2] = np.flatnonzero(info["action_mask"][2] == 0)[0]
    before = [env.tables.state(i) for i in range(4)]
    with pytest.raises(ValueError, match="table 2"):
        env.step(bad)
    assert [env.tables.state(i) for i in range(4)] == before
    with pytest.raises(ValueError, match="shape"):
        env.step(ids[:3])
    with pytest.raises(TypeError):
        env.step(ids.astype(float))
    with pytest.raises(ValueError, match="opponents"):
        VectorSeatEnv(RULES, 3, 4, opponents="strangers")
    with pytest.raises(ValueError, match="seat 3"):
        VectorSeatEnv(RULES, 3, 4, seat=3)
    with pytest.raises(ValueError, match="observation"):
        VectorSeatEnv(RULES, 3, 4, observation="pixels")
    with pytest.raises(TypeError, match="num_envs"):
        VectorSeatEnv(RULES, 3, True)
    with pytest.raises(ValueError, match="num_envs"):
        VectorSeatEnv(RULES, 3, 0)
