"""A game's history reads as the tuple of its events, and its index answers as a scan would.

``GameState.history`` is a :class:`pokerlaws.history.History`: the states of a game share one
growing list instead of each copying a tuple (issue 16). It must behave as the tuple did
(equal to it, hashed like it, sliced to it, pickled as it), leave every older history as it
was whatever is appended after it, and its index (``last``, ``first``, ``positions``,
``tally``) must give what reading the events one by one gives.
"""

from __future__ import annotations

import copy
import pickle
import threading
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws.history import History

KINDS: tuple[type, ...] = (pl.Pass, pl.Stake, pl.Lift, pl.Dispute, pl.Discard)


def _event(kind: type, seat: int) -> pl.Event:
    if kind is pl.Stake:
        return pl.Stake(seat=seat, amount=2 + seat % 2)
    if kind is pl.Dispute:
        return pl.Dispute(seat=seat, parties=(seat, (seat + 1) % 4))
    if kind is pl.Discard:
        return pl.Discard(seat=seat, cards=())
    event: pl.Event = kind(seat=seat)
    return event


EVENTS = st.lists(st.builds(_event, st.sampled_from(KINDS), st.integers(0, 3)), max_size=30).map(
    tuple
)


def _scan(
    events: Sequence[pl.Event],
    kinds: tuple[type, ...],
    seat: int | None,
    start: int,
    stop: int | None,
) -> list[int]:
    """The reference: the positions found by reading every event."""
    end = len(events) if stop is None else stop
    return [
        i
        for i, event in enumerate(events)
        if start <= i < end and isinstance(event, kinds) and (seat is None or event.seat == seat)
    ]


@given(EVENTS)
def test_a_history_reads_as_the_tuple_of_its_events(events: tuple[pl.Event, ...]) -> None:
    """Equal to the tuple (both ways), hashed like it, the same length, items, slices,
    iteration, reversal, membership, counts, concatenation, pickling and copies."""
    history = History(events)
    assert history == events
    assert events == history
    assert not history != events  # noqa: SIM202 - __ne__ is what is tested
    assert hash(history) == hash(events)
    assert len(history) == len(events)
    assert list(history) == list(events)
    assert list(reversed(history)) == list(reversed(events))
    for i in range(-len(events), len(events)):
        assert history[i] == events[i]
    for bad in (len(events), -len(events) - 1):
        with pytest.raises(IndexError):
            history[bad]
    for start in (None, 0, 1, -2, 5):
        for stop in (None, 0, 3, -1, 40):
            for step in (None, 1, 2, -1, -3):
                assert history[start:stop:step] == events[start:stop:step]
    for event in events[:3]:
        assert event in history
        assert history.index(event) == events.index(event)
        assert history.count(event) == events.count(event)
    # ``+`` is what is tested here, so no unpacking:
    assert history + (pl.Pass(seat=0),) == (*events, pl.Pass(seat=0))  # noqa: RUF005
    assert (pl.Pass(seat=0),) + history == (pl.Pass(seat=0), *events)  # noqa: RUF005
    assert pickle.loads(pickle.dumps(history)) == events
    assert copy.copy(history) == copy.deepcopy(history) == history
    assert eval(repr(history), {"History": History, **vars(pl)}) == history
    assert history != list(events)
    assert history != (*events, pl.Pass(seat=0))


@given(EVENTS, EVENTS, EVENTS)
def test_growing_a_history_leaves_every_older_one_as_it_was(
    first: tuple[pl.Event, ...], left: tuple[pl.Event, ...], right: tuple[pl.Event, ...]
) -> None:
    """Two histories grown from one (as a search tries two actions from one state) each hold
    their own events, and the one they grew from is unchanged."""
    base: History[pl.Event] = History()
    for event in first:
        base = base.with_event(event)
    grown = {"left": base, "right": base}
    for name, events in (("left", left), ("right", right)):
        for event in events:
            grown[name] = grown[name].with_event(event)
    assert base == first
    assert grown["left"] == (*first, *left)
    assert grown["right"] == (*first, *right)
    assert base.with_event(pl.Pass(seat=1)) == (*first, pl.Pass(seat=1))


def test_the_same_event_twice_from_one_history_shares_its_list() -> None:
    """Asking ``is_legal`` and then applying the same action grows one history, not two."""
    base: History[pl.Event] = History((pl.Pass(seat=0),))
    once = base.with_event(pl.Lift(seat=1))
    again = base.with_event(pl.Lift(seat=1))
    assert once == again == (pl.Pass(seat=0), pl.Lift(seat=1))
    assert once._log is again._log is base._log
    other = base.with_event(pl.Lift(seat=2))
    assert other._log is not base._log
    assert other == (pl.Pass(seat=0), pl.Lift(seat=2))


