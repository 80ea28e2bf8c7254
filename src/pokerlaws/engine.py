"""The engine: start a game, apply actions, list the legal ones, chain games.

:func:`apply` is the one transition. It checks what every law shares (the game is not over,
the seat exists and is still a player, it is his turn, the action belongs to this part of the
game) and hands the action to the section of the laws that governs the current phase, through
the table ``_PHASES``. It returns the next state or the :class:`RuleViolation` saying why not;
it never changes its input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress

import attrs

from pokerlaws.actions import (
    ACTION_TYPES,
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
from pokerlaws.cards import Card
from pokerlaws.history import History
from pokerlaws.laws import ante, betting, deal, deposits, draw, irregular, jackpot, misdeal, say
from pokerlaws.laws.staking import stake_choices
from pokerlaws.reports import REPORT_TYPES, Event, Report
from pokerlaws.rules import Rules
from pokerlaws.state import Changes, GameState, Phase, seats_from
from pokerlaws.violations import (
    GameIsOver,
    IllegalActionError,
    NoSuchSeat,
    NotAPlayer,
    NotYourTurn,
    RuleViolation,
    StraddleAboveHalfLimit,
    StraddleNotAllowed,
    TableOver,
    WrongPhase,
    refuse,
)

__all__ = [
    "apply",
    "apply_or_raise",
    "is_legal",
    "legal_actions",
    "legal_menu",
    "new_game",
    "next_game",
    "reportable",
    "stake_range",
]

MIN_SEATS = 2
MAX_SEATS = 10  # Ambiguity 24: the pack holds ten hands of five.
_PLAIN_INT = frozenset({int})
_PLAIN_SEQUENCES = frozenset({tuple, list})

Handler = Callable[[GameState, Action], "GameState | RuleViolation"]
# (The phases' handlers take actions only; reports go to the irregularities.)


@attrs.frozen
class _PhaseRule:
    """What one phase accepts, who governs it, and the law to cite when refused."""

    accepts: tuple[type, ...]
    handler: Handler
    legal: Callable[[GameState], tuple[Action, ...] | LegalActions]
    turn_law: int
    """The law that sets the order of turns in this phase."""
    name: str
    stakes: Callable[[GameState], range] = attrs.field(default=lambda state: range(0))
    """The amounts the seat to act may stake (:func:`stake_range`)."""


_PHASES: dict[Phase, _PhaseRule] = {
    Phase.STRADDLE: _PhaseRule(
        (Straddle, DeclineStraddle), ante.apply_straddle, ante.legal, 21, "straddling"
    ),
    Phase.MISDEAL: _PhaseRule((Redeal,), misdeal.apply_redeal, misdeal.legal, 8, "the misdeal"),
    Phase.SAY: _PhaseRule((Pass, Stake), say.apply_say, say.legal, 25, "the say", say.stake_range),
    Phase.DRAW: _PhaseRule(
        (Pass, Stake, Discard, Shuffle),
        draw.apply_draw,
        draw.legal,
        35,
        "the draw",
        draw.stake_range,
    ),
    Phase.BETTING: _PhaseRule(
        (Pass, Stake, Stand),
        betting.apply_betting,
        betting.legal,
        53,
        "the betting",
        betting.stake_range,
    ),
}

# Each phase's handler by the class of action it accepts, for apply's usual case.
_HANDLERS: dict[Phase, dict[type, Handler]] = {
    phase: dict.fromkeys(rule.accepts, rule.handler) for phase, rule in _PHASES.items()
}
_NO_HANDLERS: dict[type, Handler] = {}

# Where an action belongs when it comes in the wrong phase, and the law that puts it there.
_BELONGS: dict[type, tuple[str, str, int]] = {
    Straddle: ("straddle", "before the deal, in straddling", 21),
    DeclineStraddle: ("decline to straddle", "before the deal, in straddling", 21),
    Discard: ("discard", "in the draw", 34),
    Stand: ("stand", "in the betting after the draw, by its first bettor", 53),
    Stake: ("stake", "in the say, the draw or the betting", 25),
    Pass: ("pass", "in the say, the draw or the betting", 27),
    Redeal: ("deal again", "after a misdeal, by the same dealer", 8),
}


def apply(state: GameState, action: Event) -> GameState | RuleViolation:
    """Apply ``action`` to ``state``: return the next state, or the violation refusing it.

    ``action`` is a player's action or a report of an irregularity at the table
    (:mod:`pokerlaws.reports`), which is resolved by the law's remedy.

    Pure: ``state`` is never changed, nothing random is drawn, nothing is read or written.
    Automatic steps (the deal, serving the draw, the show, paying the pool) happen inside the
    transition that triggers them.
    """
    if type(state) is not GameState:
        _check_arguments("apply", state, action)
    # The usual case, a legal kind of action by the seat to act, goes straight to its
    # handler, found by phase and class in one table: the seat to act is always a player at
    # this table, so the checks below would all pass. (A subclass of an action, or a report,
    # is not in the table and takes the long way, through isinstance.)
    handler = _HANDLERS.get(state.phase, _NO_HANDLERS).get(type(action))
    if handler is not None and action.seat == state.to_act:
        if state.deposits and _counts_now(state, action.seat):
            return _with_deposit(state, action, _PHASES[state.phase])  # type: ignore[arg-type]
        return handler(state, action)  # type: ignore[arg-type]
    if not isinstance(
        action, (Straddle, DeclineStraddle, Pass, Stake, Stand, Discard, Shuffle, Redeal)
    ):
        _check_arguments("apply", state, action)
        return irregular.apply_report(state, action)
    seat = action.seat
    if state.phase is Phase.OVER:
        # Each refusal cites the law that ended the game; none enforces it.
        if not state.opened:
            # cites: Law 29
            return refuse(
                GameIsOver,
                29,
                action,
                "cannot act: nobody opened, so the game is over and its pool waits for the "
                "jack-pot that follows",
            )
        if state.false_opener is not None:
            # cites: Law 33
            return refuse(
                GameIsOver,
                33,
                action,
                "cannot act: the game is over, its opener did not hold the openers, and its "
                "pool waits for the jack-pot that follows",
            )
        if len(state.show_order) < 2:
            # cites: Law 58
            return refuse(GameIsOver, 58, action, "cannot act: the game is over, won uncalled")
        # cites: Law 59
        return refuse(GameIsOver, 59, action, "cannot act: the game is over, the hands shown")
    if not 0 <= seat < state.num_seats:
        # cites: Law 7
        return refuse(
            NoSuchSeat,
            7,
            action,
            f"is not at this table: its seats are 0 to {state.num_seats - 1}",
        )
    if isinstance(action, Shuffle):
        # The dealer shuffles even after passing (Law 18), so this comes before the
        # question whether the seat is still a player.
        return draw.refuse_shuffle(state, action)
    rule = _PHASES[state.phase]
    if seat not in state.seated:
        # A seat with no chips is dealt no cards (Ambiguity 26).
        # cites: Law 18
        return refuse(NotAPlayer, 18, action, f"sits this game out, so has no part in {rule.name}")
    if seat not in state.players:
        return refuse(NotAPlayer, 27, action, f"has passed, so has no part in {rule.name}")
    if isinstance(action, Straddle) and (
        state.phase is not Phase.STRADDLE or seat != state.to_act
    ):
        return _straddle_refused(state, action)
    if not isinstance(action, rule.accepts):
        # Through the class's bases: a caller's subclass of an action is that action here,
        # as isinstance already treated it above.
        verb, where, law = next(_BELONGS[c] for c in type(action).__mro__ if c in _BELONGS)
        return refuse(
            WrongPhase, law, action, f"cannot {verb} during {rule.name}: that is done {where}"
        )
    if state.phase is Phase.DRAW and not state.pending:
        # Law 41: everyone has drawn and the pack ran short; only the dealer's shuffle may
        # come now, whoever acts (the draw says so, citing the law).
        return rule.handler(state, action)
    if seat != state.to_act:
        return refuse(
            NotYourTurn,
            rule.turn_law,
            action,
            f"acted out of turn in {rule.name}: it is seat {state.to_act}'s turn",
        )
    # Each handler records the action in the history within the state it builds.
    if state.deposits and _counts_now(state, seat):
        return _with_deposit(state, action, rule)
    return rule.handler(state, action)


def _counts_now(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has a deposit out of turn to count at this turn of his (Law 55): a
    passed player's lost deposit counts toward nothing, and the dealer's Law 41 shuffle
    is no turn to stake."""
    return bool(state.deposits[seat]) and state.phase in _STAKING_PHASES and seat in state.pending


