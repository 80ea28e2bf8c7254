"""The book's game as an OpenSpiel game: ``"python_peel_draw_poker"``.

Install with the ``openspiel`` extra: from a checkout,
``python -m pip install -e ".[openspiel]"``; once pokerlaws is published,
``python -m pip install "pokerlaws[openspiel]"``. This module, and only this one, imports
``pyspiel`` and numpy. :func:`register` registers the game, after
which ``pyspiel.load_game("python_peel_draw_poker(players=3,limit=4)")`` gives it to any of
OpenSpiel's algorithms (``docs/openspiel.md`` trains outcome-sampling MCCFR on it).

How the book maps onto OpenSpiel:

- **One game of the book** is one OpenSpiel game (an *episode*): from the cut for the deal
  to the payment of the pool. A jack-pot sequence is not played inside it: the pool an
  unopened game leaves (or an odd chip, Ambiguity 16) is shared as
  :func:`pokerlaws.settle` shares a sitting's unwon pool, equally among the seats dealt into
  the game, odd chips one each from the dealer's left. So the returns, each seat's chips at
  the end less its chips at the start, are zero-sum. The parameter ``jackpot_round`` starts
  the game as the *k*-th jack-pot in a row (every seat antes, openers required, Laws 30-32),
  with no pool carried from earlier games.
- **Chance nodes.** Every chance outcome is a uniform choice, so the probabilities are exact:

  1. the cut (Law 2), when ``dealer`` is -1 (the default): outcome *d* makes seat *d* the
     dealer, each with probability 1/players;
  2. the pack, one card at a time in dealing order, each a uniform choice among the cards
     not yet placed (outcome: :func:`pokerlaws.agents.card_code`, 0..51, the Joker 52): the
     5 x players cards of the deal first (before any straddle: nobody sees a card before
     the deal ends, so choosing them first changes no one's information), then, at the
     draw, the cards that the stock serves each player, placed when his discard asks for
     them. Placing the pack's cards in order, each uniform among those left, is a uniformly
     shuffled pack, read only as far as the game reads it;
  3. the Law 41 shuffle of the gathered discards, when the stock runs short: one node per
     place of the order, top first, each a uniform choice among the gathered cards not yet
     placed (the last card takes the last place without a node). The dealer's
     ``Shuffle`` is then applied with that order (his id 4 never reaches a player).

  The engine's state is built with :func:`pokerlaws.new_game` once the deal's cards are
  known, the rest of the pack in a fixed order behind them; when a discard reaches a card
  not yet placed, the discard waits, the chance nodes place the cards, and the game is
  replayed from its first action on the pack so far (the cards not reached never
  matter to what went before). So every state is the engine's own.
- **Player actions** are the ids of :class:`pokerlaws.agents.ActionSpace` for the table
  (``legal_actions`` is ``space.legal_ids``, applied with ``space.step``), and
  ``num_distinct_actions`` is ``space.size`` (39 + the limit).
- **Observations**: the information state (perfect recall) of a player is
  :func:`pokerlaws.agents.information_state` of his :func:`pokerlaws.view`, its string
  those ints, its tensor :func:`~pokerlaws.agents.information_state_array`; the observation
  is :func:`pokerlaws.agents.observation` (string and tensor) of the same view. Until the
  deal ends (the cut and the pack's chance nodes) no engine state exists and no player has
  seen anything: every player's string is then ``"the deal"`` and his tensors are zeros.
  While a discard waits for its cards, the views are those of the state before it.

Only the default observation types are offered (a single player's private cards and the
public information, with or without perfect recall). A state clones (``state.clone()``)
and serializes as its history of actions (``pyspiel.serialize_game_and_state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.actions import Action, Shuffle
from pokerlaws.agents import ActionSpace, card_code
from pokerlaws.cards import Card, standard_deck
from pokerlaws.engine import MAX_SEATS, MIN_SEATS, apply, new_game
from pokerlaws.hands import HandRules
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase, seats_from
from pokerlaws.views import PlayerView, view
from pokerlaws.violations import RuleViolation

with needs_extra("openspiel", "pokerlaws.openspiel"):
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

    from pokerlaws._spiel_seen import Observer, OpenSpielPolicy

__all__ = [
    "GAME_NAME",
    "PARAMETERS",
    "PeelDrawPokerGame",
    "PeelDrawPokerState",
    "chip_results",
    "game_rules",
    "policy_from_openspiel",
    "register",
]

GAME_NAME = "python_peel_draw_poker"
"""The short name the game is registered under."""

_HAND_SWITCHES = (
    "blaze",
    "skip_sequence",
    "ace_high_sequences",
    "heart_flushes_first",
    "heart_sequences_first",
)
_TABLE_SWITCHES = ("joker", "jackpot_straddles", "odd_chip_carries", "openers_on_honour")

PARAMETERS: Mapping[str, int | bool] = {
    "players": 2,
    "ante": 1,
    "limit": 4,
    "chips": 100,
    "dealer": -1,
    "jackpot_round": 0,
    **{name: getattr(Rules(ante=1, limit=2), name) for name in _TABLE_SWITCHES},
    **{name: getattr(HandRules(), name) for name in _HAND_SWITCHES},
}
"""The game's parameters and their defaults: ``players`` (2 to 10), ``ante``, ``limit``,
``chips`` (each seat's at the start), ``dealer`` (a seat, or -1 for the cut as a chance
node), ``jackpot_round`` (0 an ordinary game, *k* the *k*-th jack-pot in a row), and the
variant switches of :class:`pokerlaws.Rules` (``joker``, ``jackpot_straddles``,
``odd_chip_carries``, ``openers_on_honour``) and :class:`pokerlaws.HandRules` (``blaze``,
``skip_sequence``, ``ace_high_sequences``, ``heart_flushes_first``,
``heart_sequences_first``), with the defaults of those classes (Peel read literally)."""


def game_rules(params: Mapping[str, Any]) -> Rules:
    """The :class:`pokerlaws.Rules` of a game with these parameters (missing ones take
    their defaults, :data:`PARAMETERS`).

    Raises:
        ValueError: a parameter the game does not have.
        TypeError, InvalidRules: as :class:`pokerlaws.Rules` raises them.
    """
    values = _parameters(params)
    hands = HandRules(**{name: values[name] for name in _HAND_SWITCHES})
    return Rules(
        ante=values["ante"],
        limit=values["limit"],
        hands=hands,
        **{name: values[name] for name in _TABLE_SWITCHES},
    )


def _parameters(params: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(
            f"{GAME_NAME} has no parameter {', '.join(unknown)}; "
            f"its parameters are {', '.join(PARAMETERS)}"
        )
    values = {**PARAMETERS, **params}
    for name, default in PARAMETERS.items():
        value = values[name]
        if type(value) is not type(default):
            raise TypeError(
                f"{GAME_NAME}: {name} must be {type(default).__name__}, "
                f"not {type(value).__name__} ({value!r})"
            )
    players = values["players"]
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"{GAME_NAME}: players must be {MIN_SEATS} to {MAX_SEATS}, not {players}")
    if values["chips"] < 1:
        raise ValueError(f"{GAME_NAME}: chips must be at least 1, not {values['chips']}")
    if not -1 <= values["dealer"] < players:
        raise ValueError(
            f"{GAME_NAME}: dealer must be a seat 0 to {players - 1}, or -1 for the cut, "
            f"not {values['dealer']}"
        )
    if values["jackpot_round"] < 0:
        raise ValueError(f"{GAME_NAME}: jackpot_round must be 0 or more")
    return values


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Peel's draw poker (pokerlaws)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_SEATS,
        min_num_players=MIN_SEATS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


def register() -> None:
    """Register ``"python_peel_draw_poker"`` with ``pyspiel`` (again is harmless: a game
    already registered is left as it is)."""
    if GAME_NAME in pyspiel.registered_names():
        return
    pyspiel.register_game(_game_type(), PeelDrawPokerGame)


def _max_length(players: int, chips: int, jackpot: bool) -> int:
    """A bound on the actions of one game, chance's included.

    Every stake but a call of nothing moves a chip, and the chips are ``players * chips``;
    each player passes, straddles, declines, stands and discards at most once; the cut, the
    deal, the draw and the shuffle place at most 1 + 5 + 5 + 5 cards or seats for each."""
    stakes = players * chips + 2 * players * 3
    return stakes + 5 * players + 16 * players + 1 + (players if jackpot else 0)


class _Table:
    """What a game's parameters make of the table: rules, ids, the pack and the start.

    Never changed once built, so a copy of a state (``state.clone()`` deep-copies it)
    shares it rather than copying it."""

    def __init__(
        self, *, rules: Rules, space: ActionSpace, chips: int, dealer: int, jackpot_round: int
    ) -> None:
        self.rules = rules
        self.space = space
        self.players = space.seats
        self.chips = chips
        self.dealer = dealer
        self.jackpot_round = jackpot_round
        self.pack: tuple[Card, ...] = standard_deck(joker=rules.joker)
        self.codes = {card: card_code(card) for card in self.pack}
        self.cards = {code: card for card, code in self.codes.items()}

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        return self


class PeelDrawPokerGame(pyspiel.Game):  # type: ignore[misc]
    """One game of Peel's draw poker, as OpenSpiel's ``Game`` (the module says how).

    Args:
        params: the game's parameters (:data:`PARAMETERS`), as ``pyspiel.load_game``
            passes them.

    Attributes:
        table: the table's rules, action space and starting chips.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = _parameters(dict(params or {}))
        rules = game_rules(values)
        players = values["players"]
        space = ActionSpace(rules, players)
        pack = standard_deck(joker=rules.joker)
        chips = values["chips"]
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=max(len(pack), players),
            num_players=players,
            min_utility=float(-chips),
            max_utility=float((players - 1) * chips),
            utility_sum=0.0,
            max_game_length=_max_length(players, chips, values["jackpot_round"] > 0),
        )
        # pybind11: the base is built before the instance takes attributes of its own.
        super().__init__(_game_type(), info, values)
        self.table = _Table(
            rules=rules,
            space=space,
            chips=chips,
            dealer=values["dealer"],
            jackpot_round=values["jackpot_round"],
        )

    def new_initial_state(self) -> PeelDrawPokerState:
        """The game before the cut (or, with a fixed dealer, before the deal)."""
        return PeelDrawPokerState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        """An observer: perfect recall gives the information state, else the observation.

        Raises:
            ValueError: observation parameters, or a type other than a single player's
                private information with the public information.
        """
        if params:
            raise ValueError(f"{GAME_NAME} takes no observation parameters, not {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{GAME_NAME} observes one player's private cards with the public information"
            )
        return Observer(perfect_recall=iig_obs_type.perfect_recall)


