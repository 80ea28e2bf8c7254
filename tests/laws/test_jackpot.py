"""The Jack-pot (Laws 29-33): unopened games, everyone's ante, openers, escalation, proof."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import pokerlaws as pl
from tests.laws._tables import (
    RULES,
    STRADDLE_RULES,
    chips,
    deck_for,
    pass_until_over,
    play,
    refused,
)

# Four seats; game 0 is dealt by seat 0 and nobody opens it. Jack-pot k is then dealt by
# seat k % 4: its ante seat is k + 1 and its No. 1 is k + 2 (mod 4).


def _jackpot(k: int, hands: Mapping[int, str] | None = None, **kw: object) -> pl.GameState:
    """Return the k-th jack-pot in a row, dealing ``hands`` in it, every earlier game unopened."""
    rules = kw.get("rules", RULES)
    assert isinstance(rules, pl.Rules)
    state = pass_until_over(pl.new_game(rules, (100,) * 4, dealer=0, deck=pl.shuffled_deck(40)))
    for i in range(1, k + 1):
        if i == k and hands is not None:
            deck = deck_for(hands, n=4, dealer=i % 4)
        else:
            deck = pl.shuffled_deck(40 + i)
        state = pl.next_game(state, deck=deck)
        if i < k:
            state = pass_until_over(state)
    return state


def test_law_29_an_unopened_game_is_followed_by_a_jackpot() -> None:
    """Law 29: when nobody opens, the ante stays in the pool and the next game is a jack-pot."""
    first = pass_until_over(pl.new_game(RULES, (100,) * 4, dealer=0, deck=pl.shuffled_deck(40)))
    assert first.winners == ()
    assert first.pool == 5
    assert first.openers_required is None
    assert first.jackpot_round == 0
    jackpot = pl.next_game(first, deck=pl.shuffled_deck(41))
    assert jackpot.openers_required is pl.Rank.JACK
    assert jackpot.jackpot_round == 1
    assert jackpot.dealer == 1
    assert chips(jackpot) == chips(first) == 400


def test_law_30_everyone_pays_one_ante_into_a_jackpot() -> None:
    """Law 30: in a jack-pot every player antes; only the ante seat's payment is his stake."""
    state = _jackpot(1)
    assert state.pool == 5 + 4 * 5
    assert state.stacks == (95, 90, 95, 95)
    assert state.stakes == (0, 0, 5, 0)
    assert state.ante_seat == 2
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 3


def test_law_30_a_seat_without_chips_pays_no_jackpot_ante() -> None:
    """Law 30: the jack-pot ante is paid by every seat that plays, and not by one sitting out."""
    state = pl.new_game(RULES, (100, 100, 100, 0), dealer=0, deck=pl.shuffled_deck(40))
    state = pass_until_over(state)
    assert state.pool == 5
    state = pl.next_game(state, deck=pl.shuffled_deck(41))
    assert state.pool == 5 + 3 * 5
    assert state.stacks == (95, 90, 95, 0)
    assert state.players == (0, 1, 2)
    assert state.to_act == 0


def test_law_30_the_opener_stakes_double_the_ante_on_top_of_his_jackpot_ante() -> None:
    """Law 30 (Ambiguity 13): the jack-pot ante is not part of the opener's stake."""
    state = _jackpot(1, {3: "Jc Jd 4s 6h 8c"})
    refused(state, pl.Stake(seat=3, amount=9), pl.StakeTooSmall, law=25)
    state = play(state, pl.Stake(seat=3, amount=10))
    assert state.stakes == (0, 0, 5, 10)
    assert state.stacks == (95, 90, 95, 85)
    assert state.pool == 35
    assert state.opener == 3


def test_law_30_the_first_jackpot_needs_knaves_or_better_to_open() -> None:
    """Law 30: a pair below knaves as dealt may not open the first jack-pot."""
    state = _jackpot(1, {3: "Tc Td 4s 6h 8c"})
    assert state.openers_required is pl.Rank.JACK
    refused(state, pl.Stake(seat=3, amount=10), pl.OpenersRequired, law=30)
    refused(state, pl.Stake(seat=3, amount=25), pl.OpenersRequired, law=30)
    assert pl.legal_actions(state) == (pl.Pass(seat=3),)


