"""Outcomes of whole games at the edges, by the engine and by the reference (Laws 37, 41, 60, 76).

Every game is played from a constructed deck with real actions, and what the engine paid or
served is checked both against the figures of LAWS.md and against ``tests.reference_game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

import pokerlaws as pl
from tests.reference_game import Outcome, replay_game


def deck_dealing(
    n: int, dealer: int, hands: Mapping[int, str], *, stock: str = ""
) -> list[pl.Card]:
    """A pack that deals ``hands`` (seat -> five cards) at ``n`` seats, all dealt in, with
    ``stock`` on top of the undealt cards and the rest after them in the standard order."""
    order = [(dealer + k) % n for k in range(1, n + 1)]
    wanted = {seat: list(pl.parse_cards(text)) for seat, text in hands.items()}
    used = {card for cards in wanted.values() for card in cards} | set(pl.parse_cards(stock))
    spare = iter(card for card in pl.standard_deck() if card not in used)
    for seat in order:
        if seat not in wanted:
            wanted[seat] = [next(spare) for _ in range(5)]
    deck = [wanted[order[i % n]][i // n] for i in range(5 * n)]
    return [*deck, *pl.parse_cards(stock), *spare]


def play(
    rules: pl.Rules,
    stacks: Sequence[int],
    dealer: int,
    deck: Sequence[pl.Card],
    actions: Sequence[pl.Action],
) -> tuple[pl.GameState, Outcome]:
    """Play ``actions`` from a new game; return the last state and the reference's outcome."""
    state = pl.new_game(rules, stacks, dealer=dealer, deck=deck)
    for action in actions:
        state = pl.apply_or_raise(state, action)
    ref = replay_game(rules, stacks, dealer=dealer, deck=deck, actions=state.history)
    return state, ref


# --- Law 41 at a full table ----------------------------------------------------------------

TEN = pl.Rules(ante=1, limit=2)  # no straddle is possible (Law 22), so the cards are dealt
DEALER = 9  # the ante is seat 0, and the draw runs 0, 1, ..., 9


def _ten_seats_discard_everything(deck: Sequence[pl.Card]) -> pl.GameState:
    """Ten seats all play and all throw five: the stock (two cards) runs out at seat 0."""
    state = pl.new_game(TEN, [20] * 10, dealer=DEALER, deck=deck)
    for seat in range(1, 10):
        state = pl.apply_or_raise(state, pl.Stake(seat=seat, amount=2))
    state = pl.apply_or_raise(state, pl.Stake(seat=0, amount=1))
    for seat in range(10):
        state = pl.apply_or_raise(state, pl.Discard(seat=seat, cards=state.hands[seat]))
    assert state.to_act == DEALER
    return state


def test_law_41_owed_players_are_served_from_the_pile_passing_over_their_own() -> None:
    """Law 41: the short player gets the stock's last two, every later player is owed, and
    after the shuffle each is served from the top, passing over his own discards."""
    deck = pl.shuffled_deck(41)
    state = _ten_seats_discard_everything(deck)
    assert len(state.hands[0]) == 2  # the stock's last cards; three more are owed
    assert all(len(state.hands[seat]) == 0 for seat in range(1, 10))
    thrown = [c for a in state.history if isinstance(a, pl.Discard) for c in a.cards]
    state = pl.apply_or_raise(state, pl.Shuffle(seat=DEALER, order=tuple(thrown)))
    ref = replay_game(
        TEN, [20] * 10, dealer=DEALER, deck=deck, actions=state.history, finished=False
    )
    for seat in range(10):
        assert frozenset(state.hands[seat]) == ref.hands[seat]
        assert len(state.hands[seat]) == 5
    # The pile in draw order: seat 0 passes over his own five and takes seat 1's first three;
    # seat 1 then passes over his last two and takes seat 0's five.
    assert set(state.hands[0]) == set(deck[50:52]) | set(thrown[5:8])
    assert set(state.hands[1]) == set(thrown[0:5])


