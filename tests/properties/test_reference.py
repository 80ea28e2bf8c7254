"""Outcomes against a reference: every card served, every chip paid, the show's order.

Random games at 2 to 10 seats with stacks small enough that all-ins are common, and with
the Law 41 shortage frequent (many seats, big discards), are played with actions drawn from
``legal_actions`` and compared, action by action, with :mod:`tests.reference_game`, written
apart from ``src`` from LAWS.md and API.md. Run with ``--hypothesis-show-statistics`` to see
how often the edges were reached.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import hypothesis.strategies as st
from hypothesis import event, given, settings

import pokerlaws as pl
from tests.properties._checks import reports_to_try
from tests.reference_game import Outcome, replay_game

GAMES = settings.get_profile("games")
REFERENCE = settings(GAMES, max_examples=4 * GAMES.max_examples)
"""Games are cheap (a few ms each) and the edges are what is tested: four times the ``games``
profile's examples (40 under ``dev``, 200 under ``ci``, a few seconds a test)."""

Start = tuple[pl.Rules, tuple[int, ...], int, tuple[pl.Card, ...], int, int]
"""How a game began: rules, stacks, dealer, deck, carried chips, jack-pot round."""


@st.composite
def starts(
    draw: st.DrawFn, *, min_seats: int = 2, jackpots: bool = True, recording: bool = False
) -> Start:
    """A table with small stacks (all-ins common) and, as often as not, many seats;
    ``recording``: a recording table half the time (Law 55)."""
    many = draw(st.booleans())
    n = draw(st.integers(7, 10) if many else st.integers(min_seats, 10))
    ante = draw(st.integers(1, 2))
    limit = draw(st.integers(2 * ante, 6 * ante))
    rules = pl.Rules(
        ante=ante,
        limit=limit,
        odd_chip_carries=draw(st.booleans()),
        jackpot_straddles=draw(st.booleans()),
        joker=draw(st.booleans()) if draw(st.integers(0, 4)) == 0 else False,
        recording_table=draw(st.booleans()) if recording else False,
        openers_on_honour=draw(st.booleans()) if recording else False,
    )
    top = draw(st.sampled_from((3 * ante, 6 * ante, 4 * limit, 10 * limit)))
    low = 1 if min_seats >= 7 else 0  # a full table: every seat dealt in
    stacks = draw(
        st.lists(st.integers(low, top) | st.integers(1, 2 * ante), min_size=n, max_size=n)
    )
    for seat in (0, n // 2):  # at least two seats dealt in
        stacks[seat] = stacks[seat] or 1 + seat % 3
    dealer = draw(st.sampled_from([s for s in range(n) if stacks[s]]))
    deck = pl.shuffled_deck(draw(st.integers(0, 2**32 - 1)), joker=rules.joker)
    round_ = draw(st.sampled_from((0, 0, 1, 2, 3, 4))) if jackpots else 0
    carried = draw(st.integers(0, 7)) if round_ or draw(st.booleans()) else 0
    return rules, tuple(stacks), dealer, deck, carried, round_


def begin(start: Start) -> pl.GameState:
    rules, stacks, dealer, deck, carried, round_ = start
    return pl.new_game(
        rules, stacks, dealer=dealer, deck=deck, carried=carried, jackpot_round=round_
    )


_WEIGHTS: dict[type, int] = {
    pl.Stake: 8,
    pl.Discard: 6,
    pl.Straddle: 4,
    pl.Shuffle: 1,
    pl.Stand: 1,
    pl.DeclineStraddle: 1,
    pl.Pass: 1,
    pl.Redeal: 1,
}


def choose(data: st.DataObject, state: pl.GameState, *, passing: int = 1) -> pl.Action:
    """A legal action, weighted towards staking and big discards (the edges)."""
    listed = pl.legal_actions(state)
    kinds = sorted({type(action) for action in listed}, key=list(_WEIGHTS).index)
    weights = [passing if kind is pl.Pass else _WEIGHTS[kind] for kind in kinds]
    if not any(weights):
        weights = [1] * len(kinds)
    roll = data.draw(st.integers(0, sum(weights) - 1))
    at = 0
    while roll >= weights[at]:
        roll -= weights[at]
        at += 1
    kind = kinds[at]
    choices = [action for action in listed if type(action) is kind]
    if kind is pl.Discard:
        # Mostly four or five cards: that is what runs the stock out at a full table.
        size = data.draw(st.sampled_from((5, 5, 5, 4, 4, 3, 2, 1, 0)))
        choices = [a for a in choices if isinstance(a, pl.Discard) and len(a.cards) == size]
    elif kind is pl.Stake:
        how = data.draw(st.integers(0, 3))
        choices = [choices[0]] if how < 2 else [choices[-1]] if how == 2 else choices
    elif kind is pl.Shuffle:
        return shuffle_order(data, state)
    elif kind is pl.Redeal and data.draw(st.booleans()):
        # Law 8: the dealer's new pack, or the engine's order.
        return pl.Redeal(seat=state.dealer, deck=tuple(data.draw(st.permutations(state.deck))))
    return data.draw(st.sampled_from(choices))


def shuffle_order(data: st.DataObject, state: pl.GameState) -> pl.Action:
    """The Law 41 shuffle: the engine's own order, a random one, or the discards as thrown
    (or the reverse), which often leaves a player only his own cards at the bottom."""
    # The pile the dealer gathers (Law 41): every discard of this draw, and a card exposed
    # in serving it when the stock had no other (Ambiguity 18). Read off the state only to
    # make the input; the reference checks the order against the pile it keeps itself.
    gathered = list(state.discards)
    how = data.draw(st.integers(0, 3))
    if how == 0:
        return pl.Shuffle(seat=state.dealer)
    if how == 1:
        return pl.Shuffle(seat=state.dealer, order=tuple(data.draw(st.permutations(gathered))))
    order = gathered if how == 2 else gathered[::-1]
    return pl.Shuffle(seat=state.dealer, order=tuple(order))


def play(
    data: st.DataObject,
    state: pl.GameState,
    *,
    passing: int = 1,
    step: Callable[[pl.GameState, pl.GameState], None] = lambda before, after: None,
) -> list[pl.GameState]:
    """Play ``state`` to its end; return every state passed through, the first included."""
    states = [state]
    for _ in range(2_000):
        if state.phase is pl.Phase.OVER:
            return states
        after = pl.apply_or_raise(state, choose(data, state, passing=passing))
        step(state, after)
        states.append(after)
        state = after
    raise AssertionError(f"the game did not end: {state.history}")


def reference_of(start: Start, actions: tuple[pl.Event, ...]) -> Outcome:
    rules, stacks, dealer, deck, carried, round_ = start
    return replay_game(
        rules,
        stacks,
        dealer=dealer,
        deck=deck,
        carried=carried,
        jackpot_round=round_,
        actions=actions,
    )


def compare(start: Start, states: list[pl.GameState]) -> Outcome:
    """Check every card served and the end of the game against the reference."""
    end = states[-1]
    ref = reference_of(start, tuple(end.history))

    # After a misdeal, the cards of the last deal (Law 8: the same dealer deals again).
    redealt = max(
        (i for i, event in enumerate(end.history) if isinstance(event, pl.Redeal)), default=-1
    )
    dealt = next(s for s in states[redealt + 1 :] if any(s.hands))
    for seat in range(end.num_seats):
        assert frozenset(dealt.hands[seat]) == frozenset(ref.dealt.get(seat, ())), seat

    served = []
    for index, (before, after) in enumerate(itertools.pairwise(states)):
        if index <= redealt or not isinstance(end.history[index], pl.Discard | pl.Shuffle):
            continue  # the deal happens inside the transition that ends the straddles
        for seat in range(end.num_seats):
            new = frozenset(after.hands[seat]) - frozenset(before.hands[seat])
            if new:
                served.append((index, seat, new))
    expected = sorted(
        ((s.index, s.seat, frozenset(s.cards)) for s in ref.services), key=lambda x: x[:2]
    )
    assert served == expected, f"engine served {served}, the reference {expected}"

    for seat in ref.players:
        assert frozenset(end.hands[seat]) == ref.hands[seat], seat
    assert tuple(sorted(end.players)) == tuple(sorted(ref.players))
    assert end.payouts == ref.payouts, f"engine paid {end.payouts}, reference {ref.payouts}"
    assert end.pool == ref.pool
    assert end.stacks == ref.stacks
    if ref.show_order:
        assert end.show_order == ref.show_order
    else:
        # Uncontested (Law 58) or not opened: no show, unless a jack-pot opener proves his
        # openers (Law 33).
        assert end.show_order in ((), tuple(s for s in ref.players if end.is_jackpot))
    count_edges(ref, end)
    return ref


def count_edges(ref: Outcome, end: pl.GameState) -> None:
    event(f"seats: {'7-10' if end.num_seats >= 7 else '2-6'}")
    if ref.law41:
        event("Law 41: stock ran out")
    if ref.shuffled:
        event("Law 41: discards shuffled and served")
    if any(service.own for service in ref.services):
        event("Law 41: a player got his own discards back (too few others)")
    at_show = [s for s in ref.shorts if s.seat in ref.players and ref.show_order]
    event(f"short players at the show: {min(len(at_show), 3)}{'+' if len(at_show) >= 3 else ''}")
    if len({s.whole for s in at_show}) >= 2:
        event("Law 60: nested levels")
    if (
        ref.show_order
        and len({end.payouts[s] > 0 for s in ref.players})
        and any(p > 0 for p in end.payouts)
        and sum(1 for p in end.payouts if p > 0) >= 2
    ):
        event("pool split among several seats")
    event("opened" if ref.opened else "not opened")
    if end.is_jackpot:
        event("jack-pot")


def check_law_37(states: list[pl.GameState], ref: Outcome) -> None:
    """Law 37: no hand ever holds a card its holder threw out in this game, except those
    the reference says the Law 41 service had to give back (too few other cards left)."""
    allowed: dict[int, set[pl.Card]] = {}
    for service in ref.services:
        if service.own:
            allowed[service.seat] = set(service.cards) & ref.thrown[service.seat]
    for state in states:
        thrown: dict[int, set[pl.Card]] = {}
        for action in state.history:
            if isinstance(action, pl.Discard):
                thrown.setdefault(action.seat, set()).update(action.cards)
        shuffled = any(isinstance(action, pl.Shuffle) for action in state.history)
        for seat, cards in thrown.items():
            own = cards & set(state.hands[seat])
            exempt = allowed.get(seat, set()) if shuffled else set()
            assert own <= exempt, f"seat {seat} holds his own discards {own}"


@REFERENCE
@given(st.data(), starts())
def test_law_37_and_outcomes_agree_with_the_reference(data: st.DataObject, start: Start) -> None:
    """Cards served (Laws 37, 39, 41), payouts (Laws 58-60, 76), show order (Law 59)."""
    states = play(data, begin(start))
    ref = compare(start, states)
    check_law_37(states, ref)
    end = states[-1]
    # Law 37 after the Law 41 service: own cards only where the reference says the edge.
    for service in ref.services:
        own = ref.thrown.get(service.seat, frozenset())
        assert len(own & frozenset(service.cards)) == service.own
    for seat in ref.players:
        own = ref.thrown.get(seat, frozenset())
        returned = sum(s.own for s in ref.services if s.seat == seat)
        assert len(own & frozenset(end.hands[seat])) == returned


def play_reporting(data: st.DataObject, state: pl.GameState) -> list[pl.GameState]:
    """Play ``state`` to its end, reporting irregularities between the actions: about one
    step in four is a report ``reportable`` lists (then often a foul found at the show)."""
    states = [state]
    reported = 0
    for _ in range(2_000):
        reports = reports_to_try(state, reported)
        if state.phase is pl.Phase.OVER:
            late = [r for r in reports if isinstance(r, pl.WrongHandSize)]
            found_foul: bool = bool(late) and data.draw(st.booleans())
            if found_foul:
                states.append(pl.apply_or_raise(state, data.draw(st.sampled_from(late))))
            return states
        if reports and data.draw(st.integers(0, 3)) == 0:
            reported += 1
            event_ = data.draw(st.sampled_from(reports))
            event(f"report: {type(event_).__name__}")
            after = pl.apply_or_raise(state, event_)
        else:
            after = pl.apply_or_raise(state, choose(data, state))
        assert sum(after.stacks) + after.pool == sum(state.stacks) + state.pool
        states.append(after)
        state = after
    raise AssertionError(f"the game did not end: {state.history}")


@settings(GAMES, max_examples=2 * GAMES.max_examples)
@given(st.data(), starts(recording=True))
def test_law_64_games_with_irregularities_agree_with_the_reference(
    data: st.DataObject, start: Start
) -> None:
    """Laws 8-16, 40, 42-48, 63-64: misdeals and redeals, foul hands and their refunds, cards
    exposed in dealing and serving, and foul hands found at the show, mixed with legal
    play: every card dealt and served, every payout and stack as the reference has them,
    and the record replays to the same end through the notation and JSON."""
    states = play_reporting(data, begin(start))
    compare(start, states)
    end = states[-1]
    game = pl.record(end)
    assert pl.replay(pl.parse_record(pl.format_record(game))) == end
    assert pl.from_json(pl.to_json(game)) == game
    if end.foul:
        event("a foul hand retired")


def disturbed_deal(data: st.DataObject, state: pl.GameState) -> list[pl.GameState]:
    """Straddle as drawn until the deal; then one to three seats distract the dealer and one
    or two hands are found foul as dealt, the first often the ante's or a straddler's, who
    are refunded (Laws 13-16). Return every state passed through, the first included."""
    states = [state]

    def report(event_: pl.Report) -> None:
        states.append(pl.apply_or_raise(states[-1], event_))

    while states[-1].phase is pl.Phase.STRADDLE:
        states.append(pl.apply_or_raise(states[-1], choose(data, states[-1])))
    dealt = states[-1]
    talkers = sorted({r.seat for r in pl.reportable(dealt) if isinstance(r, pl.Distraction)})
    if not talkers:
        return states
    for seat in data.draw(st.lists(st.sampled_from(talkers), min_size=1, max_size=3)):
        report(pl.Distraction(seat=seat))
    straddlers = [a.seat for a in dealt.history if isinstance(a, pl.Straddle)]
    refunded = st.sampled_from([dealt.ante_seat, *straddlers])
    fouls = data.draw(st.lists(refunded | st.sampled_from(dealt.players), max_size=2))
    for seat in dict.fromkeys(fouls):
        for event_ in (pl.Lift(seat=seat), pl.WrongHandSize(seat=seat)):
            if event_ in pl.reportable(states[-1]):
                report(event_)
    distracters = {e.seat for e in states[-1].history if isinstance(e, pl.Distraction)}
    if len(distracters) >= 2 and states[-1].foul:
        event("Law 16: several distracters, a hand foul as dealt")
    return states


@REFERENCE
@given(st.data(), starts())
def test_law_16_refunds_after_a_disturbed_deal_agree_with_the_reference(
    data: st.DataObject, start: Start
) -> None:
    """Laws 13-16: after distractions by several seats, the Law 14 refunds of foul hands
    dealt are paid by the first distracter, what he has if less; the game then goes on,
    with reports, and every stack and payout is as the reference has it."""
    states = disturbed_deal(data, begin(start))
    if states[-1].phase is not pl.Phase.OVER:
        states += play_reporting(data, states[-1])[1:]
    compare(start, states)


@REFERENCE
@given(st.data(), starts(min_seats=7, jackpots=False))
def test_law_41_full_tables_serve_as_the_reference_does(data: st.DataObject, start: Start) -> None:
    """Law 41, Ambiguity 19: at 7-10 seats, the short player and everyone owed after him."""
    states = play(data, begin(start), passing=0)
    check_law_37(states, compare(start, states))


@REFERENCE
@given(st.data(), starts(jackpots=True))
def test_sittings_of_chained_games_agree_with_the_reference(
    data: st.DataObject, start: Start
) -> None:
    """Laws 18, 29-32: games chained with next_game (jack-pots in a row) each agree."""
    state = begin(start)
    for _ in range(4):
        # Some games are played by passing, so that jack-pots follow one another.
        passing = data.draw(st.sampled_from((0, 1, 12)))
        states = play(data, state, passing=passing)
        ref = compare(start, states)
        if sum(1 for chips in ref.stacks if chips) < 2:
            return  # Ambiguity 26: the table cannot go on
        stacks, dealer, carried, round_ = ref.next_start()
        deck = pl.shuffled_deck(data.draw(st.integers(0, 2**32 - 1)), joker=start[0].joker)
        state = pl.next_game(states[-1], deck=deck)
        start = (start[0], stacks, dealer, deck, carried, round_)
        assert state == begin(start)
        if round_:
            event(f"chained jack-pot round {round_}")