_STAKING_PHASES = frozenset({Phase.SAY, Phase.BETTING})


def _with_deposit(state: GameState, action: Action, rule: _PhaseRule) -> GameState | RuleViolation:
    """The turn of a player who deposited out of turn (Law 55): his stake counts the
    deposit, and a pass loses it."""
    refused = deposits.refuse_at_turn(state, action)
    if refused is not None:
        return refused
    if isinstance(action, Pass):
        # His deposit stays in the pool, lost with his hand; it counts toward nothing now.
        return rule.handler(state, action)
    return rule.handler(deposits.credited(state, action.seat), action)


def _deposit_menu(state: GameState, seat: int, rule: _PhaseRule) -> range:
    """The stakes open to ``seat``, who deposited out of turn: at least his deposit."""
    amounts = rule.stakes(deposits.credited(state, seat))
    least = max(amounts.start, deposits.held(state, seat))
    return range(least, amounts.stop) if least < amounts.stop else range(0)


_EVENT_TYPES = (*ACTION_TYPES, *REPORT_TYPES)


def _check_arguments(caller: str, state: object, action: object = None) -> None:
    """Refuse, with ``TypeError``, a state that is not a ``GameState`` or an action that is
    not an action (ill-typed input is not a violation of any law: API.md)."""
    if not isinstance(state, GameState):
        raise TypeError(f"{caller} takes a GameState, not {type(state).__name__}")
    if caller == "apply" and not isinstance(action, _EVENT_TYPES):
        names = ", ".join(kind.__name__ for kind in ACTION_TYPES)
        reports = ", ".join(kind.__name__ for kind in REPORT_TYPES)
        raise TypeError(
            f"apply takes an action ({names}) or a report ({reports}), not {type(action).__name__}"
        )


