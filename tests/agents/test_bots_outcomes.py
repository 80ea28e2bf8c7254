"""peel_bot's choices at the edges where a one-line change to ``bots.py`` once went
unnoticed: its draw to fours, and its call at the very edge of what a middling hand calls.

Table: ante 1, limit 4, three seats, dealer 0: seat 2 (No. 1) says first, then the bot at
seat 0, then seat 1; the draw goes 1, 2, 0.
"""

from __future__ import annotations

import random

import pytest

import pokerlaws as pl
from pokerlaws.bots import peel_bot
from tests.laws._tables import deck_for, play

RULES = pl.Rules(ante=1, limit=4)
OTHERS = {2: "3c 4c 9h Td Qs", 1: "2d 6s 7c Jh Ac"}


def _say(mine: str) -> pl.GameState:
    """The say, seat 2 to open, the bot at seat 0 dealt ``mine``."""
    deck = deck_for({0: mine, **OTHERS}, n=3, dealer=0)
    state = pl.new_game(RULES, (50,) * 3, dealer=0, deck=deck)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    assert (state.phase, state.to_act) == (pl.Phase.SAY, 2)
    return state


def test_law_36_peel_bot_draws_one_card_to_fours() -> None:
    """Law 36: holding four eights, the bot throws out the odd card and draws one, as a
    sound player does; it does not stand pat as on a made hand of five."""
    state = play(_say("8s 8d 8c 8h Kd"), pl.Stake(seat=2, amount=2))
    rng = random.Random(0)
    state = play(state, peel_bot(pl.view(state, 0), rng), pl.Pass(seat=1))
    # Seat 2 calls the bot's raise, then draws three.
    state = play(state, next(a for a in pl.legal_actions(state) if isinstance(a, pl.Stake)))
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    assert (state.phase, state.to_act) == (pl.Phase.DRAW, 0)
    assert peel_bot(pl.view(state, 0), rng) == pl.Discard(seat=0, cards=pl.parse_cards("Kd"))


def test_law_26_peel_bot_calls_a_pair_of_eights_up_to_its_limit_and_no_further() -> None:
    """Law 26: a pair below knaves calls in the say a stake of up to twice the ante and half
    the limit once the game is opened (4 here), and no more: it calls an opening of 4, and
    passes one of 5."""
    at_edge = play(_say("8s 8d 2c 5h Kd"), pl.Stake(seat=2, amount=4))
    assert peel_bot(pl.view(at_edge, 0), random.Random(0)) == pl.Stake(seat=0, amount=4)
    beyond = play(_say("8s 8d 2c 5h Kd"), pl.Stake(seat=2, amount=5))
    assert peel_bot(pl.view(beyond, 0), random.Random(0)) == pl.Pass(seat=0)


def _draw_choice(mine: str) -> pl.Action:
    """What the bot, dealt ``mine``, does at its draw: seat 2 opens for 2, the bot's seat
    calls, seat 1 passes, and seat 2 draws three."""
    state = play(
        _say(mine),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=0, amount=2),
        pl.Pass(seat=1),
    )
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    assert (state.phase, state.to_act) == (pl.Phase.DRAW, 0)
    return peel_bot(pl.view(state, 0), random.Random(0))


@pytest.mark.parametrize(
    ("mine", "thrown"),
    [
        pytest.param("2h 5h 8h Kh 3d", "3d", id="four-card flush"),
        pytest.param("5c 6d 7h 8s Kd", "Kd", id="four-card sequence"),
        pytest.param("As 2c 3h 4s Kd", "Kd", id="sequence to the ace low"),
        pytest.param("Jc Qd Kh As 3d", "3d", id="sequence to the ace high"),
        pytest.param("8s 8d 2c 5h Kd", "2c 5h Kd", id="pair"),
        pytest.param("8s 8d 5c 5h Kd", "Kd", id="two pairs"),
        pytest.param("8s 8d 8c 5h Kd", "5h Kd", id="triplets"),
        pytest.param("5c 6d 7h 8s 9d", "", id="sequence"),
        pytest.param("2h 5h 8h Kh 3h", "", id="flush"),
        pytest.param("2c 5d 9s Js Kd", "2c 5d 9s", id="nothing: keeps the two highest"),
        pytest.param("5c 6d 8h 9s Kd", "5c 6d 8h", id="no draw to an inside sequence"),
    ],
)
def test_law_36_peel_bot_throws_out_what_a_sound_player_does(mine: str, thrown: str) -> None:
    """Law 36: the bot draws to its pairs and four-card draws, keeps a made hand of five,
    and with nothing keeps its two highest cards."""
    action = _draw_choice(mine)
    assert isinstance(action, pl.Discard)
    assert set(action.cards) == set(pl.parse_cards(thrown))


