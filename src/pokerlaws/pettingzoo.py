"""A PettingZoo AEC environment: a sitting of draw poker among learning agents.

Install with the ``pettingzoo`` extra: from a checkout,
``python -m pip install -e ".[pettingzoo]"``; once pokerlaws is published,
``python -m pip install "pokerlaws[pettingzoo]"``. This module, and only this one, imports
PettingZoo, Gymnasium and numpy.

Agents ``"seat_0"``, ``"seat_1"``... sit in that order; the cut decides the first dealer
(Law 2). An action is an id of :class:`~pokerlaws.agents.ActionSpace` for the table, an
observation a dict of ``"observation"`` (:func:`~pokerlaws.agents.observation` of the
agent's own view, int64) and ``"action_mask"`` (1 at each legal id, int8, all 0 when it is
not his turn), as PettingZoo's classic card games give them. An episode is a sitting of
``games`` games, each agent beginning with ``chips``: at each game's end every agent is
rewarded his chip result in it, and at the episode's end the pool left unwon (an unopened
jack-pot, an odd chip) is shared as :func:`pokerlaws.settle` shares it, so an episode's
rewards sum to zero. A sitting that can no longer play (fewer than two players with chips,
as an unopened jack-pot may leave it) ends the episode there, so no live agent is ever
offered an all-zero mask. The packs come from the environment's own generator, seeded by
``reset(seed=...)``: outside the rules, as the shuffle is outside the laws.

``observation="information"`` gives each agent :func:`~pokerlaws.agents.information_state`
of his view (perfect recall, a fixed length for the table) instead. ``opponents`` (agent
name -> :class:`~pokerlaws.Policy`) seats policies inside the environment: those seats are
no agents of it (``possible_agents`` holds the others), they play whenever their turn comes
within ``step`` and ``reset``, taking only one of their legal actions (else
``IllegalPolicyAction``; a policy that raises is ``PolicyFailed``, as in ``simulate``), each
with a generator of its own derived one-way from the reset's seed, so it tells nothing of
the packs. The agents' rewards then sum to minus the opponents' results.

An action is an int as :func:`operator.index` takes one (a numpy integer, what
``np.argmax`` gives, will do); a bool, a float or text is a ``TypeError``, never rounded or
parsed. Bounds, checked when the environment is built (a ``ValueError`` each): every count
of an observation is an int64, so ``seats * chips + games`` is at most ``2**63 - 1``; the
mask is an int8 array of one entry per id, so the table's action space has at most
:data:`MAX_IDS` ids (a limit of at most ``MAX_IDS - 39``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pokerlaws._extras import needs_extra
from pokerlaws.agents import (
    OBSERVATION_LENGTH,
    ActionSpace,
    information_length,
    information_state,
    observation,
)
from pokerlaws.agents.space import STAKE
from pokerlaws.bots import Policy
from pokerlaws.cards import Card, standard_deck
from pokerlaws.rules import Rules
from pokerlaws.simulation import _decide, _digest
from pokerlaws.sitting import Sitting, deal_next, play, settle, start_sitting
from pokerlaws.views import view
from pokerlaws.violations import RuleViolation, TableOver

with needs_extra("pettingzoo", "pokerlaws.pettingzoo"):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

__all__ = ["MAX_IDS", "env", "raw_env"]

MAX_IDS = 1 << 22
"""The most action ids a table may have here (4,194,304: a limit of at most 4,194,265).
Each observation holds a mask of one int8 per id, so a larger limit would make each
observation, and each agent's observation space, that many bytes or more."""

_INT64_MAX = int(np.iinfo(np.int64).max)


def env(**options: Any) -> Any:
    """The environment as PettingZoo's own envs are handed out: :class:`raw_env` in the
    wrappers that refuse an id out of range and calls out of order. Takes the options of
    :class:`raw_env`."""
    wrapped: Any = wrappers.AssertOutOfBoundsWrapper(raw_env(**options))
    return wrappers.OrderEnforcingWrapper(wrapped)