def _straddle_refused(state: GameState, action: Straddle) -> RuleViolation:
    """Say why a straddle is refused out of its turn or after straddling ended."""
    rules = state.rules
    if state.phase is Phase.STRADDLE:
        text = f"may not straddle out of order: it is seat {state.to_act}'s to raise or decline"
    elif 2 * rules.ante > rules.highest_straddle:
        return refuse(
            StraddleAboveHalfLimit,
            22,
            action,
            f"may not straddle: no straddle is possible at this table, for the first "
            f"straddle ({2 * rules.ante}, double the ante) is above half the limit "
            f"({rules.limit})",
        )
    elif state.last_straddler is None:
        text = "may not straddle: No. 1 did not straddle, so nobody may, and the cards are dealt"
    elif state.straddle_level + state.rules.ante > state.rules.highest_straddle:
        return refuse(
            StraddleAboveHalfLimit,
            22,
            action,
            f"may not straddle: the straddle ({state.straddle_level}) has reached the most "
            f"that half the limit ({state.rules.limit}) allows",
        )
    else:
        text = "may not straddle: straddling ended with the dealer"
    return refuse(StraddleNotAllowed, 21, action, text)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action :func:`apply` accepts now, and no other; empty when the game is over.

    One ``Stake`` per legal amount and one ``Discard`` per subset of the hand (32 at most).

    Cost: the stakes make it, one record per amount from the least he may stake (a call, or
    the smallest opening) to the most (the limit above the highest stake, or all he has):
    up to ``Rules.limit`` + 1 records, and never more than his chips. At a limit of a few
    dozen that is nothing; at 10**6 with deep stacks it is a million records (about 100 MB
    and seconds), at 10**9 more than memory holds. At such a table ask :func:`stake_range`
    for the amounts (a ``range``, at once), or :func:`legal_menu` for these actions as a
    sequence that lists no stake.
    """
    if type(state) is not GameState:
        _check_arguments("legal_actions", state)
    rule = _PHASES.get(state.phase)
    if rule is None:
        return ()
    seat = state.to_act
    if state.deposits and seat is not None and _counts_now(state, seat):
        menu = stake_choices(seat, _deposit_menu(state, seat, rule))
    else:
        menu = rule.legal(state)
    return menu if type(menu) is tuple else tuple(menu)


def legal_menu(state: GameState) -> tuple[Action, ...] | LegalActions:
    """The actions of :func:`legal_actions`, in the same order, without listing a long
    run of stakes: the same tuple when at most ``LegalActions.FEWEST`` stakes are legal,
    else a :class:`LegalActions` holding the amounts as a ``range``, built at once
    whatever the limit (``tuple(legal_menu(state)) == legal_actions(state)``). A
    :class:`~pokerlaws.PlayerView` holds this.
    """
    if type(state) is not GameState:
        _check_arguments("legal_menu", state)
    rule = _PHASES.get(state.phase)
    if rule is None:
        return ()
    seat = state.to_act
    if state.deposits and seat is not None and _counts_now(state, seat):
        return stake_choices(seat, _deposit_menu(state, seat, rule))
    return rule.legal(state)


def stake_range(state: GameState) -> range:
    """The amounts the seat to act may ``Stake`` now, as a ``range`` (empty if none).

    ``legal_actions`` lists one ``Stake`` per amount; at a table with a large limit and deep
    stacks that is a long tuple, while this answers at once, so search and agents should ask
    it for the stakes and ``legal_actions`` only for the rest.
    """
    if type(state) is not GameState:
        _check_arguments("stake_range", state)
    rule = _PHASES.get(state.phase)
    if rule is None:
        return range(0)
    seat = state.to_act
    if state.deposits and seat is not None and _counts_now(state, seat):
        return _deposit_menu(state, seat, rule)
    return rule.stakes(state)


def reportable(state: GameState) -> tuple[Report, ...]:
    """Every report of an irregularity :func:`apply` accepts now, in seat order.

    ``legal_actions`` says what the player to act may do; this says what the table may
    report (a misdeal, a card exposed, a hand of the wrong size, a lifting, a question to
    the dealer...), so a backend never has to guess. Of the disputes it lists those between
    each seat and the dealer; any dispute with someone to settle it is accepted
    (Laws 77-78).
    """
    if type(state) is not GameState:
        _check_arguments("reportable", state)
    return irregular.reportable(state)


def is_legal(state: GameState, action: Event) -> bool:
    """Whether :func:`apply` would accept ``action`` now."""
    return not isinstance(apply(state, action), RuleViolation)


def apply_or_raise(state: GameState, action: Event) -> GameState:
    """Apply ``action`` like :func:`apply`, raising instead of returning a violation.

    Raises:
        IllegalActionError: the laws forbid the action; ``.violation`` says which and why.
    """
    result = apply(state, action)
    if isinstance(result, RuleViolation):
        raise IllegalActionError(result)
    return result


def new_game(
    rules: Rules,
    stacks: Sequence[int],
    *,
    dealer: int,
    deck: Sequence[Card],
    carried: int = 0,
    jackpot_round: int = 0,
) -> GameState:
    """Start a game: post the ante (Law 20), then straddle (Law 21) or deal (Law 7).

    Any game of a sitting can be started on its own, a jack-pot included: ``next_game``
    is this call with the next dealer, the pool carried and the following round.

    Args:
        rules: the table's rules.
        stacks: each seat's chips, 2 to 10 seats; a seat with none sits the game out.
        dealer: the dealing seat, one dealt into the game (Law 18).
        deck: the whole pack in order, ``deck[0]`` the top card.
        carried: chips already in the pool from earlier games (Law 29).
        jackpot_round: 0 for an ordinary game; *k* >= 1 for the *k*-th jack-pot in a row,
            in which every seat with chips antes and the openers cycle knaves, queens,
            kings (Laws 30-32).

    Raises:
        TypeError: an argument is of the wrong type.
        ValueError: the table, the dealer or the deck is impossible (the message says how).
    """
    for name, value in (("carried", carried), ("jackpot_round", jackpot_round)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if value < 0:
            raise ValueError(f"{name} must be 0 or more, not {value}")
    return _start(
        rules, stacks, dealer=dealer, deck=deck, carried=carried, jackpot_round=jackpot_round
    )


def next_game(state: GameState, *, deck: Sequence[Card]) -> GameState:
    """Start the following game at the same table, the deal passing left (Law 18).

    After an unopened game its pool carries into a jack-pot in which every player antes, the
    openers escalating knaves, queens, kings, knaves (Laws 29-32); after an opened game the
    next is ordinary, carrying only an odd chip left by a shared pool (Ambiguity 16). After
    a jack-pot whose opener proved false (``false_opener``, Law 33) the next is the next
    jack-pot in a row, as though this one had never been opened: the pool, with his penalty,
    carries, the openers move up, and everyone antes again (Ambiguity 13).

    The deal passes to the first seat on the last dealer's left that is dealt into the next
    game: a seat left without chips sits out and is passed over (Law 18, Ambiguity 26).

    Raises:
        TableOver: fewer than two seats have chips, so the table cannot go on (a
            ``ValueError``; whatever is left in the pool belongs to nobody yet).
        ValueError: the game is not over, or the deck is not the whole pack once.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"next_game takes a GameState, not {type(state).__name__}")
    if state.phase is not Phase.OVER:
        raise ValueError(
            f"the game is not over (phase {state.phase.value}); finish it before the next"
        )
    n = state.num_seats
    # enforces: Law 18
    with_chips = tuple(compress(range(n), state.stacks))
    if len(with_chips) < MIN_SEATS:
        raise TableOver(with_chips, state.pool)
    # Law 33 (Ambiguity 13): after a false opening the game counts as never opened.
    unopened = not state.opened or state.false_opener is not None
    # enforces: Laws 29-33
    jackpot_round = state.jackpot_round + 1 if unopened else 0
    return _start(
        state.rules,
        state.stacks,
        dealer=seats_from(state.dealer + 1, with_chips, n)[0],
        deck=deck,
        carried=state.pool,
        jackpot_round=jackpot_round,
    )


