"""The PettingZoo environment passes PettingZoo's own API test, and masked play is legal."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.agents import ActionSpace
from tests.skips import extra_reason

pytest.importorskip("pettingzoo", reason=extra_reason("pettingzoo", "pettingzoo"))
np = pytest.importorskip("numpy", reason=extra_reason("numpy", "pettingzoo"))

from pettingzoo.test import api_test, seed_test  # noqa: E402

from pokerlaws.pettingzoo import env, raw_env  # noqa: E402


# PettingZoo's classic card games draw the same two warnings: their observations are dicts.
@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_env_passes_the_pettingzoo_api_test(seats: int) -> None:
    """pettingzoo.test.api_test, a suite written apart from pokerlaws, passes at 2, 4 and 6
    seats over sittings of three games."""
    api_test(env(seats=seats, games=3), num_cycles=1000)


def test_env_passes_the_pettingzoo_seed_test() -> None:
    """The same reset seed plays the same episode (pettingzoo.test.seed_test)."""
    seed_test(lambda: env(seats=3, games=2), num_cycles=200)


def rollout(environment: Any, rng: random.Random) -> dict[str, int]:
    """Play one episode, each agent choosing uniformly among the ids its mask allows;
    check every chosen id names an action of legal_actions; return the rewards summed."""
    totals = dict.fromkeys(environment.possible_agents, 0)
    unwrapped = environment.unwrapped
    for agent in environment.agent_iter(max_iter=100_000):
        observed, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        game = unwrapped.sitting.game
        mask = observed["action_mask"]
        assert mask.dtype == np.int8
        legal = [int(i) for i in np.flatnonzero(mask)]
        assert legal, f"{agent} is neither terminated nor truncated but has an empty mask"
        space = ActionSpace(game.rules, game.num_seats)
        assert tuple(legal) == space.legal_ids(game)
        assert agent == f"seat_{game.to_act}"
        choice = rng.choice(legal)
        assert space.decode(game, choice) in pl.legal_actions(game)
        environment.step(choice)
        for name, reward in unwrapped.rewards.items():
            totals[name] += reward
    assert not environment.agents, "the episode did not end"
    return totals


@pytest.mark.parametrize("seats", [2, 3, 7, 10])
def test_masked_random_rollouts_take_only_legal_actions_and_rewards_sum_to_zero(
    seats: int,
) -> None:
    """Agents that choose only ids their mask allows never make an illegal action, and each
    episode's rewards (the unwon pool shared at its end) sum to zero and are the sitting's
    settled results."""
    environment = env(seats=seats, chips=20, games=4)
    rng = random.Random(seats)
    for episode in range(5):
        environment.reset(seed=episode)
        totals = rollout(environment, rng)
        assert sum(totals.values()) == 0
        settled = pl.settle(environment.unwrapped.sitting)
        assert totals == dict(settled.results)


def short_stacked_episodes(seats: int, episodes: int, seed: int) -> None:
    """Play ``episodes`` episodes of many games on short stacks (1 to 8 chips each, up to
    60 games), where unopened jack-pots (Law 29) soon leave at most one player with chips.
    Each must end with no live agent ever given an empty mask (``rollout`` checks), and its
    rewards sum to zero and are the sitting's settled results."""
    rng = random.Random(seed)
    for episode in range(episodes):
        chips, games = rng.randint(1, 8), rng.randint(1, 60)
        environment = env(seats=seats, chips=chips, games=games, rules=pl.Rules(ante=1, limit=4))
        environment.reset(seed=episode)
        totals = rollout(environment, rng)
        assert sum(totals.values()) == 0, (chips, games, episode)
        settled = pl.settle(environment.unwrapped.sitting)
        assert totals == dict(settled.results), (chips, games, episode)


def test_an_unopened_game_that_leaves_one_player_with_chips_ends_the_episode() -> None:
    """The reported case: four seats of 12 chips over 30 games reached, in its third
    episode, an unopened jack-pot dealt with nobody able to play it; the agent left
    selected had an all-zero mask and stepping raised. The sitting now ends the episode
    there, the pool shared as settle shares it."""
    environment = env(seats=4, chips=12, games=30, rules=pl.Rules(ante=1, limit=4))
    rng = random.Random(0)
    for episode in range(5):
        environment.reset(seed=episode)
        totals = rollout(environment, rng)
        assert totals == dict(pl.settle(environment.unwrapped.sitting).results)
        assert sum(totals.values()) == 0


@pytest.mark.parametrize("seats", range(2, 11))
def test_short_stacks_over_many_games_never_leave_an_agent_stuck(seats: int) -> None:
    """Short stacks at 2 to 10 seats: every episode ends, no live agent is offered an
    empty mask, and the rewards are the sitting's settlement."""
    short_stacked_episodes(seats, episodes=12, seed=seats)


@pytest.mark.slow
@pytest.mark.parametrize("seats", range(2, 11))
def test_a_thousand_short_stacked_episodes_never_stick(seats: int) -> None:
    """The same over 1,000 episodes in all (111 or 112 at each of 2 to 10 seats)."""
    short_stacked_episodes(seats, episodes=111 + (seats == 2), seed=1000 + seats)


def test_observation_is_the_agents_own_view_as_ints() -> None:
    """The observation is observation(view) of the agent's seat; the mask is all 0 for an
    agent whose turn it is not."""
    environment = raw_env(seats=3)
    environment.reset(seed=4)
    assert environment.sitting is not None
    game = environment.sitting.game
    for seat, agent in enumerate(environment.possible_agents):
        observed = environment.observe(agent)
        assert tuple(observed["observation"]) == pl_observation(game, seat)
        assert observed["action_mask"].any() == (game.to_act == seat)


def pl_observation(game: pl.GameState, seat: int) -> tuple[int, ...]:
    from pokerlaws.agents import observation

    return observation(pl.view(game, seat))


def test_an_id_the_mask_refuses_is_a_value_error() -> None:
    """Stepping an illegal id raises, as ActionSpace.step does, and changes nothing."""
    environment = raw_env(seats=2)
    environment.reset(seed=0)
    before = environment.sitting
    illegal = int(
        np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"] == 0)[0]
    )
    with pytest.raises(ValueError, match="is not legal now"):
        environment.step(illegal)
    assert environment.sitting == before


def test_reset_seed_fixes_the_packs() -> None:
    """Two environments reset with one seed deal the same cards."""
    first, second = raw_env(seats=4), raw_env(seats=4)
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.sitting == second.sitting
    first.reset(seed=10)
    assert first.sitting != second.sitting


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"seats": 1}, ValueError, "2 to 10"),
        ({"chips": 0}, ValueError, "chips must be 1 or more"),
        ({"games": 1.5}, TypeError, "games must be an int"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None or 'ansi'"),
    ],
)
def test_bad_options_are_refused(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """The environment's options are checked when it is built."""
    with pytest.raises(error, match=message):
        raw_env(**options)
