"""One learning seat against policies for the others, as a Gymnasium ``Env``.

:class:`SeatEnv` is the PettingZoo environment (:mod:`pokerlaws.pettingzoo`) with every
seat but ``seat`` given to an opponent: the opponents play inside ``step`` and ``reset``
(only their legal actions: ``IllegalPolicyAction`` otherwise), and the learner sees his
observation, with the mask of his legal ids as ``info["action_mask"]``. An episode is a
sitting of ``games`` games begun with ``chips`` each; the reward of a step is the learner's
chips won or lost by the games it ended (the unwon pool shared as ``settle`` shares it at
the episode's end), so an episode's rewards are his net result.

An id he may not take now changes nothing: by default (``illegal="refuse"``) the step
answers the same observation with reward 0 and ``info["refused"]`` the refusal's message
(the law in it), so that Gymnasium's checker, which steps random ids, runs;
``illegal="raise"`` raises ``ValueError`` instead. The packs and the opponents' generators
come from ``reset(seed=...)``, the opponents' by a one-way derivation of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium

from pokerlaws.bots import Policy
from pokerlaws.pettingzoo import raw_env
from pokerlaws.rules import Rules

__all__ = ["SeatEnv"]

_MOST_UNPLAYED = 10_000


class SeatEnv(gymnasium.Env):  # type: ignore[misc, unused-ignore]
    """A Gymnasium ``Env`` for seat ``seat`` against ``opponents``.

    Args:
        rules: the table's rules.
        seats: the seats at the table, 2 to 10.
        opponents: ``seats - 1`` policies for the other seats, in seat order (the first for
            the lowest seat that is not ``seat``).
        seat: the learner's seat.
        chips: every seat's chips at the start of an episode.
        games: the games an episode lasts (fewer if the table can no longer play).
        observation: ``"observation"`` or ``"information"`` (perfect recall), as the
            PettingZoo environment takes it.
        render_mode: None or ``"ansi"``.
        illegal: ``"refuse"`` (an illegal id is answered with ``info["refused"]``) or
            ``"raise"`` (it raises ``ValueError``).

    Raises:
        TypeError: an opponent is not a callable.
        ValueError: the wrong number of opponents, a seat not at the table, or what the
            PettingZoo environment refuses.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        rules: Rules,
        seats: int,
        opponents: Sequence[Policy],
        seat: int = 0,
        chips: int = 100,
        games: int = 1,
        observation: str = "observation",
        render_mode: str | None = None,
        illegal: str = "refuse",
    ) -> None:
        if illegal not in ("refuse", "raise"):
            raise ValueError(f"illegal must be 'refuse' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise TypeError(f"seats must be an int, not {type(seats).__name__}")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not at a table of {seats} seats")
        policies = tuple(opponents)
        if len(policies) != seats - 1:
            raise ValueError(
                f"a table of {seats} seats needs {seats - 1} opponents, not {len(policies)}"
            )
        others = [k for k in range(seats) if k != seat]
        self._env = raw_env(
            rules=rules,
            seats=seats,
            chips=chips,
            games=games,
            render_mode=render_mode,
            observation=observation,
            opponents={f"seat_{k}": policy for k, policy in zip(others, policies, strict=True)},
        )
        self.agent = f"seat_{seat}"
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = self._env.observation_space(self.agent)["observation"]
        self._carried = 0.0
        self.action_space = self._env.action_space(self.agent)

    @property
    def sitting(self) -> Any:
        """The current :class:`~pokerlaws.Sitting`."""
        return self._env.sitting

    @property
    def space(self) -> Any:
        """The table's :class:`~pokerlaws.agents.ActionSpace`."""
        return self._env.space

    def _seen(self) -> tuple[Any, dict[str, Any]]:
        seen = self._env.observe(self.agent)
        return seen["observation"], {"action_mask": seen["action_mask"]}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begin an episode; the opponents play until the learner is to act.

        An episode can end before the learner has a decision (a game the others leave
        unopened while his only part was the ante, at one game an episode): a Gymnasium
        reset cannot answer a finished episode, so another is begun, and the rewards of
        those that ended so are listed in ``info["unplayed"]`` (his chips lost or won in
        them, in order), never dropped.
        """
        super().reset(seed=seed)
        self._env.reset(seed=seed)
        unplayed: list[float] = []
        while self._env.terminations[self.agent]:
            unplayed.append(float(self._env._cumulative_rewards[self.agent]))
            if len(unplayed) > _MOST_UNPLAYED:  # pragma: no cover - never seen
                raise RuntimeError(f"{len(unplayed)} episodes in a row without a decision")
            self._env.reset()
        # The games the others played to their end before his first decision (at more than
        # one game an episode): their reward is paid with his first step's, as PettingZoo's
        # last() would give it him before he acts.
        self._carried = float(self._env._cumulative_rewards[self.agent])
        observation, info = self._seen()
        if unplayed:
            info["unplayed"] = unplayed
        return observation, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Take the learner's id; the opponents answer until he is to act again or the
        episode ends.

        Raises:
            TypeError: the id is not an int as :func:`operator.index` takes one.
            ValueError: the episode was never begun, or (with ``illegal="raise"``) the id
                is not legal now or the episode has ended (by default both are answered
                with ``info["refused"]`` and nothing changes).
        """
        env = self._env
        if env.sitting is None:
            raise ValueError("the environment must be reset before it is used")
        if env.terminations[self.agent]:
            ended = "the episode has ended: reset the environment"
            if self.illegal == "raise":
                raise ValueError(ended)
            observation, info = self._seen()
            return observation, 0.0, True, False, {**info, "refused": ended}
        try:
            # decode refuses an illegal id before anything changes; the opponents' own
            # faults (IllegalPolicyAction, a ValueError too) are raised by the step below.
            env.space.decode(env.sitting.game, action)
        except ValueError as refusal:
            if self.illegal == "raise":
                raise
            observation, info = self._seen()
            return observation, 0.0, False, False, {**info, "refused": str(refusal)}
        env.step(action)
        reward = float(env._cumulative_rewards[self.agent]) + self._carried
        self._carried = 0.0
        done = bool(env.terminations[self.agent])
        observation, info = self._seen()
        return observation, reward, done, False, info

    def render(self) -> str | None:
        """The table as text (mode ``"ansi"``)."""
        return self._env.render()

    def close(self) -> None:
        self._env.close()
