"""What a table sees over many games: each test names one wrong outcome a one-line change
to ``sitting/`` once produced unnoticed (Laws 18, 29-33, 81; Ambiguity 26)."""

from __future__ import annotations

import random

import pokerlaws as pl
from tests.sitting_play import finish, pack_starting, passing

RULES = pl.Rules(ante=1, limit=4)
DECK = pl.shuffled_deck(11)
LOW = pack_starting("2c 3d 4h 5s 7c 2d 3h 4s 5c 7d 2h 3s 4c 5d 7h 8c")
"""A pack that deals three players nothing as good as a pair of knaves."""


def _sit(rules: pl.Rules = RULES, cut: str = "9c 2d 9d") -> pl.Sitting:
    """Ann, Bob and Cy with 20 each; Bob cuts the lowest card and deals first (Law 2)."""
    players = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    return pl.start_sitting(rules, players, cut=pack_starting(cut), deck=DECK)


def _unopened(sitting: pl.Sitting) -> pl.Sitting:
    finished = finish(sitting, random.Random(0), passing)
    assert not finished.game.opened
    return finished


def test_law_18_a_newcomer_in_the_dealer_s_place_does_not_let_him_deal_twice() -> None:
    """Law 18: Bob dealt; Dee takes Bob's seat number, so Bob moves one place on. The deal
    still passes to the player on Bob's left, Cy: never to Bob again."""
    sitting = finish(_sit(), random.Random(0))
    assert sitting.dealer == "Bob"
    joined = pl.join(sitting, "Dee", 20, seat=sitting.seating.index("Bob"))
    assert joined.seating == ("Ann", "Dee", "Bob", "Cy")
    assert joined.dealer == "Bob"
    assert joined.next_dealer == "Cy"
    assert pl.deal_next(joined, deck=DECK).dealer == "Cy"


def test_an_unwon_pool_whose_players_have_all_left_goes_to_the_kitty() -> None:
    """Ambiguity 26: nobody dealt into the last, unopened game is left at the settlement,
    so its pool goes to the kitty: it never vanishes, and results and kitty sum to zero."""
    sitting = _unopened(_sit())
    pool = sitting.game.pool
    assert pool > 0
    table = pl.join(pl.join(sitting, "Dee", 20), "Eve", 20)
    for name in ("Ann", "Bob", "Cy"):
        table = pl.leave(table, name)
    settled = pl.settle(table)
    assert settled.pool == pool
    assert settled.shares == ()
    assert settled.kitty == pool
    assert sum(result for _, result in settled.results) + settled.kitty == 0


def _falsely_opened(sitting: pl.Sitting) -> pl.Sitting:
    """The jack-pot's No. 1 opens on his honour without openers, all the others pass."""
    while sitting.game.phase is not pl.Phase.OVER:
        game = sitting.game
        legal = pl.legal_actions(game)
        stakes = [a for a in legal if isinstance(a, pl.Stake)]
        opening = game.phase is pl.Phase.SAY and game.opener is None and stakes
        action = stakes[0] if opening else passing(random.Random(0), game)
        after = pl.play(sitting, action)
        assert isinstance(after, pl.Sitting), after
        sitting = after
    return sitting


def test_law_33_a_false_opening_then_a_change_of_players_keeps_the_jackpot_round() -> None:
    """Laws 31 and 33: the first jack-pot is opened falsely on honour, so the next game is the
    second jack-pot (queens to open); a newcomer sits down between them (Law 81 ends the
    variant), and the round goes on all the same: it does not start again at knaves."""
    rules = pl.Rules(ante=1, limit=4, openers_on_honour=True)
    sitting = pl.deal_next(_unopened(_sit(rules)), deck=LOW)
    assert sitting.game.jackpot_round == 1
    sitting = _falsely_opened(sitting)
    assert sitting.game.false_opener is not None
    following = pl.deal_next(pl.join(sitting, "Dee", 20), deck=DECK).game
    assert following.rules == RULES
    assert following.jackpot_round == 2
    assert following.openers_required is pl.Rank.QUEEN
