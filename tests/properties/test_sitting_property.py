"""Whole sittings at random: 200 games with players coming and going, and a state machine.

Every chip is conserved at every step (the chips, the pool and the kitty are what the
players brought less what they took away), each game's payouts agree with the independent
reference (``tests/reference_game.py``), the sitting settles to zero, and its record, as text
and as JSON, replays to the very same sitting. Hands are found foul after the show (Law 64)
before or after the table changes (Ambiguity 27), and each player's account moves by what
the reference says the game now pays him, less the kitty's new take.
"""

from __future__ import annotations

import copy
import random

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.reference_game import replay_game
from tests.sitting_play import check_books, finish, pick, staying

PLAYED = settings.get_profile("games")
LONG = settings(PLAYED, max_examples=max(3, PLAYED.max_examples // 5))
"""A 200-game sitting takes a second or so: a fifth of the ``games`` profile's examples (3
locally, 10 in CI)."""

GAMES = 200


def _names(rng: random.Random, count: int, taken: set[str]) -> list[str]:
    names: list[str] = []
    while len(names) < count:
        name = f"P{rng.randrange(40)}"
        if name not in taken and name not in names:
            names.append(name)
    return names


def _deck(rng: random.Random, sitting: pl.Sitting) -> tuple[pl.Card, ...]:
    return pl.shuffled_deck(rng.randrange(2**32), joker=sitting.rules.joker)


def _check_against_reference(game: pl.GameState) -> None:
    """The reference, written apart from the engine, pays the same chips to the same seats."""
    ref = replay_game(
        game.rules,
        game.starting_stacks,
        dealer=game.dealer,
        deck=game.deck,
        carried=game.carried,
        jackpot_round=game.jackpot_round,
        actions=game.history,
    )
    assert game.payouts == ref.payouts, (game.payouts, ref.payouts)
    assert (game.stacks, game.pool) == (ref.stacks, ref.pool)


def _kitty_reference(terms: pl.SittingTerms, payouts: tuple[int, ...], dealer: int) -> list[int]:
    """Ambiguities 25 and 27, written apart: the percentage of each payout, then the fixed
    chips from the payouts as the laws paid them, largest first, equals from the dealer's
    left, never more than a payout holds."""
    n = len(payouts)
    takes = [paid * terms.kitty_percent // 100 for paid in payouts]
    left = terms.kitty_chips
    from_the_left = [(dealer + step) % n for step in range(1, n + 1)]
    for seat in sorted(from_the_left, key=lambda s: -payouts[s]):  # sorted() is stable
        part = min(left, payouts[seat] - takes[seat])
        takes[seat] += part
        left -= part
    return takes


def _foul_after_the_game(
    rng: random.Random, sitting: pl.Sitting
) -> tuple[pl.Sitting, pl.Event | None]:
    """Law 64 (Ambiguity 27): perhaps find a hand of the show foul, whatever has changed at
    the table since; check every account against the reference and the kitty's new take."""
    game = sitting.game
    foul = [r for r in pl.reportable(game) if isinstance(r, pl.WrongHandSize)]
    if not foul or rng.random() < 0.4:
        return sitting, None
    report = rng.choice(foul)
    again = pl.play(sitting, report)
    assert isinstance(again, pl.Sitting), again
    _check_against_reference(again.game)
    ref = replay_game(
        game.rules,
        game.starting_stacks,
        dealer=game.dealer,
        deck=game.deck,
        carried=game.carried,
        jackpot_round=game.jackpot_round,
        actions=(*game.history, report),
    )
    old = _kitty_reference(sitting.terms, game.payouts, game.dealer)
    new = _kitty_reference(sitting.terms, ref.payouts, game.dealer)
    moved = dict.fromkeys((name for name, _ in sitting.results), 0)
    for seat, name in enumerate(sitting.game_seating):
        moved[name] += (ref.stacks[seat] - new[seat]) - (game.stacks[seat] - old[seat])
    before = dict(sitting.results)
    assert {name: result - before[name] for name, result in again.results} == moved
    assert again.kitty - sitting.kitty == sum(new) - sum(old)
    # Nobody is seated or removed by it, and a newcomer's chips are untouched.
    assert again.seating == sitting.seating
    for name, chips in zip(sitting.seating, sitting.chips, strict=True):
        if name not in sitting.game_seating:
            assert again.chips_of(name) == chips
    assert again.games[-1].actions[-1] == report
    check_books(again)
    return again, report


def _between(rng: random.Random, sitting: pl.Sitting) -> tuple[pl.Sitting, bool]:
    """Players come and go, and broke ones buy chips, at random; say whether the players
    changed."""
    seating = sitting.seating
    if rng.random() < 0.15 and len(sitting.seating) < 10:
        (name,) = _names(rng, 1, set(sitting.seating))
        seat = rng.randrange(len(sitting.seating) + 1)
        sitting = pl.join(sitting, name, rng.randint(1, 8), seat=seat)
    if rng.random() < 0.12 and sitting.seating:
        sitting = pl.leave(sitting, rng.choice(sitting.seating))
    for name, chips in zip(sitting.seating, sitting.chips, strict=True):
        if not chips and rng.random() < 0.3:
            sitting = pl.buy_chips(sitting, name, rng.randint(1, 6))
    return sitting, sitting.seating != seating or any(
        isinstance(entry, pl.Join | pl.Leave) for entry in sitting.history[-3:]
    )


def _keep_going(rng: random.Random, sitting: pl.Sitting) -> tuple[pl.Sitting, bool]:
    """When fewer than two seated players have chips, bring chips to the table; say whether
    a player joined."""
    joined = False
    while sitting.next_dealer is None:
        if len(sitting.seating) < 10 and (rng.random() < 0.5 or not sitting.seating):
            (name,) = _names(rng, 1, set(sitting.seating))
            sitting = pl.join(sitting, name, rng.randint(1, 8))
            joined = True
        else:
            sitting = pl.buy_chips(sitting, rng.choice(sitting.seating), rng.randint(1, 6))
    return sitting, joined


@LONG
@given(
    st.integers(0, 2**64),
    st.integers(2, 10),
    ps.rules(),
    st.builds(
        pl.SittingTerms,
        kitty_percent=st.sampled_from([0, 0, 5, 20]),
        kitty_chips=st.sampled_from([0, 0, 1, 2]),
        broke_players_leave=st.booleans(),
    ),
)
def test_a_200_game_sitting_conserves_every_chip_settles_to_zero_and_replays(
    seed: int, seats: int, rules: pl.Rules, terms: pl.SittingTerms
) -> None:
    # Hypothesis draws the table; one seeded generator plays its 200 games (a draw per
    # choice would make an input too large to shrink).
    rng = random.Random(seed)
    players = [(name, rng.randint(1, 12)) for name in _names(rng, seats, set())]
    pack = list(pl.standard_deck())
    rng.shuffle(pack)
    sitting = pl.start_sitting(
        rules, players, cut=pack, deck=pl.shuffled_deck(rng.randrange(2**32), joker=rules.joker),
        terms=terms,
    )  # fmt: skip
    peel = pl.Rules(ante=rules.ante, limit=rules.limit)
    changed = False
    for played in range(GAMES):
        while not sitting.between_games:
            result = pl.play(sitting, pick(rng, sitting.game))
            assert isinstance(result, pl.Sitting), result
            sitting = result
            check_books(sitting)
        _check_against_reference(sitting.game)
        # Law 81: the agreed rules hold until the players change, then Peel's as written.
        assert sitting.game.rules == (peel if changed else rules)
        # A broke player leaving as the game ends (the terms) is a change of players.
        changed = changed or sitting.seating != sitting.game_seating
        early = rng.random() < 0.3
        if early:  # before anything changes at the table
            sitting, _ = _foul_after_the_game(rng, sitting)
        if played == GAMES - 1:
            break
        sitting, came_or_went = _between(rng, sitting)
        sitting, joined = _keep_going(rng, sitting)
        if not early:
            sitting, _ = _foul_after_the_game(rng, sitting)
            # The report may leave fewer than two players with chips.
            sitting, also = _keep_going(rng, sitting)
            joined = joined or also
        changed = changed or came_or_went or joined
        sitting = pl.deal_next(sitting, deck=_deck(rng, sitting))
        check_books(sitting)
    assert len(sitting.games) == GAMES
    settled = pl.settle(sitting)
    assert sum(result for _, result in settled.results) + settled.kitty == 0
    # The unwon pool is shared out, or goes to the kitty when none of its players is left.
    unclaimed = settled.kitty - sitting.kitty
    assert sum(chips for _, chips in settled.shares) + unclaimed == settled.pool
    assert settled.pool == sitting.game.pool
    assert not (unclaimed and settled.shares)

    record = pl.record_sitting(sitting)
    for replayed in (
        pl.replay_sitting(pl.parse_sitting_record(pl.format_sitting_record(record))),
        pl.replay_sitting(pl.from_json(pl.to_json(record))),
        pl.from_json(pl.to_json(sitting)),
    ):
        assert replayed == sitting
        assert pl.settle(replayed) == settled


def test_the_sitting_s_own_start_of_a_game_is_next_game_s() -> None:
    """After a change the sitting starts a game with new_game; with nothing changed the two
    ways must agree: its jack-pot round and dealer are those next_game gives (Laws 18, 29)."""
    from pokerlaws.sitting.model import _next_dealer
    from pokerlaws.sitting.playing import _round_after

    rng = random.Random(2)
    checked = 0
    for _ in range(300):
        n = rng.randint(2, 10)
        state = pl.new_game(
            pl.Rules(ante=1, limit=4),
            [rng.randint(0, 6) or 1 for _ in range(n)],
            dealer=0,
            deck=pl.shuffled_deck(rng.randrange(999)),
        )
        while not state.is_over:
            state = pl.apply_or_raise(state, pick(rng, state))
        dealer = _next_dealer(state.dealer, state.stacks)
        if dealer is None:
            continue
        deck = pl.shuffled_deck(rng.randrange(999))
        expected = pl.next_game(state, deck=deck)
        own = pl.new_game(
            state.rules,
            state.stacks,
            dealer=dealer,
            deck=deck,
            carried=state.pool,
            jackpot_round=_round_after(state),
        )
        assert own == expected
        checked += 1
    assert checked > 200


def _cut_value(card: pl.Card) -> int:
    assert card.rank is not None
    return 1 if card.rank is pl.Rank.ACE else int(card.rank)


class Sittings(RuleBasedStateMachine):
    """One sitting through many games: legal and illegal actions, players coming and going,
    chips bought, refused changes; the books balance after every step."""

    sitting: pl.Sitting
    joined: int

    @initialize(
        rules=ps.rules(),
        stacks=st.lists(st.integers(1, 10), min_size=2, max_size=10),
        pack=st.permutations(pl.standard_deck()),
        deck=st.integers(0, 2**32 - 1),
    )
    def sit_down(self, rules: pl.Rules, stacks: list[int], pack: list[pl.Card], deck: int) -> None:
        players = [(f"P{i}", chips) for i, chips in enumerate(stacks)]
        self.sitting = pl.start_sitting(
            rules, players, cut=pack, deck=pl.shuffled_deck(deck, joker=rules.joker)
        )
        self.joined = len(players)
        assert self.sitting.rules == rules
        # Law 2: the dealer alone drew the lowest card of the cut's last round, ace low.
        last = {name: _cut_value(card) for name, card in self.sitting.cut[-1]}
        assert [name for name, value in last.items() if value == min(last.values())] == [
            self.sitting.dealer
        ]

    @precondition(lambda self: not self.sitting.between_games)
    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        action = data.draw(ps.legal_actions(self.sitting.game))
        result = pl.play(self.sitting, action)
        assert isinstance(result, pl.Sitting), result
        self.sitting = result

    @precondition(lambda self: not self.sitting.between_games)
    @rule(seed=st.integers(0, 2**32 - 1))
    def play_the_game_to_a_show(self, seed: int) -> None:
        self.sitting = finish(self.sitting, random.Random(seed), staying)

    @rule(data=st.data())
    def try_an_illegal_action(self, data: st.DataObject) -> None:
        action = data.draw(ps.illegal_actions(self.sitting.game))
        before = copy.deepcopy(self.sitting)
        refused = pl.play(self.sitting, action)
        assert isinstance(refused, pl.RuleViolation)
        assert refused == pl.apply(self.sitting.game, action)
        assert self.sitting == before

    @rule(limit=st.integers(1, 40))
    def ask_for_another_limit(self, limit: int) -> None:
        rules = self.sitting.rules
        if 2 * rules.ante > limit or limit == rules.limit or not self.sitting.seating:
            return
        before = copy.deepcopy(self.sitting)
        asked = pl.Rules(ante=rules.ante, limit=limit)
        refused = pl.change_rules(self.sitting, asked, name=self.sitting.seating[0])
        assert isinstance(refused, pl.RulesFixed)
        assert refused.law == 81
        assert self.sitting == before

    @precondition(lambda self: not self.sitting.between_games)
    @rule()
    def try_to_join_or_settle_mid_game(self) -> None:
        before = copy.deepcopy(self.sitting)
        for attempt in (
            lambda: pl.join(self.sitting, "Late", 5),
            lambda: pl.settle(self.sitting),
            lambda: pl.deal_next(self.sitting, deck=pl.standard_deck()),
        ):
            with pytest.raises(ValueError, match="only between games"):
                attempt()
        assert self.sitting == before

    @precondition(lambda self: self.sitting.next_dealer is not None)
    @rule(deck=st.integers(0, 2**32 - 1))
    def deal_the_next_game(self, deck: int) -> None:
        last = self.sitting
        following = pl.deal_next(last, deck=pl.shuffled_deck(deck, joker=last.rules.joker))
        assert following.dealer == last.next_dealer
        self.sitting = following

    @precondition(lambda self: self.sitting.between_games and len(self.sitting.seating) < 10)
    @rule(chips=st.integers(1, 10), data=st.data())
    def a_player_joins(self, chips: int, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, len(self.sitting.seating)))
        name = f"P{self.joined}"
        self.joined += 1
        self.sitting = pl.join(self.sitting, name, chips, seat=seat)
        assert self.sitting.seating[seat] == name
        assert self.sitting.rules == pl.Rules(
            ante=self.sitting.agreed.ante, limit=self.sitting.agreed.limit
        )

    @precondition(lambda self: self.sitting.between_games and self.sitting.seating)
    @rule(data=st.data())
    def a_player_leaves(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.sitting.seating))
        chips = self.sitting.chips_of(name)
        result = self.sitting.result(name)
        self.sitting = pl.leave(self.sitting, name)
        assert name not in self.sitting.seating
        assert self.sitting.result(name) == result  # he takes his chips with him
        assert chips >= 0

    @precondition(lambda self: self.sitting.between_games and 0 in self.sitting.chips)
    @rule(chips=st.integers(1, 10))
    def a_broke_player_buys_chips(self, chips: int) -> None:
        name = self.sitting.seating[self.sitting.chips.index(0)]
        self.sitting = pl.buy_chips(self.sitting, name, chips)
        assert self.sitting.chips_of(name) == chips

    @precondition(lambda self: self.sitting.between_games)
    @rule(data=st.data())
    def find_a_hand_foul_after_the_game(self, data: st.DataObject) -> None:
        """Law 64 (Ambiguity 27): whatever changed at the table since the game ended, a
        report on it is the new sitting or the engine's RuleViolation, never an error."""
        game = self.sitting.game
        report = pl.WrongHandSize(seat=data.draw(st.integers(0, game.num_seats - 1)))
        before = copy.deepcopy(self.sitting)
        result = pl.play(self.sitting, report)
        if report in pl.reportable(game):
            assert isinstance(result, pl.Sitting), result
            assert result.seating == before.seating
            assert result.games[-1].actions[-1] == report
            self.sitting = result
        else:
            assert isinstance(result, pl.RuleViolation)
            assert result == pl.apply(game, report)
            assert self.sitting == before

    @precondition(lambda self: self.sitting.between_games)
    @rule()
    def settle_and_replay(self) -> None:
        settled = pl.settle(self.sitting)
        assert sum(result for _, result in settled.results) + settled.kitty == 0
        record = pl.record_sitting(self.sitting)
        text = pl.format_sitting_record(record)
        assert pl.replay_sitting(pl.parse_sitting_record(text)) == self.sitting
        assert pl.from_json(pl.to_json(self.sitting)) == self.sitting

    @invariant()
    def the_books_balance(self) -> None:
        check_books(self.sitting)

    @invariant()
    def the_seating_is_well_formed(self) -> None:
        seating = self.sitting.seating
        assert len(set(seating)) == len(seating) <= 10
        assert len(self.sitting.chips) == len(seating)
        if not self.sitting.between_games:
            assert seating == self.sitting.game_seating


TestSittings = Sittings.TestCase
TestSittings.settings = settings(PLAYED, stateful_step_count=50)


@settings(deadline=None)
@given(st.one_of(ps.sitting_states(max_games=4), st.from_type(pl.Sitting)))
def test_sitting_states_are_sittings_reached_by_play(sitting: pl.Sitting) -> None:
    """What ps.sitting_states (and from_type(Sitting)) draws replays from its own record."""
    check_books(sitting)
    assert pl.replay_sitting(pl.record_sitting(sitting)) == sitting


def test_sitting_states_check_their_arguments() -> None:
    from hypothesis.errors import InvalidArgument

    for bad in (
        ps.sitting_states(max_games=0),
        ps.sitting_states(min_players=1),
        ps.sitting_states(min_players=5, max_players=3),
    ):
        with pytest.raises(InvalidArgument):
            bad.validate()