@given(
    EVENTS,
    st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True).map(tuple),
    st.none() | st.integers(0, 3),
    st.integers(0, 35),
    st.none() | st.integers(0, 35),
    st.integers(0, 30),
)
def test_the_index_answers_as_reading_every_event_would(
    events: tuple[pl.Event, ...],
    kinds: tuple[type, ...],
    seat: int | None,
    start: int,
    stop: int | None,
    cut: int,
) -> None:
    """``positions``, ``first``, ``last``, ``tally`` and ``events_of`` agree with a scan,
    for the whole history and for an older one sharing its list, asked before and after it
    grew, and asked again (``first`` and ``last`` answer the second time from memory)."""
    whole: History[pl.Event] = History()
    older = whole
    for i, event in enumerate(events):
        whole = whole.with_event(event)
        if i + 1 == cut:
            older = whole
            # The index is built as far as this history, then kept up as the list grows;
            # its answers are remembered here, and must still be this history's later.
            older.positions(kinds)
            older.first(kinds, seat=seat, start=start, stop=stop)
            older.last(kinds, seat=seat, start=start, stop=stop)
    for history in (whole, older):
        expected = _scan(tuple(history), kinds, seat, start, stop)
        assert history.positions(kinds, seat=seat, start=start, stop=stop) == expected
        for _asked_again in range(2):
            first = history.first(kinds, seat=seat, start=start, stop=stop)
            assert first == (expected[0] if expected else None)
            last = history.last(kinds, seat=seat, start=start, stop=stop)
            assert last == (expected[-1] if expected else None)
        assert history.tally(kinds, seat=seat, start=start, stop=stop) == len(expected)
        one = _scan(tuple(history), kinds[:1], seat, start, stop)
        found: list[object] = history.events_of(kinds[0], seat=seat, start=start, stop=stop)
        assert found == [history[i] for i in one]


@given(EVENTS, st.integers(0, 30), st.none() | st.integers(0, 3), st.integers(0, 30))
def test_distinct_values_are_gathered_once_and_kept_up(
    events: tuple[pl.Event, ...], start: int, seat: int | None, cut: int
) -> None:
    """``distinct`` gives the distinct values a scan finds, asked at every length as the
    history grows, and for an older history sharing the list after it grew."""
    history: History[pl.Event] = History()
    older = history
    for i, event in enumerate(events):
        history = history.with_event(event)
        if i + 1 == cut:
            older = history
        for each in (history, older):
            expected = {
                (e.seat, e.amount)
                for e in each[start:]
                if isinstance(e, pl.Stake) and (seat is None or e.seat == seat)
            }
            assert each.distinct(pl.Stake, _SEAT_AND_AMOUNT, seat=seat, start=start) == expected


def _seat_and_amount(stake: pl.Stake) -> tuple[int, int]:
    return stake.seat, stake.amount


_SEAT_AND_AMOUNT = _seat_and_amount


def test_the_index_counts_an_event_for_every_class_it_derives_from() -> None:
    """A subclass of an action is found as that action, as ``isinstance`` finds it."""

    class LoudPass(pl.Pass):
        pass

    history = History((pl.Stake(seat=0, amount=2), LoudPass(seat=1)))
    assert history.last((pl.Pass,)) == 1
    assert history.last((LoudPass,), seat=1) == 1
    assert history.last((pl.Pass,), seat=0) is None


def test_threads_growing_one_history_each_get_their_own() -> None:
    """Histories are shared between threads as values: each thread's growth is its own."""
    base: History[pl.Event] = History((pl.Pass(seat=0),))
    results: dict[int, History[pl.Event]] = {}

    def grow(seat: int) -> None:
        history = base
        for _ in range(200):
            history = history.with_event(pl.Lift(seat=seat))
        results[seat] = history

    threads = [threading.Thread(target=grow, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for seat, history in results.items():
        assert history == (pl.Pass(seat=0), *(pl.Lift(seat=seat),) * 200)
        assert history.tally((pl.Lift,), seat=seat) == 200
    assert base == (pl.Pass(seat=0),)


def test_a_state_holds_a_history_however_it_was_built() -> None:
    """``new_game`` and every transition give a History; a tuple given to ``GameState(...)``
    or ``evolve`` becomes one; a state pickled with a tuple history loads with a History."""
    rules = pl.Rules(ante=2, limit=4)
    state = pl.new_game(rules, [40, 40, 40], dealer=0, deck=pl.shuffled_deck(1))
    assert isinstance(state.history, History)
    assert state.history == ()
    opened = pl.apply_or_raise(state, pl.Stake(seat=2, amount=4))
    assert isinstance(opened.history, History)
    assert opened.history == (pl.Stake(seat=2, amount=4),)
    assert state.history == ()
    fields = {name: getattr(opened, name) for name in opened.__dict__ if not name.startswith("_")}
    rebuilt = pl.GameState(**{**fields, "history": (pl.Stake(seat=2, amount=4),)})
    assert isinstance(rebuilt.history, History)
    assert rebuilt == opened
    assert hash(rebuilt) == hash(opened)
    # A tuple is accepted at run time (typed code passes a History).
    evolved = opened.evolve(history=(pl.Stake(seat=2, amount=4),))  # type: ignore[arg-type]
    assert isinstance(evolved.history, History)
    assert evolved == opened
    loaded = pickle.loads(pickle.dumps(opened))
    assert isinstance(loaded.history, History)
    assert loaded == opened
    old = object.__new__(pl.GameState)
    old.__setstate__({**opened.__dict__, "history": tuple(opened.history)})
    assert isinstance(old.history, History)
    assert old == opened
    assert pl.record(opened).actions == (pl.Stake(seat=2, amount=4),)
    assert type(pl.record(opened).actions) is tuple
    with pytest.raises(TypeError):
        opened.evolve(history=3)  # type: ignore[arg-type]