# The fields every game starts with, whatever the table (copying them is cheaper than
# writing them out for each game).
_FRESH: Changes = {
    "phase": Phase.STRADDLE,
    "to_act": None,
    "winners": (),
    "shown": frozenset(),
    "show_order": (),
    "discards": (),
    "opener": None,
    "last_straddler": None,
    "all_in": frozenset(),
    "pending": (),
    "may_stand": None,
    "last_staker": None,
    "shorts": (),
    "owed": (),
    "false_opener": None,
    "foul": frozenset(),
    "refunds": (),
    "deposits": (),
}


def _start(
    rules: Rules,
    stacks: Sequence[int],
    *,
    dealer: int,
    deck: Sequence[Card],
    carried: int,
    jackpot_round: int,
    plain: bool = False,
) -> GameState:
    """``new_game``'s work once its own arguments are checked. The usual game (not a
    jack-pot, the ante seat able to pay more than the ante) posts the ante in the first
    state built; ``plain`` posts it as every other game does, through ``ante.post_antes``
    (the tests hold the two to the same states)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    # A tuple or a list is a sequence; anything else asks the ABC (a slower check).
    if type(stacks) not in _PLAIN_SEQUENCES and (
        not isinstance(stacks, Sequence) or isinstance(stacks, (str, bytes))
    ):
        # A set or a mapping has no seat order of its own (a mapping would be read as its
        # keys), so the stacks must come in seat order.
        raise TypeError(
            f"stacks must be a sequence of ints in seat order, not {type(stacks).__name__}"
        )
    chips = tuple(stacks)
    n = len(chips)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(
            f"a table has {MIN_SEATS} to {MAX_SEATS} seats (the pack deals ten hands of "
            f"five at most), not {n}"
        )
    # Plain non-negative ints, the usual stacks, pass in two C-level sweeps; anything else
    # is looked at seat by seat (an int subclass other than bool is accepted there).
    if not (set(map(type, chips)) <= _PLAIN_INT and min(chips) >= 0):
        for seat, stack in enumerate(chips):
            if isinstance(stack, bool) or not isinstance(stack, int):
                raise TypeError(
                    f"seat {seat}'s stack must be an int, not {type(stack).__name__} ({stack!r})"
                )
            if stack < 0:
                raise ValueError(f"seat {seat}'s stack must be 0 chips or more, not {stack}")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise TypeError(f"the dealer must be an int seat, not {type(dealer).__name__}")
    if not 0 <= dealer < n:
        raise ValueError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer}")
    seated = tuple(compress(range(n), chips))  # the seats with chips (stacks are >= 0)
    if len(seated) < MIN_SEATS:
        raise ValueError(
            f"at least two seats need chips to pay the ante and play; only {len(seated)} have"
        )
    if not chips[dealer]:
        raise ValueError(
            f"seat {dealer} has no chips, so sits this game out and cannot deal: the deal "
            "passes to the first seat on the left dealt into the game (Law 18)"
        )
    cards = deal.check_deck(rules, deck)
    zeros = (0,) * n
    ante_seat = seats_from(dealer + 1, seated, n)[0]
    fields = _FRESH | {
        "rules": rules,
        # Each game's own: the states of a game share their history's list.
        "history": History.empty(),
        "dealer": dealer,
        "stacks": chips,
        "stakes": zeros,
        "pool": carried,
        "players": seated,
        "hands": ((),) * n,
        "openers_required": jackpot.openers_for(jackpot_round),
        "stock": cards,
        "dealt": ((),) * n,
        "jackpot_round": jackpot_round,
        "straddle_level": rules.ante,
        "payouts": zeros,
        "deck": cards,
        "starting_stacks": chips,
        "staked": zeros,
        "thrown": ((),) * n,
        "seated": seated,
        "ante_seat": ante_seat,
        "forced": zeros,
        "voluntary": zeros,
        "carried": carried,
    }
    paid = rules.ante
    if plain or jackpot_round or chips[ante_seat] <= paid:
        # A jack-pot's antes, or an ante that leaves its payer all in: post_antes books them.
        return ante.begin(ante.post_antes(GameState.from_fields(fields)))
    # Law 20's ante, booked as post_antes books it (stake_chips): out of the ante seat's
    # stack into the pool, his stake and forced contribution, leaving him chips.
    after = list(chips)
    after[ante_seat] -= paid
    staked = list(zeros)
    staked[ante_seat] = paid
    fields["stacks"] = tuple(after)
    fields["stakes"] = fields["staked"] = fields["forced"] = tuple(staked)
    fields["pool"] = carried + paid
    return ante.begin(GameState.from_fields(fields))
