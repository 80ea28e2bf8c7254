"""Many learning seats at once: a Gymnasium ``VectorEnv`` over :class:`pokerlaws.batch.Tables`.

:class:`VectorSeatEnv` is :class:`~pokerlaws.gymnasium.SeatEnv` for ``num_envs`` tables in
lockstep: at each table one learning seat, the other seats played in batch by ``"random"``
(the batch form of :func:`~pokerlaws.random_bot`) or ``"peel"`` (the id of what
:func:`~pokerlaws.peel_bot` plays at every decision), in compiled code by
``Tables.play(..., stop_at=seat)`` until the learner's turn. The learner sees what the
PettingZoo environment gives: his observation (``observation(view)``, or
``information_state(view)`` with ``observation="information"``), and the mask of his legal
ids as ``info["action_mask"]`` (int8, one row a table, never all zero). An episode is a
sitting of ``games`` games begun with ``chips`` each, the first dealer drawn at random (as
the cut draws him); the reward of a step is his chips won or lost in the games that ended
since his last decision, and at an episode's end the pool left unwon (an unopened jack-pot,
an odd chip) is shared as :func:`pokerlaws.settle` shares it, so an episode's rewards are
his net result.

Autoreset is Gymnasium's *same step* (``metadata["autoreset_mode"]``): where an episode
ends, ``step`` answers ``terminated`` with the first observation of the next episode, and
the ended one's last observation in ``info["final_obs"]`` (``info["_final_obs"]`` saying
where). An episode can end before the learner has a decision (the others leave a game
unopened while his only part was the ante): a new one is begun there at once, and the
rewards of such episodes are summed in ``info["unplayed"]`` (``info["_unplayed"]`` saying
where), never dropped.

The packs and the dealers come from the generator seeded by ``reset(seed=...)``; the
opponents draw on a generator of their own spawned from the same seed, so what they draw
tells nothing of the packs. An illegal learner id raises ``ValueError`` naming its table, and
nothing changes. ``observation="information"`` is worked out per table from
``Tables.state`` (the engine replays the game's ids): exact, and as slow as the object
engine.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pokerlaws.agents import information_state
from pokerlaws.batch import Tables
from pokerlaws.pettingzoo import MAX_IDS, _observation_bounds
from pokerlaws.rules import Rules

__all__ = ["VectorSeatEnv"]

_OPPONENTS = ("peel", "random")
_MOST_ROUNDS = 100_000
"""More rounds of games ending before the learner's turn, in one call, than any sitting can
need."""


class VectorSeatEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` tables of ``seats`` seats, seat ``seat`` learning at each.

    Args:
        rules: the tables' rules.
        seats: the seats at each table, 2 to 10.
        num_envs: how many tables.
        opponents: ``"peel"`` or ``"random"``, the batch bot every other seat plays.
        seat: the learner's seat.
        chips: every seat's chips at the start of an episode.
        games: the games an episode lasts (fewer if the table can no longer play).
        observation: ``"observation"`` or ``"information"`` (perfect recall).

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument out of its range (as the PettingZoo environment refuses
            them), or an unknown ``opponents`` or ``observation``.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules,
        seats: int,
        num_envs: int,
        opponents: str = "peel",
        seat: int = 0,
        chips: int = 100,
        games: int = 1,
        observation: str = "observation",
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        for name, value in (
            ("seats", seats),
            ("num_envs", num_envs),
            ("seat", seat),
            ("chips", chips),
            ("games", games),
        ):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        for name, value in (("num_envs", num_envs), ("chips", chips), ("games", games)):
            if value < 1:
                raise ValueError(f"{name} must be 1 or more, not {value}")
        if opponents not in _OPPONENTS:
            raise ValueError(f"opponents must be 'peel' or 'random', not {opponents!r}")
        if observation not in ("observation", "information"):
            raise ValueError(
                f"observation must be 'observation' or 'information', not {observation!r}"
            )
        self.tables = Tables(rules, seats, num_envs)
        """The tables, for reading (stepping them directly would break the episodes)."""
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not at a table of {seats} seats")
        self.space = self.tables.space
        if self.space.size > MAX_IDS:
            raise ValueError(
                f"a limit of {rules.limit} gives {self.space.size} action ids, more than "
                f"{MAX_IDS}: each observation holds a mask of one int8 per id"
            )
        self.rules = rules
        self.seats = seats
        self.num_envs = num_envs
        self.opponents = opponents
        self.seat = seat
        self.chips = chips
        self.games = games
        self.observation_kind = observation
        # The bounds of the PettingZoo environment's observation space.
        high, length = _observation_bounds(rules, seats, chips, games, observation)
        self.single_observation_space = spaces.Box(
            low=-1, high=high, shape=(length,), dtype=np.int64
        )
        self.single_action_space = spaces.Discrete(self.space.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._pack = 53 if rules.joker else 52
        self._packs = np.random.default_rng()
        self._bots = np.random.default_rng()
        self._policies = opponents
        self._started = np.zeros((num_envs, seats), np.int64)
        """Each table's stacks as its current game began (the state's starting_stacks)."""
        self._played = np.zeros(num_envs, np.int64)
        self._owed = np.zeros(num_envs, np.float64)
        """The learner's rewards of games ended since his last step (an episode's own)."""
        self._begun = False

    # --- Episodes ------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begin an episode at every table; the other seats play until the learner is to
        act at each. A ``seed`` reseeds the packs' and the opponents' generators; without
        one they go on from where they were."""
        super().reset(seed=seed)
        if seed is not None or not self._begun:
            root = np.random.SeedSequence(seed)
            packs, bots = root.spawn(2)
            self._packs = np.random.default_rng(packs)
            self._bots = np.random.default_rng(bots)
        self._begun = True
        everywhere = np.ones(self.num_envs, bool)
        self._new_episodes(everywhere)
        self._owed[:] = 0
        # Every episode that ends before a decision is unplayed: none has been answered.
        ended = everywhere.copy()
        unplayed = np.zeros(self.num_envs, np.float64)
        unplayed_mask = np.zeros(self.num_envs, bool)
        self._play_on(ended, {}, unplayed, unplayed_mask)
        info = self._info()
        if unplayed_mask.any():
            info["unplayed"] = unplayed
            info["_unplayed"] = unplayed_mask
        return self._observe(), info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Take the learner's id at every table; the other seats answer until he is to act
        again at each (in a new episode where one ended).

        Raises:
            TypeError: ``actions`` is not an int numpy array (or a sequence of ints).
            ValueError: ``actions`` is not of shape ``(num_envs,)``, an id is not legal at
                its table (the message names it; nothing changes), or the environment was
                never reset.
        """
        if not self._begun:
            raise ValueError("the environment must be reset before it is used")
        ids = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if ids.dtype == np.bool_:
            raise TypeError("actions must be ints, not bools")
        self.tables.step(ids)
        ended = np.zeros(self.num_envs, bool)
        final: dict[str, Any] = {}
        unplayed = np.zeros(self.num_envs, np.float64)
        unplayed_mask = np.zeros(self.num_envs, bool)
        rewards = self._play_on(ended, final, unplayed, unplayed_mask)
        info = self._info()
        if ended.any():
            info["final_obs"] = final["obs"]
            info["_final_obs"] = ended.copy()
        if unplayed_mask.any():
            info["unplayed"] = unplayed
            info["_unplayed"] = unplayed_mask
        truncated = np.zeros(self.num_envs, bool)
        return self._observe(), rewards, ended, truncated, info

    def _new_episodes(self, where: Any) -> None:
        """Begin a sitting at the tables of ``where``: ``chips`` each, a random dealer."""
        count = int(where.sum())
        dealers = self._packs.integers(0, self.seats, size=count)
        self.tables.reset(self._draw_packs(count), dealers, self.chips, where=where)
        self._started[where] = self.chips
        self._played[where] = 0

    def _draw_packs(self, count: int) -> Any:
        ordered = np.tile(np.arange(self._pack, dtype=np.int64), (count, 1))
        return self._packs.permuted(ordered, axis=1)

    # --- The other seats' play -----------------------------------------------------------

    def _play_on(
        self,
        ended: Any,
        final: dict[str, Any],
        unplayed: Any,
        unplayed_mask: Any,
    ) -> Any:
        """Play the other seats until the learner is to act at every table, ending games,
        dealing the next and beginning new episodes on the way. ``ended`` marks the tables
        whose episode has ended since the learner's step (the first end's reward is the
        step's; later ones, without a decision, are unplayed); the step's rewards are
        returned."""
        tables = self.tables
        rewards = np.zeros(self.num_envs, np.float64)
        for _ in range(_MOST_ROUNDS):
            # The other seats' bots play in compiled code until the learner is to act or the
            # game is over, at every table.
            tables.play(self._policies, self._bots, stop_at=self.seat)
            over = tables.over
            if over.any():
                # The games ended: the next ones, or new episodes, and play goes on there.
                self._games_ended(over, ended, final, rewards, (unplayed, unplayed_mask))
                continue
            # The rewards of the games ended since the learner's step, where his episode
            # goes on; where it ended, those of the new one wait for his next step.
            going = ~ended
            rewards[going] += self._owed[going]
            self._owed[going] = 0
            return rewards
        raise RuntimeError(  # pragma: no cover - no sitting is so long
            f"the tables ended games {_MOST_ROUNDS} times without the learner's turn"
        )

    def _games_ended(
        self,
        over: Any,
        ended: Any,
        final: dict[str, Any],
        rewards: Any,
        unplayed: tuple[Any, Any],
    ) -> None:
        """The games over at ``over``: the learner's chips won or lost in them; the next game
        of each sitting, or the episode's end with the unwon pool shared as ``settle``
        shares it, and a new episode."""
        tables = self.tables
        seat = self.seat
        rows = np.flatnonzero(over)
        stacks = tables.stacks[rows]
        self._owed[rows] += stacks[:, seat] - self._started[rows, seat]
        self._played[rows] += 1
        last = (self._played[rows] >= self.games) | ((stacks > 0).sum(axis=1) < 2)
        going = rows[~last]
        if going.size:
            self._started[going] = stacks[~last]
            where = np.zeros(self.num_envs, bool)
            where[going] = True
            tables.next_games(self._draw_packs(going.size), where=where)
        done = rows[last]
        if not done.size:
            return
        self._owed[done] += self._share(done)
        first = done[~ended[done]]
        if first.size:
            # The step's answer where the episode ends: its reward and last observation.
            if "obs" not in final:
                final["obs"] = np.full(self.num_envs, None, dtype=object)
            seen = self._observe(seats_of=first)
            for k, row in enumerate(first.tolist()):
                final["obs"][row] = seen[k]
            rewards[first] += self._owed[first]
            ended[first] = True
        again = done[np.isin(done, first, invert=True)]
        if again.size:
            unplayed[0][again] += self._owed[again]
            unplayed[1][again] = True
        self._owed[done] = 0
        where = np.zeros(self.num_envs, bool)
        where[done] = True
        self._new_episodes(where)

    def _share(self, rows: Any) -> Any:
        """The learner's share of the pool left at the end of a sitting (``settle``): equal
        shares to the seats dealt into the last game, odd chips one each from the dealer's
        left."""
        pool = self.tables.pool[rows]
        dealt = self._started[rows] > 0
        dealer = self.tables.dealer[rows]
        seats = self.seats
        # Each seat's place in turn from the dealer's left.
        place = (np.arange(seats)[None, :] - dealer[:, None] - 1) % seats
        mine = place[:, self.seat]
        before = (dealt & (place < mine[:, None])).sum(axis=1)
        sharers = np.maximum(dealt.sum(axis=1), 1)
        each, odd = np.divmod(pool, sharers)
        share = np.where(dealt[:, self.seat], each + (before < odd), 0)
        return share.astype(np.float64)

    # --- What the learner sees -----------------------------------------------------------

    def _observe(self, seats_of: Any = None) -> Any:
        """The learner's observations: at every table (he is to act at each), or at the
        tables ``seats_of`` (an index array) whatever their state."""
        tables = self.tables
        rows = np.arange(self.num_envs) if seats_of is None else seats_of
        if self.observation_kind == "information":
            from pokerlaws.views import view

            return np.array(
                [information_state(view(tables.state(int(i)), self.seat)) for i in rows],
                dtype=np.int64,
            ).reshape(len(rows), -1)
        seen = tables.observation(np.full(self.num_envs, self.seat, np.int64))
        return seen if seats_of is None else seen[rows]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.tables.legal_mask().astype(np.int8)}
