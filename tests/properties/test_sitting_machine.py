"""A whole sitting as a state machine: legal and illegal actions, game after game."""

from __future__ import annotations

import copy

import hypothesis.strategies as st
from hypothesis import settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import (
    check_cards,
    check_chips,
    check_recorded,
    check_shape,
    chips,
    has_next_game,
)


class Sitting(RuleBasedStateMachine):
    """One table through several games. Rules apply legal actions, try illegal ones, and
    start the next game when one is over; the invariants hold after every step."""

    state: pl.GameState
    total: int
    games: int

    @initialize(start=ps.new_games())
    def sit_down(self, start: pl.GameState) -> None:
        self.state = start
        self.total = chips(start)
        self.games = 1

    @precondition(lambda self: self.state.phase is not pl.Phase.OVER)
    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        before = self.state
        action = data.draw(ps.legal_actions(before))
        after = pl.apply(before, action)
        assert isinstance(after, pl.GameState), f"{action} is listed but refused: {after}"
        check_recorded(before, action, after)
        self.state = after

    @rule(data=st.data())
    def try_an_illegal_action(self, data: st.DataObject) -> None:
        action = data.draw(ps.illegal_actions(self.state))
        before = copy.deepcopy(self.state)
        result = pl.apply(self.state, action)
        assert isinstance(result, pl.RuleViolation), f"{action} is not listed but accepted"
        assert result.action == action
        assert 1 <= result.law <= 81
        assert self.state == before
        assert hash(self.state) == hash(before)

    @precondition(lambda self: has_next_game(self.state))
    @rule(deck=st.data())
    def start_the_next_game(self, deck: st.DataObject) -> None:
        last = self.state
        self.state = pl.next_game(last, deck=deck.draw(ps.decks(joker=last.rules.joker)))
        self.games += 1
        # Law 18 (Ambiguity 26): the deal passes to the first seat on the left with chips,
        # and the ante is a seat that has chips too.
        n = last.num_seats
        left = [(last.dealer + step) % n for step in range(1, n + 1)]
        assert self.state.dealer == next(seat for seat in left if last.stacks[seat] > 0)
        assert last.stacks[self.state.ante_seat] > 0
        assert self.state.history == ()
        # Law 29: an unopened game makes the next a jack-pot; an opened one does not, unless
        # its opener proved false (Law 33), when it counts as never opened.
        assert self.state.is_jackpot == (not last.opened or last.false_opener is not None)

    @precondition(lambda self: self.state.phase is pl.Phase.OVER and not has_next_game(self.state))
    @rule(start=ps.new_games())
    def sit_at_a_new_table(self, start: pl.GameState) -> None:
        # One seat holds every chip: the sitting is over; begin another.
        self.state = start
        self.total = chips(start)
        self.games = 1

    @invariant()
    def chips_are_conserved(self) -> None:
        check_chips(self.state, self.total)

    @invariant()
    def cards_are_the_pack_once(self) -> None:
        check_cards(self.state)

    @invariant()
    def the_state_is_well_formed(self) -> None:
        # to_act is a player while the game goes on, nobody once it is over, and so on.
        check_shape(self.state)


TestSitting = Sitting.TestCase
TestSitting.settings = settings(settings.get_profile("games"), stateful_step_count=60)
