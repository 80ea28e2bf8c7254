"""Law 64 in a sitting (Ambiguity 27): a foul hand found after the game has closed, whatever
changed at the table since.

Every sitting here is played from a fixed pack with the actions written out: Ann deals
(she cuts the two), Bob is the ante, and in the three-handed games Cy, No. 1, passes. Ann
and Bob go all in and play pat; Ann's two aces beat Bob's nothing at the show, and then her
hand is found foul (``WrongHandSize``, Law 64), so the pool is Bob's after all.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import pokerlaws as pl
from tests.sitting_play import check_books, pack_starting

RULES = pl.Rules(ante=1, limit=4)
FOUL_ANN = pl.WrongHandSize(seat=0)
"""Law 64: Ann's hand, seat 0 of the game, is found foul after the show."""


def _duel(terms: pl.SittingTerms | None = None, *, cy: bool = False) -> pl.Sitting:
    """Ann and Bob, 4 chips each (Cy with 4 too, if he sits), all in; Ann wins the show."""
    if cy:
        # Dealt from Ann's left: Bob, Cy, Ann, five rounds.
        deck = pack_starting("2c 2d Ah 7d 3d As 9h 4d 3c Jd 5d Kd 4s 7s 8s")
        players = [("Ann", 4), ("Bob", 4), ("Cy", 4)]
        actions: list[pl.Event] = [pl.DeclineStraddle(seat=2), pl.Pass(seat=2)]
    else:
        deck = pack_starting("2c Ah 7d As 9h 3c Jd Kd 4s 8s")
        players = [("Ann", 4), ("Bob", 4)]
        actions = [pl.DeclineStraddle(seat=0)]
    actions += [
        pl.Stake(seat=0, amount=4),
        pl.Stake(seat=1, amount=3),
        pl.Discard(seat=1, cards=()),
        pl.Discard(seat=0, cards=()),
    ]
    sitting = pl.start_sitting(
        RULES, players, cut=pack_starting("2h 9s 9c"), deck=deck, terms=terms
    )
    for action in actions:
        played = pl.play(sitting, action)
        assert isinstance(played, pl.Sitting), played
        sitting = played
    assert sitting.between_games
    assert sitting.game.winners == (0,)
    assert sitting.game.show_order == (0, 1)
    return sitting


def _found_foul(sitting: pl.Sitting, report: pl.Event = FOUL_ANN) -> pl.Sitting:
    again = pl.play(sitting, report)
    assert isinstance(again, pl.Sitting), again
    assert again.game.winners == (1,)
    check_books(again)
    return again


def test_law_64_in_a_sitting_after_the_loser_left_broke_credits_him_the_pool() -> None:
    """Law 64 (Ambiguity 27): the loser left at once, broke (broke_players_leave); the
    winner's hand found foul afterwards gives him the pool, credited on what he took away.
    Nobody is seated or removed by it."""
    ended = _duel(pl.SittingTerms(broke_players_leave=True))
    assert ended.seating == ("Ann",)
    assert ended.results == (("Ann", 4), ("Bob", -4))
    again = _found_foul(ended)
    assert again.seating == ("Ann",)  # Bob is not seated again, Ann not removed
    assert again.chips == (0,)
    assert again.accounts == (
        pl.Account(name="Ann", brought=4),
        pl.Account(name="Bob", brought=4, taken=8),
    )
    assert again.results == (("Ann", -4), ("Bob", 4))
    settled = pl.settle(again)
    assert settled.results == (("Ann", -4), ("Bob", 4))
    assert settled.kitty == 0


def test_law_64_in_a_sitting_after_chips_were_bought() -> None:
    """Law 64 (Ambiguity 27): a purchase of chips since the game does not stop the report;
    the correction is made on the chips each player has now."""
    ended = pl.buy_chips(_duel(), "Bob", 5)
    assert ended.chips == (8, 5)
    again = _found_foul(ended)
    assert again.chips == (0, 13)
    assert again.results == (("Ann", -4), ("Bob", 4))
    assert again.history[-1] == pl.LateReport(report=FOUL_ANN)


def test_law_64_in_a_sitting_after_the_winner_left_debits_what_he_took_away() -> None:
    """Law 64 (Ambiguity 27): the winner left with the pool; found foul, he is debited on
    what he took away, below what he brought: he owes the table."""
    ended = pl.leave(_duel(), "Ann")
    assert ended.accounts[0] == pl.Account(name="Ann", brought=4, taken=8)
    again = _found_foul(ended)
    assert again.seating == ("Bob",)
    assert again.chips == (8,)
    assert again.accounts[0] == pl.Account(name="Ann", brought=4, taken=0)
    assert again.result("Ann") == -4
    assert pl.settle(again).results == (("Ann", -4), ("Bob", 4))


