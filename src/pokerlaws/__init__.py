"""pokerlaws: five-card draw poker as W. H. Peel laid it down in 81 laws (1891).

A pure rules engine: immutable game states, advanced by :func:`apply`, which returns either
the next state or a typed :class:`RuleViolation` citing the law that forbids the action.
"""

from pokerlaws.actions import Action, DeclineStraddle, Discard, Pass, Stake, Stand, Straddle
from pokerlaws.cards import (
    JOKER,
    Card,
    NotationError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from pokerlaws.engine import (
    apply,
    apply_or_raise,
    is_legal,
    legal_actions,
    new_game,
    next_game,
)
from pokerlaws.hands import HandCategory, HandRules, HandValue, evaluate
from pokerlaws.rules import InvalidRules, Rules
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import (
    AmountNotPositive,
    CannotStand,
    CardNotHeld,
    CardRepeated,
    GameIsOver,
    IllegalActionError,
    MustMakeGoodFirst,
    NoSuchSeat,
    NotAPlayer,
    NotEnoughChips,
    NotYourTurn,
    OpenersRequired,
    RuleViolation,
    StakeNotExact,
    StakeOverLimit,
    StakeTooSmall,
    StraddleAboveHalfLimit,
    StraddleNotAllowed,
    WrongPhase,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Action",
    "AmountNotPositive",
    "CannotStand",
    "Card",
    "CardNotHeld",
    "CardRepeated",
    "DeclineStraddle",
    "Discard",
    "GameIsOver",
    "GameState",
    "HandCategory",
    "HandRules",
    "HandValue",
    "IllegalActionError",
    "InvalidRules",
    "MustMakeGoodFirst",
    "NoSuchSeat",
    "NotAPlayer",
    "NotEnoughChips",
    "NotYourTurn",
    "NotationError",
    "OpenersRequired",
    "Pass",
    "Phase",
    "Rank",
    "RuleViolation",
    "Rules",
    "Stake",
    "StakeNotExact",
    "StakeOverLimit",
    "StakeTooSmall",
    "Stand",
    "Straddle",
    "StraddleAboveHalfLimit",
    "StraddleNotAllowed",
    "Suit",
    "WrongPhase",
    "__version__",
    "apply",
    "apply_or_raise",
    "evaluate",
    "format_cards",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_game",
    "parse_cards",
    "shuffled_deck",
    "standard_deck",
]