@pytest.mark.parametrize(
    "hand",
    ["Jc Jd 4s 6h 8c", "Ac Ad 4s 6h 8c", "3c 3d 4s 4h 9c", "5c 5d 5s 9h Kc", "2c 3d 4h 5s 6c"],
    ids=["knaves", "aces", "two-small-pairs", "threes", "sequence"],
)
def test_law_30_knaves_or_any_better_hand_opens_the_first_jackpot(hand: str) -> None:
    """Law 30: a pair of knaves, or any hand that beats it, may open the first jack-pot."""
    state = _jackpot(1, {3: hand})
    stakes = {a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake)}
    assert stakes == set(range(10, 26))
    state = play(state, pl.Stake(seat=3, amount=10))
    assert state.opener == 3


def test_law_30_once_open_anyone_may_play_on_any_cards() -> None:
    """Law 30: only the opener needs openers; the others may call on any hand."""
    state = _jackpot(1, {3: "Jc Jd 4s 6h 8c", 0: "2c 5d 7h 9s Kc"})
    state = play(state, pl.Stake(seat=3, amount=10), pl.Stake(seat=0, amount=10))
    assert state.stakes == (10, 0, 5, 10)
    assert state.stacks[0] == 85


def test_law_31_the_second_jackpot_needs_queens() -> None:
    """Law 31: after an unopened jack-pot, the next needs a pair of queens or better to open."""
    state = _jackpot(2, {0: "Jc Jd 4s 6h 8c"})
    assert state.openers_required is pl.Rank.QUEEN
    assert state.jackpot_round == 2
    assert state.to_act == 0
    refused(state, pl.Stake(seat=0, amount=10), pl.OpenersRequired, law=31)
    state = _jackpot(2, {0: "Qc Qd 4s 6h 8c"})
    state = play(state, pl.Stake(seat=0, amount=10))
    assert state.opener == 0


def test_law_32_the_third_jackpot_needs_kings() -> None:
    """Law 32: the third jack-pot in a row needs at least a pair of kings to open."""
    state = _jackpot(3, {1: "Qc Qd 4s 6h 8c"})
    assert state.openers_required is pl.Rank.KING
    assert state.jackpot_round == 3
    assert state.to_act == 1
    refused(state, pl.Stake(seat=1, amount=10), pl.OpenersRequired, law=32)
    for hand in ("Kc Kd 4s 6h 8c", "Ac Ad 4s 6h 8c"):
        opened = play(_jackpot(3, {1: hand}), pl.Stake(seat=1, amount=10))
        assert opened.opener == 1


def test_law_32_the_fourth_jackpot_goes_back_to_knaves() -> None:
    """Law 32: after kings the requirement cycles back to knaves."""
    state = _jackpot(4, {2: "Tc Td 4s 6h 8c"})
    assert state.openers_required is pl.Rank.JACK
    assert state.jackpot_round == 4
    assert state.to_act == 2
    refused(state, pl.Stake(seat=2, amount=10), pl.OpenersRequired, law=32)
    opened = play(_jackpot(4, {2: "Jc Jd 4s 6h 8c"}), pl.Stake(seat=2, amount=10))
    assert opened.opener == 2


def test_law_32_four_unopened_games_in_a_row() -> None:
    """Laws 29-32: each unopened game adds an ante a seat; openers go J, Q, K, then J again."""
    state = pass_until_over(pl.new_game(RULES, (100,) * 4, dealer=0, deck=pl.shuffled_deck(50)))
    assert state.pool == 5
    seen = []
    for k in range(1, 5):
        state = pl.next_game(state, deck=pl.shuffled_deck(50 + k))
        seen.append(state.openers_required)
        assert state.jackpot_round == k
        assert state.dealer == k % 4
        assert state.pool == 5 + 20 * k
        assert state.stakes[(k + 1) % 4] == 5
        assert sum(state.stakes) == 5
        expected = [100 - 5 * k] * 4
        expected[1] -= 5  # the ante of the first, ordinary game
        assert list(state.stacks) == expected
        assert chips(state) == 400
        state = pass_until_over(state)
        assert state.winners == ()
        assert state.pool == 5 + 20 * k
    assert seen == [pl.Rank.JACK, pl.Rank.QUEEN, pl.Rank.KING, pl.Rank.JACK]


