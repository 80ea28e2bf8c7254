"""What the ready bots promise, checked at the edges one-line changes to ``bots.py`` slipped
through: ``random_bot`` takes a kind of action uniformly, then any one of that kind, however
long the menu; ``peel_bot`` keeps its high cards with nothing to draw to, ranks hands by the
table's rules, stakes its strong hands up to caps that grow with them, and reads a menu of
more stakes than are listed (a :class:`~pokerlaws.LegalActions`) as it reads a short one.

Table: three seats, dealer 0: seat 2 (No. 1) says first, then the bot at seat 0, then seat
1; the draw goes 2, 0 (seat 1 passing); after it seat 2 bets first.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pokerlaws as pl
from pokerlaws.bots import peel_bot, random_bot
from tests.laws._tables import deck_for, play

OTHERS = {2: "3c 4c 9h Td Qs", 1: "2d 6s 7c Jh Ac"}


def _say(rules: pl.Rules, mine: str, chips: int = 200) -> pl.GameState:
    """The say, seat 2 to open, the bot at seat 0 dealt ``mine``."""
    deck = deck_for({0: mine, **OTHERS}, n=3, dealer=0)
    state = pl.new_game(rules, (chips,) * 3, dealer=0, deck=deck)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    assert (state.phase, state.to_act) == (pl.Phase.SAY, 2)
    return state


def _stakes(menu: pl.PlayerView) -> set[pl.Stake]:
    return {action for action in menu.legal_actions if isinstance(action, pl.Stake)}


# --- random_bot ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "limit",
    [
        pytest.param(30, id="32 actions"),
        pytest.param(62, id="64 actions"),
        pytest.param(63, id="65 actions"),
        pytest.param(100, id="102 actions"),
        pytest.param(1100, id="a LegalActions of 1,100 stakes"),
    ],
)
def test_law_26_random_bot_passes_half_the_time_and_stakes_any_amount(limit: int) -> None:
    """Law 26: opening the say, the bot chooses between passing and staking evenly, and
    among the stakes any legal amount, the least and the most included, however many
    there are."""
    view = pl.view(_say(pl.Rules(ante=1, limit=limit), "8s 8d 2c 5h Kd", chips=5000), 2)
    rng = random.Random(limit)
    draws = 4000 if limit < 1000 else 800
    chosen = [random_bot(view, rng) for _ in range(draws)]
    assert all(action in view.legal_actions for action in chosen)
    passes = sum(isinstance(action, pl.Pass) for action in chosen)
    assert 0.45 < passes / draws < 0.55
    amounts = {action.amount for action in chosen if isinstance(action, pl.Stake)}
    legal = sorted(action.amount for action in _stakes(view)) if limit < 1000 else None
    if legal is not None:
        assert amounts == set(legal)
    else:
        # 400-odd stakes among 1,100 amounts: spread over the whole range.
        assert min(amounts) < 10
        assert max(amounts) > 1090
        assert len(amounts) > 300


def test_law_26_random_bot_takes_either_of_two_stakes() -> None:
    """Law 26: a short stack that can only call or raise by one chip does either."""
    state = play(
        _say(pl.Rules(ante=1, limit=4), "8s 8d 2c 5h Kd", chips=3), pl.Stake(seat=2, amount=2)
    )
    view = pl.view(state, 0)
    assert len(_stakes(view)) == 2
    rng = random.Random(3)
    seen = Counter(random_bot(view, rng) for _ in range(400))
    assert set(seen) == set(view.legal_actions)


def test_law_36_random_bot_draws_to_any_of_its_discards() -> None:
    """Law 36: at the draw the bot may throw out any of the 32 sets of its cards (or take
    any other action its menu lists)."""
    rules = pl.Rules(ante=1, limit=4)
    state = play(
        _say(rules, "8s 8d 2c 5h Kd"),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=0, amount=2),
        pl.Pass(seat=1),
    )
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    view = pl.view(state, 0)
    rng = random.Random(5)
    seen = {random_bot(view, rng) for _ in range(1000)}
    assert seen == set(view.legal_actions)
    assert sum(isinstance(action, pl.Discard) for action in seen) == 32


# --- peel_bot ------------------------------------------------------------------------------


def _draw_choice(rules: pl.Rules, mine: str) -> pl.Action:
    """What the bot, dealt ``mine``, does at its draw: seat 2 opens for twice the ante,
    the bot calls, seat 1 passes, and seat 2 draws three."""
    opening = 2 * rules.ante
    state = play(
        _say(rules, mine),
        pl.Stake(seat=2, amount=opening),
        pl.Stake(seat=0, amount=opening),
        pl.Pass(seat=1),
    )
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    assert (state.phase, state.to_act) == (pl.Phase.DRAW, 0)
    return peel_bot(pl.view(state, 0), random.Random(0))


@pytest.mark.parametrize(
    ("mine", "thrown"),
    [
        pytest.param("2c 3d 4h Ks Qd", "2c 3d 4h", id="three in a row and two court cards"),
        pytest.param("As 3d 4h 5s Kd", "3d 4h 5s", id="an ace and three in a row after a gap"),
        pytest.param("As 5c 6d 7h Kd", "5c 6d 7h", id="an ace and three in a row far from it"),
    ],
)
def test_law_36_peel_bot_with_no_draw_keeps_its_two_highest_cards(mine: str, thrown: str) -> None:
    """Law 36: three ranks in a row and a high card are no four-card sequence (the ace is
    low only next to the deuce): with nothing to draw to, the bot keeps its two highest
    cards and draws three."""
    action = _draw_choice(pl.Rules(ante=1, limit=4), mine)
    assert isinstance(action, pl.Discard)
    assert set(action.cards) == set(pl.parse_cards(thrown))


def test_law_36_peel_bot_ranks_its_hand_by_the_table_s_rules() -> None:
    """Law 36 and the Modifications: five court cards are two pairs at a plain table, where
    the bot draws one card, and a Blaze at a table that admits it, where it stands pat."""
    hand = "Jc Jd Qh Qd Kd"
    plain = _draw_choice(pl.Rules(ante=1, limit=4), hand)
    assert plain == pl.Discard(seat=0, cards=pl.parse_cards("Kd"))
    blazes = pl.Rules(ante=1, limit=4, hands=pl.HandRules(blaze=True))
    assert _draw_choice(blazes, hand) == pl.Discard(seat=0, cards=())


def _raised_after_the_draw(rules: pl.Rules, mine: str) -> list[int]:
    """The bot's stakes after the draw when seat 2 bets the limit and raises by the most it
    may each time the bot raises (both came in for twice the ante, seat 1 passed, seat 2
    drew three and the bot as it would, served blanks), up to its call."""
    deck = deck_for({0: mine, **OTHERS}, n=3, dealer=0, draw="2c 2h 3s 7d Ts 4d")
    state = pl.new_game(rules, (400,) * 3, dealer=0, deck=deck)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    opening = 2 * rules.ante
    state = play(
        state,
        pl.Stake(seat=2, amount=opening),
        pl.Stake(seat=0, amount=opening),
        pl.Pass(seat=1),
    )
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    state = play(state, peel_bot(pl.view(state, 0), random.Random(0)))
    state = play(state, pl.Stake(seat=2, amount=rules.limit))
    amounts: list[int] = []
    while state.phase is pl.Phase.BETTING:
        assert state.to_act == 0
        action = peel_bot(pl.view(state, 0), random.Random(0))
        assert isinstance(action, pl.Stake)
        amounts.append(action.amount)
        state = play(state, action)
        if state.phase is pl.Phase.BETTING:
            most = max(a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake))
            state = play(state, pl.Stake(seat=2, amount=most))
    return amounts


@pytest.mark.parametrize(
    ("limit", "ante", "mine", "amounts"),
    [
        pytest.param(4, 1, "5c 6d 7h 8s 9d", [8, 8, 8, 8, 4], id="sequence, limit 4"),
        pytest.param(4, 1, "8s 8d 8c 5h Kd", [8, 8, 8, 8, 4], id="triplets, limit 4"),
        pytest.param(4, 1, "8s 8d 5c 5h Kd", [6, 4], id="two pairs, limit 4"),
        pytest.param(4, 1, "Js Jd 2s 5h Kd", [6, 4], id="knaves, limit 4"),
        pytest.param(2, 1, "8s 8d 8c 5h Kd", [4, 4, 4, 4, 2], id="triplets, limit 2"),
        pytest.param(2, 1, "Js Jd 2s 5h Kd", [3, 2], id="knaves, limit 2"),
        pytest.param(6, 2, "5c 6d 7h 8s 9d", [12, 12, 12, 12, 6], id="sequence, ante 2"),
        pytest.param(6, 2, "8s 8d 5c 5h Kd", [9, 6], id="two pairs, ante 2"),
        pytest.param(7, 1, "8s 8d 8c 5h Kd", [14, 14, 14, 14, 7], id="triplets, limit 7"),
        pytest.param(7, 1, "Js Jd 2s 5h Kd", [9, 7], id="knaves, limit 7"),
    ],
)
def test_law_53_peel_bot_raises_up_to_a_cap_that_grows_with_its_hand(
    limit: int, ante: int, mine: str, amounts: list[int]
) -> None:
    """Law 53: raised again and again after the draw, the bot re-raises by the limit on
    triplets and up four times, and by half the limit (one chip at least) once on two pairs
    or knaves, and then only calls: its caps are eight limits and one limit, with twice
    the ante, and it never stakes past them to raise."""
    assert _raised_after_the_draw(pl.Rules(ante=ante, limit=limit), mine) == amounts


def test_law_36_peel_bot_makes_good_a_raise_on_a_draw_it_called_in_the_say() -> None:
    """Law 36: having called an opening on a pair of sevens or a four-card flush, the bot
    makes good at the draw a raise of up to the limit (here: at most twice the ante and
    half the limit more, the call such a hand makes before the draw, which it still is)."""
    rules = pl.Rules(ante=1, limit=4)
    for mine in ("7h 7d 2c 5s Kd", "2h 5h 8h Kh 3d"):
        for raised in (2, 4):
            state = play(_say(rules, mine), pl.Stake(seat=2, amount=2))
            called = peel_bot(pl.view(state, 0), random.Random(0))
            assert called == pl.Stake(seat=0, amount=2)
            # Seat 1, who put up the ante, raises; the draw begins with him.
            state = play(state, called, pl.Stake(seat=1, amount=1 + raised))
            state = play(state, pl.Discard(seat=1, cards=state.hands[1][:3]))
            state = play(state, pl.Stake(seat=2, amount=raised))
            state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
            assert (state.phase, state.to_act) == (pl.Phase.DRAW, 0)
            action = peel_bot(pl.view(state, 0), random.Random(0))
            assert action == pl.Stake(seat=0, amount=raised)


def test_law_52_peel_bot_first_to_bet_on_nothing_stands() -> None:
    """Law 52: first to bet after the draw on a weak hand, the bot stands (it stays in
    without staking) rather than throw its hand away."""
    rules = pl.Rules(ante=1, limit=4)
    deck = deck_for({0: "8s 8d 2s 5h Kd", **OTHERS}, n=3, dealer=0, draw="2c 2h 3s 7d Ts 4d")
    state = pl.new_game(rules, (50,) * 3, dealer=0, deck=deck)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    state = play(state, pl.Pass(seat=2), pl.Stake(seat=0, amount=2), pl.Stake(seat=1, amount=1))
    state = play(state, pl.Discard(seat=1, cards=state.hands[1][:3]))
    state = play(state, peel_bot(pl.view(state, 0), random.Random(0)))
    assert (state.phase, state.to_act) == (pl.Phase.BETTING, 0)
    assert peel_bot(pl.view(state, 0), random.Random(0)) == pl.Stand(seat=0)


@pytest.mark.parametrize(
    ("mine", "says"),
    [
        pytest.param("8s 8d 2c 5h Kd", 2, id="eights call"),
        pytest.param("Js Jd 2c 5s Kd", 1002, id="knaves raise half the limit"),
        pytest.param("8s 8d 5c 5h Kd", 2002, id="two pairs raise the limit"),
    ],
)
def test_law_26_peel_bot_reads_a_menu_of_unlisted_stakes(mine: str, says: int) -> None:
    """Law 26: at a limit of 2,000 the view holds the stakes as a range (a LegalActions),
    and the bot calls and raises there as at a small limit."""
    state = play(_say(pl.Rules(ante=1, limit=2000), mine, chips=10000), pl.Stake(seat=2, amount=2))
    view = pl.view(state, 0)
    assert isinstance(view.legal_actions, pl.LegalActions)
    assert peel_bot(view, random.Random(0)) == pl.Stake(seat=0, amount=says)