def test_law_64_in_a_sitting_after_a_newcomer_joined_leaves_him_out_of_it() -> None:
    """Law 64 (Ambiguity 27): a newcomer seated since the game has no part in it, though the
    seats were renumbered; the report names the seat of the game (``seat_of``)."""
    ended = pl.join(_duel(), "Dee", 6, seat=0)
    assert ended.seating == ("Dee", "Ann", "Bob")
    assert ended.seat_of("Ann") == 0
    again = _found_foul(ended)
    assert again.chips == (6, 0, 8)
    assert again.results == (("Ann", -4), ("Bob", 4), ("Dee", 0))


def test_law_64_in_a_sitting_after_the_winner_left_and_came_back() -> None:
    """Law 64 (Ambiguity 27): the correction is made on what he took away, not on the chips
    he came back with."""
    ended = pl.join(pl.leave(_duel(), "Ann"), "Ann", 2)
    again = _found_foul(ended)
    assert again.seating == ("Bob", "Ann")
    assert again.chips == (8, 2)
    assert again.accounts[0] == pl.Account(name="Ann", brought=6, taken=0)
    assert again.result("Ann") == -4


def test_law_64_in_a_sitting_takes_the_kitty_again_from_the_new_payouts() -> None:
    """Law 64, Ambiguity 27: the kitty gives back what it took from the first payout and
    takes its share of the new one; the difference is made on the accounts."""
    terms = pl.SittingTerms(kitty_percent=25, kitty_chips=1, broke_players_leave=True)
    ended = _duel(terms)
    assert (ended.kitty, ended.chips) == (3, (5,))  # 2 of Ann's 8, and 1 more
    again = _found_foul(pl.buy_chips(ended, "Ann", 1))
    assert again.kitty == 3  # now from Bob's 8
    assert again.chips == (1,)
    assert again.accounts[1] == pl.Account(name="Bob", brought=4, taken=5)
    assert again.results == (("Ann", -4), ("Bob", 1))
    assert pl.settle(again).kitty == 3


def test_law_64_in_a_sitting_a_player_left_without_chips_sits_out_the_next_game() -> None:
    """Ambiguity 27: the report removes nobody; Ann, left without chips by it, sits out the
    next deal as usual (Ambiguity 26), and under broke_players_leave leaves as it ends."""
    ended = _duel(pl.SittingTerms(broke_players_leave=True), cy=True)
    assert ended.seating == ("Ann", "Cy")
    ended = pl.join(ended, "Dee", 6)
    again = _found_foul(ended)
    assert again.seating == ("Ann", "Cy", "Dee")
    assert again.chips == (0, 4, 6)
    assert again.result("Bob") == 4
    following = pl.deal_next(again, deck=pl.shuffled_deck(3))
    assert following.dealer == "Cy"
    assert following.game.hands[0] == ()
    assert 0 not in following.game.players
    while not following.between_games:
        played = pl.play(following, pl.legal_actions(following.game)[0])
        assert isinstance(played, pl.Sitting)
        following = played
    assert following.seating == ("Cy", "Dee")
    check_books(following)


def test_law_64_in_a_sitting_is_accepted_until_the_next_deal_then_refused() -> None:
    """Ambiguity 27: the report on the last game is accepted until the next game is dealt;
    after that it is a report on the new game, and refused with the law that forbids it."""
    ended = pl.buy_chips(_duel(), "Bob", 5)
    assert isinstance(pl.play(ended, FOUL_ANN), pl.Sitting)
    following = pl.deal_next(ended, deck=pl.shuffled_deck(4))
    assert following.game.phase is pl.Phase.STRADDLE
    refused = pl.play(following, FOUL_ANN)
    assert isinstance(refused, pl.RuleViolation)
    assert refused.law == 12
    assert "no card has been dealt" in refused.message


def test_law_64_in_a_sitting_a_report_the_laws_refuse_is_a_violation_not_an_error() -> None:
    """Ambiguity 27: after a table change, a report the laws refuse (the same hand found
    foul twice) is the engine's RuleViolation, the sitting unchanged."""
    once = _found_foul(pl.leave(_duel(), "Ann"))
    refused = pl.play(once, FOUL_ANN)
    assert isinstance(refused, pl.RuleViolation)
    assert refused.law == 64
    refused = pl.play(once, pl.WrongHandSize(seat=1))
    assert isinstance(refused, pl.RuleViolation)
    assert refused.law == 64