class _Kept:
    """A state's engine state, the pack placed and the engine's actions: values never
    changed (each move makes a new one), which a clone shares with its original rather
    than copying a whole game at each ``state.clone()``."""

    __slots__ = ("actions", "engine", "placed")

    def __init__(
        self,
        engine: GameState | None,
        placed: tuple[Card, ...],
        actions: tuple[Action, ...],
    ) -> None:
        self.engine = engine
        self.placed = placed
        self.actions = actions

    def __deepcopy__(self, memo: dict[int, object]) -> _Kept:
        return self


class PeelDrawPokerState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`PeelDrawPokerGame`: the engine's :class:`pokerlaws.GameState`,
    or, before it exists, the chance nodes of the cut and the deal.

    """

    def __init__(self, game: PeelDrawPokerGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._dealer = game.table.dealer
        # The pack placed so far, top first, and the engine's actions since new_game.
        self._kept = _Kept(None, (), ())
        # Cards still to place before the engine state is built or brought up to date.
        self._wanted = 5 * game.table.players
        # The order of the Law 41 shuffle placed so far (None: no shuffle under way).
        self._order: list[Card] | None = None

    @property
    def engine(self) -> GameState | None:
        """The engine's state (None until the deal's cards are placed)."""
        return self._kept.engine

    # --- What kind of node ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        engine = self.engine
        if engine is None or self._wanted or self._order is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.phase is Phase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        assert engine.to_act is not None
        return engine.to_act

    def is_terminal(self) -> bool:
        """Whether the game is over (the pool paid)."""
        engine = self.engine
        return (
            engine is not None
            and engine.phase is Phase.OVER
            and not self._wanted
            and self._order is None
        )

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        return list(self._table.space.legal_ids(self.engine))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome with its probability, all equal."""
        if self._dealer < 0:
            players = self._table.players
            return [(seat, 1.0 / players) for seat in range(players)]
        if self._order is not None:
            codes = self._codes(self._shuffle_left())
        else:
            placed = set(self._kept.placed)
            codes = self._codes(card for card in self._table.pack if card not in placed)
        return [(code, 1.0 / len(codes)) for code in codes]

    def _codes(self, cards: Any) -> list[int]:
        return sorted(self._table.codes[card] for card in cards)

    def _shuffle_left(self) -> list[Card]:
        assert self.engine is not None
        assert self._order is not None
        chosen = set(self._order)
        return [card for card in self.engine.discards if card not in chosen]

    # --- Moves ---------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._chance(int(action))
            return
        assert self.engine is not None
        space = self._table.space
        move = space.decode(self.engine, action)
        after = apply(self.engine, move)
        if isinstance(after, RuleViolation):  # pragma: no cover - a legal id never is
            raise RuntimeError(f"the engine refused a legal id: {after.message}")
        kept = self._kept
        self._kept = _Kept(kept.engine, kept.placed, (*kept.actions, move))
        wanted = self._reached(after) - len(kept.placed)
        if wanted > 0:
            # The discard reached cards not yet placed: it waits for the chance nodes.
            self._wanted = wanted
            return
        self._advance(after)

    def _chance(self, outcome: int) -> None:
        if self._dealer < 0:
            self._dealer = outcome
            return
        card = self._table.cards[outcome]
        if self._order is not None:
            self._order.append(card)
            left = self._shuffle_left()
            if len(left) == 1:
                self._order.append(left[0])
            if len(self._order) == len(self.engine.discards):  # type: ignore[union-attr]
                self._shuffle()
            return
        kept = self._kept
        self._kept = _Kept(kept.engine, (*kept.placed, card), kept.actions)
        self._wanted -= 1
        if not self._wanted:
            self._rebuild()

    def _shuffle(self) -> None:
        """Law 41: the dealer's shuffle, in the order the chance nodes placed."""
        assert self.engine is not None
        assert self._order is not None
        move = Shuffle(seat=self.engine.dealer, order=tuple(self._order))
        self._order = None
        after = apply(self.engine, move)
        if isinstance(after, RuleViolation):  # pragma: no cover - the order is the discards
            raise RuntimeError(f"the engine refused the shuffle: {after.message}")
        kept = self._kept
        self._kept = _Kept(kept.engine, kept.placed, (*kept.actions, move))
        self._advance(after)

    def _advance(self, after: GameState) -> None:
        kept = self._kept
        self._kept = _Kept(after, kept.placed, kept.actions)
        if after.phase is Phase.DRAW and not after.pending and after.to_act is not None:
            # Law 41: the stock is short; the dealer's shuffle is chance's.
            self._order = []
            if len(after.discards) == 1:
                self._order.append(after.discards[0])
                self._shuffle()

    def _reached(self, state: GameState) -> int:
        """How many cards of the pack, from the top, ``state`` has taken out of the stock
        (dealt or served at the draw). After a Law 41 shuffle the stock is the rest of the
        shuffled discards and the pack is read no further."""
        if any(type(move) is Shuffle for move in self._kept.actions):
            return 0
        return len(state.deck) - len(state.stock)

    def _rebuild(self) -> None:
        """The engine's state from the pack placed so far, replaying every action."""
        kept = self._kept
        placed = set(kept.placed)
        deck = (*kept.placed, *(card for card in self._table.pack if card not in placed))
        game = self._table
        stacks = (game.chips,) * game.players
        state = new_game(
            game.rules, stacks, dealer=self._dealer, deck=deck, jackpot_round=game.jackpot_round
        )
        for move in kept.actions:
            after = apply(state, move)
            if isinstance(after, RuleViolation):  # pragma: no cover - replays what was legal
                raise RuntimeError(f"the replay refused {move}: {after.message}")
            state = after
        wanted = self._reached(state) - len(kept.placed)
        if wanted > 0:
            self._kept = _Kept(state, kept.placed, kept.actions)
            self._wanted = wanted
            return
        self._advance(state)

    # --- Results and text ----------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's chip result: zeros until the game is over."""
        players = self._table.players
        if not self.is_terminal():
            return [0.0] * players
        assert self.engine is not None
        return [float(chips) for chips in chip_results(self.engine, self._table.chips)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer < 0:
                return f"seat {action} deals"
            card = self._table.cards[action]
            return f"shuffled next: {card}" if self._order is not None else f"card {card}"
        return self._table.space.describe(action)

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            cards = " ".join(map(str, self._kept.placed))
            return f"the deal: dealer {self._dealer}; cards {cards}"
        hands = " | ".join(" ".join(map(str, hand)) for hand in engine.hands)
        return (
            f"{engine.phase.value}; dealer {engine.dealer}; to act {engine.to_act}; "
            f"hands {hands}; stacks {engine.stacks}; stakes {engine.stakes}; pool {engine.pool}"
        )

    def view(self, player: int) -> PlayerView | None:
        """What ``player`` may know now (None before the deal ends)."""
        if self.engine is None:
            return None
        return view(self.engine, player)


def chip_results(state: GameState, chips: int) -> tuple[int, ...]:
    """Each seat's chips at the end of ``state`` (over) less ``chips``, with the pool the
    game leaves (an unopened game's, an odd chip) shared as :func:`pokerlaws.settle` shares
    a sitting's: equally among the seats dealt in, odd chips one each from the dealer's
    left. The results sum to zero when every seat began with ``chips`` and nothing was
    carried in."""
    n = state.num_seats
    shares = [0] * n
    sharers = seats_from(state.dealer + 1, state.seated, n)
    each, odd = divmod(state.pool, len(sharers))
    for i, seat in enumerate(sharers):
        shares[seat] = each + (i < odd)
    return tuple(stack + share - chips for stack, share in zip(state.stacks, shares, strict=True))


def policy_from_openspiel(game: PeelDrawPokerGame, policy: Any) -> Any:
    """A :data:`pokerlaws.bots.Policy` that plays as an OpenSpiel Python ``policy`` of
    ``game`` plays (an ``open_spiel.python.policy.Policy``, such as MCCFR's
    ``average_policy()``): at each turn it gives the policy a stand-in for the state, built
    from the view (the player, the legal ids, the information-state and observation
    strings and tensors the game's own states give), asks ``action_probabilities``, and
    draws an id with the ``rng`` ``simulate`` hands it, then names the action.

    For play through :func:`pokerlaws.simulate` the table must be the game's: the same
    rules, seats and ``chips``, one game a sitting (``games=1``) and the cut for the deal
    (``dealer=-1``), or the policy meets information states it never saw (for which an
    average policy plays uniformly).

    Raises:
        ValueError: (when called) the view is of a table under other rules.
    """
    return OpenSpielPolicy(game.table.space.size, game.table.rules, policy)
