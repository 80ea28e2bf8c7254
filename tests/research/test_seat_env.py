"""SeatEnv (one learner against bots) and the PettingZoo environment's opponents and
information observations: Gymnasium's and PettingZoo's own checks, and outcomes."""

from __future__ import annotations

import random

import pytest

from tests.skips import extra_reason

gymnasium = pytest.importorskip("gymnasium", reason=extra_reason("gymnasium", "gymnasium"))
np = pytest.importorskip("numpy", reason=extra_reason("numpy", "gymnasium"))
pytest.importorskip("pettingzoo", reason=extra_reason("pettingzoo", "gymnasium"))

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import pokerlaws as pl  # noqa: E402
from pokerlaws.agents import information_length  # noqa: E402
from pokerlaws.bots import peel_bot, random_bot  # noqa: E402
from pokerlaws.gymnasium import SeatEnv  # noqa: E402
from pokerlaws.pettingzoo import env as pz_env  # noqa: E402
from pokerlaws.pettingzoo import raw_env  # noqa: E402
from pokerlaws.simulation import IllegalPolicyAction  # noqa: E402

RULES = pl.Rules(ante=1, limit=4)


@pytest.mark.parametrize("observation", ["observation", "information"])
@pytest.mark.parametrize(("seats", "seat"), [(2, 0), (3, 2), (6, 3)])
def test_gymnasium_s_checker_passes(seats: int, seat: int, observation: str) -> None:
    bots = [peel_bot if k % 2 else random_bot for k in range(seats - 1)]
    check_env(
        SeatEnv(RULES, seats, bots, seat=seat, chips=20, observation=observation),
        skip_render_check=True,
    )


def _episode(env: SeatEnv, seed: int) -> tuple[float, list[tuple[object, ...]]]:
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    steps: list[tuple[object, ...]] = [tuple(observation)]
    total, done = 0.0, False
    while not done:
        ids = np.flatnonzero(info["action_mask"])
        assert len(ids), "a live learner was offered an empty mask"
        assert env.observation_space.contains(observation)
        observation, reward, done, truncated, info = env.step(int(rng.choice(ids)))
        assert not truncated
        total += reward
        steps.append((tuple(observation), reward))
    return total, steps


def test_an_episode_s_rewards_are_the_learner_s_net_result() -> None:
    """Against peel_bot and random_bot over three-game sittings of short stacks: the rewards
    sum to the learner's chips at the end less his start, plus his share of an unwon pool."""
    env = SeatEnv(RULES, 3, [peel_bot, random_bot], seat=1, chips=12, games=3)
    for seed in range(40):
        total, _ = _episode(env, seed)
        sitting = env.sitting
        mine = sitting.chips[sitting.game_seating.index("seat_1")]
        shares = dict(pl.settle(sitting).shares)
        assert total == mine - 12 + shares.get("seat_1", 0)


def test_a_game_ended_before_the_learner_s_first_decision_is_paid_with_his_first_step() -> None:
    """At three games an episode the others may play a whole game out before his first
    decision (he antes, they leave it unopened): its reward comes with his first step's
    and the episode's rewards still sum to his net result."""
    env = SeatEnv(RULES, 3, [peel_bot, peel_bot], seat=0, chips=12, games=3)
    carried = 0
    for seed in range(40):
        env.reset(seed=seed)
        # A game already played out at the reset leaves him a reward before he acts.
        carried += float(env._env._cumulative_rewards[env.agent]) != 0
        total, _ = _episode(env, seed)
        sitting = env.sitting
        mine = sitting.chips[sitting.game_seating.index("seat_0")]
        shares = dict(pl.settle(sitting).shares)
        assert total == mine - 12 + shares.get("seat_0", 0), seed
    assert carried >= 3, carried


def test_a_seed_plays_the_same_episode_again() -> None:
    one = SeatEnv(RULES, 4, [peel_bot, random_bot, random_bot], seat=0, chips=20, games=2)
    other = SeatEnv(RULES, 4, [peel_bot, random_bot, random_bot], seat=0, chips=20, games=2)
    assert _episode(one, 5) == _episode(other, 5)
    assert _episode(one, 5) != _episode(one, 6)


def test_an_illegal_id_changes_nothing_and_says_the_law() -> None:
    env = SeatEnv(RULES, 2, [peel_bot], seat=0, chips=20)
    observation, info = env.reset(seed=1)
    before = env.sitting
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, done, _, answer = env.step(illegal)
    assert env.sitting is before
    assert (again == observation).all()
    assert reward == 0.0
    assert not done
    assert "not legal now" in answer["refused"]
    strict = SeatEnv(RULES, 2, [peel_bot], seat=0, chips=20, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        strict.step(illegal)
    with pytest.raises(TypeError):
        strict.step("0")


def test_the_wrong_number_of_opponents_is_refused() -> None:
    with pytest.raises(ValueError, match="needs 2 opponents"):
        SeatEnv(RULES, 3, [peel_bot])
    with pytest.raises(ValueError, match="not at a table"):
        SeatEnv(RULES, 3, [peel_bot, peel_bot], seat=3)
    with pytest.raises(TypeError, match="not a policy"):
        SeatEnv(RULES, 2, [42])  # type: ignore[list-item]


def test_an_opponent_may_take_only_its_legal_actions() -> None:
    def cheat(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        return pl.Stake(seat=(view.seat + 1) % 2, amount=1)

    env = SeatEnv(RULES, 2, [cheat], seat=1, chips=20)

    def play_on() -> None:
        for seed in range(5):
            _episode(env, seed)

    with pytest.raises(IllegalPolicyAction, match="policy 'seat_0'"):
        play_on()


def test_the_pettingzoo_env_with_opponents_passes_its_api_test() -> None:
    opponents = {"seat_1": peel_bot, "seat_3": random_bot}
    env = pz_env(rules=RULES, seats=4, chips=20, opponents=opponents, observation="information")
    api_test(env, num_cycles=200)
    assert env.unwrapped.possible_agents == ["seat_0", "seat_2"]

    def make() -> object:
        return pz_env(rules=RULES, seats=3, chips=20, opponents={"seat_2": peel_bot})

    seed_test(make, num_cycles=100)


def test_the_information_observation_has_the_table_s_length() -> None:
    env = raw_env(rules=RULES, seats=3, chips=20, observation="information")
    env.reset(seed=3)
    length = information_length(3, 60)
    for agent in env.possible_agents:
        assert env.observe(agent)["observation"].shape == (length,)
        assert env.observation_space(agent)["observation"].shape == (length,)
    with pytest.raises(ValueError, match="observation must be"):
        raw_env(rules=RULES, seats=3, observation="everything")
    with pytest.raises(ValueError, match="no agent"):
        raw_env(rules=RULES, seats=3, opponents={"seat_5": peel_bot})


def test_an_episode_ended_before_the_learner_acts_is_reported_not_dropped() -> None:
    """Seed 44 at four seats against peel_bot: the game is left unopened while the learner's
    only part was his ante (Law 29), so reset begins another episode and lists the first's
    reward (his ante back from the shared pool: 0) in info["unplayed"]."""
    env = SeatEnv(RULES, 4, [peel_bot] * 3, chips=100)
    _, info = env.reset(seed=44)
    assert info["unplayed"] == [0.0]
    assert not env.sitting.between_games
    assert np.flatnonzero(info["action_mask"]).size > 0
    for seed in range(60):
        _, info = env.reset(seed=seed)
        assert np.flatnonzero(info["action_mask"]).size > 0