def test_a_sitting_record_keeps_a_late_report_in_its_place() -> None:
    """Ambiguity 27: the sitting record holds the late report after the table change, so
    replaying it (from text or JSON) gives the very same sitting; ``games`` gives the game
    as finally settled."""
    again = _found_foul(pl.leave(_duel(), "Ann"))
    record = pl.record_sitting(again)
    assert [type(entry).__name__ for entry in record.entries] == [
        "GameRecord",
        "Leave",
        "LateReport",
    ]
    text = pl.format_sitting_record(record)
    assert 'leave "Ann"\nreport 0 wrong-size\nend sitting\n' in text
    assert pl.parse_sitting_record(text) == record
    assert pl.from_json(pl.to_json(record)) == record
    assert pl.from_json(pl.to_json(again)) == again
    assert pl.replay_sitting(record) == again
    assert pl.replay_sitting(pl.parse_sitting_record(text)) == again
    (game,) = again.games
    assert game.actions[-1] == FOUL_ANN
    assert pl.replay(game) == again.game


def test_a_report_before_any_change_stays_in_the_game_s_record() -> None:
    """A report made before anything changed at the table is part of the game's record."""
    again = _found_foul(_duel())
    assert len(again.history) == 1
    assert again.history[0] == pl.record(again.game)
    assert pl.replay_sitting(pl.record_sitting(again)) == again


def test_law_64_in_a_sitting_record_refused_late_report_names_its_law() -> None:
    """A late report the laws refuse makes the record illegal at that entry, with its law."""
    record = pl.record_sitting(_found_foul(pl.leave(_duel(), "Ann")))
    twice = attrs.evolve(record, entries=(*record.entries, record.entries[-1]))
    with pytest.raises(pl.IllegalSittingRecord, match="entry 3: ") as error:
        pl.replay_sitting(twice)
    assert error.value.entry == 3
    assert error.value.index is None
    assert error.value.violation is not None
    assert error.value.violation.law == 64
    with pytest.raises(pl.NotationError, match="report"):
        pl.parse_sitting_record(
            pl.format_sitting_record(record).replace("report 0 wrong-size", "report 0 sing")
        )


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerlaws", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_sitting_record_with_a_late_report_is_checked_and_replayed_by_the_command(
    tmp_path: Path,
) -> None:
    """``pokerlaws check`` and ``replay`` read a late report and give the corrected results;
    a refused one is named at its line with its law."""
    record = pl.record_sitting(_found_foul(pl.leave(_duel(), "Ann")))
    text = pl.format_sitting_record(record)
    path = tmp_path / "sitting.record"
    path.write_text(text, encoding="utf-8")
    done = _run("check", path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'result "Ann" -4\nresult "Bob" +4\n' in done.stdout
    shown = _run("replay", path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "\nreport 0 wrong-size\n" in shown.stdout
    assert 'result "Ann" -4\nresult "Bob" +4\n' in shown.stdout
    path.write_text(text.replace("end sitting", "report 0 wrong-size\nend sitting"))
    done = _run("check", path, "--json")
    assert done.returncode == 1, done.stdout
    verdict = json.loads(done.stdout)
    assert verdict["line"] == text.split("\n").index("end sitting") + 1
    assert verdict["action"] == "report 0 wrong-size"
    assert verdict["law"] == 64
    assert verdict["violation"] == "NotAPlayer"


def test_a_late_report_in_a_sittings_json_validates_and_holds_only_a_report() -> None:
    """The schema covers a late report in a sitting's JSON; an action in its place (no
    action is taken once a game is over) is refused by the schema and by from_json."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(pl.json_schema())
    again = _found_foul(pl.leave(_duel(), "Ann"))
    late = again.history[-1]
    assert isinstance(late, pl.LateReport)
    for value in (again, pl.record_sitting(again), late):
        document = json.loads(pl.to_json(value))
        validator.validate(document)
        assert pl.from_json(json.dumps(document)) == value
    document = json.loads(pl.to_json(late))
    document["report"] = {"type": "Pass", "seat": 0}
    assert not validator.is_valid(document)
    with pytest.raises(pl.NotationError, match=r"^\$\.report\.type: unknown type 'Pass'"):
        pl.from_json(json.dumps(document))
    with pytest.raises(TypeError):
        pl.LateReport(report=pl.Pass(seat=0))  # type: ignore[arg-type]
