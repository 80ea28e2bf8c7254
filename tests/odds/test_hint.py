"""``hint`` at ``pokerlaws play`` (issue 37, item 4): the best discards at the draw, the
equity at the betting, from the seat's view alone."""

from __future__ import annotations

import io

import pokerlaws as pl
from pokerlaws.cli.hint import hint_lines
from pokerlaws.cli.play import run_play
from tests.laws._tables import RULES, deck_for, play

DRAW = "4h 6d 9s Ah 7c 8d 7h 7d 7s"


def _at_the_draw(others: str) -> pl.GameState:
    """Three seats, dealer 0: seat 2 opens, seat 0 and seat 1 play; seat 1 draws first."""
    hands = {1: "Kc Kd 8s 5c 2d", 2: others, 0: "Tc Td 9c 6h 2h"}
    deck = deck_for(hands, n=3, dealer=0, draw=DRAW)
    return play(
        pl.new_game(RULES, (50, 50, 50), dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
    )


def test_the_hint_at_the_draw_gives_the_three_best_discards() -> None:
    lines = hint_lines(pl.view(_at_the_draw("Ac Ad 9h 6c 3s"), 1))
    assert lines[0].startswith("The three best discards")
    assert lines[1].startswith("  1. throw 8s 5c 2d: ")
    assert "two pairs 16.0%" in lines[1]
    assert len(lines) == 4


def test_law_6_the_hint_holds_nothing_the_view_does_not() -> None:
    """Law 6: another player's hidden cards change no word of the hint."""
    first = pl.view(_at_the_draw("Ac Ad 9h 6c 3s"), 1)
    second = pl.view(_at_the_draw("Qs Qh 3d 4s Jc"), 1)
    assert hint_lines(first) == hint_lines(second)
    after = [
        play(state, pl.Discard(seat=1, cards=pl.parse_cards("8s 5c 2d")))
        for state in (_at_the_draw("Ac Ad 9h 6c 3s"), _at_the_draw("Qs Qh 3d 4s Jc"))
    ]
    words = [hint_lines(pl.view(state, 1)) for state in after]
    assert words[0] == words[1]
    assert words[0][0].startswith("Your equity against 2 other players: ")


def test_hint_at_the_table_answers_and_asks_again() -> None:
    out = io.StringIO()
    status = run_play(
        seed=3,
        players=3,
        games=1,
        inp=io.StringIO("hint\nquit\n"),
        out=out,
        err=io.StringIO(),
        width=100,
    )
    text = out.getvalue()
    assert status == 0
    assert "Your equity against" in text or "No hint now" in text or "best discards" in text
    assert text.count("your move> ") >= 2  # asked again after the hint


def test_a_crowded_table_before_the_draw_gets_a_word_not_a_crash() -> None:
    """At ten seats the unseen cards cannot make every hand and the seat's draw (Law 41
    would gather the discards): equity says so, and the hint says it in a line."""
    state = pl.new_game(RULES, (50,) * 10, dealer=0, deck=pl.shuffled_deck(2))
    seat = state.to_act
    assert seat is not None
    assert hint_lines(pl.view(state, seat)) == [
        "No equity now: too few unseen cards for every hand: 48 are needed (a draw of 3 and 9 "
        "hands of five) and 47 are unseen."
    ]
