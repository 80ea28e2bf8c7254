"""Three games at one table, end to end, with the irregularities of a real one: a misdeal and
the redeal (Law 8), a foul hand dealt and refunded by the player who distracted the dealer
(Laws 13-16), a card exposed in serving the draw (Law 40), and a jack-pot opened on honour by
a false opener (Law 33). Every stack is worked by hand, and every game replays from its
record, through the text notation and JSON.
"""

from __future__ import annotations

import pokerlaws as pl
from pokerlaws import Discard, Lift, Pass, Stake, Stand
from tests.laws._tables import chips, deck_for, play

HONOUR = pl.Rules(ante=5, limit=15, openers_on_honour=True)
"""Ante 5, limit 15 (no straddle), jack-pots opened on honour (agreed before play, Law 81)."""


def _replays(state: pl.GameState) -> None:
    game = pl.record(state)
    assert pl.replay(pl.parse_record(pl.format_record(game))) == state
    assert pl.replay(pl.from_json(pl.to_json(game))) == state
    assert pl.from_json(pl.to_json(state)) == state


def _apply(state: pl.GameState, *events: pl.Event) -> pl.GameState:
    for event in events:
        total = chips(state)
        state = pl.apply_or_raise(state, event)
        assert chips(state) == total
    return state


def test_law_16_a_table_with_a_misdeal_a_refund_an_exposed_card_and_a_false_opener() -> None:
    # Game 1, dealer 0, ante 1: the pack was not cut, and seat 2 says so in time (Law 8).
    first = pl.new_game(HONOUR, (100,) * 4, dealer=0, deck=pl.shuffled_deck(11))
    misdealt = _apply(first, pl.MissingCut(seat=2, during_deal=True))
    assert misdealt.phase is pl.Phase.MISDEAL
    redeck = deck_for(
        {2: "Kh Kd 9c 5s 2d", 3: "Qs Qd Qc 4h 6h", 0: "As Ad 8c 8h Jc"},
        n=4,
        dealer=0,
        draw="Ks 7c 3h 4d",
    )
    # The same dealer deals again; seat 3 talks to him while he deals (Laws 15-16), and the
    # ante, once he has lifted his cards, finds six of them: foul (Law 13). Seat 3, not the
    # dealer, pays him back his ante (Laws 14, 16).
    state = _apply(
        misdealt,
        pl.Redeal(seat=0, deck=redeck),
        pl.Distraction(seat=3),
        Lift(seat=1),
        pl.WrongHandSize(seat=1),
    )
    assert state.stacks == (100, 100, 100, 95)
    assert state.foul == frozenset({1})
    assert state.pool == 5
    state = play(
        state, Stake(seat=2, amount=10), Stake(seat=3, amount=10), Stake(seat=0, amount=10)
    )
    assert state.phase is pl.Phase.DRAW
    # Law 40: serving seat 2, the dealer shows the king of spades; it goes under the stock
    # and seat 2 is served the three of hearts instead.
    state = play(state, Discard(seat=2, cards=pl.parse_cards("5s 2d")))
    state = _apply(state, pl.ExposedCard(seat=2, card=pl.parse_cards("Ks")[0]))
    assert sorted(map(str, state.hands[2])) == sorted(["Kh", "Kd", "9c", "7c", "3h"])
    assert str(state.stock[-1]) == "Ks"
    state = play(
        state,
        Discard(seat=3, cards=()),
        Discard(seat=0, cards=pl.parse_cards("Jc")),
        Stand(seat=2),
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=5),
        Stake(seat=2, amount=5),
    )
    # Three queens take the pool of 50: the ante's 5 stayed in it (Law 13).
    assert state.phase is pl.Phase.OVER
    assert state.winners == (3,)
    assert state.payouts == (0, 0, 0, 50)
    assert state.stacks == (85, 100, 85, 130)
    _replays(state)

    # Game 2, dealer 1, ante 2: nobody opens, and the 5 wait for a jack-pot (Law 29).
    second = pl.next_game(state, deck=pl.shuffled_deck(12))
    second = play(second, Pass(seat=3), Pass(seat=0), Pass(seat=1))
    assert second.phase is pl.Phase.OVER
    assert second.pool == 5
    _replays(second)

    # Game 3, dealer 2: the first jack-pot; everyone antes 5 (Law 30). Seat 0 opens on his
    # word without a pair of knaves (Law 33, Rules.openers_on_honour) and nobody calls.
    hands = {0: "2c 5d 7h 9s Kd"}
    third = pl.next_game(second, deck=deck_for(hands, n=4, dealer=2))
    assert third.openers_required is pl.Rank.JACK
    third = play(third, Stake(seat=0, amount=10), Pass(seat=1), Pass(seat=2), Pass(seat=3))
    # He would take the pool, but his hand as dealt lacks the openers: nobody is paid, he
    # pays twice the ante into the pool, and the next game is the next jack-pot.
    assert third.false_opener == 0
    assert third.winners == ()
    assert third.stacks == (60, 95, 75, 125)
    assert third.pool == 45
    assert sum(third.stacks) + third.pool == 400
    _replays(third)
    assert pl.next_game(third, deck=pl.shuffled_deck(13)).openers_required is pl.Rank.QUEEN
