"""pokerlaws: five-card draw poker as W. H. Peel laid it down in 81 laws (1891).

A pure rules engine: immutable game states, advanced by :func:`apply`, which returns either
the next state or a typed :class:`RuleViolation` citing the law that forbids the action.
"""

import sys
from typing import TYPE_CHECKING

# Above the engine, which it replays: importing it gives GameState.rulings its replay.
from pokerlaws import rulings as _rulings
from pokerlaws._lazy import Renamed, exports
from pokerlaws.actions import (
    Action,
    DeclineStraddle,
    Discard,
    LegalActions,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
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
from pokerlaws.disputes import (
    arbiter,
    count_witnesses,
    settled_count,
)
from pokerlaws.engine import (
    apply,
    apply_or_raise,
    is_legal,
    legal_actions,
    legal_menu,
    new_game,
    next_game,
    reportable,
    stake_range,
)
from pokerlaws.hands import (
    HandCategory,
    HandRules,
    HandValue,
    evaluate,
)
from pokerlaws.reports import (
    AskDealerCount,
    Deposit,
    Dispute,
    Distraction,
    Event,
    ExposedCard,
    FacedCard,
    Lift,
    MissingCut,
    Report,
    WrongHandSize,
    WrongNumberAsked,
)
from pokerlaws.rules import (
    InvalidRules,
    Rules,
)
from pokerlaws.ruling import (
    Ruling,
    Rulings,
)
from pokerlaws.state import (
    GameState,
    Phase,
)
from pokerlaws.violations import (
    AlreadyLifted,
    AmountNotPositive,
    CannotStand,
    CardNotHeld,
    CardNotThere,
    CardRepeated,
    DealerQueryRefused,
    GameIsOver,
    IllegalActionError,
    MustMakeGoodFirst,
    NoArbiter,
    NoSuchSeat,
    NotAPlayer,
    NotAtThisMoment,
    NotEnoughChips,
    NotYourTurn,
    OpenersRequired,
    RuleViolation,
    ShuffleFirst,
    ShuffleNotAllowed,
    StakeNotExact,
    StakeOverLimit,
    StakeTooSmall,
    StraddleAboveHalfLimit,
    StraddleNotAllowed,
    TableOver,
    WrongDeck,
    WrongPhase,
    WrongShuffle,
)

# The edges: each uses the core and loads on the first use of one of its names.
_EDGES = {
    "ActionSpace": "pokerlaws.agents.space",
    "observation": "pokerlaws.agents.observation",
    "observation_array": "pokerlaws.agents.observation",
    "information_state": "pokerlaws.agents.information",
    "information_state_array": "pokerlaws.agents.information",
    "Policy": "pokerlaws.bots",
    "IllegalPolicyAction": "pokerlaws.simulation",
    "PolicyFailed": "pokerlaws.simulation",
    "SimulationResult": "pokerlaws.simulation",
    "Tally": "pokerlaws.simulation",
    "simulate": "pokerlaws.simulation",
    "GameRecord": "pokerlaws.records.game",
    "IllegalRecord": "pokerlaws.records.game",
    "record": "pokerlaws.records.game",
    "replay": "pokerlaws.records.game",
    "from_data": "pokerlaws.records.jsonio",
    "from_json": "pokerlaws.records.jsonio",
    "json_schema": "pokerlaws.records.jsonio",
    "to_data": "pokerlaws.records.jsonio",
    "to_json": "pokerlaws.records.jsonio",
    "format_record": "pokerlaws.records.notation",
    "parse_record": "pokerlaws.records.notation",
    "record_problems": "pokerlaws.records.notation",
    "Account": "pokerlaws.sitting.model",
    "BuyChips": "pokerlaws.sitting.model",
    "ChangeRules": "pokerlaws.sitting.model",
    "Join": "pokerlaws.sitting.model",
    "LateReport": "pokerlaws.sitting.model",
    "Leave": "pokerlaws.sitting.model",
    "RulesFixed": "pokerlaws.sitting.model",
    "Sitting": "pokerlaws.sitting.model",
    "SittingTerms": "pokerlaws.sitting.model",
    "Turn": "pokerlaws.sitting.model",
    "cut_for_deal": "pokerlaws.sitting.playing",
    "deal_next": "pokerlaws.sitting.playing",
    "play": "pokerlaws.sitting.playing",
    "start_sitting": "pokerlaws.sitting.playing",
    "IllegalSittingRecord": "pokerlaws.sitting.record",
    "SittingRecord": "pokerlaws.sitting.record",
    "format_sitting_record": "pokerlaws.sitting.record",
    "parse_sitting_record": "pokerlaws.sitting.record",
    "record_sitting": "pokerlaws.sitting.record",
    "replay_sitting": "pokerlaws.sitting.record",
    "Settlement": "pokerlaws.sitting.table",
    "buy_chips": "pokerlaws.sitting.table",
    "change_rules": "pokerlaws.sitting.table",
    "join": "pokerlaws.sitting.table",
    "leave": "pokerlaws.sitting.table",
    "settle": "pokerlaws.sitting.table",
    "SittingView": "pokerlaws.sitting.view",
    "sitting_view": "pokerlaws.sitting.view",
    "render_html": "pokerlaws.render.html",
    "render_svg": "pokerlaws.render.svg",
    "render_text": "pokerlaws.render.text",
    "HiddenDiscard": "pokerlaws.views",
    "PlayerView": "pokerlaws.views",
    "ShownHand": "pokerlaws.views",
    "view": "pokerlaws.views",
}

# The edges as modules: `pokerlaws.bots.peel_bot` after `import pokerlaws` alone.
_EDGES |= {
    edge: f"pokerlaws.{edge}"
    for edge in (
        "agents",
        "batch",
        "bots",
        "gymnasium",
        "odds",
        "openspiel",
        "pettingzoo",
        "records",
        "render",
        "sitting",
        "views",
    )
}
# The recorded games shipped as package data: `pokerlaws.examples.peel()` from any directory.
_EDGES["examples"] = "pokerlaws.examples"

if TYPE_CHECKING:  # what mypy and IDEs read: every name, as if imported at once
    from pokerlaws import (  # noqa: F401
        agents,
        bots,
        examples,
        odds,
        records,
        render,
        sitting,
        views,
    )
    from pokerlaws.agents.information import information_state, information_state_array
    from pokerlaws.agents.observation import observation, observation_array
    from pokerlaws.agents.space import ActionSpace
    from pokerlaws.bots import Policy
    from pokerlaws.records.game import (
        GameRecord,
        IllegalRecord,
        record,
        replay,
    )
    from pokerlaws.records.jsonio import (
        from_data,
        from_json,
        json_schema,
        to_data,
        to_json,
    )
    from pokerlaws.records.notation import (
        format_record,
        parse_record,
        record_problems,
    )
    from pokerlaws.render.html import render_html
    from pokerlaws.render.svg import render_svg
    from pokerlaws.render.text import render_text
    from pokerlaws.simulation import (
        IllegalPolicyAction,
        PolicyFailed,
        SimulationResult,
        Tally,
        simulate,
    )
    from pokerlaws.sitting.model import (
        Account,
        BuyChips,
        ChangeRules,
        Join,
        LateReport,
        Leave,
        RulesFixed,
        Sitting,
        SittingTerms,
        Turn,
    )
    from pokerlaws.sitting.playing import (
        cut_for_deal,
        deal_next,
        play,
        start_sitting,
    )
    from pokerlaws.sitting.record import (
        IllegalSittingRecord,
        SittingRecord,
        format_sitting_record,
        parse_sitting_record,
        record_sitting,
        replay_sitting,
    )
    from pokerlaws.sitting.table import (
        Settlement,
        buy_chips,
        change_rules,
        join,
        leave,
        settle,
    )
    from pokerlaws.sitting.view import (
        SittingView,
        sitting_view,
    )
    from pokerlaws.views import (
        HiddenDiscard,
        PlayerView,
        ShownHand,
        view,
    )
else:
    __getattr__, __dir__ = exports(__name__, _EDGES)
del _rulings

# Pickles written before the package layout (0.1.0) name their classes by these modules;
# code written before issue 33 imports the rulings' replay from laws/.
_MOVED = {
    "pokerlaws.jsonio": "pokerlaws.records.jsonio",
    "pokerlaws.laws.rulings": "pokerlaws.rulings",
    "pokerlaws.notation": "pokerlaws.records.notation",
    "pokerlaws.sitting_record": "pokerlaws.sitting.record",
    "pokerlaws.sitting_table": "pokerlaws.sitting.table",
    "pokerlaws.sitting_view": "pokerlaws.sitting.view",
}
if not any(isinstance(finder, Renamed) for finder in sys.meta_path):
    sys.meta_path.append(Renamed(_MOVED))

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Action",
    "AlreadyLifted",
    "AmountNotPositive",
    "AskDealerCount",
    "CannotStand",
    "Card",
    "CardNotHeld",
    "CardNotThere",
    "CardRepeated",
    "DealerQueryRefused",
    "DeclineStraddle",
    "Deposit",
    "Discard",
    "Dispute",
    "Distraction",
    "Event",
    "ExposedCard",
    "FacedCard",
    "GameIsOver",
    "GameRecord",
    "GameState",
    "HandCategory",
    "HandRules",
    "HandValue",
    "HiddenDiscard",
    "IllegalActionError",
    "IllegalRecord",
    "InvalidRules",
    "LegalActions",
    "Lift",
    "MissingCut",
    "MustMakeGoodFirst",
    "NoArbiter",
    "NoSuchSeat",
    "NotAPlayer",
    "NotAtThisMoment",
    "NotEnoughChips",
    "NotYourTurn",
    "NotationError",
    "OpenersRequired",
    "Pass",
    "Phase",
    "PlayerView",
    "Rank",
    "Redeal",
    "Report",
    "RuleViolation",
    "Rules",
    "Ruling",
    "Rulings",
    "ShownHand",
    "Shuffle",
    "ShuffleFirst",
    "ShuffleNotAllowed",
    "Stake",
    "StakeNotExact",
    "StakeOverLimit",
    "StakeTooSmall",
    "Stand",
    "Straddle",
    "StraddleAboveHalfLimit",
    "StraddleNotAllowed",
    "Suit",
    "TableOver",
    "WrongDeck",
    "WrongHandSize",
    "WrongNumberAsked",
    "WrongPhase",
    "WrongShuffle",
    "__version__",
    "apply",
    "apply_or_raise",
    "arbiter",
    "count_witnesses",
    "evaluate",
    "format_cards",
    "format_record",
    "from_data",
    "from_json",
    "is_legal",
    "json_schema",
    "legal_actions",
    "legal_menu",
    "new_game",
    "next_game",
    "parse_cards",
    "parse_record",
    "record",
    "record_problems",
    "replay",
    "reportable",
    "settled_count",
    "shuffled_deck",
    "stake_range",
    "standard_deck",
    "to_data",
    "to_json",
    "view",
]
# The sitting (Laws 2, 18, 81), kept in a block of its own.
__all__ += [
    "Account",
    "BuyChips",
    "ChangeRules",
    "IllegalSittingRecord",
    "Join",
    "LateReport",
    "Leave",
    "RulesFixed",
    "Settlement",
    "Sitting",
    "SittingRecord",
    "SittingTerms",
    "SittingView",
    "Turn",
    "buy_chips",
    "change_rules",
    "cut_for_deal",
    "deal_next",
    "format_sitting_record",
    "join",
    "leave",
    "parse_sitting_record",
    "play",
    "record_sitting",
    "replay_sitting",
    "settle",
    "sitting_view",
    "start_sitting",
]
# Pictures and text of the table (API.md, "Pictures and text").
__all__ += ["render_html", "render_svg", "render_text"]
# Bots, agents and simulation (API.md, "Agents: integer actions", "Bots and simulation").
__all__ += [
    "ActionSpace",
    "IllegalPolicyAction",
    "Policy",
    "PolicyFailed",
    "SimulationResult",
    "Tally",
    "information_state",
    "information_state_array",
    "observation",
    "observation_array",
    "simulate",
]
