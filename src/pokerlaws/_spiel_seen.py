"""The observer and the policy stand-in of :mod:`pokerlaws.openspiel`, kept apart so that
each module stays short: what OpenSpiel reads of a player's view (strings and tensors),
and a view dressed as enough of a ``pyspiel.State`` for a Python policy to choose from.
Imports numpy, never ``pyspiel``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pokerlaws.actions import (
    Action,
    DeclineStraddle,
    Discard,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
from pokerlaws.agents import (
    information_state,
    information_state_array,
    observation,
    observation_array,
)
from pokerlaws.agents.space import DISCARD, STAKE
from pokerlaws.engine import new_game
from pokerlaws.rules import Rules
from pokerlaws.views import PlayerView, view

DEALING = "the deal"
"""Every player's string until the deal ends: nobody has seen anything yet."""

# --- Observations ---------------------------------------------------------------------------


_information = information_state
_information_array = information_state_array


def information(seen: PlayerView) -> tuple[int, ...]:
    """The information state of ``seen`` as ints: what the game's strings and tensors hold."""
    return tuple(_information(seen))


class Observer:
    """OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, *, perfect_recall: bool) -> None:
        self._recall = perfect_recall
        self._ints = _information if perfect_recall else observation
        self._array = _information_array if perfect_recall else observation_array
        self._length: int | None = None
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def _sized(self, length: int) -> None:
        if self._length != length:
            self._length = length
            self.tensor = np.zeros(length, np.float32)
            name = "information_state" if self._recall else "observation"
            self.dict = {name: self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into ``tensor``."""
        seen = state.view(player)
        if seen is None:
            self._sized(self._size(state))
            self.tensor.fill(0)
            return
        values = self._array(seen)
        self._sized(len(values))
        self.tensor[:] = values

    def _size(self, state: Any) -> int:
        if self._length is not None:
            return self._length
        # A view of a game of the same table, dealt from the unshuffled pack, for the size.
        game = state._table
        stacks = (game.chips,) * game.players
        start = new_game(game.rules, stacks, dealer=0, deck=game.pack)
        return len(self._array(view(start, 0)))

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s string of ``state``: the ints, space-separated."""
        seen = state.view(player)
        if seen is None:
            return DEALING
        return " ".join(map(str, self._ints(seen)))


# --- OpenSpiel's policies as pokerlaws policies ---------------------------------------------


def ids_of(seen: PlayerView) -> dict[int, Action]:
    """The legal actions of ``seen`` by their ids of the table's ActionSpace."""
    legal = seen.legal_actions
    stakes = [action.amount for action in legal if type(action) is Stake]
    least = min(stakes, default=0)
    hand = seen.hand
    fixed = {Pass: 0, Stand: 1, Straddle: 2, DeclineStraddle: 3, Shuffle: 4, Redeal: 5}
    ids: dict[int, Action] = {}
    for action in legal:
        kind = type(action)
        if kind is Stake:
            assert isinstance(action, Stake)
            ids[STAKE + action.amount - least] = action
        elif kind is Discard:
            assert isinstance(action, Discard)
            ids[DISCARD + sum(1 << hand.index(card) for card in action.cards)] = action
        else:
            ids[fixed[kind]] = action
    return ids


class ViewState:
    """Enough of a ``pyspiel.State`` for a Python policy to choose from a view: the
    player, the legal ids and the strings and tensors the game's own states give."""

    def __init__(self, seen: PlayerView, legal: list[int], size: int) -> None:
        self._view = seen
        self._legal = legal
        self._size = size

    def current_player(self) -> int:
        return self._view.seat

    def is_chance_node(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(self._legal)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        mask = [0] * self._size
        for i in self._legal:
            mask[i] = 1
        return mask

    def information_state_string(self, player: int | None = None) -> str:
        return " ".join(map(str, _information(self._view)))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return [float(x) for x in _information_array(self._view)]

    def observation_string(self, player: int | None = None) -> str:
        return " ".join(map(str, observation(self._view)))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return [float(x) for x in observation(self._view)]


class OpenSpielPolicy:
    """A pokerlaws ``Policy`` that asks an OpenSpiel Python policy (the module's
    ``policy_from_openspiel`` says how)."""

    def __init__(self, size: int, rules: Rules, policy: Any) -> None:
        self._size = size
        self._rules = rules
        self._policy = policy

    def __call__(self, seen: PlayerView, rng: random.Random) -> Action:
        if seen.rules != self._rules:
            raise ValueError("this policy was trained at another table (other rules)")
        ids = ids_of(seen)
        legal = sorted(ids)
        probabilities = self._policy.action_probabilities(
            ViewState(seen, legal, self._size), seen.seat
        )
        weights = [max(0.0, float(probabilities.get(i, 0.0))) for i in legal]
        total = sum(weights)
        if total <= 0:
            weights, total = [1.0] * len(legal), float(len(legal))
        point = rng.random() * total
        for i, weight in zip(legal, weights, strict=True):
            point -= weight
            if point < 0:
                return ids[i]
        return ids[legal[-1]]