def test_law_37_a_player_gets_his_own_discards_only_when_too_few_others_are_left() -> None:
    """Law 37 gives way to Law 41 only when too few other cards are left: the dealer's own
    five discards at the bottom of the pile are all that is left for him but two."""
    deck = pl.shuffled_deck(37)
    state = _ten_seats_discard_everything(deck)
    discards = {a.seat: a.cards for a in state.history if isinstance(a, pl.Discard)}
    # The others' discards dealt round (one of each seat's, then the next), the dealer's five
    # at the bottom: every player finds others' cards on top, until the dealer comes last.
    pile = tuple(discards[seat][i] for i in range(5) for seat in range(9)) + discards[DEALER]
    state = pl.apply_or_raise(state, pl.Shuffle(seat=DEALER, order=pile))
    ref = replay_game(
        TEN, [20] * 10, dealer=DEALER, deck=deck, actions=state.history, finished=False
    )
    own = set(discards[DEALER]) & set(state.hands[DEALER])
    assert len(own) == 3, "48 cards owed from a pile of 50: the dealer takes the 2 others left"
    assert [s.own for s in ref.services if s.seat == DEALER] == [3]
    for seat in range(10):
        assert frozenset(state.hands[seat]) == ref.hands[seat]
        if seat != DEALER:
            assert not set(discards[seat]) & set(state.hands[seat]), f"seat {seat}"


def test_law_41_the_default_shuffle_is_not_predictable_from_what_the_players_saw() -> None:
    """Law 41, Ambiguity 19: games that agree on every card any player has seen, and differ
    only in the order of one player's hand in the pack, get different default shuffles."""
    base = pl.shuffled_deck(2024)
    orders = []
    for seat, (i, j) in enumerate([(0, 10), (3, 13), (5, 45), (9, 49), (12, 22)]):
        deck = list(base)
        deck[i], deck[j] = deck[j], deck[i]  # two cards of one hand, dealt in another order
        assert i % 10 == j % 10, seat
        state = _ten_seats_discard_everything(deck)
        state = pl.apply_or_raise(state, pl.Shuffle(seat=DEALER))
        used = state.history[-1]
        assert isinstance(used, pl.Shuffle)
        assert used.order is not None
        orders.append(used.order)
    plain = _ten_seats_discard_everything(base)
    plain = pl.apply_or_raise(plain, pl.Shuffle(seat=DEALER))
    assert isinstance(plain.history[-1], pl.Shuffle)
    orders.append(plain.history[-1].order)  # type: ignore[arg-type]
    gathered = sorted(map(str, orders[-1]))
    assert all(sorted(map(str, order)) == gathered for order in orders)
    assert len(set(orders)) == len(orders), "the default order must not follow from seen cards"


# --- Law 60, the worked checks of Ambiguity 14 ---------------------------------------------


def test_law_60_worked_check_one_short_player_takes_ninety_five() -> None:
    """Ante 5, dealer 0: seat 2 is short with 30, seats 0 and 1 staked 35; seat 2 takes
    5 + 30 + 30 + 30 = 95 and the better of the others the remaining 5."""
    rules = pl.Rules(ante=5, limit=10)
    deck = deck_dealing(3, 0, {2: "Ac Ad Ah As Kc", 0: "2c 2d 5h 7s 9c", 1: "3c 4d 8h Ts Jc"})
    s: list[pl.Action] = [
        pl.Stake(seat=2, amount=20),  # No. 1 opens: twice the ante and the limit
        pl.Stake(seat=0, amount=30),
        pl.Stake(seat=1, amount=25),  # the ante makes his 5 up to 30
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=10),  # his last chips: level at 30, not short yet
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=0, cards=()),
        pl.Stake(seat=0, amount=5),  # seat 2 is short from here, all three in the game
        pl.Stake(seat=1, amount=5),
    ]
    state, ref = play(rules, [100, 100, 30], 0, deck, s)
    assert state.payouts == ref.payouts == (5, 0, 95)
    assert ref.whole == (35, 35, 30)
    assert ref.voluntary == (35, 30, 30)
    assert state.show_order == ref.show_order == (2, 0, 1)