@pytest.mark.parametrize(
    ("mine", "says"),
    [
        pytest.param("6h 6d 2c 5s Kd", pl.Pass(seat=0), id="sixes pass"),
        pytest.param("7h 7d 2c 5s Kd", pl.Stake(seat=0, amount=2), id="sevens call"),
        pytest.param("2h 5h 8h Kh 3d", pl.Stake(seat=0, amount=2), id="a flush draw calls"),
        pytest.param("Js Jd 2c 5s Kd", pl.Stake(seat=0, amount=4), id="knaves raise half"),
        pytest.param("8s 8d 5c 5h Kd", pl.Stake(seat=0, amount=6), id="two pairs raise"),
        pytest.param("2c 5d 9s Js Kd", pl.Pass(seat=0), id="nothing passes"),
    ],
)
def test_law_26_peel_bot_says_by_the_strength_of_its_hand(mine: str, says: pl.Action) -> None:
    """Law 26: facing an opening of 2 (ante 1, limit 4), the bot passes below sevens, calls
    on a middling pair or a four-card draw, raises by half the limit on knaves and by the
    limit on two pairs."""
    state = play(_say(mine), pl.Stake(seat=2, amount=2))
    assert peel_bot(pl.view(state, 0), random.Random(0)) == says


def _bet(mine: str, first: pl.Action) -> pl.Action:
    """What the bot, dealt ``mine``, does after the draw when seat 2, first to bet, has done
    ``first``: both came in for 2, seat 1 passed, seat 2 drew three and the bot as it would,
    served blanks (2c 2h 3s to seat 2, then 7d Ts 4d)."""
    deck = deck_for({0: mine, **OTHERS}, n=3, dealer=0, draw="2c 2h 3s 7d Ts 4d")
    state = pl.new_game(RULES, (50,) * 3, dealer=0, deck=deck)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    state = play(state, pl.Stake(seat=2, amount=2), pl.Stake(seat=0, amount=2), pl.Pass(seat=1))
    state = play(state, pl.Discard(seat=2, cards=state.hands[2][:3]))
    state = play(state, peel_bot(pl.view(state, 0), random.Random(0)), first)
    assert (state.phase, state.to_act) == (pl.Phase.BETTING, 0)
    return peel_bot(pl.view(state, 0), random.Random(0))


_STANDS = pl.Stand(seat=2)
_BETS_1 = pl.Stake(seat=2, amount=1)
_BETS_4 = pl.Stake(seat=2, amount=4)


@pytest.mark.parametrize(
    ("mine", "first", "amount"),
    [
        pytest.param("5c 6d 7h 8s 9d", _STANDS, 4, id="sequence bets the limit"),
        pytest.param("5c 6d 7h 8s 9d", _BETS_1, 5, id="sequence raises the limit"),
        pytest.param("5c 6d 7h 8s 9d", _BETS_4, 8, id="sequence raises again"),
        pytest.param("8s 8d 8c 5h Kd", _BETS_4, 8, id="triplets drawn to raise"),
        pytest.param("8s 8d 5c 5h Kd", _STANDS, 3, id="two pairs bet half the limit"),
        pytest.param("8s 8d 5c 5h Kd", _BETS_1, 3, id="two pairs raise half"),
        pytest.param("8s 8d 5c 5h Kd", _BETS_4, 6, id="two pairs raise to their cap"),
        pytest.param("Js Jd 2s 5h Kd", _BETS_1, 3, id="knaves raise half"),
        pytest.param("8s 8d 2s 5h Kd", _STANDS, 0, id="eights pass"),
        pytest.param("8s 8d 2s 5h Kd", _BETS_1, 0, id="eights pass a bet"),
    ],
)
def test_law_53_peel_bot_bets_after_the_draw_by_its_hand(
    mine: str, first: pl.Action, amount: int
) -> None:
    """Law 53: after the draw the bot raises by the limit on triplets and up, bets half the
    limit on two pairs or knaves until its stake reaches the limit and twice the ante, and
    passes on less (0 here: a pass)."""
    action = _bet(mine, first)
    assert action == (pl.Stake(seat=0, amount=amount) if amount else pl.Pass(seat=0))


def test_peel_bot_asked_after_the_game_says_it_is_nobody_s_turn() -> None:
    """Asked for an action out of its turn, the bot says whose turn it is; asked once the
    game is over, that it is nobody's."""
    state = _say("8s 8d 2c 5h Kd")
    with pytest.raises(
        ValueError, match=r"^seat 1 has no action to take now: it is seat 2's turn$"
    ):
        peel_bot(pl.view(state, 1), random.Random(0))
    over = play(state, pl.Pass(seat=2), pl.Pass(seat=0))
    assert over.phase is pl.Phase.OVER
    with pytest.raises(
        ValueError, match=r"^seat 1 has no action to take now: it is nobody's turn$"
    ):
        peel_bot(pl.view(over, 1), random.Random(0))