def _observation_bounds(
    rules: Rules, seats: int, chips: int, games: int, observation: str
) -> tuple[int, int]:
    """The largest value and the length of an observation (``"observation"`` or
    ``"information"``) at a table of ``seats`` seats of ``chips`` each over ``games`` games:
    the bounds of the environments' observation spaces."""
    # Chips never exceed the table's whole stake; other fields are small counts.
    high = max(seats * chips, rules.limit, 52, 14, 10) + games
    if observation == "information":
        # A report's digest is below 2**31; the steps count below the horizon.
        return max(high, 1 << 31), information_length(seats, seats * chips)
    return high, OBSERVATION_LENGTH


class raw_env(AECEnv):  # type: ignore[misc, unused-ignore]  # noqa: N801 - PettingZoo's name
    """A sitting of ``games`` games among ``seats`` agents with ``chips`` each.

    Args:
        rules: the table's rules (default ante 1, limit 4).
        seats: how many agents, 2 to 10.
        chips: each agent's chips at the start of an episode.
        games: the games an episode lasts (fewer if fewer than two agents have chips
            left: the table can no longer play, and the episode ends).
        render_mode: None or ``"ansi"`` (the table as text, for the agent to act).
        observation: ``"observation"`` (:func:`~pokerlaws.agents.observation`) or
            ``"information"`` (:func:`~pokerlaws.agents.information_state`).
        opponents: agent names (``"seat_k"``) -> the policies that play those seats
            inside the environment.

    Attributes:
        sitting: the current :class:`~pokerlaws.Sitting`.
        space: the :class:`~pokerlaws.agents.ActionSpace` whose ids are the actions.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "pokerlaws_draw_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        seats: int = 2,
        chips: int = 100,
        games: int = 1,
        render_mode: str | None = None,
        observation: str = "observation",
        opponents: Mapping[str, Policy] | None = None,
    ) -> None:
        super().__init__()
        rules = Rules(ante=1, limit=4) if rules is None else rules
        self.space = ActionSpace(rules, seats)
        if observation not in ("observation", "information"):
            raise ValueError(
                f"observation must be 'observation' or 'information', not {observation!r}"
            )
        names = [f"seat_{seat}" for seat in range(seats)]
        opponents = {} if opponents is None else dict(opponents)
        for name, policy in opponents.items():
            if name not in names:
                raise ValueError(f"no agent {name!r} at a table of {seats} seats")
            if not callable(policy):
                raise TypeError(f"the opponent {name!r} is not a policy (a callable)")
        if len(opponents) >= seats:
            raise ValueError("every seat is an opponent: the environment needs an agent")
        for name, value in (("chips", chips), ("games", games)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < 1:
                raise ValueError(f"{name} must be 1 or more, not {value}")
        if self.space.size > MAX_IDS:
            raise ValueError(
                f"a limit of {rules.limit} gives {self.space.size} action ids, more than this "
                f"environment's {MAX_IDS} (a limit of at most {MAX_IDS - STAKE - 1}): each "
                "observation holds a mask of one int8 per id"
            )
        if seats * chips + games > _INT64_MAX:
            raise ValueError(
                f"{chips} chips each at {seats} seats over {games} games do not fit the "
                "observation's int64 counts: seats * chips + games must be at most 2**63 - 1"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.seats = seats
        self.chips = chips
        self.games = games
        self.render_mode = render_mode
        self.observation_kind = observation
        self.opponents = opponents
        self._seating = names
        self.possible_agents = [name for name in names if name not in opponents]
        self.agents = self.possible_agents[:]
        self._rng = random.Random()
        self._opponent_rngs: dict[str, random.Random] = {}
        self._episode = 0
        self._pack = standard_deck(joker=rules.joker)
        high, length = _observation_bounds(rules, seats, chips, games, observation)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1, high=high, shape=(length,), dtype=np.int64),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.space.size,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.space.size) for agent in self.possible_agents
        }
        self.sitting: Sitting | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _shuffled(self, pack: tuple[Card, ...]) -> list[Card]:
        cards = list(pack)
        self._rng.shuffle(cards)
        return cards

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Begin an episode: cut for the deal and deal the first game. A ``seed`` reseeds
        the environment's generator of packs; without one it goes on from where it was."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._episode = 0
        # The opponents' generators, one-way from a draw of the packs' generator: what an
        # opponent reads of its own generator tells nothing of the packs.
        root = self._rng.getrandbits(128)
        self._opponent_rngs = {
            name: random.Random(_digest(root, "opponent", self._episode, place))
            for place, name in enumerate(self._seating)
            if name in self.opponents
        }
        self._episode += 1
        self.sitting = start_sitting(
            self.rules,
            [(agent, self.chips) for agent in self._seating],
            cut=self._shuffled(standard_deck()),
            deck=self._shuffled(self._pack),
        )
        self._played = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._opponents_play()
        # What the opponents' play ended already (a game left unopened) is the agents' too.
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        assert self.sitting is not None
        seat = self.sitting.game.to_act
        if seat is not None:
            self.agent_selection = self.sitting.game_seating[seat]

    def _game(self) -> Any:
        if self.sitting is None:
            raise ValueError("the environment must be reset before it is used")
        return self.sitting.game

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's own view as ints, and the mask of his legal ids."""
        game = self._game()
        seat = self._seating.index(agent)
        mask = np.zeros(self.space.size, dtype=np.int8)
        if game.to_act == seat:
            # By ranges: at a large limit the stakes alone are millions of ids.
            for ids in self.space.legal_ranges(game):
                mask[ids.start : ids.stop] = 1
        seen = view(game, seat)
        ints = (
            observation(seen)
            if self.observation_kind == "observation"
            else information_state(seen)
        )
        return {"observation": np.array(ints, dtype=np.int64), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Take the selected agent's action id.

        Raises:
            TypeError: the id is not an int as :func:`operator.index` takes one (a bool,
                a float or text).
            ValueError: the id is not legal now (:meth:`ActionSpace.decode` says why), or
                the environment has not been reset.
        """
        self._game()  # before reset there is no agent to select
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        sitting = self.sitting
        assert sitting is not None
        # decode takes the id as operator.index does (int() would round 3.9 and parse "40"),
        # and before anything changes, so a refused id leaves the rewards as they were.
        chosen = self.space.decode(sitting.game, action)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        after = play(sitting, chosen)
        if isinstance(after, RuleViolation):  # pragma: no cover - decode lists legal ids only
            raise ValueError(after.message)
        self.sitting = after
        if after.between_games:
            self._end_of_game(after)
        self._opponents_play()
        self._accumulate_rewards()
        if not any(self.terminations.values()):
            self._select()
        if self.render_mode == "ansi":
            self.render()

    def _opponents_play(self) -> None:
        """Play the opponents' turns until an agent is to act or the episode has ended."""
        while not any(self.terminations.values()):
            sitting = self.sitting
            assert sitting is not None
            seat = sitting.game.to_act
            name = None if seat is None else sitting.game_seating[seat]
            if seat is None or name not in self.opponents:
                return
            where = (name, self._episode - 1, self._played + 1)
            chosen = _decide(
                self.opponents[name], sitting.game, seat, self._opponent_rngs[name], where
            )
            after = play(sitting, chosen)
            if isinstance(after, RuleViolation):  # pragma: no cover - _decide takes legal only
                raise ValueError(after.message)
            self.sitting = after
            if after.between_games:
                self._end_of_game(after)

    def _end_of_game(self, sitting: Sitting) -> None:
        """Reward each agent his chips won or lost in the game just ended; deal the next
        game, or end the episode, sharing the unwon pool as settle shares it.

        A game can end as it is dealt (the antes leave nobody able to open): it is
        rewarded and counted as any other, and the next is dealt, so no agent is ever left
        to act in a finished game. The episode ends after ``games`` games, or when fewer
        than two players have chips to play on (``TableOver``)."""
        while True:
            game = sitting.game
            for seat, name in enumerate(sitting.game_seating):
                if name in self.rewards:
                    self.rewards[name] += sitting.chips[seat] - game.starting_stacks[seat]
            self._played += 1
            if self._played >= self.games:
                break
            try:
                sitting = deal_next(sitting, deck=self._shuffled(self._pack))
            except TableOver:
                break
            self.sitting = sitting
            if not sitting.between_games:
                return
        for name, share in settle(sitting).shares:
            if name in self.rewards:
                self.rewards[name] += share
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """The table as text (mode ``"ansi"``), as the agent to act may see it."""
        if self.render_mode is None:
            return None
        game = self._game()
        seat = game.to_act if game.to_act is not None else 0
        return str(view(game, seat))

    def close(self) -> None:
        pass
