"""False openers (Law 33, Ambiguity 13): a jack-pot opened on honour, and its penalty.

Under ``Rules(openers_on_honour=True)`` anyone may open a jack-pot; the openers are proved
only if the opener is paid at the end. Every state here is a first jack-pot at four seats,
dealt by seat 0 (the ante seat is 1, No. 1 is seat 2) with 5 chips carried, reached by
replaying actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import pytest

import pokerlaws as pl
from tests.laws._tables import RULES, chips, deck_for, play, refused

HONOUR = attrs.evolve(RULES, openers_on_honour=True)
"""Ante 5, limit 15, jack-pots opened on honour."""

NOTHING = "2c 5d 7h 9s Kc"
"""A king high: no openers for any jack-pot."""


def _jackpot(
    hands: Mapping[int, str], *, rules: pl.Rules = HONOUR, stacks: Sequence[int] = (100,) * 4
) -> pl.GameState:
    """The first jack-pot in a row, dealing ``hands``; seat 2 is first to say."""
    deck = deck_for(hands, n=4, dealer=0)
    return pl.new_game(rules, stacks, dealer=0, deck=deck, carried=5, jackpot_round=1)


def _false_opener_wins_uncontested(stacks: Sequence[int] = (100,) * 4) -> pl.GameState:
    state = _jackpot({2: NOTHING}, stacks=stacks)
    return play(
        state, pl.Stake(seat=2, amount=10), pl.Pass(seat=3), pl.Pass(seat=0), pl.Pass(seat=1)
    )


def _to_the_show(hands: Mapping[int, str]) -> pl.GameState:
    """Seat 2 opens for 10, seat 3 calls, both stand pat, bet 5 and call: the show."""
    state = _jackpot(hands)
    return play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
        pl.Stake(seat=2, amount=5),
        pl.Stake(seat=3, amount=5),
    )


def test_law_33_an_opening_on_honour_is_accepted_only_with_the_switch() -> None:
    """Laws 30 and 33: without openers the opening is refused, unless the table agreed to
    openings on honour (Law 81), when every opening stake is legal."""
    assert not RULES.openers_on_honour  # Peel read literally: refused by default
    refused(
        _jackpot({2: NOTHING}, rules=RULES), pl.Stake(seat=2, amount=10), pl.OpenersRequired, 30
    )
    state = _jackpot({2: NOTHING})
    assert pl.stake_range(state) == range(10, 26)
    stakes = {a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake)}
    assert stakes == set(range(10, 26))
    opened = play(state, pl.Stake(seat=2, amount=10))
    assert opened.opener == 2
    assert opened.false_opener is None  # not known until the end


def test_law_33_a_false_opener_who_wins_uncontested_pays_twice_the_ante() -> None:
    """Law 33: left alone, the opener shows; without openers he takes nothing, pays 2 x the
    ante into the pool, which stays; the game is over with no winner."""
    state = _false_opener_wins_uncontested()
    assert state.phase is pl.Phase.OVER
    assert state.false_opener == 2
    assert state.winners == ()
    assert state.payouts == (0, 0, 0, 0)
    assert state.shown == frozenset({2})
    assert state.show_order == (2,)
    assert state.stacks == (95, 95, 75, 95)  # his ante, his opening 10 and the penalty 10
    assert state.pool == 25 + 10 + 10
    assert chips(state) == 405
    over = refused(state, pl.Pass(seat=3), pl.GameIsOver, 33)
    assert "openers" in over.message
    shown = pl.view(state, 0).shown
    assert shown == (pl.ShownHand(seat=2, cards=state.hands[2]),)


def test_law_33_after_a_false_opening_the_next_jackpot_follows_with_fresh_antes() -> None:
    """Law 33 (Ambiguity 13): the next game is a jack-pot as though this one had never been
    opened: the pool carries, the openers move up to queens, and everyone antes again."""
    state = _false_opener_wins_uncontested()
    nxt = pl.next_game(state, deck=pl.shuffled_deck(7))
    assert nxt.is_jackpot
    assert nxt.jackpot_round == 2
    assert nxt.openers_required is pl.Rank.QUEEN
    assert nxt.carried == 45
    assert nxt.pool == 45 + 4 * 5
    assert nxt.stacks == (90, 90, 70, 90)
    assert nxt.false_opener is None
    assert chips(nxt) == 405
    # The same as had seat 2 never opened: an unopened first jack-pot leads to the same table.
    unopened = play(
        _jackpot({2: NOTHING}),
        pl.Pass(seat=2),
        pl.Pass(seat=3),
        pl.Pass(seat=0),
    )
    assert unopened.winners == ()
    after = pl.next_game(unopened, deck=pl.shuffled_deck(7))
    assert (after.jackpot_round, after.openers_required) == (
        nxt.jackpot_round,
        nxt.openers_required,
    )


def test_law_33_a_false_opener_who_wins_at_the_show_pays_the_penalty() -> None:
    """Law 33: the opener's king high beats the caller's ten high at the show, but without
    openers he takes nothing and pays 2 x the ante; the caller is not paid either."""
    state = _to_the_show({2: NOTHING, 3: "3c 4d 6h 8s Tc"})
    assert state.false_opener == 2
    assert state.winners == ()
    assert state.payouts == (0, 0, 0, 0)
    assert state.show_order == (2, 3)
    assert state.stacks == (95, 95, 70, 80)
    assert state.pool == 25 + 15 + 15 + 10
    assert chips(state) == 405
    nxt = pl.next_game(state, deck=pl.shuffled_deck(8))
    assert (nxt.jackpot_round, nxt.pool) == (2, 65 + 20)


def test_law_33_a_false_opener_who_loses_incurs_nothing() -> None:
    """Ambiguity 13: an opener without openers who loses pays no penalty; the winner takes
    the pool as normal and the next game is ordinary."""
    state = _to_the_show({2: NOTHING, 3: "3c 3d 6h 8s Tc"})
    assert state.false_opener is None
    assert state.winners == (3,)
    assert state.payouts == (0, 0, 0, 55)
    assert state.stacks == (95, 95, 80, 135)
    assert state.pool == 0
    nxt = pl.next_game(state, deck=pl.shuffled_deck(9))
    assert nxt.jackpot_round == 0
    assert chips(nxt) == 405


def test_law_33_a_true_opener_on_honour_takes_the_pool() -> None:
    """Law 33: an opener whose hand as dealt holds the openers shows and takes the pool, on
    honour as by default."""
    state = _jackpot({2: "Jc Jd 4s 6h 8c"}, rules=HONOUR)
    state = play(
        state, pl.Stake(seat=2, amount=10), pl.Pass(seat=3), pl.Pass(seat=0), pl.Pass(seat=1)
    )
    assert state.false_opener is None
    assert state.winners == (2,)
    assert state.shown == frozenset({2})
    assert state.payouts == (0, 0, 35, 0)
    assert state.pool == 0
    shown = _to_the_show({2: "Jc Jd 4s 6h 8c", 3: "3c 4d 6d 8s Tc"})
    assert shown.winners == (2,)
    assert shown.false_opener is None


def test_law_33_a_short_false_opener_pays_all_he_has() -> None:
    """Law 33: the penalty is twice the ante, or all he has if less; he then sits out."""
    state = _false_opener_wins_uncontested(stacks=(100, 100, 20, 100))
    assert state.false_opener == 2
    assert state.stacks == (95, 95, 0, 95)  # 20 less his ante 5, his opening 10, penalty 5
    assert state.pool == 25 + 10 + 5
    assert chips(state) == 325
    nxt = pl.next_game(state, deck=pl.shuffled_deck(10))
    assert nxt.players == (0, 1, 3)
    assert nxt.jackpot_round == 2
    assert chips(nxt) == 325


def test_law_33_a_false_opener_sharing_the_pool_voids_the_whole_settlement() -> None:
    """Law 33 and Law 76, the reading on ``Rules.openers_on_honour``: any payout to a false
    opener voids the settlement, so neither sharer is paid and he pays the penalty."""
    state = _to_the_show({2: NOTHING, 3: "2d 5h 7s 9c Kd"})
    assert state.false_opener == 2
    assert state.winners == ()
    assert state.pool == 65
    assert state.stacks == (95, 95, 70, 80)


def test_law_33_a_false_opening_is_recorded_and_replays() -> None:
    """Law 33: the record of a false opening round-trips through the notation and JSON and
    replays to the same state; the switch is one of its rule lines."""
    state = _to_the_show({2: NOTHING, 3: "3c 4d 6h 8s Tc"})
    game = pl.record(state)
    text = pl.format_record(game)
    assert "rule openers_on_honour yes" in text.splitlines()
    assert pl.parse_record(text) == game
    assert pl.replay(game) == state
    assert pl.from_json(pl.to_json(game)) == game
    assert pl.from_json(pl.to_json(state)) == state
    assert pl.from_json(pl.to_json(HONOUR)) == HONOUR


def test_a_state_built_directly_names_a_false_opener_only_after_his_game() -> None:
    """The state's invariant: ``false_opener`` (Law 33) names only the opener of an ended
    jack-pot played on honour."""
    state = play(_jackpot({2: NOTHING}), pl.Stake(seat=2, amount=10))
    with pytest.raises(ValueError, match="false_opener"):
        state.evolve(false_opener=2)
    over = _false_opener_wins_uncontested()
    with pytest.raises(ValueError, match="false_opener"):
        over.evolve(false_opener=1)


def test_law_33_a_false_opener_winning_a_law_60_level_voids_the_settlement() -> None:
    """Law 33 and Law 60, the reading on ``Rules.openers_on_honour``: a short opener whose
    hand wins only his level is paid nothing and neither is the other player; the pool stays.
    All in, he has nothing left, so his penalty is nothing (all he has)."""
    state = _jackpot({2: NOTHING, 3: "3c 4d 6h 8s Tc"}, stacks=(100, 100, 20, 100))
    state = play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=25),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
        pl.Stake(seat=2, amount=5),  # all he has, short of 25 (Law 60)
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
    )
    assert state.phase is pl.Phase.OVER
    assert state.false_opener == 2
    assert state.winners == ()
    assert state.payouts == (0, 0, 0, 0)
    assert state.stacks == (95, 95, 0, 70)
    assert state.pool == 65
    assert chips(state) == 325
    nxt = pl.next_game(state, deck=pl.shuffled_deck(11))
    assert (nxt.jackpot_round, nxt.players) == (2, (0, 1, 3))


def test_law_33_every_view_shows_the_hand_the_openers_are_judged_on() -> None:
    """Law 33 (Ambiguity 13): the opener proves his openers on the hand as dealt, so every
    player sees it, discards included; an opener who is paid nothing proves nothing."""
    state = _jackpot({2: "Jc Jd 4h 7s 9c"})
    state = play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
        pl.Discard(seat=2, cards=pl.parse_cards("Jc Jd")),
        pl.Discard(seat=3, cards=()),
        pl.Stake(seat=2, amount=5),
        pl.Pass(seat=3),
    )
    assert state.payouts[2] > 0
    for seat in range(4):
        assert pl.view(state, seat).openers == pl.ShownHand(seat=2, cards=state.dealt[2])
    false = _false_opener_wins_uncontested()
    assert pl.view(false, 0).openers == pl.ShownHand(seat=2, cards=false.dealt[2])
    lost = _to_the_show({2: NOTHING, 3: "As Ah Ad 3c 3d"})
    assert lost.payouts[2] == 0
    assert pl.view(lost, 0).openers is None