def test_law_60_worked_check_two_a_retired_players_stake_goes_to_the_remainder() -> None:
    """Ante 1: B, the ante, short with 12, takes 1 + 11 + 12 + 12 = 36; D retired with 4,
    and his 4 with the 8 + 8 that A and C put in above 12 go to the better of A and C."""
    a, b, c, d = 0, 1, 2, 3
    rules = pl.Rules(ante=1, limit=3)
    deck = deck_dealing(
        4, a, {b: "Ac Ad Ah As Kc", a: "Kd Kh 5h 7s 9c", c: "3c 4d 8h Ts Jc", d: "2c 3d 6h 9s Qc"}
    )
    s: list[pl.Action] = [
        pl.Stake(seat=c, amount=2),
        pl.Stake(seat=d, amount=4),
        pl.Stake(seat=a, amount=7),
        pl.Stake(seat=b, amount=9),
        pl.Discard(seat=b, cards=()),
        pl.Stake(seat=c, amount=8),
        pl.Discard(seat=c, cards=()),
        pl.Pass(seat=d),
        pl.Stake(seat=a, amount=3),
        pl.Discard(seat=a, cards=()),
        pl.Stake(seat=c, amount=3),
        pl.Stake(seat=a, amount=6),
        pl.Stake(seat=b, amount=2),  # his last chip: short with 12 from here
        pl.Stake(seat=c, amount=6),
        pl.Stake(seat=a, amount=4),
        pl.Stake(seat=c, amount=1),
    ]
    state, ref = play(rules, [100, 12, 100, 50], a, deck, s)
    assert ref.whole == (20, 12, 20, 4)
    assert state.payouts == ref.payouts == (20, 36, 0, 0)


def test_law_60_worked_check_three_level_with_his_last_chip_is_not_short() -> None:
    """B, the ante, calls in full with his last chip and is level at the show: nobody is
    short, and the best hand takes the whole pool, the stake of a player who passed too."""
    rules = pl.Rules(ante=1, limit=2)
    deck = deck_dealing(3, 0, {1: "Ac Ad Ah As Kc", 0: "Kd Kh 5h 7s 9c", 2: "3c 4d 8h Ts Jc"})
    s: list[pl.Action] = [
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=0, amount=2),
        pl.Stake(seat=1, amount=1),  # his last chip, level at 2
        pl.Discard(seat=1, cards=()),
        pl.Pass(seat=2),
        pl.Discard(seat=0, cards=()),
    ]
    state, ref = play(rules, [50, 2, 50], 0, deck, s)
    assert not ref.shorts
    assert state.payouts == ref.payouts == (0, 6, 0)


# --- Law 76 and Ambiguity 16: the odd chip ---------------------------------------------------


@pytest.mark.parametrize(
    ("carries", "payouts", "left"), [(True, (3, 0, 3), 1), (False, (3, 0, 4), 0)]
)
def test_law_76_equal_hands_share_and_the_odd_chip(
    carries: bool, payouts: tuple[int, ...], left: int
) -> None:
    """Law 76: equal hands share; the odd chip stays in the pool (Ambiguity 16), or with
    ``odd_chip_carries=False`` goes to the first sharer on the dealer's left."""
    rules = pl.Rules(ante=1, limit=2, odd_chip_carries=carries)
    deck = deck_dealing(3, 0, {0: "9c Td Jh Qs Kc", 2: "9d Tc Js Qh Kd", 1: "2c 3d 6h 7s 4c"})
    s: list[pl.Action] = [
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=0, amount=2),
        pl.Pass(seat=1),  # the ante's chip stays in: a pool of 7 for two sequences 9-K
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=0, cards=()),
        pl.Stand(seat=2),
        pl.Stake(seat=0, amount=1),
        pl.Stake(seat=2, amount=1),
    ]
    state, ref = play(rules, [50, 50, 50], 0, deck, s)
    assert ref.forced == 1
    assert state.payouts == ref.payouts
    assert state.pool == ref.pool == left
    assert state.payouts == payouts
