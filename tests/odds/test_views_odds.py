"""The odds from a seat's view (issue 37; Laws 6, 28, 58, 59): the unseen cards are the ones
``tests/reference_views.py`` says the seat has not seen, and cards hidden from the seat never
change an answer."""

from __future__ import annotations

import attrs
from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws import odds
from tests.generated_states import states_and_seats
from tests.laws._tables import RULES, deck_for, play
from tests.odds.reference_draws import every_completion
from tests.reference_views import seen_by
from tests.test_views import _relabel, _relabel_action

GAMES = settings.get_profile("games")


def _drawable(state: pl.GameState, seat: int) -> bool:
    """Whether the seat holds five cards in the deal still on (no misdeal gathered them)."""
    return len(state.hands[seat]) == 5 and not any(
        isinstance(event, pl.Redeal) for event in state.history
    )


@GAMES
@given(states_and_seats(), st.data())
def test_law_6_the_unseen_cards_are_those_the_seat_has_not_seen(
    case: tuple[pl.GameState, int], data: st.DataObject
) -> None:
    """Law 6: a player knows his own cards and those laid or exposed face up; a draw comes
    from the others, each as likely, counted against the reference's every completion."""
    state, seat = case
    assume(_drawable(state, seat))
    hand = state.hands[seat]
    thrown = data.draw(st.lists(st.sampled_from(hand), max_size=1, unique=True))
    seen = seen_by(state, seat)
    unseen = [card for card in pl.standard_deck(joker=state.rules.joker) if card not in seen]
    chances = odds.draw_chances(pl.view(state, seat), thrown)
    named = {kind.name: chance for kind, chance in chances.items() if chance}
    assert named == every_completion(hand, thrown, unseen, state.rules.hands)


@GAMES
@given(states_and_seats(), st.data())
def test_law_6_cards_a_seat_never_sees_do_not_change_its_odds(
    case: tuple[pl.GameState, int], data: st.DataObject
) -> None:
    """Law 6: two games that differ only in cards the seat never sees give the same chances
    for every discard and the same equity (the second game replays the first on a pack
    whose unseen cards are permuted among themselves, as tests/test_views.py builds it)."""
    state, seat = case
    assume(_drawable(state, seat))
    seen = seen_by(state, seat)
    unseen = sorted((card for card in state.deck if card not in seen), key=str)
    assume(len(unseen) >= 2)
    permuted = data.draw(st.permutations(unseen))
    assume(permuted != unseen)
    mapping = dict(zip(unseen, permuted, strict=True))
    game = pl.record(state)
    other = attrs.evolve(
        game,
        deck=tuple(_relabel(card, mapping) for card in game.deck),
        actions=tuple(_relabel_action(action, mapping) for action in game.actions),
    )
    try:
        twin = pl.replay(other)
    except pl.IllegalRecord as refused:
        if refused.violation.law not in (30, 31, 32):
            raise
        reject()
    mine, theirs = pl.view(state, seat), pl.view(twin, seat)
    assert odds.best_discards(mine) == odds.best_discards(theirs)
    assert odds.equity(mine, samples=50, seed=3) == odds.equity(theirs, samples=50, seed=3)


def test_law_6_another_players_cards_do_not_change_the_chances() -> None:
    """Law 6: the same hand for seat 1 from two packs that deal seat 2 different cards gives
    the same chances; the bare hand's chances (the other 47 cards unseen) are the same too."""
    draw = "4h 6d 9s Ah 7c 8d"
    first = {1: "Kc Kd 8s 5c 2d", 2: "Ac Ad 9h 6c 3s", 0: "Tc Td 9c 6h 2h"}
    second = {1: "Kc Kd 8s 5c 2d", 2: "Qs Qh 7d 4s Jc", 0: "Tc Td 9c 6h 2h"}
    views = [
        pl.view(
            pl.new_game(RULES, (50,) * 3, dealer=0, deck=deck_for(h, n=3, dealer=0, draw=draw)), 1
        )
        for h in (first, second)
    ]
    thrown = pl.parse_cards("8s 5c 2d")
    chances = [odds.draw_chances(v, thrown) for v in views]
    assert chances[0] == chances[1]
    assert chances[0] == odds.draw_chances(views[0].hand, thrown, RULES)


def test_the_seats_own_discards_and_the_shown_hands_are_not_drawn() -> None:
    """Law 6: after his draw a player knows the cards he threw out (44 left unseen); Law 59:
    at the show every hand laid face up is seen too."""
    hands = {1: "Kc Kd 8s 5c 2d", 2: "Ac Ad 9h 6c 3s", 0: "Tc Td 9c 6h 2h"}
    deck = deck_for(hands, n=3, dealer=0, draw="4h 6d 9s Ah 7c 8d 7h 7d")
    state = play(
        pl.new_game(RULES, (50,) * 3, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=pl.parse_cards("8s 5c 2d")),
    )
    after = pl.view(state, 1)
    assert odds.draw_chances(after, after.hand[:1]).draws == 52 - 5 - 3
    state = play(
        state,
        pl.Discard(seat=2, cards=pl.parse_cards("9h 6c 3s")),
        pl.Discard(seat=0, cards=pl.parse_cards("9c 6h")),
    )
    while state.phase is not pl.Phase.OVER:
        actor = state.to_act
        assert actor is not None
        legal = pl.legal_actions(state)
        stand = [a for a in legal if isinstance(a, pl.Stand)]
        state = play(
            state, stand[0] if stand else next(a for a in legal if isinstance(a, pl.Stake))
        )
    shown = pl.view(state, 1)
    assert len(shown.shown) >= 2
    seen = set(shown.hand) | set(shown.discarded) | {c for h in shown.shown for c in h.cards}
    assert odds.draw_chances(shown, shown.hand[:1]).draws == 52 - len(seen)
