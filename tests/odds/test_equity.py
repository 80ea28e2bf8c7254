"""``pokerlaws.odds.equity`` (issue 37): the seat's expected share of the pool at the show,
held to an exact enumeration by ``tests/odds/reference_draws.py`` on small cases."""

from __future__ import annotations

import random

import pytest

import pokerlaws as pl
from pokerlaws import odds
from pokerlaws.odds import showdown
from tests.laws._tables import RULES, deck_for, play
from tests.odds.reference_draws import exact_share
from tests.skips import extra_reason


def cards(text: str) -> tuple[pl.Card, ...]:
    return pl.parse_cards(text)


SMALL = [
    # (hand, unseen, opponents): few enough deals to value them all.
    ("Jh Jd 8c 5s 2d", "Ah Ad Kc Ks Qh 9c 9d 7s 4h 3c 3d 2s", 1),
    ("Th Jd Qc Ks 9s", "Ah Ad Kc Qs Qh 9c 9d 7s 8h 8c Tc", 1),
    ("Ah 9h 5h 3h 2h", "Kh Qh 4h 6h 7c 7d As Ac 3c 2c", 1),
    ("Kc Kd 7c 7s 2d", "Ks Kh 7d 7h 2c 2s Ac Ad Qc", 1),
    ("5c 5d 9h 9s 2d", "Ac Ad 5h 5s 9c 9d 2h 2s Kc Kd Qh", 1),
    ("Ac Kd 8h 6s 3c", "Ah Kh 8c 6c 3d 2d 4h", 1),
]


@pytest.mark.parametrize(("hand", "unseen", "opponents"), SMALL)
def test_law_76_exact_equity_equals_the_reference_enumeration(
    hand: str, unseen: str, opponents: int
) -> None:
    """Law 76: the best hand takes the pool and equal hands share it; over every deal of the
    others' hands the seat's mean share is the reference's, exactly (up to float rounding)."""
    mine, rest = cards(hand), cards(unseen)
    value, error, exact, _ = showdown._equity_of(
        mine, (), opponents, rest, pl.HandRules(), samples=1, seed=0, batch=False
    )
    assert exact
    assert error == 0
    assert value == pytest.approx(float(exact_share(mine, opponents, rest, pl.HandRules())))


@pytest.mark.parametrize(("hand", "unseen", "opponents"), SMALL)
@pytest.mark.parametrize("seed", [1, 2])
def test_law_76_sampled_equity_is_within_its_stated_error_of_the_exact(
    hand: str, unseen: str, opponents: int, seed: int
) -> None:
    """Law 76: sampled, the share lies within four standard errors of the exact share."""
    mine, rest = cards(hand), cards(unseen)
    exact_value = float(exact_share(mine, opponents, rest, pl.HandRules()))
    value, error, exact, deals = showdown._equity_of(
        mine, (), opponents, rest, pl.HandRules(), samples=2000, seed=seed, exact_limit=0
    )
    assert not exact
    assert deals == 2000
    assert abs(value - exact_value) <= 4 * error + 1e-12


def test_equity_before_the_draw_draws_for_the_seat_too_and_within_the_error() -> None:
    """The seat's own draw (best_discards' first) and a hidden hand, sampled against every
    deal valued."""
    mine, rest = cards("Jh Jd 8c 5s 2d"), cards("Ah Ad Kc Ks Qh 9c 9d 7s 4h 3c")
    exact_value, _, exact, count = showdown._equity_of(
        mine[:2], (), 1, rest, pl.HandRules(), samples=1, seed=0
    )
    assert exact
    assert count == 120 * 21  # three cards from 10, then five from the 7 left
    value, error, _, _ = showdown._equity_of(
        mine[:2], (), 1, rest, pl.HandRules(), samples=3000, seed=5, exact_limit=0
    )
    assert abs(value - exact_value) <= 4 * error


def test_the_batch_evaluator_gives_the_same_numbers() -> None:
    """With numpy the deals are valued by pokerlaws.batch.evaluate: the same figures."""
    pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))
    mine = cards("Jh Jd 8c 5s 2d")
    unseen = tuple(card for card in pl.standard_deck() if card not in mine)
    runs = [
        showdown._equity_of(
            mine[:2], (), 2, unseen, pl.HandRules(), samples=500, seed=9, batch=batch
        )
        for batch in (True, False)
    ]
    assert runs[0] == runs[1]


def _say() -> pl.GameState:
    """Three seats, dealer 0; seat 2 opens, seat 0 plays, seat 1 (the ante) plays: the draw."""
    hands = {1: "Kc Kd 8s 5c 2d", 2: "Ac Ad 9h 6c 3s", 0: "Tc Td 9c 6h 2h"}
    deck = deck_for(hands, n=3, dealer=0, draw="4h 6d 9s Ah 7c 8d 7h 7d 7s")
    return play(
        pl.new_game(RULES, (50, 50, 50), dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
    )


def test_equity_is_seeded_and_touches_no_global_random_state() -> None:
    view = pl.view(_say(), 1)
    before = random.getstate()
    first = odds.equity(view, samples=300, seed=4)
    assert random.getstate() == before
    assert odds.equity(view, samples=300, seed=4) == first
    assert not first.exact
    assert first.deals == 300
    assert first.hidden == 2
    assert first.discard == cards("8s 5c 2d")  # three to the pair of kings
    assert 0 < first.value < 1
    assert first.error > 0


def test_law_58_a_seat_alone_takes_the_pool_and_one_out_takes_nothing() -> None:
    """Law 58: when all the others pass, the last player takes the pool uncontested; a
    player who passed (Law 27) has no share."""
    state = play(
        _say(), pl.Discard(seat=1, cards=cards("8s 5c 2d")), pl.Pass(seat=2), pl.Pass(seat=0)
    )
    assert state.players == (1,)
    assert odds.equity(pl.view(state, 1)) == odds.Equity(1.0, 0.0, True, 1, (), 0)
    assert odds.equity(pl.view(state, 2)).value == 0.0


def test_equity_refuses_wrong_arguments() -> None:
    view = pl.view(_say(), 1)
    with pytest.raises(TypeError, match="PlayerView"):
        odds.equity(_say())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="samples"):
        odds.equity(view, samples=True)
    with pytest.raises(TypeError, match="seed"):
        odds.equity(view, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples"):
        odds.equity(view, samples=0)
    with pytest.raises(ValueError, match="seed"):
        odds.equity(view, seed=-1)