def test_law_33_a_jackpot_opener_left_alone_must_show() -> None:
    """Law 33: the opener who wins a jack-pot shows his hand even when nobody called."""
    state = _jackpot(1, {3: "Jc Jd 4s 6h 8c"})
    state = pass_until_over(play(state, pl.Stake(seat=3, amount=10)))
    assert state.winners == (3,)
    assert state.shown == frozenset({3})
    assert state.payouts == (0, 0, 0, 35)
    assert state.stacks == (95, 90, 95, 120)
    assert state.pool == 0


def test_law_33_a_jackpot_opener_winning_an_uncalled_bet_must_show() -> None:
    """Law 33: the winning opener shows even where Law 58 would let a bettor keep his hand."""
    state = _jackpot(1, {3: "Jc Jd 4s 6h 8c", 0: "2c 5d 7h 9s Kc"})
    state = play(
        state,
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == 3
    state = play(state, pl.Stake(seat=3, amount=5), pl.Pass(seat=0))
    assert state.winners == (3,)
    assert state.shown == frozenset({3})
    assert state.payouts[3] == 50


def test_law_33_only_the_opener_must_show_when_unopposed() -> None:
    """Law 33 (with Law 58): a jack-pot winner who did not open takes an uncalled pool unshown."""
    state = _jackpot(1, {3: "Jc Jd 4s 6h 8c", 0: "2c 5d 7h 9s Kc"})
    state = play(
        state,
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
        pl.Stand(seat=3),
        pl.Stake(seat=0, amount=5),
        pl.Pass(seat=3),
    )
    assert state.winners == (0,)
    assert state.shown == frozenset()
    assert state.payouts == (50, 0, 0, 0)


def test_law_29_after_an_opened_jackpot_the_next_game_is_ordinary() -> None:
    """Law 29 (2.11): only a game nobody opened makes a jack-pot; once a jack-pot is opened
    and won, the next game is an ordinary one."""
    state = _jackpot(2, {0: "Qc Qd 4s 6h 8c"})
    state = pass_until_over(play(state, pl.Stake(seat=0, amount=10)))
    assert state.winners == (0,)
    nxt = pl.next_game(state, deck=pl.shuffled_deck(60))
    assert nxt.openers_required is None
    assert nxt.jackpot_round == 0
    assert nxt.dealer == 3
    assert nxt.pool == 5
    assert nxt.stakes == (5, 0, 0, 0)


def test_law_21_straddles_are_allowed_in_a_jackpot_by_default() -> None:
    """Law 21 (Ambiguity 13): no law forbids a straddle in a jack-pot, so No. 1 is offered
    it there as in any game."""
    state = _jackpot(1, rules=STRADDLE_RULES)
    assert state.openers_required is pl.Rank.JACK
    assert state.phase is pl.Phase.STRADDLE
    assert state.pool == 2 + 4 * 2
    assert state.to_act == 3


def test_law_81_jackpot_straddles_can_be_switched_off() -> None:
    """Law 81 (Ambiguity 13): the table may agree that jack-pots are never straddled."""
    rules = pl.Rules(ante=2, limit=20, jackpot_straddles=False)
    state = _jackpot(1, rules=rules)
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 3


def test_law_29_straddles_of_an_unopened_game_stay_in_the_pool() -> None:
    """Law 29: the ante and every straddle of an unopened game carry into the jack-pot."""
    state = pl.new_game(STRADDLE_RULES, (100,) * 4, dealer=0, deck=pl.shuffled_deck(40))
    state = play(state, pl.Straddle(seat=2), pl.Straddle(seat=3))
    state = pass_until_over(state)
    assert state.winners == ()
    assert state.pool == 2 + 4 + 6
    jackpot = pl.next_game(state, deck=pl.shuffled_deck(41))
    assert jackpot.pool == 12 + 4 * 2
    assert jackpot.stacks == (98, 96, 94, 92)


def test_law_30_a_jackpot_straddle_is_on_top_of_the_jackpot_ante() -> None:
    """Laws 21, 30: in a jack-pot, No. 1's straddle is staked on top of his jack-pot ante."""
    state = _jackpot(1, rules=STRADDLE_RULES)
    assert state.stakes == (0, 0, 2, 0)
    state = play(state, pl.Straddle(seat=3))
    assert state.stakes == (0, 0, 2, 4)
    assert state.stacks[3] == 100 - 2 - 4
    assert state.pool == 2 + 4 * 2 + 4
