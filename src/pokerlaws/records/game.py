"""Game records: everything needed to replay one game on its own (the PGN of pokerlaws).

A :class:`GameRecord` holds how a game began (the rules, each seat's chips, the dealer, the
pack, the chips carried in and the jack-pot round) and every action applied, the dealer's
``Shuffle`` orders of Law 41 included, so :func:`replay` reaches the very same state. It is
a plain frozen value: the text notation and JSON read and write it, and it checks the shape
of its fields when built (``attrs.evolve`` too), so that both can write any record there is.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from pokerlaws import _shapes
from pokerlaws.cards import Card
from pokerlaws.engine import apply, new_game
from pokerlaws.reports import EVENT_TYPES, Event
from pokerlaws.rules import Rules
from pokerlaws.state import GameState
from pokerlaws.violations import RuleViolation

__all__ = ["GameRecord", "IllegalRecord", "begin", "record", "replay"]

_TAGS = _shapes.tuple_of(_shapes.pair(_shapes.name, _shapes.text))


@attrs.frozen(kw_only=True)
class GameRecord:
    """One game as it began and every action applied to it.

    Attributes:
        rules: the table's rules.
        stacks: each seat's chips as the game began, before the ante.
        dealer: the dealing seat.
        deck: the pack as the game began, top card first.
        carried: chips already in the pool from earlier games (Law 29).
        jackpot_round: 0 for an ordinary game, *k* for the *k*-th jack-pot in a row.
        actions: every action applied and every irregularity reported, in order (the
            orders of ``Shuffle`` and the decks of ``Redeal`` included).
        tags: optional header facts (player names, date, place) as ``(name, value)`` pairs;
            a name is never empty.

    Raises:
        TypeError: a field of the wrong type (tuples only: a record is hashable).
        ValueError: a negative count (chips, the dealer's seat, the jack-pot round), a card
            twice in the deck, an empty tag name, or a lone surrogate in a tag. Whether the
            game can begin (the dealer holds chips, the deck is the pack) is for
            :func:`begin` to say.
    """

    rules: Rules = attrs.field(validator=_shapes.field(_shapes.instance_of(Rules, "a Rules")))
    stacks: tuple[int, ...] = attrs.field(validator=_shapes.field(_shapes.tuple_of(_shapes.count)))
    dealer: int = attrs.field(validator=_shapes.field(_shapes.count))
    deck: tuple[Card, ...] = attrs.field(validator=_shapes.field(_shapes.distinct_cards))
    carried: int = attrs.field(default=0, validator=_shapes.field(_shapes.count))
    jackpot_round: int = attrs.field(default=0, validator=_shapes.field(_shapes.count))
    actions: tuple[Event, ...] = attrs.field(
        default=(),
        validator=_shapes.field(
            _shapes.tuple_of(_shapes.instance_of(EVENT_TYPES, "an action or a report"))
        ),
    )
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), validator=_shapes.field(_TAGS))


class IllegalRecord(ValueError):
    """Raised by :func:`replay` at the first action the laws refuse.

    Attributes:
        index: the 0-based position of that action in ``record.actions``.
        violation: the :class:`RuleViolation` that refused it.
    """

    def __init__(self, index: int, violation: RuleViolation) -> None:
        super().__init__(f"action {index} ({violation.action}) is refused: {violation.message}")
        self.index = index
        self.violation = violation

    def __reduce__(self) -> tuple[type[IllegalRecord], tuple[int, RuleViolation]]:
        return (IllegalRecord, (self.index, self.violation))


def record(state: GameState, *, tags: Iterable[tuple[str, str]] = ()) -> GameRecord:
    """Return the :class:`GameRecord` of the game so far.

    Raises:
        TypeError: ``state`` is not a GameState, or a tag is not a pair of strs.
        ValueError: a tag's name is empty, or a tag holds a lone surrogate.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"record takes a GameState, not {type(state).__name__}")
    if isinstance(tags, str | bytes) or not isinstance(tags, Iterable):
        raise TypeError(f"tags must be (name, value) pairs, not {type(tags).__name__}")
    tags = tuple(tags)
    _TAGS("GameRecord.tags", tags)
    # A state's fields were checked when it was built (check_state) and the engine keeps
    # them so: checked again they would cost the length of the history at every call, and a
    # sitting records its game at every report made after it ended.
    return _shapes.trusted(
        GameRecord,
        rules=state.rules,
        stacks=state.starting_stacks,
        dealer=state.dealer,
        deck=state.deck,
        carried=state.carried,
        jackpot_round=state.jackpot_round,
        actions=tuple(state.history),
        tags=tags,
    )


def begin(game: GameRecord) -> GameState:
    """Return the state of ``game`` before its first action (``new_game`` as it began).

    Raises:
        ValueError: the game could not begin (the message says why).
    """
    if not isinstance(game, GameRecord):
        raise TypeError(f"begin takes a GameRecord, not {type(game).__name__}")
    return new_game(
        game.rules,
        game.stacks,
        dealer=game.dealer,
        deck=game.deck,
        carried=game.carried,
        jackpot_round=game.jackpot_round,
    )


def replay(game: GameRecord) -> GameState:
    """Return the state after every action of ``game``.

    Raises:
        IllegalRecord: an action is refused; ``.index`` says which, ``.violation`` why.
        ValueError: the game could not begin (the message says why).
    """
    if not isinstance(game, GameRecord):
        raise TypeError(f"replay takes a GameRecord, not {type(game).__name__}")
    state = begin(game)
    for index, action in enumerate(game.actions):
        result = apply(state, action)
        if isinstance(result, RuleViolation):
            raise IllegalRecord(index, result)
        state = result
    return state
